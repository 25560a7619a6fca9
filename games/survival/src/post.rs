//! S9: what leaves the moderator.
//!
//! Public posts are built from public types whose fields are private and
//! whose constructors take only what S9 allows: a card appears only in a
//! [`Revealed`], which exists only for a Memory (or at the end); no type
//! here has a field for a night target, a buddy pair or the seed before
//! the end (S9.5). Private messages ([`PrivateMessage`]) hold one player's
//! own information (S9.3).
//!
//! Formats (S9.4): BBCode, Discord Markdown (messages of at most 2,000 code
//! points, split between blocks), plain text, with `console_core::format`.

use crate::card::Card;
use crate::commitment::commitment;
use crate::count::VoteCount;
use crate::game::Game;
use crate::phase::Phase;
use crate::report::{NoVote, Note, Outcome, PhaseReport};
use crate::roster::PlayerId;
use crate::setup::Setup;
use crate::state::{PolarDecision, State};
use crate::win::Winner;
pub use console_core::format::{
    DISCORD_LIMIT, Deadline, Format, Mark, deadline_text, escape, pack, utc,
};
use std::fmt::Write as _;

/// A Memory and, when `reveal_cards` is on, their card (S9.1). Exists only
/// for a player who is not alive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revealed {
    name: String,
    card: Option<Card>,
}

impl Revealed {
    /// `Some` only if `p` is a Memory in `after`.
    pub fn new(setup: &Setup, after: &State, p: PlayerId) -> Option<Revealed> {
        (!after.is_alive(p)).then(|| Revealed {
            name: setup.roster.name(p).to_string(),
            card: setup.options.reveal_cards.then(|| setup.card(p)),
        })
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The card, if cards are revealed.
    pub fn card(&self) -> Option<Card> {
        self.card
    }
}

/// A public Polar Bear decision (S7.3, S9.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicPolar {
    /// The Polar Bear (a Memory).
    pub bear: String,
    /// `true` for `sole`, `false` for `bar`.
    pub sole: bool,
    /// The named player.
    pub player: String,
    /// The day it applies to.
    pub day: u16,
}

/// A public Spotlight handover (S7.4, S9.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicSpotlight {
    /// The eliminated holder.
    pub from: String,
    /// The new holder, or `None`: the Spotlight lapses.
    pub to: Option<String>,
}

/// The end of the game, public: winners, every card, seed and salt (S9.1,
/// S1.6). Exists only once the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicEnd {
    winners: Vec<Winner>,
    survivors: Vec<String>,
    cards: Vec<(String, Card)>,
    seed: u64,
    salt: String,
    commitment: String,
    /// The players as dealt, in the deal's order, when a slot has been
    /// renamed since (S10.1): the names Verify takes (S1.6).
    dealt: Option<Vec<String>>,
}

impl PublicEnd {
    /// `Some` only when `state` is the end of the game.
    pub fn new(setup: &Setup, state: &State) -> Option<PublicEnd> {
        let winners = state.winners()?.to_vec();
        Some(PublicEnd {
            winners,
            survivors: setup.roster.sorted_names(state.alive()),
            cards: setup
                .roster
                .by_name()
                .iter()
                .map(|p| (setup.roster.name(*p).to_string(), setup.card(*p)))
                .collect(),
            seed: setup.seed,
            salt: setup.salt.to_string(),
            commitment: commitment(setup),
            dealt: (setup.dealt_names() != setup.roster.names())
                .then(|| setup.dealt_names().to_vec()),
        })
    }

    /// The winners (S8).
    pub fn winners(&self) -> &[Winner] {
        &self.winners
    }

    /// Every player's card, by name.
    pub fn cards(&self) -> &[(String, Card)] {
        &self.cards
    }
}

/// A player the moderator removed from the game at the phase's start
/// (S10.3), as the round post says it: who, why and, under
/// `reveal_removed`, their card. Exists only for a Memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicRemoval {
    name: String,
    reason: console_core::events::RemovalReason,
    card: Option<Card>,
}

