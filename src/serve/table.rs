//! The play table's game thread: it owns the game and the script host (which stay on one
//! thread), takes the seats' messages in order, lets agents move, and publishes each seat's
//! message after every change.
use super::message;
use crate::agent::{seat_seed, Agent};
use crate::bundle::Bundle;
use crate::replay::{GameFile, Step};
use crate::session::Seat;
use fuda_engine::{Game, PlayerId, Status};
use serde::Deserialize;
use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::{oneshot, watch};

/// Who a message comes from: a seat (by its token) or a spectator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum From {
    Seat(PlayerId),
    Spectator,
}

/// A message from a socket, with where to send its reply (an error or an answer to it).
pub struct Input {
    pub from: From,
    pub text: String,
    /// An error (the message changed nothing), or a note for this socket only.
    pub reply: oneshot::Sender<Result<Option<String>, String>>,
}

/// The latest message for each audience.
#[derive(Default)]
pub struct Published {
    pub version: u64,
    /// The layout messages: the same until a hot reload.
    pub meta: Arc<[String; 3]>,
    pub state: [String; 3],
}

impl Published {
    pub fn index(from: From) -> usize {
        match from {
            From::Seat(p) => p as usize,
            From::Spectator => 2,
        }
    }
}

/// What a seat may send.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// The seat the sender believes it is (1-based); checked against the socket's token.
    #[serde(default)]
    seat: Option<u8>,
    #[serde(default)]
    answer: Option<Vec<u16>>,
    #[serde(default)]
    resign: bool,
    /// The state version the answer is to: an answer to an older one is refused as stale.
    #[serde(default)]
    version: Option<u64>,
    /// Replays: go to the position after this many recorded answers.
    #[serde(default)]
    step: Option<usize>,
    /// Write the position as a scenario file on the server's disk.
    #[serde(default)]
    save_position: bool,
}

/// Faces and definitions the HTTP side reads (updated on hot reload).
pub type Defs = Arc<RwLock<Option<(Arc<fuda_engine::Defs>, String)>>>;

pub struct Table {
    pub bundle: Bundle,
    pub game: Game,
    pub file: GameFile,
    pub seats: [Seat; 2],
    pub agents: Vec<Box<dyn Agent>>,
    /// A replay being stepped (no one answers): all its steps, and how many are applied.
    pub replay: Option<(Vec<Step>, usize)>,
    pub save: Option<std::path::PathBuf>,
    /// Where positions saved as scenarios go.
    pub positions: std::path::PathBuf,
    pub audit: Option<std::fs::File>,
    pub delay: Duration,
    pub faces: Defs,
    pub version: u64,
    /// Bumped by each hot reload, so pages fetch faces again.
    pub faces_version: u64,
    /// Each audience's layout message, made again after a hot reload.
    pub meta: Option<Arc<[String; 3]>>,
}

