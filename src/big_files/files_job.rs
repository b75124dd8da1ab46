//! The page side of big-file evaluation: one [`FilesJob`] per request, run
//! in a module worker (`worker.js`, see [`crate::big_files::worker`]). Dropping a job
//! terminates its worker, which is how Cancel and a newer request stop it.
//! Where workers are unavailable (the single-file build opened from disk),
//! [`evaluate_here`] reads the files whole and evaluates them on the page.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, ArrayBuffer, Object, Reflect, Uint8Array};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

use crate::big_files::worker::{is_reply, rehearsal_request, Reply, Request};
use crate::model::state::LoadedFile;
use crate::settings::request::EvalRequest;
use crate::shared::evaluation::EvalOptions;
use crate::shared::evaluation::SourceResults;
use crate::shared::evaluation::{
    evaluate_streamed, find_query, finish, ByteSource, Deal, DealtPart, FoundQuery, Progress,
    Ready, Shard, ShardReply, Ungrouped,
};

/// What a job reports.
#[derive(Debug, Clone, PartialEq)]
pub enum JobEvent {
    /// How far it got (all workers together).
    Progress(Progress),
    /// The results.
    Done(Rc<SourceResults>),
    /// A worker stopped (its message).
    Failed(String),
    /// No worker could be started here (before any progress).
    Unavailable,
    /// A split run turned out not to be grouped by query: evaluate it again
    /// with one worker.
    Ungrouped,
}

/// A worker's message and error handlers (kept while it runs).
type Handlers = (
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(ErrorEvent)>,
);

/// A running evaluation in one or more workers.
pub struct FilesJob {
    workers: Vec<Worker>,
    _handlers: Vec<Handlers>,
}

impl Drop for FilesJob {
    fn drop(&mut self) {
        for w in &self.workers {
            w.terminate();
        }
    }
}

/// A worker's message: the typed [`Request`]'s bytes in `request`, and
/// the big files' `Blob`s by key in `blobs` (a `Blob` cannot be bytes).
fn request(request: &Request) -> Result<JsValue, String> {
    let (Request::Evaluate { files, .. } | Request::Explain { files, .. }) = request;
    let message = Object::new();
    let built = |_| "request not built".to_string();
    let blobs = Object::new();
    for big in files.iter().filter_map(|f| f.big.as_ref()) {
        let blob = crate::big_files::blobs::get(&big.key)
            .ok_or("a big file is no longer readable; load it again")?;
        Reflect::set(&blobs, &JsValue::from_str(&big.key), &blob).map_err(built)?;
    }
    let bytes = Uint8Array::from(&request.encode()?[..]);
    Reflect::set(&message, &JsValue::from_str("request"), &bytes).map_err(built)?;
    Reflect::set(&message, &JsValue::from_str("blobs"), &blobs).map_err(built)?;
    Ok(message.into())
}

/// Milliseconds between two showings of the workers' progress: each one
/// renders the page again (about a hundred reads of 4 MiB in a 270 MB
/// run), and the page's thread shares the machine's cores with the workers.
const PROGRESS_EVERY_MS: f64 = 200.0;

/// What the workers of a job have sent so far.
struct Gathered {
    progress: Vec<Progress>,
    /// When progress was last shown (`Date.now()`, ms).
    progress_shown: f64,
    replies: Vec<Option<ShardReply>>,
    started: usize,
    over: bool,
    /// Each worker and its request, as they start.
    workers: Vec<(Worker, JsValue)>,
    /// Which workers said they are ready, and which were sent their request.
    ready: Vec<bool>,
    sent: Vec<bool>,
    /// Several workers: each one's piece of the qrels' judgments, as it
    /// gives it (see `Request::Evaluate`); once all are in, every worker
    /// is sent the others' (it keeps its own).
    pieces: Vec<Option<ArrayBuffer>>,
    /// Whether the pieces (or word that one will not come) went out.
    pieces_sent: bool,
    /// Several workers: the next piece of the big runs to deal, how many
    /// there are (see `Request::Evaluate`), and the parts read so far.
    deal_next: usize,
    deal_len: usize,
    dealt: Vec<DealtPart>,
}

