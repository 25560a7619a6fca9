//! The AI, on top of the state and not mixed into it: iterative-deepening
//! alpha-beta (negamax, principal-variation search) with a transposition
//! table, move ordering by the immediate gain of where a value sends the
//! opponent (C3.3), the table's move and a history table, a measured
//! evaluation ([`eval`]), and exact solving of the endgame: an iteration
//! that reaches the end of the game is exact, and the result says so
//! ([`SearchResult::solved`]).
//!
//! No clock: a search stops when its [`Limits`] are reached or when the
//! `stop` callback (called every 1,024 nodes with the nodes searched) says
//! so; [`deadline`] makes such a callback from any millisecond clock (the
//! Web Worker passes `performance.now()`). Progress is reported after each
//! completed depth.
//!
//! Scores are in [`SCALE`] units from the side of the player to move: one
//! token of final score difference (C7.1) is `SCALE`.

mod endgame;
pub mod eval;
mod level;
mod stats;
mod tt;

pub use level::{Level, greedy};

use crate::board::land_masks;
use crate::cell::Cell;
use crate::options::Options;
use crate::state::{Score, State};
use crate::value::Value;
use eval::send_gain;
use serde::{Deserialize, Serialize};
use tt::{EXACT_BOUND, LOWER, Table, UPPER};

/// Score units per token of score difference.
pub const SCALE: i32 = 100;
const INF: i32 = 30_000;
/// The stored depth of an entry searched to the end of the game.
const EXACT: u8 = 127;
/// Positions searched less deep than this (in turns, or to the end when
/// fewer turns are left) are not stored in a table (cheaper to search than
/// to look up).
const TT_MIN: u8 = 5;
/// Once an iteration would be this close to the end of the game, the search
/// goes to the end (measured: 3.4 times fewer nodes at 20 turns left than
/// deepening one turn at a time).
const JUMP: u8 = 8;
/// In a search to the end, positions with at most this many turns left
/// are searched by the endgame search (`endgame.rs`: no table, moves from
/// masks, the lead carried down, the last four turns in closed form).
/// Measured at 24 and 26 turns left: 10 to 14 give the same time (more
/// nodes, fewer table probes, as the limit rises); with the table down to
/// 5 turns left it took 2.2 times as long.
const ENDGAME: u8 = 12;
/// Positions with at most this many turns left go to a small table that
/// stays in the core's own cache; the others to the middle or main table.
const NEAR_REM: u8 = 10;
/// The small table's size: 256 KiB (measured best among 128 KiB to 2 MiB:
/// a larger one misses the cache more often than it saves nodes).
const NEAR_BYTES: usize = 256 << 10;
/// Positions with more turns left than the small table takes, up to this
/// many, go to a middle table that stays in the shared cache.
const MID_REM: u8 = 16;
/// The middle table's size: 4 MiB (measured: 15-20% faster than sending
/// these positions to the main table).
const MID_BYTES: usize = 4 << 20;
/// The default table size: 16 MiB (fine for the browser).
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// A position for the search, from the mover's side and turned so that the
/// mover lands on bit 0: the masks (bit `i` is the cell `i` cells clockwise
/// of the mover's landing cell), the packed hands (3 bits per value) and the
/// turns left. The circle looks the same from every cell, so the 16
/// rotations of a position share one table entry.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub me: u16,
    pub opp: u16,
    pub hm: u32,
    pub ho: u32,
    /// The values the mover holds, bit `v - 1` for value `v`.
    pub vm: u8,
    /// The values the opponent holds.
    pub vo: u8,
    pub rem: u8,
}

impl Pos {
    /// The search position of a state.
    pub fn of(s: &State) -> Pos {
        let p = s.to_move();
        let c = u32::from(s.next_cell().get());
        Pos {
            me: s.board().mask(p).rotate_right(c),
            opp: s.board().mask(p.other()).rotate_right(c),
            hm: s.hand(p).raw(),
            ho: s.hand(p.other()).raw(),
            vm: s.hand(p).values().0,
            vo: s.hand(p.other()).values().0,
            rem: s.turns_left(),
        }
    }

