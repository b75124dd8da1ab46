//! Per-query values of one measure for every system, sortable, with each
//! query's rankings shown on click.

use crate::shared::same_rc::SameRc;
use std::collections::HashMap;
use std::rc::Rc;

use crate::shared::evaluation::{thousands, Metric, Rel};
use yew::prelude::*;

use crate::results::measure_choice::MeasureChoice;

use crate::results::explanation::Selected;
use crate::shared::evaluation::{
    format_value, listed, LeftOut, QueryResult, SystemResult, SHOWN_RANKS,
};

/// Most rows drawn at once (sorting brings any query into view).
pub const MAX_ROWS: usize = 500;

/// Rows drawn at first; "Show more" draws up to [`MAX_ROWS`]. A big run's
/// 500 rows were three quarters of the page's elements: drawing and laying
/// them out took about 0.2 s after the values came (scripts/bench-browser).
pub const FIRST_ROWS: usize = 100;

/// Props of [`PerQuery`].
#[derive(Properties, PartialEq)]
pub struct PerQueryProps {
    /// Measures, in column order of the results table.
    pub measures: Rc<Vec<Metric>>,
    /// All systems.
    pub systems: SameRc<Vec<SystemResult>>,
    /// Called when a value is clicked (to explain it).
    pub on_select: Callback<Selected>,
    /// The files' numbers were computed without this many bad lines.
    #[prop_or_default]
    pub partial: Option<LeftOut>,
    /// The measure shown (the charts of per-query values show it too).
    pub measure: MeasureChoice,
}

#[derive(Clone, Copy, PartialEq)]
enum SortKey {
    Query,
    System(usize),
}

fn chip(rel: Rel, level: bool) -> Html {
    let (text, class) = match rel {
        Rel::Judged(g) if level => (g.to_string(), "chip rel"),
        Rel::Judged(g) => (g.to_string(), "chip nonrel"),
        Rel::Unjudged => ("u".to_string(), "chip unjudged"),
        Rel::NotInPool => ("?".to_string(), "chip unjudged"),
    };
    html! { <span class={ class }>{ text }</span> }
}

/// A ranking's boxes, each group of equal scores underlined together (the
/// core gives the groups in rank order, apart, each of two or more).
fn chips(q: &QueryResult) -> Html {
    let at = |i: usize| {
        let r = q.ranking[i];
        chip(r, matches!(r, Rel::Judged(g) if g >= 1))
    };
    let shown = q.ranking.len();
    let mut out = Vec::new();
    let mut next = 0;
    for &(a, b) in &q.ties {
        // Kept within the boxes whatever a saved session says.
        let (a, b) = ((a as usize).min(shown), (b as usize).min(shown));
        out.extend((next..a).map(at));
        out.push(html! {
            <span class="tie-group" data-testid="tie-group" title={ format!("Ranks {} to {b}: equal scores, in the tie convention's order", a + 1) }>
                { for (a..b).map(at) }
            </span>
        });
        next = b;
    }
    out.extend((next..shown).map(at));
    out.into_iter().collect()
}

/// The groups of equal scores in words: "ranks 2 to 4 and 5 to 6".
fn tie_words(ties: &[(u32, u32)]) -> String {
    let each: Vec<String> = ties
        .iter()
        .map(|&(a, b)| format!("{} to {b}", a + 1))
        .collect();
    format!(
        "Equal scores (underlined together) at ranks {}.",
        listed(&each)
    )
}

fn ranking_view(
    system: &SystemResult,
    q: Option<&QueryResult>,
    whole: Callback<MouseEvent>,
) -> Html {
    let Some(q) = q else {
        return html! { <p class="ranking"><strong>{ system.name.clone() }</strong>{ ": no such query" }</p> };
    };
    html! {
        <div class="ranking" data-testid="ranking" data-system={ system.name.clone() }>
            <strong>{ system.name.clone() }</strong>
            { format!(": {} retrieved, {} relevant judged, {} of them retrieved{}",
                q.num_ret, q.num_rel, q.num_rel_ret,
                if q.missing { " (missing from the run: scored 0)" } else { "" }) }
            <div class="chips" aria-label={ format!("Grades in rank order for {}", system.name) }>
                { chips(q) }
                if q.num_ret > SHOWN_RANKS {
                    <button type="button" class="link-button" data-testid="whole-ranking-open" onclick={ whole }>
                        { format!("… {} more: the whole ranking", q.num_ret - SHOWN_RANKS) }
                    </button>
                }
            </div>
            if !q.ties.is_empty() {
                <p class="hint tie-words" data-testid="tie-words">{ tie_words(&q.ties) }</p>
            }
        </div>
    }
}

