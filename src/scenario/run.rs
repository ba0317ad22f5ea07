//! Running a scenario: set up, make the decisions, check the expectations.
use super::{phrase, setup, Check, Expect, Loaded, Step};
use crate::bundle::{default_game_dir, Bundle};
use fuda_engine::def::card::parse_cards;
use fuda_engine::def::files;
use fuda_engine::error::Lines;
use fuda_engine::expr::GameEnv;
use fuda_engine::{Defs, Game, Outcome as GameOutcome, PlayerId, Status};
use fuda_engine::{LoadError, Location};
use fuda_grammar::{BinaryOp, ExprKind};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Pass, or every expectation that failed with what was found instead.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Pass,
    Fail(Vec<String>),
}

/// The result of one scenario, with its full log.
#[derive(Clone, Debug)]
pub struct Report {
    pub path: PathBuf,
    pub name: String,
    pub outcome: Outcome,
    pub log: Vec<String>,
    /// What makes the scenario weaker than it looks, though it passes (errors under
    /// `fuda test --strict`).
    pub warnings: Vec<String>,
}

impl Report {
    fn fail(l: &Loaded, msg: String, log: Vec<String>) -> Report {
        Report {
            path: l.path.clone(),
            name: l.scenario.name.clone(),
            outcome: Outcome::Fail(vec![msg]),
            log,
            warnings: Vec::new(),
        }
    }

    /// `--strict`: the warnings count as failures.
    pub fn strict(mut self) -> Report {
        if !self.warnings.is_empty() {
            let w = std::mem::take(&mut self.warnings);
            match &mut self.outcome {
                Outcome::Fail(m) => m.extend(w),
                Outcome::Pass => self.outcome = Outcome::Fail(w),
            }
        }
        self
    }
}

fn player(name: &str) -> Option<PlayerId> {
    match name {
        "p1" => Some(0),
        "p2" => Some(1),
        _ => None,
    }
}

/// The folder a scenario's `game:` and `cards:` stay in, and the scenario's folder inside it:
/// the current folder when the scenario is in it (scenarios share card files), else the
/// scenario's own folder.
fn scenario_root(base: &Path) -> (PathBuf, PathBuf) {
    let cwd = std::env::current_dir().and_then(|c| c.canonicalize());
    if let (Ok(cwd), Ok(b)) = (cwd, base.canonicalize()) {
        if let Ok(sub) = b.strip_prefix(&cwd) {
            let sub = sub.to_path_buf();
            return (cwd, sub);
        }
    }
    (base.to_path_buf(), PathBuf::new())
}

/// The game folder a scenario's `game:` names: a relative path to a folder with a game.yaml,
/// inside the scenario's root.
fn game_dir(l: &Loaded, base: &Path, g: &str) -> Result<PathBuf, String> {
    let (root, _) = scenario_root(base);
    let dir = base.join(g);
    if Path::new(g).has_root() || !files::inside(&root, &dir) || !dir.join("game.yaml").is_file() {
        return Err(LoadError::new(
            Location::file(&l.path),
            files::refusal(g, "game: must name a game folder (with a game.yaml) by a relative path inside this project"),
        )
        .hint(format!("keep the game inside {}", root.display()))
        .to_string());
    }
    Ok(dir)
}