    /// The table key: masks and mover's hand; opponent's hand.
    #[inline(always)]
    fn key(&self) -> (u64, u32) {
        (
            u64::from(self.me) | u64::from(self.opp) << 16 | u64::from(self.hm) << 32,
            self.ho,
        )
    }

    /// The masks after the mover's landing on bit 0 (C4-C6).
    #[inline(always)]
    fn landed(&self, options: Options) -> (u16, u16) {
        let (me, opp, ..) = land_masks(self.me, self.opp, 0, options);
        (me, opp)
    }

    /// The position after the mover lands (`me`, `opp` already landed) and
    /// plays value index `i` (0-7), and whether the mover changed (not when
    /// the opponent's hand is empty: a pass).
    #[inline(always)]
    fn child(&self, me: u16, opp: u16, i: u32) -> (Pos, bool) {
        let hm = self.hm - (1 << (3 * i));
        let vm = if (hm >> (3 * i)) & 7 == 0 {
            self.vm & !(1 << i)
        } else {
            self.vm
        };
        let v = i + 1;
        if self.ho == 0 {
            let p = Pos {
                me: me.rotate_right(v),
                opp: opp.rotate_right(v),
                hm,
                ho: 0,
                vm,
                vo: 0,
                rem: self.rem - 1,
            };
            (p, false)
        } else {
            let p = Pos {
                me: opp.rotate_right(v),
                opp: me.rotate_right(v),
                hm: self.ho,
                ho: hm,
                vm: self.vo,
                vo: vm,
                rem: self.rem - 1,
            };
            (p, true)
        }
    }
}

/// The index of the largest key among `keys[from..n]` (the first on ties).
#[inline(always)]
fn pick(keys: &[i32; 8], from: usize, n: usize) -> usize {
    let mut b = from;
    for k in from + 1..n {
        if keys[k] > keys[b] {
            b = k;
        }
    }
    b
}

/// How far a search of `depth` turns reaches from a position with `rem`
/// turns left: the size class of its subtree, which picks the table.
#[inline(always)]
fn reach(depth: i32, rem: u8) -> u8 {
    if depth >= i32::from(rem) {
        rem
    } else {
        depth.max(0) as u8
    }
}

/// Whether a packed hand holds exactly one token (one field equal to 1).
#[inline(always)]
pub(crate) fn one_token(h: u32) -> bool {
    h != 0 && h & (h - 1) == 0 && h.trailing_zeros().is_multiple_of(3)
}

#[inline(always)]
fn diff(me: u16, opp: u16) -> i32 {
    (me.count_ones() as i32 - opp.count_ones() as i32) * SCALE
}

/// What bounds a search. `None`: no bound of that kind.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// The deepest iteration, in turns.
    pub depth: Option<u8>,
    /// The most nodes (checked every 1,024).
    pub nodes: Option<u64>,
}

impl Limits {
    /// No bound but the callback.
    pub const NONE: Limits = Limits {
        depth: None,
        nodes: None,
    };

    /// At most `n` nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(n),
        }
    }

    /// At most `d` turns deep.
    pub fn depth(d: u8) -> Limits {
        Limits {
            depth: Some(d),
            nodes: None,
        }
    }
}

/// A stop callback from a millisecond clock: true once `ms` have passed
/// since the first call of the clock (made here). In the browser the clock
/// is `performance.now()`; natively a closure over `std::time::Instant`.
pub fn deadline<F: FnMut() -> f64>(mut clock: F, ms: f64) -> impl FnMut(u64) -> bool {
    let start = clock();
    move |_| clock() - start >= ms
}

/// A callback that never stops a search (use [`Limits`] instead).
pub fn never(_nodes: u64) -> bool {
    false
}

