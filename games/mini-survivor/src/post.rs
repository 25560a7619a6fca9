//! R9: what leaves the moderator. The public result post is built from a
//! [`PublicRound`], which can only name the controller of an *eliminated*
//! survivor (through [`Fallen`], whose one constructor checks that), holds
//! no attacker/voter links, and no holdings. Private messages
//! ([`PrivateMessage`]) hold one player's own information.
//!
//! Formats (R9.4): BBCode, Discord Markdown (messages of at most 2,000 code
//! points, split between blocks), plain text.

use crate::end::final_result;
use crate::player::PlayerId;
use crate::position::{Place, Position, Setup};
use crate::report::{MoveOutcome, RoundReport};
use crate::survivor::SurvivorId;
use crate::tribe::TribeId;
use std::fmt::Write as _;

pub use console_core::format::{
    DISCORD_LIMIT, Deadline, Format, Mark, deadline_text, escape, pack, utc,
};

/// An eliminated survivor and its controller: public once it falls (R2.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fallen {
    survivor: SurvivorId,
    controller: String,
}

impl Fallen {
    /// `Some` only if `id` is eliminated in `after`.
    pub fn new(setup: &Setup, after: &Position, id: SurvivorId) -> Option<Fallen> {
        let s = after.survivor(id)?;
        matches!(s.place, Place::Eliminated(_)).then(|| Fallen {
            survivor: id,
            controller: setup.players.name(s.controller).to_string(),
        })
    }

    /// The survivor.
    pub fn survivor(&self) -> SurvivorId {
        self.survivor
    }

    /// Its controller's name.
    pub fn controller(&self) -> &str {
        &self.controller
    }
}

/// One tribe line of the line-up (R2.1, R9.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TribeLine {
    /// The tribe.
    pub tribe: TribeId,
    /// Its display name.
    pub name: String,
    /// Members, ascending.
    pub members: Vec<SurvivorId>,
}

/// The public line-up: existing tribes, removed tribes, outcasts (R2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup {
    /// The round it is the line-up for.
    pub round: u16,
    /// Existing tribes in letter order.
    pub tribes: Vec<TribeLine>,
    /// Removed tribes.
    pub removed: Vec<TribeId>,
    /// Outcasts, ascending.
    pub outcasts: Vec<SurvivorId>,
}

impl Lineup {
    /// The line-up of a position.
    pub fn of(setup: &Setup, position: &Position) -> Lineup {
        Lineup {
            round: position.round(),
            tribes: position
                .existing_tribes(setup.grid)
                .map(|t| TribeLine {
                    tribe: t,
                    name: setup.tribe_name(t).to_string(),
                    members: position.members(t).collect(),
                })
                .collect(),
            removed: setup
                .grid
                .tribes()
                .filter(|t| position.is_removed(*t))
                .collect(),
            outcasts: position.outcasts().collect(),
        }
    }
}

/// One tribe's public vote result (R5.6, R9.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicTally {
    /// The tribe.
    pub tribe: TribeId,
    /// Its display name.
    pub name: String,
    /// (survivor, votes) by votes descending then ID.
    pub counts: Vec<(SurvivorId, u32)>,
    /// Eliminated, with controllers.
    pub eliminated: Vec<Fallen>,
    /// Survivors with an idol played on them, if announced (R5.6 option).
    pub idols: Vec<SurvivorId>,
}

/// Tribe and the survivors assassinated in it (R4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicAssassinations {
    /// The tribe.
    pub tribe: TribeId,
    /// Its display name.
    pub name: String,
    /// Eliminated there, with controllers.
    pub fallen: Vec<Fallen>,
}

