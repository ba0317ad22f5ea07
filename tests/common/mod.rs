//! Test harness: the built-in 汎用TCG, boards set up card by card, options picked by label.
#![allow(dead_code)]
pub mod luagen;
pub mod race;
use fuda::bundle::{default_game_dir, Bundle};
use fuda_engine::verbs::Position;
use fuda_engine::{DecisionKind, Game, ObjId, PlayerId, Status};

pub const P1: PlayerId = 0;
pub const P2: PlayerId = 1;

pub struct T {
    pub b: Bundle,
    pub g: Game,
}

pub fn bundle() -> Bundle {
    Bundle::load(&default_game_dir()).expect("the built-in game loads")
}

impl T {
    /// A game with the two vanilla starter decks (P1 炎雷, P2 水草), played through setup by picking
    /// the first option, stopped at the first main-phase action decision.
    pub fn new(seed: u64) -> T {
        let b = bundle();
        let d1 = b.deck("vanilla/flame-thunder").expect("deck");
        let d2 = b.deck("vanilla/water-grass").expect("deck");
        let g = b.new_game([&d1, &d2], seed);
        let mut t = T { b, g };
        loop {
            match t.run() {
                Status::Decide if t.kind() == DecisionKind::Action => break,
                Status::Decide => {
                    for p in t.g.waiting_for() {
                        t.g.submit(p, vec![0]).expect("first option is legal");
                    }
                }
                Status::Over(o) => panic!("game ended during setup: {o:?}"),
            }
        }
        t
    }

    /// Like [`T::empty`], with extra cards (a card file's YAML) loaded into the game.
    pub fn empty_with(turn: u32, cards_yaml: &str) -> T {
        let mut t = T::empty(turn);
        let mut cards = t.b.defs.cards.clone();
        fuda_engine::def::card::parse_cards(
            &t.b.defs.game,
            std::path::Path::new("extra.yaml"),
            cards_yaml,
            &mut cards,
        )
        .expect("extra cards load");
        t.b.host
            .load_cards(&cards)
            .expect("extra card hooks compile");
        let defs = std::sync::Arc::new(fuda_engine::Defs {
            game: t.b.defs.game.clone(),
            cards,
        });
        t.g = Game::restore(defs.clone(), t.g.save()).expect("same game");
        t.b.defs = defs;
        t
    }

    /// An empty board: every card back in its owner's deck, at P1's main phase of `turn`
    /// (turn 1 is the game's first turn; later turns have a battle phase).
    pub fn empty(turn: u32) -> T {
        let mut t = T::new(1);
        t.g.edit(|g| {
            for c in 0..g.st.objects.len() as u16 {
                let id = g.obj_id(c);
                let owner = g.st.objects[c as usize].owner;
                let deck = g.defs.game.zone_id(
                    g.defs.game.zone_index("deck").expect("deck zone"),
                    owner,
                    0,
                );
                g.move_card(id, deck, Position::Top)
                    .map_err(|_| ())
                    .expect("move to deck");
            }
            g.st.turn = turn;
            g.st.turn_player = P1;
            g.st.first_player = Some(if turn % 2 == 1 { P1 } else { P2 });
            g.st.players[0].turns = turn.div_ceil(2);
            g.st.players[1].turns = turn / 2;
            for p in &mut g.st.players {
                p.vars.iter_mut().for_each(|v| *v = 0);
            }
        })
        .expect("edit at a decision");
        t
    }

    pub fn run(&mut self) -> Status {
        self.g.advance(&self.b.host).expect("no script error")
    }

    pub fn kind(&self) -> DecisionKind {
        self.g.decision().expect("a decision").kind
    }

    /// Takes a card with this card id out of `p`'s deck into a zone.
    pub fn place(&mut self, p: PlayerId, card: &str, zone: &str, slot: u8) -> ObjId {
        let mut out = None;
        self.g
            .edit(|g| {
                let def = *g.defs.cards.by_id.get(card).expect("card id exists");
                let deck = g
                    .defs
                    .game
                    .zone_id(g.defs.game.zone_index("deck").expect("deck"), p, 0);
                // A card of the deck with that id, or else any deck card re-pointed to it (test setup).
                let found = g
                    .zone_cards(deck)
                    .iter()
                    .find(|&&c| g.st.objects[c as usize].def as usize == def)
                    .copied();
                let c = match found {
                    Some(c) => c,
                    None => {
                        let c = *g.zone_cards(deck).first().expect("deck has cards");
                        g.st.objects[c as usize].def = def as u16;
                        c
                    }
                };
                let z = g
                    .defs
                    .game
                    .zone_id(g.defs.game.zone_index(zone).expect("zone"), p, slot);
                let id = g.obj_id(c);
                out = g
                    .move_card(id, z, Position::Top)
                    .map_err(|_| ())
                    .expect("move");
                // A board set up this way was there before this turn began (e.g. 804.2b-1).
                if let Some(o) = out.and_then(|id| g.st.objects.get_mut(id.card as usize)) {
                    o.since_turn = 0;
                }
            })
            .expect("edit");
        out.expect("zone had room")
    }

