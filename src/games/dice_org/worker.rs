//! What the Dice ORG page leaves to a Web Worker: checking a revealed
//! seed (Verify, D1.4), the dice log (D1.4, D11), the reading of the
//! pasted DMs (D12; a megabyte is shown a page at a time) with the prod
//! list of the phase to play (D9.7), and the odds (a player's roll, D2.2;
//! each team's chance to win and to lose the next team competition, D4.2,
//! D4.4). The page sends a [`Task`] as JSON text to the site's worker (the
//! rules worker, `shell::markdown::Doc::Game`, letter `D`) and shows the
//! HTML [`answer`] writes (a [`Reading`] as JSON for [`Task::Read`]); so
//! neither the reading of the DMs, the replay of a season, the odds
//! computation nor these tables are in the page's first load, and a long
//! computation never blocks the page. Every text from outside (names,
//! team names) is escaped ([`crate::shell::html`]).

use super::screens::widgets::write_table;
use crate::shell::html::{Html, PAGE, attr, esc};
use console_core::commitment::sha256_hex;
use console_core::events::{ProdThreshold, ProdWhy};
use dice_org::changes::PasteTaken;
use dice_org::competition::CompetitionInput;
use dice_org::intake::{Intake, LineReading, Skip, Verdict};
use dice_org::post::Format;
use dice_org::prod::{dm_activity_with, prod_list, prod_message};
use dice_org::verify::verify;
use dice_org::{Entry, Odds, Penalties, RollKind, RollOptions, Season, SetupInput, odds};
use serde::{Deserialize, Serialize};

/// An open season as the page has it: its setup and every entry played.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeasonText {
    /// The setup.
    pub setup: SetupInput,
    /// The entries played, in order.
    pub entries: Vec<Entry>,
}

impl SeasonText {
    /// The season replayed, or why not.
    fn season(&self) -> Result<Season, String> {
        Season::replay(self.setup.clone(), &self.entries).map_err(|e| e.to_string())
    }
}

/// What the page asks.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "lowercase")]
pub enum Task {
    /// Verify (D1.4): the setup as published with the revealed seed and
    /// salt, the commitment as published, and the open season when it is
    /// the one checked (its rolls are replayed beside the record).
    Verify {
        /// The setup typed.
        input: SetupInput,
        /// The commitment as published (may be blank).
        published: String,
        /// The open season, when it is the one checked.
        season: Option<SeasonText>,
    },
    /// The odds of a living player's roll now and with one more counter
    /// (D2.2), and each team's chances in the next competition with the
    /// round wizard's competition choices (D4.2).
    Odds {
        /// The open season.
        season: SeasonText,
        /// The player.
        player: String,
        /// Which roll.
        kind: RollKind,
        /// The options chosen.
        options: RollOptions,
        /// The competition draft (choices), if any.
        competition: Option<CompetitionInput>,
    },
    /// The pasted DMs `text` read for the phase to play (D12) with the
    /// producers' `aliases`, onto the choices `held` for the phase (the
    /// wizard's draft: a paste adds to it, D12.11): the reading (rejected
    /// and unread lines first, `shown` rows of it), the phase's input
    /// after the paste and what it changed, the bulk box's account and
    /// the prod list (D9.7, counting the pastes `taken` this phase) with
    /// the prod messages in `format`. Answered with a [`Reading`] as JSON.
    Read {
        /// The open season.
        season: SeasonText,
        /// The pasted DMs.
        text: String,
        /// The producers' aliases (as written, player).
        aliases: Vec<(String, String)>,
        /// The posts' format.
        format: Format,
        /// The producers' prod threshold (D9.7; the default when absent).
        #[serde(default)]
        prod: ProdThreshold,
        /// How many rows of the reading to write (pages of
        /// [`crate::shell::html::PAGE`]).
        shown: usize,
        /// The page's number for this request, echoed in the answer.
        id: u32,
        /// The phase's choices held now (the wizard's draft).
        #[serde(default)]
        held: Option<Entry>,
        /// The pastes taken this phase, oldest first.
        #[serde(default)]
        taken: Vec<PasteTaken>,
    },
    /// The dice log (D1.4, D11): every die drawn with the step that drew
    /// it, who rolled it and why; `filter` is `all`, `setup` or a step's
    /// index (from 0).
    Dice {
        /// The open season.
        season: SeasonText,
        /// Which dice.
        filter: String,
    },
}