impl Gathered {
    /// Sends each ready worker its request.
    fn hand_over(&mut self, on_event: &Callback<JobEvent>) {
        for i in 0..self.workers.len() {
            if self.sent[i] || !self.ready[i] || self.over {
                continue;
            }
            self.sent[i] = true;
            let (worker, message) = &self.workers[i];
            if worker.post_message(message).is_err() {
                self.fail_to_hand(on_event);
            }
        }
    }

    /// Worker `index`'s `{ part, ask }` message (see `Request::Evaluate`):
    /// when it asks, it is dealt its next piece at once (before its part is
    /// read here), then the part, if any, is kept.
    fn part_read(&mut self, index: usize, data: &JsValue, on_event: &Callback<JobEvent>) {
        let field = |name: &str| Reflect::get(data, &JsValue::from_str(name)).ok();
        if field("ask").and_then(|a| a.as_bool()) == Some(true) {
            let next = (self.deal_next < self.deal_len).then_some(self.deal_next);
            self.deal_next += 1;
            let message = Object::new();
            let next = next.map_or(JsValue::NULL, |n| JsValue::from_f64(n as f64));
            let _ = Reflect::set(&message, &JsValue::from_str("deal"), &next);
            if self.workers[index].0.post_message(&message).is_err() {
                return self.fail_to_hand(on_event);
            }
        }
        let Some(bytes) = field("part").filter(|p| !p.is_null()) else {
            return;
        };
        let part = bytes
            .dyn_ref::<ArrayBuffer>()
            .and_then(|b| postcard::from_bytes(&Uint8Array::new(b).to_vec()).ok());
        match part {
            Some(part) => self.dealt.push(part),
            None => {
                self.over = true;
                on_event.emit(JobEvent::Failed(
                    "unreadable part of a run from a worker".into(),
                ));
            }
        }
    }

    fn fail_to_hand(&mut self, on_event: &Callback<JobEvent>) {
        self.over = true;
        on_event.emit(JobEvent::Failed(
            "the files could not be handed to the worker".into(),
        ));
    }

    /// Worker `index`'s piece of the judgments (`None`: it finished
    /// without giving one, so the others will parse the qrels whole).
    fn piece_given(
        &mut self,
        index: usize,
        piece: Option<ArrayBuffer>,
        on_event: &Callback<JobEvent>,
    ) {
        if self.pieces_sent || self.workers.len() < 2 {
            return;
        }
        let complete = match piece {
            Some(piece) => {
                self.pieces[index] = Some(piece);
                self.pieces.iter().all(Option::is_some)
            }
            None => {
                self.pieces.clear();
                true
            }
        };
        if !complete {
            return;
        }
        self.pieces_sent = true;
        let pieces: Vec<ArrayBuffer> = self.pieces.drain(..).flatten().collect();
        let count = self.workers.len();
        for (w, (worker, _)) in self.workers.iter().enumerate() {
            let others: Array = pieces
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != w)
                .map(|(i, piece)| handed(piece, i, w, count))
                .collect();
            let message = Object::new();
            let _ = Reflect::set(&message, &JsValue::from_str("pieces"), &others);
            // Transferred, not copied again by the message.
            if worker
                .post_message_with_transfer(&message, &others)
                .is_err()
            {
                return self.fail_to_hand(on_event);
            }
        }
    }
}

/// Piece `piece` (given by worker `from`) as worker `to` of `count`
/// receives it: the last worker to receive it gets the buffer itself,
/// the others a copy each (with two workers, no piece is copied).
fn handed(piece: &ArrayBuffer, from: usize, to: usize, count: usize) -> ArrayBuffer {
    let last = if from == count - 1 {
        count - 2
    } else {
        count - 1
    };
    if to == last {
        piece.clone()
    } else {
        piece.slice(0)
    }
}

