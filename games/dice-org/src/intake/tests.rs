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
