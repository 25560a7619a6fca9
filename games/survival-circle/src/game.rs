//! The app's game: a start state, the moves played (with undo and redo),
//! the players' names and the mode, all plain data; everything else is
//! replayed from them.

use crate::ai::Level;
use crate::forfeit::{Author, Forfeit, Replacement, header_name};
use crate::notation::Rejection;
use crate::notation::{Played, play_text, write_moves};
use crate::options::Options;
use crate::player::Player;
use crate::post_move::{Doubt, PostMove, PostReading, Unused, read_post};
use crate::state::{MoveReport, Outcome, State, Undo};
use crate::value::Value;
use console_core::rng::GameRng;
use serde::{Deserialize, Serialize};

/// The players' names (free text; posts escape them). Serialised
/// `{"Blue": ..., "Red": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// Blue's name.
    #[serde(rename = "Blue")]
    pub blue: String,
    /// Red's name.
    #[serde(rename = "Red")]
    pub red: String,
}

impl Players {
    /// A player's name.
    pub fn name(&self, p: Player) -> &str {
        match p {
            Player::Blue => &self.blue,
            Player::Red => &self.red,
        }
    }
}

impl Default for Players {
    fn default() -> Players {
        Players {
            blue: "Blue".to_string(),
            red: "Red".to_string(),
        }
    }
}

/// How the game is played. Serialised with a `kind` member:
/// `{"kind": "hot_seat"}`, `{"kind": "vs_ai", "ai": "Red", "level":
/// "medium"}`, `{"kind": "forum"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Mode {
    /// Two people at one screen.
    #[default]
    HotSeat,
    /// Against the AI, which plays `ai` at `level`.
    VsAi {
        /// The colour the AI plays.
        ai: Player,
        /// Its strength.
        level: Level,
    },
    /// By forum or Discord: moves pasted as records, positions copied as
    /// posts (C8).
    Forum,
}

/// How a move of a pasted record compares with the game (C8.1: the
/// record is read from the game's start, turn by turn).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "is", rename_all = "snake_case")]
pub enum Against {
    /// The game played the same value at this turn: already played.
    Same,
    /// The first turn where record and game part: the record plays
    /// another value than the game did.
    Differs {
        /// The value the game played at this turn.
        game: Value,
    },
    /// After the turn where they part: the record's own line.
    AfterParting,
    /// Beyond the game's moves, the record agreeing so far: new.
    New,
    /// Not a move (rejected, C8.2): it takes no turn.
    Rejected,
}

/// Where a record and the game part.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Parting {
    /// The move's place from the game's start, from 1 (the turn number in
    /// a game from the start).
    pub turn: usize,
    /// The record's value there.
    pub record: Value,
    /// The game's value there.
    pub game: Value,
}

/// The result of pasting a whole record from the start ([`Game::paste`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paste {
    /// Each move of the text: what it did on the record's line from the
    /// game's start, or why it was rejected (C8.2).
    pub moves: Vec<Played>,
    /// For each of `moves`, in order: how it compares with the game's move
    /// at the same turn (compared by value, turn by turn).
    pub against: Vec<Against>,
    /// Accepted moves that are new to the game (now played).
    pub added: usize,
    /// If the record disagrees with the moves already played: the 1-based
    /// turn where it first differs (as [`Parting::turn`]). The game is then
    /// unchanged; [`Game::restart_from_record`] can replay from there.
    pub conflict: Option<usize>,
    /// Where they part, with both values.
    pub parting: Option<Parting>,
    /// Moves of the game the record does not reach (it agrees as far as it
    /// goes): the record is behind the game.
    pub behind: usize,
}

/// Why [`Game::restart_from_record`] did nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum RestartError {
    /// Record and game do not part: nothing to restart
    /// ([`Game::paste`] plays the new moves).
    Agrees,
    /// Moves of the record are rejected (C8.2): turns could be misread, so
    /// nothing is replayed until the record is corrected.
    Rejected {
        /// How many moves are rejected.
        count: usize,
    },
}

impl std::fmt::Display for RestartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestartError::Agrees => f.write_str("the record and the game do not part"),
            RestartError::Rejected { count: 1 } => {
                f.write_str("1 move of the record is rejected: correct it first")
            }
            RestartError::Rejected { count } => {
                write!(
                    f,
                    "{count} moves of the record are rejected: correct them first"
                )
            }
        }
    }
}

impl std::error::Error for RestartError {}

/// The result of [`Game::restart_from_record`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Restart {
    /// Where record and game parted.
    pub parting: Parting,
    /// The game's moves from there that were replaced, in order.
    pub dropped: Vec<Value>,
    /// The record's moves played from there.
    pub played: usize,
    /// Each move of the text, as [`Paste::moves`].
    pub moves: Vec<Played>,
}

