//! Pages as each software renders them when selected and copied (written
//! for these tests from the layouts' templates, not copied from a site).

use super::*;

fn roster() -> Roster {
    Roster::new(&[
        "Ann",
        "Bob",
        "Cid",
        "Harbor Lights",
        "Eve",
        "O'Neil",
        "Flo",
        "Gus",
        "TheRealGin-N-Tonic",
    ])
    .unwrap()
}

/// (author, text) of each post, with the layout read.
fn split(text: &str) -> (Layout, Vec<(String, String)>) {
    let r = roster();
    let s = split_thread(&r, text);
    (
        s.layout,
        s.posts
            .iter()
            .map(|p| {
                (
                    p.author
                        .map_or(format!("?{}", p.author_text), |a| r.name(a).to_string()),
                    p.text.clone(),
                )
            })
            .collect(),
    )
}

fn p(a: &str, t: &str) -> (String, String) {
    (a.to_string(), t.to_string())
}

#[test]
fn hand_made_headers() {
    let (l, posts) = split("Ann:\nvote Bob\nNote: this stays\n\nBob:\nhi\n== Cid ==\nvote Ann");
    assert_eq!(l, Layout::Plain);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob\nNote: this stays"),
            p("Bob", "hi"),
            p("Cid", "vote Ann")
        ]
    );
    let r = roster();
    let s = split_thread(&r, "Zed:\nvote Ann\nAnn:\nvote Zed");
    assert_eq!(s.posts.len(), 2);
    assert_eq!(s.unknown_authors(), [(0, "Zed")]);
    assert_eq!(s.known_posts().len(), 1);
    let s = split_thread(&r, "chatter first\nAnn:\nx");
    assert_eq!(s.orphans, [(1, "chatter first".to_string())]);
}

#[test]
fn discord_channel() {
    let text = "Ann — Today at 18:04\nvote Bob\n[18:05]\nactually\n[18:06] unvote\nHarbor Lights — 21/11/2026 18:07\n[vote]Ann[/vote] (edited)\nBob - Yesterday at 6:04 PM\nhello\nbye\nZed — 11/21/26, 6:04 PM\nvote Ann\n[18:09] Eve: vote Zed\nCarl-bot APP — Today at 18:10\nAnn voted for Bob";
    let (l, posts) = split(text);
    assert_eq!(l, Layout::Discord);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob"),
            p("Ann", "actually"),
            p("Ann", "unvote"),
            p("Harbor Lights", "[vote]Ann[/vote]"),
            p("Bob", "hello\nbye"),
            p("?Zed", "vote Ann"),
            p("Eve", "vote Zed"),
            p("?Carl-bot", "Ann voted for Bob"),
        ]
    );
}

#[test]
fn discord_today_shows_the_time_alone() {
    let (l, posts) = split("Ann — 18:04\nvote Bob\nBob — 6:05 PM\nvote Ann\nmeet me - 10:30 ok");
    assert_eq!(l, Layout::Discord);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob"),
            p("Bob", "vote Ann\nmeet me - 10:30 ok")
        ]
    );
}

#[test]
fn discord_reply_is_a_quote() {
    let text = "Bob — Today at 18:00\nvote Cid\nAnn — Today at 18:04\nno\n@Bob\nvote Cid\nCid — Today at 18:05\nwhy me";
    let (_, posts) = split(text);
    assert_eq!(
        posts,
        [
            p("Bob", "vote Cid"),
            p("Ann", "no"),
            p("Cid", "[quote=\"Bob\"]vote Cid[/quote]\nwhy me"),
        ]
    );
}

const PHPBB: &str = "Day 1 - Survival
Post Reply
Page 1 of 2
Ann
Survivor
Posts: 120
Joined: Sun Jan 04, 2026 3:10 pm
Day 1
Quote
Post by Ann » Tue Nov 24, 2026 8:15 pm
Morning all.
vote Bob
Top
Bob
Posts: 8
Joined: Mon Nov 02, 2026 9:00 am
Re: Day 1
Quote
Post by Bob » Tue Nov 24, 2026 8:20 pm
Ann wrote: ↑Tue Nov 24, 2026 8:15 pm
vote Bob
No way.
Gus:
vote Ann
Top
Flo
Posts: 33
Joined: Mon Nov 02, 2026 9:00 am
Re: Day 1
Quote
Post by Flo » Tue Nov 24, 2026 8:31 pm
Quote:
Gus:
vote O’Neil
Top
Display posts from previous: All posts
Jump to
Who is online";

