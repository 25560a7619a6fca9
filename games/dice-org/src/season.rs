//! The app's season: setup, every step and edit with its input, replay from
//! the seed, undo of the last step or edit, the round wizard, the board,
//! the odds of a roll, and the dice log.
//!
//! All dice come from one generator stream of the seed
//! ([`crate::dice::DICE_STREAM`]) whose position is kept after every entry,
//! so the season replays exactly from its seed and inputs (D1.4, D11).

use crate::advantage::Advantage;
use crate::by_name::ByName;
use crate::competition::Mode;
use crate::conversation::{ConversationInput, Pair, Prefs, fill_slots};
use crate::dice::{Dice, LoggedDie, SeededDice};
use crate::penalty::Penalties;
use crate::report::StepError;
use crate::roll::{Boost, Odds, RollKind, RollOptions, odds};
use crate::setup::{SetupError, SetupInput, SetupReport, commitment, setup};
use crate::state::{Attributes, Phase, PlayerId, State};
use crate::step::{Entry, StepReport, apply};
use console_core::rng::RngState;
use serde::{Deserialize, Serialize};

/// One entry of the season as played.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Played {
    /// The input.
    pub entry: Entry,
    /// Why things came out as they did.
    pub report: StepReport,
    /// The state after it.
    pub after: State,
    /// The dice it drew, in order.
    pub dice: Vec<LoggedDie>,
    /// Where the dice stand after it.
    pub dice_after: RngState,
}

/// A season in progress or over.
#[derive(Clone, Eq, PartialEq, Debug)]
pub struct Season {
    setup: SetupInput,
    start: State,
    setup_report: SetupReport,
    setup_dice: Vec<LoggedDie>,
    dice_start: RngState,
    played: Vec<Played>,
}

/// An entry that cannot be replayed: its index (from 0) and why.
#[derive(Clone, Eq, PartialEq, Debug)]
pub enum ReplayError {
    /// The setup is refused.
    Setup(SetupError),
    /// Entry `index` is refused.
    Entry {
        /// Index from 0.
        index: usize,
        /// Why.
        error: StepError,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Setup(e) => write!(f, "setup: {e}"),
            ReplayError::Entry { index, error } => write!(f, "entry {}: {error}", index + 1),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A line of the dice log.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct DiceLogLine {
    /// The entry that drew it (index from 0), `None` for setup.
    pub entry: Option<usize>,
    /// The die.
    #[serde(flatten)]
    pub die: LoggedDie,
}

/// One player on the board. Secret fields are `None` when secrets are hidden.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct BoardPlayer {
    /// The name.
    pub name: String,
    /// Attributes (secret, D10.3).
    pub attributes: Option<Attributes>,
    /// RP (private, D10.2).
    pub rp: Option<u32>,
    /// Depletion counters (private).
    pub counters: Option<u32>,
    /// The penalties of those counters (D2.1).
    pub penalties: Option<Penalties>,
    /// Advantages held (secret until played).
    pub advantages: Option<Vec<Advantage>>,
    /// Immune (public).
    pub immune: bool,
}

/// One team on the board.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct BoardTeam {
    /// The name.
    pub name: String,
    /// The pool (public).
    pub pool: u32,
    /// Advantages waiting at camp (producers only).
    pub camp: Option<Vec<Advantage>>,
    /// Living members, roster order.
    pub members: Vec<BoardPlayer>,
}

/// The season board.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Board {
    /// The round (D3.1).
    pub round: u32,
    /// The phase the wizard offers next.
    pub next: Phase,
    /// Teams in team order (empty ones included).
    pub teams: Vec<BoardTeam>,
    /// The team that votes next, if a team competition decided it.
    pub to_vote: Option<String>,
    /// Voted out or quit, oldest first.
    pub voted_out: Vec<String>,
    /// The jury, once three players remain.
    pub jury: Vec<String>,
    /// The winner, once the final is over.
    pub winner: Option<String>,
}

