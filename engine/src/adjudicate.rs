//! Adjudication of one round: checked orders in, next position and report out
//! (R4-R8). Pure: the only randomness is the game's seeded stream for the
//! round (R1.5).

use crate::options::OutcastWithoutMove;
use crate::player::PlayerId;
use crate::position::{GarnetAward, Moment, Place, Position, Segment, Setup};
use crate::report::{
    Attack, Collapse, IdolPlay, MoveOutcome, OutcastCause, Rejection, Removal, Replacement,
    RoundReport, Tally, TallyVerdict,
};
use crate::rng::GameRng;
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
pub fn play_round(
    setup: &Setup,
    position: &Position,
    submissions: &[(PlayerId, &str)],
) -> (Position, RoundReport) {
    let round = position.round;
    let mut report = RoundReport {
        round,
        ..RoundReport::default()
    };
    let mut next = position.clone();
    let mut slots = vec![Slot::default(); position.survivors.len()];
    collect_orders(
        setup,
        position,
        submissions,
        &mut next,
        &mut slots,
        &mut report,
    );
    report.holdings = next.holdings.clone();
    if position.game_over {
        report.game_over = true;
        return (next, report);
    }
    let mut rng = None;

    // R4 Assassination
    let before = tribe_counts(&next);
    for s in position.survivors() {
        if let Some((target, guess)) = slots[s.id.index()].attack {
            let correct = position
                .survivor(target)
                .is_some_and(|t| t.controller == guess);
            report.attacks.push(Attack {
                attacker: s.id,
                target,
                guess,
                correct,
            });
        }
    }
    let mut victims: Vec<SurvivorId> = report.attacks.iter().map(|a| a.victim()).collect();
    victims.sort_unstable();
    victims.dedup();
    eliminate(
        &mut next,
        &victims,
        round,
        Segment::Assassination,
        &mut report,
    );
    report.assassinated = victims;
    let collapsed = removal_check(
        setup,
        &mut next,
        &before,
        Segment::Assassination,
        &mut rng,
        &mut report,
    );

    // R5 Voting
    for s in position.survivors() {
        if let Some(cost) = slots[s.id.index()].idol {
            report.idols.push(IdolPlay {
                survivor: s.id,
                player: s.controller,
                cost,
            });
        }
    }
    if collapsed {
        report.voting_skipped = true; // R5.7
    } else {
        let before = tribe_counts(&next);
        vote(setup, position, &next, &slots, &mut report);
        let out = report.voted_out.clone();
        eliminate(&mut next, &out, round, Segment::Voting, &mut report);
        removal_check(
            setup,
            &mut next,
            &before,
            Segment::Voting,
            &mut rng,
            &mut report,
        );
    }

    // R6 Movement
    movement(setup, position, &mut next, &slots, &mut rng, &mut report);
    scatter_small_tribes(setup, &mut next, &mut report);

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
        next.alive_at_round_start = next.alive_per_player(setup.players.len());
    }
    (next, report)
}

fn collect_orders(
    setup: &Setup,
    position: &Position,
    submissions: &[(PlayerId, &str)],
    next: &mut Position,
    slots: &mut [Slot],
    report: &mut RoundReport,
) {
    let mut seen = vec![false; setup.players.len()];
    for &(player, text) in submissions {
        if player.index() >= seen.len() || std::mem::replace(&mut seen[player.index()], true) {
            continue;
        }
        let mut sink = SlotSink {
            player,
            text,
            slots: &mut *slots,
            report: &mut *report,
        };
        let holdings = check_lines(setup, position, player, text, &mut sink);
        next.holdings[player.index()] = holdings;
    }
    report.replacements.sort_by_key(|r| (r.player, r.line));
    let names = &setup.players;
    report.rejections.sort_by(|a, b| {
        (names.name(a.player).as_bytes(), a.line).cmp(&(names.name(b.player).as_bytes(), b.line))
    });
}

/// Writes checked orders straight into the survivors' slots (no per-line
/// records), with rejections and replacements into the report.
struct SlotSink<'a> {
    player: PlayerId,
    text: &'a str,
    slots: &'a mut [Slot],
    report: &'a mut RoundReport,
}

