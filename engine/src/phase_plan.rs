//! Additional and skipped phases and turns (東方VISION 4.10.3–4.10.5): an effect adds a phase
//! after the current one, or skips a phase or a turn; the kernel acts on it at the phase
//! transition. What each step cites is the game's (`kernel_clauses:` extra_phase,
//! extra_phase_end, skip_phase, skip_turn).
use crate::def::kernel_clauses::KStep;
use crate::game::Game;
use crate::ids::PlayerId;
use serde::{Deserialize, Serialize};

/// What effects changed about the phases to come.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhasePlan {
    /// Phases to run at the next transition, in order; each one once (4.10.4).
    pub extra: Vec<u16>,
    /// Where play goes on once the additional phases are over (4.10.3.b).
    pub resume: Option<u32>,
    /// Phases that do not occur the next time they would (4.10.5): in any turn (None) or in a
    /// player's turn.
    pub skip: Vec<(u16, Option<PlayerId>)>,
    /// Turns each player skips (4.10.5).
    pub skip_turns: Vec<u16>,
    /// Additional phases given this turn (at most [`MAX_EXTRA_PHASES`]).
    #[serde(default)]
    pub given_this_turn: u16,
}

/// Additional phases one turn may be given: a card giving one at every phase would otherwise
/// make a turn without end (the turn limit counts turns).
pub const MAX_EXTRA_PHASES: u16 = 100;

impl PhasePlan {
    pub fn is_empty(&self) -> bool {
        self.extra.is_empty() && self.resume.is_none()
    }
}

impl Game {
    /// The phase with this id.
    pub fn phase_index(&self, id: &str) -> Result<u16, String> {
        let names = &self.defs.game.phase_names;
        names
            .iter()
            .position(|p| p.named.id == id)
            .map(|i| i as u16)
            .ok_or_else(|| {
                let ids: Vec<&str> = names.iter().map(|p| p.named.id.as_str()).collect();
                format!(
                    "the game has no phase \"{id}\" (phases: {})",
                    ids.join(", ")
                )
            })
    }

    /// An effect gives an additional phase after the current one (4.10.3); one already given
    /// is not given twice (4.10.4). Returns whether it was added; more than
    /// [`MAX_EXTRA_PHASES`] in one turn is the card's error.
    pub fn add_phase(&mut self, phase: u16) -> Result<bool, String> {
        if self.st.plan.extra.contains(&phase) {
            return Ok(false);
        }
        if self.st.plan.given_this_turn >= MAX_EXTRA_PHASES {
            return Err(format!(
                "more than {MAX_EXTRA_PHASES} additional phases in one turn"
            ));
        }
        self.st.plan.given_this_turn += 1;
        self.st.plan.extra.push(phase);
        self.touch();
        Ok(true)
    }

    /// An effect skips the next occurrence of a phase, in any turn or in `player`'s (4.10.5).
    /// Returns whether it was not already to be skipped (4.10.5.a: a skip already certain
    /// cannot be chosen).
    pub fn skip_phase(&mut self, phase: u16, player: Option<PlayerId>) -> bool {
        if self.skips_phase(phase, player) {
            return false;
        }
        self.st.plan.skip.push((phase, player));
        self.touch();
        true
    }

    /// Whether the next occurrence of `phase` (in `player`'s turn) is to be skipped.
    pub fn skips_phase(&self, phase: u16, player: Option<PlayerId>) -> bool {
        self.st
            .plan
            .skip
            .iter()
            .any(|&(p, who)| p == phase && (who.is_none() || who == player))
    }

    /// An effect skips `player`'s next turn (4.10.5).
    pub fn skip_turn(&mut self, player: PlayerId) {
        let n = self.defs.game.players as usize;
        let turns = &mut self.st.plan.skip_turns;
        if turns.len() < n {
            turns.resize(n, 0);
        }
        if let Some(t) = turns.get_mut(player as usize) {
            *t = t.saturating_add(1);
        }
        self.touch();
    }

    /// At a phase transition: go to the next additional phase, or back to where play would
    /// have gone (4.10.3.a–b). Returns whether the program counter moved.
    pub(crate) fn phase_transition(&mut self) -> bool {
        if self.st.plan.is_empty() {
            return false;
        }
        let Some(i) = self.st.phase else {
            return false;
        };
        let program = &self.defs.game.program;
        if program.phase_after.get(i as usize) != Some(&self.st.pc) {
            return false;
        }
        let here = self.st.pc;
        self.st.phase = None;
        if self.st.plan.extra.is_empty() {
            let back = self.st.plan.resume.take().unwrap_or(here);
            self.st.pc = back;
            self.log_line(
                self.kc(KStep::ExtraPhaseEnd).as_deref(),
                "追加のフェイズが終わり、本来の次のフェイズへ (after the additional phase, play goes on as it would have)".into(),
            );
        } else {
            let x = self.st.plan.extra.remove(0);
            self.st.plan.resume.get_or_insert(here);
            self.st.pc = program.phase_start[x as usize];
            let name = self.defs.game.phase_names[x as usize].named.label();
            self.log_line(
                self.kc(KStep::ExtraPhase).as_deref(),
                format!("追加のフェイズ: {name} (an additional phase)"),
            );
        }
        self.touch();
        true
    }

    /// At a phase's start: a skipped phase does not occur (4.10.5). Returns whether it was
    /// skipped.
    pub(crate) fn skip_here(&mut self, phase: u16) -> bool {
        let tp = self.st.turn_player;
        let at = self
            .st
            .plan
            .skip
            .iter()
            .position(|&(p, who)| p == phase && who.is_none_or(|w| w == tp));
        let Some(at) = at else {
            return false;
        };
        self.st.plan.skip.remove(at);
        self.st.phase = Some(phase);
        self.st.pc = self.defs.game.program.phase_after[phase as usize];
        let name = self.defs.game.phase_names[phase as usize].named.label();
        self.log_line(
            self.kc(KStep::SkipPhase).as_deref(),
            format!("{name}をスキップ (the phase is skipped)"),
        );
        self.touch();
        true
    }

    /// At a turn's start: a skipped turn does not occur; the next player's turn begins
    /// (4.10.5). Returns whether it was skipped.
    pub(crate) fn skip_turn_here(&mut self) -> bool {
        let tp = self.st.turn_player;
        let Some(t) = self.st.plan.skip_turns.get_mut(tp as usize) else {
            return false;
        };
        if *t == 0 {
            return false;
        }
        *t -= 1;
        self.st.turn_player = (tp + 1) % self.defs.game.players;
        self.log_line(
            self.kc(KStep::SkipTurn).as_deref(),
            format!("P{}のターンをスキップ (the turn is skipped)", tp + 1),
        );
        self.touch();
        true
    }

    /// Ending the turn drops the additional phases not yet run (4.10.1).
    pub(crate) fn drop_extra_phases(&mut self) {
        self.st.plan.extra.clear();
        self.st.plan.resume = None;
    }
}
