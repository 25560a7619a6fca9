//! Mounts the Survival circle page (`/survival-circle/`).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(moderator_console::games::survival_circle::App);
}
