//! Pending items: played cards and used abilities waiting to resolve (the chain, 干渉, stack),
//! declared by the game's `chain:` (docs/game-definition.md, "Timing"). Items belong to the
//! priority window they were put on in (its depth); a window resolves only its own items.
use crate::def::kernel_clauses::KStep;
use crate::def::timing::ChainOrder;
use crate::game::Game;
use crate::host::{Fail, Host};
use crate::ids::{ObjId, PlayerId};
use crate::value::Value;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// How many items may wait at once (a flood of pushes is the card's error).
pub const MAX_ITEMS: usize = 256;

/// A played card or a used ability waiting to resolve, with what was fixed when it was played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingItem {
    /// Unique in the game, never reused; never 0.
    pub id: u32,
    /// The game's word for it (`play`, `ability`, `attack`, …).
    pub kind: String,
    /// What the log and the views call it.
    pub name: String,
    /// The card it stands for or comes from.
    pub source: Option<ObjId>,
    pub controller: PlayerId,
    /// Targets chosen when it was played (card handles or other values).
    pub targets: Vec<Value>,
    /// Other values fixed when it was played: modes, X, divisions (a map).
    pub values: Value,
    pub negated: bool,
    /// The window depth it belongs to (0: put on outside any window).
    pub depth: u16,
    /// Items this one has chosen (`k.push{chooses}`: a cancel, Victory Spark 3.8.7): while it
    /// waits, they do not resolve; if it leaves unresolved, they are free again (revival).
    #[serde(default)]
    pub chooses: Vec<u32>,
    /// Its card was revealed to play it (`reveal: true`): who saw the card before, to hide it
    /// again when the item leaves the chain (Victory Spark 4.5.3).
    #[serde(default)]
    pub revealed: Option<u8>,
}

/// What a script gives `k.push`.
#[derive(Clone, Debug, Default)]
pub struct NewItem {
    pub kind: String,
    pub name: String,
    pub source: Option<ObjId>,
    pub controller: PlayerId,
    pub targets: Vec<Value>,
    pub values: Value,
    pub chooses: Vec<u32>,
}

impl Game {
    /// The depth new items belong to: the number of open priority windows.
    pub fn chain_depth(&self) -> u16 {
        self.window_depth_now() as u16
    }

    /// The items of the current depth, in the order they were put on.
    pub fn chain_items(&self) -> Vec<&PendingItem> {
        let d = self.chain_depth();
        self.st.chain.iter().filter(|i| i.depth == d).collect()
    }

    pub fn item(&self, id: u32) -> Option<&PendingItem> {
        self.st.chain.iter().find(|i| i.id == id)
    }

    fn chain_name(&self) -> String {
        self.defs
            .game
            .chain
            .as_ref()
            .map_or_else(|| "チェーン".into(), |c| c.name.clone())
    }

    /// Puts an item on the chain; returns its id.
    pub fn push_item(&mut self, new: NewItem) -> Result<u32, String> {
        if self.defs.game.chain.is_none() {
            return Err("the game declares no chain (`chain:` in game.yaml)".into());
        }
        if self.st.chain.len() >= MAX_ITEMS {
            return Err(format!(
                "more than {MAX_ITEMS} items waiting on the chain (a flood)"
            ));
        }
        // Ids start at 1, so a script may keep 0 for "none".
        self.st.next_item += 1;
        let id = self.st.next_item;
        let depth = self.chain_depth();
        let n = self.chain_items().len() + 1;
        self.log_line(
            self.kc(KStep::ChainPush).as_deref(),
            format!(
                "{}{n}: P{}の「{}」 ({})",
                self.chain_name(),
                new.controller + 1,
                new.name,
                new.kind
            ),
        );
        self.st.chain.push(PendingItem {
            id,
            kind: new.kind,
            name: new.name,
            source: new.source,
            controller: new.controller,
            targets: new.targets,
            values: new.values,
            negated: false,
            depth,
            chooses: new.chooses,
            revealed: None,
        });
        self.touch();
        Ok(id)
    }