impl PublicRemoval {
    /// The removals a phase's events made (S10.3), for players not alive
    /// in `after`, in the order made.
    pub fn of(setup: &Setup, report: &PhaseReport, after: &State) -> Vec<PublicRemoval> {
        report
            .events
            .iter()
            .filter_map(|e| match e {
                crate::events::EventNote::Removed { player, reason, .. }
                    if !after.is_alive(*player) =>
                {
                    Some(PublicRemoval {
                        name: setup.roster.name(*player).to_string(),
                        reason: *reason,
                        card: setup.options.reveal_removed.then(|| setup.card(*player)),
                    })
                }
                _ => None,
            })
            .collect()
    }

    /// The removed player's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// Everything public about a night (S9.1), and nothing else (S9.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicNight {
    night: u16,
    removed: Vec<PublicRemoval>,
    eliminated: Vec<Revealed>,
    nairobi: Option<String>,
    polar_bear: Option<PublicPolar>,
    spotlight: Option<PublicSpotlight>,
    end: Option<PublicEnd>,
}

/// The outcome of a day as posted (S6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicOutcome {
    /// No one: nobody voted.
    NoVotes,
    /// No one: no candidate held a majority (S5.5).
    NoMajority,
    /// No one: no one could vote (S7.3).
    NoVoters,
    /// No one: the revote tied again and `second_tie` is `none` (S6.4).
    SecondTie(Vec<String>),
    /// Voted out.
    Vote(String),
    /// A tie (the tied players): the Polar Bear went instead (S6.2).
    Tie(Vec<String>, String),
    /// Voted out in the revote among the tied (S6.3).
    Revote(Vec<String>, String),
    /// Chosen by lot among these (S6.5).
    Lot(Vec<String>, String),
    /// No one: no elimination won the vote (S5.6).
    NoElimination,
}

/// Everything public about a day's result (S6, S9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicDay {
    day: u16,
    removed: Vec<PublicRemoval>,
    count: VoteCount,
    /// Living players after the day's eliminations.
    living_after: usize,
    names: Vec<String>,
    outcome: PublicOutcome,
    eliminated: Vec<Revealed>,
    polar_bear: Option<PublicPolar>,
    spotlight: Option<PublicSpotlight>,
    end: Option<PublicEnd>,
}

fn decisions_public(
    setup: &Setup,
    phase: Phase,
    report: &PhaseReport,
) -> (Option<PublicPolar>, Option<PublicSpotlight>) {
    let name = |p: PlayerId| setup.roster.name(p).to_string();
    let mut polar = None;
    let mut spot = None;
    for n in &report.notes {
        match n {
            Note::PolarBear { bear, decision } => {
                let (sole, p) = match decision {
                    PolarDecision::Sole(p) => (true, *p),
                    PolarDecision::Bar(p) => (false, *p),
                };
                polar = Some(PublicPolar {
                    bear: name(*bear),
                    sole,
                    player: name(p),
                    day: if phase.is_night() {
                        phase.number
                    } else {
                        phase.number + 1
                    },
                });
            }
            Note::SpotlightHanded { from, to } => {
                spot = Some(PublicSpotlight {
                    from: name(*from),
                    to: Some(name(*to)),
                });
            }
            Note::SpotlightLapsed { from } => {
                // A handover that lapses at the chain's end keeps the first holder's name.
                let from = spot.take().map_or_else(|| name(*from), |s| s.from);
                spot = Some(PublicSpotlight { from, to: None });
            }
            _ => {}
        }
    }
    (polar, spot)
}

fn revealed(setup: &Setup, after: &State, report: &PhaseReport) -> Vec<Revealed> {
    setup
        .roster
        .sorted(report.eliminated())
        .into_iter()
        .filter_map(|p| Revealed::new(setup, after, p))
        .collect()
}

