//! Loading and validating `game.yaml`; all problems are reported at once.
use super::compile::Compiler;
use super::game::*;
use super::program::{Instr, Program};
use super::raw::*;
use crate::error::{Lines, LoadError, LoadErrors, Location};
use indexmap::IndexMap;
use std::path::Path;

/// Reads and validates a game definition from its folder (which holds `game.yaml`) or file.
pub fn load_game(path: &Path) -> Result<GameDef, LoadErrors> {
    let (root, name) = if path.is_dir() {
        (path.to_path_buf(), "game.yaml".to_string())
    } else {
        let root = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        (root, name.to_string())
    };
    let file = root.join(&name);
    let (_, text) = super::files::read_confined(&root, &name, &Location::file(&file))?;
    parse_game(&file, &text)
}

/// Validates a game definition given its text; `file` names it in errors.
pub fn parse_game(file: &Path, text: &str) -> Result<GameDef, LoadErrors> {
    let raw: RawGame = super::yaml::from_str(file, text)?;
    let mut cx = Cx {
        file,
        lines: Lines::new(text),
        errors: Vec::new(),
        hooks: Vec::new(),
    };
    let def = cx.build(raw);
    cx.errors
        .extend(super::names::collision_errors(&def, file, &cx.lines));
    if cx.errors.is_empty() {
        Ok(def)
    } else {
        Err(LoadErrors(cx.errors))
    }
}

pub(super) struct Cx<'a> {
    pub(super) file: &'a Path,
    /// The text, for locating errors (linear in total, however many errors).
    lines: Lines<'a>,
    errors: Vec<LoadError>,
    hooks: Vec<String>,
}

fn named(id: &str, name: &str, en: &Option<String>) -> Named {
    Named {
        id: id.to_string(),
        name: name.to_string(),
        name_en: en.clone(),
    }
}

fn nm(n: &RawNamed) -> Named {
    named(&n.id, &n.name, &n.name_en)
}

