//! The worker side of big-file evaluation. `worker.js` loads the worker
//! build (`src/bin/ranklab-worker.rs`, optimised for speed) in a dedicated
//! worker, whose `main` calls [`serve`]: it answers each request of
//! [`crate::big_files::files_job`] with progress messages and then the results.
//! Big files are read by [`crate::big_files::blob_reading`].

use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, DedicatedWorkerGlobalScope, MessageEvent};

use crate::big_files::blob_reading::open_blob;
use crate::model::state::LoadedFile;
use crate::settings::request::{EvalRequest, RequestBasis};
use crate::settings::Settings;
use crate::shared::evaluation::{
    evaluate_shard_handing, find_query, rehearse, ByteSource, Deal, Dealer, DealtPart, FindProblem,
    FoundQuery, NextPiece, Progress, QrelsHandover, Ready, RunDealing, Shard, ShardReply, Sharing,
};

/// What the page asks of a worker, as bytes ([`Request::encode`]) in the
/// message's `request` field (big files' `Blob`s travel beside it, in
/// `blobs`, by key).
///
/// The channel's encoding (postcard) is compact and not self-describing:
/// every field is written in order, none skipped, so no type on it may
/// skip a field when serialising (`skip_serializing_if`) or read by
/// guessing (`untagged`, `flatten`). The worker links no JSON code, and
/// the page reads a shard's values without parsing decimal text.
/// A request's first byte is its kind's index (`Evaluate` 0, `Explain` 1:
/// tests/e2e/settings_request.test.mjs counts the evaluations so).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Request {
    /// Evaluate this shard's share of the files.
    Evaluate {
        /// The loaded files (big ones by key).
        files: Vec<LoadedFile>,
        /// The request's basis (the worker makes the page's request from it).
        basis: RequestBasis,
        /// Which part of the big runs.
        shard: Shard,
        /// Whether the workers share the qrels' parsing (there are
        /// several): each parses its piece and gives its judgments to the
        /// page as an `ArrayBuffer` in a message's `piece` field; once
        /// every worker's is in, the page sends each worker all of them, in
        /// worker order, as an array in a message's `pieces` field (empty
        /// when a worker finished without giving one: each then parses the
        /// qrels whole).
        split_qrels: bool,
        /// Whether the big runs are dealt in pieces (there are several
        /// workers; see the core's `Deal`): the worker reads piece
        /// `shard.index` first. As it starts each piece it posts
        /// `{ part, ask: true }` (the last piece's part, a `DealtPart`'s
        /// bytes, or `null` at the first), and the page answers
        /// `{ deal: n }`, the next piece no worker has taken, or
        /// `{ deal: null }` when none is left; its last part comes as
        /// `{ part, ask: false }`.
        deal: bool,
    },
    /// Find one query's whole ranking in a run (for its explanation).
    Explain {
        /// The loaded files (big ones by key).
        files: Vec<LoadedFile>,
        /// The request's basis: its conventions judge the run.
        basis: RequestBasis,
        /// The run's name.
        run: String,
        /// The query.
        qid: String,
    },
}

/// What a worker says: bytes (an `ArrayBuffer`, transferred), or text
/// when it could not start.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub enum Reply {
    /// It has started and takes requests (its first message).
    Ready,
    /// It could not start (`worker.js` then posts why, as text), or it
    /// could not read its request.
    Failed(String),
    /// How far it got.
    Progress(Progress),
    /// What its shard found.
    Done(ShardReply),
    /// The query asked for (`explain` requests): its ranking, `None` when
    /// the run lacks it, or why it could not be read (as data: the page
    /// words it, and the worker carries no parse error's message).
    Found(Result<Option<FoundQuery>, FindProblem>),
}

impl Request {
    /// The request as the bytes a worker reads.
    pub fn encode(&self) -> Result<Vec<u8>, String> {
        postcard::to_allocvec(self).map_err(|e| format!("request not built: {e}"))
    }

