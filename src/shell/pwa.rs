//! Offline support: registers the service worker (`sw.js`, written at build
//! time, one for every page of the site) and offers a new deployment to the moderator instead of mixing
//! versions: the new worker waits until "Reload" is pressed.

use gloo_events::EventListener;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    // Absent on insecure origins and in some private modes.
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .ok()?
        .then(|| navigator.service_worker())
}

/// Registers the worker (`sw.js` at the site's root, which is `root`
/// relative to this page: `"./"` or `"../"`; its scope is the whole site);
/// sets `update_ready` when a new version is installed and waiting while
/// this page runs the old one.
pub fn register(update_ready: RwSignal<bool>, root: &str) {
    let Some(sw) = container() else { return };
    let promise = sw.register(&format!("{root}sw.js"));
    spawn_local(async move {
        // (Some browsers resolve with nothing when service workers are off.)
        let Some(reg) = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .ok()
            .and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
        else {
            return;
        };
        let controlled = move || container().and_then(|c| c.controller()).is_some();
        if reg.waiting().is_some() && controlled() {
            update_ready.set(true);
        }
        let reg2 = reg.clone();
        EventListener::new(&reg, "updatefound", move |_| {
            let Some(worker) = reg2.installing() else {
                return;
            };
            let w = worker.clone();
            EventListener::new(&worker, "statechange", move |_| {
                if w.state() == ServiceWorkerState::Installed && controlled() {
                    update_ready.set(true);
                }
            })
            .forget();
        })
        .forget();
        // Look for a new deployment whenever the page comes back into view.
        if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
            let d = doc.clone();
            EventListener::new(&doc, "visibilitychange", move |_| {
                if d.visibility_state() == web_sys::VisibilityState::Visible {
                    let _ = reg.update();
                }
            })
            .forget();
        }
    });
}

/// Activates the waiting worker, then reloads once it controls the page.
pub fn apply_update() {
    let Some(sw) = container() else { return };
    EventListener::once(&sw, "controllerchange", |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    })
    .forget();
    spawn_local(async move {
        let Some(reg) = wasm_bindgen_futures::JsFuture::from(sw.get_registration())
            .await
            .ok()
            .and_then(|r| r.dyn_into::<ServiceWorkerRegistration>().ok())
        else {
            return;
        };
        if let Some(waiting) = reg.waiting() {
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(
                &msg,
                &JsValue::from_str("type"),
                &JsValue::from_str("SKIP_WAITING"),
            );
            let _ = waiting.post_message(&msg);
        }
    });
}
