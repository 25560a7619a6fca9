//! `adjudicate CASE.json`: plays a rules case of any game and prints its
//! record as JSON. Exit 0 with the record on stdout; exit 2 with a one-line
//! error on stderr and nothing on stdout for a broken case.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(path), None) = (args.next(), args.next()) else {
        eprintln!("usage: adjudicate CASE.json");
        return ExitCode::from(2);
    };
    let shown = path.to_string_lossy().into_owned();
    let result = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read: {e}"))
        .and_then(|text| adjudicate::run(&text))
        .map(|record| record.to_pretty_json());
    match result {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{shown}: {}", e.replace('\n', " "));
            ExitCode::from(2)
        }
    }
}
