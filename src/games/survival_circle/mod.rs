//! The Survival circle page (not built yet).

use leptos::prelude::*;

/// The Survival circle page.
#[component]
pub fn App() -> impl IntoView {
    view! { <main id="main"><p>"The Survival circle page is being built."</p></main> }
}
