//! One simulated game as a line of the JSONL results: who won, how, how long, which cards
//! each seat played.
use crate::agent::Agent;
use fuda_engine::def::game::Visibility;
use fuda_engine::{Game, Host, Outcome, PlayerId, Status, Value};
use serde::{Deserialize, Serialize};

/// The first line of a results file: what was played, so files can be merged and summarized.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub game: String,
    pub agents: [String; 2],
    /// Deck name per seat.
    pub decks: [String; 2],
    /// Distinct card names per seat's deck (for play rates).
    pub deck_cards: [Vec<String>; 2],
    /// Total games of the whole run (all shards).
    pub games: u64,
    pub seed: u64,
    /// `K/N` when this file is one shard of a run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

/// One game's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub seed: u64,
    /// Winning seat (0 or 1); none for a draw.
    pub winner: Option<PlayerId>,
    /// The seat that took turn 1.
    pub first: Option<PlayerId>,
    /// The clause that ended the game (or "turn limit").
    pub clause: String,
    pub turns: u32,
    pub decisions: u32,
    pub script_errors: u32,
    /// Distinct names of the cards each seat played from a hidden zone (hand), in name order.
    pub played: [Vec<String>; 2],
    /// An engine error that stopped the game, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The distinct card errors of the game (what each `⚠` log line says), first seen first;
    /// at most [`MAX_ERROR_KINDS`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub script_error_kinds: Vec<String>,
    /// The distinct clauses the game's log cited, in order (`fuda sim --clauses`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clauses: Vec<String>,
}

/// The distinct clauses a game's log cites, sorted.
pub fn cited_clauses(game: &Game) -> Vec<String> {
    let set: std::collections::BTreeSet<&str> = game
        .log
        .iter()
        .filter_map(|l| l.clause.as_deref())
        .collect();
    set.into_iter().map(str::to_string).collect()
}

/// Distinct card errors kept per game.
pub const MAX_ERROR_KINDS: usize = 20;

/// The card errors of a game's log, each once, without the line's frame.
pub fn error_kinds(game: &Game) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in game.log.iter().filter(|l| l.text.starts_with('⚠')) {
        let text = l.text.as_str();
        let text = text.split_once("): ").map_or(text, |(_, t)| t);
        let text = text.split(" — この処理は行われない").next().unwrap_or(text);
        if !out.iter().any(|k| k == text) {
            out.push(text.to_string());
            if out.len() >= MAX_ERROR_KINDS {
                break;
            }
        }
    }
    out
}

/// Plays `game` to its end like [`super::play_out`], recording it.
pub fn play_recorded(
    game: &mut Game,
    host: &dyn Host,
    agents: &mut [Box<dyn Agent>; 2],
    seed: u64,
) -> GameRecord {
    let mut played: [std::collections::BTreeSet<String>; 2] = Default::default();
    let mut decisions = 0u32;
    let mut error = None;
    let outcome: Option<Outcome> = loop {
        match game.advance(host) {
            Ok(Status::Over(o)) => break Some(o),
            Ok(Status::Decide) => {
                decisions += 1;
                for p in game.waiting_for() {
                    let picks = agents[p as usize].pick_with(game, host, p);
                    note_played(game, p, &picks, &mut played[p as usize]);
                    if let Err(e) = game.submit(p, picks) {
                        error = Some(format!("agent for P{} answered illegally: {e}", p + 1));
                        break;
                    }
                }
                if error.is_some() {
                    break None;
                }
            }
            Err(e) => {
                error = Some(e.to_string());
                break None;
            }
        }
    };
    GameRecord {
        seed,
        winner: outcome.as_ref().and_then(|o| o.winner()),
        first: game.st.first_player,
        clause: match &outcome {
            Some(Outcome::Win { clause, .. }) | Some(Outcome::Draw { clause, .. }) => {
                clause.clone()
            }
            None => "error".into(),
        },
        turns: game.st.turn,
        decisions,
        script_errors: game.log.iter().filter(|l| l.text.starts_with('⚠')).count() as u32,
        played: played.map(|s| s.into_iter().collect()),
        error,
        script_error_kinds: error_kinds(game),
        clauses: Vec::new(),
    }
}

/// A card counts as played by `p` when `p` picks an option naming it (`card`) while it is in
/// a zone hidden from the opponent (e.g. the hand): put into play, played or charged.
/// Options of the kernel's action menu carry the game's option table under `args`.
fn note_played(
    game: &Game,
    p: PlayerId,
    picks: &[u16],
    out: &mut std::collections::BTreeSet<String>,
) {
    let Some(d) = game.decision() else { return };
    for &i in picks {
        let Some(Value::Map(m)) = d.options.get(i as usize).map(|o| &o.value) else {
            continue;
        };
        // An action's option carries its hook's table under `args` (the kernel's action menu).
        let card = match m.get("args") {
            Some(Value::Map(args)) => args.get("card"),
            _ => m.get("card"),
        };
        let Some(id) = card.and_then(Value::as_int).and_then(|h| game.handle_id(h)) else {
            continue;
        };
        let Some(obj) = game.st.objects.get(id.card as usize) else {
            continue;
        };
        if obj.incarnation != id.incarnation || obj.owner != p {
            continue;
        }
        if game.defs.game.zone_def(obj.zone).visibility != Visibility::Public {
            out.insert(game.name(id.card).to_string());
        }
    }
}
