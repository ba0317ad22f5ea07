//! Decks and deck construction checks (e.g. 402.2).
use super::card::{did_you_mean, CardDb};
use super::game::{DeckRules, GameDef};
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
    /// Cards beside the deck (a sideboard, 東方VISION 1.2.4), in file order.
    pub sideboard: Vec<(usize, u32)>,
    /// Further decks (`deck.extra_decks` of the game) by the key listing them, in file order.
    pub extra: IndexMap<String, Vec<(usize, u32)>>,
    pub file: PathBuf,
}

/// Cards one deck may hold: two decks together stay within the 65,535 cards a game can
/// number (card indices are u16).
pub const MAX_DECK_CARDS: u32 = 30_000;

impl DeckDef {
    pub fn size(&self) -> u32 {
        count(&self.cards)
    }
}

fn count(cards: &[(usize, u32)]) -> u32 {
    cards.iter().fold(0u32, |a, (_, n)| a.saturating_add(*n))
}

/// A deck file: its name and its cards by id with counts.
#[derive(Deserialize, schemars::JsonSchema)]
pub struct RawDeck {
    name: String,
    #[serde(default)]
    name_en: Option<String>,
    cards: IndexMap<String, u32>,
    /// The sideboard's cards by id with counts, for a game that declares `deck.sideboard`.
    #[serde(default)]
    sideboard: IndexMap<String, u32>,
    /// Further decks the game declares (`deck.extra_decks`), each a map of card ids to counts
    /// under the deck's id, e.g. `flame: { FF-F01: 5 }`.
    #[serde(flatten)]
    #[schemars(with = "IndexMap<String, IndexMap<String, u32>>")]
    extra: IndexMap<String, serde_yaml::Value>,
}

pub fn load_deck(file: &Path, db: &CardDb) -> Result<DeckDef, LoadErrors> {
    let text = super::files::read_regular(file)?;
    parse_deck(file, &text, db)
}

pub fn parse_deck(file: &Path, text: &str, db: &CardDb) -> Result<DeckDef, LoadErrors> {
    let raw: RawDeck = super::yaml::from_str(file, text)?;
    let mut errors = Vec::new();
    let lines = Lines::new(text);
    let mut extra_raw: Vec<(String, IndexMap<String, u32>)> = Vec::new();
    for (key, value) in &raw.extra {
        match serde_yaml::from_value::<IndexMap<String, u32>>(value.clone()) {
            Ok(list) => extra_raw.push((key.clone(), list)),
            Err(e) => errors.push(
                LoadError::new(
                    Location::find(file, text, &format!("{key}:")),
                    format!("`{key}` is not a list of cards with counts: {e}"),
                )
                .hint("a deck file has `name`, `name_en`, `cards`, `sideboard` and one `<id>: { CARD-ID: count }` list per further deck the game declares (`deck.extra_decks`)"),
            ),
        }
    }
    let mut lists: Vec<(&str, Vec<(usize, u32)>)> =
        vec![("cards", Vec::new()), ("sideboard", Vec::new())];
    let mut sources: Vec<&IndexMap<String, u32>> = vec![&raw.cards, &raw.sideboard];
    for (key, list) in &extra_raw {
        lists.push((key.as_str(), Vec::new()));
        sources.push(list);
    }
    for (li, src) in sources.iter().enumerate() {
        let from = if li == 0 {
            0
        } else {
            text.find(&format!("{}:", lists[li].0)).unwrap_or(0)
        };
        for (id, n) in src.iter() {
            match db.by_id.get(id) {
                Some(&i) => lists[li].1.push((i, *n)),
                None if db.broken.contains(id) => errors.push(
                    LoadError::new(
                        lines.locate(file, id, from),
                        format!("the deck lists \"{id}\", a card that has errors itself"),
                    )
                    .hint("fix the card's errors (reported at its file) first"),
                ),
                None => errors.push(
                    LoadError::new(
                        lines.locate(file, id, from),
                        format!("the deck lists \"{id}\", which no loaded pack defines"),
                    )
                    .hint(unknown_card_hint(id, *n, db)),
                ),
            }
        }
    }
    let mut lists = lists.into_iter();
    let cards = lists.next().map(|l| l.1).unwrap_or_default();
    let sideboard = lists.next().map(|l| l.1).unwrap_or_default();
    let extra: IndexMap<String, Vec<(usize, u32)>> =
        lists.map(|(k, l)| (k.to_string(), l)).collect();
    let total = cards
        .iter()
        .chain(&sideboard)
        .chain(extra.values().flatten())
        .fold(0u64, |a, (_, n)| a + *n as u64);
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
        sideboard,
        extra,
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
    /// Where in the deck file: the list (`cards`, `sideboard`) and the card id it is about.
    pub at: (String, Option<String>),
}

