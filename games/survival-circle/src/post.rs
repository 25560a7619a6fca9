//! The position as a post for the forum or Discord (C8): a text drawing of
//! the circle in a code block, the score, the turn, the last landing cell
//! and the value to count from, both hands, and the moves so far. Every
//! format of `console_core::format`: BBCode, Discord Markdown (split into
//! messages of at most 2,000 code points between blocks), plain text.
//! Everything in the game is public (C1.2: perfect information), so the
//! post is built straight from the [`Game`]; names are escaped.

use crate::board::LandedOn;
use crate::cell::Cell;
use crate::game::Game;
use crate::player::Player;
use crate::preview::Preview;
use crate::state::{MoveReport, Outcome, State};
pub use console_core::format::{DISCORD_LIMIT, Format, Mark, pack};
use std::fmt::Write as _;

/// The cells of the drawing's top row, left to right (cell 0 at the top).
const TOP: [u8; 5] = [14, 15, 0, 1, 2];
/// The bottom row, left to right.
const BOTTOM: [u8; 5] = [10, 9, 8, 7, 6];
/// (left, right) cells of the three middle rows.
const SIDES: [(u8, u8); 3] = [(13, 3), (12, 4), (11, 5)];

/// The circle drawn on the border of a 5 x 5 square (16 cells), cell 0 at
/// the top, numbered clockwise, each cell `.`, `B` or `R`; the next landing
/// cell (where the player to move will land, C3) is in brackets. Monospace
/// text, 7 lines.
///
/// # Panics
///
/// Never: the drawing only names cells 0 to 15.
pub fn drawing(state: &State) -> String {
    let next = (!state.is_terminal()).then(|| state.next_cell());
    let content = |n: u8| {
        let c = Cell::new(n).expect("a cell");
        let ch = state.board().at(c).map_or('.', Player::letter);
        if Some(c) == next {
            format!("[{ch}]")
        } else {
            ch.to_string()
        }
    };
    let slot = |s: String| format!("{s:^5}");
    let mut out = String::new();
    let row = |cells: &[u8; 5], f: &dyn Fn(u8) -> String| -> String {
        let mut line = "  ".to_string();
        for &c in cells {
            line.push_str(&slot(f(c)));
        }
        line.trim_end().to_string()
    };
    let _ = writeln!(out, "{}", row(&TOP, &|c| c.to_string()));
    let _ = writeln!(out, "{}", row(&TOP, &content));
    for (l, r) in SIDES {
        let line = format!(
            "{l:>2}{}{}{}{r:>2}",
            slot(content(l)),
            " ".repeat(15),
            slot(content(r))
        );
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(out, "{}", row(&BOTTOM, &content));
    let _ = write!(out, "{}", row(&BOTTOM, &|c| c.to_string()));
    out
}

/// The hands as a small table: one line per player, the count of each
/// value and the total.
pub fn hands_table(state: &State) -> String {
    let mut out = "value  1 2 3 4 5 6 7 8  left\n".to_string();
    for p in Player::ALL {
        let h = state.hand(p);
        let counts: Vec<String> = h.counts().iter().map(|c| c.to_string()).collect();
        let _ = writeln!(
            out,
            "{:<6} {}  {:>4}",
            p.name(),
            counts.join(" "),
            h.total()
        );
    }
    out.trim_end().to_string()
}

/// The moves as numbered pairs: `1. B5 R3  2. B8 R1 ...`, or `(none)`.
pub fn move_list(game: &Game) -> String {
    let history = game.history();
    if history.is_empty() {
        return "(none)".to_string();
    }
    let mut out = String::new();
    for (i, m) in history.iter().enumerate() {
        if i % 2 == 0 {
            if i > 0 {
                out.push_str("  ");
            }
            let _ = write!(out, "{}.", i / 2 + 1);
        }
        let _ = write!(out, " {}{}", m.player.letter(), m.value);
    }
    out
}

/// The post's blocks (for [`pack`]): title, drawing, status, hands, moves.
///
/// # Panics
///
/// Never: an outcome that is not a draw has a winner.
pub fn position_blocks(game: &Game, format: Format) -> Vec<String> {
    let m = Mark(format);
    let state = game.state();
    let name = |p: Player| format!("{} ({})", p.name(), m.name(game.players.name(p)));
    let mut blocks = Vec::new();
    let title = if state.is_terminal() {
        format!(
            "Survival circle: {} v {}, game over",
            name(Player::Blue),
            name(Player::Red)
        )
    } else {
        format!(
            "Survival circle: {} v {}, turn {} of 96",
            name(Player::Blue),
            name(Player::Red),
            state.turns_played() + 1
        )
    };
    blocks.push(m.title(&title));
    blocks.push(m.code(&drawing(state)));
    let score = state.score();
    let mut status = String::new();
    let _ = writeln!(
        status,
        "{} {} {}, {} {}",
        m.bold("Score:"),
        name(Player::Blue),
        score.blue,
        name(Player::Red),
        score.red
    );
    if let Some(last) = game.last_move() {
        let what = landing_text(&last);
        let _ = writeln!(
            status,
            "{} {}{} landed on cell {}, on {what}.",
            m.bold("Last move:"),
            last.player.letter(),
            last.value,
            last.cell
        );
    }
    match state.outcome() {
        Some(outcome) => {
            let result = match outcome {
                Outcome::Draw => "a draw".to_string(),
                o => format!("{} wins", name(o.winner().expect("a winner"))),
            };
            let _ = writeln!(status, "{} {result}.", m.bold("Game over:"));
        }
        None => {
            let count_from = match state.last() {
                Some(l) => format!("cell {} + value {}", l.cell, l.value),
                None => "the first token of the game".to_string(),
            };
            let _ = write!(
                status,
                "{} {} to move; the token lands on cell {} ({count_from})",
                m.bold("Next:"),
                name(state.to_move()),
                state.next_cell()
            );
            // What that landing does and where each value sends the next
            // token (C3-C6), from the engine's preview.
            match Preview::of(state) {
                Some(p) => {
                    let _ = writeln!(status, ", on {}.", p.fate_text());
                    let next = p
                        .sends
                        .iter()
                        .find_map(|s| s.next.map(|n| n.player))
                        .unwrap_or(state.to_move().other());
                    let _ = writeln!(
                        status,
                        "{} {}",
                        m.bold(&format!("Each value sends {} to:", name(next))),
                        p.sends_line()
                    );
                }
                None => {
                    let _ = writeln!(status, ".");
                }
            }
        }
    }
    blocks.push(status);
    blocks.push(format!(
        "{}{}",
        m.heading("Hands"),
        m.code(&hands_table(state))
    ));
    blocks.push(format!("{}{}\n", m.heading("Moves"), move_list(game)));
    blocks
}

/// The position as posts: one for BBCode or plain text, Discord messages of
/// at most 2,000 code points.
pub fn position_post(game: &Game, format: Format) -> Vec<String> {
    pack(position_blocks(game, format), format)
}

/// What a move's landing did, in words (C4-C6): `an empty cell: it
/// stays`, `its own token: cells 3, 4 removed`, `a lone opposing token:
/// replaced`, `an opposing token: discarded`. The post's "Last move" line
/// and the app's move list use it.
pub fn landing_text(report: &MoveReport) -> String {
    match report.landed_on {
        LandedOn::Empty => "an empty cell: it stays".to_string(),
        LandedOn::Own if report.placed.is_some() => format!(
            "its own token: {} removed, the token stays",
            cells_text(report.removed)
        ),
        LandedOn::Own => format!("its own token: {} removed", cells_text(report.removed)),
        LandedOn::Opponent if report.placed.is_some() => {
            "a lone opposing token: replaced".to_string()
        }
        LandedOn::Opponent => "an opposing token: discarded".to_string(),
    }
}

fn cells_text(cells: crate::cell::Cells) -> String {
    let list: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    match list.len() {
        1 => format!("cell {}", list[0]),
        _ => format!("cells {}", list.join(", ")),
    }
}
