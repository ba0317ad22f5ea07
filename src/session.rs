//! `fuda play`: one game at the terminal, people and agents at the seats, saved at every
//! decision when asked (`--save`) and resumable (`--load`), with hot reload of the game's files.
use crate::agent::{seat_seed, Agent, AgentSpec};
use crate::bundle::Bundle;
use crate::play::{Human, QUIT, RESIGN};
use crate::replay::{resume, GameFile};
use fuda_engine::{Outcome, Status};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::str::FromStr;

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seat {
    Human,
    Agent(AgentSpec),
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        if s == "human" {
            return Ok(Seat::Human);
        }
        s.parse::<AgentSpec>()
            .map(Seat::Agent)
            .map_err(|e| format!("{e}, or human"))
    }
}

pub struct PlayOptions {
    pub game_dir: Option<PathBuf>,
    /// A pack folder from anywhere (`--pack`).
    pub pack: Option<PathBuf>,
    pub decks: Vec<String>,
    pub seed: u64,
    pub seats: [Seat; 2],
    pub save: Option<PathBuf>,
    pub load: Option<PathBuf>,
}

pub fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Win {
            winner,
            clause,
            reason,
        } => format!("P{} wins [{clause}]: {reason}", winner + 1),
        Outcome::Draw { clause, reason } => format!("draw [{clause}]: {reason}"),
    }
}

/// Plays one game; returns when it ends or a person quits (`q`, after saving).
pub fn run(opts: PlayOptions, input: impl BufRead, out: impl Write) -> Result<(), String> {
    let loaded = opts.load.as_ref().map(|p| GameFile::read(p)).transpose()?;
    // Only the game named on the command line (or the built-in one): a save names its game by
    // id and hash, never by folder.
    let (dir, pack) = crate::pack::resolve(opts.game_dir.as_deref(), opts.pack.as_deref())?;
    let mut bundle = Bundle::load_with_pack(&dir, pack.as_deref()).map_err(|e| e.to_string())?;
    let (mut file, mut g) = match loaded {
        Some(mut f) => {
            let g = resume(&f, &bundle)?;
            f.state_at = None;
            (f, g)
        }
        None => {
            let decks = bundle.resolve_decks(&opts.decks)?;
            let a = bundle.deck(&decks[0]).map_err(|e| e.to_string())?;
            let b = bundle.deck(&decks[1]).map_err(|e| e.to_string())?;
            let g = bundle.new_game([&a, &b], opts.seed);
            let file = GameFile {
                game: Some(bundle.identity.clone()),
                pack: bundle.pack_identity.clone(),
                decks,
                seed: opts.seed,
                steps: Vec::new(),
                state: None,
                state_at: None,
            };
            (file, g)
        }
    };
    let seed = file.seed;
    let mut agents: Vec<Box<dyn Agent>> = opts
        .seats
        .iter()
        .enumerate()
        .map(|(p, s)| match s {
            Seat::Agent(a) => a.build(seat_seed(seed, p as u8) ^ file.steps.len() as u64),
            Seat::Human => AgentSpec::Random.build(0),
        })
        .collect();
    let mut human = Human::new(input, out);
    human.hot_seat = opts.seats.iter().all(|s| matches!(s, Seat::Human));
    let mut watcher = crate::reload::Watcher::new(&bundle.dir);
    loop {
        // Hot reload: an edited card or script is in force from the next decision.
        if watcher.changed() {
            let msg = match crate::reload::reload(&mut bundle, &mut g) {
                Ok(()) => format!("↻ 再読み込み (reloaded {})", bundle.dir.display()),
                Err(e) => format!(
                    "↻ 再読み込み失敗、前の版のまま (reload failed; the old version stays):\n{e}"
                ),
            };
            let _ = writeln!(human.output, "{msg}");
        }
        let status = g.advance(&bundle.host).map_err(|e| e.to_string())?;
        if let Some(path) = &opts.save {
            file.game = Some(bundle.identity.clone());
            file.state = Some(g.save());
            file.write(path)?;
        }
        match status {
            Status::Over(o) => {
                let o_ = &mut human.output;
                for l in g.log.iter_from(human.shown) {
                    let _ = writeln!(o_, "  {}", fuda_engine::log::printable(&l.to_string()));
                }
                let _ = writeln!(o_, "{}", crate::play::printable_lines(&g.board_text(None)));
                let _ = writeln!(o_, "{}", outcome_text(&o));
                return Ok(());
            }
            Status::Decide => {
                for p in g.waiting_for() {
                    let picks = match opts.seats[p as usize] {
                        Seat::Human => human.pick(&g, p),
                        Seat::Agent(_) => agents[p as usize].pick_with(&g, &bundle.host, p),
                    };
                    if picks == [QUIT] {
                        let _ = match &opts.save {
                            Some(path) => writeln!(
                                human.output,
                                "saved: resume with fuda play --load {}",
                                path.display()
                            ),
                            None => writeln!(human.output, "quit (not saved: use --save FILE)"),
                        };
                        return Ok(());
                    }
                    file.push(p, &picks);
                    if picks == [RESIGN] {
                        g.resign(p);
                        break;
                    }
                    g.submit(p, picks).map_err(|e| e.to_string())?;
                }
            }
        }
    }
}
