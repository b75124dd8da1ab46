//! The first module (the `first` feature, see
//! `ranklab_app::shared::first_module`): the calculate door of a first
//! visit. An address it cannot open is handed to the whole app before
//! anything renders.
#![forbid(unsafe_code)]

use ranklab_app::shell::handover::{hand_over, keep_app, needs_whole, Handover};

fn main() {
    ranklab_app::shell::panic_notice::install();
    if needs_whole() {
        hand_over(Handover::Open);
        return;
    }
    ranklab_app::shell::offline::register_service_worker();
    let app = yew::Renderer::<ranklab_app::app::App>::new().render();
    keep_app(move || app.destroy());
}
