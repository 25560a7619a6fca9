//! The intake's tests: pastes as the platforms give them read for each
//! phase, with the verdict of every line and the input they give, on
//! their own and onto choices already held.

use super::*;
use crate::advantage::Advantage;
use crate::camp::CampChoice;
use crate::final_vote::FinalInput;
use crate::roll::Boost;
use crate::state::{Phase, PlayerId, State};
use crate::step::Entry;
use crate::testkit::state;
use crate::vote::Ballot;

fn season() -> State {
    let mut s = state(
        &["Koru", "Mana"],
        &[
            ("Ann", 0, 12, 9),
            ("Bob", 0, 10, 9),
            ("Harbor Lights", 0, 11, 9),
            ("Mary-Jo", 1, 9, 9),
            ("Dee", 1, 9, 9),
            ("Zed", 1, 9, 9),
        ],
    );
    s.players[1].living.as_mut().unwrap().rp = 1;
    s.players[3].living.as_mut().unwrap().rp = 3;
    s
}

fn verdicts(i: &Intake, player: &str) -> Vec<(u32, &'static str)> {
    i.messages
        .iter()
        .find(|m| m.player == player)
        .unwrap()
        .lines
        .iter()
        .map(|l| (l.number, l.verdict.word()))
        .collect()
}

#[test]
fn a_competition_paste_as_the_platforms_give_it() {
    let s = season();
    let text = "Round 2 choices, copied from our DMs\n\
== Ann ==\n\
Host — Today at 18:00\n\
Send deduct or boost 2 by tonight!\n\
Ann — Today at 18:04\n\
hey! good luck everyone\n\
[b]deduct[/b]\n\
boost 2\n\
\n\
== bob ==\n\
> boost 7\n\
boost 7\n\
end\n\
boost 2\n\
Mary-Jo:\n\
- deduct 3\n\
**+7**\n\
== Nobody ==\n\
deduct\n";
    let i = read_dms(&s, Phase::Competition, text);
    assert_eq!(i.messages.len(), 3);
    assert_eq!(
        verdicts(&i, "Ann"),
        [
            (2, "skipped"),
            (4, "rejected"),
            (5, "accepted"),
            (6, "accepted")
        ]
    );
    // Bob: the quote is skipped; boost 7 with 1 RP is refused (D2.3);
    // the line after end is skipped.
    assert_eq!(
        verdicts(&i, "Bob"),
        [(1, "skipped"), (2, "rejected"), (4, "skipped")]
    );
    let bob = &i.messages[1].lines[1];
    assert_eq!(
        bob.verdict.reason().unwrap(),
        "the boost costs 3 RP and the player would have 1 (D2.3, D5.2)"
    );
    // Mary-Jo: the deduction's RP pays for the +7 with her 3 RP... 3 + 1 = 4.
    assert_eq!(verdicts(&i, "Mary-Jo"), [(1, "accepted"), (2, "accepted")]);
    let Some(Entry::Competition(c)) = &i.entry else {
        panic!()
    };
    let ann = c.choices.get("Ann").unwrap();
    assert_eq!((ann.deduct, ann.boost), (true, Some(Boost::Two)));
    assert_eq!(c.choices.get("Bob"), None);
    assert_eq!(c.choices.get("Mary-Jo").unwrap().boost, Some(Boost::Seven));
    assert_eq!(i.unread.len(), 3, "{:?}", i.unread);
    assert_eq!(i.unread[0].line, 1);
}

