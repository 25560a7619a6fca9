//! Mounts the home page (`/`): the saved games of every kind.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(moderator_console::shell::home::Home);
}
