//! Evaluation against a small fake board.

use std::collections::HashMap;

use fuda_grammar::{eval, eval_str, parse, EmptyEnv, Env, Error, EvalError, Span, Value};

/// Objects: 1 = my side, 2 = opponent side, 3 = my area,
/// 10..=12 = my units, 20 = opponent's main unit.
struct Board {
    objs: HashMap<u64, HashMap<&'static str, Value>>,
}

fn unit(hp: i64, attr: &str, damage: i64, ko: bool) -> HashMap<&'static str, Value> {
    HashMap::from([
        ("hp", Value::Int(hp)),
        ("属性", Value::from(attr)),
        ("damage", Value::Int(damage)),
        ("ko", Value::Bool(ko)),
        (
            "attributes",
            Value::List(vec![Value::from(attr), Value::from("ユニット")]),
        ),
    ])
}

fn board() -> Board {
    let units = Value::List(vec![Value::Obj(10), Value::Obj(11), Value::Obj(12)]);
    let mut objs = HashMap::new();
    objs.insert(
        1,
        HashMap::from([
            ("units", units.clone()),
            ("area", Value::Obj(3)),
            ("standby", Value::List(vec![Value::Obj(12)])),
            ("hp", Value::Int(9999)),
        ]),
    );
    objs.insert(3, HashMap::from([("units", units)]));
    objs.insert(
        2,
        HashMap::from([
            ("main", Value::Obj(20)),
            ("units", Value::List(vec![Value::Obj(20)])),
        ]),
    );
    objs.insert(10, unit(300, "炎", 100, false));
    objs.insert(11, unit(200, "水", 200, true));
    objs.insert(12, unit(500, "炎", 0, true));
    objs.insert(20, unit(180, "風", 0, false));
    Board { objs }
}

impl Env for Board {
    fn lookup(&self, name: &str) -> Result<Value, String> {
        match name {
            "my" => Ok(Value::Obj(1)),
            "opponent" => Ok(Value::Obj(2)),
            "self" => Ok(Value::Obj(10)),
            "target" => Ok(Value::Obj(20)),
            "limit" => Ok(Value::Int(250)),
            _ => Err(format!("unknown name \"{name}\"")),
        }
    }

    fn member(&self, base: &Value, name: &str) -> Result<Value, String> {
        match base {
            Value::Obj(id) => self
                .objs
                .get(id)
                .and_then(|o| o.get(name))
                .cloned()
                .ok_or_else(|| format!("#{id} has no \"{name}\"")),
            // Member access on a list maps over it.
            Value::List(items) => items
                .iter()
                .map(|v| self.member(v, name))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::List),
            other => Err(format!("{} has no \"{name}\"", other.describe())),
        }
    }

    fn call(&self, name: &str, args: &[Value]) -> Result<Value, String> {
        match (name, args) {
            ("energy", [Value::Obj(id)]) => Ok(Value::Int(*id as i64 % 7)),
            ("count", _) => Err("the evaluator should answer count itself".into()),
            _ => Err(format!("unknown function \"{name}\"")),
        }
    }
}

fn run(src: &str) -> Value {
    match eval_str(src, &board()) {
        Ok(v) => v,
        Err(e) => panic!("{src:?} failed:\n{e}"),
    }
}

fn fail(src: &str) -> EvalError {
    let expr = parse(src).unwrap_or_else(|e| panic!("{e}"));
    match eval(&expr, &board()) {
        Ok(v) => panic!("{src:?} gave {v}"),
        Err(e) => e,
    }
}

/// The source text an error points at.
fn at(src: &str, e: &EvalError) -> String {
    src[e.span.start..e.span.end].to_string()
}

#[test]
fn arithmetic() {
    let c = |src| eval_str(src, &EmptyEnv).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c("1 + 2 * 3"), Value::Int(7));
    assert_eq!(c("-(3 + 4) % 2 == 1 or false"), Value::Bool(false));
    assert_eq!(c("-(3 + 4) % 2"), Value::Int(-1));
    assert_eq!(c("-7 / 2"), Value::Int(-3));
    assert_eq!(c("7 / -2"), Value::Int(-3));
    assert_eq!(c("7 % -2"), Value::Int(1));
    assert_eq!(c("10 - 2 - 3"), Value::Int(5));
    assert_eq!(c("2 * (3 + 4)"), Value::Int(14));
    assert_eq!(c("- -5"), Value::Int(5));
}

