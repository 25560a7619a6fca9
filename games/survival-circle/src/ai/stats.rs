//! What a search result says about the move it chose: the position it
//! describes (so a page never shows the figures of a move taken back),
//! the figures of a search stopped early ("Move now"), and the words the
//! page shows, true for every level (the noisy levels do not search).

use super::{Method, Progress, SCALE, SearchResult};
use crate::game::Game;
use crate::state::State;

impl SearchResult {
    /// The result of a search stopped by the page ("Move now"): the best
    /// value of its last completed depth, `progress`, for the position
    /// `state` the search was asked about.
    pub fn from_progress(state: &State, progress: &Progress) -> SearchResult {
        SearchResult {
            state: *state,
            method: Method::Stopped,
            best: progress.best,
            score: progress.score,
            depth: progress.depth,
            nodes: progress.nodes,
            solved: None,
            line: progress.best.into_iter().collect(),
        }
    }

    /// The turn of the move this result chose, from 1 (C2.2).
    pub fn turn(&self) -> u8 {
        self.state.turns_played() + 1
    }

    /// Whether the result describes a move of `game` as it stands: the
    /// game went through [`SearchResult::state`] and played
    /// [`SearchResult::best`] there. False once that move is undone or
    /// replaced, so figures of a move taken back are never shown with the
    /// move played instead. (Two searches of the same position that chose
    /// the same value cannot be told apart: the page keeps the result of
    /// the move it played last, including one played with "Move now",
    /// [`SearchResult::from_progress`].)
    pub fn describes(&self, game: &Game) -> bool {
        let start = game.start().turns_played();
        let Some(k) = self.state.turns_played().checked_sub(start) else {
            return false;
        };
        let k = usize::from(k);
        let moves = game.moves();
        k < moves.len() && Some(moves[k]) == self.best && game.state_at(k) == self.state
    }

    /// What the AI did for this move, in words, with the time spent if
    /// known (`ms`, milliseconds): `The AI's move at turn 12, B5: searched
    /// 9 turns deep, 1.2 M nodes in 0.50 s (2.4 M nodes/s).`, `... solved
    /// to the end of the game (26 turns), ...: Blue 4, Red 5 with best
    /// play.`, `The AI's move at turn 3, R5: Beginner scored each of its 8
    /// values 1 turn ahead (no deeper search) and added noise of up to 1.5
    /// tokens; 8 positions looked at.`
    pub fn text(&self, ms: Option<f64>) -> String {
        let who = self.state.to_move().letter();
        let mut s = match self.best {
            Some(v) => format!("The AI's move at turn {}, {who}{v}: ", self.turn()),
            None => "The game is over: no move. ".to_string(),
        };
        let time = |s: &mut String| {
            if let Some(ms) = ms {
                s.push_str(&format!(" in {:.2} s", ms / 1000.0));
                if self.nodes > 0 && ms > 0.0 {
                    let rate = (self.nodes as f64 / (ms / 1000.0)) as u64;
                    s.push_str(&format!(" ({} nodes/s)", count(rate)));
                }
            }
        };
        match self.method {
            Method::Search if self.solved.is_some() && self.best.is_some() => {
                s.push_str(&format!(
                    "solved to the end of the game ({}), {}",
                    turns(self.state.turns_left()),
                    nodes(self.nodes)
                ));
                time(&mut s);
            }
            Method::Search => {
                s.push_str(&format!(
                    "searched {} deep, {}",
                    turns(self.depth),
                    nodes(self.nodes)
                ));
                time(&mut s);
            }
            Method::Stopped => {
                s.push_str(&format!(
                    "stopped (Move now) after a search {} deep, {}",
                    turns(self.depth),
                    nodes(self.nodes)
                ));
                time(&mut s);
                s.push_str(": the best value of that depth");
            }
            Method::Scored { level } => {
                let values = self.state.legal_values().len();
                s.push_str(&format!(
                    "{} scored each of its {values} value{} {} ahead (no deeper search) and added noise of up to {} tokens; {} looked at",
                    level.label(),
                    if values == 1 { "" } else { "s" },
                    turns(self.depth),
                    tokens(level.noise()),
                    plural(self.nodes, "position")
                ));
                time(&mut s);
            }
        }
        if let Some(score) = self.solved {
            s.push_str(&format!(
                ": Blue {}, Red {} with best play",
                score.blue, score.red
            ));
        }
        s.push('.');
        s
    }
}

/// `1 turn`, `9 turns`.
fn turns(n: u8) -> String {
    plural(u64::from(n), "turn")
}

/// `1 node`, `8 nodes`, `1.2 M nodes`.
fn nodes(n: u64) -> String {
    plural(n, "node")
}

/// `n thing` / `n things`, with `n` as [`count`] writes it.
fn plural(n: u64, thing: &str) -> String {
    format!("{} {thing}{}", count(n), if n == 1 { "" } else { "s" })
}

/// `999`, `12,345`, `1.2 M`.
fn count(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.1} M", n as f64 / 1e6)
    } else if n >= 1000 {
        format!("{},{:03}", n / 1000, n % 1000)
    } else {
        n.to_string()
    }
}

/// Score units as tokens: `1.5`, `0.3`.
fn tokens(units: i32) -> String {
    let t = f64::from(units) / f64::from(SCALE);
    if units % SCALE == 0 {
        format!("{t:.0}")
    } else {
        format!("{t:.1}")
    }
}