/// The worker's answer to a task (JSON text), as HTML; a task it cannot
/// read, or a season that does not replay, gets a note saying why.
pub fn answer(text: &str) -> String {
    match serde_json::from_str::<Task>(text) {
        Ok(Task::Verify {
            input,
            published,
            season,
        }) => {
            let season = season.map(|s| s.season());
            match season {
                Some(Err(e)) => note(&e),
                Some(Ok(s)) => verify_html(&input, &published, Some(&s)),
                None => verify_html(&input, &published, None),
            }
        }
        Ok(Task::Odds {
            season,
            player,
            kind,
            options,
            competition,
        }) => match season.season() {
            Ok(s) => odds_html(&s, &player, kind, options, competition.unwrap_or_default()),
            Err(e) => note(&e),
        },
        Ok(Task::Read {
            season,
            text,
            aliases,
            format,
            prod,
            shown,
            id,
            held,
            taken,
        }) => {
            let reading = match season.season() {
                Ok(s) => read(
                    &s,
                    &Pasted {
                        text: &text,
                        aliases: &aliases,
                        held: held.as_ref(),
                        taken: &taken,
                    },
                    format,
                    prod,
                    shown,
                ),
                Err(e) => Reading {
                    prods: note(&e),
                    ..Reading::default()
                },
            };
            serde_json::to_string(&Reading { id, ..reading }).unwrap_or_default()
        }
        Ok(Task::Dice { season, filter }) => match season.season() {
            Ok(s) => dice_html(&s, &filter),
            Err(e) => note(&e),
        },
        Err(e) => note(&e.to_string()),
    }
}

/// The worker's answer to [`Task::Read`]: what the page shows of a
/// reading of the pasted DMs (D12), small whatever the paste's length.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// The request's number ([`Task::Read`]'s `id`).
    pub id: u32,
    /// How each line was read, as HTML (empty for a blank box): a table
    /// per player's message and the lines of nobody, the first `shown`
    /// rows in the order lines not read, rejected, replaced or skipped,
    /// accepted.
    pub html: String,
    /// The prod list (D9.7), as HTML; or why the season does not replay.
    pub prods: String,
    /// The phase's input after the paste ([`Intake::entry`]: the choices
    /// held with what the paste adds, D12.11), which a split makes the
    /// wizard's draft; `None` when there is nothing to take.
    pub entry: Option<Entry>,
    /// What the paste changed, and what else a split keeps of it
    /// ([`Intake::taken`]; its digest is the text's SHA-256).
    pub paste: PasteTaken,
    /// Each player's message: (player, non-blank lines), in paste order.
    pub taken: Vec<(String, usize)>,
    /// The first [`PAGE`] lines not used (of nobody, then rejected), each
    /// in words naming its line, and a last line for the rest.
    pub problems: Vec<String>,
    /// How many lines were not used in all.
    pub problem_total: usize,
    /// How the paste was read when not as a pile of messages: a form's
    /// responses sheet, one message per response.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_as: Option<String>,
    /// Rows of the reading in all (every line and every line of nobody).
    pub rows: usize,
}

/// Where a line comes in the paged reading: lines not read first (0),
/// rejected (1), replaced or skipped (2), accepted (3).
fn rank(v: &Verdict) -> u8 {
    match v {
        Verdict::Rejected(_) => 1,
        Verdict::Accepted(_) => 3,
        _ => 2,
    }
}

/// What a [`Task::Read`] reads: the box's text, the producers' aliases,
/// the choices held for the phase and the pastes taken this phase.
pub struct Pasted<'a> {
    /// The box's text.
    pub text: &'a str,
    /// (as written, player).
    pub aliases: &'a [(String, String)],
    /// The phase's choices held now.
    pub held: Option<&'a Entry>,
    /// The pastes taken this phase.
    pub taken: &'a [PasteTaken],
}

