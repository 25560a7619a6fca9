//! The players' guide (`GUIDE.md`) agrees with the engine: every example
//! it places is one the engine plays, every example is placed once, every
//! rule number the guide or an example cites exists in `RULES.md`, and the
//! night comes out as derived by hand from the rules below.

use survival::guide::{NAMES, example};
use survival::report::Cause;

const GUIDE: &str = include_str!("../GUIDE.md");
const RULES: &str = include_str!("../RULES.md");

#[test]
fn the_guide_places_every_example_and_cites_only_existing_rules() {
    let problems = console_core::guide::check_guide(GUIDE, RULES, 'S', NAMES, |n| {
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

#[test]
fn the_night_chain() {
    // S4.2: (1) Eve (Mother Nature) makes Ann and Bob buddies; (2) Fay
    // protects Gil; (3) both Evil Forces (Cid, Dee) name Ann: she is killed
    // (not protected); (4) S7.1: her buddy Bob goes too; S7.2: Bob is the
    // GMO, his revenge on Cid eliminates Cid; (5) S3.3: Gil checks Dee,
    // an Evil Force. S8.1: Dee (1 Evil) against Eve, Fay, Gil, Hal: no
    // winner.
    let e = example("survival-chain").unwrap();
    let r = &e.report;
    assert!(r.rejections.is_empty(), "{:?}", r.rejections);
    let elim: Vec<(&str, Vec<Cause>)> = r
        .eliminations
        .iter()
        .map(|x| (e.setup.roster.name(x.player), x.causes.clone()))
        .collect();
    assert_eq!(
        elim,
        [
            ("Ann", vec![Cause::Kill]),
            ("Bob", vec![Cause::Buddy]),
            ("Cid", vec![Cause::Revenge])
        ]
    );
    assert_eq!(r.alive.len(), 5);
    assert!(r.winners.is_none());
    let rows = e.rows();
    assert_eq!(rows[1].sent, ["decision: revenge Cid"]);
    assert_eq!(rows[1].result, "eliminated: buddy of Ann");
    assert_eq!(rows[2].result, "eliminated: revenge of Bob");
    assert_eq!(rows[7].result, "alive");
    let steps = e.steps();
    assert_eq!(
        steps[0],
        "Mother Nature makes Ann and Bob buddies, first of all (S3.7, S4.2)."
    );
    assert!(
        steps.contains(&"Bob (GMO) is eliminated because their buddy Ann was (S7.1).".to_string()),
        "{steps:#?}"
    );
    assert!(
        steps.contains(&"The Scientist Gil learns that Dee is Evil (S3.3).".to_string()),
        "{steps:#?}"
    );
}