/// A moderator's event withdrawn by [`Game::undo_event`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A forfeit (C9.1).
    Forfeit(Forfeit),
    /// A replacement (C9.4).
    Replacement(Replacement),
}

/// Why [`Game::replace`] refused a replacement (C9.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplaceError {
    /// No name given.
    Empty,
    /// The name is the side's already.
    Same,
    /// The name is the other side's (now or formerly).
    OtherSide {
        /// That side.
        side: Player,
    },
}

impl std::fmt::Display for ReplaceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplaceError::Empty => f.write_str("type the incoming player's name"),
            ReplaceError::Same => f.write_str("that name is already the side's player"),
            ReplaceError::OtherSide { side } => write!(f, "that name is {side}'s player"),
        }
    }
}

impl std::error::Error for ReplaceError {}

/// A post's move played ([`Game::play_post`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostPlayed {
    /// The move and how it was read (C8.7).
    pub read: PostMove,
    /// What it did.
    pub report: MoveReport,
    /// The post's text that was not read, with why.
    pub unused: Vec<Unused>,
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: State,
    state: State,
    played: Vec<Undo>,
    redo: Vec<Value>,
    /// The players' names.
    pub players: Players,
    /// How it is played.
    pub mode: Mode,
    /// The seed of the AI's noise ([`Game::ai_rng`]).
    pub seed: u64,
    /// The name the app shows and saves the game under (free text; empty
    /// unless set).
    pub name: String,
    /// A forfeit that ended the game (C9.1).
    forfeit: Option<Forfeit>,
    /// The replacements made, in order (C9.4).
    replacements: Vec<Replacement>,
}

impl Game {
    /// A new game from the start (C1.2).
    pub fn new(options: Options, players: Players, mode: Mode, seed: u64) -> Game {
        Game::from_start(State::new(options), players, mode, seed)
    }

    /// A game from any position (analysis, a case).
    pub fn from_start(start: State, players: Players, mode: Mode, seed: u64) -> Game {
        Game {
            start,
            state: start,
            played: Vec::new(),
            redo: Vec::new(),
            players,
            mode,
            seed,
            name: String::new(),
            forfeit: None,
            replacements: Vec::new(),
        }
    }

    /// The forfeit that ended the game, if one did (C9.1).
    pub fn forfeit(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    /// Ends the game by a forfeit (C9.1): no move is played after it;
    /// [`Game::undo`] withdraws it first. The moves to redo are kept.
    ///
    /// # Errors
    ///
    /// [`Rejection::GameOver`] when the game is already over.
    pub fn forfeit_game(&mut self, f: Forfeit) -> Result<(), Rejection> {
        if self.is_over() {
            return Err(Rejection::GameOver);
        }
        self.forfeit = Some(f);
        Ok(())
    }

    /// Whether the game is over: both hands empty (C2.2) or a forfeit
    /// (C9.1).
    pub fn is_over(&self) -> bool {
        self.forfeit.is_some() || self.state.is_terminal()
    }

    /// The result once the game is over (C7.1, or C9.2 after a forfeit).
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.forfeit {
            Some(f) => Some(f.outcome(&self.state)),
            None => self.state.outcome(),
        }
    }

    /// Replaces a side's player (C9.4): the side keeps its position, hand
    /// and result; only the name changes, the old name stays a name of the
    /// side (a post by it is the side's, [`Game::author`]). Recorded with
    /// the moves played so far; [`Game::undo`] withdraws the last event
    /// first. Returns the former name.
    ///
    /// # Errors
    ///
    /// [`ReplaceError`] when the new name is empty, is already the side's,
    /// or names the other side (now or formerly); the game is unchanged.
    pub fn replace(&mut self, side: Player, new: &str) -> Result<String, ReplaceError> {
        let new = new.trim();
        if new.is_empty() {
            return Err(ReplaceError::Empty);
        }
        if let Some((named, _)) = self.side_named(new) {
            return Err(if named == side {
                ReplaceError::Same
            } else {
                ReplaceError::OtherSide { side: named }
            });
        }
        let old = match side {
            Player::Blue => std::mem::replace(&mut self.players.blue, new.to_string()),
            Player::Red => std::mem::replace(&mut self.players.red, new.to_string()),
        };
        self.replacements.push(Replacement {
            side,
            old: old.clone(),
            new: new.to_string(),
            after: self.played.len(),
        });
        Ok(old)
    }

