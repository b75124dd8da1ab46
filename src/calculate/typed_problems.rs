//! The typed text's problems under it: each located (a click selects it in
//! the text), and, when the text is a TREC file typed or pasted where
//! rankings go, an offer to load it as a file instead of a list of bad
//! grades.

use yew::prelude::*;

use crate::shared::error_list::ErrorList;
use crate::shared::evaluation::{InputKind, ParseError};

/// What the typed text's problems show.
pub struct TypedProblemsProps {
    /// The typed text's problems.
    pub errors: Vec<ParseError>,
    /// The text is this kind of TREC file.
    pub trec_in_text: Option<InputKind>,
    /// Load the text as a file.
    pub on_load_as_file: Callback<()>,
    /// Select a problem's place in the text.
    pub on_locate: Callback<(usize, usize)>,
}

/// The typed text's problems.
pub fn typed_problems(props: &TypedProblemsProps) -> Html {
    html! {
        <>
            if let Some(kind) = props.trec_in_text {
                <p class="notice" role="status" data-testid="trec-in-text">
                    { format!("This text is a {}, not rankings in the quick format. ", kind.label()) }
                    <button type="button" data-testid="load-as-file" onclick={ props.on_load_as_file.reform(|_| ()) }>{ "Load it as a file" }</button>
                </p>
            }
            <ErrorList errors={ props.errors.clone() } id="quick-input-errors" testid="errors" polite=true on_locate={ Some(props.on_locate.clone()) } />
        </>
    }
}
