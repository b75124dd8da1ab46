//! The form: systems, queries and one query's ranked list as rows with a
//! grade each, plus the relevant documents the system did not retrieve.
//!
//! The quick text stays the single source of truth: the form shows the
//! text's parse, and every edit becomes a line edit of the text by the
//! core (`replace_line`, `add_query`, ...), so the two views never differ
//! and untouched lines (comments included) survive.

use crate::shared::same_rc::SameRc;
use std::rc::Rc;

use crate::shared::evaluation::{
    add_query, append_block, check_query_id, check_system_name, delete_system, format_query_line,
    format_system, remove_lines, rename_system, replace_line, unused_query_id, QuickInput,
    QuickQuery, Rel,
};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::shared::dom::{focus_by_id, refocus_when_lost};

/// Rows shown per query (longer rankings are edited in the text).
pub const FORM_ROWS: usize = 200;

/// Props of [`FormEditor`].
#[derive(Properties, PartialEq)]
pub struct FormEditorProps {
    /// The quick text.
    pub text: Rc<str>,
    /// Its parse.
    pub input: SameRc<QuickInput>,
    /// Largest grade of the scale (1 = binary).
    pub scale_max: i64,
    /// Called with the edited text.
    pub on_text: Callback<String>,
}

fn token_of(rel: Rel) -> String {
    match rel {
        Rel::Judged(g) => g.to_string(),
        Rel::Unjudged => "-1".into(),
        Rel::NotInPool => "?".into(),
    }
}

fn rel_of(token: &str) -> Rel {
    match token {
        "?" => Rel::NotInPool,
        t => match t.parse::<i64>() {
            Ok(g) if g >= 0 => Rel::Judged(g),
            _ => Rel::Unjudged,
        },
    }
}

fn grade_label(g: i64, scale_max: i64) -> String {
    match (scale_max, g) {
        (1, 0) => "N (0, not relevant)".into(),
        (1, 1) => "R (1, relevant)".into(),
        _ => g.to_string(),
    }
}

/// Grade options for a select: the scale, plus the current value when it is outside.
fn grade_options(current: Rel, scale_max: i64, with_unjudged: bool) -> Html {
    let mut tokens: Vec<(String, String)> = (0..=scale_max)
        .map(|g| (g.to_string(), grade_label(g, scale_max)))
        .collect();
    if let Rel::Judged(g) = current {
        if g > scale_max {
            tokens.push((g.to_string(), format!("{g} (above the scale)")));
        }
    }
    if with_unjudged {
        tokens.push(("?".into(), "? not judged".into()));
        if current == Rel::Unjudged {
            tokens.push(("-1".into(), "-1 unjudged in pool".into()));
        }
    }
    let cur = token_of(current);
    html! {
        { for tokens.into_iter().map(|(v, label)| html! {
            <option value={ v.clone() } selected={ v == cur }>{ label }</option>
        }) }
    }
}

fn next_system_name(input: &QuickInput) -> String {
    ('A'..='Z')
        .map(|c| c.to_string())
        .chain((1..).map(|i| format!("System {i}")))
        .find(|n| !input.systems.iter().any(|s| &s.name == n))
        .expect("an unused name exists")
}

/// An edit of one query: its retrieved grades and its relevant documents not retrieved.
type QueryChange = Box<dyn Fn(&mut Vec<Rel>, &mut Vec<i64>)>;

/// An edit of the selected query, and where focus goes after it.
type Edit = Rc<dyn Fn(QueryChange, Option<String>)>;