    /// A request read from its bytes. The page and the worker are built
    /// together, so unreadable bytes are a defect: said plainly, without
    /// the encoding's own words for why (whose text the worker would carry).
    fn decode(bytes: &[u8]) -> Result<Request, String> {
        postcard::from_bytes(bytes)
            .map_err(|_| "bad request to the worker: its bytes do not read".to_string())
    }
}

impl Reply {
    /// A message from a worker, read: an `ArrayBuffer` holds a reply's
    /// bytes, text is why the worker could not start (`worker.js`).
    pub fn read(data: &JsValue) -> Reply {
        if let Some(buffer) = data.dyn_ref::<ArrayBuffer>() {
            return Reply::decode(&Uint8Array::new(buffer).to_vec());
        }
        match data.as_string() {
            Some(why) => Reply::Failed(why),
            None => Reply::Failed("a worker sent something that is not a reply".into()),
        }
    }

    /// A reply read from its bytes (unreadable ones are `Failed`).
    fn decode(bytes: &[u8]) -> Reply {
        postcard::from_bytes(bytes)
            .unwrap_or_else(|e| Reply::Failed(format!("unreadable answer from a worker: {e}")))
    }

    /// The reply's bytes.
    fn encode(&self) -> Result<Vec<u8>, postcard::Error> {
        postcard::to_allocvec(self)
    }
}

/// Whether a message from a worker is a [`Reply`] (bytes, or text when it
/// could not start), not its piece of the judgments (`{ piece }`).
pub fn is_reply(data: &JsValue) -> bool {
    data.is_string() || data.is_instance_of::<ArrayBuffer>()
}

fn field(data: &JsValue, name: &str) -> JsValue {
    Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Answers one request: a [`Request`]'s bytes (a `Uint8Array`) in
/// `request`, and `blobs`, an object from big-file keys to their `Blob`s.
async fn answer(scope: &DedicatedWorkerGlobalScope, data: &JsValue) -> Result<(), String> {
    let bytes = field(data, "request")
        .dyn_into::<Uint8Array>()
        .map_err(|_| "bad request to the worker: no bytes".to_string())?
        .to_vec();
    let request = Request::decode(&bytes)?;
    let (Request::Evaluate { files, basis, .. } | Request::Explain { files, basis, .. }) = &request;
    let eval = EvalRequest::new(basis.clone());
    let blob_values = field(data, "blobs");
    let blobs: HashMap<String, Blob> = files
        .iter()
        .filter_map(|f| f.big.as_ref())
        .filter_map(|b| {
            field(&blob_values, &b.key)
                .dyn_into::<Blob>()
                .ok()
                .map(|blob| (b.key.clone(), blob))
        })
        .collect();
    let mut open = |f: &LoadedFile, from: u64| -> Box<dyn ByteSource> {
        match f.big.as_ref().and_then(|b| blobs.get(&b.key)) {
            Some(blob) => open_blob(blob, from),
            None => Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from)),
        }
    };
    let post = |reply: &Reply| post(scope, reply);
    match &request {
        Request::Explain { run, qid, .. } => {
            post(&Reply::Found(
                find_query(files, &mut open, &eval.options, run, qid).await,
            ));
        }
        Request::Evaluate {
            shard,
            split_qrels,
            deal,
            ..
        } => {
            let mut last_told = f64::NEG_INFINITY;
            let mut dealer = PageDealer(scope);
            let mut give = |bytes: &[u8]| give_piece(scope, bytes);
            let qrels = if *split_qrels {
                PIECES.with(|p| *p.borrow_mut() = Slot::default());
                QrelsHandover::Pieces {
                    give: &mut give,
                    gather: Box::pin(Arrival(&PIECES)),
                }
            } else {
                QrelsHandover::Parse
            };
            let runs = if *deal {
                RunDealing::Dealt {
                    deal: Deal::of(files, shard.count),
                    dealer: &mut dealer,
                }
            } else {
                RunDealing::Own
            };
            let reply = evaluate_shard_handing(
                files,
                &mut open,
                &eval.metrics,
                &eval.options,
                *shard,
                Sharing { qrels, runs },
                &mut |p| {
                    // At most ten progress messages a second: a stream's
                    // reads can be small and many.
                    let now = js_sys::Date::now();
                    if now - last_told >= 100.0 {
                        last_told = now;
                        post(&Reply::Progress(p.clone()));
                    }
                },
            )
            .await;
            post(&Reply::Done(reply));
        }
    }
    Ok(())
}

