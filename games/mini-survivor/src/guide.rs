//! The worked examples of the players' guide (`GUIDE.md`): a small tribe,
//! the orders its players send, and the round played by [`play_round`]
//! when asked for, so the guide never states an outcome the engine does
//! not produce. `GUIDE.md` marks where each goes with a fenced block
//! ```` ```example ms-tie ```` and the app draws the tribe table from
//! [`Example`].

use crate::adjudicate::play_round;
use crate::entry::{PositionEntry, position_from_entry};
use crate::options::Options;
use crate::player::{PlayerId, Roster};
use crate::position::{Origin, Place, Position, Setup};
use crate::report::{RoundReport, TallyVerdict};
use crate::survivor::SurvivorId;
use crate::tribe::{Grid, TribeId};

/// The names of the examples, in the guide's order.
pub const NAMES: &[&str] = &["ms-assassination", "ms-tie"];

/// The players of the examples, one survivor each in tribe A.
const PLAYERS: [&str; 8] = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gil", "Hal"];

/// A worked example: one tribe at the start of a round, the orders sent,
/// and the round as the engine plays it.
#[derive(Clone, Debug)]
pub struct Example {
    /// Its name in `GUIDE.md`.
    pub name: &'static str,
    /// What it shows, as a caption.
    pub title: &'static str,
    /// The rules it shows (R-numbers).
    pub rules: &'static [&'static str],
    /// The players, grid and options (the defaults).
    pub setup: Setup,
    /// The position at the start of the round.
    pub start: Position,
    /// Each player's orders as sent (R3), roster order, players with none
    /// left out.
    pub orders: Vec<(PlayerId, String)>,
    /// The engine's report of the round.
    pub report: RoundReport,
    /// The position after the round.
    pub after: Position,
}

/// One survivor's line of the example's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The survivor.
    pub survivor: SurvivorId,
    /// Its controller's name (secret in a real game, R2.3).
    pub controller: String,
    /// Its order lines.
    pub orders: Vec<String>,
    /// Votes it received, when its tribe voted and it was there (R5.5).
    pub votes: Option<u32>,
    /// What became of it this round, in a word or two: `assassinated`,
    /// `voted out`, `stays`, `outcast`.
    pub result: String,
}

impl Example {
    /// The tribe of the example.
    ///
    /// # Panics
    ///
    /// Never: `A` is always a tribe letter.
    pub fn tribe(&self) -> TribeId {
        TribeId::from_letter('A').expect("tribe A")
    }

    /// One row per survivor of the tribe at the start, by ID.
    ///
    /// # Panics
    ///
    /// Never: every member of the start's tribe is a survivor of the start.
    pub fn rows(&self) -> Vec<Row> {
        let r = &self.report;
        let tally = r.tallies.iter().find(|t| t.tribe == self.tribe());
        self.start
            .members(self.tribe())
            .map(|id| {
                let s = self.start.survivor(id).expect("a member");
                let controller = self.setup.players.name(s.controller).to_string();
                let orders = self
                    .orders
                    .iter()
                    .filter(|(p, _)| *p == s.controller)
                    .flat_map(|(_, text)| text.lines())
                    .filter(|l| {
                        l.split_whitespace()
                            .next()
                            .is_some_and(|w| w == id.to_string())
                    })
                    .map(str::to_string)
                    .collect();
                let votes = tally.and_then(|t| t.counts.iter().find(|c| c.0 == id).map(|c| c.1));
                let result = if r.assassinated.contains(&id) {
                    "assassinated".to_string()
                } else if r.voted_out.contains(&id) {
                    "voted out".to_string()
                } else {
                    match self.after.survivor(id).map(|s| s.place) {
                        Some(Place::Tribe(_)) => "stays".to_string(),
                        Some(Place::Outcast) => "outcast".to_string(),
                        _ => "eliminated".to_string(),
                    }
                };
                Row {
                    survivor: id,
                    controller,
                    orders,
                    votes,
                    result,
                }
            })
            .collect()
    }

