//! Mounts the home page (`/`): the saved games of every kind.

fn main() {
    moderator_console::shell::mount(moderator_console::shell::home::Home);
}
