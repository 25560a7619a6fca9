//! Mounts the Mini-Survivor page (`/mini-survivor/`).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(moderator_console::games::mini_survivor::App);
}
