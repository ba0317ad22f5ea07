//! Events (trigger conditions, 807.2) a game declares in `events:`: what `when:` may name, what
//! a turn's `event:` step and a script's `k.event` may raise, and the data each carries.
use serde::Deserialize;

/// One event as written in game.yaml.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawEvent {
    /// The name `when:`, `event:` and `k.event` use (e.g. ダメージを受けた).
    pub id: String,
    #[serde(default)]
    pub name_en: Option<String>,
    /// The rule that makes it happen.
    #[serde(default)]
    pub clause: Option<String>,
    /// The keys of its data (`event.card`, `event.amount`, …). A turn step's event always
    /// carries `turn_player`.
    #[serde(default)]
    pub data: Vec<String>,
    #[serde(default)]
    pub doc: Option<String>,
    /// An ability triggers on this event at most once per turn per card object (Victory Spark
    /// 6.8.1.1: "whose condition has not yet been met this turn"), however often it happens.
    #[serde(default)]
    pub once_per_turn: bool,
}

/// A declared event.
#[derive(Clone, Debug, PartialEq)]
pub struct EventDef {
    pub id: String,
    pub name_en: Option<String>,
    pub clause: Option<String>,
    pub data: Vec<String>,
    pub once_per_turn: bool,
}

/// The kernel's own zone-move event (807.5), known to every game.
pub const MOVED_DATA: [&str; 5] = ["card", "new", "from", "to", "player"];

/// The events of a game: the kernel's zone-move event, then the game's in order.
pub fn build(raw: &[RawEvent]) -> Vec<EventDef> {
    let mut out = Vec::new();
    if !raw.iter().any(|e| e.id == crate::verbs::MOVED) {
        out.push(EventDef {
            id: crate::verbs::MOVED.to_string(),
            name_en: Some("moved".into()),
            clause: None,
            data: MOVED_DATA.iter().map(|s| s.to_string()).collect(),
            once_per_turn: false,
        });
    }
    out.extend(raw.iter().map(|e| EventDef {
        id: e.id.clone(),
        name_en: e.name_en.clone(),
        clause: e.clause.clone(),
        data: e.data.clone(),
        once_per_turn: e.once_per_turn,
    }));
    out
}

/// Why `name` is not an event of the game, with a did-you-mean hint; None if it is one.
pub fn unknown(events: &[EventDef], name: &str) -> Option<(String, String)> {
    if events.iter().any(|e| e.id == name) {
        return None;
    }
    let hint = super::card::did_you_mean(name, events.iter().map(|e| e.id.as_str()));
    Some((
        format!("the game declares no event \"{name}\""),
        format!("{hint} (events are declared in game.yaml `events:`)"),
    ))
}

/// The data keys of `data` that the event does not declare, for a script raising it.
pub fn undeclared_keys<'a>(ev: &EventDef, keys: impl Iterator<Item = &'a str>) -> Vec<String> {
    keys.filter(|k| !ev.data.iter().any(|d| d == k))
        .map(str::to_string)
        .collect()
}