/// Reported after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The depth completed, in turns.
    pub depth: u8,
    /// The best value so far.
    pub best: Option<Value>,
    /// Its score in [`SCALE`] units from the mover's side.
    pub score: i32,
    /// Whether the score is exact (the iteration reached the end of the game).
    pub exact: bool,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// How the AI chose its move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Method {
    /// The full search (Hard, Strongest; the case command).
    Search,
    /// A noisy level: each value scored a few turns ahead
    /// ([`Searcher::analyse`]) and noise added from the game's seeded
    /// generator, no search for the best line.
    Scored {
        /// The level.
        level: Level,
    },
    /// The search was stopped and the best move of its last completed
    /// depth played ("Move now", [`SearchResult::from_progress`]).
    Stopped,
}

/// The answer of a search, with the position it describes: a result is
/// about the move at `state` and nothing else (after an undo, the page
/// checks [`SearchResult::describes`] before showing it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchResult {
    /// The position searched (the mover is its player to move).
    pub state: State,
    /// How the move was chosen.
    pub method: Method,
    /// The value to play; `None` when the game is over.
    pub best: Option<Value>,
    /// Its score in [`SCALE`] units from the mover's side (the final score
    /// difference times `SCALE` when exact).
    pub score: i32,
    /// The deepest completed iteration, in turns.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
    /// When the search proved the result with best play by both sides: the
    /// final scores of the best line (C7.1).
    pub solved: Option<Score>,
    /// The best line found, from the table (to the end of the game when
    /// solved).
    pub line: Vec<Value>,
}

/// One legal value as the AI sees it ([`Searcher::analyse`], the hint).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEval {
    /// The value.
    pub value: Value,
    /// Where it sends the opponent's next token (C3.3).
    pub target: Cell,
    /// Its score in [`SCALE`] units from the mover's side.
    pub score: i32,
    /// Whether the score is exact (final score difference with best play).
    pub exact: bool,
    /// The depth of the search behind the score, in turns.
    pub depth: u8,
}

/// The searcher: owns the transposition table and history, kept from move
/// to move (a new game with other options clears them).
pub struct Searcher {
    weights: [i32; eval::FEATURES],
    tt: Table,
    near: Table,
    mid: Table,
    history: [[i32; 8]; 128],
    options: Options,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_TABLE_BYTES)
    }
}

/// One search's working state.
struct Run<'a> {
    weights: [i32; eval::FEATURES],
    tt: &'a mut Table,
    near: &'a mut Table,
    mid: &'a mut Table,
    history: &'a mut [[i32; 8]; 128],
    options: Options,
    nodes: u64,
    /// When `stop` and the limit are checked next.
    check: u64,
    limit: u64,
    stopped: bool,
    /// Whether `stop` is asked (not while the line of a proof is found).
    ask: bool,
    stop: &'a mut dyn FnMut(u64) -> bool,
}

impl Searcher {
    /// A searcher with a table of about `table_bytes` bytes.
    pub fn new(table_bytes: usize) -> Searcher {
        Searcher {
            weights: eval::WEIGHTS,
            tt: Table::new(table_bytes),
            near: Table::new(NEAR_BYTES.min(table_bytes)),
            mid: Table::new(MID_BYTES.min(table_bytes)),
            history: [[0; 8]; 128],
            options: Options::default(),
        }
    }

    /// Uses other evaluation weights (experiments: the default is
    /// [`eval::WEIGHTS`]); forgets what earlier searches learnt.
    pub fn set_weights(&mut self, weights: [i32; eval::FEATURES]) {
        self.weights = weights;
        self.clear();
    }

