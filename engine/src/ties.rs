//! 809.3b: effects with the same timestamp apply in the order the turn player chose when they
//! arose. One move of several cards (`k.move_all`) gives them one timestamp; with the game's
//! `timestamp_ties`, the turn player puts in order those of them whose static abilities would
//! apply continuous effects, and layers apply them in that order (a recorded decision).
use crate::decision::Opt;
use crate::def::ability::AbilityKind;
use crate::game::Game;
use crate::host::Fail;
use crate::ids::ObjId;
use crate::value::Value;

impl Game {
    /// After a simultaneous move: the turn player orders the moved cards that bring
    /// continuous effects (two or more), and each keeps its place as its `tie`.
    pub(crate) fn order_ties(&mut self, moved: &[Option<ObjId>]) -> Result<(), Fail> {
        let Some(clause) = self.defs.game.timestamp_ties.clone() else {
            return Ok(());
        };
        let mut left: Vec<ObjId> = moved
            .iter()
            .flatten()
            .copied()
            .filter(|&id| self.current(id).is_some() && self.brings_effects(id))
            .collect();
        if left.len() < 2 {
            return Ok(());
        }
        let tp = self.st.turn_player;
        let mut rank = 1u16;
        while !left.is_empty() {
            let i = if left.len() == 1 {
                0
            } else {
                let options: Vec<Opt> = left
                    .iter()
                    .map(|&id| Opt {
                        label: self.card_label(Some(tp), id.card),
                        value: Value::Null,
                    })
                    .collect();
                let picks = self.choose(
                    tp,
                    "同時の効果を先に適用するものから選ぶ (order effects that share a timestamp, earliest first)",
                    clause.as_deref(),
                    options,
                    1,
                    1,
                )?;
                picks.first().map_or(0, |&p| p as usize).min(left.len() - 1)
            };
            let id = left.remove(i);
            self.st.objects[id.card as usize].tie = rank;
            let name = self.name(id.card).to_string();
            self.log_line(
                clause.as_deref(),
                format!(
                    "同時の効果の順序 {rank}: {name} (timestamp order {rank}, chosen by P{})",
                    tp + 1
                ),
            );
            rank += 1;
        }
        self.touch();
        Ok(())
    }

    /// Whether the card has a valid static ability that changes information.
    fn brings_effects(&self, id: ObjId) -> bool {
        let def = &self.defs.cards.cards[self.st.objects[id.card as usize].def as usize];
        def.abilities.iter().enumerate().any(|(ai, a)| {
            a.kind == AbilityKind::Static && !a.modify.is_empty() && self.ability_valid(id.card, ai)
        })
    }
}