/// One participant's offer in the competition wizard.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct Offer {
    /// The player.
    pub name: String,
    /// Their team.
    pub team: String,
    /// RP now.
    pub rp: u32,
    /// Boosts they can pay for without deducting.
    pub boosts: Vec<Boost>,
    /// Boosts they can pay for if they also deduct (the RP is paid at once, D2.3).
    pub boosts_with_deduct: Vec<Boost>,
}

/// One team in the camp wizard.
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
pub struct CampOffer {
    /// The team.
    pub team: String,
    /// Its pool.
    pub pool: u32,
    /// Food the camp needs (D5.1).
    pub need: u32,
    /// Whether it will be consumed.
    pub consumes: bool,
    /// Advantages waiting (producers only).
    pub waiting: usize,
    /// Members and their choices' costs.
    pub members: Vec<Offer>,
}

/// What the wizard's next phase needs (D3.1).
#[derive(Clone, Eq, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "lowercase")]
pub enum Needs {
    /// D4: each participant's choices.
    Competition {
        /// Team or individual.
        mode: Mode,
        /// Participants in roll order.
        participants: Vec<Offer>,
    },
    /// D5: each member's choices.
    Camp {
        /// Teams in team order.
        teams: Vec<CampOffer>,
    },
    /// D6: every living player's preferences.
    Conversation {
        /// Living players, roster order.
        players: Vec<String>,
        /// Pairs that talked this round.
        held: Vec<[String; 2]>,
        /// Slots left this round.
        slots_left: u32,
    },
    /// D7: the ballots.
    Vote {
        /// Voters, roster order.
        voters: Vec<String>,
        /// Candidates, roster order.
        candidates: Vec<String>,
        /// Immune voters.
        immune: Vec<String>,
        /// Voters' and others' playable cards: (holder, card), producers only.
        cards: Vec<(String, Advantage)>,
    },
    /// D7.5: the revote of a tied vote, as a step of its own.
    Revote {
        /// The revote's voters: the vote's voters who are not tied, roster
        /// order.
        voters: Vec<String>,
        /// The tied, its candidates, roster order.
        tied: Vec<String>,
    },
    /// D8: the jurors' votes.
    Final {
        /// The jury, in the order voted out.
        jury: Vec<String>,
        /// The finalists, roster order.
        finalists: Vec<String>,
    },
    /// Nothing: the season is over.
    Over {
        /// The winner.
        winner: String,
    },
}

impl Season {
    /// Starts a season (D1): rolls attributes from the dice when asked to.
    ///
    /// # Errors
    ///
    /// A [`SetupError`] if [`crate::setup::check`] refuses the setup (or, never
    /// with the seeded dice, if the dice ran out).
    pub fn new(input: SetupInput) -> Result<Season, SetupError> {
        let mut src = SeededDice::new(input.seed);
        let mut dice = Dice::new(&mut src);
        let (start, setup_report) = setup(&input, &mut dice)?;
        let setup_dice = dice.into_log();
        Ok(Season {
            dice_start: src.state(),
            setup: input,
            start,
            setup_report,
            setup_dice,
            played: Vec::new(),
        })
    }

    /// Replays a season from its setup and entries (D1.4).
    ///
    /// # Errors
    ///
    /// [`ReplayError::Setup`] if the setup is refused, else
    /// [`ReplayError::Entry`] with the 0-based index and [`StepError`] of the
    /// first entry that is refused.
    pub fn replay(input: SetupInput, entries: &[Entry]) -> Result<Season, ReplayError> {
        let mut s = Season::new(input).map_err(ReplayError::Setup)?;
        for (index, e) in entries.iter().enumerate() {
            s.play(e.clone())
                .map_err(|error| ReplayError::Entry { index, error })?;
        }
        Ok(s)
    }