    /// The replacements made, in order (C9.4).
    pub fn replacements(&self) -> &[Replacement] {
        &self.replacements
    }

    /// Restores replacements as a save file stores them (the players'
    /// names are the current ones).
    ///
    /// # Errors
    ///
    /// The 1-based place of the first replacement made after more moves
    /// than the game has, or before the one ahead of it.
    pub fn set_replacements(&mut self, list: Vec<Replacement>) -> Result<(), usize> {
        let mut last = 0;
        for (i, r) in list.iter().enumerate() {
            if r.after > self.played.len() || r.after < last {
                return Err(i + 1);
            }
            last = r.after;
        }
        self.replacements = list;
        Ok(())
    }

    /// The side a name belongs to, now (`false`) or formerly (`true`,
    /// replaced, C9.4): case, a leading `@`, spaces around and invisible
    /// characters (`console_core::text::visible`) do not matter; a current
    /// name wins over a former one.
    pub fn side_named(&self, name: &str) -> Option<(Player, bool)> {
        let fold = |s: &str| console_core::text::visible(s).to_lowercase();
        let key = fold(name.trim().trim_start_matches('@').trim());
        if key.is_empty() {
            return None;
        }
        for p in Player::ALL {
            let current = self.players.name(p);
            if fold(current) == key && current != p.name() {
                return Some((p, false));
            }
        }
        self.replacements
            .iter()
            .rev()
            .find(|r| fold(&r.old) == key)
            .map(|r| (r.side, true))
    }

    /// The author of a pasted post (C9.4): its first non-empty line, when
    /// it is a header naming a side's current or former player
    /// ([`header_name`]).
    pub fn author(&self, post: &str) -> Option<Author> {
        let (i, line) = post
            .lines()
            .enumerate()
            .find(|(_, l)| !l.trim().is_empty())?;
        let name = header_name(line);
        let (side, former) = self.side_named(name)?;
        Some(Author {
            side,
            name: name.to_string(),
            former,
            line: i + 1,
        })
    }

    /// Reads a pasted post against the game (C8.6, C8.7, C9.4): its author
    /// when a header line names one (that line is not read for a move),
    /// what the rest says, and the move checked against the position.
    ///
    /// # Errors
    ///
    /// In the third member: the [`Doubt`] of [`PostReading::check`], or
    /// [`Doubt::NotToMove`] when the author's side is not the one to move.
    pub fn check_post(&self, post: &str) -> (Option<Author>, PostReading, Result<PostMove, Doubt>) {
        // (Invisible characters are not read, in the author's line either.)
        let post = &*console_core::text::visible(post);
        let author = self.author(post);
        let reading = match &author {
            Some(a) => {
                let body: Vec<&str> = post
                    .lines()
                    .enumerate()
                    .map(|(i, l)| if i + 1 == a.line { "" } else { l })
                    .collect();
                read_post(&body.join("\n"))
            }
            None => read_post(post),
        };
        let result = match (&author, reading.check(&self.state)) {
            (_, Ok(m)) if self.forfeit.is_some() => Err(Doubt::Rejected {
                found: m.found,
                rejection: Rejection::GameOver,
            }),
            (Some(a), _) if a.side != self.state.to_move() && !self.is_over() => {
                Err(Doubt::NotToMove {
                    name: a.name.clone(),
                    side: a.side,
                })
            }
            (_, r) => r,
        };
        (author, reading, result)
    }

