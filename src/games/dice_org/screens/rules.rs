//! The rules in short: every D rule of `games/dice-org/RULES.md` (D1-D11)
//! in one line (the full text would cost the page's first load more than it
//! may spend), and the options of the open season.

use super::super::state::Ctx;
use leptos::prelude::*;

/// (section, [(rule, summary)]).
const RULES: &[(&str, &[(&str, &str)])] = &[
    (
        "D1 Setup",
        &[
            (
                "D1.1",
                "4 to 40 players in 1 to 4 teams, assigned by the producers or dealt at random into sizes that differ by at most one.",
            ),
            (
                "D1.2",
                "Secret attributes [Competition, Survival], each 3d6, rolled in roster order.",
            ),
            (
                "D1.3",
                "Everyone starts with 0 RP, 0 depletion counters, no advantage; each pool starts at 7 per member.",
            ),
            (
                "D1.4",
                "Every die comes from the season's seeded generator and is logged; the season replays exactly from seed and inputs.",
            ),
        ],
    ),
    (
        "D2 Rolls",
        &[
            (
                "D2.1",
                "Counter penalties by level, cumulative: 1 stats; 2 rolls; 3 outcomes; 4 stats+rolls; 5 outcomes+stats; 6 rolls+outcomes; 7 all; past 7 as level 7 again.",
            ),
            (
                "D2.2",
                "raw = 3d6; roll = max(1, raw + blind − roll penalty); cap = max(1, attribute − stat penalty); result = max(0, min(roll, cap) − outcome penalty + informed).",
            ),
            (
                "D2.3",
                "One RP boost per roll: 1 RP for +2 or 3 RP for +7, only with RP held; a deduction's RP is paid at once.",
            ),
            (
                "D2.4",
                "Bonus, attribute and lot rolls are plain 3d6, without penalties.",
            ),
        ],
    ),
    (
        "D3 Rounds",
        &[
            (
                "D3.1",
                "A round runs Competition, Camp, Conversation, Vote; production may come between any two.",
            ),
            ("D3.2", "Only living players take part."),
        ],
    ),
    (
        "D4 Competition",
        &[
            ("D4.1", "Before rolling: deduct 3 for 1 RP, and one boost."),
            (
                "D4.2",
                "Teams: the mean (option: sum) of members' results; the highest wins the reward, all but the lowest are immune, the lowest votes.",
            ),
            (
                "D4.3",
                "One team: the highest player wins immunity and the reward.",
            ),
            (
                "D4.4",
                "Ties that matter are re-rolled without options; after 10 re-rolls, a lot.",
            ),
            ("D4.5", "The reward: 1 RP (option) to each winner."),
            ("D4.6", "Every participant then gets a depletion counter."),
        ],
    ),
    (
        "D5 Camp",
        &[
            (
                "D5.1",
                "With at least 5 (option) per member in the pool, that is eaten and every member loses a counter; otherwise nothing.",
            ),
            (
                "D5.2",
                "Each member's survival roll goes to the pool; before rolling, −3 for a bonus roll; after, −5 for 1 RP and/or 1 RP for a bonus roll.",
            ),
            ("D5.3", "At most two bonus rolls per player per camp."),
            (
                "D5.4",
                "Bonus rolls in roster order; the first 12 finds the first advantage waiting at the camp, one per camp.",
            ),
        ],
    ),
    (
        "D6 Conversation",
        &[
            (
                "D6.1",
                "Each player gives whom they are not open to and a ranked list of whom they want.",
            ),
            (
                "D6.2",
                "A pair talks if both are open and one ranked the other; priority = the two ranks, unranked counting as the number living.",
            ),
            (
                "D6.3",
                "Pairs by priority then names fill slot after slot, each player once a slot, each pair once a round.",
            ),
            (
                "D6.4",
                "Wishes may change between slots; later slots are planned again.",
            ),
        ],
    ),
    (
        "D7 Vote",
        &[
            (
                "D7.1",
                "The losing team votes (everyone with one team); candidates are the voters not immune; immunity lasts to the end of the next vote.",
            ),
            (
                "D7.2",
                "Hidden Immunity (before or after the votes, on any voter) and Extra Vote (before); none in tie breaking.",
            ),
            ("D7.3", "One secret vote each for a candidate."),
            ("D7.4", "The most counted votes is out."),
            (
                "D7.5",
                "A tie: a revote among the tied, who do not vote; still tied: survival roll-off (option: rocks).",
            ),
            (
                "D7.6",
                "The votes are read shuffled with the deciding vote last; who cast them is never shown.",
            ),
        ],
    ),
    (
        "D8 Jury and final",
        &[
            (
                "D8.1",
                "Jury size odd and not divisible by 3 (default 7): with three left, the last J out.",
            ),
            (
                "D8.2",
                "Each juror votes for a finalist; on a tie, jurors who voted outside it vote again; then a lot.",
            ),
        ],
    ),
    (
        "D9 Production",
        &[
            (
                "D9.1",
                "Producers may change attributes, RP, counters, pools, advantages, immunity, teams (merge), players and options at any time.",
            ),
            (
                "D9.2",
                "Every change is logged with a note and can be undone.",
            ),
        ],
    ),
    (
        "D10 What is public",
        &[
            (
                "D10.1",
                "Public: pools, immunity, competition results, consumption, votes as read, who is out, the jury, the final counts.",
            ),
            (
                "D10.2",
                "Private to the player: attributes, gathering result, RP, counters, advantages, bonus rolls.",
            ),
            (
                "D10.3",
                "Never public: attributes, who voted for whom, unplayed advantages, the seed before the end.",
            ),
            (
                "D10.4",
                "Posts in BBCode, Discord (2,000 per message) or plain text.",
            ),
        ],
    ),
    (
        "D11 Dice order and lots",
        &[
            (
                "D11.1",
                "Dice order: attributes; competitors by team then roster; camps team by team, gathering then bonus rolls; roll-offs by name; lots.",
            ),
            (
                "D11.2",
                "Roster order is the order entered; team order the order created.",
            ),
            (
                "D11.3",
                "A lot: each rolls 3d6 in name order, the highest is chosen, ties roll again.",
            ),
        ],
    ),
];

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <section class="rules">
            <h2>"The rules in short"</h2>
            {move || ctx.with(|s| {
                let o = s.state().options;
                view! {
                    <aside class="options" aria-label="Options of this season">
                        <h2>"Options of this season"</h2>
                        <p>{o.to_string()}</p>
                    </aside>
                }
            })}
            {RULES.iter().map(|(section, rules)| view! {
                <h3>{*section}</h3>
                <dl>{rules.iter().map(|(r, t)| view! { <dt id=*r>{*r}</dt><dd>{*t}</dd> }).collect_view()}</dl>
            }).collect_view()}
        </section>
    }
}
