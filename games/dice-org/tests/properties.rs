//! Properties over random seasons (random seeds, sizes, options and inputs
//! made from noise by `common`), and over every roll.

mod common;

use common::{SECRET_CARD, play};
use console_core::SaveFile;
use dice_org::post::{
    Format, PublicCamp, PublicCompetition, PublicVote, camp_post, competition_post, public_post,
    vote_post,
};
use dice_org::roll::{RollOptions, odds, roll};
use dice_org::save::{Drafts, SeasonFile};
use dice_org::step::StepReport;
use dice_org::vote::Ballot;
use dice_org::{Boost, Entry, PlayerId, Roll, RollKind, Season, State};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 48,
        ..ProptestConfig::default()
    }
}

/// Every competition, survival and roll-off roll of a report.
fn rolls(report: &StepReport) -> Vec<&Roll> {
    match report {
        StepReport::Competition(r) => r
            .rolls
            .iter()
            .map(|c| &c.roll)
            .chain(r.reroll_rolls.iter().map(|x| &x.roll))
            .collect(),
        StepReport::Camp(r) => r
            .teams
            .iter()
            .flat_map(|t| t.gathering.iter().map(|g| &g.roll))
            .collect(),
        StepReport::Vote(r) => match &r.deadlock {
            Some(dice_org::vote::DeadlockReport::RollOff {
                first,
                reroll_rolls,
                ..
            }) => first
                .iter()
                .map(|x| &x.1)
                .chain(reroll_rolls.iter().map(|x| &x.roll))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

fn rp(s: &State, p: PlayerId) -> u32 {
    s.living(p).map_or(0, |l| l.rp)
}

fn counters(s: &State, p: PlayerId) -> u32 {
    s.living(p).map_or(0, |l| l.counters)
}

fn arb_options() -> impl Strategy<Value = RollOptions> {
    (any::<bool>(), 0u8..3, any::<bool>()).prop_map(|(minus3, b, minus5)| RollOptions {
        minus3,
        boost: [None, Some(Boost::Two), Some(Boost::Seven)][b as usize],
        minus5,
    })
}

proptest! {
    #![proptest_config(config())]

    /// D2.2: a result is never above the cap nor below 0, and the cap is
    /// never above the attribute (nor below 1).
    #[test]
    fn results_stay_under_the_cap(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 1..64)) {
        let season = play(seed, words, 80);
        for p in season.played() {
            for r in rolls(&p.report) {
                prop_assert!(i64::from(r.result) <= r.cap, "{r:?}");
                prop_assert!(r.cap >= 1 && r.cap <= i64::from(r.attribute).max(1), "{r:?}");
                prop_assert!(r.roll >= 1);
                prop_assert_eq!(r.raw, r.dice.iter().map(|&d| u32::from(d)).sum::<u32>());
            }
        }
    }

    /// RP and counters are accounted exactly (so never go below 0): a
    /// competition adds each participant's deduction RP, the reward and one
    /// counter and takes the boost; a camp takes a counter if fed, adds the
    /// -5 RP and takes boosts and bonus rolls.
    #[test]
    fn rp_and_counters_are_accounted(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 1..64)) {
        let season = play(seed, words, 80);
        for (i, p) in season.played().iter().enumerate() {
            let before = season.before(i);
            let after = &p.after;
            match &p.report {
                StepReport::Competition(r) => {
                    for c in &r.rolls {
                        let reward = if r.rewarded.contains(&c.player) { r.reward_rp } else { 0 };
                        prop_assert_eq!(rp(after, c.player), rp(before, c.player) + c.rp_gained - c.rp_spent + reward);
                        prop_assert_eq!(counters(after, c.player), counters(before, c.player) + 1);
                    }
                }
                StepReport::Camp(r) => {
                    for t in &r.teams {
                        for g in &t.gathering {
                            let fed = u32::from(t.counters_removed.contains(&g.player));
                            prop_assert_eq!(counters(after, g.player) + fed, counters(before, g.player));
                            prop_assert!(fed == 0 || t.consumed);
                            prop_assert_eq!(
                                rp(after, g.player) + g.rp_spent_boost + g.rp_spent_bonus,
                                rp(before, g.player) + g.rp_gained
                            );
                        }
                        let gathered: u32 = t.gathering.iter().map(|g| g.roll.result).sum();
                        let spent = if t.consumed { t.need } else { 0 };
                        prop_assert_eq!(t.pool_after, t.pool_before - spent + gathered);
                    }
                }
                _ => {}
            }
        }
    }

    /// D1.4: the season replays exactly from its seed and inputs, and a
    /// save file round-trips through JSON and replays to the same season.
    #[test]
    fn replay_is_exact(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 1..64)) {
        let season = play(seed, words, 60);
        let again = Season::replay(season.setup().clone(), &season.entries()).unwrap();
        prop_assert_eq!(&again, &season);
        let file = SeasonFile::of("test", &season, Drafts::default());
        let (back, loaded) = SeasonFile::parse(&file.to_json()).unwrap();
        prop_assert_eq!(back, file);
        prop_assert_eq!(loaded, season);
    }

    /// A random season (random setup and steps, cut at a random entry),
    /// its file with random drafts (inputs of each kind taken from the
    /// season's own entries) and a random name, written and read back
    /// through serde (`SaveFile`): the same file, the same text, the same
    /// season.
    #[test]
    fn save_files_round_trip(
        seed in any::<u64>(),
        words in prop::collection::vec(any::<u32>(), 1..64),
        cut: prop::sample::Index,
        picks in prop::collection::vec(any::<prop::sample::Index>(), 6),
        name in "\\PC{0,30}",
    ) {
        let full = play(seed, words, 80);
        let entries = full.entries();
        let season = Season::replay(full.setup().clone(), &entries[..cut.index(entries.len() + 1)]).unwrap();
        let mut drafts = Drafts::default();
        let pick = |k: usize, kind: &str| -> Option<Entry> {
            let of_kind: Vec<&Entry> = entries.iter().filter(|e| e.kind() == kind).collect();
            (!of_kind.is_empty() && picks[k].index(3) > 0).then(|| of_kind[picks[k].index(of_kind.len())].clone())
        };
        if let Some(Entry::Competition(i)) = pick(0, "competition") { drafts.competition = Some(i); }
        if let Some(Entry::Camp(i)) = pick(1, "camp") { drafts.camp = Some(i); }
        if let Some(Entry::Conversation(i)) = pick(2, "conversation") { drafts.conversation = Some(i); }
        if let Some(Entry::Vote(i)) = pick(3, "vote") { drafts.vote = Some(i); }
        if let Some(Entry::Final(i)) = pick(4, "final") { drafts.final_vote = Some(i); }
        if let Some(Entry::Edit(i)) = pick(5, "edit") { drafts.edit = Some(i); }
        let file = SeasonFile::of(&name, &season, drafts);
        let json = file.to_json();
        let (back, loaded) = SeasonFile::parse(&json).expect("a written file loads");
        prop_assert_eq!(&loaded, &season);
        prop_assert_eq!(back.to_json(), json);
        prop_assert_eq!(back, file);
    }

    /// D6.3: a slot never holds a player twice, no pair talks twice in a
    /// round or is held, and no closed pair is scheduled.
    #[test]
    fn schedules_are_sound(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 1..64)) {
        let season = play(seed, words, 80);
        for (i, p) in season.played().iter().enumerate() {
            let (Entry::Conversation(input), StepReport::Conversation(r)) = (&p.entry, &p.report) else { continue };
            let s = season.before(i);
            let closed: BTreeSet<(PlayerId, PlayerId)> = input.prefs.iter().flat_map(|(a, pr)| {
                pr.closed.iter().map(move |b| (s.find(a).unwrap(), s.find(b).unwrap()))
            }).collect();
            let held: BTreeSet<BTreeSet<PlayerId>> = input.held.iter()
                .map(|[a, b]| [s.find(a).unwrap(), s.find(b).unwrap()].into_iter().collect()).collect();
            let mut seen = BTreeSet::new();
            for slot in &r.slots {
                let mut busy = BTreeSet::new();
                for pair in slot {
                    prop_assert!(busy.insert(pair.a) && busy.insert(pair.b), "a player twice in a slot");
                    prop_assert!(!closed.contains(&(pair.a, pair.b)) && !closed.contains(&(pair.b, pair.a)));
                    prop_assert!(s.name(pair.a) < s.name(pair.b));
                    let key: BTreeSet<PlayerId> = [pair.a, pair.b].into_iter().collect();
                    prop_assert!(!held.contains(&key));
                    prop_assert!(seen.insert(key), "a pair twice");
                    prop_assert!(s.living(pair.a).is_some() && s.living(pair.b).is_some());
                }
            }
        }
    }

    /// D10.3: public posts are made only from results. Changing every
    /// secret a report holds (attributes, raw dice, caps, gathering
    /// results, who cast each ballot, advantages held) leaves the public
    /// views, and so the posts, unchanged; no post names a producers' card.
    #[test]
    fn public_posts_hold_no_secret(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 1..64)) {
        let season = play(seed, words, 80);
        for (i, p) in season.played().iter().enumerate() {
            let before = season.before(i);
            let mut scrambled = before.clone();
            for pl in &mut scrambled.players {
                if let Some(l) = pl.living.as_mut() {
                    l.attributes.competition ^= 7;
                    l.attributes.survival ^= 5;
                    l.advantages = vec![dice_org::Advantage::Other(SECRET_CARD.into())];
                    l.rp += 9;
                    l.counters += 3;
                }
            }
            match &p.report {
                StepReport::Competition(r) => {
                    let mut r2 = r.clone();
                    for c in &mut r2.rolls {
                        c.roll.attribute ^= 7;
                        c.roll.cap += 1;
                        c.roll.dice = [6, 6, 6];
                        c.roll.raw = 18;
                        c.options = RollOptions::default();
                    }
                    let a = PublicCompetition::of(before, r);
                    prop_assert_eq!(&a, &PublicCompetition::of(&scrambled, &r2));
                    prop_assert_eq!(competition_post(&a, Format::Plain), competition_post(&PublicCompetition::of(&scrambled, &r2), Format::Plain));
                }
                StepReport::Camp(r) => {
                    let mut r2 = r.clone();
                    for t in &mut r2.teams {
                        for g in &mut t.gathering {
                            g.roll.result ^= 3;
                            g.roll.attribute ^= 7;
                        }
                        for b in &mut t.bonus {
                            b.roll.total = 12;
                        }
                    }
                    prop_assert_eq!(camp_post(&PublicCamp::of(r), Format::Plain), camp_post(&PublicCamp::of(&r2), Format::Plain));
                }
                StepReport::Vote(r) => {
                    // Every ballot cast by someone else: the reveal is the same.
                    let mut r2 = r.clone();
                    let n = r2.ballots.len();
                    let voters: Vec<PlayerId> = r.ballots.iter().map(|b| b.voter).collect();
                    for (k, b) in r2.ballots.iter_mut().enumerate() {
                        b.voter = voters[(k + 1) % n.max(1)];
                    }
                    // Ballots are listed by voter name, so the list order changes too.
                    r2.ballots.sort_by(|x, y| before.name(x.voter).cmp(before.name(y.voter)));
                    if let Some(rv) = r2.revote.as_mut() {
                        rv.ballots.reverse();
                        let vs: Vec<PlayerId> = rv.ballots.iter().map(|b| b.voter).collect();
                        for (b, v) in rv.ballots.iter_mut().zip(vs.iter().rev()) {
                            b.voter = *v;
                        }
                        rv.ballots.reverse();
                    }
                    let a = vote_post(&PublicVote::of(before, &p.after, r, season.setup().seed), Format::Plain);
                    let b = vote_post(&PublicVote::of(&scrambled, &p.after, &r2, season.setup().seed), Format::Plain);
                    prop_assert_eq!(a, b);
                }
                _ => {}
            }
            for format in Format::ALL {
                if let Some(post) = public_post(&season, i, format) {
                    let text = post.concat();
                    prop_assert!(!text.contains(SECRET_CARD), "{text}");
                    // An Extra Vote is named only once played (D7.2, D10.3).
                    let played_extra = matches!(&p.report, StepReport::Vote(r)
                        if r.played.iter().any(|c| c.card == dice_org::Advantage::ExtraVote));
                    prop_assert!(played_extra || !text.contains("Extra Vote"), "{text}");
                    if format == Format::Markdown {
                        prop_assert!(post.iter().all(|m| m.chars().count() <= dice_org::post::DISCORD_LIMIT));
                    }
                }
            }
        }
    }

    /// The odds of a roll sum to 216 and agree with all 216 throws.
    #[test]
    fn odds_agree_with_enumeration(attribute in 0u8..=30, counters in 0u32..=14, options in arb_options()) {
        let o = odds(attribute, counters, options);
        prop_assert_eq!(o.total(), 216);
        let mut counts = vec![0u32; o.counts.len()];
        for a in 1..=6u8 {
            for b in 1..=6u8 {
                for c in 1..=6u8 {
                    let r = roll(RollKind::Survival, attribute, counters, options, [a, b, c]).result as usize;
                    prop_assert!(r < counts.len(), "result {r} outside the odds");
                    counts[r] += 1;
                }
            }
        }
        prop_assert_eq!(counts, o.counts);
    }
}