/// The ranks of query `q` (of system `name`), each with its grade, moves and
/// removal, and a note for ranks past the form's rows.
fn rank_rows(q: &QuickQuery, name: &str, edit_query: &Edit, scale: i64) -> Html {
    let shown = q.retrieved.len().min(FORM_ROWS);
    let len = q.retrieved.len();
    html! {
        <>
            <ol class="rank-rows" data-testid="rank-rows" aria-label={ format!("Ranking of {} in {}", q.id, name) }>
                { for q.retrieved.iter().take(shown).enumerate().map(|(i, &rel)| {
                    let rank = i + 1;
                    let select_id = format!("form-grade-{rank}");
                    let on_grade = {
                        let edit = edit_query.clone();
                        Callback::from(move |e: Event| {
                            let v = rel_of(&e.target_unchecked_into::<HtmlSelectElement>().value());
                            edit(Box::new(move |r, _| r[i] = v), Some(format!("form-grade-{rank}")));
                        })
                    };
                    let mover = |to: Option<usize>| {
                        let edit = edit_query.clone();
                        move || {
                            if let Some(j) = to {
                                edit(Box::new(move |r, _| r.swap(i, j)), Some(format!("form-grade-{}", j + 1)));
                            }
                        }
                    };
                    let up = (i > 0).then(|| i - 1);
                    let down = (i + 1 < len).then_some(i + 1);
                    let on_key = {
                        let (go_up, go_down) = (mover(up), mover(down));
                        Callback::from(move |e: KeyboardEvent| {
                            if e.alt_key() && e.key() == "ArrowUp" { e.prevent_default(); go_up(); }
                            if e.alt_key() && e.key() == "ArrowDown" { e.prevent_default(); go_down(); }
                        })
                    };
                    let on_up = { let f = mover(up); Callback::from(move |_: MouseEvent| f()) };
                    let on_down = { let f = mover(down); Callback::from(move |_: MouseEvent| f()) };
                    let on_remove = {
                        let edit = edit_query.clone();
                        Callback::from(move |_: MouseEvent| {
                            let next = if rank < len { rank } else { rank.saturating_sub(1) };
                            edit(Box::new(move |r, _| { r.remove(i); }),
                                Some(if next == 0 { "form-add-rank".into() } else { format!("form-grade-{next}") }));
                        })
                    };
                    let relevant = matches!(rel, Rel::Judged(g) if g >= 1);
                    html! {
                        <li class={ classes!("rank-row", relevant.then_some("relevant")) } data-testid="rank-row">
                            <label class="rank-number" for={ select_id.clone() }>{ format!("Rank {rank}") }</label>
                            <select id={ select_id.clone() } data-testid={ format!("grade-{rank}") }
                                onchange={ on_grade } onkeydown={ on_key }
                                title="Alt+↑ / Alt+↓ move this rank">
                                { grade_options(rel, scale, true) }
                            </select>
                            <button type="button" class="icon" onclick={ on_up } disabled={ up.is_none() }
                                aria-label={ format!("Move rank {rank} up") }>{ "↑" }</button>
                            <button type="button" class="icon" onclick={ on_down } disabled={ down.is_none() }
                                aria-label={ format!("Move rank {rank} down") }>{ "↓" }</button>
                            <button type="button" class="icon" onclick={ on_remove }
                                aria-label={ format!("Remove rank {rank}") } data-testid={ format!("remove-{rank}") }>{ "✕" }</button>
                        </li>
                    }
                }) }
            </ol>
            if len > shown {
                <p class="hint">{ format!("Ranks {}–{len} are not shown here; edit them in the Text tab.", shown + 1) }</p>
            }
        </>
    }
}

/// The buttons that add a rank of each grade, or an unjudged one.
fn add_rank_buttons(edit_query: &Edit, scale: i64) -> Html {
    html! {
            <div class="add-rank" role="group" aria-label="Add a rank with grade">
                <span>{ "Add rank:" }</span>
                { for (0..=scale).rev().map(|g| {
                    let edit = edit_query.clone();
                    let onclick = Callback::from(move |_: MouseEvent| {
                        edit(Box::new(move |r, _| r.push(Rel::Judged(g))), Some(if g == scale { "form-add-rank".into() } else { format!("form-add-{g}") }));
                    });
                    let label = match (scale, g) { (1, 1) => "R".to_string(), (1, 0) => "N".to_string(), _ => g.to_string() };
                    let id = if g == scale { "form-add-rank".to_string() } else { format!("form-add-{g}") };
                    html! {
                        <button type="button" id={ id } data-testid={ format!("add-grade-{g}") } { onclick }
                            aria-label={ format!("Add a rank with grade {}", grade_label(g, scale)) }>{ format!("+ {label}") }</button>
                    }
                }) }
                {{
                    let edit = edit_query.clone();
                    let onclick = Callback::from(move |_: MouseEvent| edit(Box::new(|r, _| r.push(Rel::NotInPool)), Some("form-add-unjudged".into())));
                    html! { <button type="button" id="form-add-unjudged" data-testid="add-grade-unjudged" { onclick }
                        aria-label="Add a rank with a document that was never judged">{ "+ ?" }</button> }
                }}
            </div>
    }
}

