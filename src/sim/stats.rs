//! Summary statistics over game records: rates with 95 % confidence intervals, first-player
//! advantage, game lengths, per-card play and win rates. Adding records is all it keeps, so
//! memory stays flat however many games run.
use super::record::{GameRecord, Header};
use std::collections::BTreeMap;
use std::fmt::Write as _;

#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub games: u64,
    pub wins: [u64; 2],
    pub draws: u64,
    pub turn_limit: u64,
    pub errors: u64,
    pub script_errors: u64,
    /// Decided games whose first player is known, and how many of them the first player won.
    pub first_decided: u64,
    pub first_wins: u64,
    pub turns: BTreeMap<u32, u64>,
    pub decisions: u64,
    pub end_clauses: BTreeMap<String, u64>,
    pub cards: BTreeMap<String, CardStat>,
    /// Each distinct card or engine error: the games it occurred in and the lowest seed of
    /// them (so `fuda log --seed` shows it, whatever order the games finished in).
    pub error_kinds: BTreeMap<String, ErrorKind>,
    /// Occurrences of kinds past the first [`MAX_ERROR_KINDS`] (memory stays flat).
    pub other_errors: u64,
    /// Games whose log cited each clause (recorded with `--clauses`).
    pub clauses: BTreeMap<String, u64>,
}

/// Distinct errors a summary keeps.
pub const MAX_ERROR_KINDS: usize = 1000;

#[derive(Clone, Debug, Default)]
pub struct ErrorKind {
    pub games: u64,
    pub first_seed: u64,
}

/// One card name's figures, counted per seat-game.
#[derive(Clone, Debug, Default)]
pub struct CardStat {
    /// Seat-games whose deck held the card.
    pub in_deck: u64,
    /// … in which the seat played it.
    pub played: u64,
    /// … and won.
    pub won_played: u64,
    /// Seat-games with the card in the deck that the seat won.
    pub won_in_deck: u64,
}

/// The Wilson score interval for `k` successes in `n` trials, at 95 %.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.96f64, n as f64, k as f64 / n as f64);
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

impl Stats {
    pub fn add(&mut self, header: &Header, r: &GameRecord) {
        self.games += 1;
        self.decisions += r.decisions as u64;
        self.script_errors += r.script_errors as u64;
        *self.turns.entry(r.turns).or_default() += 1;
        *self.end_clauses.entry(r.clause.clone()).or_default() += 1;
        for c in &r.clauses {
            *self.clauses.entry(c.clone()).or_default() += 1;
        }
        if r.error.is_some() {
            self.errors += 1;
        }
        let engine = r.error.iter().map(|e| format!("game stopped: {e}"));
        for text in r.script_error_kinds.iter().cloned().chain(engine) {
            if self.error_kinds.len() >= MAX_ERROR_KINDS && !self.error_kinds.contains_key(&text) {
                self.other_errors += 1;
                continue;
            }
            let k = self.error_kinds.entry(text).or_insert(ErrorKind {
                games: 0,
                first_seed: r.seed,
            });
            k.games += 1;
            k.first_seed = k.first_seed.min(r.seed);
        }
        match r.winner {
            Some(w) => {
                self.wins[(w as usize).min(1)] += 1;
                if let Some(f) = r.first {
                    self.first_decided += 1;
                    self.first_wins += (f == w) as u64;
                }
            }
            None if r.error.is_none() => {
                self.draws += 1;
                self.turn_limit += (r.clause == "turn limit") as u64;
            }
            None => {}
        }
        for seat in 0..2 {
            let won = r.winner == Some(seat as u8);
            for name in &header.deck_cards[seat] {
                let c = self.cards.entry(name.clone()).or_default();
                c.in_deck += 1;
                c.won_in_deck += won as u64;
            }
            for name in &r.played[seat] {
                let c = self.cards.entry(name.clone()).or_default();
                c.played += 1;
                c.won_played += won as u64;
            }
        }
    }

    pub fn mean_turns(&self) -> f64 {
        let sum: u64 = self.turns.iter().map(|(t, n)| *t as u64 * n).sum();
        sum as f64 / self.games.max(1) as f64
    }

    /// The turn count below which `q` of the games ended.
    pub fn turn_quantile(&self, q: f64) -> u32 {
        let target = (q * self.games as f64).ceil() as u64;
        let mut seen = 0;
        for (t, n) in &self.turns {
            seen += n;
            if seen >= target.max(1) {
                return *t;
            }
        }
        0
    }

