//! Settings fields whose text does not read: the field says what is wrong
//! beside itself, and the results say that they still use the settings as
//! they were, so an old table is not taken for the new settings' (a
//! cutoff list being typed, `5,, x`, leaves @5, @10 and @20 shown).
//!
//! Each [`crate::settings::inputs::TextSetting`] reports its problem, or
//! its end, to the page (its panel's `on_unread`); the page keeps them in
//! [`Unread`] and the results show [`unread_note`].

use std::rc::Rc;

use yew::prelude::*;

use crate::shared::code_text::code_spans;

/// The fields that do not read now: (id, (label, what is wrong)), in the
/// order they came to.
#[derive(Clone, PartialEq, Default)]
pub struct Unread(Vec<UnreadField>);

/// A field that does not read: its id, label and what is wrong.
type UnreadField = (AttrValue, (AttrValue, String));

/// A field's report: its id, and its label and problem (`None`: it reads,
/// or it is gone).
pub type UnreadChange = (AttrValue, Option<(AttrValue, String)>);

impl Reducible for Unread {
    type Action = UnreadChange;

    fn reduce(self: Rc<Self>, (id, problem): UnreadChange) -> Rc<Self> {
        let at = self.0.iter().position(|(i, _)| *i == id);
        if at.map(|i| &self.0[i].1) == problem.as_ref() {
            return self;
        }
        let mut next = (*self).clone();
        match (at, problem) {
            (Some(i), Some(p)) => next.0[i].1 = p,
            (None, Some(p)) => next.0.push((id, p)),
            (Some(i), None) => {
                next.0.remove(i);
            }
            (None, None) => {}
        }
        Rc::new(next)
    }
}

/// The results' note: the fields that do not read, and that the numbers
/// still follow the settings before them (nothing when all read).
pub fn unread_note(unread: &Unread) -> Html {
    if unread.0.is_empty() {
        return html! {};
    }
    let fields: Vec<String> = unread
        .0
        .iter()
        .map(|(_, (label, problem))| format!("{label} ({problem})"))
        .collect();
    html! {
        <p class="warning-note" role="status" data-testid="settings-unread">
            { code_spans(&format!("Not applied: {}. These results use the settings as they were before.", fields.join("; "))) }
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_kept_while_they_do_not_read() {
        let change = |u: Rc<Unread>, id: &'static str, p: Option<&str>| {
            u.reduce((
                AttrValue::Static(id),
                p.map(|p| (AttrValue::Static("label"), p.to_string())),
            ))
        };
        let none = Rc::new(Unread::default());
        let one = change(none.clone(), "a", Some("bad"));
        let two = change(one.clone(), "b", Some("worse"));
        assert_eq!(two.0.len(), 2);
        // The same report changes nothing (the same state, no render).
        assert!(Rc::ptr_eq(&change(two.clone(), "a", Some("bad")), &two));
        let fixed = change(two.clone(), "a", None);
        assert_eq!(fixed.0.len(), 1);
        assert_eq!(fixed.0[0].0, "b");
        assert_eq!(change(fixed, "b", None).0.len(), 0);
        assert!(Rc::ptr_eq(&change(none.clone(), "c", None), &none));
    }
}
