//! What the linter knows of a call: the kernel API's arity (from its own documentation,
//! api/doc.rs) and which arguments name something the game declares.
use fuda_engine::def::game::GameDef;

/// How many arguments a `k.*` function takes: at least `min`, at most `max` (None: any).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arity {
    pub min: usize,
    pub max: Option<usize>,
}

/// The parameters of `k.name` as its signature documents them (name, optional), and whether
/// it takes more (`…`). None for a function the kernel does not have, or a table call.
pub fn params(name: &str) -> Option<(Vec<(String, bool)>, bool)> {
    let (_, _, sig, _, _) = crate::api::doc::API.iter().find(|e| e.1 == name)?;
    let after = &sig[sig.find(name)? + name.len()..];
    let inner = after.strip_prefix('(')?;
    // The parameter list up to its `)`, split at the commas outside `{…}`.
    let mut parts = vec![String::new()];
    let mut depth = 0i32;
    for ch in inner.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            ')' if depth == 0 => break,
            ',' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(p) = parts.last_mut() {
            p.push(ch);
        }
    }
    let (mut out, mut optional, mut vararg) = (Vec::new(), false, false);
    for part in &parts {
        let before = part.split('[').next().unwrap_or("").trim();
        let bare = part.trim().trim_matches([']', '[']).trim();
        if part.contains('…') {
            vararg = true;
        } else if !bare.is_empty() {
            let opt = optional || before.is_empty();
            out.push((bare.trim_end_matches(']').to_string(), opt));
        }
        optional |= part.contains('[');
    }
    Some((out, vararg))
}

/// The arity of `k.name` from its documented signature, e.g. `k.move(c, p, zone[, slot])`.
/// None for a function the kernel does not have; a table call (`k.add_effect{…}`) takes one.
pub fn arity(name: &str) -> Option<Arity> {
    let (_, _, sig, _, _) = crate::api::doc::API.iter().find(|e| e.1 == name)?;
    let after = &sig[sig.find(name)? + name.len()..];
    if after.starts_with('{') {
        return Some(Arity {
            min: 1,
            max: Some(1),
        });
    }
    let (ps, vararg) = params(name)?;
    Some(Arity {
        min: ps.iter().filter(|(_, opt)| !opt).count(),
        max: (!vararg).then_some(ps.len()),
    })
}

/// What an argument of a `k.*` call names, by function and position (0-based).
pub fn id_arg(name: &str) -> &'static [(usize, IdKind)] {
    use IdKind::*;
    match name {
        "cards" | "count" | "shuffle" | "set_zone_exists" | "zone_exists" => &[(1, Zone)],
        "slots" => &[(0, Zone)],
        "move" => &[(2, Zone)],
        "field" | "printed" | "eval_field" | "base" => &[(1, Field)],
        "set_orientation" => &[(1, Orientation)],
        "flag" | "set_flag" => &[(1, Flag)],
        "counter" | "add_counter" => &[(1, Counter)],
        "ovar" | "set_ovar" | "add_ovar" => &[(1, ObjectVar)],
        "attach" | "put_on_top" | "reattach" => &[(2, Role)],
        "attachments" => &[(1, Role)],
        "pvar" | "set_pvar" => &[(1, PlayerVar)],
        "gvar" | "set_gvar" => &[(0, GameVar)],
        "event" | "would_trigger" => &[(0, Event)],
        "setting" => &[(0, Setting)],
        "run_ability" => &[(2, Hook)],
        "expire" => &[(0, Duration)],
        "open_window" => &[(0, ActionGroup)],
        _ => &[],
    }
}

/// A kind of name a game declares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum IdKind {
    Zone,
    Field,
    Orientation,
    Flag,
    Counter,
    ObjectVar,
    Role,
    PlayerVar,
    GameVar,
    Event,
    Setting,
    Hook,
    Duration,
    ActionGroup,
}

impl IdKind {
    /// What the game calls it, and where it is declared.
    pub fn what(self) -> (&'static str, &'static str) {
        match self {
            IdKind::Zone => ("zone", "zones"),
            IdKind::Field => ("card field", "card_fields"),
            IdKind::Orientation => ("orientation", "orientations"),
            IdKind::Flag => ("object flag", "object_flags"),
            IdKind::Counter => ("counter", "counters"),
            IdKind::ObjectVar => ("object variable", "object_vars"),
            IdKind::Role => ("attachment role", "attachment_roles"),
            IdKind::PlayerVar => ("player variable", "player_vars"),
            IdKind::GameVar => ("game variable", "game_vars"),
            IdKind::Event => ("event", "events"),
            IdKind::Setting => ("setting", "settings"),
            IdKind::Hook => ("card hook kind", "card_hooks"),
            IdKind::Duration => ("duration", "durations"),
            IdKind::ActionGroup => ("action group", "actions"),
        }
    }

    /// The names of this kind the game declares.
    pub fn declared(self, game: &GameDef) -> Vec<&str> {
        match self {
            IdKind::Zone => game.zones.iter().map(|z| z.named.id.as_str()).collect(),
            IdKind::Field => game.fields.keys().map(String::as_str).collect(),
            IdKind::Orientation => game.orientations.iter().map(|n| n.id.as_str()).collect(),
            IdKind::Flag => game.flags.iter().map(|n| n.id.as_str()).collect(),
            IdKind::Counter => game.counters.iter().map(|n| n.id.as_str()).collect(),
            IdKind::ObjectVar => game.object_vars.iter().map(|n| n.id.as_str()).collect(),
            IdKind::Role => game.roles.iter().map(|r| r.named.id.as_str()).collect(),
            IdKind::PlayerVar => game.player_vars.iter().map(|v| v.id.as_str()).collect(),
            IdKind::GameVar => game.game_vars.iter().map(|v| v.id.as_str()).collect(),
            IdKind::Event => game.events.iter().map(|e| e.id.as_str()).collect(),
            IdKind::Setting => game.settings.keys().map(String::as_str).collect(),
            IdKind::Hook => fuda_engine::def::ability::KERNEL_HOOKS
                .iter()
                .copied()
                .chain(game.card_hooks.keys().map(String::as_str))
                .collect(),
            IdKind::Duration => {
                let mut out: Vec<&str> = game.durations.iter().map(|d| d.id.as_str()).collect();
                if game.chain.is_some() && !out.contains(&"chain") {
                    out.push("chain");
                }
                out
            }
            IdKind::ActionGroup => {
                let mut out: Vec<&str> = Vec::new();
                for a in &game.actions {
                    if !out.contains(&a.group.as_str()) {
                        out.push(a.group.as_str());
                    }
                }
                out
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arities_come_from_the_signatures() {
        let a = |n| arity(n).expect(n);
        assert_eq!(
            a("move"),
            Arity {
                min: 3,
                max: Some(6)
            }
        );
        assert_eq!(
            a("turn"),
            Arity {
                min: 0,
                max: Some(0)
            }
        );
        assert_eq!(a("log"), Arity { min: 1, max: None });
        assert_eq!(
            a("choose_cards"),
            Arity {
                min: 2,
                max: Some(3)
            }
        );
        assert_eq!(
            a("add_effect"),
            Arity {
                min: 1,
                max: Some(1)
            }
        );
        assert_eq!(
            a("set_face"),
            Arity {
                min: 2,
                max: Some(3)
            }
        );
        assert!(arity("nonexistent").is_none());
        // Every documented function has a readable signature.
        for e in crate::api::doc::API {
            assert!(arity(e.1).is_some(), "{}", e.2);
        }
    }
}
