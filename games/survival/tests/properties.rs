//! Properties over random games: random player counts (5 to 36), random
//! decks, options and seeds, random actions, decisions and votes written as
//! text (good and bad). Checked every phase: a Memory never acts or votes;
//! the alive list is the previous one minus the eliminated; the game ends
//! exactly when S8 says; replay from seed and inputs (and through a save
//! file) reproduces every record; no public post names a living player's
//! card, a night action's target or a living buddy (S9.5).

use console_core::SaveFile;
use console_core::commitment::Salt;
use proptest::prelude::*;
use std::collections::BTreeSet;
use survival::options::{Discovery, EvilWinsAt, SecondTie, VoteRule};
use survival::post::{Format, PublicDay, PublicNight, day_result_post, morning_post};
use survival::record::PhaseRecord;
use survival::report::Detail;
use survival::save::GameFile;
use survival::{
    Card, DayInput, DealSpec, Edition, Game, NightInput, Options, PhaseInput, PhasePlay, PlayerId,
    PlayerSet, Post, Setup, Winner, deal,
};

/// SplitMix64: the test's own choices, from a proptest seed.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
}

fn spec(n: usize, dice: &mut Dice, seed: u64) -> DealSpec {
    let players: Vec<String> = (0..n).map(|i| format!("P{i:02}")).collect();
    let max_evil = 6.min((n - 1) / 2).max(1);
    let mut specials: Vec<Card> = Card::SPECIAL
        .iter()
        .copied()
        .filter(|_| dice.chance(60))
        .collect();
    let mut evil = 1 + dice.below(max_evil);
    // Make the deck fit: forces <= n, Elements <= 22.
    while evil + specials.len() > n {
        specials.pop();
    }
    while n - evil - specials.len() > Card::ELEMENTS.len() {
        if evil < max_evil {
            evil += 1;
        } else if let Some(c) = Card::SPECIAL.iter().find(|c| !specials.contains(c)) {
            specials.push(*c);
        }
    }
    let options = Options {
        vote_rule: if dice.chance(30) {
            VoteRule::Majority
        } else {
            VoteRule::Plurality
        },
        second_tie: if dice.chance(30) {
            SecondTie::None
        } else {
            SecondTie::Lot
        },
        evil_wins_at: if dice.chance(30) {
            EvilWinsAt::Majority
        } else {
            EvilWinsAt::Parity
        },
        green_activist_discovery: if dice.chance(20) {
            Discovery::Never
        } else {
            Discovery::Expose
        },
        reveal_cards: dice.chance(80),
        ..Options::default()
    };
    DealSpec {
        nicknames: Vec::new(),
        no_guess: Vec::new(),
        spotlight: dice.chance(50).then(|| players[dice.below(n)].clone()),
        players,
        edition: Edition::Advanced,
        evil: Some(evil),
        specials,
        options,
        seed,
        salt: Salt([9; 32]),
    }
}

/// A name as a player might write it: full, lowercase, a prefix, wrong.
fn name_text(s: &Setup, dice: &mut Dice) -> String {
    let n = s
        .roster
        .name(PlayerId::from_index(dice.below(s.roster.len())));
    match dice.below(10) {
        0 => n.to_lowercase(),
        1 => n[..2].to_string(),
        2 => "Zed".to_string(),
        3 => "P".to_string(),
        _ => n.to_string(),
    }
}

const VERBS: [&str; 17] = [
    "kill",
    "expose",
    "protect",
    "check",
    "watch",
    "bomb",
    "shield",
    "summon",
    "buddies",
    "revenge",
    "spotlight",
    "sole",
    "bar",
    "pro",
    "KIL",
    "hello",
    "ki",
];

fn night_input(s: &Setup, dice: &mut Dice) -> NightInput {
    let mut input = NightInput::default();
    for p in s.roster.ids() {
        if dice.chance(25) {
            continue;
        }
        let mut text = String::new();
        // Mostly the card's own verbs.
        for _ in 0..1 + dice.below(3) {
            let verb = if dice.chance(70) {
                let own = s.card(p).night_verbs(2);
                if own.is_empty() {
                    dice.pick(&VERBS).to_string()
                } else {
                    dice.pick(own).word().to_string()
                }
            } else {
                dice.pick(&VERBS).to_string()
            };
            let line = match verb.as_str() {
                "watch" => "watch".to_string(),
                "buddies" => format!("buddies {} and {}", name_text(s, dice), name_text(s, dice)),
                v => format!("{v} {}", name_text(s, dice)),
            };
            text.push_str(&line);
            text.push('\n');
            if dice.chance(5) {
                text.push_str("end\nkill P00\n");
            }
        }
        input.actions.insert(p, text);
    }
    for p in s.roster.ids() {
        if dice.chance(20) {
            let v = dice.pick(&["revenge", "spotlight", "sole", "bar", "kill"]);
            input
                .decisions
                .insert(p, format!("{v} {}", name_text(s, dice)));
        }
    }
    input
}