#[test]
fn phpbb_page() {
    let (l, posts) = split(PHPBB);
    assert_eq!(l, Layout::Phpbb);
    assert_eq!(
        posts,
        [
            p("Ann", "Morning all.\nvote Bob"),
            p(
                "Bob",
                "[quote=\"Ann\"]\nvote Bob\n[/quote]\nNo way.\nGus:\nvote Ann"
            ),
            p("Flo", "Quote:\nGus:\nvote O’Neil"),
        ]
    );
    let r = roster();
    let s = split_thread(&r, PHPBB);
    assert_eq!(s.summary(), "read as a phpBB page: 3 posts by 3 players");
    assert_eq!(s.posts[0].time.as_deref(), Some("Tue Nov 24, 2026 8:15 pm"));
    assert_eq!(s.orphans.len(), 1, "{:?}", s.orphans);
    assert_eq!(s.quotes, 1);
}

#[test]
fn phpbb_numbered_page() {
    let text = "Ann
Townie
Posts: 1234
Post #25 (ISO #3) » Tue Nov 24, 2026 8:15 pm
VOTE: Bob
Top
O'Neil
Posts: 12
Post #26 » Tue Nov 24, 2026 8:16 pm
Ann wrote: ↑Tue Nov 24, 2026 8:15 pm
VOTE: Bob
[b]vote: Ann[/b]
Top";
    let (l, posts) = split(text);
    assert_eq!(l, Layout::PhpbbNumbered);
    assert_eq!(
        posts,
        [
            p("Ann", "VOTE: Bob"),
            p(
                "O'Neil",
                "[quote=\"Ann\"]\nVOTE: Bob\n[/quote]\n[b]vote: Ann[/b]"
            ),
        ]
    );
    let s = split_thread(&roster(), text);
    assert_eq!(s.posts[1].number, 26);
}

#[test]
fn vbulletin_page() {
    let text = "Survival Game - Day 1
11-24-2026, 08:15 PM #5
Ann
Ann is offline
Senior Member
Join Date: Jan 2026
Posts: 120
vote Bob
__________________
vote Town!
Reply With Quote
11-24-2026, 08:20 PM #6
Cid
Cid is online now
Join Date: Feb 2026
Posts: 3
Quote:
Originally Posted by Ann View Post
vote Bob
Not Bob.
vote Ann
Reply With Quote
« Previous Thread | Next Thread »";
    let (l, posts) = split(text);
    assert_eq!(l, Layout::Vbulletin);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob\n[signature]\nvote Town!\n[/signature]"),
            p(
                "Cid",
                "[quote=\"Ann\"]\nvote Bob\n[/quote]\nNot Bob.\nvote Ann"
            ),
        ]
    );
    let s = split_thread(&roster(), text);
    assert_eq!(s.posts[0].number, 5);
    assert_eq!(s.posts[1].time.as_deref(), Some("11-24-2026, 08:20 PM"));
}

#[test]
fn xenforo_page() {
    let text = "Ann
Well-known member
Joined
Jan 4, 2026
Messages
1,204
Nov 24, 2026
#1
vote: Bob
Report
Like Reply
Bob
Member
Nov 24, 2026
#2
Ann said:
vote: Bob
Click to expand...
I think Gin is scum.
vote gin
Reactions: Ann
Report";
    let (l, posts) = split(text);
    assert_eq!(l, Layout::Xenforo);
    assert_eq!(
        posts,
        [
            p("Ann", "vote: Bob"),
            p(
                "Bob",
                "[quote=\"Ann\"]\nvote: Bob\n[/quote]\nI think Gin is scum.\nvote gin"
            ),
        ]
    );
}

#[test]
fn invision_smf_discourse_pages() {
    let ips = "Ann
Members
120 posts
Posted November 24, 2026
vote Bob
Quote
Bob
Members
8 posts
Posted November 24, 2026 (edited)
On 11/24/2026 at 8:15 PM, Ann said:
vote Bob
Nope.
vote Ann
Edited November 24, 2026 by Bob
Quote";
    let (l, posts) = split(ips);
    assert_eq!(l, Layout::Invision);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob"),
            p(
                "Bob",
                "[quote=\"Ann\"]\nvote Bob\n[/quote]\nNope.\nvote Ann"
            ),
        ]
    );
    let smf = "Ann
