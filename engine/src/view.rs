//! What a player may see: card identity visibility (302.2, 303.2, 303.3) and a text board.
use crate::def::game::Visibility;
use crate::game::Game;
use crate::ids::{CardIdx, PlayerId, ZoneId};
use std::fmt::Write;

impl Game {
    /// Whether `viewer` may know which card `card` is.
    pub fn can_see(&self, viewer: PlayerId, card: CardIdx) -> bool {
        self.can_see_obj(viewer, &self.position().objects[card as usize])
    }

    /// Whether `viewer` may know which card `o` is, where it is (or was: last-known
    /// information of a card that left a zone hidden from `viewer` stays hidden from them).
    pub fn can_see_obj(&self, viewer: PlayerId, o: &crate::state::Obj) -> bool {
        if o.revealed & (1 << viewer) != 0 {
            return true;
        }
        let (k, zp, _) = self.defs.game.zone_parts(o.zone);
        match self.defs.game.zones[k].visibility {
            Visibility::Public => o.face_up,
            Visibility::Owner => zp == Some(viewer) && o.attached_to.is_none(),
            Visibility::Hidden => false,
        }
    }

    /// One card as `viewer` sees it: its name and state, or `(裏向き)` if hidden.
    pub fn card_label(&self, viewer: Option<PlayerId>, card: CardIdx) -> String {
        let o = &self.position().objects[card as usize];
        let g = &self.defs.game;
        let visible = viewer.is_none_or(|v| self.can_see(v, card));
        let mut s = if visible {
            self.name(card).to_string()
        } else {
            "(裏向き face down)".to_string()
        };
        if visible {
            for f in &g.view_fields {
                // The value now, with continuous effects (809).
                if let Some(v) = self.field(card, f).as_int() {
                    let _ = write!(
                        s,
                        " {}{v}",
                        g.fields
                            .get(f)
                            .and_then(|d| d.name.clone())
                            .unwrap_or_else(|| f.clone())
                    );
                }
            }
        }
        for (i, n) in g.counters.iter().enumerate() {
            if o.counters[i] != 0 {
                let _ = write!(s, " {}{}", n.name, o.counters[i]);
            }
        }
        if o.orientation != 0 {
            if let Some(n) = g.orientations.get(o.orientation as usize) {
                let _ = write!(s, " [{}]", n.name);
            }
        }
        for (i, n) in g.flags.iter().enumerate() {
            if o.has_flag(i) {
                let _ = write!(s, " [{}]", n.name);
            }
        }
        let id = o.id(card);
        let st = self.position();
        for (ri, r) in g.roles.iter().enumerate() {
            let n = st
                .objects
                .iter()
                .filter(|a| a.attached_to == Some(id) && a.role == ri as u8)
                .count();
            if n > 0 {
                let _ = write!(s, " {}×{n}", r.named.name);
            }
        }
        s
    }

    /// The board as `viewer` sees it (None: everything, for logs and debugging).
    pub fn board_text(&self, viewer: Option<PlayerId>) -> String {
        let g = &self.defs.game;
        let mut out = String::new();
        let st = self.position();
        let phase = st
            .phase
            .and_then(|p| g.phase_names.get(p as usize))
            .map(|p| p.named.name.clone())
            .unwrap_or_default();
        if st.turn == 0 {
            let _ = writeln!(out, "── 準備 (setup) ──");
        } else {
            let _ = writeln!(
                out,
                "── ターン{} P{}の番 {} ──",
                st.turn,
                st.turn_player + 1,
                phase
            );
        }
        for p in 0..g.players {
            let you = if viewer == Some(p) {
                " (あなた you)"
            } else {
                ""
            };
            let _ = writeln!(out, "P{}{you}", p + 1);
            for (k, z) in g.zones.iter().enumerate() {
                if z.shared {
                    continue;
                }
                for slot in 0..z.count {
                    let zid = g.zone_id(k, p, slot);
                    self.zone_line(&mut out, viewer, zid);
                }
            }
        }
        for (k, z) in g.zones.iter().enumerate() {
            if z.shared {
                for slot in 0..z.count {
                    let zid = g.zone_id(k, 0, slot);
                    if !self.position().zones[zid.0 as usize].is_empty() {
                        self.zone_line(&mut out, viewer, zid);
                    }
                }
            }
        }
        out
    }

    fn zone_line(&self, out: &mut String, viewer: Option<PlayerId>, zid: ZoneId) {
        let g = &self.defs.game;
        let z = g.zone_def(zid);
        let cards = &self.position().zones[zid.0 as usize];
        let (_, _, slot) = g.zone_parts(zid);
        let mut name = z.named.name.clone();
        if z.count > 1 {
            name.push_str(&(slot + 1).to_string());
        }
        let all_hidden = cards
            .iter()
            .all(|&c| viewer.is_some_and(|v| !self.can_see(v, c)));
        if (z.ordered && !z.area) || (all_hidden && cards.len() > 1) {
            let top = match (z.visibility, cards.last()) {
                (Visibility::Public, Some(&c)) => {
                    format!(" 一番上 top: {}", self.card_label(viewer, c))
                }
                _ => String::new(),
            };
            let _ = writeln!(out, "  {name}: {}枚{top}", cards.len());
            return;
        }
        let labels: Vec<String> = cards.iter().map(|&c| self.card_label(viewer, c)).collect();
        let body = if labels.is_empty() {
            "—".to_string()
        } else {
            labels.join(" / ")
        };
        let _ = writeln!(out, "  {name}: {body}");
    }
}