/// The per-query panel.
#[component]
pub fn PerQuery(props: &PerQueryProps) -> Html {
    let sort = use_state(|| (SortKey::Query, true));
    let open = use_state(|| None::<String>);
    let all_shown = use_state(|| false);
    let mi = props.measure.shown(props.measures.len());
    // Sorting thousands of queries is not done again when a query is
    // opened: only when the systems, the measure or the order change.
    let rows = use_memo((props.systems.clone(), mi, *sort), |(systems, mi, sort)| {
        ordered_rows(systems, *mi, *sort)
    });
    let systems: Vec<&SystemResult> = props
        .systems
        .iter()
        .filter(|s| !s.queries.is_empty())
        .collect();
    if systems.is_empty() || props.measures.is_empty() {
        return html! {};
    }
    let (key, ascending) = *sort;
    let query = |si: usize, row: &Row| row.at[si].map(|k| &systems[si].queries[k]);
    let total = rows.len();
    let limit = if *all_shown { MAX_ROWS } else { FIRST_ROWS };
    let more = total.min(MAX_ROWS).saturating_sub(limit);
    let on_more = {
        let all_shown = all_shown.clone();
        Callback::from(move |_: MouseEvent| all_shown.set(true))
    };
    let on_measure = props.measure.on_select();
    let header = |label: String, k: SortKey| {
        let sort = sort.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            let (cur, asc) = *sort;
            sort.set((k, if cur == k { !asc } else { k == SortKey::Query }));
        });
        let state = if key == k {
            if ascending {
                "ascending"
            } else {
                "descending"
            }
        } else {
            "none"
        };
        let arrow = match state {
            "ascending" => " ▲",
            "descending" => " ▼",
            _ => "",
        };
        html! {
            <th scope="col" class={ if k == SortKey::Query { "" } else { "num" } } aria-sort={ state }>
                <button type="button" class="sort" { onclick } data-testid="sort">{ format!("{label}{arrow}") }</button>
            </th>
        }
    };
    let measure_name = props.measures[mi].to_string();
    html! {
        <section class="per-query" aria-label="Per-query values">
            <h3>{ "Per query" }</h3>
            <label for="pq-measure">{ "Measure " }</label>
            <select id="pq-measure" data-testid="pq-measure" onchange={ on_measure }>
                { for props.measures.iter().enumerate().map(|(i, m)| html! {
                    <option value={ i.to_string() } selected={ i == mi }>{ m.to_string() }</option>
                }) }
            </select>
            <span class="hint">{ " Choose a column heading to sort, a query to see its rankings." }</span>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Per-query table">
            <table class="results per-query-table" data-testid="per-query" data-measure={ measure_name.clone() }>
                if let Some(l) = &props.partial {
                    <caption data-testid="per-query-partial">{ l.caption() }</caption>
                }
                <thead>
                    <tr>
                        { header("Query".into(), SortKey::Query) }
                        { for systems.iter().enumerate().map(|(si, s)| header(s.name.clone(), SortKey::System(si))) }
                    </tr>
                </thead>
                <tbody>
                    { for rows.iter().take(limit).map(|row| {
                        let id = row.id.as_str();
                        let is_open = open.as_deref() == Some(id);
                        let toggle = {
                            let open = open.clone();
                            let id = id.to_string();
                            Callback::from(move |_: MouseEvent| {
                                open.set(if open.as_deref() == Some(id.as_str()) { None } else { Some(id.clone()) });
                            })
                        };
                        html! {
                            <>
                            <tr class={ classes!(is_open.then_some("open")) }>
                                <th scope="row">
                                    <button type="button" class="query-toggle" onclick={ toggle }
                                        aria-expanded={ is_open.to_string() } data-testid="query-toggle">{ id }</button>
                                </th>
                                { for (0..systems.len()).map(|si| match query(si, row).and_then(|q| q.values.get(mi).copied()) {
                                    Some(v) => {
                                        let on_select = props.on_select.clone();
                                        let target = Selected { system: systems[si].name.clone(), query: Some(id.to_string()), measure: mi };
                                        html! {
                                            <td class="num" data-system={ systems[si].name.clone() } data-query={ id.to_string() } data-value={ v.to_string() }>
                                                <button type="button" class="value" title="How this value came about"
                                                    aria-label={ format!("{measure_name} of {}, query {id}: {}", systems[si].name, format_value(v)) }
                                                    onclick={ Callback::from(move |_: MouseEvent| on_select.emit(target.clone())) }>{ format_value(v) }</button>
                                            </td>
                                        }
                                    }
                                    None => html! { <td class="num absent" title="not in this system">{ "—" }</td> },
                                }) }
                            </tr>
                            if is_open {
                                <tr class="detail">
                                    <td colspan={ (systems.len() + 1).to_string() }>
                                        // As wide as the table's window, and kept in it when
                                        // the table is scrolled sideways.
                                        <div class="detail-box">
                                        <p class="hint" data-testid="chips-key">
                                            { "One box per ranked document, rank 1 first: its grade, highlighted from grade 1; " }
                                            <span class="chip unjudged">{ "?" }</span>{ " not in the qrels; " }
                                            <span class="chip unjudged">{ "u" }</span>{ " in the qrels with a negative grade (unjudged)." }
                                        </p>
                                        { for systems.iter().enumerate().map(|(si, s)| {
                                            // The explanation of this query lists its whole ranking.
                                            let on_select = props.on_select.clone();
                                            let target = Selected { system: s.name.clone(), query: Some(id.to_string()), measure: mi };
                                            ranking_view(s, query(si, row), Callback::from(move |_: MouseEvent| on_select.emit(target.clone())))
                                        }) }
                                        </div>
                                    </td>
                                </tr>
                            }
                            </>
                        }
                    }) }
                </tbody>
            </table>
            </div>
            if total > limit {
                <p class="hint" data-testid="per-query-shown">
                    { format!("Showing {} of {} queries; sort by a system to see the best or worst. ", thousands(limit), thousands(total)) }
                    if more > 0 {
                        <button type="button" class="link-button" data-testid="per-query-more" onclick={ on_more }>
                            { format!("Show {} more", thousands(more)) }
                        </button>
                    }
                </p>
            }
        </section>
    }
}

