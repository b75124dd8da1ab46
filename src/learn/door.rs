//! The learn door's layout: the exercises first (a teacher's set, random
//! ones, or the typed rankings; projector mode and handouts), then the
//! gallery of worked examples from the articles, which opens an example in
//! the calculate door.

use yew::prelude::*;

use crate::learn::examples_menu::ExamplesMenu;
use crate::learn::exercises::ExercisePanel;
use crate::model::state::SavedSet;
use crate::settings::Family;
use crate::shared::evaluation::QuickInput;
use crate::shared::same_rc::SameRc;

/// What the learn door shows.
pub struct LearnDoor {
    /// The typed rankings (exercises can be made from them).
    pub input: SameRc<QuickInput>,
    /// A worked example is opened (by its id).
    pub on_case: Callback<String>,
    /// The worked example on the page now, as loaded (not once edited).
    pub case: Option<String>,
    /// The teacher's set opened (from a file or a link; `None`: the
    /// example set), kept with the page's state.
    pub set: Option<SavedSet>,
    /// Another set is opened.
    pub on_set: Callback<Option<SavedSet>>,
}

/// The articles the worked examples come from, numbered as the examples
/// name them ("article 004"): each one's title where it has one, and what
/// it covers, in Ranklab's words.
const ARTICLES: [(&str, &str); 5] = [
    (
        "Ranking metrics: pitfalls and best practices",
        "Hongsup Shin's post (February 2025) on how MRR and nDCG discount by position, and the pitfalls of cutoffs and grades",
    ),
    (
        "An untitled tutorial on ranking evaluation",
        "why error measures such as MSE do not fit rankings, then precision and recall at k, MAP, MRR, nDCG, ERR, RBP and Kendall's tau",
    ),
    (
        "Ranking Metrics",
        "a chapter of an online machine-learning book: precision at k, average precision and nDCG, per query then averaged",
    ),
    (
        "An untitled post on MRR and MAP in search",
        "why MRR and MAP fit poorly how people search today, and nDCG and ERR as the alternatives",
    ),
    (
        "Ranking Evaluation",
        "a textbook section on MAP, nDCG and ERR, with the discounts behind them",
    ),
];

/// Lays the learn door out.
pub fn learn_door(d: LearnDoor) -> Html {
    html! {
        <main class="learn-door" id="main">
            <details class="measures-brief" data-testid="measures-brief">
                <summary>{ "What the measures compute: RR, AP, nDCG, ERR, P@k and R@k in brief" }</summary>
                <dl>
                    { for Family::HEADLINE.iter().map(|f| html! {
                        <><dt>{ f.label() }</dt><dd>{ f.brief() }</dd></>
                    }) }
                </dl>
                <p class="hint">{ "Each value in Calculate opens its whole calculation, step by step." }</p>
            </details>
            <ExercisePanel input={ d.input } set={ d.set } on_set={ d.on_set } />
            <section class="gallery" aria-labelledby="gallery-title">
                <h2 id="gallery-title">{ "Worked examples" }</h2>
                <p class="hint">{ "The worked examples of the five articles on ranking measures Ranklab was built from, each with the article's stated value beside the correct one (where an article's number is off, the example says why). Loading one opens it in Calculate." }</p>
                <ExamplesMenu on_load={ d.on_case } id="gallery-examples" current={ d.case.map(AttrValue::from) } />
                <details class="articles" data-testid="articles">
                    <summary>{ "The five articles, by the numbers the examples give them" }</summary>
                    <ul class="article-list">
                        { for ARTICLES.iter().enumerate().map(|(i, (title, what))| html! {
                            <li><span class="article-number">{ format!("Article {i:03}") }</span>{ " " }<strong>{ *title }</strong>{ ": " }{ *what }</li>
                        }) }
                    </ul>
                </details>
            </section>
        </main>
    }
}
