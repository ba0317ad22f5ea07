//! A cheap first cut of the cards a dynamic scope can match (809): the zone kinds its
//! `zone == "x"` conjuncts allow. Only a speed-up: the expression still decides for each card
//! that passes, and a card it cuts could never have matched.
use fuda_grammar::{BinaryOp, Expr, ExprKind};

/// The zone ids an expression about one card requires, or None when it does not say.
pub fn required_zones(e: &Expr) -> Option<Vec<&str>> {
    match &e.kind {
        ExprKind::Binary {
            op: BinaryOp::And,
            lhs,
            rhs,
        } => match (required_zones(lhs), required_zones(rhs)) {
            (Some(a), Some(b)) => Some(a.into_iter().filter(|z| b.contains(z)).collect()),
            (a, b) => a.or(b),
        },
        ExprKind::Binary {
            op: BinaryOp::Or,
            lhs,
            rhs,
        } => {
            let mut a = required_zones(lhs)?;
            a.extend(required_zones(rhs)?);
            Some(a)
        }
        ExprKind::Binary {
            op: BinaryOp::Eq,
            lhs,
            rhs,
        } => match (&lhs.kind, &rhs.kind) {
            (k, ExprKind::Str(s)) | (ExprKind::Str(s), k) if is_zone(k) => Some(vec![s.as_str()]),
            _ => None,
        },
        _ => None,
    }
}

/// An expression naming the one card the scope can match: an `it == self…` conjunct (`self`
/// or a member chain from it, e.g. `it == self.holder`), which does not depend on the item.
pub fn required_card(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Binary {
            op: BinaryOp::And,
            lhs,
            rhs,
        } => required_card(lhs).or_else(|| required_card(rhs)),
        ExprKind::Binary {
            op: BinaryOp::Eq,
            lhs,
            rhs,
        } => match (&lhs.kind, &rhs.kind) {
            (ExprKind::Ident(i), _) if i == "it" && from_self(rhs) => Some(rhs),
            (_, ExprKind::Ident(i)) if i == "it" && from_self(lhs) => Some(lhs),
            _ => None,
        },
        _ => None,
    }
}

/// `self` or `self.a.b…`.
fn from_self(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Ident(n) => n == "self",
        ExprKind::Member { base, .. } => from_self(base),
        _ => false,
    }
}

/// `zone` or `it.zone`: the item's zone.
fn is_zone(k: &ExprKind) -> bool {
    match k {
        ExprKind::Ident(n) => n == "zone",
        ExprKind::Member { base, name } => {
            name == "zone" && matches!(&base.kind, ExprKind::Ident(b) if b == "it")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::required_zones;

    fn zones(src: &str) -> Option<Vec<String>> {
        let e = fuda_grammar::parse(src).expect("parses");
        required_zones(&e).map(|v| v.into_iter().map(str::to_string).collect())
    }

    #[test]
    fn an_it_equals_self_conjunct_names_one_card() {
        let card = |src: &str| {
            let e = fuda_grammar::parse(src).expect("parses");
            super::required_card(&e).map(|x| src[x.span.start..x.span.end].to_string())
        };
        assert_eq!(card("it == self.holder"), Some("self.holder".into()));
        assert_eq!(card("hp > 0 and self == it"), Some("self".into()));
        assert_eq!(card("it == holder"), None);
        assert_eq!(card("it == self.holder or hp > 0"), None);
        assert_eq!(card("hp == self.hp"), None, "not about `it`");
        assert_eq!(card("self.hp == hp"), None, "not about `it`");
        assert_eq!(card("it == holder.self"), None, "not from `self`");
    }

    #[test]
    fn zone_conjuncts_narrow_a_scope() {
        assert_eq!(
            zones(r#"controller == my and zone == "main""#),
            Some(vec!["main".into()])
        );
        assert_eq!(
            zones(r#"controller == my and (zone == "main" or "standby" == zone)"#),
            Some(vec!["main".into(), "standby".into()])
        );
        assert_eq!(
            zones(r#"it.zone == "hand" and hp > 0"#),
            Some(vec!["hand".into()])
        );
        assert_eq!(zones(r#"zone == "main" and zone == "hand""#), Some(vec![]));
        // Anything else says nothing.
        assert_eq!(zones(r#"zone == "main" or hp > 100"#), None);
        assert_eq!(zones(r#"not (zone == "main")"#), None);
        assert_eq!(zones(r#"zone != "main""#), None);
        assert_eq!(zones(r#"self.zone == "main""#), None);
        assert_eq!(zones(r#""炎" in 属性"#), None);
    }
}
