//! Settings fields shared by the panels: a text field read by a parser
//! (showing what is wrong until it reads) and a labelled select; each with a
//! one-line explanation.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::shared::code_text::code_spans;

use crate::settings::unread::UnreadChange;
use crate::settings::Settings;

/// A text field read by `apply`; shows the problem while it does not
/// read. The field keeps what was typed: a value replaced from outside
/// (example, link, clear) remounts it through the panel's key.
#[derive(Properties)]
pub struct TextSettingProps {
    pub id: AttrValue,
    pub label: AttrValue,
    pub hint: AttrValue,
    pub value: String,
    pub settings: Settings,
    pub apply: Applier,
    pub on_change: Callback<Settings>,
    #[prop_or_default]
    pub wide: bool,
    /// Told when the text stops or starts reading (see settings::unread).
    #[prop_or_default]
    pub on_unread: Callback<UnreadChange>,
}

/// Writes a field's text into settings, or says why it cannot.
pub type Applier = fn(&mut Settings, &str) -> Result<(), String>;

impl PartialEq for TextSettingProps {
    /// The applier is fixed per field, so it is left out of the comparison
    /// (function pointers do not compare meaningfully).
    fn eq(&self, other: &Self) -> bool {
        (
            &self.id,
            &self.label,
            &self.hint,
            &self.value,
            &self.settings,
            &self.on_change,
            self.wide,
            &self.on_unread,
        ) == (
            &other.id,
            &other.label,
            &other.hint,
            &other.value,
            &other.settings,
            &other.on_change,
            other.wide,
            &other.on_unread,
        )
    }
}

#[component]
pub fn TextSetting(props: &TextSettingProps) -> Html {
    let raw = use_state(|| props.value.clone());
    let problem = {
        let mut scratch = props.settings.clone();
        (props.apply)(&mut scratch, &raw).err()
    };
    let oninput = {
        let raw = raw.clone();
        let settings = props.settings.clone();
        let apply = props.apply;
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            let text = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut next = settings.clone();
            if apply(&mut next, &text).is_ok() && next != settings {
                on_change.emit(next);
            }
            raw.set(text);
        })
    };
    {
        // The page hears of a text that does not read (see settings::unread).
        let (report, id, label) = (
            props.on_unread.clone(),
            props.id.clone(),
            props.label.clone(),
        );
        use_effect_with(problem.clone(), move |problem| {
            report.emit((id.clone(), problem.clone().map(|p| (label, p))));
            move || report.emit((id, None))
        });
    }
    let error_id = format!("{}-error", props.id);
    let hint_id = format!("{}-hint", props.id);
    html! {
        <div class={ classes!("setting", props.wide.then_some("wide")) }>
            <label for={ props.id.clone() }>{ props.label.clone() }</label>
            <input id={ props.id.clone() } data-testid={ props.id.clone() } type="text"
                value={ (*raw).clone() } { oninput }
                spellcheck="false" autocomplete="off"
                aria-describedby={ if problem.is_some() { format!("{hint_id} {error_id}") } else { hint_id.clone() } }
                aria-invalid={ if problem.is_some() { "true" } else { "false" } } />
            <span class="hint" id={ hint_id }>{ props.hint.clone() }</span>
            if let Some(p) = problem {
                <span class="field-error" id={ error_id } role="alert">{ code_spans(&p) }</span>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ChoiceProps {
    pub id: AttrValue,
    pub label: AttrValue,
    pub hint: AttrValue,
    pub options: Vec<(&'static str, &'static str)>,
    pub selected: &'static str,
    pub on_select: Callback<String>,
    /// Shown but not chosen here (another setting decides it).
    #[prop_or_default]
    pub disabled: bool,
}

#[component]
pub fn Choice(props: &ChoiceProps) -> Html {
    let onchange = {
        let cb = props.on_select.clone();
        Callback::from(move |e: Event| {
            cb.emit(e.target_unchecked_into::<HtmlSelectElement>().value())
        })
    };
    let hint_id = format!("{}-hint", props.id);
    html! {
        <div class="setting">
            <label for={ props.id.clone() }>{ props.label.clone() }</label>
            <select id={ props.id.clone() } data-testid={ props.id.clone() } { onchange } aria-describedby={ hint_id.clone() } disabled={ props.disabled }>
                { for props.options.iter().map(|(value, text)| html! {
                    <option value={ *value } selected={ *value == props.selected }>{ *text }</option>
                }) }
            </select>
            <span class="hint" id={ hint_id }>{ props.hint.clone() }</span>
        </div>
    }
}

/// A select's `change` handler that stores the chosen option's value, an
/// index, in `state` (0 when it does not read).
pub fn index_setter(state: &UseStateHandle<usize>) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| state.set(selected_index(&e)))
}

/// The index a select whose options' values are indices was set to (0 if
/// its value does not read).
pub fn selected_index(e: &Event) -> usize {
    e.target_unchecked_into::<HtmlSelectElement>()
        .value()
        .parse()
        .unwrap_or(0)
}

/// A select's handler that writes the chosen value into a copy of
/// `settings` with `apply` and sends the result to `on_change`.
pub fn chooser(
    settings: &Settings,
    on_change: &Callback<Settings>,
    apply: fn(&mut Settings, &str),
) -> Callback<String> {
    let (settings, on_change) = (settings.clone(), on_change.clone());
    Callback::from(move |value: String| {
        let mut next = settings.clone();
        apply(&mut next, &value);
        on_change.emit(next);
    })
}
