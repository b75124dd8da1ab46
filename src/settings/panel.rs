//! The settings: every convention and measure choice, each with a one-line
//! explanation. Fields typed as text keep what was typed and say what is
//! wrong until it reads; the last valid value stays in use meanwhile.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::shared::code_text::code_spans;

use crate::settings::inputs::{chooser, Applier, Choice, TextSetting};
use crate::settings::unread::UnreadChange;

use crate::settings::{
    parse_cutoffs, parse_discount, parse_err_stop, parse_gmax, parse_level, parse_p, parse_scale,
    split_measure_names, Family, Settings,
};
use crate::shared::evaluation::{DuplicatePolicy, GainKind, MissingQueries, TieBreak};

/// Props of [`SettingsPanel`].
#[derive(Properties, PartialEq)]
pub struct SettingsPanelProps {
    /// Settings in use.
    pub settings: Settings,
    /// Called with the changed settings.
    pub on_change: Callback<Settings>,
    /// Typed measure names the core could not read: (column, name, message).
    pub measure_problems: Vec<(usize, String, String)>,
    /// Told when a field's text stops or starts reading.
    #[prop_or_default]
    pub on_unread: Callback<UnreadChange>,
}

/// The settings panel.
#[component]
pub fn SettingsPanel(props: &SettingsPanelProps) -> Html {
    let s = &props.settings;
    let choose = |apply: fn(&mut Settings, &str)| chooser(s, &props.on_change, apply);
    let cutoffs_text = s
        .cutoffs
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let family_boxes = Family::ALL.iter().map(|&f| {
        let checked = s.families.contains(&f);
        let onchange = {
            let settings = s.clone();
            let on_change = props.on_change.clone();
            Callback::from(move |e: Event| {
                let on = e.target_unchecked_into::<HtmlInputElement>().checked();
                let mut next = settings.clone();
                next.families.retain(|x| *x != f);
                if on {
                    next.families.push(f);
                }
                on_change.emit(next);
            })
        };
        let id = format!("family-{}", f.key());
        html! {
            <label class="check" for={ id.clone() }>
                <input type="checkbox" id={ id.clone() } data-testid={ id } { checked } { onchange } />
                { f.label() }
            </label>
        }
    });
    let qrels_prefs_change = {
        let settings = s.clone();
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            let mut next = settings.clone();
            next.qrels_prefs = e.target_unchecked_into::<HtmlInputElement>().checked();
            on_change.emit(next);
        })
    };
    let extra_problem = if props.measure_problems.is_empty() {
        None
    } else {
        Some(
            props
                .measure_problems
                .iter()
                .map(|(col, name, msg)| format!("column {col}: `{name}`: {msg}"))
                .collect::<Vec<_>>()
                .join("; "),
        )
    };
    let extra_names = split_measure_names(&s.extra).len();
    // Open beside the results on a wide screen; folded on a phone, where it
    // would stand between the reader and the numbers.
    let open = *use_state(|| {
        gloo::utils::window()
            .inner_width()
            .ok()
            .and_then(|w| w.as_f64())
            .is_none_or(|w| w > 820.0)
    });
    html! {
        <details class="settings" { open } data-testid="settings">
            <summary>{ "Settings" }</summary>
            <div class="settings-grid">
                <TextSetting on_unread={ props.on_unread.clone() } id="set-cutoffs" label="Cutoffs k" value={ cutoffs_text }
                    hint="Depths for the @k measures; several at once: 5, 10, 20."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.cutoffs = parse_cutoffs(raw)?; Ok(()) }) as Applier } />
                <Choice id="set-gain" label="nDCG gain"
                    hint="Linear: gain = grade (trec_eval). Exponential: 2^grade − 1 (Burges)."
                    options={ vec![("linear", "linear (g)"), ("exp", "exponential (2^g − 1)")] }
                    selected={ if s.gain == GainKind::Linear { "linear" } else { "exp" } }
                    on_select={ choose(|n, v| n.gain = if v == "exp" { GainKind::Exponential } else { GainKind::Linear }) } />
                <TextSetting on_unread={ props.on_unread.clone() } id="set-discount" label="nDCG discount" value={ s.discount.to_string() }
                    hint="log2: 1/log2(r+1), the standard. log B or ln: another base. 1/rank. power S: 1/r^S, Zipf-like (article 004)."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.discount = parse_discount(raw)?; Ok(()) }) as Applier } />
                <TextSetting on_unread={ props.on_unread.clone() } id="set-err-stop" label="ERR stopping probability" value={ s.err_stop.to_string() }
                    hint="exp: (2^g − 1)/2^max (Chapelle et al.). sigmoid A B: 1/(1 + e^(−A(g − B))): half the users stop at grade B (article 004)."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.err_stop = parse_err_stop(raw)?; Ok(()) }) as Applier } />
                <TextSetting on_unread={ props.on_unread.clone() } id="set-gmax" label="ERR / RBP max grade"
                    value={ s.err_gmax.map(|g| g.to_string()).unwrap_or_default() }
                    hint="ERR's R = (2^g − 1)/2^max; empty = the largest grade in the data."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.err_gmax = parse_gmax(raw)?; Ok(()) }) as Applier } />
                <TextSetting on_unread={ props.on_unread.clone() } id="set-rbp-p" label="RBP persistence p" value={ s.rbp_p.to_string() }
                    hint="Chance the user goes on to the next rank (Moffat & Zobel): 0.5 impatient, 0.95 patient. 0.8 is ir_measures' default; trec_eval's rbp takes 0.9 (type trec_rbp in More measures by name for trec_eval's own definition)."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.rbp_p = parse_p(raw)?; Ok(()) }) as Applier } />
                <TextSetting on_unread={ props.on_unread.clone() } id="set-level" label="Relevant from grade" value={ s.relevance_level.to_string() }
                    hint="Grades at or above this count as relevant for binary measures (trec_eval -l)."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.relevance_level = parse_level(raw)?; Ok(()) }) as Applier } />
                <TextSetting on_unread={ props.on_unread.clone() } id="set-scale" label="Grade scale: 0 to" value={ s.scale_max.to_string() }
                    hint="1 = binary (R/N), 3 or 4 = graded. The form offers these grades; larger ones are flagged."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.scale_max = parse_scale(raw)?; Ok(()) }) as Applier } />
                <Choice id="set-ties" label="Tied scores (files)" hint={ s.ties.description() }
                    options={ TieBreak::ALL.iter().map(|v| (v.name(), v.label())).collect::<Vec<_>>() } selected={ s.ties.name() }
                    on_select={ choose(|n, v| if let Ok(t) = v.parse() { n.ties = t }) } />
                <Choice id="set-missing" label="Queries missing from a run" hint={ s.missing.description() }
                    options={ MissingQueries::ALL.iter().map(|v| (v.name(), v.label())).collect::<Vec<_>>() } selected={ s.missing.name() }
                    on_select={ choose(|n, v| if let Ok(m) = v.parse() { n.missing = m }) } />
                <Choice id="set-duplicates" label="Repeated docids (files)" hint={ s.duplicates.description() }
                    options={ DuplicatePolicy::ALL.iter().map(|v| (v.name(), v.label())).collect::<Vec<_>>() } selected={ s.duplicates.name() }
                    on_select={ choose(|n, v| if let Ok(d) = v.parse() { n.duplicates = d }) } />
            </div>
            <fieldset class="families">
                <legend>{ "Measures" }</legend>
                <div class="family-boxes">{ for family_boxes }</div>
                <label class="check" for="set-qrels-prefs">
                    <input type="checkbox" id="set-qrels-prefs" data-testid="set-qrels-prefs" checked={ s.qrels_prefs } onchange={ qrels_prefs_change } />
                    { "Preference measures from TREC qrels too (trec_eval's -R qrels_prefs)" }
                </label>
                <TextSetting on_unread={ props.on_unread.clone() } id="set-extra" label="More measures by name" value={ s.extra.clone() } wide=true
                    hint="Core names, separated by commas: nDCG(dcg='exp-log2')@5, RBP(p=0.5,rel=1), MR, FRP@10, Judged@10, Bpref, Rprec, GAP."
                    settings={ s.clone() } on_change={ props.on_change.clone() } apply={ (|n: &mut Settings, raw: &str| { n.extra = raw.to_string(); Ok(()) }) as Applier } />
                if let Some(p) = extra_problem {
                    <p class="field-error" role="alert" data-testid="measure-problems">
                        { code_spans(&format!("{} of {extra_names} typed names not read: {p}", props.measure_problems.len())) }
                    </p>
                }
            </fieldset>
        </details>
    }
}

/// The typed measure names that could not be read, as the panel lists
/// them: (column, name, message).
pub fn measure_problems(
    problems: &[crate::settings::MeasureNameProblem],
) -> Vec<(usize, String, String)> {
    problems
        .iter()
        .map(|p| (p.column, p.name.clone(), p.message.clone()))
        .collect()
}
