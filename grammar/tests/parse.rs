//! Parsing: precedence, associativity, Japanese text, spans.

use fuda_grammar::{parse, BinaryOp, Expr, ExprKind, Span};

/// Parses and prints the fully parenthesised form.
fn p(src: &str) -> String {
    match parse(src) {
        Ok(e) => e.to_string(),
        Err(e) => panic!("{src:?} failed:\n{e}"),
    }
}

#[test]
fn precedence_table() {
    assert_eq!(p("1 + 2 * 3"), "(1 + (2 * 3))");
    assert_eq!(p("1 * 2 + 3"), "((1 * 2) + 3)");
    assert_eq!(p("1 + 2 == 3"), "((1 + 2) == 3)");
    assert_eq!(
        p("a == 1 and b == 2 or c"),
        "(((a == 1) and (b == 2)) or c)"
    );
    assert_eq!(p("a or b and c"), "(a or (b and c))");
    assert_eq!(p("not a == b"), "(not (a == b))");
    assert_eq!(p("not a and b"), "((not a) and b)");
    assert_eq!(p("not not a"), "(not (not a))");
    assert_eq!(p("-a * b"), "((-a) * b)");
    assert_eq!(p("- -3"), "(-(-3))");
    assert_eq!(p("-a.b"), "(-a.b)");
    assert_eq!(p("1 - -2"), "(1 - (-2))");
    assert_eq!(
        p("\"炎\" in target.attributes"),
        "(\"炎\" in target.attributes)"
    );
    assert_eq!(p("x + 1 in xs"), "((x + 1) in xs)");
    assert_eq!(
        p("-(3 + 4) % 2 == 1 or false"),
        "((((-(3 + 4)) % 2) == 1) or false)"
    );
    assert_eq!(
        p("self.damage >= self.hp and not self.ko"),
        "((self.damage >= self.hp) and (not self.ko))"
    );
    assert_eq!(p("opponent.main.hp <= 200"), "(opponent.main.hp <= 200)");
    assert_eq!(p("energy(self) >= 2"), "(energy(self) >= 2)");
}

#[test]
fn left_associativity() {
    assert_eq!(p("1 - 2 - 3"), "((1 - 2) - 3)");
    assert_eq!(p("8 / 4 / 2"), "((8 / 4) / 2)");
    assert_eq!(p("7 % 4 * 2"), "((7 % 4) * 2)");
    assert_eq!(p("a or b or c"), "((a or b) or c)");
    assert_eq!(p("a and b and c"), "((a and b) and c)");
    assert_eq!(p("xs where a where b"), "((xs where a) where b)");
}

#[test]
fn where_binds_loosest_inside_calls_and_parens() {
    assert_eq!(
        p("count(my.units where hp >= 300)"),
        "count((my.units where (hp >= 300)))"
    );
    assert_eq!(
        p("count(my.area.units where 属性 == \"炎\") * 100"),
        "(count((my.area.units where (属性 == \"炎\"))) * 100)"
    );
    assert_eq!(
        p("count(my.standby where ko) == 4"),
        "(count((my.standby where ko)) == 4)"
    );
    assert_eq!(p("(my.units where hp > 0)"), "(my.units where (hp > 0))");
    assert_eq!(
        p("my.units where hp > 0 and not ko"),
        "(my.units where ((hp > 0) and (not ko)))"
    );
    assert_eq!(p("max(1, xs where a, 3)"), "max(1, (xs where a), 3)");
    assert_eq!(p("(xs where a).size"), "(xs where a).size");
}

