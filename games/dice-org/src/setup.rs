//! Season setup (D1): the roster, teams dealt at random into sizes that
//! differ by at most one (or assigned by the producers), attributes rolled
//! as 3d6 in roster order, Competition then Survival (or entered), and the
//! commitment to the seed published at the start (D1.4).

use crate::dice::{Dice, OutOfDice, Purpose};
use crate::edit::{MAX_PLAYERS, MAX_TEAMS};
use crate::options::Options;
use crate::roll::{PlainRoll, RollKind};
use crate::state::{Attributes, Living, Player, PlayerId, State, Team, TeamId};
use console_core::commitment::{Salt, sha256_hex};
use console_core::names::check_names;
use console_core::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The fewest players (D1.1).
pub const MIN_PLAYERS: usize = 4;
/// Each team's pool starts at this much per member (D1.3).
pub const POOL_PER_MEMBER: u32 = 7;
/// The generator stream the team deal uses (D1.1); dice use stream 0.
pub const DEAL_STREAM: u64 = 1;

/// Where attributes come from (D1.2).
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttributeSource {
    /// Rolled from the season's dice: 3d6 each, roster order, Competition
    /// then Survival.
    #[default]
    Rolled,
    /// Entered by the producers, one per player in roster order (3 to 18).
    Entered(Vec<Attributes>),
}

/// How players are put into teams (D1.1).
#[derive(Clone, Eq, PartialEq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamSource {
    /// Dealt at random into teams whose sizes differ by at most one.
    #[default]
    Dealt,
    /// Assigned by the producers: a team name per player, roster order.
    Assigned(Vec<String>),
}

/// Everything a season starts from.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupInput {
    /// Player names, roster order (D11.2).
    pub players: Vec<String>,
    /// Team names, team order.
    pub teams: Vec<String>,
    /// Rolled or entered attributes.
    #[serde(default)]
    pub attributes: AttributeSource,
    /// Dealt or assigned teams.
    #[serde(default)]
    pub assignment: TeamSource,
    /// Rule options.
    #[serde(default)]
    pub options: Options,
    /// The seed of every random draw (D1.4); secret until the end (D10.3).
    #[serde(with = "console_core::save::u64_string")]
    pub seed: u64,
    /// The commitment's salt, revealed with the seed.
    pub salt: Salt,
}

/// Why a season cannot start.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct SetupError(pub String);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// What setup drew, for the log.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct SetupReport {
    /// Per player, roster order: the Competition and Survival rolls (empty
    /// when entered).
    pub attribute_rolls: Vec<(PlayerId, PlainRoll, PlainRoll)>,
    /// Team of each player, roster order.
    pub teams: Vec<TeamId>,
}

/// The text the commitment hashes (D1.4): a version line, then one input
/// per line. Names are joined by U+001F, which no name can contain.
pub fn committed_text(s: &SetupInput) -> String {
    format!(
        "dice-org season v1\nseed {}\nsalt {}\nplayers {}\nteams {}\nattributes {}\nassignment {}\n",
        s.seed,
        s.salt,
        s.players.join("\u{1f}"),
        s.teams.join("\u{1f}"),
        match s.attributes {
            AttributeSource::Rolled => "rolled",
            AttributeSource::Entered(_) => "entered",
        },
        match s.assignment {
            TeamSource::Dealt => "dealt",
            TeamSource::Assigned(_) => "assigned",
        }
    )
}

/// The commitment published at the start: SHA-256 of [`committed_text`].
pub fn commitment(s: &SetupInput) -> String {
    sha256_hex(&committed_text(s))
}

/// Deals `n` players (roster indices) into `teams` teams at random (D1.1):
/// the roster is shuffled with the deal stream, then dealt in turn in team
/// order, so team sizes differ by at most one.
pub fn deal(seed: u64, n: usize, teams: usize) -> Vec<TeamId> {
    let mut order: Vec<usize> = (0..n).collect();
    GameRng::stream(seed, DEAL_STREAM).shuffle(&mut order);
    let mut out = vec![TeamId(0); n];
    for (k, &p) in order.iter().enumerate() {
        out[p] = TeamId((k % teams.max(1)) as u8);
    }
    out
}

