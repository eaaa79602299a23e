//! Sprig apps written once and run on every platform.
//!
//! The library is `no_std` and allocates nothing: the simulator binaries (`showcase`,
//! `breakout`, `hello`, behind the default `sim` feature), the board firmware under
//! `boards/` and the browser build (`sprig-web`, without the `sim` feature) build the
//! same scenes from it. Trigonometry goes through `sprig::sin_cos_degrees` on
//! every platform, so a frame on the board matches the simulator's pixel for pixel.
#![no_std]
#![forbid(unsafe_code)]

pub mod breakout;
pub mod hello;
pub mod showcase;

pub use showcase::{build_showcase, Layout, ShowcaseScene, ShowcaseWorld, SHOWCASE_NODES};

/// The showcase's own panel size: a 128×64 OLED.
pub const SHOWCASE_SIZE: embedded_graphics::geometry::Size =
    embedded_graphics::geometry::Size::new(128, 64);

/// The showcase's frame rate; headless and emulated runs step by exactly `1 / 30` s.
pub const SHOWCASE_FPS: u32 = 30;

/// The showcase's fixed time step in seconds, the same value on every platform.
pub const SHOWCASE_DT: f32 = 1.0 / SHOWCASE_FPS as f32;

/// The showcase's renderer on its own 128×64 4-bit grey OLED: a 1024-pixel tile buffer,
/// 16 damage rectangles, no shadow. The simulator and the emulated board both use it.
pub type ShowcaseOledRenderer = sprig::render::Renderer<
    embedded_graphics::pixelcolor::Gray4,
    { showcase::SHOWCASE_NODES },
    1024,
>;

/// The showcase's renderer on an RGB565 colour panel (the simulator's `--panel color`
/// and the real boards): a 4 096-pixel (8 KiB) tile buffer, 16 damage rectangles.
pub type ShowcaseColorRenderer = sprig::render::Renderer<
    embedded_graphics::pixelcolor::Rgb565,
    { showcase::SHOWCASE_NODES },
    4096,
>;
