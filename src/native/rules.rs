//! The vanilla 汎用TCG game flow in plain Rust (benchmarks only; see the module docs). Each
//! function names the rules/*.lua hook it mirrors.
use super::state::{NState, NativeCard, NativeDecks, NativeResult, Player, Pos, Unit};
use super::Agents;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The engine's default turn limit (not a rule of the game; `turn_limit` in game.yaml).
const TURN_LIMIT: u32 = 1000;

/// One main-phase option (503.3), in the order the engine lists them.
#[derive(Clone, Copy, Debug)]
enum Action {
    /// 602: hand index, unit.
    Charge(usize, Pos),
    /// 603: hand index, standby slot.
    Put(usize, usize),
    /// 605: the standby slot to swap with.
    Retreat(usize),
    /// 607.
    End,
}

pub(super) struct Ctx<'a> {
    pub(super) g: NState,
    pub(super) cards: &'a [NativeCard],
    pub(super) agents: Agents,
    opts: Vec<Action>,
    pub(super) units: Vec<Pos>,
}

/// Plays one vanilla game between seeded uniformly random agents.
pub fn play(decks: &NativeDecks, seed: u64) -> NativeResult {
    let mut players: [Player; 2] = Default::default();
    for (p, pl) in players.iter_mut().enumerate() {
        pl.deck = decks.decks[p].clone();
    }
    let mut cx = Ctx {
        g: NState {
            players,
            turn: 0,
            tp: 0,
            first: 0,
            rng: ChaCha8Rng::seed_from_u64(seed),
            outcome: None,
            rule_check_acted: false,
        },
        cards: &decks.cards,
        agents: Agents::new(seed),
        opts: Vec::with_capacity(64),
        units: Vec::with_capacity(5),
    };
    cx.setup();
    while cx.g.outcome.is_none() {
        cx.turn();
    }
    NativeResult {
        winner: cx.g.outcome.flatten(),
        first_player: cx.g.first as u8,
        turns: cx.g.turn,
        decisions: cx.agents.decisions,
        moves: cx.agents.moves,
    }
}

