//! Emulated display controllers for the integration tests: each decodes the byte stream
//! a driver sends on the real bus (SPI with chip-select and data/command pins, or I²C)
//! into the controller's memory, and shows that memory as the module's glass would, so
//! a test can compare what a person would see with the simulator's render.
//!
//! - [`dcs`]: MIPI DCS controllers (ST7789, ILI9341) on SPI, as `mipidsi` drives them.
//! - [`ssd1306`]: the SSD1306 monochrome OLED on I²C, as the `ssd1306` crate drives it.
//! - [`Frame`]: a plain framebuffer, for the glass as seen and for reference renders.

#![allow(dead_code)]

pub mod dcs;
pub mod ssd1306;

use std::convert::Infallible;
use std::fmt::Debug;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::PixelColor;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;

/// A `width × height` picture, row by row.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame<C> {
    pub size: Size,
    pub pixels: Vec<C>,
}

impl<C: PixelColor> Frame<C> {
    /// A picture filled with `color`.
    pub fn new(size: Size, color: C) -> Self {
        Frame {
            size,
            pixels: vec![color; (size.width * size.height) as usize],
        }
    }

    /// The pixel at `(x, y)`.
    pub fn at(&self, x: u32, y: u32) -> C {
        self.pixels[(y * self.size.width + x) as usize]
    }

    /// The same picture with each pixel through `f`.
    pub fn map<D: PixelColor>(&self, f: impl Fn(C) -> D) -> Frame<D> {
        Frame {
            size: self.size,
            pixels: self.pixels.iter().map(|&c| f(c)).collect(),
        }
    }

    /// The picture whose pixel `(x, y)` is this one's `at(x, y)` of size `size`.
    pub fn remap(&self, size: Size, at: impl Fn(u32, u32) -> (u32, u32)) -> Frame<C> {
        let mut pixels = Vec::with_capacity((size.width * size.height) as usize);
        for y in 0..size.height {
            for x in 0..size.width {
                let (sx, sy) = at(x, y);
                pixels.push(self.at(sx, sy));
            }
        }
        Frame { size, pixels }
    }

    /// Mirrored left to right.
    pub fn mirrored(&self) -> Frame<C> {
        let w = self.size.width;
        self.remap(self.size, |x, y| (w - 1 - x, y))
    }

    /// Turned by 180°.
    pub fn upside_down(&self) -> Frame<C> {
        let (w, h) = (self.size.width, self.size.height);
        self.remap(self.size, |x, y| (w - 1 - x, h - 1 - y))
    }

    /// The pixels that differ from `other`: `(x, y, self's, other's)`.
    pub fn differences(&self, other: &Frame<C>) -> Vec<(u32, u32, C, C)> {
        assert_eq!(self.size, other.size, "pictures of different sizes");
        let mut out = Vec::new();
        for y in 0..self.size.height {
            for x in 0..self.size.width {
                let (a, b) = (self.at(x, y), other.at(x, y));
                if a != b {
                    out.push((x, y, a, b));
                }
            }
        }
        out
    }
}

impl<C: PixelColor> OriginDimensions for Frame<C> {
    fn size(&self) -> Size {
        self.size
    }
}

impl<C: PixelColor> DrawTarget for Frame<C> {
    type Color = C;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<C>>,
    {
        let screen = Rectangle::new(Point::zero(), self.size);
        for Pixel(p, color) in pixels {
            if screen.contains(p) {
                self.pixels[(p.y as u32 * self.size.width + p.x as u32) as usize] = color;
            }
        }
        Ok(())
    }
}

/// A clock at 1 MHz that moves on by 10 ticks at every `now()` and jumps to a deadline
/// when asked to wait.
pub struct SteppingClock(pub u64);

impl sprig_mcu::Clock for SteppingClock {
    fn now(&mut self) -> u64 {
        self.0 += 10;
        self.0
    }

    fn ticks_per_second(&self) -> u64 {
        1_000_000
    }

    fn wait_until(&mut self, deadline: u64) {
        self.0 = self.0.max(deadline);
    }
}
