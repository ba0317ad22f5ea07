//! Abilities printed on cards (801): what a card's YAML says about them, validated.
use super::files;
use crate::error::{Lines, LoadError, Location};
use fuda_grammar::Expr;
use serde::Deserialize;
use std::path::Path;

/// The kinds of ability (801.1), plus the templates effects use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AbilityKind {
    /// 常時能力 (805): applies while valid; `modify` + `applies_to`, or a replacement (810).
    Static,
    /// 起動能力 (806): played by its controller in their main phase.
    Activated,
    /// 誘発能力 (807): `when` an event happens (or `when_state`, a condition trigger 807.7).
    Triggered,
    /// 遅発誘発能力 (807.6): not active by itself; an effect creates it with `k.delay`.
    Delayed,
    /// コマンド能力 (801.1d): the text of a strategy or tactic, resolved when played (804).
    Command,
    /// スキル能力 (801.1e): the text of the skill named in `skill:`; hooks the game's battle
    /// procedure calls (e.g. `base` 704.3a-1, `modify_damage` 704.3b, `splash` 704.4, `effect` 704.5).
    Skill,
}

/// Lua source of a hook, with where it starts in its file (for error lines).
#[derive(Clone, Debug, PartialEq)]
pub struct HookSrc {
    /// Inline Lua (a function body), or empty when the hook is a function in a file.
    pub code: String,
    pub location: Location,
    /// `@file.lua:name`: the function `name` of the table a Lua file beside the card returns.
    pub file_fn: Option<(std::path::PathBuf, String)>,
}

pub use super::modify::{Amount, Modify, ModifyOp};

/// An ability after validation.
#[derive(Clone, Debug)]
pub struct AbilityDef {
    pub name: String,
    pub name_en: Option<String>,
    pub kind: AbilityKind,
    /// An EX skill (209): invalid while its unit is stunned (802.2a), and "from a skill" (813.3).
    pub ex_skill: bool,
    pub non_cumulative: bool,
    pub text: Option<String>,
    /// Triggered / delayed: the event that triggers it.
    pub when: Option<String>,
    /// Condition trigger (807.7): triggers while this holds and it is not already triggered.
    pub when_state: Option<(Expr, String)>,
    /// Extra condition (grammar), checked when the event happens or the effect would apply.
    pub condition: Option<(Expr, String)>,
    /// Where the `if:` condition is written.
    pub condition_at: Location,
    /// Static: which cards it applies to (a selector over `it`); none: the card itself.
    pub applies_to: Option<(Expr, String)>,
    pub modify: Vec<Modify>,
    /// Static replacement (810): the event kind it replaces.
    pub replaces: Option<String>,
    /// "may": the affected player chooses whether to apply it (810.3).
    pub optional: bool,
    /// Triggered: playing it reveals its hidden card until it leaves the chain (4.5.1).
    pub reveal: bool,
    /// Lua hooks by name (see [`HOOKS`]).
    pub hooks: Vec<(String, HookSrc)>,
    /// Skill abilities: the skill (by name) whose text this is (801.1e).
    pub skill: Option<String>,
    /// Count limit (803.1): how many times per turn it can be played.
    pub per_turn: Option<u32>,
    /// Static prohibitions (104.4): game actions that cannot be done while its `if` holds.
    pub prohibits: Vec<String>,
    /// 802.3: the zones (ids) where this ability is valid instead of the area.
    pub zones: Option<Vec<String>>,
    /// 805.2: a defining ability (基準能力): valid in every zone, part of the base (809.1a).
    pub defining: bool,
    /// Exempt from the game's `ability_valid_if` (東方VISION 12.4: 【】 text).
    pub unnegatable: bool,
}

impl AbilityDef {
    pub fn hook(&self, name: &str) -> Option<&HookSrc> {
        self.hooks.iter().find(|(n, _)| n == name).map(|(_, h)| h)
    }
}

/// The hooks the kernel itself runs: `effect` (806, 807) and `replace` (810). The game's
/// script runs the kinds it declares in `card_hooks:`.
pub const KERNEL_HOOKS: [&str; 2] = ["effect", "replace"];

