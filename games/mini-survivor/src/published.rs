//! Published means published (R9.7): the posts of each *stage* of a game,
//! each a pure function of the game as it was when the stage was
//! published, so no later event, replacement or order changes a post the
//! players already have.
//!
//! Stage `n` is the moment after `n` rounds were played (stage 0: the deal,
//! or the entered start). Its posts ([`Game::stage_posts`]) are its public
//! post (the line-up with the deal commitment, or round `n`'s result) and
//! the private messages (R9.3), written with the names the players had
//! then (R10.1) and the deadline set for the round it announces (R9.6),
//! without the extensions given later (each has its own post, R10.9).
//! The moderator's events of that round come after the stage's posts;
//! [`Game::event_posts`] writes each as it was when given: the names, the
//! position and the deadline after it and the events before it, and for a
//! replacement the orders that were in for the slot then.

use crate::commitment::commitment;
use crate::events::{self, EventNote, RoundEvent, catch_up, event_post, roster_after};
use crate::game::Game;
use crate::player::PlayerId;
use crate::position::{Origin, Position, Setup};
use crate::post::{
    DealCheck, PrivateMessage, PublicRound, lineup_post, private_message, result_post,
};
use console_core::format::{Deadline, Format};

/// The posts of one stage: what the players received then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagePosts {
    /// The public post: one message, or for Markdown as many as the
    /// platform's limit needs (R9.4).
    pub public: Vec<String>,
    /// (player, text): a private message for each player still in the game
    /// (a living survivor at that stage, R9.3), roster order. A player fully
    /// eliminated or removed gets none; the result post says they are out
    /// (R9.1).
    pub private: Vec<(String, String)>,
}

/// One post of the moderator's events (R10.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventPost {
    /// What it is, in words: the event's note, or `Catch-up message for
    /// NEW (R10.7)`.
    pub label: String,
    /// The text.
    pub text: String,
    /// For a private message (the catch-up message), its addressee; `None`
    /// for a public post.
    pub to: Option<String>,
}

/// Whether `p` controls a living survivor in `position` (in a tribe or an
/// outcast): still in the game, so due a private message (R9.3).
fn in_game(position: &Position, p: PlayerId) -> bool {
    position.survivors_of(p).any(|s| s.place.is_alive())
}

impl Game {
    /// The setup as it was at stage `stage` (clamped to the last stage):
    /// the names as dealt at stage 0, else as during round `stage` (after
    /// its replacements, before the next round's).
    pub fn stage_setup(&self, stage: usize) -> Setup {
        match stage.min(self.rounds().len()).checked_sub(1) {
            Some(i) => self.round_setup(&self.rounds()[i]),
            None => self.dealt_setup().clone(),
        }
    }

    /// Survivors per player at the start (R1.1): what the deal commitment
    /// hashes.
    pub fn per_player(&self) -> usize {
        self.start().survivors().count() / self.dealt_setup().players.len().max(1)
    }

    /// The deal commitment published with the first line-up (R1.5): made
    /// from the setup as dealt (the names at the deal, whatever
    /// replacements came later). `None` for a game started from a position.
    pub fn deal_commitment(&self) -> Option<String> {
        let dealt = self.dealt_setup();
        (dealt.origin == Origin::Deal).then(|| commitment(dealt, self.per_player()))
    }

    /// The public view of round `n` (1-based among the rounds played),
    /// with the names as during it; once the game is over, with the deal
    /// commitment and its inputs as published at the deal (R9.7).
    pub fn public_round(&self, n: usize) -> Option<PublicRound> {
        let r = self.rounds().get(n.checked_sub(1)?)?;
        let setup = self.round_setup(r);
        let mut public = PublicRound::new(&setup, self.position_at(n - 1), &r.report, &r.after);
        if let Some(end) = &mut public.end
            && let Some(c) = self.deal_commitment()
        {
            let dealt = self.dealt_setup();
            end.deal = Some(DealCheck {
                commitment: c,
                players: dealt.players.names().to_vec(),
                per_player: self.per_player(),
                grid: (dealt.grid.rows(), dealt.grid.cols()),
            });
        }
        Some(public)
    }

    /// The posts of stage `stage` ([`StagePosts`]), `None` past the last
    /// stage. `deadline` is the deadline set for the round the stage
    /// announces (R9.6), as it was set: not its later extensions (R9.7).
    pub fn stage_posts(
        &self,
        stage: usize,
        format: Format,
        deadline: Option<Deadline>,
    ) -> Option<StagePosts> {
        if stage > self.rounds().len() {
            return None;
        }
        let setup = self.stage_setup(stage);
        let at = self.position_at(stage);
        let public = match stage {
            0 => lineup_post(
                &setup,
                self.start(),
                format,
                deadline,
                self.deal_commitment().as_deref(),
            ),
            n => result_post(&self.public_round(n)?, format, deadline),
        };
        let private = setup
            .players
            .ids()
            .filter(|&p| in_game(at, p))
            .map(|p| {
                (
                    setup.players.name(p).to_string(),
                    private_message(&PrivateMessage::new(&setup, at, p), format, deadline),
                )
            })
            .collect();
        Some(StagePosts { public, private })
    }

    /// The moderator's events given with the round stage `stage` announces
    /// (a played round's, or the round under way's at the last stage), as
    /// posts (R10.7): each event's public post and, for a replacement, the
    /// new player's catch-up message, each written as it was when the
    /// event was given (R9.7). `deadline` is the deadline set for that
    /// round (R9.6); each post shows it with the extensions given up to
    /// it (R10.9). `orders` gives a slot's orders in the drafts, for a
    /// replacement of the round under way that did not keep the orders
    /// in when it was given ([`RoundEvent::orders`]).
    pub fn event_posts(
        &self,
        stage: usize,
        format: Format,
        deadline: Option<Deadline>,
        orders: impl Fn(PlayerId) -> String,
    ) -> Vec<EventPost> {
        if stage > self.rounds().len() {
            return Vec::new();
        }
        let played = self.rounds().get(stage);
        let list: &[RoundEvent] = played.map_or(self.pending_events(), |r| &r.events);
        let base = self.position_at(stage);
        let before = self.replaced_before(stage);
        let dealt = self.dealt_setup();
        let mut out = Vec::new();
        for i in 0..list.len() {
            let given = &list[..=i];
            let applied = events::apply(dealt, before, base, given);
            let Some(note) = applied.notes.last() else {
                continue;
            };
            let mut setup = dealt.clone();
            setup.players = roster_after(dealt, &applied.replaced);
            let d = events::round_deadline(deadline, given).current();
            let text = event_post(note, &setup, &applied.position, d, format);
            if !text.is_empty() {
                out.push(EventPost {
                    label: note.text(),
                    text,
                    to: None,
                });
            }
            if let EventNote::Replace { slot, player, old } = note {
                let sent = match (&list[i].orders, played) {
                    (Some(o), _) => o.clone(),
                    (None, Some(r)) => r
                        .submissions
                        .iter()
                        .find(|(p, _)| p == slot)
                        .map(|(_, t)| t.clone())
                        .unwrap_or_default(),
                    (None, None) => orders(*slot),
                };
                out.push(EventPost {
                    label: format!("Catch-up message for {player} (R10.7)"),
                    text: catch_up(&setup, &applied.position, *slot, old, &sent, d, format),
                    to: Some(player.clone()),
                });
            }
        }
        out
    }
}
