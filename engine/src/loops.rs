//! Loops declared with a count (Victory Spark 9.1.3–9.1.4, 汎用TCG 1101.1a–b, Fire Force
//! 1401.1a–b). With `loops:` in game.yaml, every action decision (a priority window's or an
//! `{ actions: group }` step's) notes a fingerprint of the position: the cards of every zone
//! with their state, the chain, the variables, the uses counted toward limits and where the
//! turn stands — not object ids, timestamps or continuous effects ("すべての領域のカードが同一",
//! 9.1.3). When a fingerprint comes back within a turn, the answers given since are a loop.
//! The players who could have answered otherwise in it declare how often to repeat it, the
//! turn player first; the loop runs the smaller count (its recorded answers given again), and
//! then the choice that closed it (the barred player's last choice in it that had
//! alternatives) is not offered again in that position to the player the rules bar: the only
//! stopper, or of two the one who declared more. Nobody able to stop it: a draw (9.1.2,
//! 1101.1c).
use crate::decision::{Decision, DecisionKind, Opt};
use crate::game::Game;
use crate::host::Fail;
use crate::ids::PlayerId;
use crate::state::Outcome;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// `loops: { clause: "9.1.3", both: "9.1.4", draw: "9.1.2", max: 20 }`.
#[derive(Clone, Debug, Deserialize, Serialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LoopsDef {
    /// Cited when one player can stop the loop and declares a count (1101.1a).
    #[serde(default)]
    pub clause: Option<String>,
    /// Cited when both can: the turn player declares, then the other; the smaller runs (1101.1b).
    #[serde(default)]
    pub both: Option<String>,
    /// Cited when a loop found this way has no player who could answer otherwise: a draw.
    #[serde(default)]
    pub draw: Option<String>,
    /// The largest count a player may declare (default 20).
    #[serde(default = "default_max")]
    pub max: u16,
}

fn default_max() -> u16 {
    20
}

/// One answer given this turn, as the loop finder keeps it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoopAnswer {
    pub players: Vec<PlayerId>,
    pub picks: Vec<Vec<u16>>,
    /// How many options the decision had (one: nobody could answer otherwise).
    pub options: u16,
    /// The position's fingerprint when it was asked.
    pub mark: u64,
    /// A hash of the label of the first pick (what a bar removes).
    pub label: u64,
}

/// What the loop finder keeps in the state (saved with it: a game saved in the middle of a
/// declared loop resumes it).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LoopState {
    /// Shared with the state's snapshots until it changes (one copy per answer, not one per
    /// unit of work).
    pub history: std::sync::Arc<Vec<LoopAnswer>>,
    /// Fingerprints of this turn's action decisions, with where their answer is in `history`.
    pub marks: Vec<(u64, u32)>,
    /// The fingerprint of the decision now being asked (given to its answer).
    pub mark: u64,
    /// Answers still to give: the declared repetitions of a loop.
    pub replay: VecDeque<Vec<Vec<u16>>>,
    /// Positions whose loop was declared (not declared again).
    pub declared: Vec<u64>,
    /// Options not offered again: (position, player, label).
    pub bars: Vec<(u64, PlayerId, u64)>,
}

/// The answers kept for finding loops: a loop longer than this is not found. Kept small because
/// the state is copied at every unit of work (its snapshot).
const MAX_HISTORY: usize = 64;

/// A word-at-a-time hash (the Fx scheme): stable across processes and builds, and cheap enough
/// to run at every decision.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn put(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn put_str(&mut self, s: &str) {
        self.put(s.len() as u64);
        for chunk in s.as_bytes().chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.put(u64::from_le_bytes(w));
        }
    }
}

/// [`Fnv`] over four interleaved lanes, so that a long run of words is hashed at the speed
/// of the multiplier's throughput rather than its latency.
struct Lanes {
    h: [u64; 4],
    i: usize,
}