fn posts(s: &Setup, dice: &mut Dice, n: usize) -> Vec<Post> {
    (0..n)
        .map(|_| {
            let author = PlayerId::from_index(dice.below(s.roster.len()));
            let name = name_text(s, dice);
            let text = match dice.below(8) {
                0 => format!("I think {name} is odd"),
                1 => format!("[b]vote: {name}[/b]"),
                2 => format!("hmm [vote]{name}[/vote]"),
                3 => "unvote".to_string(),
                4 => format!("[quote]vote {name}[/quote]\nno"),
                _ => format!("vote {name}"),
            };
            Post::new(author, text)
        })
        .collect()
}

fn day_input(s: &Setup, dice: &mut Dice) -> DayInput {
    let (n, m) = (dice.below(30), dice.below(6));
    let mut input = DayInput {
        posts: posts(s, dice, n),
        revote: posts(s, dice, m),
        ..DayInput::default()
    };
    for p in s.roster.ids() {
        if dice.chance(15) {
            let v = dice.pick(&["revenge", "spotlight", "sole", "bar"]);
            input
                .decisions
                .insert(p, format!("{v} {}", name_text(s, dice)));
        }
    }
    input
}

/// S8.1, written again independently.
fn winners(s: &Setup, alive: PlayerSet, buddies: Option<[PlayerId; 2]>) -> Option<Vec<Winner>> {
    let evil = alive.iter().filter(|p| s.card(*p).is_evil()).count();
    let good = alive.len() - evil;
    if let Some([a, b]) = buddies
        && alive.len() == 2
        && alive.contains(a)
        && alive.contains(b)
    {
        let both_good = !s.card(a).is_evil() && !s.card(b).is_evil();
        return Some(if both_good {
            vec![Winner::Buddies, Winner::Good]
        } else {
            vec![Winner::Buddies]
        });
    }
    if evil == 0 {
        Some(vec![Winner::Good])
    } else if (s.options.evil_wins_at == EvilWinsAt::Parity && evil >= good) || evil > good {
        Some(vec![Winner::Evil])
    } else {
        None
    }
}

fn play(n: usize, seed: u64, choices: u64) -> (DealSpec, Game, Vec<PhaseInput>) {
    let mut dice = Dice(choices);
    let spec = spec(n, &mut dice, seed);
    let mut game = Game::from_deal(deal(&spec).expect("a valid deck"));
    let mut inputs = Vec::new();
    for _ in 0..100 {
        if game.is_over() {
            break;
        }
        let input = if game.phase().is_night() {
            PhaseInput::Night(night_input(game.setup(), &mut dice))
        } else {
            PhaseInput::Day(day_input(game.setup(), &mut dice))
        };
        let preview = game.preview(&input).unwrap();
        let played = game.commit(input.clone()).unwrap();
        assert_eq!(preview, played.report, "preview equals commit");
        inputs.push(input);
    }
    (spec, game, inputs)
}

