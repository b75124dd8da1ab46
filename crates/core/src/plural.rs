//! Counted nouns and sizes for what the core and the page write: "1 query",
//! "0 queries", "450,000 bad lines", "3.4 KB". One helper each, so no
//! message says "1 queries" or "450000".

/// `n` followed by `one` when `n` is 1, else by `many` (English puts the
/// plural after 0 as after 2), its thousands separated ([`thousands`]).
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// `n` with its thousands separated by commas: `7,000`, `1,234,567`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Names as a sentence lists them: "RR", "RR and AP", "RR, AP and P@10"
/// (empty for none).
pub fn listed(names: &[String]) -> String {
    match names {
        [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        [one] => one.clone(),
        _ => String::new(),
    }
}

/// A size for people: `812 bytes`, `3.4 KB`, `250.0 MB`.
pub fn byte_size(bytes: u64) -> String {
    if bytes >= 1 << 30 {
        format!("{:.2} GB", bytes as f64 / (1u64 << 30) as f64)
    } else if bytes >= 1 << 20 {
        format!("{:.1} MB", bytes as f64 / (1u64 << 20) as f64)
    } else if bytes >= 1024 {
        format!("{:.1} KB", bytes as f64 / 1024.0)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::{listed, plural, thousands};

    #[test]
    fn counts_have_their_thousands_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(7000), "7,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(plural(450000, "bad line", "bad lines"), "450,000 bad lines");
        assert_eq!(plural(1, "query", "queries"), "1 query");
    }

    #[test]
    fn names_are_listed_with_commas_and_a_last_and() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(listed(&names(&[])), "");
        assert_eq!(listed(&names(&["RR"])), "RR");
        assert_eq!(listed(&names(&["RR", "AP"])), "RR and AP");
        assert_eq!(listed(&names(&["RR", "AP", "P@10"])), "RR, AP and P@10");
    }

    #[test]
    fn one_takes_the_singular_and_every_other_count_the_plural() {
        assert_eq!(plural(1, "query", "queries"), "1 query");
        assert_eq!(plural(0, "query", "queries"), "0 queries");
        assert_eq!(plural(2, "query", "queries"), "2 queries");
        assert_eq!(plural(21, "bad line", "bad lines"), "21 bad lines");
        assert_eq!(plural(1, "system", "systems"), "1 system");
    }
}
