//! The circle of 16 cells as an SVG drawing (C1.1): cell 0 at the top,
//! numbered clockwise; Blue's tokens are circles marked B, Red's squares
//! marked R (told apart by shape and letter as well as colour). Marked on
//! it: the previous token's landing cell and the count from it (its value,
//! C3.2) to the cell where this turn's token lands (C3.1/C3.2), and, while
//! a value is chosen, the count from there to the cell it would send the
//! opponent to (C3.3). The cells the landing would remove are crossed
//! (C5.2, C6.2), and so are those the next token would remove where the
//! chosen value sends it. Everything comes from the engine's `State` and
//! `Preview`. A visually hidden list says the same cell by cell.

use leptos::prelude::*;
use survival_circle::{Cell, Cells, Player, Preview, State, Value};

/// Radius of the ring of cell centres, in drawing units.
const RING: f64 = 150.0;

/// The point at `radius` from the centre in the direction of `cell`
/// (fractional cells allowed), clockwise from the top.
fn at(cell: f64, radius: f64) -> (f64, f64) {
    let a = cell * std::f64::consts::PI / 8.0;
    (radius * a.sin(), -radius * a.cos())
}

/// An arc of `steps` cells clockwise from `from` at `radius`, stopping a
/// little short of the end so the arrowhead shows.
fn arc(from: Cell, steps: u8, radius: f64) -> String {
    let start = f64::from(from.get()) + 0.18;
    let end = f64::from(from.get()) + f64::from(steps) - 0.18;
    let (x1, y1) = at(start, radius);
    let (x2, y2) = at(end, radius);
    let large = u8::from(end - start > 8.0);
    format!("M{x1:.1} {y1:.1}A{radius} {radius} 0 {large} 1 {x2:.1} {y2:.1}")
}

/// The cells the preview crosses: those the mover's landing removes
/// (C5.2, C6.2) and those the next token would remove where the chosen
/// value sends it.
#[derive(Copy, Clone, Default)]
struct Removed {
    now: Cells,
    next: Cells,
}

/// What the drawing marks on a cell, for the hidden list.
fn marks(
    cell: Cell,
    last: Option<Cell>,
    next: Option<Cell>,
    target: Option<Cell>,
    removed: Removed,
) -> String {
    let mut m = Vec::new();
    if removed.now.contains(cell) {
        m.push("removed by this turn's landing");
    }
    if removed.next.contains(cell) {
        m.push("the next token would remove it");
    }
    if Some(cell) == last {
        m.push("previous token's landing cell");
    }
    if Some(cell) == next {
        m.push("this turn's token lands here");
    }
    if Some(cell) == target {
        m.push("the chosen value sends the opponent here");
    }
    if m.is_empty() {
        String::new()
    } else {
        format!(" ({})", m.join("; "))
    }
}

