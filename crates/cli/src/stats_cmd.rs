//! `ranklab stats`: statistics of per-query values of one measure.
//!
//! ```text
//! ranklab stats [--test t|randomization|bootstrap|tukey] [--correction holm|bonferroni|none]
//!               [--alpha A] [--level L] [--resamples B] [--trials N] [--seed S] FILE
//! ```
//! FILE has one `system query value` line per value (whitespace-separated,
//! `#` comments). Prints one JSON object: per system its description and
//! intervals; per pair its effect, win/tie/loss, the t-test p, the chosen
//! test's p and the corrected p.

use std::fmt::Write;

use ranklab_core::{parse_per_query_values, report, Correction, StatsOptions, Test};

/// Usage of the command.
pub const USAGE: &str = "usage: ranklab stats [--test t|randomization|bootstrap|tukey] [--correction holm|bonferroni|none]
                     [--alpha A] [--level L] [--resamples B] [--trials N] [--seed S] FILE
FILE: one `system query value` line per per-query value.";

fn number<T: std::str::FromStr>(flag: &str, v: Option<&String>) -> Result<T, String> {
    v.and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("ranklab stats: {flag} needs a number\n{USAGE}"))
}

fn json_number(v: f64) -> String {
    if v.is_finite() {
        format!("{v:?}")
    } else {
        "null".to_string()
    }
}

/// A JSON string literal: quotes, backslashes and control characters
/// escaped (RFC 8259, section 7).
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_interval(i: Option<(f64, f64)>) -> String {
    match i {
        Some((lo, hi)) => format!("[{}, {}]", json_number(lo), json_number(hi)),
        None => "null".to_string(),
    }
}

/// Runs the command on its arguments (after `stats`).
pub fn run(argv: &[String]) -> Result<String, String> {
    let mut o = StatsOptions::default();
    let mut file = None;
    let mut it = argv.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--test" => {
                o.test = match it.next().map(String::as_str) {
                    Some("t") => Test::PairedT,
                    Some("randomization") => Test::Randomization,
                    Some("bootstrap") => Test::Bootstrap,
                    Some("tukey") => Test::TukeyHsd,
                    _ => {
                        return Err(format!(
                        "ranklab stats: --test takes t, randomization, bootstrap or tukey\n{USAGE}"
                    ))
                    }
                }
            }
            "--correction" => {
                o.correction = match it.next().map(String::as_str) {
                    Some("holm") => Correction::Holm,
                    Some("bonferroni") => Correction::Bonferroni,
                    Some("none") => Correction::None,
                    _ => {
                        return Err(format!(
                            "ranklab stats: --correction takes holm, bonferroni or none\n{USAGE}"
                        ))
                    }
                }
            }
            "--alpha" => o.alpha = number("--alpha", it.next())?,
            "--level" => o.level = number("--level", it.next())?,
            "--resamples" => o.resamples = number("--resamples", it.next())?,
            "--trials" => o.trials = number("--trials", it.next())?,
            "--seed" => o.seed = number("--seed", it.next())?,
            "-h" | "--help" => return Err(USAGE.to_string()),
            f if file.is_none() && !f.starts_with("--") => file = Some(f.to_string()),
            other => return Err(format!("ranklab stats: unexpected `{other}`\n{USAGE}")),
        }
    }
    let path = file.ok_or_else(|| USAGE.to_string())?;
    let text = super::read(&path)?;
    let values = parse_per_query_values(&path, &text).map_err(|e| e.to_string())?;
    let names: Vec<&str> = values.systems.iter().map(String::as_str).collect();
    let series = values.borrowed();
    let r = report(&series, &o);
    let mut out = String::from("{\n  \"systems\": [\n");
    for (i, (name, s)) in names.iter().zip(&r.systems).enumerate() {
        let _ = writeln!(
            out,
            "    {{\"name\": {}, \"n\": {}, \"mean\": {}, \"sd\": {}, \"median\": {}, \"t_interval\": {}, \"bootstrap_interval\": {}}}{}",
            json_string(name),
            s.n,
            json_number(s.mean),
            json_number(s.sd),
            json_number(s.median),
            json_interval(s.t_interval),
            json_interval(s.bootstrap_interval),
            if i + 1 < names.len() { "," } else { "" }
        );
    }
    out.push_str("  ],\n  \"pairs\": [\n");
    for (i, p) in r.pairs.iter().enumerate() {
        let e = p.effect;
        let _ = writeln!(
            out,
            "    {{\"a\": {}, \"b\": {}, \"n\": {}, \"mean_diff\": {}, \"cohens_d\": {}, \"wins\": {}, \"ties\": {}, \"losses\": {}, \"p_t\": {}, \"p\": {}, \"p_adjusted\": {}, \"significant\": {}}}{}",
            json_string(names[p.a]),
            json_string(names[p.b]),
            e.n,
            json_number(e.mean_diff),
            json_number(e.cohens_d),
            e.wins,
            e.ties,
            e.losses,
            json_number(p.p_t),
            json_number(p.p),
            json_number(p.p_adjusted),
            p.significant,
            if i + 1 < r.pairs.len() { "," } else { "" }
        );
    }
    let _ = write!(
        out,
        "  ],\n  \"test\": \"{}\",\n  \"correction\": \"{}\",\n  \"common_queries\": {},\n  \"seed\": {}\n}}\n",
        o.test.name(),
        o.correction.name(),
        r.common_queries,
        o.seed
    );
    Ok(out)
}