Hero Member
*****
Posts: 900
Day 1
« on: November 24, 2026, 08:15:00 PM »
vote Bob
Logged
Bob
Newbie
*
Posts: 2
Re: Day 1
« Reply #1 on: November 24, 2026, 08:20:00 PM »
Quote from: Ann on November 24, 2026, 08:15:00 PM
vote Bob
vote Ann
Logged";
    let (l, posts) = split(smf);
    assert_eq!(l, Layout::Smf);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob"),
            p("Bob", "[quote=\"Ann\"]\nvote Bob\n[/quote]\nvote Ann"),
        ]
    );
    let discourse = "ann
Nov 24
vote Bob
1 Reply
bob Bob Smith
Nov 24
ann:
vote Bob
No.
vote Ann
2 Replies";
    let (l, posts) = split(discourse);
    assert_eq!(l, Layout::Discourse);
    assert_eq!(
        posts,
        [
            p("Ann", "vote Bob"),
            p("Bob", "[quote=\"ann\"]\nvote Bob\n[/quote]\nNo.\nvote Ann"),
        ]
    );
}

#[test]
fn bbcode_quotes() {
    let text = "[quote=\"Ann\" post_id=101 time=1764015300 user_id=5]vote Bob[/quote]
[quote=Bob post_id=102 time=1764015600 user_id=6][quote=Ann post_id=101]vote Bob[/quote]
no u
vote Ann[/quote]
stray text";
    let r = roster();
    let s = split_thread(&r, text);
    assert_eq!(s.layout, Layout::Bbcode);
    assert_eq!(s.posts.len(), 2);
    assert_eq!(s.posts[0].text, "vote Bob");
    assert_eq!(
        s.posts[1].text,
        "[quote=Ann post_id=101]vote Bob[/quote]\nno u\nvote Ann"
    );
    assert_eq!(s.posts[0].time.as_deref(), Some("2025-11-24 20:15 UTC"));
    assert_eq!(s.orphans, [(5, "stray text".to_string())]);
}

#[test]
fn forcing_a_layout() {
    let r = roster();
    let s = split_thread_as(&r.reader(), PHPBB, Some(Layout::Plain));
    assert_eq!(s.layout, Layout::Plain);
    assert!(s.forced);
    // As hand-made text, `Gus:` and `Quote:` headers start posts.
    assert!(s.posts.iter().any(|p| p.author_text == "Gus"));
    let scores = detect(&r.reader(), PHPBB);
    assert_eq!(scores[0].0, Layout::Phpbb);
}

#[test]
fn discord_headers_split_over_lines() {
    // The name, a bot's badge and the time on lines of their own, as the
    // client copies them; 12 and 24 hour times, Today/Yesterday, dates.
    let text = "Ann — Yesterday at 8:02 PM\nvote Bob\nCid\n — Today at 7:02 PM\nvote Ann\nSurvival Bot\nAPP\n — 12/01/2026 8:15 PM\nReminder: votes close in 2 days. Example: !vote Cid\n[8:16 PM]\nvote Cid\nGus\n– Today at 20:31\nvote Cid\nEve\nBOT\n— 01.12.2026 20:40\nvote Gus\nFlo BOT — Today at 20:41\nvote Gus";
    let r = roster();
    let s = split_thread(&r, text);
    assert_eq!(s.layout, Layout::Discord);
    let got: Vec<(String, bool, String)> = s
        .posts
        .iter()
        .map(|p| (p.author_text.clone(), p.bot, p.text.clone()))
        .collect();
    let want = |a: &str, bot: bool, t: &str| (a.to_string(), bot, t.to_string());
    assert_eq!(
        got,
        [
            want("Ann", false, "vote Bob"),
            want("Cid", false, "vote Ann"),
            want(
                "Survival Bot",
                true,
                "Reminder: votes close in 2 days. Example: !vote Cid"
            ),
            want("Survival Bot", true, "vote Cid"),
            want("Gus", false, "vote Cid"),
            want("Eve", true, "vote Gus"),
            want("Flo", true, "vote Gus"),
        ]
    );
    // A bot is never a player, even one named as a player.
    let authors: Vec<Option<PlayerId>> = s.posts.iter().map(|p| p.author).collect();
    assert_eq!(
        authors,
        [
            r.find("Ann"),
            r.find("Cid"),
            None,
            None,
            r.find("Gus"),
            None,
            None
        ]
    );
    assert_eq!(
        s.summary(),
        "read as a Discord channel: 7 posts by 3 players (4 by no player, 4 of them by bots, not counted)"
    );
}

