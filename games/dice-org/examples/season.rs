//! A season driven through the API the app uses: setup, the round wizard,
//! posts, private messages, the producers' log, the board, odds and the
//! save file. `cargo run -p dice-org --example season`

use console_core::SaveFile;
use console_core::commitment::Salt;
use dice_org::ByName;
use dice_org::camp::{CampChoice, CampInput};
use dice_org::competition::{CompetitionChoice, CompetitionInput};
use dice_org::conversation::Prefs;
use dice_org::post::{Format, private_message, private_messages, public_post, setup_messages};
use dice_org::save::{Drafts, SeasonFile};
use dice_org::vote::{Ballot, VoteInput};
use dice_org::{
    AttributeSource, Boost, Entry, Needs, Options, RollKind, RollOptions, Season, SetupInput,
    TeamSource,
};

fn main() {
    let mut season = Season::new(SetupInput {
        players: ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
            .map(String::from)
            .to_vec(),
        teams: vec!["Koru".into(), "Mana".into()],
        attributes: AttributeSource::Rolled,
        assignment: TeamSource::Dealt,
        options: Options::default(),
        seed: 20_261_122,
        salt: Salt([7; 32]),
    })
    .expect("a valid setup");
    println!("commitment {}", season.commitment());
    for m in setup_messages(&season).iter().take(2) {
        println!("{}", private_message(m, Format::Plain, None));
    }
    // Round 1, phase by phase, as the wizard asks.
    let Needs::Competition { participants, .. } = season.needs() else {
        unreachable!()
    };
    let mut choices = ByName::new();
    choices.insert(
        participants[0].name.clone(),
        CompetitionChoice {
            deduct: true,
            boost: Some(Boost::Two),
            ..Default::default()
        },
    );
    season
        .play(Entry::Competition(CompetitionInput { choices }))
        .unwrap();
    let odds = season
        .odds_for("Ann", RollKind::Survival, RollOptions::default())
        .unwrap();
    println!("Ann's survival odds out of 216: {:?}", odds.counts);
    let mut camp = ByName::new();
    camp.insert(
        "Bob".to_string(),
        CampChoice {
            deduct_for_bonus: true,
            ..Default::default()
        },
    );
    season
        .play(Entry::Camp(CampInput { choices: camp }))
        .unwrap();
    let mut prefs = ByName::new();
    prefs.insert(
        "Ann".to_string(),
        Prefs {
            closed: vec![],
            ranks: vec!["Bob".into(), "Cid".into()],
            ..Default::default()
        },
    );
    prefs.insert(
        "Dee".to_string(),
        Prefs {
            closed: vec!["Ann".into()],
            ranks: vec!["Eve".into()],
            ..Default::default()
        },
    );
    println!(
        "plan: {:?}",
        season.plan_conversations(prefs.clone()).unwrap().len()
    );
    season
        .play(Entry::Conversation(season.conversation_input(prefs, None)))
        .unwrap();
    let Needs::Vote {
        voters, candidates, ..
    } = season.needs()
    else {
        unreachable!()
    };
    let votes: ByName<Ballot> = voters
        .iter()
        .enumerate()
        .map(|(i, v)| {
            (
                v.clone(),
                Ballot::One(candidates[i % 2.min(candidates.len())].clone()),
            )
        })
        .collect();
    season
        .play(Entry::Vote(VoteInput {
            votes,
            ..Default::default()
        }))
        .unwrap();
    for i in 0..season.played().len() {
        println!("==== entry {i}: {}", season.played()[i].entry.kind());
        for line in season.explain(i) {
            println!("  {line}");
        }
        if let Some(post) = public_post(&season, i, Format::Markdown) {
            println!("{}", post.join("\n---\n"));
        }
        for m in private_messages(&season, i).iter().take(1) {
            println!("{}", private_message(m, Format::BBCode, None));
        }
    }
    println!("{}", serde_json::to_string(&season.board(true)).unwrap());
    println!("dice drawn: {}", season.dice_log().len());
    let file = SeasonFile::of("Example", &season, Drafts::default()).to_json();
    let (_, loaded) = SeasonFile::parse(&file).unwrap();
    assert_eq!(loaded, season);
    season.undo();
    println!("after undo the wizard asks for {:?}", season.next_phase());
}
