//! Any text given to the replay-file parser: an error or a recording, never a panic; a
//! recording it accepts writes back to text it reads as the same recording.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprig_sim::Recording;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(recording) = Recording::parse(text) {
        let again = Recording::parse(&recording.to_text());
        assert_eq!(again.as_ref(), Ok(&recording), "round trip of {text:?}");
    }
});
