//! The files' results as the page shows them: evaluated at once on the
//! page when every file is held as text, in workers ([`FilesJob`]) with
//! progress and Cancel when one is big.

use std::cell::RefCell;
use std::rc::Rc;

use yew::{hook, use_effect_with, use_memo, use_mut_ref, use_state, Callback, UseStateHandle};

use crate::big_files::files_job::{evaluate_here, worker_count, FilesJob, JobEvent};
use crate::model::state::LoadedFile;
use crate::settings::request::EvalRequest;
use crate::shared::evaluation::Progress;
use crate::shared::evaluation::{describe_files, evaluate_files, file_roles, SourceResults};
use crate::shared::first_module::FIRST;

/// The files and the request a result was computed for.
type ResultKey = Rc<(Vec<LoadedFile>, EvalRequest)>;

/// Where the evaluation of big files stands.
#[derive(Debug, Clone, PartialEq)]
pub enum JobStatus {
    /// Nothing runs (no big file, or the results are in).
    Idle,
    /// Workers are reading and evaluating.
    Running(Progress),
    /// The user stopped it.
    Cancelled,
    /// It stopped on its own (why).
    Failed(String),
}

/// The files' results as the page shows them.
#[derive(Clone, PartialEq)]
pub struct FileResults {
    /// The results (while workers run: only the list of files).
    pub part: Rc<SourceResults>,
    /// Milliseconds from request to results.
    pub millis: f64,
    /// Where a big-file evaluation stands.
    pub status: JobStatus,
    /// Stops the running evaluation.
    pub cancel: Callback<()>,
    /// Starts it again.
    pub retry: Callback<()>,
}

fn now() -> f64 {
    gloo::utils::window().performance().map_or(0.0, |p| p.now())
}

/// The hook's state, shared by the effect and the workers' callbacks.
#[derive(Clone)]
struct Jobs {
    /// The running job (dropping it stops its workers).
    job: Rc<RefCell<Option<FilesJob>>>,
    /// Number of the latest request: events of older ones are ignored.
    current: Rc<RefCell<u32>>,
    status: UseStateHandle<JobStatus>,
    /// Results of the latest request with their time, and the files and
    /// settings they were computed for: results are shown only with those
    /// (after a change, until the new ones arrive, none are).
    result: UseStateHandle<Option<(Rc<SourceResults>, f64, ResultKey)>>,
    /// Bumped to evaluate again.
    rerun: UseStateHandle<u32>,
    /// Set when a split run proved ungrouped: the next request uses one worker.
    one_worker: Rc<RefCell<bool>>,
    /// The files and settings the user cancelled: they are not evaluated
    /// again until Evaluate again (or a change of files or settings). Cancel
    /// can be clicked before the effect that starts the job has run (the
    /// button shows as soon as the files change), so the start that follows
    /// must not undo it.
    cancelled: Rc<RefCell<Option<ResultKey>>>,
}

impl Jobs {
    /// Stops what runs and, if a file is big, starts evaluating in workers.
    fn start(&self, files: &[LoadedFile], eval: &EvalRequest) {
        self.job.borrow_mut().take();
        *self.current.borrow_mut() += 1;
        self.result.set(None);
        let same = |k: &ResultKey| k.0 == files && k.1 == *eval;
        if self.cancelled.borrow().as_ref().is_some_and(same) {
            self.status.set(JobStatus::Cancelled);
            return;
        }
        // Other files or another request: the Cancel no longer applies.
        self.cancelled.borrow_mut().take();
        if !files.iter().any(|f| f.big.is_some()) {
            self.status.set(JobStatus::Idle);
            return;
        }
        self.status.set(JobStatus::Running(Progress::default()));
        let shards = if std::mem::take(&mut *self.one_worker.borrow_mut()) {
            1
        } else {
            worker_count(files)
        };
        let on_event = self.on_event(*self.current.borrow(), now(), files, eval);
        match FilesJob::start(files, eval, shards, on_event.clone()) {
            Ok(j) => *self.job.borrow_mut() = Some(j),
            Err(_) => on_event.emit(JobEvent::Unavailable),
        }
    }

    fn done(&self, id: u32, outcome: Result<Rc<SourceResults>, String>, t0: f64, key: ResultKey) {
        if *self.current.borrow() != id {
            return;
        }
        match outcome {
            Ok(part) => {
                self.result.set(Some((part, now() - t0, key)));
                self.status.set(JobStatus::Idle);
            }
            Err(why) => self.status.set(JobStatus::Failed(why)),
        }
    }

