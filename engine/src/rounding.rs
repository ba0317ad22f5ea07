//! Rounding a division as a layer declares (`layers[].rounding`; Victory Spark 6.7.3.5.3).
/// `x / n` rounded as the layer says (n ≠ 0); saturating (i64::MIN / -1).
pub(crate) fn divide(x: i64, n: i64, rounding: crate::def::game::Rounding) -> i64 {
    use crate::def::game::Rounding;
    let (x, n) = (x as i128, n as i128);
    let q = x.div_euclid(n);
    let r = x.rem_euclid(n);
    // x = q·n + r with 0 ≤ r < |n|; the exact quotient lies between q and q ± 1.
    let (lo, hi) = if n > 0 {
        (q, q + (r != 0) as i128)
    } else {
        (q - (r != 0) as i128, q)
    };
    let v = match rounding {
        Rounding::Down => lo,
        Rounding::Up => hi,
        Rounding::Nearest => {
            let twice = 2 * (x - lo * n).abs();
            if twice > n.abs() || (twice == n.abs() && lo >= 0) {
                hi
            } else {
                lo
            }
        }
    };
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

#[cfg(test)]
mod tests {
    use super::divide;
    use crate::def::game::Rounding::{Down, Nearest, Up};

    /// Down and Up are floor and ceiling; Nearest rounds halves away from zero.
    #[test]
    fn each_rounding_for_both_signs() {
        for (x, n, down, up, nearest) in [
            (7, 2, 3, 4, 4),
            (-7, 2, -4, -3, -4),
            (7, -2, -4, -3, -4),
            (5, 3, 1, 2, 2),
            (4, 3, 1, 2, 1),
            (-5, 3, -2, -1, -2),
            (6000, 2, 3000, 3000, 3000),
            (0, 5, 0, 0, 0),
        ] {
            assert_eq!(divide(x, n, Down), down, "{x}/{n} down");
            assert_eq!(divide(x, n, Up), up, "{x}/{n} up");
            assert_eq!(divide(x, n, Nearest), nearest, "{x}/{n} nearest");
        }
        assert_eq!(divide(i64::MIN, -1, Down), i64::MAX, "saturates");
    }
}