/// A worker started ahead of a request, and what it said so far.
struct Warm {
    worker: Worker,
    ready: Rc<Cell<bool>>,
    failed: Rc<Cell<bool>>,
    handlers: Handlers,
}

thread_local! {
    static WARM: RefCell<Vec<Warm>> = const { RefCell::new(Vec::new()) };
}

fn spawn() -> Result<Worker, String> {
    // Opened from disk (the single-file build): browsers refuse workers
    // there, and there is no worker.js beside the page anyway.
    let protocol = gloo::utils::window()
        .location()
        .protocol()
        .unwrap_or_default();
    if protocol == "file:" {
        return Err("no worker from a file".to_string());
    }
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    Worker::new_with_options("worker.js", &options).map_err(|_| "no worker here".to_string())
}

/// Starts workers ahead of a request (the Files tab is open, or files are
/// dragged over the page), one per core up to four, so that a big file's
/// evaluation does not wait for them to load.
pub fn prewarm() {
    let n = most_workers();
    WARM.with(|warm| {
        let mut warm = warm.borrow_mut();
        while warm.len() < n {
            let Ok(worker) = spawn() else { return };
            let (ready, failed) = (Rc::new(Cell::new(false)), Rc::new(Cell::new(false)));
            let on_message = {
                let (ready, failed, me) = (ready.clone(), failed.clone(), worker.clone());
                Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                    match Reply::read(&e.data()) {
                        Reply::Ready => {
                            ready.set(true);
                            // While it waits, it runs the code a drop runs.
                            let _ = me.post_message(&rehearsal_request());
                        }
                        Reply::Failed(_) => failed.set(true),
                        _ => {}
                    }
                })
            };
            let on_error = {
                let failed = failed.clone();
                Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
                    e.prevent_default();
                    failed.set(true);
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            warm.push(Warm {
                worker,
                ready,
                failed,
                handlers: (on_message, on_error),
            });
        }
    });
}

/// A warm worker (whether it is ready, and its handlers to drop once new
/// ones are set), or a new one.
fn take_worker() -> Result<(Worker, bool, Option<Handlers>), String> {
    while let Some(w) = WARM.with(|warm| warm.borrow_mut().pop()) {
        if w.failed.get() {
            w.worker.terminate();
            continue;
        }
        return Ok((w.worker, w.ready.get(), Some(w.handlers)));
    }
    spawn().map(|w| (w, false, None))
}