#[test]
fn comparisons_and_equality() {
    let c = |src| eval_str(src, &EmptyEnv).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        c("3 <= 3 and 2 < 3 and 4 > 3 and 3 >= 4"),
        Value::Bool(false)
    );
    assert_eq!(c("\"炎\" == \"炎\""), Value::Bool(true));
    assert_eq!(c("null == null"), Value::Bool(true));
    // Mismatched types are simply unequal.
    assert_eq!(c("1 == \"1\""), Value::Bool(false));
    assert_eq!(c("1 != null"), Value::Bool(true));
    assert_eq!(c("true != 1"), Value::Bool(true));
    assert_eq!(c("\"炎\" in \"炎の剣\""), Value::Bool(true));
    assert_eq!(c("not (\"水\" in \"炎の剣\")"), Value::Bool(true));
}

#[test]
fn short_circuit() {
    // The right side would be an error (unknown name) if evaluated.
    assert_eq!(run("false and nope"), Value::Bool(false));
    assert_eq!(run("true or nope"), Value::Bool(true));
    assert!(eval_str("true and nope", &board()).is_err());
}

#[test]
fn board_expressions() {
    assert_eq!(
        run("count(my.area.units where 属性 == \"炎\") * 100"),
        Value::Int(200)
    );
    assert_eq!(run("opponent.main.hp <= 200"), Value::Bool(true));
    assert_eq!(run("energy(self) >= 2"), Value::Bool(true));
    assert_eq!(
        run("self.damage >= self.hp and not self.ko"),
        Value::Bool(false)
    );
    assert_eq!(run("\"炎\" in target.attributes"), Value::Bool(false));
    assert_eq!(run("\"風\" in target.attributes"), Value::Bool(true));
    assert_eq!(run("count(my.standby where ko) == 1"), Value::Bool(true));
    assert_eq!(run("count(my.units where hp >= 300)"), Value::Int(2));
    assert_eq!(
        run("my.units where hp > 250"),
        Value::List(vec![Value::Obj(10), Value::Obj(12)])
    );
    assert_eq!(run("self in (my.units where not ko)"), Value::Bool(true));
    assert_eq!(run("sum(my.units.hp)"), Value::Int(1000));
}

#[test]
fn builtins() {
    assert_eq!(run("sum((my.units where ko).damage)"), Value::Int(200));
    assert_eq!(run("min(my.units.hp)"), Value::Int(200));
    assert_eq!(run("max(my.units.hp)"), Value::Int(500));
    assert_eq!(run("max(3, 9, -1)"), Value::Int(9));
    assert_eq!(run("min(3)"), Value::Int(3));
    assert_eq!(run("max(my.units where hp > 1000)"), Value::Null);
    assert_eq!(run("len(\"炎の剣\")"), Value::Int(3));
    assert_eq!(run("len(my.units)"), Value::Int(3));
    assert_eq!(run("any(my.units.ko)"), Value::Bool(true));
    assert_eq!(run("all(my.units.ko)"), Value::Bool(false));
    assert_eq!(run("all(my.units where false)"), Value::Bool(true));
    assert_eq!(run("count(my.units)"), Value::Int(3));
}

#[test]
fn where_scoping() {
    // Bare names are members of the item first, then ordinary lookups.
    assert_eq!(run("count(my.units where hp > limit)"), Value::Int(2));
    // `it` is the item itself.
    assert_eq!(run("count(my.units where it == self)"), Value::Int(1));
    assert_eq!(run("count(my.units where it.hp == hp)"), Value::Int(3));
    // `hp` exists on the items, shadowing my.hp (9999).
    assert_eq!(run("count(my.units where hp < my.hp)"), Value::Int(3));
    // Nested scopes: the inner `it` shadows; a name the inner item lacks
    // falls through to the outer item (here the inner items are ints).
    assert_eq!(
        run("count(my.units where count(opponent.units.hp where it < hp) > 0)"),
        Value::Int(3)
    );
    // ...but a name the inner item has refers to the inner item.
    assert_eq!(
        run("count(my.units where count(opponent.units where it.hp < hp) > 0)"),
        Value::Int(0)
    );
    assert_eq!(
        run(
            "count(my.units where count(opponent.units where 属性 == \"風\" and damage == 0) == 1)"
        ),
        Value::Int(3)
    );
    // Chained filters.
    assert_eq!(
        run("count(my.units where ko where 属性 == \"炎\")"),
        Value::Int(1)
    );
    // Scope ends with the filter.
    let e = fail("count(my.units where ko) + hp");
    assert_eq!(e.message, "unknown name \"hp\"");
}

