//! Clearing what waits and ending the turn at once (Gate Ruler 15-24; 汎用TCG 807.4): pending
//! triggered abilities lose their counts, pending items leave the chain unresolved, and the
//! turn jumps to its end processing with no window left open.
use crate::def::kernel_clauses::KStep;
use crate::game::Game;
use crate::ids::{ObjId, PlayerId};
use crate::value::Value;

/// Which pending triggers `k.clear_triggers` clears (every one by default).
#[derive(Clone, Debug, Default)]
pub struct TriggerFilter {
    pub controller: Option<PlayerId>,
    pub source: Option<ObjId>,
    pub ability: Option<String>,
    /// Lower each count by this much instead of to 0.
    pub by: Option<u32>,
}

impl Game {
    /// Lowers the counts of the pending triggers the filter names (to 0 by default); returns
    /// by how much in all. Triggers that arise later are not affected.
    pub fn clear_triggers(&mut self, f: &TriggerFilter) -> u32 {
        let defs = std::sync::Arc::clone(&self.defs);
        let mut cleared = 0u32;
        for t in &mut self.st.triggers {
            let name = &defs.cards.cards[t.def as usize].abilities[t.ability as usize].name;
            if t.count == 0
                || f.controller.is_some_and(|p| p != t.controller)
                || f.source.is_some_and(|s| s != t.source)
                || f.ability.as_ref().is_some_and(|a| a != name)
            {
                continue;
            }
            let n = f.by.unwrap_or(t.count).min(t.count);
            t.count -= n;
            let keep = t.events.len().saturating_sub(n as usize);
            t.events.truncate(keep);
            cleared += n;
            for b in &mut self.st.trigger_batch {
                if b.source == t.source && b.def == t.def && b.ability == t.ability {
                    b.left = b.left.min(t.count);
                }
            }
        }
        self.st.triggers.retain(|t| t.count > 0);
        if cleared > 0 {
            self.touch();
            self.log_line(
                self.kc(KStep::TriggersCleared).as_deref(),
                format!("誘発した能力の誘発回数を{cleared}減らす (pending triggered abilities: {cleared} cleared)"),
            );
        }
        cleared
    }

    /// Takes every pending item off the chain (at every depth) without resolving it; returns
    /// them as `k.chain()` shows items, so the game can put their cards where they go.
    pub fn clear_chain(&mut self) -> Vec<Value> {
        let items: Vec<Value> = self.st.chain.iter().map(|i| self.item_value(i)).collect();
        if !items.is_empty() {
            for item in std::mem::take(&mut self.st.chain) {
                self.end_item_reveal(&item);
            }
            self.touch();
            self.log_line(
                self.kc(KStep::ChainCleared).as_deref(),
                format!(
                    "{}から{}個を解決せずに取り除く ({} pending item(s) removed unresolved)",
                    self.chain_label(),
                    items.len(),
                    items.len()
                ),
            );
        }
        items
    }

    /// `k.end_turn{now = true}` took effect: every window closes, what is left on the chain is
    /// dropped, additional phases are dropped, and the program jumps to the turn's end.
    pub(crate) fn end_turn_at_once(&mut self) {
        self.st.end_turn_now = false;
        self.st.end_requested = crate::state::EndRequest::None;
        self.st.windows.clear();
        self.st.chain.clear();
        self.drop_extra_phases();
        self.st.pc = self.defs.game.program.turn_end;
        self.touch();
        self.log_line(
            self.kc(KStep::EndTurn).as_deref(),
            "ターンを終了する (the turn ends at once)".into(),
        );
    }
}

#[cfg(test)]
#[path = "clearing_tests.rs"]
mod tests;
