//! Card scripts generated from bytes: statements built from the kernel API `k`, Lua's libraries
//! and its grammar (loops, pcall, tables that hold themselves, patterns), for fuzzing the
//! sandbox (fuzz/fuzz_targets/lua.rs) and a smoke test (tests/hostile_lua.rs).

/// Kernel functions the generated scripts call, with 0–4 arguments from `VALUES`.
const API: &[&str] = &[
    "move",
    "draw",
    "shuffle",
    "log",
    "event",
    "delay",
    "add_effect",
    "set_pvar",
    "set_gvar",
    "lose",
    "set_turn_player",
    "reveal",
    "show",
    "name",
    "field",
    "printed",
    "cards",
    "zone_of",
    "owner",
    "controller",
    "counter",
    "add_counter",
    "set_flag",
    "flag",
    "pvar",
    "gvar",
    "choose",
    "choose_cards",
    "choose_number",
    "choose_order",
    "abilities",
    "ability",
    "run_ability",
    "check",
    "eval",
    "lki",
    "random",
    "attach",
    "set_face",
    "end_effects",
    "replace",
    "prohibited",
    "set_ovar",
    "ovar",
    "turn",
    "turn_player",
    "opponent",
];

const VALUES: &[&str] = &[
    "self",
    "controller",
    "1",
    "2",
    "0",
    "-1",
    "3",
    "math.maxinteger",
    "math.mininteger",
    "1e300",
    "0/0",
    "\"hand\"",
    "\"board\"",
    "\"library\"",
    "\"bogus\"",
    "\"\"",
    "nil",
    "true",
    "{}",
    "t",
    "{t}",
    "{1, 2, 3}",
    "{self}",
    "event",
    "data",
    "k.cards(controller, \"hand\")",
    "k.cards(k.opponent(controller), \"hand\")[1]",
    "k.cards(controller, \"board\")[1]",
    "string.rep(\"x\", 1000)",
    "{card = self}",
    "{field = \"points\", add = 5}",
    "{kind = \"ko\", card = self}",
    "\"points\"",
    "\"手番\"",
    "\"R1\"",
    "function() end",
    "s",
    "#t",
    "t[1]",
    "(\"%d\"):format(7)",
];

const PATTERNS: &[&str] = &[
    "\"a*a*a*b\"",
    "\"(%w+)\"",
    "\"%b()\"",
    "\"[%a-]+\"",
    "\"()\"",
    "\"^(.-)$\"",
    "\"%f[%a]\"",
    "\"(a)%1\"",
    "\"[\"",
    "\"%\"",
    "\".-.-.-x\"",
];

/// Reads bytes as choices; past the end every choice is 0.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn pick(&mut self, n: usize) -> usize {
        let b = self.data.get(self.at).copied().unwrap_or(0) as usize;
        self.at += 1;
        b % n.max(1)
    }
    fn done(&self) -> bool {
        self.at >= self.data.len()
    }
}

/// A hook body (Lua statements) from `data`.
pub fn script(data: &[u8]) -> String {
    let mut b = Bytes { data, at: 0 };
    let mut out = String::from("local t = {} local s = \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"\n");
    let mut n = 0;
    while !b.done() && n < 24 {
        statement(&mut b, &mut out, 0);
        n += 1;
    }
    if b.pick(4) == 0 {
        out.push_str(&format!("return {}\n", value(&mut b)));
    }
    out
}

fn value(b: &mut Bytes) -> String {
    VALUES[b.pick(VALUES.len())].to_string()
}

fn call(b: &mut Bytes) -> String {
    let f = API[b.pick(API.len())];
    let args: Vec<String> = (0..b.pick(5)).map(|_| value(b)).collect();
    format!("k.{f}({})", args.join(", "))
}

fn statement(b: &mut Bytes, out: &mut String, depth: usize) {
    let kind = if depth > 2 { b.pick(4) } else { b.pick(14) };
    let line = match kind {
        0..=2 => call(b),
        3 => format!("t[#t + 1] = {}", value(b)),
        4 => "t[#t + 1] = t".into(),
        5 => format!(
            "local ok, e = pcall({})",
            ["error", "k.draw", "string.rep"][b.pick(3)]
        ),
        6 => format!(
            "local ok = pcall(string.find, string.rep(s, {}), {})",
            [1, 10, 1000][b.pick(3)],
            PATTERNS[b.pick(PATTERNS.len())]
        ),
        7 => format!("for key in pairs({}) do t[#t + 1] = key end", value(b)),
        8 => format!("s = tostring({}) .. s", value(b)),
        9 => {
            let mut body = String::new();
            statement(b, &mut body, depth + 1);
            format!("for i = 1, {} do {body} end", [2, 100, 100000][b.pick(3)])
        }
        10 => {
            let mut body = String::new();
            statement(b, &mut body, depth + 1);
            format!("pcall(function() {body} end)")
        }
        11 => {
            let mut body = String::new();
            statement(b, &mut body, depth + 1);
            format!("if {} then {body} end", value(b))
        }
        12 => format!(
            "table.sort(t, function(x, y) return {} end)",
            ["true", "false", "x == y"][b.pick(3)]
        ),
        _ => format!("local x = {} + {}", value(b), value(b)),
    };
    out.push_str(&line);
    out.push('\n');
}
