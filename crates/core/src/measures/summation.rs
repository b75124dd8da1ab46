//! Sums and means of per-query values without summation noise.
//!
//! Adding doubles one after another rounds at every step, so the mean of
//! 0.6, 0.7, 0.7, 0.9 and 0.3 comes out as 0.6399999999999999 where the
//! mean of those five doubles, rounded once, is 0.64. [`exact_sum`] keeps
//! the running sum as a list of non-overlapping partial sums whose total is
//! exact (Shewchuk, "Adaptive Precision Floating-Point Arithmetic and Fast
//! Robust Geometric Predicates", 1997, the algorithm behind Python's
//! `math.fsum`) and rounds that total once, to the nearest double (ties to
//! even). [`exact_mean`] divides it by the count and then corrects the
//! quotient by the exact remainder, so the mean too is rounded once in all
//! but the rarest halfway cases.
//!
//! trec_eval adds in query order, one rounding per step; `ranklab eval`
//! keeps that order to agree with it to the last bit
//! ([`super::aggregate`]). The page, its charts and its exports use these.

/// The exact sum of `values` as non-overlapping partials, smallest first.
fn partials(values: impl IntoIterator<Item = f64>) -> Vec<f64> {
    let mut p: Vec<f64> = Vec::new();
    for value in values {
        let mut x = value;
        let mut kept = 0;
        for k in 0..p.len() {
            let mut y = p[k];
            if x.abs() < y.abs() {
                std::mem::swap(&mut x, &mut y);
            }
            // hi + lo == x + y exactly (|x| >= |y|).
            let hi = x + y;
            let lo = y - (hi - x);
            if lo != 0.0 {
                p[kept] = lo;
                kept += 1;
            }
            x = hi;
        }
        p.truncate(kept);
        p.push(x);
    }
    p
}

/// The total of non-overlapping partials (smallest first), rounded once.
fn round_partials(p: &[f64]) -> f64 {
    let Some((&top, rest)) = p.split_last() else {
        return 0.0;
    };
    let mut hi = top;
    let mut lo = 0.0;
    let mut n = rest.len();
    // Add from the largest down while the additions are exact.
    while n > 0 {
        let x = hi;
        n -= 1;
        let y = p[n];
        hi = x + y;
        lo = y - (hi - x);
        if lo != 0.0 {
            break;
        }
    }
    // hi + lo is exactly halfway between two doubles and the partials below
    // push it one way: round that way instead of to even.
    if n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0)) {
        let y = lo * 2.0;
        let x = hi + y;
        if x - hi == y {
            hi = x;
        }
    }
    hi
}

/// The sum of `values`, correctly rounded (as Python's `math.fsum`). With
/// an infinite or NaN value, the plain sum (which is then that value).
pub fn exact_sum(values: &[f64]) -> f64 {
    if !values.iter().all(|v| v.is_finite()) {
        return values.iter().sum();
    }
    round_partials(&partials(values.iter().copied()))
}

/// The mean of `values`: their exact sum divided by their count, rounded
/// once (0 for no values).
pub fn exact_mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    if !values.iter().all(|v| v.is_finite()) {
        return values.iter().sum::<f64>() / values.len() as f64;
    }
    let n = values.len() as f64;
    let p = partials(values.iter().copied());
    let mean = round_partials(&p) / n;
    // The remainder (exact sum − mean·n), with mean·n split exactly into
    // its rounded product and that product's error.
    let product = mean * n;
    let error = mean.mul_add(n, -product);
    let rest = round_partials(&partials(p.into_iter().chain([-product, -error])));
    mean + rest / n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_and_means_are_rounded_once() {
        // Plain addition: 0.6399999999999999 and 0.7799999999999999; the
        // exact mean of these doubles (worked with fractions) rounds to
        // 0.64 and 0.78.
        let a = [0.6, 0.7, 0.7, 0.9, 0.3];
        assert_eq!(a.iter().sum::<f64>() / 5.0, 0.6399999999999999);
        assert_eq!(exact_mean(&a), 0.64);
        assert_eq!(
            format!("{:?}", exact_mean(&[0.5, 1.0, 0.8, 0.9, 0.7])),
            "0.78"
        );
        // Cancellation: plain addition loses the 1 entirely.
        assert_eq!(exact_sum(&[1e100, 1.0, -1e100]), 1.0);
        assert_eq!(exact_sum(&[]), 0.0);
        assert_eq!(exact_mean(&[]), 0.0);
        assert_eq!(exact_mean(&[1.0 / 3.0; 3]), 1.0 / 3.0);
    }

    #[test]
    fn agrees_with_exact_rational_arithmetic() {
        // Brute force: the sum of doubles as an exact fraction with a common
        // denominator: every double here lies in [0.5, 4), so it is an
        // integer multiple of 2^-53, and the integer sum of the multiples is
        // exact; `as f64` rounds it to the nearest double (ties to even).
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..2000 {
            let n = 1 + (next() * 12.0) as usize;
            let v: Vec<f64> = (0..n)
                .map(|_| ((0.5 + next() * 3.4) * 1e6).round() / 1e6)
                .collect();
            let scaled: i128 = v.iter().map(|&x| (x * 2f64.powi(53)) as i128).sum();
            let want = scaled as f64 / 2f64.powi(53);
            assert_eq!(exact_sum(&v), want, "{v:?}");
        }
    }
}