    /// The position now.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The starting position.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.start.options()
    }

    /// The values played, in order.
    pub fn moves(&self) -> Vec<Value> {
        self.played.iter().map(|u| u.report().value).collect()
    }

    /// What each move did, in order.
    pub fn history(&self) -> Vec<MoveReport> {
        self.played.iter().map(|u| u.report()).collect()
    }

    /// The last move, if any.
    pub fn last_move(&self) -> Option<MoveReport> {
        self.played.last().map(|u| u.report())
    }

    /// The moves undone that [`Game::redo`] can play again, next first.
    pub fn redo_moves(&self) -> Vec<Value> {
        self.redo.iter().rev().copied().collect()
    }

    /// The record in notation (C8.1): `B5 R3 B8 ...`.
    pub fn record(&self) -> String {
        write_moves(self.start.to_move(), &self.moves())
    }

    /// The position after the first `n` moves (replayed from the start).
    pub fn state_at(&self, n: usize) -> State {
        let mut s = self.start;
        for u in self.played.iter().take(n) {
            s.apply(u.report().value);
        }
        s
    }

    /// Plays `value` for the player to move (C8.2 checks); a new move
    /// forgets the moves that could be redone.
    ///
    /// # Errors
    ///
    /// The [`Rejection`] of [`State::play`] ([`Rejection::GameOver`] or
    /// [`Rejection::NotHeld`]); the game is then unchanged.
    pub fn play(&mut self, value: Value) -> Result<MoveReport, Rejection> {
        if self.forfeit.is_some() {
            return Err(Rejection::GameOver);
        }
        let undo = self.state.play(value)?;
        self.played.push(undo);
        self.redo.clear();
        Ok(undo.report())
    }

    /// Plays every move of a text in turn (C8.1); rejected moves are
    /// reported and skipped (C8.2).
    ///
    /// # Panics
    ///
    /// Never: only the values the text's reading accepted on a copy of this
    /// state are played, in the same order.
    pub fn play_text(&mut self, text: &str) -> Vec<Played> {
        let mut s = self.state;
        let out = play_text(&mut s, text);
        let values: Vec<Value> = out
            .iter()
            .filter_map(|p| p.result.as_ref().ok().map(|r| r.value))
            .collect();
        for v in values {
            self.play(v).expect("checked by play_text");
        }
        out
    }

    /// Compares a whole record (read from the game's start, C8.1) with
    /// the game, move by move: the record's accepted values and how each
    /// move compares.
    fn compare(&self, text: &str) -> (Vec<Played>, Vec<Value>, Vec<Against>, Option<Parting>) {
        let mut s = self.start;
        let moves = play_text(&mut s, text);
        let mine = self.moves();
        let mut accepted = Vec::new();
        let mut against = Vec::with_capacity(moves.len());
        let mut parting = None;
        for m in &moves {
            let Ok(r) = &m.result else {
                against.push(Against::Rejected);
                continue;
            };
            let turn = accepted.len();
            accepted.push(r.value);
            against.push(if parting.is_some() {
                Against::AfterParting
            } else {
                match mine.get(turn) {
                    Some(&g) if g == r.value => Against::Same,
                    Some(&g) => {
                        parting = Some(Parting {
                            turn: turn + 1,
                            record: r.value,
                            game: g,
                        });
                        Against::Differs { game: g }
                    }
                    None => Against::New,
                }
            });
        }
        (moves, accepted, against, parting)
    }

    /// Reads a whole record from the start (by forum: the thread's moves
    /// pasted) and compares it with the game move by move: if it agrees
    /// with the moves played so far, the new moves are played; otherwise
    /// the game is unchanged and the first turn where they part is named
    /// (with both values). Each move says how it compares
    /// ([`Paste::against`]).
    ///
    /// # Panics
    ///
    /// Never: the new moves were accepted when the record was replayed from the
    /// start, and the game agrees with the record up to them.
    pub fn paste(&mut self, text: &str) -> Paste {
        let (moves, accepted, against, parting) = self.compare(text);
        let mine = self.moves().len();
        if parting.is_some() {
            return Paste {
                moves,
                against,
                added: 0,
                conflict: parting.map(|p| p.turn),
                parting,
                behind: 0,
            };
        }
        let mut added = 0;
        for v in accepted.iter().skip(mine) {
            self.play(*v).expect("replayed from the start");
            added += 1;
        }
        Paste {
            moves,
            against,
            added,
            conflict: None,
            parting: None,
            behind: mine.saturating_sub(accepted.len()),
        }
    }

    /// Restarts the game from where a pasted record and the game part: the
    /// moves both have are kept, the game's moves from the parting turn on
    /// are dropped (and the moves to redo forgotten), and the record's
    /// moves from there are played.
    ///
    /// # Errors
    /// [`RestartError::Agrees`] when they do not part (nothing changes;
    /// [`Game::paste`] plays the new moves); [`RestartError::Rejected`]
    /// when a move of the record is rejected (C8.2): the game is unchanged.
    ///
    /// # Panics
    ///
    /// Never: the moves played were accepted when the record was replayed from
    /// the start, and the game is first undone to the turn where they part.
    pub fn restart_from_record(&mut self, text: &str) -> Result<Restart, RestartError> {
        let (moves, accepted, _, parting) = self.compare(text);
        let rejected = moves.iter().filter(|m| m.result.is_err()).count();
        if rejected > 0 {
            return Err(RestartError::Rejected { count: rejected });
        }
        let parting = parting.ok_or(RestartError::Agrees)?;
        let keep = parting.turn - 1;
        let dropped = self.moves()[keep..].to_vec();
        while self.played.len() > keep {
            self.undo();
        }
        self.redo.clear();
        for v in &accepted[keep..] {
            self.play(*v).expect("replayed from the start");
        }
        Ok(Restart {
            parting,
            dropped,
            played: accepted.len() - keep,
            moves,
        })
    }

    /// Reads a forum post's move (C8.6, C8.7) and plays it: the move found
    /// in the post's text, checked against the position.
    ///
    /// # Errors
    /// A [`Doubt`] (no move, several different moves, or a move the
    /// position refuses, C8.2): nothing is played.
    pub fn play_post(&mut self, text: &str) -> Result<PostPlayed, Doubt> {
        let (_, reading, read) = self.check_post(text);
        let read = read?;
        let report = self.play(read.value).map_err(|rejection| Doubt::Rejected {
            found: read.found.clone(),
            rejection,
        })?;
        Ok(PostPlayed {
            read,
            report,
            unused: reading.unused,
        })
    }

    /// Whether a move or an event (a forfeit, C9.1; a replacement, C9.4)
    /// can be taken back.
    pub fn can_undo(&self) -> bool {
        self.forfeit.is_some() || !self.played.is_empty() || !self.replacements.is_empty()
    }

    /// Whether an undone move can be played again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The game with nothing to redo (the moves taken back forgotten).
    pub fn without_redo(&self) -> Game {
        Game {
            redo: Vec::new(),
            ..self.clone()
        }
    }

    /// Takes back the last move; returns its value. Events come first,
    /// latest first: after a forfeit (C9.1) the first undo withdraws the
    /// forfeit alone, and a replacement made after the last move (C9.4) is
    /// withdrawn alone (the old name back); these return `None` (no move
    /// taken back: see [`Game::undo_event`]).
    pub fn undo(&mut self) -> Option<Value> {
        if self.undo_event().is_some() {
            return None;
        }
        let u = self.played.pop()?;
        self.state.undo(u);
        self.redo.push(u.report().value);
        Some(u.report().value)
    }

    /// Withdraws the latest event if it came after the last move: the
    /// forfeit (C9.1), else a replacement made after the last move (C9.4,
    /// the side's old name restored). `None` when the last thing done is a
    /// move (or nothing).
    pub fn undo_event(&mut self) -> Option<Event> {
        if let Some(f) = self.forfeit.take() {
            return Some(Event::Forfeit(f));
        }
        if self
            .replacements
            .last()
            .is_some_and(|r| r.after >= self.played.len())
        {
            let r = self.replacements.pop()?;
            match r.side {
                Player::Blue => self.players.blue.clone_from(&r.old),
                Player::Red => self.players.red.clone_from(&r.old),
            }
            return Some(Event::Replacement(r));
        }
        None
    }

    /// Plays the last undone move again.
    ///
    /// # Panics
    ///
    /// Never: the moves to redo are only ever undone moves or moves checked by
    /// [`Game::set_redo`], and a new move clears them.
    pub fn redo(&mut self) -> Option<MoveReport> {
        if self.forfeit.is_some() {
            return None;
        }
        let v = self.redo.pop()?;
        let undo = self.state.play(v).expect("a redo replays an undone move");
        self.played.push(undo);
        Some(undo.report())
    }

    /// Sets the moves that can be redone (next first), as a save file
    /// stores them; refused (the game unchanged) if they do not replay.
    ///
    /// # Errors
    ///
    /// `(n, rejection)` for the first move that does not replay: its 1-based
    /// place in `next` and its [`Rejection`]; the moves to redo are then
    /// unchanged.
    pub fn set_redo(&mut self, next: &[Value]) -> Result<(), (usize, Rejection)> {
        let mut s = self.state;
        for (i, v) in next.iter().enumerate() {
            s.play(*v).map_err(|e| (i + 1, e))?;
        }
        self.redo = next.iter().rev().copied().collect();
        Ok(())
    }

    /// Whether the AI is to move (mode vs AI, game not over), and at what
    /// level.
    pub fn ai_to_move(&self) -> Option<Level> {
        match self.mode {
            Mode::VsAi { ai, level } if ai == self.state.to_move() && !self.is_over() => {
                Some(level)
            }
            _ => None,
        }
    }

    /// The AI's generator for the current turn: stream `turn` of the game's
    /// seed, so the same position in the same game gets the same noise.
    pub fn ai_rng(&self) -> GameRng {
        ai_rng(self.seed, &self.state)
    }
}

/// The AI's generator for the position `state` of a game with this `seed`
/// (what [`Game::ai_rng`] gives): stream `turns played` of the seed. A Web
/// Worker that receives the state and the seed builds the same generator.
pub fn ai_rng(seed: u64, state: &State) -> GameRng {
    GameRng::stream(seed, u64::from(state.turns_played()))
}
