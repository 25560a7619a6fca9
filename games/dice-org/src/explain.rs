//! The producers' log in words: why every result of a step is what it is
//! (rolls step by step, consumption, advantages, ballots that did not
//! count, revotes, roll-offs, rocks and lots, and every rejected choice).
//! Producers only: lines may name attributes, ballots and advantages.

use crate::camp::{ADVANTAGE_ROLL, CampReport};
use crate::competition::{CompetitionReport, Mode};
use crate::conversation::ConversationReport;
use crate::final_vote::FinalReport;
use crate::options::TeamScore;
use crate::roll::{Roll, RollKind};
use crate::state::{PlayerId, State};
use crate::step::StepReport;
use crate::tiebreak::{Lot, Reroll, Want};
use crate::vote::{DeadlockReport, RevoteReport, RevoteStepReport, VoteReport, When};

impl Roll {
    /// One roll in words (D2.2): `4+4+4 = 12, -1 (blind), -1 (roll
    /// penalty) -> roll 10; cap 12 - 1 = 11; -1 (outcome penalty) -> 9`.
    pub fn explain(&self) -> String {
        let mut s = format!(
            "{}+{}+{} = {}",
            self.dice[0], self.dice[1], self.dice[2], self.raw
        );
        if self.blind != 0 {
            s.push_str(&format!(", {:+} (chosen before rolling)", self.blind));
        }
        if self.roll_penalty > 0 {
            s.push_str(&format!(", -{} (roll penalty)", self.roll_penalty));
        }
        s.push_str(&format!(" -> roll {}", self.roll));
        let attr = match self.kind {
            RollKind::Competition => "Competition",
            RollKind::Survival => "Survival",
        };
        s.push_str(&format!("; cap {attr} {}", self.attribute));
        if self.stat_penalty > 0 {
            s.push_str(&format!(" - {} (stat penalty)", self.stat_penalty));
        }
        s.push_str(&format!(" = {}", self.cap));
        if self.capped {
            s.push_str(" (capped)");
        }
        if self.outcome_penalty > 0 {
            s.push_str(&format!(", -{} (outcome penalty)", self.outcome_penalty));
        }
        if self.informed != 0 {
            s.push_str(&format!(", {:+} (chosen after rolling)", self.informed));
        }
        s.push_str(&format!(" -> result {}", self.result));
        s
    }
}

