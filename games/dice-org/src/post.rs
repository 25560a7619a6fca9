//! D10: what leaves the producers. Public posts are built from `Public*`
//! types that cannot hold an attribute, a ballot's voter or an unplayed
//! advantage (D10.3): their fields are names, results, pools and counts.
//! Private messages ([`PrivateMessage`]) hold one player's own information
//! (D10.2). Formats and limits are Mini-Survivor's R9.4 (D10.4): BBCode,
//! Discord Markdown split into messages of at most 2,000 code points, plain
//! text.

use crate::camp::CampReport;
use crate::competition::{CompetitionReport, Mode};
use crate::final_vote::FinalReport;
use crate::penalty::Penalties;
use crate::season::Season;
use crate::state::{PlayerId, State};
use crate::step::StepReport;
use crate::tiebreak::Lot;
use crate::vote::{DeadlockReport, RevoteStepReport, VoteReport};
use console_core::rng::GameRng;
use std::fmt::Write as _;

pub use console_core::format::{
    DISCORD_LIMIT, Deadline, Format, Mark, deadline_text, escape, escape_text, pack, utc,
};

/// The generator stream of vote `n`'s reveal order (D7.6) is this plus `n`
/// (votes counted from 0); the final's is [`FINAL_REVEAL_STREAM`].
pub const REVEAL_STREAM: u64 = 1000;
/// The generator stream of the final's reveal order.
pub const FINAL_REVEAL_STREAM: u64 = 2;
/// The generator stream of the reveal order of vote `n`'s revote held as
/// a step of its own (D7.5, D7.6) is this plus `n`.
pub const REVOTE_REVEAL_STREAM: u64 = 3000;

/// A lot as the public sees it: each round's totals, name order, and who
/// was chosen (D11.3).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicLot {
    /// Each round: (name, 3d6 total).
    pub rounds: Vec<Vec<(String, u32)>>,
    /// The one chosen.
    pub chosen: String,
}

impl PublicLot {
    fn of(l: &Lot) -> PublicLot {
        PublicLot {
            rounds: l
                .rounds
                .iter()
                .map(|r| r.iter().map(|(n, roll)| (n.clone(), roll.total)).collect())
                .collect(),
            chosen: l.chosen.clone(),
        }
    }
}

/// The teams and their members at the start (D1.1), with the commitment.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicSetup {
    /// (team, members in roster order, pool), team order.
    pub teams: Vec<(String, Vec<String>, u32)>,
    /// The commitment to the seed (D1.4).
    pub commitment: String,
}

/// The public competition results (D10.1: each player's result).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicCompetition {
    /// The round.
    pub round: u32,
    /// Team or individual.
    pub mode: Mode,
    /// (player, team, result) in roll order.
    pub results: Vec<(String, String, u32)>,
    /// Team scores (team mode), team order, as decimals: "7", "9.5",
    /// "10.33" (see [`crate::tiebreak::decimals`]).
    pub scores: Vec<(String, String)>,
    /// Re-roll rounds: (round, [(team or player, score)]).
    pub rerolls: Vec<(u32, Vec<(String, String)>)>,
    /// Lots after 10 re-rolls.
    pub lots: Vec<PublicLot>,
    /// The winning team or player.
    pub winner: String,
    /// RP the winners get each.
    pub reward_rp: u32,
    /// The team that goes to the vote (team mode).
    pub to_vote: Option<String>,
    /// Players made immune, by name.
    pub immune: Vec<String>,
}

/// One team's camp as the public sees it (D10.1: pools and consumption).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicTeamCamp {
    /// The team.
    pub team: String,
    /// The pool before consumption.
    pub pool_before: u32,
    /// Food needed.
    pub need: u32,
    /// Whether it was consumed (every member then lost a counter).
    pub consumed: bool,
    /// The pool after gathering.
    pub pool_after: u32,
}

/// The public camp post.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicCamp {
    /// The round.
    pub round: u32,
    /// Teams in team order.
    pub teams: Vec<PublicTeamCamp>,
}

/// A vote as read (D7.6): the name on it, never who cast it.
#[derive(Clone, Eq, PartialEq, Ord, PartialOrd, Debug)]
pub struct VoteRead {
    /// The name written.
    pub name: String,
    /// False for a vote on a Hidden Immunity target (D7.2).
    pub counted: bool,
}

/// A revote as read: the votes in the order read and the counts (most
/// first, then name).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Reading<T> {
    /// Votes in the order read.
    pub reads: Vec<T>,
    /// (name, votes), most first then name.
    pub counts: Vec<(String, u32)>,
}

