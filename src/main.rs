//! Mounts the Ranklab app on the page's body and registers the service
//! worker that keeps it for offline use.
#![forbid(unsafe_code)]

fn main() {
    ranklab_app::shell::panic_notice::install();
    ranklab_app::shell::offline::register_service_worker();
    yew::Renderer::<ranklab_app::app::App>::new().render();
}