/// A vote read with the same ballots cast by other voters gives the same
/// post (the engine's own input, not only the report).
#[test]
fn who_cast_a_ballot_never_shows() {
    let setup = dice_org::SetupInput {
        players: ["Ann", "Bob", "Cid", "Dee", "Eve"]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        teams: vec!["Tribe".into()],
        attributes: dice_org::AttributeSource::Rolled,
        assignment: dice_org::TeamSource::Dealt,
        options: dice_org::Options::default(),
        seed: 77,
        salt: console_core::commitment::Salt([1; 32]),
    };
    let ballots = |pairs: &[(&str, &str)]| {
        Entry::Vote(dice_org::vote::VoteInput {
            votes: pairs
                .iter()
                .map(|(v, t)| (v.to_string(), Ballot::One(t.to_string())))
                .collect::<dice_org::ByName<_>>(),
            ..Default::default()
        })
    };
    let mut a = Season::new(setup.clone()).unwrap();
    a.play(ballots(&[
        ("Ann", "Bob"),
        ("Bob", "Cid"),
        ("Cid", "Bob"),
        ("Dee", "Eve"),
        ("Eve", "Bob"),
    ]))
    .unwrap();
    let mut b = Season::new(setup).unwrap();
    b.play(ballots(&[
        ("Ann", "Cid"),
        ("Bob", "Eve"),
        ("Cid", "Bob"),
        ("Dee", "Bob"),
        ("Eve", "Bob"),
    ]))
    .unwrap();
    for f in Format::ALL {
        let pa = public_post(&a, 0, f).unwrap();
        assert_eq!(pa, public_post(&b, 0, f).unwrap());
        // The deciding vote is read last.
        if f == Format::Plain {
            let text = pa.concat();
            let reads: Vec<&str> = text
                .lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                .collect();
            assert_eq!(reads.len(), 5, "{text}");
            assert!(reads[4].ends_with("Bob"), "{text}");
        }
    }
}

