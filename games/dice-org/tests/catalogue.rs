//! Every case of `cases/public` and `cases/ours`, played in-process through
//! `case::run_case` and matched against `expect` by FORMAT.md (objects
//! member by member, lists element by element with equal length, the
//! top-level `steps` as a prefix; members starting with `_` are comments).
//! The project's runner (`adjudicate/tests/catalogue.rs`) does the same
//! through the real command.

use dice_org::case::run_case;
use serde_json::Value;
use std::path::Path;

fn diff(expect: &Value, got: &Value, at: &str, out: &mut Vec<String>) {
    match (expect, got) {
        (Value::Object(e), Value::Object(g)) if !e.is_empty() || g.is_empty() => {
            for (k, ev) in e.iter().filter(|(k, _)| !k.starts_with('_')) {
                let here = format!("{at}.{k}");
                match g.get(k) {
                    Some(gv) => diff(ev, gv, &here, out),
                    None => out.push(format!("{here}: expected {ev}, missing")),
                }
            }
        }
        (Value::Array(e), Value::Array(g)) if at == ".steps" || e.len() == g.len() => {
            for (i, ev) in e.iter().enumerate() {
                let here = format!("{at}[{i}]");
                match g.get(i) {
                    Some(gv) => diff(ev, gv, &here, out),
                    None => out.push(format!("{here}: expected {ev}, missing")),
                }
            }
        }
        (e, g) if e == g => {}
        (e, g) => out.push(format!("{at}: expected {e}, got {g}")),
    }
}

fn run_dir(dir: &str) -> (usize, Vec<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cases")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&path)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let case: Value = serde_json::from_str(&text).unwrap();
        let expect = &case["expect"];
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let got = run_case(&text).map(|r| serde_json::to_value(r).expect("a record serialises"));
        if expect.get("exit").is_some_and(|e| e == 2) {
            match got {
                Err(e) => assert!(!e.contains('\n'), "{name}: a reason is one line: {e}"),
                Ok(_) => failures.push(format!("{name}: expected a broken case, got a record")),
            }
            continue;
        }
        match got {
            Err(e) => failures.push(format!("{name}: broken: {e}")),
            Ok(record) => {
                let mut d = Vec::new();
                diff(expect, &record, "", &mut d);
                if !d.is_empty() {
                    failures.push(format!("{name}:\n  {}\n  record: {record}", d.join("\n  ")));
                }
            }
        }
    }
    (files.len(), failures)
}

#[test]
fn public_cases() {
    let (n, failures) = run_dir("public");
    assert!(n >= 43, "{n} public cases");
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn our_cases() {
    let (n, failures) = run_dir("ours");
    assert!(n >= 30, "only {n} cases of ours");
    assert!(
        failures.is_empty(),
        "{} of {n} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
