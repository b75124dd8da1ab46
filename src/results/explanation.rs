//! "How this number came about": the worked calculation of a clicked value.
//! The core computes the steps ([`crate::shared::evaluation::explain`]); this only
//! renders them, with the conventions that shaped the value.

use crate::shared::same_rc::SameRc;
use crate::shared::sideways::Sideways;
use std::rc::Rc;

use crate::results::query_lookup::{found_parts, judged_query, QueryFound};
use crate::shared::evaluation::{
    explain, tie_orders, EvalContext, Explanation, JudgedRanking, Metric, Rel, MAX_ORDERS,
};
use yew::prelude::*;

use crate::big_files::files_job::{ExplainJob, Found};
use crate::model::state::LoadedFile;
use crate::settings::request::EvalRequest;
use crate::settings::Settings;
use crate::shared::evaluation::{format_digits, format_value, range_digits, range_ends};
use crate::shared::evaluation::{Source, SystemResult, TieReport, SHOWN_RANKS};
use crate::shared::first_module::FIRST;

/// A clicked value: a system's mean (`query` None) or one query's value.
#[derive(Debug, Clone, PartialEq)]
pub struct Selected {
    /// System name.
    pub system: String,
    /// Query id, or None for the mean.
    pub query: Option<String>,
    /// Measure index in the table.
    pub measure: usize,
}

/// Props of [`ExplanationView`].
#[derive(Properties, PartialEq)]
pub struct ExplanationProps {
    /// What was clicked.
    pub selected: Selected,
    /// Measures of the table.
    pub measures: Rc<Vec<Metric>>,
    /// All systems.
    pub systems: SameRc<Vec<SystemResult>>,
    /// The quick text (typed systems are explained from it).
    pub text: Rc<str>,
    /// Loaded files (run systems are explained from them).
    pub files: Rc<Vec<LoadedFile>>,
    /// Settings in use.
    pub settings: Settings,
    /// The evaluation request made from them (its options judge a query again).
    pub request: Rc<EvalRequest>,
    /// Opens another value (a query of the mean).
    pub on_select: Callback<Selected>,
    /// Each mean's range over the orders of tied documents (the table's
    /// tie mark): a mean's explanation says it too.
    pub ties: SameRc<TieReport>,
    /// Closes the explanation.
    pub on_close: Callback<()>,
}

fn steps(e: &Explanation, docs: &[(String, f64)]) -> Html {
    // A run file's ranks also name their document and score.
    let with_docs = !docs.is_empty() && e.headers.first().is_some_and(|h| h == "Rank");
    let doc_of = |row: &[String]| {
        row.first()
            .and_then(|r| r.parse::<usize>().ok())
            .and_then(|r| docs.get(r.wrapping_sub(1)))
    };
    html! {
        <>
            <p class="formula" data-testid="formula">{ e.formula.clone() }</p>
            if !e.headers.is_empty() && !e.rows.is_empty() {
                <Sideways label="Steps" size={ e.rows.len() * (e.headers.len() + 1) }>
                    <table class="results steps" data-testid="steps">
                        <thead><tr>
                            { for e.headers.iter().enumerate().map(|(i, h)| html! {
                                <>
                                    <th scope="col" class="num">{ h.clone() }</th>
                                    if with_docs && i == 0 {
                                        <th scope="col">{ "Docid" }</th>
                                        <th scope="col" class="num">{ "Score" }</th>
                                    }
                                </>
                            }) }
                        </tr></thead>
                        <tbody>
                            { for e.rows.iter().map(|row| html! {
                                <tr>{ for row.iter().enumerate().map(|(i, c)| html! {
                                    <>
                                        <td class="num">{ c.clone() }</td>
                                        if with_docs && i == 0 {
                                            <td class="docid">{ doc_of(row).map_or(String::new(), |d| d.0.clone()) }</td>
                                            <td class="num">{ doc_of(row).map_or(String::new(), |d| d.1.to_string()) }</td>
                                        }
                                    </>
                                }) }</tr>
                            }) }
                        </tbody>
                    </table>
                </Sideways>
            }
            { for e.lines.iter().map(|l| html! { <p class="step-line" data-testid="step-line">{ l.clone() }</p> }) }
        </>
    }
}

