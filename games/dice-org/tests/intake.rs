//! The text intake (D12) on random seasons and random pastes: it never
//! panics, gives every non-blank line of every message a verdict, and the
//! input it gives plays without an error and without a choice the step
//! refuses (the reader checks what the step checks, D12.11), so the
//! screens can commit what the text gave.

mod common;

use dice_org::intake::{Verdict, read_dms};
use dice_org::{Entry, Phase};
use proptest::prelude::*;

/// Line pieces players write, with `{n}` for a name.
const LINES: [&str; 40] = [
    "deduct",
    "deduct 3",
    "deduct 5",
    "-3",
    "-5 for rp",
    "deduct for a bonus roll",
    "boost 2",
    "boost 7",
    "+7",
    "**boost +2**",
    "bonus",
    "buy a bonus roll",
    "rank {n}, {n}",
    "rank:",
    "{n}",
    "1. {n}",
    "2) {n}",
    "closed {n}",
    "not open to {n}",
    "open to all",
    "open to {n}",
    "vote {n}",
    "vote {n} and {n}",
    "[b]vote {n}[/b]",
    "play extra vote",
    "play idol on {n}",
    "play hidden immunity on me after votes",
    "HII {n}",
    "> vote {n}",
    "[quote=Host]vote {n}[/quote]",
    "hello!",
    "end",
    "",
    "Host — Today at 18:04",
    "{n} — Today at 18:05",
    "[18:06] {n}: vote {n}",
    "vote @{n}",
    "||rank {n}||",
    "vote {n}\u{2019}s",
    "rank {n} {n}",
];

fn paste(season: &dice_org::Season, picks: &[(u8, u8, u8)]) -> String {
    let s = season.state();
    let names: Vec<String> = s
        .players
        .iter()
        .map(|p| p.name.clone())
        .chain(["Nobody".to_string(), "an".to_string()])
        .collect();
    let mut out = String::new();
    for (k, &(header, line, name)) in picks.iter().enumerate() {
        if k == 0 || header % 4 == 0 {
            let who = &names[usize::from(header) % names.len()];
            out.push_str(&if header % 2 == 0 {
                format!("== {who} ==\n")
            } else {
                format!("{who}:\n")
            });
        }
        let mut l = LINES[usize::from(line) % LINES.len()].to_string();
        let mut i = usize::from(name);
        while let Some(at) = l.find("{n}") {
            let n = &names[i % names.len()];
            // Sometimes a shortened or lower-case name.
            let n = match i % 3 {
                0 => n.to_lowercase(),
                1 if n.chars().count() > 3 => n.chars().take(3).collect(),
                _ => n.clone(),
            };
            l.replace_range(at..at + 3, &n);
            i = i.wrapping_mul(7).wrapping_add(3);
        }
        out.push_str(&l);
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn pasted_dms_give_an_input_the_step_accepts(
        seed in any::<u64>(),
        words in prop::collection::vec(any::<u32>(), 1..40),
        length in 0usize..30,
        picks in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 0..40),
    ) {
        let season = common::play(seed, words, length);
        let text = paste(&season, &picks);
        let intake = season.read_dms(&text, &[]);
        prop_assert_eq!(intake.phase, season.next_phase());
        for m in &intake.messages {
            for l in &m.lines {
                prop_assert!(!l.text.is_empty());
                if let Verdict::Replaced { by_line, .. } = l.verdict {
                    prop_assert!(by_line > l.number);
                }
            }
        }
        let Some(entry) = intake.entry.clone() else {
            prop_assert!(season.state().is_over());
            return Ok(());
        };
        let report = season.dry_run(&entry);
        prop_assert!(report.is_ok(), "{:?} for {:?}\n{}", report, entry, text);
        let report = report.unwrap();
        // Revotes are checked by the step alone (who is tied is known only
        // once the votes are counted); nothing else is refused.
        let refused: Vec<_> = report
            .rejected()
            .iter()
            .filter(|r| !r.reason.contains("revote") && !r.reason.contains("tied") && !r.reason.contains("outside the tie"))
            .collect();
        prop_assert!(refused.is_empty(), "{:?}\n{:?}\n{}", refused, entry, text);
        // The same paste read for another phase gives nothing to that phase
        // beyond its own words: a competition paste holds no ballot.
        if intake.phase == Phase::Competition {
            let vote = read_dms(season.state(), Phase::Vote, &text);
            if let Some(Entry::Vote(v)) = vote.entry {
                prop_assert!(v.votes.keys().all(|k| season.state().find(k).is_some()));
            }
        }
    }
}