fn base_of(l: &Loaded) -> PathBuf {
    match l.path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The game folder and pack a scenario plays.
pub fn game_of(l: &Loaded) -> Result<(PathBuf, Option<PathBuf>), String> {
    let base = base_of(l);
    // A scenario inside a pack plays that pack's cards with its game (docs/guide/packs.md);
    // one inside a game folder (its scenarios/) plays that game.
    let pack = crate::pack::pack_root_of(&l.path);
    let dir = match (&l.scenario.game, &pack) {
        (Some(g), _) => game_dir(l, &base, g)?,
        (None, Some(p)) => crate::pack::game_of_pack(p)?,
        (None, None) => crate::check::game_dir_of(&base).unwrap_or_else(default_game_dir),
    };
    Ok((dir, pack))
}

pub fn bundle_for(l: &Loaded) -> Result<Bundle, String> {
    let (dir, pack) = game_of(l)?;
    bundle_in(l, &dir, pack.as_deref())
}

/// The scenario's bundle with the game loaded from `dir` (`fuda mutate`: a changed copy).
pub fn bundle_in(l: &Loaded, dir: &Path, pack: Option<&Path>) -> Result<Bundle, String> {
    let base = base_of(l);
    let mut b = Bundle::load_with_pack(dir, pack).map_err(|e| e.to_string())?;
    if !l.scenario.cards.is_empty() {
        let mut cards = b.defs.cards.clone();
        let text = files::read_regular(&l.path).unwrap_or_default();
        let lines = Lines::new(&text);
        let (root, sub) = scenario_root(&base);
        for f in &l.scenario.cards {
            let at = lines.locate(&l.path, f, 0);
            let (_, canon) = files::resolve_from(&root, &sub, f, &at)
                .map_err(|e| e.message_prefix("cards: ").to_string())?;
            let path = base.join(f);
            let text = files::read_regular(&canon).map_err(|e| e.to_string())?;
            parse_cards(&b.defs.game, &path, &text, &mut cards).map_err(|e| e.to_string())?;
        }
        b.host.load_cards(&cards).map_err(|e| e.to_string())?;
        b.defs = Arc::new(Defs {
            game: b.defs.game.clone(),
            cards,
        });
    }
    for (name, value) in &l.scenario.settings {
        b = b
            .with_setting(name, *value)
            .map_err(|e| format!("{}: settings: {e}", l.path.display()))?;
    }
    Ok(b)
}

fn log_of(g: &Game) -> Vec<String> {
    g.visible_log().map(|l| l.to_string()).collect()
}

/// Runs one scenario.
pub fn run(l: &Loaded) -> Report {
    match bundle_for(l) {
        Ok(b) => run_on(l, &b),
        Err(e) => Report::fail(l, format!("cannot load the game: {e}"), vec![]),
    }
}

/// Runs one scenario with a loaded game (which must be the one it names).
pub fn run_on(l: &Loaded, b: &Bundle) -> Report {
    let mut g = match setup::build(Arc::clone(&b.defs), &l.scenario) {
        Ok(g) => g,
        Err(e) => return Report::fail(l, format!("setup: {e}"), vec![]),
    };
    let warnings = holds_before_steps(&g, b, l);
    let mut n = 0;
    for step in &l.scenario.steps {
        let step = match step {
            Step::Decide(d) => d,
            Step::Expect(c) => {
                if let Err(e) = g.advance(&b.host) {
                    let e = format!("after step {n} the game stopped with an error: {e}");
                    return Report::fail(l, e, log_of(&g));
                }
                let log = log_of(&g);
                let failures: Vec<String> = c
                    .expect
                    .iter()
                    .filter_map(|e| check(&g, e, &log).err())
                    .map(|e| format!("after step {n}: {e}"))
                    .collect();
                if !failures.is_empty() {
                    return Report {
                        path: l.path.clone(),
                        name: l.scenario.name.clone(),
                        outcome: Outcome::Fail(failures),
                        log,
                        warnings,
                    };
                }
                continue;
            }
        };
        let Some((who, phrase)) = step.iter().next() else {
            continue;
        };
        n += 1;
        match g.advance(&b.host) {
            Err(e) => {
                return Report::fail(
                    l,
                    format!("step {n} ({who}: {phrase}): the game stopped with an error: {e}"),
                    log_of(&g),
                )
            }
            Ok(Status::Over(o)) => {
                return Report::fail(
                    l,
                    format!("step {n} ({who}: {phrase}): the game is already over ({o:?})"),
                    log_of(&g),
                )
            }
            Ok(Status::Decide) => {}
        }
        let Some(p) = player(who) else {
            return Report::fail(
                l,
                format!("step {n}: say who decides with p1 or p2, not \"{who}\""),
                log_of(&g),
            );
        };
        if phrase.trim() == "resign" {
            g.resign(p);
            continue;
        }
        let Some(d) = g.decision().cloned() else {
            continue;
        };
        if !g.waiting_for().contains(&p) {
            let asked: Vec<String> = g
                .waiting_for()
                .iter()
                .map(|p| format!("p{}", p + 1))
                .collect();
            return Report::fail(
                l,
                format!(
                    "step {n} ({who}: {phrase}): {who} is not deciding now; {} is: {}",
                    asked.join(", "),
                    d.prompt
                ),
                log_of(&g),
            );
        }
        let picks = match phrase::pick(&g, &d, phrase) {
            Ok(p) => p,
            Err(e) => {
                return Report::fail(l, format!("step {n} ({who}: {phrase}): {e}"), log_of(&g))
            }
        };
        if let Err(e) = g.submit(p, picks) {
            return Report::fail(l, format!("step {n} ({who}: {phrase}): {e}"), log_of(&g));
        }
    }
    if let Err(e) = g.advance(&b.host) {
        return Report::fail(
            l,
            format!("after the last step the game stopped with an error: {e}"),
            log_of(&g),
        );
    }
    let log = log_of(&g);
    let mut failures: Vec<String> = l
        .scenario
        .expect
        .iter()
        .filter_map(|e| check(&g, e, &log).err())
        .collect();
    failures.extend(unused_script(&g));
    failures.extend(script_errors(&l.scenario, &log));
    Report {
        path: l.path.clone(),
        name: l.scenario.name.clone(),
        outcome: if failures.is_empty() {
            Outcome::Pass
        } else {
            Outcome::Fail(failures)
        },
        log,
        warnings,
    }
}

/// A scenario with decisions whose final expectations all hold at its first decision, before
/// any step: they cannot show what the steps did (unless `holds_from_start:` says why).
fn holds_before_steps(g: &Game, b: &Bundle, l: &Loaded) -> Vec<String> {
    let sc = &l.scenario;
    let decides = sc.steps.iter().any(|s| matches!(s, Step::Decide(_)));
    if !decides || sc.expect.is_empty() || sc.holds_from_start.is_some() {
        return Vec::new();
    }
    // At the first decision, where the first step would be made (on a fork of the game).
    let mut g = g.clone();
    if !matches!(g.advance(&b.host), Ok(Status::Decide)) {
        return Vec::new();
    }
    let log = log_of(&g);
    if sc.expect.iter().all(|e| check(&g, e, &log).is_ok()) {
        vec![
            "every expectation already holds before the first step, so none shows what the steps did: \
             expect what the steps change, or say why with `holds_from_start:`"
                .to_string(),
        ]
    } else {
        Vec::new()
    }
}

/// A card or rule script that failed while the scenario ran: the game cancelled that action and
/// went on, so the expectations may still hold — over a broken card. The scenario fails unless
/// a `log:` expectation (at the end or at a step) names that error's line.
fn script_errors(sc: &super::Scenario, log: &[String]) -> Vec<String> {
    let checkpoints = sc.steps.iter().filter_map(|s| match s {
        Step::Expect(c) => Some(&c.expect),
        Step::Decide(_) => None,
    });
    let named: Vec<&str> = std::iter::once(&sc.expect)
        .chain(checkpoints)
        .flatten()
        .filter_map(|e| match e {
            Expect::Check(c) => c.log.as_deref(),
            Expect::That(_) => None,
        })
        .collect();
    log.iter()
        .filter(|line| line.contains(fuda_engine::card_error::SCRIPT_ERROR) && !named.iter().any(|t| line.contains(t)))
        .map(|line| {
            format!(
                "a script failed while the scenario ran (if it should, expect it with `log:`): {line}"
            )
        })
        .collect()
}

/// Scripted shuffles and random results the game never reached: the scenario does not test
/// what its author thought it did.
fn unused_script(g: &Game) -> Vec<String> {
    let mut out = Vec::new();
    if !g.st.stacked.is_empty() {
        out.push(format!(
            "{} scripted shuffle(s) in `shuffles:` were never used (no shuffle of that deck happened)",
            g.st.stacked.len()
        ));
    }
    if !g.st.stacked_randoms.is_empty() {
        out.push(format!(
            "setup: randoms: {:?} were never used (no random draw happened)",
            g.st.stacked_randoms
        ));
    }
    out
}

/// The game as players see it now (at a mid-effect question: that moment).
fn view(g: &Game) -> Game {
    let mut v = g.clone();
    v.st = g.position().clone();
    v.touch();
    v
}

fn check(g: &Game, e: &Expect, log: &[String]) -> Result<(), String> {
    match e {
        Expect::That(src) => that(g, src),
        Expect::Check(c) => check_log(g, c, log),
    }
}

fn that(g: &Game, src: &str) -> Result<(), String> {
    let v = view(g);
    let env = GameEnv {
        game: &v,
        this: None,
        controller: 0,
        event: None,
        data: None,
        chars: None,
        viewer: None,
    };
    let expr = fuda_grammar::parse(src).map_err(|e| format!("expect `{src}`: {e}"))?;
    match fuda_grammar::eval(&expr, &env) {
        Ok(fuda_grammar::Value::Bool(true)) => Ok(()),
        Ok(fuda_grammar::Value::Bool(false)) => {
            // Show both sides of a comparison: what was expected and what is.
            if let ExprKind::Binary { op, lhs, rhs } = &expr.kind {
                if matches!(
                    op,
                    BinaryOp::Eq
                        | BinaryOp::Ne
                        | BinaryOp::Lt
                        | BinaryOp::Le
                        | BinaryOp::Gt
                        | BinaryOp::Ge
                        | BinaryOp::In
                ) {
                    // Each side that is not a literal, with its value now.
                    let sides: Vec<String> = [lhs, rhs]
                        .iter()
                        .filter(|x| {
                            !matches!(
                                x.kind,
                                ExprKind::Int(_)
                                    | ExprKind::Str(_)
                                    | ExprKind::Bool(_)
                                    | ExprKind::Null
                            )
                        })
                        .map(|x| {
                            let text = &src[x.span.start..x.span.end];
                            match fuda_grammar::eval(x, &env) {
                                Ok(v) => format!("{text} is {}", plain(&v, env.game)),
                                Err(e) => format!("{text}: {}", e.message),
                            }
                        })
                        .collect();
                    return Err(format!(
                        "expected: {src}\n      actual: {}",
                        sides.join(", ")
                    ));
                }
            }
            Err(format!("expected: {src}\n      actual: false"))
        }
        Ok(other) => Err(format!(
            "expect `{src}` should be true or false, got {}",
            other.describe()
        )),
        Err(e) => Err(format!("expect: {}", e.render(src))),
    }
}

/// A value as a designer reads it: numbers and strings as they are, cards by name.
fn plain(v: &fuda_grammar::Value, g: &Game) -> String {
    use fuda_grammar::Value as V;
    match v {
        V::Int(i) => i.to_string(),
        V::Bool(b) => b.to_string(),
        V::Str(s) => format!("\"{s}\""),
        V::Null => "nothing (null)".into(),
        V::List(l) => format!(
            "[{}]",
            l.iter().map(|x| plain(x, g)).collect::<Vec<_>>().join(", ")
        ),
        V::Obj(h) => match i64::try_from(*h).ok().and_then(|h| g.handle_id(h)) {
            Some(id) if (id.card as usize) < g.st.objects.len() => g.name(id.card).to_string(),
            _ => v.describe(),
        },
    }
}

fn check_log(g: &Game, c: &Check, log: &[String]) -> Result<(), String> {
    if let Some(s) = &c.log {
        if !log.iter().any(|l| l.contains(s.as_str())) {
            return Err(format!(
                "expected a log line containing: {s}\n      actual: none"
            ));
        }
    }
    if let Some(s) = &c.no_log {
        if let Some(l) = log.iter().find(|l| l.contains(s.as_str())) {
            return Err(format!(
                "expected no log line containing: {s}\n      actual: {l}"
            ));
        }
    }
    if let Some(order) = &c.order {
        let mut at = 0;
        for s in order {
            match log[at..].iter().position(|l| l.contains(s.as_str())) {
                Some(i) => at += i + 1,
                None => {
                    let earlier = log[..at].iter().any(|l| l.contains(s.as_str()));
                    let why = if earlier {
                        "it came earlier"
                    } else {
                        "it never came"
                    };
                    return Err(format!("expected log lines in this order: {}\n      actual: \"{s}\" not found after the previous one ({why})", order.join(" → ")));
                }
            }
        }
    }
    if let Some(w) = &c.winner {
        let actual = match g.outcome() {
            None => "none".to_string(),
            Some(GameOutcome::Draw { clause, .. }) => format!("draw [{clause}]"),
            Some(GameOutcome::Win { winner, clause, .. }) => format!("p{} [{clause}]", winner + 1),
        };
        if !actual.starts_with(w.as_str()) {
            return Err(format!("expected winner: {w}\n      actual: {actual}"));
        }
    }
    for (phrase, want) in [(&c.offered, true), (&c.not_offered, false)] {
        let Some(phrase) = phrase else { continue };
        let (who, rest) = phrase.split_once(':').unwrap_or(("p1", phrase));
        let found = match (player(who.trim()), g.decision()) {
            (Some(p), Some(d)) if g.waiting_for().contains(&p) => {
                phrase::pick(g, d, rest.trim()).is_ok()
            }
            _ => false,
        };
        if found != want {
            let opts: Vec<String> = g
                .decision()
                .map(|d| d.options.iter().map(|o| o.label.clone()).collect())
                .unwrap_or_default();
            let what = if want { "offered" } else { "not offered" };
            return Err(format!(
                "expected {phrase} to be {what}\n      actual options: {}",
                opts.join(" | ")
            ));
        }
    }
    if let Some(phrase) = &c.picks {
        check_picks(g, phrase)?;
    }
    Ok(())
}

/// `picks: "p1: 2"` / `"p1: 0-2"`: the bounds of the decision p1 is asked now.
fn check_picks(g: &Game, phrase: &str) -> Result<(), String> {
    let bad = || format!("picks: \"{phrase}\" should read `p1: 2` or `p1: 0-2`");
    let (who, n) = phrase.split_once(':').ok_or_else(bad)?;
    let p = player(who.trim()).ok_or_else(bad)?;
    let (lo, hi) = n.split_once('-').unwrap_or((n, n));
    let (Ok(min), Ok(max)) = (lo.trim().parse::<u16>(), hi.trim().parse::<u16>()) else {
        return Err(bad());
    };
    let actual = match g.decision() {
        Some(d) if g.waiting_for().contains(&p) => {
            format!("{}-{} (\"{}\")", d.min, d.max, d.prompt)
        }
        _ => "no decision for that player".into(),
    };
    match g.decision() {
        Some(d) if g.waiting_for().contains(&p) && (d.min, d.max) == (min, max) => Ok(()),
        _ => Err(format!(
            "expected {} to pick {min}-{max}\n      actual: {actual}",
            who.trim()
        )),
    }
}