impl Lanes {
    fn new() -> Lanes {
        Lanes {
            h: [0xcbf2_9ce4_8422_2325, 1, 2, 3],
            i: 0,
        }
    }
    fn put(&mut self, x: u64) {
        let h = &mut self.h[self.i & 3];
        *h = (h.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        self.i += 1;
    }
    fn finish(&self) -> u64 {
        let mut f = Fnv::new();
        for &h in &self.h {
            f.put(h);
        }
        f.put(self.i as u64);
        f.0
    }
}

/// The hash a bar keeps of an option's label.
fn label_hash(label: &str) -> u64 {
    let mut h = Fnv::new();
    h.put_str(label);
    h.0
}

impl Game {
    /// The position's fingerprint for `holder`'s action decision (never 0).
    fn position_key(&self, holder: PlayerId) -> u64 {
        let st = &self.st;
        let mut h = Fnv::new();
        for x in [
            holder as u64,
            st.turn_player as u64,
            st.phase.map_or(u64::MAX, u64::from),
            st.step.map_or(u64::MAX, u64::from),
            st.pc as u64,
            st.triggers.len() as u64,
        ] {
            h.put(x);
        }
        for w in &st.windows {
            h.put_str(&w.group);
            h.put(w.holder as u64);
            h.put(w.passes as u64);
        }
        for it in &st.chain {
            h.put_str(&it.kind);
            h.put_str(&it.name);
            h.put(it.source.map_or(u64::MAX, |s| s.card as u64));
            h.put(it.controller as u64);
            h.put(it.negated as u64);
            h.put(it.chooses.len() as u64);
        }
        // The objects, in four independent lanes (the words do not wait on each other), each
        // object's small fields packed into one word, and only the counters and variables the
        // game declares (no other index is ever written).
        let game = &self.defs.game;
        let (nc, nv) = (
            game.counters.len().min(crate::state::MAX_COUNTERS),
            game.object_vars.len().min(crate::state::MAX_OBJECT_VARS),
        );
        let mut lanes = Lanes::new();
        for zone in &st.zones {
            lanes.put(zone.len() as u64);
            for &c in zone {
                let o = &st.objects[c as usize];
                lanes.put(
                    c as u64
                        | (o.orientation as u64) << 16
                        | (o.face_up as u64) << 24
                        | (o.flags as u64) << 32,
                );
                for pair in o.counters[..nc].chunks(2) {
                    let hi = pair.get(1).copied().unwrap_or(0) as u32 as u64;
                    lanes.put(pair[0] as u32 as u64 | hi << 32);
                }
                for &v in &o.vars[..nv] {
                    lanes.put(v as u64);
                }
            }
        }
        // Attached cards (not in a zone's list): each with the card it is attached to.
        for (c, o) in st.objects.iter().enumerate() {
            if let Some(to) = o.attached_to {
                lanes.put(c as u64 | (to.card as u64) << 16 | (o.role as u64) << 32);
                lanes.put(o.orientation as u64 | (o.face_up as u64) << 8);
            }
        }
        h.put(lanes.finish());
        // Uses counted toward a limit ("once per turn"): a spent use is not the same position.
        for u in &st.uses {
            let def = &self.defs.cards.cards[st.objects[u.source.card as usize].def as usize];
            let limited = def
                .abilities
                .get(u.ability as usize)
                .is_some_and(|a| a.per_turn.is_some());
            if !limited {
                continue;
            }
            h.put(u.source.card as u64);
            h.put(u.ability as u64);
            h.put(u.turn as u64);
            h.put(u.count as u64);
        }
        for p in &st.players {
            for &v in &p.vars {
                h.put(v as u64);
            }
        }
        for &v in &st.game_vars {
            h.put(v as u64);
        }
        h.0.max(1)
    }

