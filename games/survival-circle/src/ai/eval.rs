//! The static evaluation at the search horizon, from the mover's side, in
//! [`SCALE`](super::SCALE) units (one token of score difference = `SCALE`).
//!
//! It is a linear function of a few features of the position *after* the
//! mover's landing (which does not depend on the value chosen, C3.3). The
//! weights are measured, not guessed: `examples/fit_eval.rs` plays games
//! between noisy AI players, solves positions 14 to 18 turns before the end
//! exactly, and fits the weights by least squares to those exact values
//! (figures in `AI.md`). Material is by far the strongest feature; the others
//! cut the error of material alone by about a third.

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
    "worst_landing",
    "tempo",
];

/// The weights in `SCALE` units per unit of feature, fitted by
/// `examples/fit_eval.rs` (see the module documentation).
pub const WEIGHTS: [i32; FEATURES] = [100, 40, -10, 5, 20, 0];

/// How the opponent's token fares at cell `t` when the opponent lands there
/// next, from the mover's side: + the opposing tokens it would remove (C5.2),
/// 0 on one of the mover's tokens (C6.2), -1 on an empty cell (C4.1);
/// `replace_single` on a lone token of the mover's: -2.
#[inline(always)]
pub(crate) fn send_gain(me: u16, opp: u16, t: u32, options: Options) -> i32 {
    let (opp2, me2, ..) = land_masks(opp, me, t, options);
    (opp.count_ones() as i32 - opp2.count_ones() as i32)
        - (me.count_ones() as i32 - me2.count_ones() as i32)
}

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
    // The best place the mover can send the opponent to.
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
    let pairs = |x: u16| (x & x.rotate_left(1)).count_ones() as i32;
    // How badly the opponent could make the mover land two turns on: the
    // worst own-string removal among cells 2..=16 ahead (any sum of two
    // values), scaled down; a rough measure of the mover's exposure minus
    // the opponent's.
    let exposure = |x: u16| {
        let mut worst = 0i32;
        let mut y = x;
        while y != 0 {
            let c = y.trailing_zeros();
            y &= y - 1;
            worst = worst.max(x.rotate_right(c).trailing_ones() as i32);
        }
        worst
    };
    [
        material,
        best,
        pairs(me) - pairs(opp),
        mine.count_ones() as i32 - theirs.count_ones() as i32,
        exposure(opp) - exposure(me),
        1,
    ]
}

/// The evaluation in `SCALE` units from the mover's side (see the module
/// documentation).
#[inline(always)]
pub fn evaluate(me: u16, opp: u16, hm: u32, ho: u32, options: Options) -> i32 {
    let f = features(me, opp, hm, ho, options);
    let mut s = 0;
    for i in 0..FEATURES {
        s += WEIGHTS[i] * f[i];
    }
    s
}
