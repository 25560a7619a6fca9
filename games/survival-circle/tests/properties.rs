//! Properties over random games and random endgame positions, for every
//! combination of the options (C5.3, C6.2).

use proptest::prelude::*;
use survival_circle::ai::{Limits, SCALE, Searcher, never};
use survival_circle::{
    Board, Hand, Hands, LandedOn, Last, OpponentLanding, Options, OwnLanding, Player, Position,
    State, Value,
};

fn options(i: u8) -> Options {
    Options {
        own_landing: if i & 1 == 0 {
            OwnLanding::Discard
        } else {
            OwnLanding::Place
        },
        opponent_landing: if i & 2 == 0 {
            OpponentLanding::Discard
        } else {
            OpponentLanding::ReplaceSingle
        },
    }
}

/// Plays a game from the start, choosing each value with `picks` (index
/// into the legal values), at most `turns` turns.
fn play(opts: Options, picks: &[u8], turns: usize) -> (State, Vec<State>, Vec<Value>) {
    let mut s = State::new(opts);
    let mut states = vec![s];
    let mut values = Vec::new();
    for k in 0..turns {
        if s.is_terminal() {
            break;
        }
        let legal: Vec<Value> = s.legal_values().iter().collect();
        let v = legal[usize::from(picks[k % picks.len()]) % legal.len()];
        s.apply(v);
        states.push(s);
        values.push(v);
    }
    (s, states, values)
}

/// Plain negamax over the public state (apply/undo): the final score
/// difference, from the side of the player to move, with best play.
fn minimax(s: &mut State) -> i32 {
    if s.is_terminal() {
        let sc = s.score();
        let d = i32::from(sc.blue) - i32::from(sc.red);
        return if s.to_move() == Player::Blue { d } else { -d };
    }
    let me = s.to_move();
    let mut best = i32::MIN;
    for v in s.legal_values().iter() {
        let u = s.apply(v);
        let child = minimax(s);
        let value = if s.to_move() == me { child } else { -child };
        s.undo(u);
        best = best.max(value);
    }
    best
}