impl PublicNight {
    /// The public view of a night from its report and the state after it.
    /// `None` for a day's report.
    pub fn new(setup: &Setup, report: &PhaseReport, after: &State) -> Option<PublicNight> {
        let night = report.night()?;
        let (polar_bear, spotlight) = decisions_public(setup, report.phase, report);
        Some(PublicNight {
            night: report.phase.number,
            removed: PublicRemoval::of(setup, report, after),
            eliminated: revealed(setup, after, report),
            nairobi: night.nairobi.map(|p| setup.roster.name(p).to_string()),
            polar_bear,
            spotlight,
            end: PublicEnd::new(setup, after),
        })
    }

    /// The eliminated players, by name.
    pub fn eliminated(&self) -> &[Revealed] {
        &self.eliminated
    }
}

impl PublicDay {
    /// The public view of a day from its report, the state it was played
    /// from (`before`: its events applied, S10.2, so a player removed at
    /// its start is no voter) and the state after it. `None` for a night's
    /// report.
    pub fn new(
        setup: &Setup,
        report: &PhaseReport,
        before: &State,
        after: &State,
    ) -> Option<PublicDay> {
        let d = report.day()?;
        let name = |p: PlayerId| setup.roster.name(p).to_string();
        let names = |v: &[PlayerId]| v.iter().map(|p| name(*p)).collect::<Vec<_>>();
        let electorate = crate::count::Electorate::new(setup, before);
        let count = VoteCount::new(
            setup,
            report.phase.number,
            d.ended_at_post.unwrap_or(d.posts) as usize,
            &electorate,
            &d.count,
            before.spotlight(),
        );
        let tied = || names(&setup.roster.sorted(d.count.top().1));
        let outcome = match &d.outcome {
            Outcome::Vote { player } => PublicOutcome::Vote(name(*player)),
            Outcome::Tie { tied, bear } => PublicOutcome::Tie(names(tied), name(*bear)),
            Outcome::Revote { player } => PublicOutcome::Revote(tied(), name(*player)),
            Outcome::Lot { among, player } => PublicOutcome::Lot(names(among), name(*player)),
            Outcome::NoElimination => PublicOutcome::NoElimination,
            Outcome::None if electorate.voter_count() == 0 => PublicOutcome::NoVoters,
            Outcome::None if d.revote.is_some() => PublicOutcome::SecondTie(tied()),
            Outcome::None if d.count.top().0 > 0 => PublicOutcome::NoMajority,
            Outcome::None => PublicOutcome::NoVotes,
        };
        let (polar_bear, spotlight) = decisions_public(setup, report.phase, report);
        Some(PublicDay {
            day: report.phase.number,
            removed: PublicRemoval::of(setup, report, after),
            count,
            living_after: after.alive().len(),
            names: setup.roster.names().to_vec(),
            outcome,
            eliminated: revealed(setup, after, report),
            polar_bear,
            spotlight,
            end: PublicEnd::new(setup, after),
        })
    }

    /// The outcome.
    pub fn outcome(&self) -> &PublicOutcome {
        &self.outcome
    }
}

