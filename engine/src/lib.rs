//! fuda kernel: zones, objects, turns/phases/steps, the rule-check loop and decisions.
//! It knows no particular game: a [`def::game::GameDef`] says what the game is.
pub mod ability_use;
pub mod budget;
pub mod card_error;
pub mod decision;
pub mod def;
pub mod effects;
pub mod error;
pub mod expr;
pub mod game;
pub mod handles;
pub mod host;
pub mod ids;
pub mod inspect;
pub mod layers;
pub mod log;
pub mod replace;
pub mod run;
pub mod save_check;
pub mod state;
pub mod trigger;
pub mod value;
pub mod verbs;
pub mod view;
pub mod view_json;

pub use decision::{Answer, Decision, DecisionKind, Opt};
pub use error::{LoadError, LoadErrors, Location, RunError};
pub use game::{Defs, Game, SavedGame, Status, SubmitError};
pub use host::{Fail, Host, NoHost};
pub use ids::{CardIdx, ObjId, PlayerId, ZoneId};
pub use log::LogEntry;
pub use state::{Outcome, State};
pub use value::Value;
pub use view_json::{CardView, DecisionView, PlayerView, View, ZoneView};
