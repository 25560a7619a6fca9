//! A pasted record read against the game (By forum, C8.1, C8.2): each
//! move's verdict in words, a page of them at a time, and what playing
//! the record would do. Plain data and pure functions over the engine (no
//! web dependency): the Forum screen runs it on the page for a short
//! paste, and the circle's Web Worker (`src/bin/circle-worker.rs`) for a
//! long one, so a thread's whole record of a megabyte never holds the
//! page. The rulings are the engine's ([`Game::paste`],
//! [`Game::play_text`], [`Game::check_post`]); this module only words
//! them. A long player's post is read in the worker the same way.

use serde::{Deserialize, Serialize};
use survival_circle::notation::Played;
use survival_circle::post::landing_text;
use survival_circle::{Against, Doubt, Game, Preview, Value};

/// What pasting a text into a game would do, worked out on a copy: the
/// game after it, each move's verdict and how it compares with the game
/// (whole records), how many moves are new, and where a whole record and
/// the game part.
pub struct Check {
    /// The game after the text's moves (unchanged when nothing can be
    /// played: a parting record, C8.1).
    pub after: Game,
    moves: Vec<Played>,
    against: Vec<Against>,
    /// Accepted moves new to the game.
    pub added: usize,
    conflict: Option<String>,
}

/// Reads `text` against `game` (on a copy): a whole record from the
/// game's start when `whole` (C8.1, [`Game::paste`]), else the next move
/// or moves ([`Game::play_text`]). Linear in the text.
pub fn check(game: &Game, text: &str, whole: bool) -> Check {
    let mut after = game.clone();
    if whole {
        let p = after.paste(text);
        let conflict = p.parting.map(|pt| {
            let letter = |n: usize| game.state_at(n - 1).to_move().letter();
            format!(
                "the record differs from this game's moves at turn {}: the record has {}{}, the game {}{}",
                pt.turn,
                letter(pt.turn),
                pt.record,
                letter(pt.turn),
                pt.game
            )
        });
        Check {
            after,
            moves: p.moves,
            against: p.against,
            added: p.added,
            conflict,
        }
    } else {
        let moves = after.play_text(text);
        let added = moves.iter().filter(|m| m.result.is_ok()).count();
        Check {
            after,
            moves,
            against: Vec::new(),
            added,
            conflict: None,
        }
    }
}

/// One move of a record in words, the player's text apart from the
/// console's (the page isolates it, so a direction override in
/// it cannot turn the reason around): `3. R1: R1 on cell 7, ...` is
/// number 3, text `R1`, says `: R1 on cell 7, ...`; a rejected move is
/// quoted, `3. “R9” rejected: ...`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// Whether it will be played (or is already).
    pub ok: bool,
    /// 1-based place among the text's moves.
    pub number: usize,
    /// The move as written.
    pub text: String,
    /// Whether the move itself was rejected (its text is quoted).
    pub rejected: bool,
    /// What the console says of it, after the text.
    pub says: String,
}

/// A page of a record's verdicts and what playing it would do: what the
/// Forum screen shows (sent as JSON by the worker for a long record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdicts {
    /// At most the asked number of moves in words, each with whether it is
    /// good: all in order when they fit, else the rejected ones first, then
    /// the rest (each in order; every line is numbered), so what will not
    /// be played comes before the thousands that will.
    pub lines: Vec<Verdict>,
    /// How many moves the text has (all of them have a verdict).
    pub total: usize,
    /// Why nothing can be played, if so.
    pub refusal: Option<String>,
    /// Accepted moves new to the game.
    pub added: usize,
    /// Record and game part with no move rejected: the record's line can
    /// restart the game from there ([`Game::restart_from_record`]).
    pub parts: bool,
    /// The accepted moves' values in order (`5 3 8`, no colours: read from
    /// the same start they give the same moves): what the play and restart
    /// buttons replay, so a long text is not read again on the page.
    pub record: String,
}

impl Check {
    fn rejected(&self) -> usize {
        self.moves.iter().filter(|m| m.result.is_err()).count()
    }

    /// Why nothing can be played, if so.
    pub fn refusal(&self) -> Option<String> {
        if let Some(why) = &self.conflict {
            return Some(why.clone());
        }
        match self.rejected() {
            0 => None,
            1 => Some("1 move is rejected".to_string()),
            n => Some(format!("{n} moves are rejected")),
        }
    }

