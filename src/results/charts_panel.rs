//! The charts panel: the choice of chart and of its measure, systems or
//! query, the chart (made by [`super::chart_kinds`]) with its data table for
//! screen readers, keyboard movement between its marks, and SVG and PNG
//! downloads; light or dark follows the page.

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use crate::charts::untag_marks;
use crate::charts::Theme;
use crate::results::chart_kinds::{chart_of, ChartInputs, Kind};
use crate::results::explanation::Selected;
use crate::results::measure_choice::MeasureChoice;
use crate::settings::Settings;
use crate::shared::dom::on_window;
use crate::shared::download::{download, download_png};
use crate::shared::evaluation::{
    cutoff_curve, with_queries, Metric, StatsReport, SystemResult, SHOWN_RANKS,
};
use crate::shared::kept_choice::use_kept_choice;
use crate::shared::same_rc::SameRc;

/// Props of [`ChartsPanel`].
#[derive(Properties, PartialEq)]
pub struct ChartsPanelProps {
    /// Measures of the table.
    pub measures: Rc<Vec<Metric>>,
    /// All systems.
    pub systems: SameRc<Vec<SystemResult>>,
    /// Statistics per measure (intervals).
    pub stats: SameRc<Vec<StatsReport>>,
    /// Settings in use.
    pub settings: Settings,
    /// Opens the explanation of a clicked bar or point.
    pub on_select: Callback<Selected>,
    /// A colour scheme the page around an embed chose (`None`: the browser's).
    #[prop_or_default]
    pub theme: Option<Theme>,
    /// The measure of the per-query charts (the per-query table's too).
    pub measure: MeasureChoice,
    /// The chart shown is kept across reloads (the full page; not an embed).
    #[prop_or_default]
    pub keep: bool,
}

/// The size charts are drawn at before the panel is measured.
const SIZE: (u32, u32) = (760, 380);

/// The charts panel's width in pixels, once it is laid out.
fn panel_width(panel: &NodeRef) -> Option<u32> {
    let w = panel.cast::<web_sys::Element>()?.client_width();
    (w > 0).then_some(w as u32)
}

/// The tallest a chart grows for its legend; past it the legend says how
/// many entries it leaves out.
const MOST_HEIGHT: u32 = 620;

/// The size to draw a chart at in a panel `width` pixels wide, for a
/// legend of `entries`: the panel's width (so text is drawn at its size,
/// never scaled down), and tall enough for the legend up to
/// [`MOST_HEIGHT`].
pub(crate) fn chart_size(width: u32, entries: usize) -> (u32, u32) {
    let w = width.clamp(280, 1100);
    let h = if w < 560 { 340 } else { 380 };
    (w, h.max(80 + 20 * entries as u32).min(MOST_HEIGHT))
}

/// A chart's drawing, or in its place why it could not be drawn. On a
/// touch screen its marks are not targets: a bar a few pixels wide is no
/// target for a finger, and every value it stands for opens its
/// explanation from the tables.
pub(crate) fn drawing(svg: Result<String, String>) -> Html {
    match svg {
        Ok(svg) if coarse_pointer() => {
            Html::from_html_unchecked(AttrValue::from(untag_marks(&svg)))
        }
        Ok(svg) => Html::from_html_unchecked(AttrValue::from(svg)),
        Err(e) => html! {
            <p class="field-error" role="alert" data-testid="chart-error">
                { format!("This chart could not be drawn ({e}); its data table follows.") }
            </p>
        },
    }
}

