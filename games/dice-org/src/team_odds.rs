//! Each team's exact chance to win and to lose a team competition (D4.2,
//! D4.4), for the app's chart beside the per-player odds: computed from
//! every member's exact result distribution ([`crate::roll::odds`], D2.2),
//! never by simulation.
//!
//! A team's score distribution is the convolution of its members' (the
//! mean or the sum, option `team_score`). The first roll uses each
//! member's choices (D4.1); re-rolls use none (D4.4). Ties follow the
//! engine's [`crate::tiebreak::Contest`]: the tie for the highest is
//! broken first by re-rolls among the tied, only those still tied rolling
//! again, with a lot (even odds, D11.3) after [`MAX_REROLLS`]; then the
//! lowest among the others, where a re-roll only orders the tied among
//! themselves. With teams `t` the work is about `2^t` subsets times each
//! score's support, so it is instant for the four teams D1.1 allows.

use crate::competition::CompetitionInput;
use crate::options::TeamScore;
use crate::roll::{Odds, RollKind, RollOptions, odds};
use crate::state::State;
use crate::tiebreak::MAX_REROLLS;
use serde::{Deserialize, Serialize};

/// One team's chances in the next competition, each from 0 to 1.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct TeamOdds {
    /// The team.
    pub team: String,
    /// The chance to win the reward (D4.2; with two teams, immunity too).
    pub win: f64,
    /// The chance to be the lowest team, which goes to the vote (D4.2).
    pub lose: f64,
}

/// One contender's members: each member's result distribution for the
/// first roll (with their choices) and for a re-roll (without).
#[derive(Clone, Debug)]
pub struct Contender {
    /// Per member: the first roll's odds.
    pub first: Vec<Odds>,
    /// Per member: a re-roll's odds (no options, D4.4).
    pub reroll: Vec<Odds>,
}

/// A team score's distribution: `p[k]` is the chance the members'
/// results sum to `k`; the score is `k / den` (`den` the team size for a
/// mean, 1 for a sum).
#[derive(Clone, Debug)]
struct Dist {
    den: u64,
    p: Vec<f64>,
}

impl Dist {
    fn of(members: &[Odds], score: TeamScore) -> Dist {
        let mut p = vec![1.0];
        for o in members {
            let total = f64::from(o.total().max(1));
            let mut next = vec![0.0; p.len() + o.counts.len().saturating_sub(1)];
            for (a, &pa) in p.iter().enumerate() {
                if pa == 0.0 {
                    continue;
                }
                for (b, &c) in o.counts.iter().enumerate() {
                    if c > 0 {
                        next[a + b] += pa * f64::from(c) / total;
                    }
                }
            }
            p = next;
        }
        let den = match score {
            TeamScore::Mean => members.len().max(1) as u64,
            TeamScore::Sum => 1,
        };
        Dist { den, p }
    }

    /// The scores it can take, as (sum, den) with their chances.
    fn support(&self) -> impl Iterator<Item = (u64, f64)> + '_ {
        self.p
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(k, p)| (k as u64, *p))
    }

    /// The chance the score is `num / den`, above it, below it.
    fn at(&self, num: u64, den: u64) -> (f64, f64, f64) {
        let (mut eq, mut above, mut below) = (0.0, 0.0, 0.0);
        for (k, p) in self.support() {
            // k / self.den against num / den, exactly.
            match (u128::from(k) * u128::from(den)).cmp(&(u128::from(num) * u128::from(self.den))) {
                std::cmp::Ordering::Equal => eq += p,
                std::cmp::Ordering::Greater => above += p,
                std::cmp::Ordering::Less => below += p,
            }
        }
        (eq, above, below)
    }
}

/// A set of contenders as a bit mask (bit `i` for contender `i`).
type Set = u32;

fn members(s: Set) -> impl Iterator<Item = usize> {
    (0..32).filter(move |i| s & (1 << i) != 0)
}

