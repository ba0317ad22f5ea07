//! The sandbox's replacements behave like Lua's own where Lua is safe, and are bounded and
//! deterministic where it is not (issue 9; docs/sandbox.md).
use fuda_scripting::sandbox::{freeze_globals, new_lua, Budget};
use fuda_scripting::Meter;
use mlua::Lua;
use std::rc::Rc;

fn sandboxed() -> (Lua, Rc<Meter>) {
    let meter = Rc::new(Meter::default());
    let (lua, strings) = new_lua(Budget::default(), meter.clone()).expect("lua");
    // The test's state lives to the end of the process with its allocator wrapped.
    std::mem::forget(strings);
    freeze_globals(&lua).expect("freeze");
    (lua, meter)
}

/// Runs `code` (a chunk returning one string) in a fresh call.
fn run(lua: &Lua, meter: &Meter, code: &str) -> Result<String, String> {
    meter.reset();
    fuda_scripting::sandbox::restart_count(lua);
    lua.load(code)
        .set_name("@test.lua")
        .eval::<String>()
        .map_err(|e| e.to_string())
}

/// The same chunk in plain Lua 5.4, for differential checks.
fn plain(code: &str) -> Result<String, String> {
    let lua = Lua::new();
    lua.load(code)
        .set_name("@test.lua")
        .eval::<String>()
        .map_err(|e| e.to_string())
}

const PATTERN_CASES: &[&str] = &[
    r#"return table.concat({string.find("hello world", "o w")}, ",")"#,
    r#"return table.concat({string.find("hello world", "l+")}, ",")"#,
    r#"return table.concat({string.find("hello", "l", 1, true)}, ",")"#,
    r#"return tostring(string.find("hello", "xyz"))"#,
    r#"return table.concat({string.find("key = value", "(%w+)%s*=%s*(%w+)")}, ",")"#,
    r#"return table.concat({string.match("2024-11-23", "(%d+)-(%d+)-(%d+)")}, ",")"#,
    r#"return table.concat({string.match("  trim  ", "^%s*(.-)%s*$")}, ",")"#,
    r#"return table.concat({string.match("hello", "()ll()")}, ",")"#,
    r#"return tostring(string.match("hello", "^ell"))"#,
    r#"return tostring(string.match("hello", "o$"))"#,
    r#"return table.concat({string.match("f(a(b)c)d", "%b()")}, ",")"#,
    r#"return table.concat({string.match("THE (quick) fox", "%f[%a]%a+")}, ",")"#,
    r#"return table.concat({string.match("abcabc", "(abc)%1")}, ",")"#,
    r#"return table.concat({string.match("[x]", "[%[]x[%]]")}, ",")"#,
    r#"return table.concat({string.match("a-b", "[a%-]+")}, ",")"#,
    r#"return table.concat({string.match("0x1F", "0x([%x]+)")}, ",")"#,
    r#"return table.concat({string.match("abc", "[^b]+", 2)}, ",")"#,
    r#"return table.concat({string.match("abc", ".", -1)}, ",")"#,
    r#"return table.concat({string.match("aaa", "a-b")}, ",") .. '|'"#,
    r#"return table.concat({string.match("aaab", "a-b")}, ",")"#,
    r#"return table.concat({string.match("ab", "a?b")}, ",")"#,
    r#"return table.concat({string.match("b", "a?b")}, ",")"#,
    r#"local t = {} for w in string.gmatch("one two  three", "%a+") do t[#t+1] = w end return table.concat(t, ",")"#,
    r#"local t = {} for k, v in string.gmatch("a=1, b=2", "(%w+)=(%w+)") do t[#t+1] = k .. v end return table.concat(t, ",")"#,
    r#"local t = {} for w in string.gmatch("abc", "") do t[#t+1] = "." end return table.concat(t, ",")"#,
    r#"local t = {} for p in string.gmatch("abc", "()") do t[#t+1] = p end return table.concat(t, ",")"#,
    r#"return table.concat({string.gsub("hello world", "o", "0")}, ",")"#,
    r#"return table.concat({string.gsub("hello world", "(%w+)", "<%1>")}, ",")"#,
    r#"return table.concat({string.gsub("hello", "", "-")}, ",")"#,
    r#"return table.concat({string.gsub("abc", "%w", "%0%0", 2)}, ",")"#,
    r#"return table.concat({string.gsub("$name is $age", "%$(%w+)", {name = "Ann", age = 7})}, ",")"#,
    r#"return table.concat({string.gsub("a b c", "%a", function(x) if x == "b" then return nil end return x:upper() end)}, ",")"#,
    r#"return table.concat({string.gsub("abc", "^a", "X")}, ",")"#,
    r#"return table.concat({string.gsub("x = 1", "%s*=%s*", "%%")}, ",")"#,
    r#"return table.concat({string.gsub("abc", "b", 5)}, ",")"#,
    r#"return table.concat({string.gsub("abc", "()b", "%1")}, ",")"#,
    r#"return table.concat({("x"):rep(3, ",")}, ",")"#,
    r#"return ("%5.2f|%d|%s|%q"):format(3.14159, 42, "s", "a\nb")"#,
    r#"return select(2, pcall(string.match, "a", "%"))"#,
    r#"return select(2, pcall(string.match, "a", "[a"))"#,
    r#"return select(2, pcall(string.match, "a", "(a"))"#,
    r#"return select(2, pcall(string.match, "a", "a)"))"#,
    r#"return select(2, pcall(string.gsub, "a", "a", "%2"))"#,
    r#"return select(2, pcall(string.find, "a", "%f"))"#,
];

