//! The statistics panel: its settings (test, correction, α, intervals,
//! resamples, trials, seed), each system's description with intervals, and
//! every pair's effect size, win/tie/loss and p-values for one measure.

use crate::shared::same_rc::SameRc;
use crate::shared::sideways::Sideways;
use std::rc::Rc;

use crate::shared::evaluation::Metric;
use crate::shared::evaluation::{Correction, StatsOptions, StatsReport, Test};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::shared::kept_choice::use_kept_choice;

use crate::results::statistics::letter;
use crate::settings::inputs::{chooser, index_setter, Applier, Choice, TextSetting};
use crate::settings::unread::UnreadChange;
use crate::settings::{parse_count, parse_unit, IntervalChoice, Settings};
use crate::shared::evaluation::{format_value, t_past_unit_bounds, SystemResult, T_PAST_BOUNDS};

/// Props of [`SignificancePanel`].
#[derive(Properties, PartialEq)]
pub struct SignificancePanelProps {
    /// Settings in use.
    pub settings: Settings,
    /// Called with changed settings.
    pub on_change: Callback<Settings>,
    /// Told when a field's text stops or starts reading.
    #[prop_or_default]
    pub on_unread: Callback<UnreadChange>,
    /// Measures of the table.
    pub measures: Rc<Vec<Metric>>,
    /// All systems (those with queries are the ones in the reports).
    pub systems: SameRc<Vec<SystemResult>>,
    /// One report per measure.
    pub stats: SameRc<Vec<StatsReport>>,
    /// Milliseconds the statistics took.
    pub millis: f64,
}

fn p_text(p: f64) -> String {
    if p < 0.0001 {
        "< 0.0001".to_string()
    } else {
        format!("{p:.4}")
    }
}

fn interval_text(i: Option<(f64, f64)>) -> String {
    i.map_or("—".to_string(), |(lo, hi)| {
        format!("[{}, {}]", format_value(lo), format_value(hi))
    })
}

/// What the chosen test does and assumes, for its field's hint.
fn test_hint(test: Test) -> &'static str {
    match test {
        Test::PairedT => "Paired t-test: fast; assumes the per-query differences are roughly normal (fine for many queries).",
        Test::Randomization => "Randomization: swaps each query's two values at random (the trials) and counts how often the difference is as large; no normality assumed.",
        Test::Bootstrap => "Paired bootstrap: resamples queries with replacement (the trials) around a zero mean difference; no normality assumed.",
        Test::TukeyHsd => "Randomized Tukey HSD: all pairs at once over the queries every system has, so no further correction is needed.",
    }
}

/// Each system's description of the chosen measure, with its intervals.
fn systems_table(
    r: &StatsReport,
    shown: &[&SystemResult],
    options: &StatsOptions,
    measure: &Metric,
    level: f64,
) -> Html {
    html! {
        <Sideways label="Description of each system" size={ r.systems.len() }>
            <table class="results stacks" data-testid="stats-systems">
                <caption>{ format!("Each system's per-query {}: {:.0}% intervals of the mean", measure, level * 100.0) }</caption>
                <thead><tr>
                    <th scope="col">{ "System" }</th><th scope="col" class="num">{ "n" }</th>
                    <th scope="col" class="num">{ "Mean" }</th><th scope="col" class="num">{ "SD" }</th>
                    <th scope="col" class="num">{ "Median" }</th><th scope="col" class="num">{ "t interval" }</th>
                    if options.resamples > 0 {
                        <th scope="col" class="num">{ "Bootstrap interval" }</th>
                    }
                </tr></thead>
                <tbody>
                    { for r.systems.iter().zip(shown).enumerate().map(|(i, (d, sys))| html! {
                        <tr data-system={ sys.name.clone() }>
                            <th scope="row">{ format!("{} {}", letter(i), sys.name) }</th>
                            <td class="num" data-label="n">{ d.n }</td>
                            <td class="num" data-label="Mean" data-value={ d.mean.to_string() }>{ format_value(d.mean) }</td>
                            <td class="num" data-label="SD">{ if d.n < 2 { "—".to_string() } else { format_value(d.sd) } }</td>
                            <td class="num" data-label="Median">{ format_value(d.median) }</td>
                            <td class="num" data-label="t interval" data-testid="t-interval">{ interval_text(d.t_interval) }</td>
                            if options.resamples > 0 {
                                <td class="num" data-label="Bootstrap interval">{ interval_text(d.bootstrap_interval) }</td>
                            }
                        </tr>
                    }) }
                </tbody>
            </table>
        </Sideways>
    }
}

