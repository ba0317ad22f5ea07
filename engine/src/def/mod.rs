//! Loaded definitions: the game, its cards, decks.
pub mod ability;
pub mod ability_raw;
pub mod card;
pub mod card_query;
mod compile;
pub mod deck;
pub mod events;
pub mod files;
pub mod game;
pub mod kernel_clauses;
pub mod load;
pub mod names;
pub mod pack;
pub mod program;
pub mod raw;
pub mod timing;
pub mod yaml;
