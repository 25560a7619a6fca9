//! The Survival page (not built yet).

use leptos::prelude::*;

/// The Survival page.
#[component]
pub fn App() -> impl IntoView {
    view! { <main id="main"><p>"The Survival page is being built."</p></main> }
}
