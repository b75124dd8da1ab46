//! Mounts the Ranklab app on the page's body.
#![forbid(unsafe_code)]

fn main() {
    yew::Renderer::<ranklab_app::app::App>::new().render();
}