/// A row of the per-query table: a query id and where each shown system
/// (one with queries) has it among its queries.
struct Row {
    id: String,
    at: Vec<Option<usize>>,
}

/// The table's rows: query ids in order of first appearance over the
/// systems with queries, sorted by `key`, descending when not `ascending`.
/// Sorted by a system's values, the queries it lacks come last either way,
/// and equal values keep the order of first appearance.
fn ordered_rows(all: &[SystemResult], mi: usize, (key, ascending): (SortKey, bool)) -> Vec<Row> {
    let systems: Vec<&SystemResult> = all.iter().filter(|s| !s.queries.is_empty()).collect();
    let lookups: Vec<HashMap<&str, usize>> = systems
        .iter()
        .map(|s| {
            s.queries
                .iter()
                .enumerate()
                .map(|(k, q)| (q.id.as_str(), k))
                .collect()
        })
        .collect();
    let mut ids: Vec<&str> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for s in &systems {
        for q in s.queries.iter() {
            if seen.insert(q.id.as_str()) {
                ids.push(q.id.as_str());
            }
        }
    }
    let value = |si: usize, id: &str| {
        lookups[si]
            .get(id)
            .and_then(|&k| systems[si].queries[k].values.get(mi).copied())
    };
    match key {
        SortKey::Query => {
            ids.sort_by(|a, b| natural(a, b));
            if !ascending {
                ids.reverse();
            }
        }
        SortKey::System(si) => ids.sort_by(|a, b| match (value(si, a), value(si, b)) {
            (Some(x), Some(y)) if ascending => x.total_cmp(&y),
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        }),
    }
    ids.into_iter()
        .map(|id| Row {
            id: id.to_string(),
            at: lookups.iter().map(|l| l.get(id).copied()).collect(),
        })
        .collect()
}

