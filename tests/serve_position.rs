//! "Save position" at the play table writes a scenario whose setup is the board as it stood:
//! built again, it shows P1 the same zones, cards, orientations and counters.
mod serve_support;

use serde_json::Value;
use serve_support::{connect, next, send, start};
use std::sync::Arc;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

/// Per zone: (zone, slot, count, what P1 sees of each card).
fn board(view: &Value) -> Vec<(String, String, u64, Vec<String>)> {
    let mut out = Vec::new();
    for p in view["players"].as_array().unwrap() {
        for z in p["zones"].as_array().unwrap() {
            let cards = z["cards"].as_array().unwrap().iter().map(|c| {
                let attached: Vec<String> = (c["attached"].as_array().into_iter().flatten())
                    .map(|a| format!("{}:{}", a["role"], a["card"]))
                    .collect();
                format!(
                    "{}|{}|{}|{}|{}",
                    c["card"],
                    c["orientation"],
                    c["counters"],
                    c["face_up"],
                    attached.join(",")
                )
            });
            out.push((
                format!("p{} {}", p["player"], z["zone"]),
                z["slot"].to_string(),
                z["count"].as_u64().unwrap(),
                cards.collect(),
            ));
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_position_builds_the_same_board() {
    let dir = std::env::temp_dir().join(format!("fuda-positions-{}", std::process::id()));
    let server = start(&["--seed", "4", "--positions", dir.to_str().unwrap()]);
    let token = server.tokens[0].clone().unwrap();
    let mut ws = connect(&server.ws_url(Some(&token))).await.unwrap();
    let _meta = next(&mut ws, WAIT).await.unwrap();
    let mut answered = 0;
    let mut rng = 4u64;
    let last = loop {
        let (m, _) = next(&mut ws, WAIT).await.expect("a state");
        if m["type"] != "state" {
            continue;
        }
        let d = &m["view"]["decision"];
        let asked = d["yours"] == true
            && d["waiting_for"]
                .as_array()
                .unwrap()
                .contains(&Value::from(1));
        if !asked || !m["view"]["outcome"].is_null() {
            continue;
        }
        if answered == 40 {
            break m;
        }
        // The first option of a single choice, a pseudo-random one otherwise.
        rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
        let n = m["options"].as_array().unwrap().len() as u64;
        let pick = if d["max"] == 1 && d["min"] == 1 {
            (rng >> 33) % n
        } else {
            0
        };
        let picks: Vec<u64> = if d["min"] == 0 { vec![] } else { vec![pick] };
        let msg = serde_json::json!({"answer": picks, "version": m["version"]});
        send(&mut ws, &msg.to_string()).await;
        answered += 1;
    };
    send(&mut ws, r#"{"save_position": true}"#).await;
    let (note, _) = next(&mut ws, WAIT).await.expect("a reply");
    assert_eq!(note["type"], "note", "{note}");
    let text = note["note"].as_str().unwrap();
    let path = std::path::PathBuf::from(text.rsplit(": ").next().unwrap());
    assert!(path.starts_with(&dir), "{text}");
    let yaml = std::fs::read_to_string(&path).unwrap();
    let l = fuda::scenario::load(&path).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let b = fuda::scenario::bundle_for(&l).unwrap();
    let g = fuda::scenario::setup::build(Arc::clone(&b.defs), &l.scenario)
        .unwrap_or_else(|e| panic!("{e}\n{yaml}"));
    let rebuilt = serde_json::to_value(g.view(Some(0))).unwrap();
    let was = &last["view"];
    assert_eq!(rebuilt["turn"], was["turn"]);
    assert_eq!(rebuilt["turn_player"], was["turn_player"]);
    assert_eq!(
        board(&rebuilt),
        board(was),
        "the scenario's board is the table's\n{yaml}"
    );
    assert!(
        yaml.contains("energy:"),
        "the position has energy attached (a richer check):\n{yaml}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
