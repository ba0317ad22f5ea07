//! What the play table sends each seat: the seat's own view (engine/src/view_json.rs), the
//! options it is asked with the cards each concerns, and the game's layout. Built only from
//! what that seat may know: a hidden card is never in another seat's messages.
use fuda_engine::def::game::Visibility;
use fuda_engine::value::Value;
use fuda_engine::{Game, PlayerId};
use serde::Serialize;
use serde_json::json;

/// One option of the seat's decision.
#[derive(Serialize)]
pub struct OptionView {
    pub label: String,
    /// Handles of the cards the option names that the seat may see (to highlight them).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<i64>,
}

/// The game's layout, sent once per connection: zones as declared, in order.
pub fn meta(game: &Game, seat: Option<PlayerId>, seats: &[String; 2]) -> String {
    let g = &game.defs.game;
    let zones: Vec<_> = g
        .zones
        .iter()
        .map(|z| {
            json!({
                "id": z.named.id,
                "name": z.named.name,
                "name_en": z.named.name_en,
                "shared": z.shared,
                "visibility": match z.visibility {
                    Visibility::Public => "public",
                    Visibility::Owner => "owner",
                    Visibility::Hidden => "hidden",
                },
                "ordered": z.ordered,
                "count": z.count,
                "area": z.area,
            })
        })
        .collect();
    let fields: Vec<_> = g
        .fields
        .iter()
        .filter(|(_, f)| f.items.is_empty())
        .map(|(id, f)| json!({"id": id, "name": f.name.clone().unwrap_or_else(|| id.clone())}))
        .collect();
    json!({
        "type": "meta",
        "game": {"id": g.id, "name": g.named.name, "name_en": g.named.name_en},
        "seat": seat.map(|p| p + 1),
        "seats": seats,
        "zones": zones,
        "fields": fields,
        "orientations": g.orientations.iter().map(|o| &o.id).collect::<Vec<_>>(),
    })
    .to_string()
}

/// The state message for `seat` (None: a spectator, who sees the public view).
pub fn state(
    game: &Game,
    seat: Option<PlayerId>,
    version: u64,
    extra: &serde_json::Value,
) -> String {
    let view = match seat {
        Some(p) => game.view(Some(p)),
        None => public_view(game),
    };
    let options: Vec<OptionView> = match (seat, game.decision()) {
        (Some(p), Some(d)) if d.players.contains(&p) => d
            .options
            .iter()
            .map(|o| OptionView {
                label: o.label.clone(),
                cards: cards_named(game, p, &o.value),
            })
            .collect(),
        _ => Vec::new(),
    };
    let details = details(game, &view);
    json!({
        "type": "state",
        "version": version,
        "seat": seat.map(|p| p + 1),
        "view": view,
        "options": options,
        "details": details,
        "table": extra,
    })
    .to_string()
}

/// Each card the view shows: every card field's current value (after continuous effects),
/// by handle, for the card inspector.
fn details(game: &Game, view: &fuda_engine::View) -> serde_json::Map<String, serde_json::Value> {
    fn walk(c: &fuda_engine::CardView, out: &mut Vec<i64>) {
        out.extend(c.id);
        c.attached.iter().for_each(|a| walk(a, out));
    }
    let mut handles = Vec::new();
    for z in view
        .players
        .iter()
        .flat_map(|p| &p.zones)
        .chain(&view.shared)
    {
        z.cards.iter().for_each(|c| walk(c, &mut handles));
    }
    let g = &game.defs.game;
    handles
        .into_iter()
        .filter_map(|h| {
            let id = game.handle_id(h)?;
            let fields: serde_json::Map<String, serde_json::Value> = g
                .fields
                .iter()
                .filter(|(_, f)| f.items.is_empty())
                .map(|(k, _)| (k.clone(), game.field(id.card, k)))
                .filter(|(_, v)| *v != Value::Null)
                .map(|(k, v)| (k, serde_json::to_value(v).unwrap_or_default()))
                .collect();
            Some((h.to_string(), serde_json::Value::Object(fields)))
        })
        .collect()
}

