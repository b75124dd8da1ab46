//! "Why do the tools disagree?": the results under each tool's preset, the
//! values that differ from trec_eval's marked; a marked value opens the
//! conventions responsible and the queries they change.

use crate::same_rc::SameRc;
use std::rc::Rc;

use crate::evaluation::{Metric, Preset, QuickInput};
use yew::prelude::*;

use crate::evaluation::format_value;
use crate::evaluation::{causes, compare_presets, most_different};
use crate::state::{byte_size, LoadedFile, BIG_FILE_BYTES};

/// Props of [`CompareView`].
#[derive(Properties, PartialEq)]
pub struct CompareViewProps {
    /// The typed rankings.
    pub input: SameRc<QuickInput>,
    /// Loaded files.
    pub files: Rc<Vec<LoadedFile>>,
    /// Measures of the results table.
    pub measures: Rc<Vec<Metric>>,
    /// Relevance level in use.
    pub level: i64,
}

/// The comparison panel (computed only while open).
#[component]
pub fn CompareView(props: &CompareViewProps) -> Html {
    let open = use_state(|| false);
    // None: the measure on which the tools differ most.
    let measure = use_state(|| None::<usize>);
    let picked = use_state(|| None::<(Preset, String)>);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(d) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
            {
                open.set(d.open());
            }
        })
    };
    // Computed in memos (on a change of what they read), never in render:
    // every measure of the table at once, to open on the one that differs.
    let computable = *open && props.files.iter().all(|f| f.big.is_none());
    let table = use_memo(
        (
            computable,
            props.measures.clone(),
            props.input.clone(),
            props.files.clone(),
            props.level,
        ),
        |(computable, measures, input, files, level)| {
            (*computable && !measures.is_empty()).then(|| {
                let (names, rows) = compare_presets(input, files, measures, *level);
                let most = most_different(&rows);
                (names, rows, most)
            })
        },
    );
    let most = (*table).as_ref().and_then(|t| t.2);
    let mi = (*measure)
        .or(most.map(|(i, _)| i))
        .unwrap_or(0)
        .min(props.measures.len().saturating_sub(1));
    let wanted = props.measures.get(mi).cloned();
    let found = use_memo(
        (
            computable,
            wanted.clone(),
            (*picked).clone(),
            props.input.clone(),
            props.files.clone(),
            props.level,
        ),
        |(computable, wanted, picked, input, files, level)| match (wanted, picked) {
            (Some(metric), Some((preset, system))) if *computable => {
                causes(input, files, metric, system, *preset, *level)
            }
            _ => Vec::new(),
        },
    );
    let choose_measure = {
        let measure = measure.clone();
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Ok(i) = v.parse() {
                measure.set(Some(i));
                picked.set(None);
            }
        })
    };
    let big: Vec<&str> = props
        .files
        .iter()
        .filter(|f| f.big.is_some())
        .map(|f| f.name.as_str())
        .collect();
    let body = if *open && !big.is_empty() {
        html! {
            <p class="hint" data-testid="compare-big">{ format!(
                "Not available while big files are loaded ({}): each preset would read them again. Compare conventions on a sample of the run (files up to {}).",
                big.join(", "), byte_size(BIG_FILE_BYTES)
            ) }</p>
        }
    } else if *open && !props.measures.is_empty() {
        let metric = props.measures[mi].clone();
        let Some((names, rows, _)) = (*table).clone() else {
            return html! {};
        };
        let reference: Vec<f64> = rows[0].means.iter().map(|m| m[mi]).collect();
        let summary = match (*measure, most) {
            (None, Some((i, d))) => format!(
                "Opened on {}: the tools differ most there, by up to {} in a system's mean.",
                props.measures[i],
                format_value(d)
            ),
            (Some(_), Some((i, _))) => format!("The tools differ most on {}.", props.measures[i]),
            (_, None) => "Every tool gives every system the same means on every measure of the table, for these data.".to_string(),
        };
        let detail = (*picked).clone().map(|(preset, system)| {
            let responsible: Vec<_> = found.iter().filter(|c| !c.queries.is_empty()).collect();
            html! {
                <div class="compare-detail" data-testid="compare-detail">
                    <h4>{ format!("{} for {} under {}: why it differs from trec_eval", metric, system, preset.name()) }</h4>
                    if responsible.is_empty() {
                        <p>{ "No single convention changes it alone: the difference comes from several together." }</p>
                    }
                    <ul>
                        { for responsible.iter().map(|c| html! {
                            <li data-testid="compare-cause">
                                <strong>{ c.convention.to_string() }</strong>
                                { format!(" (mean {}) changes {}: ", format_value(c.mean), crate::evaluation::plural(c.queries.len(), "query", "queries")) }
                                { c.queries.iter().take(10).map(|(q, a, b)| format!("{q} {} → {}", if a.is_nan() { "—".into() } else { format_value(*a) }, format_value(*b))).collect::<Vec<_>>().join(", ") }
                                if c.queries.len() > 10 { { format!(" and {} more", c.queries.len() - 10) } }
                            </li>
                        }) }
                    </ul>
                    if let Some(note) = preset.caveat() {
                        <p class="hint">{ format!("Note: {note}.") }</p>
                    }
                </div>
            }
        });
        html! {
            <>
                <p class="hint" data-testid="compare-summary">{ summary }</p>
                <label for="compare-measure">{ "Measure " }</label>
                <select id="compare-measure" data-testid="compare-measure" onchange={ choose_measure }>
                    { for props.measures.iter().enumerate().map(|(i, m)| html! { <option value={ i.to_string() } selected={ i == mi }>{ m.to_string() }</option> }) }
                </select>
                <div class="table-scroll" tabindex="0" role="region" aria-label="Values under each tool's conventions">
                    <table class="results" data-testid="compare-table">
                        <caption>{ "Each tool's conventions applied to your data; ≠ marks a value that differs from trec_eval's. Click it for the reason." }</caption>
                        <thead><tr>
                            <th scope="col">{ "Conventions of" }</th>
                            { for names.iter().map(|n| html! { <th scope="col" class="num">{ n.clone() }</th> }) }
                        </tr></thead>
                        <tbody>
                            { for rows.iter().map(|row| html! {
                                <tr data-preset={ row.preset.name() }>
                                    <th scope="row">{ row.preset.name() }</th>
                                    { for row.means.iter().zip(&names).zip(&reference).map(|((m, name), r)| {
                                        let v = m[mi];
                                        let differs = (v - r).abs() > 1e-12 || v.is_nan() != r.is_nan();
                                        if differs {
                                            let picked = picked.clone();
                                            let target = (row.preset, name.clone());
                                            html! {
                                                <td class="num differs" data-system={ name.clone() } data-value={ v.to_string() }>
                                                    <button type="button" class="value" data-testid="compare-differs"
                                                        onclick={ Callback::from(move |_: MouseEvent| picked.set(Some(target.clone()))) }
                                                        aria-label={ format!("{} under {}: {}, differs from trec_eval; show why", name, row.preset.name(), format_value(v)) }>
                                                        { format!("{} ≠", format_value(v)) }
                                                    </button>
                                                </td>
                                            }
                                        } else {
                                            html! { <td class="num" data-system={ name.clone() } data-value={ v.to_string() }>{ format_value(v) }</td> }
                                        }
                                    }) }
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
                { detail.unwrap_or_default() }
            </>
        }
    } else {
        html! {}
    };
    html! {
        <details class="settings compare" data-testid="compare" { ontoggle }>
            <summary>{ "Why do the tools disagree? Compare conventions" }</summary>
            <p class="hint">{ "trec_eval, pytrec_eval, ir_measures, ranx, elinor, scikit-learn, cwl_eval and gdeval order ties, count missing queries, store scores and define some measures differently. Here is your data under each; ranx orders tied scores in no fixed order, so its row assumes file order and may differ from ranx where scores tie." }</p>
            { body }
        </details>
    }
}
