//! `fuda serve`: a play table in the browser (docs/guide/table.md). A local web server gives
//! each seat its own URL with a random token and a WebSocket carrying only that seat's view;
//! the page lays the table out from the game's declared zones and draws card faces from the
//! game's face template. The game itself runs on one thread (table.rs), as in `fuda play`.
mod assets;
pub mod message;
pub mod position;
pub mod table;

use crate::bundle::Bundle;
use crate::replay::{resume, GameFile};
use crate::session::Seat;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::{mpsc, Arc, RwLock};
use table::{From, Input, Published, Table};
use tokio::sync::{oneshot, watch};

/// `fuda serve`: play in the browser.
#[derive(clap::Args, Clone)]
pub struct ServeCommand {
    #[command(flatten)]
    pub game: crate::args::GameArgs,
    /// Who plays seat 1: human, random, greedy, mcts or mcts:<playouts>.
    #[arg(long, default_value = "human")]
    pub p1: Seat,
    /// Who plays seat 2 (as --p1).
    #[arg(long, default_value = "random")]
    pub p2: Seat,
    /// Address to listen on (default: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Port (0: any free port; the URLs printed say which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Continue a saved game (`fuda play --save` or `fuda serve --save`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["replay", "scenario"])]
    pub load: Option<PathBuf>,
    /// Step through a saved game or replay from its start (no one answers).
    #[arg(long, value_name = "FILE", conflicts_with = "scenario")]
    pub replay: Option<PathBuf>,
    /// Play from a scenario file's starting position (its game is the scenario's).
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<PathBuf>,
    /// Save the game to FILE at every decision (resume with --load).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Where "save position" writes scenario files.
    #[arg(long, value_name = "DIR", default_value = "positions")]
    pub positions: PathBuf,
    /// Milliseconds an agent waits before it answers (so people can follow).
    #[arg(long, default_value_t = 400)]
    pub agent_delay: u64,
    /// Tests: write, for every message, what each seat may see (tests/serve_secrets.rs).
    #[arg(long, value_name = "FILE", hide = true)]
    pub audit: Option<PathBuf>,
}

/// What the HTTP side shares.
struct Shared {
    tokens: [Option<String>; 2],
    inbox: mpsc::Sender<Input>,
    published: watch::Receiver<Arc<Published>>,
    faces: table::Defs,
    clauses: String,
}

impl Shared {
    fn from_token(&self, t: Option<&str>) -> Option<From> {
        match t {
            None | Some("") => Some(From::Spectator),
            Some(t) => (0..2u8)
                .find(|&p| self.tokens[p as usize].as_deref() == Some(t))
                .map(From::Seat),
        }
    }
}

fn token() -> Result<String, String> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| format!("no random source for seat tokens: {e}"))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Loads the game and builds the table (on the thread that will run it).
fn open(cmd: &ServeCommand, faces: &table::Defs) -> Result<(Table, String), String> {
    let seats = [cmd.p1, cmd.p2];
    let (bundle, game, file, replay) = if let Some(path) = &cmd.scenario {
        let l = crate::scenario::load(path)?;
        let b = crate::scenario::bundle_for(&l)?;
        let g = crate::scenario::setup::build(Arc::clone(&b.defs), &l.scenario)?;
        let file = new_file(
            &b,
            ["scenario".into(), path.display().to_string()],
            l.scenario.seed,
        );
        (b, g, file, None)
    } else {
        let (dir, pack) = cmd.game.source.resolve()?;
        let b = Bundle::load_with_pack(&dir, pack.as_deref()).map_err(|e| e.to_string())?;
        match (&cmd.load, &cmd.replay) {
            (Some(path), _) => {
                let mut f = GameFile::read(path)?;
                let g = resume(&f, &b)?;
                f.state_at = None;
                (b, g, f, None)
            }
            (None, Some(path)) => {
                let f = GameFile::read(path)?;
                f.check_game(&b)?;
                let x = b.saved_deck(&f.decks[0]).map_err(|e| e.to_string())?;
                let y = b.saved_deck(&f.decks[1]).map_err(|e| e.to_string())?;
                let g = b.new_game([&x, &y], f.seed);
                let steps = f.steps.clone();
                (b, g, f, Some((steps, 0)))
            }
            (None, None) => {
                let decks = b.resolve_decks(&cmd.game.source.decks)?;
                let x = b.deck(&decks[0]).map_err(|e| e.to_string())?;
                let y = b.deck(&decks[1]).map_err(|e| e.to_string())?;
                let g = b.new_game([&x, &y], cmd.game.seed);
                let f = new_file(&b, decks, cmd.game.seed);
                (b, g, f, None)
            }
        }
    };
    let clauses = clauses_json(&bundle.dir);
    crate::faces::template_errors(&bundle.defs.game)?;
    let tpl = crate::faces::template_of(&bundle.defs.game)?;
    if let Ok(mut f) = faces.write() {
        *f = Some((Arc::clone(&bundle.defs), tpl));
    }
    let audit = match &cmd.audit {
        Some(p) => Some(std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?),
        None => None,
    };
    let agents = table::agents(&seats, file.seed, file.steps.len());
    let t = Table {
        bundle,
        game,
        file,
        seats,
        agents,
        replay,
        save: cmd.save.clone(),
        positions: cmd.positions.clone(),
        audit,
        delay: std::time::Duration::from_millis(cmd.agent_delay),
        faces: Arc::clone(faces),
        version: 0,
        faces_version: 0,
        meta: None,
    };
    Ok((t, clauses))
}

fn new_file(b: &Bundle, decks: [String; 2], seed: u64) -> GameFile {
    GameFile {
        game: Some(b.identity.clone()),
        pack: b.pack_identity.clone(),
        decks,
        seed,
        steps: Vec::new(),
        state: None,
        state_at: None,
    }
}