/// The relevant documents the query did not retrieve, and adding one.
fn unretrieved_row(q: &QuickQuery, edit_query: &Edit, scale: i64) -> Html {
    html! {
            <div class="unretrieved" role="group" aria-label="Relevant documents not retrieved">
                <span>{ format!("Relevant, not retrieved ({}):", q.unretrieved.len()) }</span>
                { for q.unretrieved.iter().enumerate().map(|(i, &g)| {
                    let on_grade = {
                        let edit = edit_query.clone();
                        Callback::from(move |e: Event| {
                            let v = e.target_unchecked_into::<HtmlSelectElement>().value().parse::<i64>().unwrap_or(1);
                            edit(Box::new(move |_, u| u[i] = v), Some(format!("form-missed-{}", i + 1)));
                        })
                    };
                    let on_remove = {
                        let edit = edit_query.clone();
                        Callback::from(move |_: MouseEvent| edit(Box::new(move |_, u| { u.remove(i); }), Some("form-add-missed".into())))
                    };
                    html! {
                        <span class="missed">
                            <select id={ format!("form-missed-{}", i + 1) } data-testid={ format!("missed-{}", i + 1) }
                                aria-label={ format!("Grade of relevant document {} not retrieved", i + 1) } onchange={ on_grade }>
                                { grade_options(Rel::Judged(g), scale, false) }
                            </select>
                            <button type="button" class="icon" onclick={ on_remove }
                                aria-label={ format!("Remove relevant document {} not retrieved", i + 1) }>{ "✕" }</button>
                        </span>
                    }
                }) }
                {{
                    let edit = edit_query.clone();
                    let top = scale.max(1);
                    let onclick = Callback::from(move |_: MouseEvent| {
                        let g = if top == 1 { 1 } else { top };
                        edit(Box::new(move |_, u| u.push(g)), Some("form-add-missed".into()))
                    });
                    html! { <button type="button" id="form-add-missed" data-testid="add-missed" { onclick }>{ "+ add one" }</button> }
                }}
            </div>
    }
}

/// What the system buttons and name field act on.
struct Handles {
    input: SameRc<QuickInput>,
    text: Rc<str>,
    on_text: Callback<String>,
    sys_idx: UseStateHandle<usize>,
    q_idx: UseStateHandle<usize>,
    focus: UseStateHandle<Option<String>>,
    problem: UseStateHandle<Option<String>>,
    name_draft: UseStateHandle<Option<(usize, String)>>,
}

/// The selected system's actions.
struct SystemActions {
    on_add_system: Callback<MouseEvent>,
    on_duplicate: Callback<MouseEvent>,
    on_delete_system: Callback<MouseEvent>,
    on_name_blur: Callback<FocusEvent>,
    on_rename_system: Callback<InputEvent>,
}

