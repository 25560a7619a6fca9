//! The Mini-Survivor page: the shell's game page over [`MiniSurvivor`]
//! (startup, storage, autosave, tabs, the frame), and starting a game from
//! a rules-case file; the screens are in `screens`.

use super::state::{Ctx, MiniSurvivor, Screen};
use crate::shell::io;
use leptos::prelude::*;
use mini_survivor::case::Case;

/// Starts a game from a rules-case file's position; its rounds become the
/// drafts of the coming rounds, each with its events (R10).
pub fn import_case(ctx: Ctx, text: &str) -> bool {
    let game = Case::from_json(text).and_then(|c| {
        let (file, game) = c.into_game(&c.game_name(), io::random_seed())?;
        Ok((file, game, c.rounds.len()))
    });
    match game {
        Ok((file, game, rounds)) => {
            let (name, round) = (file.name.clone(), game.position().round());
            let events: usize = file.script_events.iter().map(Vec::len).sum();
            ctx.open(io::new_id(), file, game);
            ctx.go(Screen::Board);
            ctx.say(format!(
                "Started {name} from the case's position at round {round}{}{}",
                if rounds > 0 {
                    format!(
                        "; its {rounds} rounds of orders come in as drafts, one round at a time"
                    )
                } else {
                    String::new()
                },
                if events > 0 {
                    format!(", with their {events} events")
                } else {
                    String::new()
                }
            ));
            true
        }
        Err(e) => {
            ctx.error(format!("Import failed, nothing was changed: {e}"));
            false
        }
    }
}

/// The Mini-Survivor page.
#[component]
pub fn App() -> impl IntoView {
    crate::shell::game::page::<MiniSurvivor>()
}