    /// The setup input.
    pub fn setup(&self) -> &SetupInput {
        &self.setup
    }

    /// What setup drew.
    pub fn setup_report(&self) -> &SetupReport {
        &self.setup_report
    }

    /// The commitment to publish at the start (D1.4).
    pub fn commitment(&self) -> String {
        commitment(&self.setup)
    }

    /// The state after setup.
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The current state.
    pub fn state(&self) -> &State {
        self.played.last().map_or(&self.start, |p| &p.after)
    }

    /// The state before entry `i` (from 0).
    pub fn before(&self, i: usize) -> &State {
        if i == 0 {
            &self.start
        } else {
            &self.played[i - 1].after
        }
    }

    /// Every entry played, oldest first.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// The inputs, oldest first (what a save file stores).
    pub fn entries(&self) -> Vec<Entry> {
        self.played.iter().map(|p| p.entry.clone()).collect()
    }

    /// Where the dice stand now.
    pub fn dice_position(&self) -> RngState {
        self.played.last().map_or(self.dice_start, |p| p.dice_after)
    }

    /// Plays a step or edit on the current state.
    ///
    /// # Errors
    ///
    /// The [`StepError`] of the step or edit (see [`crate::step::apply`]);
    /// nothing changes then.
    ///
    /// # Panics
    ///
    /// Never: the step just pushed is the last one.
    pub fn play(&mut self, entry: Entry) -> Result<&Played, StepError> {
        let mut src = SeededDice::at(self.dice_position());
        let mut dice = Dice::new(&mut src);
        let (after, report) = apply(self.state(), &entry, &mut dice)?;
        let log = dice.into_log();
        self.played.push(Played {
            entry,
            report,
            after,
            dice: log,
            dice_after: src.state(),
        });
        Ok(self.played.last().expect("just pushed"))
    }

    /// What `entry` would report if played now, without playing it: the
    /// wizard shows the choices the rules would refuse (the report's
    /// `rejected`) and whether a revote is held (D7.5, D8.2) before the
    /// producers commit. The season does not change; the dice drawn are the
    /// ones the real step would draw.
    ///
    /// # Errors
    ///
    /// As [`Season::play`].
    pub fn dry_run(&self, entry: &Entry) -> Result<StepReport, StepError> {
        let mut src = SeededDice::at(self.dice_position());
        let mut dice = Dice::new(&mut src);
        apply(self.state(), entry, &mut dice).map(|(_, report)| report)
    }

    /// Entry `i`'s report in words for the producers' log (see
    /// [`crate::explain::explain`]); empty for an index out of range.
    pub fn explain(&self, i: usize) -> Vec<String> {
        self.played.get(i).map_or(Vec::new(), |p| {
            crate::explain::explain(&p.report, self.before(i))
        })
    }

    /// Undoes the last step or edit, returning it; the dice go back too.
    pub fn undo(&mut self) -> Option<Played> {
        self.played.pop()
    }

    /// The phase the round wizard offers next.
    pub fn next_phase(&self) -> Phase {
        self.state().next_phase()
    }

    /// What the next phase needs from the producers.
    pub fn needs(&self) -> Needs {
        needs(self.state())
    }

    /// The board; `hide_secrets` blanks attributes, RP, counters and
    /// advantages (for screen sharing).
    pub fn board(&self, hide_secrets: bool) -> Board {
        board(self.state(), hide_secrets)
    }

    /// Every die drawn, with the entry that drew it (setup first).
    pub fn dice_log(&self) -> Vec<DiceLogLine> {
        let mut out: Vec<DiceLogLine> = self
            .setup_dice
            .iter()
            .map(|d| DiceLogLine {
                entry: None,
                die: d.clone(),
            })
            .collect();
        for (i, p) in self.played.iter().enumerate() {
            out.extend(p.dice.iter().map(|d| DiceLogLine {
                entry: Some(i),
                die: d.clone(),
            }));
        }
        out
    }

