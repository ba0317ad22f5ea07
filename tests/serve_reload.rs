//! Hot reload at the play table: an edited card is in force from the next state, and its face
//! is drawn from the new data.
mod serve_support;

use serve_support::{connect, next, start};
use std::io::{Read, Write};
use std::time::{Duration, Instant};

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    fuda::files::copy_dir(from, to).expect("the folder copies");
}

/// A plain HTTP GET of `path` (the body).
fn get(base: &str, path: &str) -> String {
    let host = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(host).unwrap();
    write!(s, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

/// The first state whose table note contains `text` (within 20 s).
async fn note_with(ws: &mut serve_support::Socket, text: &str) -> serde_json::Value {
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no \"{text}\" within 20 s"
        );
        let Some((m, _)) = next(ws, Duration::from_secs(20)).await else {
            continue;
        };
        if m["table"]["note"]
            .as_str()
            .is_some_and(|n| n.contains(text))
        {
            return m;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_card_is_in_force_and_redrawn() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("cards/generic-tcg");
    let dir = std::env::temp_dir().join(format!("fuda-reload-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&src, &dir);
    let server = start(&["--game", dir.to_str().unwrap(), "--seed", "1"]);
    assert!(get(&server.base, "/face/GT-001.svg").contains("炎の剣士"));
    let mut ws = connect(&server.ws_url(server.tokens[0].as_deref()))
        .await
        .unwrap();
    let _meta = next(&mut ws, Duration::from_secs(20)).await.unwrap();
    let (first, _) = next(&mut ws, Duration::from_secs(20)).await.unwrap();
    assert_eq!(first["table"]["faces"], 0);

    let units = dir.join("packs/starter/units.yaml");
    let text = std::fs::read_to_string(&units).unwrap();
    std::fs::write(
        &units,
        text.replacen("name: 炎の剣士", "name: 炎の大剣士", 1),
    )
    .unwrap();
    let reloaded = note_with(&mut ws, "再読み込み").await;
    assert!(
        reloaded["table"]["note"]
            .as_str()
            .unwrap()
            .contains("reloaded"),
        "{reloaded}"
    );
    assert_eq!(reloaded["table"]["faces"], 1, "pages fetch faces again");
    assert!(
        get(&server.base, "/face/GT-001.svg").contains("炎の大剣士"),
        "the face is redrawn"
    );
    // The card is in force: every GT-001 P1 sees (one is in its opening hand) has the new name.
    let named: Vec<String> = (reloaded["view"]["players"].as_array().unwrap().iter())
        .flat_map(|p| p["zones"].as_array().unwrap().iter())
        .flat_map(|z| z["cards"].as_array().unwrap().iter())
        .filter(|c| c["card"] == "GT-001")
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert!(!named.is_empty(), "P1 sees a GT-001");
    assert!(named.iter().all(|n| n == "炎の大剣士"), "{named:?}");

    // A broken edit is reported and the old version stays.
    std::fs::write(&units, "cards: [").unwrap();
    note_with(&mut ws, "再読み込み失敗").await;
    assert!(
        get(&server.base, "/face/GT-001.svg").contains("炎の大剣士"),
        "the old version stays"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
