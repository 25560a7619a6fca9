//! Mounts the delivery page (`/deliver/`): a game's stage delivered to
//! Discord through its webhooks.

fn main() {
    moderator_console::shell::mount(moderator_console::shell::outbox::Deliver);
}