fn list(m: &Mark, names: &[String]) -> String {
    names
        .iter()
        .map(|n| m.name(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Names as a phrase: `Ann`, `Ann and Bob`, `Ann, Bob and Cid` (a name
/// holds no comma, S1.1).
fn and_list(m: &Mark, names: &[String]) -> String {
    let l = list(m, names);
    match l.rfind(", ") {
        Some(i) => format!("{} and {}", &l[..i], &l[i + 2..]),
        None => l,
    }
}

/// `Out of the game: NAME (Card), removed by the moderator for REASON.`
/// lines (S9.1, S10.3), one block; `None` when no one was removed.
fn removed_block(m: &Mark, removed: &[PublicRemoval]) -> Option<String> {
    if removed.is_empty() {
        return None;
    }
    let mut items = String::new();
    for r in removed {
        let who = match r.card {
            Some(c) => format!("{} ({c})", m.bold(&m.name(&r.name))),
            None => m.bold(&m.name(&r.name)),
        };
        items.push_str(&m.item(&format!(
            "{who}: removed by the moderator for {}",
            r.reason.words()
        )));
    }
    Some(format!("Out of the game:\n{}", m.list(&items)))
}

fn revealed_line(m: &Mark, r: &Revealed) -> String {
    match r.card {
        Some(c) => format!("{} ({})", m.bold(&m.name(&r.name)), c),
        None => m.bold(&m.name(&r.name)),
    }
}

fn decisions_blocks(
    m: &Mark,
    polar: &Option<PublicPolar>,
    spot: &Option<PublicSpotlight>,
) -> Vec<String> {
    let mut blocks = Vec::new();
    if let Some(p) = polar {
        blocks.push(if p.sole {
            format!(
                "The Polar Bear {} decided: only {} votes on day {}.\n",
                m.name(&p.bear),
                m.bold(&m.name(&p.player)),
                p.day
            )
        } else {
            format!(
                "The Polar Bear {} decided: {} may not vote on day {}.\n",
                m.name(&p.bear),
                m.bold(&m.name(&p.player)),
                p.day
            )
        });
    }
    if let Some(s) = spot {
        blocks.push(match &s.to {
            Some(to) => format!(
                "{} handed the Spotlight to {}: their vote counts twice.\n",
                m.name(&s.from),
                m.bold(&m.name(to))
            ),
            None => format!(
                "The Spotlight of {} lapses: no one holds it for the rest of the game.\n",
                m.name(&s.from)
            ),
        });
    }
    blocks
}

fn end_blocks(m: &Mark, end: &PublicEnd) -> Vec<String> {
    let winners: Vec<&str> = end
        .winners
        .iter()
        .map(|w| match w {
            Winner::Buddies => "the Buddies",
            Winner::Good => "Good (the Special Forces and Elements)",
            Winner::Evil => "the Evil Forces",
        })
        .collect();
    let mut blocks = vec![m.heading("The game is over")];
    blocks.push(format!(
        "{} {}.\nStill alive: {}\n",
        m.bold("Winners:"),
        winners.join(" and "),
        if end.survivors.is_empty() {
            "no one".to_string()
        } else {
            list(m, &end.survivors)
        }
    ));
    let mut items = String::new();
    for (n, c) in &end.cards {
        items.push_str(&m.item(&format!("{}: {c}", m.name(n))));
    }
    blocks.push(format!("{}\n{}", m.bold("Every card:"), m.list(&items)));
    blocks.push(format!(
        "Seed: {}\nSalt: {}\nCommitment published at the deal: {}\nAnyone can recompute the commitment and the deal from these.\n",
        end.seed, end.salt, end.commitment
    ));
    if let Some(dealt) = &end.dealt {
        blocks.push(format!(
            "Players as dealt, in the deal's order (the deal post's names, which the commitment covers): {}\n",
            list(m, dealt)
        ));
    }
    blocks
}

/// The morning post after a night (S9.1): who was eliminated, in name
/// order, with cards under `reveal_cards`, never the causes; Nairobi; the
/// Polar Bear's decision and a Spotlight handover; the next deadline; the
/// end of the game when it ended.
pub fn morning_post(
    public: &PublicNight,
    format: Format,
    deadline: Option<Deadline>,
) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title(&format!("Night {} is over", public.night))];
    blocks.extend(removed_block(&m, &public.removed));
    if public.eliminated.is_empty() {
        blocks.push("No one was eliminated.\n".to_string());
    } else {
        let mut items = String::new();
        for r in &public.eliminated {
            items.push_str(&m.item(&revealed_line(&m, r)));
        }
        blocks.push(format!("Eliminated:\n{}", m.list(&items)));
    }
    if let Some(n) = &public.nairobi {
        blocks.push(format!(
            "{} is summoned to Nairobi for day {}: they can neither vote nor be voted for.\n",
            m.bold(&m.name(n)),
            public.night
        ));
    }
    blocks.extend(decisions_blocks(&m, &public.polar_bear, &public.spotlight));
    match &public.end {
        Some(end) => blocks.extend(end_blocks(&m, end)),
        None => {
            if let Some(d) = deadline {
                blocks.push(format!(
                    "Day {} votes are due: {}\n",
                    public.night,
                    deadline_text(d, format)
                ));
            }
        }
    }
    pack(blocks, format)
}

/// The count's blocks; `living` is the number of living players to state
/// (after the day's eliminations in a result post).
fn count_blocks(m: &Mark, c: &VoteCount, names: &[String], living: usize) -> Vec<String> {
    let name = |p: PlayerId| m.name(&names[p.index()]);
    let mut blocks = Vec::new();
    if c.rows.is_empty() && c.no_elimination.is_none() {
        blocks.push("No votes.\n".to_string());
    }
    // No elimination takes its place by count, before players of an equal
    // count (S5.6).
    let ne_at = c.no_elimination.as_ref().map_or(usize::MAX, |ne| {
        c.rows
            .iter()
            .position(|r| r.count <= ne.count)
            .unwrap_or(c.rows.len())
    });
    for (i, r) in c.rows.iter().map(Some).chain([None]).enumerate() {
        if i == ne_at
            && let Some(ne) = &c.no_elimination
        {
            let voters: Vec<String> = ne
                .voters
                .iter()
                .map(|(p, w)| {
                    if *w > 1 {
                        format!("{} [x{w}]", name(*p))
                    } else {
                        name(*p)
                    }
                })
                .collect();
            blocks.push(format!(
                "{} ({}): {}{}\n",
                m.bold("No elimination"),
                ne.count,
                voters.join(", "),
                if ne.l_minus_1 { " (L-1)" } else { "" }
            ));
        }
        let Some(r) = r else { break };
        let voters: Vec<String> = r
            .voters
            .iter()
            .map(|(p, w)| {
                if *w > 1 {
                    format!("{} [x{w}]", name(*p))
                } else {
                    name(*p)
                }
            })
            .collect();
        blocks.push(format!(
            "{} ({}): {}{}\n",
            m.bold(&name(r.candidate)),
            r.count,
            voters.join(", "),
            if r.l_minus_1 { " (L-1)" } else { "" }
        ));
    }
    let nv: Vec<String> = c.not_voting.iter().map(|p| name(*p)).collect();
    blocks.push(format!(
        "\nNot voting ({}): {}\n",
        nv.len(),
        if nv.is_empty() {
            "none".to_string()
        } else {
            nv.join(", ")
        }
    ));
    if !c.cannot_vote.is_empty() {
        let cv: Vec<String> = c
            .cannot_vote
            .iter()
            .map(|(p, why)| {
                format!(
                    "{} ({})",
                    name(*p),
                    match why {
                        NoVote::Nairobi => "in Nairobi",
                        NoVote::Barred => "barred by the Polar Bear",
                        NoVote::NotSole | NoVote::SoleCannotVote => "not the sole voter",
                        NoVote::Memory => "a Memory",
                    }
                )
            })
            .collect();
        blocks.push(format!("Cannot vote ({}): {}\n", cv.len(), cv.join(", ")));
    }
    let mut tail = format!("Living players: {living}\n");
    if let Some(need) = c.majority {
        if c.total as usize == c.voters {
            let _ = writeln!(
                tail,
                "With {} voters it takes {need} to eliminate.",
                c.voters
            );
        } else {
            let _ = writeln!(
                tail,
                "With {} voters ({} votes: the Spotlight counts twice) it takes {need} to eliminate.",
                c.voters, c.total
            );
        }
    }
    blocks.push(tail);
    blocks
}

/// The vote count post (S9.2): `Name (3): Voter1, Voter2 [x2]` by count
/// descending then name, `Not voting (n): ...`, the number of living
/// players, and under `majority` the votes needed and `L-1` marks.
/// `names` are the roster's names (roster order).
pub fn vote_count_post(count: &VoteCount, names: &[String], format: Format) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title(&format!("Vote count, day {}", count.day))];
    if count.decided {
        blocks.push("A candidate holds a majority: the day is over.\n".to_string());
    }
    blocks.extend(count_blocks(&m, count, names, count.living));
    pack(blocks, format)
}

