//! Mounts the moderator's console. Everything else is in the library crate.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(mini_survivor_console::App);
}
