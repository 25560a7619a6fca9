//! The move preview (C3-C6): hand-derived examples from RULES.md, and the
//! property that the preview is what `apply` then does, for the mover's
//! landing and for the next token's landing whatever value comes next.

use proptest::prelude::*;
use survival_circle::{
    Board, Cell, Cells, Hand, Hands, LandedOn, Last, OpponentLanding, Options, OwnLanding, Player,
    Position, Preview, State, Value,
};

fn v(n: u8) -> Value {
    Value::new(n).unwrap()
}

fn cells(list: &[u8]) -> Cells {
    Cells(list.iter().fold(0, |m, c| m | 1 << c))
}

/// Blue to move, landing on cell 4 (the previous token: cell 0, value 4),
/// on the board `board`, hands short of full by the tokens on the board.
fn position(board: &str, options: Options) -> State {
    let board = Board::parse(board).unwrap();
    let hand = |p: Player| {
        let mut counts = [6u64; 8];
        counts[7] -= u64::from(board.count(p));
        Hand::new(&counts).unwrap()
    };
    State::from_position(&Position {
        options,
        board,
        hands: Hands {
            blue: hand(Player::Blue),
            red: hand(Player::Red),
        },
        to_move: Player::Blue,
        last: Some(Last {
            cell: Cell::new(0).unwrap(),
            value: v(4),
        }),
    })
    .unwrap()
}

/// A landing inside the mover's string: Blue lands on cell 4, the middle of
/// its string 3-4-5. C5.2: the landed-on token and the tokens clockwise of
/// it without a gap go (4, 5); the part counter-clockwise (3) stays; C5.3
/// (discard): the played token goes too. Board after: Blue on 3 and 8, Red
/// on 10, 11. Each value v sends Red to 4 + v (C3.2): 1 -> 5, empty now
/// (C4.1); 4 -> 8, Blue's token: Red's is discarded (C6.2); 6 -> 10, Red's
/// string 10-11 from its start: both go (C5.2); 7 -> 11, the end of that
/// string: only 11 goes, 10 stays.
#[test]
fn a_landing_in_the_middle_of_a_string() {
    let s = position("...BBB..B.RR....", Options::default());
    let p = Preview::of(&s).unwrap();
    assert_eq!(p.turn, s.turns_played() + 1);
    assert_eq!(p.landing.player, Player::Blue);
    assert_eq!(p.landing.landing.cell, Cell::new(4).unwrap());
    assert_eq!(p.landing.landing.landed_on, LandedOn::Own);
    assert_eq!(p.landing.landing.removed, cells(&[4, 5]));
    assert_eq!(p.landing.kept, cells(&[3]));
    assert_eq!(p.landing.landing.placed, None);
    assert_eq!(p.board.to_string(), "...B....B.RR....");
    assert_eq!(
        p.landing_text(),
        "Blue lands on cell 4, on Blue's own token: cells 4, 5 are removed and the played token with them (cell 3 of the string stays)"
    );

    let send = |n: u8| *p.send(v(n)).unwrap();
    let one = send(1);
    assert_eq!(one.target, Cell::new(5).unwrap());
    let next = one.next.unwrap();
    assert_eq!(next.player, Player::Red);
    assert_eq!(next.landing.landed_on, LandedOn::Empty);
    assert_eq!(next.landing.placed, Some(Cell::new(5).unwrap()));
    assert_eq!(
        p.send_text(v(1)).unwrap(),
        "1 sends Red to cell 5, on an empty cell: Red's token would stay"
    );

    let four = send(4).next.unwrap();
    assert_eq!(four.landing.landed_on, LandedOn::Opponent);
    assert!(four.landing.removed.is_empty());
    assert_eq!(four.landing.placed, None);
    assert_eq!(
        p.send_text(v(4)).unwrap(),
        "4 sends Red to cell 8, on Blue's token: Red's token would be discarded"
    );

    let six = send(6).next.unwrap();
    assert_eq!(six.landing.removed, cells(&[10, 11]));
    assert!(six.kept.is_empty());
    assert_eq!(
        p.send_text(v(6)).unwrap(),
        "6 sends Red to cell 10, on Red's own token: cells 10, 11 would be removed and Red's token with them"
    );

    let seven = send(7).next.unwrap();
    assert_eq!(seven.landing.removed, cells(&[11]));
    assert_eq!(seven.kept, cells(&[10]));
    assert_eq!(
        p.send_text(v(7)).unwrap(),
        "7 sends Red to cell 11, on Red's own token: cell 11 would be removed and Red's token with it (cell 10 of the string would stay)"
    );

    assert_eq!(
        p.text(v(6)).unwrap(),
        format!("B6: {}; {}.", p.landing_text(), p.send_text(v(6)).unwrap())
    );
    assert_eq!(
        p.sends_line(),
        "1: cell 5, empty; 2: cell 6, empty; 3: cell 7, empty; 4: cell 8, Blue's: discarded; \
         5: cell 9, empty; 6: cell 10, Red's own: 10, 11 go; 7: cell 11, Red's own: 11 goes; 8: cell 12, empty"
    );
}

