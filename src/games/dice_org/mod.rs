//! The Dice ORG page (not built yet).

use leptos::prelude::*;

/// The Dice ORG page.
#[component]
pub fn App() -> impl IntoView {
    view! { <main id="main"><p>"The Dice ORG page is being built."</p></main> }
}
