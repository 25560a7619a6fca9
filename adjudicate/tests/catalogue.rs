//! The rules-case catalogues of every game, run like the DATC: each case
//! file under `games/<game>/cases/{public,ours,games}/` is its own named
//! test (`<game>::<dir>::<case>`), played through the real `adjudicate`
//! command, and its record matched against `expect` by that game's
//! FORMAT.md. A failure lists every differing member with its path.

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How a game's FORMAT.md matches `expect` against the record.
#[derive(Copy, Clone)]
struct Matching {
    /// The top-level list matched element by element, the expectation
    /// possibly shorter (`rounds`, `phases`, `steps`).
    sequence: &'static str,
    /// Other lists: element by element with equal length (Dice ORG), or
    /// exactly (the others).
    elementwise: bool,
}

fn matching(game: &str) -> Matching {
    match game {
        "mini-survivor" => Matching {
            sequence: "rounds",
            elementwise: false,
        },
        "survival" => Matching {
            sequence: "phases",
            elementwise: false,
        },
        "dice-org" => Matching {
            sequence: "steps",
            elementwise: true,
        },
        _ => Matching {
            sequence: "",
            elementwise: false,
        },
    }
}

/// Differences between `expect` and `got`, one line each, with paths.
fn diff(m: Matching, expect: &Value, got: &Value, at: &str, out: &mut Vec<String>) {
    match (expect, got) {
        (Value::Object(e), Value::Object(g)) if !e.is_empty() || g.is_empty() => {
            // Members named `_...` are comments, in `expect` as anywhere (FORMAT.md).
            for (k, ev) in e.iter().filter(|(k, _)| !k.starts_with('_')) {
                let here = format!("{at}.{k}");
                match g.get(k) {
                    Some(gv) => diff(m, ev, gv, &here, out),
                    None => out.push(format!("{here}: expected {ev}, missing")),
                }
            }
        }
        (Value::Array(e), Value::Array(g))
            if (!m.sequence.is_empty() && at == format!(".{}", m.sequence))
                || (m.elementwise && e.len() == g.len()) =>
        {
            for (i, ev) in e.iter().enumerate() {
                let here = format!("{at}[{i}]");
                match g.get(i) {
                    Some(gv) => diff(m, ev, gv, &here, out),
                    None => out.push(format!("{here}: expected {ev}, missing")),
                }
            }
        }
        (e, g) if e == g => {}
        (e, g) => out.push(format!("{at}: expected {e}, got {g}")),
    }
}

fn run(game: &str, path: &Path) -> Result<(), Failed> {
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let Some(expect) = case.get("expect") else {
        return Err("the case has no expect".into());
    };
    let out = Command::new(env!("CARGO_BIN_EXE_adjudicate"))
        .arg(path)
        .output()?;
    let code = out.status.code();
    if expect.get("exit").is_some_and(|e| e == 2) {
        return match (code, out.stdout.is_empty(), out.stderr.is_empty()) {
            (Some(2), true, false) => Ok(()),
            _ => Err(format!(
                "a broken case must exit 2 with nothing on stdout and a reason on stderr; got {:?}, stdout {:?}",
                code,
                String::from_utf8_lossy(&out.stdout)
            )
            .into()),
        };
    }
    if !out.status.success() {
        return Err(format!(
            "adjudicate exited {}: {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    let record: Value = serde_json::from_slice(&out.stdout)?;
    let mut diffs = Vec::new();
    diff(matching(game), expect, &record, "", &mut diffs);
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("\n").into())
    }
}

/// (game, dir, path) of every case file, sorted.
fn cases() -> Vec<(String, String, PathBuf)> {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../games");
    let mut files = Vec::new();
    for (game, _) in adjudicate::GAMES {
        for dir in ["public", "ours", "games"] {
            let Ok(entries) = std::fs::read_dir(games.join(game).join("cases").join(dir)) else {
                continue;
            };
            for entry in entries {
                let p = entry.expect("entry").path();
                if p.extension().is_some_and(|e| e == "json") {
                    files.push((game.to_string(), dir.to_string(), p));
                }
            }
        }
    }
    files.sort();
    files
}

fn main() {
    let args = Arguments::from_args();
    let trials = cases()
        .into_iter()
        .map(|(game, dir, p)| {
            let name = format!(
                "{game}::{dir}::{}",
                p.file_stem().unwrap().to_string_lossy()
            );
            Trial::test(name, move || run(&game, &p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
