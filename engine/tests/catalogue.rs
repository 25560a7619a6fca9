//! The rules-case catalogue (cases/FORMAT.md), run like the DATC: every case
//! file under `cases/` is its own named test, played through the real
//! `adjudicate` command, and its record matched against `expect` as a subset.
//! A failure lists every differing field.

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Differences between `expect` and `got`, matched as a subset (FORMAT.md).
fn diff(expect: &Value, got: &Value, at: &str, out: &mut Vec<String>) {
    match (expect, got) {
        (Value::Object(e), Value::Object(g)) => {
            for (k, ev) in e {
                let here = format!("{at}.{k}");
                match g.get(k) {
                    Some(gv) => diff(ev, gv, &here, out),
                    None => out.push(format!("{here}: expected {ev}, missing")),
                }
            }
        }
        (Value::Array(e), Value::Array(g)) if at.ends_with(".rounds") => {
            for (i, ev) in e.iter().enumerate() {
                let here = format!("{at}[{i}]");
                match g.get(i) {
                    Some(gv) => diff(ev, gv, &here, out),
                    None => out.push(format!("{here}: expected a round, missing")),
                }
            }
        }
        (e, g) if e == g => {}
        (e, g) => out.push(format!("{at}: expected {e}, got {g}")),
    }
}

fn run(path: &Path) -> Result<(), Failed> {
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path)?)?;
    let out = Command::new(env!("CARGO_BIN_EXE_adjudicate"))
        .arg(path)
        .output()?;
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
    diff(
        case.get("expect").unwrap_or(&Value::Null),
        &record,
        "",
        &mut diffs,
    );
    if case.get("expect").is_none() {
        diffs.push("the case has no expect".into());
    }
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(diffs.join("\n").into())
    }
}

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("cases");
    let mut files = Vec::new();
    for dir in ["public", "ours", "games"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("cases directory") {
            let p = entry.expect("entry").path();
            if p.extension().is_some_and(|e| e == "json") {
                files.push(p);
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
        .map(|p| {
            let name = format!(
                "{}::{}",
                p.parent()
                    .and_then(|d| d.file_name())
                    .unwrap()
                    .to_string_lossy(),
                p.file_stem().unwrap().to_string_lossy()
            );
            Trial::test(name, move || run(&p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
