//! Attaching a card to another (905): it becomes a new object in that card's place, and the
//! cards attached to it follow it.
use crate::game::Game;
use crate::host::Fail;
use crate::ids::{CardIdx, ObjId};
use crate::state::MAX_COUNTERS;

impl Game {
    /// Attaches `card` to `unit` with a role (905); it becomes a new object in the unit's zone.
    pub fn attach(&mut self, card: ObjId, unit: ObjId, role: u8) -> Result<Option<ObjId>, Fail> {
        let c = self.live(card)?;
        let u = self.live(unit)?;
        if c == u || self.holds(c, u) {
            return Ok(None); // nothing is attached to itself, even through another card
        }
        let zone = self.st.objects[u as usize].zone;
        let from = self.st.objects[c as usize].zone;
        if self.st.objects[c as usize].attached_to.is_none() {
            self.st.zones[from.0 as usize].retain(|&x| x != c);
        }
        let face_down = self
            .defs
            .game
            .roles
            .get(role as usize)
            .is_some_and(|r| r.face_down);
        let seq = self.st.next_attach_seq;
        self.st.next_attach_seq = self.st.next_attach_seq.wrapping_add(1);
        let defs = std::sync::Arc::clone(&self.defs);
        if defs.game.attachment_keeps_object
            && defs.game.zone_def(from).area
            && defs.game.zone_def(zone).area
        {
            return Ok(Some(self.attach_keeping(c, unit, zone, from, role, seq)));
        }
        let turn = self.st.turn;
        let old_id = self.obj_id(c);
        self.remember(c);
        let ts = self.timestamp();
        self.touch();
        let o = &mut self.st.objects[c as usize];
        o.timestamp = ts;
        o.vars = [0; crate::state::MAX_OBJECT_VARS];
        o.incarnation = o.incarnation.wrapping_add(1);
        o.zone = zone;
        o.attached_to = Some(unit);
        o.role = role;
        o.attach_seq = seq;
        o.orientation = 0;
        o.face_up = !face_down;
        o.revealed = 0;
        o.flags = 0;
        o.counters = [0; MAX_COUNTERS];
        o.since_turn = turn;
        o.controller = o.owner;
        let new_id = o.id(c);
        let to = o.zone;
        self.carry_attachments(old_id, new_id, zone);
        if self.defs.game.control == crate::def::game::ControlMode::Zone {
            // Under `control: zone` an attached card is controlled with its host.
            let host = self.st.objects[u as usize].controller;
            self.st.objects[c as usize].controller = host;
            for a in self.attachments_deep(new_id) {
                self.st.objects[a as usize].controller = host;
            }
        }
        self.raise_moved(new_id, new_id, from, to);
        Ok(Some(new_id))
    }

    /// A card attached to another keeps the cards attached to it: they follow it as the new
    /// object it became, into its new place (nested attachments, e.g. 東方VISION 9.4.4.j).
    fn carry_attachments(&mut self, old: ObjId, new: ObjId, zone: crate::ids::ZoneId) {
        let mut seen = vec![false; self.st.objects.len()];
        let mut level = vec![old];
        let mut first = true;
        while !level.is_empty() {
            let mut next = Vec::new();
            for (i, o) in self.st.objects.iter_mut().enumerate() {
                if !seen[i] && o.attached_to.is_some_and(|u| level.contains(&u)) {
                    seen[i] = true;
                    if first {
                        o.attached_to = Some(new);
                    }
                    o.zone = zone;
                    next.push(o.id(i as CardIdx));
                }
            }
            level = next;
            first = false;
        }
    }

    /// Whether `unit` is attached to `card`, directly or through other attached cards.
    fn holds(&self, card: CardIdx, unit: CardIdx) -> bool {
        let mut at = self.st.objects[unit as usize].attached_to;
        for _ in 0..self.st.objects.len() {
            match at {
                Some(u) if u.card == card => return true,
                Some(u) => at = self.st.objects[u.card as usize].attached_to,
                None => return false,
            }
        }
        false
    }

