//! Decks and deck construction checks (e.g. 402.2).
use super::card::{did_you_mean, CardDb};
use super::game::GameDef;
use crate::error::{Lines, LoadError, LoadErrors, Location};
use indexmap::IndexMap;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A deck list: cards of a [`CardDb`] with their counts, in file order.
#[derive(Clone, Debug)]
pub struct DeckDef {
    pub name: String,
    pub name_en: Option<String>,
    pub cards: Vec<(usize, u32)>,
    pub file: PathBuf,
}

/// Cards one deck may hold: two decks together stay within the 65,535 cards a game can
/// number (card indices are u16).
pub const MAX_DECK_CARDS: u32 = 30_000;

impl DeckDef {
    pub fn size(&self) -> u32 {
        self.cards
            .iter()
            .fold(0u32, |a, (_, n)| a.saturating_add(*n))
    }
}

/// A deck file: its name and its cards by id with counts.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawDeck {
    name: String,
    #[serde(default)]
    name_en: Option<String>,
    cards: IndexMap<String, u32>,
}

pub fn load_deck(file: &Path, db: &CardDb) -> Result<DeckDef, LoadErrors> {
    let text = super::files::read_regular(file)?;
    parse_deck(file, &text, db)
}

pub fn parse_deck(file: &Path, text: &str, db: &CardDb) -> Result<DeckDef, LoadErrors> {
    let raw: RawDeck = super::yaml::from_str(file, text)?;
    let mut errors = Vec::new();
    let mut cards = Vec::new();
    let lines = Lines::new(text);
    for (id, n) in &raw.cards {
        match db.by_id.get(id) {
            Some(&i) => cards.push((i, *n)),
            None if db.broken.contains(id) => errors.push(
                LoadError::new(
                    lines.locate(file, id, 0),
                    format!("the deck lists \"{id}\", a card that has errors itself"),
                )
                .hint("fix the card's errors (reported at its file) first"),
            ),
            None => errors.push(
                LoadError::new(
                    lines.locate(file, id, 0),
                    format!("the deck lists \"{id}\", which no loaded pack defines"),
                )
                .hint(unknown_card_hint(id, *n, db)),
            ),
        }
    }
    let total = cards.iter().fold(0u64, |a, (_, n)| a + *n as u64);
    if total > MAX_DECK_CARDS as u64 {
        errors.push(LoadError::new(
            Location::file(file),
            format!("the deck holds {total} cards, more than the limit of {MAX_DECK_CARDS}"),
        ));
    }
    if !errors.is_empty() {
        return Err(LoadErrors(errors));
    }
    Ok(DeckDef {
        name: raw.name,
        name_en: raw.name_en,
        cards,
        file: file.to_path_buf(),
    })
}

/// A deck names cards by id: a name of one is shown with its id; else the nearest id.
fn unknown_card_hint(listed: &str, n: u32, db: &CardDb) -> String {
    let by_name: Vec<&str> = db
        .cards
        .iter()
        .filter(|c| c.named.name == listed || c.named.name_en.as_deref() == Some(listed))
        .map(|c| c.named.id.as_str())
        .collect();
    match by_name.as_slice() {
        [] => {
            let hint = did_you_mean(listed, db.by_id.keys().map(|s| s.as_str()));
            if hint.starts_with("did you mean") {
                hint
            } else {
                "a deck lists cards by id (`GT-001: 4`); `fuda cards` lists the ids".to_string()
            }
        }
        [id] => format!("decks list cards by id: \"{listed}\" is {id}; write `{id}: {n}`"),
        ids => format!(
            "decks list cards by id: \"{listed}\" is the name of {}; write one of them",
            ids.join(", ")
        ),
    }
}

/// One violated construction rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeckProblem {
    pub clause: String,
    pub message: String,
}

impl std::fmt::Display for DeckProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}] {}", self.clause, self.message)
    }
}

/// Every construction rule the deck breaks (empty if legal).
pub fn check_deck(game: &GameDef, db: &CardDb, deck: &DeckDef) -> Vec<DeckProblem> {
    let rules = &game.deck;
    let mut out = Vec::new();
    if let Some((n, clause)) = &rules.size {
        if deck.size() != *n {
            out.push(DeckProblem {
                clause: clause.clone(),
                message: format!(
                    "デッキは{n}枚ちょうど (a deck has exactly {n} cards); this one has {}",
                    deck.size()
                ),
            });
        }
    }
    if let Some(allowed) = &rules.allowed_types {
        for &(c, _) in &deck.cards {
            let card = &db.cards[c];
            if !allowed.contains(&card.card_type) {
                out.push(DeckProblem {
                    clause: "402.2a".into(),
                    message: format!(
                        "{} ({}) is of a type decks may not contain",
                        card.named.name, card.named.id
                    ),
                });
            }
        }
    }
    if let Some((max, same, clause)) = &rules.max_copies {
        let mut groups: IndexMap<Vec<String>, (u32, String)> = IndexMap::new();
        for &(c, n) in &deck.cards {
            let card = &db.cards[c];
            let key: Vec<String> = same
                .iter()
                .map(|k| match k.as_str() {
                    "name" => card.named.name.clone(),
                    "type" => game.card_types[card.card_type].named.id.clone(),
                    "id" => card.named.id.clone(),
                    f => card.field(f).to_string(),
                })
                .collect();
            let e = groups.entry(key).or_insert((0, card.named.name.clone()));
            e.0 += n;
        }
        for (_, (n, name)) in groups {
            if n > *max {
                out.push(DeckProblem {
                    clause: clause.clone(),
                    message: format!("同じカードは{max}枚まで (at most {max} copies): {name} ×{n}"),
                });
            }
        }
    }
    for (ty, min, clause) in &rules.min_of_type {
        let have: u32 = deck
            .cards
            .iter()
            .filter(|(c, _)| db.cards[*c].card_type == *ty)
            .map(|(_, n)| n)
            .sum();
        if have < *min {
            let t = &game.card_types[*ty].named;
            out.push(DeckProblem {
                clause: clause.clone(),
                message: format!(
                    "{}が{min}枚以上必要 (at least {min} {} card(s)); this deck has {have}",
                    t.name, t.id
                ),
            });
        }
    }
    out
}