fn convention_notes(s: &Settings, system: &SystemResult, metric: &Metric) -> Vec<String> {
    let mut out = Vec::new();
    if system.source == Source::File {
        out.push(format!("Tied scores: {}", s.ties.description()));
    }
    if let Metric::NDCG { gains, .. } | Metric::DCG { gains, .. } = metric {
        // The gain the measure was computed with: the Gain setting's, or
        // the one its name gives (`nDCG(dcg='exp-log2')`), which wins.
        let from = if gains.kind == s.gain && gains.overrides.is_empty() {
            "the Gain setting"
        } else {
            "named in the measure; the Gain setting applies to measures that name none"
        };
        out.push(format!("Gain {} ({from}).", gains.describe()));
    }
    out
}

/// Every ranked document of a run file's query: rank, docid, score and
/// grade, however long the ranking (the results keep only its first
/// ranks).
fn whole_ranking(ranking: &JudgedRanking, docs: &[(String, f64)]) -> Html {
    let grade = |r: &crate::shared::evaluation::Rel| match r {
        crate::shared::evaluation::Rel::Judged(g) => g.to_string(),
        crate::shared::evaluation::Rel::Unjudged => "unjudged".to_string(),
        crate::shared::evaluation::Rel::NotInPool => "not judged".to_string(),
    };
    html! {
        <details class="whole-ranking" data-testid="whole-ranking">
            <summary>{ format!("The whole ranking: {} documents, with docids and scores", docs.len()) }</summary>
            <div class="table-scroll" tabindex="0" role="region" aria-label="The whole ranking">
                <table class="results steps">
                    <thead><tr>
                        <th scope="col" class="num">{ "Rank" }</th><th scope="col">{ "Docid" }</th>
                        <th scope="col" class="num">{ "Score" }</th><th scope="col">{ "Grade" }</th>
                    </tr></thead>
                    <tbody>
                        { for docs.iter().zip(&ranking.ranked).enumerate().map(|(i, ((d, score), r))| html! {
                            <tr><td class="num">{ i + 1 }</td><td class="docid">{ d.clone() }</td>
                                <td class="num">{ score.to_string() }</td><td>{ grade(r) }</td></tr>
                        }) }
                    </tbody>
                </table>
            </div>
        </details>
    }
}

/// The grades of `rels` up to the end of the last tie group, each group in
/// brackets: `[0 1] 2 [0 ? u]`, with the per-query chips' symbols (`?` not
/// in the judgments, `u` judged with a negative grade, unjudged).
fn grades_with_groups(rels: &[Rel], groups: &[(usize, usize)]) -> String {
    let end = groups.last().map_or(0, |g| g.1).min(rels.len());
    let mut out = Vec::new();
    for (i, r) in rels[..end].iter().enumerate() {
        let rank = i + 1;
        let mut g = match r {
            Rel::Judged(g) => g.to_string(),
            Rel::Unjudged => "u".to_string(),
            Rel::NotInPool => "?".to_string(),
        };
        if groups.iter().any(|x| x.0 == rank) {
            g.insert(0, '[');
        }
        if groups.iter().any(|x| x.1 == rank) {
            g.push(']');
        }
        out.push(g);
    }
    out.join(" ")
}

/// The value over every order of the query's tied documents: its groups,
/// its lowest and highest, and an order reaching each.
fn tie_orders_view(
    metric: &Metric,
    ranking: &JudgedRanking,
    ctx: &EvalContext,
    value: f64,
) -> Html {
    let Some(t) = tie_orders(metric, ranking, ctx) else {
        return html! {};
    };
    let ranks: Vec<String> = t.groups.iter().map(|(a, b)| format!("{a}–{b}")).collect();
    html! {
        <div class="tie-orders" data-testid="tie-orders">
            <h4>{ "Over the orders of tied documents" }</h4>
            <p>{ format!("Equally scored documents stand at ranks {}: any order of each group is a ranking the run allows.", ranks.join(", ")) }</p>
            { match t.range {
                Ok(r) => {
                    let digits = range_digits(r.min, r.max);
                    let shown = |v: f64| format_digits(v, digits);
                    html! {
                    <>
                        <p data-testid="tie-orders-range" data-min={ r.min.to_string() } data-max={ r.max.to_string() }>
                            { format!("{metric} runs from {} to {} over those orders; as evaluated it is {}.", shown(r.min), shown(r.max), shown(value)) }
                        </p>
                        <p class="tie-order" data-testid="tie-lowest">{ format!("Lowest ({}): {}", shown(r.min), grades_with_groups(&t.lowest, &t.groups)) }</p>
                        <p class="tie-order" data-testid="tie-highest">{ format!("Highest ({}): {}", shown(r.max), grades_with_groups(&t.highest, &t.groups)) }</p>
                        <p class="hint">{ "Grades by rank, each tie group in brackets; ? is not in the judgments, u judged with a negative grade (unjudged), as in the rankings' chips." }</p>
                    </>
                    }
                }
                Err(e) => html! {
                    <p class="warning-note" role="note">
                        { format!("Its range is not computed: the groups allow {} distinct orders, more than the {MAX_ORDERS} tried, and {metric} has no proved sort that reaches its extremes.",
                            if e.orders == u64::MAX { "over 10^19".to_string() } else { e.orders.to_string() }) }
                    </p>
                },
            } }
        </div>
    }
}

