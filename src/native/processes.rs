//! The vanilla 汎用TCG rule processes (rules/rule_processes.lua, 1002–1005) and the rule check
//! (811) of the native baseline (benchmarks only; see the module docs).
use super::rules::Ctx;
use super::state::Pos;

impl Ctx<'_> {
    /// 811: the rule processes in order (1002–1005), repeated while any acts. Sets
    /// `rule_check_acted`; true when the game is over.
    pub(super) fn rule_check(&mut self) -> bool {
        let mut any = false;
        loop {
            let mut pass = self.rp_loss();
            if self.settle_losses() {
                return true;
            }
            pass |= self.rp_ko();
            pass |= self.rp_replacement();
            pass |= self.rp_illegal();
            any |= pass;
            if !pass {
                break;
            }
        }
        self.g.rule_check_acted = any;
        false
    }

    /// 103.1–103.3.
    fn settle_losses(&mut self) -> bool {
        let lost = [self.g.players[0].lost, self.g.players[1].lost];
        self.g.outcome = match lost {
            [false, false] => return false,
            [true, true] => Some(None),
            [true, false] => Some(Some(1)),
            [false, true] => Some(Some(0)),
        };
        true
    }

    /// `rp_loss` (1002.1, 1002.2).
    fn rp_loss(&mut self) -> bool {
        let mut acted = false;
        for pl in &mut self.g.players {
            if pl.failed_draw {
                pl.failed_draw = false;
                pl.lost = true;
                acted = true;
            }
            if pl.replacement_failed {
                pl.replacement_failed = false;
                pl.lost = true;
                acted = true;
            }
        }
        acted
    }

    /// `rp_ko` (1003.1, 1003.2): all at once; a KO'd unit stays, face down, without damage.
    fn rp_ko(&mut self) -> bool {
        let cards = self.cards;
        let mut acted = false;
        for pl in &mut self.g.players {
            let units = std::iter::once(&mut pl.main).chain(pl.standby.iter_mut());
            for u in units.flatten() {
                if !u.ko && u.damage >= cards[u.card as usize].hp {
                    u.ko = true; // 909.1
                    u.damage = 0;
                    u.orientation = 0;
                    acted = true;
                }
            }
        }
        acted
    }

    /// `rp_replacement` (1004.1), the turn player first.
    fn rp_replacement(&mut self) -> bool {
        let mut acted = false;
        let tp = self.g.tp;
        for p in [tp, 1 - tp] {
            let pl = &self.g.players[p];
            if !pl.main.as_ref().is_none_or(|m| m.ko) {
                continue;
            }
            self.units.clear();
            for s in 0..4 {
                if pl.standby[s].as_ref().is_some_and(|u| !u.ko) {
                    self.units.push(Pos::Standby(s));
                }
            }
            if self.units.is_empty() {
                if !pl.replacement_failed {
                    self.g.players[p].replacement_failed = true;
                    acted = true;
                }
                continue;
            }
            let i = self.agents.pick(p, self.units.len());
            let Pos::Standby(s) = self.units[i] else {
                continue;
            };
            let pl = &mut self.g.players[p];
            let old = pl.main.take();
            pl.main = pl.standby[s].take();
            pl.standby[s] = old;
            acted = true;
        }
        acted
    }

    /// `rp_illegal` (1005.2): energy of KO'd units to the discard pile, in an order the
    /// owner chooses (309.3: one decision per card but the last).
    fn rp_illegal(&mut self) -> bool {
        let mut acted = false;
        for p in 0..2 {
            let pl = &mut self.g.players[p];
            let mut due = Vec::new();
            let units = std::iter::once(&mut pl.main).chain(pl.standby.iter_mut());
            for u in units.flatten() {
                if u.ko {
                    due.append(&mut u.energy);
                }
            }
            if due.is_empty() {
                continue;
            }
            acted = true;
            for left in (2..=due.len()).rev() {
                self.agents.pick(p, left);
            }
            self.g.players[p].discard.extend(due);
        }
        acted
    }
}
