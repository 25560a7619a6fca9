//! What the producers send each player (D10.2) and post after production
//! events (D9, D10.1): one message per player per step or per round,
//! gathering everything private for that player, and one "copy all" text
//! with every player's message under a `== Name ==` header (the bulk
//! format of [`console_core::text::split_bulk`], so it reads back).
//!
//! A step's private part for a player: a competition's result and RP
//! paid; a camp's gathering result and bonus rolls (never the roll, D5.2);
//! the conversation slots; what a production edit changed for them
//! (attributes, RP, counters, an advantage granted or taken, immunity,
//! a team move, a merge, leaving the game). Votes and the final have no
//! private part. A round's message holds each of its steps' parts in
//! order, then the player's status at the end of what was played.

use crate::edit::removal;
use crate::edit::{Change, Edit};
use crate::options::{Deadlock, Options, TeamScore};
use crate::post::{Deadline, Format, Mark, PrivateMessage, pack, private_message, status_lines};
use crate::season::Season;
use crate::state::{PlayerId, State};
use crate::step::{Entry, StepReport};
use console_core::events::duration_text;
use console_core::format::utc;

/// What a message gathers: one step, or every step of a round (the
/// producers' choice).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Scope {
    /// Entry `i` (from 0) of the season.
    Entry(usize),
    /// Every entry of round `r` (from 1) played so far: its steps and the
    /// production edits made while it ran (D3.1).
    Round(u32),
}

/// One step's private part for one player.
struct Part {
    player: PlayerId,
    /// The step, as a heading: "Competition", "Camp", ...
    heading: String,
    lines: Vec<String>,
    /// Whether the step changed what the status shows (RP, counters,
    /// advantages, immunity): the message then ends with the status.
    status: bool,
}

fn heading(entry: &Entry) -> &'static str {
    match entry {
        Entry::Competition(_) => "Competition",
        Entry::Camp(_) => "Camp",
        Entry::Conversation(_) => "Conversations",
        Entry::Vote(_) => "Vote",
        Entry::Revote(_) => "Revote",
        Entry::Final(_) => "Final",
        Entry::Edit(_) => "From the producers",
    }
}

/// The private parts of entry `i`, in roll or roster order.
fn parts(season: &Season, i: usize) -> Vec<Part> {
    let Some(played) = season.played().get(i) else {
        return Vec::new();
    };
    let before = season.before(i);
    let after = &played.after;
    let part = |player: PlayerId, lines: Vec<String>, status: bool| Part {
        player,
        heading: heading(&played.entry).to_string(),
        lines,
        status,
    };
    match &played.report {
        StepReport::Competition(r) => r
            .rolls
            .iter()
            .map(|c| {
                let mut lines = vec![format!("Your competition result: {}", c.roll.result)];
                if c.rp_gained > 0 {
                    lines.push(format!("You deducted 3 for {} RP.", c.rp_gained));
                }
                if c.rp_spent > 0 {
                    lines.push(format!("You spent {} RP on a boost.", c.rp_spent));
                }
                part(c.player, lines, true)
            })
            .collect(),
        StepReport::Camp(r) => r
            .teams
            .iter()
            .flat_map(|t| {
                t.gathering.iter().map(move |g| {
                    let mut lines = vec![format!("Your gathering result: {}", g.roll.result)];
                    if g.bonus_rolls > 0 {
                        let found = t.found.as_ref().filter(|(p, _)| *p == g.player);
                        lines.push(match found {
                            Some((_, card)) => {
                                format!("Your bonus roll found an advantage: {card}!")
                            }
                            None => format!(
                                "Your bonus roll{} found no advantage.",
                                if g.bonus_rolls > 1 { "s" } else { "" }
                            ),
                        });
                    }
                    (g.player, lines)
                })
            })
            .map(|(p, lines)| part(p, lines, true))
            .collect(),
        StepReport::Conversation(r) => after
            .alive()
            .map(|(p, _)| {
                let done = before.slots_used as usize;
                let lines = r
                    .slots
                    .iter()
                    .enumerate()
                    .map(|(k, slot)| {
                        let with = slot.iter().find_map(|pair| {
                            (pair.a == p)
                                .then_some(pair.b)
                                .or((pair.b == p).then_some(pair.a))
                        });
                        format!(
                            "Slot {}: {}",
                            done + k + 1,
                            with.map_or("no conversation".to_string(), |q| format!(
                                "you talk with {}",
                                after.name(q)
                            ))
                        )
                    })
                    .collect();
                part(p, lines, false)
            })
            .collect(),
        StepReport::Edit(_) => match &played.entry {
            Entry::Edit(e) => edit_parts(before, after, e)
                .into_iter()
                .map(|(p, lines, status)| part(p, lines, status))
                .collect(),
            _ => Vec::new(),
        },
        StepReport::Vote(_) | StepReport::Revote(_) | StepReport::Final(_) => Vec::new(),
    }
}