/// The day's result post (S6, S9): the final count, the outcome, who was
/// eliminated (with cards under `reveal_cards`), decisions, the next
/// deadline or the end of the game.
pub fn day_result_post(
    public: &PublicDay,
    format: Format,
    deadline: Option<Deadline>,
) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title(&format!("Day {} result", public.day))];
    blocks.extend(removed_block(&m, &public.removed));
    blocks.push(m.heading("Final vote count"));
    blocks.extend(count_blocks(
        &m,
        &public.count,
        &public.names,
        public.living_after,
    ));
    blocks.push(m.heading("Outcome"));
    let b = |s: &str| m.bold(&m.name(s));
    blocks.push(match &public.outcome {
        PublicOutcome::NoVotes => "No one voted: no one is eliminated.\n".to_string(),
        PublicOutcome::NoMajority => {
            "No candidate reached a majority: no one is eliminated.\n".to_string()
        }
        PublicOutcome::NoVoters => "No one could vote: no one is eliminated.\n".to_string(),
        PublicOutcome::NoElimination => {
            "The vote went to no elimination: no one is eliminated.\n".to_string()
        }
        PublicOutcome::SecondTie(tied) => format!(
            "The revote between {} tied again: no one is eliminated.\n",
            and_list(&m, tied)
        ),
        PublicOutcome::Vote(p) => format!("{} is voted out.\n", b(p)),
        PublicOutcome::Tie(tied, bear) => format!(
            "The vote tied between {}: {} is eliminated by the tie rule.\n",
            and_list(&m, tied),
            b(bear)
        ),
        PublicOutcome::Revote(tied, p) => format!(
            "The vote tied between {}; the revote eliminates {}.\n",
            and_list(&m, tied),
            b(p)
        ),
        PublicOutcome::Lot(among, p) => format!(
            "The revote did not decide between {}: the lot chose {}.\n",
            and_list(&m, among),
            b(p)
        ),
    });
    if !public.eliminated.is_empty() {
        let mut items = String::new();
        for r in &public.eliminated {
            items.push_str(&m.item(&revealed_line(&m, r)));
        }
        blocks.push(format!("Eliminated:\n{}", m.list(&items)));
    }
    blocks.extend(decisions_blocks(&m, &public.polar_bear, &public.spotlight));
    match &public.end {
        Some(end) => blocks.extend(end_blocks(&m, end)),
        None => {
            if let Some(d) = deadline {
                blocks.push(format!(
                    "Night {} actions are due: {}\n",
                    public.day + 1,
                    deadline_text(d, format)
                ));
            }
        }
    }
    pack(blocks, format)
}

