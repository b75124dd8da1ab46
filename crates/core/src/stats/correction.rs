//! Multiple-comparison corrections of p-values for m simultaneous tests.
//!
//! - Bonferroni: p'ᵢ = min(1, m·pᵢ).
//! - Holm–Bonferroni (Holm 1979), step-down: with p₍₁₎ ≤ … ≤ p₍ₘ₎,
//!   p'₍ᵢ₎ = max over j ≤ i of min(1, (m − j + 1)·p₍ⱼ₎). It controls the
//!   family-wise error like Bonferroni and is never less powerful.
//! - None: p' = p.

/// How p-values of many comparisons are adjusted.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Correction {
    /// Holm–Bonferroni step-down (the default).
    Holm,
    /// Bonferroni.
    Bonferroni,
    /// No adjustment.
    None,
}

impl Correction {
    /// Short name for labels.
    pub fn name(self) -> &'static str {
        match self {
            Correction::Holm => "Holm–Bonferroni",
            Correction::Bonferroni => "Bonferroni",
            Correction::None => "no correction",
        }
    }
}

/// Adjusted p-values, in the order of `p`.
pub fn adjust(p: &[f64], correction: Correction) -> Vec<f64> {
    let m = p.len() as f64;
    match correction {
        Correction::None => p.to_vec(),
        Correction::Bonferroni => p.iter().map(|v| (v * m).min(1.0)).collect(),
        Correction::Holm => {
            let mut order: Vec<usize> = (0..p.len()).collect();
            order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
            let mut out = vec![0.0; p.len()];
            let mut running: f64 = 0.0;
            for (rank, &i) in order.iter().enumerate() {
                running = running.max(((m - rank as f64) * p[i]).min(1.0));
                out[i] = running;
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_by_hand() {
        // m = 4; sorted 0.01, 0.02, 0.03, 0.04 -> 0.04, 0.06, 0.06 (max with 0.06), 0.06.
        let p = [0.03, 0.01, 0.04, 0.02];
        let h = adjust(&p, Correction::Holm);
        let want = [0.06, 0.04, 0.06, 0.06];
        assert!(
            h.iter().zip(want).all(|(a, b)| (a - b).abs() < 1e-15),
            "{h:?}"
        );
        assert_eq!(adjust(&[0.3, 0.5], Correction::Bonferroni), [0.6, 1.0]);
        assert_eq!(adjust(&[0.3], Correction::None), [0.3]);
    }
}
