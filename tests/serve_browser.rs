//! The play table in a real headless Chromium (through chromedriver): both seats open their
//! pages and play a whole 汎用TCG game to a rule ending by clicking options; the board is
//! checked after known actions. Needs Debian's `chromium` and `chromium-driver` (.ci/run
//! installs them); without them this test fails and says how to install them.
mod serve_support;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use serve_support::start;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().expect("its address").port()
}

/// Starts chromedriver, or fails saying how to get it.
async fn driver() -> (Driver, String) {
    for (path, pkg) in [(CHROMIUM, "chromium"), (DRIVER, "chromium-driver")] {
        assert!(
            std::path::Path::new(path).exists(),
            "{path} is missing: install the browser with `apt-get install -y chromium chromium-driver` \
             (Debian's {pkg}; .ci/run does this when it can)"
        );
    }
    let port = free_port();
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let url = format!("http://127.0.0.1:{port}");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    (Driver(child), url)
}

/// A headless browser session (each seat its own, with its own profile).
pub async fn browser(driver: &str, width: u32, height: u32) -> Client {
    let mut caps = serde_json::Map::new();
    let dir = std::env::temp_dir().join(format!(
        "fuda-chromium-{}-{}",
        std::process::id(),
        free_port()
    ));
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", format!("--window-size={width},{height}"),
                     format!("--user-data-dir={}", dir.display())],
        }),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(driver)
        .await
        .expect("a browser session")
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.expect("script runs")
}

