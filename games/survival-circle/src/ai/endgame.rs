//! The exact search near the end of the game: plain fail-soft alpha-beta
//! on the search position, without the transposition table or history
//! (measured: positions near the end almost never repeat, and ordering by
//! the immediate gain of where a value sends the opponent is as good as
//! the table's move there), with the moves generated lazily from masks
//! (most nodes cut on the first move), the lead carried down the tree
//! instead of counted at the leaves, and the last four turns in closed
//! form.

use super::{INF, Pos, Run, SCALE, one_token};
use crate::board::land_masks;

impl Run<'_> {
    /// An exact node: `d` is the mover's lead (own tokens minus the
    /// opponent's on the board, in tokens) before the mover's landing.
    /// Fail-soft against (`alpha`, `beta`), in [`SCALE`] units.
    fn endgame(&mut self, p: &Pos, d: i32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if p.rem == 0 {
            return d * SCALE;
        }
        let opts = self.options;
        let (me, opp, .., g) = land_masks(p.me, p.opp, 0, opts);
        let d = d + g;
        match p.rem {
            1 => d * SCALE,
            2 if p.ho != 0 => {
                // One token each: the mover's last value sends the
                // opponent's last token (the position between counts as a
                // node).
                self.nodes += 1;
                let v = p.hm.trailing_zeros() / 3 + 1;
                let g = land_masks(opp, me, v, opts).5;
                (d - g) * SCALE
            }
            3 if one_token(p.ho) => {
                // Two tokens against the opponent's last: which goes first
                // (each value tried counts two nodes).
                let w = p.ho.trailing_zeros() / 3 + 1;
                let mut best = -INF;
                let mut h = p.hm;
                while h != 0 {
                    let v = h.trailing_zeros() / 3 + 1;
                    h &= !(7 << (3 * (v - 1)));
                    self.nodes += 2;
                    let (o2, m2, .., g1) = land_masks(opp, me, v, opts);
                    let g2 = land_masks(m2, o2, (v + w) & 15, opts).5;
                    best = best.max((d - g1 + g2) * SCALE);
                    if best >= beta {
                        break;
                    }
                }
                best
            }
            4 if p.ho != 0 && !one_token(p.ho) && !one_token(p.hm) => {
                // Two tokens each: the mover picks which goes first (where
                // the opponent lands), the opponent which of theirs (where
                // the mover lands), and the last two landings follow. Each
                // line counts the nodes the search would visit.
                let mut best = -INF;
                let mut h = p.hm;
                while h != 0 {
                    let a = h.trailing_zeros() / 3 + 1;
                    h &= !(7 << (3 * (a - 1)));
                    let b = (p.hm - (1 << (3 * (a - 1)))).trailing_zeros() / 3 + 1;
                    self.nodes += 1;
                    let (o1, m1, .., g1) = land_masks(opp, me, a, opts);
                    let d1 = d - g1;
                    let mut worst = INF;
                    let mut k = p.ho;
                    while k != 0 {
                        let c = k.trailing_zeros() / 3 + 1;
                        k &= !(7 << (3 * (c - 1)));
                        self.nodes += 2;
                        let (m2, o2, .., g2) = land_masks(m1, o1, (a + c) & 15, opts);
                        let g3 = land_masks(o2, m2, (a + c + b) & 15, opts).5;
                        worst = worst.min((d1 + g2 - g3) * SCALE);
                        if worst <= best.max(alpha) {
                            break;
                        }
                    }
                    best = best.max(worst);
                    if best >= beta {
                        break;
                    }
                }
                best
            }
            _ => self.endgame_moves(p, me, opp, d, alpha, beta),
        }
    }

    /// The child where value `t` sends the opponent, searched exactly
    /// (`landed`: the masks and the mover's lead after its landing).
    #[inline(always)]
    fn endgame_child(
        &mut self,
        p: &Pos,
        landed: (u16, u16, i32),
        t: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let (me, opp, d) = landed;
        let (child, swap) = p.child(me, opp, t - 1);
        if swap {
            -self.endgame(&child, -d, -beta, -alpha)
        } else {
            self.endgame(&child, d, alpha, beta)
        }
    }

    /// The mover's moves of an exact node after its landing (`me`, `opp`;
    /// `d` the mover's lead in tokens), best first by where they send the
    /// opponent: onto the opponent's own tokens, longest string first (they
    /// remove it, C5.2); then onto the mover's tokens (discarded, C6.2);
    /// then onto empty cells (placed, C4.1); with `replace_single`, onto
    /// the mover's lone tokens last. Ties: the smaller value first.
    /// Fail-soft against (`alpha`, `beta`).
    pub(super) fn endgame_moves(
        &mut self,
        p: &Pos,
        me: u16,
        opp: u16,
        d: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.nodes >= self.check && self.poll() {
            return 0;
        }
        let targets = u16::from(p.vm) << 1;
        let mut best = -INF;
        let mut hits = targets & opp;
        while hits != 0 {
            let mut t = hits.trailing_zeros();
            let mut run = opp.rotate_right(t).trailing_ones();
            let mut rest = hits & (hits - 1);
            while rest != 0 {
                let u = rest.trailing_zeros();
                rest &= rest - 1;
                let r = opp.rotate_right(u).trailing_ones();
                if r > run {
                    (t, run) = (u, r);
                }
            }
            hits &= !(1 << t);
            let s = self.endgame_child(p, (me, opp, d), t, alpha, beta);
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        return best;
                    }
                }
            }
        }
        let exposed = if self.options.replace_single() {
            me & !me.rotate_left(1) & !me.rotate_right(1)
        } else {
            0
        };
        for group in [
            targets & me & !exposed,
            targets & !(me | opp),
            targets & exposed,
        ] {
            let mut g = group;
            while g != 0 {
                let t = g.trailing_zeros();
                g &= g - 1;
                let s = self.endgame_child(p, (me, opp, d), t, alpha, beta);
                if self.stopped {
                    return 0;
                }
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        if s >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        best
    }
}