/// Whether the main pointer is a finger (a touch screen).
fn coarse_pointer() -> bool {
    gloo::utils::window()
        .match_media("(pointer: coarse)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The page's colour scheme, as the browser prefers it.
pub(crate) fn theme() -> Theme {
    let dark = gloo::utils::window()
        .match_media("(prefers-color-scheme: dark)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches());
    if dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// The panel's width, measured after each render and on resize.
#[hook]
pub(crate) fn use_panel_width(panel: &NodeRef) -> u32 {
    let width = use_state(|| SIZE.0);
    {
        let (panel, width) = (panel.clone(), width.clone());
        use_effect(move || {
            if let Some(w) = panel_width(&panel).filter(|w| *w != *width) {
                width.set(w);
            }
        });
    }
    {
        let (panel, width) = (panel.clone(), width.setter());
        use_effect_with((), move |_| {
            on_window("resize", move || {
                if let Some(w) = panel_width(&panel) {
                    width.set(w);
                }
            })
        });
    }
    *width
}

/// A click (or Enter) on a tagged bar or point of a chart opens its
/// explanation; arrow keys, Home and End move between the marks.
fn mark_handlers(
    on_select: &Callback<Selected>,
) -> (Callback<MouseEvent>, Callback<KeyboardEvent>) {
    // A click (or Enter) on a tagged bar or point opens its explanation.
    let open_mark = {
        let on_select = on_select.clone();
        move |target: Option<web_sys::EventTarget>| {
            use wasm_bindgen::JsCast;
            let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
                return;
            };
            let Ok(Some(mark)) = el.closest("[data-system]") else {
                return;
            };
            let (Some(system), Some(measure)) = (
                mark.get_attribute("data-system"),
                mark.get_attribute("data-measure"),
            ) else {
                return;
            };
            on_select.emit(Selected {
                system,
                query: mark.get_attribute("data-query"),
                measure: measure.parse().unwrap_or(0),
            });
        }
    };
    let on_chart_click = {
        let open = open_mark.clone();
        Callback::from(move |e: MouseEvent| open(e.target()))
    };
    let on_chart_key = Callback::from(move |e: KeyboardEvent| {
        let key = e.key();
        if key == "Enter" || key == " " {
            e.prevent_default();
            open_mark(e.target());
            return;
        }
        // Arrow keys, Home and End move between the marks (one Tab stop).
        let step: Option<i64> = match key.as_str() {
            "ArrowRight" | "ArrowDown" => Some(1),
            "ArrowLeft" | "ArrowUp" => Some(-1),
            "Home" => Some(i64::MIN),
            "End" => Some(i64::MAX),
            _ => None,
        };
        let (Some(step), Some(target)) = (step, e.target()) else {
            return;
        };
        use wasm_bindgen::JsCast;
        let Some(mark) = target.dyn_ref::<web_sys::Element>() else {
            return;
        };
        let Some(svg) = mark.closest("svg").ok().flatten() else {
            return;
        };
        let Ok(list) = svg.query_selector_all("[role=\"button\"]") else {
            return;
        };
        let marks: Vec<web_sys::Element> = (0..list.length())
            .filter_map(|i| list.item(i).and_then(|n| n.dyn_into().ok()))
            .collect();
        let Some(at) = marks.iter().position(|m| m == mark) else {
            return;
        };
        let next = match step {
            i64::MIN => 0,
            i64::MAX => marks.len() - 1,
            s => (at as i64 + s).clamp(0, marks.len() as i64 - 1) as usize,
        };
        e.prevent_default();
        for (i, m) in marks.iter().enumerate() {
            let _ = m.set_attribute("tabindex", if i == next { "0" } else { "-1" });
        }
        if let Some(el) = marks[next].dyn_ref::<web_sys::SvgElement>() {
            let _ = el.focus();
        }
    });
    (on_chart_click, on_chart_key)
}

/// The two systems of the scatter chart.
fn pair_selects(pair: &UseStateHandle<(usize, usize)>, names: &[String]) -> Html {
    let system_select = |id: &'static str, label: &'static str, which: usize| {
        let pair = pair.clone();
        let current = if which == 0 { pair.0 } else { pair.1 };
        let onchange = Callback::from(move |e: Event| {
            let v: usize = e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(0);
            pair.set(if which == 0 { (v, pair.1) } else { (pair.0, v) });
        });
        html! {
            <>
                <label for={ id }>{ label }</label>
                <select id={ id } data-testid={ id } { onchange }>
                    { for names.iter().enumerate().map(|(i, n)| html! { <option value={ i.to_string() } selected={ i == current }>{ n.clone() }</option> }) }
                </select>
            </>
        }
    };
    html! { <span class="pair-selects">{ system_select("chart-a", "A ", 0) }{ system_select("chart-b", " B ", 1) }{ " " }</span> }
}

/// The system and query of ERR's stopping chart.
fn stop_selects(
    pair: &UseStateHandle<(usize, usize)>,
    stop_query: &UseStateHandle<usize>,
    shown: &[&SystemResult],
    names: &[String],
) -> Html {
    let sys = shown[pair.0.min(shown.len() - 1)];
    let on_system = {
        let (pair, stop_query) = (pair.clone(), stop_query.clone());
        Callback::from(move |e: Event| {
            let v: usize = e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(0);
            pair.set((v, pair.1));
            stop_query.set(0);
        })
    };
    let on_query = {
        let stop_query = stop_query.clone();
        Callback::from(move |e: Event| {
            stop_query.set(
                e.target_unchecked_into::<HtmlSelectElement>()
                    .value()
                    .parse()
                    .unwrap_or(0),
            )
        })
    };
    html! {
        <span class="pair-selects">
            <label for="chart-stop-system">{ "ERR stopping for " }</label>
            <select id="chart-stop-system" data-testid="chart-stop-system" onchange={ on_system }>
                { for names.iter().enumerate().map(|(i, n)| html! { <option value={ i.to_string() } selected={ i == pair.0 }>{ n.clone() }</option> }) }
            </select>
            <label for="chart-stop-query">{ " query " }</label>
            <select id="chart-stop-query" data-testid="chart-stop-query" onchange={ on_query }>
                { for sys.queries.iter().enumerate().map(|(i, q)| html! { <option value={ i.to_string() } selected={ i == **stop_query }>{ q.id.clone() }</option> }) }
            </select>
        </span>
    }
}

/// Each system's Measure@k curve (`wanted`: the curves chart is shown; else
/// none). They judge every query at every cutoff: made by the core once per
/// change of what they show, not at each drawing.
#[hook]
fn use_curves(
    systems: &SameRc<Vec<SystemResult>>,
    settings: &Settings,
    family: &str,
    k_max: usize,
    wanted: bool,
) -> Rc<Vec<Vec<f64>>> {
    use_memo(
        (
            systems.clone(),
            family.to_string(),
            k_max,
            settings.clone(),
            wanted,
        ),
        |(systems, family, k_max, settings, wanted)| {
            if !wanted {
                return Vec::new();
            }
            with_queries(systems)
                .into_iter()
                .map(|s| {
                    cutoff_curve(
                        s,
                        |k| settings.family_at(family, k),
                        *k_max,
                        settings.relevance_level,
                    )
                })
                .collect::<Vec<_>>()
        },
    )
}

/// The charts panel.
#[component]
pub fn ChartsPanel(props: &ChartsPanelProps) -> Html {
    let kind_at = use_kept_choice("ranklab.view.chart", props.keep, 0);
    let kind = Kind::ALL.get(*kind_at).copied().unwrap_or(Kind::Comparison);
    let panel = use_node_ref();
    let width = use_panel_width(&panel);
    let family = use_state(|| "nDCG".to_string());
    let pair = use_state(|| (0usize, 1usize));
    let save_problem = use_state(|| None::<String>);
    let stop_query = use_state(|| 0usize);
    let k_max = props
        .settings
        .cutoffs
        .iter()
        .copied()
        .max()
        .unwrap_or(10)
        .clamp(2, SHOWN_RANKS);
    let curves = use_curves(
        &props.systems,
        &props.settings,
        &family,
        k_max,
        kind == Kind::Curves,
    );
    let shown: Vec<&SystemResult> = with_queries(&props.systems);
    if shown.is_empty() || props.measures.is_empty() {
        return html! {};
    }
    let th = props.theme.unwrap_or_else(theme);
    let size = if kind == Kind::Comparison {
        // One panel per measure, one row per system: as tall as they need.
        crate::charts::per_measure::per_measure_size(
            width.clamp(280, 1100),
            props.measures.len(),
            shown.len(),
        )
    } else {
        chart_size(width, shown.len().max(props.measures.len()))
    };
    let names: Vec<String> = shown.iter().map(|s| s.name.clone()).collect();
    let measure_names: Vec<String> = props.measures.iter().map(ToString::to_string).collect();
    let mi = props.measure.shown(props.measures.len());
    let (title, svg, table) = chart_of(
        kind,
        &ChartInputs {
            settings: &props.settings,
            stats: &props.stats,
            measures: &props.measures,
            shown: &shown,
            names: &names,
            measure_names: &measure_names,
            mi,
            k_max,
            theme: th,
            size,
            family: &family,
            curves: &curves,
            pair: *pair,
            stop_query: *stop_query,
        },
    );
    let select = |v: Kind, label: &'static str, id: &'static str| {
        let kind_at = kind_at.clone();
        let (pressed, at) = (
            kind == v,
            Kind::ALL.iter().position(|&k| k == v).unwrap_or(0),
        );
        html! {
            <button type="button" aria-pressed={ pressed.to_string() } data-testid={ id }
                onclick={ Callback::from(move |_: MouseEvent| kind_at.set(at)) }>{ label }</button>
        }
    };
    let on_family = {
        let family = family.clone();
        Callback::from(move |e: Event| {
            family.set(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let on_measure = props.measure.on_select();
    let pair_selects = pair_selects(&pair, &names);
    let stop_selects = stop_selects(&pair, &stop_query, &shown, &names);
    let (on_chart_click, on_chart_key) = mark_handlers(&props.on_select);
    // A chart that could not be drawn says why in its place (its data
    // table still follows) and offers no file to save.
    let drawn = svg.clone().ok();
    let on_save_png = {
        let (svg, problem) = (drawn.clone().unwrap_or_default(), save_problem.clone());
        Callback::from(move |_: MouseEvent| {
            problem.set(download_png("ranklab-chart.png", &svg, size.0, size.1).err());
        })
    };
    let on_save = {
        let (svg, problem) = (drawn.clone().unwrap_or_default(), save_problem.clone());
        Callback::from(move |_: MouseEvent| {
            problem.set(download("ranklab-chart.svg", "image/svg+xml", &svg).err());
        })
    };
    html! {
        <section class="charts" aria-labelledby="charts-title" data-testid="charts" ref={ panel }>
            <h3 id="charts-title">{ "Charts" }</h3>
            <div class="chart-kinds" role="group" aria-label="Chart">
                { select(Kind::Comparison, "Systems per measure", "chart-comparison") }
                { select(Kind::Ranks, "Rank agreement", "chart-ranks") }
                { select(Kind::Curves, "Measure@k", "chart-curves") }
                { select(Kind::Distribution, "Per query", "chart-distribution") }
                { select(Kind::Scatter, "A vs B", "chart-scatter") }
                { select(Kind::Discounts, "Discounts", "chart-discounts") }
                { select(Kind::Gains, "Gains", "chart-gains") }
            </div>
            if kind == Kind::Curves {
                <label for="chart-family">{ "Measure " }</label>
                <select id="chart-family" data-testid="chart-family" onchange={ on_family }>
                    { for ["P", "R", "nDCG", "ERR"].iter().map(|f| html! { <option value={ *f } selected={ *family == *f }>{ format!("{f}@k") }</option> }) }
                </select>
            }
            if kind == Kind::Scatter {
                { pair_selects }
            }
            if kind == Kind::Discounts {
                { stop_selects }
            }
            if kind == Kind::Distribution || kind == Kind::Scatter {
                <label for="chart-measure">{ "Measure " }</label>
                <select id="chart-measure" data-testid="chart-measure" onchange={ on_measure }>
                    { for measure_names.iter().enumerate().map(|(i, m)| html! { <option value={ i.to_string() } selected={ i == mi }>{ m.clone() }</option> }) }
                </select>
            }
            <figure class="chart" data-testid="chart" data-kind={ title }>
                <div class="chart-svg" role="group" onclick={ on_chart_click } onkeydown={ on_chart_key }
                    aria-label={ if matches!(kind, Kind::Comparison | Kind::Scatter) {
                        format!("{title} chart; bars and points open their calculation; its data table follows")
                    } else {
                        format!("{title} chart; its data table follows")
                    } }>
                    { drawing(svg) }
                </div>
                <figcaption>{ table }</figcaption>
            </figure>
            if drawn.is_some() {
                <div class="export-bar">
                    <button type="button" data-testid="save-svg" onclick={ on_save }>{ "Save chart as SVG" }</button>
                    <button type="button" data-testid="save-png" onclick={ on_save_png }>{ "Save chart as PNG" }</button>
                </div>
            }
            if let Some(p) = (*save_problem).clone() {
                <p class="field-error" role="alert" data-testid="chart-save-error">{ p }</p>
            }
        </section>
    }
}
