//! The worked examples of the players' guide (`GUIDE.md`): each is a
//! position and the values played from it, run through [`State::play`]
//! when asked for, so the guide never states an outcome the engine does not
//! produce. `GUIDE.md` marks where each goes with a fenced block
//! ```` ```example circle-string ```` and the app draws it (the circle
//! before and after, the landing and removed cells) from [`Example`].
//!
//! Every example uses the default rulings (C5.3 `discard`, C6.2
//! `discard`); the rules page says which options the open game uses.

use crate::board::{Board, LandedOn};
use crate::cell::Cell;
use crate::hand::Hand;
use crate::options::Options;
use crate::player::Player;
use crate::state::{Hands, Last, MoveReport, Position, State};
use crate::value::Value;

/// The names of the examples, in the guide's order.
pub const NAMES: &[&str] = &["circle-opening", "circle-string", "circle-opponent"];

/// A worked example: where it starts, and each move played with what it
/// did and the position after it.
#[derive(Clone, Debug)]
pub struct Example {
    /// Its name in `GUIDE.md`.
    pub name: &'static str,
    /// What it shows, as a caption.
    pub title: &'static str,
    /// The rules it shows (C-numbers).
    pub rules: &'static [&'static str],
    /// The position before the first move.
    pub start: State,
    /// Each move: what it did (the engine's report) and the position after
    /// it.
    pub moves: Vec<(MoveReport, State)>,
}

impl Example {
    /// The position after the last move.
    pub fn end(&self) -> State {
        self.moves.last().map_or(self.start, |m| m.1)
    }

    /// What each move did, one sentence a move, with the rule numbers:
    /// where the token landed and why there, what it found, what was
    /// removed, and where the opponent's next token lands and what is
    /// there.
    pub fn steps(&self) -> Vec<String> {
        let mut before = self.start;
        let mut out = Vec::new();
        for (r, after) in &self.moves {
            let from = match before.last() {
                None => "the first token of the game lands on cell 0 (C3.1)".to_string(),
                Some(l) => format!(
                    "it lands {} cells on from cell {}, where {} last landed (C3.2)",
                    l.value,
                    l.cell,
                    r.player.other()
                ),
            };
            let what = match r.landed_on {
                LandedOn::Empty => {
                    "the cell was empty, so the token stays there (C4.1)".to_string()
                }
                LandedOn::Own => format!(
                    "the cell held {}'s own token: {} removed from the game (C5.2) and the played token is removed too (C5.3)",
                    r.player,
                    cells_words(r.removed.iter().collect())
                ),
                LandedOn::Opponent => match r.placed {
                    None => format!(
                        "the cell held a {} token, which stays (C6.1); the played token is removed and the board does not change (C6.2)",
                        r.player.other()
                    ),
                    Some(_) => format!(
                        "the cell held a lone {} token, which is replaced by the played token (C6.2)",
                        r.player.other()
                    ),
                },
            };
            let next = r.next_cell();
            let there = match after.board().at(next) {
                None => "an empty cell".to_string(),
                Some(p) if p == r.player => format!("a {p} token"),
                Some(p) => format!("{p}'s own token"),
            };
            // Turn numbers only when the example starts the game.
            let turn = if self.start.turns_played() == 0 {
                format!("Turn {}: ", r.turn)
            } else {
                String::new()
            };
            out.push(format!(
                "{turn}{} plays {}; {from}, on cell {}; {what}. So {}'s next token lands on cell {next} ({} + {}, C3.3): {there}.",
                r.player,
                r.value,
                r.cell,
                r.player.other(),
                r.cell,
                r.value
            ));
            before = *after;
        }
        out
    }
}

/// "the token on cell 4" / "the tokens on cells 4 and 5".
fn cells_words(cells: Vec<Cell>) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match names.as_slice() {
        [] => "nothing is".to_string(),
        [one] => format!("the token on cell {one} is"),
        [init @ .., last] => format!("the tokens on cells {} and {last} are", init.join(", ")),
    }
}

/// A position of the examples: `board` as 16 characters (C8.3), the
/// previous token, the player to move, five of each value in hand.
fn position(board: &str, last: Option<(u8, u8)>, to_move: Player) -> State {
    let hand = Hand::new(&[5; 8]).expect("five of each value");
    State::from_position(&Position {
        options: Options::default(),
        board: Board::parse(board).expect("an example's board"),
        hands: Hands {
            blue: hand,
            red: hand,
        },
        to_move,
        last: last.map(|(cell, value)| Last {
            cell: Cell::new(cell).expect("a cell"),
            value: Value::new(value).expect("a value"),
        }),
    })
    .expect("an example's position")
}

/// The example called `name` (one of [`NAMES`]), played through the
/// engine; `None` for an unknown name.
///
/// # Panics
///
/// Never for a name in [`NAMES`]: its values are fixed here, 1 to 8 and legal
/// in turn (the guide's tests play every example).
pub fn example(name: &str) -> Option<Example> {
    let name = *NAMES.iter().find(|n| **n == name)?;
    let (title, rules, start, values): (_, &'static [&'static str], _, &[u8]) = match name {
        "circle-opening" => (
            "The first five turns of a game",
            &["C3.1", "C3.2", "C3.3", "C4.1", "C5.2", "C5.3"],
            State::new(Options::default()),
            &[5, 3, 2, 6, 4],
        ),
        "circle-string" => (
            "Red lands in the middle of its own string",
            &["C3.2", "C5.1", "C5.2", "C5.3"],
            // Red's string on cells 3, 4, 5; Blue's last token landed
            // on 12 with value 8: Red lands on 4.
            position("...RRR.B....B...", Some((12, 8)), Player::Red),
            &[2],
        ),
        "circle-opponent" => (
            "Blue lands on a Red token, then Red on the end of its string",
            &["C6.1", "C6.2", "C5.2", "C5.3"],
            // Red's last token landed on 1 with value 3: Blue lands on
            // Red's 4.
            position("...RRR.B....B...", Some((1, 3)), Player::Blue),
            &[1, 4],
        ),
        _ => return None,
    };
    let mut s = start;
    let mut moves = Vec::new();
    for v in values {
        let undo = s
            .play(Value::new(*v).expect("a value"))
            .expect("an example's move is legal");
        moves.push((undo.report(), s));
    }
    Some(Example {
        name,
        title,
        rules,
        start,
        moves,
    })
}
