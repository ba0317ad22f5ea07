//! The play table's sockets keep secrets (302.2, 303.2, 305.3): every message sent to P1 in
//! several whole games shows exactly the cards P1 may see, and forged or malformed messages
//! are refused without changing the game.
mod serve_support;

use serde_json::Value;
use serve_support::{connect, next, send, start};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

/// Keys a hidden card may carry: what everyone sees of it.
const PUBLIC_KEYS: [&str; 7] = [
    "hidden",
    "face_up",
    "orientation",
    "flags",
    "counters",
    "role",
    "attached",
];

/// Every card object of a view (zones of both players, shared zones, attachments).
fn cards(view: &Value) -> Vec<&Value> {
    fn walk<'a>(c: &'a Value, out: &mut Vec<&'a Value>) {
        out.push(c);
        for a in c["attached"].as_array().into_iter().flatten() {
            walk(a, out);
        }
    }
    let mut out = Vec::new();
    let zones = (view["players"].as_array().into_iter().flatten())
        .flat_map(|p| p["zones"].as_array().into_iter().flatten())
        .chain(view["shared"].as_array().into_iter().flatten());
    for z in zones {
        for c in z["cards"].as_array().into_iter().flatten() {
            walk(c, &mut out);
        }
    }
    out
}

/// A small deterministic generator for the test's own picks.
fn lcg(x: &mut u64) -> u64 {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *x >> 33
}

