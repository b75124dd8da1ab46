//! The preset comparison's values for its view: each tool's conventions
//! applied to the data, the measure they differ most on, and the causes of
//! a picked value, computed in memos while the panel is open (never in
//! render, and not at all while it is closed).

use std::rc::Rc;

use yew::prelude::*;

use crate::model::state::LoadedFile;
use crate::shared::evaluation::{causes, compare_presets, most_different};
use crate::shared::evaluation::{Cause, Metric, Preset, PresetRow, QuickInput};
use crate::shared::same_rc::SameRc;

/// Each tool's means (tool names, rows, and the measure they differ most
/// on with by how much).
pub type PresetTable = (Vec<String>, Vec<PresetRow>, Option<(usize, f64)>);

/// What the comparison view shows and how it asks for more.
pub struct Comparison {
    /// The panel is open.
    pub open: bool,
    /// The panel was opened or closed.
    pub ontoggle: Callback<Event>,
    /// The measure shown (its index in the table's measures).
    pub measure: usize,
    /// The reader chose the measure (else the one they differ most on).
    pub chosen: bool,
    /// The tools' means, once computed.
    pub table: Rc<Option<PresetTable>>,
    /// The picked value (tool, system), if any.
    pub picked: Option<(Preset, String)>,
    /// Its causes: the conventions that alone change it.
    pub causes: Rc<Vec<Cause>>,
    /// Chooses the measure (a select's change).
    pub choose_measure: Callback<Event>,
    /// Picks a value to explain.
    pub pick: Callback<(Preset, String)>,
}

/// The comparison of `input` and `files` on `measures` (files too big to
/// read again are not compared).
#[hook]
pub fn use_comparison(
    input: SameRc<QuickInput>,
    files: Rc<Vec<LoadedFile>>,
    measures: Rc<Vec<Metric>>,
    level: i64,
) -> Comparison {
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
    // Every measure of the table at once, to open on the one that differs.
    let computable = *open && files.iter().all(|f| f.big.is_none());
    let table = use_memo(
        (
            computable,
            measures.clone(),
            input.clone(),
            files.clone(),
            level,
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
        .min(measures.len().saturating_sub(1));
    let wanted = measures.get(mi).cloned();
    let found = use_memo(
        (computable, wanted, (*picked).clone(), input, files, level),
        |(computable, wanted, picked, input, files, level)| match (wanted, picked) {
            (Some(metric), Some((preset, system))) if *computable => {
                causes(input, files, metric, system, *preset, *level)
                    .into_iter()
                    .filter(|c| !c.queries.is_empty())
                    .collect()
            }
            _ => Vec::new(),
        },
    );
    let choose_measure = {
        let (measure, picked) = (measure.clone(), picked.clone());
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
    let pick = {
        let picked = picked.clone();
        Callback::from(move |target: (Preset, String)| picked.set(Some(target)))
    };
    Comparison {
        open: *open,
        ontoggle,
        measure: mi,
        chosen: measure.is_some(),
        table,
        picked: (*picked).clone(),
        causes: found,
        choose_measure,
        pick,
    }
}