#[test]
fn discord_dm_copies_need_no_typed_header() {
    let s = season();
    // DM copies pasted one after another as Discord gives them: the
    // host's lines, a header split over two lines, an edited line, a
    // bot's message, and replies whose context (`@NAME` and the
    // answered line) stands above the reply's header.
    let text = "Host — Today at 18:00\n\
Send deduct or boost 2 by tonight!\n\
Ann — Today at 18:04\n\
boost 2\n\
deduct (edited)\n\
Dee\n\
 — Today at 18:06\n\
deduct\n\
@Ann\n\
boost 2\n\
Zed — Today at 18:07\n\
deduct\n\
Carl-bot APP — Today at 18:08\n\
Zed deducted\n\
@Zed\n\
deduct\n\
Host — Today at 18:09\n\
noted";
    let i = read_dms(&s, Phase::Competition, text);
    let Some(Entry::Competition(c)) = &i.entry else {
        panic!("{i:?}")
    };
    let ann = c.choices.get("Ann").unwrap();
    assert_eq!((ann.deduct, ann.boost), (true, Some(Boost::Two)));
    // Ann's line shown again above Zed's reply is not Dee's.
    let dee = c.choices.get("Dee").unwrap();
    assert_eq!((dee.deduct, dee.boost), (true, None));
    assert!(c.choices.get("Zed").unwrap().deduct);
    assert_eq!(verdicts(&i, "Dee"), [(1, "accepted")]);
    let replies: Vec<u32> = i
        .unread
        .iter()
        .filter(|u| u.reason.contains("a Discord reply answers"))
        .map(|u| u.line)
        .collect();
    assert_eq!(replies, [9, 15]);
    let host = i.unread.iter().find(|u| u.line == 1).unwrap();
    assert!(host.reason.contains("names no player"), "{host:?}");
    // A `Name:` line inside the copies does not make them typed: the
    // first header decides.
    let i = read_dms(
        &s,
        Phase::Competition,
        "Ann — Today at 18:04\ndeduct\nZed — Today at 18:05\nDee:\ndeduct",
    );
    let Some(Entry::Competition(c)) = &i.entry else {
        panic!("{i:?}")
    };
    assert!(c.choices.get("Ann").unwrap().deduct);
}

#[test]
fn chatter_ending_in_a_colon_is_a_line_of_its_message_not_unread() {
    let s = season();
    // "ok here goes:" inside Bob's DM could be a header in form: it is
    // a line of his message, rejected there with its reason, and not
    // listed again as unread; "Harb:" starts a player's name, so it is
    // listed with the alias offered; "Quinn:" after a blank line is a
    // header of no player.
    let text = "Bob:\nok here goes:\ndeduct\nHarb:\n\nQuinn:\nboost +2";
    let i = read_dms(&s, Phase::Competition, text);
    assert_eq!(
        verdicts(&i, "Bob"),
        [(1, "rejected"), (2, "accepted"), (3, "rejected")]
    );
    let unread: Vec<(u32, &str)> = i.unread.iter().map(|u| (u.line, u.text.as_str())).collect();
    assert_eq!(unread, [(4, "Harb"), (6, "Quinn"), (7, "boost +2")]);
    assert!(
        i.unread[0]
            .reason
            .ends_with("an alias makes it theirs (D12.3)")
    );
}

#[test]
fn camp_deductions_name_their_purpose() {
    let s = season();
    let text = "== Ann ==\ndeduct\ndeduct 3\nbonus\n== Bob ==\nboost 2\nbonus\n== Mary-Jo ==\ndeduct 5 for rp\nbuy a bonus roll\ndeduct 3 for rp";
    let i = read_dms(&s, Phase::Camp, text);
    // Ann: "deduct" alone is ambiguous; deduct 3 buys a bonus roll; a
    // bonus roll with 0 RP after rolling is refused.
    assert_eq!(
        verdicts(&i, "Ann"),
        [(1, "rejected"), (2, "accepted"), (3, "rejected")]
    );
    // Bob: his 1 RP goes on the boost; none is left for the bonus roll.
    assert_eq!(verdicts(&i, "Bob"), [(1, "accepted"), (2, "rejected")]);
    assert_eq!(
        verdicts(&i, "Mary-Jo"),
        [(1, "accepted"), (2, "accepted"), (3, "rejected")]
    );
    let Some(Entry::Camp(c)) = &i.entry else {
        panic!()
    };
    assert_eq!(
        c.choices.get("Mary-Jo"),
        Some(&CampChoice {
            deduct_for_rp: true,
            rp_for_bonus: true,
            ..Default::default()
        })
    );
    assert!(c.choices.get("Ann").unwrap().deduct_for_bonus);
}