/// The chance that, rolling `s` with `dists`, the extreme class (the
/// highest when `top`, else the lowest) is exactly `class` (a subset of `s`).
fn class_chance(dists: &[Dist], s: Set, class: Set, top: bool) -> f64 {
    let Some(first) = members(class).next() else {
        return 0.0;
    };
    let d0 = &dists[first];
    let mut total = 0.0;
    for (k, _) in d0.support() {
        let mut p = 1.0;
        for i in members(s) {
            let (eq, above, below) = dists[i].at(k, d0.den);
            p *= if class & (1 << i) != 0 {
                eq
            } else if top {
                below
            } else {
                above
            };
            if p == 0.0 {
                break;
            }
        }
        total += p;
    }
    total
}

/// Every non-empty subset of `s` holding `a`.
fn subsets_with(s: Set, a: usize) -> impl Iterator<Item = Set> {
    let mut sub = s;
    let mut done = false;
    std::iter::from_fn(move || {
        while !done {
            let here = sub;
            if sub == 0 {
                done = true;
            } else {
                sub = (sub - 1) & s;
            }
            if here & (1 << a) != 0 {
                return Some(here);
            }
        }
        None
    })
}

/// The chances of one tie-break: `a`'s chance to be chosen when `s` is
/// tied for the extreme `top` asks for and `left` re-rolls remain (D4.4);
/// memoised per (set, re-rolls left).
struct TieBreak<'a> {
    dists: &'a [Dist],
    top: bool,
    memo: Vec<Option<Vec<f64>>>,
}