impl LineSink for SlotSink<'_> {
    fn earlier_idol(&self, survivor: SurvivorId) -> Option<IdolCost> {
        // Asked before the survivor is checked: it may not exist.
        self.slots.get(survivor.index()).and_then(|s| s.idol)
    }

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
            Checked::Rejected(reason) => self.report.rejections.push(Rejection {
                player: self.player,
                line: number,
                text: self.text[span.0 as usize..span.1 as usize].to_string(),
                reason,
            }),
            Checked::AfterEnd => {}
        }
    }
}

/// Living members per tribe index.
fn tribe_counts(p: &Position) -> [u32; MAX_TRIBES] {
    let mut counts = [0u32; MAX_TRIBES];
    for s in p.survivors() {
        if let Place::Tribe(t) = s.place {
            counts[t.index()] += 1;
        }
    }
    counts
}

fn eliminate(
    next: &mut Position,
    victims: &[SurvivorId],
    round: u16,
    segment: Segment,
    report: &mut RoundReport,
) {
    let moment = Moment::Segment { round, segment };
    for &v in victims {
        next.survivor_mut(v).place = Place::Eliminated(moment);
    }
    // R8.4: players whose last survivor fell in this segment.
    let mut alive = [0u32; crate::player::MAX_PLAYERS];
    for s in next.living() {
        alive[s.controller.index()] += 1;
    }
    for (i, at) in next.eliminated_at.iter_mut().enumerate() {
        if alive[i] == 0 && at.is_none() {
            *at = Some(moment);
            report.players_out.push((PlayerId::from_index(i), segment));
        }
    }
}

fn make_outcast(
    next: &mut Position,
    id: SurvivorId,
    cause: OutcastCause,
    report: &mut RoundReport,
) {
    next.survivor_mut(id).place = Place::Outcast;
    report.new_outcasts.push((id, cause));
}

