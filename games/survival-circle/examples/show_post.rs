//! Prints the position post of a short game in each format (a look at the
//! output): `cargo run --example show_post`.
use survival_circle::post::{Format, position_post};
use survival_circle::{Game, Mode, Options, Players};

fn main() {
    let mut g = Game::new(
        Options::default(),
        Players {
            blue: "Ann".into(),
            red: "Bob".into(),
        },
        Mode::Forum,
        1,
    );
    g.play_text("5 3 8 1 2 6 4 4 7 3 1 5");
    for f in Format::ALL {
        println!("===== {}", f.label());
        for m in position_post(&g, f) {
            println!("{m}\n-----");
        }
    }
}
