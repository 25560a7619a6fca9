//! The players' guide (`GUIDE.md`) agrees with the engine: every example
//! it places is one the engine plays, every example is placed, each
//! example's outcome is the one derived by hand from the rules below, and
//! every rule number the guide or an example cites exists in `RULES.md`.

use survival_circle::guide::{NAMES, example};
use survival_circle::{LandedOn, Player};

const GUIDE: &str = include_str!("../GUIDE.md");
const RULES: &str = include_str!("../RULES.md");

#[test]
fn the_guide_places_every_example_and_cites_only_existing_rules() {
    let problems = console_core::guide::check_guide(GUIDE, RULES, 'C', NAMES, |n| {
        example(n).map(|e| {
            e.rules
                .iter()
                .map(|r| r.to_string())
                .chain(e.steps())
                .collect()
        })
    });
    assert!(problems.is_empty(), "{problems:#?}");
    assert_eq!(console_core::guide::examples_placed(GUIDE), NAMES.to_vec());
}

#[test]
fn the_opening() {
    // C3.1: Blue's 5 lands on 0; C3.2: Red lands on 0+5 = 5, plays 3; Blue
    // on 8, plays 2; Red on 10, plays 6; Blue on 16 mod 16 = 0, its own
    // lone token: removed with the played 4 (C5.2, C5.3); Red next on 4.
    let e = example("circle-opening").unwrap();
    let cells: Vec<u8> = e.moves.iter().map(|(r, _)| r.cell.get()).collect();
    assert_eq!(cells, [0, 5, 8, 10, 0]);
    let last = e.moves[4].0;
    assert_eq!(last.landed_on, LandedOn::Own);
    assert_eq!(
        last.removed.iter().map(|c| c.get()).collect::<Vec<_>>(),
        [0]
    );
    assert_eq!(last.placed, None);
    assert_eq!(e.end().board().to_string(), ".....R..B.R.....");
    assert_eq!(e.end().next_cell().get(), 4);
    let steps = e.steps();
    assert!(
        steps[0].contains("the first token of the game lands on cell 0 (C3.1)"),
        "{}",
        steps[0]
    );
    assert!(
        steps[4].contains("the token on cell 0 is removed from the game (C5.2)"),
        "{}",
        steps[4]
    );
}

#[test]
fn the_middle_of_a_string() {
    // Red's string 3-4-5; Blue's last token on 12 with value 8: Red lands
    // on 12+8 = 20 mod 16 = 4. C5.2: 4 and 5 go (clockwise up to the
    // empty 6), 3 stays; C5.3: the played 2 goes too. Blue next on 6,
    // empty.
    let e = example("circle-string").unwrap();
    let (r, after) = e.moves[0];
    assert_eq!(
        (r.player, r.cell.get(), r.landed_on),
        (Player::Red, 4, LandedOn::Own)
    );
    assert_eq!(
        r.removed.iter().map(|c| c.get()).collect::<Vec<_>>(),
        [4, 5]
    );
    assert_eq!(after.board().to_string(), "...R...B....B...");
    assert!(
        e.steps()[0].contains("the tokens on cells 4 and 5 are removed"),
        "{:?}",
        e.steps()
    );
    assert!(
        e.steps()[0].ends_with("lands on cell 6 (4 + 2, C3.3): an empty cell."),
        "{:?}",
        e.steps()
    );
}

#[test]
fn landing_on_the_opponent() {
    // Red's last token on 1 with value 3: Blue lands on 4, Red's. C6.2:
    // Blue's token goes, the board is unchanged. Red lands on 4+1 = 5, the
    // clockwise end of its string: only 5 goes (C5.2), 3 and 4 stay.
    let e = example("circle-opponent").unwrap();
    let (b, after_b) = e.moves[0];
    assert_eq!(
        (b.player, b.cell.get(), b.landed_on, b.placed),
        (Player::Blue, 4, LandedOn::Opponent, None)
    );
    assert_eq!(after_b.board(), e.start.board());
    let (r, after_r) = e.moves[1];
    assert_eq!(
        (r.player, r.cell.get(), r.landed_on),
        (Player::Red, 5, LandedOn::Own)
    );
    assert_eq!(after_r.board().to_string(), "...RR..B....B...");
}
