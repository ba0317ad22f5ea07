//! The event log: every rule step the engine performs, with the clause it applies.
use crate::ids::PlayerId;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One line of the log, e.g. `[1003.2] 炎の剣士 is KO'd`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub turn: u32,
    pub clause: Option<String>,
    pub text: String,
    /// Players (bit per seat) who alone may read `text`, 0 for everyone: a choice that names a
    /// card only its chooser sees (a hand card charged face down, 305.3, 905.2). The others
    /// read `public` instead.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub private_to: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public: Option<String>,
}

/// Text safe for a terminal: control characters (escape sequences, C1 controls, DEL) in card
/// data or script output become `�`; a tab or newline becomes a space.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\n' | '\t' | '\r' => ' ',
                c if c.is_control() => '\u{FFFD}',
                c => c,
            })
            .collect(),
    )
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

impl LogEntry {
    /// Whether `viewer` may read the whole line (None: an omniscient observer may).
    pub fn readable_by(&self, viewer: Option<PlayerId>) -> bool {
        self.private_to == 0 || viewer.is_none_or(|v| self.private_to & (1 << v) != 0)
    }

    /// The line as `viewer` may read it.
    pub fn seen_by(&self, viewer: Option<PlayerId>) -> LogEntry {
        if self.readable_by(viewer) {
            return self.clone();
        }
        LogEntry {
            turn: self.turn,
            clause: self.clause.clone(),
            text: self
                .public
                .clone()
                .unwrap_or_else(|| "(非公開 private)".to_string()),
            private_to: 0,
            public: None,
        }
    }
}

impl fmt::Display for LogEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.clause {
            Some(c) => write!(f, "[{c}] {}", self.text),
            None => write!(f, "{}", self.text),
        }
    }
}

/// The game's log: lines in order, kept in chunks that forks share (a `Game` clone copies a
/// few pointers and the short open tail, not every line). Saved as a plain list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Log {
    /// Closed chunks, shared between forks.
    chunks: Vec<std::sync::Arc<Vec<LogEntry>>>,
    /// Lines in the closed chunks.
    closed: usize,
    /// The open chunk.
    tail: Vec<LogEntry>,
}

/// Lines an open chunk takes before it is closed and shared.
const CHUNK: usize = 16;

impl Log {
    pub fn len(&self) -> usize {
        self.closed + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, e: LogEntry) {
        self.tail.push(e);
        if self.tail.len() >= CHUNK {
            self.closed += self.tail.len();
            self.chunks
                .push(std::sync::Arc::new(std::mem::take(&mut self.tail)));
        }
    }

    pub fn iter(&self) -> Iter<'_> {
        let open: fn(&std::sync::Arc<Vec<LogEntry>>) -> std::slice::Iter<'_, LogEntry> =
            |c| c.iter();
        self.chunks.iter().flat_map(open).chain(self.tail.iter())
    }

    /// The lines from the `n`-th on.
    pub fn iter_from(&self, n: usize) -> impl Iterator<Item = &LogEntry> {
        self.iter().skip(n)
    }

    pub fn get(&self, mut i: usize) -> Option<&LogEntry> {
        for c in &self.chunks {
            if i < c.len() {
                return c.get(i);
            }
            i -= c.len();
        }
        self.tail.get(i)
    }

    pub fn last(&self) -> Option<&LogEntry> {
        self.tail
            .last()
            .or_else(|| self.chunks.last().and_then(|c| c.last()))
    }

    pub fn last_mut(&mut self) -> Option<&mut LogEntry> {
        if self.tail.is_empty() {
            // Reopen the last chunk (copied if a fork shares it).
            let c = self.chunks.pop()?;
            self.closed -= c.len();
            self.tail = std::sync::Arc::try_unwrap(c).unwrap_or_else(|c| (*c).clone());
        }
        self.tail.last_mut()
    }

    /// Keeps the first `n` lines.
    pub fn truncate(&mut self, n: usize) {
        while n < self.closed {
            let Some(c) = self.chunks.pop() else { break };
            self.closed -= c.len();
            let mut lines = std::sync::Arc::try_unwrap(c).unwrap_or_else(|c| (*c).clone());
            lines.append(&mut self.tail);
            self.tail = lines;
        }
        self.tail.truncate(n - self.closed);
    }

    /// Removes and returns the lines from the `n`-th on.
    pub fn split_off(&mut self, n: usize) -> Vec<LogEntry> {
        let out = self.iter_from(n).cloned().collect();
        self.truncate(n);
        out
    }

    pub fn clear(&mut self) {
        *self = Log::default();
    }

    pub fn to_vec(&self) -> Vec<LogEntry> {
        self.iter().cloned().collect()
    }
}