    /// Attaches `n` cards from the owner's deck to `unit` as energy.
    pub fn energy(&mut self, unit: ObjId, n: usize) {
        self.g
            .edit(|g| {
                let owner = g.current(unit).expect("unit exists").owner;
                let deck =
                    g.defs
                        .game
                        .zone_id(g.defs.game.zone_index("deck").expect("deck"), owner, 0);
                for _ in 0..n {
                    let c = *g.zone_cards(deck).first().expect("deck has cards");
                    let id = g.obj_id(c);
                    g.attach(id, unit, 0).map_err(|_| ()).expect("attach");
                }
            })
            .expect("edit");
    }

    /// Changes the state directly (orientation, counters, …); the decision is asked again.
    pub fn with(&mut self, f: impl FnOnce(&mut Game)) {
        self.g.edit(f).expect("edit");
        self.run();
    }

    /// Moves the top `n` cards of a player's deck away (to the discard pile), leaving `keep`.
    pub fn deck_size(&mut self, p: PlayerId, keep: usize) {
        self.g
            .edit(|g| {
                let deck = g
                    .defs
                    .game
                    .zone_id(g.defs.game.zone_index("deck").expect("deck"), p, 0);
                let discard =
                    g.defs
                        .game
                        .zone_id(g.defs.game.zone_index("discard").expect("discard"), p, 0);
                while g.zone_cards(deck).len() > keep {
                    let c = *g.zone_cards(deck).last().expect("card");
                    let id = g.obj_id(c);
                    g.move_card(id, discard, Position::Top)
                        .map_err(|_| ())
                        .expect("move");
                }
            })
            .expect("edit");
    }

    pub fn options(&self) -> Vec<String> {
        self.g
            .decision()
            .map(|d| d.options.iter().map(|o| o.label.clone()).collect())
            .unwrap_or_default()
    }

    pub fn has_option_ro(&self, needle: &str) -> bool {
        self.options().iter().any(|o| o.contains(needle))
    }

    pub fn has_option(&mut self, needle: &str) -> bool {
        self.options().iter().any(|o| o.contains(needle))
    }

    /// Answers the pending decision for `p` with the first option whose label contains `needle`.
    pub fn pick(&mut self, p: PlayerId, needle: &str) {
        if self.g.decision().is_none() {
            self.run();
        }
        let opts = self.options();
        let i = opts
            .iter()
            .position(|o| o.contains(needle))
            .unwrap_or_else(|| panic!("no option containing {needle:?} in {opts:#?}"));
        self.g.submit(p, vec![i as u16]).expect("legal pick");
    }

    /// `pick` then `run`.
    pub fn act(&mut self, p: PlayerId, needle: &str) -> Status {
        self.pick(p, needle);
        self.run()
    }

    /// Janken: both players show a hand (グー, チョキ, パー).
    pub fn janken(&mut self, a: &str, b: &str) -> Status {
        self.pick(P1, a);
        self.pick(P2, b);
        self.run()
    }

    /// A zone's cards as players see it now (at a question asked mid-effect: that moment).
    pub fn zone(&self, p: PlayerId, zone: &str, slot: u8) -> Vec<ObjId> {
        let z = self
            .g
            .defs
            .game
            .zone_id(self.g.defs.game.zone_index(zone).expect("zone"), p, slot);
        let st = self.g.position();
        st.zones[z.0 as usize]
            .iter()
            .map(|&c| st.objects[c as usize].id(c))
            .collect()
    }

    pub fn count(&self, p: PlayerId, zone: &str) -> usize {
        self.zone(p, zone, 0).len()
    }

    pub fn name_of(&self, id: ObjId) -> String {
        self.g.name(id.card).to_string()
    }

    pub fn damage(&self, id: ObjId) -> i32 {
        self.g.st.objects[id.card as usize].counters[0]
    }

    pub fn orientation(&self, id: ObjId) -> &str {
        let o = self.g.st.objects[id.card as usize].orientation as usize;
        &self.g.defs.game.orientations[o].id
    }

    pub fn ko(&self, id: ObjId) -> bool {
        self.g.st.objects[id.card as usize].has_flag(0)
    }

    pub fn energy_count(&self, unit: ObjId) -> usize {
        self.g.attachments(unit, Some(0)).len()
    }

    /// Log lines since `from`, as text.
    pub fn log_from(&self, from: usize) -> Vec<String> {
        self.g.log.iter_from(from).map(|l| l.to_string()).collect()
    }

    /// Whether a log line with this clause contains `text`.
    pub fn logged(&self, clause: &str, text: &str) -> bool {
        self.g
            .log
            .iter()
            .any(|l| l.clause.as_deref() == Some(clause) && l.text.contains(text))
    }

    /// Raises an event directly (as an effect would), e.g. to make triggers fire.
    pub fn raise(&mut self, name: &str, card: ObjId) {
        self.with(|g| {
            let mut m = indexmap::IndexMap::new();
            let h = g.handle(card);
            m.insert("card".to_string(), fuda_engine::Value::Int(h));
            g.raise(name, fuda_engine::Value::Map(m));
        });
    }

