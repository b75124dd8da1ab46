//! The calculate door's layout: the rankings (form or text) with their
//! problems, then the settings (a folded section on a phone), beside the
//! results.

use std::rc::Rc;

use yew::prelude::*;

use crate::results::beside_results::{beside_results, BesideResults};
use crate::results::summary_bar::SummaryBar;
use crate::shared::evaluation::{Metric, SystemResult};
use crate::shared::same_rc::SameRc;

/// What the calculate door shows.
pub struct CalculateDoor {
    /// The measures (for the summary line).
    pub metrics: Rc<Vec<Metric>>,
    /// The systems (for the summary line).
    pub systems: SameRc<Vec<SystemResult>>,
    /// The input tabs and the shown editor.
    pub input: Html,
    /// The typed text's problems.
    pub problems: Html,
    /// Why the work could not be kept in this browser.
    pub save_problem: Option<String>,
    /// The settings panel.
    pub settings: Html,
    /// The results pane.
    pub results: Html,
}

/// Lays the calculate door out.
pub fn calculate_door(d: CalculateDoor) -> Html {
    beside_results(BesideResults {
        label: "Rankings",
        input: html! {
            <>
                <SummaryBar measures={ d.metrics } systems={ d.systems } />
                { d.input }
                { d.problems }
            </>
        },
        save_problem: d.save_problem,
        settings: d.settings,
        results: d.results,
    })
}
