//! The module's exports: plain `extern "C"` functions of numbers and pointers into the
//! module's memory, which `sprig.js` calls. Text goes through an inbox the script writes
//! in place (`sprig_inbox`) and an outbox it reads (`sprig_outbox`, the last error).
//!
//! Each returns at once; none panics on bad input (a bad name, replay or key is a
//! negative status and a sentence in the outbox).
// `#[no_mangle]` is what exports a function from the module; nothing here is otherwise
// unsafe.
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::host::{Factory, Host, Step};

thread_local! {
    static HOST: RefCell<Host> = RefCell::new(Host::default());
    static FIGURES: RefCell<[f64; 12]> = const { RefCell::new([0.0; 12]) };
    static RECTS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

fn with<T>(f: impl FnOnce(&mut Host) -> T) -> T {
    HOST.with(|host| f(&mut host.borrow_mut()))
}

/// 0 for `Ok`; -1 for `Err`, its sentence in the outbox.
fn status(host: &mut Host, result: Result<i32, String>) -> i32 {
    match result {
        Ok(n) => n,
        Err(e) => {
            host.outbox = e;
            -1
        }
    }
}

/// Starts the app named in the inbox with `factory`: what the `export_apps!` macro's
/// `sprig_start` calls. 0, or -1 with the reason in the outbox.
pub fn start(factory: Factory) -> i32 {
    with(|h| {
        let r = h.start(factory).map(|()| 0);
        status(h, r)
    })
}

/// Makes the inbox `len` bytes long and returns where the script writes them.
#[no_mangle]
pub extern "C" fn sprig_inbox(len: usize) -> *mut u8 {
    with(|h| {
        h.inbox.clear();
        h.inbox.resize(len, 0);
        h.inbox.as_mut_ptr()
    })
}

/// Where the outbox's text (UTF-8) starts.
#[no_mangle]
pub extern "C" fn sprig_outbox() -> *const u8 {
    with(|h| h.outbox.as_ptr())
}

/// The outbox's length in bytes.
#[no_mangle]
pub extern "C" fn sprig_outbox_len() -> usize {
    with(|h| h.outbox.len())
}

/// Sets the theme named in the inbox for the apps started next: 0, or -1.
#[no_mangle]
pub extern "C" fn sprig_theme() -> i32 {
    with(|h| {
        let r = h.set_theme().map(|()| 0);
        status(h, r)
    })
}

/// Loads the replay file in the inbox (empty: live input again): its frame count, or -1.
#[no_mangle]
pub extern "C" fn sprig_replay() -> i32 {
    with(|h| {
        let r = h
            .load_replay()
            .map(|n| i32::try_from(n).unwrap_or(i32::MAX));
        status(h, r)
    })
}

/// The running app's panel width in pixels (0 with no app).
#[no_mangle]
pub extern "C" fn sprig_width() -> u32 {
    with(|h| h.app().map_or(0, |a| a.size().width))
}

/// The running app's panel height in pixels (0 with no app).
#[no_mangle]
pub extern "C" fn sprig_height() -> u32 {
    with(|h| h.app().map_or(0, |a| a.size().height))
}

/// Where the panel's RGBA pixels start (`width × height × 4` bytes); null with no app.
#[no_mangle]
pub extern "C" fn sprig_pixels() -> *const u8 {
    with(|h| h.app().map_or(core::ptr::null(), |a| a.rgba().as_ptr()))
}

/// Queues a touch for the next live frame (phase 0 down, 1 move, 2 up, 3 cancel; panel
/// pixels from the top-left): 0, or -1.
#[no_mangle]
pub extern "C" fn sprig_touch(id: u32, phase: u32, x: f32, y: f32) -> i32 {
    with(|h| {
        let r = u8::try_from(id)
            .map_err(|_| format!("the touch id {id} is over 255"))
            .and_then(|id| h.touch(id, phase, x, y))
            .map(|()| 0);
        status(h, r)
    })
}

/// Queues the key whose `KeyboardEvent.code` is in the inbox (`pressed` 1 or 0): 1 when
/// it is a board key (the page then keeps the key from the browser), 0 otherwise.
#[no_mangle]
pub extern "C" fn sprig_key(pressed: u32) -> i32 {
    with(|h| i32::from(h.key(pressed != 0)))
}

/// Runs a frame (see [`Host::frame`]): the number of rectangles flushed (then
/// `sprig_rects`), -2 when the replay has ended, -1 on an error.
#[no_mangle]
pub extern "C" fn sprig_frame(dt_seconds: f32) -> i32 {
    with(|h| {
        let r = h.frame(dt_seconds).map(|step| match step {
            Step::Ran(n) => i32::try_from(n).unwrap_or(i32::MAX),
            Step::ReplayEnded => -2,
        });
        if let Some(app) = h.app() {
            RECTS.with(|rects| {
                let mut rects = rects.borrow_mut();
                rects.clear();
                rects.extend(app.rects().iter().flatten());
            });
        }
        let f = h.figures();
        FIGURES.with(|figures| {
            *figures.borrow_mut() = [
                f64::from(h.frames()),
                f64::from(f.tick_us),
                f64::from(f.render_us),
                f64::from(f.phases_us[0]),
                f64::from(f.phases_us[1]),
                f64::from(f.phases_us[2]),
                f64::from(f.phases_us[3]),
                f64::from(f.phases_us[4]),
                f.pixels_flushed as f64,
                f64::from(f.rects),
                f.bytes as f64,
                0.0,
            ];
        });
        status(h, r)
    })
}

/// The last frame's flushed rectangles: `x, y, width, height` (u32) each.
#[no_mangle]
pub extern "C" fn sprig_rects() -> *const u32 {
    RECTS.with(|rects| rects.borrow().as_ptr())
}

/// The last frame's figures, 12 f64: frames run, tick µs, render µs, the five phases' µs
/// (start, update, timers, late update, end of frame), pixels flushed, rectangles, bus
/// bytes, 0.
#[no_mangle]
pub extern "C" fn sprig_figures() -> *const f64 {
    FIGURES.with(|figures| figures.borrow().as_ptr())
}

/// The app's readout (the showcase's target in tenths of a degree, breakout's points);
/// `i32::MIN` when it has none.
#[no_mangle]
pub extern "C" fn sprig_readout() -> i32 {
    with(|h| h.app().and_then(|a| a.readout()).unwrap_or(i32::MIN))
}
