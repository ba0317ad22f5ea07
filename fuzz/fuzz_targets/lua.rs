//! Card scripts generated from the fuzz input (tests/common/luagen.rs: the kernel API, Lua's
//! libraries and grammar) run as a card of the race game, in a game played by random agents:
//! the game ends by a rule or with the card's recorded error; never a panic, hang or abort.
//! Each input gets 200,000 VM instructions per hook (a hundredth of a real game's budget, so a
//! looping script costs milliseconds) and plays 24 decisions on from a prepared position.
#![no_main]
use fuda::agent::{Agent, RandomAgent};
use fuda::bundle::Bundle;
use fuda_engine::def::card::parse_cards;
use fuda_engine::{Defs, Game, Status};
use fuda_scripting::{Budget, LuaHost};
use libfuzzer_sys::fuzz_target;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
#[path = "../../tests/common/luagen.rs"]
mod luagen;

const BUDGET: Budget = Budget {
    instructions: 200_000,
    memory: 16 * 1024 * 1024,
};

thread_local! {
    static RACE: Bundle = Bundle::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/games/race"),
    )
    .expect("the race game loads");
    // One host for 500 inputs in a row, as a sim worker keeps one: nothing may carry between
    // inputs. (A fresh one after that keeps a slow input from slowing every later one.)
    static HOST: std::cell::RefCell<(Rc<LuaHost>, u32)> = std::cell::RefCell::new((host(), 0));
}

fn host() -> Rc<LuaHost> {
    Rc::new(
        RACE.with(|b| LuaHost::with_budget(&b.defs.game, BUDGET))
            .expect("the race game's scripts load"),
    )
}

fuzz_target!(|data: &[u8]| {
    let code = luagen::script(data);
    let card = format!(
        "cards:\n  - id: F-1\n    name: 試験\n    type: number\n    points: 1\n    abilities:\n      - name: fuzz\n        kind: triggered\n        when: 手番\n        effect: |\n          {}\n",
        code.replace('\n', "\n          ")
    );
    RACE.with(|b| {
        let mut cards = b.defs.cards.clone();
        if parse_cards(&b.defs.game, Path::new("fuzz.yaml"), &card, &mut cards).is_err() {
            return;
        }
        let host = HOST.with(|h| {
            let mut h = h.borrow_mut();
            h.1 += 1;
            if h.1 > 500 {
                *h = (host(), 1);
            }
            h.0.clone()
        });
        let host = &*host;
        {
            if host.load_cards(&cards).is_err() {
                return;
            }
            let defs = Arc::new(Defs {
                game: b.defs.game.clone(),
                cards,
            });
            let deck = b.deck("low").expect("deck");
            let mut g = Game::new(defs.clone(), [&deck, &deck], data.len() as u64);
            // Run the script as the card's hook, as the kernel would for an ability of the card.
            let Some(obj) = (0..g.st.objects.len() as u16).map(|c| g.obj_id(c)).next() else {
                return;
            };
            let idx = defs.cards.by_id.get("F-1").copied().unwrap_or(0);
            g.st.objects[obj.card as usize].def = idx as u16;
            let _ = g.run_ability(host, obj, 0, "effect", fuda_engine::Value::Null);
            let mut agents: [Box<dyn Agent>; 2] =
                [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))];
            for _ in 0..24 {
                match g.advance(host) {
                    Ok(Status::Decide) => {
                        for p in g.waiting_for() {
                            let picks = agents[p as usize].pick_with(&g, host, p);
                            let _ = g.submit(p, picks);
                        }
                    }
                    _ => break,
                }
            }
        }
    });
});
