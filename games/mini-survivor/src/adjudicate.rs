//! Adjudication of one round: checked orders in, next position and report out
//! (R4-R8). Pure: the only randomness is the game's seeded stream for the
//! round (R1.5).

use crate::options::OutcastWithoutMove;
use crate::player::PlayerId;
use crate::position::{GarnetAward, Moment, Place, Position, Segment, Setup, Survivor};
use crate::report::{
    Attack, Collapse, IdolPlay, MoveOutcome, OutcastCause, Rejection, Removal, Replacement,
    RoundReport, Tally, TallyVerdict,
};
use crate::rng::{self, GameRng};
use crate::submission::{Checked, IdolCost, LineSink, Order, check_lines};
use crate::survivor::SurvivorId;
use crate::tribe::{MAX_TRIBES, TribeId, TribeSet};

/// R8.1: the game ends when this many or fewer survivors are alive after a round.
pub const GAME_OVER_AT: usize = 5;
/// R8.3: the garnet award is fixed at the end of the first round with this many or fewer alive.
pub const GARNET_AWARD_AT: usize = 25;
/// R7.1, R6.6: a tribe with this many or fewer living members is removed / scattered.
pub const SMALL_TRIBE: u32 = 2;

/// The orders in force for one survivor.
#[derive(Copy, Clone, Default, Debug)]
struct Slot {
    attack: Option<(SurvivorId, PlayerId)>,
    vote: Option<SurvivorId>,
    idol: Option<IdolCost>,
    to: Option<TribeId>,
    /// Per kind of order (`Action as usize`): the line that put it in force, 0 for none.
    line: [u32; 4],
}

/// Plays one round (R3-R8): checks every submission against `position`,
/// resolves the Assassination, Voting and Movement segments, and returns the
/// position at the start of the next round with the moderator's report.
///
/// `submissions` holds (player, text) pairs; a player listed twice has only
/// the first text used; a player not listed submitted nothing (R3.6
/// defaults apply). On a position whose game is over, nothing happens and
/// every order line is rejected.
///
/// Allocates the new position and report; [`Adjudicator::play_round`] does
/// the same work in place, reusing its buffers, for replaying many rounds.
pub fn play_round(
    setup: &Setup,
    position: &Position,
    submissions: &[(PlayerId, &str)],
) -> (Position, RoundReport) {
    let mut next = position.clone();
    let mut report = RoundReport::default();
    Adjudicator::default().play_round(setup, &mut next, submissions, &mut report);
    (next, report)
}

/// Owned submissions, `(player, text)`, as the borrowed pairs
/// [`play_round`] takes.
pub fn borrow_submissions(owned: &[(PlayerId, String)]) -> Vec<(PlayerId, &str)> {
    owned.iter().map(|(p, t)| (*p, t.as_str())).collect()
}

/// Working memory for adjudication, kept between rounds so that replaying a
/// game allocates (almost) nothing: the orders in force per survivor, the
/// places at the start of the round, and spare report entries whose buffers
/// are reused.
#[derive(Default, Debug)]
pub struct Adjudicator {
    /// Orders in force, indexed by survivor ID.
    slots: Vec<Slot>,
    /// The survivors as they were at the start of the round, indexed by ID.
    start: Vec<Option<Survivor>>,
    /// Living survivors per player, roster order.
    alive: Vec<u32>,
    /// The Voting segment's buffers.
    voting: VoteBuffers,
    /// Rejections of earlier reports, kept for their buffers.
    spare_rejections: Vec<Rejection>,
}

/// Buffers for [`vote`], kept between rounds.
#[derive(Default, Debug)]
struct VoteBuffers {
    /// Votes received, indexed by survivor ID.
    votes: Vec<u32>,
    /// Tribe members grouped by tribe.
    members: Vec<SurvivorId>,
    /// Tallies of earlier reports, kept for their buffers.
    spare_tallies: Vec<Tally>,
}