impl<'a> TieBreak<'a> {
    fn new(dists: &'a [Dist], top: bool) -> TieBreak<'a> {
        let n = dists.len();
        TieBreak {
            dists,
            top,
            memo: vec![None; (1 << n) * (MAX_REROLLS as usize + 1)],
        }
    }

    /// The chance `a` is the one chosen.
    fn chosen(&mut self, s: Set, a: usize, left: u32) -> f64 {
        if s.count_ones() == 1 {
            return f64::from(u8::from(s == 1 << a));
        }
        if left == 0 {
            // A lot: each rolls 3d6, ties again: even odds (D11.3).
            return 1.0 / f64::from(s.count_ones());
        }
        let at = s as usize * (MAX_REROLLS as usize + 1) + left as usize;
        if self.memo[at].is_none() {
            let n = self.dists.len();
            let mut v = vec![0.0; n];
            for (i, slot) in v.iter_mut().enumerate() {
                if s & (1 << i) == 0 {
                    continue;
                }
                let mut p = 0.0;
                for t in subsets_with(s, i) {
                    let c = class_chance(self.dists, s, t, self.top);
                    if c > 0.0 {
                        p += c * self.chosen(t, i, left - 1);
                    }
                }
                *slot = p;
            }
            self.memo[at] = Some(v);
        }
        self.memo[at].as_ref().map_or(0.0, |v| v[a])
    }
}

/// The chances of `contenders` in a team competition (D4.2, D4.4): per
/// contender, (win, lose), in the order given. Needs at least two and at
/// most 16 contenders.
pub fn chances(contenders: &[Contender], score: TeamScore) -> Vec<(f64, f64)> {
    let n = contenders.len();
    if !(2..=16).contains(&n) {
        return vec![(1.0, 0.0); n];
    }
    let first: Vec<Dist> = contenders
        .iter()
        .map(|c| Dist::of(&c.first, score))
        .collect();
    let again: Vec<Dist> = contenders
        .iter()
        .map(|c| Dist::of(&c.reroll, score))
        .collect();
    let all: Set = (1 << n) - 1;
    let mut highest = TieBreak::new(&again, true);
    let mut lowest = TieBreak::new(&again, false);
    // The chance the first roll ties every contender.
    let all_tied = class_chance(&first, all, all, true);
    let mut out = Vec::with_capacity(n);
    for a in 0..n {
        let mut win = 0.0;
        for t in subsets_with(all, a) {
            let c = class_chance(&first, all, t, true);
            if c > 0.0 {
                win += c * highest.chosen(t, a, MAX_REROLLS);
            }
        }
        // Lowest among the others: below the top on the first roll, the
        // lowest class ties among itself; with every contender tied, the
        // tie for the highest decides who the others are and orders them.
        let mut lose = 0.0;
        for b in subsets_with(all, a).filter(|&b| b != all) {
            let c = class_chance(&first, all, b, false);
            if c > 0.0 {
                lose += c * lowest.chosen(b, a, MAX_REROLLS);
            }
        }
        if all_tied > 0.0 {
            lose += all_tied * lose_all_tied(&again, &mut lowest, all, a, MAX_REROLLS);
        }
        out.push((win, lose));
    }
    out
}

/// `a`'s chance to go to the vote when every contender is tied for the
/// highest with `left` re-rolls to go: a re-roll that splits them sends
/// its lowest class to the bottom (the winner comes from its highest
/// class); a lot picks the winner among all, and the others, still equal,
/// break their tie for the lowest afresh.
fn lose_all_tied(again: &[Dist], lowest: &mut TieBreak, all: Set, a: usize, left: u32) -> f64 {
    if left == 0 {
        let k = f64::from(all.count_ones());
        return members(all)
            .filter(|&w| w != a)
            .map(|w| lowest.chosen(all & !(1 << w), a, MAX_REROLLS) / k)
            .sum();
    }
    let mut p =
        class_chance(again, all, all, true) * lose_all_tied(again, lowest, all, a, left - 1);
    for b in subsets_with(all, a).filter(|&b| b != all) {
        let c = class_chance(again, all, b, false);
        if c > 0.0 {
            p += c * lowest.chosen(b, a, MAX_REROLLS);
        }
    }
    p
}

/// Each team's chances in the competition `state` would play next with
/// these choices (D4.1: a deduction and a boost change the first roll),
/// team order; `None` for an individual competition (one team, D4.3) or
/// with nobody living.
///
/// # Panics
///
/// Never: the members of a team in play are living.
pub fn team_odds(state: &State, input: &CompetitionInput) -> Option<Vec<TeamOdds>> {
    let teams = state.teams_in_play();
    if teams.len() < 2 {
        return None;
    }
    let contenders: Vec<Contender> = teams
        .iter()
        .map(|&t| {
            let mut c = Contender {
                first: Vec::new(),
                reroll: Vec::new(),
            };
            for p in state.members(t) {
                let l = state.living(p).expect("members live");
                let options = input
                    .choices
                    .get(state.name(p))
                    .map_or(RollOptions::default(), |ch| ch.pay(l.rp).options);
                let a = l.attributes.get(RollKind::Competition);
                c.first.push(odds(a, l.counters, options));
                c.reroll.push(odds(a, l.counters, RollOptions::default()));
            }
            c
        })
        .collect();
    let v = chances(&contenders, state.options.team_score);
    Some(
        teams
            .iter()
            .zip(v)
            .map(|(&t, (win, lose))| TeamOdds {
                team: state.team_name(t).to_string(),
                win,
                lose,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roll::Boost;
    use crate::tiebreak::{Score, Want, extreme};

    fn member(attribute: u8, counters: u32, options: RollOptions) -> (Odds, Odds) {
        (
            odds(attribute, counters, options),
            odds(attribute, counters, RollOptions::default()),
        )
    }

    fn contender(ms: &[(u8, u32, RollOptions)]) -> Contender {
        let (first, reroll) = ms.iter().map(|&(a, c, o)| member(a, c, o)).unzip();
        Contender { first, reroll }
    }

    /// Every combination of member results, with its chance: (scores, p).
    fn outcomes(
        cs: &[Contender],
        first: bool,
        set: &[usize],
        score: TeamScore,
    ) -> Vec<(Vec<Score>, f64)> {
        let mut out = vec![(Vec::new(), 1.0)];
        for &i in set {
            let ms = if first { &cs[i].first } else { &cs[i].reroll };
            // This contender's own combinations: (sum, p).
            let mut sums = vec![(0u64, 1.0)];
            for o in ms {
                let mut next = Vec::new();
                for &(s, p) in &sums {
                    for (r, &c) in o.counts.iter().enumerate() {
                        if c > 0 {
                            next.push((s + r as u64, p * f64::from(c) / 216.0));
                        }
                    }
                }
                sums = next;
            }
            let n = ms.len() as u64;
            let mut next = Vec::new();
            for (v, p) in &out {
                for &(s, q) in &sums {
                    let sc = match score {
                        TeamScore::Mean => Score::new(s, n),
                        TeamScore::Sum => Score::whole(s),
                    };
                    let mut v = v.clone();
                    v.push(sc);
                    // Equal scores are one branch: the tie-break sees scores only.
                    match next
                        .iter_mut()
                        .find(|(w, _): &&mut (Vec<Score>, f64)| *w == v)
                    {
                        Some((_, r)) => *r += p * q,
                        None => next.push((v, p * q)),
                    }
                }
            }
            out = next;
        }
        out
    }

    /// The engine's tie-break ([`crate::tiebreak::Contest::break_tie`])
    /// followed branch by branch: every re-roll's every combination of
    /// member results, the keys growing as the engine's do. Adds to
    /// `chosen[i]` the chance `i` is chosen, with the keys after.
    #[allow(clippy::too_many_arguments)]
    fn brute_break(
        cs: &[Contender],
        score: TeamScore,
        keys: Vec<Vec<Score>>,
        tied: Vec<usize>,
        want: Want,
        n: u32,
        p: f64,
        out: &mut Vec<(usize, Vec<Vec<Score>>, f64)>,
    ) {
        if tied.len() == 1 {
            out.push((tied[0], keys, p));
            return;
        }
        if n == MAX_REROLLS {
            for &t in &tied {
                out.push((t, keys.clone(), p / tied.len() as f64));
            }
            return;
        }
        for (scores, q) in outcomes(cs, false, &tied, score) {
            let mut k = keys.clone();
            for (&i, &s) in tied.iter().zip(&scores) {
                k[i].push(s);
            }
            let still = extreme(&k, &tied, want);
            brute_break(cs, score, k, still, want, n + 1, p * q, out);
        }
    }

    fn brute(cs: &[Contender], score: TeamScore) -> Vec<(f64, f64)> {
        let n = cs.len();
        let all: Vec<usize> = (0..n).collect();
        let mut res = vec![(0.0, 0.0); n];
        for (scores, p) in outcomes(cs, true, &all, score) {
            let keys: Vec<Vec<Score>> = scores.iter().map(|&s| vec![s]).collect();
            let top = extreme(&keys, &all, Want::Highest);
            let mut wins = Vec::new();
            brute_break(cs, score, keys, top, Want::Highest, 0, p, &mut wins);
            for (w, keys, p) in wins {
                res[w].0 += p;
                let rest: Vec<usize> = all.iter().copied().filter(|&c| c != w).collect();
                let bottom = extreme(&keys, &rest, Want::Lowest);
                let mut loses = Vec::new();
                brute_break(cs, score, keys, bottom, Want::Lowest, 0, p, &mut loses);
                for (l, _, p) in loses {
                    res[l].1 += p;
                }
            }
        }
        res
    }

    fn agree(cs: &[Contender], score: TeamScore) {
        let fast = chances(cs, score);
        let slow = brute(cs, score);
        let (w, l): (f64, f64) = fast.iter().fold((0.0, 0.0), |a, x| (a.0 + x.0, a.1 + x.1));
        assert!((w - 1.0).abs() < 1e-9 && (l - 1.0).abs() < 1e-9, "{fast:?}");
        for (f, s) in fast.iter().zip(&slow) {
            assert!(
                (f.0 - s.0).abs() < 1e-12 && (f.1 - s.1).abs() < 1e-12,
                "{fast:?} {slow:?}"
            );
        }
    }

    const PLAIN: RollOptions = RollOptions {
        minus3: false,
        boost: None,
        minus5: false,
    };

    #[test]
    fn two_teams_agree_with_enumeration() {
        // Caps of 4 and 5 with counters: results in {2, 3, 4} and {3, 4}.
        let a = contender(&[(5, 2, PLAIN)]);
        let b = contender(&[(4, 0, PLAIN)]);
        agree(&[a.clone(), b.clone()], TeamScore::Mean);
        // A deduction widens the first roll only (D4.4: re-rolls take no options).
        let minus = RollOptions {
            minus3: true,
            ..PLAIN
        };
        agree(&[contender(&[(6, 0, minus)]), b], TeamScore::Sum);
        let fast = chances(
            &[contender(&[(18, 0, PLAIN)]), contender(&[(3, 0, PLAIN)])],
            TeamScore::Mean,
        );
        // [18] beats a cap of 3 unless it rolls a raw 3 (1 in 216), which
        // ties and re-rolls the same: 215/216 each time, then a lot.
        let tie: f64 = 1.0 / 216.0;
        let expect = (1.0 - tie) * (0..=MAX_REROLLS).map(|i| tie.powi(i as i32)).sum::<f64>()
            + tie.powi(MAX_REROLLS as i32 + 1) / 2.0;
        assert!((fast[0].0 - expect).abs() < 1e-15, "{fast:?}");
        assert!((fast[1].1 - fast[0].0).abs() < 1e-15);
    }

    #[test]
    fn three_teams_with_means_agree_with_enumeration() {
        let a = contender(&[(5, 2, PLAIN), (4, 0, PLAIN)]);
        let b = contender(&[(4, 0, PLAIN)]);
        let c = contender(&[(3, 0, PLAIN)]);
        agree(&[a.clone(), b.clone(), c.clone()], TeamScore::Mean);
        agree(&[c.clone(), a, b.clone()], TeamScore::Sum);
        let d = contender(&[(5, 2, PLAIN)]);
        agree(&[b.clone(), c, d, b], TeamScore::Mean);
    }

    #[test]
    fn ties_that_never_break_go_to_lots() {
        // Caps of 3: every roll is 3, so the first roll and every re-roll
        // tie; the lots give even odds.
        let c = contender(&[(3, 0, PLAIN)]);
        let fast = chances(&[c.clone(), c.clone(), c.clone()], TeamScore::Mean);
        for (w, l) in &fast {
            assert!((w - 1.0 / 3.0).abs() < 1e-12 && (l - 1.0 / 3.0).abs() < 1e-12);
        }
        agree(&[c.clone(), c.clone(), c], TeamScore::Mean);
    }

    #[test]
    fn the_seasons_teams_get_chances_from_their_choices() {
        let s = crate::testkit::state(
            &["Koru", "Mana"],
            &[
                ("Ann", 0, 12, 9),
                ("Bob", 0, 10, 9),
                ("Cid", 1, 11, 9),
                ("Dee", 1, 9, 9),
            ],
        );
        let plain = team_odds(&s, &CompetitionInput::default()).unwrap();
        assert_eq!(plain[0].team, "Koru");
        assert!((plain[0].win + plain[1].win - 1.0).abs() < 1e-12);
        assert!(
            (plain[0].win - plain[1].lose).abs() < 1e-12,
            "two teams: one wins, one loses"
        );
        let mut input = CompetitionInput::default();
        input.choices.insert(
            "Cid".into(),
            crate::competition::CompetitionChoice {
                deduct: true,
                boost: Some(Boost::Two),
                nothing: false,
            },
        );
        let chosen = team_odds(&s, &input).unwrap();
        assert!(
            chosen[1].win < plain[1].win,
            "a net -1 on the roll: {chosen:?} {plain:?}"
        );
        let one = crate::testkit::state(&["Koru"], &[("Ann", 0, 12, 9), ("Bob", 0, 10, 9)]);
        assert_eq!(team_odds(&one, &CompetitionInput::default()), None);
    }
}