/// One query's value worked out from its judged ranking (`None`: the run
/// lacks the query).
fn explained_query(
    props: &ExplanationProps,
    system: &SystemResult,
    metric: &Metric,
    qid: &str,
    found: Option<QueryFound>,
) -> Html {
    let Some((ranking, ctx, docs)) = found else {
        return html! {
            <>
                <h3 id="explanation-title">{ format!("{}, query {}", system.name, qid) }</h3>
                <p>{ "This query is missing from the run: it is scored 0 under the “score 0” setting, and has no ranking to explain." }</p>
            </>
        };
    };
    let e = explain(metric, &ranking, &ctx);
    let mut notes = e.notes.clone();
    notes.extend(convention_notes(&props.settings, system, metric));
    html! {
        <>
            <h3 id="explanation-title">{ format!("{} = {} for {}, query {}", e.measure, format_value(e.value), system.name, qid) }</h3>
            { steps(&e, &docs) }
            { for notes.iter().map(|n| html! { <p class="hint" data-testid="explanation-note">{ n.clone() }</p> }) }
            { tie_orders_view(metric, &ranking, &ctx, e.value) }
            if !docs.is_empty() {
                { whole_ranking(&ranking, &docs) }
            }
        </>
    }
}

/// The explanation panel.
#[component]
pub fn ExplanationView(props: &ExplanationProps) -> Html {
    let sel = &props.selected;
    let at = props.systems.iter().position(|s| s.name == sel.system);
    // A system of one query (a ranking typed in Calculate) has nothing to
    // average: its value opens that query's working at once, not a table
    // of one value to press again.
    let query = sel
        .query
        .clone()
        .or_else(|| match props.systems.get(at?)?.queries.as_slice() {
            [only] => Some(only.id.clone()),
            _ => None,
        });
    // A query of a run read from a big file: its whole ranking is read
    // again by a worker (the evaluation kept only its first ranks).
    // (The first module holds no files.)
    let from_big = !FIRST
        && props.files.iter().any(|f| f.big.is_some())
        && props
            .systems
            .iter()
            .any(|s| s.name == sel.system && s.source == Source::File);
    let found = use_state(|| None::<((String, String), Found)>);
    let job = use_mut_ref(|| None::<ExplainJob>);
    {
        let (found, job) = (found.clone(), job.clone());
        // The run's file (a run is named by its tag, its file found by name).
        let run_file = props
            .systems
            .iter()
            .find(|s| s.name == sel.system)
            .map(|s| s.file.clone().unwrap_or_else(|| s.name.clone()));
        let target = query
            .clone()
            .filter(|_| from_big)
            .zip(run_file)
            .map(|(q, file)| (file, q));
        use_effect_with(
            (target, (*props.request).clone(), props.files.clone()),
            move |(target, eval, files)| {
                job.borrow_mut().take();
                if let Some((run, qid)) = target.clone().filter(|_| !FIRST) {
                    let key = (run.clone(), qid.clone());
                    let on_done = {
                        let found = found.clone();
                        Callback::from(move |f: Found| found.set(Some((key.clone(), f))))
                    };
                    *job.borrow_mut() = ExplainJob::start(files, eval, &run, &qid, on_done);
                }
            },
        );
    }
    // The judged ranking of a query of typed text or files held as text,
    // found again in a memo (on a change of what it reads), never in render.
    let here = use_memo(
        (
            (!from_big).then(|| query.clone()).flatten(),
            props
                .systems
                .iter()
                .find(|s| s.name == sel.system)
                .map(|s| {
                    (
                        s.file.clone().unwrap_or_else(|| s.name.clone()),
                        s.source.clone(),
                    )
                }),
            props.text.clone(),
            props.files.clone(),
            (*props.request).clone(),
        ),
        |(qid, system, text, files, eval)| match (qid, system) {
            (Some(qid), Some((name, source))) => {
                judged_query(text, files, &eval.options, name, source, qid)
            }
            _ => None,
        },
    );
    let Some(system) = props.systems.iter().find(|s| s.name == sel.system) else {
        return html! {};
    };
    let Some(metric) = props.measures.get(sel.measure) else {
        return html! {};
    };
    let close = {
        let cb = props.on_close.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    // Escape closes it, wherever the focus is inside.
    let onkeydown = {
        let cb = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.prevent_default();
                cb.emit(());
            }
        })
    };
    let body = match &query {
        Some(qid) if from_big => match &*found {
            Some((key, f))
                if &key.0 == system.file.as_ref().unwrap_or(&system.name) && &key.1 == qid =>
            {
                match f.clone() {
                    Ok(f) => explained_query(props, system, metric, qid, f.map(found_parts)),
                    Err(why) => html! {
                        <>
                            <h3 id="explanation-title">{ format!("{}, query {}", system.name, qid) }</h3>
                            <p class="field-error" role="alert">{ format!("The run could not be read again: {why}") }</p>
                        </>
                    },
                }
            }
            _ => html! {
                <>
                    <h3 id="explanation-title">{ format!("{}, query {}", system.name, qid) }</h3>
                    <p role="status" data-testid="explain-reading">{ format!(
                        "Reading {} again for this query's whole ranking (the evaluation kept its values and first {SHOWN_RANKS} ranks)…",
                        system.name
                    ) }</p>
                </>
            },
        },
        Some(qid) => explained_query(props, system, metric, qid, (*here).clone()),
        None => {
            let values: Vec<(String, f64)> = system
                .queries
                .iter()
                .map(|q| (q.id.clone(), q.values[sel.measure]))
                .collect();
            let sum: f64 = values.iter().map(|(_, v)| v).sum();
            let mean = system.means[sel.measure];
            let tie_range = at
                .and_then(|k| props.ties.spread_mean(k, sel.measure))
                .map(|r| range_ends(r.min, r.max));
            let aggregation = metric.aggregation();
            html! {
                <>
                    <h3 id="explanation-title">{ format!("{} = {} for {} over {}", metric, format_value(mean), system.name, crate::shared::evaluation::plural(values.len(), "query", "queries")) }</h3>
                    <p class="formula" data-testid="formula">{ match aggregation {
                        crate::shared::evaluation::Aggregation::Sum => "Summed over queries.".to_string(),
                        crate::shared::evaluation::Aggregation::GeometricMean => "Geometric mean over queries of max(value, 0.00001).".to_string(),
                        crate::shared::evaluation::Aggregation::Mean => format!("Mean over queries: (sum of the per-query values) / {}.", values.len()),
                    } }</p>
                    <div class="table-scroll" tabindex="0" role="region" aria-label="Per-query values">
                        <table class="results steps" data-testid="steps">
                            <thead><tr><th scope="col">{ "Query" }</th><th scope="col" class="num">{ metric.to_string() }</th></tr></thead>
                            <tbody>
                                { for values.iter().map(|(q, v)| {
                                    let on_select = props.on_select.clone();
                                    let target = Selected { system: sel.system.clone(), query: Some(q.clone()), measure: sel.measure };
                                    html! {
                                        <tr>
                                            <th scope="row"><button type="button" class="query-toggle" data-testid="explain-query"
                                                onclick={ Callback::from(move |_: MouseEvent| on_select.emit(target.clone())) }>{ q.clone() }</button></th>
                                            <td class="num">{ format_value(*v) }</td>
                                        </tr>
                                    }
                                }) }
                            </tbody>
                        </table>
                    </div>
                    if aggregation == crate::shared::evaluation::Aggregation::Mean {
                        <p class="step-line" data-testid="step-line">{ format!("{} / {} = {}.", format_value(sum), values.len(), format_value(mean)) }</p>
                    }
                    if let Some((lo, hi)) = tie_range {
                        <p class="step-line" data-testid="explain-tie-range">{ format!(
                            "Some of these queries rank documents of equal score: the values above are those of the order the tie setting chose, and over every order of those documents this mean goes from {lo} to {hi}."
                        ) }</p>
                    }
                    if system.source == Source::File {
                        <p class="hint">{ props.settings.missing.description() }</p>
                    }
                    <p class="hint">{ "Choose a query above to see how its value came about." }</p>
                </>
            }
        }
    };
    html! {
        <section class="explanation" data-testid="explanation" aria-labelledby="explanation-title" tabindex="-1" id="explanation" { onkeydown }>
            <button type="button" class="close" onclick={ close } aria-label="Close the explanation" data-testid="close-explanation">{ "✕" }</button>
            { body }
        </section>
    }
}
