//! The web page reads season files with a hand-written reader
//! (`save_read`) and writes them with a hand-written writer (`save_write`);
//! the reader must accept and refuse what serde's derives do and read the
//! same season, the writer write the same text: checked on the version-1 fixture (with every kind
//! of production change, every draft, entered attributes and assigned
//! teams added) with every member removed, replaced by a value of each
//! JSON type, and every object given an unknown member.

use dice_org::save::SeasonFile;
use dice_org::save_read::season_file;
use dice_org::save_write::season_json;
use serde_json::{Value, json};

fn bases() -> Vec<Value> {
    let mut v: Value =
        serde_json::from_str(include_str!("fixtures/season-v1.json")).expect("the fixture");
    let every_change = json!({"edit": {"note": "every kind", "changes": [
        {"player": {"name": "Ann", "team": "Koru", "competition": 7, "survival": 9, "rp": 2,
                    "counters": 1, "advantages": ["Hidden Immunity", "Coin"], "immune": true}},
        {"pool": {"team": "Koru", "pool": 12}},
        {"camp_advantages": {"team": "Mana", "cards": ["Extra Vote"]}},
        {"add_team": {"name": "Tipua"}},
        {"rename_team": {"from": "Tipua", "to": "Atua"}},
        {"merge": {"name": "Moana"}},
        {"quit": {"player": "Eve"}},
        {"options": {"team_score": "mean", "reward_rp": 2, "food_per_player": 4,
                     "conversation_slots": 2, "deadlock": "survival_roll", "jury_size": 7}}
    ]}});
    // The first entry of each kind (and the final) are enough: the others
    // repeat them.
    let entries = v["entries"].as_array_mut().expect("entries");
    let last = entries.pop().expect("the final");
    entries.truncate(7);
    entries.push(last);
    entries.push(json!({"entry": every_change}));
    entries.push(json!({"entry": {"vote": {
        "advantages": [{"player": "Ann", "card": "Hidden Immunity", "on": "Bob", "when": "after"}],
        "votes": {"Ann": ["Bob", "Cid"], "Bob": "Ann"}, "revote": {}}}}));
    v["drafts"] = json!({
        "competition": {"Ann": {"deduct": true, "boost": 2}, "Bob": {}},
        "camp": {"Ann": {"deduct_for_bonus": true, "boost": 7, "deduct_for_rp": false, "rp_for_bonus": true}},
        "conversation": {"prefs": {"Ann": {"closed": ["Bob"], "ranks": ["Cid", "Dee"]}}, "held": [["Ann", "Cid"]], "slots": 2},
        "vote": {"votes": {"Ann": "Bob"}},
        "final_vote": {"votes": {"Ann": "Bob"}, "revote": {"Cid": "Bob"}},
        "edit": {"note": "half done", "changes": [{"quit": {"player": "Fay"}}]}
    });
    let mut entered = v.clone();
    entered["setup"]["attributes"] = json!({"entered": [
        {"competition": 7, "survival": 9}, {"competition": 10, "survival": 11}]});
    entered["setup"]["assignment"] = json!({"assigned": ["Koru", "Mana"]});
    entered["setup"]["seed"] = json!(18_446_744_073_709_551_615u64);
    vec![v, entered]
}

/// Every path to a member or list item.
fn paths(v: &Value, at: Vec<Value>, out: &mut Vec<Vec<Value>>) {
    let mut step = |k: Value, x: &Value| {
        let mut p = at.clone();
        p.push(k);
        out.push(p.clone());
        paths(x, p, out);
    };
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| step(json!(k), x)),
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| step(json!(i), x)),
        _ => {}
    }
}

fn child<'a>(v: &'a mut Value, step: &Value) -> &'a mut Value {
    match step {
        Value::String(k) => &mut v[k.as_str()],
        n => &mut v[n.as_u64().expect("an index") as usize],
    }
}

/// The value at `path`'s parent.
fn parent<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path[..path.len() - 1].iter().fold(v, child)
}

#[test]
fn the_pages_reader_agrees_with_the_serde_derives() {
    let replacements = [
        json!(null),
        json!(7),
        json!(-3),
        json!(300),
        json!(2.5),
        json!("x"),
        json!("rolled"),
        json!(true),
        json!([]),
        json!({}),
        json!(["Ann", "Bob"]),
        json!({"Ann": "Bob"}),
        json!("quote \" back\\slash \n\t\u{1} \u{7f} é 🙂 </script>"),
    ];
    // (file, whether the reader may refuse what serde reads: serde reads a
    // struct from a list of its members in order, which no file written by
    // the page has; the reader wants objects.)
    let mut variants = Vec::new();
    for base in bases() {
        let mut all = Vec::new();
        paths(&base, Vec::new(), &mut all);
        variants.push((base.clone(), false));
        for p in &all {
            let last = p.last().expect("a step").clone();
            let mut v = base.clone();
            match (parent(&mut v, p), &last) {
                (Value::Object(m), Value::String(k)) => {
                    m.remove(k);
                }
                (Value::Array(a), n) => {
                    a.remove(n.as_u64().expect("an index") as usize);
                }
                _ => unreachable!(),
            }
            variants.push((v, false));
            for r in &replacements {
                let mut v = base.clone();
                let target = child(parent(&mut v, p), &last);
                let was_object = target.is_object();
                *target = r.clone();
                variants.push((v, was_object && r.is_array()));
            }
            let mut v = base.clone();
            if let Value::Object(m) = child(parent(&mut v, p), &last) {
                m.insert("surprise".into(), json!(1));
                variants.push((v, false));
            }
        }
    }
    assert!(variants.len() > 3000, "{} variants", variants.len());
    let (mut same, mut refused) = (0, 0);
    for (v, stricter) in variants {
        let derived = serde_json::from_value::<SeasonFile>(v.clone());
        let read = season_file(&v);
        match (&derived, &read) {
            (Ok(d), Ok(r)) => {
                assert_eq!(d, r, "{v}");
                assert_eq!(
                    season_json(d),
                    serde_json::to_string(d).unwrap(),
                    "the page writes what serde writes"
                );
                same += 1;
            }
            (Ok(_), Err(_)) if stricter => {}
            (Ok(_), Err(e)) => panic!("refused by the page's reader ({e}): {v}"),
            (Err(e), Ok(_)) => panic!("accepted by the page's reader, refused by serde ({e}): {v}"),
            (Err(_), Err(_)) => refused += 1,
        }
    }
    assert!(
        same > 1000 && refused > 1000,
        "{same} read alike, {refused} refused by both"
    );
}

#[test]
fn errors_name_the_member() {
    let mut v = bases().remove(0);
    v["entries"][6]["entry"]["vote"]["votes"]["Ann"] = json!(7);
    let e = season_file(&v).unwrap_err();
    assert_eq!(
        e,
        "file.entries[6].entry.vote.votes.Ann: a ballot is a name or a list of names"
    );
    let mut v = bases().remove(0);
    v["setup"]["options"]["jury_size"] = json!(3);
    assert!(
        season_file(&v)
            .unwrap_err()
            .starts_with("file.setup.options.jury_size: jury size 3 is not allowed"),
    );
}