#[test]
fn type_errors_name_the_span() {
    let src = "self.hp + self.属性";
    let e = fail(src);
    assert_eq!(at(src, &e), "self.属性");
    assert_eq!(
        e.message,
        "\"+\" can only do arithmetic on integers, found string \"炎\""
    );
    insta::assert_snapshot!("type_error_plus", e.render(src));

    let src = "count(my.units where hp) > 0";
    let e = fail(src);
    assert_eq!(at(src, &e), "hp");
    assert_eq!(
        e.message,
        "a \"where\" condition must be true or false, found int 300"
    );
    insta::assert_snapshot!("type_error_where", e.render(src));

    let src = "self.属性 < 3";
    let e = fail(src);
    assert_eq!(at(src, &e), "self.属性");

    let src = "1 and true";
    assert_eq!(at(src, &fail(src)), "1");
    let src = "false or true and 2";
    assert_eq!(at(src, &fail(src)), "2");
    let src = "not 1";
    assert_eq!(at(src, &fail(src)), "1");
    let src = "-\"x\"";
    assert_eq!(at(src, &fail(src)), "\"x\"");
    let src = "self.hp where ko";
    assert_eq!(at(src, &fail(src)), "self.hp");
    let src = "1 in 2";
    assert_eq!(at(src, &fail(src)), "2");
    let src = "1 in \"abc\"";
    assert_eq!(at(src, &fail(src)), "1");
    let src = "count(1)";
    assert_eq!(fail(src).message, "count() needs a list, found int 1");
    let src = "count(my.units, 2)";
    let e = fail(src);
    assert_eq!(
        (e.message.as_str(), at(src, &e).as_str()),
        ("count() takes 1 argument, got 2", src)
    );
    let src = "max(1, \"2\")";
    assert_eq!(at(src, &fail(src)), "\"2\"");
    let src = "sum(my.units)";
    assert_eq!(
        fail(src).message,
        "sum() needs a list of integers, found object #10"
    );
}

#[test]
fn arithmetic_errors() {
    let src = "10 / (5 - 5)";
    let e = fail(src);
    assert_eq!(
        (e.message.as_str(), at(src, &e).as_str()),
        ("division by zero", "5 - 5")
    );
    assert_eq!(fail("1 % 0").message, "division by zero");
    assert_eq!(fail("9223372036854775807 + 1").message, "integer overflow");
    assert_eq!(fail("-9223372036854775807 - 2").message, "integer overflow");
}

#[test]
fn host_errors_get_spans() {
    let src = "my.area.nothing > 0";
    let e = fail(src);
    assert_eq!(at(src, &e), "my.area.nothing");
    assert_eq!(e.message, "#3 has no \"nothing\"");
    insta::assert_snapshot!("host_error", e.render(src));
    let src = "1 + frobnicate(self)";
    let e = fail(src);
    assert_eq!(at(src, &e), "frobnicate(self)");
    assert_eq!(e.message, "unknown function \"frobnicate\"");
    let e = fail("count(my.units where nope)");
    assert!(
        e.message.contains("neither a member of the item"),
        "{}",
        e.message
    );
}

#[test]
fn eval_str_renders_both_error_kinds() {
    let e = eval_str("1 +", &EmptyEnv).unwrap_err();
    assert!(matches!(e, Error::Parse(_)));
    let e = eval_str("属性 + 1", &EmptyEnv).unwrap_err();
    let Error::Eval { error, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(error.span, Span::new(0, 6));
    insta::assert_snapshot!("eval_str_error", e.to_string());
}

#[test]
fn deep_but_allowed_expressions_evaluate() {
    let src = vec!["1"; 150].join(" + ");
    assert_eq!(run(&src), Value::Int(150));
    let nested = format!("{}1{}", "(1 + ".repeat(32), ")".repeat(32));
    assert_eq!(run(&nested), Value::Int(33));
}

/// Issue 10: list literals are values (`[a, b]`), usable with `in`, `count` and comparisons.
#[test]
fn list_literals_are_values() {
    assert_eq!(
        run("[1, 2 + 1, \"炎\"]"),
        Value::List(vec![Value::Int(1), Value::Int(3), Value::Str("炎".into())])
    );
    assert_eq!(run("2 in [1, 2]"), Value::Bool(true));
    assert_eq!(run("\"水\" in [\"炎\", \"草\",]"), Value::Bool(false));
    assert_eq!(run("count([])"), Value::Int(0));
    assert_eq!(run("[1, 2] == [1, 2]"), Value::Bool(true));
    let e = fuda_grammar::parse("[1, 2").expect_err("unclosed");
    assert!(e.message.contains("unclosed \"[\""), "{}", e.message);
}

/// Brackets count toward the nesting limit like parentheses (pest's stack stays bounded).
#[test]
fn deeply_nested_lists_are_refused() {
    let src = "[".repeat(10_000) + &"]".repeat(10_000);
    let e = fuda_grammar::parse(&src).expect_err("too deep");
    assert!(e.message.contains("nested too deeply"), "{}", e.message);
}
