//! Validating `deck:` of game.yaml: the deck's rules, its sideboard and further decks.
use super::deck_raw::{CopiesRules, RawCountRule, RawDeckRules, RawMinType};
use super::game::Named;
use super::game::{CardTypeDef, CopiesRule, DeckRules, ExtraDeckRules, SideboardRules, ZoneDef};
use super::load::Cx;

/// One deck's rules as written: the main deck's keys, or a further deck's.
struct Parts<'r> {
    at: &'r str,
    size: &'r Option<RawCountRule>,
    max_copies: &'r Option<CopiesRules>,
    min_of_type: &'r [RawMinType],
    allowed_types: &'r Option<Vec<String>>,
    types_clause: &'r Option<String>,
}

impl Cx<'_> {
    pub(super) fn deck_rules(
        &mut self,
        raw: &RawDeckRules,
        zones: &[ZoneDef],
        types: &[CardTypeDef],
    ) -> DeckRules {
        let zone = raw.zone.as_ref().map(|z| self.zone(zones, z, "deck.zone"));
        let main = Parts {
            at: "deck",
            size: &raw.size,
            max_copies: &raw.max_copies,
            min_of_type: &raw.min_of_type,
            allowed_types: &raw.allowed_types,
            types_clause: &raw.types_clause,
        };
        let mut rules = self.list_rules(&main, types);
        rules.zone = zone;
        rules.sideboard = raw.sideboard.as_ref().map(|s| SideboardRules {
            zone: self.zone(zones, &s.zone, "deck.sideboard.zone"),
            size: s.size.as_ref().map(|n| (n.exactly, n.clause.clone())),
            copies: s.copies.clone(),
            effects: s.effects.clone(),
            clause: s.clause.clone(),
        });
        for (i, x) in raw.extra_decks.iter().enumerate() {
            let reserved = ["name", "name_en", "cards", "sideboard"];
            if reserved.contains(&x.id.as_str())
                || raw.extra_decks[..i].iter().any(|y| y.id == x.id)
            {
                self.err(
                    &x.id,
                    format!(
                        "deck.extra_decks: \"{}\" is already a key of deck files",
                        x.id
                    ),
                    Some("give each further deck an id of its own (e.g. `flame`)".into()),
                );
            }
            let parts = Parts {
                at: "deck.extra_decks",
                size: &x.size,
                max_copies: &x.max_copies,
                min_of_type: &x.min_of_type,
                allowed_types: &x.allowed_types,
                types_clause: &x.types_clause,
            };
            let mut own = self.list_rules(&parts, types);
            own.zone = Some(self.zone(zones, &x.zone, "deck.extra_decks.zone"));
            rules.extra_decks.push(ExtraDeckRules {
                named: Named {
                    id: x.id.clone(),
                    name: x.name.clone(),
                    name_en: x.name_en.clone(),
                },
                required: x.required,
                rules: own,
            });
        }
        rules
    }

    fn list_rules(&mut self, p: &Parts, types: &[CardTypeDef]) -> DeckRules {
        let type_idx = |cx: &mut Self, id: &str| -> usize {
            match types.iter().position(|t| t.named.id == id) {
                Some(i) => i,
                None => {
                    cx.err(id, format!("{}: unknown card type \"{id}\"", p.at), None);
                    0
                }
            }
        };
        let max_copies = p
            .max_copies
            .as_ref()
            .map(|m| m.rules())
            .unwrap_or_default()
            .into_iter()
            .map(|m| CopiesRule {
                count: m.count,
                same: m.same.clone(),
                clause: m.clause.clone(),
                filter: self.opt_expr(&m.filter, &format!("{}.max_copies.filter", p.at)),
            })
            .collect();
        DeckRules {
            zone: None,
            size: p.size.as_ref().map(|s| (s.exactly, s.clause.clone())),
            max_copies,
            min_of_type: p
                .min_of_type
                .iter()
                .map(|m| (type_idx(self, &m.ty), m.count, m.clause.clone()))
                .collect(),
            allowed_types: p
                .allowed_types
                .as_ref()
                .map(|ts| ts.iter().map(|t| type_idx(self, t)).collect()),
            types_clause: p.types_clause.clone(),
            sideboard: None,
            extra_decks: Vec::new(),
        }
    }
}