impl DeckProblem {
    /// The problem's place in the deck file's `text`: the card's entry in its list, else the
    /// list's key.
    pub fn location(&self, file: &Path, text: &str) -> Location {
        let (list, card) = &self.at;
        let list_at = Location::find(file, text, &format!("{list}:"));
        let Some(card) = card else {
            return list_at;
        };
        let from = text.find(&format!("{list}:")).unwrap_or(0);
        let loc = Location::find_after(file, text, card, from);
        if loc.line == 0 {
            list_at
        } else {
            loc
        }
    }
}

impl std::fmt::Display for DeckProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.clause.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "[{}] {}", self.clause, self.message)
        }
    }
}

/// Every construction rule the deck breaks (empty if legal): the deck with its sideboard, then
/// each further deck the game declares.
pub fn check_deck(game: &GameDef, db: &CardDb, deck: &DeckDef) -> Vec<DeckProblem> {
    let rules = &game.deck;
    let mut out = Vec::new();
    let main = List {
        key: "cards",
        label: ("デッキ", "deck"),
        cards: &deck.cards,
        side: None,
    };
    match &rules.sideboard {
        None if !deck.sideboard.is_empty() => out.push(DeckProblem {
            clause: String::new(),
            message: "this game has no sideboard (no `deck.sideboard` in game.yaml)".into(),
            at: ("sideboard".into(), None),
        }),
        Some(side) if !deck.sideboard.is_empty() => {
            if let Some((n, clause)) = &side.size {
                let have = count(&deck.sideboard);
                if have != *n {
                    out.push(DeckProblem {
                        clause: clause.clone(),
                        message: format!(
                            "サイドボードは{n}枚ちょうど (a sideboard has exactly {n} cards); this one has {have}"
                        ),
                        at: ("sideboard".into(), None),
                    });
                }
            }
        }
        _ => {}
    }
    let side = rules.sideboard.as_ref().map(|s| (&deck.sideboard[..], s));
    check_list(game, db, rules, &List { side, ..main }, &mut out);
    for x in &rules.extra_decks {
        let id = x.named.id.as_str();
        let en = x.named.name_en.as_deref().unwrap_or(id);
        match deck.extra.get(id) {
            Some(cards) => {
                let list = List {
                    key: id,
                    label: (&x.named.name, en),
                    cards,
                    side: None,
                };
                check_list(game, db, &x.rules, &list, &mut out);
            }
            None if x.required => out.push(DeckProblem {
                clause: x
                    .rules
                    .size
                    .as_ref()
                    .map(|s| s.1.clone())
                    .unwrap_or_default(),
                message: format!(
                    "{}がない (this deck file has no {en}): list its cards under `{id}:`",
                    x.named.name
                ),
                at: ("name".into(), None),
            }),
            None => {}
        }
    }
    for key in deck.extra.keys() {
        if !rules.extra_decks.iter().any(|x| &x.named.id == key) {
            let known: Vec<&str> = rules
                .extra_decks
                .iter()
                .map(|x| x.named.id.as_str())
                .collect();
            let also = if known.is_empty() {
                "this game declares no further decks (`deck.extra_decks`)".to_string()
            } else {
                format!("its further decks are: {}", known.join(", "))
            };
            out.push(DeckProblem {
                clause: String::new(),
                message: format!("a deck file of this game has no list `{key}`; {also}"),
                at: (key.clone(), None),
            });
        }
    }
    out
}

/// One list of a deck file checked against its rules.
#[derive(Clone, Copy)]
struct List<'a> {
    /// Its key in the deck file.
    key: &'a str,
    /// What it is called in messages (Japanese, English).
    label: (&'a str, &'a str),
    cards: &'a [(usize, u32)],
    /// A sideboard counted with it for copies (東方VISION 1.2.5.b).
    side: Option<(&'a [(usize, u32)], &'a super::game::SideboardRules)>,
}

