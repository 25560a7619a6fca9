//! What a move does before it is played (C3-C6): where the mover's token
//! lands and what that removes, and for each value in hand where it sends
//! the next token and what would happen there. Structured data for the
//! page's circle and words for its hover text and the forum post's "Next:"
//! line.
//!
//! Everything follows from the rules without search: the mover's landing
//! cell is fixed by the previous token (C3.2), so the landing is the same
//! whatever value is chosen; the value only decides where the next token
//! lands (C3.3), and what happens there depends on the board after the
//! mover's landing, not on the value the next player will choose.

use crate::board::{Board, LandedOn, Landing};
use crate::cell::{Cell, Cells};
use crate::player::Player;
use crate::state::State;
use crate::value::Value;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// A landing as the preview shows it: what the token lands on and which
/// cells go ([`Landing`]), plus the cells of a landed-on string that stay
/// (C5.2: the part counter-clockwise of the landing cell).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct LandingPreview {
    /// Who lands.
    pub player: Player,
    /// Where, what was there, what is removed, where the token stays.
    pub landing: Landing,
    /// On one's own string: its cells counter-clockwise of the landing
    /// cell, which stay (C5.2); empty otherwise.
    pub kept: Cells,
}

/// Where one value sends the next token (C3.3) and what would happen there.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct SendPreview {
    /// The value played.
    pub value: Value,
    /// The cell it sends the next token to: `value` cells clockwise of the
    /// mover's landing cell (C3.2).
    pub target: Cell,
    /// The next token's landing there, on the board after the mover's move
    /// (it does not depend on the value the next player chooses). `None`
    /// when this move is the last of the game (C2.2). Usually the
    /// opponent's; the mover's own when the opponent's hand is empty (the
    /// opponent passes, README).
    pub next: Option<LandingPreview>,
}

/// The preview of the position's move: the mover's landing and one
/// [`SendPreview`] per value in hand.
#[derive(Clone, Eq, PartialEq, Hash, Debug, Serialize, Deserialize)]
pub struct Preview {
    /// The turn the move would be (from 1, C2.2).
    pub turn: u8,
    /// The mover's landing (C3.1/C3.2, C4-C6): the same for every value.
    pub landing: LandingPreview,
    /// The board after the mover's landing.
    pub board: Board,
    /// Each value the mover holds, lowest first.
    pub sends: Vec<SendPreview>,
}

/// The cells of `player`'s string counter-clockwise of `cell` (not
/// including it) on `board`: those a landing on `cell` leaves (C5.2). A
/// board all of one colour keeps none.
fn kept_behind(board: Board, player: Player, cell: Cell) -> Cells {
    let mine = board.mask(player);
    if mine & cell.bit() == 0 || mine == u16::MAX {
        return Cells::EMPTY;
    }
    let mut kept = 0u16;
    let mut c = cell.plus(15);
    while mine & c.bit() != 0 && c != cell {
        kept |= c.bit();
        c = c.plus(15);
    }
    Cells(kept)
}

/// The landing of `player`'s token on `cell` of `board` with the state's
/// options, as a preview, and the board after it.
fn land(state: &State, board: Board, player: Player, cell: Cell) -> (Board, LandingPreview) {
    let (after, landing) = board.land(player, cell, state.options());
    let kept = if landing.landed_on == LandedOn::Own {
        kept_behind(board, player, cell)
    } else {
        Cells::EMPTY
    };
    (
        after,
        LandingPreview {
            player,
            landing,
            kept,
        },
    )
}

impl Preview {
    /// The preview of the move of the player to move: `None` once the game
    /// is over.
    pub fn of(state: &State) -> Option<Preview> {
        if state.is_terminal() {
            return None;
        }
        let mover = state.to_move();
        let (board, landing) = land(state, state.board(), mover, state.next_cell());
        let sends = state
            .legal_values()
            .iter()
            .map(|value| {
                let target = state.target(value);
                // Who lands next: the opponent, unless their hand is empty
                // (a pass) or this is the last token of the game.
                let mover_left = state.hand(mover).total() - 1;
                let next_player = if state.hand(mover.other()).total() > 0 {
                    Some(mover.other())
                } else if mover_left > 0 {
                    Some(mover)
                } else {
                    None
                };
                let next = next_player.map(|p| land(state, board, p, target).1);
                SendPreview {
                    value,
                    target,
                    next,
                }
            })
            .collect();
        Some(Preview {
            turn: state.turns_played() + 1,
            landing,
            board,
            sends,
        })
    }

    /// The send of `value`, if the mover holds it.
    pub fn send(&self, value: Value) -> Option<&SendPreview> {
        self.sends.iter().find(|s| s.value == value)
    }

    /// The mover's landing in words: `Blue lands on cell 4, on Blue's own
    /// token: cells 4, 5 are removed and the played token with them (cell
    /// 3 of the string stays)`.
    pub fn landing_text(&self) -> String {
        let l = &self.landing;
        format!(
            "{} lands on cell {}, on {}",
            l.player,
            l.landing.cell,
            self.fate_text()
        )
    }

    /// What the mover's landing does, in words, without the cell: `an
    /// empty cell: the token stays`, `Blue's own token: cells 4, 5 are
    /// removed and the played token with them (cell 3 of the string
    /// stays)`, `Red's token: the played token is discarded`.
    pub fn fate_text(&self) -> String {
        fate(&self.landing, true)
    }

