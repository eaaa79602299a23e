//! Any arguments given to the simulator's command line (split at NUL bytes): a usage
//! error or options within their documented ranges, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprig_sim::Options;

fuzz_target!(|data: &[u8]| {
    let args = data
        .split(|&b| b == 0)
        .map(|arg| String::from_utf8_lossy(arg).into_owned());
    if let Ok(options) = Options::try_parse_from(std::iter::once("app".to_owned()).chain(args)) {
        if let Some(scale) = options.scale {
            assert!((1..=16).contains(&scale), "scale {scale}");
        }
        assert!((1..=16).contains(&options.png_scale()));
        assert!(
            options.hold_seconds.is_finite() && options.hold_seconds >= 0.0,
            "hold {}",
            options.hold_seconds
        );
    }
});
