//! The examples menu, and for a loaded article example, what the article
//! states beside what Ranklab computes.

use crate::shared::same_rc::SameRc;
use std::rc::Rc;

use crate::shared::evaluation::Metric;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::model::example::{find, Case, Verdict, CASES};
use crate::shared::evaluation::{format_value, SystemResult};
use crate::shared::sideways::Sideways;

/// The menu's groups of worked examples, in order.
const TOPICS: [&str; 5] = [
    "Reciprocal rank (MRR)",
    "Average precision (MAP)",
    "Precision and recall",
    "nDCG and discounts",
    "Expected reciprocal rank (ERR)",
];

/// Props of [`ExamplesMenu`].
#[derive(Properties, PartialEq)]
pub struct ExamplesMenuProps {
    /// Called with the chosen case id.
    pub on_load: Callback<String>,
    /// The select's id and test id (the load button's test id is this
    /// with `-load`, or `load-case` for the header's menu).
    #[prop_or(AttrValue::Static("examples"))]
    pub id: AttrValue,
    /// The example on the page now, as loaded (the menu shows it, after a
    /// reload too); `None` once it is edited or files come in, or before
    /// any: the menu then asks for one.
    #[prop_or_default]
    pub current: Option<AttrValue>,
}

/// A select of every case and a Load button.
#[component]
pub fn ExamplesMenu(props: &ExamplesMenuProps) -> Html {
    // The example on the page, or "" (none: the menu asks for one).
    let shown = || {
        props
            .current
            .as_deref()
            .filter(|id| find(id).is_some())
            .unwrap_or_default()
            .to_string()
    };
    let chosen = use_state(shown);
    {
        // An example loaded elsewhere (the other menu, a link) is shown.
        let (chosen, current) = (chosen.clone(), shown());
        use_effect_with(props.current.clone(), move |_| {
            if *chosen != current {
                chosen.set(current);
            }
        });
    }
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            chosen.set(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let onclick = {
        let (chosen, on_load) = (chosen.clone(), props.on_load.clone());
        Callback::from(move |_: MouseEvent| on_load.emit((*chosen).clone()))
    };
    let id = props.id.clone();
    let load_id = if id == "examples" {
        AttrValue::Static("load-case")
    } else {
        AttrValue::from(format!("{id}-load"))
    };
    let option = |c: &Case| {
        html! { <option value={ c.id } selected={ *chosen == c.id }>{ c.title }</option> }
    };
    html! {
        <div class="examples-menu">
            <label for={ id.clone() }>{ "Examples" }</label>
            <select id={ id.clone() } data-testid={ id.clone() } { onchange }>
                <option value="" disabled=true selected={ chosen.is_empty() }>{ "Choose an example…" }</option>
                { for CASES.iter().filter(|c| c.topic() == "Start").map(option) }
                { for TOPICS.iter().map(|topic| html! {
                    <optgroup label={ *topic }>
                        { for CASES.iter().filter(|c| c.topic() == *topic).map(option) }
                    </optgroup>
                }) }
            </select>
            <button type="button" data-testid={ load_id } disabled={ chosen.is_empty() } { onclick }>{ "Load" }</button>
        </div>
    }
}

/// Props of [`CaseChecks`].
#[derive(Properties, PartialEq)]
pub struct CaseChecksProps {
    /// The loaded case id.
    pub case: String,
    /// Measures of the table.
    pub measures: Rc<Vec<Metric>>,
    /// Evaluated systems.
    pub systems: SameRc<Vec<SystemResult>>,
}

/// Stated values of the loaded case next to Ranklab's.
#[component]
pub fn CaseChecks(props: &CaseChecksProps) -> Html {
    let Some(case) = find(&props.case) else {
        return html! {};
    };
    if case.checks.is_empty() {
        return html! {};
    }
    let value = |system: &str, query: Option<&str>, measure: &str| -> Option<f64> {
        let j = props
            .measures
            .iter()
            .position(|m| m.to_string() == measure)?;
        let s = props.systems.iter().find(|s| s.name == system)?;
        match query {
            None => s.means.get(j).copied(),
            Some(q) => s.queries.iter().find(|r| r.id == q).map(|r| r.values[j]),
        }
    };
    html! {
        <section class="case-checks" aria-labelledby="case-checks-title" data-testid="case-checks">
            <h3 id="case-checks-title">{ format!("The article and Ranklab: {}", case.title) }</h3>
            <Sideways label="The article and Ranklab" size={ case.checks.len() * 6 }>
            <table class="results">
                <thead>
                    <tr>
                        <th scope="col">{ "System" }</th>
                        <th scope="col">{ "Query" }</th>
                        <th scope="col">{ "Measure" }</th>
                        <th scope="col" class="num">{ "Article states" }</th>
                        <th scope="col" class="num">{ "Ranklab" }</th>
                        <th scope="col">{ "Verdict" }</th>
                    </tr>
                </thead>
                <tbody>
                    { for case.checks.iter().map(|c| {
                        let v = value(c.system, c.query, c.measure);
                        let verdict = Verdict::of(v, c.stated, case.parting);
                        html! {
                            <tr data-testid="case-check" data-seed={ c.seed } data-part={ c.part }>
                                <td>{ c.system }</td>
                                <td>{ c.query.unwrap_or("mean") }</td>
                                <td>{ c.measure }</td>
                                <td class="num">{ c.stated }</td>
                                <td class="num" data-value={ v.map(|v| v.to_string()).unwrap_or_default() }>
                                    { v.map(format_value).unwrap_or_else(|| "—".into()) }
                                </td>
                                <td class={ verdict.class() } data-testid="case-verdict">{ verdict.text() }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            </Sideways>
            if !case.note.is_empty() {
                <p class="note" data-testid="case-note">{ case.note }</p>
            }
        </section>
    }
}