impl Adjudicator {
    /// Plays one round exactly as [`play_round`] does, but in place:
    /// `position` becomes the position at the start of the next round and
    /// `report` is overwritten with the round's report (its buffers reused).
    pub fn play_round(
        &mut self,
        setup: &Setup,
        position: &mut Position,
        submissions: &[(PlayerId, &str)],
        report: &mut RoundReport,
    ) {
        self.play_round_removing(setup, position, submissions, &[], report);
    }

    /// [`Adjudicator::play_round`] with the players the moderator removed
    /// at the start of the Voting segment (R10.2, R10.3): their living
    /// survivors leave the game then (eliminated in that segment, listed in
    /// `report.modkilled`), before the vote and the R7 check after it.
    pub fn play_round_removing(
        &mut self,
        setup: &Setup,
        position: &mut Position,
        submissions: &[(PlayerId, &str)],
        at_voting: &[PlayerId],
        report: &mut RoundReport,
    ) {
        let round = position.round;
        self.reset(report, round);
        self.slots.clear();
        self.slots.resize(position.survivors.len(), Slot::default());
        self.start.clone_from(&position.survivors);
        self.collect_orders(setup, position, submissions, report);
        report.holdings.clone_from(&position.holdings);
        if position.game_over {
            report.game_over = true;
            return;
        }
        let next = position;
        let slots = &self.slots[..];
        let start = &self.start[..];
        let mut rng = RoundRng {
            seed: setup.seed,
            round,
            stream: None,
        };

        // One pass over the round's start: living members per tribe,
        // living survivors per player, attacks and idols in ID order.
        let mut counts = [0u32; MAX_TRIBES];
        let alive = &mut self.alive;
        alive.clear();
        alive.resize(setup.players.len(), 0);
        for s in start {
            let Some(s) = s else { continue };
            match s.place {
                Place::Tribe(t) => counts[t.index()] += 1,
                Place::Outcast => {}
                Place::Eliminated(_) => continue,
            }
            if let Some(n) = alive.get_mut(s.controller.index()) {
                *n += 1;
            }
            let slot = &slots[s.id.index()];
            if let Some((target, guess)) = slot.attack {
                let correct = start[target.index()].is_some_and(|t| t.controller == guess);
                report.attacks.push(Attack {
                    attacker: s.id,
                    target,
                    guess,
                    correct,
                });
            }
            if let Some(cost) = slot.idol {
                report.idols.push(IdolPlay {
                    survivor: s.id,
                    player: s.controller,
                    cost,
                });
            }
        }

        // R4 Assassination
        let before = counts;
        report
            .assassinated
            .extend(report.attacks.iter().map(|a| a.victim()));
        console_core::text::sort_small(&mut report.assassinated, |s| *s);
        report.assassinated.dedup();
        let mut tally = Counts {
            tribes: &mut counts,
            players: alive,
        };
        eliminate(next, Segment::Assassination, round, &mut tally, report);
        let collapsed = removal_check(
            setup,
            next,
            &before,
            Segment::Assassination,
            &mut rng,
            &mut tally,
            report,
        );

        // R10.2: removals at the start of the Voting segment.
        if !at_voting.is_empty() {
            let moment = Moment::Segment {
                round,
                segment: Segment::Voting,
            };
            for s in next.survivors.iter_mut().flatten() {
                if !at_voting.contains(&s.controller) {
                    continue;
                }
                match s.place {
                    Place::Tribe(t) => tally.tribes[t.index()] -= 1,
                    Place::Outcast => {}
                    Place::Eliminated(_) => continue,
                }
                if let Some(n) = tally.players.get_mut(s.controller.index()) {
                    *n -= 1;
                }
                s.place = Place::Eliminated(moment);
                report.modkilled.push((s.id, Segment::Voting));
            }
            for &p in at_voting {
                let i = p.index();
                if tally.players.get(i) == Some(&0) && next.eliminated_at[i].is_none() {
                    next.eliminated_at[i] = Some(moment);
                    report.players_out.push((p, Segment::Voting));
                }
            }
        }

        // R5 Voting
        if collapsed {
            report.voting_skipped = true; // R5.7
        } else {
            let before = *tally.tribes;
            vote(setup, start, next, slots, &before, &mut self.voting, report);
            eliminate(next, Segment::Voting, round, &mut tally, report);
            removal_check(
                setup,
                next,
                &before,
                Segment::Voting,
                &mut rng,
                &mut tally,
                report,
            );
        }

        // R6 Movement
        movement(setup, start, next, slots, &mut rng, report);
        scatter_small_tribes(setup, next, report);

        // R8 End
        let alive = next.alive();
        if next.garnet_award.is_none() && alive <= GARNET_AWARD_AT {
            next.garnet_award = Some(GarnetAward {
                round,
                amounts: next.alive_per_player(setup.players.len()),
            });
            report.garnet_award_fixed = true;
        }
        next.round = round.saturating_add(1);
        if alive <= GAME_OVER_AT {
            next.game_over = true;
            report.game_over = true;
            if let Some(award) = &next.garnet_award {
                for (h, a) in next.holdings.iter_mut().zip(&award.amounts) {
                    h.garnets = h.garnets.saturating_add(*a);
                }
            }
        } else {
            let mut counts = std::mem::take(&mut next.alive_at_round_start);
            next.count_alive_per_player(setup.players.len(), &mut counts);
            next.alive_at_round_start = counts;
        }
    }