impl Ctx<'_> {
    fn shuffle(&mut self, p: usize) {
        let deck = &mut self.g.players[p].deck;
        for i in (1..deck.len()).rev() {
            let j = (self.g.rng.next_u64() % (i as u64 + 1)) as usize;
            deck.swap(i, j);
        }
    }

    /// setup.lua `setup` (403).
    fn setup(&mut self) {
        let mut redraws = [0u32; 2];
        for (p, redrew) in redraws.iter_mut().enumerate() {
            loop {
                self.shuffle(p); // 403.1
                for _ in 0..5 {
                    self.g.players[p].draw(); // 403.2
                }
                let cards = self.cards;
                if self.g.players[p]
                    .hand
                    .iter()
                    .any(|&c| cards[c as usize].unit)
                {
                    break;
                }
                // 403.3a: no unit: the hand goes back, start again.
                let pl = &mut self.g.players[p];
                let hand = std::mem::take(&mut pl.hand);
                pl.deck.extend(hand);
                *redrew += 1;
            }
        }
        for p in 0..2 {
            // 403.3: a unit from hand into the main area.
            let cards = self.cards;
            let units: Vec<usize> = (0..self.g.players[p].hand.len())
                .filter(|&i| cards[self.g.players[p].hand[i] as usize].unit)
                .collect();
            let i = self.agents.pick(p, units.len());
            let c = self.g.players[p].hand.remove(units[i]);
            self.g.players[p].main = Some(Unit::new(c));
        }
        if redraws[0] != redraws[1] {
            // 403.3b
            let fewer = if redraws[0] < redraws[1] { 0 } else { 1 };
            for _ in 0..redraws[0].abs_diff(redraws[1]) {
                self.g.players[fewer].draw();
            }
        }
        self.g.first = (self.g.rng.next_u64() % 2) as usize; // 403.4
        self.g.tp = self.g.first;
    }

    /// One turn (501); returns early when the game ends.
    fn turn(&mut self) {
        if self.g.turn >= TURN_LIMIT {
            self.g.outcome = Some(None);
            return;
        }
        self.g.turn += 1;
        for pl in &mut self.g.players {
            pl.charged = false;
            pl.retreated = false;
        }
        let tp = self.g.tp;
        // Draw phase (502).
        self.g.players[tp].draw();
        if self.rule_check() {
            return;
        }
        // Main phase (503): rule check, then an action, until the phase ends.
        loop {
            if self.rule_check() {
                return;
            }
            if self.main_action() {
                break;
            }
        }
        // Battle phase (504), not on the first turn of the game (504.1).
        if self.g.turn != 1 {
            if self.rule_check() {
                return;
            }
            if let Some(skill) = self.skill_step() {
                if self.rule_check() {
                    return;
                }
                self.damage_step(skill);
                if self.rule_check() {
                    return;
                }
            }
            if self.rule_check() {
                return;
            }
        }
        // End phase (505).
        if self.rule_check() {
            return;
        }
        loop {
            self.janken_recovery();
            if self.rule_check() {
                return;
            }
            if !self.g.rule_check_acted {
                break;
            }
        }
        self.g.tp = 1 - tp;
    }

    /// The main-phase menu (charge_options, put_unit_options, retreat_options, end_main) and
    /// the chosen action; true when the main phase ends.
    fn main_action(&mut self) -> bool {
        let tp = self.g.tp;
        let cards = self.cards;
        self.opts.clear();
        let pl = &self.g.players[tp];
        if !pl.charged {
            pl.live_units(&mut self.units);
            for h in 0..pl.hand.len() {
                for &u in &self.units {
                    self.opts.push(Action::Charge(h, u));
                }
            }
        }
        if let Some(slot) = (0..4).find(|&s| pl.standby[s].is_none()) {
            for (h, &c) in pl.hand.iter().enumerate() {
                if cards[c as usize].unit {
                    self.opts.push(Action::Put(h, slot));
                }
            }
        }
        if !pl.retreated {
            if let Some(m) = &pl.main {
                let cost = cards[m.card as usize].retreat_cost as usize;
                if !m.ko && m.orientation != 2 && m.energy.len() >= cost {
                    for s in 0..4 {
                        if pl.standby[s].as_ref().is_some_and(|u| !u.ko) {
                            self.opts.push(Action::Retreat(s));
                        }
                    }
                }
            }
        }
        self.opts.push(Action::End);
        let pick = self.agents.pick(tp, self.opts.len());
        let pl = &mut self.g.players[tp];
        match self.opts[pick] {
            Action::Charge(h, u) => {
                // 602.1: attach as energy, then draw 1.
                pl.charged = true;
                let c = pl.hand.remove(h);
                if let Some(unit) = pl.unit_mut(u) {
                    unit.energy.push(c);
                }
                pl.draw();
            }
            Action::Put(h, slot) => {
                let c = pl.hand.remove(h);
                pl.standby[slot] = Some(Unit::new(c)); // 603.1
            }
            Action::Retreat(s) => self.retreat(s),
            Action::End => return true,
        }
        false
    }

    /// main_phase.lua `retreat` (605, 915.1).
    fn retreat(&mut self, s: usize) {
        let tp = self.g.tp;
        let cards = self.cards;
        let Some(mut m) = self.g.players[tp].main.take() else {
            return;
        };
        let cost = cards[m.card as usize].retreat_cost as usize;
        let n = m.energy.len();
        let pay: Vec<u16> = if cost == 0 {
            Vec::new()
        } else if n == cost {
            std::mem::take(&mut m.energy)
        } else if cost == 1 {
            let i = self.agents.pick(tp, n); // 915.1b
            vec![m.energy.remove(i)]
        } else {
            let picks = self.agents.pick_k(tp, n, cost); // 915.1b
            let mut out = Vec::with_capacity(cost);
            for &i in picks.iter().rev() {
                out.push(m.energy.remove(i));
            }
            out
        };
        for left in (2..=pay.len()).rev() {
            self.agents.pick(tp, left); // 309.3: the owner orders them into the discard pile
        }
        m.orientation = 0; // 302.3a-1
        let pl = &mut self.g.players[tp];
        pl.discard.extend(pay);
        pl.main = pl.standby[s].take(); // 915.1c
        pl.standby[s] = Some(m);
        pl.retreated = true;
    }

    /// battle.lua `skill_step` (703): the declared skill's index, if any.
    fn skill_step(&mut self) -> Option<usize> {
        let tp = self.g.tp;
        let m = self.g.players[tp].main.as_ref()?;
        if m.orientation != 0 {
            return None; // 703.1
        }
        let energy = m.energy.len();
        let card = &self.cards[m.card as usize];
        let usable: Vec<usize> = (0..card.skills.len())
            .filter(|&i| card.skills[i].cost as usize <= energy) // 703.2a-2
            .collect();
        let pick = self.agents.pick(tp, usable.len() + 1);
        usable.get(pick).copied() // the last option: no skill (703.4)
    }

    /// battle.lua `damage_step` (704.3), vanilla: base damage, ×2 for 有利, one application.
    fn damage_step(&mut self, skill: usize) {
        let tp = self.g.tp;
        let cards = self.cards;
        let (a, b) = self.g.players.split_at_mut(1);
        let (att, def) = if tp == 0 {
            (&a[0], &mut b[0])
        } else {
            (&b[0], &mut a[0])
        };
        let (Some(at), Some(d)) = (att.main.as_ref(), def.main.as_mut()) else {
            return;
        };
        if at.ko {
            return;
        }
        let ac = &cards[at.card as usize];
        let Some(s) = ac.skills.get(skill) else {
            return;
        };
        let mut dmg = s.damage;
        if dmg <= 0 {
            return; // 704.3a-2
        }
        if ac.advantage & cards[d.card as usize].attributes != 0 {
            dmg *= 2; // 704.3c-1
        }
        if !d.ko {
            d.damage += dmg; // 704.3d, 916
        }
    }

    /// rule_processes.lua `janken_recovery` (505.3b).
    fn janken_recovery(&mut self) {
        let tp = self.g.tp;
        for p in [tp, 1 - tp] {
            let due = self.g.players[p]
                .main
                .as_ref()
                .is_some_and(|m| !m.ko && m.orientation != 0);
            if !due {
                continue;
            }
            let q = 1 - p;
            let winner = loop {
                let (hp, hq) = (self.agents.pick(p, 3), self.agents.pick(q, 3));
                if hp != hq {
                    break if (hp + 1) % 3 == hq { p } else { q };
                }
            };
            if winner == p {
                if let Some(m) = self.g.players[p].main.as_mut() {
                    m.orientation = 0;
                }
            }
        }
    }
}