/// Whether `name` appears in `text` as a whole word.
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn games_keep_the_rules(n in 5usize..=36, seed: u64, choices: u64) {
        let (spec, game, inputs) = play(n, seed, choices);
        let s = game.setup();
        let roster = &s.roster;
        for (i, played) in game.phases().iter().enumerate() {
            let before = game.state_before(i);
            let r = &played.report;
            // The alive list: the previous minus the eliminated.
            let eliminated = r.eliminated();
            prop_assert_eq!(eliminated.minus(before.alive()), PlayerSet::EMPTY, "only the living are eliminated");
            prop_assert_eq!(r.alive, before.alive().minus(eliminated));
            prop_assert_eq!(played.after.alive(), r.alive);
            prop_assert_eq!(r.eliminations.len(), eliminated.len(), "eliminated once each (S4.3)");
            // A Memory never acts or votes.
            match &r.detail {
                Detail::Night(d) => {
                    for a in &d.accepted {
                        prop_assert!(before.is_alive(a.player), "{} acted as a Memory", roster.name(a.player));
                    }
                }
                Detail::Day(d) => {
                    for t in std::iter::once(&d.count).chain(d.revote.as_ref()) {
                        for p in roster.ids() {
                            if t.vote_of(p).is_some() {
                                prop_assert!(before.is_alive(p), "{} voted as a Memory", roster.name(p));
                                prop_assert!(before.nairobi() != Some(p), "{} voted from Nairobi", roster.name(p));
                            }
                            if t.count(p) > 0 {
                                prop_assert!(before.is_alive(p) && before.nairobi() != Some(p));
                            }
                        }
                    }
                }
            }
            // The game ends exactly when S8 says.
            let expected = winners(s, played.after.alive(), played.after.buddies());
            prop_assert_eq!(&r.winners, &expected);
            prop_assert_eq!(played.after.is_over(), expected.is_some());
            if expected.is_some() {
                prop_assert_eq!(i + 1, game.phases().len(), "no phase after the end");
            }
            // No public post names a living player's card, a night target or
            // a living buddy.
            let after = &played.after;
            let living_cards: Vec<&str> = after
                .alive()
                .iter()
                .map(|p| s.card(p).name())
                .collect();
            for format in Format::ALL {
                let (text, night) = match PublicNight::new(s, r, after) {
                    Some(pn) => (morning_post(&pn, format, None).concat(), true),
                    None => {
                        let pd = PublicDay::new(s, r, before, after).unwrap();
                        (day_result_post(&pd, format, None).concat(), false)
                    }
                };
                if after.is_over() {
                    continue; // every card is revealed at the end
                }
                for c in &living_cards {
                    prop_assert!(!mentions(&text, c), "{c} of a living player in {text}");
                }
                if night {
                    // Allowed names: the eliminated, Nairobi, the Polar Bear's
                    // decision, the Spotlight handover.
                    let mut allowed: BTreeSet<PlayerId> = eliminated.iter().collect();
                    allowed.extend(after.nairobi());
                    allowed.extend(r.polar_bear.map(|d| d.player()));
                    allowed.extend(r.spotlight);
                    for p in after.alive().iter().filter(|p| !allowed.contains(p)) {
                        prop_assert!(!mentions(&text, roster.name(p)), "{} named in {text}", roster.name(p));
                    }
                }
            }
        }
        // Replay from seed and inputs reproduces every record.
        let mut again = Game::from_deal(deal(&spec).unwrap());
        for input in &inputs {
            again.commit(input.clone()).unwrap();
        }
        prop_assert_eq!(&again, &game);
        // And through a save file.
        let json = GameFile::new("t", &spec, &game).to_json();
        let (_, loaded) = GameFile::parse(&json).unwrap();
        prop_assert_eq!(&loaded, &game);
        for (a, b) in loaded.phases().iter().zip(game.phases()) {
            prop_assert_eq!(PhaseRecord::new(roster, &a.report), PhaseRecord::new(roster, &b.report));
        }
    }
}

