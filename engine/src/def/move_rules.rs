//! `move_rules:` what a card's state becomes when it moves between two zones, whoever moves it
//! (Gate Ruler 15-3a-2: a unit put from the defense zone into the attack zone is acted).
use super::game::ZoneDef;
use super::load::Cx;
use serde::Deserialize;

/// `{ from: defense, to: attack, orientation: act, clause: "15-3a-2" }`: either zone may be
/// omitted (any zone).
#[derive(Debug, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawMoveRule {
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: Option<String>,
    /// The orientation the card takes (nothing happens if it already is in it).
    pub orientation: String,
    #[serde(default)]
    pub clause: Option<String>,
}

/// A validated move rule: zone kinds and an orientation index.
#[derive(Clone, Debug)]
pub struct MoveRule {
    pub from: Option<usize>,
    pub to: Option<usize>,
    pub orientation: u8,
    pub clause: Option<String>,
}

impl Cx<'_> {
    pub(super) fn move_rules(
        &mut self,
        raw: &[RawMoveRule],
        zones: &[ZoneDef],
        orientations: &[super::game::Named],
    ) -> Vec<MoveRule> {
        raw.iter()
            .map(|r| {
                let from = r
                    .from
                    .as_ref()
                    .map(|z| self.zone(zones, z, "move_rules.from"));
                let to = r.to.as_ref().map(|z| self.zone(zones, z, "move_rules.to"));
                let orientation = match orientations.iter().position(|o| o.id == r.orientation) {
                    Some(i) => i as u8,
                    None => {
                        let known: Vec<&str> = orientations.iter().map(|o| o.id.as_str()).collect();
                        self.err(
                            &r.orientation,
                            format!("move_rules: unknown orientation \"{}\"", r.orientation),
                            Some(format!("the game's orientations: {}", known.join(", "))),
                        );
                        0
                    }
                };
                MoveRule {
                    from,
                    to,
                    orientation,
                    clause: r.clause.clone(),
                }
            })
            .collect()
    }
}
