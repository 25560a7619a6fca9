//! Mounts the Survival page (`/survival/`).

fn main() {
    moderator_console::shell::mount(moderator_console::games::survival::App);
}
