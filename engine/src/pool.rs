//! An unordered pool of pending items (`chain.order: by_controller`; Victory Spark 3.8, 4.7–4.8,
//! 7.4.3): which item resolves next, and taking one off unresolved. Items of the kinds in
//! `chain.first` come before the others; of what is left, the turn player's (then the next
//! player's, in turn order), and their controller chooses among them. An item another waiting
//! item has chosen (`k.push{chooses}`, a cancel) does not resolve while that one waits.
use crate::decision::Opt;
use crate::def::kernel_clauses::KStep;
use crate::game::Game;
use crate::host::Fail;
use crate::value::Value;

impl Game {
    /// The index in `State.chain` of the pool item of depth `d` that resolves next (a decision
    /// of its controller when they have several), or None when the pool is empty.
    pub(crate) fn next_in_pool(&mut self, d: u16) -> Result<Option<usize>, Fail> {
        let defs = std::sync::Arc::clone(&self.defs);
        let first = defs
            .game
            .chain
            .as_ref()
            .map(|c| c.first.clone())
            .unwrap_or_default();
        let at_depth: Vec<usize> = (0..self.st.chain.len())
            .filter(|&i| self.st.chain[i].depth == d)
            .collect();
        if at_depth.is_empty() {
            return Ok(None);
        }
        let chosen = |i: usize| {
            let id = self.st.chain[i].id;
            self.st
                .chain
                .iter()
                .any(|c| c.id != id && c.chooses.contains(&id))
        };
        let mut eligible: Vec<usize> = at_depth.iter().copied().filter(|&i| !chosen(i)).collect();
        if eligible.is_empty() {
            // Items that chose each other in a ring: none would ever resolve; take them all.
            eligible = at_depth;
        }
        if eligible
            .iter()
            .any(|&i| first.contains(&self.st.chain[i].kind))
        {
            eligible.retain(|&i| first.contains(&self.st.chain[i].kind));
        }
        let n = defs.game.players;
        let tp = self.st.turn_player;
        let Some(p) = (0..n)
            .map(|k| (tp + k) % n)
            .find(|&p| eligible.iter().any(|&i| self.st.chain[i].controller == p))
        else {
            return Ok(None);
        };
        let mine: Vec<usize> = eligible
            .into_iter()
            .filter(|&i| self.st.chain[i].controller == p)
            .collect();
        if mine.len() == 1 {
            return Ok(Some(mine[0]));
        }
        let options = mine
            .iter()
            .map(|&i| {
                let it = &self.st.chain[i];
                Opt {
                    label: format!("「{}」 ({})", it.name, it.kind),
                    value: Value::Int(it.id as i64),
                }
            })
            .collect();
        let picks = self.choose(
            p,
            "次に解決するもの (what resolves next)",
            self.kc(KStep::ChainResolve).as_deref(),
            options,
            1,
            1,
        )?;
        Ok(Some(mine[picks.first().copied().unwrap_or(0) as usize]))
    }

    /// Takes a pending item off the chain unresolved (no hook runs: a cancel, Victory Spark
    /// 3.8.7; an item whose source changed, 3.8.6); returns it as `k.chain()` shows items.
    pub fn remove_item(&mut self, id: u32) -> Option<Value> {
        let at = self.st.chain.iter().position(|i| i.id == id)?;
        let v = self.item_value(&self.st.chain[at]);
        let item = self.st.chain.remove(at);
        self.touch();
        self.log_line(
            self.kc(KStep::ChainCleared).as_deref(),
            format!("「{}」を解決せずに取り除く (removed unresolved)", item.name),
        );
        self.end_item_reveal(&item);
        Some(v)
    }
}