/// A random position with at most `max_hand` tokens in each hand (so at
/// most `2 * max_hand` turns left).
fn endgame(max_hand: u8) -> impl Strategy<Value = State> {
    (
        prop::collection::vec(0u8..3, 16),
        prop::collection::vec(0u8..8, 0..=usize::from(max_hand)),
        prop::collection::vec(0u8..8, 0..=usize::from(max_hand)),
        0u8..16,
        1u8..=8,
        any::<bool>(),
        0u8..4,
    )
        .prop_map(|(cells, blue, red, cell, value, red_moves, o)| {
            let board: String = cells
                .iter()
                .map(|c| ['.', 'B', 'R'][usize::from(*c)])
                .collect();
            let hand = |vals: &[u8]| {
                let mut counts = [0u64; 8];
                for v in vals {
                    counts[usize::from(*v)] += 1;
                }
                Hand::new(&counts).unwrap()
            };
            State::from_position(&Position {
                options: options(o),
                board: Board::parse(&board).unwrap(),
                hands: Hands {
                    blue: hand(&blue),
                    red: hand(&red),
                },
                to_move: if red_moves { Player::Red } else { Player::Blue },
                last: Some(Last {
                    cell: survival_circle::Cell::new(cell).unwrap(),
                    value: Value::new(value).unwrap(),
                }),
            })
            .unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// apply then undo gives back exactly the state before, at every turn
    /// of random games (all options).
    #[test]
    fn apply_then_undo_restores(o in 0u8..4, picks in prop::collection::vec(any::<u8>(), 1..40), turns in 0usize..=96) {
        let (_, states, values) = play(options(o), &picks, turns);
        for (before, v) in states.iter().zip(&values) {
            let mut s = *before;
            let u = s.apply(*v);
            prop_assert_ne!(s, *before);
            s.undo(u);
            prop_assert_eq!(s, *before);
        }
        // And undoing the whole game in reverse order.
        let mut s = *states.last().unwrap();
        let mut undos = Vec::new();
        let mut t = states[0];
        for v in &values {
            undos.push(t.apply(*v));
        }
        prop_assert_eq!(t, s);
        for u in undos.into_iter().rev() {
            s.undo(u);
        }
        prop_assert_eq!(s, states[0]);
    }

    /// No count goes negative and every token is accounted for: on the
    /// board, in hand, or removed from the game (each removal read from
    /// the move reports: removed cells of that colour, plus the played
    /// token when it did not stay), 48 per colour (C1.2); the turns add up
    /// to 96 (C2.2).
    #[test]
    fn tokens_are_accounted_for(o in 0u8..4, picks in prop::collection::vec(any::<u8>(), 1..40)) {
        let mut s = State::new(options(o));
        let mut removed = [0u32; 2];
        let mut turns = 0u32;
        while !s.is_terminal() {
            let legal: Vec<Value> = s.legal_values().iter().collect();
            let v = legal[usize::from(picks[turns as usize % picks.len()]) % legal.len()];
            let board = s.board();
            let r = s.apply(v).report();
            turns += 1;
            prop_assert_eq!(u32::from(r.turn), turns);
            for c in r.removed.iter() {
                let owner = board.at(c).expect("a removed cell held a token");
                removed[owner.index()] += 1;
            }
            if r.placed.is_none() {
                removed[r.player.index()] += 1;
            }
            // What each landing did, checked against the board before.
            match r.landed_on {
                LandedOn::Empty => prop_assert_eq!(board.at(r.cell), None),
                LandedOn::Own => prop_assert_eq!(board.at(r.cell), Some(r.player)),
                LandedOn::Opponent => prop_assert_eq!(board.at(r.cell), Some(r.player.other())),
            }
            for p in Player::ALL {
                let on_board = u32::from(s.board().count(p));
                let in_hand = u32::from(s.hand(p).total());
                prop_assert_eq!(on_board + in_hand + removed[p.index()], 48);
            }
            prop_assert_eq!(u32::from(s.turns_played()), turns);
        }
        prop_assert_eq!(turns, 96);
        prop_assert!(s.returns()[0] + s.returns()[1] == 0.0);
    }

    /// The solver's value equals plain minimax on random endgames of up to
    /// 12 turns; its move is a best move; the final scores it reports are
    /// those of a line with that value; every value's hint is exact.
    #[test]
    fn solver_equals_minimax(s in endgame(6)) {
        let mut m = s;
        let exact = minimax(&mut m);
        prop_assert_eq!(m, s);
        let mut searcher = Searcher::new(1 << 20);
        let r = searcher.search(&s, Limits::NONE, &mut never, &mut |_| {});
        prop_assert!(r.solved.is_some(), "not solved: {:?}", r);
        prop_assert_eq!(r.score, exact * SCALE, "{}", s.code());
        let solved = r.solved.unwrap();
        let d = i32::from(solved.blue) - i32::from(solved.red);
        let mover_d = if s.to_move() == Player::Blue { d } else { -d };
        prop_assert_eq!(mover_d, exact, "{}", s.code());
        // The reported line is legal and reaches those scores.
        let mut t = s;
        for v in &r.line {
            t.play(*v).unwrap();
        }
        prop_assert!(t.is_terminal());
        prop_assert_eq!(t.score(), solved);
        if let Some(best) = r.best {
            let mut t = s;
            let me = t.to_move();
            t.apply(best);
            let child = minimax(&mut t);
            prop_assert_eq!(if t.to_move() == me { child } else { -child }, exact);
            // The hint: every legal value with its exact value.
            for e in searcher.analyse(&s, Limits::NONE, &mut never, &mut |_| {}) {
                let mut t = s;
                t.apply(e.value);
                let child = minimax(&mut t);
                let value = if t.to_move() == me { child } else { -child };
                prop_assert!(e.exact);
                prop_assert_eq!(e.score, value * SCALE, "{} value {}", s.code(), e.value);
            }
        } else {
            prop_assert!(s.is_terminal());
        }
    }

    /// A position code reads back as the same state.
    #[test]
    fn codes_round_trip(s in endgame(8)) {
        prop_assert_eq!(State::from_code(&s.code()).unwrap(), s);
        prop_assert_eq!(State::from_position(&s.position()).unwrap(), s);
    }
}

/// Endgames from real games (not random boards): the solver against
/// minimax from 12 turns before the end, all options.
#[test]
fn solver_equals_minimax_in_played_games() {
    for seed in 0..24u8 {
        let picks: Vec<u8> = (0..50)
            .map(|i: u8| seed.wrapping_mul(31).wrapping_add(i.wrapping_mul(7)))
            .collect();
        let (s, _, _) = play(options(seed % 4), &picks, 84);
        assert_eq!(s.turns_left(), 12);
        let mut m = s;
        let exact = minimax(&mut m);
        let mut searcher = Searcher::new(1 << 20);
        let r = searcher.search(&s, Limits::NONE, &mut never, &mut |_| {});
        assert_eq!(r.score, exact * SCALE, "{}", s.code());
        assert!(r.solved.is_some());
    }
}

/// A search stopped by its budget still answers with a legal move, and says
/// it has not proved the result.
#[test]
fn a_budget_stops_the_search() {
    let s = State::new(Options::default());
    let mut searcher = Searcher::new(1 << 20);
    let r = searcher.search(&s, Limits::nodes(5_000), &mut never, &mut |_| {});
    assert!(s.is_legal(r.best.unwrap()));
    assert!(r.solved.is_none());
    assert!(r.nodes < 5_000 + 2_048, "{}", r.nodes);
    // The callback stops it too, and progress is reported per depth.
    let mut depths = Vec::new();
    let mut calls = 0;
    let r = searcher.search(
        &s,
        Limits::NONE,
        &mut |_| {
            calls += 1;
            calls > 20
        },
        &mut |p| depths.push(p.depth),
    );
    assert!(s.is_legal(r.best.unwrap()));
    assert!(!depths.is_empty());
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
}

/// A game mode from a number.
fn mode(i: u8) -> survival_circle::Mode {
    use survival_circle::ai::Level;
    let levels = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Strongest,
    ];
    match i % 12 {
        0 => survival_circle::Mode::HotSeat,
        1 => survival_circle::Mode::Forum,
        k => survival_circle::Mode::VsAi {
            ai: if k % 2 == 0 {
                Player::Blue
            } else {
                Player::Red
            },
            level: levels[usize::from(k - 2) / 2],
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A random game (random options, mode, names and seed, started from a
    /// random position, random moves, some undone to redo), its file
    /// written and read back through serde (`SaveFile`): the same file,
    /// the same text, the same game.
    #[test]
    fn save_files_round_trip(
        opts in 0u8..4,
        m: u8,
        seed: u64,
        names in prop::collection::vec("\\PC{0,20}", 3),
        before in prop::collection::vec(any::<u8>(), 1..8),
        lead in 0usize..20,
        picks in prop::collection::vec(any::<u8>(), 1..8),
        turns in 0usize..97,
        undo in 0usize..4,
    ) {
        use console_core::SaveFile;
        use survival_circle::save::GameFile;
        use survival_circle::{Game, Players};
        let (start, _, _) = play(options(opts), &before, lead);
        let players = Players { blue: names[0].clone(), red: names[1].clone() };
        let mut game = Game::from_start(start, players, mode(m), seed);
        game.name.clone_from(&names[2]);
        for k in 0..turns {
            if game.state().is_terminal() {
                break;
            }
            let legal: Vec<Value> = game.state().legal_values().iter().collect();
            game.play(legal[usize::from(picks[k % picks.len()]) % legal.len()]).unwrap();
        }
        for _ in 0..undo {
            game.undo();
        }
        let file = GameFile::of(&game);
        let json = file.to_json();
        let (back, loaded) = GameFile::parse(&json).expect("a written file loads");
        prop_assert_eq!(&loaded, &game);
        prop_assert_eq!(back.to_json(), json);
        prop_assert_eq!(back, file);
    }
}

proptest! {
    /// Through the engine contract (`console_core::Session`): a preview is
    /// what the commit reports, the player to move is owed until the end,
    /// and undo gives the values back, last first.
    #[test]
    fn games_as_sessions(picks in prop::collection::vec(any::<u8>(), 96)) {
        use console_core::Session;
        use survival_circle::{Game, Mode, Players};
        let mut g = Game::new(Options::default(), Players::default(), Mode::HotSeat, 7);
        let mut played = Vec::new();
        for p in picks {
            if g.is_over() {
                break;
            }
            let legal: Vec<Value> = g.state().legal_values().iter().collect();
            let v = legal[usize::from(p) % legal.len()];
            prop_assert_eq!(g.owed(&v), vec![g.state().to_move()]);
            let preview = g.preview(&v).unwrap();
            prop_assert_eq!(g.commit(v).unwrap(), preview);
            played.push(v);
        }
        prop_assert_eq!(g.progress(), played.len());
        if g.is_over() {
            prop_assert!(g.status().starts_with("over: "));
            prop_assert!(g.owed(&played[0]).is_empty());
        }
        while let Some(v) = played.pop() {
            prop_assert_eq!(Session::undo(&mut g), Some(v));
        }
        prop_assert_eq!(g.progress(), 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// The engine contract (`console_core::contract`) along a random game:
    /// random options, mode and names, started from a random position,
    /// some moves played and some undone to redo (C8), maybe a side
    /// replaced (C9.4) or a forfeit (C9.1) before the moves checked; then
    /// random legal moves to the end through `Session`, one more value
    /// after it (refused once the game is over), and the game's file
    /// written and read back. Undo keeps the moves taken back to redo, so
    /// rules 3 and 5 compare by `Session::same_play`, which leaves them
    /// out (the checker's own rule).
    #[test]
    fn contract_holds_on_random_games(
        opts in 0u8..4,
        m: u8,
        seed: u64,
        names in prop::collection::vec("[A-Z][a-z]{1,8}", 3),
        before in prop::collection::vec(any::<u8>(), 1..8),
        lead in 0usize..20,
        first in 0usize..20,
        undo in 0usize..4,
        event in 0u8..6,
        picks in prop::collection::vec(any::<u8>(), 1..16),
        extra in 1u8..=8,
    ) {
        use console_core::contract::{check_play, check_save};
        use console_core::events::RemovalReason;
        use survival_circle::save::GameFile;
        use survival_circle::{Forfeit, Game, Players};
        let pick = |g: &Game, k: usize| {
            let legal: Vec<Value> = g.state().legal_values().iter().collect();
            legal[usize::from(picks[k % picks.len()]) % legal.len()]
        };
        let (start, _, _) = play(options(opts), &before, lead);
        let players = Players { blue: names[0].clone(), red: names[1].clone() };
        let mut game = Game::from_start(start, players, mode(m), seed);
        for k in 0..first {
            if game.is_over() {
                break;
            }
            game.play(pick(&game, k)).unwrap();
        }
        for _ in 0..undo {
            game.undo();
        }
        match event {
            0 => {
                // A name already in the game is refused; the game is then unchanged.
                let _ = game.replace(Player::Red, &names[2]);
            }
            1 if !game.is_over() => game
                .forfeit_game(Forfeit { by: Player::Blue, reason: RemovalReason::Quit, note: String::new(), scored: false })
                .unwrap(),
            _ => {}
        }
        let mut inputs = Vec::new();
        // The moves are drawn as if the game went on after a forfeit, so
        // the first one checks that preview and commit both refuse it.
        let mut live = game.without_redo();
        live.undo_event();
        for k in 0..96 {
            if live.state().is_terminal() {
                break;
            }
            let v = pick(&live, first + k);
            live.play(v).ok();
            inputs.push(v);
        }
        inputs.push(Value::new(extra).unwrap());
        let end = check_play(game, &inputs).map_err(TestCaseError::fail)?;
        check_save(&GameFile::of(&end), &end).map_err(TestCaseError::fail)?;
    }
}
