//! Order within a layer (809.3): dependency (809.3a) before timestamp (809.3b), the passes of a
//! layer's `order:`, and which static abilities still have their ability (809.1c).
use super::{Chars, Live, Pass};
use crate::def::card::ABILITIES;
use crate::def::game::OpClass;
use crate::game::Game;

impl Game {
    /// Whether the card of `live`'s static ability still has it, as computed so far (809.1c).
    pub(super) fn still_has(&self, live: &Live, chars: &Chars) -> bool {
        let Some(ai) = live.ability else {
            return true;
        };
        let card = live.source.card;
        let a = self.ability_def(card, ai);
        a.defining || crate::ability_use::has_name(chars.changed(card, ABILITIES), &a.name)
    }

    /// The passes of a layer: one per operation of its `order`, then one for the operations it
    /// does not name; without an order, a single pass of everything.
    pub(super) fn passes(&self, layer: usize) -> Vec<Option<Pass>> {
        let order = match self.defs.game.layer_order.get(layer) {
            Some(o) if !o.is_empty() => o,
            _ => return vec![None],
        };
        let mut out: Vec<Option<Pass>> = order.iter().map(|c| Some(Pass(vec![*c]))).collect();
        let rest: Vec<OpClass> = [
            OpClass::Set,
            OpClass::Swap,
            OpClass::Add,
            OpClass::Always,
            OpClass::Grant,
            OpClass::Remove,
            OpClass::Mul,
        ]
        .into_iter()
        .filter(|c| !order.contains(c))
        .collect();
        if !rest.is_empty() {
            out.push(Some(Pass(rest)));
        }
        out
    }

    /// 809.3a then 809.3b: the earliest effect that depends on no other pending effect (one
    /// that depends on another, and not the other way round, waits for it). With a dependency
    /// loop, the earliest.
    pub(super) fn next_in_layer(
        &self,
        lives: &[Live],
        pending: &[usize],
        layer: usize,
        chars: &Chars,
    ) -> usize {
        if pending.len() == 1 {
            return 0;
        }
        let depends = |b: usize, a: usize| -> bool {
            if self.budget_tripped() {
                return false;
            }
            // 809.3a, 809.1c: B depends on A if A takes away the ability B comes from.
            if self.defs.game.abilities_layer == Some(layer) && lives[b].ability.is_some() {
                let mut trial = chars.clone();
                self.apply(&lives[a], layer, &mut trial);
                if self.still_has(&lives[b], chars) && !self.still_has(&lives[b], &trial) {
                    return true;
                }
            }
            // B can depend on A only if B's expressions mention a field A changes. Once a
            // budget has tripped the game stops at its next step: no more trials.
            if !lives[a]
                .changes
                .iter()
                .any(|(f, _)| lives[b].reads.iter().any(|r| r == f))
            {
                return false;
            }
            let before = self.footprint(&lives[b], layer, chars);
            let mut trial = chars.clone();
            self.apply(&lives[a], layer, &mut trial);
            self.footprint(&lives[b], layer, &trial) != before
        };
        for (pos, &b) in pending.iter().enumerate() {
            let waits = pending
                .iter()
                .any(|&a| a != b && depends(b, a) && !depends(a, b));
            if !waits {
                return pos;
            }
        }
        0
    }
}