    /// Empties `report` for `round`, keeping every buffer.
    fn reset(&mut self, report: &mut RoundReport, round: u16) {
        self.voting.spare_tallies.append(&mut report.tallies);
        self.spare_rejections.append(&mut report.rejections);
        let RoundReport {
            round: r,
            rejections: _,
            replacements,
            attacks,
            assassinated,
            idols,
            voting_skipped,
            tallies: _,
            voted_out,
            removals,
            collapse,
            new_outcasts,
            moves,
            players_out,
            holdings: _,
            garnet_award_fixed,
            game_over,
            events,
            modkilled,
        } = report;
        *r = round;
        replacements.clear();
        attacks.clear();
        assassinated.clear();
        idols.clear();
        *voting_skipped = false;
        voted_out.clear();
        removals.clear();
        *collapse = None;
        new_outcasts.clear();
        moves.clear();
        players_out.clear();
        *garnet_award_fixed = false;
        *game_over = false;
        events.clear();
        modkilled.clear();
    }

    /// Checks every submission (R3) into the slots; the players' holdings
    /// after paying for idols go straight into `position`.
    fn collect_orders(
        &mut self,
        setup: &Setup,
        position: &mut Position,
        submissions: &[(PlayerId, &str)],
        report: &mut RoundReport,
    ) {
        // Each player's first text, then the players in name order: the
        // rejections come out by player name and line, as the report lists
        // them, with no sort.
        let mut texts: [Option<&str>; crate::player::MAX_PLAYERS] =
            [None; crate::player::MAX_PLAYERS];
        for &(player, text) in submissions {
            if let Some(slot @ None) = texts.get_mut(player.index()) {
                *slot = Some(text);
            }
        }
        for &player in setup.players.by_name() {
            let Some(text) = texts[player.index()] else {
                continue;
            };
            let mut sink = SlotSink {
                player,
                text,
                slots: &mut self.slots,
                spare: &mut self.spare_rejections,
                report: &mut *report,
            };
            let holdings = check_lines(setup, position, player, text, &mut sink);
            position.holdings[player.index()] = holdings;
        }
        // (player, line) is unique: an unstable sort is exact.
        console_core::text::sort_small(&mut report.replacements, |r| (r.player, r.line));
    }
}

/// Writes checked orders straight into the survivors' slots (no per-line
/// records), with rejections and replacements into the report.
struct SlotSink<'a> {
    player: PlayerId,
    text: &'a str,
    slots: &'a mut [Slot],
    spare: &'a mut Vec<Rejection>,
    report: &'a mut RoundReport,
}

