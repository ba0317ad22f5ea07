//! Starting `fuda serve` for a test: the process, its seat URLs, and a WebSocket client.
#![allow(dead_code)]
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// A running `fuda serve`, killed when dropped.
pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// Seat tokens (None: an agent sits there).
    pub tokens: [Option<String>; 2],
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `fuda serve --port 0 ARGS…` and reads the URLs it prints.
pub fn start(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(["serve", "--port", "0", "--agent-delay", "0"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("fuda serve starts");
    let out = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(out).lines();
    let mut tokens = [None, None];
    let mut base = String::new();
    for line in lines.by_ref() {
        let line = line.expect("a line");
        if let Some(url) = line.strip_prefix("spectators: ") {
            base = url.trim_end_matches('/').to_string();
            break;
        }
        for p in 0..2 {
            if let Some(rest) = line.strip_prefix(&format!("P{}: ", p + 1)) {
                tokens[p] = rest.split("?t=").nth(1).map(str::to_string);
            }
        }
    }
    assert!(!base.is_empty(), "fuda serve printed no URLs");
    Server {
        child,
        base,
        tokens,
    }
}

impl Server {
    pub fn ws_url(&self, token: Option<&str>) -> String {
        let host = self.base.trim_start_matches("http://");
        match token {
            Some(t) => format!("ws://{host}/ws?t={t}"),
            None => format!("ws://{host}/ws"),
        }
    }
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect(url: &str) -> Result<Socket, String> {
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(s, _)| s)
        .map_err(|e| e.to_string())
}

/// The next text message as JSON with its raw text, or None within `wait`.
pub async fn next(ws: &mut Socket, wait: Duration) -> Option<(Value, String)> {
    loop {
        match tokio::time::timeout(wait, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let text = t.to_string();
                let v = serde_json::from_str(&text).expect("the server sends JSON");
                return Some((v, text));
            }
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

pub async fn send(ws: &mut Socket, text: &str) {
    ws.send(Message::Text(text.to_string().into()))
        .await
        .expect("send");
}