#[test]
fn wishes_in_lists_places_and_closed_names() {
    let s = season();
    let text = "== Ann ==\nrank:\nMary-Jo\nharbor\n\nclosed Zed, Ann\n== Bob ==\n1. Dee\n2) Zed\n1. Ann\nnot open to Mary-Jo\nopen to all\n== Dee ==\nrank Ann Bob\nZed";
    let i = read_dms(&s, Phase::Conversation, text);
    let Some(Entry::Conversation(c)) = &i.entry else {
        panic!()
    };
    let ann = c.prefs.get("Ann").unwrap();
    assert_eq!(ann.ranks, ["Mary-Jo", "Harbor Lights"]);
    assert_eq!(ann.closed, ["Zed"]);
    let lines = &i.messages[0].lines;
    assert_eq!(
        lines[2].names[0],
        NameRead {
            written: "harbor".into(),
            player: "Harbor Lights".into(),
            exact: false
        }
    );
    assert_eq!(
        lines[3].notes,
        ["Ann is the player themself: left out (D6.1)"]
    );
    let bob = c.prefs.get("Bob").unwrap();
    assert_eq!(bob.ranks, ["Ann", "Zed"], "place 1 replaced");
    assert!(bob.closed.is_empty(), "open to all clears");
    assert_eq!(verdicts(&i, "Bob")[0], (1, "replaced"));
    // Full names with spaces only between them; a lone name is no list.
    assert_eq!(c.prefs.get("Dee").unwrap().ranks, ["Ann", "Bob"]);
    assert_eq!(verdicts(&i, "Dee")[1], (2, "rejected"));
    assert_eq!(c.held, Vec::<[String; 2]>::new());
    // `Rank:` after a blank line opens a list; it is no header.
    let i = read_dms(
        &s,
        Phase::Conversation,
        "== Zed ==\nhi!\n\nRank:\nAnn\nDee\n\n**Not open to:**\nBob\nHarbor Lights",
    );
    assert!(i.unread.is_empty(), "{:?}", i.unread);
    let Some(Entry::Conversation(c)) = &i.entry else {
        panic!()
    };
    assert_eq!(c.prefs.get("Zed").unwrap().ranks, ["Ann", "Dee"]);
    assert_eq!(c.prefs.get("Zed").unwrap().closed, ["Bob", "Harbor Lights"]);
    assert_eq!(c.slots, Some(3));
}

#[test]
fn votes_with_cards() {
    let mut s = season();
    s.to_vote = Some(crate::state::TeamId(0));
    s.players[0].living.as_mut().unwrap().advantages = vec![Advantage::ExtraVote];
    s.players[1].living.as_mut().unwrap().advantages = vec![Advantage::HiddenImmunity];
    let text = "== Ann ==\nvote Bob, Harbor\n== Bob ==\nplay idol on me\nvote Ann\n== Harbor Lights ==\nvote Mary-Jo\nvote Ann\nplay extra vote\n== Dee ==\nvote Ann";
    let i = read_dms(&s, Phase::Vote, text);
    let Some(Entry::Vote(v)) = &i.entry else {
        panic!()
    };
    assert_eq!(
        v.votes.get("Ann"),
        Some(&Ballot::Many(vec!["Bob".into(), "Harbor Lights".into()]))
    );
    assert_eq!(
        i.messages[0].lines[0].notes,
        ["two votes read as playing the Extra Vote (D7.2)"]
    );
    assert_eq!(v.advantages.len(), 2);
    assert_eq!(
        (v.advantages[0].player.as_str(), &v.advantages[0].card),
        ("Ann", &Advantage::ExtraVote)
    );
    assert_eq!(v.advantages[1].on.as_deref(), Some("Bob"));
    // Harbor Lights: Mary-Jo is on the other team; the later vote stands;
    // no Extra Vote held.
    assert_eq!(
        verdicts(&i, "Harbor Lights"),
        [(1, "rejected"), (2, "accepted"), (3, "rejected")]
    );
    assert_eq!(
        verdicts(&i, "Dee"),
        [(1, "rejected")],
        "Dee does not vote (D7.1)"
    );
    let played = crate::vote::vote(
        &s,
        v,
        &mut crate::dice::Dice::new(&mut crate::dice::DiceList::new(&[]).unwrap()),
    )
    .unwrap()
    .1;
    assert!(played.rejected.is_empty(), "{:?}", played.rejected);
}

