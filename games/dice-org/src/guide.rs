//! The worked examples of the players' guide (`GUIDE.md`): one team at
//! camp with given attributes, counters, choices and dice, played by
//! [`camp`] when asked for, so the guide never states an outcome the
//! engine does not produce. `GUIDE.md` marks where each goes with a fenced
//! block ```` ```example dice-camp ```` and the app draws the camp table
//! from [`Example`].

use crate::advantage::Advantage;
use crate::by_name::ByName;
use crate::camp::{CampChoice, CampInput, CampReport, camp};
use crate::dice::{Dice, DiceList};
use crate::options::Options;
use crate::state::{Attributes, Living, Player, State, Team, TeamId};

/// The names of the examples, in the guide's order.
pub const NAMES: &[&str] = &["dice-camp"];

/// A worked example: a team before camp, the players' choices, the dice,
/// and the camp as the engine plays it.
#[derive(Clone, Debug)]
pub struct Example {
    /// Its name in `GUIDE.md`.
    pub name: &'static str,
    /// What it shows, as a caption.
    pub title: &'static str,
    /// The rules it shows (D-numbers).
    pub rules: &'static [&'static str],
    /// The season before camp (options: the defaults).
    pub start: State,
    /// The choices (D5.2).
    pub input: CampInput,
    /// The dice, in the order drawn (D11.1).
    pub dice: Vec<u8>,
    /// The engine's report.
    pub report: CampReport,
    /// The season after camp.
    pub after: State,
}

/// One member's line of the example's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The player's name.
    pub name: String,
    /// `[Competition, Survival]` (secret in a real game, D10.3).
    pub attributes: String,
    /// Depletion counters at the start of camp and after the meal (D5.1).
    pub counters: (u32, u32),
    /// The choices, in words (empty: none).
    pub choices: Vec<String>,
    /// The gathering roll's dice.
    pub dice: [u8; 3],
    /// How the result comes from the dice (D2.2), in words.
    pub working: String,
    /// What the player adds to the pool.
    pub gathered: u32,
    /// Bonus rolls and what they found, in words (empty: none).
    pub bonus: Vec<String>,
}

impl Example {
    /// One row per member, roster order.
    ///
    /// # Panics
    ///
    /// Never: every player gathering in the example's camp is living at its
    /// start.
    pub fn rows(&self) -> Vec<Row> {
        let Some(t) = self.report.teams.first() else {
            return Vec::new();
        };
        t.gathering
            .iter()
            .map(|g| {
                let living = self.start.living(g.player).expect("a member");
                let c = self.input.choices.get(&g.name).copied().unwrap_or_default();
                let mut choices = Vec::new();
                if c.deduct_for_bonus {
                    choices.push("-3 for a bonus roll".to_string());
                }
                if let Some(b) = c.boost {
                    choices.push(format!("boost {b:?}"));
                }
                if c.deduct_for_rp {
                    choices.push("-5 for 1 RP".to_string());
                }
                if c.rp_for_bonus {
                    choices.push("1 RP for a bonus roll".to_string());
                }
                let r = &g.roll;
                let mut working = format!("{} = {}", dice_sum(r.dice), r.raw);
                if r.blind != 0 {
                    working.push_str(&format!(", {:+} = {}", r.blind, r.raw as i64 + r.blind));
                }
                if r.roll_penalty > 0 {
                    working.push_str(&format!(", roll penalty -{}", r.roll_penalty));
                }
                if r.capped {
                    working.push_str(&format!(
                        ", capped at Survival {}{} = {}",
                        r.attribute,
                        if r.stat_penalty > 0 {
                            format!(" - {}", r.stat_penalty)
                        } else {
                            String::new()
                        },
                        r.cap
                    ));
                }
                if r.outcome_penalty > 0 {
                    working.push_str(&format!(", outcome penalty -{}", r.outcome_penalty));
                }
                if r.informed != 0 {
                    working.push_str(&format!(", {:+} after rolling", r.informed));
                }
                working.push_str(&format!(": {}", r.result));
                let counters_after = self.after.living(g.player).map_or(0, |l| l.counters);
                let bonus = t
                    .bonus
                    .iter()
                    .filter(|b| b.player == g.player)
                    .map(|b| {
                        format!(
                            "{} = {}{}",
                            dice_sum(b.roll.dice),
                            b.roll.total,
                            match &b.found {
                                Some(a) => format!(": finds the {a}"),
                                None => String::new(),
                            }
                        )
                    })
                    .collect();
                Row {
                    name: g.name.clone(),
                    attributes: living.attributes.to_string(),
                    counters: (living.counters, counters_after),
                    choices,
                    dice: r.dice,
                    working,
                    gathered: r.result,
                    bonus,
                }
            })
            .collect()
    }