/// A deadlock as the public sees it (D7.5).
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum PublicDeadlock {
    /// Survival roll-off: each round's results, name order, then a lot if needed.
    RollOff {
        /// (name, result) per round.
        rounds: Vec<Vec<(String, u32)>>,
        /// The lot after 10 re-rolls.
        lot: Option<PublicLot>,
    },
    /// Rocks: who drew and the lot.
    Rocks {
        /// The drawers, name order.
        drawers: Vec<String>,
        /// The lot; its chosen is out.
        lot: PublicLot,
    },
}

/// The vote reveal (D7.6, D10.1).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicVote {
    /// The round.
    pub round: u32,
    /// The team that voted, if a team competition sent it.
    pub team: Option<String>,
    /// Hidden Immunity targets (played cards are public).
    pub protected: Vec<String>,
    /// Extra Votes played (D7.2: a played card is public; its holder is
    /// not named).
    pub extra_votes: u32,
    /// Voters who cast at least one vote: with an Extra Vote the votes
    /// outnumber them, and the post says why.
    pub voters: u32,
    /// Votes in the order read: shuffled, the deciding vote last.
    pub reads: Vec<VoteRead>,
    /// (candidate, counted votes), most first then name.
    pub counts: Vec<(String, u32)>,
    /// The revote: reads and counts, if held.
    pub revote: Option<Reading<VoteRead>>,
    /// The deadlock, if any.
    pub deadlock: Option<PublicDeadlock>,
    /// Who is out.
    pub voted_out: Option<String>,
    /// The jury, once three remain (D8.1).
    pub jury: Vec<String>,
    /// The tied, when the first count tied and the revote is a step of
    /// its own (D7.5): nobody is out yet. Empty otherwise.
    pub revote_due: Vec<String>,
}

/// The reveal of a revote held as a step of its own (D7.5, D7.6).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicRevote {
    /// The round.
    pub round: u32,
    /// The team that voted, if a team competition sent it.
    pub team: Option<String>,
    /// The tied: the revote's candidates.
    pub tied: Vec<String>,
    /// The revote: reads (shuffled, the deciding vote last) and counts.
    pub revote: Reading<VoteRead>,
    /// The deadlock, if any.
    pub deadlock: Option<PublicDeadlock>,
    /// Who is out.
    pub voted_out: Option<String>,
    /// The jury, once three remain (D8.1).
    pub jury: Vec<String>,
}

/// The final (D8) and the season's end: the seed is revealed (D10.3).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PublicFinal {
    /// The jury.
    pub jury: Vec<String>,
    /// The finalists.
    pub finalists: Vec<String>,
    /// Votes in the order read, the deciding vote last.
    pub reads: Vec<String>,
    /// (finalist, votes), most first then name.
    pub counts: Vec<(String, u32)>,
    /// The jurors' revote (D8.2): reads and counts.
    pub revote: Option<Reading<String>>,
    /// The lot if the tie remained.
    pub lot: Option<PublicLot>,
    /// The winner.
    pub winner: String,
    /// The seed, revealed at the end.
    pub seed: u64,
    /// The salt, revealed with it.
    pub salt: String,
}

fn named(s: &State, v: &[PlayerId]) -> Vec<String> {
    v.iter().map(|&p| s.name(p).to_string()).collect()
}

fn sorted_counts(s: &State, c: &[(PlayerId, u32)]) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = c.iter().map(|&(p, n)| (s.name(p).to_string(), n)).collect();
    crate::order::sort_by(&mut v, |a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v
}

/// Shuffles the reads with `rng` and puts one vote that `is_deciding` last
/// (D7.6). The reads are sorted first, so the order read depends only on
/// which votes were cast, never on who cast them (the seed is public once
/// the season is over, and the shuffle could be undone).
fn reveal<T: Clone + Ord>(
    mut reads: Vec<T>,
    rng: &mut GameRng,
    is_deciding: impl Fn(&T) -> bool,
) -> Vec<T> {
    crate::order::sort(&mut reads);
    rng.shuffle(&mut reads);
    if let Some(i) = reads.iter().rposition(is_deciding) {
        let r = reads.remove(i);
        reads.push(r);
    }
    reads
}

impl PublicSetup {
    /// The line-up of the season's start.
    pub fn of(season: &Season) -> PublicSetup {
        let s = season.start();
        PublicSetup {
            teams: s
                .teams
                .iter()
                .enumerate()
                .map(|(t, team)| {
                    (
                        team.name.clone(),
                        s.alive()
                            .filter(|(_, l)| l.team.index() == t)
                            .map(|(p, _)| s.name(p).to_string())
                            .collect(),
                        team.pool,
                    )
                })
                .collect(),
            commitment: season.commitment(),
        }
    }
}

