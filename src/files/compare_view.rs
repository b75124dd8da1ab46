//! "Why do the tools disagree?": the results under each tool's preset, the
//! values that differ from trec_eval's marked; a marked value opens the
//! conventions responsible and the queries they change. The values come
//! from [`use_comparison`]; this renders them.

use crate::shared::same_rc::SameRc;
use std::rc::Rc;

use crate::shared::evaluation::{
    format_value, plural, Cause, Metric, Preset, PresetRow, QuickInput,
};
use yew::prelude::*;

use crate::files::use_comparison::{use_comparison, Comparison};
use crate::model::state::{byte_size, LoadedFile, BIG_FILE_BYTES};

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

/// The sentence above the table: which measure the tools differ most on.
fn summary(c: &Comparison, measures: &[Metric]) -> String {
    let most = (*c.table).as_ref().and_then(|t| t.2);
    match (c.chosen, most) {
        (false, Some((i, d))) => format!(
            "Opened on {}: the tools differ most there, by up to {} in a system's mean.",
            measures[i],
            format_value(d)
        ),
        (true, Some((i, _))) => format!("The tools differ most on {}.", measures[i]),
        (_, None) => "Every tool gives every system the same means on every measure of the table, for these data.".to_string(),
    }
}

/// Why the picked value differs from trec_eval's.
fn detail(metric: &Metric, picked: &(Preset, String), causes: &[Cause]) -> Html {
    let (preset, system) = picked;
    let shown = |v: f64| {
        if v.is_nan() {
            "—".into()
        } else {
            format_value(v)
        }
    };
    html! {
        <div class="compare-detail" data-testid="compare-detail">
            <h4>{ format!("{} for {} under {}: why it differs from trec_eval", metric, system, preset.name()) }</h4>
            if causes.is_empty() {
                <p>{ "No single convention changes it alone: the difference comes from several together." }</p>
            }
            <ul>
                { for causes.iter().map(|c| html! {
                    <li data-testid="compare-cause">
                        <strong>{ c.convention.to_string() }</strong>
                        { format!(" (mean {}) changes {}: ", format_value(c.mean), plural(c.queries.len(), "query", "queries")) }
                        { c.queries.iter().take(10).map(|(q, a, b)| format!("{q} {} → {}", shown(*a), format_value(*b))).collect::<Vec<_>>().join(", ") }
                        if c.queries.len() > 10 { { format!(" and {} more", c.queries.len() - 10) } }
                    </li>
                }) }
            </ul>
            if let Some(note) = preset.caveat() {
                <p class="hint">{ format!("Note: {note}.") }</p>
            }
        </div>
    }
}

/// One tool's row: its means of measure `mi`, a value that differs from
/// trec_eval's (`reference`) a button that picks it.
fn preset_row(
    row: &PresetRow,
    names: &[String],
    reference: &[f64],
    mi: usize,
    pick: &Callback<(Preset, String)>,
) -> Html {
    html! {
        <tr data-preset={ row.preset.name() }>
            <th scope="row">{ row.preset.name() }</th>
            { for row.means.iter().zip(names).zip(reference).map(|((m, name), r)| {
                let v = m[mi];
                let differs = (v - r).abs() > 1e-12 || v.is_nan() != r.is_nan();
                if differs {
                    let pick = pick.clone();
                    let target = (row.preset, name.clone());
                    html! {
                        <td class="num differs" data-system={ name.clone() } data-value={ v.to_string() }>
                            <button type="button" class="value" data-testid="compare-differs"
                                onclick={ Callback::from(move |_: MouseEvent| pick.emit(target.clone())) }
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
    }
}

/// The open panel: the summary, the measure's chooser, the tools' table and
/// the picked value's causes.
fn comparison_body(c: &Comparison, measures: &[Metric]) -> Html {
    let Some((names, rows, _)) = (*c.table).clone() else {
        return html! {};
    };
    let mi = c.measure;
    let reference: Vec<f64> = rows[0].means.iter().map(|m| m[mi]).collect();
    html! {
        <>
            <p class="hint" data-testid="compare-summary">{ summary(c, measures) }</p>
            <label for="compare-measure">{ "Measure " }</label>
            <select id="compare-measure" data-testid="compare-measure" onchange={ c.choose_measure.clone() }>
                { for measures.iter().enumerate().map(|(i, m)| html! { <option value={ i.to_string() } selected={ i == mi }>{ m.to_string() }</option> }) }
            </select>
            <div class="table-scroll" tabindex="0" role="region" aria-label="Values under each tool's conventions">
                <table class="results" data-testid="compare-table">
                    <caption>{ "Each tool's conventions applied to your data; ≠ marks a value that differs from trec_eval's. Click it for the reason." }</caption>
                    <thead><tr>
                        <th scope="col">{ "Conventions of" }</th>
                        { for names.iter().map(|n| html! { <th scope="col" class="num">{ n.clone() }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for rows.iter().map(|row| preset_row(row, &names, &reference, mi, &c.pick)) }
                    </tbody>
                </table>
            </div>
            { c.picked.as_ref().map(|p| detail(&measures[mi], p, &c.causes)).unwrap_or_default() }
        </>
    }
}

/// The comparison panel (computed only while open).
#[component]
pub fn CompareView(props: &CompareViewProps) -> Html {
    let c = use_comparison(
        props.input.clone(),
        props.files.clone(),
        props.measures.clone(),
        props.level,
    );
    let big: Vec<&str> = props
        .files
        .iter()
        .filter(|f| f.big.is_some())
        .map(|f| f.name.as_str())
        .collect();
    let body = if c.open && !big.is_empty() {
        html! {
            <p class="hint" data-testid="compare-big">{ format!(
                "Not available while big files are loaded ({}): each preset would read them again. Compare conventions on a sample of the run (files up to {}).",
                big.join(", "), byte_size(BIG_FILE_BYTES)
            ) }</p>
        }
    } else if c.open && !props.measures.is_empty() {
        comparison_body(&c, &props.measures)
    } else {
        html! {}
    };
    html! {
        <details class="settings compare" data-testid="compare" ontoggle={ c.ontoggle.clone() }>
            <summary>{ "Why do the tools disagree? Compare conventions" }</summary>
            <p class="hint">{ "trec_eval, pytrec_eval, ir_measures, ranx, elinor, scikit-learn, cwl_eval and gdeval order ties, count missing queries, store scores and define some measures differently. Here is your data under each; ranx orders tied scores in no fixed order, so its row assumes file order and may differ from ranx where scores tie. Where a run lacks a judged query, trec_eval 10 without -c stops with an error: its row then gives trec_eval 9's numbers, that query left out." }</p>
            { body }
        </details>
    }
}