#[test]
fn literals_and_calls() {
    assert_eq!(p("f()"), "f()");
    assert_eq!(p("min(1, 2, 3)"), "min(1, 2, 3)");
    assert_eq!(p("true or false == null"), "(true or (false == null))");
    assert_eq!(p(r#""a\"b\\c""#), r#""a\"b\\c""#);
    assert_eq!(p("9223372036854775807"), "9223372036854775807");
    // Keywords only match whole words.
    assert_eq!(p("android or notable"), "(android or notable)");
    assert_eq!(p("true_hp + null_x"), "(true_hp + null_x)");
    // Whitespace, including the ideographic space, is free.
    assert_eq!(p(" a\n\t.b　==\r\n1 "), "(a.b == 1)");
}

#[test]
fn japanese_identifiers_and_strings() {
    let e = parse("属性 == \"炎\"").unwrap();
    let ExprKind::Binary { op, lhs, rhs } = &e.kind else {
        panic!("{e:?}")
    };
    assert_eq!(*op, BinaryOp::Eq);
    assert_eq!(lhs.kind, ExprKind::Ident("属性".into()));
    assert_eq!(rhs.kind, ExprKind::Str("炎".into()));
    assert_eq!(p("自分.場.ユニット_2"), "自分.場.ユニット_2");
    assert_eq!(p("_x1 + ｘ２"), "(_x1 + ｘ２)");
    assert_eq!(p("\"「炎」と\\\"水\\\"\""), "\"「炎」と\\\"水\\\"\"");
}

#[test]
fn spans_are_byte_ranges() {
    let src = "count(属性 where hp) + 1";
    let e = parse(src).unwrap();
    assert_eq!(e.span, Span::new(0, src.len()));
    let ExprKind::Binary { lhs, rhs, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(&src[lhs.span.start..lhs.span.end], "count(属性 where hp)");
    assert_eq!(&src[rhs.span.start..rhs.span.end], "1");
    let ExprKind::Call { args, .. } = &lhs.kind else {
        panic!()
    };
    assert_eq!(&src[args[0].span.start..args[0].span.end], "属性 where hp");

    let src = "not -x.y";
    let e = parse(src).unwrap();
    assert_eq!(e.span, Span::new(0, 8));
    let ExprKind::Unary { expr, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(&src[expr.span.start..expr.span.end], "-x.y");
}

/// The tree without its spans (display adds parentheses, so spans move).
fn shape(e: &Expr) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.remove("span");
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(e).expect("an AST serializes");
    strip(&mut v);
    v
}

/// Printing an expression and parsing the text again gives the same tree.
#[test]
fn display_round_trips() {
    for src in [
        "count(my.area.units where 属性 == \"炎\") * 100",
        "-(3 + 4) % 2 == 1 or false",
        "not a and (b or c) in xs",
        "(a where b).c + count(xs where it.hp > 0)",
        "1 - (2 - 3)",
        "8 / (4 / 2)",
        "not (a == b) and -(-3) < x.y.z",
        "f(a, \"文字列\", null, true).x != g()",
        "\"a\" in xs where it.name == \"炎の剣士\" or count(ys) >= 2 * (3 + 4)",
    ] {
        let once = parse(src).unwrap();
        let again = parse(&once.to_string()).unwrap();
        assert_eq!(shape(&once), shape(&again), "{src} → {once}");
    }
    // The comparison sees the tree: a different grouping is a different tree.
    assert_ne!(
        shape(&parse("1 - (2 - 3)").unwrap()),
        shape(&parse("1 - 2 - 3").unwrap())
    );
}

#[test]
fn ast_serializes() {
    let e: Expr = parse("-a.b + f(1)").unwrap();
    insta::assert_yaml_snapshot!(e);
}

#[test]
fn nesting_limits_are_errors_not_crashes() {
    let ok = format!("{}1{}", "(".repeat(32), ")".repeat(32));
    assert_eq!(p(&ok), "1");
    let deep = format!("{}1{}", "(".repeat(33), ")".repeat(33));
    assert!(parse(&deep).is_err());
    let long = vec!["1"; 1000].join(" + ");
    let err = parse(&long).unwrap_err();
    assert_eq!(err.message, "expression is too deeply nested");
    let nots = format!("{}true", "not ".repeat(1000));
    assert!(parse(&nots).is_err());
    let ok_sum = vec!["1"; 150].join(" + ");
    assert!(parse(&ok_sum).is_ok());
}