/// The page's state version (set by table.js on every drawing).
async fn version(c: &Client) -> u64 {
    js(c, "return Number(document.body.dataset.version || 0)")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// Waits until the page shows a state newer than `v`.
async fn newer(c: &Client, v: u64) -> u64 {
    let start = Instant::now();
    loop {
        let now = version(c).await;
        if now > v {
            return now;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the page did not update after a click"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Cards drawn in one zone of one player's side: (hidden, name) each.
async fn zone(c: &Client, player: u8, zone: &str) -> Vec<(bool, String)> {
    let v = js(c, &format!(
        "return [...document.querySelectorAll('#board .zone[data-player=\"{player}\"][data-zone=\"{zone}\"] > .cards > .card')]\
           .map(e => [e.classList.contains('hidden'), e.dataset.name || ''])"
    ))
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| (x[0].as_bool().unwrap(), x[1].as_str().unwrap().to_string()))
        .collect()
}

fn lcg(x: &mut u64) -> u64 {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *x >> 33
}

/// Clicks an answer on `c` if its seat is asked now; returns whether it did.
async fn answer(c: &Client, rng: &mut u64) -> bool {
    let buttons = c
        .find_all(Locator::Css("#options button.option"))
        .await
        .unwrap_or_default();
    if buttons.is_empty() {
        return false;
    }
    let v = version(c).await;
    let submit = c
        .find_all(Locator::Css("#submit"))
        .await
        .unwrap_or_default();
    if submit.is_empty() {
        let i = (lcg(rng) % buttons.len() as u64) as usize;
        buttons[i].click().await.expect("click an option");
    } else {
        let d = js(c, "return document.body.dataset.bounds").await;
        let b: Vec<u64> = d
            .as_str()
            .unwrap_or("1,1")
            .split(',')
            .map(|n| n.parse().unwrap_or(1))
            .collect();
        let k = (b[0] + lcg(rng) % (b[1] - b[0] + 1)).min(buttons.len() as u64);
        let mut pool: Vec<usize> = (0..buttons.len()).collect();
        for _ in 0..k {
            let i = pool.swap_remove((lcg(rng) % pool.len() as u64) as usize);
            buttons[i].click().await.expect("tick an option");
        }
        submit[0].click().await.expect("submit");
    }
    newer(c, v).await;
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_seats_play_a_whole_game_by_clicking() {
    let (_driver, url) = driver().await;
    let server = start(&["--p2", "human", "--seed", "3"]);
    let seat_url = |p: usize| {
        format!(
            "{}/?t={}",
            server.base,
            server.tokens[p].clone().expect("human seat")
        )
    };
    let p1 = browser(&url, 1400, 950).await;
    let p2 = browser(&url, 1400, 950).await;
    p1.goto(&seat_url(0)).await.unwrap();
    p2.goto(&seat_url(1)).await.unwrap();
    newer(&p1, 0).await;
    newer(&p2, 0).await;

    // 403.2: each player has shuffled and drawn five; the deck is one pile of backs.
    assert_eq!(zone(&p1, 1, "hand").await.len(), 5);
    assert!(
        zone(&p1, 1, "hand")
            .await
            .iter()
            .all(|(h, n)| !h && !n.is_empty()),
        "P1 sees its hand"
    );
    assert!(
        zone(&p2, 1, "hand").await.iter().all(|(h, _)| *h),
        "P2 sees P1's hand face down"
    );
    assert_eq!(
        zone(&p1, 1, "deck").await.len(),
        1,
        "the deck is drawn as one pile"
    );

    // 403.3: P1 places a unit in the main area face down, from its hand.
    let label = js(
        &p1,
        "return document.querySelector('#options button.option').textContent",
    )
    .await;
    assert!(
        label.as_str().unwrap().contains("P1の手札"),
        "P1 chooses from its hand: {label}"
    );
    let v = version(&p1).await;
    p1.find(Locator::Css("#options button.option"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    newer(&p1, v).await;
    let start = Instant::now();
    while zone(&p2, 1, "main").await.len() != 1 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "P2's page shows P1's main unit"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        zone(&p1, 1, "hand").await.len(),
        4,
        "the unit left P1's hand"
    );
    assert!(
        zone(&p2, 1, "main").await[0].0,
        "P2 sees it face down (403.3)"
    );

    // Then both play on, clicking options, until a rule ends the game.
    let mut rng = 3;
    let mut clicks = 0;
    let start = Instant::now();
    loop {
        let over = js(&p1, "return !document.getElementById('outcome').hidden").await;
        if over == true {
            break;
        }
        let a = answer(&p1, &mut rng).await;
        let b = answer(&p2, &mut rng).await;
        clicks += a as u32 + b as u32;
        // Hidden information holds on the page as in the messages: P2 never sees P1's hand.
        assert!(
            zone(&p2, 1, "hand").await.iter().all(|(h, _)| *h),
            "P2 saw P1's hand"
        );
        if !a && !b {
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
        assert!(
            clicks < 3000 && start.elapsed() < Duration::from_secs(900),
            "the game did not end"
        );
    }
    let outcome = js(&p2, "return document.getElementById('outcome').textContent").await;
    let text = outcome.as_str().unwrap().to_string();
    assert!(
        text.contains('[') && (text.contains("勝ち") || text.contains("引き分け")),
        "ended by a rule: {text}"
    );
    assert!(clicks > 20, "a whole game took {clicks} clicks");
    let log = js(
        &p1,
        "return document.querySelectorAll('#log .clause').length",
    )
    .await;
    assert!(log.as_u64().unwrap() > 20, "the log cites clauses");
    let _ = p1.close().await;
    let _ = p2.close().await;
}

/// Writes docs/img/table-<game>.png for each hosted game: P1 clicks until turn 4 against the
/// random agent. Run by hand (`cargo test --release --test serve_browser -- --ignored`) and
/// review the pictures before committing them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn screenshots_of_each_hosted_game() {
    let (_driver, url) = driver().await;
    for game in [
        "generic-tcg",
        "fire-force",
        "touhou-vision",
        "victory-spark",
    ] {
        let dir = format!("cards/{game}");
        let server = start(&["--game", &dir, "--p2", "random", "--seed", "2"]);
        let page = browser(&url, 1500, 1000).await;
        page.goto(&format!(
            "{}/?t={}",
            server.base,
            server.tokens[0].clone().unwrap()
        ))
        .await
        .unwrap();
        newer(&page, 0).await;
        let mut rng = 11;
        for _ in 0..400 {
            let turn = js(&page, "return Number(document.body.dataset.turn || 0)").await;
            if turn.as_u64().unwrap_or(0) >= 4
                || js(&page, "return !document.getElementById('outcome').hidden").await == true
            {
                break;
            }
            if !answer(&page, &mut rng).await {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        // Show the inspector for a card of P1's in play, else of its hand.
        let _ = js(&page, "const c = [...document.querySelectorAll('#bottom .card[data-id]')].reverse()[0]; if (c) c.dispatchEvent(new MouseEvent('mouseenter')); return 0").await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let png = page.screenshot().await.expect("a screenshot");
        let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("docs/img/table-{game}.png"));
        std::fs::write(&out, png).expect("written");
        let _ = page.close().await;
    }
}