    /// Where `value` sends the next token and what would happen there, in
    /// words: `5 sends Red to cell 9, on an empty cell: Red's token would
    /// stay`, `... to cell 2, on Blue's token: Red's token would be
    /// discarded`, `... to cell 6, on Red's own token: cells 6, 7 would be
    /// removed and Red's token with them`, `... the game ends`. `None` if
    /// the mover does not hold it.
    pub fn send_text(&self, value: Value) -> Option<String> {
        let s = self.send(value)?;
        Some(match &s.next {
            None => format!("{value} is the last token of the game: the game ends"),
            Some(n) => format!(
                "{value} sends {} to cell {}, on {}",
                if n.player == self.landing.player {
                    format!("{} (the opponent passes)", n.player)
                } else {
                    n.player.to_string()
                },
                s.target,
                fate(n, false)
            ),
        })
    }

    /// The whole move in words (the page's hover and first tap): `B5: Blue
    /// lands on cell 4, ...; 5 sends Red to cell 9, ...`.
    pub fn text(&self, value: Value) -> Option<String> {
        let send = self.send_text(value)?;
        Some(format!(
            "{}{value}: {}; {send}.",
            self.landing.player.letter(),
            self.landing_text()
        ))
    }

    /// Every value's send in one short line (the forum post's "Next:"
    /// line): `1: cell 5, empty; 2: cell 6, Red's own: 6, 7 go; 3: cell
    /// 7, Blue's: discarded`.
    pub fn sends_line(&self) -> String {
        let mut out = String::new();
        for (i, s) in self.sends.iter().enumerate() {
            if i > 0 {
                out.push_str("; ");
            }
            let _ = write!(out, "{}: cell {}", s.value, s.target);
            match &s.next {
                None => out.push_str(", game ends"),
                Some(n) => {
                    let _ = write!(out, ", {}", short_fate(n));
                }
            }
        }
        out
    }
}

/// What a landing does, in words. The mover's own landing (`now`) is
/// told in the present (`an empty cell: the token stays`); a next landing
/// with "would" (`an empty cell: Red's token would stay`).
fn fate(l: &LandingPreview, now: bool) -> String {
    let who = l.player;
    let cell = l.landing.cell;
    let token = if now {
        "the played token".to_string()
    } else {
        format!("{who}'s token")
    };
    // (present, conditional) forms of a verb.
    let verb = |present: &str, would: &str| {
        if now {
            present.to_string()
        } else {
            format!("would {would}")
        }
    };
    let removed = l.landing.removed;
    match l.landing.landed_on {
        LandedOn::Empty => format!(
            "an empty cell: {} {}",
            if now { "the token" } else { &token },
            verb("stays", "stay")
        ),
        LandedOn::Own => {
            let plural = removed.len() > 1;
            let mut t = format!(
                "{who}'s own token: {} {} removed",
                cells_text(removed, cell),
                verb(if plural { "are" } else { "is" }, "be")
            );
            if l.landing.placed.is_some() {
                let _ = write!(t, ", then {token} {} on cell {cell}", verb("stays", "stay"));
            } else {
                let _ = write!(
                    t,
                    " and {token} with {}",
                    if plural { "them" } else { "it" }
                );
            }
            if !l.kept.is_empty() {
                let _ = write!(
                    t,
                    " ({} of the string {})",
                    cells_text(l.kept, cell.plus(1)),
                    verb(if l.kept.len() > 1 { "stay" } else { "stays" }, "stay")
                );
            }
            t
        }
        LandedOn::Opponent if l.landing.placed.is_some() => format!(
            "{}'s lone token: it {} removed and {token} {} its cell",
            who.other(),
            verb("is", "be"),
            verb("takes", "take")
        ),
        LandedOn::Opponent => format!(
            "{}'s token: {token} {} discarded",
            who.other(),
            verb("is", "be")
        ),
    }
}

/// A landing in a few words, for [`Preview::sends_line`].
fn short_fate(l: &LandingPreview) -> String {
    let who = l.player;
    match l.landing.landed_on {
        LandedOn::Empty => "empty".to_string(),
        LandedOn::Own => {
            let list: Vec<String> = clockwise(l.landing.removed, l.landing.cell)
                .map(|c| c.to_string())
                .collect();
            let verb = if list.len() == 1 { "goes" } else { "go" };
            format!("{who}'s own: {} {verb}", list.join(", "))
        }
        LandedOn::Opponent if l.landing.placed.is_some() => {
            format!("{}'s lone token replaced", who.other())
        }
        LandedOn::Opponent => format!("{}'s: discarded", who.other()),
    }
}

/// The cells of a set in clockwise order from `from` (a string that
/// wraps past cell 15 reads `15, 0, 1`).
fn clockwise(cells: Cells, from: Cell) -> impl Iterator<Item = Cell> {
    (0..16)
        .map(move |i| from.plus(i))
        .filter(move |c| cells.contains(*c))
}

/// `cell 4` or `cells 4, 5`, clockwise from `from`.
fn cells_text(cells: Cells, from: Cell) -> String {
    let list: Vec<String> = clockwise(cells, from).map(|c| c.to_string()).collect();
    match list.len() {
        1 => format!("cell {}", list[0]),
        _ => format!("cells {}", list.join(", ")),
    }
}
