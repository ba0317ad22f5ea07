//! [`Game::clear_triggers`] (Gate Ruler 15-24; 汎用TCG 807.4): what the filter names loses its
//! counts, by all or by `by`; nothing else changes, and clearing nothing logs nothing.
use super::*;
use crate::state::PendingTrigger;
use crate::testing::{generic_tcg, gt101_trigger};

/// A game with GT-101's trigger pending twice for P1 and once for P2.
fn pending() -> Game {
    let mut g = generic_tcg();
    for (controller, card, count) in [(0, 0u16, 2), (1, 60u16, 1)] {
        let t = gt101_trigger(&g.defs);
        g.st.triggers.push(PendingTrigger {
            controller,
            source: ObjId {
                card,
                incarnation: 0,
            },
            count,
            events: vec![Value::Int(1); count as usize],
            ..t
        });
    }
    g
}

fn counts(g: &Game) -> Vec<u32> {
    g.st.triggers.iter().map(|t| t.count).collect()
}

#[test]
fn clearing_nothing_changes_and_logs_nothing() {
    let mut g = generic_tcg();
    let lines = g.log.len();
    assert_eq!(g.clear_triggers(&TriggerFilter::default()), 0);
    assert_eq!(g.log.len(), lines);
    let mut g = pending();
    let lines = g.log.len();
    let other = TriggerFilter {
        ability: Some("どこにもない".into()),
        ..Default::default()
    };
    assert_eq!(g.clear_triggers(&other), 0);
    assert_eq!((counts(&g), g.log.len()), (vec![2, 1], lines));
}

#[test]
fn a_controller_filter_clears_only_that_players_triggers() {
    let mut g = pending();
    let f = TriggerFilter {
        controller: Some(1),
        ..Default::default()
    };
    assert_eq!(g.clear_triggers(&f), 1);
    assert_eq!(counts(&g), vec![2], "P2's is gone, P1's stays");
    let last = g.log.last().map(|l| l.text.clone()).unwrap_or_default();
    assert!(last.contains("1減らす"), "{last}");
}

#[test]
fn by_lowers_each_count_and_drops_its_events() {
    let mut g = pending();
    let f = TriggerFilter {
        by: Some(1),
        ..Default::default()
    };
    assert_eq!(g.clear_triggers(&f), 2);
    assert_eq!(counts(&g), vec![1]);
    assert_eq!(g.st.triggers[0].events.len(), 1);
    let f = TriggerFilter {
        source: Some(ObjId {
            card: 0,
            incarnation: 0,
        }),
        ..Default::default()
    };
    assert_eq!(g.clear_triggers(&f), 1);
    assert!(g.st.triggers.is_empty());
}
