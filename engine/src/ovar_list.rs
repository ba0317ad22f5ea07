//! Object variables that hold a list (`object_vars: [{id, list: true}]`; Gate Ruler 15-12b: every
//! card that dealt a unit damage since the last rule effect). Like every object variable, a list
//! belongs to one object: it is empty again once the card becomes a new object (302.3).
use crate::game::Game;
use crate::ids::ObjId;
use serde::{Deserialize, Serialize};

/// The most values one list variable holds.
pub const MAX_OVAR_LIST: usize = 64;

/// One object's list variable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OvarList {
    pub obj: ObjId,
    pub var: u8,
    pub values: Vec<i64>,
}

impl Game {
    /// The list variable `var` of the object `id` (empty if never set).
    pub fn ovar_list(&self, id: ObjId, var: usize) -> Vec<i64> {
        self.st
            .ovar_lists
            .iter()
            .find(|l| l.obj == id && l.var as usize == var)
            .map(|l| l.values.clone())
            .unwrap_or_default()
    }

    /// Sets a list variable (at most [`MAX_OVAR_LIST`] values).
    pub fn set_ovar_list(&mut self, id: ObjId, var: usize, values: Vec<i64>) -> Result<(), String> {
        if values.len() > MAX_OVAR_LIST {
            return Err(format!(
                "an object variable holds at most {MAX_OVAR_LIST} values, not {}",
                values.len()
            ));
        }
        // Lists of objects that are gone are dropped (302.3).
        let stale: Vec<bool> = self
            .st
            .ovar_lists
            .iter()
            .map(|l| self.current(l.obj).is_none())
            .collect();
        let mut i = 0;
        self.st.ovar_lists.retain(|_| {
            i += 1;
            !stale[i - 1]
        });
        self.st
            .ovar_lists
            .retain(|l| !(l.obj == id && l.var as usize == var));
        if !values.is_empty() {
            self.st.ovar_lists.push(OvarList {
                obj: id,
                var: var as u8,
                values,
            });
        }
        self.touch();
        Ok(())
    }

    /// Adds a value to a list variable unless it is there already; whether it was added.
    pub fn add_ovar(&mut self, id: ObjId, var: usize, x: i64) -> Result<bool, String> {
        let mut values = self.ovar_list(id, var);
        if values.contains(&x) {
            return Ok(false);
        }
        values.push(x);
        self.set_ovar_list(id, var, values)?;
        Ok(true)
    }
}
