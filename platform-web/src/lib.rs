//! Runs Sprig apps in a web page: the world and the renderer in WebAssembly
//! (`wasm32-unknown-unknown`), the panel on an HTML canvas.
//!
//! The renderer flushes into a [`Screen`], an RGBA framebuffer in the panel's look
//! (coloured by `sprig_sim::present::panel_rgb`, as the simulator's PNGs and window
//! are), and the page's script (`web/sprig.js`) copies the flushed rectangles onto the
//! canvas with `putImageData`, enlarged by CSS (`image-rendering: pixelated`). The mouse
//! and touch become touch 0, the keyboard the board's keys ([`keys`], as in the desktop
//! window), frames are paced by `requestAnimationFrame` with the time since the last as
//! the engine's `dt`, and a replay file (the simulator's `--record` format, read by
//! `sprig_sim::Recording`) reproduces a recorded run frame for frame.
//!
//! **Plain exports, no `wasm-bindgen`.** The module exports a dozen `extern "C"`
//! functions of numbers and pointers ([`exports`]) and imports one
//! (`env.sprig_now_ms`, for the phase times); `sprig.js` is about 250 lines of plain
//! JavaScript. `wasm-bindgen` would need its command-line tool at exactly the crate's
//! version (minutes to build in CI) and add glue to the module; this needs only `rustc`
//! and keeps the module small.
//!
//! An app is an [`App`] (any world and renderer make one with [`Session`]); a module
//! holds its apps behind a [`Factory`] and exports them with [`export_apps!`]. The
//! repository's example apps are this crate's example `sprig-apps`, which
//! `cargo xtask web` builds into a page; `docs/web.md` in the repository explains how to
//! build, serve and embed it.
#![deny(unsafe_code)]

mod app;
mod clock;
pub mod exports;
mod host;
pub mod keys;
mod screen;

pub use app::{App, FrameFigures, Session};
pub use host::{Factory, Host, Step};
pub use screen::{Screen, MAX_RECTS};

/// Exports a module's apps: `export_apps!(factory)` with `factory` a [`Factory`] defines
/// `sprig_start`, which starts the app named in the inbox. The other exports are this
/// crate's ([`exports`]).
///
/// ```
/// use sprig_web::{export_apps, App, BinaryColorTheme};
///
/// fn apps(name: &str, _theme: BinaryColorTheme) -> Option<Box<dyn App>> {
///     match name {
///         // "my-app" => Some(Box::new(Session::new(world, renderer, size, background, theme))),
///         _ => None,
///     }
/// }
/// export_apps!(apps);
/// ```
#[macro_export]
macro_rules! export_apps {
    ($factory:path) => {
        /// Starts the app named in the inbox: 0, or -1 with the reason in the outbox.
        #[no_mangle]
        pub extern "C" fn sprig_start() -> i32 {
            $crate::exports::start($factory)
        }
    };
}

pub use sprig_sim::BinaryColorTheme;