/// The end-of-game post alone (S8, S9.1): winners, every card, seed and
/// salt.
pub fn end_post(end: &PublicEnd, format: Format) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title("Survival: the end")];
    blocks.extend(end_blocks(&m, end).into_iter().skip(1));
    pack(blocks, format)
}

/// The deal post (S1.4-S1.6): the players, the Spotlight holder, the deck
/// in play when `show_deck` (how many Evil Forces, which Special Forces,
/// never who holds what), the commitment, and the first deadline.
pub fn deal_post(
    setup: &Setup,
    spotlight: Option<PlayerId>,
    show_deck: bool,
    format: Format,
    deadline: Option<Deadline>,
) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title("Survival: the cards are dealt")];
    blocks.push(format!(
        "Players ({}): {}\n",
        setup.roster.len(),
        list(&m, setup.roster.names())
    ));
    if let Some(s) = spotlight {
        blocks.push(format!(
            "In the Spotlight: {} (their vote counts twice).\n",
            m.bold(&m.name(setup.roster.name(s)))
        ));
    }
    if show_deck {
        let deck = setup.deck();
        let evil = deck.iter().filter(|c| c.is_evil()).count();
        let special: Vec<&str> = deck
            .iter()
            .filter(|c| c.side() == crate::card::Side::Special)
            .map(|c| c.name())
            .collect();
        blocks.push(format!(
            "In play: {evil} Evil Force{}; Special Forces: {}; the rest are Elements for Survival.\n",
            if evil == 1 { "" } else { "s" },
            if special.is_empty() {
                "none".to_string()
            } else {
                special.join(", ")
            }
        ));
    }
    blocks.push(format!(
        "Deal commitment (SHA-256 of seed, salt, players and deck; revealed at the end): {}\n",
        commitment(setup)
    ));
    if let Some(d) = deadline {
        blocks.push(format!(
            "Night 1 actions are due: {}\n",
            deadline_text(d, format)
        ));
    }
    pack(blocks, format)
}