    /// The odds of a living player's next roll of `kind` with `options`
    /// (D2.2), counts out of 216; `None` for a player not living.
    pub fn odds_for(&self, player: &str, kind: RollKind, options: RollOptions) -> Option<Odds> {
        let s = self.state();
        let l = s.living(s.find(player)?)?;
        Some(odds(l.attributes.get(kind), l.counters, options))
    }

    /// Reads a bulk paste of players' DMs for the phase the round wizard
    /// offers next (D12; see [`crate::intake`]): the phase's input and a
    /// verdict for every line. `aliases` (as written, player) overrule how
    /// a name is read.
    pub fn read_dms(&self, text: &str, aliases: &[(String, String)]) -> crate::intake::Intake {
        crate::intake::read_dms_with(self.state(), self.next_phase(), text, aliases)
    }

    /// Reads a bulk paste as [`Season::read_dms`] onto `held`, the
    /// phase's choices the producers already hold: the paste adds to
    /// them (D12.11; see [`crate::intake::read_dms_onto`]).
    pub fn read_dms_onto(
        &self,
        text: &str,
        aliases: &[(String, String)],
        held: Option<&Entry>,
    ) -> crate::intake::Intake {
        crate::intake::read_dms_onto(self.state(), self.next_phase(), text, aliases, held)
    }

    /// Each team's exact chance to win and to lose the next competition
    /// with these choices (D4.2, D4.4; see [`crate::team_odds`]), team
    /// order; `None` when it is individual (one team).
    pub fn team_odds(
        &self,
        input: &crate::competition::CompetitionInput,
    ) -> Option<Vec<crate::team_odds::TeamOdds>> {
        crate::team_odds::team_odds(self.state(), input)
    }

    /// A conversation input for the slots left this round (D6.4): the pairs
    /// that talked this round are held, `slots` defaults to the slots left.
    pub fn conversation_input(
        &self,
        prefs: ByName<Prefs>,
        slots: Option<u32>,
    ) -> ConversationInput {
        crate::conversation::input_for(self.state(), prefs, slots)
    }

    /// The plan for the rest of the round's conversations from these
    /// preferences (D6.3, D6.4), without playing it: slots of pairs.
    ///
    /// # Errors
    ///
    /// [`StepError::UnknownPlayer`] for a preference naming no player, or
    /// [`StepError::GameOver`] if the season is over.
    pub fn plan_conversations(&self, prefs: ByName<Prefs>) -> Result<Vec<Vec<Pair>>, StepError> {
        let input = self.conversation_input(prefs, None);
        let (_, report) = crate::conversation::conversation(self.state(), &input)?;
        Ok(fill_slots(&report.pairs, input.slots.unwrap_or(0)).0)
    }
}

impl Offer {
    /// Whether, at camp, this player can still pay 1 RP for a bonus roll
    /// after rolling (D5.2): the RP they hold, less a boost paid before
    /// rolling (D2.3), plus the 1 RP the informed -5 earns, is at least 1.
    pub fn can_buy_bonus(&self, boost: Option<Boost>, deduct_for_rp: bool) -> bool {
        crate::camp::CampChoice {
            boost,
            deduct_for_rp,
            rp_for_bonus: true,
            deduct_for_bonus: false,
            nothing: false,
        }
        .pay(self.rp)
        .bonus_bought
    }

    /// The boosts this player can pay for with this choice of deducting
    /// (D4.1: the deduction's RP is paid at once, D2.3).
    pub fn boosts_for(&self, deduct: bool) -> &[Boost] {
        if deduct {
            &self.boosts_with_deduct
        } else {
            &self.boosts
        }
    }
}

