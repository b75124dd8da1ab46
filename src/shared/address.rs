//! The page's address query (`?set=…&projector`): its parts, and the
//! query rewritten in place, for the parts a page keeps across a reload.

/// The parts of a query: `?a=1&projector` gives `a=1` and `projector`.
pub fn query_parts(search: &str) -> impl Iterator<Item = &str> {
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
}

/// Whether a query part asks for projector mode (`projector`, or
/// `projector=` with anything after it).
pub fn is_projector(part: &str) -> bool {
    part == "projector" || part.starts_with("projector=")
}

/// The query `search` with only the parts `keep` keeps, then `add`:
/// `?…` again, or empty for no part.
pub fn query_with(search: &str, keep: impl Fn(&str) -> bool, add: Option<&str>) -> String {
    let parts: Vec<&str> = query_parts(search).filter(|p| keep(p)).chain(add).collect();
    match parts.is_empty() {
        true => String::new(),
        false => format!("?{}", parts.join("&")),
    }
}

/// Rewrites this page's query to the parts `keep` keeps, then `add`, in
/// place of the history's current entry (no new entry) and keeping its
/// state (the door kept with it, see [`crate::shared::door`]). Nothing
/// is written when the query stays the same.
pub fn rewrite_query(keep: impl Fn(&str) -> bool, add: Option<&str>) {
    let window = gloo::utils::window();
    let location = window.location();
    let (Ok(search), Ok(history)) = (location.search(), window.history()) else {
        return;
    };
    let query = query_with(&search, keep, add);
    if query == search {
        return;
    }
    let address = format!(
        "{}{query}{}",
        location.pathname().unwrap_or_default(),
        location.hash().unwrap_or_default()
    );
    let state = history.state().unwrap_or(wasm_bindgen::JsValue::NULL);
    let _ = history.replace_state_with_url(&state, "", Some(&address));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_read_part_by_part() {
        let parts: Vec<&str> = query_parts("?set=abc&&projector").collect();
        assert_eq!(parts, ["set=abc", "projector"]);
        assert_eq!(query_parts("").count(), 0);
        assert!(is_projector("projector") && is_projector("projector=1"));
        assert!(!is_projector("set=projector") && !is_projector("projectors"));
    }

    #[test]
    fn a_query_keeps_what_is_kept_then_the_added_part() {
        let not_door = |p: &str| !p.starts_with("door=");
        assert_eq!(
            query_with("?door=files&projector", not_door, Some("door=learn")),
            "?projector&door=learn"
        );
        assert_eq!(query_with("?door=files", not_door, None), "");
        assert_eq!(query_with("", not_door, Some("door=learn")), "?door=learn");
    }
}
