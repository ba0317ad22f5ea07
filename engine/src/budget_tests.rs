//! The budgets of [`crate::budget`]: each limit holds at its value and trips one past it, and
//! a new stretch (a decision) starts the per-stretch counters again (docs/abilities.md,
//! "Limits a card meets").
use super::*;
use crate::testing::generic_tcg;

#[test]
fn a_log_line_may_be_as_long_as_the_limit_and_no_longer() {
    let mut g = generic_tcg();
    assert!(g.charge(Charge::Log(MAX_LOG_LINE)).is_ok());
    let e = g.charge(Charge::Log(MAX_LOG_LINE + 1)).unwrap_err();
    assert!(e.contains("longer than the limit of 4096"), "{e}");
}

#[test]
fn log_lines_between_decisions_are_counted() {
    let mut g = generic_tcg();
    for _ in 0..MAX_LOG_LINES {
        g.charge(Charge::Log(1)).expect("within the limit");
    }
    let e = g.charge(Charge::Log(1)).unwrap_err();
    assert_eq!(
        e,
        "more than 100000 k.log lines since the last decision (the limit)"
    );
    g.reset_budget();
    assert!(
        g.charge(Charge::Log(1)).is_ok(),
        "a decision starts a new count"
    );
}

#[test]
fn log_bytes_between_decisions_and_in_a_game() {
    let mut g = generic_tcg();
    let lines = MAX_LOG_BYTES / MAX_LOG_LINE as u64;
    for _ in 0..lines {
        g.charge(Charge::Log(MAX_LOG_LINE))
            .expect("exactly the limit");
    }
    let e = g.charge(Charge::Log(1)).unwrap_err();
    assert!(
        e.contains("bytes of k.log text since the last decision"),
        "{e}"
    );
    // The game's total is kept in the state: a new stretch does not reset it.
    assert_eq!(g.st.card_log_bytes, MAX_LOG_BYTES + 1);
    g.st.card_log_bytes = MAX_GAME_LOG_BYTES - 10;
    g.reset_budget();
    assert!(g.charge(Charge::Log(10)).is_ok());
    let e = g.charge(Charge::Log(1)).unwrap_err();
    assert!(e.contains("bytes of k.log text in this game"), "{e}");
}

#[test]
fn data_handed_to_the_kernel() {
    let mut g = generic_tcg();
    assert!(g.charge(Charge::Item(MAX_ITEM_BYTES)).is_ok());
    let e = g.charge(Charge::Item(MAX_ITEM_BYTES + 1)).unwrap_err();
    assert!(e.contains("in one event, delayed trigger or effect"), "{e}");
    g.reset_budget();
    g.charge(Charge::Data(MAX_DATA_BYTES as usize - 1))
        .expect("under");
    g.charge(Charge::Item(1)).expect("exactly the limit");
    let e = g.charge(Charge::Data(1)).unwrap_err();
    assert!(e.contains("bytes of data handed to the kernel"), "{e}");
}

#[test]
fn events_effects_and_delayed_triggers_per_stretch() {
    for (what, max, name) in [
        (Charge::Event, MAX_EVENTS, "k.event calls"),
        (Charge::Effect, MAX_NEW_EFFECTS, "k.add_effect calls"),
        (Charge::Delayed, MAX_NEW_DELAYED, "k.delay calls"),
    ] {
        let mut g = generic_tcg();
        for _ in 0..max {
            g.charge(what).expect("within the limit");
        }
        let e = g.charge(what).unwrap_err();
        assert_eq!(
            e,
            format!("more than {max} {name} since the last decision (the limit)")
        );
        g.reset_budget();
        assert!(
            g.charge(what).is_ok(),
            "{name}: a decision starts a new count"
        );
    }
}

#[test]
fn work_and_copies_are_kernel_steps() {
    let mut g = generic_tcg();
    g.charge_work(WORK_PER_STEP * 3 - 1);
    g.step_copy();
    g.step();
    // 2 steps of work (units round down), 1 for the copy (no items), 1 step.
    assert_eq!(g.budget.steps, 4);
    g.reset_budget();
    assert_eq!(g.budget.steps, 0);
}

