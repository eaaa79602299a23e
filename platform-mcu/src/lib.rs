//! Microcontroller runner and board support for Sprig apps.
//!
//! Empty for now: the frame runner, the SSD0323 driver for QEMU's `lm3s6965evb` and the
//! real-board firmware arrive with issue 6. The crate already builds `no_std` so the
//! workspace layout is final.
#![no_std]
#![forbid(unsafe_code)]

pub use sprig;
