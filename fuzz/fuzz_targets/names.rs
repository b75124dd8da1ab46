//! Measure names: no panic, and every name that parses round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ranklab_core::MeasureRequest;
use ranklab_core::Metric;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(m) = text.parse::<Metric>() {
        let again: Metric = m.to_string().parse().expect("a printed name parses");
        assert_eq!(again.to_string(), m.to_string());
    }
    let _ = MeasureRequest::parse(&text.split('\n').collect::<Vec<_>>()).map(|r| r.items());
});