#[test]
fn the_final_reads_jurors_and_drafts_keep_the_rest() {
    let mut s = season();
    for p in [3, 4, 5] {
        s.remove(PlayerId(p));
    }
    let i = read_dms(
        &s,
        Phase::Final,
        "== Zed ==\nvote Ann\n== Dee ==\nvote Mary-Jo\n== Ann ==\nvote Bob",
    );
    assert_eq!(verdicts(&i, "Zed"), [(1, "accepted")]);
    assert_eq!(verdicts(&i, "Dee"), [(1, "rejected")]);
    assert_eq!(verdicts(&i, "Ann"), [(1, "rejected")]);
    let mut draft = FinalInput::default();
    draft.votes.insert("Mary-Jo".into(), "Bob".into());
    draft.votes.insert("Zed".into(), "Bob".into());
    let i = read_dms_onto(
        &s,
        Phase::Final,
        "== Zed ==\nvote Ann\n== Dee ==\nvote Mary-Jo\n== Ann ==\nvote Bob",
        &[],
        Some(&Entry::Final(draft)),
    );
    let Some(Entry::Final(f)) = i.entry.clone() else {
        panic!()
    };
    assert_eq!(
        f.votes.get("Zed").map(String::as_str),
        Some("Ann"),
        "the paste's later vote replaces Zed's"
    );
    assert_eq!(
        f.votes.get("Mary-Jo").map(String::as_str),
        Some("Bob"),
        "the draft keeps Mary-Jo"
    );
    assert_eq!(
        i.changes
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["vote: Ann, was Bob"]
    );
    assert_eq!(f.votes.get("Dee"), None, "Dee's message gave nothing");
}

#[test]
fn wrong_phase_and_aliases() {
    let s = season();
    let i = read_dms_with(
        &s,
        Phase::Competition,
        "== Ann ==\nvote Bob\nrank Zed\n== Harbor Lights ==\nboost 7",
        &[("HL".into(), "Harbor Lights".into())],
    );
    assert_eq!(verdicts(&i, "Ann"), [(1, "rejected"), (2, "rejected")]);
    assert!(
        i.messages[0].lines[0]
            .verdict
            .reason()
            .unwrap()
            .contains("not for the competition")
    );
    let i = read_dms_with(
        &s,
        Phase::Competition,
        "== HL ==\ndeduct",
        &[("HL".into(), "Harbor Lights".into())],
    );
    assert_eq!(i.messages[0].player, "Harbor Lights");
    assert_eq!(read_dms(&s, Phase::Over, "== Ann ==\ndeduct").entry, None);
    // A chat name that is no player's: skipped, with the alias offered.
    let paste = "== Ann ==\nannie_b — Today at 18:04\ndeduct";
    let i = read_dms(&s, Phase::Competition, paste);
    assert!(
        i.messages[0].lines[0]
            .verdict
            .reason()
            .unwrap()
            .ends_with("an alias makes it theirs (D12.3)")
    );
    let i = read_dms_with(
        &s,
        Phase::Competition,
        paste,
        &[("annie_b".into(), "Ann".into())],
    );
    assert_eq!(verdicts(&i, "Ann"), [(2, "accepted")]);
    let i = read_dms(&s, Phase::Competition, "== Harbor ==\ndeduct");
    assert!(i.messages.is_empty());
    assert!(
        i.unread[0]
            .reason
            .ends_with("it starts Harbor Lights's name: an alias makes it theirs (D12.3)"),
        "{:?}",
        i.unread
    );
}

