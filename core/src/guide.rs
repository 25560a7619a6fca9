//! The players' guides (`GUIDE.md` beside each game's `RULES.md`): where
//! a guide places its worked examples, and the rule numbers it cites, so
//! each game's tests can check that the guide and the engine agree and the
//! rules page can link every citation to the rule.
//!
//! A guide places an example with an empty fenced block whose info string
//! is `example NAME`:
//!
//! ````text
//! ```example circle-string
//! ```
//! ````
//!
//! A rule number is the game's letter, a section number, a dot and an item
//! number: `C5.2`, `S7.1`, `D5.4`, `R4.2`.

/// The names of the examples a guide places, in order.
pub fn examples_placed(guide: &str) -> Vec<&str> {
    guide
        .lines()
        .filter_map(|l| l.trim().strip_prefix("```example "))
        .map(str::trim)
        .collect()
}

/// Whether `word` is a rule number of the game whose rules start with
/// `letter`: `letter`, digits, `.`, digits (`S5.3` for 'S').
pub fn is_rule_number(word: &str, letter: char) -> bool {
    let Some(rest) = word.strip_prefix(letter) else {
        return false;
    };
    let Some((a, b)) = rest.split_once('.') else {
        return false;
    };
    !a.is_empty() && !b.is_empty() && a.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
}

/// `text` cut into pieces, each `(true, number)` for a rule number of
/// `letter` standing as a word, or `(false, other text)`; the pieces joined
/// give `text` back. `C5.1-C5.3` gives both numbers; a full stop after a
/// number is text.
pub fn split_rule_numbers(text: &str, letter: char) -> Vec<(bool, &str)> {
    let mut out = Vec::new();
    let mut plain = 0;
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < bytes.len() {
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if starts_word && text[i..].starts_with(letter) {
            // The longest `letter digits . digits` here.
            let mut j = i + letter.len_utf8();
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            if j < bytes.len() && bytes[j] == b'.' {
                let mut k = j + 1;
                while k < bytes.len() && bytes[k].is_ascii_digit() {
                    k += 1;
                }
                let ends_word = k == bytes.len() || !bytes[k].is_ascii_alphanumeric();
                if ends_word && is_rule_number(&text[i..k], letter) {
                    if plain < i {
                        out.push((false, &text[plain..i]));
                    }
                    out.push((true, &text[i..k]));
                    plain = k;
                    i = k;
                    continue;
                }
            }
        }
        i += text[i..].chars().next().map_or(1, char::len_utf8);
    }
    if plain < text.len() {
        out.push((false, &text[plain..]));
    }
    out
}

/// The rule numbers `text` cites, in order (repeats kept).
pub fn cited_rules(text: &str, letter: char) -> Vec<&str> {
    split_rule_numbers(text, letter)
        .into_iter()
        .filter_map(|(n, s)| n.then_some(s))
        .collect()
}

/// The numbered rules a `RULES.md` defines: its `- X1.2 ...` items.
pub fn rules_defined(rules: &str, letter: char) -> Vec<&str> {
    rules
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| is_rule_number(w, letter))
        .collect()
}

/// [`guide_problems`] for an engine whose examples are drawn by
/// `texts_of(NAME)`: the example's cited rules and its sentences, `None`
/// for a name the engine does not know. Also a problem: an example of
/// `known` the engine cannot draw, or a name outside `known` it draws.
/// Every engine's `tests/guide.rs` calls this.
pub fn check_guide(
    guide: &str,
    rules: &str,
    letter: char,
    known: &[&str],
    texts_of: impl Fn(&str) -> Option<Vec<String>>,
) -> Vec<String> {
    let mut texts = Vec::new();
    let mut out = Vec::new();
    for k in known {
        match texts_of(k) {
            Some(t) => texts.extend(t),
            None => out.push(format!("the engine cannot draw its example {k:?}")),
        }
    }
    if texts_of("no-such-example").is_some() {
        out.push("the engine draws an example it does not name".to_string());
    }
    out.extend(guide_problems(guide, rules, letter, known, &texts));
    out
}

/// What is wrong between a guide, its rules and the examples an engine
/// knows: an example placed that the engine does not know, one it knows
/// that is not placed or placed twice, and a rule number cited (in the
/// guide or in `example_texts`) that `RULES.md` does not define. Empty when
/// they agree.
pub fn guide_problems(
    guide: &str,
    rules: &str,
    letter: char,
    known: &[&str],
    example_texts: &[String],
) -> Vec<String> {
    let mut out = Vec::new();
    let placed = examples_placed(guide);
    for p in &placed {
        if !known.contains(p) {
            out.push(format!(
                "the guide places {p:?}, which the engine does not know"
            ));
        }
    }
    for k in known {
        match placed.iter().filter(|p| *p == k).count() {
            0 => out.push(format!("the example {k:?} is not placed in the guide")),
            1 => {}
            n => out.push(format!("the example {k:?} is placed {n} times")),
        }
    }
    let defined = rules_defined(rules, letter);
    let mut cited = cited_rules(guide, letter);
    for t in example_texts {
        cited.extend(cited_rules(t, letter));
    }
    for c in cited {
        if !defined.contains(&c) {
            let problem = format!("{c} is cited but RULES.md does not define it");
            if !out.contains(&problem) {
                out.push(problem);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_found_as_words() {
        assert_eq!(
            split_rule_numbers("see C5.1-C5.3, and C6.2.", 'C'),
            vec![
                (false, "see "),
                (true, "C5.1"),
                (false, "-"),
                (true, "C5.3"),
                (false, ", and "),
                (true, "C6.2"),
                (false, ".")
            ]
        );
        assert_eq!(
            cited_rules("XC5.1 C5 C5. C5.x S5.1 C12.10", 'C'),
            vec!["C12.10"]
        );
        assert_eq!(cited_rules("(R4.2) é R5.5", 'R'), vec!["R4.2", "R5.5"]);
    }

    #[test]
    fn problems_name_what_disagrees() {
        let rules = "## D5\n- D5.1 One.\n- D5.2 Two.\n  - a bullet\n";
        let guide = "Camp (D5.1, D5.3).\n```example camp\n```\n```example gone\n```\n";
        assert_eq!(examples_placed(guide), vec!["camp", "gone"]);
        assert_eq!(rules_defined(rules, 'D'), vec!["D5.1", "D5.2"]);
        assert_eq!(
            guide_problems(
                guide,
                rules,
                'D',
                &["camp", "vote"],
                &["(D5.2, D9.9)".into()]
            ),
            vec![
                "the guide places \"gone\", which the engine does not know",
                "the example \"vote\" is not placed in the guide",
                "D5.3 is cited but RULES.md does not define it",
                "D9.9 is cited but RULES.md does not define it",
            ]
        );
    }
}
