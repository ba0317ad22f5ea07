//! Static checks of a card's expressions against the game: every bare name, member and
//! function must be one the game knows (a field, zone, counter, flag, role, player variable
//! or a name of the language), so a typo is a load error, not an error in every game.
use super::game::GameDef;
use fuda_grammar::{Expr, ExprKind, Span, BUILTINS};

/// Names every expression knows (docs/game-definition.md, engine/src/expr.rs).
const GLOBALS: &[&str] = &[
    "self",
    "このカード",
    "my",
    "自分",
    "controller",
    "p1",
    "p2",
    "opponent",
    "相手",
    "turn",
    "turn_player",
    "event",
    "data",
    "it",
    "phase",
    "step",
    "chain_size",
    "game",
];
/// What every card has besides the game's fields (engine/src/expr.rs `card_member`).
const CARD: &[&str] = &[
    "name",
    "名前",
    "id",
    "type",
    "種類",
    "subtype",
    "分類",
    "zone",
    "orientation",
    "owner",
    "controller",
    "face_up",
    "holder",
];
/// What every player has besides zones and variables.
const PLAYER: &[&str] = &["number", "area"];

/// Every name a member or bare name may be in this game.
fn members(game: &GameDef) -> Vec<&str> {
    let mut out: Vec<&str> = CARD.iter().chain(PLAYER).copied().collect();
    out.push("count");
    out.extend(game.counters.iter().map(|n| n.id.as_str()));
    out.extend(game.flags.iter().map(|n| n.id.as_str()));
    out.extend(game.roles.iter().map(|r| r.named.id.as_str()));
    out.extend(game.zones.iter().map(|z| z.named.id.as_str()));
    out.extend(game.player_vars.iter().map(|v| v.id.as_str()));
    out.extend(game.game_vars.iter().map(|v| v.id.as_str()));
    for (k, f) in &game.fields {
        out.push(k);
        if let Some(n) = &f.name {
            out.push(n);
        }
    }
    out
}

/// Names an expression could read two ways (a role and a field both called `flame`): each
/// pair as (name, first meaning, second meaning).
pub fn collisions(game: &GameDef) -> Vec<(String, String, String)> {
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut out = Vec::new();
    let mut add = |name: &str, what: String| match seen.iter().find(|(n, _)| *n == name) {
        Some((_, first)) if *first != what => {
            out.push((name.to_string(), first.clone(), what));
        }
        Some(_) => {}
        None => seen.push((name.to_string(), what)),
    };
    for n in CARD.iter().chain(PLAYER) {
        add(n, "a name every card or player has".into());
    }
    for (k, f) in &game.fields {
        add(k, format!("the card field \"{k}\""));
        if let Some(n) = &f.name {
            add(n, format!("the card field \"{k}\""));
        }
    }
    for c in &game.counters {
        add(&c.id, "a counter".into());
    }
    for f in &game.flags {
        add(&f.id, "an object flag".into());
    }
    for r in &game.roles {
        add(&r.named.id, "an attachment role".into());
    }
    for z in &game.zones {
        add(&z.named.id, "a zone".into());
    }
    for v in &game.player_vars {
        add(&v.id, "a player variable".into());
    }
    out
}

/// [`collisions`] as load errors, each at the later declaration (`id: name`), else where the
/// name first appears.
pub fn collision_errors(
    game: &GameDef,
    file: &std::path::Path,
    lines: &crate::error::Lines,
) -> Vec<crate::error::LoadError> {
    collisions(game)
        .into_iter()
        .map(|(name, first, second)| {
            let needle = format!("id: {name}");
            let mut last = None;
            while let Some(i) = lines.find(&needle, last.map_or(0, |l| l + needle.len())) {
                last = Some(i);
            }
            let mut at = lines.locate(file, &name, 0);
            if let Some(i) = last {
                (at.line, at.column) = lines.line_col(i + "id: ".len());
            }
            crate::error::LoadError::new(
                at,
                format!(
                    "\"{name}\" is both {first} and {second}, so expressions could not tell which"
                ),
            )
            .hint("give one of them another id")
        })
        .collect()
}

/// An unknown name in an expression: the name, where it is, and the names it might mean.
pub struct Unknown {
    pub name: String,
    pub span: Span,
    pub hint: String,
    /// A card's name written bare where no card is meant (`hp` for `self.hp`).
    pub bare: bool,
}

/// Parses `src` and checks its names: the first problem, as a message.
pub fn check_src(src: &str, game: &GameDef) -> Result<(), String> {
    let e = fuda_grammar::parse(src).map_err(|e| format!("`{src}`: {}", e.message))?;
    match unknown_names(&e, game).first() {
        None => Ok(()),
        Some(u) => Err(format!("`{src}`: unknown name \"{}\" ({})", u.name, u.hint)),
    }
}