/// The note of a line read as a choice of nothing (D12.12).
fn declined(i: &Intake, player: &str, line: usize) -> String {
    let m = i.messages.iter().find(|m| m.player == player).unwrap();
    let l = &m.lines[line];
    assert_eq!(l.verdict, Verdict::Accepted(Choice::Nothing), "{l:?}");
    l.notes.join("; ")
}

#[test]
fn a_decline_is_a_choice_of_nothing_in_each_phase_with_options_d12_12() {
    let s = season();
    let i = read_dms(
        &s,
        Phase::Competition,
        "== Ann ==\nNah I'm good\n== Bob ==\n**pass** 👍\n== Dee ==\nno deduct",
    );
    assert_eq!(
        declined(&i, "Ann", 0),
        "\"Nah I'm good\" read as a choice of nothing (D9.7, D12.12)"
    );
    declined(&i, "Bob", 0);
    // More than a decline on the line: no choice word, as before.
    assert_eq!(verdicts(&i, "Dee"), [(1, "rejected")]);
    let Some(Entry::Competition(c)) = &i.entry else {
        panic!()
    };
    let ann = c.choices.get("Ann").unwrap();
    assert!(ann.is_nothing() && !ann.deduct && ann.boost.is_none());
    assert!(c.choices.get("Dee").is_none());
    let said: Vec<String> = i.changes.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "decline: a choice of nothing (new)",
            "decline: a choice of nothing (new)"
        ]
    );

    let i = read_dms(&s, Phase::Camp, "== Ann ==\njust gathering.");
    declined(&i, "Ann", 0);
    let Some(Entry::Camp(c)) = &i.entry else {
        panic!()
    };
    let ann = c.choices.get("Ann").unwrap();
    assert_eq!(
        *ann,
        CampChoice {
            nothing: true,
            ..Default::default()
        }
    );

    let i = read_dms(&s, Phase::Conversation, "== Zed ==\nNo");
    declined(&i, "Zed", 0);
    let Some(Entry::Conversation(c)) = &i.entry else {
        panic!()
    };
    let zed = c.prefs.get("Zed").unwrap();
    assert!(zed.is_nothing() && zed.ranks.is_empty() && zed.closed.is_empty());
}

#[test]
fn a_decline_is_no_vote_d12_12() {
    let mut s = season();
    s.to_vote = Some(crate::state::TeamId(0));
    let i = read_dms(&s, Phase::Vote, "== Ann ==\nno\n== Bob ==\nvote Ann\npass");
    assert_eq!(verdicts(&i, "Ann"), [(1, "rejected")]);
    assert_eq!(
        i.messages[0].lines[0].verdict.reason().unwrap(),
        "a decline is no vote: the vote has no choice of nothing, so the line gives nothing (D12.12)"
    );
    // Bob's pass is no vote either: his ballot stands.
    assert_eq!(verdicts(&i, "Bob"), [(1, "accepted"), (2, "rejected")]);
    let Some(Entry::Vote(v)) = &i.entry else {
        panic!()
    };
    assert_eq!(v.votes.get("Ann"), None);
    assert_eq!(v.votes.get("Bob"), Some(&Ballot::One("Ann".into())));
    // A decline is no choice word: the vote's warnings treat it as chatter.
    assert!(i.taken().rejected.iter().all(|r| !r.choice));
}