#[test]
fn discord_reply_context_names_with_spaces() {
    // `@Harbor Lights` and the line answered, on two lines or one, above
    // a one-line or a split header.
    let text = "Harbor Lights — Today at 18:00\nvote Cid\nAnn — Today at 18:04\nreally?\n@Harbor Lights\nvote Cid\nAnn — Today at 18:05\nno\n@Harbor Lights vote Cid\nBob\n — Today at 18:06\nyes";
    let (_, posts) = split(text);
    assert_eq!(
        posts,
        [
            p("Harbor Lights", "vote Cid"),
            p("Ann", "really?"),
            p("Ann", "[quote=\"Harbor Lights\"]vote Cid[/quote]\nno"),
            p("Bob", "[quote=\"Harbor Lights\"]vote Cid[/quote]\nyes"),
        ]
    );
}

/// A phpBB page: its pagination, a profile block and header for each of
/// `posts` (author, text, a `sig` under each), its footer.
fn phpbb_of(
    page: u32,
    pages: u32,
    total: u32,
    posts: &[(&str, &str)],
    sig: Option<&str>,
) -> String {
    let mut l = vec![
        "Day 1 - Survival".to_string(),
        "Post Reply".into(),
        format!("{total} posts"),
        format!("Page {page} of {pages}"),
    ];
    for (who, text) in posts {
        l.push(who.to_string());
        l.push("Posts: 12".into());
        l.push("Quote".into());
        l.push(format!("Post by {who} » Tue Dec 01, 2026 8:15 pm"));
        l.push(text.to_string());
        if let Some(s) = sig {
            l.push(s.to_string());
        }
        l.push("Top".into());
    }
    l.extend(
        [
            "Display posts from previous: All posts",
            "Post Reply",
            &format!("{total} posts • Page {page} of {pages} • 1, 2"),
            "Return to “Survival Games”",
            "Jump to",
            "Who is online",
            "Users browsing this forum: No registered users and 1 guest",
        ]
        .map(String::from),
    );
    l.join("\n")
}

#[test]
fn pages_pasted_one_after_another_are_read_in_full() {
    let r = roster();
    let one = phpbb_of(
        1,
        2,
        5,
        &[
            ("Ann", "vote Bob"),
            ("Bob", "vote Ann"),
            ("Cid", "vote Bob"),
        ],
        None,
    );
    let two = phpbb_of(2, 2, 5, &[("Eve", "vote Bob"), ("Flo", "hi")], None);
    let s = split_thread(&r, &format!("{one}\n\n{two}\n"));
    let authors: Vec<&str> = s.posts.iter().map(|p| p.author_text.as_str()).collect();
    assert_eq!(authors, ["Ann", "Bob", "Cid", "Eve", "Flo"]);
    assert_eq!(
        s.posts[2].text, "vote Bob",
        "page 1's footer ends Cid's post"
    );
    assert_eq!(s.posts[4].text, "hi");
    let posts: Vec<usize> = s.pages.iter().map(|p| p.posts).collect();
    let stated: Vec<Option<u32>> = s.pages.iter().map(|p| p.topic_posts).collect();
    let placed: Vec<Option<(u32, u32)>> = s.pages.iter().map(|p| p.page_of).collect();
    assert_eq!(posts, [3, 2]);
    assert_eq!(stated, [Some(5), Some(5)]);
    assert_eq!(placed, [Some((1, 2)), Some((2, 2))]);
    assert!(s.pages.iter().all(|p| p.problem().is_none()));
    assert_eq!(s.orphans.len(), 1, "{:?}", s.orphans);
    // Page 2 copied from its first post on (no top bar): page 1's bottom
    // bar, before its footer's last line, is page 1's.
    let bare = two.split_once("Page 2 of 2\n").unwrap().1;
    let s = split_thread(&r, &format!("{one}\n\n{bare}\n"));
    let placed: Vec<Option<(u32, u32)>> = s.pages.iter().map(|p| p.page_of).collect();
    assert_eq!(placed, [Some((1, 2)), Some((2, 2))]);
    assert_eq!(s.posts.len(), 5);
    // A page that states more posts than were read is a problem: page 1
    // of 2 of a 9-post topic holds at least 5.
    let short = phpbb_of(1, 2, 9, &[("Ann", "vote Bob"), ("Bob", "x")], None);
    let s = split_thread(&r, &short);
    let p = s.pages[0].problem().unwrap();
    assert!(p.starts_with("page 1 of 2 (from line 8): 2 posts read, but the page says the topic has 9 posts, so this page holds at least 5"), "{p}");
    let only = PageRead {
        line: 1,
        posts: 2,
        topic_posts: Some(3),
        page_of: Some((1, 1)),
    };
    assert_eq!(only.expected_at_least(), Some(3));
    let none = PageRead::default();
    assert!(none.problem().unwrap().contains("no post was read"));
}