/// Reads the paste (invisible characters folded first) for the phase to
/// play onto the choices held: see [`Task::Read`].
fn read(s: &Season, p: &Pasted, format: Format, prod: ProdThreshold, shown: usize) -> Reading {
    let aliases = p.aliases;
    let text = console_core::text::visible(p.text);
    // A form's responses sheet: one DM per response, under its name.
    let sheet = console_core::forms::read_sheet(&text);
    let read_as = sheet.as_ref().map(console_core::forms::Sheet::describe);
    let text = match sheet {
        Some(sheet) => std::borrow::Cow::Owned(sheet.to_bulk()),
        None => text,
    };
    let intake = s.read_dms_onto(&text, aliases, p.held);
    let digest = sha256_hex(&text);
    let prods = prods_html(s, &intake, format, prod, p.taken, &digest);
    if text.trim().is_empty() {
        return Reading {
            prods,
            ..Reading::default()
        };
    }
    let taken = intake
        .messages
        .iter()
        .map(|m| (m.player.clone(), m.lines.len()))
        .collect();
    let problem_total = intake.problems().count() + intake.unread.len();
    let mut problems: Vec<String> = intake
        .unread
        .iter()
        .take(PAGE)
        .map(|u| format!("line {}: {:?} not read: {}", u.line, u.text, u.reason))
        .collect();
    problems.extend(
        intake
            .problems()
            .take(PAGE - problems.len())
            .map(|(player, l)| {
                format!(
                    "{player}, line {}: {:?} rejected: {}",
                    l.number,
                    l.text,
                    l.verdict.reason().unwrap_or_default()
                )
            }),
    );
    if problem_total > problems.len() {
        problems.push(format!(
            "{} more lines not used: each is under \"How each line was read\" below, with its reason",
            problem_total - problems.len()
        ));
    }
    let (html, rows) = reading_html(s, &intake, aliases, shown);
    let mut paste = intake.taken();
    paste.digest = digest;
    Reading {
        id: 0,
        html,
        prods,
        paste,
        entry: intake.entry.clone(),
        taken,
        problems,
        problem_total,
        rows,
        read_as,
    }
}

/// A select that makes `written` an alias of a player (D12.3): the page
/// reads its `data-written` and value when it changes.
fn alias_pick(h: &mut Html, written: &str, current: Option<&str>, players: &[String]) {
    h.raw("<select data-testid=\"alias\"")
        .raw(&attr("aria-label", &format!("Read {written:?} as")))
        .raw(&attr("data-written", written))
        .raw(">")
        .raw(if current.is_none() {
            "<option value=\"\" selected>"
        } else {
            "<option value=\"\">"
        })
        .text(&format!("{written:?}: read as…"))
        .raw("</option>");
    for p in players {
        h.raw("<option")
            .raw(&attr("value", p))
            .raw(if current == Some(p.as_str()) {
                " selected>"
            } else {
                ">"
            })
            .text(p)
            .raw("</option>");
    }
    h.raw("</select>");
}

/// One line of a player's message and its verdict, with a one-click
/// overrule for a guessed name or a chat author who may be the player.
fn line_html(h: &mut Html, player: &str, l: &LineReading, players: &[String]) {
    let word = l.verdict.word();
    let mut why = l.verdict.reason().unwrap_or_default();
    for n in l.names.iter().filter(|n| !n.exact) {
        why.push_str(&format!(
            " {:?} read as {} (a guess, D12.3).",
            n.written, n.player
        ));
    }
    for note in &l.notes {
        why.push_str(&format!(" {note}"));
    }
    h.raw(&format!(
        "<tr class=\"verdict-{word}\" data-verdict=\"{word}\"><td>{}</td><td>",
        l.number
    ))
    .el("code", "", &l.text)
    .raw(&format!("</td><td>{word}</td><td>"))
    .text(&why);
    for n in l.names.iter().filter(|n| !n.exact) {
        alias_pick(h, &n.written, Some(&n.player), players);
    }
    if let Verdict::Skipped(Skip::OtherAuthor(author, false)) = &l.verdict {
        h.raw("<button type=\"button\" data-testid=\"alias-author\"")
            .raw(&attr("data-written", author))
            .raw(&attr("data-player", player))
            .raw(">")
            .text(&format!("{author} is {player}"))
            .raw("</button>");
    }
    h.raw("</td></tr>");
}