impl LineSink for SlotSink<'_> {
    fn earlier_idol(&self, survivor: SurvivorId) -> Option<IdolCost> {
        // Asked before the survivor is checked: it may not exist.
        self.slots.get(survivor.index()).and_then(|s| s.idol)
    }

    #[inline(always)]
    fn line(&mut self, number: u32, span: (u32, u32), checked: Checked) {
        match checked {
            Checked::Accepted(order) => {
                let slot = &mut self.slots[order.survivor().index()];
                let kind = order.action() as usize;
                // R3.5: a later order of the same kind replaces the earlier one.
                if slot.line[kind] != 0 {
                    self.report.replacements.push(Replacement {
                        player: self.player,
                        line: slot.line[kind],
                        by_line: number,
                        survivor: order.survivor(),
                        action: order.action(),
                    });
                }
                slot.line[kind] = number;
                match order {
                    Order::Assassinate { target, guess, .. } => slot.attack = Some((target, guess)),
                    Order::Vote { target, .. } => slot.vote = Some(target),
                    Order::Idol { cost, .. } => slot.idol = Some(cost),
                    Order::Move { to, .. } => slot.to = Some(to),
                }
            }
            Checked::Rejected(reason) => {
                let text = &self.text[span.0 as usize..span.1 as usize];
                let rejection = match self.spare.pop() {
                    Some(mut r) => {
                        r.player = self.player;
                        r.line = number;
                        r.text.clear();
                        r.text.push_str(text);
                        r.reason = reason;
                        r
                    }
                    None => Rejection {
                        player: self.player,
                        line: number,
                        text: text.to_string(),
                        reason,
                    },
                };
                self.report.rejections.push(rejection);
            }
            Checked::AfterEnd => {}
        }
    }
}

/// The round's random stream (R1.5), started only when a draw is needed.
struct RoundRng {
    seed: u64,
    round: u16,
    stream: Option<GameRng>,
}

impl RoundRng {
    /// A tribe of `set` (not empty) drawn uniformly (R6.7, R7.3).
    fn tribe(&mut self, set: TribeSet) -> TribeId {
        let (seed, round) = (self.seed, self.round);
        let rng = self
            .stream
            .get_or_insert_with(|| rng::for_round(seed, round));
        set.iter().nth(rng.below(set.len())).expect("in range")
    }
}

/// Living members per tribe index.
fn tribe_counts(p: &Position) -> [u32; MAX_TRIBES] {
    let mut counts = [0u32; MAX_TRIBES];
    for s in &p.survivors {
        if let Some(Survivor {
            place: Place::Tribe(t),
            ..
        }) = s
        {
            counts[t.index()] += 1;
        }
    }
    counts
}

/// Living survivors per tribe and per player, kept up to date as survivors
/// fall or leave their tribes during the Assassination and Voting segments.
struct Counts<'a> {
    /// Living members per tribe index.
    tribes: &'a mut [u32; MAX_TRIBES],
    /// Living survivors per player, roster order.
    players: &'a mut [u32],
}

/// Eliminates the segment's victims (`report.assassinated` or
/// `report.voted_out`) and records players whose last survivor fell (R8.4).
fn eliminate(
    next: &mut Position,
    segment: Segment,
    round: u16,
    counts: &mut Counts<'_>,
    report: &mut RoundReport,
) {
    let moment = Moment::Segment { round, segment };
    let victims = match segment {
        Segment::Assassination => &report.assassinated,
        Segment::Voting => &report.voted_out,
    };
    for &v in victims {
        let s = next.survivor_mut(v);
        match s.place {
            Place::Tribe(t) => counts.tribes[t.index()] -= 1,
            Place::Outcast => {}
            Place::Eliminated(_) => continue,
        }
        if let Some(n) = counts.players.get_mut(s.controller.index()) {
            *n -= 1;
        }
        s.place = Place::Eliminated(moment);
    }
    // R8.4: players whose last survivor fell in this segment.
    for (i, at) in next.eliminated_at.iter_mut().enumerate() {
        if counts.players.get(i) == Some(&0) && at.is_none() {
            *at = Some(moment);
            report.players_out.push((PlayerId::from_index(i), segment));
        }
    }
}

/// Makes every member of the tribes in `set` an outcast, in ID order.
fn outcast_members(
    next: &mut Position,
    set: TribeSet,
    cause: impl Fn(TribeId) -> OutcastCause,
    report: &mut RoundReport,
) {
    for s in &mut next.survivors {
        let Some(s) = s else { continue };
        if let Place::Tribe(t) = s.place
            && set.contains(t)
        {
            s.place = Place::Outcast;
            report.new_outcasts.push((s.id, cause(t)));
        }
    }
}