/// Plays one game as P1 over the socket (P2 a random agent) and checks every message.
async fn one_game(seed: u64) {
    let audit =
        std::env::temp_dir().join(format!("fuda-serve-audit-{}-{seed}", std::process::id()));
    let server = start(&[
        "--seed",
        &seed.to_string(),
        "--audit",
        audit.to_str().unwrap(),
    ]);
    let token = server.tokens[0].clone().expect("P1 is human");
    assert!(server.tokens[1].is_none(), "P2 is an agent: no URL");
    let mut ws = connect(&server.ws_url(Some(&token)))
        .await
        .expect("P1 connects");
    let (meta, _) = next(&mut ws, WAIT).await.expect("meta");
    assert_eq!(meta["type"], "meta");
    assert_eq!(meta["seat"], 1);
    let mut got: Vec<(u64, Value)> = Vec::new();
    let mut rng = seed;
    let mut over = false;
    while !over {
        let Some((m, _)) = next(&mut ws, WAIT).await else {
            panic!("seed {seed}: no message within {WAIT:?}");
        };
        if m["type"] == "error" {
            // An answer to a state the table had already moved past (the agent answered a
            // simultaneous decision meanwhile) is refused as stale; the current state follows.
            assert!(
                m["error"].as_str().unwrap().starts_with("stale:"),
                "seed {seed}: {m}"
            );
            continue;
        }
        let view = &m["view"];
        over = !view["outcome"].is_null();
        got.push((m["version"].as_u64().expect("version"), m.clone()));
        let d = &view["decision"];
        if over || d.is_null() || d["yours"] != true {
            continue;
        }
        if !d["waiting_for"]
            .as_array()
            .unwrap()
            .contains(&Value::from(1))
        {
            continue;
        }
        let n = m["options"].as_array().unwrap().len() as u64;
        let (lo, hi) = (d["min"].as_u64().unwrap(), d["max"].as_u64().unwrap());
        let k = (lo + lcg(&mut rng) % (hi - lo + 1)).min(n);
        let mut pool: Vec<u64> = (0..n).collect();
        let mut picks: Vec<u64> = (0..k)
            .map(|_| pool.swap_remove((lcg(&mut rng) % pool.len() as u64) as usize))
            .collect();
        picks.sort();
        let version = m["version"].clone();
        send(
            &mut ws,
            &serde_json::json!({ "answer": picks, "version": version }).to_string(),
        )
        .await;
    }
    drop(server);
    let text = std::fs::read_to_string(&audit).expect("the audit file");
    let _ = std::fs::remove_file(&audit);
    let mut truth: BTreeMap<u64, (Vec<String>, BTreeSet<i64>)> = BTreeMap::new();
    for line in text.lines() {
        let a: Value = serde_json::from_str(line).unwrap();
        if a["seat"] == 1 {
            let visible = a["visible"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            let hidden = a["hidden_handles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_i64().unwrap())
                .collect();
            truth.insert(a["version"].as_u64().unwrap(), (visible, hidden));
        }
    }
    assert!(
        got.len() > 50,
        "seed {seed}: a whole game is more than {} messages",
        got.len()
    );
    for (v, m) in &got {
        let (visible, hidden) = &truth[v];
        let view = &m["view"];
        let mut shown: Vec<String> = Vec::new();
        for c in cards(view) {
            if c["hidden"] == true {
                let keys: Vec<&String> = c.as_object().unwrap().keys().collect();
                for k in keys {
                    assert!(
                        PUBLIC_KEYS.contains(&k.as_str()),
                        "seed {seed} v{v}: a hidden card shows {k}: {c}"
                    );
                }
            } else {
                shown.push(
                    c["card"]
                        .as_str()
                        .expect("a visible card names its card")
                        .to_string(),
                );
                let h = c["id"].as_i64().unwrap();
                assert!(
                    !hidden.contains(&h),
                    "seed {seed} v{v}: the handle of a hidden card is shown"
                );
            }
        }
        shown.sort();
        assert_eq!(
            &shown, visible,
            "seed {seed} v{v}: P1's message shows other cards than P1 may see"
        );
        for o in m["options"].as_array().into_iter().flatten() {
            for h in o["cards"].as_array().into_iter().flatten() {
                assert!(
                    !hidden.contains(&h.as_i64().unwrap()),
                    "seed {seed} v{v}: an option names a hidden card"
                );
            }
        }
        for h in m["details"].as_object().expect("details").keys() {
            let h: i64 = h.parse().unwrap();
            assert!(
                !hidden.contains(&h),
                "seed {seed} v{v}: the inspector has a hidden card's values"
            );
        }
        for it in view["chain"].as_array().into_iter().flatten() {
            if let Some(h) = it["source"].as_i64() {
                assert!(
                    !hidden.contains(&h),
                    "seed {seed} v{v}: a chain item names a hidden card"
                );
            }
        }
        if !view["decision"].is_null() && view["decision"]["yours"] != true {
            assert!(
                view["decision"]["options"].is_null()
                    && m["options"].as_array().unwrap().is_empty(),
                "seed {seed} v{v}: P2's options reached P1"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn p1_sees_only_what_p1_may_know_in_whole_games() {
    for seed in [1, 2, 3] {
        one_game(seed).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_and_malformed_messages_are_refused_and_change_nothing() {
    let server = start(&["--p2", "human", "--seed", "5"]);
    let [Some(t1), Some(t2)] = server.tokens.clone() else {
        panic!("both seats are human");
    };
    assert!(
        connect(&server.ws_url(Some("not-a-token"))).await.is_err(),
        "an unknown token is refused"
    );
    let mut p1 = connect(&server.ws_url(Some(&t1))).await.unwrap();
    let mut p2 = connect(&server.ws_url(Some(&t2))).await.unwrap();
    let mut watcher = connect(&server.ws_url(None)).await.unwrap();
    let _ = next(&mut p1, WAIT).await.unwrap();
    let (first, _) = next(&mut p1, WAIT).await.unwrap();
    for ws in [&mut p2, &mut watcher] {
        let _ = next(ws, WAIT).await.unwrap();
        let _ = next(ws, WAIT).await.unwrap();
    }
    let asked: Vec<u64> = first["view"]["decision"]["waiting_for"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let n = first["options"].as_array().unwrap().len();
    let mut refused = Vec::new();
    let mut try_it = |msg: &'static str| refused.push(msg);
    try_it("{not json");
    try_it(r#"{"answer": [0], "seat": 2}"#);
    try_it(r#"{"answer": [9999]}"#);
    try_it(r#"{"answer": [0, 0]}"#);
    try_it(r#"{"answer": [0], "cheat": true}"#);
    try_it(r#"{}"#);
    try_it(r#"{"step": 3}"#);
    try_it(r#"{"answer": [0], "version": 0}"#);
    for msg in refused {
        send(&mut p1, msg).await;
        let (m, _) = next(&mut p1, WAIT).await.expect("a reply");
        assert_eq!(m["type"], "error", "{msg} is refused: {m}");
        assert!(!m["error"].as_str().unwrap().is_empty());
    }
    // A spectator cannot act, and P2 cannot answer what only P1 is asked.
    send(&mut watcher, r#"{"answer": [0]}"#).await;
    assert_eq!(next(&mut watcher, WAIT).await.unwrap().0["type"], "error");
    if !asked.contains(&2) {
        send(&mut p2, r#"{"answer": [0]}"#).await;
        assert_eq!(next(&mut p2, WAIT).await.unwrap().0["type"], "error");
    }
    assert!(n > 0);
    // Nothing changed: no new state reached anyone.
    for ws in [&mut p1, &mut p2, &mut watcher] {
        assert!(
            next(ws, Duration::from_millis(700)).await.is_none(),
            "a refused message changed the game"
        );
    }
    // A legal answer still works afterwards.
    if asked.contains(&1) {
        send(&mut p1, r#"{"answer": [0]}"#).await;
        let (m, _) = next(&mut p1, WAIT).await.unwrap();
        assert_eq!(m["type"], "state");
        assert!(m["version"].as_u64() > first["version"].as_u64());
    }
}