/// How each line was read (D12), the first `shown` rows (see [`rank`]),
/// and the number of rows in all.
fn reading_html(
    s: &Season,
    intake: &Intake,
    aliases: &[(String, String)],
    shown: usize,
) -> (String, usize) {
    let st = s.state();
    let players: Vec<String> = st.alive().map(|(p, _)| st.name(p).to_string()).collect();
    let rows = intake.unread.len() + intake.messages.iter().map(|m| m.lines.len()).sum::<usize>();
    // The rows on the page: the first `shown` by rank, then line order.
    let unread = intake.unread.len().min(shown);
    let mut left = shown - unread;
    let mut keep: Vec<Vec<bool>> = intake
        .messages
        .iter()
        .map(|m| vec![false; m.lines.len()])
        .collect();
    for r in 1..4 {
        for (m, k) in intake.messages.iter().zip(keep.iter_mut()) {
            for (l, k) in m.lines.iter().zip(k.iter_mut()) {
                if left > 0 && rank(&l.verdict) == r {
                    *k = true;
                    left -= 1;
                }
            }
        }
    }
    let mut h = Html::default();
    h.raw("<details class=\"reading\" open>").el(
        "summary",
        "",
        &format!(
            "How each line was read ({} rejected)",
            intake.problems().count()
        ),
    );
    for (m, k) in intake.messages.iter().zip(&keep) {
        // What this paste changes of the player's choices (D12.11).
        let theirs: Vec<String> = intake
            .changes
            .iter()
            .filter(|c| c.player == m.player)
            .map(ToString::to_string)
            .collect();
        h.raw("<p class=\"changes\" data-testid=\"changes\"")
            .raw(&attr("data-player", &m.player))
            .raw(">")
            .text(&if theirs.is_empty() {
                format!("{}: this paste changes none of their choices.", m.player)
            } else {
                format!("{}: this paste changes {}.", m.player, theirs.join("; "))
            })
            .raw("</p>");
        h.raw("<table class=\"grid-table\"")
            .raw(&attr("data-player", &m.player))
            .raw(">")
            .el("caption", "", &m.player)
            .raw("<thead><tr><th scope=\"col\">Line</th><th scope=\"col\">Text</th><th scope=\"col\">Verdict</th><th scope=\"col\">Why</th></tr></thead><tbody>");
        for (l, _) in m.lines.iter().zip(k).filter(|(_, k)| **k) {
            line_html(&mut h, &m.player, l, &players);
        }
        h.raw("</tbody></table>");
    }
    if unread > 0 {
        h.raw("<ul class=\"unread\" data-testid=\"unread\">");
        for u in &intake.unread[..unread] {
            h.raw("<li class=\"warn\">")
                .text(&format!("Line {}: {:?}: {} ", u.line, u.text, u.reason));
            alias_pick(&mut h, &u.text, None, &players);
            h.raw("</li>");
        }
        h.raw("</ul>");
    }
    if !aliases.is_empty() {
        h.raw("<p class=\"muted\" data-testid=\"aliases\">Aliases: ");
        for (w, p) in aliases {
            h.raw("<span>")
                .text(&format!("{w:?} = {p} "))
                .raw("<button type=\"button\"")
                .raw(&attr("data-remove", w))
                .raw(">remove</button> </span>");
        }
        h.raw("</p>");
    }
    h.raw("</details>");
    (h.done(), rows)
}

/// A copy button for `text`: the page copies a button's `data-copy` when
/// it is clicked (one handler on the answer).
fn copy_button(h: &mut Html, label: &str, text: &str) {
    h.raw("<button type=\"button\"")
        .raw(&attr("data-copy", text))
        .raw(">")
        .text(label)
        .raw("</button>");
}

