//! Mounts the Mini-Survivor page (`/mini-survivor/`).

fn main() {
    moderator_console::shell::mount(moderator_console::games::mini_survivor::App);
}
