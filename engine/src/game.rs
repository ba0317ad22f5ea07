//! A game in progress: the state, its log, and the decision loop (`advance` / `submit`).
use crate::decision::Decision;
use crate::def::card::CardDb;
use crate::def::deck::DeckDef;
use crate::def::game::GameDef;
use crate::ids::PlayerId;
pub use crate::journal::{Journal, Pending};
use crate::log::LogEntry;
use crate::state::{Obj, Outcome, State, MAX_COUNTERS};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The loaded, immutable definitions a game is played with; shared between forks.
#[derive(Clone, Debug)]
pub struct Defs {
    pub game: GameDef,
    pub cards: CardDb,
}

impl Defs {
    /// A hook's registry name for people: `card GT-101 「偵察」 effect` for card hooks.
    pub fn describe_hook(&self, hook: &str) -> String {
        let parts: Vec<&str> = hook.split(':').collect();
        if let ["card", c, a, h] = parts.as_slice() {
            if let (Ok(c), Ok(a)) = (c.parse::<usize>(), a.parse::<usize>()) {
                if let Some(card) = self.cards.cards.get(c) {
                    if let Some(ab) = card.abilities.get(a) {
                        return format!(
                            "card {} {}「{}」 {h}",
                            card.named.id, card.named.name, ab.name
                        );
                    }
                }
            }
        }
        hook.to_string()
    }
}

/// Where the game stands after `advance`.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// Waiting for the listed players to answer [`Game::decision`].
    Decide,
    Over(Outcome),
}

/// A game in progress. `Clone` forks it; [`Game::save`] serializes it.
#[derive(Clone, Debug)]
pub struct Game {
    pub defs: Arc<Defs>,
    pub st: State,
    pub log: crate::log::Log,
    pub journal: Journal,
    pub pending: Option<Pending>,
    /// Set when a hook asked a question that has no recorded answer.
    pub(crate) interrupted: Option<Decision>,
    /// Set when a hook found that what is being done cannot be completed (`k.undo`): the
    /// unit of work is undone as a rule (never saved: a unit always handles it).
    pub(crate) undo: Option<String>,
    /// Characteristics computed for the state's `generation` (derived, never saved).
    /// (generation, expression steps they took, characteristics).
    #[allow(clippy::type_complexity)]
    pub(crate) chars_cache: std::cell::RefCell<Option<(u64, u64, Arc<crate::layers::Chars>)>>,
    /// Characteristics are being computed: a read of a field from inside (a game's
    /// `ability_valid_if` reading a layered field) sees the printed information.
    pub(crate) computing_chars: std::cell::Cell<bool>,
    /// What the play since the last decision used (derived, never saved; see `budget`).
    pub(crate) budget: crate::budget::Budget,
    /// A simultaneous move is under way (`k.move_all`): its events wait here until every card
    /// has moved (never saved: one verb call).
    pub(crate) batch: Option<Vec<(String, crate::value::Value)>>,
    /// What a script said caused the move it is making (`k.move(…, {cause, by})`), for the
    /// `移動` event (never saved: one verb call).
    pub move_cause: Option<(String, Option<crate::ids::ObjId>)>,
    /// The one timestamp the cards of a simultaneous move share (809.3b: equal timestamps).
    pub(crate) batch_ts: Option<u64>,
    /// The state the last quiet rule check saw (derived; carried by forks and saves).
    pub(crate) quiet: Option<Arc<crate::quiet::QuietCheck>>,
    /// A rule process read the phase, the step or the windows (see `quiet`).
    pub(crate) position_read: std::cell::Cell<u8>,
}

/// A game as saved: everything but the definitions, which are named by id and version.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    pub game: String,
    pub version: String,
    pub state: State,
    pub log: crate::log::Log,
    pub journal: Journal,
    pub pending: Option<Pending>,
    /// The state the last quiet rule check saw (derived: saved so that a restored game skips
    /// the same checks as the original).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quiet: Option<crate::quiet::QuietCheck>,
}

/// An error answering a decision.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SubmitError {
    #[error("there is no decision to answer")]
    NoDecision,
    #[error("player {0} is not asked to decide")]
    NotYourDecision(u8),
    #[error("player {0} has already answered")]
    AlreadyAnswered(u8),
    #[error("{0}")]
    Illegal(String),
}

pub use crate::save_check::check_state;

