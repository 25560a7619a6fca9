//! One tab at a time: a Web Lock (the browser's `navigator.locks`, shared
//! by every tab of the site) held while a tab does what no other tab may
//! do at the same moment, such as sending a game's messages to Discord
//! (two tabs sending at once could each send a message the other has not
//! marked yet).

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use wasm_bindgen_futures::JsFuture;

/// A lock taken with [`try_take`]; released when dropped, or when the tab
/// closes (the browser releases a closed tab's locks; a page stopped by a
/// panic keeps it until its tab is closed or reloaded).
pub struct Held(Option<Function>);

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(release) = self.0.take() {
            let _ = release.call0(&JsValue::NULL);
        }
    }
}

/// Takes the lock named `name` unless another tab of the site holds it:
/// `Some` (held until dropped), or `None` when another tab holds it. A
/// browser without Web Locks gives `Some` with nothing held (it has no
/// way to say which tab is busy).
pub async fn try_take(name: &str) -> Option<Held> {
    let unlocked = Some(Held(None));
    let Some(window) = web_sys::window() else {
        return unlocked;
    };
    let locks = Reflect::get(&window.navigator(), &"locks".into())
        .ok()
        .filter(JsValue::is_object);
    let request = locks.as_ref().and_then(|l| {
        Reflect::get(l, &"request".into())
            .ok()?
            .dyn_into::<Function>()
            .ok()
    });
    let (Some(locks), Some(request)) = (locks, request) else {
        return unlocked;
    };
    // The browser calls back with the lock (or null when another tab holds
    // it); the callback hands this side the function that releases it,
    // and keeps the lock until that function is called.
    let mut answer: Option<Function> = None;
    let answered = Promise::new(&mut |resolve, _| answer = Some(resolve));
    let answer = answer?;
    let refused = answer.clone();
    let callback = Closure::once_into_js(move |lock: JsValue| -> JsValue {
        if lock.is_null() {
            let _ = answer.call1(&JsValue::NULL, &JsValue::NULL);
            return JsValue::UNDEFINED;
        }
        let mut release: Option<Function> = None;
        let held = Promise::new(&mut |resolve, _| release = Some(resolve));
        let release = release.map_or(JsValue::NULL, JsValue::from);
        let _ = answer.call1(&JsValue::NULL, &release);
        held.into()
    });
    let options = Object::new();
    if Reflect::set(&options, &"ifAvailable".into(), &JsValue::TRUE).is_err() {
        return unlocked;
    }
    let Ok(requested) = request.call3(&locks, &name.into(), &options, &callback) else {
        return unlocked;
    };
    // A request the browser refuses without calling back (a sandboxed
    // page, a page no longer shown) answers `true`: no lock to wait for.
    if let Ok(requested) = requested.dyn_into::<Promise>() {
        let on_refusal = Closure::once(move |_: JsValue| {
            let _ = refused.call1(&JsValue::NULL, &JsValue::TRUE);
        });
        let _ = requested.catch(&on_refusal);
        // (Kept for the browser to call: one small closure per send.)
        on_refusal.forget();
    }
    match JsFuture::from(answered).await {
        Ok(release) if release.is_null() => None,
        Ok(release) => match release.dyn_into::<Function>() {
            Ok(f) => Some(Held(Some(f))),
            Err(_) => unlocked,
        },
        Err(_) => unlocked,
    }
}
