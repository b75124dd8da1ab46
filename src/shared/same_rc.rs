//! Shared values compared by identity rather than by content.

use std::rc::Rc;

/// An `Rc` that equals another only when both point at the same value: as
/// a memo's dependency it costs a pointer comparison where the content
/// (every system's per-query values) would be walked, and the memo holds
/// it, so the value cannot be freed and its address reused meanwhile.
#[derive(Debug)]
pub struct SameRc<T: ?Sized>(pub Rc<T>);

impl<T: ?Sized> PartialEq for SameRc<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T: Default> Default for SameRc<T> {
    fn default() -> Self {
        SameRc(Rc::new(T::default()))
    }
}

impl<T: ?Sized> Clone for SameRc<T> {
    fn clone(&self) -> Self {
        SameRc(self.0.clone())
    }
}

impl<T: ?Sized> std::ops::Deref for SameRc<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: ?Sized> From<Rc<T>> for SameRc<T> {
    fn from(rc: Rc<T>) -> Self {
        SameRc(rc)
    }
}