    /// Whether move `i` is good (accepted and not where the record parts
    /// with the game).
    fn good(&self, i: usize) -> bool {
        self.moves[i].result.is_ok()
            && !matches!(self.against.get(i), Some(Against::Differs { .. }))
    }

    /// Move `i` in words, with whether it is good: `3. R1: R1 on cell 7,
    /// ... (already played)` as a [`Verdict`].
    fn line(&self, i: usize) -> Verdict {
        let m = &self.moves[i];
        let says = match &m.result {
            Ok(r) => {
                let note = match self.against.get(i) {
                    Some(Against::Same) => " (already played)".to_string(),
                    Some(Against::Differs { game }) => format!(
                        ": the game played {}{game} at this turn, record and game part here",
                        r.player.letter()
                    ),
                    Some(Against::AfterParting) => {
                        " (after the parting: the record's own line)".to_string()
                    }
                    _ => String::new(),
                };
                format!(
                    ": {}{} on cell {}, on {}{note}",
                    r.player.letter(),
                    r.value,
                    r.cell,
                    landing_text(r),
                )
            }
            Err(e) => format!(" rejected: {e}"),
        };
        Verdict {
            ok: self.good(i),
            number: m.index,
            text: m.text.clone(),
            rejected: m.result.is_err(),
            says,
        }
    }

    /// The first `shown` verdicts (see [`Verdicts::lines`] for the order)
    /// and the rest of what the screen shows; only the lines shown are
    /// worded.
    pub fn verdicts(&self, shown: usize) -> Verdicts {
        let total = self.moves.len();
        let lines = if total <= shown {
            (0..total).map(|i| self.line(i)).collect()
        } else {
            let bad = (0..total).filter(|&i| !self.good(i));
            let ok = (0..total).filter(|&i| self.good(i));
            bad.chain(ok).take(shown).map(|i| self.line(i)).collect()
        };
        let refusal = self.refusal();
        let record: Vec<String> = self
            .moves
            .iter()
            .filter_map(|m| m.result.as_ref().ok().map(|r| r.value.to_string()))
            .collect();
        Verdicts {
            lines,
            total,
            parts: self.conflict.is_some() && self.rejected() == 0,
            refusal,
            added: self.added,
            record: record.join(" "),
        }
    }
}

/// A post read against the game: what it plays (if one move is read
/// without doubt), in words, and the moves a doubtful post offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostCheck {
    /// The value to play, when the post is read without doubt.
    pub value: Option<Value>,
    /// How the move was read, or the doubt.
    pub read: String,
    /// What the move does (the engine's preview).
    pub does: Option<String>,
    /// Text of the post not read, with why.
    pub unused: Vec<String>,
    /// A doubtful post's moves the position accepts: one click plays one.
    pub choices: Vec<(Value, String)>,
    /// Who posted it, when its header line names a side's player (C9.4).
    pub by: Option<String>,
}

/// Reads a player's post against the game (C8.6, C8.7, C9.4): the
/// engine's reading in words.
pub fn check_post(game: &Game, text: &str) -> PostCheck {
    let state = game.state();
    let (author, reading, result) = game.check_post(text);
    let by = author.map(|a| {
        format!(
            "Posted by {}: {}{} (line {}, not read for a move).",
            a.name,
            game.who(a.side),
            if a.former {
                ", a former name of the side (replaced)"
            } else {
                ""
            },
            a.line
        )
    });
    let unused = reading
        .unused
        .iter()
        .map(|u| format!("“{}” (line {}): {}", u.text, u.line, u.reason))
        .collect();
    let preview = Preview::of(state);
    let does = |v: Value| preview.as_ref().and_then(|p| p.text(v));
    match result {
        Ok(m) => PostCheck {
            value: Some(m.value),
            read: m.how(),
            does: does(m.value),
            unused,
            choices: Vec::new(),
            by,
        },
        Err(doubt) => {
            let choices = match &doubt {
                Doubt::Several { moves } => moves
                    .iter()
                    .filter_map(|f| {
                        let v = state.check_raw(f.raw()).ok()?;
                        Some((v, f.how(state.to_move())))
                    })
                    .collect(),
                _ => Vec::new(),
            };
            PostCheck {
                value: None,
                read: format!("Not played: {doubt}."),
                does: None,
                unused,
                choices,
                by,
            }
        }
    }
}
