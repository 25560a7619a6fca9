//! The static evaluation at the search horizon, from the mover's side, in
//! [`SCALE`](super::SCALE) units (one token of final score difference =
//! `SCALE`): an estimate of the final score difference.
//!
//! It is a linear function of six features of the position *after* the
//! mover's landing (which does not depend on the value chosen, C3.3). The
//! weights are measured, not guessed: `examples/fit_eval.rs` plays games
//! between Medium-level players (noisy, from the seeded generator), solves
//! the positions 10, 12, 14, 16 and 18 turns before the end exactly, and
//! fits the weights by least squares to those exact values (repeated until
//! the weights in use fit the new sample about as well as a refit). On
//! positions of games held out, the error (root mean square, in tokens of
//! final difference) is 1.79 for the material difference alone and 1.12 for
//! these six features; a 2-turn look at where the opponent can send the
//! mover back cut it by 0.04 more only, for eight times the work: left out.
//! With the same search and time, these weights scored 16 of 20 points (50
//! ms per move) and 15 of 20 (100 ms) against material alone. See `AI.md`.

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
/// the number of opposing tokens it would remove (C5.2), 0 on one of the
/// mover's tokens (C6.2), -1 on an empty cell (C4.1), and -2 on a lone
/// token of the mover's with `replace_single`.
///
/// A closed form of what `crate::board::land_masks` does to the counts (tested equal to
/// it below), as it runs at every node.
#[inline(always)]
pub(crate) fn send_gain(me: u16, opp: u16, t: u32, options: Options) -> i32 {
    let bit = 1u16 << t;
    if opp & bit != 0 {
        // C5.2: the opponent's string from t clockwise goes; C5.3: with
        // `place` the played token takes the landing cell back.
        let run = opp.rotate_right(t).trailing_ones().min(16) as i32;
        run - i32::from(options.place_own())
    } else if me & bit != 0 {
        // C6.2: with `replace_single` a lone token of the mover's is taken.
        if options.replace_single() && me.rotate_right(t) & 0x8002 == 0 {
            -2
        } else {
            0
        }
    } else {
        -1
    }
}

/// The best place the mover can send the opponent to (C3.3): the largest
/// [`send_gain`] over the cells 1 to 8 ahead that `values` (bit `v - 1` for
/// value `v`) reach, from the masks (tested equal to the plain maximum).
#[inline(always)]
pub(crate) fn best_send(me: u16, opp: u16, values: u8, options: Options) -> i32 {
    let targets = u16::from(values) << 1;
    let hit = targets & opp;
    if hit != 0 {
        let mut best = 0;
        let mut h = hit;
        while h != 0 {
            let t = h.trailing_zeros();
            h &= h - 1;
            best = best.max(opp.rotate_right(t).trailing_ones().min(16) as i32);
        }
        return best - i32::from(options.place_own());
    }
    let exposed = if options.replace_single() {
        me & !me.rotate_left(1) & !me.rotate_right(1)
    } else {
        0
    };
    if targets & me & !exposed != 0 {
        0
    } else if targets & !(me | opp) != 0 {
        -1
    } else if targets != 0 {
        -2
    } else {
        0
    }
}

/// The features of a position after the mover's landing: `me`/`opp` the
/// masks turned so that the mover's landing cell is bit 0 (the value chosen
/// counts from it), `vm`/`vo` the values each holds (bit `v - 1` for value
/// `v`).
#[inline(always)]
pub fn features(me: u16, opp: u16, vm: u8, vo: u8, options: Options) -> [i32; FEATURES] {
    let material = me.count_ones() as i32 - opp.count_ones() as i32;
    // Adjacent pairs of a colour (each token of a string but the last),
    // and lone tokens.
    let pairs = |x: u16| (x & x.rotate_left(1)).count_ones() as i32;
    let lone = |x: u16| (x & !x.rotate_left(1) & !x.rotate_right(1)).count_ones() as i32;
    [
        material,
        best_send(me, opp, vm, options),
        pairs(me) - pairs(opp),
        vm.count_ones() as i32 - vo.count_ones() as i32,
        1,
        lone(me) - lone(opp),
    ]
}

/// The features of a state (for fitting the weights): those of the
/// position after the mover's landing, from the mover's side.
pub fn features_of(state: &crate::state::State) -> [i32; FEATURES] {
    let p = super::Pos::of(state);
    let (me, opp) = p.landed(state.options());
    features(me, opp, p.vm, p.vo, state.options())
}

/// The evaluation in `SCALE` units from the mover's side with `weights`
/// (normally [`WEIGHTS`]).
#[inline(always)]
pub fn evaluate(
    me: u16,
    opp: u16,
    vm: u8,
    vo: u8,
    options: Options,
    weights: &[i32; FEATURES],
) -> i32 {
    let f = features(me, opp, vm, vo, options);
    let mut s = 0;
    for i in 0..FEATURES {
        s += weights[i] * f[i];
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::land_masks;
    use crate::options::{OpponentLanding, OwnLanding};

    /// The closed form of `send_gain` is the count change of the real
    /// landing (C4-C6), for many boards, every cell and every option.
    #[test]
    fn send_gain_is_the_landing() {
        let mut x: u32 = 12345;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let a = x as u16;
            let b = (x >> 16) as u16 & !a;
            for own_landing in [OwnLanding::Discard, OwnLanding::Place] {
                for opponent_landing in [OpponentLanding::Discard, OpponentLanding::ReplaceSingle] {
                    let o = Options {
                        own_landing,
                        opponent_landing,
                    };
                    let values = (x >> 8) as u8;
                    let plain = (1..=8)
                        .filter(|v| values & (1 << (v - 1)) != 0)
                        .map(|v| send_gain(a, b, v, o))
                        .max()
                        .unwrap_or(0);
                    assert_eq!(
                        best_send(a, b, values, o),
                        plain,
                        "{a:016b} {b:016b} {values:08b} {o:?}"
                    );
                    for t in 0..16 {
                        let (opp2, me2, .., lead) = land_masks(b, a, t, o);
                        let real = (b.count_ones() as i32 - opp2.count_ones() as i32)
                            - (a.count_ones() as i32 - me2.count_ones() as i32);
                        assert_eq!(send_gain(a, b, t, o), real, "{a:016b} {b:016b} {t} {o:?}");
                        // The lander's change of lead is the same count.
                        assert_eq!(lead, -real, "{a:016b} {b:016b} {t} {o:?}");
                    }
                }
            }
        }
    }
}