/// What an edit changed for each player it concerns (D9.1, D10.2):
/// (player, lines, whether the status changed), roster order.
fn edit_parts(before: &State, after: &State, e: &Edit) -> Vec<(PlayerId, Vec<String>, bool)> {
    let mut out: Vec<(PlayerId, Vec<String>, bool)> = Vec::new();
    let mut add =
        |p: PlayerId, line: String, status: bool| match out.iter_mut().find(|(q, _, _)| *q == p) {
            Some(x) => {
                x.1.push(line);
                x.2 |= status;
            }
            None => out.push((p, vec![line], status)),
        };
    for c in &e.changes {
        match c {
            Change::Player(pc) => {
                let Some(p) = after.find(&pc.name) else {
                    continue;
                };
                let Some(l) = after.living(p) else { continue };
                let Some(was) = before.find(&pc.name).and_then(|q| before.living(q)) else {
                    add(
                        p,
                        format!(
                            "Welcome to Dice ORG: you join {}. Your secret attributes [Competition, Survival]: {}",
                            after.team_name(l.team),
                            l.attributes
                        ),
                        true,
                    );
                    continue;
                };
                if pc.team.is_some() && was.team != l.team {
                    add(
                        p,
                        format!("You move to {}.", after.team_name(l.team)),
                        false,
                    );
                }
                if (pc.competition.is_some() || pc.survival.is_some())
                    && was.attributes != l.attributes
                {
                    add(
                        p,
                        format!(
                            "Your attributes [Competition, Survival] are now {} (were {}).",
                            l.attributes, was.attributes
                        ),
                        false,
                    );
                }
                if pc.rp.is_some() && was.rp != l.rp {
                    add(
                        p,
                        format!("The producers set your RP to {} (was {}).", l.rp, was.rp),
                        true,
                    );
                }
                if pc.counters.is_some() && was.counters != l.counters {
                    add(
                        p,
                        format!(
                            "The producers set your depletion counters to {} (was {}).",
                            l.counters, was.counters
                        ),
                        true,
                    );
                }
                if pc.advantages.is_some() {
                    let mut left = was.advantages.clone();
                    for a in &l.advantages {
                        match left.iter().position(|b| b == a) {
                            Some(k) => {
                                left.remove(k);
                            }
                            None => add(p, format!("You receive an advantage: {a}!"), true),
                        }
                    }
                    for a in left {
                        add(p, format!("Your advantage {a} is taken away."), true);
                    }
                }
                if pc.immune.is_some() && was.immune != l.immune {
                    let line = if l.immune {
                        "The producers grant you immunity at the next vote."
                    } else {
                        "The producers remove your immunity."
                    };
                    add(p, line.to_string(), true);
                }
            }
            Change::Merge { name } => {
                for (p, _) in after.alive() {
                    add(
                        p,
                        format!("The teams have merged: you are now on {name}."),
                        false,
                    );
                }
            }
            Change::Quit { player, reason } => {
                if let Some(p) = before.find(player) {
                    add(
                        p,
                        match removal(*reason) {
                            Some(r) => format!(
                                "The producers have removed you from the game for {}; you join the jury pool (D9.5).",
                                r.words()
                            ),
                            None => {
                                "You have left the game; you join the jury pool (D9.1).".to_string()
                            }
                        },
                        false,
                    );
                }
            }
            Change::Replace { old, new } => {
                // D9.4: the catch-up message goes to the new player only.
                let Some(p) = after.find(new.trim()) else {
                    continue;
                };
                let Some(l) = after.living(p) else { continue };
                let advantages = if l.advantages.is_empty() {
                    "none".to_string()
                } else {
                    l.advantages
                        .iter()
                        .map(|a| a.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                add(
                    p,
                    format!(
                        "Welcome to Dice ORG: you replace {} and take over everything of the slot. Team {}; your secret attributes [Competition, Survival]: {}; RP {}; depletion counters {}; advantages: {advantages}{}.",
                        before.find(old).map_or(old.as_str(), |q| before.name(q)),
                        after.team_name(l.team),
                        l.attributes,
                        l.rp,
                        l.counters,
                        if l.immune {
                            "; you are immune at the next vote"
                        } else {
                            ""
                        }
                    ),
                    true,
                );
            }
            Change::Pool { .. }
            | Change::Deadline { .. }
            | Change::Extend(_)
            | Change::CampAdvantages { .. }
            | Change::AddTeam { .. }
            | Change::RenameTeam { .. }
            | Change::Options(_) => {}
        }
    }
    crate::order::sort_by(&mut out, |a, b| a.0.cmp(&b.0));
    out
}

/// The entries of round `r` (from 1): the steps and edits played while
/// it ran.
pub fn round_entries(season: &Season, r: u32) -> Vec<usize> {
    (0..season.played().len())
        .filter(|&i| season.before(i).round() == r)
        .collect()
}

/// One message per player for `scope`, roster order: a step's message
/// holds that step's private part and the status after it; a round's holds
/// each step's part under its heading and the status at the end of what
/// was played. Players a step does not concern get no message from it; a
/// round's message goes to everyone living when it started and to anyone
/// its steps concern.
///
/// # Panics
///
/// Never: a round's entries are checked to be non-empty before the last is
/// taken.
pub fn player_messages(season: &Season, scope: Scope) -> Vec<PrivateMessage> {
    match scope {
        Scope::Entry(i) => {
            let Some(played) = season.played().get(i) else {
                return Vec::new();
            };
            let round = season.before(i).round();
            let title = format!("Round {round}: {}", heading(&played.entry).to_lowercase());
            parts(season, i)
                .into_iter()
                .map(|part| {
                    let mut lines = part.lines;
                    if part.status {
                        lines.extend(status_lines(&played.after, part.player));
                    }
                    PrivateMessage::new(played.after.name(part.player), title.clone(), lines)
                })
                .collect()
        }
        Scope::Round(r) => {
            let entries = round_entries(season, r);
            let Some(&first) = entries.first() else {
                return Vec::new();
            };
            let start = season.before(first);
            let end = &season.played()[*entries.last().expect("non-empty")].after;
            let mut who: Vec<PlayerId> = start.alive().map(|(p, _)| p).collect();
            let all: Vec<Vec<Part>> = entries.iter().map(|&i| parts(season, i)).collect();
            for part in all.iter().flatten() {
                if !who.contains(&part.player) {
                    who.push(part.player);
                }
            }
            crate::order::sort(&mut who);
            who.into_iter()
                .map(|p| {
                    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
                    for part in all.iter().flatten().filter(|x| x.player == p) {
                        match sections.last_mut() {
                            // Several edits, or conversation slots asked
                            // for in turns (D6.4): one section.
                            Some((h, lines)) if *h == part.heading => {
                                lines.extend(part.lines.iter().cloned())
                            }
                            _ => sections.push((part.heading.clone(), part.lines.clone())),
                        }
                    }
                    sections.push(("Your status".to_string(), status_lines(end, p)));
                    PrivateMessage {
                        player: end.name(p).to_string(),
                        title: format!("Round {r}"),
                        lines: Vec::new(),
                        sections,
                    }
                })
                .collect()
        }
    }
}

/// Every message in one text for one paste: each under its `== Name ==`
/// header, in order, a blank line between them. The bulk splitter reads it
/// back into the same messages ([`console_core::text::split_bulk`]).
pub fn copy_all(messages: &[PrivateMessage], format: Format, deadline: Option<Deadline>) -> String {
    let mut out = String::new();
    for m in messages {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("== {} ==\n", m.player));
        out.push_str(private_message(m, format, deadline).trim_end());
        out.push('\n');
    }
    out
}

/// A file name for one player's message (for a download of every
/// message as files): `round-3-Ann-Lee.txt`, letters, digits and `-` only.
pub fn file_name(message: &PrivateMessage, format: Format) -> String {
    let clean = |s: &str| {
        let mut out = String::new();
        for c in s.chars() {
            if c.is_alphanumeric() {
                out.push(c);
            } else if !out.ends_with('-') && !out.is_empty() {
                out.push('-');
            }
        }
        out.trim_end_matches('-').to_string()
    };
    let ext = match format {
        Format::BBCode => "bbcode.txt",
        Format::Markdown => "md",
        Format::Plain => "txt",
    };
    format!(
        "{}-{}.{ext}",
        clean(&message.title).to_lowercase(),
        clean(&message.player)
    )
}

/// The options a change of options changed, in words: `jury 7 -> 5`.
fn options_changed(a: &Options, b: &Options) -> Vec<String> {
    let mut v = Vec::new();
    let score = |t: TeamScore| match t {
        TeamScore::Mean => "mean",
        TeamScore::Sum => "sum",
    };
    let deadlock = |d: Deadlock| match d {
        Deadlock::SurvivalRoll => "survival roll",
        Deadlock::Rocks => "rocks",
    };
    if a.team_score != b.team_score {
        v.push(format!(
            "team score {} -> {}",
            score(a.team_score),
            score(b.team_score)
        ));
    }
    if a.reward_rp != b.reward_rp {
        v.push(format!("reward {} RP -> {} RP", a.reward_rp, b.reward_rp));
    }
    if a.food_per_player != b.food_per_player {
        v.push(format!(
            "food {} -> {} per player",
            a.food_per_player, b.food_per_player
        ));
    }
    if a.conversation_slots != b.conversation_slots {
        v.push(format!(
            "conversation slots {} -> {}",
            a.conversation_slots, b.conversation_slots
        ));
    }
    if a.deadlock != b.deadlock {
        v.push(format!(
            "deadlock {} -> {}",
            deadlock(a.deadlock),
            deadlock(b.deadlock)
        ));
    }
    if a.jury_size != b.jury_size {
        v.push(format!(
            "jury {} -> {}",
            a.jury_size.get(),
            b.jury_size.get()
        ));
    }
    v
}

/// The public lines of a production edit (D9.1, D10.1): team moves and
/// new players, immunity granted or removed, pools, new and renamed teams,
/// a merge, a player leaving, rule changes. Attributes, RP, counters and
/// advantages are never public (D10.3); the producers' note stays in the
/// log (D9.2).
pub fn edit_public_lines(before: &State, after: &State, e: &Edit) -> Vec<String> {
    let mut v = Vec::new();
    for c in &e.changes {
        match c {
            Change::Player(pc) => {
                let Some(p) = after.find(&pc.name) else {
                    continue;
                };
                let Some(l) = after.living(p) else { continue };
                match before.find(&pc.name).and_then(|q| before.living(q)) {
                    None => v.push(format!(
                        "{} joins the game on {}.",
                        pc.name,
                        after.team_name(l.team)
                    )),
                    Some(was) => {
                        if pc.team.is_some() && was.team != l.team {
                            v.push(format!("{} moves to {}.", pc.name, after.team_name(l.team)));
                        }
                        if pc.immune.is_some() && was.immune != l.immune {
                            v.push(if l.immune {
                                format!("{} is immune at the next vote.", pc.name)
                            } else {
                                format!("{} is no longer immune.", pc.name)
                            });
                        }
                    }
                }
            }
            Change::Pool { team, pool } => {
                let was = before.find_team(team).map(|t| before.teams[t.index()].pool);
                v.push(match was {
                    Some(w) if w != *pool => format!("{team}'s pool is now {pool} (was {w})."),
                    _ => format!("{team}'s pool is {pool}."),
                });
            }
            Change::AddTeam { name } => v.push(format!("A new team: {name}.")),
            Change::RenameTeam { from, to } => v.push(format!("{from} is now called {to}.")),
            Change::Merge { name } => {
                let pool = after.teams.first().map_or(0, |t| t.pool);
                let names: Vec<&str> = before.teams.iter().map(|t| t.name.as_str()).collect();
                v.push(format!(
                    "The teams merge: {} are now one team, {name}, with a pool of {pool}.",
                    names.join(", ")
                ));
            }
            Change::Quit { player, reason } => {
                v.push(match removal(*reason) {
                    Some(r) => format!(
                        "{player} is removed from the game by the producers for {} and joins the jury pool.",
                        r.words()
                    ),
                    None => format!("{player} has left the game and joins the jury pool."),
                });
            }
            Change::Deadline { at } => {
                v.push(format!("Deadline: {}.", utc(*at)));
            }
            Change::Extend(x) => {
                let reason = x.reason.trim();
                v.push(format!(
                    "The deadline is extended by {}{}{}.",
                    duration_text(x.by),
                    if reason.is_empty() { "" } else { ": " },
                    reason
                ));
                if let Some(d) = after.deadline.current() {
                    v.push(format!("New deadline: {}.", utc(d)));
                }
            }
            Change::Replace { old, new } => {
                let was = before.find(old).map_or(old.as_str(), |q| before.name(q));
                v.push(format!("{} replaces {was}.", new.trim()));
            }
            Change::Options(_) => {
                let changed = options_changed(&before.options, &after.options);
                if !changed.is_empty() {
                    v.push(format!("Rule change: {}.", changed.join(", ")));
                }
            }
            Change::CampAdvantages { .. } => {}
        }
    }
    if before.jury().is_empty() && !after.jury().is_empty() {
        let jury: Vec<&str> = after.jury().iter().map(|&p| after.name(p)).collect();
        v.push(format!(
            "Three players remain. The jury: {}.",
            jury.join(", ")
        ));
    }
    v
}

/// The public post of production edit `i`, or `None` when the edit
/// changed nothing public.
pub fn edit_post(season: &Season, i: usize, format: Format) -> Option<Vec<String>> {
    let played = season.played().get(i)?;
    let Entry::Edit(e) = &played.entry else {
        return None;
    };
    let before = season.before(i);
    let lines = edit_public_lines(before, &played.after, e);
    if lines.is_empty() {
        return None;
    }
    let m = Mark(format);
    let mut blocks = vec![m.title(&format!("Round {}: news from production", before.round()))];
    for l in lines {
        blocks.push(format!("{}\n", m.text(&l)));
    }
    Some(pack(blocks, format))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advantage::Advantage;
    use crate::competition::CompetitionInput;
    use crate::edit::PlayerChange;
    use crate::setup::{AttributeSource, SetupInput, TeamSource};
    use console_core::commitment::Salt;
    use console_core::text::split_bulk;

    fn season() -> Season {
        Season::new(SetupInput {
            players: ["Ann", "Bob", "Cid", "Dee", "Eve", "Mary-Jo"]
                .map(String::from)
                .to_vec(),
            teams: vec!["Koru".into(), "Mana".into()],
            attributes: AttributeSource::Rolled,
            assignment: TeamSource::Assigned(
                ["Koru", "Koru", "Koru", "Mana", "Mana", "Mana"]
                    .map(String::from)
                    .to_vec(),
            ),
            options: crate::Options::default(),
            seed: 12,
            salt: Salt([5; 32]),
        })
        .unwrap()
    }

    fn edit(changes: Vec<Change>) -> Entry {
        Entry::Edit(Edit {
            note: "twist".into(),
            changes,
        })
    }

    #[test]
    fn a_round_gathers_every_step_in_one_message_per_player() {
        let mut s = season();
        s.play(Entry::Competition(CompetitionInput::default()))
            .unwrap();
        s.play(edit(vec![Change::Player(PlayerChange {
            name: "Bob".into(),
            advantages: Some(vec![Advantage::ExtraVote]),
            ..Default::default()
        })]))
        .unwrap();
        s.play(Entry::Camp(Default::default())).unwrap();
        let input = s.conversation_input(Default::default(), None);
        s.play(Entry::Conversation(input)).unwrap();
        let msgs = player_messages(&s, Scope::Round(1));
        assert_eq!(msgs.len(), 6, "one per player");
        let bob = msgs.iter().find(|m| m.player == "Bob").unwrap();
        let heads: Vec<&str> = bob.sections.iter().map(|(h, _)| h.as_str()).collect();
        assert_eq!(
            heads,
            [
                "Competition",
                "From the producers",
                "Camp",
                "Conversations",
                "Your status"
            ]
        );
        assert!(bob.sections[1].1[0].contains("You receive an advantage: Extra Vote!"));
        assert!(
            bob.sections[4]
                .1
                .iter()
                .any(|l| l.contains("Advantages: Extra Vote"))
        );
        let ann = msgs.iter().find(|m| m.player == "Ann").unwrap();
        assert!(
            !ann.sections.iter().any(|(h, _)| h == "From the producers"),
            "only Bob's"
        );
        // Per step: only the edit's player, with the status after it.
        let one = player_messages(&s, Scope::Entry(1));
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].title, "Round 1: from the producers");
        assert!(one[0].lines.iter().any(|l| l.starts_with("RP: ")));
        // Steps of the next round are not in this round's message.
        assert!(player_messages(&s, Scope::Round(2)).is_empty());
    }

    #[test]
    fn copy_all_reads_back_into_the_same_messages() {
        let mut s = season();
        s.play(Entry::Competition(CompetitionInput::default()))
            .unwrap();
        let msgs = player_messages(&s, Scope::Round(1));
        for f in Format::ALL {
            let all = copy_all(&msgs, f, None);
            let names: Vec<&str> = msgs.iter().map(|m| m.player.as_str()).collect();
            let split = split_bulk(&all, |n| names.iter().position(|m| *m == n));
            assert!(
                split.orphans.is_empty() && split.unknown_headers.is_empty(),
                "{all}"
            );
            assert_eq!(split.texts.len(), msgs.len());
            for ((k, text), m) in split.texts.iter().zip(&msgs) {
                assert_eq!(names[*k], m.player);
                assert_eq!(text, private_message(m, f, None).trim_end(), "{f:?}");
            }
        }
        assert_eq!(file_name(&msgs[5], Format::Markdown), "round-1-Mary-Jo.md");
    }

    #[test]
    fn a_removal_and_a_deadline_get_their_posts_d9_5_d9_6() {
        use console_core::events::{Extension, RemovalReason};
        let mut s = season();
        s.play(edit(vec![
            Change::Quit {
                player: "Eve".into(),
                reason: Some(RemovalReason::RuleBreak),
            },
            Change::Deadline { at: 86_400 },
            Change::Extend(Extension {
                by: 7_200,
                reason: "a holiday".into(),
            }),
        ]))
        .unwrap();
        let post = edit_post(&s, 0, Format::Plain).unwrap().concat();
        assert!(
            post.contains(
                "Eve is removed from the game by the producers for a rule break and joins the jury pool."
            ),
            "{post}"
        );
        assert!(post.contains("Deadline: 1970-01-02 00:00"), "{post}");
        assert!(
            post.contains("The deadline is extended by 2 hours 0 minutes: a holiday."),
            "{post}"
        );
        assert!(post.contains("New deadline: 1970-01-02 02:00"), "{post}");
        let eve = private_messages(&s, 0);
        assert_eq!(eve.len(), 1, "only Eve hears of it privately");
        let text = private_message(&eve[0], Format::Plain, None);
        assert!(
            text.contains("The producers have removed you from the game for a rule break"),
            "{text}"
        );
        assert_eq!(s.state().deadline.current(), Some(86_400 + 7_200));
    }

    #[test]
    fn production_events_get_their_post_and_messages_d9() {
        let mut s = season();
        s.play(edit(vec![
            Change::Pool {
                team: "Koru".into(),
                pool: 30,
            },
            Change::Player(PlayerChange {
                name: "Cid".into(),
                advantages: Some(vec![Advantage::HiddenImmunity]),
                immune: Some(true),
                ..Default::default()
            }),
        ]))
        .unwrap();
        s.play(edit(vec![Change::Merge {
            name: "Tagi".into(),
        }]))
        .unwrap();
        s.play(edit(vec![Change::Quit {
            reason: None,
            player: "Eve".into(),
        }]))
        .unwrap();
        let post = edit_post(&s, 0, Format::Plain).unwrap().concat();
        assert!(post.contains("Koru's pool is now 30 (was 21)."), "{post}");
        assert!(post.contains("Cid is immune at the next vote."), "{post}");
        assert!(
            !post.contains("Hidden Immunity"),
            "advantages stay secret (D10.3): {post}"
        );
        assert!(!post.contains("twist"), "the note stays in the log: {post}");
        let cid = &private_messages(&s, 0)[0];
        assert_eq!(cid.player, "Cid");
        assert!(
            cid.lines
                .contains(&"You receive an advantage: Hidden Immunity!".to_string())
        );
        let merge = edit_post(&s, 1, Format::BBCode).unwrap().concat();
        assert!(
            merge.contains("Koru, Mana are now one team, Tagi, with a pool of"),
            "{merge}"
        );
        assert_eq!(private_messages(&s, 1).len(), 6, "everyone's new team");
        let quit = edit_post(&s, 2, Format::Markdown).unwrap().concat();
        assert!(
            quit.contains("Eve has left the game and joins the jury pool."),
            "{quit}"
        );
        let eve = private_messages(&s, 2);
        assert_eq!((eve.len(), eve[0].player.as_str()), (1, "Eve"));
        // Only secret changes: no post.
        s.play(edit(vec![Change::Player(PlayerChange {
            name: "Ann".into(),
            rp: Some(4),
            ..Default::default()
        })]))
        .unwrap();
        assert_eq!(edit_post(&s, 3, Format::Plain), None);
        assert_eq!(crate::post::public_post(&s, 3, Format::Plain), None);
        assert!(crate::post::public_post(&s, 2, Format::Plain).is_some());
    }

    #[test]
    fn a_replacement_gets_its_post_and_the_new_player_the_catch_up_d9_4() {
        let mut s = season();
        s.play(edit(vec![Change::Replace {
            old: "Cid".into(),
            new: "Zed".into(),
        }]))
        .unwrap();
        let post = edit_post(&s, 0, Format::Plain).unwrap().concat();
        assert!(post.contains("Zed replaces Cid."), "{post}");
        let msgs = private_messages(&s, 0);
        assert_eq!(msgs.len(), 1, "{msgs:?}");
        assert_eq!(msgs[0].player, "Zed");
        let text = msgs[0].lines.join("\n");
        assert!(
            text.contains("you replace Cid and take over everything"),
            "{text}"
        );
        assert!(text.contains("RP 0"), "{text}");
        // The old name still names the slot; a new name may not be taken.
        let after = s.state();
        assert_eq!(after.find("Cid"), after.find("Zed"));
        assert!(
            s.play(edit(vec![Change::Replace {
                old: "Zed".into(),
                new: "ann".into(),
            }]))
            .is_err()
        );
    }

    fn private_messages(s: &Season, i: usize) -> Vec<PrivateMessage> {
        crate::post::private_messages(s, i)
    }
}
