//! The guide's worked examples drawn (`GUIDE.md`, `survival_circle::guide`):
//! the circle before and after as two small SVG drawings (16 cells, cell 0
//! at the top, clockwise; Blue round with B, Red square with R; the cells
//! the example landed on ringed, the cells emptied by a removal crossed),
//! each with its description as text, then the engine's sentences, one a
//! move.

use crate::shell::html::{attr, esc};
use crate::shell::rules::{example_figure, steps_html};
use std::fmt::Write as _;
use survival_circle::guide::{Example, example};
use survival_circle::{Board, Cell, Cells, Player};

/// The point at `radius` from the centre in the direction of `cell`.
fn at(cell: u8, radius: f64) -> (f64, f64) {
    let a = f64::from(cell) * std::f64::consts::PI / 8.0;
    (radius * a.sin(), -radius * a.cos())
}

/// Cell numbers in words: "4 and 5".
fn cells_words(cells: &[u8]) -> String {
    let v: Vec<String> = cells.iter().map(u8::to_string).collect();
    match v.as_slice() {
        [] => "none".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// One circle: `board`, with `landed` ringed and `crossed` marked as
/// emptied; `label` names it for screen readers (with its contents).
fn ring(board: Board, landed: &[u8], crossed: &[u8], caption: &str) -> String {
    let mut svg = String::new();
    let desc = format!(
        "{caption}: Blue on cells {}; Red on cells {}{}{}.",
        cells_words(
            &board
                .cells(Player::Blue)
                .iter()
                .map(Cell::get)
                .collect::<Vec<_>>()
        ),
        cells_words(
            &board
                .cells(Player::Red)
                .iter()
                .map(Cell::get)
                .collect::<Vec<_>>()
        ),
        if landed.is_empty() {
            String::new()
        } else {
            format!("; landed on: {}", cells_words(landed))
        },
        if crossed.is_empty() {
            String::new()
        } else {
            format!("; emptied by a removal: {}", cells_words(crossed))
        },
    );
    let _ = write!(
        svg,
        "<svg viewBox=\"-125 -125 250 250\" role=\"img\"{}>",
        attr("aria-label", &desc)
    );
    svg.push_str("<circle class=\"ring\" cx=\"0\" cy=\"0\" r=\"82\"/>");
    for c in Cell::all() {
        let n = c.get();
        let (x, y) = at(n, 82.0);
        let (lx, ly) = at(n, 110.0);
        let _ = write!(
            svg,
            "<circle class=\"slot\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"14\"/>"
        );
        match board.at(c) {
            Some(Player::Blue) => {
                let _ = write!(
                    svg,
                    "<circle class=\"token blue\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"11\"/><text class=\"letter\" x=\"{x:.1}\" y=\"{y:.1}\">B</text>"
                );
            }
            Some(Player::Red) => {
                let _ = write!(
                    svg,
                    "<rect class=\"token red\" x=\"{:.1}\" y=\"{:.1}\" width=\"21\" height=\"21\" rx=\"2\"/><text class=\"letter\" x=\"{x:.1}\" y=\"{y:.1}\">R</text>",
                    x - 10.5,
                    y - 10.5
                );
            }
            None => {}
        }
        if crossed.contains(&n) {
            let _ = write!(
                svg,
                "<path class=\"cross\" d=\"M{:.1} {:.1}l14 14m0 -14l-14 14\"/>",
                x - 7.0,
                y - 7.0
            );
        }
        if landed.contains(&n) {
            let _ = write!(
                svg,
                "<circle class=\"landed\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"18\"/>"
            );
        }
        let _ = write!(
            svg,
            "<text class=\"num\" x=\"{lx:.1}\" y=\"{ly:.1}\">{n}</text>"
        );
    }
    svg.push_str("</svg>");
    format!(
        "<figure>{svg}<figcaption>{}</figcaption></figure>",
        esc(caption)
    )
}

/// The example as HTML: the two circles, then the sentences.
pub fn example_html(e: &Example) -> String {
    let landed: Vec<u8> = e.moves.iter().map(|(r, _)| r.cell.get()).collect();
    let end = e.end();
    let mut removed = Cells::EMPTY;
    for (r, _) in &e.moves {
        removed = Cells(removed.0 | r.removed.0);
    }
    let crossed: Vec<u8> = removed
        .iter()
        .filter(|c| end.board().at(*c).is_none())
        .map(Cell::get)
        .collect();
    let mut h = example_figure(e.name, e.title, e.rules);
    h.raw("<div class=\"boards\">")
        .raw(&ring(e.start.board(), &[], &[], "Before"))
        .raw(&ring(end.board(), &landed, &crossed, "After"))
        .raw("</div>")
        .raw(&steps_html(&e.steps(), 'C'))
        .raw("</figure>");
    h.done()
}

/// The drawing of the example `name`, played by the engine now; `None` for
/// an unknown name.
pub fn example_by_name(name: &str) -> Option<String> {
    example(name).map(|e| example_html(&e))
}
