//! Save and replay files: the seed and every answer given so far reproduce a game exactly
//! (the RNG lives in the state); a save also holds the game itself, so `fuda play --load`
//! resumes at once, even in the middle of an effect waiting for a choice.
use crate::bundle::{Bundle, GameIdentity};
use crate::play::RESIGN;
use fuda_engine::{Game, SavedGame, Status};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One answer: a player's picks, or a resignation (103.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub player: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<u16>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resign: bool,
}

/// A replay (seed + answers) and, for a save, the game as it stood after them.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameFile {
    /// The game it is of: its id and the hash of its definition files. A save never names a
    /// folder: the game is the one given on the command line (or the built-in one).
    #[serde(default)]
    pub game: Option<GameIdentity>,
    /// The pack played from outside the game's packs/ (`--pack`): its id and hash, never its
    /// folder (give it again with `--pack`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<GameIdentity>,
    /// The decks as given to `--decks` (names in the game's decks/ folder or paths).
    pub decks: [String; 2],
    pub seed: u64,
    pub steps: Vec<Step>,
    /// The game after all of `steps` (a save); `fuda replay` checks it is reproduced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<SavedGame>,
    /// How many of `steps` the saved game includes (default: all); later steps continue it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state_at: Option<usize>,
}

impl GameFile {
    pub fn read(path: &Path) -> Result<GameFile, String> {
        let text = fuda_engine::def::files::read_regular(path).map_err(|e| e.to_string())?;
        serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{}:{}: not a fuda save or replay file: {e}",
                path.display(),
                e.line(),
                e.column()
            )
        })
    }

    /// Writes atomically (a temporary file renamed over the old one).
    pub fn write(&self, path: &Path) -> Result<(), String> {
        let text = serde_json::to_string(self).map_err(|e| e.to_string())?;
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, text)
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Records `picks` by `player` (a resignation when it is [`RESIGN`]).
    pub fn push(&mut self, player: u8, picks: &[u16]) {
        self.steps.push(if picks == [RESIGN] {
            Step {
                player,
                picks: Vec::new(),
                resign: true,
            }
        } else {
            Step {
                player,
                picks: picks.to_vec(),
                resign: false,
            }
        });
    }
}

/// Applies `steps` to `game` in order, advancing between them; stops at the decision after
/// the last step (or at the end of the game).
pub fn apply(game: &mut Game, bundle: &Bundle, steps: &[Step]) -> Result<(), String> {
    let mut steps = steps.iter().enumerate().peekable();
    while steps.peek().is_some() {
        match game.advance(&bundle.host).map_err(|e| e.to_string())? {
            Status::Over(_) => {
                let i = steps.peek().map_or(0, |(i, _)| *i);
                return Err(format!("the game ended before step {} of the file", i + 1));
            }
            Status::Decide => {
                for p in game.waiting_for() {
                    let Some((i, s)) = steps.next() else {
                        return Ok(());
                    };
                    if s.player != p {
                        return Err(format!(
                            "step {}: the file has P{} answer, but P{} is asked",
                            i + 1,
                            s.player + 1,
                            p + 1
                        ));
                    }
                    if s.resign {
                        game.resign(p);
                        break;
                    }
                    game.submit(p, s.picks.clone())
                        .map_err(|e| format!("step {}: {e}", i + 1))?;
                }
            }
        }
    }
    game.advance(&bundle.host).map_err(|e| e.to_string())?;
    Ok(())
}

impl GameFile {
    /// Refuses a file made with another game, or with other versions of its files.
    pub fn check_game(&self, bundle: &Bundle) -> Result<(), String> {
        let have = &bundle.identity;
        match &self.game {
            None => Err(format!(
                "the file does not say which game it is of (it has no game id and hash; made by an older fuda?); replay it with the game it was made with: {} is {} {}",
                bundle.dir.display(), have.id, have.hash
            )),
            Some(g) if g.id != have.id => Err(format!(
                "the file is of the game \"{}\", but {} holds \"{}\"; give its game folder with --game",
                g.id,
                bundle.dir.display(),
                have.id
            )),
            Some(g) if g.hash != have.hash => Err(format!(
                "the file was made with other files of the game \"{}\" (hash {}; {} has {}): the cards, scripts or game.yaml changed since; use the game folder it was made with",
                g.id,
                g.hash,
                bundle.dir.display(),
                have.hash
            )),
            Some(_) => self.check_pack(bundle),
        }
    }

    /// Refuses a file made with another `--pack` than the bundle's (or with none).
    fn check_pack(&self, bundle: &Bundle) -> Result<(), String> {
        match (&self.pack, &bundle.pack_identity) {
            (None, None) => Ok(()),
            (Some(p), None) => Err(format!(
                "the file was played with the pack \"{}\" from outside the game's packs/; give its folder with --pack",
                p.id
            )),
            (None, Some(have)) => Err(format!(
                "the file was played without a --pack, but the pack \"{}\" is given; leave --pack out",
                have.id
            )),
            (Some(p), Some(have)) if p.id != have.id => Err(format!(
                "the file was played with the pack \"{}\", but --pack holds \"{}\"",
                p.id, have.id
            )),
            (Some(p), Some(have)) if p.hash != have.hash => Err(format!(
                "the file was played with other files of the pack \"{}\" (hash {}; --pack has {}): its cards or scripts changed since",
                p.id, p.hash, have.hash
            )),
            _ => Ok(()),
        }
    }

    /// The number of steps the saved game includes.
    fn at(&self) -> Result<usize, String> {
        let at = self.state_at.unwrap_or(self.steps.len());
        if at > self.steps.len() {
            return Err(format!(
                "state_at {at} is beyond the file's {} steps",
                self.steps.len()
            ));
        }
        Ok(at)
    }
}

/// Replays a file from its seed and answers. With a saved game, checks the replay reproduces
/// it exactly at the point it was saved (also in the middle of an effect), then goes on.
pub fn replay(file: &GameFile, bundle: &Bundle) -> Result<Game, String> {
    file.check_game(bundle)?;
    let a = bundle
        .saved_deck(&file.decks[0])
        .map_err(|e| e.to_string())?;
    let b = bundle
        .saved_deck(&file.decks[1])
        .map_err(|e| e.to_string())?;
    let mut game = bundle.new_game([&a, &b], file.seed);
    let at = file.at()?;
    apply(&mut game, bundle, &file.steps[..at])?;
    if let Some(saved) = &file.state {
        let want = serde_json::to_string(saved).map_err(|e| e.to_string())?;
        let got = serde_json::to_string(&game.save()).map_err(|e| e.to_string())?;
        if want != got {
            return Err(
                "the replay does not reproduce the saved game (were the cards or scripts changed since?)"
                    .into(),
            );
        }
    }
    apply(&mut game, bundle, &file.steps[at..])?;
    Ok(game)
}

/// The file's saved game, restored with the loaded definitions (else replayed from the seed),
/// with the steps after it applied.
pub fn resume(file: &GameFile, bundle: &Bundle) -> Result<Game, String> {
    file.check_game(bundle)?;
    match &file.state {
        Some(s) => {
            let mut g = Game::restore(std::sync::Arc::clone(&bundle.defs), s.clone())?;
            apply(&mut g, bundle, &file.steps[file.at()?..])?;
            Ok(g)
        }
        None => replay(file, bundle),
    }
}