impl Cx<'_> {
    pub(super) fn err(&mut self, needle: &str, msg: String, hint: Option<String>) {
        let mut e = LoadError::new(self.lines.locate(self.file, needle, 0), msg);
        e.hint = hint;
        self.errors.push(e);
    }

    pub(super) fn zone(&mut self, zones: &[ZoneDef], id: &str, what: &str) -> usize {
        match zones.iter().position(|z| z.named.id == id) {
            Some(i) => i,
            None => {
                let known: Vec<_> = zones.iter().map(|z| z.named.id.as_str()).collect();
                self.err(
                    id,
                    format!("{what} names the zone \"{id}\", which the game does not declare"),
                    Some(format!("declared zones: {}", known.join(", "))),
                );
                0
            }
        }
    }

    /// An optional expression of the grammar, reported where it is written if it does not parse.
    /// `card_hooks:` names hook kinds an ability may give (the kernel runs `replace` itself).
    fn card_hooks(
        &mut self,
        raw: &indexmap::IndexMap<String, HookReturn>,
    ) -> indexmap::IndexMap<String, HookReturn> {
        let kinds = super::ability::HOOKS.iter().filter(|h| **h != "replace");
        for k in raw.keys() {
            if !kinds.clone().any(|h| *h == k.as_str()) {
                let hint = super::card::did_you_mean(k, kinds.clone().copied());
                // At the key under `card_hooks:`, not an earlier mention (a comment).
                let from = self.lines.find_token("card_hooks:", 0).unwrap_or(0);
                let mut e = LoadError::new(
                    self.lines.locate(self.file, k, from),
                    format!("card_hooks: \"{k}\" is not a card hook kind the script calls"),
                );
                e.hint = Some(hint);
                self.errors.push(e);
            }
        }
        raw.clone()
    }

    pub(super) fn opt_expr(
        &mut self,
        src: &Option<String>,
        what: &str,
    ) -> Option<(fuda_grammar::Expr, String)> {
        let src = src.as_ref()?;
        match fuda_grammar::parse(src) {
            Ok(e) => Some((e, src.clone())),
            Err(e) => {
                self.err(src, format!("{what}: {}", e.message), None);
                None
            }
        }
    }

    /// The game's events; each declared once, and every turn `event:` step names one.
    fn events(
        &mut self,
        raw: &[super::events::RawEvent],
        program: &Program,
    ) -> Vec<super::events::EventDef> {
        for (i, e) in raw.iter().enumerate() {
            if raw[..i].iter().any(|d| d.id == e.id) {
                self.err(&e.id, format!("event \"{}\" is declared twice", e.id), None);
            }
        }
        let events = super::events::build(raw);
        for instr in &program.instrs {
            if let Instr::Event { name, .. } = instr {
                if let Some((msg, hint)) = super::events::unknown(&events, name) {
                    let needle = format!("event: {name}");
                    let mut e = LoadError::new(self.lines.locate(self.file, &needle, 0), msg);
                    e.location.column += "event: ".len() * usize::from(e.location.line > 0);
                    self.errors.push(e.hint(hint));
                }
            }
        }
        events
    }

    fn kernel_clauses(
        &mut self,
        raw: &super::kernel_clauses::RawKernelClauses,
    ) -> super::kernel_clauses::KernelClauses {
        let (map, unknown) = super::kernel_clauses::KernelClauses::build(raw);
        for (key, hint) in unknown {
            self.err(
                &format!("{key}:"),
                format!("kernel_clauses: the kernel has no step \"{key}\""),
                Some(hint),
            );
        }
        map
    }

    pub(super) fn hook(&mut self, name: &str) -> String {
        if !self.hooks.iter().any(|h| h == name) {
            self.hooks.push(name.to_string());
        }
        name.to_string()
    }

    /// The game's script files, each checked to be a file inside the game folder.
    fn scripts(&mut self, raw: &RawGame, dir: &Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for f in raw.script.as_ref().map(|s| s.files()).unwrap_or_default() {
            let at = self.lines.locate(self.file, f, 0);
            match super::files::resolve_confined(dir, f, &at) {
                Ok((shown, _)) => out.push(shown),
                Err(e) => self.errors.push(e.message_prefix("script: ")),
            }
        }
        out
    }

    /// The face template (`face:`), checked to be a file inside the game folder.
    fn face(&mut self, raw: &RawGame, dir: &Path) -> Option<std::path::PathBuf> {
        let f = raw.face.as_deref()?;
        let at = self.lines.locate(self.file, f, 0);
        match super::files::resolve_confined(dir, f, &at) {
            Ok((shown, _)) => Some(shown),
            Err(e) => {
                self.errors.push(e.message_prefix("face: "));
                None
            }
        }
    }

    fn build(&mut self, raw: RawGame) -> GameDef {
        let dir = match self.file.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        if raw.object_vars.len() > crate::state::MAX_OBJECT_VARS {
            self.err(
                "object_vars",
                format!("at most {} object variables", crate::state::MAX_OBJECT_VARS),
                None,
            );
        }
        if raw.object_flags.len() > crate::state::MAX_FLAGS {
            self.err(
                "object_flags",
                format!("at most {} object flags", crate::state::MAX_FLAGS),
                None,
            );
        }
        if raw.counters.len() > crate::state::MAX_COUNTERS {
            self.err(
                "counters",
                format!("at most {} counters", crate::state::MAX_COUNTERS),
                None,
            );
        }
        if raw.players != 2 {
            self.err(
                "players",
                "the kernel plays games of exactly 2 players (102.1)".into(),
                None,
            );
        }
        let mut zones = Vec::new();
        let mut next = 0u16;
        for z in &raw.zones {
            if zones.iter().any(|d: &ZoneDef| d.named.id == z.id) {
                self.err(&z.id, format!("zone \"{}\" is declared twice", z.id), None);
            }
            if z.count == 0 {
                self.err(
                    &z.id,
                    format!("zone \"{}\" has count 0", z.id),
                    Some("count must be at least 1".into()),
                );
            }
            let per = if z.shared { 1 } else { raw.players as u16 };
            zones.push(ZoneDef {
                named: named(&z.id, &z.name, &z.name_en),
                clause: z.clause.clone(),
                shared: z.shared,
                visibility: z.visibility.into(),
                ordered: z.ordered,
                count: z.count.max(1),
                capacity: z.capacity,
                area: z.area,
                keeps_effects: z.keeps_effects,
                first: next,
            });
            next += per * z.count.max(1) as u16;
        }
        let draw_from = self.zone(&zones, &raw.draw.from, "draw.from");
        let draw_to = self.zone(&zones, &raw.draw.to, "draw.to");
        let card_types: Vec<CardTypeDef> = raw
            .card_types
            .iter()
            .map(|t| CardTypeDef {
                named: named(&t.id, &t.name, &t.name_en),
                subtypes: t.subtypes.iter().map(nm).collect(),
                required: t.required.clone(),
            })
            .collect();
        for t in &raw.card_types {
            for f in &t.required {
                if !raw.card_fields.contains_key(f) {
                    self.err(f, format!("card type \"{}\" requires the field \"{f}\", which card_fields does not declare", t.id), None);
                }
            }
        }
        let deck = self.deck_rules(&raw.deck, &zones, &card_types);
        let actions: Vec<ActionDef> = raw
            .actions
            .iter()
            .map(|a| ActionDef {
                named: named(&a.id, &a.name, &a.name_en),
                clause: a.clause.clone(),
                group: a.group.clone(),
                options: a.options.as_ref().map(|h| self.hook(h)),
                perform: a.perform.as_ref().map(|h| self.hook(h)),
                can_pay: a.can_pay.as_ref().map(|h| self.hook(h)),
                pay: a.pay.as_ref().map(|h| self.hook(h)),
                ends_loop: a.ends_loop,
                who: a.who,
                after: a.priority,
            })
            .collect();
        let rule_processes = raw
            .rule_processes
            .iter()
            .map(|r| RuleProcessDef {
                named: named(&r.id, &r.name, &r.name_en),
                clause: r.clause.clone(),
                hook: self.hook(&r.hook),
            })
            .collect();
        let mut program = Program::default();
        let mut phase_names = Vec::new();
        let groups: Vec<String> = actions.iter().map(|a| a.group.clone()).collect();
        let ending: Vec<String> = actions
            .iter()
            .filter(|a| a.ends_loop)
            .map(|a| a.group.clone())
            .collect();
        let mut durations: Vec<String> = raw.durations.iter().map(|d| d.id.clone()).collect();
        if raw.chain.is_some() {
            durations.push("chain".into());
        }
        let mut pc = Compiler {
            cx: self,
            out: &mut program.instrs,
            groups: &groups,
            ending: &ending,
            durations: &durations,
        };
        pc.block(&raw.setup, None);
        pc.out.push(Instr::EndSetup);
        let turn_start = pc.out.len() as u32;
        let mut turn_end = None;
        let (mut phase_start, mut phase_after) = (Vec::new(), Vec::new());
        pc.out.push(Instr::BeginTurn);
        for (pi, ph) in raw.turn.phases.iter().enumerate() {
            let skip_at = ph.skip_if.as_ref().map(|c| {
                let cond = pc.cond(c);
                pc.out.push(Instr::JumpIf {
                    cond,
                    target: 0,
                    note: Some((
                        ph.skip_clause.clone(),
                        format!("{}をスキップ (skipped)", ph.name),
                    )),
                });
                pc.out.len() - 1
            });
            if ph.turn_end {
                if turn_end.is_some() {
                    pc.cx.err(
                        "turn_end: true",
                        "only one phase may be `turn_end: true`".into(),
                        None,
                    );
                }
                turn_end = Some(pc.out.len() as u32);
            }
            phase_start.push(pc.out.len() as u32);
            pc.out.push(Instr::PhaseStart(pi as u16));
            pc.block(&ph.run, None);
            let mut steps = Vec::new();
            for (si, st) in ph.steps.iter().enumerate() {
                let skip_step = st.skip_if.as_ref().map(|c| {
                    let cond = pc.cond(c);
                    let note = st
                        .skip_clause
                        .clone()
                        .map(|cl| (Some(cl), format!("{}をスキップ (skipped)", st.name)));
                    pc.out.push(Instr::JumpIf {
                        cond,
                        target: 0,
                        note,
                    });
                    pc.out.len() - 1
                });
                pc.out.push(Instr::StepStart(pi as u16, si as u16));
                pc.block(&st.run, None);
                if let Some(at) = skip_step {
                    let end = pc.out.len() as u32;
                    if let Instr::JumpIf { target, .. } = &mut pc.out[at] {
                        *target = end;
                    }
                }
                steps.push((named(&st.id, &st.name, &st.name_en), st.clause.clone()));
            }
            phase_after.push(pc.out.len() as u32);
            if let Some(at) = skip_at {
                let end = pc.out.len() as u32;
                if let Instr::JumpIf { target, .. } = &mut pc.out[at] {
                    *target = end;
                }
            }
            phase_names.push(PhaseInfo {
                named: named(&ph.id, &ph.name, &ph.name_en),
                clause: ph.clause.clone(),
                steps,
            });
        }
        let end_steps = pc.out.len() as u32;
        pc.block(&raw.turn.end, None);
        pc.out.push(Instr::EndTurn);
        let turn_end = turn_end.unwrap_or(end_steps);
        pc.out.push(Instr::Jump(turn_start));
        program.turn_start = turn_start;
        program.turn_end = turn_end;
        program.phase_start = phase_start;
        program.phase_after = phase_after;
        let vars = |vs: &[RawVar]| {
            vs.iter()
                .map(|v| VarDef {
                    id: v.id.clone(),
                    reset: v.reset,
                    initial: v.initial,
                })
                .collect()
        };
        let orientations: Vec<Named> = raw.orientations.iter().map(nm).collect();
        let move_rules = self.move_rules(&raw.move_rules, &zones, &orientations);
        GameDef {
            id: raw.id.clone(),
            named: named(&raw.id, &raw.name, &raw.name_en),
            version: raw.version.clone(),
            players: raw.players,
            dir: dir.clone(),
            file: self.file.to_path_buf(),
            scripts: self.scripts(&raw, &dir),
            face: self.face(&raw, &dir),
            zones,
            zone_instances: next,
            orientations,
            flags: raw.object_flags.iter().map(nm).collect(),
            counters: raw.counters.iter().map(nm).collect(),
            object_vars: raw
                .object_vars
                .iter()
                .map(|v| named(&v.id, &v.name, &v.name_en))
                .collect(),
            object_var_lists: raw.object_vars.iter().map(|v| v.list).collect(),
            roles: raw
                .attachment_roles
                .iter()
                .map(|r| RoleDef {
                    named: named(&r.id, &r.name, &r.name_en),
                    face_down: r.face_down,
                })
                .collect(),
            card_types,
            fields: self.fields(&raw),
            events: self.events(&raw.events, &program),
            player_vars: vars(&raw.player_vars),
            game_vars: vars(&raw.game_vars),
            draw_from,
            draw_to,
            draw_clause: raw.draw.clause.clone(),
            deck,
            program,
            phase_names,
            actions,
            rule_processes,
            turn_limit: raw.turn_limit.unwrap_or(1000),
            loop_limit: crate::def::raw::RawLoopLimit::build(&raw.loop_limit),
            kernel_clauses: self.kernel_clauses(&raw.kernel_clauses),
            losses: raw.losses.clone(),
            control: raw.control,
            move_rules,
            attachment_keeps_object: raw.attachment_keeps_object,
            own_zones_only: raw.own_zones_only.as_ref().map(|o| o.clause.clone()),
            loops: raw.loops.clone(),
            timestamp_ties: raw.timestamp_ties.as_ref().map(|o| o.clause.clone()),
            abilities_layer: (raw.layers.iter())
                .position(|l| l.fields.iter().any(|f| f == super::card::ABILITIES)),
            durations: raw.durations.clone(),
            ability_kinds: raw.ability_kinds.clone(),
            keyword_abilities: raw.keyword_abilities.keys().cloned().collect(),
            triggers: raw.triggers.clone(),
            priority: raw.priority.clone(),
            chain: raw.chain.as_ref().map(|c| {
                let mut c = c.clone();
                c.resolve_hook = self.hook(&c.resolve_hook);
                c.negated_hook = c.negated_hook.as_ref().map(|h| self.hook(h));
                c.end_hook = c.end_hook.as_ref().map(|h| self.hook(h));
                c
            }),
            view_fields: raw.view_fields.clone(),
            phrases: raw.phrases.clone(),
            layers: raw
                .layers
                .iter()
                .map(|l| {
                    (
                        named(&l.id, &l.name, &l.name_en),
                        l.clause.clone(),
                        l.fields.clone(),
                    )
                })
                .collect(),
            layer_order: raw
                .layers
                .iter()
                .map(|l| l.order.clone().unwrap_or_default())
                .collect(),
            layer_rounding: raw
                .layers
                .iter()
                .map(|l| self.rounding(l, &raw.settings))
                .collect(),
            layer_rounding_setting: raw
                .layers
                .iter()
                .map(|l| match &l.rounding {
                    Some(RawRounding::BySetting { setting, values }) => {
                        Some((setting.clone(), values.clone()))
                    }
                    _ => None,
                })
                .collect(),
            ability_valid_if: self.opt_expr(&raw.ability_valid_if, "ability_valid_if"),
            affected_if: self.opt_expr(&raw.affected_if, "affected_if"),
            skill_success_check: raw.skill_success_check.as_ref().map(|h| self.hook(h)),
            evaluate: raw.evaluate.as_ref().map(|h| self.hook(h)),
            ex_skill_valid_if: self.opt_expr(&raw.ex_skill_valid_if, "ex_skill_valid_if"),
            settings: raw
                .settings
                .iter()
                .map(|(k, v)| (k.clone(), v.value))
                .collect(),
            hooks: std::mem::take(&mut self.hooks),
            card_hooks: self.card_hooks(&raw.card_hooks),
        }
    }

    /// The card fields: as declared, and `abilities` (the names of a card's abilities) where a
    /// layer lists it (809.1c); a card's YAML cannot give that field, its `abilities:` do.
    fn fields(&mut self, raw: &RawGame) -> IndexMap<String, FieldDef> {
        let ab = super::card::ABILITIES;
        let mut fields: IndexMap<String, FieldDef> = (raw.card_fields.iter())
            .map(|(k, v)| (k.clone(), v.into()))
            .collect();
        if raw.layers.iter().any(|l| l.fields.iter().any(|f| f == ab)) {
            if fields.contains_key(ab) {
                self.err(
                    ab,
                    "card_fields declares \"abilities\", the kernel's list of a card's ability names (809.1c); rename the field".into(),
                    None,
                );
            }
            fields.insert(
                ab.to_string(),
                FieldDef {
                    ty: FieldType::StrList,
                    name: Some("能力".into()),
                    items: IndexMap::new(),
                    optional: true,
                },
            );
        }
        fields
    }

    /// A layer's rounding: as written, or the one its setting's value picks.
    fn rounding(
        &mut self,
        l: &RawLayer,
        settings: &indexmap::IndexMap<String, RawSetting>,
    ) -> Rounding {
        match &l.rounding {
            None => Rounding::Down,
            Some(RawRounding::Fixed(r)) => *r,
            Some(RawRounding::BySetting { setting, values }) => {
                let Some(v) = settings.get(setting) else {
                    self.err(
                        setting,
                        format!("layer {}: rounding names the setting \"{setting}\", which `settings:` does not declare", l.id),
                        None,
                    );
                    return Rounding::Down;
                };
                match usize::try_from(v.value).ok().and_then(|i| values.get(i)) {
                    Some(r) => *r,
                    None => {
                        self.err(
                            setting,
                            format!("layer {}: the setting \"{setting}\" is {}, but `values` lists {} roundings (one per value from 0)", l.id, v.value, values.len()),
                            None,
                        );
                        Rounding::Down
                    }
                }
            }
        }
    }
}
