//! Priority windows (docs/game-definition.md, "Timing"): the player who holds priority takes an
//! action of the window's group or passes; an action passes priority on or keeps it; when every
//! player has passed in a row the window's chain resolves, or with no chain the window ends.
//! A `{ priority: group }` step opens one; an effect opens a nested one (`k.open_window`).
use crate::decision::Opt;
use crate::def::kernel_clauses::KStep;
use crate::def::timing::{AfterAction, ChainResolve};
use crate::error::RunError;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::ids::PlayerId;
use crate::state::EndRequest;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How many windows may be open inside each other.
pub const MAX_WINDOWS: usize = 16;

/// An open priority window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Window {
    /// The action group its holder chooses from.
    pub group: String,
    pub holder: PlayerId,
    /// Passes in a row since the last action.
    pub passes: u8,
    /// Every player passed: its chain is resolving (nobody holds priority).
    pub resolving: bool,
    /// The rule check before the next grant (or between items) has run.
    pub checked: bool,
    /// Opened by the program's step (its end moves the program on).
    pub from_program: bool,
    /// An effect gave priority (`k.give_priority`) during the action now being taken: that
    /// wins over the action's own rule of who holds it next.
    #[serde(default)]
    pub given: bool,
    pub clause: Option<String>,
}

impl Game {
    /// Opens a priority window over `group`; `holder` receives priority first.
    pub fn open_window(
        &mut self,
        group: &str,
        holder: PlayerId,
        from_program: bool,
        clause: Option<String>,
    ) {
        self.st.windows.push(Window {
            group: group.to_string(),
            holder,
            passes: 0,
            resolving: false,
            checked: false,
            from_program,
            clause,
            given: false,
        });
        self.touch();
    }

    /// Opens a window from an effect (an attack made by an effect, 東方VISION 6.3.5).
    pub fn open_nested_window(&mut self, group: &str, holder: PlayerId) -> Result<(), String> {
        if !self.defs.game.actions.iter().any(|a| a.group == group) {
            return Err(format!("no action belongs to the group \"{group}\""));
        }
        if self.st.windows.len() >= MAX_WINDOWS {
            return Err(format!(
                "more than {MAX_WINDOWS} priority windows inside each other"
            ));
        }
        self.open_window(group, holder, false, None);
        Ok(())
    }

    /// An effect ends the phase or the turn (`k.end_phase`, `k.end_turn`); the turn wins over
    /// the phase (東方VISION 4.10.2.d).
    pub fn request_end(&mut self, turn: bool) {
        self.st.end_requested = match (turn, self.st.end_requested) {
            (true, _) | (false, EndRequest::Turn) => EndRequest::Turn,
            (false, _) => EndRequest::Phase,
        };
        self.touch();
    }

    /// Acts on an end request where the program stands: a phase's window is skipped (the phase
    /// goes on to its end processing); an ended turn jumps to its end processing. Returns
    /// whether a request was acted on.
    pub(crate) fn end_now(&mut self) -> bool {
        match self.st.end_requested {
            EndRequest::None => false,
            EndRequest::Phase => {
                self.log_line(
                    self.kc(KStep::EndPhase).as_deref(),
                    "フェイズを終了する (the phase ends)".into(),
                );
                self.st.end_requested = EndRequest::None;
                true
            }
            EndRequest::Turn => {
                self.log_line(
                    self.kc(KStep::EndTurn).as_deref(),
                    "ターンを終了する (the turn ends)".into(),
                );
                self.st.end_requested = EndRequest::None;
                self.drop_extra_phases();
                self.st.pc = self.defs.game.program.turn_end;
                true
            }
        }
    }

    /// Who holds priority now (None: no window, or its chain is resolving).
    pub fn priority_holder(&self) -> Option<PlayerId> {
        self.windows_now()
            .last()
            .filter(|w| !w.resolving)
            .map(|w| w.holder)
    }

    /// Gives priority in the innermost window to `p` (an effect's "→ the attacked player").
    pub fn give_priority(&mut self, p: PlayerId) -> bool {
        match self.st.windows.last_mut() {
            Some(w) => {
                w.holder = p;
                w.passes = 0;
                w.given = true;
                self.touch();
                true
            }
            None => false,
        }
    }

    fn next_player(&self, p: PlayerId) -> PlayerId {
        (p + 1) % self.defs.game.players
    }

    /// One step of the innermost window; whether play goes on without a decision.
    pub(crate) fn window_step(&mut self, host: &dyn Host) -> Result<bool, RunError> {
        let Some(w) = self.st.windows.last().cloned() else {
            return Ok(true);
        };
        // A rule check (processes, then triggers) before priority is granted, and between
        // chain items: losses and pending triggers are settled first.
        if !w.checked && self.defs.game.priority.rule_check {
            return Ok(match self.rule_check(host)? {
                None => {
                    if let Some(top) = self.st.windows.last_mut() {
                        top.checked = true;
                    }
                    true
                }
                Some(done) => done,
            });
        }
        if w.resolving {
            return self.resolve_step(host);
        }
        // An ended phase or turn grants no more priority once the chain has resolved (4.10).
        if self.st.end_requested != EndRequest::None && self.chain_items().is_empty() {
            let closed = self.st.windows.pop();
            if closed.is_some_and(|w| w.from_program) {
                self.st.pc += 1;
                self.end_now();
            }
            self.touch();
            return Ok(true);
        }
        self.unit(host, |g, h| g.priority_decision(h, &w))
    }