#[test]
fn a_later_choice_replaces_a_decline_and_a_decline_takes_nothing_away_d12_12() {
    let s = season();
    // Within a message: the deduction replaces the decline; a decline
    // after a choice is rejected and the choice stays.
    let i = read_dms(
        &s,
        Phase::Competition,
        "== Ann ==\nnope\nok, deduct\n== Bob ==\ndeduct\nnah I'm good",
    );
    assert_eq!(verdicts(&i, "Ann"), [(1, "replaced"), (2, "accepted")]);
    assert_eq!(verdicts(&i, "Bob"), [(1, "accepted"), (2, "rejected")]);
    assert!(
        i.messages[1].lines[1]
            .verdict
            .reason()
            .unwrap()
            .starts_with("a decline takes no choice away")
    );
    let Some(Entry::Competition(c)) = &i.entry else {
        panic!()
    };
    for p in ["Ann", "Bob"] {
        let x = c.choices.get(p).unwrap();
        assert!(x.deduct && !x.nothing, "{p}: {x:?}");
    }
    // A decline replaced only by a line the whole message's checks
    // reject is in force again: Ann has no RP for a +7.
    let i = read_dms(&s, Phase::Competition, "== Ann ==\npass\nboost 7");
    assert_eq!(verdicts(&i, "Ann"), [(1, "accepted"), (2, "rejected")]);
    let Some(Entry::Competition(c)) = &i.entry else {
        panic!()
    };
    assert!(c.choices.get("Ann").unwrap().is_nothing());

    // Across pastes (D12.11): a later paste's choice replaces the decline
    // held; a later decline leaves a choice held.
    let first = read_dms(&s, Phase::Camp, "== Ann ==\npass\n== Bob ==\ndeduct 3");
    let held = first.entry.clone().unwrap();
    let i = read_dms_onto(
        &s,
        Phase::Camp,
        "== Ann ==\ndeduct 3\n== Bob ==\nno thanks",
        &[],
        Some(&held),
    );
    assert_eq!(verdicts(&i, "Ann"), [(1, "accepted")]);
    assert_eq!(verdicts(&i, "Bob"), [(1, "rejected")]);
    let Some(Entry::Camp(c)) = &i.entry else {
        panic!()
    };
    for p in ["Ann", "Bob"] {
        let x = c.choices.get(p).unwrap();
        assert!(x.deduct_for_bonus && !x.is_nothing(), "{p}: {x:?}");
    }
    let said: Vec<String> = i.changes.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "deduct 3: for a bonus roll (new)",
            "decline: none, was a choice of nothing"
        ]
    );
    // A player with a decline held who sends nothing keeps it.
    let i = read_dms_onto(&s, Phase::Camp, "== Bob ==\nboost 2", &[], Some(&held));
    let Some(Entry::Camp(c)) = &i.entry else {
        panic!()
    };
    assert!(c.choices.get("Ann").unwrap().is_nothing());
}

#[test]
fn a_name_in_an_open_list_is_no_decline_d12_12() {
    let s = state(
        &["Koru"],
        &[("Ann", 0, 9, 9), ("Pass", 0, 9, 9), ("Cid", 0, 9, 9)],
    );
    let i = read_dms(&s, Phase::Conversation, "== Ann ==\nrank:\nPass\nCid");
    let Some(Entry::Conversation(c)) = &i.entry else {
        panic!()
    };
    let ann = c.prefs.get("Ann").unwrap();
    assert_eq!(ann.ranks, ["Pass", "Cid"]);
    assert!(!ann.nothing);
}

#[test]
fn a_decline_plays_as_no_choice_d12_12() {
    let s = season();
    let i = read_dms(&s, Phase::Competition, "== Ann ==\nno\n== Zed ==\npass");
    let declined = i.entry.clone().unwrap();
    let none = Entry::Competition(crate::competition::CompetitionInput::default());
    let dice: Vec<i64> = (0..60).map(|k| k % 6 + 1).collect();
    let play = |e: &Entry| {
        let mut list = crate::dice::DiceList::new(&dice).unwrap();
        let mut d = crate::dice::Dice::new(&mut list);
        crate::step::apply(&s, e, &mut d).unwrap()
    };
    let (a, ra) = play(&declined);
    let (b, rb) = play(&none);
    assert_eq!(a, b);
    assert_eq!(ra, rb);
}