impl PublicCompetition {
    /// The public view of a competition; `before` is the state it was played on.
    pub fn of(before: &State, r: &CompetitionReport) -> PublicCompetition {
        PublicCompetition {
            round: r.round,
            mode: r.mode,
            results: r
                .rolls
                .iter()
                .map(|c| (c.name.clone(), c.team.clone(), c.roll.result))
                .collect(),
            scores: if r.mode == Mode::Team {
                as_decimals(&r.scores)
            } else {
                Vec::new()
            },
            rerolls: r
                .rerolls
                .iter()
                .map(|rr| (rr.round, as_decimals(&rr.scores)))
                .collect(),
            lots: r.lots.iter().map(PublicLot::of).collect(),
            winner: r.winner.clone(),
            reward_rp: r.reward_rp,
            to_vote: r.lowest.clone(),
            immune: named(before, &r.immune),
        }
    }
}

/// Named scores with the scores as decimals (D4.2 means read as `9.5`).
fn as_decimals(v: &[(String, crate::tiebreak::Score)]) -> Vec<(String, String)> {
    let scores: Vec<_> = v.iter().map(|(_, s)| *s).collect();
    v.iter()
        .map(|(n, _)| n.clone())
        .zip(crate::tiebreak::decimals(&scores))
        .collect()
}

impl PublicCamp {
    /// The public view of a camp.
    pub fn of(r: &CampReport) -> PublicCamp {
        PublicCamp {
            round: r.round,
            teams: r
                .teams
                .iter()
                .map(|t| PublicTeamCamp {
                    team: t.team.clone(),
                    pool_before: t.pool_before,
                    need: t.need,
                    consumed: t.consumed,
                    pool_after: t.pool_after,
                })
                .collect(),
        }
    }
}

impl PublicVote {
    /// The reveal of a vote: `before`/`after` the states around it, `seed`
    /// the season's seed (the reading order is drawn from it, D7.6).
    pub fn of(before: &State, after: &State, r: &VoteReport, seed: u64) -> PublicVote {
        let mut rng = GameRng::stream(seed, REVEAL_STREAM + u64::from(before.votes_held));
        let out = r.voted_out.map(|p| before.name(p).to_string());
        let decided_by_vote = r.revote.is_none();
        let reads: Vec<VoteRead> = r
            .ballots
            .iter()
            .map(|b| VoteRead {
                name: before.name(b.target).to_string(),
                counted: b.counted,
            })
            .collect();
        let deciding = |v: &VoteRead| v.counted && Some(&v.name) == out.as_ref();
        let reads = reveal(reads, &mut rng, |v| decided_by_vote && deciding(v));
        let revote = r.revote.as_ref().map(|rv| {
            let reads: Vec<VoteRead> = rv
                .ballots
                .iter()
                .map(|b| VoteRead {
                    name: before.name(b.target).to_string(),
                    counted: true,
                })
                .collect();
            let by_revote = rv.tied.len() == 1;
            Reading {
                reads: reveal(reads, &mut rng, |v| by_revote && deciding(v)),
                counts: sorted_counts(before, &rv.counts),
            }
        });
        let deadlock = r.deadlock.as_ref().map(|d| PublicDeadlock::of(before, d));
        PublicVote {
            round: r.round,
            team: before
                .to_vote
                .filter(|_| before.teams_in_play().len() > 1)
                .map(|t| before.team_name(t).to_string()),
            protected: r
                .played
                .iter()
                .filter_map(|c| c.on)
                .map(|p| before.name(p).to_string())
                .collect(),
            extra_votes: r
                .played
                .iter()
                .filter(|c| c.card == crate::advantage::Advantage::ExtraVote)
                .count() as u32,
            voters: {
                let mut v: Vec<PlayerId> = r.ballots.iter().map(|b| b.voter).collect();
                crate::order::sort(&mut v);
                v.dedup();
                v.len() as u32
            },
            reads,
            counts: sorted_counts(before, &r.counts),
            revote,
            deadlock,
            voted_out: out,
            jury: named(after, &after.jury()),
            revote_due: if r.revote_due {
                named(before, &r.tied)
            } else {
                Vec::new()
            },
        }
    }
}

impl PublicDeadlock {
    /// A deadlock settled in `before` as the public sees it (D7.5).
    fn of(before: &State, d: &DeadlockReport) -> PublicDeadlock {
        match d {
            DeadlockReport::RollOff {
                first,
                rerolls,
                lot,
                ..
            } => {
                let mut rounds = vec![
                    first
                        .iter()
                        .map(|(p, roll)| (before.name(*p).to_string(), roll.result))
                        .collect::<Vec<_>>(),
                ];
                rounds.extend(rerolls.iter().map(|rr| {
                    rr.scores
                        .iter()
                        .map(|(n, s)| (n.clone(), s.num() as u32))
                        .collect::<Vec<_>>()
                }));
                PublicDeadlock::RollOff {
                    rounds,
                    lot: lot.as_ref().map(PublicLot::of),
                }
            }
            DeadlockReport::Rocks { drawers, lot } => PublicDeadlock::Rocks {
                drawers: named(before, drawers),
                lot: PublicLot::of(lot),
            },
        }
    }
}

