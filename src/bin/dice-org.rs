//! Mounts the Dice ORG page (`/dice-org/`).

fn main() {
    moderator_console::shell::mount(moderator_console::games::dice_org::App);
}
