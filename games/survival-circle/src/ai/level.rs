//! Playing levels, from a beginner who looks one turn ahead with a lot of
//! noise to the full search.

use super::{Limits, Method, MoveEval, Progress, SCALE, SearchResult, Searcher};
use crate::state::State;
use crate::value::Value;
use console_core::rng::GameRng;
use serde::{Deserialize, Serialize};

/// How strongly the AI plays. Serialised in lower case.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// One turn ahead, with noise of up to 1.5 tokens on each value's score.
    Beginner,
    /// Two turns ahead, noise up to 0.8 tokens.
    Easy,
    /// Four turns ahead, noise up to 0.3 tokens.
    Medium,
    /// The full search, at most 8 turns deep (solves the last 8 turns).
    Hard,
    /// The full search within the caller's budget.
    #[default]
    Strongest,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Strongest,
    ];

    /// The label the app shows.
    pub fn label(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Strongest => "Strongest",
        }
    }

    /// The deepest search of the level, in turns (`None`: the budget only).
    pub fn depth(self) -> Option<u8> {
        match self {
            Level::Beginner => Some(1),
            Level::Easy => Some(2),
            Level::Medium => Some(4),
            Level::Hard => Some(8),
            Level::Strongest => None,
        }
    }

    /// The noise added to each value's score, at most this many
    /// [`SCALE`] units either way (0: none, the full search is used).
    pub fn noise(self) -> i32 {
        match self {
            Level::Beginner => 3 * SCALE / 2,
            Level::Easy => 4 * SCALE / 5,
            Level::Medium => 3 * SCALE / 10,
            Level::Hard | Level::Strongest => 0,
        }
    }
}

impl Searcher {
    /// The AI's move at `level`: noisy levels score every value
    /// ([`Searcher::analyse`] at the level's depth) and add noise from
    /// `rng` (the game's seeded generator); the others search
    /// ([`Searcher::search`]) within `limits`, `stop` and the level's depth.
    ///
    /// # Panics
    ///
    /// Never: a noisy level only scores a state that is not over, whose mover
    /// holds at least one value, and the analysis returns every legal value
    /// (unscored if stopped before depth 1).
    pub fn choose(
        &mut self,
        state: &State,
        level: Level,
        rng: &mut GameRng,
        limits: Limits,
        stop: &mut dyn FnMut(u64) -> bool,
        progress: &mut dyn FnMut(&Progress),
    ) -> SearchResult {
        let depth = match (level.depth(), limits.depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let limits = Limits { depth, ..limits };
        if level.noise() == 0 || state.is_terminal() {
            return self.search(state, limits, stop, progress);
        }
        let (evals, nodes) = self.analyse_counted(state, limits, stop, progress);
        let noise = level.noise();
        let mut best: Option<(i32, MoveEval)> = None;
        for e in evals {
            let jitter = rng.below(2 * noise as usize + 1) as i32 - noise;
            let s = e.score + jitter;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, e));
            }
        }
        let (_, e) = best.expect("a legal value");
        SearchResult {
            state: *state,
            method: Method::Scored { level },
            best: Some(e.value),
            score: e.score,
            depth: e.depth,
            nodes,
            solved: None,
            line: vec![e.value],
        }
    }
}

/// The greedy player (a benchmark opponent, not a level): the value that
/// sends the opponent where their token does worst right now, ties to the
/// lowest value.
pub fn greedy(state: &State) -> Option<Value> {
    let p = super::Pos::of(state);
    let opts = state.options();
    let (me, opp) = p.landed(opts);
    state.legal_values().iter().max_by_key(|v| {
        (
            super::eval::send_gain(me, opp, u32::from(v.get()), opts),
            -i32::from(v.get()),
        )
    })
}