fn err<T>(s: impl Into<String>) -> Result<T, SetupError> {
    Err(SetupError(s.into()))
}

/// Checks a season's count of players (D1.1) alone, before any name is
/// read or copied: a list of thousands is answered at once.
///
/// # Errors
///
/// A [`SetupError`] when `n` is outside [`MIN_PLAYERS`]..=[`MAX_PLAYERS`].
pub fn check_count(n: usize) -> Result<(), SetupError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        Ok(())
    } else {
        err(format!(
            "a season has {MIN_PLAYERS} to {MAX_PLAYERS} players (D1.1), not {n}"
        ))
    }
}

/// Checks the input without drawing anything.
///
/// # Errors
///
/// A [`SetupError`] naming the problem: players outside
/// [`MIN_PLAYERS`]..=[`MAX_PLAYERS`], no team or more than [`MAX_TEAMS`], a
/// player or team name S1.1 forbids or given twice, entered attributes not one
/// pair per player or outside 3 to 18, assigned teams not one per player or
/// naming no team, a team with no player, or more teams than players.
pub fn check(s: &SetupInput) -> Result<(), SetupError> {
    let n = s.players.len();
    check_count(n)?;
    if s.teams.is_empty() || s.teams.len() > MAX_TEAMS {
        return err(format!(
            "a season has 1 to {MAX_TEAMS} teams (D1.1), not {}",
            s.teams.len()
        ));
    }
    check_names(&s.players).map_err(|e| SetupError(format!("players: {e}")))?;
    check_names(&s.teams).map_err(|e| SetupError(format!("teams: {e}")))?;
    if let AttributeSource::Entered(v) = &s.attributes {
        if v.len() != n {
            return err(format!("{} attributes entered for {n} players", v.len()));
        }
        if let Some((i, a)) = v
            .iter()
            .enumerate()
            .find(|(_, a)| !(3..=18).contains(&a.competition) || !(3..=18).contains(&a.survival))
        {
            return err(format!(
                "{}'s attributes {a} are not 3d6 rolls (3 to 18, D1.2)",
                s.players[i]
            ));
        }
    }
    if let TeamSource::Assigned(v) = &s.assignment {
        if v.len() != n {
            return err(format!("{} teams assigned for {n} players", v.len()));
        }
        if let Some((i, t)) = v.iter().enumerate().find(|(_, t)| !s.teams.contains(t)) {
            return err(format!(
                "{} is assigned to {t:?}, which is not a team",
                s.players[i]
            ));
        }
        if let Some(t) = s.teams.iter().find(|t| !v.contains(t)) {
            return err(format!("team {t} has no player"));
        }
    } else if s.teams.len() > n {
        return err("more teams than players");
    }
    Ok(())
}