    /// Puts `a` on top of `b` (Gate Ruler 15-14b): `a` takes `b`'s place (its zone instance and
    /// position), `b` is attached to it with `role`, and the cards attached to `b` are attached
    /// to `a` instead (the same objects, roles kept). With `orientation`, `a` takes `b`'s
    /// orientation (15-14b-1), before any event is raised. Returns `a`'s new object, or None if
    /// `b` is itself attached or the two are one card.
    pub fn put_on_top(
        &mut self,
        a: ObjId,
        b: ObjId,
        role: u8,
        orientation: bool,
    ) -> Result<Option<ObjId>, Fail> {
        let ca = self.live(a)?;
        let cb = self.live(b)?;
        if ca == cb || self.st.objects[cb as usize].attached_to.is_some() || self.holds(cb, ca) {
            return Ok(None);
        }
        let zone = self.st.objects[cb as usize].zone;
        let b_orientation = self.st.objects[cb as usize].orientation;
        let at = self.st.zones[zone.0 as usize].iter().position(|&c| c == cb);
        self.remember(ca);
        self.batch = Some(Vec::new());
        let r = self.put_on_top_batch(a, b, zone, at, role);
        let events = self.batch.take().unwrap_or_default();
        let new_a = r?;
        if let Some(na) = new_a {
            if orientation {
                self.st.objects[na.card as usize].orientation = b_orientation;
            }
        }
        for (name, data) in events {
            self.raise(&name, data);
        }
        Ok(new_a)
    }

    fn put_on_top_batch(
        &mut self,
        a: ObjId,
        b: ObjId,
        zone: crate::ids::ZoneId,
        at: Option<usize>,
        role: u8,
    ) -> Result<Option<ObjId>, Fail> {
        let Some(na) = self.move_card(a, zone, crate::verbs::Position::Top)? else {
            return Ok(None);
        };
        // In `b`'s place in its zone.
        let list = &mut self.st.zones[zone.0 as usize];
        if let (Some(i), Some(j)) = (at, list.iter().position(|&c| c == na.card)) {
            list.remove(j);
            list.insert(i.min(list.len()), na.card);
        }
        let Some(nb) = self.attach(b, na, role)? else {
            return Ok(Some(na));
        };
        // What was attached to `b` is now attached to `a` (the same objects).
        for o in self.st.objects.iter_mut() {
            if o.attached_to == Some(nb) {
                o.attached_to = Some(na);
            }
        }
        self.touch();
        Ok(Some(na))
    }

    /// Changes an attached card's host (and role) without making it a new object (Gate Ruler
    /// 15-14b: re-association is not a zone change). False if `card` is not attached, the
    /// host is attached itself, or the host is held by the card.
    pub fn reattach(&mut self, card: ObjId, host: ObjId, role: Option<u8>) -> Result<bool, Fail> {
        let c = self.live(card)?;
        let h = self.live(host)?;
        if c == h
            || self.st.objects[c as usize].attached_to.is_none()
            || self.st.objects[h as usize].attached_to.is_some()
            || self.holds(c, h)
        {
            return Ok(false);
        }
        let zone = self.st.objects[h as usize].zone;
        let seq = self.st.next_attach_seq;
        self.st.next_attach_seq = self.st.next_attach_seq.wrapping_add(1);
        let o = &mut self.st.objects[c as usize];
        o.attached_to = Some(host);
        o.zone = zone;
        o.attach_seq = seq;
        if let Some(r) = role {
            o.role = r;
        }
        let id = o.id(c);
        for a in self.attachments_deep(id) {
            self.st.objects[a as usize].zone = zone;
        }
        self.touch();
        Ok(true)
    }

    /// `attachment_keeps_object`: attaching within the area zones keeps the card's object and
    /// its state (Fire Force 302.3); cards attached to it come along.
    fn attach_keeping(
        &mut self,
        c: CardIdx,
        unit: ObjId,
        zone: crate::ids::ZoneId,
        from: crate::ids::ZoneId,
        role: u8,
        seq: u32,
    ) -> ObjId {
        self.touch();
        let o = &mut self.st.objects[c as usize];
        o.zone = zone;
        o.attached_to = Some(unit);
        o.role = role;
        o.attach_seq = seq;
        let id = o.id(c);
        for a in self.attachments_deep(id) {
            self.st.objects[a as usize].zone = zone;
        }
        if self.defs.game.control == crate::def::game::ControlMode::Zone {
            let host = self.st.objects[unit.card as usize].controller;
            self.st.objects[c as usize].controller = host;
        }
        self.raise_moved(id, id, from, zone);
        id
    }
}