#[test]
fn signatures_by_repetition_and_by_their_marks() {
    let r = roster();
    let sig = "Vote Cid for Mod of the Year 2026!";
    let text = phpbb_of(
        1,
        1,
        3,
        &[
            ("Ann", "Morning.\nvote Bob"),
            ("Bob", "vote Ann"),
            ("Ann", "Still Bob."),
        ],
        None,
    )
    .replace("vote Bob\nTop", &format!("vote Bob\n{sig}\nTop"))
    .replace("Still Bob.\nTop", &format!("Still Bob.\n{sig}\nTop"));
    let s = split_thread(&r, &text);
    assert_eq!(s.signatures, 2);
    assert_eq!(
        s.posts[0].text,
        format!("Morning.\nvote Bob\n[signature]\n{sig}\n[/signature]")
    );
    assert_eq!(s.posts[1].text, "vote Ann");
    // A bare vote repeated at the end of every post is the player's vote.
    let text = phpbb_of(
        1,
        1,
        2,
        &[("Ann", "hm.\nvote Bob"), ("Ann", "still.\nvote Bob")],
        None,
    );
    let s = split_thread(&r, &text);
    assert_eq!(s.signatures, 0);
    assert_eq!(s.posts[1].text, "still.\nvote Bob");
    // One post alone shows no repetition.
    let text = phpbb_of(1, 1, 1, &[("Ann", "hm.\nvote Bob")], Some(sig));
    assert_eq!(split_thread(&r, &text).signatures, 0);
    // phpBB 2 marks its signature with a line of underscores.
    let text = phpbb_of(
        1,
        1,
        1,
        &[("Ann", "vote Bob\n_________________\nvote Cid!")],
        None,
    );
    let s = split_thread(&r, &text);
    assert_eq!(
        s.posts[0].text,
        "vote Bob\n[signature]\nvote Cid!\n[/signature]"
    );
}

#[test]
fn reply_and_quote_context_whatever_the_name() {
    // A Discord reply to someone who is neither a player nor on the page.
    let text = "Ann — Today at 18:04\nno\n@Game Host\nvote Cid\nBob — Today at 18:05\nok\n@Ann I agree\nvote Cid\nCid — Today at 18:06\nhm";
    let (_, posts) = split(text);
    assert_eq!(
        posts,
        [
            p("Ann", "no"),
            p(
                "Bob",
                "[quote=\"Game Host\"]vote Cid[/quote]\nok\n@Ann I agree\nvote Cid"
            ),
            p("Cid", "hm"),
        ]
    );
    // A Discourse quote titled with a name known to no one, over a line of
    // an earlier post.
    let text = "ann\nNov 24\nvote Bob\nbob\nNov 24\nThe Old Host:\nvote Bob\nI only quote.\nReply";
    let (_, posts) = split(text);
    assert_eq!(
        posts[1],
        p(
            "Bob",
            "[quote=\"The Old Host\"]\nvote Bob\n[/quote]\nI only quote."
        )
    );
}

#[test]
fn discord_stamps_as_copied() {
    // 12 and 24 hour times, a narrow no-break space before PM, full
    // dates in the orders the client prints, on one line or split.
    let text = "Ann — 01/12/2026 20:15\nvote Bob\nBob — Today at 8:15\u{202F}PM\nvote Ann\nCid\n — Yesterday at 20:16\nvote Bob\nEve — 12/1/26, 8:17 PM\nvote Bob\nFlo\n — 2026-12-01 20:18\nvote Ann";
    let (l, posts) = split(text);
    assert_eq!(l, Layout::Discord);
    let authors: Vec<&str> = posts.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(authors, ["Ann", "Bob", "Cid", "Eve", "Flo"]);
    assert!(
        posts.iter().all(|(_, t)| t.starts_with("vote ")),
        "{posts:?}"
    );
}
