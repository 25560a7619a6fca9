//! The engine contract checked, written once for every game (as
//! OpenSpiel's `RandomSimTest`): each game's tests play random legal games
//! through [`check_play`] and write them to a file and back through
//! [`check_save`], so what [`Session`] and [`SaveFile`] promise is tested
//! the same way for all four engines.
//!
//! The rules checked, by number (the errors cite them):
//!
//! 1. `preview` leaves the session unchanged and reports what `commit` of
//!    the same input reports (or both refuse it);
//! 2. a refused `commit` leaves the session unchanged;
//! 3. `commit` then `undo` gives the input back and the session as before
//!    the commit ([`Session::same_play`]: a session that keeps the phases
//!    it could redo leaves them out), and committing it again gives the
//!    session of the first commit exactly;
//! 4. `progress` counts the phases committed, `owed` is empty once the
//!    game is over, `status` is never empty;
//! 5. at the end, undo all the way back gives every input, last first,
//!    and the start.
//!
//! The checks return a `Result` naming the step and what broke instead of
//! panicking, so a property test can `prop_assert!` on it and proptest
//! shrinks the game.

use crate::save::SaveFile;
use crate::session::Session;
use std::fmt::Debug;

/// Plays `inputs` in turn from `start` through the engine contract and
/// checks rules 1 to 5 of the module at every phase. Returns the session
/// with every input played.
///
/// The play stops at the first input refused (by both `preview` and
/// `commit`, rule 2 then checked); an input after the end of the game is
/// played like any other (so a test may append one to check that the game
/// refuses it, and a game whose `is_over` still takes some inputs, such
/// as Dice ORG's production edits, D9, goes on). `start` may be a game
/// already under way: progress counts from its own, and rule 5 undoes
/// only the phases played here.
///
/// Each phase clones the session twice and compares it a few times, so a
/// whole game costs about the square of its length in phases.
///
/// # Errors
/// The first rule broken: the input's number (from 1), the progress it
/// was played at, the rule's number and what was expected and found.
pub fn check_play<S>(start: S, inputs: &[S::Input]) -> Result<S, String>
where
    S: Session + Clone + PartialEq + Debug,
    S::Input: PartialEq + Debug,
    S::Report: PartialEq + Debug,
    S::Player: Debug,
{
    let mut s = start.clone();
    let first = s.progress();
    check_state(&s, inputs.first(), "at the start")?;
    let mut played = 0;
    for (i, input) in inputs.iter().enumerate() {
        let at = format!("input {} (progress {})", i + 1, s.progress());
        let before = s.clone();
        let preview = s.preview(input);
        if s != before {
            return Err(format!("{at}: rule 1: preview changed the session"));
        }
        let commit = s.commit(input.clone());
        let report = match (preview, commit) {
            (Err(_), Err(_)) => {
                if s != before {
                    return Err(format!(
                        "{at}: rule 2: a refused commit changed the session"
                    ));
                }
                break;
            }
            (Ok(p), Ok(c)) if p == c => c,
            (Ok(p), Ok(c)) => {
                return Err(format!(
                    "{at}: rule 1: preview reported {p:?} but commit {c:?}"
                ));
            }
            (Ok(_), Err(e)) => {
                return Err(format!(
                    "{at}: rule 1: preview played the input but commit refused it: {e}"
                ));
            }
            (Err(e), Ok(_)) => {
                return Err(format!(
                    "{at}: rule 1: commit played the input but preview refused it: {e}"
                ));
            }
        };
        if s.progress() != before.progress() + 1 {
            return Err(format!(
                "{at}: rule 4: progress is {} after a commit at {}",
                s.progress(),
                before.progress()
            ));
        }
        let after = s.clone();
        match s.undo() {
            Some(back) if back == *input => {}
            back => {
                return Err(format!(
                    "{at}: rule 3: undo after the commit gave {back:?}, not the input {input:?}"
                ));
            }
        }
        if !s.same_play(&before) {
            return Err(format!(
                "{at}: rule 3: commit then undo gave another session: {s:?}, before {before:?}"
            ));
        }
        match s.commit(input.clone()) {
            Ok(again) if again == report => {}
            Ok(again) => {
                return Err(format!(
                    "{at}: rule 3: the input committed again after undo reported {again:?}, first {report:?}"
                ));
            }
            Err(e) => {
                return Err(format!(
                    "{at}: rule 3: the input committed again after undo was refused: {e}"
                ));
            }
        }
        if s != after {
            return Err(format!(
                "{at}: rule 3: the input committed again after undo gave another session"
            ));
        }
        played += 1;
        check_state(&s, Some(input), &at)?;
        if let Some(next) = inputs.get(i + 1) {
            check_state(&s, Some(next), &at)?;
        }
    }
    if s.progress() != first + played {
        return Err(format!(
            "rule 4: progress is {} after {played} inputs from {first}",
            s.progress()
        ));
    }
    let end = s.clone();
    for (k, input) in inputs[..played].iter().enumerate().rev() {
        match s.undo() {
            Some(back) if back == *input => {}
            back => {
                return Err(format!(
                    "rule 5: undo back from the end gave {back:?} for input {}, not {input:?}",
                    k + 1
                ));
            }
        }
    }
    if s.progress() != first {
        return Err(format!(
            "rule 5: progress is {} after undoing back to the start, not {first}",
            s.progress()
        ));
    }
    if !s.same_play(&start) {
        return Err(format!(
            "rule 5: undoing back gave another session than the start: {s:?}, start {start:?}"
        ));
    }
    Ok(end)
}