#[test]
fn patterns_match_like_lua() {
    let (lua, meter) = sandboxed();
    for case in PATTERN_CASES {
        let ours = run(&lua, &meter, case);
        let theirs = plain(case);
        assert_eq!(ours, theirs, "case: {case}");
    }
}

#[test]
fn a_backtracking_pattern_runs_out_of_budget() {
    let (lua, meter) = sandboxed();
    let e = run(
        &lua,
        &meter,
        r#"local s = string.rep("a", 5000) return tostring(string.find(s, "a*a*a*a*a*b"))"#,
    )
    .unwrap_err();
    assert!(e.contains("instruction budget exceeded"), "{e}");
    // pcall cannot hide it.
    let e = run(
        &lua,
        &meter,
        r#"local s = string.rep("a", 5000)
           for i = 1, 10 do pcall(string.find, s, "a*a*a*a*a*b") end return "survived""#,
    )
    .unwrap_err();
    assert!(e.contains("instruction budget exceeded"), "{e}");
}

#[test]
fn pcall_cannot_catch_a_spent_budget() {
    let (lua, meter) = sandboxed();
    let e = run(
        &lua,
        &meter,
        r#"while true do pcall(function() while true do end end) end"#,
    )
    .unwrap_err();
    assert!(e.contains("instruction budget exceeded"), "{e}");
    let e = run(
        &lua,
        &meter,
        r#"while true do xpcall(function() while true do end end, function(m) return m end) end"#,
    )
    .unwrap_err();
    assert!(e.contains("instruction budget exceeded"), "{e}");
    // An ordinary error is still caught.
    assert_eq!(
        run(
            &lua,
            &meter,
            r#"local ok, e = pcall(error, "x", 0) return tostring(ok) .. e"#
        ),
        Ok("falsex".into())
    );
}

