//! The players' guide (`GUIDE.md`) agrees with the engine: every example
//! it places is one the engine plays, every example is placed once, every
//! rule number the guide or an example cites exists in `RULES.md`, and each
//! example's round comes out as derived by hand from the rules below.

use mini_survivor::guide::{NAMES, example};
use mini_survivor::report::TallyVerdict;

const GUIDE: &str = include_str!("../GUIDE.md");
const RULES: &str = include_str!("../RULES.md");

#[test]
fn the_guide_places_every_example_and_cites_only_existing_rules() {
    let problems = console_core::guide::check_guide(GUIDE, RULES, 'R', NAMES, |n| {
        example(n).map(|e| {
            e.rules
                .iter()
                .map(|r| r.to_string())
                .chain(e.steps())
                .collect()
        })
    });
    assert!(problems.is_empty(), "{problems:#?}");
}

fn ids(v: &[mini_survivor::survivor::SurvivorId]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_assassination() {
    // Survivor n belongs to the n-th player (Ann 1, Bob 2, Cid 3, Dee 4,
    // Eve 5, ...). R4.2, all at once against the start: 1 -> 2 guessing
    // Bob is right (2 falls); 3 -> 5 guessing Dee is wrong (5 is Eve's: 3
    // falls); 4 -> 1 guessing Ann is right (1 falls, its own attack still
    // resolved). R5.2: 1's vote for 4 is discarded. R5.5: 8 has 4 votes
    // (4, 5, 6, 7), 7 has 1 (8): 8 is voted out; 4, 5, 6, 7 stay.
    let e = example("ms-assassination").unwrap();
    let r = &e.report;
    assert!(r.rejections.is_empty(), "{:?}", r.rejections);
    assert_eq!(ids(&r.assassinated), ["1", "2", "3"]);
    assert_eq!(
        r.attacks.iter().map(|a| a.correct).collect::<Vec<_>>(),
        [true, false, true]
    );
    assert_eq!(ids(&r.voted_out), ["8"]);
    assert_eq!(r.tallies[0].discarded.len(), 1);
    let rows = e.rows();
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0].orders, ["1 a 2 Bob", "1 v 4"]);
    assert_eq!(rows[0].result, "assassinated");
    assert_eq!(rows[7].votes, Some(4));
    assert_eq!(rows[7].result, "voted out");
    assert_eq!(rows[3].result, "stays");
    let steps = e.steps();
    assert_eq!(
        steps[0],
        "1 (Ann) attacks 2 guessing Bob: right, so 2 is eliminated (R4.2)."
    );
    assert_eq!(
        steps[1],
        "3 (Cid) attacks 5 guessing Dee: wrong, so the attacker 3 is eliminated (R4.2)."
    );
    assert!(
        steps
            .iter()
            .any(|s| s.starts_with("1 (Ann)'s vote for 4 is not counted")),
        "{steps:#?}"
    );
}

#[test]
fn the_tie() {
    // R5.5: 2 has the votes of 1 and 3, 4 those of 2 and 5; 1, 6, 7, 8 one
    // each; 3 and 5 none. 2 and 4 tie for the most: both are voted out.
    let e = example("ms-tie").unwrap();
    let r = &e.report;
    assert!(r.rejections.is_empty(), "{:?}", r.rejections);
    assert!(r.assassinated.is_empty());
    assert_eq!(r.tallies[0].verdict, TallyVerdict::Tie);
    assert_eq!(ids(&r.voted_out), ["2", "4"]);
    let votes: Vec<Option<u32>> = e.rows().iter().map(|r| r.votes).collect();
    assert_eq!(
        votes,
        [
            Some(1),
            Some(2),
            Some(0),
            Some(2),
            Some(0),
            Some(1),
            Some(1),
            Some(1)
        ]
    );
    assert!(
        e.steps()[0].starts_with("2 (Bob) and 4 (Dee) tie for the most votes (2 each)"),
        "{:?}",
        e.steps()
    );
    assert!(!e.after.is_game_over());
}