    /// The text summary `fuda sim` prints.
    pub fn report(&self, h: &Header) -> String {
        let mut o = String::new();
        let n = self.games;
        let rate = |k: u64, n: u64| {
            let (lo, hi) = wilson(k, n);
            format!(
                "{k:>7} ({:5.1}%, 95% CI {:.1}–{:.1}%)",
                100.0 * k as f64 / n.max(1) as f64,
                100.0 * lo,
                100.0 * hi
            )
        };
        let _ = writeln!(o, "games: {n}  ({})", h.game);
        for p in 0..2 {
            let _ = writeln!(
                o,
                "P{} wins: {}   [{} with {}]",
                p + 1,
                rate(self.wins[p], n),
                h.agents[p],
                h.decks[p]
            );
        }
        let _ = writeln!(o, "draws:   {}", rate(self.draws, n));
        let _ = writeln!(
            o,
            "first player won: {} of {} decided games",
            rate(self.first_wins, self.first_decided).trim_start(),
            self.first_decided
        );
        let _ = writeln!(
            o,
            "turns: mean {:.1}, median {}, 10%–90% {}–{}, max {}",
            self.mean_turns(),
            self.turn_quantile(0.5),
            self.turn_quantile(0.1),
            self.turn_quantile(0.9),
            self.turns.keys().next_back().copied().unwrap_or(0)
        );
        let _ = writeln!(
            o,
            "decisions per game: {:.1}",
            self.decisions as f64 / n.max(1) as f64
        );
        let ends: Vec<String> = self
            .end_clauses
            .iter()
            .map(|(c, k)| format!("[{c}] {k}"))
            .collect();
        let _ = writeln!(o, "ended by: {}", ends.join(", "));
        let _ = writeln!(o, "script errors: {}", self.script_errors);
        if self.turn_limit > 0 {
            let _ = writeln!(
                o,
                "turn limit reached (reported as draws, not a rule of the game): {}",
                self.turn_limit
            );
        }
        if self.errors > 0 {
            let _ = writeln!(o, "games stopped by an engine error: {}", self.errors);
        }
        o.push_str(&self.error_table(10));
        o.push_str(&self.card_table(12));
        o
    }

    /// The `k` most frequent distinct errors, with the games they occurred in and the first
    /// seed (`fuda log --seed N` shows that game when the agents are random).
    pub fn error_table(&self, k: usize) -> String {
        let mut o = String::new();
        if self.error_kinds.is_empty() {
            return o;
        }
        let mut rows: Vec<(&String, &ErrorKind)> = self.error_kinds.iter().collect();
        rows.sort_by(|a, b| b.1.games.cmp(&a.1.games).then(a.0.cmp(b.0)));
        let _ = writeln!(
            o,
            "errors (in how many games; the first game's seed, for `fuda log --seed`):"
        );
        for (text, e) in rows.iter().take(k) {
            let _ = writeln!(o, "  {:>6} games  seed {:<6} {text}", e.games, e.first_seed);
        }
        if rows.len() > k {
            let _ = writeln!(o, "  … and {} more kinds", rows.len() - k);
        }
        if self.other_errors > 0 {
            let _ = writeln!(
                o,
                "  … and {} occurrences of kinds past the first {MAX_ERROR_KINDS}",
                self.other_errors
            );
        }
        o
    }

    /// Cards by win rate when played (at least 30 plays), top and bottom `k`.
    pub fn card_table(&self, k: usize) -> String {
        let mut rows: Vec<(&String, &CardStat, f64)> = self
            .cards
            .iter()
            .filter(|(_, c)| c.played >= 30)
            .map(|(n, c)| (n, c, c.won_played as f64 / c.played as f64))
            .collect();
        if rows.is_empty() {
            return String::new();
        }
        rows.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(b.0)));
        let mut o = String::from(
            "cards (win rate when played; play rate = games played / games in deck):\n",
        );
        let mut line = |(name, c, w): &(&String, &CardStat, f64)| {
            if *w < 0.0 {
                let _ = writeln!(o, "  …");
                return;
            }
            let (lo, hi) = wilson(c.won_played, c.played);
            let _ = writeln!(
                o,
                "  {:5.1}% [{:4.1}–{:4.1}]  play {:5.1}%  {}",
                100.0 * w,
                100.0 * lo,
                100.0 * hi,
                100.0 * c.played as f64 / c.in_deck.max(1) as f64,
                name
            );
        };
        let skip = rows.len().saturating_sub(2 * k);
        for (i, r) in rows.iter().enumerate() {
            if skip > 0 && i == k {
                line(&(r.0, r.1, -1.0));
            } else if skip == 0 || i < k || i >= k + skip {
                line(r);
            }
        }
        o
    }

    /// `--clauses`: for each clause asked (or every clause cited, for `all`), the games whose
    /// log cited it; clauses no game cited are listed last.
    pub fn clause_table(&self, wanted: &[String]) -> String {
        let mut o = String::new();
        let all = wanted.iter().any(|w| w == "all");
        let rows: Vec<(String, u64)> = if all {
            self.clauses.iter().map(|(c, n)| (c.clone(), *n)).collect()
        } else {
            wanted
                .iter()
                .map(|c| (c.clone(), self.clauses.get(c).copied().unwrap_or(0)))
                .collect()
        };
        let _ = writeln!(o, "clauses cited (games of {}):", self.games);
        for (c, n) in rows.iter().filter(|r| r.1 > 0) {
            let _ = writeln!(o, "  [{c}] {n}");
        }
        let never: Vec<&str> = rows
            .iter()
            .filter(|r| r.1 == 0)
            .map(|r| r.0.as_str())
            .collect();
        if !never.is_empty() {
            let _ = writeln!(o, "never cited: {}", never.join(", "));
        }
        o
    }
}
