//! The seeded deal (R1.1, R1.3, R1.4).

use crate::player::PlayerId;
use crate::position::{Holdings, Place, Position, Setup, Survivor};
use crate::rng;
use crate::survivor::{MAX_SURVIVOR_ID, SurvivorId};
use crate::tribe::TribeId;
use std::fmt;

/// Why a game cannot be dealt (R1.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// Survivors per player must be at least 1.
    NoSurvivors,
    /// More survivors than IDs allow.
    TooManySurvivors(usize),
    /// The survivors do not fill the tribes evenly.
    Uneven {
        /// Survivors in all.
        survivors: usize,
        /// Tribes in the grid.
        tribes: usize,
    },
    /// A tribe would hold more survivors than there are players, so some
    /// player would have two in it (equivalently, more survivors per player
    /// than tribes).
    TribeTooBig {
        /// Survivors each tribe would hold.
        per_tribe: usize,
        /// Players.
        players: usize,
    },
    /// One garnet balance per player is needed.
    GarnetCount,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::NoSurvivors => write!(f, "each player needs at least one survivor"),
            DealError::TooManySurvivors(n) => {
                write!(f, "{n} survivors is too many (at most {MAX_SURVIVOR_ID})")
            }
            DealError::Uneven { survivors, tribes } => write!(
                f,
                "{survivors} survivors cannot be shared evenly among {tribes} tribes"
            ),
            DealError::TribeTooBig { per_tribe, players } => write!(
                f,
                "each tribe would hold {per_tribe} survivors, but with {players} players some player would have two in one tribe"
            ),
            DealError::GarnetCount => write!(f, "give one garnet balance per player"),
        }
    }
}

impl std::error::Error for DealError {}

/// Deals a new game (R1.1, R1.3, R1.4): `per_player` survivors for each
/// player, IDs 1..=N assigned at random, every tribe holding N / tribes
/// survivors and no player twice in a tribe; 1 idol per player and the
/// given garnet balances (roster order). Draws from the seed's deal stream.
///
/// # Errors
///
/// [`DealError::NoSurvivors`] if `per_player` is 0,
/// [`DealError::TooManySurvivors`] if the survivors would exceed the largest
/// ID, [`DealError::Uneven`] if they do not divide evenly among the tribes,
/// [`DealError::TribeTooBig`] if a tribe would hold more survivors than there
/// are players, and [`DealError::GarnetCount`] if `garnets` does not have one
/// balance per player.
///
/// # Panics
///
/// Never: once the checks above pass, the IDs 1..=N are valid and distinct and
/// the dealt position is consistent with `setup`.
pub fn deal(setup: &Setup, per_player: usize, garnets: &[u32]) -> Result<Position, DealError> {
    let players = setup.players.len();
    let tribes = setup.grid.len();
    let n = players * per_player;
    if per_player == 0 {
        return Err(DealError::NoSurvivors);
    }
    if n > MAX_SURVIVOR_ID as usize {
        return Err(DealError::TooManySurvivors(n));
    }
    if !n.is_multiple_of(tribes) {
        return Err(DealError::Uneven {
            survivors: n,
            tribes,
        });
    }
    if n / tribes > players {
        return Err(DealError::TribeTooBig {
            per_tribe: n / tribes,
            players,
        });
    }
    // n / tribes <= players also gives per_player <= tribes: each player's
    // slots land in distinct tribes below.
    if garnets.len() != players {
        return Err(DealError::GarnetCount);
    }
    let mut rng = rng::for_deal(setup.seed);
    // Slot i belongs to player i / per_player and goes to tribe i % tribes:
    // consecutive slots of one player land in distinct tribes (per_player <=
    // tribes) and every tribe gets n / tribes slots. Shuffled orders of
    // players and tribes, then random legal swaps, mix the pattern.
    let mut player_order: Vec<usize> = (0..players).collect();
    let mut tribe_order: Vec<usize> = (0..tribes).collect();
    rng.shuffle(&mut player_order);
    rng.shuffle(&mut tribe_order);
    let mut slot_tribe: Vec<usize> = (0..n).map(|i| tribe_order[i % tribes]).collect();
    let owner = |i: usize| player_order[i / per_player];
    // has[p][t]: player p has a survivor in tribe t
    let mut has = vec![vec![false; tribes]; players];
    for (i, &t) in slot_tribe.iter().enumerate() {
        has[owner(i)][t] = true;
    }
    for _ in 0..n * 16 {
        let (a, b) = (rng.below(n), rng.below(n));
        let (pa, pb, ta, tb) = (owner(a), owner(b), slot_tribe[a], slot_tribe[b]);
        if ta == tb || pa == pb || has[pa][tb] || has[pb][ta] {
            continue;
        }
        has[pa][ta] = false;
        has[pb][tb] = false;
        has[pa][tb] = true;
        has[pb][ta] = true;
        slot_tribe.swap(a, b);
    }
    let mut ids: Vec<u16> = (1..=n as u16).collect();
    rng.shuffle(&mut ids);
    let mut position = Position::empty(players);
    for (i, (&t, &id)) in slot_tribe.iter().zip(&ids).enumerate() {
        let survivor = Survivor {
            id: SurvivorId::new(id.into()).expect("1..=N"),
            controller: PlayerId::from_index(owner(i)),
            place: Place::Tribe(TribeId::from_index(t)),
        };
        position.insert(survivor).expect("IDs are distinct");
    }
    for p in setup.players.ids() {
        position.set_holdings(
            p,
            Holdings {
                idols: 1,
                garnets: garnets[p.index()],
                purchases: 0,
            },
        );
    }
    Ok(position
        .start(setup)
        .expect("a dealt position is consistent"))
}
