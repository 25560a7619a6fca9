//! The moderator's board (the "grimoire"): every player with their card,
//! whether they live, and badges for what the state says about them. For
//! the moderator only: it shows every card.

use crate::card::{Card, Side};
use crate::game::Game;
use crate::phase::Phase;
use crate::roster::PlayerId;
use crate::state::PolarDecision;
use serde::{Deserialize, Serialize};

/// A badge on a player's row.
#[derive(Copy, Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "badge")]
pub enum Badge {
    /// Holds the Spotlight (S1.5, S5.2).
    Spotlight,
    /// In Nairobi for the coming day (S3.6).
    Nairobi,
    /// A buddy (S3.7), with the other buddy.
    Buddy {
        /// The other buddy.
        with: PlayerId,
    },
    /// Summoned by the PPA before: cannot be summoned again (S3.6).
    Summoned,
    /// Protected by the Forest Ranger last night: not again tonight (S3.2).
    ProtectedLastNight,
    /// The Polar Bear's sole voter for the next day (S7.3).
    SoleVoter,
    /// Barred from voting on the next day by the Polar Bear (S7.3).
    Barred,
    /// The Engineer's bomb is used (S3.5).
    BombUsed,
    /// The Engineer's shield is used (S3.5).
    ShieldUsed,
}

/// One row of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardRow {
    /// The player.
    pub player: PlayerId,
    /// Their name.
    pub name: String,
    /// Their card.
    pub card: Card,
    /// The card's side.
    pub side: Side,
    /// Alive, or a Memory.
    pub alive: bool,
    /// When they were eliminated, if they were in this game.
    pub eliminated_in: Option<Phase>,
    /// Badges.
    pub badges: Vec<Badge>,
}

/// The board of a game's current state, in roster order.
pub fn board(game: &Game) -> Vec<BoardRow> {
    board_with(game, &[])
}

/// The board once the moderator's `events` drafted for the phase to play
/// apply (S10.2): a slot replaced under its new name, a player removed
/// already a Memory (since the phase to play), as the phase will start.
pub fn board_with(game: &Game, events: &[console_core::events::Event]) -> Vec<BoardRow> {
    let (setup, state, notes) = game.start_with(events);
    let (setup, state) = (&setup, &state);
    let drafted = |p: PlayerId| {
        notes
            .iter()
            .any(|e| matches!(e, crate::events::EventNote::Removed { player, .. } if *player == p))
    };
    setup
        .roster
        .ids()
        .map(|p| {
            let card = setup.card(p);
            let mut badges = Vec::new();
            if state.spotlight() == Some(p) {
                badges.push(Badge::Spotlight);
            }
            if state.nairobi() == Some(p) {
                badges.push(Badge::Nairobi);
            }
            if let Some(with) = state.buddy_of(p) {
                badges.push(Badge::Buddy { with });
            }
            if state.summoned().contains(p) {
                badges.push(Badge::Summoned);
            }
            if state.last_protected() == Some(p) {
                badges.push(Badge::ProtectedLastNight);
            }
            match state.polar_bear() {
                Some(PolarDecision::Sole(q)) if q == p => badges.push(Badge::SoleVoter),
                Some(PolarDecision::Bar(q)) if q == p => badges.push(Badge::Barred),
                _ => {}
            }
            if card == Card::Engineer {
                if state.engineer_used().bomb {
                    badges.push(Badge::BombUsed);
                }
                if state.engineer_used().shield {
                    badges.push(Badge::ShieldUsed);
                }
            }
            BoardRow {
                player: p,
                name: setup.roster.name(p).to_string(),
                card,
                side: card.side(),
                alive: state.is_alive(p),
                eliminated_in: game
                    .phases()
                    .iter()
                    .find(|ph| {
                        ph.report.eliminated().contains(p)
                            || ph.report.events.iter().any(|e| {
                                matches!(e, crate::events::EventNote::Removed { player, .. } if *player == p)
                            })
                    })
                    .map(|ph| ph.report.phase)
                    .or_else(|| drafted(p).then(|| game.phase())),
                badges,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PhaseInput;
    use crate::night::NightInput;
    use crate::options::Options;
    use crate::roster::Roster;
    use crate::setup::{Edition, Setup};
    use crate::state::State;
    use console_core::commitment::Salt;

    #[test]
    fn badges_follow_the_state() {
        let names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"];
        let s = Setup::new(
            Roster::new(&names).unwrap(),
            vec![
                Card::Pollution,
                Card::Waste,
                Card::ForestRanger,
                Card::Ppa,
                Card::MotherNature,
                Card::Fish,
                Card::Peace,
                Card::Algae,
            ],
            Options::default(),
            Edition::Advanced,
            0,
            Salt::default(),
        )
        .unwrap();
        let id = |i: usize| PlayerId::from_index(i);
        let mut g = Game::new(s.clone(), State::start(&s, Some(id(7))));
        let actions = [
            (id(0), "kill Gus".to_string()),
            (id(1), "kill Gus".to_string()),
            (id(2), "protect Fay".to_string()),
            (id(3), "summon Ann".to_string()),
            (id(4), "buddies Fay and Hal".to_string()),
        ];
        g.commit(PhaseInput::Night(NightInput {
            actions: actions.into_iter().collect(),
            ..NightInput::default()
        }))
        .unwrap();
        let b = board(&g);
        assert_eq!(b[0].badges, [Badge::Nairobi, Badge::Summoned]);
        assert_eq!(
            b[5].badges,
            [Badge::Buddy { with: id(7) }, Badge::ProtectedLastNight]
        );
        assert_eq!(
            b[7].badges,
            [Badge::Spotlight, Badge::Buddy { with: id(5) }]
        );
        assert!(!b[6].alive);
        assert_eq!(b[6].eliminated_in, Some(Phase::night(1)));
        assert_eq!(b[0].side, Side::Evil);
    }
}