/// The hook names an ability may give.
pub const HOOKS: [&str; 9] = [
    "effect",
    "condition",
    "cost",
    "targets",
    "replace",
    "base",
    "modify_damage",
    "splash",
    "fails",
];

pub use super::ability_raw::{RawAbility, RawModify};

/// Where things are in the card file, to point errors at the right line.
pub struct Src<'a> {
    pub file: &'a Path,
    pub lines: &'a Lines<'a>,
    /// The folder `@file.lua:name` references must stay in (the pack's).
    pub root: &'a Path,
    /// The card's id, for messages.
    pub card: &'a str,
    /// Byte offset of the card's entry; searches start here.
    pub from: usize,
    /// The game, whose names expressions must use.
    pub game: &'a super::game::GameDef,
}

impl Src<'_> {
    pub(super) fn at(&self, needle: &str) -> Location {
        let l = self.lines.locate(self.file, needle, self.from);
        if l.line == 0 {
            self.lines.locate(self.file, needle, 0)
        } else {
            l
        }
    }

    /// Where `needle` is inside the ability named `ability` (after its name), else in the card.
    fn at_in_ability(&self, ability: &str, needle: &str) -> Location {
        let start = self
            .lines
            .find(
                &format!("name: {ability}"),
                self.from.min(self.lines.text.len()),
            )
            .unwrap_or(self.from);
        match self.lines.find(needle, start) {
            Some(i) => {
                let mut l = Location::file(self.file);
                (l.line, l.column) = self.lines.line_col(i);
                l
            }
            None => self.at(needle),
        }
    }

    /// Where a block of Lua starts: the line of its first non-blank line. `@file.lua:name`
    /// names a function in a Lua file of the card's pack instead (checked to be inside it).
    fn code(&self, code: &str, errors: &mut Vec<LoadError>) -> HookSrc {
        let forgot_at = looks_like_file_ref(code.trim());
        if forgot_at {
            errors.push(
                LoadError::new(
                    self.at(code.trim()),
                    format!(
                        "\"{}\" is not Lua; a function in a Lua file is named with `@`",
                        code.trim()
                    ),
                )
                .hint(format!("write \"@{}\"", code.trim())),
            );
        }
        if let Some(r) = code
            .trim()
            .strip_prefix('@')
            .or(forgot_at.then_some(code.trim()))
        {
            let (file, name) = r.rsplit_once(':').unwrap_or((r, ""));
            let location = self.at(code.trim());
            // Relative to the card file's folder, inside the pack.
            let dir = self.file.parent().unwrap_or(Path::new(""));
            let sub = dir.strip_prefix(self.root).unwrap_or(Path::new(""));
            let file_fn = match files::resolve_from(self.root, sub, file, &location) {
                Ok((shown, _)) => Some((shown, name.to_string())),
                Err(e) => {
                    errors.push(e);
                    None
                }
            };
            return HookSrc {
                code: String::new(),
                location,
                file_fn,
            };
        }
        let first = code
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        let mut location = Location::file(self.file);
        if let Some(i) = self.lines.find(first, self.from.min(self.lines.text.len())) {
            (location.line, location.column) = self.lines.line_col(i);
        }
        HookSrc {
            code: code.to_string(),
            location,
            file_fn: None,
        }
    }

    /// `event.x` in a trigger's condition must be data its event carries (or `turn_player`,
    /// which every turn event has).
    fn event_keys(
        &self,
        e: &Expr,
        src: &str,
        ev: &super::events::EventDef,
        errors: &mut Vec<LoadError>,
    ) {
        for (key, span) in super::names::event_members(e) {
            if key == "turn_player" || ev.data.iter().any(|d| *d == key) {
                continue;
            }
            let mut loc = self.at(src);
            if loc.line > 0 {
                loc.column += src[..span.start.min(src.len())].chars().count();
            }
            let hint = super::card::did_you_mean(&key, ev.data.iter().map(String::as_str));
            errors.push(
                LoadError::new(
                    loc,
                    format!("if: the event \"{}\" has no data \"{key}\"", ev.id),
                )
                .hint(format!("{hint} (its data: {})", ev.data.join(", "))),
            );
        }
    }

    /// Parses an expression of the card; a syntax error or a name the game does not know is
    /// a load error at its line and column.
    pub(crate) fn expr(
        &self,
        src: &str,
        what: &str,
        errors: &mut Vec<LoadError>,
    ) -> Option<(Expr, String)> {
        match fuda_grammar::parse(src) {
            Ok(e) => {
                // A condition or an amount is about the game, not one card: `self.hp`.
                let bare = !matches!(what, "if" | "when_state" | "amount");
                for u in &super::names::unknown_names_in(&e, self.game, bare) {
                    let mut loc = self.at(src);
                    if loc.line > 0 {
                        loc.column += src[..u.span.start.min(src.len())].chars().count();
                    }
                    let msg = if u.bare {
                        format!("{what}: \"{}\" alone names no card here", u.name)
                    } else {
                        format!("{what}: unknown name \"{}\"", u.name)
                    };
                    errors.push(LoadError::new(loc, msg).hint(format!("{} (in `{src}`)", u.hint)));
                }
                Some((e, src.to_string()))
            }
            Err(e) => {
                let mut loc = self.at(src);
                if loc.line > 0 {
                    loc.column += e.col - 1;
                }
                errors.push(
                    LoadError::new(loc, format!("{what}: {}", e.message))
                        .hint(format!("in `{src}`")),
                );
                None
            }
        }
    }
}

