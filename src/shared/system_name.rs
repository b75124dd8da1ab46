//! A system's name where room is short: cut in its middle where both
//! ends fit ("run-bm25-tun…ion-1"), since names often differ only at
//! their ends (a version, a file). Chart labels use the cut text; a table
//! cell shows the whole name on a wide screen and the cut one on a narrow
//! screen (both are in the page, the other hidden by the style sheet, so
//! that what is copied or read aloud is what is shown), with the whole name
//! as its title.

use yew::prelude::*;

/// Characters of a name a narrow screen's table cell shows (its box is
/// 18 characters wide; a cut name is never wider than a whole one).
pub const NARROW: usize = 16;

/// Shortens a system's name for an axis or a title: in its middle where
/// there is room for both ends ("run-bm25-t…sion-2"), since names often
/// differ only at their ends (a version, a file); else at its end.
pub fn short_name(name: &str, max: usize) -> String {
    let n = name.chars().count();
    if n <= max || max < 12 {
        return short(name, max);
    }
    let end = (max - 1) / 3;
    let start: String = name.chars().take(max - 1 - end).collect();
    let tail: String = name.chars().skip(n - end).collect();
    format!("{start}…{tail}")
}

/// A label cut at its end with "…" to `max` characters.
pub fn short(label: &str, max: usize) -> String {
    if label.chars().count() <= max {
        label.to_string()
    } else {
        let cut: String = label.chars().take(max.saturating_sub(1)).collect();
        format!("{cut}…")
    }
}

/// The name, in a span of class `system-name`, cut to `narrow` characters
/// on a narrow screen.
pub fn system_name(name: &str, narrow: usize) -> Html {
    let cut = short_name(name, narrow);
    if cut == name {
        return html! { <span class="system-name" title={ name.to_string() }>{ name }</span> };
    }
    html! {
        <span class="system-name cut" title={ name.to_string() }>
            <span class="name-wide">{ name }</span><span class="name-narrow">{ cut }</span>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_is_cut_in_its_middle_where_both_ends_fit() {
        assert_eq!(short_name("BM25", 12), "BM25");
        let a = short_name("run-bm25-tuned-version-1", 18);
        let b = short_name("run-bm25-tuned-version-2", 18);
        assert_eq!(a, "run-bm25-tun…ion-1");
        assert_ne!(a, b);
        assert_eq!(a.chars().count(), 18);
        // No room for both ends: cut at the end.
        assert_eq!(short_name("BM25 + reranker", 8), "BM25 + …");
    }
}