/// Who the phase to play asks and whose DMs are not in (D9.7), from the
/// pasted DMs under the producers' `threshold`: one line per player to
/// prod with why and their prod message to copy, then the one public prod
/// post to copy.
pub fn prods_html(
    s: &Season,
    intake: &Intake,
    format: Format,
    threshold: ProdThreshold,
    taken: &[PasteTaken],
    digest: &str,
) -> String {
    let st = s.state();
    let act = dm_activity_with(st, intake, taken, digest);
    let list = prod_list(st, &act, threshold, None);
    let phase = s.next_phase();
    let deadline = st.deadline.current();
    let names: Vec<&str> = list
        .iter()
        .map(|p| st.players[p.slot].name.as_str())
        .collect();
    let mut h = Html::default();
    h.raw(if list.is_empty() {
        "<details class=\"prods\" data-testid=\"prods\">"
    } else {
        "<details class=\"prods\" data-testid=\"prods\" open>"
    })
    .el(
        "summary",
        "",
        &format!("Not in yet: {} players to prod (D9.7)", list.len()),
    )
    .raw("<ul>");
    for (p, n) in list.iter().zip(&names) {
        let a = &act[p.slot];
        let why = if a.posts == 0 {
            "no DM".to_string()
        } else {
            let mut why = Vec::new();
            if p.why.contains(&ProdWhy::Posts) {
                why.push(format!(
                    "{} DM{} of {} words, the threshold is {}",
                    a.posts,
                    if a.posts == 1 { "" } else { "s" },
                    a.words,
                    threshold.max_posts
                ));
            }
            if p.why.contains(&ProdWhy::NoActions) {
                why.push(if why.is_empty() {
                    format!("DM of {} words, no choice in force", a.words)
                } else {
                    "no choice in force".to_string()
                });
            }
            why.join(", ")
        };
        h.raw("<li").raw(&attr("data-player", n)).raw(">");
        h.text(&format!("{n}: {why} "));
        copy_button(
            &mut h,
            "Copy prod",
            &prod_message(&[n], &p.why, phase, threshold.max_posts, deadline, format),
        );
        h.raw("</li>");
    }
    h.raw("</ul>");
    if !names.is_empty() {
        let why: Vec<ProdWhy> = list.iter().flat_map(|p| p.why.clone()).collect();
        h.raw("<p>");
        copy_button(
            &mut h,
            "Copy the public prod post",
            &prod_message(&names, &why, phase, threshold.max_posts, deadline, format),
        );
        h.raw("</p>");
    }
    h.raw("</details>");
    h.done()
}

/// The dice log's table (D1.4, D11): the dice `filter` picks (`all`,
/// `setup`, or a step's index from 0), in the order drawn.
pub fn dice_html(s: &Season, filter: &str) -> String {
    let rows: Vec<(String, Vec<String>)> = s
        .dice_log()
        .into_iter()
        .enumerate()
        .filter(|(_, d)| match filter {
            "all" => true,
            "setup" => d.entry.is_none(),
            i => d.entry.map(|e| e.to_string()).as_deref() == Some(i),
        })
        .map(|(k, d)| {
            (
                (k + 1).to_string(),
                vec![
                    d.entry
                        .map_or("setup".to_string(), |e| format!("step {}", e + 1)),
                    d.die.why.who.clone(),
                    d.die.why.to_string(),
                    d.die.value.to_string(),
                ],
            )
        })
        .collect();
    let mut h = Html::default();
    write_table(
        &mut h,
        "Dice drawn",
        true,
        "dice-table",
        &["#", "Step", "Who", "Why", "Die"],
        &rows,
    );
    h.done()
}

fn note(why: &str) -> String {
    format!("<p class=\"error\" role=\"alert\">{}</p>", esc(why))
}

fn said(m: Option<bool>) -> &'static str {
    match m {
        Some(true) => "matches",
        Some(false) => "DOES NOT MATCH",
        None => "nothing to compare",
    }
}

