//! Survivor identifiers (R1.1).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest survivor ID the engine accepts. Games deal IDs 1..=N (R1.1);
/// case files may use any ID in 1..=9999.
pub const MAX_SURVIVOR_ID: u16 = 9999;

/// A survivor's public number, 1..=[`MAX_SURVIVOR_ID`] (R1.1).
///
/// Checked at construction, so a `SurvivorId` is never 0.
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Debug, Serialize, Deserialize)]
#[serde(try_from = "u16", into = "u16")]
pub struct SurvivorId(u16);

impl SurvivorId {
    /// The smallest ID, 1.
    pub const MIN: SurvivorId = SurvivorId(1);

    /// `Some` for 1..=[`MAX_SURVIVOR_ID`], `None` otherwise.
    #[inline(always)]
    pub const fn new(n: u32) -> Option<SurvivorId> {
        if n >= 1 && n <= MAX_SURVIVOR_ID as u32 {
            Some(SurvivorId(n as u16))
        } else {
            None
        }
    }

    /// The number, 1..=[`MAX_SURVIVOR_ID`].
    #[inline(always)]
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The number as an index (used for tables indexed by ID).
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self.0 as usize
    }
}

impl TryFrom<u16> for SurvivorId {
    type Error = InvalidSurvivorId;
    fn try_from(n: u16) -> Result<Self, Self::Error> {
        SurvivorId::new(n.into()).ok_or(InvalidSurvivorId(n.into()))
    }
}

impl From<SurvivorId> for u16 {
    fn from(id: SurvivorId) -> u16 {
        id.0
    }
}

impl fmt::Display for SurvivorId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A number that is not a valid survivor ID (0, or above [`MAX_SURVIVOR_ID`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidSurvivorId(pub u64);

impl fmt::Display for InvalidSurvivorId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a survivor ID (1 to {MAX_SURVIVOR_ID})",
            self.0
        )
    }
}

impl std::error::Error for InvalidSurvivorId {}
