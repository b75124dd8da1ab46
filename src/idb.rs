//! A small key-value store over the browser's IndexedDB (database
//! `ranklab`, object store `kv`), for texts too large for localStorage.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransactionMode};

const DB: &str = "ranklab";
const STORE: &str = "kv";

fn message(e: JsValue) -> String {
    e.as_string()
        .unwrap_or_else(|| "the browser's IndexedDB refused the request".to_string())
}

/// A promise settled by the request's success (with its result) or error.
fn settled(req: &IdbRequest) -> js_sys::Promise {
    let req = req.clone();
    js_sys::Promise::new(&mut |resolve, reject| {
        let done = req.clone();
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call1(&JsValue::NULL, &done.result().unwrap_or(JsValue::UNDEFINED));
        });
        let failed = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = reject.call1(
                &JsValue::NULL,
                &JsValue::from_str("the browser's IndexedDB refused the request"),
            );
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(failed.unchecked_ref()));
    })
}

async fn open() -> Result<IdbDatabase, String> {
    let factory = gloo::utils::window()
        .indexed_db()
        .map_err(message)?
        .ok_or("this browser has no IndexedDB")?;
    let req: IdbOpenDbRequest = factory.open_with_u32(DB, 1).map_err(message)?;
    let upgrade = Closure::once_into_js(move |e: web_sys::Event| {
        let Some(target) = e.target() else { return };
        let req: IdbOpenDbRequest = target.unchecked_into();
        if let Ok(db) = req.result() {
            let db: IdbDatabase = db.unchecked_into();
            let _ = db.create_object_store(STORE);
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let db = JsFuture::from(settled(&req)).await.map_err(message)?;
    Ok(db.unchecked_into())
}

/// The text stored under `key`, if any.
pub async fn get(key: &str) -> Result<Option<String>, String> {
    let db = open().await?;
    let store = db
        .transaction_with_str(STORE)
        .and_then(|t| t.object_store(STORE))
        .map_err(message)?;
    let req = store.get(&JsValue::from_str(key)).map_err(message)?;
    let value = JsFuture::from(settled(&req)).await.map_err(message)?;
    db.close();
    Ok(value.as_string())
}

/// Stores `value` under `key`.
pub async fn put(key: &str, value: &str) -> Result<(), String> {
    let db = open().await?;
    let store = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .and_then(|t| t.object_store(STORE))
        .map_err(message)?;
    let req = store
        .put_with_key(&JsValue::from_str(value), &JsValue::from_str(key))
        .map_err(message)?;
    JsFuture::from(settled(&req)).await.map_err(message)?;
    db.close();
    Ok(())
}
