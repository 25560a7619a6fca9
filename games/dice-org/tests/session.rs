//! Dice ORG through the engine contract (`console_core::Session`), over
//! random seasons: a preview is what the commit then reports, undo gives
//! the entry back and leaves the season as it was, and the voters owed
//! are exactly those without a ballot.

mod common;

use common::{Noise, next_entry, setup_input};
use console_core::Session;
use dice_org::vote::VoteInput;
use dice_org::{Entry, Needs, Season};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn preview_commit_undo(seed in any::<u64>(), words in prop::collection::vec(any::<u32>(), 64)) {
        let mut noise = Noise::new(words);
        let mut season = Season::new(setup_input(seed, &mut noise)).expect("a valid setup");
        for _ in 0..60 {
            let Some(e) = next_entry(&season, &mut noise) else { break };
            if let Needs::Vote { voters, .. } = season.needs() {
                let mut none = VoteInput::default();
                prop_assert_eq!(season.owed(&Entry::Vote(none.clone())), voters.clone());
                if let Entry::Vote(v) = &e {
                    none.votes = v.votes.clone();
                    let owed = season.owed(&Entry::Vote(none));
                    prop_assert!(owed.iter().all(|n| !v.votes.contains_key(n)));
                    prop_assert!(voters.iter().all(|n| v.votes.contains_key(n) || owed.contains(n)));
                }
            }
            let before = season.clone();
            match season.preview(&e) {
                Ok(report) => {
                    prop_assert_eq!(season.commit(e.clone()).unwrap(), report);
                    prop_assert_eq!(season.progress(), before.progress() + 1);
                    let mut back = season.clone();
                    prop_assert_eq!(Session::undo(&mut back), Some(e));
                    prop_assert_eq!(&back, &before);
                }
                Err(_) => {
                    prop_assert!(season.commit(e).is_err());
                    prop_assert_eq!(&season, &before);
                }
            }
        }
        if season.is_over() {
            prop_assert!(season.owed(&Entry::Vote(VoteInput::default())).is_empty());
            prop_assert!(season.status().starts_with("over: "));
        } else {
            prop_assert!(season.status().starts_with("round ") || season.status() == "the final next");
        }
    }
}