fn offer(s: &State, p: PlayerId) -> Offer {
    let l = s.living(p).expect("living");
    let afford = |rp: u32| -> Vec<Boost> {
        [Boost::Two, Boost::Seven]
            .into_iter()
            .filter(|b| rp >= b.cost())
            .collect()
    };
    Offer {
        name: s.name(p).to_string(),
        team: s.team_name(l.team).to_string(),
        rp: l.rp,
        boosts: afford(l.rp),
        boosts_with_deduct: afford(l.rp.saturating_add(1)),
    }
}

/// What the next phase of `s` needs (see [`Needs`]).
pub fn needs(s: &State) -> Needs {
    let names = |v: &[PlayerId]| v.iter().map(|&p| s.name(p).to_string()).collect::<Vec<_>>();
    match s.next_phase() {
        Phase::Over => Needs::Over {
            winner: s.winner.map(|p| s.name(p).to_string()).unwrap_or_default(),
        },
        Phase::Competition => {
            let teams = s.teams_in_play();
            Needs::Competition {
                mode: if teams.len() > 1 {
                    Mode::Team
                } else {
                    Mode::Individual
                },
                participants: teams
                    .iter()
                    .flat_map(|&t| s.members(t))
                    .map(|p| offer(s, p))
                    .collect(),
            }
        }
        Phase::Camp => Needs::Camp {
            teams: s
                .teams_in_play()
                .into_iter()
                .map(|t| {
                    let members = s.members(t);
                    let need = s
                        .options
                        .food_per_player
                        .saturating_mul(members.len() as u32);
                    let team = &s.teams[t.index()];
                    CampOffer {
                        team: team.name.clone(),
                        pool: team.pool,
                        need,
                        consumes: team.pool >= need,
                        waiting: team.camp.len(),
                        members: members.iter().map(|&p| offer(s, p)).collect(),
                    }
                })
                .collect(),
        },
        Phase::Conversation => Needs::Conversation {
            players: s.alive().map(|(p, _)| s.name(p).to_string()).collect(),
            held: s
                .talked()
                .into_iter()
                .map(|(a, b)| [s.name(a).to_string(), s.name(b).to_string()])
                .collect(),
            slots_left: s.options.conversation_slots.saturating_sub(s.slots_used),
        },
        Phase::Vote => {
            let voters = s.voters();
            let immune: Vec<PlayerId> = voters
                .iter()
                .copied()
                .filter(|&p| s.living(p).is_some_and(|l| l.immune))
                .collect();
            let candidates: Vec<PlayerId> = voters
                .iter()
                .copied()
                .filter(|p| !immune.contains(p))
                .collect();
            Needs::Vote {
                voters: names(&voters),
                candidates: names(&candidates),
                immune: names(&immune),
                cards: s
                    .alive()
                    .flat_map(|(p, l)| {
                        l.advantages
                            .iter()
                            .filter(|a| {
                                matches!(a, Advantage::HiddenImmunity | Advantage::ExtraVote)
                            })
                            .map(move |a| (s.name(p).to_string(), a.clone()))
                    })
                    .collect(),
            }
        }
        Phase::Revote => {
            let due = s.revote_due.as_ref();
            let living = |v: &[PlayerId]| -> Vec<PlayerId> {
                v.iter()
                    .copied()
                    .filter(|&p| s.living(p).is_some())
                    .collect()
            };
            let tied = due.map_or_else(Vec::new, |d| living(&d.tied));
            let voters: Vec<PlayerId> = due
                .map_or_else(Vec::new, |d| living(&d.voters))
                .into_iter()
                .filter(|p| !tied.contains(p))
                .collect();
            Needs::Revote {
                voters: names(&voters),
                tied: names(&tied),
            }
        }
        Phase::Final => Needs::Final {
            jury: names(&s.jury()),
            finalists: s.alive().map(|(p, _)| s.name(p).to_string()).collect(),
        },
    }
}

