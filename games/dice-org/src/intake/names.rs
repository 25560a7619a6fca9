//! The roster's names for reading a paste (D12.3): full names, names
//! shortened to a part of one, several full names written with spaces
//! only between them, the aliases the producers set and a replaced
//! player's former name (D9.4).

use crate::state::{PlayerId, State};
use console_core::names::NameIndex;

/// The roster's names for reading: every player (out ones too, so a
/// reason can say who is out), living players first when a shortened
/// name could be either, and aliases the producers set.
pub(super) struct Names<'a> {
    state: &'a State,
    all: NameIndex,
    living: NameIndex,
    living_ids: Vec<PlayerId>,
    aliases: Vec<(String, PlayerId)>,
}

impl<'a> Names<'a> {
    pub(super) fn new(state: &'a State, aliases: &[(String, String)]) -> Names<'a> {
        let names: Vec<&str> = state.players.iter().map(|p| p.name.as_str()).collect();
        let living_ids: Vec<PlayerId> = state.alive().map(|(p, _)| p).collect();
        let living: Vec<&str> = living_ids.iter().map(|&p| state.name(p)).collect();
        let all = NameIndex::new(&names);
        let mut aliases: Vec<(String, PlayerId)> = aliases
            .iter()
            .filter_map(|(w, n)| {
                let p = state
                    .find(n)
                    .or_else(|| all.resolve(n).ok().map(|i| PlayerId(i as u16)))?;
                Some((console_core::names::key(w), p))
            })
            .collect();
        // A replaced player's former name still names the slot (D9.4).
        aliases.extend(
            state
                .former
                .iter()
                .map(|(n, p)| (console_core::names::key(n), *p)),
        );
        Names {
            state,
            all,
            living: NameIndex::new(&living),
            living_ids,
            aliases,
        }
    }

    /// The player `written` names: an alias, a full name, or a shortened
    /// name of exactly one living player (else of one player of all).
    pub(super) fn resolve(&self, written: &str) -> Result<(PlayerId, bool), String> {
        let k = console_core::names::key(written);
        if let Some((_, p)) = self.aliases.iter().find(|(a, _)| *a == k) {
            return Ok((*p, true));
        }
        if self.all.is_full_name(written) {
            let i = self.all.resolve(written).map_err(|e| e.to_string())?;
            return Ok((PlayerId(i as u16), true));
        }
        match self.living.resolve(written) {
            Ok(i) => Ok((self.living_ids[i], false)),
            Err(_) => self
                .all
                .resolve(written)
                .map(|i| (PlayerId(i as u16), false))
                .map_err(|e| e.to_string()),
        }
    }

    /// The players of a list item: one name, or several full names written
    /// with spaces only between them (`Ann Bob`), when only one split of
    /// the words gives full names.
    pub(super) fn resolve_item(&self, item: &str) -> Result<Vec<(PlayerId, bool)>, String> {
        match self.resolve(item) {
            Ok(r) => Ok(vec![r]),
            Err(e) => {
                let ws: Vec<&str> = item.split_whitespace().collect();
                if ws.len() < 2 {
                    return Err(e);
                }
                match self.split_full(&ws) {
                    Some(v) => Ok(v.into_iter().map(|p| (p, true)).collect()),
                    None => Err(e),
                }
            }
        }
    }

    /// The one way to cut `ws` into full names, if there is exactly one.
    fn split_full(&self, ws: &[&str]) -> Option<Vec<PlayerId>> {
        // ways[i]: how many cuts of ws[i..] (capped at 2) and the first one.
        let n = ws.len();
        let mut ways: Vec<(u32, Vec<PlayerId>)> = vec![(0, Vec::new()); n + 1];
        ways[n] = (1, Vec::new());
        for i in (0..n).rev() {
            for j in i + 1..=n {
                let w = ws[i..j].join(" ");
                if ways[j].0 == 0 || !self.all.is_full_name(&w) {
                    continue;
                }
                let Ok(p) = self.all.resolve(&w) else {
                    continue;
                };
                if ways[i].0 == 0 {
                    let mut v = vec![PlayerId(p as u16)];
                    v.extend(ways[j].1.iter().copied());
                    ways[i].1 = v;
                }
                ways[i].0 = (ways[i].0 + ways[j].0).min(2);
            }
        }
        (ways[0].0 == 1).then(|| ways[0].1.clone())
    }

    pub(super) fn name(&self, p: PlayerId) -> String {
        self.state.name(p).to_string()
    }
}
