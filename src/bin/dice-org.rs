//! Mounts the Dice ORG page (`/dice-org/`).

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(moderator_console::games::dice_org::App);
}