/// Adds, duplicates, deletes and renames system `si`.
fn system_actions(h: &Handles, si: usize) -> SystemActions {
    let on_add_system = {
        let (input, text, on_text) = (h.input.clone(), h.text.clone(), h.on_text.clone());
        let (sys_idx, q_idx, focus) = (h.sys_idx.clone(), h.q_idx.clone(), h.focus.clone());
        Callback::from(move |_: MouseEvent| {
            let name = next_system_name(&input);
            // The queries the other systems have, in the order first seen,
            // each with an empty ranking to fill in.
            let mut ids: Vec<&str> = Vec::new();
            for q in input.systems.iter().flat_map(|s| &s.queries) {
                if !ids.contains(&q.id.as_str()) {
                    ids.push(&q.id);
                }
            }
            if ids.is_empty() {
                ids.push("q1");
            }
            let lines: Vec<String> = ids.iter().map(|id| format!("{id}:")).collect();
            let block = format!("[{name}]\n{}", lines.join("\n"));
            on_text.emit(append_block(&text, &block));
            sys_idx.set(input.systems.len());
            q_idx.set(0);
            focus.set(Some("form-system-name".into()));
        })
    };
    let on_duplicate = {
        let (input, text, on_text) = (h.input.clone(), h.text.clone(), h.on_text.clone());
        let sys_idx = h.sys_idx.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(s) = input.systems.get(si) else {
                return;
            };
            let name =
                crate::shared::evaluation::unused_system_name(&input, &format!("{} copy", s.name));
            on_text.emit(append_block(&text, &format_system(s, &name)));
            sys_idx.set(input.systems.len());
        })
    };
    let on_delete_system = {
        let (input, text, on_text) = (h.input.clone(), h.text.clone(), h.on_text.clone());
        let sys_idx = h.sys_idx.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(s) = input.systems.get(si) else {
                return;
            };
            let ok = gloo::utils::window()
                .confirm_with_message(&format!(
                    "Delete system {} and its {}?",
                    s.name,
                    crate::shared::evaluation::plural(s.queries.len(), "query", "queries")
                ))
                .unwrap_or(false);
            if ok {
                on_text.emit(delete_system(&input, &text, si));
                sys_idx.set(si.saturating_sub(1));
                // The button goes with the last system.
                refocus_when_lost(&[
                    "[data-testid=form-system]:enabled",
                    "[data-testid=add-system]",
                ]);
            }
        })
    };
    // Applied as the name is typed; a name that cannot be used is said, and
    // leaving the field puts the system's name back.
    let on_name_blur = {
        let name_draft = h.name_draft.clone();
        Callback::from(move |_: FocusEvent| name_draft.set(None))
    };
    let on_rename_system = {
        let (input, text, on_text) = (h.input.clone(), h.text.clone(), h.on_text.clone());
        let (problem, name_draft) = (h.problem.clone(), h.name_draft.clone());
        Callback::from(move |e: InputEvent| {
            let el = e.target_unchecked_into::<HtmlInputElement>();
            let typed = el.value();
            name_draft.set(Some((si, typed.clone())));
            let name = typed.trim().to_string();
            let Some(s) = input.systems.get(si) else {
                return;
            };
            if name == s.name {
                return;
            }
            let taken = input.systems.iter().any(|o| o.name == name);
            match check_system_name(&name) {
                Ok(()) if !taken => {
                    problem.set(None);
                    on_text.emit(rename_system(&input, &text, si, &name));
                }
                Ok(()) => problem.set(Some(format!("Another system is named {name}."))),
                Err(m) => problem.set(Some(format!("Not renamed: {m}."))),
            }
        })
    };
    SystemActions {
        on_add_system,
        on_duplicate,
        on_delete_system,
        on_name_blur,
        on_rename_system,
    }
}

/// The selected query's actions.
struct QueryActions {
    on_add_query: Callback<MouseEvent>,
    on_delete_query: Callback<MouseEvent>,
    on_rename_query: Callback<Event>,
}

