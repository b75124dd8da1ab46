//! The measure the per-query views show, one choice for the per-query
//! table and the charts of per-query values: picked in either, both
//! follow, so the chart below the table shows the table's measure.

use yew::prelude::*;

use crate::settings::inputs::selected_index;
use crate::shared::kept_choice::use_kept_choice;

/// The measure chosen (an index into the table's measures; views clamp it
/// to the measures there are) and how to choose another.
#[derive(Clone, PartialEq)]
pub struct MeasureChoice {
    /// The measure's index.
    pub index: usize,
    /// Chooses measure `i`.
    pub on_choose: Callback<usize>,
}

impl MeasureChoice {
    /// The index shown among `count` measures.
    pub fn shown(&self, count: usize) -> usize {
        self.index.min(count.saturating_sub(1))
    }

    /// A measure select's change handler (its options' values are indices).
    pub fn on_select(&self) -> Callback<Event> {
        self.on_choose.reform(|e: Event| selected_index(&e))
    }
}

/// The page's one measure choice (the first measure at first; where
/// `keep`, the one chosen before a reload).
#[hook]
pub fn use_measure_choice(keep: bool) -> MeasureChoice {
    let index = use_kept_choice("ranklab.view.measure", keep, 0);
    let on_choose = {
        let index = index.clone();
        use_callback((), move |i: usize, _: &()| index.set(i))
    };
    MeasureChoice {
        index: *index,
        on_choose,
    }
}
