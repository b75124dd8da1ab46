//! The page in embed mode: a bar with the way to the full calculator, the
//! link's or block's problems, then results, explanation, chart and the
//! rankings to edit: for a documentation page's block (`host`) in the order
//! and with the parts its options ask for; for an `?embed` link results
//! first, so the numbers a page discusses are in view in a frame of 560 px.

use yew::prelude::*;

use crate::embed::block::{Block, BlockView};
use crate::embed::block_problems::BlockProblems;
use crate::embed::request::EmbedLook;

/// An embed tells the page around it how tall it is.
#[hook]
pub fn use_report_height(embed: bool) {
    use_effect_with(embed, |&embed| {
        if embed {
            crate::embed::request::report_height();
        }
    });
}

/// The parts of the embedded page, made by the app.
pub struct EmbedPage {
    /// The link that opens the same state in the full calculator.
    pub open_full: String,
    /// What could not be read from the link.
    pub link_problem: Option<String>,
    /// The documentation page's block, once it came.
    pub block: Option<Block>,
    /// Made by embed.js for a documentation page.
    pub host: bool,
    /// How an `?embed` address asks it to look (its view; embed.js's
    /// calculators take theirs from the block).
    pub look: EmbedLook,
    /// The results table.
    pub results_table: Html,
    /// The open explanation.
    pub explanation: Html,
    /// The charts.
    pub charts: Html,
    /// The rankings to edit, with their problems.
    pub rankings: Html,
    /// An example's values beside the article's.
    pub case_checks: Html,
}

/// Lays the parts out.
pub fn embed_page(p: EmbedPage) -> Html {
    let EmbedPage {
        open_full,
        link_problem,
        block,
        host,
        look,
        results_table,
        explanation,
        charts,
        rankings,
        case_checks,
    } = p;
    html! {
                <div class="page embed">
                    <div class="embed-bar">
                        <strong>{ "Ranklab" }</strong>
                        <a href={ open_full } target="_blank" rel="noopener" data-testid="open-full">{ "Open in the full calculator ↗" }</a>
                    </div>
                    if let Some(p) = link_problem {
                        <p class="field-error" role="alert" data-testid="link-error">{ p }</p>
                    }
                    if let Some(b) = &block {
                        <BlockProblems problems={ b.problems.clone() } />
                    }
                    if host {
                        // A documentation page's calculator: results, chart, then the rankings to edit.
                        if block.as_ref().is_none_or(|b| b.view != BlockView::Chart) {
                            { results_table }
                        }
                        { explanation }
                        if block.as_ref().is_none_or(|b| b.view != BlockView::Table) {
                            { charts }
                        }
                        { rankings }
                    } else {
                    // Results first: the numbers a page discusses are in view
                    // in a frame of 560 px; the rankings follow, compact.
                    if look.view != BlockView::Chart {
                        { results_table }
                    }
                    { explanation }
                    { rankings }
                    if look.view != BlockView::Table {
                        { charts }
                    }
                    { case_checks }
                    }
                </div>
    }
}
