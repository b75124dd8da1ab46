//! Where the background evaluation of big files stands: a progress bar
//! (bytes read, queries evaluated) with Cancel, or what stopped it.

use yew::prelude::*;

use crate::big_files::file_results::JobStatus;
use crate::model::state::byte_size;
use crate::shared::evaluation::plural;

/// Props of [`JobStatusView`].
#[derive(Properties, PartialEq)]
pub struct JobStatusProps {
    /// The status.
    pub status: JobStatus,
    /// Stops the evaluation.
    pub on_cancel: Callback<()>,
    /// Starts it again.
    pub on_retry: Callback<()>,
}

/// The status line, or nothing when idle.
#[component]
pub fn JobStatusView(props: &JobStatusProps) -> Html {
    let cancel = {
        let cb = props.on_cancel.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let retry = {
        let cb = props.on_retry.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    match &props.status {
        JobStatus::Idle => html! {},
        JobStatus::Running(p) => {
            let what = if p.file.is_empty() {
                "Starting the evaluation of the files…".to_string()
            } else {
                format!(
                    "Reading {}: {} of {} read, {} evaluated.",
                    p.file,
                    byte_size(p.bytes_read),
                    byte_size(p.bytes_total),
                    plural(p.queries, "query", "queries")
                )
            };
            html! {
                <div class="job" data-testid="job-progress">
                    <progress aria-label="Files evaluated" max={ p.bytes_total.max(1).to_string() } value={ p.bytes_read.to_string() } />
                    <span class="job-text" data-testid="job-text">{ what }</span>
                    <button type="button" data-testid="job-cancel" onclick={ cancel }>{ "Cancel" }</button>
                </div>
            }
        }
        JobStatus::Cancelled => html! {
            <div class="job" role="status" data-testid="job-cancelled">
                <span class="job-text">{ "The evaluation of the files was cancelled: their results are not shown." }</span>
                <button type="button" data-testid="job-retry" onclick={ retry }>{ "Evaluate again" }</button>
            </div>
        },
        JobStatus::Failed(why) => html! {
            <div class="job field-error" role="alert" data-testid="job-failed">
                <span class="job-text">{ format!("The evaluation of the files stopped: {why}") }</span>
                <button type="button" data-testid="job-retry" onclick={ retry }>{ "Try again" }</button>
            </div>
        },
    }
}