#[test]
fn c_functions_that_loop_are_bounded() {
    let (lua, meter) = sandboxed();
    assert_eq!(
        run(
            &lua,
            &meter,
            r#"return "[" .. string.rep("", math.maxinteger) .. "]""#
        ),
        Ok("[]".into())
    );
    let e = run(&lua, &meter, r#"return string.rep("ab", 1e12)"#).unwrap_err();
    assert!(e.contains("longer than"), "{e}");
    let e = run(
        &lua,
        &meter,
        r#"table.move({}, 1, math.maxinteger, 2) return "moved""#,
    )
    .unwrap_err();
    assert!(e.contains("table.move: more than"), "{e}");
    let e = run(&lua, &meter, r#"return string.format("%p", {})"#).unwrap_err();
    assert!(e.contains("%p"), "{e}");
}

#[test]
fn nothing_shows_an_address() {
    let (lua, meter) = sandboxed();
    assert_eq!(
        run(
            &lua,
            &meter,
            r#"return tostring({}) .. " " .. tostring(print or tostring) .. " " .. string.format("%s", {})"#
        ),
        Ok("table function table".into())
    );
    let e = run(&lua, &meter, r#"error({})"#).unwrap_err();
    assert!(!e.contains("0x"), "{e}");
    assert_eq!(
        run(&lua, &meter, r#"local ok, e = pcall(error, {}) return e"#),
        Ok("(error value: table)".into())
    );
}

#[test]
fn pairs_and_next_follow_a_defined_order() {
    let (lua, meter) = sandboxed();
    let code = r#"local t = {zeta = 1, alpha = 2, [10] = 3, [2] = 4, [true] = 5, mid = 6, [1.5] = 7}
        local out = {}
        for k, v in pairs(t) do out[#out + 1] = tostring(k) .. "=" .. v end
        local k = next(t)
        return table.concat(out, " ") .. " / " .. tostring(k)"#;
    assert_eq!(
        run(&lua, &meter, code),
        Ok("1.5=7 2=4 10=3 alpha=2 mid=6 zeta=1 true=5 / 1.5".into())
    );
    let e = run(
        &lua,
        &meter,
        r#"for k in pairs({[{}] = 1}) do end return """#,
    )
    .unwrap_err();
    assert!(e.contains("no defined order"), "{e}");
}

#[test]
fn table_sort_is_stable_and_deterministic() {
    let (lua, meter) = sandboxed();
    let code = r#"local t = {}
        for i = 1, 300 do t[i] = {k = i % 7, i = i} end
        table.sort(t, function(a, b) return a.k < b.k end)
        local out = {}
        for i = 1, 8 do out[i] = t[i].i end
        local n = {5, 3, 9, 1}
        table.sort(n)
        local s = {"b", "a", "c"}
        table.sort(s, function(a, b) return a > b end)
        return table.concat(out, ",") .. " " .. table.concat(n, ",") .. " " .. table.concat(s)"#;
    assert_eq!(
        run(&lua, &meter, code),
        Ok("7,14,21,28,35,42,49,56 1,3,5,9 cba".into())
    );
}

#[test]
fn libraries_and_globals_are_read_only() {
    let (lua, meter) = sandboxed();
    for code in [
        "string.upper = nil",
        "math.pi = 3",
        "table.x = 1",
        "ipairs = nil",
        "tostring = nil",
        "x = 1",
        "_G.x = 1",
        "utf8.char = print",
    ] {
        let e = run(&lua, &meter, &format!("{code} return ''")).unwrap_err();
        assert!(
            e.contains("read-only") || e.contains("cannot set globals"),
            "{code}: {e}"
        );
        assert!(e.contains("test.lua:1:"), "{code}: names the line: {e}");
    }
    // Reading still works, method calls on strings too.
    assert_eq!(
        run(
            &lua,
            &meter,
            "return string.upper('a') .. ('b'):upper() .. math.max(1, 2) .. #string.format('%d', 7)"
        ),
        Ok("AB21".into())
    );
    let n = run(
        &lua,
        &meter,
        "local n = 0 for k in pairs(string) do n = n + 1 end return tostring(n > 10)",
    );
    assert_eq!(n, Ok("true".into()));
}

/// Runs `code` and returns its error and how long it took (printed, never asserted: speed is
/// measured in benchmarks).
fn spend(lua: &Lua, meter: &Meter, code: &str) -> String {
    let t = std::time::Instant::now();
    let e = run(lua, meter, code).unwrap_err();
    eprintln!("{:>8.3} s  {code}", t.elapsed().as_secs_f64());
    e
}

/// One instruction can copy, compare or walk a whole string or table: such work is charged
/// by its size, so a loop over big data runs out of budget as a loop over small data does.
#[test]
fn work_that_grows_with_data_is_charged() {
    let (lua, meter) = sandboxed();
    for code in [
        // Each `..` copies the whole string (found by the `lua` fuzz target).
        r#"local s = "" for i = 1, 1e9 do s = "board" .. s end"#,
        // Each `==` compares a megabyte.
        r#"local a, b = string.rep("x", 1000000), string.rep("x", 999999) .. "y"
           for i = 1, 1e9 do local _ = a == b end"#,
        // `next` sorts every key at each call.
        r#"local t = {} for i = 1, 100000 do t[i] = i end for i = 1, 1e9 do next(t) end"#,
        // Inserting at the front shifts every element.
        r#"local t = {} for i = 1, 100000 do t[i] = i end for i = 1, 1e9 do table.insert(t, 1, i) end"#,
        r#"local t = {} for i = 1, 100000 do t[i] = "" end for i = 1, 1e9 do table.concat(t) end"#,
        r#"local s = string.rep("é", 400000) for i = 1, 1e9 do utf8.len(s) end"#,
    ] {
        let e = spend(&lua, &meter, code);
        assert!(
            meter.spent() || e.contains("instruction budget exceeded"),
            "{code}: {e}"
        );
    }
}

/// A string longer than 1 MiB is refused however it is built (the kernel takes no longer
/// ones either), and `pcall` cannot catch the refusal.
#[test]
fn strings_are_at_most_a_mebibyte() {
    let (lua, meter) = sandboxed();
    for code in [
        r#"local s = string.rep("x", 1048576) .. "y" return "built""#,
        r#"local s = string.rep("x", 600000) local ok = pcall(function() return s .. s end) return "caught""#,
        r#"local t = {} for i = 1, 2000 do t[i] = string.rep("x", 1000) end return table.concat(t)"#,
    ] {
        let e = run(&lua, &meter, code).unwrap_err();
        assert!(e.contains("not enough memory"), "{code}: {e}");
        let why = meter.explain().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            why.contains("longer than the 1048576 bytes"),
            "{code}: {why}"
        );
    }
    assert_eq!(
        run(&lua, &meter, r#"return #string.rep("x", 1048576) .. """#),
        Ok("1048576".into())
    );
}

/// Lists of results are at most 250 values: passing them on copies them all in one step.
#[test]
fn functions_return_at_most_250_values() {
    let (lua, meter) = sandboxed();
    for code in [
        "return select('#', table.unpack({}, 1, 251))",
        "return select('#', string.byte(string.rep('x', 300), 1, -1))",
        "return select('#', utf8.codepoint(string.rep('x', 300), 1, -1))",
    ] {
        let e = run(&lua, &meter, code).unwrap_err();
        assert!(e.contains("more than 250 values at once"), "{code}: {e}");
    }
    for (code, n) in [
        ("return select('#', table.unpack({}, 1, 250))", "250"),
        ("return select('#', string.byte('abc', 1, -1))", "3"),
        ("return select('#', string.byte('abc', -2))", "1"),
        ("return select('#', utf8.codepoint('日本語', 1, -1))", "3"),
        ("return select('#', table.unpack({1, 2, 3}))", "3"),
    ] {
        assert_eq!(run(&lua, &meter, code), Ok(n.into()), "{code}");
        assert_eq!(plain(code), Ok(n.into()), "{code}");
    }
}

/// Vararg lists grown by recursion copy every value at each call; Lua's stack bounds them
/// (printed: the time such a hook takes before its budget is spent).
#[test]
fn growing_vararg_lists_end() {
    let (lua, meter) = sandboxed();
    let e = spend(
        &lua,
        &meter,
        r#"local function f(n, ...) if n == 0 then return select('#', ...) end return f(n - 1, n, ...) end
           return tostring(f(1e9))"#,
    );
    assert!(!e.is_empty());
}

/// Where a call runs out of budget does not depend on what ran before it: the instruction
/// count restarts at every call.
#[test]
fn a_budget_runs_out_at_the_same_step_whatever_ran_before() {
    let (lua, meter) = sandboxed();
    let seen = Rc::new(std::cell::Cell::new(0i64));
    let s = seen.clone();
    let record = lua
        .create_function(move |_, n: i64| {
            s.set(n);
            Ok(())
        })
        .expect("function");
    let mut stops = Vec::new();
    for before in [0, 1, 3333, 9999] {
        if before > 0 {
            let code = format!("for i = 1, {before} do end return ''");
            assert_eq!(run(&lua, &meter, &code), Ok(String::new()));
        }
        meter.reset();
        fuda_scripting::sandbox::restart_count(&lua);
        let r = lua
            .load("local record = ... local n = 0 while true do n = n + 1 record(n) end")
            .call::<()>(record.clone());
        assert!(r.is_err());
        stops.push(seen.get());
    }
    assert!(stops.iter().all(|&n| n == stops[0] && n > 0), "{stops:?}");
}

/// An error raised by a Rust function (a pattern, a `k.*` call) comes with a traceback; it
/// must not cost more than the call is charged (printed, never asserted).
#[test]
fn errors_in_a_loop_end() {
    let (lua, meter) = sandboxed();
    let e = spend(
        &lua,
        &meter,
        r#"for i = 1, 1e9 do pcall(string.find, 'a', '[') end"#,
    );
    assert!(meter.spent(), "{e}");
}
