//! Test helpers shared by the engine's unit tests.

use crate::state::{Attributes, Living, Player, State, Team, TeamId};

/// A state of `teams` and players (name, team index, [competition, survival]).
pub fn state(teams: &[&str], players: &[(&str, u8, u8, u8)]) -> State {
    State::new(
        crate::Options::default(),
        teams
            .iter()
            .map(|t| Team {
                name: t.to_string(),
                pool: 20,
                camp: Vec::new(),
            })
            .collect(),
        players
            .iter()
            .map(|&(n, t, c, s)| Player {
                name: n.to_string(),
                living: Some(Living {
                    team: TeamId(t),
                    attributes: Attributes {
                        competition: c,
                        survival: s,
                    },
                    rp: 0,
                    counters: 0,
                    advantages: Vec::new(),
                    immune: false,
                }),
            })
            .collect(),
    )
}