    /// Before any decision of a game with `loops:`: notes the position for its answer, and
    /// returns the decision without the options a declared loop bars in this position for this
    /// player (with the original index of each option kept), if any are barred.
    pub(crate) fn loop_filter(&mut self, d: &Decision) -> Option<(Decision, Vec<u16>)> {
        self.defs.game.loops.as_ref()?;
        let &p = d.players.first()?;
        // The mark is read only when the answer is noted, in this pass; a question that will
        // interrupt the unit of work is asked again, from its snapshot, once answered.
        let answered_now =
            self.journal.cursor < self.journal.entries.len() || !self.st.loops.replay.is_empty();
        if !answered_now && self.st.loops.bars.is_empty() {
            return None;
        }
        let key = self.position_key(p);
        self.st.loops.mark = key;
        // While the declared repetitions run, their recorded answers are given as they were.
        if !self.st.loops.replay.is_empty() || d.players.len() != 1 {
            return None;
        }
        let barred: Vec<u64> = (self.st.loops.bars.iter())
            .filter(|(k, q, _)| *k == key && *q == p)
            .map(|(_, _, l)| *l)
            .collect();
        if barred.is_empty() {
            return None;
        }
        let kept: Vec<u16> = (0..d.options.len() as u16)
            .filter(|&i| !barred.contains(&label_hash(&d.options[i as usize].label)))
            .collect();
        if kept.len() == d.options.len() || kept.is_empty() {
            return None;
        }
        let mut f = d.clone();
        f.options = std::sync::Arc::new(
            kept.iter()
                .map(|&i| d.options[i as usize].clone())
                .collect(),
        );
        f.min = f.min.min(f.options.len() as u16);
        f.max = f.max.min(f.options.len() as u16);
        Some((f, kept))
    }

    /// Notes the position for an answer replayed without its question (an action decision
    /// recorded in the journal, asked again as a placeholder); `known` is its fingerprint when
    /// [`Game::loop_find`] has just taken it.
    pub(crate) fn loop_mark(&mut self, holder: PlayerId, known: Option<u64>) {
        if self.defs.game.loops.is_some() {
            self.st.loops.mark = known.unwrap_or_else(|| self.position_key(holder));
        }
    }

    /// Before `holder`'s action decision: notes the position, or, when it has come round
    /// within the turn, has the loop since then declared (the count questions are asked here).
    /// Returns the position's fingerprint when nothing was asked (the position is unchanged).
    pub(crate) fn loop_find(&mut self, holder: PlayerId) -> Result<Option<u64>, Fail> {
        let Some(def) = self.defs.game.loops.clone() else {
            return Ok(None);
        };
        let key = self.position_key(holder);
        if !self.st.loops.replay.is_empty() || self.st.loops.declared.contains(&key) {
            return Ok(Some(key));
        }
        let Some(&(_, from)) = self.st.loops.marks.iter().find(|(k, _)| *k == key) else {
            let at = self.st.loops.history.len() as u32;
            self.st.loops.marks.push((key, at));
            return Ok(Some(key));
        };
        let body: Vec<LoopAnswer> = self.st.loops.history[from as usize..].to_vec();
        if body.is_empty() {
            return Ok(Some(key));
        }
        // Who could have answered otherwise inside the loop, turn player first (1.3.6).
        let mut stoppers: Vec<PlayerId> = Vec::new();
        let players = self.defs.game.players;
        for i in 0..players {
            let p = (self.st.turn_player + i) % players;
            if body.iter().any(|a| a.options > 1 && a.players.contains(&p)) {
                stoppers.push(p);
            }
        }
        self.st.loops.marks.clear();
        self.st.loops.declared.push(key);
        if stoppers.is_empty() {
            let clause = def
                .draw
                .clone()
                .or_else(|| self.defs.game.loop_limit.clause.clone());
            self.end(Outcome::Draw {
                clause: clause.unwrap_or_default(),
                reason: "終わらないループ: 誰も止められない (a loop nobody can stop)".into(),
            });
            return Err(Fail::Stop);
        }
        let clause = if stoppers.len() > 1 {
            def.both.clone()
        } else {
            def.clause.clone()
        };
        self.log_line(
            clause.as_deref(),
            format!(
                "ループ: {}回の行動で同じ状態に戻った (a loop: {} answers lead back to the same position)",
                body.len(),
                body.len()
            ),
        );
        let mut counts = Vec::new();
        for &p in &stoppers {
            let options: Vec<Opt> = (0..=def.max)
                .map(|n| Opt {
                    label: format!("×{n} ({n}回, {n} times)"),
                    value: Value::Int(n as i64),
                })
                .collect();
            let d = Decision {
                players: vec![p],
                kind: DecisionKind::Choose,
                prompt: "ループを繰り返す回数を宣言する (declare how many times the loop repeats)"
                    .into(),
                clause: clause.clone(),
                options: options.into(),
                min: 1,
                max: 1,
            };
            let (_, answer) = self.ask(d)?;
            let n = answer.first().and_then(|a| a.first()).copied().unwrap_or(0);
            counts.push((p, n));
        }
        let n = counts.iter().map(|c| c.1).min().unwrap_or(0);
        // The barred player: the only stopper, or the one who declared more (a tie: the turn
        // player, who declared first).
        let barred = counts
            .iter()
            .rev()
            .max_by_key(|c| c.1)
            .map_or(holder, |c| c.0);
        self.log_line(
            clause.as_deref(),
            format!(
                "ループを{n}回繰り返し、P{}はこの状態でそれを選べない (the loop runs {n} more times; then P{} may not choose it again here)",
                barred + 1,
                barred + 1
            ),
        );
        // The choice that closes the loop: the barred player's last one in it that had others.
        if let Some(a) =
            (body.iter().rev()).find(|a| a.mark != 0 && a.players == [barred] && a.options > 1)
        {
            self.st.loops.bars.push((a.mark, barred, a.label));
        }
        for _ in 0..n {
            for a in &body {
                self.st.loops.replay.push_back(a.picks.clone());
            }
        }
        Ok(None)
    }