/// R7.1-R7.3, after the Assassination or Voting segment. Returns whether the
/// all-tribes rule (R7.3) fired.
fn removal_check(
    setup: &Setup,
    next: &mut Position,
    before: &[u32; MAX_TRIBES],
    segment: Segment,
    rng: &mut Option<GameRng>,
    report: &mut RoundReport,
) -> bool {
    let after = tribe_counts(next);
    let existing: TribeSet = next.existing_tribes(setup.grid).collect();
    // R7.2: a tribe empty at the start of the segment is not removed.
    let doomed: TribeSet = existing
        .iter()
        .filter(|t| before[t.index()] > 0 && after[t.index()] <= SMALL_TRIBE)
        .collect();
    if doomed.is_empty() {
        return false;
    }
    let in_tribes = |next: &Position, set: TribeSet| -> Vec<(SurvivorId, TribeId)> {
        next.survivors()
            .filter_map(|s| {
                s.place
                    .tribe()
                    .filter(|t| set.contains(*t))
                    .map(|t| (s.id, t))
            })
            .collect()
    };
    if doomed.len() == existing.len() {
        // R7.3: every tribe would go. All tribe members become outcasts; one
        // tribe, chosen at random, is removed, unless it is the last one.
        for (id, _) in in_tribes(next, doomed) {
            make_outcast(next, id, OutcastCause::Collapse(segment), report);
        }
        let removed = (existing.len() > 1).then(|| {
            let rng = rng.get_or_insert_with(|| GameRng::for_round(setup.seed, report.round));
            existing
                .iter()
                .nth(rng.below(existing.len()))
                .expect("in range")
        });
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
    for (id, t) in in_tribes(next, doomed) {
        make_outcast(next, id, OutcastCause::TribeRemoved(t, segment), report);
    }
    false
}

/// R5: every tribe with living members votes; sets `report.tallies` and
/// `report.voted_out` (not yet applied).
fn vote(
    setup: &Setup,
    position: &Position,
    next: &Position,
    slots: &[Slot],
    report: &mut RoundReport,
) {
    let mut voted_out = Vec::new();
    for tribe in next.existing_tribes(setup.grid) {
        let members: Vec<SurvivorId> = next.members(tribe).collect();
        if members.is_empty() {
            continue;
        }
        let mut tally = Tally {
            tribe,
            counts: members.iter().map(|&m| (m, 0)).collect(),
            ballots: Vec::with_capacity(members.len()),
            converted: Vec::new(),
            discarded: Vec::new(),
            eliminated: Vec::new(),
            verdict: TallyVerdict::Most,
        };
        // R5.2: votes cast by assassinated survivors are not counted.
        for &id in &report.assassinated {
            if let (Some(t), Some(Place::Tribe(home))) = (
                slots[id.index()].vote,
                position.survivor(id).map(|s| s.place),
            ) && home == tribe
            {
                tally.discarded.push((id, t));
            }
        }
        for &voter in &members {
            let target = slots[voter.index()].vote.unwrap_or(voter); // R3.6
            let Some(i) = tally.counts.iter().position(|(m, _)| *m == target) else {
                tally.discarded.push((voter, target)); // R5.2: the target was assassinated
                continue;
            };
            let i = if target != voter && slots[target.index()].idol.is_some() {
                tally.converted.push((voter, target)); // R5.3
                tally
                    .counts
                    .iter()
                    .position(|(m, _)| *m == voter)
                    .expect("voter is a member")
            } else {
                i
            };
            tally.counts[i].1 += 1;
            tally.ballots.push((voter, tally.counts[i].0));
        }
        tally.discarded.sort_unstable();
        // R5.5
        let max = tally.counts.iter().map(|c| c.1).max().unwrap_or(0);
        tally.eliminated = tally
            .counts
            .iter()
            .filter(|c| c.1 == max)
            .map(|c| c.0)
            .collect();
        tally.verdict = match (max, tally.eliminated.len()) {
            (0, _) => TallyVerdict::AllZero,
            (_, 1) => TallyVerdict::Most,
            _ => TallyVerdict::Tie,
        };
        voted_out.extend_from_slice(&tally.eliminated);
        report.tallies.push(tally);
    }
    voted_out.sort_unstable();
    report.voted_out = voted_out;
}

/// R6.1-R6.5, R6.7: all moves at once.
fn movement(
    setup: &Setup,
    position: &Position,
    next: &mut Position,
    slots: &[Slot],
    rng: &mut Option<GameRng>,
    report: &mut RoundReport,
) {
    for s in position.living() {
        let id = s.id;
        let to = slots[id.index()].to;
        let now = next.survivor(id).map(|x| x.place).unwrap_or(Place::Outcast);
        let outcome = match (s.place, now, to) {
            (_, Place::Eliminated(_), Some(t)) => MoveOutcome::VoidEliminated(t),
            (Place::Tribe(_), Place::Outcast, Some(t)) => MoveOutcome::VoidOutcast(t), // R6.3
            (_, _, Some(t)) if next.removed.contains(t) => {
                make_outcast(next, id, OutcastCause::MovedIntoRemoved(t), report); // R6.5
                MoveOutcome::IntoRemoved(t)
            }
            (_, _, Some(t)) => {
                next.survivor_mut(id).place = Place::Tribe(t);
                MoveOutcome::Moved(t)
            }
            (Place::Outcast, _, None) => match setup.options.outcast_without_move {
                // R6.7
                OutcastWithoutMove::Random => {
                    let existing: Vec<TribeId> = next.existing_tribes(setup.grid).collect();
                    let rng =
                        rng.get_or_insert_with(|| GameRng::for_round(setup.seed, report.round));
                    let t = existing[rng.below(existing.len())];
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
    if small.is_empty() {
        return;
    }
    let ids: Vec<(SurvivorId, TribeId)> = next
        .survivors()
        .filter_map(|s| {
            s.place
                .tribe()
                .filter(|t| small.contains(*t))
                .map(|t| (s.id, t))
        })
        .collect();
    for (id, t) in ids {
        make_outcast(next, id, OutcastCause::SmallTribe(t), report);
    }
}