impl FilesJob {
    /// Starts evaluating `files` for `eval` in `shards` new workers;
    /// events arrive through `on_event` until the job is dropped.
    pub fn start(
        files: &[LoadedFile],
        eval: &EvalRequest,
        shards: usize,
        on_event: Callback<JobEvent>,
    ) -> Result<FilesJob, String> {
        let gathered = Rc::new(RefCell::new(Gathered {
            progress: vec![Progress::default(); shards],
            progress_shown: f64::NEG_INFINITY,
            replies: vec![None; shards],
            started: 0,
            over: false,
            workers: Vec::new(),
            ready: vec![false; shards],
            sent: vec![false; shards],
            pieces: vec![None; shards],
            pieces_sent: false,
            deal_next: shards,
            deal_len: Deal::of(files, shards).len(),
            dealt: Vec::new(),
        }));
        let mut job = FilesJob {
            workers: Vec::new(),
            _handlers: Vec::new(),
        };
        for index in 0..shards {
            let shard = Shard {
                index,
                count: shards,
            };
            let message = request(&Request::Evaluate {
                files: files.to_vec(),
                basis: eval.basis.clone(),
                shard,
                split_qrels: shards > 1,
                deal: shards > 1,
            })?;
            let (worker, ready, warm_handlers) = take_worker()?;
            gathered
                .borrow_mut()
                .workers
                .push((worker.clone(), message));
            let on_message = {
                let (gathered, on_event, eval) = (gathered.clone(), on_event.clone(), eval.clone());
                Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                    let mut g = gathered.borrow_mut();
                    if g.over {
                        return;
                    }
                    let data = e.data();
                    if !is_reply(&data) {
                        // A piece of a run it read, or its piece of the
                        // judgments (see `Request::Evaluate`).
                        if Reflect::has(&data, &JsValue::from_str("part")).unwrap_or(false) {
                            return g.part_read(index, &data, &on_event);
                        }
                        let piece = Reflect::get(&data, &JsValue::from_str("piece"))
                            .ok()
                            .and_then(|b| b.dyn_into::<ArrayBuffer>().ok());
                        g.piece_given(index, piece, &on_event);
                        return;
                    }
                    match Reply::read(&data) {
                        Reply::Failed(why) => {
                            g.over = true;
                            on_event.emit(if g.started == 0 {
                                JobEvent::Unavailable
                            } else {
                                JobEvent::Failed(why)
                            });
                        }
                        Reply::Ready => {
                            g.started += 1;
                            g.ready[index] = true;
                            g.hand_over(&on_event);
                        }
                        Reply::Progress(p) => {
                            g.progress[index] = p;
                            let now = js_sys::Date::now();
                            if now - g.progress_shown >= PROGRESS_EVERY_MS {
                                g.progress_shown = now;
                                on_event.emit(JobEvent::Progress(Progress::sum(&g.progress)));
                            }
                        }
                        Reply::Found(_) => {}
                        Reply::Done(reply) => {
                            // Done without giving its piece: the others parse the
                            // qrels whole (a piece given is never taken back).
                            if g.pieces.get(index).is_some_and(Option::is_none) {
                                g.piece_given(index, None, &on_event);
                            }
                            g.replies[index] = Some(reply);
                            if g.replies.iter().all(Option::is_some) {
                                g.over = true;
                                let replies: Vec<ShardReply> =
                                    g.replies.iter_mut().filter_map(Option::take).collect();
                                let dealt = std::mem::take(&mut g.dealt);
                                on_event.emit(
                                    match finish(replies, dealt, &eval.metrics, &eval.options) {
                                        Ok(part) => JobEvent::Done(Rc::new(part)),
                                        Err(Ungrouped) => JobEvent::Ungrouped,
                                    },
                                );
                            }
                        }
                    }
                })
            };
            let on_error = {
                let (gathered, on_event) = (gathered.clone(), on_event.clone());
                Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
                    e.prevent_default();
                    let mut g = gathered.borrow_mut();
                    if g.over {
                        return;
                    }
                    g.over = true;
                    on_event.emit(if g.started == 0 {
                        JobEvent::Unavailable
                    } else if e.message().is_empty() {
                        JobEvent::Failed(
                            "the evaluation stopped (the browser may have run out of memory)"
                                .to_string(),
                        )
                    } else {
                        JobEvent::Failed(e.message())
                    });
                })
            };
            worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
            drop(warm_handlers);
            if ready {
                // A warm worker said it was ready before this request.
                let mut g = gathered.borrow_mut();
                g.started += 1;
                g.ready[index] = true;
                g.hand_over(&on_event);
            }
            job.workers.push(worker);
            job._handlers.push((on_message, on_error));
        }
        Ok(job)
    }
}

/// Finding one query's whole ranking in a big run, in a worker (for an
/// explanation). Dropping it stops the worker.
pub struct ExplainJob {
    worker: Worker,
    _handlers: Handlers,
}