/// Orders ids so that `q2` comes before `q10`: runs of digits compare as
/// numbers, other runs as text; ids equal so (`q02`, `q2`) by their text.
/// It allocates nothing: a big run's thousands of ids are sorted with it
/// once its results arrive.
pub fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut pa, mut pb) = (Runs(a), Runs(b));
    loop {
        let o = match (pa.next(), pb.next()) {
            (Some((true, nx)), Some((true, ny))) => {
                let (tx, ty) = (nx.trim_start_matches('0'), ny.trim_start_matches('0'));
                tx.len().cmp(&ty.len()).then_with(|| tx.cmp(ty))
            }
            (Some((_, sx)), Some((_, sy))) => sx.cmp(sy),
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
        };
        if o != Ordering::Equal {
            return o;
        }
    }
}

/// An id's runs of digits and of other characters, in order, each with
/// whether it is digits.
struct Runs<'a>(&'a str);

impl<'a> Iterator for Runs<'a> {
    type Item = (bool, &'a str);

    fn next(&mut self) -> Option<(bool, &'a str)> {
        let bytes = self.0.as_bytes();
        let digits = bytes.first()?.is_ascii_digit();
        // ASCII digits border the run, so `end` is a character boundary.
        let end = bytes
            .iter()
            .position(|b| b.is_ascii_digit() != digits)
            .unwrap_or(bytes.len());
        let (run, rest) = self.0.split_at(end);
        self.0 = rest;
        Some((digits, run))
    }
}

#[cfg(test)]
mod tests {
    use super::{natural, ordered_rows, SortKey};
    use crate::shared::evaluation::{QueryResult, Source, SystemResult};

    fn system(name: &str, values: &[(&str, f64)]) -> SystemResult {
        SystemResult {
            name: name.into(),
            source: Source::File,
            queries: values
                .iter()
                .map(|&(id, v)| QueryResult {
                    id: id.into(),
                    values: vec![v],
                    ranking: Vec::new(),
                    num_ret: 0,
                    num_rel: 0,
                    num_rel_ret: 0,
                    missing: false,
                    levels: Vec::new(),
                    ranges: None,
                    ties: Vec::new(),
                })
                .collect::<Vec<_>>()
                .into(),
            means: vec![0.0],
            max_grade: 1,
            refused: None,
            runid: None,
            several_tags: false,
            file: None,
        }
    }

    #[test]
    fn rows_sort_by_a_system_with_the_queries_it_lacks_last() {
        let a = system("a", &[("q2", 0.5), ("q10", 0.9), ("q1", 0.5)]);
        let b = system("b", &[("q3", 0.1), ("q2", 0.7)]);
        let empty = system("empty", &[]);
        let all = [a, empty, b];
        let ids = |key, ascending| -> Vec<String> {
            ordered_rows(&all, 0, (key, ascending))
                .into_iter()
                .map(|r| r.id)
                .collect()
        };
        assert_eq!(ids(SortKey::Query, true), ["q1", "q2", "q3", "q10"]);
        assert_eq!(ids(SortKey::Query, false), ["q10", "q3", "q2", "q1"]);
        // Equal values (q2, q1) keep their first appearance's order.
        assert_eq!(ids(SortKey::System(0), false), ["q10", "q2", "q1", "q3"]);
        assert_eq!(ids(SortKey::System(0), true), ["q2", "q1", "q10", "q3"]);
        assert_eq!(ids(SortKey::System(1), false), ["q2", "q3", "q10", "q1"]);
        // Where each shown system has each query (the empty one is not shown).
        let rows = ordered_rows(&all, 0, (SortKey::Query, true));
        assert_eq!(rows[0].at, [Some(2), None]);
        assert_eq!(rows[2].at, [None, Some(0)]);
    }

    #[test]
    fn ids_sort_naturally() {
        let mut ids = vec!["q10", "q2", "q1", "401", "99", "q02b", "a"];
        ids.sort_by(|a, b| natural(a, b));
        assert_eq!(ids, ["99", "401", "a", "q1", "q2", "q02b", "q10"]);
        let mut ids = vec!["q2", "", "q02", "q1é", "q1", "é10", "é9", "q1-3", "0", "00"];
        ids.sort_by(|a, b| natural(a, b));
        assert_eq!(
            ids,
            ["", "0", "00", "q1", "q1-3", "q1é", "q02", "q2", "é9", "é10"]
        );
    }
}
