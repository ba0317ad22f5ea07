//! Control (105.3; Fire Force 105.3, 307.8; Gate Ruler 15-23a): who controls a card. A card's
//! controller is its owner unless an effect changes it (`k.set_controller`); under
//! `control: zone` it is the player whose area it is in, and cards attached to it follow it.
use crate::def::game::ControlMode;
use crate::def::kernel_clauses::KStep;
use crate::game::Game;
use crate::host::Fail;
use crate::ids::{CardIdx, ObjId, PlayerId};

impl Game {
    /// Gives control of a card (and, under `control: zone`, of the cards attached to it) to
    /// `player`. Returns false if that player already controls it.
    pub fn set_controller(&mut self, id: ObjId, player: PlayerId) -> Result<bool, Fail> {
        let card = self.live(id)?;
        if self.st.objects[card as usize].controller == player {
            return Ok(false);
        }
        self.give_control(card, player);
        Ok(true)
    }

    /// After a card moved (keeping its object or not): under `control: zone`, the player whose
    /// area instance it entered controls it. A change of an object that stays is logged.
    pub(crate) fn settle_control(&mut self, card: CardIdx) {
        if self.defs.game.control != ControlMode::Zone {
            return;
        }
        let zone = self.st.objects[card as usize].zone;
        let (kind, player, _) = self.defs.game.zone_parts(zone);
        let Some(player) = player.filter(|_| self.defs.game.zones[kind].area) else {
            return;
        };
        if self.st.objects[card as usize].controller != player {
            self.give_control(card, player);
        }
    }

    fn give_control(&mut self, card: CardIdx, player: PlayerId) {
        let follow = self.defs.game.control == ControlMode::Zone;
        self.touch();
        self.st.objects[card as usize].controller = player;
        if follow {
            let host = self.obj_id(card);
            for a in self.attachments_deep(host) {
                self.st.objects[a as usize].controller = player;
            }
        }
        let name = self.name(card).to_string();
        self.log_line(
            self.kc(KStep::Control).as_deref(),
            format!(
                "{name}のコントロールがP{}に移る (control of {name} passes to P{})",
                player + 1,
                player + 1
            ),
        );
    }

    /// Every card attached to `host`, directly or through other attached cards.
    pub(crate) fn attachments_deep(&self, host: ObjId) -> Vec<CardIdx> {
        let mut out: Vec<CardIdx> = Vec::new();
        let mut level = vec![host];
        while !level.is_empty() && out.len() < self.st.objects.len() {
            let mut next = Vec::new();
            for (i, o) in self.st.objects.iter().enumerate() {
                if o.attached_to.is_some_and(|u| level.contains(&u))
                    && !out.contains(&(i as CardIdx))
                {
                    out.push(i as CardIdx);
                    next.push(o.id(i as CardIdx));
                }
            }
            level = next;
        }
        out
    }
}