/// The declared event a `when:` names (807.2); an undeclared one is an error at it.
fn when_event<'g>(
    src: &Src<'g>,
    when: &str,
    errors: &mut Vec<LoadError>,
) -> Option<&'g super::events::EventDef> {
    match super::events::unknown(&src.game.events, when) {
        None => src.game.event(when),
        Some((msg, hint)) => {
            let mut at = src.at(&format!("when: {when}"));
            if at.line > 0 {
                at.column += "when: ".len();
            } else {
                at = src.at(when);
            }
            errors.push(LoadError::new(at, format!("when: {msg}")).hint(hint));
            None
        }
    }
}

/// `file.lua:name` written without its `@` (as Lua it would be a syntax error on no line).
fn looks_like_file_ref(code: &str) -> bool {
    match code.split_once(".lua:") {
        Some((file, name)) => {
            !file.is_empty()
                && file
                    .chars()
                    .all(|c| c.is_alphanumeric() || "_-./".contains(c))
                && !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        }
        None => false,
    }
}

/// The kernel's ability kinds by their names in card YAML.
pub const KINDS: [(&str, AbilityKind); 6] = [
    ("static", AbilityKind::Static),
    ("activated", AbilityKind::Activated),
    ("triggered", AbilityKind::Triggered),
    ("delayed", AbilityKind::Delayed),
    ("command", AbilityKind::Command),
    ("skill", AbilityKind::Skill),
];

