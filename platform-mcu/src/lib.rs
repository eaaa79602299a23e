//! Runs Sprig apps on microcontrollers: the same world and renderer the simulator runs,
//! on a display panel, a monotonic clock and an input source.
//!
//! - [`Runner`] runs frames: waits for the frame's slot, polls input, ticks the world,
//!   renders what changed and flushes only those rectangles to the panel.
//! - [`Panel`] is a display that takes a rectangle of pixels: [`ssd0323::Ssd0323`] (the
//!   emulated board's OLED), `mipidsi` displays with the `mipidsi` feature, SSD1306
//!   OLEDs with the `ssd1306` feature; any other `DrawTarget` through [`FullFrame`],
//!   redrawn whole.
//! - With the `async` feature, `AsyncRunner` runs frames under an async executor
//!   (`embassy-executor`), drawing each tile while the one before it goes out by DMA,
//!   on an `AsyncPanel` (MIPI DCS displays on an `embedded-hal-async` SPI device:
//!   `dcs_spi::DcsSpiPanel`).
//! - [`Clock`] and [`InputSource`] (with [`Buttons`] on GPIO pins) come from the board.
//! - With the `defmt` feature, the `log` module prints frame statistics and the lifecycle
//!   trace.
//!
//! The board crates under `boards/` put these together for QEMU's `lm3s6965evb`, a
//! Raspberry Pi Pico with an ST7789 and an STM32F411 with an ILI9341.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "async")]
pub mod async_runner;
pub mod clock;
#[cfg(feature = "async")]
pub mod dcs_spi;
pub mod input;
#[cfg(feature = "defmt")]
pub mod log;
#[cfg(feature = "mipidsi")]
pub mod mipidsi;
pub mod panel;
pub mod runner;
pub mod ssd0323;
#[cfg(feature = "ssd1306")]
pub mod ssd1306;

#[cfg(feature = "async")]
pub use async_runner::{AsyncClock, AsyncPanel, AsyncRunner};
pub use clock::Clock;
pub use input::{Buttons, Events, InputEvent, InputSource, NoInput, MAX_EVENTS};
pub use panel::{FullFrame, Panel};
pub use runner::{
    BusyMeter, BusySecond, FramePart, FrameReport, RunConfig, RunError, Runner, WorstFrames,
};
pub use sprig;
