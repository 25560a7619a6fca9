//! The players' guide (`GUIDE.md`) agrees with the engine: every example
//! it places is one the engine plays, every example is placed once, every
//! rule number the guide or an example cites exists in `RULES.md`, and the
//! camp comes out as derived by hand from the rules below (and as the
//! guide's text around it says).

use dice_org::guide::{NAMES, example};

const GUIDE: &str = include_str!("../GUIDE.md");
const RULES: &str = include_str!("../RULES.md");

#[test]
fn the_guide_places_every_example_and_cites_only_existing_rules() {
    let problems = console_core::guide::check_guide(GUIDE, RULES, 'D', NAMES, |n| {
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
fn the_camp() {
    // D5.1: pool 16 >= 5 x 3: 15 eaten (pool 1), Ann 1 -> 0 counters, Bob
    // 2 -> 1, Cid stays 0. D2.2/D5.2 in roster order (D11.1): Ann 4+5+6 =
    // 15, cap 12 -> 12, -5 after rolling -> 7 and 1 RP; Bob 3+4+2 = 9, -3
    // blind -> 6, one counter = -1 stats: cap 9-1 = 8 -> 6; Cid 6+6+5 = 17,
    // cap 7 -> 7. Pool 1 + 7 + 6 + 7 = 21. D5.4: Bob's bonus roll 4+4+4 =
    // 12 finds the Hidden Immunity.
    let e = example("dice-camp").unwrap();
    assert!(e.report.rejected.is_empty(), "{:?}", e.report.rejected);
    let t = &e.report.teams[0];
    assert!(t.consumed);
    assert_eq!((t.pool_before, t.need, t.pool_after), (16, 15, 21));
    let rows = e.rows();
    let got: Vec<(&str, u32, (u32, u32))> = rows
        .iter()
        .map(|r| (r.name.as_str(), r.gathered, r.counters))
        .collect();
    assert_eq!(
        got,
        [("Ann", 7, (1, 0)), ("Bob", 6, (2, 1)), ("Cid", 7, (0, 0))]
    );
    assert_eq!(
        rows[0].working,
        "4 + 5 + 6 = 15, capped at Survival 12 = 12, -5 after rolling: 7"
    );
    assert_eq!(rows[1].working, "3 + 4 + 2 = 9, -3 = 6: 6");
    assert_eq!(rows[1].bonus, ["4 + 4 + 4 = 12: finds the Hidden Immunity"]);
    let bob = e.after.living(e.after.find("Bob").unwrap()).unwrap();
    assert_eq!(bob.advantages.len(), 1);
    let ann = e.after.living(e.after.find("Ann").unwrap()).unwrap();
    assert_eq!(ann.rp, 1);
    // What GUIDE.md says around the example.
    for claim in [
        "Bob's two counters drop to one",
        "Ann's roll of 15",
        "her Survival of 12",
        "gives 5 of it for an RP",
        "Bob gives 3",
    ] {
        assert!(
            GUIDE.contains(claim),
            "GUIDE.md no longer says {claim:?}: check it against the engine"
        );
    }
    let steps = e.steps();
    assert!(
        steps[0].starts_with("Tala eats: the pool of 16 holds at least 15"),
        "{steps:#?}"
    );
    assert!(
        steps
            .last()
            .unwrap()
            .contains("Bob rolls 12 and finds the Hidden Immunity"),
        "{steps:#?}"
    );
}