impl PublicRevote {
    /// The reveal of a revote held as a step of its own: `before`/`after`
    /// the states around it, `seed` the season's seed (the reading order
    /// is drawn from it, D7.6).
    pub fn of(before: &State, after: &State, r: &RevoteStepReport, seed: u64) -> PublicRevote {
        let mut rng = GameRng::stream(seed, REVOTE_REVEAL_STREAM + u64::from(before.votes_held));
        let out = r.voted_out.map(|p| before.name(p).to_string());
        let reads: Vec<VoteRead> = r
            .revote
            .ballots
            .iter()
            .map(|b| VoteRead {
                name: before.name(b.target).to_string(),
                counted: true,
            })
            .collect();
        let by_revote = r.revote.tied.len() == 1;
        PublicRevote {
            round: r.round,
            team: before
                .to_vote
                .filter(|_| before.teams_in_play().len() > 1)
                .map(|t| before.team_name(t).to_string()),
            tied: named(before, &r.tied),
            revote: Reading {
                reads: reveal(reads, &mut rng, |v| {
                    by_revote && v.counted && Some(&v.name) == out.as_ref()
                }),
                counts: sorted_counts(before, &r.revote.counts),
            },
            deadlock: r.deadlock.as_ref().map(|d| PublicDeadlock::of(before, d)),
            voted_out: out,
            jury: named(after, &after.jury()),
        }
    }
}

impl PublicFinal {
    /// The final's reveal; `seed` and `salt` are revealed with it.
    pub fn of(before: &State, r: &FinalReport, seed: u64, salt: &str) -> PublicFinal {
        let mut rng = GameRng::stream(seed, FINAL_REVEAL_STREAM);
        let winner = before.name(r.winner).to_string();
        let reads: Vec<String> = r
            .ballots
            .iter()
            .map(|b| before.name(b.finalist).to_string())
            .collect();
        let decided = r.revote.is_none();
        let reads = reveal(reads, &mut rng, |n| decided && *n == winner);
        let revote = r.revote.as_ref().map(|rv| {
            let reads: Vec<String> = rv
                .ballots
                .iter()
                .map(|b| before.name(b.finalist).to_string())
                .collect();
            let by_revote = rv.tied.len() == 1;
            Reading {
                reads: reveal(reads, &mut rng, |n| by_revote && *n == winner),
                counts: sorted_counts(before, &rv.counts),
            }
        });
        PublicFinal {
            jury: named(before, &r.jury),
            finalists: named(before, &r.finalists),
            reads,
            counts: sorted_counts(before, &r.counts),
            revote,
            lot: r.lot.as_ref().map(PublicLot::of),
            winner,
            seed,
            salt: salt.to_string(),
        }
    }
}

fn names_list(m: &Mark, v: &[String]) -> String {
    if v.is_empty() {
        "none".to_string()
    } else {
        v.iter().map(|n| m.text(n)).collect::<Vec<_>>().join(", ")
    }
}