/// The options: with `place` (C5.3) the played token stays on the landing
/// cell after 4 and 5 go; with `replace_single` (C6.2) Blue's lone token on
/// 8 (cells 7 and 9 empty) would be removed and Red's token take its cell.
#[test]
fn the_options_change_the_preview() {
    let opts = Options {
        own_landing: OwnLanding::Place,
        opponent_landing: OpponentLanding::ReplaceSingle,
    };
    let s = position("...BBB..B.RR....", opts);
    let p = Preview::of(&s).unwrap();
    assert_eq!(p.landing.landing.removed, cells(&[4, 5]));
    assert_eq!(p.landing.landing.placed, Some(Cell::new(4).unwrap()));
    assert_eq!(p.board.to_string(), "...BB...B.RR....");
    assert_eq!(
        p.landing_text(),
        "Blue lands on cell 4, on Blue's own token: cells 4, 5 are removed, then the played token stays on cell 4 (cell 3 of the string stays)"
    );
    let four = p.send(v(4)).unwrap().next.unwrap();
    assert_eq!(four.landing.removed, cells(&[8]));
    assert_eq!(four.landing.placed, Some(Cell::new(8).unwrap()));
    assert_eq!(
        p.send_text(v(4)).unwrap(),
        "4 sends Red to cell 8, on Blue's lone token: it would be removed and Red's token would take its cell"
    );
}

/// A string across cell 0 (C5.1: cell 15 is next to cell 0) is told
/// clockwise; landing on its first cell keeps nothing; an empty landing
/// cell keeps the token.
#[test]
fn strings_across_cell_zero() {
    // Blue lands on 4 (empty); value 8 sends Red to 12, Red's string
    // 12..15, 0, 1: all six go (C5.2: clockwise from 12 without a gap).
    let s = position("RR..........RRRR", Options::default());
    let p = Preview::of(&s).unwrap();
    assert_eq!(p.landing.landing.landed_on, LandedOn::Empty);
    assert_eq!(
        p.landing_text(),
        "Blue lands on cell 4, on an empty cell: the token stays"
    );
    assert_eq!(
        p.send_text(v(8)).unwrap(),
        "8 sends Red to cell 12, on Red's own token: cells 12, 13, 14, 15, 0, 1 would be removed and Red's token with them"
    );
}

/// The end of the game: a last token sends nobody (C2.2); when the
/// opponent's hand is empty, the mover lands next (the pass, README).
#[test]
fn the_last_token_and_a_pass() {
    let at = |blue: [u64; 8], red: [u64; 8]| {
        State::from_position(&Position {
            options: Options::default(),
            board: Board::parse("B...............").unwrap(),
            hands: Hands {
                blue: Hand::new(&blue).unwrap(),
                red: Hand::new(&red).unwrap(),
            },
            to_move: Player::Blue,
            last: Some(Last {
                cell: Cell::new(14).unwrap(),
                value: v(2),
            }),
        })
        .unwrap()
    };
    // Blue's last token, Red's hand empty: Blue lands on 0 (its own lone
    // token: removed), and the game ends.
    let p = Preview::of(&at([0, 0, 1, 0, 0, 0, 0, 0], [0; 8])).unwrap();
    assert_eq!(p.landing.landing.removed, cells(&[0]));
    assert_eq!(p.send(v(3)).unwrap().next, None);
    assert_eq!(
        p.send_text(v(3)).unwrap(),
        "3 is the last token of the game: the game ends"
    );
    // Two tokens, Red's hand empty: 3 sends Blue itself to 3.
    let p = Preview::of(&at([0, 0, 1, 1, 0, 0, 0, 0], [0; 8])).unwrap();
    let next = p.send(v(3)).unwrap().next.unwrap();
    assert_eq!(next.player, Player::Blue);
    assert_eq!(
        p.send_text(v(3)).unwrap(),
        "3 sends Blue (the opponent passes) to cell 3, on an empty cell: Blue's token would stay"
    );
    assert_eq!(p.send_text(v(5)), None);
    // Over: no preview.
    let mut s = at([0, 0, 1, 0, 0, 0, 0, 0], [0; 8]);
    s.apply(v(3));
    assert_eq!(Preview::of(&s), None);
}