/// Adds a query to system `si` (which has `n_q`), deletes or renames its
/// query `qi`.
fn query_actions(h: &Handles, si: usize, qi: usize, n_q: usize) -> QueryActions {
    let system = h.input.systems.get(si).cloned();
    let query = system.as_ref().and_then(|s| s.queries.get(qi)).cloned();
    let on_add_query = {
        let (input, text, on_text) = (h.input.clone(), h.text.clone(), h.on_text.clone());
        let (q_idx, focus) = (h.q_idx.clone(), h.focus.clone());
        Callback::from(move |_: MouseEvent| {
            let id = unused_query_id(&input, si);
            on_text.emit(add_query(&input, &text, si, &format!("{id}:")));
            q_idx.set(n_q);
            focus.set(Some("form-add-rank".into()));
        })
    };
    let on_delete_query = {
        let (text, on_text) = (h.text.clone(), h.on_text.clone());
        let q = query.clone();
        let q_idx = h.q_idx.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(q) = &q else { return };
            on_text.emit(remove_lines(&text, q.line..q.line + 1));
            q_idx.set(qi.saturating_sub(1));
        })
    };
    let on_rename_query = {
        let (text, on_text) = (h.text.clone(), h.on_text.clone());
        let q = query.clone();
        let sys = system.clone();
        let problem = h.problem.clone();
        Callback::from(move |e: Event| {
            let id = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .trim()
                .to_string();
            let (Some(q), Some(s)) = (&q, &sys) else {
                return;
            };
            if id == q.id {
                return;
            }
            match check_query_id(&id) {
                Ok(()) if s.queries.iter().any(|o| o.id == id) => {
                    problem.set(Some(format!("{} already has a query {id}.", s.name)))
                }
                Ok(()) => {
                    problem.set(None);
                    on_text.emit(replace_line(
                        &text,
                        q.line,
                        &format_query_line(&id, &q.retrieved, &q.unretrieved),
                    ));
                }
                Err(m) => problem.set(Some(format!("Not renamed: {m}."))),
            }
        })
    };

    QueryActions {
        on_add_query,
        on_delete_query,
        on_rename_query,
    }
}

