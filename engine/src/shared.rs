//! A part of the state shared between copies until one changes it (issue 14). The state is
//! copied at every unit of work (its snapshot) and at every rule check (the quiet check), and
//! compared with those copies; most units change no object at all. Shared, a copy costs a
//! pointer, and a comparison with a copy that nothing changed costs a pointer comparison. A
//! write through `DerefMut` copies the value first if another copy still shares it.
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

#[derive(Default)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(v: T) -> Shared<T> {
        Shared(Arc::new(v))
    }
}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> std::ops::DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        Shared(Arc::clone(&self.0))
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Shared<T>, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

impl<'a, T> IntoIterator for &'a Shared<Vec<T>> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> From<T> for Shared<T> {
    fn from(v: T) -> Shared<T> {
        Shared::new(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_shared_until_one_side_writes() {
        let mut a = Shared::new(vec![1, 2, 3]);
        let b = a.clone();
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(a, b);
        a[0] = 9;
        assert_eq!(*b, vec![1, 2, 3], "the other copy keeps its value");
        assert_ne!(a, b);
        a[0] = 1;
        assert!(!Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(a, b, "equal by value once apart");
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[1,2,3]");
        let back: Shared<Vec<i32>> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
    }
}