    pub fn lines(&self) -> Vec<String> {
        self.log_from(0)
    }

    /// Ends the main phase (607.1).
    pub fn end_main(&mut self) -> Status {
        self.act(self.g.st.turn_player, "メインフェイズを終了")
    }
}

/// Runs the `fuda` binary and returns its stdout; fails the test if it fails.
pub fn fuda(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_fuda"))
        .args(args)
        .output()
        .expect("run fuda");
    assert!(
        out.status.success(),
        "fuda {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Plays `seed` of `decks` between random agents, recording every answer in a replay file;
/// also saves the game at the first decision where `save_here` holds. Returns the replay (no
/// saved state), that save, the finished game and its outcome.
pub fn play_recorded(
    b: &Bundle,
    decks: [&str; 2],
    seed: u64,
    save_here: impl Fn(&Game) -> bool,
) -> (
    fuda::replay::GameFile,
    Option<fuda::replay::GameFile>,
    Game,
    fuda_engine::Outcome,
) {
    use fuda::agent::{seat_seed, Agent, RandomAgent};
    let decks = decks.map(str::to_string);
    let (x, y) = (
        b.deck(&decks[0]).expect("deck"),
        b.deck(&decks[1]).expect("deck"),
    );
    let mut g = b.new_game([&x, &y], seed);
    let mut agents = [
        RandomAgent::new(seat_seed(seed, 0)),
        RandomAgent::new(seat_seed(seed, 1)),
    ];
    let mut file = fuda::replay::GameFile {
        game: Some(b.identity.clone()),
        pack: None,
        decks,
        seed,
        steps: Vec::new(),
        state: None,
        state_at: None,
    };
    let mut mid = None;
    loop {
        match g.advance(&b.host).expect("no engine error") {
            Status::Over(o) => return (file, mid, g, o),
            Status::Decide => {
                if mid.is_none() && save_here(&g) {
                    let mut m = file.clone();
                    m.state = Some(g.save());
                    mid = Some(m);
                }
                for p in g.waiting_for() {
                    let picks = agents[p as usize].pick(&g, p);
                    file.push(p, &picks);
                    g.submit(p, picks).expect("legal answer");
                }
            }
        }
    }
}

/// Plays `seed` of `decks` in the game at `dir`, saving at the first decision where `save_here`
/// holds; then resumes that save in another process (`fuda replay --resume`), and replays the
/// whole game from its answers (`fuda replay`): both logs must be the finished game's, byte for
/// byte. Returns false (and checks nothing) if no decision of that game met `save_here`.
pub fn save_resumes_identically(
    dir: &std::path::Path,
    decks: [&str; 2],
    seed: u64,
    save_here: impl Fn(&Game) -> bool,
) -> bool {
    let b = Bundle::load(dir).expect("the game loads");
    let (full, mid, g, _) = play_recorded(&b, decks, seed, save_here);
    let Some(mid) = mid else {
        return false;
    };
    let log: String = g.log.iter().map(|l| format!("{l}\n")).collect();
    let mut rest = full.clone();
    rest.state = mid.state.clone();
    rest.state_at = Some(mid.steps.len());
    let path = std::env::temp_dir().join(format!(
        "fuda-resume-{}-{seed}-{}.json",
        std::process::id(),
        decks.join("-")
    ));
    rest.write(&path).expect("write");
    let game = dir.display().to_string();
    let p = path.display().to_string();
    assert_eq!(fuda(&["replay", "--resume", &p, "--game", &game]), log);
    assert_eq!(fuda(&["replay", &p, "--game", &game]), log);
    let _ = std::fs::remove_file(&path);
    true
}

/// Plays `seeds` of `decks` in the game at `dir` between random agents and checks each game:
/// it ends citing one of `endings`, no card script errs, and every clause its log cites is in
/// the game's `clauses.tsv`. Returns the finished games.
pub fn random_games_cite_only_their_clauses(
    dir: &std::path::Path,
    decks: [&str; 2],
    seeds: std::ops::Range<u64>,
    endings: &[&str],
) -> Vec<Game> {
    let b = Bundle::load(dir).expect("the game loads");
    let clauses = std::fs::read_to_string(dir.join("clauses.tsv")).expect("clauses");
    let known: std::collections::BTreeSet<&str> = clauses
        .lines()
        .filter_map(|l| l.split('\t').next())
        .collect();
    let mut games = Vec::new();
    for seed in seeds {
        let (_, _, g, o) = play_recorded(&b, decks, seed, |_| false);
        let clause = match &o {
            fuda_engine::Outcome::Win { clause, .. }
            | fuda_engine::Outcome::Draw { clause, .. } => clause.clone(),
        };
        assert!(endings.contains(&clause.as_str()), "seed {seed}: {o:?}");
        for l in &g.log {
            assert!(
                !l.text.contains("スクリプトエラー"),
                "seed {seed}: {}",
                l.text
            );
            if let Some(c) = &l.clause {
                assert!(known.contains(c.as_str()), "seed {seed}: [{c}] {}", l.text);
            }
        }
        games.push(g);
    }
    games
}
