//! Terminal play: the board as the deciding player sees it, numbered options.
use crate::agent::Agent;
use fuda_engine::log::printable;
use fuda_engine::{DecisionKind, Game, PlayerId};
use std::io::{BufRead, Write};

/// A person at the terminal.
pub struct Human<R: BufRead, W: Write> {
    pub input: R,
    pub output: W,
    /// Log lines already shown.
    pub shown: usize,
}

impl<R: BufRead, W: Write> Human<R, W> {
    pub fn new(input: R, output: W) -> Self {
        Human {
            input,
            output,
            shown: 0,
        }
    }
}

/// Answer meaning "resign" (103.4); the play loop turns it into [`Game::resign`].
pub const RESIGN: u16 = u16::MAX;
/// Answer meaning "stop here" (the game stays as last saved).
pub const QUIT: u16 = u16::MAX - 1;

/// Multi-line text for a terminal: each line without control characters.
pub fn printable_lines(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|l| match l.strip_suffix('\n') {
            Some(l) => format!("{}\n", printable(l)),
            None => printable(l).into_owned(),
        })
        .collect()
}

impl<R: BufRead, W: Write> Agent for Human<R, W> {
    fn pick(&mut self, game: &Game, player: PlayerId) -> Vec<u16> {
        let Some(d) = game.decision() else {
            return Vec::new();
        };
        let out = &mut self.output;
        // The log as this player may read it: the opponent's private choices stay private.
        let log: Vec<_> = game.visible_log_for(Some(player)).collect();
        for l in &log[self.shown.min(log.len())..] {
            let _ = writeln!(out, "  {}", printable(&l.to_string()));
        }
        self.shown = log.len();
        let _ = writeln!(out);
        let _ = write!(out, "{}", printable_lines(&game.board_text(Some(player))));
        let secret = if d.kind == DecisionKind::Janken {
            " (secret 秘密)"
        } else {
            ""
        };
        let clause = d
            .clause
            .as_ref()
            .map(|c| format!("[{c}] "))
            .unwrap_or_default();
        let prompt = printable(&d.prompt);
        let _ = writeln!(out, "P{}: {clause}{prompt}{secret}", player + 1);
        for (i, o) in d.options.iter().enumerate() {
            let _ = writeln!(out, "  {:>2}. {}", i + 1, printable(&o.label));
        }
        loop {
            let how = if d.min == d.max && d.max == 1 {
                "number".to_string()
            } else {
                format!("{}–{} numbers separated by spaces", d.min, d.max)
            };
            let _ = write!(out, "choose ({how}; r = resign, q = quit): ");
            let _ = out.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => return vec![RESIGN],
                Ok(_) => {}
            }
            let line = line.trim();
            if line == "r" || line == "resign" {
                return vec![RESIGN];
            }
            if line == "q" || line == "quit" {
                return vec![QUIT];
            }
            let picks: Result<Vec<u16>, _> = line
                .split_whitespace()
                .map(|t| t.parse::<u16>().map(|n| n.wrapping_sub(1)))
                .collect();
            match picks {
                Ok(p) if d.validate(&p).is_ok() => return p,
                Ok(p) => {
                    let _ = writeln!(out, "  {}", d.validate(&p).err().unwrap_or_default());
                }
                Err(_) => {
                    let _ = writeln!(out, "  type option numbers, e.g. 1");
                }
            }
        }
    }
}
