//! The worked examples of the players' guide (`GUIDE.md`): eight players
//! with known cards, the private messages of one night, and the night
//! played by [`play_night`] when asked for, so the guide never states an
//! outcome the engine does not produce. `GUIDE.md` marks where each goes
//! with a fenced block ```` ```example survival-chain ```` and the app
//! draws the players' table from [`Example`].

use crate::card::Card;
use crate::night::{NightInput, play_night};
use crate::options::Options;
use crate::report::{Cause, PhaseReport};
use crate::roster::{PlayerId, Roster};
use crate::setup::{Edition, Setup};
use crate::state::State;
use console_core::commitment::Salt;

/// The names of the examples, in the guide's order.
pub const NAMES: &[&str] = &["survival-chain"];

/// A worked example: the players and their cards, the night's private
/// messages and decisions, and the night as the engine plays it.
#[derive(Clone, Debug)]
pub struct Example {
    /// Its name in `GUIDE.md`.
    pub name: &'static str,
    /// What it shows, as a caption.
    pub title: &'static str,
    /// The rules it shows (S-numbers).
    pub rules: &'static [&'static str],
    /// Players, cards and options (the defaults).
    pub setup: Setup,
    /// The state at the start of the night.
    pub start: State,
    /// The private messages and decisions.
    pub input: NightInput,
    /// The engine's report of the night.
    pub report: PhaseReport,
    /// The state after it.
    pub after: State,
}

/// One player's line of the example's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The player's name.
    pub name: String,
    /// Their card (secret in a real game while they live).
    pub card: Card,
    /// What they sent: the private message, then a decision after their
    /// elimination (S7), as lines.
    pub sent: Vec<String>,
    /// What became of them, in words.
    pub result: String,
}

impl Example {
    /// One row per player, roster order.
    pub fn rows(&self) -> Vec<Row> {
        let roster = &self.setup.roster;
        roster
            .ids()
            .map(|p| {
                let mut sent: Vec<String> = Vec::new();
                for (map, what) in [
                    (&self.input.actions, ""),
                    (&self.input.decisions, "decision: "),
                ] {
                    if let Some(t) = map.get(&p) {
                        sent.extend(t.lines().map(|l| format!("{what}{l}")));
                    }
                }
                let result = match self.report.eliminations.iter().find(|e| e.player == p) {
                    None => "alive".to_string(),
                    Some(e) => {
                        let causes: Vec<&str> = e.causes.iter().map(|c| cause_words(*c)).collect();
                        match e.by {
                            Some(by) => {
                                format!("eliminated: {} {}", causes.join(", "), roster.name(by))
                            }
                            None => format!("eliminated: {}", causes.join(", ")),
                        }
                    }
                };
                Row {
                    name: roster.name(p).to_string(),
                    card: self.setup.card(p),
                    sent,
                    result,
                }
            })
            .collect()
    }

    /// What happened, in the order the night resolves (S4.2), one
    /// sentence a step, with the rule numbers.
    pub fn steps(&self) -> Vec<String> {
        let roster = &self.setup.roster;
        let n = |p: PlayerId| roster.name(p).to_string();
        let mut out = Vec::new();
        let Some(night) = self.report.night() else {
            return out;
        };
        if let Some([a, b]) = night.buddies {
            out.push(format!(
                "Mother Nature makes {} and {} buddies, first of all (S3.7, S4.2).",
                n(a),
                n(b)
            ));
        }
        if let Some(p) = night.protect {
            out.push(format!("The Forest Ranger protects {} (S3.2).", n(p)));
        }
        if let Some(p) = night.kill.target() {
            out.push(format!("The Evil Forces agree to kill {} (S3.1).", n(p)));
        }
        for e in &self.report.eliminations {
            let why = e
                .causes
                .iter()
                .map(|c| match (c, e.by) {
                    (Cause::Kill, _) => "by the Evil Forces' kill (S4.2)".to_string(),
                    (Cause::Buddy, Some(by)) => {
                        format!("because their buddy {} was (S7.1)", n(by))
                    }
                    (Cause::Revenge, Some(by)) => {
                        format!("by the revenge of the GMO {} (S7.2)", n(by))
                    }
                    (c, _) => format!("({})", cause_words(*c)),
                })
                .collect::<Vec<_>>()
                .join(" and ");
            out.push(format!(
                "{} ({}) is eliminated {why}.",
                n(e.player),
                self.setup.card(e.player)
            ));
        }
        for note in &self.report.notes {
            out.push(format!("{}.", capital(&note.text(roster))));
        }
        if let Some(c) = night.check {
            out.push(format!(
                "The Scientist {} learns that {} is {} (S3.3).",
                n(c.scientist),
                n(c.target),
                if c.evil { "Evil" } else { "Good" }
            ));
        }
        out.push(match &self.report.winners {
            None => format!(
                "The morning post names the eliminated and their cards, never the causes; {} players are alive and the game goes on (S8.1, S9.1).",
                self.report.alive.len()
            ),
            Some(_) => "The game is over (S8.1).".to_string(),
        });
        out
    }
}

/// A cause in words.
fn cause_words(c: Cause) -> &'static str {
    match c {
        Cause::Kill => "killed",
        Cause::Bomb => "bombed",
        Cause::Discovered => "discovered",
        Cause::Vote => "voted out",
        Cause::Tie => "a tie",
        Cause::Lot => "by lot",
        Cause::Buddy => "buddy of",
        Cause::Revenge => "revenge of",
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The example called `name` (one of [`NAMES`]), played through the
/// engine; `None` for an unknown name.
///
/// # Panics
///
/// Never for a name in [`NAMES`]: its players and cards are fixed here and form
/// a valid roster and setup (the guide's tests play every example).
pub fn example(name: &str) -> Option<Example> {
    let name = *NAMES.iter().find(|n| **n == name)?;
    let players = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gil", "Hal"];
    let cards = vec![
        Card::Knowledge,
        Card::Gmo,
        Card::Pollution,
        Card::Waste,
        Card::MotherNature,
        Card::ForestRanger,
        Card::Scientist,
        Card::OzoneLayer,
    ];
    // (title, rules shown, private messages, decisions), by player name.
    type Lines = &'static [(&'static str, &'static str)];
    let (title, rules, actions, decisions): (_, &'static [&'static str], Lines, Lines) = match name
    {
        "survival-chain" => (
            "Night 1: a kill, a buddy and a revenge",
            &["S3.1", "S3.7", "S4.2", "S7.1", "S7.2", "S7.5"],
            &[
                ("Cid", "kill Ann"),
                ("Dee", "kill Ann"),
                ("Eve", "buddies Ann and Bob"),
                ("Fay", "protect Gil"),
                ("Gil", "check Dee"),
            ],
            &[("Bob", "revenge Cid")],
        ),
        _ => return None,
    };
    let roster = Roster::new(&players).expect("the examples' players");
    let setup = Setup::new(
        roster,
        cards,
        Options::default(),
        Edition::Advanced,
        1,
        Salt::default(),
    )
    .expect("the examples' cards");
    let start = State::start(&setup, None);
    let id = |name: &str| {
        PlayerId::from_index(players.iter().position(|p| *p == name).expect("a player"))
    };
    let input = NightInput {
        actions: actions
            .iter()
            .map(|(p, t)| (id(p), t.to_string()))
            .collect(),
        decisions: decisions
            .iter()
            .map(|(p, t)| (id(p), t.to_string()))
            .collect(),
    };
    let (after, report) = play_night(&setup, &start, &input);
    Some(Example {
        name,
        title,
        rules,
        setup,
        start,
        input,
        report,
        after,
    })
}