#[test]
fn a_stretch_over_the_loop_limit_ends_as_the_game_declares() {
    let mut g = generic_tcg();
    let limit = g.defs.game.loop_limit.steps;
    g.charge_work(limit * WORK_PER_STEP);
    assert_eq!(
        g.over_budget().ok(),
        Some(false),
        "exactly the limit is allowed"
    );
    g.step();
    // The 汎用TCG declares 1101.1c: a loop nobody can stop is a draw.
    assert_eq!(g.over_budget().ok(), Some(true));
    match &g.st.outcome {
        Some(crate::state::Outcome::Draw { clause, .. }) => assert_eq!(clause, "1101.1c"),
        other => panic!("expected a draw, got {other:?}"),
    }
}

#[test]
fn expression_steps_are_shared_by_the_stretch() {
    let mut g = generic_tcg();
    assert_eq!(
        g.expr_allowance(),
        fuda_grammar::MAX_STEPS,
        "outside a stretch"
    );
    g.budget.in_stretch = true;
    g.charge_expr(MAX_EXPR_STEPS - 5, false);
    assert_eq!(g.expr_allowance(), 5);
    assert!(!g.expr_stretch_spent());
    g.charge_expr(5, true);
    assert!(g.expr_stretch_spent());
    assert_eq!(g.expr_mark(), (MAX_EXPR_STEPS, 1));
}

#[test]
fn cached_characteristics_are_paid_for_once_per_stretch() {
    let g = {
        let mut g = generic_tcg();
        g.budget.in_stretch = true;
        g
    };
    assert!(g.use_cached_chars(7, 100));
    assert_eq!(g.expr_mark().0, 100);
    assert!(g.use_cached_chars(7, 100), "the same generation again");
    assert_eq!(g.expr_mark().0, 100, "is not paid twice");
    g.charge_expr(MAX_EXPR_STEPS - 150, false);
    assert!(!g.use_cached_chars(8, 51), "does not fit: recompute");
    assert!(g.use_cached_chars(8, 50), "fits exactly");
    let mark = g.expr_mark();
    g.charge_expr(30, false);
    assert_eq!(g.chars_computed(9, mark), (30, true));
    g.charge_expr(1, true);
    assert_eq!(
        g.chars_computed(9, mark),
        (31, false),
        "an exhausted evaluation"
    );
}

/// Reads tried and then made again (a kept hook result found stale) give back what they
/// charged: expression steps, the generation paid for, a limit they tripped.
#[test]
fn reads_tried_give_their_charges_back() {
    let mut g = generic_tcg();
    g.budget.in_stretch = true;
    g.charge_expr(40, false);
    assert!(g.use_cached_chars(3, 10));
    let mark = g.budget_mark();
    g.charge_expr(25, true);
    assert!(g.use_cached_chars(4, 10));
    g.trip(RunError::Definition("a limit".into()));
    assert!(g.budget_tripped());
    g.budget_back_to(mark);
    assert_eq!(g.expr_mark(), (50, 0));
    assert!(!g.budget_tripped(), "the trial's trip is given back");
    assert!(g.use_cached_chars(4, 10), "generation 4 is paid for again");
    assert_eq!(g.expr_mark().0, 60);
    // A limit tripped before the mark stays tripped.
    g.trip(RunError::Definition("a limit".into()));
    let mark = g.budget_mark();
    g.budget_back_to(mark);
    assert!(g.budget_tripped());
}

#[test]
fn a_copy_costs_a_step_per_64_waiting_items() {
    let mut g = generic_tcg();
    let t = crate::testing::gt101_trigger(&g.defs);
    g.st.triggers = vec![t; 200];
    g.step_copy();
    assert_eq!(g.budget.steps, 4, "1 + 200 / 64");
}

#[test]
fn a_trip_stops_the_stretch_at_its_next_step() {
    let mut g = generic_tcg();
    g.trip(RunError::Definition("outside".into()));
    assert!(!g.budget_tripped(), "outside a stretch nothing trips");
    g.budget.in_stretch = true;
    g.trip(RunError::Definition("first".into()));
    g.trip(RunError::Definition("second".into()));
    assert!(g.budget_tripped());
    match g.over_budget() {
        Err(e) => assert!(format!("{e:?}").contains("first"), "{e:?}"),
        Ok(ended) => panic!("not stopped (ended: {ended})"),
    }
    assert!(!g.budget_tripped(), "the error is taken once");
}
