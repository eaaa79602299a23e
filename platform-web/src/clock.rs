//! The world's clock in the page: `performance.now()` through the one function the
//! module imports (`env.sprig_now_ms`), in microseconds; elsewhere (the crate's tests)
//! `std::time::Instant`.

/// Microseconds since the page (or the process) started, wrapping like the world's
/// clock does.
pub fn now_us() -> u32 {
    (now_ms() * 1000.0) as u64 as u32
}

#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    #[link(wasm_import_module = "env")]
    extern "C" {
        fn sprig_now_ms() -> f64;
    }
    // SAFETY: the page's script provides `env.sprig_now_ms`, `() => performance.now()`:
    // no argument, no memory touched, a number returned.
    #[allow(unsafe_code)]
    unsafe {
        sprig_now_ms()
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn now_ms() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1000.0
}