impl Table {
    /// Serves until every sender of `inbox` is gone.
    pub fn run(mut self, inbox: Receiver<Input>, out: watch::Sender<Arc<Published>>) {
        let mut watcher = crate::reload::Watcher::new(&self.bundle.dir);
        let mut note: Option<String> = None;
        let mut dirty = true;
        let mut agent: Option<PlayerId> = None;
        loop {
            if watcher.changed() {
                note = Some(self.reload());
                dirty = true;
            }
            if dirty {
                agent = self.settle(&mut note);
                self.publish(&out, note.take().as_deref());
                dirty = false;
            }
            let wait = match agent {
                Some(_) => self.delay,
                None => Duration::from_millis(300),
            };
            match inbox.recv_timeout(wait) {
                Ok(input) => {
                    for input in std::iter::once(input).chain(inbox.try_iter()) {
                        let reply = self.handle(input.from, &input.text);
                        dirty |= matches!(reply, Ok(None));
                        let _ = input.reply.send(reply);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Some(p) = agent {
                        let picks =
                            self.agents[p as usize].pick_with(&self.game, &self.bundle.host, p);
                        self.file.push(p, &picks);
                        if let Err(e) = self.game.submit(p, picks) {
                            note = Some(format!("agent P{}: {e}", p + 1));
                        }
                        dirty = true;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    /// Hot reload: an edited card or script is in force from the next decision, its face
    /// redrawn.
    fn reload(&mut self) -> String {
        match crate::reload::reload(&mut self.bundle, &mut self.game) {
            Ok(()) => {
                let game = &self.bundle.defs.game;
                let tpl = crate::faces::template_errors(game)
                    .and_then(|()| crate::faces::template_of(game));
                let faces = match (tpl, self.faces.write()) {
                    (Ok(tpl), Ok(mut f)) => {
                        *f = Some((Arc::clone(&self.bundle.defs), tpl));
                        String::new()
                    }
                    (Err(e), Ok(mut f)) => {
                        // The cards are new; the last good template stays.
                        if let Some((_, old)) = f.take() {
                            *f = Some((Arc::clone(&self.bundle.defs), old));
                        }
                        format!("; the face template has errors, the old one stays:\n{e}")
                    }
                    (_, Err(_)) => String::new(),
                };
                self.faces_version += 1;
                self.meta = None;
                format!(
                    "↻ 再読み込み (reloaded {}){faces}",
                    self.bundle.dir.display()
                )
            }
            Err(e) => format!(
                "↻ 再読み込み失敗、前の版のまま (reload failed; the old version stays): {e}"
            ),
        }
    }

    /// Advances to the next decision (not in a replay), saves, and says which agent moves.
    fn settle(&mut self, note: &mut Option<String>) -> Option<PlayerId> {
        if self.replay.is_some() {
            return None;
        }
        let status = match self.game.advance(&self.bundle.host) {
            Ok(s) => s,
            Err(e) => {
                *note = Some(format!("error: {e}"));
                return None;
            }
        };
        if let Some(path) = &self.save {
            self.file.game = Some(self.bundle.identity.clone());
            self.file.state = Some(self.game.save());
            if let Err(e) = self.file.write(path) {
                *note = Some(e);
            }
        }
        match status {
            Status::Decide => self
                .game
                .waiting_for()
                .into_iter()
                .find(|&p| matches!(self.seats[p as usize], Seat::Agent(_))),
            Status::Over(_) => None,
        }
    }

    /// One message; an error is sent back to its socket only, and changes nothing. `Ok(Some)`
    /// is a note for that socket (nothing changed for the others).
    fn handle(&mut self, from: From, text: &str) -> Result<Option<String>, String> {
        let req: Request = serde_json::from_str(text).map_err(|e| {
            format!("not a table message ({e}); send {{\"answer\": [option index, …]}} or {{\"resign\": true}}")
        })?;
        if let Some(step) = req.step {
            return self.step_to(step).map(|()| None);
        }
        if req.save_position {
            let path =
                super::position::save(&self.game, &self.bundle.dir, &self.positions, self.version)?;
            return Ok(Some(format!(
                "局面をシナリオとして保存 (position saved as a scenario): {}",
                path.display()
            )));
        }
        let From::Seat(p) = from else {
            return Err("a spectator cannot act: open a seat's URL to play".into());
        };
        if let Some(s) = req.seat.filter(|&s| s != p + 1) {
            return Err(format!(
                "this socket is seat {}, not seat {s}: message refused",
                p + 1
            ));
        }
        if self.replay.is_some() {
            return Err("this is a replay: step it with ◀ ▶; no one answers".into());
        }
        if self.game.outcome().is_some() {
            return Err("the game is over".into());
        }
        if req.resign {
            self.file.push(p, &[crate::play::RESIGN]);
            self.game.resign(p);
            return Ok(None);
        }
        let Some(picks) = req.answer else {
            return Err(
                "nothing to do: send {\"answer\": [option index, …]} or {\"resign\": true}".into(),
            );
        };
        if req.version.is_some_and(|v| v != self.version) {
            return Err(format!(
                "stale: that answer is to version {}, the table is at {}; answer the current decision",
                req.version.unwrap_or(0),
                self.version
            ));
        }
        if !self.game.waiting_for().contains(&p) {
            return Err(format!("P{} is not asked anything now", p + 1));
        }
        self.game
            .submit(p, picks.clone())
            .map_err(|e| e.to_string())?;
        self.file.push(p, &picks);
        Ok(None)
    }

    /// Replays: the position after the first `n` recorded answers.
    fn step_to(&mut self, n: usize) -> Result<(), String> {
        let Some((steps, at)) = &mut self.replay else {
            return Err("only a replay can be stepped (fuda serve --replay FILE)".into());
        };
        let n = n.min(steps.len());
        let decks = self.file.decks.clone();
        let a = self
            .bundle
            .saved_deck(&decks[0])
            .map_err(|e| e.to_string())?;
        let b = self
            .bundle
            .saved_deck(&decks[1])
            .map_err(|e| e.to_string())?;
        let mut g = self.bundle.new_game([&a, &b], self.file.seed);
        crate::replay::apply(&mut g, &self.bundle, &steps[..n])?;
        *at = n;
        self.game = g;
        Ok(())
    }

    fn publish(&mut self, out: &watch::Sender<Arc<Published>>, note: Option<&str>) {
        self.version += 1;
        let v = self.version;
        let seats: [String; 2] = self.seats.map(|s| match s {
            Seat::Human => "human".to_string(),
            Seat::Agent(a) => a.to_string(),
        });
        let extra = serde_json::json!({
            "seats": seats,
            "replay": self.replay.as_ref().map(|(s, at)| serde_json::json!({"at": at, "of": s.len()})),
            "note": note,
            "faces": self.faces_version,
        });
        let audiences = [From::Seat(0), From::Seat(1), From::Spectator];
        let seat_of = |f: From| match f {
            From::Seat(p) => Some(p),
            From::Spectator => None,
        };
        let game = &self.game;
        let meta = self.meta.get_or_insert_with(|| {
            Arc::new(audiences.map(|f| message::meta(game, seat_of(f), &seats)))
        });
        let p = Published {
            version: v,
            meta: Arc::clone(meta),
            state: audiences.map(|f| message::state(&self.game, seat_of(f), v, &extra)),
        };
        if let Some(f) = self.audit.as_mut() {
            for s in 0..2 {
                let _ = writeln!(f, "{}", message::audit(&self.game, s, v));
            }
        }
        let _ = out.send(Arc::new(p));
    }
}

/// Seat agents, seeded as `fuda play` seeds them.
pub fn agents(seats: &[Seat; 2], seed: u64, steps: usize) -> Vec<Box<dyn Agent>> {
    seats
        .iter()
        .enumerate()
        .map(|(p, s)| match s {
            Seat::Agent(a) => a.build(seat_seed(seed, p as u8) ^ steps as u64),
            Seat::Human => crate::agent::AgentSpec::Random.build(0),
        })
        .collect()
}