/// What a spectator sees: only what every player may see (302.2): each card shown to a
/// spectator is one both players can see.
fn public_view(game: &Game) -> fuda_engine::View {
    let mut v = game.view(Some(0));
    let other = game.view(Some(1));
    v.viewer = None;
    for (pv, po) in v.players.iter_mut().zip(other.players.iter()) {
        for (zv, zo) in pv.zones.iter_mut().zip(po.zones.iter()) {
            for (cv, co) in zv.cards.iter_mut().zip(zo.cards.iter()) {
                hide_unless_both(cv, co);
            }
        }
    }
    for (zv, zo) in v.shared.iter_mut().zip(other.shared.iter()) {
        for (cv, co) in zv.cards.iter_mut().zip(zo.cards.iter()) {
            hide_unless_both(cv, co);
        }
    }
    v.chain = v
        .chain
        .into_iter()
        .zip(other.chain)
        .map(|(mut a, b)| {
            if b.name.is_none() {
                a.name = None;
            }
            if b.source.is_none() {
                a.source = None;
            }
            a
        })
        .collect();
    if let Some(d) = v.decision.as_mut() {
        d.yours = false;
        d.prompt = None;
        d.options.clear();
    }
    // Lines private to either player read as private to both.
    let full: Vec<String> = game.visible_log_for(None).map(|l| l.to_string()).collect();
    v.log = (v.log.into_iter().zip(other.log).zip(full))
        .map(|((a, b), f)| if a != f { a } else { b })
        .collect();
    v
}

fn hide_unless_both(cv: &mut fuda_engine::CardView, co: &fuda_engine::CardView) {
    if co.hidden && !cv.hidden {
        *cv = co.clone();
    }
    for (a, b) in cv.attached.iter_mut().zip(co.attached.iter()) {
        hide_unless_both(a, b);
    }
}

/// Handles in an option's value that name a card `seat` may see now.
fn cards_named(game: &Game, seat: PlayerId, v: &Value) -> Vec<i64> {
    let mut out = Vec::new();
    collect(game, seat, v, &mut out);
    out.dedup();
    out
}

fn collect(game: &Game, seat: PlayerId, v: &Value, out: &mut Vec<i64>) {
    match v {
        Value::Int(h) => {
            let st = game.position();
            let Some(id) = game.handle_id(*h) else { return };
            let live = st
                .objects
                .get(id.card as usize)
                .is_some_and(|o| o.id(id.card) == id);
            if live && game.can_see(seat, id.card) && !out.contains(h) {
                out.push(*h);
            }
        }
        Value::List(l) => l.iter().for_each(|x| collect(game, seat, x, out)),
        Value::Map(m) => m.values().for_each(|x| collect(game, seat, x, out)),
        _ => {}
    }
}

/// For tests (`--audit`): the cards `seat` may see (card ids, as a multiset) and the handles
/// of those it may not, at this version.
pub fn audit(game: &Game, seat: PlayerId, version: u64) -> String {
    let st = game.position();
    // The cards a view shows: those in zones, and what is attached to a shown card (as the
    // view nests them, 4 deep). An attachment whose card has left (until 1005 discards it) is
    // shown nowhere.
    let mut shown: Vec<fuda_engine::CardIdx> = st.zones.iter().flatten().copied().collect();
    let mut layer = shown.clone();
    for _ in 0..4 {
        let holders: Vec<fuda_engine::ObjId> = layer
            .iter()
            .map(|&c| st.objects[c as usize].id(c))
            .collect();
        layer = (st.objects.iter().enumerate())
            .filter(|(_, o)| o.attached_to.is_some_and(|h| holders.contains(&h)))
            .map(|(i, _)| i as fuda_engine::CardIdx)
            .collect();
        shown.extend(&layer);
    }
    let mut visible: Vec<String> = (shown.iter())
        .filter(|&&c| game.can_see(seat, c))
        .map(|&c| {
            game.defs.cards.cards[st.objects[c as usize].def as usize]
                .named
                .id
                .clone()
        })
        .collect();
    visible.sort();
    // Every card the seat may not see, shown or not: its handle must appear nowhere.
    let hidden: Vec<i64> = (st.objects.iter().enumerate())
        .filter(|(i, _)| !game.can_see(seat, *i as fuda_engine::CardIdx))
        .map(|(i, o)| game.handle(o.id(i as fuda_engine::CardIdx)))
        .collect();
    json!({"seat": seat + 1, "version": version, "visible": visible, "hidden_handles": hidden})
        .to_string()
}