fn dice(d: &[u8]) -> String {
    d.iter().map(u8::to_string).collect::<Vec<_>>().join(", ")
}

/// Verify's result (D1.4): the verdict, the commitment beside the one
/// published, what the seed gives each player, every roll replayed.
pub fn verify_html(input: &SetupInput, published: &str, season: Option<&Season>) -> String {
    // The open season's rolls are compared only when it is the one checked.
    let season = season.filter(|s| s.setup().players == input.players);
    let v = verify(input, Some(published), season);
    let ok = v.all_match();
    let verdict = if ok {
        "Everything checked matches.".to_string()
    } else {
        format!(
            "Not verified: commitment {}; {} players differ; {} rolls differ{}.",
            said(v.commitment_matches),
            v.players
                .iter()
                .filter(|p| p.matches == Some(false))
                .count(),
            v.mismatched_rolls(),
            v.problem
                .as_ref()
                .map(|p| format!("; {p}"))
                .unwrap_or_default()
        )
    };
    let mut h = Html::default();
    h.el(
        "p",
        if ok {
            " class=\"verdict ok\" role=\"status\" data-testid=\"verify-verdict\""
        } else {
            " class=\"verdict error\" role=\"status\" data-testid=\"verify-verdict\""
        },
        &verdict,
    )
    .raw(
        &v.notes
            .iter()
            .map(|n| {
                format!(
                    "<p class=\"muted\" data-testid=\"verify-note\">{}</p>",
                    esc(n)
                )
            })
            .collect::<String>(),
    )
    .el("h3", "", "Commitment")
    .raw("<p>These inputs give: ")
    .el("code", " data-testid=\"verify-commitment\"", &v.commitment)
    .raw("</p><p>Published: ")
    .el(
        "code",
        "",
        v.published.as_deref().unwrap_or("(none written)"),
    )
    .raw(" — ")
    .el(
        "strong",
        " data-testid=\"verify-commitment-match\"",
        said(v.commitment_matches),
    )
    .raw("</p><details><summary>The committed text</summary>")
    .el("pre", "", &v.committed_text)
    .raw("</details>")
    .el("h3", "", "What the seed gives (D1.2)");
    let rows: Vec<(String, Vec<String>)> = v
        .players
        .iter()
        .map(|p| {
            (
                p.name.clone(),
                vec![
                    p.team.clone(),
                    p.rolls.map_or("entered".into(), |r| dice(&r.0)),
                    p.rolls.map_or("entered".into(), |r| dice(&r.1)),
                    format!("[{}, {}]", p.attributes.competition, p.attributes.survival),
                    p.told
                        .map(|t| {
                            format!(
                                "[{}, {}] {}",
                                t.competition,
                                t.survival,
                                p.told_team.clone().unwrap_or_default()
                            )
                        })
                        .unwrap_or_default(),
                    said(p.matches).to_string(),
                ],
            )
        })
        .collect();
    write_table(
        &mut h,
        "What the seed gives each player",
        true,
        "verify-players",
        &[
            "Player",
            "Team",
            "Competition dice",
            "Survival dice",
            "Attributes [C, S]",
            "The season had",
            "Match",
        ],
        &rows,
    );
    if !v.rolls.is_empty() {
        h.raw("<details data-testid=\"verify-rolls\">").el(
            "summary",
            "",
            &format!(
                "Every roll replayed ({} rolls, {} differ)",
                v.rolls.len(),
                v.mismatched_rolls()
            ),
        );
        let rows: Vec<(String, Vec<String>)> = v
            .rolls
            .iter()
            .map(|r| {
                (
                    r.entry.map_or("setup".to_string(), |e| (e + 1).to_string()),
                    vec![
                        r.what.clone(),
                        format!("{} = {}", dice(&r.dice), r.total),
                        dice(&r.recorded),
                        if r.matches { "yes" } else { "NO" }.to_string(),
                    ],
                )
            })
            .collect();
        write_table(
            &mut h,
            "Every roll replayed",
            true,
            "verify-roll-table",
            &["Step", "Roll", "The seed gives", "Recorded", "Match"],
            &rows,
        );
        h.raw("</details>");
    }
    h.done()
}