/// The final standings, public once the game is over (R8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicEnd {
    /// (player, Tokens of Life), players with at least one.
    pub tokens: Vec<(String, u32)>,
    /// (player, garnets awarded), players with at least one.
    pub garnets: Vec<(String, u32)>,
    /// EC players, and deciders of a tie.
    pub candidate: Option<(Vec<String>, Vec<String>)>,
    /// The seed, revealed at the end (R9.2).
    pub seed: u64,
    /// The commitment's salt, revealed with the seed.
    pub salt: String,
    /// Whether the game was dealt from the seed (else it started from an
    /// entered position: no deal commitment to check).
    pub dealt: bool,
    /// What a player needs to check the deal (R1.5, R9.7): the commitment
    /// published at the deal and the inputs as they were then. `None`
    /// when not known here ([`PublicRound::new`] has only the round's
    /// setup; [`crate::Game::public_round`] fills it in).
    pub deal: Option<DealCheck>,
}

/// The deal's commitment and its inputs as published at the deal (R1.5):
/// the players as they were named then, whatever replacements came later
/// (R10.1, R9.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealCheck {
    /// The commitment published with the first line-up (64 hex digits).
    pub commitment: String,
    /// The players as dealt, in order.
    pub players: Vec<String>,
    /// Survivors per player.
    pub per_player: usize,
    /// The grid's rows and columns.
    pub grid: (usize, usize),
}

/// Why a player is out of the game after a round (R9.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OutWhy {
    /// Every survivor of theirs was eliminated; the last one at this moment.
    Eliminated(crate::position::Moment),
    /// The moderator removed them (R10.2), for this reason.
    Removed(console_core::events::RemovalReason),
}

/// A player who controlled a living survivor at the start of a round and
/// none at its end: out of the game, with no further private message
/// (R9.1, R9.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfGame {
    /// The player's name during the round.
    pub player: String,
    /// Why.
    pub why: OutWhy,
}

/// Everything public about one round (R9.1), and nothing else (R9.2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicRound {
    /// Round number.
    pub round: u16,
    /// Per tribe, in letter order, tribes with an assassination.
    pub assassinations: Vec<PublicAssassinations>,
    /// Whether the Voting segment was skipped (R7.3).
    pub voting_skipped: bool,
    /// Per voting tribe.
    pub tallies: Vec<PublicTally>,
    /// Tribes removed this round.
    pub removed: Vec<(TribeId, String)>,
    /// Outcasts that had to move and gave no move (R6.7): with the tribe
    /// they were placed in at random and its name, or `None` when they
    /// stay outcast (the `stay` option). Public: the line-up shows where
    /// every survivor is, and R6.7 says the result says so.
    pub without_move: Vec<(SurvivorId, Option<(TribeId, String)>)>,
    /// The line-up for the next round (after the last round: the final one).
    pub lineup: Lineup,
    /// Final standings, if the game ended.
    pub end: Option<PublicEnd>,
    /// The slots replaced with this round's events (R10.1), as (the name
    /// now, the name replaced): the post writes `NEW (replaced OLD)`.
    pub replaced: Vec<(String, String)>,
    /// The players out of the game after this round, in roster order
    /// (R9.1): fully eliminated or removed by the moderator.
    pub out: Vec<OutOfGame>,
}