fn counts_line(m: &Mark, v: &[(String, u32)]) -> String {
    if v.is_empty() {
        "no vote counted".to_string()
    } else {
        v.iter()
            .map(|(n, c)| format!("{} {c}", m.text(n)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn lot_block(m: &Mark, l: &PublicLot, what: &str) -> String {
    let mut b = String::new();
    for (i, round) in l.rounds.iter().enumerate() {
        let _ = writeln!(
            b,
            "Lot, round {}: {}",
            i + 1,
            round
                .iter()
                .map(|(n, t)| format!("{} {t}", m.text(n)))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(b, "{}: {}", what, m.bold(&m.text(&l.chosen)));
    b
}

/// Votes as read, numbered once: `1. Jenna` a line in every format (a
/// forum's `[list]` would add a bullet before the number; Discord reads
/// the lines as a numbered list).
fn reads_block(m: &Mark, reads: &[(String, bool)]) -> String {
    if reads.is_empty() {
        return "No vote was cast.\n".to_string();
    }
    let mut out = String::new();
    for (i, (n, counted)) in reads.iter().enumerate() {
        let extra = if *counted { "" } else { " (does not count)" };
        let _ = writeln!(out, "{}. {}{extra}", i + 1, m.text(n));
    }
    out
}

/// The start post: teams, members and pools (D1.1, D1.3) and the
/// commitment (D1.4).
pub fn setup_post(p: &PublicSetup, format: Format) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title("Dice ORG: the teams")];
    for (team, members, pool) in &p.teams {
        blocks.push(format!(
            "{} (pool {pool}): {}\n",
            m.bold(&m.text(team)),
            names_list(&m, members)
        ));
    }
    blocks.push(format!(
        "Commitment (SHA-256 of the seed, salt, players, teams and setup; revealed at the end): {}\n",
        p.commitment
    ));
    pack(blocks, format)
}

/// The competition results post (D4, D10.1).
pub fn competition_post(p: &PublicCompetition, format: Format) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title(&format!("Round {}: competition", p.round))];
    match p.mode {
        Mode::Team => {
            for (team, score) in &p.scores {
                let mut items = String::new();
                for (n, _, r) in p.results.iter().filter(|x| &x.1 == team) {
                    items.push_str(&m.item(&format!("{} {r}", m.text(n))));
                }
                blocks.push(format!(
                    "{} score {score}\n{}",
                    m.bold(&m.text(team)),
                    m.list(&items)
                ));
            }
        }
        Mode::Individual => {
            let mut b = String::new();
            for (n, _, r) in &p.results {
                b.push_str(&m.item(&format!("{} {r}", m.text(n))));
            }
            blocks.push(m.list(&b));
        }
    }
    if !p.rerolls.is_empty() {
        let mut b = m.heading("Ties re-rolled");
        for (round, scores) in &p.rerolls {
            let _ = writeln!(
                b,
                "Re-roll {round}: {}",
                scores
                    .iter()
                    .map(|(n, s)| format!("{} {s}", m.text(n)))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        blocks.push(b);
    }
    for l in &p.lots {
        blocks.push(lot_block(&m, l, "Settled by lot"));
    }
    let mut b = m.heading("Result");
    let _ = writeln!(
        b,
        "Winner: {} ({} RP reward)",
        m.bold(&m.text(&p.winner)),
        p.reward_rp
    );
    let _ = writeln!(b, "Immune: {}", names_list(&m, &p.immune));
    if let Some(t) = &p.to_vote {
        let _ = writeln!(b, "{} goes to the vote.", m.bold(&m.text(t)));
    }
    blocks.push(b);
    pack(blocks, format)
}

/// The camp consumption post (D5.1, D10.1): pools and consumption only;
/// gathering results are private (D10.2).
pub fn camp_post(p: &PublicCamp, format: Format) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title(&format!("Round {}: camp", p.round))];
    for t in &p.teams {
        let eaten = if t.consumed {
            format!("ate {} and every member lost a depletion counter", t.need)
        } else {
            format!("had less than the {} it needed: nothing eaten", t.need)
        };
        blocks.push(format!(
            "{}: pool {}, {eaten}; pool now {}\n",
            m.bold(&m.text(&t.team)),
            t.pool_before,
            t.pool_after
        ));
    }
    pack(blocks, format)
}

/// The vote reveal post (D7.6): votes read in a shuffled order with the
/// deciding vote last; who cast them is never shown.
pub fn vote_post(p: &PublicVote, format: Format) -> Vec<String> {
    let m = Mark(format);
    let title = match &p.team {
        Some(t) => format!("Round {}: {} votes", p.round, m.text(t)),
        None => format!("Round {}: the vote", p.round),
    };
    let mut blocks = vec![m.title(&title)];
    for n in &p.protected {
        blocks.push(format!(
            "Hidden Immunity was played on {}: votes for them do not count.\n",
            m.bold(&m.text(n))
        ));
    }
    if p.extra_votes > 0 {
        blocks.push(format!(
            "{}: {} votes from {} voters.\n",
            if p.extra_votes == 1 {
                "An Extra Vote was played".to_string()
            } else {
                format!("{} Extra Votes were played", p.extra_votes)
            },
            p.reads.len(),
            p.voters
        ));
    }
    let reads: Vec<(String, bool)> = p
        .reads
        .iter()
        .map(|r| (r.name.clone(), r.counted))
        .collect();
    blocks.push(format!(
        "{}{}",
        m.heading("The votes"),
        reads_block(&m, &reads)
    ));
    blocks.push(format!("Counted: {}\n", counts_line(&m, &p.counts)));
    if let Some(Reading { reads, counts }) = &p.revote {
        let reads: Vec<(String, bool)> =
            reads.iter().map(|r| (r.name.clone(), r.counted)).collect();
        blocks.push(format!(
            "{}{}Counted: {}\n",
            m.heading("Revote"),
            reads_block(&m, &reads),
            counts_line(&m, counts)
        ));
    }
    if !p.revote_due.is_empty() {
        blocks.push(format!(
            "Tied for the most votes: {}. A revote follows: the other voters vote again between them; the tied do not vote (D7.5).\n",
            names_list(&m, &p.revote_due)
        ));
        return pack(blocks, format);
    }
    end_blocks(
        &m,
        &mut blocks,
        p.deadlock.as_ref(),
        p.voted_out.as_deref(),
        &p.jury,
    );
    pack(blocks, format)
}

/// The revote's post (D7.5, D7.6): the revote as read, the deadlock if
/// any, who is out, the jury.
pub fn revote_post(p: &PublicRevote, format: Format) -> Vec<String> {
    let m = Mark(format);
    let title = match &p.team {
        Some(t) => format!("Round {}: {} revotes", p.round, m.text(t)),
        None => format!("Round {}: the revote", p.round),
    };
    let mut blocks = vec![m.title(&title)];
    blocks.push(format!(
        "The revote is between {}; the tied do not vote (D7.5).\n",
        names_list(&m, &p.tied)
    ));
    let reads: Vec<(String, bool)> = p
        .revote
        .reads
        .iter()
        .map(|r| (r.name.clone(), r.counted))
        .collect();
    blocks.push(format!(
        "{}{}Counted: {}\n",
        m.heading("Revote"),
        reads_block(&m, &reads),
        counts_line(&m, &p.revote.counts)
    ));
    end_blocks(
        &m,
        &mut blocks,
        p.deadlock.as_ref(),
        p.voted_out.as_deref(),
        &p.jury,
    );
    pack(blocks, format)
}

/// A vote post's end: the deadlock, who is out, the jury.
fn end_blocks(
    m: &Mark,
    blocks: &mut Vec<String>,
    deadlock: Option<&PublicDeadlock>,
    voted_out: Option<&str>,
    jury: &[String],
) {
    let m = *m;
    match deadlock {
        None => {}
        Some(PublicDeadlock::RollOff { rounds, lot }) => {
            let mut b = m.heading("Deadlock: survival rolls");
            for (i, r) in rounds.iter().enumerate() {
                let _ = writeln!(
                    b,
                    "{}: {}",
                    if i == 0 {
                        "Roll".to_string()
                    } else {
                        format!("Re-roll {i}")
                    },
                    r.iter()
                        .map(|(n, x)| format!("{} {x}", m.text(n)))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            if let Some(l) = lot {
                b.push_str(&lot_block(&m, l, "Out by lot"));
            }
            blocks.push(b);
        }
        Some(PublicDeadlock::Rocks { drawers, lot }) => {
            let mut b = m.heading("Deadlock: rocks");
            let _ = writeln!(b, "Drawing rocks: {}", names_list(&m, drawers));
            b.push_str(&lot_block(&m, lot, "The odd rock"));
            blocks.push(b);
        }
    }
    match voted_out {
        Some(n) => blocks.push(format!(
            "{}\n",
            m.bold(&format!("{} is voted out.", m.text(n)))
        )),
        None => blocks.push("Nobody could be voted out: every voter was immune.\n".to_string()),
    }
    if !jury.is_empty() {
        blocks.push(format!(
            "{}{}\n",
            m.heading("The jury"),
            names_list(&m, jury)
        ));
    }
}

/// The final post (D8): the jury's votes as read, the winner, and the
/// seed and salt (D10.3: public once the season is over).
pub fn final_post(p: &PublicFinal, format: Format) -> Vec<String> {
    let m = Mark(format);
    let mut blocks = vec![m.title("The final")];
    blocks.push(format!(
        "Finalists: {}\nJury: {}\n",
        names_list(&m, &p.finalists),
        names_list(&m, &p.jury)
    ));
    let reads: Vec<(String, bool)> = p.reads.iter().map(|n| (n.clone(), true)).collect();
    blocks.push(format!(
        "{}{}Counted: {}\n",
        m.heading("The jury votes"),
        reads_block(&m, &reads),
        counts_line(&m, &p.counts)
    ));
    if let Some(Reading { reads, counts }) = &p.revote {
        let reads: Vec<(String, bool)> = reads.iter().map(|n| (n.clone(), true)).collect();
        blocks.push(format!(
            "{}{}Counted: {}\n",
            m.heading("Jurors vote again"),
            reads_block(&m, &reads),
            counts_line(&m, counts)
        ));
    }
    if let Some(l) = &p.lot {
        blocks.push(lot_block(&m, l, "Settled by lot"));
    }
    blocks.push(format!(
        "{}\n",
        m.bold(&format!("{} wins the season!", m.text(&p.winner)))
    ));
    blocks.push(format!(
        "Seed: {}\nSalt: {}\nAnyone can check the commitment published at the start.\n",
        p.seed, p.salt
    ));
    pack(blocks, format)
}

/// The public post of entry `i` of a season, or `None` for an entry with
/// no public post (conversations, and edits that changed nothing public:
/// see [`crate::messages::edit_post`]).
pub fn public_post(season: &Season, i: usize, format: Format) -> Option<Vec<String>> {
    let played = season.played().get(i)?;
    let before = season.before(i);
    match &played.report {
        StepReport::Competition(r) => {
            Some(competition_post(&PublicCompetition::of(before, r), format))
        }
        StepReport::Camp(r) => Some(camp_post(&PublicCamp::of(r), format)),
        StepReport::Vote(r) => Some(vote_post(
            &PublicVote::of(before, &played.after, r, season.setup().seed),
            format,
        )),
        StepReport::Revote(r) => Some(revote_post(
            &PublicRevote::of(before, &played.after, r, season.setup().seed),
            format,
        )),
        StepReport::Final(r) => Some(final_post(
            &PublicFinal::of(
                before,
                r,
                season.setup().seed,
                &season.setup().salt.to_string(),
            ),
            format,
        )),
        StepReport::Edit(_) => crate::messages::edit_post(season, i, format),
        StepReport::Conversation(_) => None,
    }
}

/// A private message to one player (D10.2).
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct PrivateMessage {
    /// The player.
    pub player: String,
    /// The title line.
    pub title: String,
    /// The lines.
    pub lines: Vec<String>,
    /// Headed parts after the lines (a round's message: one per step),
    /// each (heading, lines).
    pub sections: Vec<(String, Vec<String>)>,
}

impl PrivateMessage {
    /// A message of lines only.
    pub fn new(player: &str, title: impl Into<String>, lines: Vec<String>) -> PrivateMessage {
        PrivateMessage {
            player: player.to_string(),
            title: title.into(),
            lines,
            sections: Vec::new(),
        }
    }
}

/// A player's RP, counters (with their penalties), advantages and
/// immunity after a step, or that they are out (D10.2).
pub fn status_lines(s: &State, p: PlayerId) -> Vec<String> {
    let Some(l) = s.living(p) else {
        return vec!["You are out of the game.".to_string()];
    };
    let pen = Penalties::of(l.counters);
    let mut v = vec![
        format!(
            "RP: {} | Depletion counters: {}{}",
            l.rp,
            l.counters,
            if l.counters == 0 {
                String::new()
            } else {
                format!(
                    " (penalties: stats -{}, rolls -{}, outcomes -{})",
                    pen.stat, pen.roll, pen.outcome
                )
            }
        ),
        format!(
            "Advantages: {}",
            if l.advantages.is_empty() {
                "none".to_string()
            } else {
                l.advantages
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ),
    ];
    if l.immune {
        v.push("You are immune at the next vote.".to_string());
    }
    v
}

/// A player's status: attributes, RP, counters, advantages (D10.2).
pub fn status_message(s: &State, p: PlayerId) -> PrivateMessage {
    let mut lines = Vec::new();
    if let Some(l) = s.living(p) {
        lines.push(format!(
            "Your attributes [Competition, Survival]: {}",
            l.attributes
        ));
    }
    lines.extend(status_lines(s, p));
    PrivateMessage::new(
        s.name(p),
        format!("Round {}: your status", s.round()),
        lines,
    )
}

/// The setup messages (D1.2): each player's attributes and team.
pub fn setup_messages(season: &Season) -> Vec<PrivateMessage> {
    let s = season.start();
    s.alive()
        .map(|(p, l)| {
            PrivateMessage::new(
                s.name(p),
                "Welcome to Dice ORG",
                vec![
                    format!("Your team: {}", s.team_name(l.team)),
                    format!(
                        "Your secret attributes [Competition, Survival]: {}",
                        l.attributes
                    ),
                ],
            )
        })
        .collect()
}

/// The private messages of entry `i` of a season, one per player it
/// concerns (see [`crate::messages::player_messages`] with
/// [`Scope::Entry`](crate::messages::Scope::Entry)): after a competition,
/// each participant's result, RP and counters; after a camp, each member's
/// gathering result (not the roll, D5.2), whether a bonus roll found an
/// advantage (D5.4), RP and counters; after a conversation, each player's
/// slots; after a production edit, what it changed for each player it
/// concerns; none for votes and the final.
pub fn private_messages(season: &Season, i: usize) -> Vec<PrivateMessage> {
    crate::messages::player_messages(season, crate::messages::Scope::Entry(i))
}

/// A private message as text in a format.
pub fn private_message(msg: &PrivateMessage, format: Format, deadline: Option<Deadline>) -> String {
    let m = Mark(format);
    let mut s = m.title(&format!("{} ({})", m.text(&msg.title), m.text(&msg.player)));
    for l in &msg.lines {
        let _ = writeln!(s, "{}", m.text(l));
    }
    for (heading, lines) in &msg.sections {
        let _ = writeln!(s, "\n{}", m.bold(&m.text(heading)));
        for l in lines {
            let _ = writeln!(s, "{}", m.text(l));
        }
    }
    if let Some(d) = deadline {
        let _ = writeln!(s, "Next deadline: {}", deadline_text(d, format));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::competition::{CompetitionInput, competition};
    use crate::dice::{Dice, DiceList};
    use crate::testkit::state;
    use crate::vote::{Ballot, Play, VoteInput, vote};

    #[test]
    fn team_scores_read_as_decimals_d4_2() {
        // Tagi: 10 and 9 (mean 19/2); Vanua: 12, 3 and 3 (mean 6).
        let s = state(
            &["Tagi", "Vanua"],
            &[
                ("Ann", 0, 18, 9),
                ("Bob", 0, 18, 9),
                ("Cid", 1, 18, 9),
                ("Dee", 1, 18, 9),
                ("Eve", 1, 18, 9),
            ],
        );
        let mut list = DiceList::new(&[4, 4, 2, 3, 3, 3, 4, 4, 4, 1, 1, 1, 1, 1, 1]).unwrap();
        let (_, r) =
            competition(&s, &CompetitionInput::default(), &mut Dice::new(&mut list)).unwrap();
        let p = PublicCompetition::of(&s, &r);
        assert_eq!(
            p.scores,
            [
                ("Tagi".to_string(), "9.5".to_string()),
                ("Vanua".to_string(), "6".to_string())
            ]
        );
        for f in Format::ALL {
            let text = competition_post(&p, f).concat();
            assert!(text.contains("score 9.5"), "{text}");
            assert!(!text.contains("19/2"), "{text}");
        }
    }

    fn extra_vote_reveal(f: Format) -> String {
        let mut s = state(
            &["Tagi"],
            &[
                ("Ann", 0, 9, 9),
                ("Bob", 0, 9, 9),
                ("Cid", 0, 9, 9),
                ("Dee", 0, 9, 9),
                ("Mary-Jo", 0, 9, 9),
            ],
        );
        s.players[0].living.as_mut().unwrap().advantages = vec![crate::Advantage::ExtraVote];
        let input = VoteInput {
            advantages: vec![Play {
                player: "Ann".into(),
                card: crate::Advantage::ExtraVote,
                on: None,
                when: None,
            }],
            votes: [
                ("Ann", Ballot::Many(vec!["Bob".into(), "Bob".into()])),
                ("Bob", Ballot::One("Mary-Jo".into())),
                ("Cid", Ballot::One("Bob".into())),
                ("Dee", Ballot::One("Mary-Jo".into())),
                ("Mary-Jo", Ballot::One("Dee".into())),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
            revote: Default::default(),
            ask_revote: false,
        };
        let mut list = DiceList::new(&[]).unwrap();
        let (after, r) = vote(&s, &input, &mut Dice::new(&mut list)).unwrap();
        assert_eq!(r.ballots.len(), 6);
        vote_post(&PublicVote::of(&s, &after, &r, 5), f).concat()
    }

    #[test]
    fn an_extra_vote_is_announced_d7_2() {
        for f in Format::ALL {
            let text = extra_vote_reveal(f);
            assert!(
                text.contains("An Extra Vote was played: 6 votes from 5 voters."),
                "{text}"
            );
            assert!(!text.contains("Ann"), "the holder is not named: {text}");
        }
    }

    #[test]
    fn votes_are_numbered_once() {
        for f in Format::ALL {
            let text = extra_vote_reveal(f);
            let numbered: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                .collect();
            assert_eq!(numbered.len(), 6, "{text}");
            assert!(numbered[0].starts_with("1. "), "{text}");
            assert!(!text.contains("[*]"), "{text}");
            assert!(!text.contains("- 1."), "{text}");
        }
    }

    #[test]
    fn raw_text_is_not_cluttered_and_still_escapes_markup() {
        let md = extra_vote_reveal(Format::Markdown);
        assert!(md.contains("Mary-Jo"), "{md}");
        assert!(!md.contains("Mary\\-Jo"), "{md}");
        let mut s = state(&["Tagi"], &[("Ann", 0, 11, 9), ("Bob", 0, 9, 9)]);
        s.votes_held = 2;
        let p = status_message(&s, PlayerId(0));
        let bb = private_message(&p, Format::BBCode, None);
        assert!(bb.contains("[11, 9]"), "{bb}");
        assert!(!bb.contains("[[i][/i]"), "{bb}");
        // A card's name is the producers' free text: markup in it is escaped.
        s.players[0].living.as_mut().unwrap().advantages =
            vec![crate::Advantage::Other("[b]Idol[/b] *x*".into())];
        let p = status_message(&s, PlayerId(0));
        assert!(private_message(&p, Format::BBCode, None).contains("[[i][/i]b]Idol"));
        assert!(private_message(&p, Format::Markdown, None).contains("\\*x\\*"));
    }
}
