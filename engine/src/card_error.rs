//! A card's error is the card's (docs/abilities.md): a card hook that fails — a Lua error, an
//! illegal API call, a result of the wrong type — or a card expression that cannot be
//! evaluated is undone and logged naming the card, its ability, the hook and the card's
//! file:line; the game goes on. The game's own files are never blamed for it.
use crate::def::ability::HookSrc;
use crate::error::{Location, RunError};
use crate::game::{Defs, Game};
use crate::value::Value;

/// (card definition, ability, hook kind) of a card hook's registry name `card:C:A:hook`.
pub fn parse_card_hook(hook: &str) -> Option<(usize, usize, &str)> {
    let mut p = hook.splitn(4, ':');
    match (p.next(), p.next(), p.next(), p.next()) {
        (Some("card"), Some(c), Some(a), Some(h)) => Some((c.parse().ok()?, a.parse().ok()?, h)),
        _ => None,
    }
}

impl Defs {
    /// The source of a card hook by its registry name.
    pub fn hook_src(&self, hook: &str) -> Option<&HookSrc> {
        let (c, a, h) = parse_card_hook(hook)?;
        self.cards.cards.get(c)?.abilities.get(a)?.hook(h)
    }

    /// The files a card hook's code is in: the card file, and its `@file.lua` if it names one.
    pub fn card_hook_files(&self, hook: &str) -> Vec<String> {
        let Some(src) = self.hook_src(hook) else {
            return Vec::new();
        };
        let mut out = vec![src.location.file.display().to_string()];
        if let Some((f, _)) = &src.file_fn {
            out.push(f.display().to_string());
        }
        out
    }

    /// Where a card hook is written (its first line, or its `@file.lua:fn` reference).
    pub fn hook_location(&self, hook: &str) -> Option<&Location> {
        self.hook_src(hook).map(|s| &s.location)
    }
}

/// Whether `v` may be used where a value like `old` was (nil always may).
fn same_type(old: &Value, new: &Value) -> bool {
    std::mem::discriminant(old) == std::mem::discriminant(new)
        || matches!(new, Value::Null)
        || matches!(old, Value::Null)
}

/// 810: a replace hook returns the changed event (a table) or nil; a changed event keeps each
/// field's type, so the game's procedure can use it as before.
pub fn check_replaced(original: &Value, r: &Value) -> Result<(), String> {
    match r {
        Value::Null | Value::Bool(false) => Ok(()),
        Value::Map(m) => {
            for (k, new) in m {
                if let Some(old) = original.get(k) {
                    if !same_type(old, new) {
                        return Err(format!(
                            "the changed event's `{k}` is {}, but it was {}",
                            new.type_name(),
                            old.type_name()
                        ));
                    }
                }
            }
            Ok(())
        }
        other => Err(format!(
            "a replace hook returns the changed event (a table) or nil, not {}",
            other.type_name()
        )),
    }
}

/// What begins the log line of a card's error (scenarios look for it).
pub const SCRIPT_ERROR: &str = "⚠ スクリプトエラー";

impl Game {
    /// A card hook's result against what the game's script takes from that hook kind
    /// (`card_hooks:` in game.yaml).
    pub fn check_hook_result(&self, hook: &str, v: &Value) -> Result<(), String> {
        let Some((_, _, kind)) = parse_card_hook(hook) else {
            return Ok(());
        };
        let expect = self.defs.game.hook_return(kind);
        if expect.accepts(v) {
            return Ok(());
        }
        Err(format!(
            "a `{kind}` hook returns {} (card_hooks in {}), not {}",
            expect.word(),
            self.defs
                .game
                .file
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into()),
            v.type_name()
        ))
    }

    /// The text a card hook's failure is logged with: the card, ability and hook, the message,
    /// and the hook's file:line when the message names no place in the card's files.
    pub fn card_error_text(&self, hook: &str, e: &RunError) -> String {
        let message = match e {
            RunError::Script { message, .. } => message.as_str(),
            RunError::Definition(m) => m.as_str(),
        };
        let files = self.defs.card_hook_files(hook);
        let located = files.iter().any(|f| message.contains(&format!("{f}:")));
        let at = match self.defs.hook_location(hook) {
            Some(l) if !located => format!(" (at {l})"),
            _ => String::new(),
        };
        format!(
            "script error in {}: {message}{at}",
            self.defs.describe_hook(hook)
        )
    }

    /// A card's expression (`what`: `「ability」 if`, `field target`) failed at run time: the
    /// card's error, logged once per turn; the caller reads it as false or nil.
    pub fn card_expr_error(
        &mut self,
        card: crate::ids::CardIdx,
        what: &str,
        at: &Location,
        message: &str,
    ) {
        let def = &self.defs.cards.cards[self.st.objects[card as usize].def as usize];
        let message = message
            .split('\n')
            .map(str::trim_end)
            .filter(|l| !l.trim().is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let text = format!(
            "script error in card {} {}{what}: {message} (at {at})",
            def.named.id, def.named.name
        );
        self.log_card_error(&text, true);
    }

    /// Logs a card's error ([`SCRIPT_ERROR`]); with `once`, not again in the same turn.
    pub fn log_card_error(&mut self, text: &str, once: bool) {
        let line = format!(
            "{SCRIPT_ERROR} (script error): {text} — この処理は行われない (the card's action is cancelled)"
        );
        let turn = self.st.turn;
        if once
            && self
                .log
                .iter()
                .rev()
                .take_while(|l| l.turn == turn)
                .any(|l| l.text == line)
        {
            return;
        }
        self.log_line(None, line);
    }
}
