//! Ending the game from an effect (Victory Spark 1.2.4–1.2.5: a resignation, or a win or loss by
//! a card's effect, takes effect at once), besides the losses the kernel settles at a rule check
//! (`losses.timing`).
use crate::game::Game;
use crate::ids::PlayerId;
use crate::state::Outcome;

impl Game {
    /// The players meet a loss condition together; with `now` the result is settled at once
    /// (several at once: `losses.simultaneous`), else by the game's `losses.timing`.
    pub fn lose_all(&mut self, players: &[PlayerId], clause: &str, reason: &str, now: bool) {
        for &p in players {
            let st = &mut self.st.players[p as usize];
            if st.lost.is_none() {
                st.lost = Some((clause.to_string(), reason.to_string()));
            }
        }
        self.touch();
        if now || self.defs.game.losses.timing == crate::def::timing::LossTiming::Immediate {
            self.settle_losses();
        }
    }

    /// A player wins by an effect: the game ends at once.
    pub fn win(&mut self, player: PlayerId, clause: &str, reason: &str) {
        if self.st.outcome.is_some() {
            return;
        }
        self.end(Outcome::Win {
            winner: player,
            clause: clause.to_string(),
            reason: reason.to_string(),
        });
    }

    /// 103.4: a player resigns at any decision; the opponent wins. Nothing can replace it.
    pub fn resign(&mut self, player: PlayerId) {
        if self.st.outcome.is_some() {
            return;
        }
        self.pending = None;
        self.journal = crate::game::Journal::default();
        let winner = 1 - player;
        self.log_line(
            self.kc(crate::def::kernel_clauses::KStep::Resign)
                .as_deref(),
            format!("P{}が投了 (resigns)", player + 1),
        );
        self.end(Outcome::Win {
            winner,
            clause: self
                .kc(crate::def::kernel_clauses::KStep::Resign)
                .unwrap_or_default(),
            reason: format!("P{} resigned", player + 1),
        });
    }

    /// Ends the game with `outcome`, logged citing its clause.
    pub(crate) fn end(&mut self, outcome: Outcome) {
        let text = match &outcome {
            Outcome::Win { winner, reason, .. } => {
                format!("P{}の勝利 (P{} wins): {reason}", winner + 1, winner + 1)
            }
            Outcome::Draw { reason, .. } => format!("引き分け (draw): {reason}"),
        };
        let clause = match &outcome {
            Outcome::Win { clause, .. } | Outcome::Draw { clause, .. } => clause.clone(),
        };
        self.log_line(Some(&clause), text);
        self.st.outcome = Some(outcome);
        self.pending = None;
    }
}