impl PublicRound {
    /// The public view of a round: `before` and `after` are the positions at
    /// its start and end.
    pub fn new(
        setup: &Setup,
        before: &Position,
        report: &RoundReport,
        after: &Position,
    ) -> PublicRound {
        let fallen = |ids: &[SurvivorId]| -> Vec<Fallen> {
            ids.iter()
                .filter_map(|&id| Fallen::new(setup, after, id))
                .collect()
        };
        let assassinations = setup
            .grid
            .tribes()
            .filter_map(|t| {
                let ids: Vec<SurvivorId> = report
                    .assassinated
                    .iter()
                    .copied()
                    .filter(|id| before.survivor(*id).map(|s| s.place) == Some(Place::Tribe(t)))
                    .collect();
                (!ids.is_empty()).then(|| PublicAssassinations {
                    tribe: t,
                    name: setup.tribe_name(t).to_string(),
                    fallen: fallen(&ids),
                })
            })
            .collect();
        let tallies = report
            .tallies
            .iter()
            .map(|t| {
                let mut counts = t.counts.clone();
                console_core::text::sort_small(&mut counts, |c| (std::cmp::Reverse(c.1), c.0));
                let idols = if setup.options.announce_idols {
                    report
                        .idols
                        .iter()
                        .map(|i| i.survivor)
                        .filter(|s| t.counts.iter().any(|c| c.0 == *s))
                        .collect()
                } else {
                    Vec::new()
                };
                PublicTally {
                    tribe: t.tribe,
                    name: setup.tribe_name(t.tribe).to_string(),
                    counts,
                    eliminated: fallen(&t.eliminated),
                    idols,
                }
            })
            .collect();
        let end = final_result(setup, after).map(|r| {
            let named = |v: &[u32]| -> Vec<(String, u32)> {
                setup
                    .players
                    .named_counts(v)
                    .map(|(p, n)| (p.to_string(), n))
                    .collect()
            };
            let names = |v: &[PlayerId]| {
                v.iter()
                    .map(|p| setup.players.name(*p).to_string())
                    .collect()
            };
            PublicEnd {
                tokens: named(&r.tokens_of_life),
                garnets: r.garnets_awarded.as_deref().map(named).unwrap_or_default(),
                candidate: r
                    .elimination_candidate
                    .map(|ec| (names(&ec.players), names(&ec.deciders))),
                seed: setup.seed,
                salt: setup.salt.to_string(),
                dealt: setup.origin == crate::position::Origin::Deal,
                deal: None,
            }
        });
        let alive = |p: &Position, who: PlayerId| p.survivors_of(who).any(|s| s.place.is_alive());
        let out = setup
            .players
            .ids()
            .filter(|&p| alive(before, p) && !alive(after, p))
            .map(|p| {
                let removed = report.events.iter().find_map(|n| match n {
                    crate::events::EventNote::Remove(r) if r.slot == p => Some(r.reason),
                    _ => None,
                });
                OutOfGame {
                    player: setup.players.name(p).to_string(),
                    why: match (removed, after.eliminated_at(p)) {
                        (Some(r), _) => OutWhy::Removed(r),
                        (None, Some(m)) => OutWhy::Eliminated(m),
                        (None, None) => OutWhy::Eliminated(crate::position::Moment::Segment {
                            round: report.round,
                            segment: crate::position::Segment::Voting,
                        }),
                    },
                }
            })
            .collect();
        PublicRound {
            round: report.round,
            assassinations,
            voting_skipped: report.voting_skipped,
            tallies,
            removed: report
                .removals
                .iter()
                .map(|r| (r.tribe, setup.tribe_name(r.tribe).to_string()))
                .collect(),
            without_move: report
                .moves
                .iter()
                .filter_map(|&(id, m)| match m {
                    MoveOutcome::Placed(t) => {
                        Some((id, Some((t, setup.tribe_name(t).to_string()))))
                    }
                    MoveOutcome::Stayed => Some((id, None)),
                    _ => None,
                })
                .collect(),
            lineup: Lineup::of(setup, after),
            end,
            replaced: report
                .events
                .iter()
                .filter_map(|n| match n {
                    crate::events::EventNote::Replace { slot, old, .. } => {
                        Some((setup.players.name(*slot).to_string(), old.clone()))
                    }
                    _ => None,
                })
                .collect(),
            out,
        }
    }
}

/// Where one of a player's survivors is, as their private message says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    /// In a tribe: its letter and display name.
    Tribe(TribeId, String),
    /// An outcast (R7.4).
    Outcast,
    /// Eliminated, and when.
    Eliminated(crate::position::Moment),
}

/// A player's own final standing, once the game is over (R8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PrivateEnd {
    /// Tokens of Life earned (R8.2).
    pub tokens: u32,
    /// Garnets awarded by R8.3 (included in the balance), if the award happened.
    pub garnets_awarded: Option<u32>,
}