/// The circle for `state`; `preview` is the value being chosen (its
/// target is marked). `caption` names the drawing for screen readers.
#[component]
pub fn Circle(
    #[prop(into)] state: Signal<State>,
    #[prop(into)] preview: Signal<Option<Value>>,
    #[prop(into)] caption: String,
) -> impl IntoView {
    move || {
        let s = state.get();
        let board = s.board();
        let over = s.is_terminal();
        let last = s.last();
        let next = (!over).then(|| s.next_cell());
        let chosen = preview.get().filter(|v| !over && s.is_legal(*v));
        let target = chosen.map(|v| s.target(v));
        let pv = Preview::of(&s);
        let removed = pv
            .as_ref()
            .map(|p| Removed {
                now: p.landing.landing.removed,
                next: chosen
                    .and_then(|v| p.send(v))
                    .and_then(|sp| sp.next)
                    .map_or(Cells::EMPTY, |n| n.landing.removed),
            })
            .unwrap_or_default();
        let mover = s.to_move();
        let cells = Cell::all()
            .map(|c| {
                let (x, y) = at(f64::from(c.get()), RING);
                let (lx, ly) = at(f64::from(c.get()), RING + 34.0);
                let token = match board.at(c) {
                    Some(Player::Blue) => view! {
                        <circle class="token blue" cx=x cy=y r="17"/>
                        <text class="letter" x=x y=y>"B"</text>
                    }
                    .into_any(),
                    Some(Player::Red) => view! {
                        <rect class="token red" x=x - 16.0 y=y - 16.0 width="32" height="32" rx="3"/>
                        <text class="letter" x=x y=y>"R"</text>
                    }
                    .into_any(),
                    None => ().into_any(),
                };
                let ring = |class: &'static str, r: f64, show: bool| {
                    show.then(|| view! { <circle class=class cx=x cy=y r=r/> })
                };
                let gone = if removed.now.contains(c) {
                    Some("now")
                } else if removed.next.contains(c) {
                    Some("next")
                } else {
                    None
                };
                let cross = gone.map(|g| {
                    let d = format!(
                        "M{:.1} {:.1}L{:.1} {:.1}M{:.1} {:.1}L{:.1} {:.1}",
                        x - 13.0, y - 13.0, x + 13.0, y + 13.0, x - 13.0, y + 13.0, x + 13.0, y - 13.0
                    );
                    view! { <path class=format!("mark-removed {g}") d=d/> }
                });
                view! {
                    <g data-cell=c.get() data-removed=gone>
                        <circle class="slot" cx=x cy=y r="22"/>
                        {token}
                        {ring("mark-last", 27.0, last.is_some_and(|l| l.cell == c))}
                        {ring("mark-next", 30.0, next == Some(c))}
                        {ring("mark-target", 34.0, target == Some(c))}
                        {cross}
                        <text class="num" x=lx y=ly>{c.get()}</text>
                    </g>
                }
            })
            .collect_view();
        let count = last.filter(|_| !over).map(|l| {
            let (x, y) = at(f64::from(l.cell.get()) + f64::from(l.value.get()) / 2.0, 96.0);
            view! {
                <path class="count" d=arc(l.cell, l.value.get(), 118.0) marker-end="url(#circle-arrow)"/>
                <text class="count-label" x=x y=y>{format!("+{}", l.value)}</text>
            }
        });
        let send = chosen.zip(next).map(|(v, n)| {
            let (x, y) = at(f64::from(n.get()) + f64::from(v.get()) / 2.0, 216.0);
            view! {
                <path class="send" d=arc(n, v.get(), 202.0) marker-end="url(#circle-arrow-send)"/>
                <text class="send-label" x=x y=y>{format!("+{v}")}</text>
            }
        });
        let centre = if over {
            let sc = s.score();
            vec![
                "Game over".to_string(),
                format!("Blue {} · Red {}", sc.blue, sc.red),
            ]
        } else {
            let mut lines = vec![
                format!("Turn {} of 96", s.turns_played() + 1),
                format!("{mover} lands on {}", s.next_cell()),
            ];
            if let (Some(v), Some(t)) = (chosen, target) {
                lines.push(format!("{v} sends {} to {t}", mover.other()));
            }
            lines
        };
        let centre = centre
            .into_iter()
            .enumerate()
            .map(|(i, t)| {
                view! { <text class=if i == 0 { "centre strong" } else { "centre" } x="0" y=-22.0 + 24.0 * i as f64>{t}</text> }
            })
            .collect_view();
        let summary = {
            let sc = s.score();
            let mut t = format!(
                "{caption}. Blue {} tokens, Red {}. Blue on cells {}; Red on cells {}.",
                sc.blue,
                sc.red,
                list(board.cells(Player::Blue).iter()),
                list(board.cells(Player::Red).iter())
            );
            if let Some(l) = last {
                t.push_str(&format!(
                    " The previous token landed on cell {} with value {}.",
                    l.cell, l.value
                ));
            }
            if let (Some(n), None) = (next, &pv) {
                t.push_str(&format!(" {mover}'s token lands on cell {n}."));
            }
            if let Some(p) = &pv {
                match chosen.and_then(|v| p.text(v)) {
                    Some(what) => t.push_str(&format!(" {what}")),
                    None => t.push_str(&format!(" {}.", p.landing_text())),
                }
            }
            t
        };
        let hidden = Cell::all()
            .map(|c| {
                let what = match board.at(c) {
                    Some(p) => format!("{p} token"),
                    None => "empty".to_string(),
                };
                view! { <li>{format!("Cell {c}: {what}{}", marks(c, last.map(|l| l.cell), next, target, removed))}</li> }
            })
            .collect_view();
        view! {
            <div class="circle">
                <svg viewBox="-226 -226 452 452" role="img" aria-label=summary data-testid="circle">
                    <defs>
                        <marker id="circle-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
                            <path class="count-head" d="M0 0L10 5L0 10z"/>
                        </marker>
                        <marker id="circle-arrow-send" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
                            <path class="send-head" d="M0 0L10 5L0 10z"/>
                        </marker>
                    </defs>
                    <circle class="ring" cx="0" cy="0" r=RING/>
                    {count}
                    {send}
                    {cells}
                    {centre}
                </svg>
                <ol class="sr-only" aria-label="Cells">{hidden}</ol>
            </div>
        }
    }
}

fn list(cells: impl Iterator<Item = Cell>) -> String {
    let v: Vec<String> = cells.map(|c| c.to_string()).collect();
    if v.is_empty() {
        "none".to_string()
    } else {
        v.join(", ")
    }
}