    /// The next answer of a declared loop, if it fits the decision asked (else the loop has
    /// broken off and its remaining repetitions are dropped).
    pub(crate) fn loop_answer(&mut self, d: &Decision) -> Option<Vec<Vec<u16>>> {
        let picks = self.st.loops.replay.pop_front()?;
        let fits = picks.len() == d.players.len()
            && picks
                .iter()
                .all(|ps| ps.iter().all(|&i| (i as usize) < d.options.len()));
        if fits {
            Some(picks)
        } else {
            self.st.loops.replay.clear();
            None
        }
    }

    /// Keeps an answer for finding loops (games with `loops:` only).
    pub(crate) fn loop_note(&mut self, d: &Decision, answer: &[Vec<u16>]) {
        if self.defs.game.loops.is_none() || d.players.is_empty() {
            return;
        }
        let label = answer
            .first()
            .and_then(|a| a.first())
            .and_then(|&i| d.options.get(i as usize))
            .map_or(0, |o| label_hash(&o.label));
        let mark = std::mem::take(&mut self.st.loops.mark);
        let l = &mut self.st.loops;
        if l.history.len() >= MAX_HISTORY {
            // Let the older half go; positions noted before it can no longer start a loop.
            let drop = MAX_HISTORY / 2;
            std::sync::Arc::make_mut(&mut l.history).drain(..drop);
            l.marks.retain(|m| m.1 as usize >= drop);
            for m in &mut l.marks {
                m.1 -= drop as u32;
            }
        }
        std::sync::Arc::make_mut(&mut l.history).push(LoopAnswer {
            players: d.players.clone(),
            picks: answer.to_vec(),
            options: d.options.len() as u16,
            mark,
            label,
        });
    }

    /// A new turn: loops are found within a turn.
    pub(crate) fn loop_new_turn(&mut self) {
        let l = &mut self.st.loops;
        l.history = Default::default();
        l.marks.clear();
        l.mark = 0;
        l.declared.clear();
        l.bars.clear();
        l.replay.clear();
    }
}