/// The names in `e` the game does not know. Members of `event` and `data` are free (an
/// event's data is whatever the game raises).
pub fn unknown_names(e: &Expr, game: &GameDef) -> Vec<Unknown> {
    unknown_names_in(e, game, true)
}

/// [`unknown_names`] where a bare field name (`hp`) means a card's only if `bare` (in
/// `applies_to:` and a card's expression field, evaluated about one card) or after `where`;
/// elsewhere (`if:`, `when_state:`, amounts) it must be written `self.hp`.
pub fn unknown_names_in(e: &Expr, game: &GameDef, bare: bool) -> Vec<Unknown> {
    let known = members(game);
    let mut out = Vec::new();
    walk(e, game, &known, bare, &mut out);
    out
}

fn walk(e: &Expr, game: &GameDef, known: &[&str], bare: bool, out: &mut Vec<Unknown>) {
    let mut unknown = |name: &str, span: Span, pool: &mut dyn Iterator<Item = &str>| {
        out.push(Unknown {
            name: name.to_string(),
            span,
            hint: hint(name, pool),
            bare: false,
        })
    };
    match &e.kind {
        ExprKind::Ident(n) => {
            if GLOBALS.contains(&n.as_str()) {
            } else if !known.contains(&n.as_str()) {
                unknown(n, e.span, &mut GLOBALS.iter().chain(known).copied());
            } else if !bare {
                out.push(Unknown {
                    name: n.to_string(),
                    span: e.span,
                    hint: format!(
                        "write `self.{n}` (a bare name is a card's only in `applies_to:`, in a \
                         card's expression field and after `where`)"
                    ),
                    bare: true,
                });
            }
        }
        ExprKind::Member { base, name } => {
            let free = matches!(&base.kind, ExprKind::Ident(b) if b == "event" || b == "data");
            if !free && !known.contains(&name.as_str()) {
                let at = Span::new(e.span.end.saturating_sub(name.len()), e.span.end);
                unknown(name, at, &mut known.iter().copied());
            }
            walk(base, game, known, bare, out);
        }
        ExprKind::Call { name, args } => {
            let ok = BUILTINS.contains(&name.as_str())
                || name == "setting"
                || game.roles.iter().any(|r| &r.named.id == name);
            if !ok {
                let roles = game.roles.iter().map(|r| r.named.id.as_str());
                unknown(
                    name,
                    e.span,
                    &mut BUILTINS.iter().copied().chain(["setting"]).chain(roles),
                );
            }
            for a in args {
                walk(a, game, known, bare, out);
            }
        }
        ExprKind::Unary { expr, .. } => walk(expr, game, known, bare, out),
        ExprKind::Binary { lhs, rhs, .. } => {
            walk(lhs, game, known, bare, out);
            walk(rhs, game, known, bare, out);
        }
        ExprKind::Where {
            collection,
            condition,
        } => {
            walk(collection, game, known, bare, out);
            walk(condition, game, known, true, out);
        }
        ExprKind::List(items) => items.iter().for_each(|i| walk(i, game, known, bare, out)),
        ExprKind::Int(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::Null => {}
    }
}

/// The `event.<key>` members in `e`, with where each key is.
pub fn event_members(e: &Expr) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    members_of(e, "event", &mut out);
    out
}

fn members_of(e: &Expr, base_name: &str, out: &mut Vec<(String, Span)>) {
    match &e.kind {
        ExprKind::Member { base, name } => {
            if matches!(&base.kind, ExprKind::Ident(b) if b == base_name) {
                let at = Span::new(e.span.end.saturating_sub(name.len()), e.span.end);
                out.push((name.clone(), at));
            }
            members_of(base, base_name, out);
        }
        ExprKind::Call { args, .. } | ExprKind::List(args) => {
            args.iter().for_each(|a| members_of(a, base_name, out))
        }
        ExprKind::Unary { expr, .. } => members_of(expr, base_name, out),
        ExprKind::Binary { lhs, rhs, .. } => {
            members_of(lhs, base_name, out);
            members_of(rhs, base_name, out);
        }
        ExprKind::Where {
            collection,
            condition,
        } => {
            members_of(collection, base_name, out);
            members_of(condition, base_name, out);
        }
        ExprKind::Ident(_)
        | ExprKind::Int(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::Null => {}
    }
}

/// `did you mean "x"?` for a near miss (at most a third of the name changed, or one
/// character), else what names may be.
fn hint(name: &str, pool: &mut dyn Iterator<Item = &str>) -> String {
    let len = name.chars().count();
    let best = pool
        .map(|k| (super::card::edit_distance(name, k), k))
        .min_by_key(|(d, _)| *d);
    match best {
        Some((d, k)) if d == 1 || (d > 0 && d * 3 <= len) => format!("did you mean \"{k}\"?"),
        _ => "names are the game's fields, zones, counters, flags, roles and player variables, \
              or self, my, opponent, event, …; text is written in quotes (\"炎\")"
            .to_string(),
    }
}