/// A player's private message (R9.3): own survivors, idols, garnets, next
/// price; once the game is over, the player's final standing instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrivateMessage {
    /// The player's name.
    pub player: String,
    /// The round it is for; once the game is over, the last round played.
    pub round: u16,
    /// The player's survivors by ID, with where each is.
    pub survivors: Vec<(SurvivorId, Whereabouts)>,
    /// Idols held.
    pub idols: u32,
    /// Garnet balance.
    pub garnets: u32,
    /// Price of the next idol purchase.
    pub next_price: u32,
    /// Once the game is over: the final standing (no round to play).
    pub end: Option<PrivateEnd>,
}

impl PrivateMessage {
    /// The message for `player` at `position` (the start of the next round,
    /// or the end of the game).
    pub fn new(setup: &Setup, position: &Position, player: PlayerId) -> PrivateMessage {
        let h = position.holdings(player);
        let end = final_result(setup, position).map(|r| PrivateEnd {
            tokens: r.tokens_of_life[player.index()],
            garnets_awarded: r.garnets_awarded.map(|a| a[player.index()]),
        });
        PrivateMessage {
            player: setup.players.name(player).to_string(),
            round: if end.is_some() {
                position.round().saturating_sub(1)
            } else {
                position.round()
            },
            survivors: position
                .survivors_of(player)
                .map(|s| {
                    let place = match s.place {
                        Place::Tribe(t) => Whereabouts::Tribe(t, setup.tribe_name(t).to_string()),
                        Place::Outcast => Whereabouts::Outcast,
                        Place::Eliminated(m) => Whereabouts::Eliminated(m),
                    };
                    (s.id, place)
                })
                .collect(),
            idols: h.idols,
            garnets: h.garnets,
            next_price: h.next_price(),
            end,
        }
    }
}

/// Survivor IDs, each with `prefix`, joined by `sep`; `empty` when there are none.
fn id_list(v: &[SurvivorId], prefix: &str, sep: &str, empty: &str) -> String {
    if v.is_empty() {
        return empty.to_string();
    }
    v.iter()
        .map(|s| format!("{prefix}{s}"))
        .collect::<Vec<_>>()
        .join(sep)
}

fn ids(v: &[SurvivorId]) -> String {
    id_list(v, "#", ", ", "none")
}