/// The lines of a [`Log`] in order.
pub type Iter<'a> = std::iter::Chain<
    std::iter::FlatMap<
        std::slice::Iter<'a, std::sync::Arc<Vec<LogEntry>>>,
        std::slice::Iter<'a, LogEntry>,
        fn(&'a std::sync::Arc<Vec<LogEntry>>) -> std::slice::Iter<'a, LogEntry>,
    >,
    std::slice::Iter<'a, LogEntry>,
>;

impl<'a> IntoIterator for &'a Log {
    type Item = &'a LogEntry;
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl From<Vec<LogEntry>> for Log {
    fn from(lines: Vec<LogEntry>) -> Log {
        let mut log = Log::default();
        lines.into_iter().for_each(|e| log.push(e));
        log
    }
}

impl Extend<LogEntry> for Log {
    fn extend<I: IntoIterator<Item = LogEntry>>(&mut self, lines: I) {
        lines.into_iter().for_each(|e| self.push(e));
    }
}

impl std::ops::Index<usize> for Log {
    type Output = LogEntry;
    fn index(&self, i: usize) -> &LogEntry {
        match self.get(i) {
            Some(e) => e,
            None => panic!("log line {i} of {}", self.len()),
        }
    }
}

impl Serialize for Log {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Log {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Log, D::Error> {
        Vec::<LogEntry>::deserialize(d).map(Log::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(i: usize) -> LogEntry {
        LogEntry {
            turn: 1,
            clause: None,
            text: format!("line {i}"),
            private_to: 0,
            public: None,
        }
    }

    /// The chunked log behaves as a plain list under every operation the kernel uses.
    #[test]
    fn a_log_behaves_as_a_list() {
        let (mut log, mut list) = (Log::default(), Vec::new());
        for i in 0..100 {
            log.push(line(i));
            list.push(line(i));
            if i % 7 == 3 {
                let n = (i * 13) % (list.len() + 1);
                log.truncate(n);
                list.truncate(n);
            }
            if i % 11 == 5 {
                let fork = log.clone();
                if let (Some(a), Some(b)) = (log.last_mut(), list.last_mut()) {
                    a.text.push('!');
                    b.text.push('!');
                }
                assert_ne!(fork.to_vec(), log.to_vec(), "a fork keeps its own lines");
            }
            assert_eq!(log.len(), list.len());
            assert_eq!(log.to_vec(), list);
            assert_eq!(log.last(), list.last());
            assert_eq!(log.get(list.len() / 2), list.get(list.len() / 2));
        }
        let tail = log.split_off(10);
        assert_eq!(tail, list.split_off(10));
        assert_eq!(log.to_vec(), list);
        let json = serde_json::to_string(&log).expect("saves");
        assert_eq!(json, serde_json::to_string(&list).expect("saves"));
        let back: Log = serde_json::from_str(&json).expect("loads");
        assert_eq!(back.to_vec(), list);
    }

    /// Every index and every truncation length of a log spanning several chunks.
    #[test]
    fn every_line_and_every_cut_across_chunks() {
        let list: Vec<LogEntry> = (0..2 * CHUNK + 5).map(line).collect();
        let log = Log::from(list.clone());
        for i in 0..=list.len() {
            assert_eq!(log.get(i), list.get(i), "line {i}");
        }
        for n in 0..=list.len() {
            let mut cut = log.clone();
            cut.truncate(n);
            assert_eq!(cut.to_vec(), list[..n].to_vec(), "first {n}");
        }
        let mut more = Log::default();
        more.extend(list.clone());
        assert_eq!(more.to_vec(), list);
        assert!(!more.is_empty());
        more.clear();
        assert!(more.is_empty() && more.to_vec().is_empty());
    }

    /// A full chunk is closed and shared: a fork copies no line of it, and a cut at its end
    /// leaves it shared.
    #[test]
    fn full_chunks_are_closed_and_shared() {
        let mut log = Log::default();
        (0..CHUNK - 1).for_each(|i| log.push(line(i)));
        assert!(log.chunks.is_empty(), "not full yet");
        log.push(line(CHUNK));
        assert_eq!((log.chunks.len(), log.tail.len()), (1, 0));
        log.push(line(CHUNK + 1));
        let fork = log.clone();
        log.truncate(CHUNK);
        assert_eq!((log.chunks.len(), log.tail.len()), (1, 0));
        assert!(std::sync::Arc::ptr_eq(&log.chunks[0], &fork.chunks[0]));
    }

    /// What only its chooser may read (305.3), and the line as the others see it.
    #[test]
    fn private_lines_are_read_by_their_players_only() {
        let mut e = line(1);
        e.clause = Some("305.3".into());
        assert_eq!(e.to_string(), "[305.3] line 1");
        assert!(e.readable_by(Some(0)) && e.readable_by(Some(1)) && e.readable_by(None));
        let json = serde_json::to_string(&e).expect("saves");
        assert!(!json.contains("private_to"), "0 is not written: {json}");
        e.private_to = 1 << 1;
        e.public = Some("P2 charges a card".into());
        assert!(e.readable_by(Some(1)) && e.readable_by(None));
        assert!(!e.readable_by(Some(0)));
        assert_eq!(e.seen_by(Some(0)).text, "P2 charges a card");
        assert_eq!(e.seen_by(Some(1)).text, "line 1");
        assert!(serde_json::to_string(&e)
            .expect("saves")
            .contains("\"private_to\":2"));
        let mut plain = line(2);
        plain.clause = None;
        assert_eq!(plain.to_string(), "line 2");
    }

    #[test]
    fn control_characters_are_not_printed() {
        assert!(matches!(
            printable("炎の剣士"),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(printable("a\tb\nc\r"), "a b c ");
        assert_eq!(printable("\u{1b}[31mred\u{7f}"), "\u{FFFD}[31mred\u{FFFD}");
    }
}