/// Rule 4 where the session stands: a status in words, and nobody owed
/// once the game is over (asked with `input`, the one just played or the
/// next, when there is one).
fn check_state<S: Session>(s: &S, input: Option<&S::Input>, at: &str) -> Result<(), String>
where
    S::Player: Debug,
{
    if s.status().trim().is_empty() {
        return Err(format!("{at}: rule 4: the status is empty"));
    }
    if s.is_over()
        && let Some(input) = input
    {
        let owed = s.owed(input);
        if !owed.is_empty() {
            return Err(format!(
                "{at}: rule 4: the game is over but {owed:?} still owe an input"
            ));
        }
    }
    Ok(())
}

/// Writes `file` as JSON and reads it back ([`SaveFile::to_json`],
/// [`SaveFile::parse`]), as an export and an import do: the file read back
/// is the same file with the same JSON, and its replay is `game` (equal,
/// and the same play by [`Session::same_play`], as an import of a copy
/// already here is recognised).
///
/// # Errors
/// The file does not load ([`crate::save::LoadError`] in words), or what
/// differs: the file, its JSON or the game.
pub fn check_save<F>(file: &F, game: &F::Game) -> Result<(), String>
where
    F: SaveFile + PartialEq + Debug,
    F::Game: Session + PartialEq + Debug,
{
    let json = file.to_json();
    let (back, loaded) =
        F::parse(&json).map_err(|e| format!("the file written does not load: {e}"))?;
    if back != *file {
        return Err(format!(
            "the file read back differs: {back:?}, written {file:?}"
        ));
    }
    let again = back.to_json();
    if again != json {
        return Err(format!(
            "the file read back writes other JSON: {again}, written {json}"
        ));
    }
    if loaded != *game {
        return Err(format!(
            "the file replays to another game: {loaded:?}, live {game:?}"
        ));
    }
    if !loaded.same_play(game) || !game.same_play(&loaded) {
        return Err("the file replays to an equal game that is not the same play".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::save::LoadError;
    use serde::{Deserialize, Serialize};

    /// A counting game that ends at a total of 10 or more, refusing 0 and
    /// anything once over.
    #[derive(Clone, Debug, PartialEq, Default)]
    struct Count {
        played: Vec<u8>,
        /// A fault to plant: which rule to break.
        fault: Option<u8>,
    }

    impl Count {
        fn total(&self) -> u32 {
            self.played.iter().map(|&v| u32::from(v)).sum()
        }
    }

    impl Session for Count {
        type Input = u8;
        type Report = u32;
        type Error = String;
        type Player = u8;
        fn preview(&self, input: &u8) -> Result<u32, String> {
            if self.is_over() || *input == 0 {
                return Err("refused".into());
            }
            let r = self.total() + u32::from(*input);
            Ok(if self.fault == Some(1) { r + 1 } else { r })
        }
        fn commit(&mut self, input: u8) -> Result<u32, String> {
            if self.fault == Some(2) && input == 0 {
                self.played.push(0);
                return Err("refused".into());
            }
            let r = self
                .preview(&input)
                .map(|r| if self.fault == Some(1) { r - 1 } else { r })?;
            self.played.push(input);
            Ok(r)
        }
        fn undo(&mut self) -> Option<u8> {
            let v = self.played.pop()?;
            Some(if self.fault == Some(3) { v + 1 } else { v })
        }
        fn owed(&self, _: &u8) -> Vec<u8> {
            if self.is_over() && self.fault != Some(4) {
                vec![]
            } else {
                vec![0]
            }
        }
        fn is_over(&self) -> bool {
            self.total() >= 10
        }
        fn progress(&self) -> usize {
            self.played.len()
        }
        fn status(&self) -> String {
            format!("{} so far", self.total())
        }
    }

    #[test]
    fn a_sound_game_passes_to_the_end_and_stops_at_a_refusal() {
        let end = check_play(Count::default(), &[3, 4, 5, 1]).unwrap();
        assert_eq!(end.played, vec![3, 4, 5]);
        let end = check_play(Count::default(), &[3, 0, 4]).unwrap();
        assert_eq!(end.played, vec![3]);
        let under_way = Count {
            played: vec![2],
            fault: None,
        };
        assert_eq!(check_play(under_way, &[2]).unwrap().played, vec![2, 2]);
    }

    #[test]
    fn each_broken_rule_is_named_with_its_step() {
        let with = |fault| Count {
            played: Vec::new(),
            fault: Some(fault),
        };
        let e = check_play(with(1), &[3]).unwrap_err();
        assert!(
            e.starts_with("input 1 (progress 0): rule 1: preview reported 4 but commit 3"),
            "{e}"
        );
        let e = check_play(with(2), &[3, 0]).unwrap_err();
        assert!(e.starts_with("input 2 (progress 1): rule 2:"), "{e}");
        let e = check_play(with(3), &[3]).unwrap_err();
        assert!(
            e.contains("rule 3: undo after the commit gave Some(4)"),
            "{e}"
        );
        let e = check_play(with(4), &[9, 9]).unwrap_err();
        assert!(
            e.contains("rule 4: the game is over but [0] still owe"),
            "{e}"
        );
    }

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct CountFile {
        format: String,
        version: u32,
        played: Vec<u8>,
    }

    impl SaveFile for CountFile {
        type Game = Count;
        const FORMAT: &'static str = "count-game";
        const VERSION: u32 = 1;
        fn name(&self) -> &str {
            "count"
        }
        fn replay(&self) -> Result<Count, LoadError> {
            let mut c = Count::default();
            for (i, &v) in self.played.iter().enumerate() {
                c.commit(v)
                    .map_err(|e| LoadError::replay(format!("input {}", i + 1), e))?;
            }
            Ok(c)
        }
    }

    #[test]
    fn a_file_must_replay_to_the_live_game() {
        let game = check_play(Count::default(), &[3, 4]).unwrap();
        let file = CountFile {
            format: "count-game".into(),
            version: 1,
            played: vec![3, 4],
        };
        assert_eq!(check_save(&file, &game), Ok(()));
        let other = check_play(Count::default(), &[3]).unwrap();
        let e = check_save(&file, &other).unwrap_err();
        assert!(e.starts_with("the file replays to another game"), "{e}");
        let bad = CountFile {
            played: vec![0],
            ..file
        };
        assert_eq!(
            check_save(&bad, &game),
            Err("the file written does not load: input 1: refused".to_string())
        );
    }
}