/// What a private message says (S9.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrivateKind {
    /// At the deal: the card, and for an Evil Force the others' names.
    Card {
        /// The card.
        card: Card,
        /// The other Evil Forces (Evil Forces only).
        evil_team: Vec<String>,
    },
    /// The Scientist's result.
    Check {
        /// The night.
        night: u16,
        /// The checked player.
        target: String,
        /// Evil or Good.
        evil: bool,
    },
    /// The watching Green Activist's result.
    Watch {
        /// The night.
        night: u16,
        /// The living Evil Forces.
        evil: Vec<String>,
        /// Their kill target.
        target: Option<String>,
    },
    /// A buddy learns the other's name (S3.7).
    Buddy {
        /// The other buddy.
        buddy: String,
    },
}

/// A private message for one player (S9.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateMessage {
    /// The player it is for.
    pub to: PlayerId,
    /// What it says.
    pub kind: PrivateKind,
}

/// Each player's card message at the deal (S1.4, S9.3).
pub fn deal_messages(setup: &Setup) -> Vec<PrivateMessage> {
    setup
        .roster
        .ids()
        .map(|p| {
            let card = setup.card(p);
            let evil_team = if card.is_evil() {
                setup
                    .roster
                    .by_name()
                    .iter()
                    .filter(|q| **q != p && setup.is_evil(**q))
                    .map(|q| setup.roster.name(*q).to_string())
                    .collect()
            } else {
                Vec::new()
            };
            PrivateMessage {
                to: p,
                kind: PrivateKind::Card { card, evil_team },
            }
        })
        .collect()
}

/// A night's private results (S9.3): the Scientist's, the watching Green
/// Activist's, and the buddies' notice when they were formed; only to
/// players still in the game after the night (a player eliminated that
/// night, or removed, gets no further private message).
pub fn night_messages(setup: &Setup, report: &PhaseReport) -> Vec<PrivateMessage> {
    let out = night_results(setup, report);
    let gone = report.eliminated();
    out.into_iter().filter(|m| !gone.contains(m.to)).collect()
}