const W: u32 = 640;
const H: u32 = 220;
const PAD: u32 = 28;

/// `n / 216` as a decimal with `places` digits (rounded), without floats.
fn per216(n: u32, scale: u32, places: usize) -> String {
    let x = (n * scale + 108) / 216;
    let unit = 10u32.pow(places as u32);
    format!("{}.{:0places$}", x / unit, x % unit)
}

/// The mean result, two decimals.
fn mean(o: &Odds) -> String {
    let sum: u32 = o
        .counts
        .iter()
        .enumerate()
        .map(|(r, &n)| r as u32 * n)
        .sum();
    per216(sum, 100, 2)
}

/// A share of the 216 throws as a percentage, one decimal.
fn pct(n: u32) -> String {
    per216(n, 1000, 1) + "%"
}

/// A chance from 0 to 1 as a percentage with one decimal (rounded to a
/// tenth of a percent in integers).
fn chance(p: f64) -> String {
    let t = (p.clamp(0.0, 1.0) * 1000.0).round() as u32;
    format!("{}.{}%", t / 10, t % 10)
}

/// The chart: one pair of bars per result, as SVG text.
fn chart(h: &mut Html, now: &Odds, more: &Odds, label: &str) {
    let n = now.counts.len().max(more.counts.len());
    let top = now
        .counts
        .iter()
        .chain(&more.counts)
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let step = (W - PAD) / n.max(1) as u32;
    let bar = step * 2 / 5;
    let y = |c: u32| (H - PAD) * c / top;
    let get = |o: &Odds, r: usize| o.counts.get(r).copied().unwrap_or(0);
    let base = H - PAD;
    h.raw(&format!("<div class=\"chart\"><svg class=\"odds-chart\" viewBox=\"0 0 {W} {H}\" role=\"img\""))
        .raw(&attr("aria-label", label))
        .raw(" data-testid=\"odds-chart\"><defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#fff\"></rect><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a4161a\" stroke-width=\"3\"></line></pattern></defs>")
        .raw(&format!("<line x1=\"{PAD}\" y1=\"{base}\" x2=\"{W}\" y2=\"{base}\" stroke=\"#55526a\"></line><text x=\"2\" y=\"12\" class=\"axis\">{top}</text><text x=\"2\" y=\"{base}\">0</text>"));
    for r in 0..n {
        let x = PAD + step * r as u32 + step / 10;
        let (a, b) = (get(now, r), get(more, r));
        h.raw(&format!(
            "<g><rect x=\"{x}\" y=\"{}\" width=\"{bar}\" height=\"{}\" fill=\"#5b3fc4\"><title>{r}: {a} of 216 now</title></rect><rect x=\"{}\" y=\"{}\" width=\"{bar}\" height=\"{}\" fill=\"url(#hatch)\" stroke=\"#a4161a\"><title>{r}: {b} of 216 with one more counter</title></rect><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{r}</text></g>",
            base - y(a),
            y(a),
            x + bar,
            base - y(b),
            y(b),
            x + bar,
            H - 10
        ));
    }
    h.raw("</svg></div>");
}