    /// What happened, in order, one sentence a step, with the rule numbers.
    pub fn steps(&self) -> Vec<String> {
        let mut out = Vec::new();
        for t in &self.report.teams {
            out.push(if t.consumed {
                format!(
                    "{} eats: the pool of {} holds at least {} (5 for each of {} members), so {} is spent and each member with a depletion counter loses one (D5.1).",
                    t.team,
                    t.pool_before,
                    t.need,
                    t.members.len(),
                    t.need
                )
            } else {
                format!(
                    "{} cannot eat: the pool of {} is under {}, so nothing is spent and no counter is removed (D5.1).",
                    t.team, t.pool_before, t.need
                )
            });
            let gathered: Vec<String> = t
                .gathering
                .iter()
                .map(|g| format!("{} {}", g.name, g.roll.result))
                .collect();
            out.push(format!(
                "Each member makes a survival roll, capped by their Survival attribute, and adds the result to the pool: {} (D2.2, D5.2). The pool is now {}.",
                gathered.join(", "),
                t.pool_after
            ));
            for g in &t.gathering {
                if g.rp_gained > 0 {
                    out.push(format!(
                        "{} took 5 off the result after seeing it and earns {} RP (D5.2).",
                        g.name, g.rp_gained
                    ));
                }
            }
            match &t.found {
                Some((p, a)) => out.push(format!(
                    "Bonus rolls come last, in roster order: {} rolls 12 and finds the {a} waiting at camp (D5.4).",
                    self.start.name(*p)
                )),
                None if !t.bonus.is_empty() => out.push(
                    "Bonus rolls come last: none is a 12, so no advantage is found (D5.4).".to_string(),
                ),
                None => {}
            }
        }
        out
    }
}

/// `4 + 5 + 6`.
fn dice_sum(d: [u8; 3]) -> String {
    format!("{} + {} + {}", d[0], d[1], d[2])
}

/// The example called `name` (one of [`NAMES`]), played through the
/// engine; `None` for an unknown name.
///
/// # Panics
///
/// Never for a name in [`NAMES`]: its team, players and dice are fixed here and
/// valid, and there are enough dice for the camp (the guide's tests play every
/// example).
pub fn example(name: &str) -> Option<Example> {
    let name = *NAMES.iter().find(|n| **n == name)?;
    // (name, competition, survival, counters, choices)
    type Member = (&'static str, u8, u8, u32, CampChoice);
    let (title, rules, pool, members, dice): (
        _,
        &'static [&'static str],
        u32,
        Vec<Member>,
        Vec<u8>,
    ) = match name {
        "dice-camp" => (
            "A team of three at camp",
            &["D5.1", "D5.2", "D2.1", "D2.2", "D5.4", "D11.1"],
            16,
            vec![
                (
                    "Ann",
                    10,
                    12,
                    1,
                    CampChoice {
                        deduct_for_rp: true,
                        ..CampChoice::default()
                    },
                ),
                (
                    "Bob",
                    8,
                    9,
                    2,
                    CampChoice {
                        deduct_for_bonus: true,
                        ..CampChoice::default()
                    },
                ),
                ("Cid", 12, 7, 0, CampChoice::default()),
            ],
            // Gathering in roster order, then the bonus roll (D11.1).
            vec![4, 5, 6, 3, 4, 2, 6, 6, 5, 4, 4, 4],
        ),
        _ => return None,
    };
    let team = Team {
        name: "Tala".to_string(),
        pool,
        camp: vec![Advantage::HiddenImmunity],
    };
    let players = members
        .iter()
        .map(|(n, c, s, counters, _)| Player {
            name: n.to_string(),
            living: Some(Living {
                team: TeamId(0),
                attributes: Attributes {
                    competition: *c,
                    survival: *s,
                },
                rp: 0,
                counters: *counters,
                advantages: Vec::new(),
                immune: false,
            }),
        })
        .collect();
    let start = State::new(Options::default(), vec![team], players);
    let mut choices = ByName::new();
    for (n, .., c) in &members {
        if *c != CampChoice::default() {
            choices.insert(n.to_string(), *c);
        }
    }
    let input = CampInput { choices };
    let wide: Vec<i64> = dice.iter().map(|d| i64::from(*d)).collect();
    let mut list = DiceList::new(&wide).expect("six-sided dice");
    let (after, report) =
        camp(&start, &input, &mut Dice::new(&mut list)).expect("the example's camp");
    Some(Example {
        name,
        title,
        rules,
        start,
        input,
        dice,
        report,
        after,
    })
}