impl Game {
    /// A new game: each player's deck goes into the game's deck zone, in list order.
    pub fn new(defs: Arc<Defs>, decks: [&DeckDef; 2], seed: u64) -> Game {
        let g = &defs.game;
        let deck_zone = g.deck.zone.unwrap_or(g.draw_from);
        let mut st = State::new(
            seed,
            g.zone_instances as usize,
            g.players as usize,
            g.player_vars.len(),
            g.game_vars.len(),
        );
        for p in &mut st.players {
            for (v, d) in p.vars.iter_mut().zip(&g.player_vars) {
                *v = d.initial;
            }
        }
        for (v, d) in st.game_vars.iter_mut().zip(&g.game_vars) {
            *v = d.initial;
        }
        for (p, deck) in decks.iter().enumerate() {
            let zone = g.zone_id(deck_zone, p as PlayerId, 0);
            put_cards(&mut st, &deck.cards, p as PlayerId, zone);
            // A sideboard starts the game in its own zone (東方VISION 1.2.4, 3.9).
            if let Some(side) = &g.deck.sideboard {
                let zone = g.zone_id(side.zone, p as PlayerId, 0);
                put_cards(&mut st, &deck.sideboard, p as PlayerId, zone);
            }
            // Further decks start in their zones (炎炎ノ消防隊 404.1a: the flame deck).
            for x in &g.deck.extra_decks {
                if let (Some(z), Some(cards)) = (x.rules.zone, deck.extra.get(&x.named.id)) {
                    let zone = g.zone_id(z, p as PlayerId, 0);
                    put_cards(&mut st, cards, p as PlayerId, zone);
                }
            }
        }
        let mut game =
            Game::from_parts(defs, st, Default::default(), Journal::default(), None, None);
        let name = game.defs.game.named.label();
        game.log_line(
            None,
            format!("ゲーム開始 (game start): {name}, seed {seed}"),
        );
        game
    }

    /// A game of these parts; what is derived (caches, budgets, a move under way) starts empty.
    fn from_parts(
        defs: Arc<Defs>,
        st: State,
        log: crate::log::Log,
        journal: Journal,
        pending: Option<Pending>,
        quiet: Option<Arc<crate::quiet::QuietCheck>>,
    ) -> Game {
        Game {
            defs,
            st,
            log,
            journal,
            pending,
            interrupted: None,
            undo: None,
            chars_cache: Default::default(),
            computing_chars: Default::default(),
            budget: Default::default(),
            batch: None,
            move_cause: None,
            batch_ts: None,
            quiet,
            position_read: Default::default(),
        }
    }

    /// Moves the game out, leaving a cheap empty game with the same definitions behind
    /// (hosts hand the game to scripts this way for the length of one hook call).
    pub fn take(&mut self) -> Game {
        let st = State::new(0, 0, 0, 0, 0);
        let empty = Game::from_parts(
            Arc::clone(&self.defs),
            st,
            Default::default(),
            Journal::default(),
            None,
            None,
        );
        std::mem::replace(self, empty)
    }

    /// Changes the position at a decision point (tests and scenarios set up boards this way).
    /// The pending decision is dropped and asked again, from the edited state, by the next
    /// `advance`. Refused in the middle of an effect, where answers are already recorded.
    pub fn edit(&mut self, f: impl FnOnce(&mut Game)) -> Result<(), String> {
        if !self.journal.entries.is_empty() {
            return Err(
                "the game is in the middle of an effect; edit it at a decision that starts one"
                    .into(),
            );
        }
        self.pending = None;
        self.journal = Journal::default();
        self.quiet = None;
        f(self);
        self.touch();
        Ok(())
    }

    /// Whether a hook asked a question that has no answer yet.
    pub fn is_interrupted(&self) -> bool {
        self.interrupted.is_some()
    }

    /// Asks for the current unit of work to be undone (a cost that cannot be paid, a use that
    /// cannot be completed): the state goes back to before it and the reason is logged.
    pub fn request_undo(&mut self, reason: &str) {
        self.undo.get_or_insert_with(|| reason.to_string());
    }

    /// The undo a hook asked for, if any.
    pub fn undo_requested(&self) -> Option<&str> {
        self.undo.as_deref()
    }

    pub fn save(&self) -> SavedGame {
        SavedGame {
            game: self.defs.game.id.clone(),
            version: self.defs.game.version.clone(),
            state: self.st.clone(),
            log: self.log.clone(),
            journal: self.journal.clone(),
            pending: self.pending.clone(),
            quiet: self.quiet.as_deref().cloned(),
        }
    }

    /// Continues a saved game with the definitions it was played with.
    pub fn restore(defs: Arc<Defs>, saved: SavedGame) -> Result<Game, String> {
        if saved.game != defs.game.id {
            return Err(format!(
                "the save is of game \"{}\", not \"{}\"",
                saved.game, defs.game.id
            ));
        }
        crate::save_check::check_save(&defs, &saved)?;
        Ok(Game::from_parts(
            defs,
            saved.state,
            saved.log,
            saved.journal,
            saved.pending,
            saved.quiet.map(Arc::new),
        ))
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.st.outcome.as_ref()
    }

    /// The position players see: at a question asked in the middle of an effect, the state
    /// at that moment; otherwise the state itself.
    pub fn position(&self) -> &State {
        match self.pending.as_ref().and_then(|p| p.at.as_deref()) {
            Some(at) => at,
            None => &self.st,
        }
    }

