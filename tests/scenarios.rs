//! Every scenario under tests/scenarios is one test, named by its file (harness = false).
use fuda::scenario::{self, RunOutcome};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn run_one(path: &Path) -> Result<(), Failed> {
    let loaded = scenario::load(path)?;
    // Strict: a warning (expectations that hold before the steps) fails the scenario too.
    let report = scenario::run(&loaded).strict();
    if let RunOutcome::Fail(_) = report.outcome {
        return Err(scenario::report::describe(&report).into());
    }
    if loaded.scenario.snapshot {
        let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(dir);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        let log = report.log.join("\n");
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            settings.bind(|| insta::assert_snapshot!(name, log))
        }));
        if result.is_err() {
            return Err(format!(
                "{}: the log differs from its snapshot (cargo insta review)",
                path.display()
            )
            .into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    // The 汎用TCG's scenarios, and those of each game (cards/) and test game (tests/games) in
    // its own scenarios/ folder.
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = vec![here.join("tests/scenarios")];
    for parent in ["cards", "tests/games"] {
        if let Ok(rd) = std::fs::read_dir(here.join(parent)) {
            let mut games: Vec<PathBuf> =
                rd.flatten().map(|e| e.path().join("scenarios")).collect();
            games.sort();
            roots.extend(games.into_iter().filter(|d| d.is_dir()));
        }
    }
    let trials = roots
        .iter()
        .flat_map(|root| {
            scenario::find(root).into_iter().map(move |p: PathBuf| {
                let name = p.strip_prefix(here).unwrap_or(&p).display().to_string();
                Trial::test(name, move || run_one(&p))
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