/// R7.1-R7.3, after the Assassination or Voting segment. Returns whether the
/// all-tribes rule (R7.3) fired.
fn removal_check(
    setup: &Setup,
    next: &mut Position,
    before: &[u32; MAX_TRIBES],
    segment: Segment,
    rng: &mut RoundRng,
    counts: &mut Counts<'_>,
    report: &mut RoundReport,
) -> bool {
    let after = *counts.tribes;
    let existing = next.existing(setup.grid);
    // R7.2: a tribe empty at the start of the segment is not removed.
    let doomed: TribeSet = existing
        .iter()
        .filter(|t| before[t.index()] > 0 && after[t.index()] <= SMALL_TRIBE)
        .collect();
    if doomed.is_empty() {
        return false;
    }
    for t in doomed.iter() {
        counts.tribes[t.index()] = 0; // its members become outcasts, below
    }
    if doomed.len() == existing.len() {
        // R7.3: every tribe would go. All tribe members become outcasts; one
        // tribe, chosen at random, is removed, unless it is the last one.
        outcast_members(next, doomed, |_| OutcastCause::Collapse(segment), report);
        let removed = (existing.len() > 1).then(|| rng.tribe(existing));
        if let Some(t) = removed {
            next.removed.insert(t);
            report.removals.push(Removal {
                tribe: t,
                segment,
                left: after[t.index()],
                collapse: true,
            });
        }
        report.collapse = Some(Collapse { segment, removed });
        return true;
    }
    for t in doomed.iter() {
        next.removed.insert(t);
        report.removals.push(Removal {
            tribe: t,
            segment,
            left: after[t.index()],
            collapse: false,
        });
    }
    outcast_members(
        next,
        doomed,
        |t| OutcastCause::TribeRemoved(t, segment),
        report,
    );
    false
}

/// A tally for `tribe` made from a spare one (its buffers emptied) or new.
fn empty_tally(spare: &mut Vec<Tally>, tribe: TribeId) -> Tally {
    match spare.pop() {
        Some(mut t) => {
            t.tribe = tribe;
            t.counts.clear();
            t.ballots.clear();
            t.converted.clear();
            t.discarded.clear();
            t.eliminated.clear();
            t.verdict = TallyVerdict::Most;
            t
        }
        None => Tally {
            tribe,
            counts: Vec::new(),
            ballots: Vec::new(),
            converted: Vec::new(),
            discarded: Vec::new(),
            eliminated: Vec::new(),
            verdict: TallyVerdict::Most,
        },
    }
}