/// Every result a night produced, to whoever it was for.
fn night_results(setup: &Setup, report: &PhaseReport) -> Vec<PrivateMessage> {
    let Some(n) = report.night() else {
        return Vec::new();
    };
    let name = |p: PlayerId| setup.roster.name(p).to_string();
    let night = report.phase.number;
    let mut out = Vec::new();
    if let Some(c) = n.check {
        out.push(PrivateMessage {
            to: c.scientist,
            kind: PrivateKind::Check {
                night,
                target: name(c.target),
                evil: c.evil,
            },
        });
    }
    if let Some(w) = &n.watch {
        out.push(PrivateMessage {
            to: w.activist,
            kind: PrivateKind::Watch {
                night,
                evil: w.evil.iter().map(|p| name(*p)).collect(),
                target: w.target.map(name),
            },
        });
    }
    if let Some([a, b]) = n.buddies {
        out.push(PrivateMessage {
            to: a,
            kind: PrivateKind::Buddy { buddy: name(b) },
        });
        out.push(PrivateMessage {
            to: b,
            kind: PrivateKind::Buddy { buddy: name(a) },
        });
    }
    out
}

/// A name in the possessive: `Ann's`, `Harbor Lights'` (a name ending in
/// `s` takes the apostrophe alone), for the moderator's sentences.
pub fn possessive(name: &str) -> String {
    if name.ends_with(['s', 'S']) {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// A card's text for the player: each command the engine writes between
/// backticks (`kill NAME`) in the post format's bold, or in double quotes
/// in plain text. Text for players carries no markup of the engine's own.
pub fn commands(m: &Mark, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 {
            out.push_str(&match m.0 {
                Format::Plain => format!("\"{part}\""),
                _ => m.bold(part),
            });
        } else {
            out.push_str(part);
        }
    }
    out
}

/// A private message as text (S9.3).
pub fn private_text(setup: &Setup, msg: &PrivateMessage, format: Format) -> String {
    let m = Mark(format);
    let to = m.name(setup.roster.name(msg.to));
    match &msg.kind {
        PrivateKind::Card { card, evil_team } => {
            let mut s = m.title(&format!("Your card, {to}: {card}"));
            let _ = writeln!(s, "{}", commands(&m, card.abilities()));
            let _ = writeln!(
                s,
                "{}",
                commands(&m, card.win_condition(setup.options.evil_wins_at))
            );
            if card.is_evil() {
                if evil_team.is_empty() {
                    let _ = writeln!(s, "You are the only Evil Force.");
                } else {
                    let _ = writeln!(s, "The other Evil Forces: {}.", list(&m, evil_team));
                }
            }
            let _ = writeln!(s, "Keep your card secret while you are alive.");
            s
        }
        PrivateKind::Check {
            night,
            target,
            evil,
        } => format!(
            "Night {night}: {} is {}.\n",
            m.bold(&m.name(target)),
            if *evil { "Evil" } else { "Good" }
        ),
        PrivateKind::Watch {
            night,
            evil,
            target,
        } => format!(
            "Night {night}: the living Evil Forces are {}. {}\n",
            list(&m, evil),
            match target {
                Some(t) => format!("They chose to kill {}.", m.bold(&m.name(t))),
                None => "They chose no one to kill.".to_string(),
            }
        ),
        PrivateKind::Buddy { buddy } => format!(
            "Mother Nature made you and {} buddies: if one of you is eliminated, so is the other; if you two are the last alive, you win.\n",
            m.bold(&m.name(buddy))
        ),
    }
}

/// The public view of phase `i` (0-based) of a game: its morning post
/// (night) or result post (day) text.
///
/// # Panics
///
/// If `i` is not the index of a played phase. A phase that is not a night is a
/// day, so the day view always exists.
pub fn phase_post(
    game: &Game,
    i: usize,
    format: Format,
    deadline: Option<Deadline>,
) -> Vec<String> {
    let played = &game.phases()[i];
    // The slots as named after the phase's events (S10.1).
    let setup = &game.setup_of(&played.after);
    match PublicNight::new(setup, &played.report, &played.after) {
        Some(n) => morning_post(&n, format, deadline),
        None => {
            // The day as it was played: its events applied (S10.2).
            let (start, _) =
                crate::events::apply(game.setup(), game.state_before(i), &played.events);
            let d = PublicDay::new(setup, &played.report, &start, &played.after).expect("a day");
            day_result_post(&d, format, deadline)
        }
    }
}