/// Posts this worker's piece of the qrels' judgments (bytes of the
/// core's qrels table) to the page as `{ piece: ArrayBuffer }`, the buffer
/// transferred, not copied.
fn give_piece(scope: &DedicatedWorkerGlobalScope, bytes: &[u8]) {
    let buffer = Uint8Array::from(bytes).buffer();
    let message = Object::new();
    let _ = Reflect::set(&message, &JsValue::from_str("piece"), &buffer);
    let _ = scope.post_message_with_transfer(&message, &Array::of1(&buffer));
}

/// What a worker waits for from the page, once it came, and who waits.
struct Slot<T> {
    arrived: Option<T>,
    waiting: Option<Waker>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot {
            arrived: None,
            waiting: None,
        }
    }
}

type Waited<T> = std::thread::LocalKey<RefCell<Slot<T>>>;

thread_local! {
    /// The other workers' pieces of the judgments (see `Request::Evaluate`).
    static PIECES: RefCell<Slot<Vec<Vec<u8>>>> = RefCell::new(Slot::default());
    /// The next piece of the runs to read (see `Request::Evaluate`).
    static DEALT: RefCell<Slot<Option<usize>>> = RefCell::new(Slot::default());
}

/// Waits for what the page sends into a slot.
struct Arrival<T: 'static>(&'static Waited<T>);

impl<T> Future for Arrival<T> {
    type Output = T;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<T> {
        self.0.with(|s| {
            let mut slot = s.borrow_mut();
            match slot.arrived.take() {
                Some(value) => Poll::Ready(value),
                None => {
                    slot.waiting = Some(cx.waker().clone());
                    Poll::Pending
                }
            }
        })
    }
}

/// Puts what the page sent into its slot and wakes who waits for it.
fn arrive<T>(key: &'static Waited<T>, value: T) {
    let waiting = key.with(|s| {
        let mut slot = s.borrow_mut();
        slot.arrived = Some(value);
        slot.waiting.take()
    });
    if let Some(w) = waiting {
        w.wake();
    }
}

/// Takes the page's `{ pieces }` message, if `data` is one: each piece's
/// bytes copied into this worker's memory.
fn take_pieces(data: &JsValue) -> bool {
    let Ok(pieces) = field(data, "pieces").dyn_into::<Array>() else {
        return false;
    };
    let bytes = pieces
        .iter()
        .filter_map(|p| p.dyn_into::<ArrayBuffer>().ok())
        .map(|b| Uint8Array::new(&b).to_vec())
        .collect();
    arrive(&PIECES, bytes);
    true
}

/// Takes the page's `{ deal }` message, if `data` is one.
fn take_deal(data: &JsValue) -> bool {
    if !Reflect::has(data, &JsValue::from_str("deal")).unwrap_or(false) {
        return false;
    }
    let next = field(data, "deal").as_f64().map(|n| n as usize);
    arrive(&DEALT, next);
    true
}

/// The page's message asking a worker started ahead of a drop to
/// rehearse it ([`take_rehearsal`]), sent once the worker is ready.
pub fn rehearsal_request() -> JsValue {
    let message = Object::new();
    let _ = Reflect::set(&message, &JsValue::from_str("rehearse"), &JsValue::TRUE);
    message.into()
}

