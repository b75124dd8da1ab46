//! The pieces trec_eval's `-m family.params` requests are read with: each
//! family's module expands its own families (its `expand_trec`) with them.

/// trec_eval's default cutoffs.
pub(crate) const CUTOFFS: &[usize] = &[5, 10, 15, 20, 30, 100, 200, 500, 1000];
/// Rprec_mult's default multiples of R.
pub(crate) const RPREC_MULTIPLES: [f64; 10] = [0.2, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.0];

/// The `p=` of rbp's and rbp_resid's parameter pairs (default 0.9) and the
/// other pairs.
pub(crate) fn rbp_persistence<'r>(
    family: &str,
    raw: Option<&'r str>,
) -> Result<(f64, Vec<&'r str>), String> {
    let mut p = 0.9;
    let mut rest = Vec::new();
    for part in raw.into_iter().flat_map(|raw| raw.split(',')) {
        match part.split_once('=') {
            Some(("p", v)) => {
                p = v
                    .parse()
                    .map_err(|_| format!("measure {family}: numeric p, found `{v}`"))?
            }
            _ => rest.push(part),
        }
    }
    Ok((p, rest))
}

/// trec_eval's cutoffs of a family (its defaults without parameters).
pub(crate) fn longs(
    family: &str,
    raw: Option<&str>,
    default: &[usize],
) -> Result<Vec<usize>, String> {
    let Some(raw) = raw else {
        return Ok(default.to_vec());
    };
    let mut v = Vec::new();
    for part in raw.split(',') {
        // trec_eval reads cutoffs with atol: `23.4` is 23.
        let digits: String = part
            .trim()
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect();
        match digits.parse::<usize>() {
            Ok(k) if k > 0 => v.push(k),
            _ => {
                return Err(format!(
                    "measure {family}: cutoffs are positive whole numbers, found `{part}`"
                ))
            }
        }
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// Numbers of a family's parameters (its defaults without), sorted and
/// without repeats when `sort`.
pub(crate) fn doubles(
    family: &str,
    raw: Option<&str>,
    default: &[f64],
    sort: bool,
) -> Result<Vec<f64>, String> {
    let Some(raw) = raw else {
        return Ok(default.to_vec());
    };
    let mut v = Vec::new();
    for part in raw.split(',') {
        v.push(
            part.trim()
                .parse::<f64>()
                .map_err(|_| format!("measure {family}: expected numbers, found `{part}`"))?,
        );
    }
    if sort {
        v.sort_by(f64::total_cmp);
        v.dedup();
    }
    Ok(v)
}

/// The name trec_eval prints for a family with parameters (`G_1=3`).
pub(crate) fn named(base: &str, raw: Option<&str>) -> String {
    match raw {
        Some(p) => format!("{base}_{p}"),
        None => base.to_string(),
    }
}

/// trec_eval's family, the parameter a measure is printed with (0 for none)
/// and its line name (`P_10`, `iprec_at_recall_0.50`).
#[cfg(any(test, feature = "serde"))]
pub(crate) type TrecName = (&'static str, f64, String);

/// A family printed under its own name (`map`).
#[cfg(any(test, feature = "serde"))]
pub(crate) fn trec_plain(family: &'static str) -> Option<TrecName> {
    Some((family, 0.0, family.to_string()))
}

/// A family with a cutoff (`P_10`).
#[cfg(any(test, feature = "serde"))]
pub(crate) fn trec_cut(family: &'static str, k: usize) -> Option<TrecName> {
    Some((family, k as f64, format!("{family}_{k}")))
}

/// A family with a level or multiple (`iprec_at_recall_0.50`).
#[cfg(any(test, feature = "serde"))]
pub(crate) fn trec_level(family: &'static str, x: f64) -> Option<TrecName> {
    Some((family, x, format!("{family}_{x:3.2}")))
}
