//! `ranklab`: command line over Ranklab's metrics core.
#![forbid(unsafe_code)]

fn main() {
    eprintln!("ranklab: no command yet");
    std::process::exit(2);
}