    fn on_event(
        &self,
        id: u32,
        t0: f64,
        files: &[LoadedFile],
        eval: &EvalRequest,
    ) -> Callback<JobEvent> {
        let me = self.clone();
        let (files, eval) = (files.to_vec(), eval.clone());
        let key: ResultKey = Rc::new((files.clone(), eval.clone()));
        Callback::from(move |e: JobEvent| {
            if *me.current.borrow() != id {
                return;
            }
            match e {
                JobEvent::Progress(p) => me.status.set(JobStatus::Running(p)),
                JobEvent::Done(part) => {
                    me.done(id, Ok(part), t0, key.clone());
                    // The workers' memory goes back once they end (after this message).
                    let job = me.job.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        job.borrow_mut().take();
                    });
                }
                JobEvent::Failed(why) => me.done(id, Err(why), t0, key.clone()),
                JobEvent::Ungrouped => {
                    *me.one_worker.borrow_mut() = true;
                    me.rerun.set(*me.rerun + 1);
                }
                JobEvent::Unavailable => {
                    let (me, files, eval) = (me.clone(), files.clone(), eval.clone());
                    let key = key.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        let outcome = evaluate_here(files, eval).await.map(Rc::new);
                        me.done(id, outcome, t0, key);
                    });
                }
            }
        })
    }

    fn cancel(&self, key: ResultKey) {
        *self.cancelled.borrow_mut() = Some(key);
        self.job.borrow_mut().take();
        *self.current.borrow_mut() += 1;
        self.status.set(JobStatus::Cancelled);
    }
}

/// The files evaluated for `eval`: at once on the page when all are held
/// as text, in workers (with progress and Cancel) when one is big. Only a
/// new request (a setting that changes values) or other files evaluate
/// again: the statistics settings are not part of the request.
#[hook]
pub fn use_file_results(files: &[LoadedFile], eval: &EvalRequest) -> FileResults {
    // The same empty results every render (a new value would evaluate
    // everything after it again at each keystroke).
    let no_files = use_memo((), |_| SourceResults::default());
    if FIRST {
        // The first module hands files over (it never holds any).
        return FileResults {
            part: no_files,
            millis: 0.0,
            status: JobStatus::Idle,
            cancel: Callback::noop(),
            retry: Callback::noop(),
        };
    }
    let big = files.iter().any(|f| f.big.is_some());
    let whole = use_memo((files.to_vec(), eval.clone()), |(files, eval)| {
        let t0 = now();
        if files.iter().any(|f| f.big.is_some()) {
            let mut part = SourceResults::default();
            describe_files(files, &file_roles(files), &mut part);
            (Rc::new(part), 0.0)
        } else {
            (
                Rc::new(evaluate_files(files, &eval.metrics, &eval.options)),
                now() - t0,
            )
        }
    });
    let jobs = Jobs {
        job: use_mut_ref(|| None),
        current: use_mut_ref(|| 0),
        status: use_state(|| JobStatus::Idle),
        result: use_state(|| None),
        rerun: use_state(|| 0),
        one_worker: use_mut_ref(|| false),
        cancelled: use_mut_ref(|| None),
    };
    {
        let jobs = jobs.clone();
        use_effect_with(
            (files.to_vec(), eval.clone(), *jobs.rerun),
            move |(files, eval, _)| jobs.start(files, eval),
        );
    }
    let cancel = {
        let jobs = jobs.clone();
        let key: ResultKey = Rc::new((files.to_vec(), eval.clone()));
        Callback::from(move |_: ()| jobs.cancel(key.clone()))
    };
    let retry = {
        let (rerun, cancelled) = (jobs.rerun.clone(), jobs.cancelled.clone());
        Callback::from(move |_: ()| {
            cancelled.borrow_mut().take();
            rerun.set(*rerun + 1)
        })
    };
    // Results computed for other files or settings are never shown: between
    // a change and the effect that starts the new evaluation, the last
    // results are stale (their measures may not even be the current ones).
    let current = |key: &ResultKey| key.0 == files && key.1 == *eval;
    let (part, millis, stale) = match (&*jobs.result, big) {
        (Some((part, ms, key)), true) if current(key) => (part.clone(), *ms, false),
        (_, true) => (whole.0.clone(), whole.1, true),
        _ => (whole.0.clone(), whole.1, false),
    };
    let status = match &*jobs.status {
        JobStatus::Idle if stale => JobStatus::Running(Progress::default()),
        other => other.clone(),
    };
    FileResults {
        part,
        millis,
        status,
        cancel,
        retry,
    }
}