    /// The window's chain resolves: its next item, or its end once it is empty.
    fn resolve_step(&mut self, host: &dyn Host) -> Result<bool, RunError> {
        let defs = Arc::clone(&self.defs);
        if self.chain_items().is_empty() {
            // Effects lasting the chain end, then the game's end of the chain, then it is over
            // (東方VISION 1.12.8.c–e).
            let done = self.unit(host, |g, h| {
                g.expire_duration("chain");
                if let Some(hook) = defs.game.chain.as_ref().and_then(|c| c.end_hook.as_ref()) {
                    h.call(g, hook, &[])?;
                }
                g.log_line(
                    g.kc(KStep::ChainEnd).as_deref(),
                    format!(
                        "{}の解決が終わった (the chain has resolved)",
                        g.chain_label()
                    ),
                );
                g.after_chain();
                Ok(())
            })?;
            return Ok(done);
        }
        self.unit(host, |g, h| {
            g.resolve_next_item(h)?;
            let one = defs
                .game
                .chain
                .as_ref()
                .is_some_and(|c| c.resolve == ChainResolve::One);
            if let Some(w) = g.st.windows.last_mut() {
                w.checked = false;
            }
            if one {
                g.after_chain();
            }
            Ok(())
        })
    }

    pub(crate) fn chain_label(&self) -> String {
        self.defs
            .game
            .chain
            .as_ref()
            .map_or_else(|| "チェーン".into(), |c| c.name.clone())
    }

    /// After the chain (or one item of it) has resolved, the turn player receives priority.
    fn after_chain(&mut self) {
        let tp = self.st.turn_player;
        if let Some(w) = self.st.windows.last_mut() {
            w.resolving = false;
            w.holder = tp;
            w.passes = 0;
            w.checked = false;
        }
        self.touch();
    }

    /// The holder chooses an action of the window's group or passes.
    fn priority_decision(&mut self, host: &dyn Host, w: &Window) -> Result<(), Fail> {
        let defs = Arc::clone(&self.defs);
        let p = w.holder;
        self.loop_find(p)?;
        let mut options = self.action_options(host, p, &w.group, true)?;
        let pd = &defs.game.priority;
        if options.is_empty() && pd.forced_pass {
            return self.pass_priority(p, false);
        }
        options.push(Opt {
            label: match &pd.pass_en {
                Some(en) => format!("{} ({en})", pd.pass),
                None => pd.pass.clone(),
            },
            value: Value::Null,
        });
        let picks = self.choose(
            p,
            "優先権: 行動するか放棄する (priority: act or pass)",
            w.clause.as_deref(),
            options.clone(),
            1,
            1,
        )?;
        let pick = picks.first().map_or(options.len() - 1, |&i| i as usize);
        let Some(opt) = options.get(pick).filter(|o| o.value != Value::Null) else {
            return self.pass_priority(p, true);
        };
        let depth = self.st.windows.len();
        if let Some(w) = self.st.windows.last_mut() {
            w.given = false;
        }
        let ai = self.perform_action(host, p, opt)?;
        // The action's rule says who holds priority next, unless its effect gave it
        // (k.give_priority). A window it opened (k.open_window) runs first.
        let next = self.next_player(p);
        let keep = defs.game.actions[ai].after == AfterAction::Keep;
        if let Some(mine) = self.st.windows.get_mut(depth.saturating_sub(1)) {
            if !mine.resolving && !mine.given && mine.holder == p {
                if !keep {
                    mine.holder = next;
                }
                mine.passes = 0;
            }
            mine.given = false;
            mine.checked = false;
        }
        self.touch();
        Ok(())
    }

    /// The holder passes: the next player receives priority, or, when every player has
    /// passed in a row, the chain resolves or the window ends. A forced pass (`forced_pass`,
    /// nothing else to do) is not logged on its own: the window's end says all passed.
    fn pass_priority(&mut self, p: PlayerId, chosen: bool) -> Result<(), Fail> {
        if chosen {
            self.log_line(
                self.kc(KStep::Pass).as_deref(),
                format!("P{}は{} (passes)", p + 1, self.defs.game.priority.pass),
            );
        }
        let players = self.defs.game.players;
        let pass = self.defs.game.priority.pass.clone();
        let next = self.next_player(p);
        let has_chain = !self.chain_items().is_empty();
        let Some(w) = self.st.windows.last_mut() else {
            return Ok(());
        };
        w.passes = w.passes.saturating_add(1);
        w.holder = next;
        w.checked = false;
        if w.passes >= players {
            w.passes = 0;
            if has_chain {
                w.resolving = true;
                let name = self.chain_label();
                self.log_line(
                    self.kc(KStep::Priority).as_deref(),
                    format!(
                        "全員が続けて{pass}: {name}を解決する (all passed: the chain resolves)"
                    ),
                );
            } else {
                let closed = self.st.windows.pop();
                self.log_line(
                    self.kc(KStep::Priority).as_deref(),
                    format!("全員が続けて{pass} (all passed: the window ends)"),
                );
                if closed.is_some_and(|w| w.from_program) {
                    self.st.pc += 1;
                }
            }
        }
        self.touch();
        Ok(())
    }
}
