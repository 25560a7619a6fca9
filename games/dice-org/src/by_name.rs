//! [`ByName`]: the producers' inputs per player (choices, preferences,
//! ballots), a map from a player's name to a value, kept in name order (byte
//! order, like the `BTreeMap` it replaces) and written as a JSON object.
//! A sorted vector: these maps hold at most 40 entries, and each kind of
//! map costs the web page far less code than a B-tree does.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// Player name to a value, in name order. A JSON object in files and cases;
/// a name given twice keeps the later value.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct ByName<V> {
    entries: Vec<(String, V)>,
}

impl<V> Default for ByName<V> {
    fn default() -> Self {
        ByName {
            entries: Vec::new(),
        }
    }
}

impl<V> ByName<V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    fn find(&self, name: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.as_str().cmp(name))
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&V> {
        self.find(name).ok().map(|i| &self.entries[i].1)
    }

    /// The value of `name`, mutable.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        self.find(name).ok().map(|i| &mut self.entries[i].1)
    }

    /// Whether `name` has a value.
    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// Sets `name`'s value, returning the one it replaces.
    pub fn insert(&mut self, name: String, value: V) -> Option<V> {
        match self.find(&name) {
            Ok(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            Err(i) => {
                self.entries.insert(i, (name, value));
                None
            }
        }
    }

    /// Removes `name`'s value, returning it.
    pub fn remove(&mut self, name: &str) -> Option<V> {
        self.find(name).ok().map(|i| self.entries.remove(i).1)
    }

    /// `name`'s value, inserting `V::default()` first if it has none.
    pub fn entry_or_default(&mut self, name: &str) -> &mut V
    where
        V: Default,
    {
        let i = match self.find(name) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (name.to_string(), V::default()));
                i
            }
        };
        &mut self.entries[i].1
    }

    /// The entries in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &V)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The names in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.entries.iter().map(|(k, _)| k)
    }

    /// The values in name order.
    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }

    /// How many names have a value.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no name has a value.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<V> FromIterator<(String, V)> for ByName<V> {
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut m = ByName::new();
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

impl<'a, V> IntoIterator for &'a ByName<V> {
    type Item = (&'a String, &'a V);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, V)>,
        fn(&'a (String, V)) -> (&'a String, &'a V),
    >;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(k, v)| (k, v))
    }
}

impl<V: Serialize> Serialize for ByName<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.entries.len()))?;
        for (k, v) in &self.entries {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for ByName<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct MapVisitor<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
            type Value = ByName<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object from player names")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<ByName<V>, A::Error> {
                let mut m = ByName::new();
                while let Some((k, v)) = a.next_entry::<String, V>()? {
                    m.insert(k, v);
                }
                Ok(m)
            }
        }
        d.deserialize_map(MapVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn behaves_like_a_btree_map_and_reads_the_same_json() {
        let json = r#"{"Zed": 1, "ann": 2, "Bob": 3, "Bob": 4}"#;
        let m: ByName<u32> = serde_json::from_str(json).unwrap();
        let b: BTreeMap<String, u32> = serde_json::from_str(json).unwrap();
        assert_eq!(
            m.iter().map(|(k, v)| (k.clone(), *v)).collect::<Vec<_>>(),
            b.into_iter().collect::<Vec<_>>()
        );
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"Bob":4,"Zed":1,"ann":2}"#
        );
        let mut m = m;
        assert_eq!(m.insert("Bob".into(), 5), Some(4));
        assert_eq!(m.remove("Zed"), Some(1));
        assert_eq!(m.get("Zed"), None);
        *m.entry_or_default("Cid") += 7;
        assert_eq!(m.get("Cid"), Some(&7));
        assert_eq!(m.len(), 3);
        assert!(serde_json::from_str::<ByName<u32>>("[1]").is_err());
    }
}
