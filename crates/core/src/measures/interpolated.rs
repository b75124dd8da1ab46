//! Interpolated precision at recall levels and the 11-point average
//! (trec_eval `iprec_at_recall`, `11pt_avg`).
//!
//! For a recall level r, c = round(r · R) relevant documents (trec_eval 10
//! rounds half away from zero; version 9 used floor(r · R + 0.9)).
//! Interpolated precision at c is the best precision at any rank at or after
//! the rank where the c-th relevant document was retrieved:
//! iprec(c) = max_{i >= rank_c} P@i, with rank_0 = 1. It is 0 when fewer than
//! c relevant documents were retrieved, and 0 for an empty ranking.

use super::name_parts::{number, param, Name, NameProblem, NumberOf};
use super::trec_parts::{doubles, named};
use super::Metric;
use crate::judged::JudgedRanking;
use std::fmt;

use super::family::MeasureFamily;
#[cfg(any(test, feature = "serde"))]
use super::trec_parts::{trec_level, trec_plain, TrecName};

/// Interpolated precision for each recall level of `levels`.
pub fn iprec_at_recall(r: &JudgedRanking, levels: &[f64]) -> Vec<f64> {
    let num_rel = r.num_rel() as f64;
    let flags: Vec<bool> = r.rel_flags().collect();
    let n = flags.len();
    // best[i] = max precision at ranks i+1..=n (suffix maximum).
    let mut best = vec![0.0f64; n + 1];
    let mut rel_so_far = flags.iter().filter(|&&x| x).count();
    for i in (0..n).rev() {
        let p = rel_so_far as f64 / (i + 1) as f64;
        best[i] = if i + 1 < n { best[i + 1].max(p) } else { p };
        if flags[i] {
            rel_so_far -= 1;
        }
    }
    let rel_ranks: Vec<usize> = (0..n).filter(|&i| flags[i]).collect();
    levels
        .iter()
        .map(|&level| {
            let c = (level * num_rel).round() as usize;
            if n == 0 {
                0.0
            } else if c == 0 {
                // Before any relevant document: the best precision anywhere
                // from the first relevant rank on (0 if none retrieved).
                rel_ranks.first().map_or(0.0, |&i| best[i])
            } else {
                rel_ranks.get(c - 1).map_or(0.0, |&i| best[i])
            }
        })
        .collect()
}

/// Mean of the interpolated precisions at `levels` (11pt_avg with the 11
/// levels 0.0, 0.1, …, 1.0). They are added from the last level to the
/// first, the order of trec_eval's `m_11pt_avg.c` (recall 1.0 down to 0.0),
/// so that a sum on a rounding boundary rounds as trec_eval's does.
pub fn eleven_point_average(r: &JudgedRanking, levels: &[f64]) -> f64 {
    if levels.is_empty() {
        return 0.0;
    }
    iprec_at_recall(r, levels)
        .iter()
        .rev()
        .fold(0.0, |sum, v| sum + v)
        / levels.len() as f64
}

/// trec_eval's default recall levels.
pub const ELEVEN_LEVELS: [f64; 11] = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/// This module's measures, for the tables of `measures/mod.rs`.
pub(crate) struct Family;

impl MeasureFamily for Family {
    fn read_name(&self, n: &Name<'_>) -> Result<Option<Metric>, NameProblem> {
        use Metric::*;
        let ps = &n.params[..];
        Ok(Some(match n.base.as_str() {
            "iprec" => IPrec {
                recall: number(
                    n.cut.ok_or(NameProblem::RecallLevel)?,
                    NumberOf::TheRecallLevel,
                )?,
            },
            "11ptavg" => match param(ps, "levels") {
                Some(l) => ElevenPointAverage {
                    levels: l
                        .split(';')
                        .map(|x| number(x.trim(), NumberOf::RecallLevel))
                        .collect::<Result<_, _>>()?,
                },
                None => ElevenPointAverage {
                    levels: ELEVEN_LEVELS.to_vec(),
                },
            },
            _ => return Ok(None),
        }))
    }

    fn expand_trec(
        &self,
        family: &str,
        raw: Option<&str>,
        push: &mut dyn FnMut(String, Metric),
    ) -> Result<bool, String> {
        match family {
            "iprec_at_recall" => {
                for r in doubles(family, raw, &ELEVEN_LEVELS, true)? {
                    push(
                        format!("iprec_at_recall_{r:3.2}"),
                        Metric::IPrec { recall: r },
                    );
                }
            }
            "11pt_avg" => {
                let levels = doubles(family, raw, &ELEVEN_LEVELS, false)?;
                push(named(family, raw), Metric::ElevenPointAverage { levels });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[cfg(any(test, feature = "serde"))]
    fn trec_name(&self, m: &Metric) -> Option<TrecName> {
        match m {
            Metric::IPrec { recall } => trec_level("iprec_at_recall", *recall),
            Metric::ElevenPointAverage { levels } if levels[..] == ELEVEN_LEVELS[..] => {
                trec_plain("11pt_avg")
            }
            _ => None,
        }
    }

    fn write_name(&self, m: &Metric, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        use Metric::*;
        Some(match m {
            IPrec { recall } => write!(f, "IPrec@{recall}"),
            ElevenPointAverage { levels } => {
                if levels.as_slice() == ELEVEN_LEVELS {
                    write!(f, "11ptAvg")
                } else {
                    let l: Vec<String> = levels.iter().map(|x| x.to_string()).collect();
                    write!(f, "11ptAvg(levels='{}')", l.join(";"))
                }
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measures::test_support::binary;

    #[test]
    fn hand_computed_interpolation() {
        // R N R N N R, R = 4: P at relevant ranks 1, 2/3, 3/6; one relevant missed.
        let r = binary(&[1, 0, 1, 0, 0, 1], 4);
        let v = iprec_at_recall(&r, &[0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(v, vec![1.0, 1.0, 2.0 / 3.0, 0.5, 0.0]);
        let avg = eleven_point_average(&r, &ELEVEN_LEVELS);
        // c = round(l * 4): 0,0,1,1,2,2,2,3,3,4,4 -> 1,1,1,1,2/3,2/3,2/3,1/2,1/2,0,0
        let want = (4.0 + 3.0 * 2.0 / 3.0 + 2.0 * 0.5) / 11.0;
        assert!((avg - want).abs() < 1e-15);
        assert_eq!(iprec_at_recall(&binary(&[], 2), &[0.0]), vec![0.0]);
    }
}