fn lot_lines(out: &mut Vec<String>, l: &Lot) {
    for (i, round) in l.rounds.iter().enumerate() {
        out.push(format!(
            "Lot ({}) round {}: {}",
            l.settles.words(),
            i + 1,
            round
                .iter()
                .map(|(n, r)| format!(
                    "{n} {}+{}+{} = {}",
                    r.dice[0], r.dice[1], r.dice[2], r.total
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    out.push(format!("Chosen by lot: {}", l.chosen));
}

fn reroll_line(r: &Reroll) -> String {
    format!(
        "Re-roll {} (tie for the {}): {}",
        r.round,
        match r.want {
            Want::Highest => "highest",
            Want::Lowest => "lowest",
        },
        r.scores
            .iter()
            .map(|(n, s)| format!("{n} {s}"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

fn names(s: &State, v: &[PlayerId]) -> String {
    if v.is_empty() {
        return "none".to_string();
    }
    v.iter().map(|&p| s.name(p)).collect::<Vec<_>>().join(", ")
}

fn competition(out: &mut Vec<String>, s: &State, r: &CompetitionReport) {
    out.push(format!(
        "Round {} competition, {}",
        r.round,
        match r.mode {
            Mode::Team => "team (D4.2)",
            Mode::Individual => "individual (D4.3)",
        }
    ));
    for c in &r.rolls {
        let mut line = format!("{} ({}): {}", c.name, c.team, c.roll.explain());
        if c.rp_gained > 0 {
            line.push_str(&format!("; deducted 3 for {} RP", c.rp_gained));
        }
        if c.rp_spent > 0 {
            line.push_str(&format!("; spent {} RP on the boost", c.rp_spent));
        }
        out.push(line);
    }
    if r.mode == Mode::Team {
        let how = match s.options.team_score {
            TeamScore::Mean => "mean",
            TeamScore::Sum => "sum",
        };
        for (t, score) in &r.scores {
            out.push(format!("{t}: {how} of its results = {score}"));
        }
    }
    for rr in &r.rerolls {
        out.push(reroll_line(rr));
        for x in r.reroll_rolls.iter().filter(|x| x.round == rr.round) {
            out.push(format!("  {}: {}", s.name(x.player), x.roll.explain()));
        }
    }
    for l in &r.lots {
        lot_lines(out, l);
    }
    out.push(format!(
        "Winner: {}; {} RP to each of {}",
        r.winner,
        r.reward_rp,
        names(s, &r.rewarded)
    ));
    out.push(format!(
        "Immune until the end of the next vote: {}",
        names(s, &r.immune)
    ));
    if let Some(t) = &r.lowest {
        out.push(format!("Lowest: {t}, which goes to the vote"));
    }
    out.push(format!(
        "One depletion counter each (D4.6): {}",
        names(s, &r.participants)
    ));
}

fn camp(out: &mut Vec<String>, s: &State, r: &CampReport) {
    out.push(format!("Round {} camp", r.round));
    for t in &r.teams {
        if t.consumed {
            out.push(format!(
                "{}: pool {} >= {} needed: eaten; a counter off {}",
                t.team,
                t.pool_before,
                t.need,
                names(s, &t.counters_removed)
            ));
        } else {
            out.push(format!(
                "{}: pool {} < {} needed: nothing eaten, no counter removed",
                t.team, t.pool_before, t.need
            ));
        }
        for g in &t.gathering {
            let mut line = format!("{} gathers: {}", g.name, g.roll.explain());
            if g.rp_spent_boost > 0 {
                line.push_str(&format!("; spent {} RP on the boost", g.rp_spent_boost));
            }
            if g.rp_gained > 0 {
                line.push_str("; +1 RP for the -5");
            }
            if g.bonus_rolls > 0 {
                line.push_str(&format!("; {} bonus roll(s)", g.bonus_rolls));
            }
            out.push(line);
        }
        out.push(format!("{}: pool now {}", t.team, t.pool_after));
        let mut found_before = false;
        for b in &t.bonus {
            let d = b.roll.dice;
            let why = match (&b.found, b.roll.total == ADVANTAGE_ROLL, found_before) {
                (Some(card), _, _) => format!("finds {card}"),
                (None, true, true) => "12, but this camp's advantage was already found".to_string(),
                (None, true, false) => "12, but no advantage waits at this camp".to_string(),
                (None, false, _) => "nothing".to_string(),
            };
            found_before |= b.found.is_some();
            out.push(format!(
                "{} bonus roll: {}+{}+{} = {}: {why}",
                s.name(b.player),
                d[0],
                d[1],
                d[2],
                b.roll.total
            ));
        }
    }
}

fn conversation(out: &mut Vec<String>, s: &State, r: &ConversationReport) {
    out.push(format!("Round {} conversations", r.round));
    for p in &r.pairs {
        out.push(format!(
            "{}-{}: priority {}",
            s.name(p.a),
            s.name(p.b),
            p.priority
        ));
    }
    for (i, slot) in r.slots.iter().enumerate() {
        out.push(format!(
            "Slot {}: {}",
            i + 1,
            slot.iter()
                .map(|p| format!("{}-{}", s.name(p.a), s.name(p.b)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    for p in &r.left_over {
        out.push(format!("{}-{}: no slot left", s.name(p.a), s.name(p.b)));
    }
}

fn when(w: When) -> &'static str {
    match w {
        When::Before => "before the votes",
        When::After => "after the votes",
    }
}

fn vote(out: &mut Vec<String>, s: &State, r: &VoteReport) {
    out.push(format!("Round {} vote", r.round));
    out.push(format!("Voters: {}", names(s, &r.voters)));
    out.push(format!("Immune: {}", names(s, &r.immune)));
    out.push(format!("Candidates: {}", names(s, &r.candidates)));
    for c in &r.played {
        out.push(match c.on {
            Some(t) => format!(
                "{} plays {} on {} ({})",
                s.name(c.player),
                c.card,
                s.name(t),
                when(c.when)
            ),
            None => format!("{} plays {} ({})", s.name(c.player), c.card, when(c.when)),
        });
    }
    for b in &r.ballots {
        out.push(format!(
            "{} votes {}{}",
            s.name(b.voter),
            s.name(b.target),
            if b.counted {
                ""
            } else {
                " (does not count: Hidden Immunity, D7.2)"
            }
        ));
    }
    out.push(format!(
        "Counts: {}",
        r.counts
            .iter()
            .map(|(p, n)| format!("{} {n}", s.name(*p)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    if r.revote_due {
        out.push(format!(
            "Tied: {}; the revote is a step of its own, after this count is posted (D7.5)",
            names(s, &r.tied)
        ));
        out.push("Nobody voted out yet: the revote is due (D7.5)".to_string());
        return;
    }
    if let Some(rv) = &r.revote {
        revote_lines(out, s, rv);
    }
    end_lines(out, s, r.deadlock.as_ref(), r.voted_out);
}

/// The revote as a step of its own (D7.5).
fn revote_step(out: &mut Vec<String>, s: &State, r: &RevoteStepReport) {
    out.push(format!("Round {} revote", r.round));
    revote_lines(out, s, &r.revote);
    end_lines(out, s, r.deadlock.as_ref(), r.voted_out);
}

/// A revote's voters, ballots and counts (D7.5).
fn revote_lines(out: &mut Vec<String>, s: &State, rv: &RevoteReport) {
    out.push(format!(
        "Tied: {}; revote by {} (the tied do not vote, D7.5)",
        names(s, &rv.candidates),
        names(s, &rv.voters)
    ));
    for b in &rv.ballots {
        out.push(format!("{} revotes {}", s.name(b.voter), s.name(b.target)));
    }
    out.push(format!(
        "Revote counts: {}",
        rv.counts
            .iter()
            .map(|(p, n)| format!("{} {n}", s.name(*p)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
}

/// A vote's deadlock, if any (D7.5), and who is out.
fn end_lines(
    out: &mut Vec<String>,
    s: &State,
    deadlock: Option<&DeadlockReport>,
    voted_out: Option<PlayerId>,
) {
    match deadlock {
        None => {}
        Some(DeadlockReport::RollOff {
            rocks_fallback,
            first,
            rerolls,
            reroll_rolls,
            lot,
        }) => {
            if *rocks_fallback {
                out.push("Rocks: nobody to draw, so the survival roll-off (D7.5)".to_string());
            }
            out.push("Deadlock: survival roll-off in name order (D7.5)".to_string());
            for (p, roll) in first {
                out.push(format!("  {}: {}", s.name(*p), roll.explain()));
            }
            for rr in rerolls {
                out.push(reroll_line(rr));
                for x in reroll_rolls.iter().filter(|x| x.round == rr.round) {
                    out.push(format!("  {}: {}", s.name(x.player), x.roll.explain()));
                }
            }
            if let Some(l) = lot {
                lot_lines(out, l);
            }
        }
        Some(DeadlockReport::Rocks { drawers, lot }) => {
            out.push(format!(
                "Deadlock: rocks drawn by {} (D7.5)",
                names(s, drawers)
            ));
            lot_lines(out, lot);
        }
    }
    out.push(match voted_out {
        Some(p) => format!("Voted out: {}", s.name(p)),
        None => "Nobody voted out: no candidate".to_string(),
    });
}

fn final_vote(out: &mut Vec<String>, s: &State, r: &FinalReport) {
    out.push(format!(
        "Final: jury {}; finalists {}",
        names(s, &r.jury),
        names(s, &r.finalists)
    ));
    for b in &r.ballots {
        out.push(format!("{} votes {}", s.name(b.juror), s.name(b.finalist)));
    }
    if let Some(rv) = &r.revote {
        out.push(format!(
            "Tied: {}; jurors who voted outside the tie vote again: {}",
            names(s, &rv.candidates),
            names(s, &rv.jurors)
        ));
        for b in &rv.ballots {
            out.push(format!(
                "{} revotes {}",
                s.name(b.juror),
                s.name(b.finalist)
            ));
        }
    }
    if let Some(l) = &r.lot {
        lot_lines(out, l);
    }
    out.push(format!("Winner: {}", s.name(r.winner)));
}

/// The report of a step in words, one line per fact; `before` is the state
/// the step was played on. Rejected choices come last, each with its reason.
pub fn explain(report: &StepReport, before: &State) -> Vec<String> {
    let mut out = Vec::new();
    match report {
        StepReport::Competition(r) => competition(&mut out, before, r),
        StepReport::Camp(r) => camp(&mut out, before, r),
        StepReport::Conversation(r) => conversation(&mut out, before, r),
        StepReport::Vote(r) => vote(&mut out, before, r),
        StepReport::Revote(r) => revote_step(&mut out, before, r),
        StepReport::Final(r) => final_vote(&mut out, before, r),
        StepReport::Edit(r) => {
            out.push(format!("Production edit: {}", r.note));
            out.extend(r.lines.iter().cloned());
        }
    }
    for rej in report.rejected() {
        out.push(format!("Rejected: {}: {}", rej.player, rej.reason));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::RollKind;
    use crate::roll::{RollOptions, roll};

    #[test]
    fn the_seeds_example_in_words() {
        let r = roll(RollKind::Survival, 9, 4, RollOptions::default(), [4, 4, 4]);
        assert_eq!(
            r.explain(),
            "4+4+4 = 12, -2 (roll penalty) -> roll 10; cap Survival 9 - 2 (stat penalty) = 7 (capped), -1 (outcome penalty) -> result 6"
        );
    }
}