    /// Negates (`on`) or restores an item; false when there is no such item waiting.
    pub fn set_negated(&mut self, id: u32, on: bool) -> bool {
        let Some(i) = self.st.chain.iter().position(|i| i.id == id) else {
            return false;
        };
        self.st.chain[i].negated = on;
        self.touch();
        true
    }

    /// An effect changes a pending item's targets (東方VISION 8.2.8): it may choose new ones
    /// regardless of legality; the item keeps at most as many as the kernel allows.
    pub fn retarget(&mut self, id: u32, targets: Vec<Value>) -> bool {
        let Some(i) = self.st.chain.iter().position(|i| i.id == id) else {
            return false;
        };
        self.st.chain[i].targets = targets;
        self.touch();
        true
    }

    /// The item as scripts see it.
    pub fn item_value(&self, item: &PendingItem) -> Value {
        let mut m = IndexMap::new();
        m.insert("id".to_string(), Value::Int(item.id as i64));
        m.insert("kind".to_string(), Value::Str(item.kind.clone()));
        m.insert("name".to_string(), Value::Str(item.name.clone()));
        if let Some(s) = item.source {
            m.insert("source".to_string(), Value::Int(self.handle(s)));
        }
        m.insert(
            "controller".to_string(),
            Value::Int(item.controller as i64 + 1),
        );
        m.insert("targets".to_string(), Value::List(item.targets.clone()));
        m.insert("values".to_string(), item.values.clone());
        m.insert("negated".to_string(), Value::Bool(item.negated));
        if !item.chooses.is_empty() {
            let ids = item.chooses.iter().map(|&i| Value::Int(i as i64)).collect();
            m.insert("chooses".to_string(), Value::List(ids));
        }
        let by: Vec<Value> = self
            .st
            .chain
            .iter()
            .filter(|c| c.chooses.contains(&item.id))
            .map(|c| Value::Int(c.id as i64))
            .collect();
        if !by.is_empty() {
            m.insert("chosen_by".to_string(), Value::List(by));
        }
        Value::Map(m)
    }

    /// Resolves the next item of the current depth (by the game's order): its hook, or the
    /// negated hook for a negated item. Returns whether there was one.
    pub fn resolve_next_item(&mut self, host: &dyn Host) -> Result<bool, Fail> {
        self.step();
        let d = self.chain_depth();
        let defs = Arc::clone(&self.defs);
        let Some(chain) = &defs.game.chain else {
            return Ok(false);
        };
        let mine = self
            .st
            .chain
            .iter()
            .enumerate()
            .filter(|(_, i)| i.depth == d);
        let at = match chain.order {
            ChainOrder::Lifo => mine.last().map(|(at, _)| at),
            ChainOrder::Fifo => mine.into_iter().next().map(|(at, _)| at),
            ChainOrder::ByController => self.next_in_pool(d)?,
        };
        let Some(at) = at else {
            return Ok(false);
        };
        let item = self.st.chain.remove(at);
        self.touch();
        let arg = self.item_value(&item);
        if item.negated {
            self.log_line(
                self.kc(KStep::ChainNegated).as_deref(),
                format!("「{}」は無効 (negated: does not resolve)", item.name),
            );
            if let Some(h) = &chain.negated_hook {
                host.call(self, h, &[arg])?;
            }
        } else {
            self.log_line(
                self.kc(KStep::ChainResolve).as_deref(),
                format!(
                    "P{}の「{}」を解決 (resolves)",
                    item.controller + 1,
                    item.name
                ),
            );
            host.call(self, &chain.resolve_hook, &[arg])?;
        }
        self.end_item_reveal(&item);
        Ok(true)
    }

    /// Resolves every item of the current depth now, one after another (a game without
    /// priority, or an effect that resolves what it put on); returns how many resolved.
    pub fn resolve_chain_now(&mut self, host: &dyn Host) -> Result<usize, Fail> {
        let mut n = 0;
        while self.resolve_next_item(host)? {
            n += 1;
        }
        Ok(n)
    }
}