/// Takes the page's [`rehearsal_request`], if `data` is one: the worker
/// evaluates made-up files with the page's first measures while it waits,
/// so that the browser has optimised the code a drop runs by then (see the
/// core's `rehearse`), and encodes the reply as a drop's parts are, then
/// drops it: nothing is posted. A request that comes meanwhile waits for
/// it (about 0.2 s).
fn take_rehearsal(data: &JsValue) -> bool {
    if !Reflect::has(data, &JsValue::from_str("rehearse")).unwrap_or(false) {
        return false;
    }
    let first = EvalRequest::of(&Settings::default());
    drop(Reply::Done(rehearse(&first.metrics, &first.options)).encode());
    true
}

/// Gives the page each piece read, and asks it for the next one.
struct PageDealer<'s>(&'s DedicatedWorkerGlobalScope);

impl PageDealer<'_> {
    /// Posts `{ part, ask }`: the part's bytes (or `null`), and whether a
    /// piece is asked for. False when the part did not encode: it is
    /// missing from the page's, and the run is read again with one worker.
    fn post(&self, done: Option<DealtPart>, ask: bool) -> bool {
        let part = match done.map(|d| postcard::to_allocvec(&d)) {
            Some(Ok(bytes)) => Uint8Array::from(&bytes[..]).buffer().into(),
            Some(Err(_)) => return false,
            None => JsValue::NULL,
        };
        let message = Object::new();
        let _ = Reflect::set(&message, &JsValue::from_str("part"), &part);
        let _ = Reflect::set(
            &message,
            &JsValue::from_str("ask"),
            &JsValue::from_bool(ask),
        );
        let transfer = Array::new();
        if !part.is_null() {
            transfer.push(&part);
        }
        self.0
            .post_message_with_transfer(&message, &transfer)
            .is_ok()
    }
}

impl Dealer for PageDealer<'_> {
    fn ask(&mut self, done: Option<DealtPart>) -> NextPiece<'_> {
        DEALT.with(|d| *d.borrow_mut() = Slot::default());
        if !self.post(done, true) {
            return Box::pin(std::future::ready(None));
        }
        Box::pin(Arrival(&DEALT))
    }

    fn hand_in(&mut self, done: DealtPart) {
        self.post(Some(done), false);
    }
}

/// Posts a reply's bytes as an `ArrayBuffer`, transferred, not copied.
fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    if let Ok(bytes) = reply.encode() {
        let buffer = Uint8Array::from(&bytes[..]).buffer();
        let _ = scope.post_message_with_transfer(&buffer, &Array::of1(&buffer));
    }
}