/// The driver reaches every phase, the deadlock and the final: the
/// properties above are not vacuous.
#[test]
fn random_seasons_cover_the_rules() {
    let mut over = 0;
    let mut kinds = BTreeSet::new();
    for seed in 0..40u64 {
        let words: Vec<u32> = (0..50)
            .map(|i| (seed as u32).wrapping_mul(7919).wrapping_add(i * 104_729))
            .collect();
        let season = play(seed, words, 400);
        over += usize::from(season.state().is_over());
        for p in season.played() {
            kinds.insert(p.entry.kind());
            if let StepReport::Vote(r) = &p.report {
                if r.revote.is_some() {
                    kinds.insert("revote");
                }
                if r.deadlock.is_some() {
                    kinds.insert("deadlock");
                }
                if r.played.iter().any(|c| c.on.is_some()) {
                    kinds.insert("hidden immunity");
                }
            }
            if let StepReport::Camp(r) = &p.report
                && r.teams.iter().any(|t| t.found.is_some())
            {
                kinds.insert("advantage found");
            }
            if let StepReport::Competition(r) = &p.report
                && !r.rerolls.is_empty()
            {
                kinds.insert("reroll");
            }
        }
    }
    assert!(over >= 30, "only {over} of 40 seasons reached the end");
    for k in [
        "competition",
        "camp",
        "conversation",
        "vote",
        "final",
        "edit",
        "revote",
        "deadlock",
        "hidden immunity",
        "advantage found",
        "reroll",
    ] {
        assert!(kinds.contains(k), "no {k} in 40 random seasons: {kinds:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// The engine contract (`console_core::contract`) along a random
    /// season from the setup, every step and edit through `Session` to the
    /// end (or 200 entries), with the first entry played again after it
    /// (a competition is refused in any other phase, an edit taken), and
    /// the season's file written and read back. Production edits (D9) are
    /// taken at any time, after the winner too, so the checker plays on
    /// past the end while entries are taken.
    #[test]
    fn contract_holds_on_random_games(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 1..64), name in "\\PC{0,20}") {
        use console_core::contract::{check_play, check_save};
        let season = play(seed, words, 200);
        let mut entries = season.entries();
        if let Some(first) = entries.first().cloned() {
            entries.push(first);
        }
        let start = Season::new(season.setup().clone()).unwrap();
        let end = check_play(start, &entries).map_err(TestCaseError::fail)?;
        prop_assert!(end.played().len() + 1 >= entries.len());
        check_save(&SeasonFile::of(&name, &end, Drafts::default()), &end).map_err(TestCaseError::fail)?;
    }
}