/// The board of `s` (see [`Board`]).
pub fn board(s: &State, hide_secrets: bool) -> Board {
    let secret = |show: bool| show && !hide_secrets;
    Board {
        round: s.round(),
        next: s.next_phase(),
        teams: s
            .teams
            .iter()
            .enumerate()
            .map(|(t, team)| BoardTeam {
                name: team.name.clone(),
                pool: team.pool,
                camp: secret(true).then(|| team.camp.clone()),
                members: s
                    .alive()
                    .filter(|(_, l)| l.team.index() == t)
                    .map(|(p, l)| BoardPlayer {
                        name: s.name(p).to_string(),
                        attributes: secret(true).then_some(l.attributes),
                        rp: secret(true).then_some(l.rp),
                        counters: secret(true).then_some(l.counters),
                        penalties: secret(true).then(|| Penalties::of(l.counters)),
                        advantages: secret(true).then(|| l.advantages.clone()),
                        immune: l.immune,
                    })
                    .collect(),
            })
            .collect(),
        to_vote: s.to_vote.map(|t| s.team_name(t).to_string()),
        voted_out: s.voted_out.iter().map(|&p| s.name(p).to_string()).collect(),
        jury: s.jury().iter().map(|&p| s.name(p).to_string()).collect(),
        winner: s.winner.map(|p| s.name(p).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::competition::CompetitionInput;
    use crate::setup::{AttributeSource, TeamSource};
    use console_core::commitment::Salt;

    fn season() -> Season {
        Season::new(SetupInput {
            players: ["Ann", "Bob", "Cid", "Dee", "Eve"]
                .map(String::from)
                .to_vec(),
            teams: vec!["Koru".into(), "Mana".into()],
            attributes: AttributeSource::Rolled,
            assignment: TeamSource::Dealt,
            options: crate::Options::default(),
            seed: 99,
            salt: Salt([2; 32]),
        })
        .unwrap()
    }

    #[test]
    fn undo_rewinds_the_dice_and_replays_the_same() {
        let mut s = season();
        assert_eq!(
            s.dice_log().len(),
            30,
            "5 players x 2 attributes x 3 dice (D1.2)"
        );
        let start = s.dice_position();
        let first = s
            .play(Entry::Competition(CompetitionInput::default()))
            .unwrap()
            .clone();
        assert_eq!(first.dice.len(), 15);
        assert_ne!(s.dice_position(), start);
        assert_eq!(s.undo(), Some(first.clone()));
        assert_eq!(s.dice_position(), start);
        assert_eq!(s.play(first.entry.clone()).unwrap(), &first);
    }

    #[test]
    fn the_wizard_walks_the_round_d3_1() {
        let mut s = season();
        assert_eq!(s.next_phase(), Phase::Competition);
        s.play(Entry::Competition(CompetitionInput::default()))
            .unwrap();
        assert_eq!(s.next_phase(), Phase::Camp);
        s.play(Entry::Camp(Default::default())).unwrap();
        assert_eq!(s.next_phase(), Phase::Conversation);
        // No preferences: no pair can talk, and the slots asked for are used.
        let input = s.conversation_input(ByName::new(), None);
        assert_eq!(input.slots, Some(3));
        s.play(Entry::Conversation(input)).unwrap();
        assert_eq!(s.next_phase(), Phase::Vote);
        let Needs::Vote { voters, immune, .. } = s.needs() else {
            panic!()
        };
        assert!(
            immune.is_empty(),
            "the losing team votes; the winners are not voters"
        );
        assert!(voters.len() == 2 || voters.len() == 3);
        s.play(Entry::Vote(Default::default())).unwrap();
        assert_eq!(s.next_phase(), Phase::Competition);
        assert_eq!(s.state().round(), 2);
    }

    #[test]
    fn the_board_hides_secrets_on_request() {
        let s = season();
        let open = s.board(false);
        let hidden = s.board(true);
        let p = &open.teams[0].members[0];
        assert!(p.attributes.is_some() && p.rp == Some(0));
        let h = &hidden.teams[0].members[0];
        assert_eq!(
            (h.attributes, h.rp, h.counters, &h.advantages),
            (None, None, None, &None)
        );
        assert_eq!(
            hidden.teams[0].pool, open.teams[0].pool,
            "pools are public (D10.1)"
        );
        assert!(
            s.odds_for("Ann", RollKind::Competition, RollOptions::default())
                .is_some()
        );
        assert!(
            s.odds_for("Nobody", RollKind::Competition, RollOptions::default())
                .is_none()
        );
    }

    #[test]
    fn a_dry_run_reports_without_playing() {
        let mut s = season();
        let mut choices = ByName::new();
        choices.insert(
            "Ann".to_string(),
            crate::competition::CompetitionChoice {
                deduct: false,
                boost: Some(Boost::Seven),
                nothing: false,
            },
        );
        let entry = Entry::Competition(CompetitionInput { choices });
        let dry = s.dry_run(&entry).unwrap();
        assert_eq!(s.played().len(), 0, "nothing is played");
        assert_eq!(dry.rejected().len(), 1, "Ann has 0 RP for a +7 (D2.3)");
        assert_eq!(dry.rejected()[0].player, "Ann");
        let played = s.play(entry).unwrap();
        assert_eq!(played.report, dry, "the same dice as the real step");
    }

    #[test]
    fn bonus_rolls_bought_after_rolling_d5_2() {
        let offer = |rp: u32| Offer {
            name: "Ann".into(),
            team: "Koru".into(),
            rp,
            boosts: vec![],
            boosts_with_deduct: vec![],
        };
        assert!(!offer(0).can_buy_bonus(None, false));
        assert!(offer(0).can_buy_bonus(None, true), "the -5 pays 1 RP first");
        assert!(offer(1).can_buy_bonus(None, false));
        assert!(!offer(1).can_buy_bonus(Some(Boost::Two), false));
        assert!(offer(1).can_buy_bonus(Some(Boost::Two), true));
        assert!(
            offer(1).can_buy_bonus(Some(Boost::Seven), false),
            "an unaffordable boost is refused and costs nothing"
        );
        assert!(!offer(3).can_buy_bonus(Some(Boost::Seven), false));
    }

    #[test]
    fn no_choice_moves_a_gathering_roll_shown_d11_1() {
        // Two teams; the camp's gathering rolls as a dry run shows them.
        let mut s = season();
        s.play(Entry::Competition(CompetitionInput::default()))
            .unwrap();
        let rolls = |s: &Season, choices: ByName<crate::camp::CampChoice>| {
            let Ok(StepReport::Camp(r)) =
                s.dry_run(&Entry::Camp(crate::camp::CampInput { choices }))
            else {
                panic!("a camp")
            };
            r.teams
                .iter()
                .flat_map(|t| t.gathering.iter().map(|g| (g.name.clone(), g.roll.dice)))
                .collect::<Vec<_>>()
        };
        let shown = rolls(&s, ByName::new());
        // Every player of the first team buys bonus rolls (before and
        // after rolling): no gathering roll of anyone moves.
        let first = s.state().members(crate::state::TeamId(0));
        let mut choices = ByName::new();
        for p in first {
            choices.insert(
                s.state().name(p).to_string(),
                crate::camp::CampChoice {
                    deduct_for_bonus: true,
                    deduct_for_rp: true,
                    rp_for_bonus: true,
                    boost: None,
                    nothing: false,
                },
            );
        }
        assert_eq!(rolls(&s, choices.clone()), shown);
        // In the one-stream order of seasons saved before version 2 the
        // second team's rolls came after the first team's bonus rolls.
        let mut old = s.clone();
        old.start.options.camp_dice = crate::options::CampDice::OneStream;
        for p in &mut old.played {
            p.after.options.camp_dice = crate::options::CampDice::OneStream;
        }
        assert_ne!(rolls(&old, choices), rolls(&old, ByName::new()));
    }
}