/// Sets a season up (D1): the starting state, drawing rolled attributes
/// from `dice` (the season's dice, D11.1: first of all).
///
/// # Errors
///
/// [`check`]'s [`SetupError`], or one saying the dice ran out while rolling
/// attributes (a finite source).
///
/// # Panics
///
/// Never: [`check`] has made sure every assigned team is one of the teams.
pub fn setup(s: &SetupInput, dice: &mut Dice) -> Result<(State, SetupReport), SetupError> {
    check(s)?;
    let n = s.players.len();
    let mut attributes = Vec::with_capacity(n);
    let mut attribute_rolls = Vec::new();
    match &s.attributes {
        AttributeSource::Entered(v) => attributes.clone_from(v),
        AttributeSource::Rolled => {
            let mut draw = |name: &str, kind| -> Result<PlainRoll, OutOfDice> {
                Ok(PlainRoll::of(
                    dice.three(name, Purpose::Attribute { attribute: kind })?,
                ))
            };
            for (i, name) in s.players.iter().enumerate() {
                let c = draw(name, RollKind::Competition).map_err(|e| SetupError(e.to_string()))?;
                let v = draw(name, RollKind::Survival).map_err(|e| SetupError(e.to_string()))?;
                attributes.push(Attributes {
                    competition: c.total as u8,
                    survival: v.total as u8,
                });
                attribute_rolls.push((PlayerId(i as u16), c, v));
            }
        }
    }
    let teams_of: Vec<TeamId> = match &s.assignment {
        TeamSource::Dealt => deal(s.seed, n, s.teams.len()),
        TeamSource::Assigned(v) => v
            .iter()
            .map(|t| TeamId(s.teams.iter().position(|x| x == t).expect("checked") as u8))
            .collect(),
    };
    let players: Vec<Player> = s
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| Player {
            name: name.clone(),
            living: Some(Living {
                team: teams_of[i],
                attributes: attributes[i],
                rp: 0,
                counters: 0,
                advantages: Vec::new(),
                immune: false,
            }),
        })
        .collect();
    let teams: Vec<Team> = s
        .teams
        .iter()
        .enumerate()
        .map(|(t, name)| Team {
            name: name.clone(),
            pool: POOL_PER_MEMBER * teams_of.iter().filter(|x| x.index() == t).count() as u32,
            camp: Vec::new(),
        })
        .collect();
    Ok((
        State::new(s.options, teams, players),
        SetupReport {
            attribute_rolls,
            teams: teams_of,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::SeededDice;

    fn input(n: usize, teams: usize) -> SetupInput {
        SetupInput {
            players: (0..n).map(|i| format!("P{i}")).collect(),
            teams: (0..teams).map(|i| format!("T{i}")).collect(),
            attributes: AttributeSource::Rolled,
            assignment: TeamSource::Dealt,
            options: Options::default(),
            seed: 5,
            salt: Salt([3; 32]),
        }
    }

    #[test]
    fn deals_are_balanced_and_pools_are_seven_per_member() {
        for n in 4..=40 {
            for t in 1..=4 {
                let mut src = SeededDice::new(9);
                let mut dice = Dice::new(&mut src);
                let (state, report) = setup(&input(n, t), &mut dice).unwrap();
                assert_eq!(dice.log().len(), 6 * n);
                let sizes: Vec<usize> = (0..t)
                    .map(|i| state.members(TeamId(i as u8)).len())
                    .collect();
                assert!(
                    sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1,
                    "{sizes:?}"
                );
                for (i, team) in state.teams.iter().enumerate() {
                    assert_eq!(team.pool, 7 * sizes[i] as u32);
                }
                for (p, c, v) in &report.attribute_rolls {
                    let a = state.living(*p).unwrap().attributes;
                    assert_eq!(
                        (u32::from(a.competition), u32::from(a.survival)),
                        (c.total, v.total)
                    );
                    assert!((3..=18).contains(&c.total));
                }
            }
        }
    }

    #[test]
    fn refusals() {
        assert!(check(&input(3, 1)).is_err());
        assert!(check(&input(41, 1)).is_err());
        assert!(check(&input(8, 5)).is_err());
        let mut i = input(4, 2);
        i.assignment = TeamSource::Assigned(vec!["T0".into(); 4]);
        assert!(check(&i).unwrap_err().0.contains("T1 has no player"));
        i.assignment =
            TeamSource::Assigned(vec!["T0".into(), "T1".into(), "T0".into(), "T1".into()]);
        assert!(check(&i).is_ok());
        i.attributes = AttributeSource::Entered(vec![
            Attributes {
                competition: 2,
                survival: 9
            };
            4
        ]);
        assert!(check(&i).is_err());
    }

    #[test]
    fn the_commitment_covers_every_input() {
        let a = input(4, 2);
        let c = commitment(&a);
        assert_eq!(c.len(), 64);
        assert!(committed_text(&a).starts_with("dice-org season v1\nseed 5\nsalt 0303"));
        let mut b = a.clone();
        b.seed = 6;
        assert_ne!(commitment(&b), c);
        let mut b = a.clone();
        b.salt = Salt([4; 32]);
        assert_ne!(commitment(&b), c);
        let mut b = a.clone();
        b.players.swap(0, 1);
        assert_ne!(commitment(&b), c);
    }
}