/// The random games above reach every cause and every day outcome (so the
/// properties are checked on all of them).
#[test]
fn random_games_cover_every_cause_and_outcome() {
    use survival::report::Outcome;
    let mut causes = BTreeSet::new();
    let mut outcomes = BTreeSet::new();
    let mut ended = 0;
    let mut phases = 0;
    for k in 0..300u64 {
        let (_, game, _) = play(5 + (k as usize % 32), k, k.wrapping_mul(7919));
        ended += usize::from(game.is_over());
        phases += game.phases().len();
        for p in game.phases() {
            for e in &p.report.eliminations {
                causes.extend(e.causes.iter().copied());
            }
            if let Some(d) = p.report.day() {
                outcomes.insert(match d.outcome {
                    Outcome::None => "none",
                    Outcome::Vote { .. } => "vote",
                    Outcome::Tie { .. } => "tie",
                    Outcome::Revote { .. } => "revote",
                    Outcome::Lot { .. } => "lot",
                    Outcome::NoElimination => "no_elimination",
                });
            }
        }
    }
    eprintln!(
        "300 games: {ended} ended, {phases} phases, causes {causes:?}, outcomes {outcomes:?}"
    );
    assert_eq!(causes.len(), 8, "{causes:?}");
    assert!(outcomes.len() >= 5, "{outcomes:?}");
    assert!(ended > 200, "{ended}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A random game, cut at a random phase, its file with random unsent
    /// work written and read back through serde (`SaveFile`): the same
    /// file, the same text, the same game.
    #[test]
    fn save_files_round_trip(
        n in 5usize..=36,
        seed: u64,
        choices: u64,
        cut: prop::sample::Index,
        name in "\\PC{0,30}",
        night in prop::collection::btree_map("\\PC{0,10}", "\\PC{0,40}", 0..3),
        texts in prop::collection::vec("\\PC{0,60}", 4),
        decisions in prop::collection::btree_map("\\PC{0,10}", "\\PC{0,40}", 0..3),
        deadline: Option<i64>,
        format in 0..3usize,
        hide_deck: bool,
    ) {
        let (spec, full, inputs) = play(n, seed, choices);
        let mut game = Game::from_deal(deal(&spec).unwrap());
        for input in &inputs[..cut.index(inputs.len() + 1)] {
            game.commit(input.clone()).unwrap();
        }
        prop_assert!(game.phases().len() <= full.phases().len());
        let mut file = GameFile::new(&name, &spec, &game);
        let d = &mut file.drafts;
        d.night = night;
        d.bulk.clone_from(&texts[0]);
        d.thread.clone_from(&texts[1]);
        d.page.clone_from(&texts[2]);
        d.revote.clone_from(&texts[3]);
        d.decisions = decisions;
        d.deadline = deadline;
        d.post_format = Format::ALL[format];
        d.hide_deck = hide_deck;
        let json = file.to_json();
        let (back, loaded) = GameFile::parse(&json).expect("a written file loads");
        prop_assert_eq!(&loaded, &game);
        prop_assert_eq!(back.to_json(), json);
        prop_assert_eq!(back, file);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Through the engine contract (`console_core::Session`): undo gives
    /// back every input, last first, down to the dealt start; who is owed
    /// is empty once the game is over; the status names the phase or the
    /// winners.
    #[test]
    fn games_as_sessions(n in 5usize..=20, seed: u64, choices: u64) {
        use console_core::Session;
        let (_, mut game, inputs) = play(n, seed, choices);
        prop_assert_eq!(game.progress(), inputs.len());
        if Session::is_over(&game) {
            prop_assert!(game.status().starts_with("over: "), "{}", game.status());
            prop_assert!(game.owed(&PhaseInput::empty(game.phase()).into()).is_empty());
        } else {
            prop_assert_eq!(game.status(), format!("{} next", game.phase()));
        }
        for input in inputs.iter().rev() {
            let back = Session::undo(&mut game);
            prop_assert_eq!(back.map(|b| b.input), Some(input.clone()));
        }
        prop_assert_eq!(Session::undo(&mut game), None);
        prop_assert_eq!(game.state(), game.start());
        // Night 1: everyone whose card acts owes a message until they send one.
        let empty = PhaseInput::empty(game.phase());
        let PhaseInput::Night(night) = &empty else { unreachable!("a deal starts at night") };
        prop_assert_eq!(game.owed(&empty.clone().into()), game.missing_actions(night));
    }
}

/// A random game as `play` makes it, each phase given with random
/// moderator events (S10: replacements, removals, extensions; some
/// refused, naming a player already out or a name taken) through the
/// engine contract, to the end or 100 phases.
fn play_with_events(n: usize, seed: u64, choices: u64) -> (DealSpec, Vec<PhasePlay>) {
    use console_core::Session;
    use console_core::events::{Event, Extension, Removal, RemovalReason, Replacement};
    let mut dice = Dice(choices);
    let spec = spec(n, &mut dice, seed);
    let mut game = Game::from_deal(deal(&spec).expect("a valid deck"));
    let mut plays = Vec::new();
    for k in 0..100 {
        if Session::is_over(&game) {
            break;
        }
        let s = game.setup();
        let input = if game.phase().is_night() {
            PhaseInput::Night(night_input(s, &mut dice))
        } else {
            PhaseInput::Day(day_input(s, &mut dice))
        };
        let mut events = Vec::new();
        while dice.chance(15) {
            let who = s
                .roster
                .name(PlayerId::from_index(dice.below(s.roster.len())))
                .to_string();
            events.push(match dice.below(3) {
                0 => Event::Replace(Replacement {
                    new: format!("Sub{k}"),
                    old: who,
                }),
                1 => Event::Remove(Removal {
                    player: who,
                    reason: RemovalReason::Quit,
                    note: String::new(),
                }),
                _ => Event::Extend(Extension {
                    by: 1 + dice.below(86_400) as i64,
                    reason: String::new(),
                }),
            });
        }
        let play = PhasePlay { input, events };
        Session::commit(&mut game, play.clone()).expect("a phase of the right kind is played");
        plays.push(play);
    }
    (spec, plays)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// The engine contract (`console_core::contract`) along a random game
    /// with random events, from the deal through every phase to the end,
    /// with one more phase after it (refused once the game is over, S8),
    /// and the game's file written and read back.
    #[test]
    fn contract_holds_on_random_games(n in 5usize..=20, seed: u64, choices: u64, name in "\\PC{0,20}") {
        use console_core::Session;
        use console_core::contract::{check_play, check_save};
        let (spec, mut plays) = play_with_events(n, seed, choices);
        let start = Game::from_deal(deal(&spec).unwrap());
        let mut live = start.clone();
        for p in &plays {
            Session::commit(&mut live, p.clone()).unwrap();
        }
        let extra = usize::from(!Session::is_over(&live));
        plays.push(PhaseInput::empty(live.phase()).into());
        let end = check_play(start, &plays).map_err(TestCaseError::fail)?;
        prop_assert_eq!(end.phases().len(), plays.len() - 1 + extra);
        check_save(&GameFile::new(&name, &spec, &end), &end).map_err(TestCaseError::fail)?;
    }
}