fn check_list(
    game: &GameDef,
    db: &CardDb,
    rules: &DeckRules,
    list: &List,
    out: &mut Vec<DeckProblem>,
) {
    let (ja, en) = list.label;
    if let Some((n, clause)) = &rules.size {
        let have = count(list.cards);
        if have != *n {
            out.push(DeckProblem {
                clause: clause.clone(),
                message: format!(
                    "{ja}は{n}枚ちょうど (a {en} has exactly {n} cards); this one has {have}"
                ),
                at: (list.key.into(), None),
            });
        }
    }
    if let Some(allowed) = &rules.allowed_types {
        let side = list.side.map(|s| s.0).unwrap_or(&[]);
        let listed = list
            .cards
            .iter()
            .map(|e| (e, list.key))
            .chain(side.iter().map(|e| (e, "sideboard")));
        for (&(c, _), key) in listed {
            let card = &db.cards[c];
            if !allowed.contains(&card.card_type) {
                out.push(DeckProblem {
                    clause: rules.types_clause.clone().unwrap_or_default(),
                    message: format!(
                        "{} ({}) is of a type a {en} may not contain",
                        card.named.name, card.named.id
                    ),
                    at: (key.into(), Some(card.named.id.clone())),
                });
            }
        }
    }
    for rule in &rules.max_copies {
        copies(game, db, list, rule, out);
    }
    for (ty, min, clause) in &rules.min_of_type {
        let have: u32 = list
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
                    "{}が{min}枚以上必要 (at least {min} {} card(s)); this {en} has {have}",
                    t.name, t.id
                ),
                at: (list.key.into(), None),
            });
        }
    }
}

/// A copies rule over a list, then over the list and its sideboard together (cited with the
/// sideboard's clause when only the sideboard breaks it).
fn copies(
    game: &GameDef,
    db: &CardDb,
    list: &List,
    rule: &super::game::CopiesRule,
    out: &mut Vec<DeckProblem>,
) {
    let max = rule.count;
    // (copies in the list, with the sideboard, name, first id in the list, first in the sideboard)
    type Group = (u32, u32, String, Option<String>, Option<String>);
    let mut groups: IndexMap<Vec<String>, Group> = IndexMap::new();
    let side = list.side.map(|s| s.0).unwrap_or(&[]);
    let listed = list
        .cards
        .iter()
        .map(|e| (e, false))
        .chain(side.iter().map(|e| (e, true)));
    for (&(c, n), in_side) in listed {
        let card = &db.cards[c];
        if let Some((filter, src)) = &rule.filter {
            match super::card_query::matches(game, card, filter) {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    out.push(DeckProblem {
                        clause: rule.clause.clone(),
                        message: format!("the rule's filter `{src}`: {e}"),
                        at: (list.key.into(), None),
                    });
                    return;
                }
            }
        }
        let key: Vec<String> = rule
            .same
            .iter()
            .map(|k| match k.as_str() {
                "name" => card.named.name.clone(),
                "type" => game.card_types[card.card_type].named.id.clone(),
                "id" => card.named.id.clone(),
                f => card.field(f).to_string(),
            })
            .collect();
        let e = groups
            .entry(key)
            .or_insert((0, 0, card.named.name.clone(), None, None));
        if in_side {
            e.4.get_or_insert_with(|| card.named.id.clone());
        } else {
            e.0 += n;
            e.3.get_or_insert_with(|| card.named.id.clone());
        }
        e.1 += n;
    }
    let side_clause = list.side.map(|(_, s)| match &rule.filter {
        Some(_) => s.effects.clone().unwrap_or_else(|| s.copies.clone()),
        None => s.copies.clone(),
    });
    for (_, (in_list, with_side, name, list_id, side_id)) in groups {
        let (clause, at) = if in_list > max {
            (rule.clause.clone(), (list.key.to_string(), list_id))
        } else if with_side > max {
            let clause = side_clause.clone().unwrap_or_else(|| rule.clause.clone());
            (clause, ("sideboard".to_string(), side_id))
        } else {
            continue;
        };
        let n = in_list.max(with_side);
        out.push(DeckProblem {
            clause,
            message: format!("同じカードは{max}枚まで (at most {max} copies): {name} ×{n}"),
            at,
        });
    }
}
