//! A wrong argument to a `k.*` function, said as a designer reads it.

/// A wrong argument to a `k.*` function, said with the function, the parameter and its
/// signature (mlua's own message names neither): `k.add_counter: argument 3 (n) should be a
/// number, not text ("…"); its signature: …`.
pub(crate) fn api_argument_error(e: &mlua::Error) -> Option<String> {
    let mlua::Error::CallbackError { traceback, cause } = e else {
        return None;
    };
    let (pos, inner) = match cause.as_ref() {
        mlua::Error::BadArgument { pos, cause, .. } => (*pos, cause.as_ref()),
        nested @ mlua::Error::CallbackError { .. } => return api_argument_error(nested),
        _ => return None,
    };
    // The innermost C function the traceback names: `[C]: in field 'add_counter'`.
    let name = traceback.lines().find_map(|l| {
        let l = l.trim();
        let rest = l
            .strip_prefix("[C]: in field '")
            .or_else(|| l.strip_prefix("[C]: in function 'k."))?;
        rest.split('\'').next()
    })?;
    let (params, _) = crate::lint::api::params(name)?;
    let sig = crate::api::doc::API
        .iter()
        .find(|d| d.1 == name)
        .map_or("", |d| d.2);
    let param = params
        .get(pos.saturating_sub(1))
        .map_or("?", |(p, _)| p.as_str());
    let what = match inner {
        mlua::Error::FromLuaConversionError { from, to, .. } => {
            format!(
                "should be {}, not {}",
                lua_type_words(to),
                lua_type_words(from)
            )
        }
        other => crate::first_line(other),
    };
    Some(format!(
        "k.{name}: argument {pos} ({param}) {what}; its signature: {sig}"
    ))
}

/// A Rust or Lua type name as a designer reads it.
fn lua_type_words(t: &str) -> String {
    match t {
        "i64" | "i32" | "u32" | "u64" | "u8" | "usize" | "integer" => "a whole number".into(),
        "f64" | "number" => "a number".into(),
        "String" | "string" => "text".into(),
        "bool" | "boolean" => "true or false".into(),
        "nil" => "nil".into(),
        "table" | "Table" => "a table".into(),
        "function" | "Function" => "a function".into(),
        t if t.starts_with("Vec") => "a list".into(),
        t => t.to_string(),
    }
}