/// The game's clause list (`clauses.tsv`: id, kind, summary) as `{id: summary}`.
fn clauses_json(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string(dir.join("clauses.tsv")).unwrap_or_default();
    let map: serde_json::Map<String, serde_json::Value> = text
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut cols = l.splitn(3, '\t');
            let id = cols.next()?;
            let summary = cols.nth(1)?;
            Some((id.to_string(), summary.into()))
        })
        .collect();
    serde_json::Value::Object(map).to_string()
}

pub fn main(cmd: ServeCommand) -> Result<(), String> {
    let humans = [cmd.p1, cmd.p2].map(|s| s == Seat::Human);
    let tokens = [
        humans[0].then(token).transpose()?,
        humans[1].then(token).transpose()?,
    ];
    let faces: table::Defs = Arc::new(RwLock::new(None));
    let (inbox_tx, inbox_rx) = mpsc::channel::<Input>();
    let (out_tx, out_rx) = watch::channel(Arc::new(Published::default()));
    let (ready_tx, ready_rx) = mpsc::channel::<Result<String, String>>();
    let thread_cmd = cmd.clone();
    let thread_faces = Arc::clone(&faces);
    std::thread::spawn(move || match open(&thread_cmd, &thread_faces) {
        Ok((t, clauses)) => {
            let _ = ready_tx.send(Ok(clauses));
            t.run(inbox_rx, out_tx);
        }
        Err(e) => {
            let _ = ready_tx.send(Err(e));
        }
    });
    let clauses = ready_rx
        .recv()
        .map_err(|_| "the table stopped while loading".to_string())??;
    let shared = Arc::new(Shared {
        tokens,
        inbox: inbox_tx,
        published: out_rx,
        faces,
        clauses,
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(serve(cmd.host, cmd.port, shared))
}

async fn serve(host: IpAddr, port: u16, shared: Arc<Shared>) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(SocketAddr::new(host, port))
        .await
        .map_err(|e| {
            format!("cannot listen on {host}:{port}: {e} (try --port 0 for any free port)")
        })?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let base = format!("http://{addr}");
    for (p, t) in shared.tokens.iter().enumerate() {
        match t {
            Some(t) => println!("P{}: {base}/?t={t}", p + 1),
            None => println!("P{}: an agent", p + 1),
        }
    }
    println!("spectators: {base}/");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let app = Router::new()
        .route("/", get(assets::index))
        .route("/table.js", get(assets::script))
        .route("/table.css", get(assets::style))
        .route("/clauses.json", get(clauses))
        .route("/face/{id}", get(face))
        .route("/ws", get(socket))
        .with_state(shared);
    axum::serve(listener, app).await.map_err(|e| e.to_string())
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    t: Option<String>,
}

async fn clauses(State(sh): State<Arc<Shared>>) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        sh.clauses.clone(),
    )
        .into_response()
}

/// `/face/<card id>.svg`: the card's face from the game's template (card faces are public).
async fn face(State(sh): State<Arc<Shared>>, UrlPath(id): UrlPath<String>) -> Response {
    let id = id.strip_suffix(".svg").unwrap_or(&id);
    let svg = sh.faces.read().ok().and_then(|f| {
        let (defs, tpl) = f.as_ref()?;
        let &i = defs.cards.by_id.get(id)?;
        Some(crate::faces::template::render(
            tpl,
            &defs.game,
            &defs.cards.cards[i],
        ))
    });
    match svg {
        Some(s) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "no-cache"),
                // A face is a picture: nothing in it runs, even when opened on its own.
                (header::CONTENT_SECURITY_POLICY, "script-src 'none'"),
            ],
            s,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such card").into_response(),
    }
}

async fn socket(
    ws: WebSocketUpgrade,
    Query(q): Query<TokenQuery>,
    State(sh): State<Arc<Shared>>,
) -> Response {
    match sh.from_token(q.t.as_deref()) {
        Some(from) => ws.on_upgrade(move |s| talk(s, from, sh)),
        None => (
            StatusCode::FORBIDDEN,
            "unknown seat token: open the URL fuda serve printed",
        )
            .into_response(),
    }
}

/// One socket: the seat's messages out, its requests in (each answered only on this socket).
async fn talk(mut ws: WebSocket, from: From, sh: Arc<Shared>) {
    let i = Published::index(from);
    let mut rx = sh.published.clone();
    // The table publishes its first state once the game is loaded.
    if rx.wait_for(|p| p.version > 0).await.is_err() {
        return;
    }
    let first = rx.borrow_and_update().clone();
    for m in [&first.meta[i], &first.state[i]] {
        if ws.send(Message::Text(m.clone().into())).await.is_err() {
            return;
        }
    }
    loop {
        tokio::select! {
            changed = rx.changed() => {
                if changed.is_err() {
                    return;
                }
                let p = rx.borrow_and_update().clone();
                if ws.send(Message::Text(p.state[i].clone().into())).await.is_err() {
                    return;
                }
            }
            msg = ws.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t.to_string(),
                    Some(Ok(Message::Binary(_))) => String::from("(binary)"),
                    Some(Ok(_)) => continue,
                    _ => return,
                };
                let (tx, reply) = oneshot::channel();
                if sh.inbox.send(Input { from, text, reply: tx }).is_err() {
                    return;
                }
                let m = match reply.await {
                    Ok(Err(e)) => Some(serde_json::json!({"type": "error", "error": e})),
                    Ok(Ok(Some(n))) => Some(serde_json::json!({"type": "note", "note": n})),
                    _ => None,
                };
                if let Some(m) = m {
                    let m = m.to_string();
                    if ws.send(Message::Text(m.into())).await.is_err() {
                        return;
                    }
                }
            }
        }
    }
}
