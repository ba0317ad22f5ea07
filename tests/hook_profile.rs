//! `fuda bench --hooks`: the per-hook profile counts every outermost hook call once, under
//! the hook's name (a card's hooks under `card:*:<hook>`), and only while it is on.
use fuda::bench::{engine_series, Series};
use fuda::bundle::{default_game_dir, Bundle};

fn series(b: &Bundle, profile: bool) -> Series {
    let (x, y) = (
        b.deck("flame-thunder").expect("deck"),
        b.deck("water-grass").expect("deck"),
    );
    fuda_scripting::profile_hooks(profile);
    let s = engine_series(b, [&x, &y], 3, 1).expect("a game");
    fuda_scripting::profile_hooks(false);
    s
}

#[test]
fn the_profile_counts_each_outermost_call_once() {
    let b = Bundle::load(&default_game_dir()).expect("the 汎用TCG loads");
    let s = series(&b, true);
    let calls: u64 = s.profile.values().map(|c| c.calls).sum();
    let nanos: u64 = s.profile.values().map(|c| c.nanos).sum();
    let api: u64 = s.profile.values().map(|c| c.api_calls).sum();
    assert_eq!(calls, s.hooks.outer_calls, "every outermost call, once");
    assert_eq!(nanos, s.hooks.outer_nanos, "their time, all of it");
    assert_eq!(
        api, s.hooks.api_calls,
        "every k.* call is inside an outermost hook call"
    );
    // 1003: the KO rule process runs at every rule check of the game.
    assert!(s
        .profile
        .get("rp_ko")
        .is_some_and(|c| c.calls > 0 && c.api_calls > 0));
    assert!(
        s.profile
            .keys()
            .all(|k| !k.starts_with("card:") || k.starts_with("card:*:")),
        "card hooks are grouped by kind: {:?}",
        s.profile.keys().collect::<Vec<_>>()
    );
}

#[test]
fn off_by_default() {
    let b = Bundle::load(&default_game_dir()).expect("the 汎用TCG loads");
    let s = series(&b, false);
    assert!(s.hooks.outer_calls > 0);
    assert!(s.profile.is_empty());
}