    /// What happened, one sentence a resolved attack and one for the
    /// vote, with the rule numbers.
    ///
    /// # Panics
    ///
    /// Never: every attacker and voter in the report is a survivor of the
    /// start.
    pub fn steps(&self) -> Vec<String> {
        let name = |id: SurvivorId| {
            let s = self.start.survivor(id).expect("a survivor of the example");
            format!("{id} ({})", self.setup.players.name(s.controller))
        };
        let mut out = Vec::new();
        for a in &self.report.attacks {
            out.push(if a.correct {
                format!(
                    "{} attacks {} guessing {}: right, so {} is eliminated (R4.2).",
                    name(a.attacker),
                    a.target,
                    self.setup.players.name(a.guess),
                    a.target
                )
            } else {
                format!(
                    "{} attacks {} guessing {}: wrong, so the attacker {} is eliminated (R4.2).",
                    name(a.attacker),
                    a.target,
                    self.setup.players.name(a.guess),
                    a.attacker
                )
            });
        }
        for (voter, target) in self
            .report
            .tallies
            .iter()
            .flat_map(|t| t.discarded.iter().copied())
        {
            out.push(format!(
                "{}'s vote for {target} is not counted: one of them was assassinated (R5.2).",
                name(voter)
            ));
        }
        for t in &self.report.tallies {
            let out_ids: Vec<String> = t.eliminated.iter().map(|s| name(*s)).collect();
            let most = t.counts.iter().map(|c| c.1).max().unwrap_or(0);
            out.push(match t.verdict {
                TallyVerdict::Most => format!(
                    "{} has the most votes ({most}) and is voted out (R5.5).",
                    out_ids.join(", ")
                ),
                TallyVerdict::Tie => format!(
                    "{} tie for the most votes ({most} each): every tied survivor is voted out (R5.5).",
                    and_list(&out_ids)
                ),
                TallyVerdict::AllZero => format!(
                    "Every vote was discarded: all of {} are voted out (R5.5).",
                    and_list(&out_ids)
                ),
            });
        }
        let players_out: Vec<&str> = self
            .report
            .eliminated()
            .iter()
            .map(|id| {
                let s = self.start.survivor(*id).expect("a survivor");
                self.setup.players.name(s.controller)
            })
            .collect();
        if !players_out.is_empty() {
            out.push(format!(
                "The result post names the controller of every eliminated survivor ({}), never of a living one (R2.3, R9.2).",
                players_out.join(", ")
            ));
        }
        out
    }
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The example called `name` (one of [`NAMES`]), played through the
/// engine; `None` for an unknown name.
///
/// # Panics
///
/// Never for a name in [`NAMES`]: its players, one-tribe grid and line-up are
/// fixed here and valid (the guide's tests play every example).
pub fn example(name: &str) -> Option<Example> {
    let name = *NAMES.iter().find(|n| **n == name)?;
    let (title, rules, orders): (_, &'static [&'static str], &[(&str, &str)]) = match name {
        "ms-assassination" => (
            "Three attacks in one tribe, resolved together",
            &["R4.1", "R4.2", "R5.2", "R5.5"],
            &[
                ("Ann", "1 a 2 Bob\n1 v 4"),
                ("Cid", "3 a 5 Dee"),
                ("Dee", "4 a 1 Ann\n4 v 8"),
                ("Eve", "5 v 8"),
                ("Fay", "6 v 8"),
                ("Gil", "7 v 8"),
                ("Hal", "8 v 7"),
            ],
        ),
        "ms-tie" => (
            "A vote that ends in a tie",
            &["R5.1", "R5.5", "R3.6"],
            &[
                ("Ann", "1 v 2"),
                ("Bob", "2 v 4"),
                ("Cid", "3 v 2"),
                ("Dee", "4 v 6"),
                ("Eve", "5 v 4"),
                ("Fay", "6 v 1"),
                ("Gil", "7 v 8"),
                ("Hal", "8 v 7"),
            ],
        ),
        _ => return None,
    };
    let players = Roster::new(PLAYERS).expect("the examples' players");
    let grid = Grid::new(1, 1).expect("one tribe");
    let mut setup = Setup::new(players, grid, Options::default(), 1);
    setup.origin = Origin::Position;
    let lineup = format!(
        "A: {}",
        PLAYERS
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{} {p}", i + 1))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let start = position_from_entry(
        &setup,
        &PositionEntry {
            round: 1,
            lineup,
            players: String::new(),
        },
    )
    .expect("the examples' line-up");
    let orders: Vec<(PlayerId, String)> = orders
        .iter()
        .map(|(p, t)| {
            let id = setup.players.resolve_guess(p).expect("a player");
            (id, t.to_string())
        })
        .collect();
    let subs: Vec<(PlayerId, &str)> = orders.iter().map(|(p, t)| (*p, t.as_str())).collect();
    let (after, report) = play_round(&setup, &start, &subs);
    Some(Example {
        name,
        title,
        rules,
        setup,
        start,
        orders,
        report,
        after,
    })
}