/// The odds of `player`'s roll of `kind` now and with one more counter
/// (D2.1, D2.2), out of the 216 throws of 3d6: the sentence, the chart
/// and the table; then, when the next competition is between teams, each
/// team's chance to win and to lose it with the choices in `competition`
/// (D4.2, D4.4).
pub fn odds_html(
    s: &Season,
    player: &str,
    kind: RollKind,
    options: RollOptions,
    competition: CompetitionInput,
) -> String {
    let mut h = Html::default();
    let st = s.state();
    let living = st.find(player).and_then(|p| st.living(p));
    if let (Some(l), Some(now)) = (living, s.odds_for(player, kind, options)) {
        let counters = l.counters;
        let more = odds(l.attributes.get(kind), counters + 1, options);
        let pen = Penalties::of(counters);
        let pen2 = Penalties::of(counters + 1);
        let k = if kind == RollKind::Competition {
            "competition"
        } else {
            "survival"
        };
        h.el("p", " data-testid=\"odds-who\"", &format!(
            "{player}: attributes {}, {counters} counter{} (stats −{}, rolls −{}, outcomes −{}); one more counter: stats −{}, rolls −{}, outcomes −{}. Mean result now {}; with one more counter {}.",
            l.attributes, if counters == 1 { "" } else { "s" }, pen.stat, pen.roll, pen.outcome, pen2.stat, pen2.roll, pen2.outcome, mean(&now), mean(&more)));
        chart(
            &mut h,
            &now,
            &more,
            &format!(
                "Bar chart of {player}'s {k} roll results out of 216, now and with one more counter; the numbers are in the table below"
            ),
        );
        h.raw("<p class=\"legend\"><span class=\"key now\"></span> Now (solid)  <span class=\"key more\"></span> With one more counter (striped)</p>");
        let n = now.counts.len().max(more.counts.len());
        let get = |o: &Odds, r: usize| o.counts.get(r).copied().unwrap_or(0);
        let rows: Vec<(String, Vec<String>)> = (0..n)
            .map(|r| {
                let (a, b) = (get(&now, r), get(&more, r));
                (
                    r.to_string(),
                    vec![
                        a.to_string(),
                        pct(a),
                        pct(now.at_least(r as u32)),
                        b.to_string(),
                        pct(b),
                        pct(more.at_least(r as u32)),
                    ],
                )
            })
            .collect();
        write_table(
            &mut h,
            &format!("{player}'s {k} roll: throws out of 216 giving each result"),
            false,
            "odds-table",
            &[
                "Result",
                "Now",
                "Now, %",
                "Now, at least this",
                "One more counter",
                "One more, %",
                "One more, at least this",
            ],
            &rows,
        );
    }
    if let Some(teams) = s.team_odds(&competition) {
        h.el(
            "h3",
            "",
            "The next team competition: each team's chances (D4.2)",
        );
        h.el("p", " class=\"muted\"", "Exact, from every member's roll distribution and the choices in the round wizard's competition draft; ties re-rolled as D4.4 says.");
        // A bar per team for each chance, as SVG text.
        let bars = teams.len() as u32;
        let rowh = 22u32;
        let height = bars * rowh * 2 + 8;
        h.raw(&format!("<div class=\"chart\"><svg class=\"odds-chart\" viewBox=\"0 0 {W} {height}\" role=\"img\" aria-label=\"Each team's chance to win and to lose the next competition; the numbers are in the table below\" data-testid=\"team-odds-chart\">"));
        for (i, t) in teams.iter().enumerate() {
            let y = i as u32 * rowh * 2 + 4;
            let ww = (f64::from(W - 200) * t.win.clamp(0.0, 1.0)).round() as u32;
            let wl = (f64::from(W - 200) * t.lose.clamp(0.0, 1.0)).round() as u32;
            h.raw(&format!("<text x=\"0\" y=\"{}\">", y + 14))
                .text(&t.team)
                .raw(&format!("</text><rect x=\"120\" y=\"{y}\" width=\"{ww}\" height=\"{}\" fill=\"#5b3fc4\"><title>win {}</title></rect><rect x=\"120\" y=\"{}\" width=\"{wl}\" height=\"{}\" fill=\"url(#hatch)\" stroke=\"#a4161a\"><title>lose {}</title></rect>",
                    rowh - 4, chance(t.win), y + rowh, rowh - 4, chance(t.lose)));
        }
        h.raw("</svg></div><p class=\"legend\"><span class=\"key now\"></span> Wins (solid)  <span class=\"key more\"></span> Loses, goes to the vote (striped)</p>");
        let rows: Vec<(String, Vec<String>)> = teams
            .iter()
            .map(|t| (t.team.clone(), vec![chance(t.win), chance(t.lose)]))
            .collect();
        write_table(
            &mut h,
            "Each team's chance in the next competition",
            false,
            "team-odds",
            &["Team", "Wins", "Loses (goes to the vote)"],
            &rows,
        );
    }
    h.done()
}