fn fallen_list(who: &dyn Fn(&str) -> String, v: &[Fallen]) -> String {
    v.iter()
        .map(|f| format!("#{} ({})", f.survivor, who(&f.controller)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn lineup_block(m: &Mark, l: &Lineup) -> String {
    let mut grid = String::new();
    let width = l
        .tribes
        .iter()
        .map(|t| t.name.chars().count())
        .max()
        .unwrap_or(0);
    for t in &l.tribes {
        let members = id_list(&t.members, "", " ", "(empty)");
        let _ = writeln!(grid, "{} {:width$} : {members}", t.tribe, t.name);
    }
    let _ = write!(grid, "Outcasts: {}", id_list(&l.outcasts, "", " ", "none"));
    if !l.removed.is_empty() {
        let _ = write!(
            grid,
            "\nRemoved:  {}",
            l.removed
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    // Tribe names are the moderator's; inside a code block they cannot be escaped,
    // so backticks are replaced.
    m.code(&grid.replace('`', "'"))
}

/// The line-up post alone (R2.1), e.g. for round 1 after the deal, with the
/// deal's seed commitment when given (see `commitment`).
pub fn lineup_post(
    setup: &Setup,
    position: &Position,
    format: Format,
    deadline: Option<Deadline>,
    commitment: Option<&str>,
) -> Vec<String> {
    let m = Mark(format);
    let l = Lineup::of(setup, position);
    let mut blocks = vec![
        m.title(&format!("Round {}: line-up", l.round)),
        lineup_block(&m, &l),
    ];
    if let Some(c) = commitment {
        blocks.push(format!(
            "Deal commitment (SHA-256 of seed, salt, players, survivors per player and grid): {c}\n"
        ));
    }
    if let Some(d) = deadline {
        blocks.push(format!("Orders due: {}\n", deadline_text(d, format)));
    }
    pack(blocks, format)
}

/// The public result post of a round (R9.1, R9.4, R9.5): one message, or for
/// Markdown as many as needed of at most 2,000 code points, split between
/// blocks, numbered `(1/2)`.
pub fn result_post(
    public: &PublicRound,
    format: Format,
    deadline: Option<Deadline>,
) -> Vec<String> {
    let m = Mark(format);
    // A player's name, with the name it replaced this round (R10.1).
    let who = |name: &str| match public.replaced.iter().find(|(now, _)| now == name) {
        Some((_, old)) => format!("{} (replaced {})", m.name(name), m.name(old)),
        None => m.name(name),
    };
    let mut blocks = vec![m.title(&format!("Round {} results", public.round))];
    blocks.push(m.heading("Assassinations"));
    if public.assassinations.is_empty() {
        blocks.push("No survivor was assassinated.\n".to_string());
    }
    for a in &public.assassinations {
        blocks.push(format!(
            "{}: {}\n",
            m.bold(&format!("{} ({})", m.name(&a.name), a.tribe)),
            fallen_list(&who, &a.fallen)
        ));
    }
    blocks.push(m.heading("Votes"));
    if public.voting_skipped {
        blocks.push("Every tribe fell apart: there was no vote this round.\n".to_string());
    }
    for t in &public.tallies {
        let counts = t
            .counts
            .iter()
            .map(|(s, n)| format!("#{s} ({n})"))
            .collect::<Vec<_>>()
            .join("  ");
        let mut b = format!(
            "{}\n{}",
            m.bold(&format!("{} ({})", m.name(&t.name), t.tribe)),
            m.code(&counts)
        );
        let _ = writeln!(b, "Voted out: {}", fallen_list(&who, &t.eliminated));
        if !t.idols.is_empty() {
            let _ = writeln!(b, "Idol played on: {}", ids(&t.idols));
        }
        blocks.push(b);
    }
    if !public.removed.is_empty() {
        blocks.push(m.heading("Tribes removed"));
        blocks.push(format!(
            "{}\n",
            public
                .removed
                .iter()
                .map(|(t, n)| format!("{} ({t})", m.name(n)))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !public.without_move.is_empty() {
        blocks.push(m.heading("Outcasts without a move (R6.7)"));
        let mut b = String::new();
        for (id, to) in &public.without_move {
            let _ = match to {
                Some((t, name)) => writeln!(
                    b,
                    "#{id} gave no move and was placed in {} ({t}) at random.",
                    m.name(name)
                ),
                None => writeln!(b, "#{id} gave no move and stays an outcast."),
            };
        }
        blocks.push(b);
    }
    if !public.out.is_empty() {
        blocks.push(m.heading("Out of the game"));
        let mut b = String::new();
        for o in &public.out {
            let _ = match o.why {
                OutWhy::Removed(r) => writeln!(
                    b,
                    "{}: removed from the game by the moderator for {}.",
                    who(&o.player),
                    r.words()
                ),
                OutWhy::Eliminated(at) => writeln!(
                    b,
                    "{}: every survivor eliminated, the last {at}.",
                    who(&o.player)
                ),
            };
        }
        blocks.push(b);
    }
    if let Some(end) = &public.end {
        blocks.push(m.heading("Final line-up"));
        blocks.push(lineup_block(&m, &public.lineup));
        blocks.push(m.heading("The game is over"));
        let list = |v: &[(String, u32)]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.iter()
                    .map(|(p, n)| format!("{} {n}", who(p)))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        };
        let mut b = format!(
            "Tokens of Life: {}\nGarnets awarded: {}\n",
            list(&end.tokens),
            list(&end.garnets)
        );
        match &end.candidate {
            None => b.push_str("Elimination Candidate: none (no player was fully eliminated)\n"),
            Some((ps, ds)) if ds.is_empty() => {
                let _ = writeln!(
                    b,
                    "Elimination Candidate: {}",
                    ps.iter().map(|p| who(p)).collect::<Vec<_>>().join(", ")
                );
            }
            Some((ps, ds)) => {
                let _ = writeln!(
                    b,
                    "Elimination Candidate: tie between {}; decided by {}",
                    ps.iter().map(|p| who(p)).collect::<Vec<_>>().join(", "),
                    ds.iter().map(|p| who(p)).collect::<Vec<_>>().join(", ")
                );
            }
        }
        let _ = writeln!(b, "Seed: {}", end.seed);
        if end.dealt {
            let _ = writeln!(b, "Salt: {}", end.salt);
            if let Some(d) = &end.deal {
                let names: Vec<String> = d.players.iter().map(|p| m.name(p)).collect();
                let _ = writeln!(
                    b,
                    "Deal commitment (published with the first line-up): {}\nIt was made with the players as dealt, in order: {}; {} survivors per player; grid {} x {}.",
                    d.commitment,
                    names.join(", "),
                    d.per_player,
                    d.grid.0,
                    d.grid.1
                );
            }
            b.push_str(
                "Anyone can check the deal against the commitment published at the start.\n",
            );
        } else {
            b.push_str("This game started from a position entered by the moderator: there was no deal to commit to. The seed drove the random draws (R6.7, R7.3).\n");
        }
        blocks.push(b);
    } else {
        blocks.push(m.heading(&format!("Line-up for round {}", public.lineup.round)));
        blocks.push(lineup_block(&m, &public.lineup));
        if let Some(d) = deadline {
            blocks.push(format!("Orders due: {}\n", deadline_text(d, format)));
        }
    }
    pack(blocks, format)
}

/// A private message as text (R9.3). Only names (the player's, the
/// tribes') are escaped; the message's own punctuation is written as is.
/// Once the game is over it gives the final standing: no round, idol price
/// or deadline.
pub fn private_message(msg: &PrivateMessage, format: Format, deadline: Option<Deadline>) -> String {
    let m = Mark(format);
    let over = msg.end.is_some();
    let mut s = if over {
        m.title(&format!(
            "Final standing for {} (the game ended after round {})",
            m.name(&msg.player),
            msg.round
        ))
    } else {
        m.title(&format!(
            "Round {}: private message for {}",
            msg.round,
            m.name(&msg.player)
        ))
    };
    for (id, place) in &msg.survivors {
        let _ = match place {
            Whereabouts::Tribe(t, name) if over => {
                writeln!(s, "#{id}: alive in {} ({t})", m.name(name))
            }
            Whereabouts::Tribe(t, name) => writeln!(s, "#{id}: {} ({t})", m.name(name)),
            Whereabouts::Outcast if over => writeln!(s, "#{id}: alive, outcast"),
            Whereabouts::Outcast => writeln!(s, "#{id}: outcast, must move this round (R6.2)"),
            Whereabouts::Eliminated(when) => writeln!(s, "#{id}: eliminated {when}"),
        };
    }
    match msg.end {
        Some(end) => {
            let _ = write!(
                s,
                "Tokens of Life: {} | Idols: {} | Garnets: {}",
                end.tokens, msg.idols, msg.garnets
            );
            match end.garnets_awarded {
                Some(a) => {
                    let _ = writeln!(s, " ({a} awarded at the end, R8.3)");
                }
                None => s.push('\n'),
            }
        }
        None => {
            let _ = writeln!(
                s,
                "Idols: {} | Garnets: {} | Next idol costs {} garnets",
                msg.idols, msg.garnets, msg.next_price
            );
            if let Some(d) = deadline {
                let _ = writeln!(s, "Orders due: {}", deadline_text(d, format));
            }
        }
    }
    s
}