impl Drop for ExplainJob {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// What finding a query gave: its ranking, `None` when the run lacks it,
/// or why it failed.
pub type Found = Result<Option<FoundQuery>, String>;

impl ExplainJob {
    /// Starts reading `run` for query `qid`; the outcome arrives through
    /// `on_done` (where no worker starts, the files are read on the page).
    pub fn start(
        files: &[LoadedFile],
        eval: &EvalRequest,
        run: &str,
        qid: &str,
        on_done: Callback<Found>,
    ) -> Option<ExplainJob> {
        let started = request(&Request::Explain {
            files: files.to_vec(),
            basis: eval.basis.clone(),
            run: run.to_string(),
            qid: qid.to_string(),
        })
        .and_then(|message| {
            let (worker, ready, warm_handlers) = take_worker()?;
            Ok((worker, ready, warm_handlers, message))
        });
        let Ok((worker, ready, warm_handlers, message)) = started else {
            let (files, options, run, qid) = (
                files.to_vec(),
                eval.options,
                run.to_string(),
                qid.to_string(),
            );
            wasm_bindgen_futures::spawn_local(async move {
                on_done.emit(find_here(files, options, &run, &qid).await);
            });
            return None;
        };
        let message = Rc::new(message);
        let on_message = {
            let (worker, on_done, message) = (worker.clone(), on_done.clone(), message.clone());
            Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
                match Reply::read(&e.data()) {
                    Reply::Ready => {
                        let _ = worker.post_message(&message);
                    }
                    Reply::Failed(why) => on_done.emit(Err(why)),
                    Reply::Found(found) => on_done.emit(found.map_err(|p| p.to_string())),
                    Reply::Progress(_) | Reply::Done(_) => {}
                }
            })
        };
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |e: ErrorEvent| {
            e.prevent_default();
            on_done.emit(Err(e.message()));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        drop(warm_handlers);
        if ready {
            let _ = worker.post_message(&message);
        }
        Some(ExplainJob {
            worker,
            _handlers: (on_message, on_error),
        })
    }
}

/// Big files read whole on the page (where no worker starts).
async fn read_texts(files: &[LoadedFile]) -> Result<Vec<Rc<str>>, String> {
    let mut texts = Vec::with_capacity(files.len());
    for f in files {
        texts.push(match &f.big {
            None => f.text.clone(),
            Some(big) => {
                let blob = crate::big_files::blobs::get(&big.key)
                    .ok_or_else(|| format!("{} is no longer readable; load it again", f.name))?;
                JsFuture::from(blob.text())
                    .await
                    .ok()
                    .and_then(|t| t.as_string())
                    .ok_or_else(|| format!("{} could not be read", f.name))?
                    .into()
            }
        });
    }
    Ok(texts)
}

/// Opens files from their texts read on the page.
fn text_opener<'a>(
    files: &'a [LoadedFile],
    texts: &'a [Rc<str>],
) -> impl FnMut(&LoadedFile, u64) -> Box<dyn ByteSource + 'a> + 'a {
    move |f: &LoadedFile, from: u64| -> Box<dyn ByteSource + 'a> {
        let at = files.iter().position(|g| g.name == f.name).unwrap_or(0);
        Box::new(Ready::from_offset(texts[at].as_bytes(), from))
    }
}

/// [`find_query`] on the page.
async fn find_here(files: Vec<LoadedFile>, options: EvalOptions, run: &str, qid: &str) -> Found {
    let texts = read_texts(&files).await?;
    let mut open = text_opener(&files, &texts);
    find_query(&files, &mut open, &options, run, qid)
        .await
        .map_err(|p| p.to_string())
}

/// How many workers share the files: one per core (at most four) when a
/// big TREC run is worth splitting, else one.
pub fn worker_count(files: &[LoadedFile]) -> usize {
    let roles = crate::shared::evaluation::file_roles(files);
    let splittable = roles.runs.iter().any(|(f, k)| {
        f.big.as_ref().is_some_and(|b| b.bytes >= 32 << 20)
            && k.format == crate::shared::evaluation::InputFormat::Trec
    });
    if !splittable {
        return 1;
    }
    most_workers()
}

/// One worker per core, at most four.
fn most_workers() -> usize {
    (gloo::utils::window().navigator().hardware_concurrency() as usize).clamp(1, 4)
}

/// Evaluates on the page, for where no worker starts: big files are read
/// whole (asynchronously), then evaluated as the worker would.
pub async fn evaluate_here(
    files: Vec<LoadedFile>,
    eval: EvalRequest,
) -> Result<SourceResults, String> {
    let texts = read_texts(&files).await?;
    let mut open = text_opener(&files, &texts);
    let part =
        evaluate_streamed(&files, &mut open, &eval.metrics, &eval.options, &mut |_| {}).await;
    Ok(part)
}
