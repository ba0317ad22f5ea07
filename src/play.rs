//! Terminal play: the board as the deciding player sees it, numbered options; `? N` or
//! `inspect NAME` shows a card in full; a choice of pairs (charge: which card, onto which unit)
//! is asked one part after the other; two people at one terminal pass it between turns.
use crate::agent::Agent;
use fuda_engine::decision::Decision;
use fuda_engine::log::printable;
use fuda_engine::{DecisionKind, Game, PlayerId};
use std::io::{BufRead, Write};

/// A person at the terminal.
pub struct Human<R: BufRead, W: Write> {
    pub input: R,
    pub output: W,
    /// Log lines already shown.
    pub shown: usize,
    /// Two people share this terminal: between their decisions the screen is cleared and the
    /// next one is asked to take it, so neither sees the other's hand.
    pub hot_seat: bool,
    /// Who answered last (for the hand-over).
    last: Option<PlayerId>,
}

impl<R: BufRead, W: Write> Human<R, W> {
    pub fn new(input: R, output: W) -> Self {
        Human {
            input,
            output,
            shown: 0,
            hot_seat: false,
            last: None,
        }
    }

    /// A line typed, trimmed; None at the end of the input.
    fn read(&mut self) -> Option<String> {
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(line.trim().to_string()),
        }
    }

    /// Clears the screen and waits for `player` to take the terminal.
    fn hand_over(&mut self, player: PlayerId) -> bool {
        let n = player + 1;
        let _ = write!(
            self.output,
            "\x1b[2J\x1b[H端末を P{n} に渡してください。P{n} は Enter を押す (pass the terminal to P{n}; P{n}, press Enter) "
        );
        let _ = self.output.flush();
        let ok = self.read().is_some();
        let _ = write!(self.output, "\x1b[2J\x1b[H");
        ok
    }

    /// `? N`, `? NAME` or `inspect NAME`: the cards meant, in full, as `player` sees them.
    fn inspect(&mut self, game: &Game, player: PlayerId, d: &Decision, what: &str) {
        let cards = match what.parse::<usize>() {
            Ok(n) if (1..=d.options.len()).contains(&n) => {
                // The cards the option's label names (one of each card).
                let label = &d.options[n - 1].label;
                let mut named: Vec<u16> = Vec::new();
                for c in 0..game.position().objects.len() as u16 {
                    let def = game.position().objects[c as usize].def;
                    if game.can_see(player, c)
                        && label.contains(game.name(c))
                        && !named
                            .iter()
                            .any(|&o| game.position().objects[o as usize].def == def)
                    {
                        named.push(c);
                    }
                }
                named
            }
            _ => game.find_visible(player, what),
        };
        if cards.is_empty() {
            let _ = writeln!(
                self.output,
                "  no card you can see matches \"{what}\" (try an option number or part of a name)"
            );
        }
        for c in cards.into_iter().take(6) {
            if let Some(t) = game.card_detail(player, c) {
                let _ = write!(self.output, "{}", printable_lines(&t));
            }
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

/// A one-of choice whose options are pairs (`A → B`, e.g. charge: which card → onto which
/// unit) sharing first parts: the first parts in order, each with its options (an option
/// that is not a pair is a group of its own). None when grouping would not shorten the list.
fn pairs(d: &Decision) -> Option<Vec<(String, Vec<usize>)>> {
    if d.max != 1 || d.options.len() < 8 {
        return None;
    }
    let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, o) in d.options.iter().enumerate() {
        let first = o
            .label
            .split_once(" → ")
            .map_or(o.label.as_str(), |(f, _)| f);
        match groups.iter_mut().find(|(f, _)| f == first) {
            Some((_, v)) => v.push(i),
            None => groups.push((first.to_string(), vec![i])),
        }
    }
    (groups.len() + 4 <= d.options.len()).then_some(groups)
}

/// What a typed line asks for.
enum Typed {
    Picks(Vec<u16>),
    Other(Vec<u16>),
    Again,
}

impl<R: BufRead, W: Write> Human<R, W> {
    /// Reads answers until one is numbers (or resign / quit); `?` shows cards in between.
    fn ask(&mut self, game: &Game, player: PlayerId, d: &Decision, how: &str) -> Typed {
        loop {
            let _ = write!(
                self.output,
                "choose ({how}; ? N = the cards of option N, ? NAME = a card; r = resign, q = quit): "
            );
            let _ = self.output.flush();
            let Some(line) = self.read() else {
                let _ = writeln!(self.output, "\n(input ended: quit)");
                return Typed::Other(vec![QUIT]);
            };
            if line == "r" || line == "resign" {
                return Typed::Other(vec![RESIGN]);
            }
            if line == "q" || line == "quit" {
                return Typed::Other(vec![QUIT]);
            }
            if let Some(what) = line
                .strip_prefix('?')
                .or_else(|| line.strip_prefix("inspect"))
            {
                self.inspect(game, player, d, what.trim());
                continue;
            }
            let picks: Result<Vec<u16>, _> = line
                .split_whitespace()
                .map(|t| t.parse::<u16>().map(|n| n.wrapping_sub(1)))
                .collect();
            match picks {
                Ok(p) => return Typed::Picks(p),
                Err(_) => {
                    let _ = writeln!(self.output, "  type option numbers, e.g. 1");
                }
            }
            return Typed::Again;
        }
    }
}

impl<R: BufRead, W: Write> Agent for Human<R, W> {
    fn pick(&mut self, game: &Game, player: PlayerId) -> Vec<u16> {
        let Some(d) = game.decision() else {
            return Vec::new();
        };
        if self.hot_seat && self.last.is_some_and(|l| l != player) && !self.hand_over(player) {
            return vec![QUIT];
        }
        self.last = Some(player);
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
        let grouped = pairs(d);
        loop {
            // A choice of pairs: first which first part, then which second.
            let (shown, how): (Vec<usize>, String) = match &grouped {
                Some(groups) => {
                    for (i, (first, v)) in groups.iter().enumerate() {
                        let line = match v.as_slice() {
                            [one] => printable(&d.options[*one].label).into_owned(),
                            _ => format!("{} → … ({})", printable(first), v.len()),
                        };
                        let _ = writeln!(self.output, "  {:>2}. {line}", i + 1);
                    }
                    let g = match self.ask(game, player, d, "number") {
                        Typed::Picks(p) if p.len() == 1 && (p[0] as usize) < groups.len() => {
                            p[0] as usize
                        }
                        Typed::Other(o) => return o,
                        _ => {
                            let _ = writeln!(self.output, "  type one number of the list");
                            continue;
                        }
                    };
                    let v = groups[g].1.clone();
                    if let [one] = v.as_slice() {
                        return vec![*one as u16];
                    }
                    for (i, &o) in v.iter().enumerate() {
                        let second = d.options[o].label.split_once(" → ").map_or("", |(_, b)| b);
                        let _ = writeln!(self.output, "  {:>2}. → {}", i + 1, printable(second));
                    }
                    (v, "number".into())
                }
                None => {
                    for (i, o) in d.options.iter().enumerate() {
                        let _ = writeln!(self.output, "  {:>2}. {}", i + 1, printable(&o.label));
                    }
                    let how = if d.min == d.max && d.max == 1 {
                        "number".to_string()
                    } else {
                        format!("{}–{} numbers separated by spaces", d.min, d.max)
                    };
                    ((0..d.options.len()).collect(), how)
                }
            };
            loop {
                let picks = match self.ask(game, player, d, &how) {
                    Typed::Picks(p) => p,
                    Typed::Other(o) => return o,
                    Typed::Again => continue,
                };
                // Numbers of the list shown, as option indices.
                let picks: Vec<u16> = picks
                    .iter()
                    .map(|&p| shown.get(p as usize).map_or(u16::MAX - 2, |&o| o as u16))
                    .collect();
                match d.validate(&picks) {
                    Ok(()) => return picks,
                    Err(e) => {
                        let _ = writeln!(self.output, "  {e}");
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fuda_engine::decision::Opt;

    fn decision(labels: &[&str]) -> Decision {
        Decision {
            players: vec![0],
            kind: DecisionKind::Action,
            prompt: String::new(),
            clause: None,
            options: std::sync::Arc::new(
                labels
                    .iter()
                    .map(|l| Opt {
                        label: l.to_string(),
                        value: fuda_engine::Value::Null,
                    })
                    .collect(),
            ),
            min: 1,
            max: 1,
        }
    }

    /// Charge: 3 cards × 3 units are asked as a card, then a unit; other actions stay whole.
    #[test]
    fn pairs_are_asked_one_part_after_the_other() {
        let mut labels = Vec::new();
        for c in ["A", "B", "C"] {
            for u in ["X", "Y", "Z"] {
                labels.push(format!("チャージ: {c} → {u}"));
            }
        }
        labels.push("メインフェイズを終了".into());
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let groups = pairs(&decision(&refs)).expect("grouped");
        let firsts: Vec<&str> = groups.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            firsts,
            [
                "チャージ: A",
                "チャージ: B",
                "チャージ: C",
                "メインフェイズを終了"
            ]
        );
        assert_eq!(groups[1].1, [3, 4, 5]);
        // Nothing to gain: each option its own group.
        assert!(pairs(&decision(&["a → x", "b → y", "c"])).is_none());
    }
}