/// The form editor.
#[component]
pub fn FormEditor(props: &FormEditorProps) -> Html {
    let sys_idx = use_state(|| 0usize);
    let q_idx = use_state(|| 0usize);
    let focus = use_state(|| None::<String>);
    let problem = use_state(|| None::<String>);
    // The name as typed (None: show the system's name): the field shows
    // what was typed even while a rename is on its way or was refused.
    let name_draft = use_state(|| None::<(usize, String)>);
    {
        let focus = focus.clone();
        use_effect_with((*focus).clone(), move |target| {
            if let Some(id) = target {
                focus_by_id(id);
                focus.set(None);
            }
        });
    }
    let input = props.input.clone();
    let text = props.text.clone();
    let n_sys = input.systems.len();
    let si = (*sys_idx).min(n_sys.saturating_sub(1));
    let system = input.systems.get(si);
    let n_q = system.map_or(0, |s| s.queries.len());
    let qi = (*q_idx).min(n_q.saturating_sub(1));
    let query = system.and_then(|s| s.queries.get(qi));
    let locked = !input.errors.is_empty();
    let scale = props.scale_max;

    // Edits of the selected query: a new (retrieved, unretrieved) pair, and where focus goes.
    let edit_query = {
        let text = text.clone();
        let on_text = props.on_text.clone();
        let focus = focus.clone();
        let q = query.cloned();
        move |change: QueryChange, focus_to: Option<String>| {
            let Some(q) = q.clone() else { return };
            let mut r = q.retrieved.clone();
            let mut u = q.unretrieved.clone();
            change(&mut r, &mut u);
            on_text.emit(replace_line(
                &text,
                q.line,
                &format_query_line(&q.id, &r, &u),
            ));
            focus.set(focus_to);
        }
    };
    let edit_query: Edit = Rc::new(edit_query);

    let on_system_select = {
        let sys_idx = sys_idx.clone();
        let q_idx = q_idx.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            sys_idx.set(v.parse().unwrap_or(0));
            q_idx.set(0);
        })
    };
    let on_query_select = {
        let q_idx = q_idx.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            q_idx.set(v.parse().unwrap_or(0));
        })
    };
    let h = Handles {
        input: input.clone(),
        text: text.clone(),
        on_text: props.on_text.clone(),
        sys_idx: sys_idx.clone(),
        q_idx: q_idx.clone(),
        focus: focus.clone(),
        problem: problem.clone(),
        name_draft: name_draft.clone(),
    };
    let SystemActions {
        on_add_system,
        on_duplicate,
        on_delete_system,
        on_name_blur,
        on_rename_system,
    } = system_actions(&h, si);
    let QueryActions {
        on_add_query,
        on_delete_query,
        on_rename_query,
    } = query_actions(&h, si, qi, n_q);

    let rows = query.map(|q| {
        let name = system.map_or("", |s| s.name.as_str());
        html! {
            <>
                { rank_rows(q, name, &edit_query, scale) }
                { add_rank_buttons(&edit_query, scale) }
                { unretrieved_row(q, &edit_query, scale) }
            </>
        }
    });

    html! {
        <section class="form-editor" data-testid="form-editor" aria-label="Form editor">
            if locked {
                <p class="notice" role="status" data-testid="form-locked">
                    { format!("The text has {}; fix {} in the Text tab to edit here (the form would drop the bad lines).",
                        crate::shared::evaluation::plural(input.errors.len(), "problem", "problems"), if input.errors.len() == 1 { "it" } else { "them" }) }
                </p>
            }
            <fieldset disabled={ locked }>
                <legend class="visually-hidden">{ "Rankings" }</legend>
                <div class="form-toolbar">
                    <label for="form-system">{ "System" }</label>
                    <select id="form-system" data-testid="form-system" onchange={ on_system_select } disabled={ n_sys == 0 }>
                        { for input.systems.iter().enumerate().map(|(i, s)| html! {
                            <option value={ i.to_string() } selected={ i == si }>{ format!("{} ({})", s.name, crate::shared::evaluation::plural(s.queries.len(), "query", "queries")) }</option>
                        }) }
                    </select>
                    <button type="button" data-testid="add-system" onclick={ on_add_system }>{ "Add system" }</button>
                    if let Some(s) = system {
                        // A label and its field wrap together, never apart.
                        <span class="labelled">
                            <label for="form-system-name">{ "Name" }</label>
                            <input id="form-system-name" data-testid="system-name" key={ si.to_string() } size="14"
                                value={ (*name_draft).clone().filter(|(i, _)| *i == si).map_or_else(|| s.name.clone(), |(_, n)| n) }
                                oninput={ on_rename_system } onblur={ on_name_blur } />
                        </span>
                        <button type="button" data-testid="duplicate-system" onclick={ on_duplicate }>{ "Duplicate" }</button>
                        <button type="button" data-testid="delete-system" onclick={ on_delete_system }>{ "Delete system" }</button>
                    }
                </div>
                <div class="form-toolbar">
                    <label for="form-query">{ "Query" }</label>
                    <select id="form-query" data-testid="form-query" onchange={ on_query_select } disabled={ n_q == 0 }>
                        { for system.iter().flat_map(|s| s.queries.iter()).enumerate().map(|(i, q)| html! {
                            <option value={ i.to_string() } selected={ i == qi }>{ format!("{} ({} ranks)", q.id, q.retrieved.len()) }</option>
                        }) }
                    </select>
                    <button type="button" data-testid="add-query" onclick={ on_add_query }>{ "Add query" }</button>
                    if let Some(q) = query {
                        <span class="labelled">
                            <label for="form-query-id">{ "Id" }</label>
                            <input id="form-query-id" data-testid="query-id" key={ format!("{si}-{qi}-{}", q.id) } size="8"
                                value={ q.id.clone() } onchange={ on_rename_query } />
                        </span>
                        <button type="button" data-testid="delete-query" onclick={ on_delete_query }>{ "Delete query" }</button>
                    }
                </div>
                if let Some(p) = (*problem).clone() {
                    <p class="field-error" role="alert">{ p }</p>
                }
                if n_sys == 0 {
                    <p class="hint">{ "No systems yet: “Add system” starts one with an empty query q1; later systems get the query ids already there." }</p>
                }
                { rows.unwrap_or_default() }
            </fieldset>
        </section>
    }
}
