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

fn store(db: &IdbDatabase, mode: IdbTransactionMode) -> Result<web_sys::IdbObjectStore, String> {
    db.transaction_with_str_and_mode(STORE, mode)
        .and_then(|t| t.object_store(STORE))
        .map_err(message)
}

/// The value stored under `key` (`undefined` when there is none).
pub async fn get_value(key: &str) -> Result<JsValue, String> {
    let db = open().await?;
    let req = store(&db, IdbTransactionMode::Readonly)?
        .get(&JsValue::from_str(key))
        .map_err(message)?;
    let value = JsFuture::from(settled(&req)).await.map_err(message);
    db.close();
    value
}

/// Stores `value` (a string, a `Blob`, anything the browser can clone)
/// under `key`.
pub async fn put_value(key: &str, value: &JsValue) -> Result<(), String> {
    let db = open().await?;
    let req = store(&db, IdbTransactionMode::Readwrite)?
        .put_with_key(value, &JsValue::from_str(key))
        .map_err(message)?;
    let done = JsFuture::from(settled(&req)).await.map_err(message);
    db.close();
    done.map(|_| ())
}

/// Every key in the store.
pub async fn keys() -> Result<Vec<String>, String> {
    let db = open().await?;
    let req = store(&db, IdbTransactionMode::Readonly)?
        .get_all_keys()
        .map_err(message)?;
    let all = JsFuture::from(settled(&req)).await.map_err(message);
    db.close();
    Ok(js_sys::Array::from(&all?)
        .iter()
        .filter_map(|k| k.as_string())
        .collect())
}

/// Removes the value under `key`.
pub async fn delete(key: &str) -> Result<(), String> {
    let db = open().await?;
    let req = store(&db, IdbTransactionMode::Readwrite)?
        .delete(&JsValue::from_str(key))
        .map_err(message)?;
    let done = JsFuture::from(settled(&req)).await.map_err(message);
    db.close();
    done.map(|_| ())
}

/// The text stored under `key`, if any.
pub async fn get(key: &str) -> Result<Option<String>, String> {
    Ok(get_value(key).await?.as_string())
}

/// Stores the text `value` under `key`.
pub async fn put(key: &str, value: &str) -> Result<(), String> {
    put_value(key, &JsValue::from_str(value)).await
}