fn options(i: u8) -> Options {
    Options {
        own_landing: if i & 1 == 0 {
            OwnLanding::Discard
        } else {
            OwnLanding::Place
        },
        opponent_landing: if i & 2 == 0 {
            OpponentLanding::Discard
        } else {
            OpponentLanding::ReplaceSingle
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// At every turn of random games (all options): for every value held,
    /// the mover's landing is what `apply` reports, the board after it is
    /// the state's, the target is where the next token lands, and the next
    /// landing is what `apply` reports for any value the next player
    /// plays; the kept cells are the rest of the landed-on string.
    #[test]
    fn the_preview_is_what_apply_does(o in 0u8..4, picks in prop::collection::vec(any::<u8>(), 96)) {
        let mut s = State::new(options(o));
        for pick in picks {
            if s.is_terminal() {
                prop_assert_eq!(Preview::of(&s), None);
                break;
            }
            let p = Preview::of(&s).unwrap();
            prop_assert_eq!(p.sends.len() as u32, s.legal_values().len());
            for send in &p.sends {
                let mut t = s;
                let r = t.apply(send.value).report();
                prop_assert_eq!(r.landing(), p.landing.landing);
                prop_assert_eq!(r.player, p.landing.player);
                prop_assert_eq!(t.board(), p.board);
                prop_assert_eq!(send.target, r.next_cell());
                prop_assert_eq!(t.next_cell(), send.target);
                match send.next {
                    None => prop_assert!(t.is_terminal()),
                    Some(next) => {
                        prop_assert_eq!(next.player, t.to_move());
                        for w in t.legal_values().iter() {
                            let mut u = t;
                            let r2 = u.apply(w).report();
                            prop_assert_eq!(r2.landing(), next.landing);
                        }
                    }
                }
            }
            // Kept cells: the mover's, still on the board, and with the
            // removed cells one run whose counter-clockwise end has no
            // token of the mover's before it.
            let kept = p.landing.kept;
            let before = s.board().mask(s.to_move());
            if p.landing.landing.landed_on == LandedOn::Own && before != u16::MAX {
                let run = kept.0 | p.landing.landing.removed.0;
                let cell = p.landing.landing.cell;
                let start = cell.plus(16 - kept.len() as u8);
                let expected: u16 = (0..run.count_ones()).fold(0, |m, i| m | start.plus(i as u8).bit());
                prop_assert_eq!(run, expected);
                prop_assert_eq!(before & start.plus(15).bit(), 0);
                prop_assert_eq!(p.board.mask(s.to_move()) & kept.0, kept.0);
            } else {
                prop_assert!(kept.is_empty());
            }
            let legal: Vec<Value> = s.legal_values().iter().collect();
            s.apply(legal[usize::from(pick) % legal.len()]);
        }
    }
}

/// The forum post's "Next:" line says what the landing does and where each
/// value sends the opponent (the same words as the preview).
#[test]
fn the_post_says_what_the_next_move_does() {
    use survival_circle::post::{Format, position_post};
    use survival_circle::{Game, Mode, Players};
    let s = position("...BBB..B.RR....", Options::default());
    let game = Game::from_start(s, Players::default(), Mode::Forum, 1);
    let post = position_post(&game, Format::Plain).join("\n");
    let p = Preview::of(&s).unwrap();
    assert!(
        post.contains(&format!(
            "Next: Blue (Blue) to move; the token lands on cell 4 (cell 0 + value 4), on {}.\nEach value sends Red (Red) to: {}\n",
            p.fate_text(),
            p.sends_line()
        )),
        "{post}"
    );
    assert!(post.contains(
        "cells 4, 5 are removed and the played token with them (cell 3 of the string stays)"
    ));
}