/// R5: every tribe with living members votes; sets `report.tallies` and
/// `report.voted_out` (not yet applied). `start` holds the survivors as
/// they were at the start of the round; `counts` the living members per
/// tribe now.
fn vote(
    setup: &Setup,
    start: &[Option<Survivor>],
    next: &Position,
    slots: &[Slot],
    counts: &[u32; MAX_TRIBES],
    buffers: &mut VoteBuffers,
    report: &mut RoundReport,
) {
    let VoteBuffers {
        votes,
        members,
        spare_tallies: spare,
    } = buffers;
    votes.clear();
    votes.resize(next.survivors.len(), 0);
    // Every tribe's members in ID order, in one pass: tribe t's members are
    // members[offset[t]..offset[t + 1]].
    let mut offset = [0usize; MAX_TRIBES + 1];
    for t in 0..MAX_TRIBES {
        offset[t + 1] = offset[t] + counts[t] as usize;
    }
    let mut fill = offset;
    members.clear();
    members.resize(offset[MAX_TRIBES], SurvivorId::MIN);
    for s in &next.survivors {
        let Some(s) = s else { continue };
        if let Place::Tribe(t) = s.place {
            members[fill[t.index()]] = s.id;
            fill[t.index()] += 1;
        }
    }
    for tribe in next.existing_tribes(setup.grid) {
        let members = &members[offset[tribe.index()]..offset[tribe.index() + 1]];
        if members.is_empty() {
            continue;
        }
        let mut tally = empty_tally(spare, tribe);
        // R5.2: votes cast by assassinated survivors are not counted.
        for &id in &report.assassinated {
            if let (Some(t), Some(s)) = (slots[id.index()].vote, start[id.index()])
                && s.place.is_in(tribe)
            {
                tally.discarded.push((id, t));
            }
        }
        for &voter in members {
            let target = slots[voter.index()].vote.unwrap_or(voter); // R3.6
            let member = next.survivor(target).is_some_and(|s| s.place.is_in(tribe));
            if !member {
                tally.discarded.push((voter, target)); // R5.2: the target was assassinated
                continue;
            }
            let counted = if target != voter && slots[target.index()].idol.is_some() {
                tally.converted.push((voter, target)); // R5.3
                voter
            } else {
                target
            };
            votes[counted.index()] += 1;
            tally.ballots.push((voter, counted));
        }
        console_core::text::sort_small(&mut tally.discarded, |d| *d);
        tally
            .counts
            .extend(members.iter().map(|&m| (m, votes[m.index()])));
        // R5.5
        let max = tally.counts.iter().map(|c| c.1).max().unwrap_or(0);
        tally
            .eliminated
            .extend(tally.counts.iter().filter(|c| c.1 == max).map(|c| c.0));
        tally.verdict = match (max, tally.eliminated.len()) {
            (0, _) => TallyVerdict::AllZero,
            (_, 1) => TallyVerdict::Most,
            _ => TallyVerdict::Tie,
        };
        report.voted_out.extend_from_slice(&tally.eliminated);
        report.tallies.push(tally);
    }
    console_core::text::sort_small(&mut report.voted_out, |s| *s);
}

/// R6.1-R6.5, R6.7: all moves at once. `start` holds the survivors as they
/// were at the start of the round.
fn movement(
    setup: &Setup,
    start: &[Option<Survivor>],
    next: &mut Position,
    slots: &[Slot],
    rng: &mut RoundRng,
    report: &mut RoundReport,
) {
    for s in start {
        let Some(s) = s.filter(|s| s.place.is_alive()) else {
            continue;
        };
        let id = s.id;
        let to = slots[id.index()].to;
        let now = next.survivor(id).map(|x| x.place).unwrap_or(Place::Outcast);
        let outcome = match (s.place, now, to) {
            (_, Place::Eliminated(_), Some(t)) => MoveOutcome::VoidEliminated(t),
            (Place::Tribe(_), Place::Outcast, Some(t)) => MoveOutcome::VoidOutcast(t), // R6.3
            (_, _, Some(t)) if next.removed.contains(t) => {
                next.survivor_mut(id).place = Place::Outcast; // R6.5
                report
                    .new_outcasts
                    .push((id, OutcastCause::MovedIntoRemoved(t)));
                MoveOutcome::IntoRemoved(t)
            }
            (_, _, Some(t)) => {
                next.survivor_mut(id).place = Place::Tribe(t);
                MoveOutcome::Moved(t)
            }
            (Place::Outcast, _, None) => match setup.options.outcast_without_move {
                // R6.7
                OutcastWithoutMove::Random => {
                    let t = rng.tribe(next.existing(setup.grid));
                    next.survivor_mut(id).place = Place::Tribe(t);
                    MoveOutcome::Placed(t)
                }
                OutcastWithoutMove::Stay => {
                    report.new_outcasts.push((id, OutcastCause::Stayed));
                    MoveOutcome::Stayed
                }
            },
            (_, _, None) => continue,
        };
        report.moves.push((id, outcome));
    }
}

/// R6.6: after the moves, every tribe holding 1 or 2 survivors has them
/// become outcasts; the tribe remains.
fn scatter_small_tribes(setup: &Setup, next: &mut Position, report: &mut RoundReport) {
    let counts = tribe_counts(next);
    let small: TribeSet = next
        .existing_tribes(setup.grid)
        .filter(|t| (1..=SMALL_TRIBE).contains(&counts[t.index()]))
        .collect();
    if !small.is_empty() {
        outcast_members(next, small, OutcastCause::SmallTribe, report);
    }
}