    /// The tables' size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes() + self.near.bytes()
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.near.clear();
        self.mid.clear();
        self.history = [[0; 8]; 128];
    }

    fn prepare(&mut self, options: Options) {
        if options != self.options {
            self.clear();
            self.options = options;
        }
        self.tt.next_generation();
        self.near.next_generation();
        self.mid.next_generation();
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
    }

    fn run<'a>(&'a mut self, limits: Limits, stop: &'a mut dyn FnMut(u64) -> bool) -> Run<'a> {
        Run {
            weights: self.weights,
            tt: &mut self.tt,
            near: &mut self.near,
            mid: &mut self.mid,
            history: &mut self.history,
            options: self.options,
            nodes: 0,
            check: 1024,
            limit: limits.nodes.unwrap_or(u64::MAX),
            stopped: false,
            ask: true,
            stop,
        }
    }

    /// Searches `state` by iterative deepening until it is solved, `limits`
    /// are reached or `stop` returns true; `progress` hears of each
    /// completed depth. The answer is that of the deepest completed depth
    /// (or better, from a partly searched one).
    pub fn search(
        &mut self,
        state: &State,
        limits: Limits,
        stop: &mut dyn FnMut(u64) -> bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        self.prepare(state.options());
        let p = Pos::of(state);
        if state.is_terminal() {
            return SearchResult {
                state: *state,
                method: Method::Search,
                best: None,
                score: diff(p.me, p.opp),
                depth: 0,
                nodes: 0,
                solved: Some(state.score()),
                line: Vec::new(),
            };
        }
        let max_depth = limits.depth.unwrap_or(u8::MAX).clamp(1, p.rem);
        let mut run = self.run(limits, stop);
        let mut best = 0u8;
        let mut score = 0;
        let mut depth = 0u8;
        let mut exact = false;
        let mut d = 0u8;
        while d < max_depth {
            d += 1;
            if max_depth == p.rem && d + JUMP >= p.rem {
                // Close to the end: straight to the exact search (the
                // shallower iterations would search the same bottom again).
                d = p.rem;
            }
            let (s, v, done) = run.root(p, i32::from(d), best);
            if done == usize::MAX {
                (best, score, depth) = (v, s, d);
                exact = d >= p.rem;
                progress(&Progress {
                    depth: d,
                    best: Value::new(best),
                    score,
                    exact,
                    nodes: run.nodes,
                });
            } else if done > 0 {
                // Stopped: the moves searched fully at this depth (the
                // previous best first) are better evidence than the last
                // depth completed.
                (best, score) = (v, s);
            }
            if run.stopped || exact {
                break;
            }
        }
        if best == 0 {
            // Not even depth 1 finished: the first move in static order.
            best = run.ordered(&p, 0).0[0];
        }
        let nodes = run.nodes;
        let (line, solved) = if exact {
            run.solved_line(state, nodes.max(1 << 20))
        } else {
            (run.table_line(&p, best, depth), None)
        };
        SearchResult {
            state: *state,
            method: Method::Search,
            best: Value::new(best),
            score,
            depth,
            nodes: run.nodes,
            solved,
            line,
        }
    }

    /// The AI's evaluation of every legal value (the hint): each is searched
    /// with a full window, deepening until `limits` or `stop`; the scores are
    /// those of the deepest depth completed for all values. Best first.
    pub fn analyse(
        &mut self,
        state: &State,
        limits: Limits,
        stop: &mut dyn FnMut(u64) -> bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> Vec<MoveEval> {
        self.analyse_counted(state, limits, stop, progress).0
    }

    /// [`Searcher::analyse`] with the nodes it searched.
    pub(crate) fn analyse_counted(
        &mut self,
        state: &State,
        limits: Limits,
        stop: &mut dyn FnMut(u64) -> bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> (Vec<MoveEval>, u64) {
        self.prepare(state.options());
        if state.is_terminal() {
            return (Vec::new(), 0);
        }
        let p = Pos::of(state);
        let max_depth = limits.depth.unwrap_or(u8::MAX).clamp(1, p.rem);
        let mut run = self.run(limits, stop);
        let opts = run.options;
        let (me, opp) = p.landed(opts);
        let moves: Vec<u8> = {
            let (v, n) = run.ordered(&p, 0);
            v[..n].to_vec()
        };
        let mut evals: Vec<MoveEval> = Vec::new();
        for d in 1..=max_depth {
            let mut these = Vec::with_capacity(moves.len());
            for &v in &moves {
                let (child, swap) = p.child(me, opp, u32::from(v) - 1);
                let s = if swap {
                    -run.negamax(child, i32::from(d) - 1, -INF, INF)
                } else {
                    run.negamax(child, i32::from(d) - 1, -INF, INF)
                };
                if run.stopped {
                    break;
                }
                let value = Value::new(v).expect("a value");
                these.push(MoveEval {
                    value,
                    target: state.target(value),
                    score: s,
                    exact: d >= p.rem,
                    depth: d,
                });
            }
            if run.stopped {
                break;
            }
            these.sort_by(|a, b| b.score.cmp(&a.score).then(a.value.cmp(&b.value)));
            progress(&Progress {
                depth: d,
                best: Some(these[0].value),
                score: these[0].score,
                exact: d >= p.rem,
                nodes: run.nodes,
            });
            evals = these;
        }
        if evals.is_empty() {
            // Not even depth 1 finished: the static order, unscored.
            evals = moves
                .iter()
                .map(|&v| {
                    let value = Value::new(v).expect("a value");
                    MoveEval {
                        value,
                        target: state.target(value),
                        score: 0,
                        exact: false,
                        depth: 0,
                    }
                })
                .collect();
        }
        (evals, run.nodes)
    }
}

impl Run<'_> {
    /// The table for positions with `rem` turns left, to read.
    #[inline(always)]
    fn table_ref(&self, rem: u8) -> &Table {
        if rem <= NEAR_REM {
            self.near
        } else if rem <= MID_REM {
            self.mid
        } else {
            self.tt
        }
    }

    /// The table for positions with `rem` turns left (one table per
    /// position, so every iteration finds the moves of the last).
    #[inline(always)]
    fn table(&mut self, rem: u8) -> &mut Table {
        if rem <= NEAR_REM {
            &mut *self.near
        } else if rem <= MID_REM {
            &mut *self.mid
        } else {
            &mut *self.tt
        }
    }

    /// Asks `stop` and the node limit (due every 1,024 nodes or so);
    /// whether to stop.
    #[inline(never)]
    fn poll(&mut self) -> bool {
        self.check = self.nodes + 1024;
        if self.nodes >= self.limit || (self.ask && (self.stop)(self.nodes)) {
            self.stopped = true;
        }
        self.stopped
    }

    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.check {
            // Every 1,024 nodes or so (leaves count in between).
            self.check = self.nodes + 1024;
            if self.nodes >= self.limit || (self.ask && (self.stop)(self.nodes)) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The mover's values (as numbers 1-8) with their order keys: `first`
    /// highest, then the immediate gain of where each sends the opponent
    /// (C3.3), then history. `me`/`opp` are the masks after the landing.
    #[inline(always)]
    fn keys(&self, p: &Pos, me: u16, opp: u16, first: u8) -> ([u8; 8], [i32; 8], usize) {
        let opts = self.options;
        let mut vals = [0u8; 8];
        let mut keys = [0i32; 8];
        let mut n = 0;
        let hist = &self.history[usize::from(p.rem)];
        let mut m = p.vm;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let v = i as u8 + 1;
            keys[n] = if v == first {
                i32::MAX
            } else {
                send_gain(me, opp, i + 1, opts) * (1 << 20) + hist[i as usize]
            };
            vals[n] = v;
            n += 1;
        }
        (vals, keys, n)
    }

    /// The mover's values in search order (see [`Run::keys`]).
    fn ordered(&self, p: &Pos, first: u8) -> ([u8; 8], usize) {
        let (me, opp) = p.landed(self.options);
        let (mut vals, mut keys, n) = self.keys(p, me, opp, first);
        for j in 0..n {
            let b = pick(&keys, j, n);
            vals.swap(j, b);
            keys.swap(j, b);
        }
        (vals, n)
    }

    /// The start of every node: the mover's landing, and the last three
    /// turns solved in closed form. `Ok` with the masks after the landing,
    /// or `Err` with the exact score (fail-soft against `beta`).
    #[inline(always)]
    fn settle(&mut self, p: &Pos, beta: i32) -> Result<(u16, u16), i32> {
        let opts = self.options;
        if p.rem == 0 {
            return Err(diff(p.me, p.opp));
        }
        let (me, opp) = p.landed(opts);
        if p.rem == 1 {
            return Err(diff(me, opp));
        }
        if p.rem == 2 && p.ho != 0 {
            // One token each: no choice left. The mover's value sends the
            // opponent's last token to its cell (the position in between
            // counts as a node).
            self.nodes += 1;
            let v = p.hm.trailing_zeros() / 3 + 1;
            let (opp, me, ..) = land_masks(opp, me, v, opts);
            return Err(diff(me, opp));
        }
        if p.rem == 3 && one_token(p.ho) {
            // The mover's two tokens against the opponent's last: the
            // mover chooses which goes first, nothing else is left to
            // choose (each value tried counts two nodes, as the search
            // would visit them).
            let w = p.ho.trailing_zeros() / 3 + 1;
            let mut best = -INF;
            let mut h = p.hm;
            while h != 0 {
                let v = h.trailing_zeros() / 3 + 1;
                h &= !(7 << (3 * (v - 1)));
                self.nodes += 2;
                let (o2, m2, ..) = land_masks(opp, me, v, opts);
                let (m3, o3, ..) = land_masks(m2, o2, (v + w) & 15, opts);
                best = best.max(diff(m3, o3));
                if best >= beta {
                    break;
                }
            }
            return Err(best);
        }
        Ok((me, opp))
    }

    /// A node at the horizon (depth 0): exact in the last three turns, else
    /// the evaluation.
    #[inline(always)]
    fn horizon(&mut self, p: &Pos, beta: i32) -> i32 {
        self.nodes += 1;
        match self.settle(p, beta) {
            Ok((me, opp)) => eval::evaluate(me, opp, p.vm, p.vo, self.options, &self.weights),
            Err(s) => s,
        }
    }

    /// Fail-soft negamax with principal-variation search.
    fn negamax(&mut self, p: Pos, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let opts = self.options;
        let (me, opp) = match self.settle(&p, beta) {
            Ok(masks) => masks,
            Err(s) => return s,
        };
        if depth <= 0 {
            return eval::evaluate(me, opp, p.vm, p.vo, opts, &self.weights);
        }
        if p.rem <= ENDGAME && depth >= i32::from(p.rem) {
            let lead = me.count_ones() as i32 - opp.count_ones() as i32;
            return self.endgame_moves(&p, me, opp, lead, alpha, beta);
        }
        let need = if depth >= i32::from(p.rem) {
            EXACT
        } else {
            depth as u8
        };
        let reach = reach(depth, p.rem);
        let use_tt = reach >= TT_MIN;
        let (k1, k2) = p.key();
        let mut first = 0;
        if use_tt && let Some(e) = self.table(p.rem).probe(k1, k2) {
            first = e.best();
            if e.depth >= need {
                let s = i32::from(e.score);
                match e.bound() {
                    EXACT_BOUND => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // Moves are picked best first as they are needed: most nodes cut
        // on the first, so sorting them all would be wasted.
        let (mut vals, mut keys, n) = self.keys(&p, me, opp, first);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_v = 0u8;
        for j in 0..n {
            let b = pick(&keys, j, n);
            vals.swap(j, b);
            keys.swap(j, b);
            let v = vals[j];
            let (child, swap) = p.child(me, opp, u32::from(v) - 1);
            let s = if depth == 1 {
                // Leaves in line: one static value, no window to refine.
                if swap {
                    -self.horizon(&child, -alpha)
                } else {
                    self.horizon(&child, beta)
                }
            } else if !swap {
                self.negamax(child, depth - 1, alpha, beta)
            } else if j == 0 {
                -self.negamax(child, depth - 1, -beta, -alpha)
            } else {
                let s = -self.negamax(child, depth - 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(child, depth - 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_v = v;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        let h = &mut self.history[usize::from(p.rem)][usize::from(v - 1)];
                        *h = (*h + depth * depth).min(1 << 19);
                        break;
                    }
                }
            }
        }
        if use_tt {
            let bound = if best <= alpha0 {
                UPPER
            } else if best >= beta {
                LOWER
            } else {
                EXACT_BOUND
            };
            self.table(p.rem).store(k1, k2, best, need, bound, best_v);
        }
        best
    }

    /// The root: every move searched (PVS), `first` first. Returns the best
    /// score and value among the moves searched fully, and how many were:
    /// `usize::MAX` when all were.
    fn root(&mut self, p: Pos, depth: i32, first: u8) -> (i32, u8, usize) {
        let opts = self.options;
        let (me, opp) = p.landed(opts);
        let (vals, n) = self.ordered(&p, first);
        let mut alpha = -INF;
        let beta = INF;
        let mut best = -INF;
        let mut best_v = 0u8;
        for (j, &v) in vals[..n].iter().enumerate() {
            let (child, swap) = p.child(me, opp, u32::from(v) - 1);
            let s = if !swap {
                self.negamax(child, depth - 1, alpha, beta)
            } else if j == 0 {
                -self.negamax(child, depth - 1, -beta, -alpha)
            } else {
                let s = -self.negamax(child, depth - 1, -alpha - 1, -alpha);
                if s > alpha && !self.stopped {
                    -self.negamax(child, depth - 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.stopped {
                return (best, best_v, j);
            }
            if s > best {
                best = s;
                best_v = v;
                alpha = alpha.max(s);
            }
        }
        let reach = reach(depth, p.rem);
        if reach >= TT_MIN {
            let (k1, k2) = p.key();
            let need = if depth >= i32::from(p.rem) {
                EXACT
            } else {
                depth as u8
            };
            self.table(p.rem)
                .store(k1, k2, best, need, EXACT_BOUND, best_v);
        }
        (best, best_v, usize::MAX)
    }

    /// The best line after a proof: each position on it solved again (the
    /// table makes it cheap), with the final scores; `None` for the scores
    /// if that takes more than `budget` nodes.
    fn solved_line(&mut self, state: &State, budget: u64) -> (Vec<Value>, Option<Score>) {
        let old_limit = std::mem::replace(&mut self.limit, self.nodes.saturating_add(budget));
        self.check = self.nodes;
        self.ask = false;
        self.stopped = false;
        let mut s = *state;
        let mut line = Vec::new();
        let mut complete = true;
        while !s.is_terminal() {
            let p = Pos::of(&s);
            let first = self
                .table(p.rem)
                .probe(p.key().0, p.key().1)
                .map_or(0, |e| e.best());
            let (_, v, done) = self.root(p, i32::from(p.rem), first);
            if done != usize::MAX {
                complete = false;
                break;
            }
            let v = Value::new(v).expect("a value");
            line.push(v);
            s.apply(v);
        }
        self.ask = true;
        self.limit = old_limit;
        (line, complete.then(|| s.score()))
    }

    /// The best line as far as the table knows it (at most `depth` turns).
    fn table_line(&self, p: &Pos, best: u8, depth: u8) -> Vec<Value> {
        let mut line = Vec::new();
        let mut p = *p;
        let mut v = best;
        while v != 0 && p.rem > 0 && line.len() < usize::from(depth.max(1)) {
            let i = u32::from(v) - 1;
            if (p.hm >> (3 * i)) & 7 == 0 {
                break;
            }
            line.push(Value::new(v).expect("a value"));
            let (me, opp) = p.landed(self.options);
            p = p.child(me, opp, i).0;
            let r = reach(i32::from(depth) - line.len() as i32, p.rem);
            v = if r >= TT_MIN {
                self.table_ref(p.rem)
                    .probe(p.key().0, p.key().1)
                    .map_or(0, |e| e.best())
            } else {
                0
            };
        }
        line
    }
}
