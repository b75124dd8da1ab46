//! Statistics against elinor 0.4 (an independent Rust implementation): the
//! paired t-test exactly, the studentized bootstrap test and the randomized
//! Tukey HSD within Monte Carlo error (different random streams).

use elinor::statistical_tests::{BootstrapTest, RandomizedTukeyHsdTest, StudentTTest};
use ranklab_core::{bootstrap_p, differences, paired_t, randomized_tukey_hsd, Rng};

/// Deterministic per-query values: 4 systems x 80 queries in [0, 1].
fn systems() -> Vec<Vec<f64>> {
    let mut rng = Rng::new(2024);
    let base: Vec<f64> = (0..80).map(|_| rng.below(1000) as f64 / 1000.0).collect();
    (0..4)
        .map(|s| {
            base.iter()
                .map(|b| {
                    (b + f64::from(s) * 0.02 + (rng.below(200) as f64 - 100.0) / 700.0)
                        .clamp(0.0, 1.0)
                })
                .collect()
        })
        .collect()
}

/// 5 standard errors of the difference of two independent estimates of p from `n` trials.
fn mc_tolerance(p: f64, n: usize) -> f64 {
    5.0 * (2.0 * (p * (1.0 - p)).max(1e-4) / n as f64).sqrt()
}

#[test]
fn paired_t_and_bootstrap_agree_with_elinor() {
    let s = systems();
    const N: usize = 20_000;
    for (a, b) in [(0, 1), (0, 3), (1, 2)] {
        let pairs: Vec<(f64, f64)> = s[a].iter().copied().zip(s[b].iter().copied()).collect();
        let d = differences(&s[a], &s[b]);
        let theirs = StudentTTest::from_paired_samples(pairs.clone()).unwrap();
        let (t, p) = paired_t(&d);
        assert!(
            (t - theirs.t_stat()).abs() < 1e-9,
            "t {t} vs {}",
            theirs.t_stat()
        );
        assert!(
            (p - theirs.p_value()).abs() < 1e-9,
            "p {p} vs {}",
            theirs.p_value()
        );
        let boot = elinor::statistical_tests::bootstrap_test::BootstrapTester::new()
            .with_n_resamples(N)
            .with_random_state(7)
            .test(pairs)
            .unwrap();
        let _: &BootstrapTest = &boot;
        let ours = bootstrap_p(&d, N, &mut Rng::new(7));
        assert!(
            (ours - boot.p_value()).abs() < mc_tolerance(boot.p_value(), N),
            "bootstrap {a}-{b}: {ours} vs {}",
            boot.p_value()
        );
    }
}

#[test]
fn randomized_tukey_hsd_agrees_with_elinor() {
    let s = systems();
    const N: usize = 20_000;
    let columns: Vec<&[f64]> = s.iter().map(Vec::as_slice).collect();
    let ours = randomized_tukey_hsd(&columns, N, 11);
    let rows: Vec<Vec<f64>> = (0..80).map(|q| s.iter().map(|c| c[q]).collect()).collect();
    let theirs: RandomizedTukeyHsdTest =
        elinor::statistical_tests::randomized_tukey_hsd_test::RandomizedTukeyHsdTester::new(4)
            .with_n_iters(N)
            .with_random_state(11)
            .test(rows)
            .unwrap();
    let p = theirs.p_values();
    let pairs = (0..4).flat_map(|i| ((i + 1)..4).map(move |j| (i, j)));
    for (k, (i, j)) in pairs.enumerate() {
        {
            assert!(
                (ours[k] - p[i][j]).abs() < mc_tolerance(p[i][j], N),
                "Tukey {i}-{j}: {} vs {}",
                ours[k],
                p[i][j]
            );
        }
    }
}
