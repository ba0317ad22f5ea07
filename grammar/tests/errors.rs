//! Every parse error kind: message, line/col (1-based, in chars) and rendering.

use fuda_grammar::{parse, ParseError};

fn err(src: &str) -> ParseError {
    match parse(src) {
        Ok(e) => panic!("{src:?} parsed as {e}"),
        Err(e) => e,
    }
}

/// Checks message and position, then snapshots the rendered error.
macro_rules! check {
    ($name:literal, $src:expr, $line:expr, $col:expr, $msg:expr) => {{
        let e = err($src);
        assert_eq!(e.message, $msg, "{e}");
        assert_eq!((e.line, e.col), ($line, $col), "{e}");
        insta::assert_snapshot!($name, e.to_string());
        e
    }};
}

#[test]
fn missing_operand() {
    let e = check!(
        "after_and",
        "self.hp >= 2 and",
        1,
        17,
        "expected an expression after \"and\""
    );
    assert_eq!(e.expected, ["an expression"]);
    assert_eq!(e.offset, 16);
    check!(
        "after_and_paren",
        "a and )",
        1,
        7,
        "expected an expression after \"and\""
    );
    check!(
        "after_comma",
        "max(1,)",
        1,
        7,
        "expected an expression after \",\""
    );
    check!(
        "after_where",
        "my.units where",
        1,
        15,
        "expected an expression after \"where\""
    );
    check!(
        "keyword_operand",
        "1 + where",
        1,
        5,
        "expected an expression after \"+\", found keyword \"where\""
    );
    check!(
        "not_needs_parens",
        "x == not y",
        1,
        6,
        "expected an expression after \"==\" (put \"not ...\" in parentheses here)"
    );
    check!("empty", "", 1, 1, "empty expression");
}

#[test]
fn missing_operand_after_japanese() {
    // Columns count chars; the caret is placed by terminal width.
    check!(
        "after_japanese",
        "属性 == \"炎\" and",
        1,
        14,
        "expected an expression after \"and\""
    );
    check!(
        "under_japanese",
        "属性 == 炎炎 炎",
        1,
        10,
        "unexpected \"炎\""
    );
}

#[test]
fn unexpected_tokens() {
    let e = check!("extra_paren", "(1 + 2))", 1, 8, "unexpected \")\"");
    assert!(e.expected.contains(&"end of input".to_string()));
    check!("two_names", "a b", 1, 3, "unexpected \"b\"");
    check!(
        "single_eq",
        "hp = 3",
        1,
        4,
        "unexpected \"=\"; use \"==\" to compare"
    );
    check!(
        "double_amp",
        "a && b",
        1,
        3,
        "unexpected \"&&\"; use \"and\""
    );
    check!(
        "single_quote",
        "'炎'",
        1,
        1,
        "unexpected \"'\"; strings use double quotes"
    );
    check!(
        "method_call",
        "self.energy(2)",
        1,
        12,
        "unexpected \"(\"; only plain names can be called, like count(x)"
    );
    check!("stray_string", "a \"b\"", 1, 3, "unexpected string \"b\"");
    check!(
        "stray_keyword",
        "a not b",
        1,
        3,
        "unexpected keyword \"not\""
    );
    check!("leading_paren", ")", 1, 1, "unexpected \")\"");
}

#[test]
fn names() {
    check!("dot_at_end", "my.", 1, 4, "expected a name after \".\"");
    check!(
        "keyword_member",
        "my.where",
        1,
        4,
        "\"where\" is a keyword and cannot be used as a name"
    );
}

#[test]
fn strings() {
    check!(
        "unclosed_string",
        "属性 == \"炎",
        1,
        7,
        "unclosed string literal"
    );
    check!(
        "bad_escape",
        r#"a == "x\n""#,
        1,
        8,
        r#"unknown escape "\n" in string literal (only \" and \\ are allowed)"#
    );
}

#[test]
fn parentheses() {
    check!(
        "unclosed_call",
        "count(my.units where hp > 0",
        1,
        6,
        "unclosed \"(\""
    );
    check!("unclosed_inner", "f(1, (2 + 3)", 1, 2, "unclosed \"(\"");
    let deep = format!("{}1{}", "(".repeat(40), ")".repeat(40));
    check!(
        "too_deep",
        deep.as_str(),
        1,
        33,
        "parentheses or brackets nested too deeply (the limit is 32)"
    );
}

#[test]
fn literals_and_comparisons() {
    check!(
        "int_too_large",
        "hp > 99999999999999999999",
        1,
        6,
        "integer literal is too large"
    );
    check!(
        "chained_comparison",
        "1 < x < 3",
        1,
        7,
        "comparisons cannot be chained: join them with \"and\" (found \"<\" after \"<\")"
    );
}

#[test]
fn multi_line_sources() {
    let src = "self.hp > 0\n  and (ko or\n";
    check!(
        "multi_line",
        src,
        2,
        13,
        "expected an expression after \"or\""
    );
    check!(
        "multi_line_tab",
        "a\n\tand +",
        2,
        6,
        "expected an expression after \"and\""
    );
}

#[test]
fn random_input_never_panics() {
    let alphabet: Vec<char> = "ab属性炎 \"\\()., =!<>+-*/%_01'\n\u{3000}andorwhere"
        .chars()
        .collect();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    for _ in 0..20_000 {
        let len = (seed >> 59) as usize + 1;
        let mut src = String::new();
        for _ in 0..len {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            src.push(alphabet[(seed >> 33) as usize % alphabet.len()]);
        }
        match parse(&src) {
            Ok(e) => {
                let _ = fuda_grammar::eval(&e, &fuda_grammar::EmptyEnv);
            }
            Err(e) => {
                assert!(src.is_char_boundary(e.offset), "{src:?}");
                assert!(!e.message.starts_with("internal"), "{src:?}: {e}");
                let _ = e.to_string();
            }
        }
    }
}