/// Every pair's effect size, win/tie/loss and p-values.
fn pairs_table(
    r: &StatsReport,
    shown: &[&SystemResult],
    options: &StatsOptions,
    alpha: f64,
) -> Html {
    html! {
        <Sideways label="Pairwise comparisons" size={ r.pairs.len() }>
            <table class="results stacks" data-testid="stats-pairs">
                <caption>{ format!("Pairs on their common queries: {}{}, α = {}. Cohen's d = mean difference / SD of the differences.",
                    options.test.name(),
                    if options.test == Test::TukeyHsd { format!(" over the {} queries every system has", r.common_queries) } else { format!(", {}", options.correction.name()) },
                    alpha) }</caption>
                <thead><tr>
                    <th scope="col">{ "Pair" }</th><th scope="col" class="num">{ "n" }</th>
                    <th scope="col" class="num"><abbr title="mean difference (first minus second)">{ "Δ mean" }</abbr></th>
                    <th scope="col" class="num"><abbr title="Cohen's d: mean difference / SD of the differences">{ "d" }</abbr></th>
                    <th scope="col" class="num"><abbr title="queries won / tied / lost by the first system">{ "W / T / L" }</abbr></th>
                    if options.test != Test::PairedT {
                        <th scope="col" class="num">{ "p (t-test)" }</th>
                    }
                    <th scope="col" class="num">{ "p" }</th>
                    <th scope="col" class="num"><abbr title="p corrected for the number of pairs">{ "p corr." }</abbr></th>
                    <th scope="col"><abbr title="the system significantly better, if any">{ "Better" }</abbr></th>
                </tr></thead>
                <tbody>
                    { for r.pairs.iter().filter(|p| p.effect.n >= 2).map(|p| {
                        let e = p.effect;
                        html! {
                            <tr data-testid="stats-pair" data-a={ shown[p.a].name.clone() } data-b={ shown[p.b].name.clone() }>
                                <th scope="row">{ format!("{} vs {}", shown[p.a].name, shown[p.b].name) }</th>
                                <td class="num" data-label="n">{ e.n }</td>
                                <td class="num" data-label="Δ mean">{ format!("{:+.4}", e.mean_diff) }</td>
                                <td class="num" data-label="Cohen's d" data-testid="stats-cohens-d" title={ e.cohens_d_why() }>{ e.cohens_d_text() }</td>
                                <td class="num" data-label="Won / tied / lost">{ format!("{} / {} / {}", e.wins, e.ties, e.losses) }</td>
                                if options.test != Test::PairedT {
                                    <td class="num" data-label="p (t-test)" data-value={ p.p_t.to_string() }>{ p_text(p.p_t) }</td>
                                }
                                <td class="num" data-label="p" data-value={ p.p.to_string() }>{ p_text(p.p) }</td>
                                <td class="num" data-label="p corrected" data-value={ p.p_adjusted.to_string() }>{ p_text(p.p_adjusted) }</td>
                                <td data-label="Better">{ match p.winner() { Some(w) => shown[w].name.clone(), None => "neither".into() } }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </Sideways>
    }
}

/// The panel.
#[component]
pub fn SignificancePanel(props: &SignificancePanelProps) -> Html {
    // The files door only, never in an embed: kept across reloads.
    let measure = use_kept_choice("ranklab.view.stats-measure", true, 0);
    let s = &props.settings;
    let st = s.stats;
    let choose = |apply: fn(&mut Settings, &str)| chooser(s, &props.on_change, apply);
    let on_marks = {
        let settings = s.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let mut next = settings.clone();
            next.stats.marks = e.target_unchecked_into::<HtmlInputElement>().checked();
            on_change.emit(next);
        })
    };
    let on_measure = index_setter(&measure);
    let shown: Vec<&SystemResult> = props
        .systems
        .iter()
        .filter(|s| !s.queries.is_empty())
        .collect();
    let mi = (*measure).min(props.measures.len().saturating_sub(1));
    let report = props.stats.get(mi);
    let options = st.options();
    // Systems whose t interval leaves [0, 1] on a measure whose per-query
    // values all lie in [0, 1].
    let past_bounds: Vec<String> = report
        .map(|r| t_past_unit_bounds(&shown, r, mi))
        .unwrap_or_default()
        .into_iter()
        .map(|i| shown[i].name.clone())
        .collect();
    // A statistic of one query says nothing: no spread, no interval, no test.
    let most_queries = shown.iter().map(|s| s.queries.len()).max().unwrap_or(0);
    let too_few = !shown.is_empty() && most_queries < 2;
    let field = |id: &'static str,
                 label: &'static str,
                 hint: &'static str,
                 value: String,
                 apply: Applier| {
        html! {
            <TextSetting on_unread={ props.on_unread.clone() } id={ id } label={ label } hint={ hint } { value } settings={ s.clone() }
                on_change={ props.on_change.clone() } { apply } />
        }
    };
    html! {
        <details class="settings significance" open={ !too_few } data-testid="significance">
            <summary>{ "Statistics and significance" }</summary>
            <p class="hint">{ "A mean hides how much queries vary. Intervals show the uncertainty of each mean; paired tests ask whether two systems differ on the same queries, with p-values corrected for the number of pairs compared." }</p>
            <div class="settings-grid">
                <div class="setting">
                    <label class="check" for="stats-marks">
                        <input type="checkbox" id="stats-marks" data-testid="stats-marks" checked={ st.marks } onchange={ on_marks } />
                        { "Mark significant differences" }
                    </label>
                    <span class="hint">{ "Superscript letters in the results table name the systems a value beats." }</span>
                </div>
                <Choice id="stats-test" label="Test" hint={ test_hint(st.test) }
                    options={ vec![("t", "paired t-test"), ("randomization", "randomization (permutation)"), ("bootstrap", "paired bootstrap"), ("tukey", "randomized Tukey HSD")] }
                    selected={ match st.test { Test::PairedT => "t", Test::Randomization => "randomization", Test::Bootstrap => "bootstrap", Test::TukeyHsd => "tukey" } }
                    on_select={ choose(|n, v| n.stats.test = match v { "randomization" => Test::Randomization, "bootstrap" => Test::Bootstrap, "tukey" => Test::TukeyHsd, _ => Test::PairedT }) } />
                if st.test == Test::TukeyHsd {
                    // Its p-values already allow for every pair: the
                    // correction chosen for the other tests waits unused.
                    <Choice id="stats-correction" label="Correction" hint="Tukey HSD's p-values already allow for every pair compared; choose another test to choose a correction."
                        options={ vec![("tukey", "Tukey HSD's own")] } selected="tukey" disabled=true
                        on_select={ Callback::noop() } />
                } else {
                    <Choice id="stats-correction" label="Correction" hint="For many pairs at once: Holm–Bonferroni keeps the chance of any false mark under α."
                        options={ vec![("holm", "Holm–Bonferroni"), ("bonferroni", "Bonferroni"), ("none", "none")] }
                        selected={ match st.correction { Correction::Holm => "holm", Correction::Bonferroni => "bonferroni", Correction::None => "none" } }
                        on_select={ choose(|n, v| n.stats.correction = match v { "bonferroni" => Correction::Bonferroni, "none" => Correction::None, _ => Correction::Holm }) } />
                }
                { field("stats-alpha", "Significance level α", "A corrected p at or below α is marked.", st.alpha.to_string(),
                    |n: &mut Settings, raw: &str| { n.stats.alpha = parse_unit(raw, "α")?; Ok(()) }) }
                <Choice id="stats-interval" label="Intervals in the table" hint="t: mean ± t·s/√n. Bootstrap: percentiles of resampled means."
                    options={ vec![("none", "none"), ("t", "t interval"), ("bootstrap", "bootstrap percentile")] }
                    selected={ match st.interval { IntervalChoice::None => "none", IntervalChoice::T => "t", IntervalChoice::Bootstrap => "bootstrap" } }
                    on_select={ choose(|n, v| n.stats.interval = match v { "t" => IntervalChoice::T, "bootstrap" => IntervalChoice::Bootstrap, _ => IntervalChoice::None }) } />
                { field("stats-level", "Interval level", "0.95 for 95% intervals.", st.level.to_string(),
                    |n: &mut Settings, raw: &str| { n.stats.level = parse_unit(raw, "the level")?; Ok(()) }) }
                { field("stats-resamples", "Bootstrap resamples B", "Resamples of the bootstrap intervals.", st.resamples.to_string(),
                    |n: &mut Settings, raw: &str| { n.stats.resamples = parse_count(raw)?; Ok(()) }) }
                { field("stats-trials", "Test trials", "Random trials of the randomization, bootstrap and Tukey tests.", st.trials.to_string(),
                    |n: &mut Settings, raw: &str| { n.stats.trials = parse_count(raw)?; Ok(()) }) }
                { field("stats-seed", "Random seed", "Every random draw follows it: the same seed gives the same numbers.", st.seed.to_string(),
                    |n: &mut Settings, raw: &str| { n.stats.seed = raw.trim().parse().map_err(|_| "a whole number from 0 to 18446744073709551615".to_string())?; Ok(()) }) }
            </div>
            if shown.is_empty() || props.measures.is_empty() {
                <p class="hint">{ "No systems to describe yet." }</p>
            } else if too_few {
                <p class="notice" data-testid="stats-too-few">{ format!(
                    "Nothing to show yet: statistics need at least 2 queries, and {} {}. With one query a system's values have no spread (SD), its mean no interval, and no test can tell two systems apart.",
                    if shown.len() == 1 { "the system has" } else { "each system has at most" },
                    crate::shared::evaluation::plural(most_queries, "query", "queries")
                ) }</p>
            } else if let Some(r) = report {
                <div>
                    <label for="stats-measure">{ "Measure " }</label>
                    <select id="stats-measure" data-testid="stats-measure" onchange={ on_measure }>
                        { for props.measures.iter().enumerate().map(|(i, m)| html! {
                            <option value={ i.to_string() } selected={ i == mi }>{ m.to_string() }</option>
                        }) }
                    </select>
                    <span class="hint">{ format!(" Computed in {:.1} ms; seed {}.", props.millis, st.seed) }</span>
                </div>
                { systems_table(r, &shown, &options, &props.measures[mi], st.level) }
                if options.resamples == 0 {
                    <p class="hint" data-testid="bootstrap-off">{ "Bootstrap intervals are computed when “bootstrap percentile” is chosen under Intervals in the table." }</p>
                }
                if !past_bounds.is_empty() {
                    <p class="hint" data-testid="t-past-bounds">{ format!(
                        "The t interval of {} reaches past [0, 1], where no value of {} can be: {T_PAST_BOUNDS}",
                        past_bounds.join(", "), props.measures[mi]
                    ) }</p>
                }
                if r.pairs.iter().any(|p| p.effect.n < 2) {
                    <p class="hint" data-testid="stats-untested-pairs">{ format!(
                        "Not tested, sharing fewer than 2 queries: {}.",
                        r.pairs.iter().filter(|p| p.effect.n < 2).map(|p| format!("{} vs {} ({})", shown[p.a].name, shown[p.b].name,
                            crate::shared::evaluation::plural(p.effect.n, "shared query", "shared queries"))).collect::<Vec<_>>().join(", ")
                    ) }</p>
                }
                if r.pairs.iter().any(|p| p.effect.n >= 2) {
                    { pairs_table(r, &shown, &options, st.alpha) }
                }
            }
        </details>
    }
}
