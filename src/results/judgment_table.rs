//! The runs' values against preference judgments or judgment groups:
//! trec_eval's `all_prefs` or `qrels_jg` measures (the measures of plain
//! qrels do not apply to these judgments), one row per measure and one
//! column per run, each measure explained on demand with its formula and
//! its value for every query.

use std::rc::Rc;

use yew::prelude::*;

use crate::shared::evaluation::{judgment_queries_note, JudgmentReading, JudgmentTable};

/// Props of [`JudgmentTableView`].
#[derive(Properties, PartialEq)]
pub struct JudgmentTableProps {
    /// The table the core computed.
    pub table: Rc<JudgmentTable>,
}

/// A value as trec_eval prints it: counts whole, the others to 4 decimals.
fn shown(count: bool, v: f64) -> String {
    if count {
        format!("{}", v as i64)
    } else {
        crate::shared::evaluation::format_value(v)
    }
}

/// The table, and the explanation of the measure whose name was pressed.
#[component]
pub fn JudgmentTableView(props: &JudgmentTableProps) -> Html {
    let open = use_state(|| None::<usize>);
    let t = &props.table;
    let (title, set, what) = match t.reading {
        JudgmentReading::Preferences => (
            "Preference measures",
            "all_prefs",
            "preference judgments: each group (assessor) states which documents it prefers to which. The measures of plain qrels do not apply to them",
        ),
        JudgmentReading::QrelsAsPreferences => (
            "Preference measures",
            "all_prefs",
            "qrels, read here as preferences as trec_eval's -R qrels_prefs reads them (field 2 names the group; a higher grade is preferred to a lower one), as the settings ask",
        ),
        JudgmentReading::JudgmentGroups => (
            "Judgment-group measures",
            "qrels_jg",
            "judgment groups: several groups (assessors) judged the same queries. The measures of plain qrels do not apply to them",
        ),
    };
    let shown_systems: Vec<_> = t.systems.iter().filter(|s| s.refused.is_none()).collect();
    let refused: Vec<_> = t.systems.iter().filter(|s| s.refused.is_some()).collect();
    let rows = t.measures.iter().enumerate().map(|(j, m)| {
        let is_open = *open == Some(j);
        let toggle = {
            let open = open.clone();
            Callback::from(move |_| open.set(if is_open { None } else { Some(j) }))
        };
        html! {
            <tr>
                <th scope="row">
                    <button type="button" class="link-button" aria-expanded={ is_open.to_string() }
                        aria-controls="judgment-explanation" onclick={ toggle } data-testid="judgment-measure">
                        { m.name.clone() }
                    </button>
                </th>
                { for shown_systems.iter().map(|s| html! {
                    <td class="num" data-system={ s.name.clone() } data-measure={ m.name.clone() } data-value={ s.all[j].to_string() }>
                        { shown(m.count, s.all[j]) }
                    </td>
                }) }
            </tr>
        }
    });
    let explanation = (*open).and_then(|j| {
        let m = t.measures.get(j)?;
        let close = {
            let open = open.clone();
            Callback::from(move |_| open.set(None))
        };
        // Every query any run has, in the order they first appear: runs
        // need not hold the same queries.
        let mut seen = std::collections::HashSet::new();
        let ids: Vec<&str> = shown_systems
            .iter()
            .flat_map(|s| s.queries.iter().map(|(q, _)| q.as_str()))
            .filter(|q| seen.insert(*q))
            .collect();
        Some(html! {
            <div id="judgment-explanation" class="explanation" data-testid="judgment-explanation">
                <h4>{ m.name.clone() }</h4>
                <p>{ m.formula.clone() }</p>
                <p class="hint">{ if m.count { "Over queries: the sum (trec_eval's all line)." } else { "Over queries: the mean (trec_eval's all line)." } }</p>
                <div class="table-scroll">
                    <table class="per-query">
                        <caption>{ format!("{} for each query", m.name) }</caption>
                        <thead><tr><th scope="col">{ "Query" }</th>
                            { for shown_systems.iter().map(|s| html! { <th scope="col">{ s.name.clone() }</th> }) }
                        </tr></thead>
                        <tbody>
                            { for ids.iter().map(|q| html! {
                                <tr>
                                    <th scope="row">{ q.to_string() }</th>
                                    { for shown_systems.iter().map(|s| {
                                        let v = s.queries.iter().find(|(id, _)| id == q).map(|(_, v)| v[j]);
                                        html! { <td class="num">{ v.map_or("–".to_string(), |v| shown(m.count, v)) }</td> }
                                    }) }
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
                <button type="button" onclick={ close }>{ "Close" }</button>
            </div>
        })
    });
    html! {
        <section class="judgment-table" aria-labelledby="judgment-title" data-testid="judgment-table">
            <h3 id="judgment-title">{ format!("{title} (trec_eval's {set}) against {}", t.judgments) }</h3>
            <p class="hint">
                { format!("{} holds {what}; these are trec_eval's {set} measures, computed as trec_eval computes them, over {}. Press a measure's name for its formula and its value for each query.", t.judgments, judgment_queries_note(t)) }
            </p>
            { for refused.iter().map(|s| html! {
                <p class="warning-note" data-testid="judgment-refused">{ format!("{}: {}", s.name, s.refused.as_ref().map(ToString::to_string).unwrap_or_default()) }</p>
            }) }
            if shown_systems.is_empty() && refused.is_empty() {
                <p class="empty">{ "Add a TREC run file to evaluate it against these judgments." }</p>
            } else if !shown_systems.is_empty() {
                <div class="table-scroll">
                    <table class="results">
                        <caption>{ "Each measure over the run's queries (counts summed, the others averaged)." }</caption>
                        <thead><tr><th scope="col">{ "Measure" }</th>
                            { for shown_systems.iter().map(|s| html! { <th scope="col" title={ s.name.clone() }>{ s.name.clone() }</th> }) }
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            }
            { explanation.unwrap_or_default() }
        </section>
    }
}
