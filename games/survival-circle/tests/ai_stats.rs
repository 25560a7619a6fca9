//! What the AI says about its move: the position the figures describe
//! (never a move taken back), a stopped search's figures ("Move now"), and
//! words that are true for every level.

use console_core::rng::GameRng;
use survival_circle::ai::{Level, Limits, Method, Searcher, never};
use survival_circle::{Game, Mode, Options, Player, Players, State, Value};

fn v(n: u8) -> Value {
    Value::new(n).unwrap()
}

fn vs_ai(level: Level) -> Game {
    let mut g = Game::new(
        Options::default(),
        Players::default(),
        Mode::VsAi {
            ai: Player::Red,
            level,
        },
        7,
    );
    g.play(v(5)).unwrap();
    g
}

#[test]
fn levels_that_do_not_search_say_so() {
    for (level, depth, noise) in [(Level::Beginner, 1, "1.5"), (Level::Easy, 2, "0.8")] {
        let g = vs_ai(level);
        let mut searcher = Searcher::new(1 << 20);
        let r = searcher.choose(
            g.state(),
            level,
            &mut g.ai_rng(),
            Limits::NONE,
            &mut never,
            &mut |_| {},
        );
        assert_eq!(r.method, Method::Scored { level });
        assert_eq!(r.depth, depth);
        assert_eq!(r.state, *g.state());
        // The positions it looked at are counted: 8 values, each 1 turn
        // ahead (one position each) or 2 (up to 8 more each).
        assert!(r.nodes >= 8, "{}", r.nodes);
        let text = r.text(Some(12.0));
        let ahead = if depth == 1 { "1 turn" } else { "2 turns" };
        assert!(
            text.starts_with(&format!(
                "The AI's move at turn 2, R{}: {} scored each of its 8 values {ahead} ahead (no deeper search) and added noise of up to {noise} tokens; ",
                r.best.unwrap(),
                level.label()
            )),
            "{text}"
        );
        assert!(!text.contains("deep,"), "{text}");
        assert!(!text.contains(" 0 nodes"), "{text}");
    }
}

#[test]
fn a_search_says_how_deep_and_a_solve_says_the_result() {
    let g = vs_ai(Level::Strongest);
    let mut searcher = Searcher::new(1 << 20);
    let r = searcher.search(g.state(), Limits::depth(1), &mut never, &mut |_| {});
    assert_eq!(r.method, Method::Search);
    let text = r.text(None);
    assert!(text.contains(": searched 1 turn deep, "), "{text}");
    // Near the end the search proves the result.
    let mut s = State::new(Options::default());
    let mut rng = GameRng::stream(3, 0);
    while s.turns_left() > 6 {
        let legal: Vec<Value> = s.legal_values().iter().collect();
        s.apply(legal[rng.below(legal.len())]);
    }
    let r = searcher.search(&s, Limits::NONE, &mut never, &mut |_| {});
    let solved = r.solved.unwrap();
    let text = r.text(Some(1.0));
    assert!(
        text.contains("solved to the end of the game (6 turns), "),
        "{text}"
    );
    assert!(
        text.ends_with(&format!(
            ": Blue {}, Red {} with best play.",
            solved.blue, solved.red
        )),
        "{text}"
    );
}

/// After Undo and "Move now", the figures of the move taken back no longer
/// describe the game; those of the stopped search do.
#[test]
fn figures_belong_to_the_move_they_describe() {
    let mut g = vs_ai(Level::Strongest);
    let mut searcher = Searcher::new(1 << 20);
    let mut last = None;
    let r = searcher.search(g.state(), Limits::depth(4), &mut never, &mut |p| {
        last = Some(p.clone())
    });
    assert!(!r.describes(&g), "not played yet");
    g.play(r.best.unwrap()).unwrap();
    assert!(r.describes(&g));
    g.play(v(1)).unwrap();
    assert!(r.describes(&g), "a later move keeps it");
    g.undo();
    g.undo();
    assert!(!r.describes(&g), "taken back");
    // The AI is asked again and stopped: the best of its last depth.
    let stopped = survival_circle::ai::SearchResult::from_progress(g.state(), &last.unwrap());
    assert_eq!(stopped.method, Method::Stopped);
    let other = g
        .state()
        .legal_values()
        .iter()
        .find(|x| Some(*x) != r.best)
        .unwrap();
    g.play(other).unwrap();
    assert!(!r.describes(&g), "another value at that turn");
    g.undo();
    g.play(stopped.best.unwrap()).unwrap();
    assert!(stopped.describes(&g));
    assert!(
        stopped
            .text(Some(300.0))
            .contains(": stopped (Move now) after a search 4 turns deep, "),
        "{}",
        stopped.text(None)
    );
    // A result for another game's position describes nothing here.
    let mut h = Game::new(Options::default(), Players::default(), Mode::HotSeat, 1);
    h.play(v(2)).unwrap();
    h.play(stopped.best.unwrap()).unwrap();
    assert!(!stopped.describes(&h));
}
