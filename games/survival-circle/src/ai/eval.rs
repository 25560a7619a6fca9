//! The static evaluation at the search horizon, from the mover's side, in
//! [`SCALE`](super::SCALE) units (one token of final score difference =
//! `SCALE`): an estimate of the final score difference.
//!
//! It is a linear function of a few features of the position *after* the
//! mover's landing (which does not depend on the value chosen, C3.3). The
//! weights are measured, not guessed: `examples/fit_eval.rs` plays games
//! between Medium-level players (noisy, from the seeded generator), solves
//! the positions 10, 12, 14, 16 and 18 turns before the end exactly, and
//! fits the weights by least squares to those exact values. On positions
//! of games held out, the error (root mean square, in tokens) is 1.85 to
//! 2.08 for the material difference alone, 1.49 for material and the
//! values held, and 1.29 for these six features (a 2-turn look at where
//! the opponent can send the mover back cut it to 1.24 only, for eight
//! times the work: left out). See `AI.md`.

use crate::board::land_masks;
use crate::options::Options;

/// The number of features.
pub const FEATURES: usize = 6;

/// The features' names, for the fitting tool and the documentation.
pub const NAMES: [&str; FEATURES] = [
    "material",
    "best_send",
    "pairs",
    "distinct_values",
    "tempo",
    "lone",
];

/// The weights in `SCALE` units per unit of feature, fitted by
/// `examples/fit_eval.rs` (see the module documentation): 0.78 tokens per
/// token of material; each token in a pair (exposed to a landing that
/// removes the string) about 0.65 less, a lone token 0.24 less; each value
/// held that the opponent no longer holds about 0.9 near the end; the
/// player to move about 0.9 behind (tempo).
pub const WEIGHTS: [i32; FEATURES] = [78, 19, -65, 88, -92, -24];

/// How the opponent's token fares at cell `t` (turned, as in
/// [`features`]) when the opponent lands there next, from the mover's side:
/// + the opposing tokens it would remove (C5.2), 0 on one of the mover's
/// tokens (C6.2), -1 on an empty cell (C4.1); `replace_single` on a lone
/// token of the mover's: -2.
#[inline(always)]
pub(crate) fn send_gain(me: u16, opp: u16, t: u32, options: Options) -> i32 {
    let (opp2, me2, ..) = land_masks(opp, me, t, options);
    (opp.count_ones() as i32 - opp2.count_ones() as i32)
        - (me.count_ones() as i32 - me2.count_ones() as i32)
}

/// The values held, as a mask of 8 bits.
#[inline(always)]
fn held_mask(hand: u32) -> u32 {
    let mut m = 0;
    for i in 0..8 {
        if (hand >> (3 * i)) & 7 != 0 {
            m |= 1 << i;
        }
    }
    m
}

/// The features of a position after the mover's landing: `me`/`opp` the
/// masks turned so that the mover's landing cell is bit 0 (the value chosen
/// counts from it), `hm`/`ho` the packed hands.
#[inline(always)]
pub fn features(me: u16, opp: u16, hm: u32, ho: u32, options: Options) -> [i32; FEATURES] {
    let material = me.count_ones() as i32 - opp.count_ones() as i32;
    let mine = held_mask(hm);
    let theirs = held_mask(ho);
    // The best place the mover can send the opponent to (C3.3).
    let mut best = i32::MIN;
    let mut m = mine;
    while m != 0 {
        let i = m.trailing_zeros();
        m &= m - 1;
        best = best.max(send_gain(me, opp, i + 1, options));
    }
    if best == i32::MIN {
        best = 0;
    }
    // Adjacent pairs of a colour (each token of a string but the last),
    // and lone tokens.
    let pairs = |x: u16| (x & x.rotate_left(1)).count_ones() as i32;
    let lone = |x: u16| (x & !x.rotate_left(1) & !x.rotate_right(1)).count_ones() as i32;
    [
        material,
        best,
        pairs(me) - pairs(opp),
        mine.count_ones() as i32 - theirs.count_ones() as i32,
        1,
        lone(me) - lone(opp),
    ]
}

/// The features of a state (for fitting the weights): those of the
/// position after the mover's landing, from the mover's side.
pub fn features_of(state: &crate::state::State) -> [i32; FEATURES] {
    let p = super::Pos::of(state);
    let (me, opp) = p.landed(state.options());
    features(me, opp, p.hm, p.ho, state.options())
}

/// The evaluation in `SCALE` units from the mover's side with `weights`
/// (normally [`WEIGHTS`]).
#[inline(always)]
pub fn evaluate(
    me: u16,
    opp: u16,
    hm: u32,
    ho: u32,
    options: Options,
    weights: &[i32; FEATURES],
) -> i32 {
    let f = features(me, opp, hm, ho, options);
    let mut s = 0;
    for i in 0..FEATURES {
        s += weights[i] * f[i];
    }
    s
}