    /// The log as players see it now: including lines of a half-done effect.
    pub fn visible_log(&self) -> impl Iterator<Item = &LogEntry> {
        let extra = self
            .pending
            .as_ref()
            .map(|p| p.log_at.as_slice())
            .unwrap_or(&[]);
        self.log.iter().chain(extra.iter())
    }

    /// The log as `viewer` may read it now (None: all of it): other players' private choices
    /// read as such (305.3, 905.2). Same length and order as [`Game::visible_log`].
    pub fn visible_log_for(&self, viewer: Option<PlayerId>) -> impl Iterator<Item = LogEntry> + '_ {
        self.visible_log().map(move |l| l.seen_by(viewer))
    }

    /// The decision waiting for an answer, if any.
    pub fn decision(&self) -> Option<&Decision> {
        self.pending.as_ref().map(|p| &p.decision)
    }

    /// Players who still have to answer the pending decision.
    pub fn waiting_for(&self) -> Vec<PlayerId> {
        match &self.pending {
            Some(p) => p
                .decision
                .players
                .iter()
                .zip(&p.answers)
                .filter(|(_, a)| a.is_none())
                .map(|(pl, _)| *pl)
                .collect(),
            None => Vec::new(),
        }
    }

    /// Answers the pending decision for `player` with option indices.
    pub fn submit(&mut self, player: PlayerId, picks: Vec<u16>) -> Result<(), SubmitError> {
        let p = self.pending.as_mut().ok_or(SubmitError::NoDecision)?;
        let slot = p
            .decision
            .players
            .iter()
            .position(|x| *x == player)
            .ok_or(SubmitError::NotYourDecision(player + 1))?;
        if p.answers[slot].is_some() {
            return Err(SubmitError::AlreadyAnswered(player + 1));
        }
        p.decision.validate(&picks).map_err(SubmitError::Illegal)?;
        p.answers[slot] = Some(picks);
        Ok(())
    }

    /// The game's clause for a kernel step (`kernel_clauses:`), if it declares one.
    pub fn kc(&self, step: crate::def::kernel_clauses::KStep) -> Option<String> {
        self.defs.game.kernel_clauses.get(step).map(str::to_string)
    }

    /// Appends a line to the log.
    pub fn log_line(&mut self, clause: Option<&str>, text: String) {
        let text = match crate::log::printable(&text) {
            std::borrow::Cow::Borrowed(_) => text,
            std::borrow::Cow::Owned(clean) => clean,
        };
        self.log.push(LogEntry {
            turn: self.st.turn,
            clause: clause.map(str::to_string),
            text,
            private_to: 0,
            public: None,
        });
    }

    /// Logs a line a card's script wrote while `player`'s card acted: if it names a card only
    /// `player` may see (their hand, 305.3), the others read that it is private.
    pub fn log_line_of(&mut self, player: PlayerId, clause: Option<&str>, text: String) {
        let private = {
            let secret = self.secret_names(player);
            secret.iter().any(|n| text.contains(n))
        };
        self.log_line(clause, text);
        if private {
            if let Some(l) = self.log.last_mut() {
                l.private_to = 1 << player;
                l.public = Some(format!("P{} ▶ (非公開 private)", player + 1));
            }
        }
    }

    /// The names of cards `player` may see but some other player may not (their hand, cards
    /// shown to them alone, 305.3, 303.3b): a label naming one of them is a private choice.
    pub(crate) fn secret_names(&self, player: PlayerId) -> Vec<&str> {
        let players = self.defs.game.players;
        let mut out: Vec<&str> = Vec::new();
        for c in 0..self.position().objects.len() as u16 {
            if self.can_see(player, c) && (0..players).any(|v| v != player && !self.can_see(v, c)) {
                let n = self.name(c);
                if !n.is_empty() && !out.contains(&n) {
                    out.push(n);
                }
            }
        }
        out
    }
}

/// Numbers a deck list's cards as objects of `owner`, placed in `zone` in list order.
fn put_cards(st: &mut State, cards: &[(usize, u32)], owner: PlayerId, zone: crate::ids::ZoneId) {
    for &(card, n) in cards {
        for _ in 0..n {
            // Card indices are u16; decks are checked far below this on loading.
            if st.objects.len() >= u16::MAX as usize {
                return;
            }
            let idx = st.objects.len() as u16;
            st.objects.push(Obj {
                def: card as u16,
                owner,
                controller: owner,
                incarnation: 0,
                zone,
                orientation: 0,
                face_up: false,
                revealed: 0,
                flags: 0,
                counters: [0; MAX_COUNTERS],
                attached_to: None,
                role: 0,
                attach_seq: 0,
                since_turn: 0,
                timestamp: 0,
                vars: [0; crate::state::MAX_OBJECT_VARS],
                tie: 0,
            });
            st.zones[zone.0 as usize].push(idx);
        }
    }
}
