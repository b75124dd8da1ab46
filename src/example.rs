//! The example data the page opens with: worked examples of the seed
//! articles, written in the quick format.

/// Three systems over a few queries, each taken from a worked example.
pub const EXAMPLE_QUICK: &str = "\
# Ranklab quick format: one line per query, grades in rank order.
# R = relevant, N = not relevant, 0-3 = graded, ? = never judged,
# N*9 = nine N in a row; after | : relevant documents the system missed.

[MAP example (article 004)]
q1: R R N R R N R N R N
q2: R N R N R N N R
q3: N R R N R R

[MRR system A (article 000)]
q1: N R
q2: N N R
q3: N R
q4: N N R

[MRR system B (article 000)]
q1: R
q2: N*9 R
q3: R
q4: N*14 R
";