/// Serves requests until the page terminates the worker.
pub fn serve() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let me = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if take_pieces(&e.data()) || take_deal(&e.data()) || take_rehearsal(&e.data()) {
            return;
        }
        let me = me.clone();
        // Reads wait for the browser: the answer runs on the worker's
        // event loop.
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(problem) = answer(&me, &e.data()).await {
                post(&me, &Reply::Failed(problem));
            }
        });
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The worker lives as long as its handler.
    on_message.forget();
    post(&scope, &Reply::Ready);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::evaluation::{block_on, BigFile};

    const QRELS: &str = "1 0 a 1\n1 0 b 0\n1 0 e 2\n2 0 c 2\n2 0 d 1\n3 0 x 1\n";
    /// Query 1 ties (its values have ranges), query 2 does not, query 3 is
    /// missing and a line is bad (a located problem).
    const RUN: &str = "1 Q0 a 1 2.0 t\n1 Q0 b 2 2.0 t\n1 Q0 e 3 1.5 t\n\
                       2 Q0 c 1 5 t\n2 Q0 d 2 4 t\n2 Q0 z 3 3 t\nnot a run line\n";

    fn files(big_run: bool) -> Vec<LoadedFile> {
        let mut run = LoadedFile::whole("run", RUN);
        if big_run {
            run.big = Some(BigFile {
                key: "big-1".into(),
                bytes: RUN.len() as u64,
            });
        }
        vec![LoadedFile::whole("qrels", QRELS), run]
    }

    fn open(f: &LoadedFile, from: u64) -> Box<dyn ByteSource> {
        Box::new(Ready::from_offset(f.text.as_bytes().to_vec(), from))
    }

    fn round_trip(reply: &Reply) -> Reply {
        Reply::decode(&reply.encode().unwrap())
    }

    #[test]
    fn requests_round_trip() {
        let settings = Settings {
            cutoffs: vec![3, 7],
            ..Settings::default()
        };
        for r in [
            Request::Explain {
                files: files(false),
                basis: RequestBasis::of(&Settings::default()),
                run: "run".into(),
                qid: "1".into(),
            },
            Request::Evaluate {
                files: files(true),
                basis: RequestBasis::of(&settings),
                shard: Shard { index: 1, count: 3 },
                split_qrels: true,
                deal: true,
            },
        ] {
            let bytes = r.encode().unwrap();
            // Its kind's index first (what the e2e test counts).
            let kind = matches!(r, Request::Explain { .. }) as u8;
            assert_eq!(bytes[0], kind);
            assert_eq!(Request::decode(&bytes), Ok(r));
        }
        assert!(Request::decode(&[0xff, 0xff]).is_err());
        assert!(Request::decode(&[]).is_err());
    }

    #[test]
    fn shard_replies_round_trip_with_ranges_problems_and_missing_queries() {
        let eval = EvalRequest::of(&Settings::default());
        for (big_run, count) in [(false, 1), (true, 2)] {
            let files = files(big_run);
            let mut seen = String::new();
            for index in 0..count {
                let reply = block_on(evaluate_shard_handing(
                    &files,
                    &mut open,
                    &eval.metrics,
                    &eval.options,
                    Shard { index, count },
                    Sharing::alone(),
                    &mut |_| {},
                ));
                seen += &serde_json::to_string(&reply).unwrap();
                match round_trip(&Reply::Done(reply.clone())) {
                    Reply::Done(back) => assert_eq!(back, reply),
                    other => panic!("{other:?}"),
                }
            }
            // What the encoding must keep was there: values with and
            // without tie ranges, a located problem, a missing query.
            for part in [
                r#""ranges":null"#,
                r#""ranges":[{"min""#,
                r#""expected":{"Fields""#,
                r#""3""#,
            ] {
                assert!(seen.contains(part), "{part} in {seen}");
            }
        }
    }

    #[test]
    fn found_queries_progress_and_failures_round_trip() {
        let eval = EvalRequest::of(&Settings::default());
        let files = files(true);
        for qid in ["1", "2", "3", "no such query"] {
            let found = block_on(find_query(&files, &mut open, &eval.options, "run", qid));
            if qid == "1" {
                let json = serde_json::to_string(&found).unwrap();
                assert!(json.contains(r#""tie_layout":{"#), "{json}");
            }
            match round_trip(&Reply::Found(found.clone())) {
                Reply::Found(back) => assert_eq!(back, found),
                other => panic!("{other:?}"),
            }
        }
        let failed = Reply::Found(Err(FindProblem::Gone("run.txt".into())));
        assert!(
            matches!(round_trip(&failed), Reply::Found(Err(FindProblem::Gone(run))) if run == "run.txt")
        );
        let p = Progress {
            file: "run".into(),
            bytes_read: 1 << 40,
            bytes_total: u64::MAX,
            queries: 7000,
        };
        assert!(matches!(round_trip(&Reply::Progress(p.clone())), Reply::Progress(q) if q == p));
        assert!(matches!(round_trip(&Reply::Ready), Reply::Ready));
        assert!(matches!(round_trip(&Reply::Failed("x".into())), Reply::Failed(w) if w == "x"));
        // Bytes that are no reply say so, as a failure.
        assert!(matches!(
            Reply::decode(&[0x17, 1, 2]),
            Reply::Failed(why) if why.starts_with("unreadable answer from a worker")
        ));
    }
}
