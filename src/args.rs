//! Command-line arguments several commands share.
use std::path::PathBuf;

/// Which game, pack and decks to play (`fuda play`, `fuda log`, `fuda serve`, `fuda sim`, …).
#[derive(clap::Args, Clone)]
pub struct GameSource {
    /// Game folder (holding game.yaml, packs/ and decks/). Default: the built-in 汎用TCG.
    #[arg(long, value_name = "DIR")]
    pub game: Option<PathBuf>,
    /// A pack folder from anywhere: its cards are added, its decks are the default, and its
    /// game is found from it (docs/guide/packs.md) unless --game is given.
    #[arg(long, value_name = "DIR")]
    pub pack: Option<PathBuf>,
    /// The two decks, by name in the game's decks/ folder or by path. Default: the first two.
    #[arg(long, value_name = "A,B", value_delimiter = ',', num_args = 1..=2)]
    pub decks: Vec<String>,
}

impl GameSource {
    /// The game folder and the pack from anywhere, if any ([`crate::pack::resolve`]).
    pub fn resolve(&self) -> Result<(PathBuf, Option<PathBuf>), String> {
        crate::pack::resolve(self.game.as_deref(), self.pack.as_deref())
    }
}

/// [`GameSource`] and the seed of one game.
#[derive(clap::Args, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub source: GameSource,
    /// Seed of the game's random number generator (and of the random agents).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}
