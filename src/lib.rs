//! The `fuda` CLI's library: loading a game folder, agents, simulation and terminal play.
pub mod agent;
pub mod bench;
pub mod bundle;
pub mod cards;
pub mod check;
pub mod coverage;
pub mod files;
pub mod native;
pub mod new;
pub mod pack;
pub mod play;
pub mod reload;
pub mod replay;
pub mod scenario;
pub mod schema;
pub mod session;
pub mod sim;