/// Validates one ability; problems go to `errors`.
pub fn build(src: &Src, raw: RawAbility, errors: &mut Vec<LoadError>) -> AbilityDef {
    let mut hooks = Vec::new();
    for (name, body) in [
        ("effect", &raw.effect),
        ("condition", &raw.condition_hook),
        ("cost", &raw.cost),
        ("targets", &raw.targets),
        ("replace", &raw.replace),
        ("base", &raw.base),
        ("modify_damage", &raw.modify_damage),
        ("splash", &raw.splash),
        ("fails", &raw.fails),
    ] {
        if let Some(code) = body {
            let before = errors.len();
            hooks.push((name.to_string(), src.code(code, errors)));
            for e in &mut errors[before..] {
                e.message = format!(
                    "card {} ability 「{}」 {name}: {}",
                    src.card, raw.name, e.message
                );
            }
        }
    }
    for (name, _) in &hooks {
        if !src.game.runs_card_hook(name) {
            let mut run: Vec<&str> = KERNEL_HOOKS.to_vec();
            for h in src.game.card_hooks.keys() {
                if !run.contains(&h.as_str()) {
                    run.push(h);
                }
            }
            errors.push(
                LoadError::new(
                    src.at_in_ability(&raw.name, &format!("{name}:")),
                    format!(
                        "ability 「{}」: the game never runs a `{name}` hook, so it would do nothing",
                        raw.name
                    ),
                )
                .hint(format!(
                    "hooks this game runs: {} (game.yaml `card_hooks:`); do a cost or choose \
                     targets inside `effect:`",
                    run.join(", ")
                )),
            );
        }
    }
    let kind = match src.game.ability_kind(&raw.kind) {
        Some(k) => k,
        None => {
            let mut known: Vec<&str> = KINDS.iter().map(|(n, _)| *n).collect();
            known.extend(src.game.ability_kinds.keys().map(String::as_str));
            errors.push(
                LoadError::new(
                    src.at_in_ability(&raw.name, "kind:"),
                    format!("ability 「{}」: unknown kind \"{}\"", raw.name, raw.kind),
                )
                .hint(format!(
                    "{} (the kernel's kinds, and the game's `ability_kinds:`)",
                    super::card::did_you_mean(&raw.kind, known.iter().copied())
                )),
            );
            AbilityKind::Command
        }
    };
    let needs = |ok: bool, msg: &str, errors: &mut Vec<LoadError>| {
        if !ok {
            errors.push(LoadError::new(
                src.at(&raw.name),
                format!("ability 「{}」: {msg}", raw.name),
            ));
        }
    };
    match kind {
        AbilityKind::Triggered => needs(
            raw.when.is_some() ^ raw.when_state.is_some(),
            "a triggered ability needs `when: <event>` or `when_state: <condition>` (one of them)",
            errors,
        ),
        AbilityKind::Delayed => needs(raw.when.is_some(), "a delayed trigger needs `when: <event>`", errors),
        AbilityKind::Static => needs(
            !raw.modify.is_empty() || raw.replaces.is_some() || raw.modify_damage.is_some() || raw.fails.is_some() || !raw.prohibits.is_empty()
                || src.game.keyword_abilities.contains(&raw.name),
            "a static ability needs `modify:` (a continuous effect), `replaces:` (a replacement), `modify_damage:` (704.3b) or `fails:` (920), or a name the game lists in `keyword_abilities:`",
            errors,
        ),
        AbilityKind::Skill => needs(raw.skill.is_some(), "a skill ability needs `skill: <skill name>` (801.1e)", errors),
        AbilityKind::Activated | AbilityKind::Command => {}
    }
    if matches!(
        kind,
        AbilityKind::Triggered
            | AbilityKind::Delayed
            | AbilityKind::Activated
            | AbilityKind::Command
    ) {
        needs(
            raw.effect.is_some(),
            "this kind of ability needs an `effect:` (Lua)",
            errors,
        );
    }
    if raw.replaces.is_some() {
        needs(
            raw.replace.is_some(),
            "a replacement needs a `replace:` hook (Lua)",
            errors,
        );
    }
    let event = raw.when.as_deref().and_then(|w| when_event(src, w, errors));
    let modify = super::modify::modifies(src, &raw.modify, errors);
    let condition = raw
        .condition
        .as_deref()
        .and_then(|s| src.expr(s, "if", errors));
    if let (Some(ev), Some((e, s))) = (event, &condition) {
        src.event_keys(e, s, ev, errors);
    }
    AbilityDef {
        when_state: raw
            .when_state
            .as_deref()
            .and_then(|s| src.expr(s, "when_state", errors)),
        condition,
        condition_at: raw
            .condition
            .as_deref()
            .map_or_else(|| Location::file(src.file), |s| src.at(s)),
        applies_to: raw
            .applies_to
            .as_deref()
            .and_then(|s| src.expr(s, "applies_to", errors)),
        name: raw.name,
        name_en: raw.name_en,
        kind,
        ex_skill: raw.ex_skill,
        non_cumulative: raw.non_cumulative,
        text: raw.text,
        when: raw.when,
        modify,
        replaces: raw.replaces,
        optional: raw.optional,
        reveal: raw.reveal,
        hooks,
        skill: raw.skill,
        per_turn: raw.per_turn,
        prohibits: raw.prohibits,
        zones: raw.zones,
        defining: raw.defining,
        unnegatable: raw.unnegatable,
    }
}

/// The registry name of a card ability's hook, as the script host knows it.
pub fn hook_name(card_def: usize, ability: usize, hook: &str) -> String {
    format!("card:{card_def}:{ability}:{hook}")
}
