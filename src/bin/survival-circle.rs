//! Mounts the Survival circle page (`/survival-circle/`).

fn main() {
    moderator_console::shell::mount(moderator_console::games::survival_circle::App);
}
