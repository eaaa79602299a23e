//! A plain in-memory `DrawTarget` for renderer tests: one colour per pixel, and a record
//! of the rectangles that were written.

use core::convert::Infallible;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::PixelColor;
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;

/// A `width × height` framebuffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Framebuffer<C> {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Row-major pixels.
    pub pixels: Vec<C>,
    /// Every area passed to `fill_contiguous`, in order.
    pub writes: Vec<Rectangle>,
    /// Pixels written outside the screen (must stay 0).
    pub out_of_bounds: usize,
}

impl<C: PixelColor> Framebuffer<C> {
    /// A framebuffer filled with `color`.
    pub fn new(width: u32, height: u32, color: C) -> Self {
        Framebuffer {
            width,
            height,
            pixels: vec![color; (width * height) as usize],
            writes: Vec::new(),
            out_of_bounds: 0,
        }
    }

    /// The pixel at `(x, y)`.
    pub fn get(&self, x: u32, y: u32) -> C {
        self.pixels[(y * self.width + x) as usize]
    }

    fn set(&mut self, p: Point, color: C) {
        if p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height {
            self.pixels[(p.y as u32 * self.width + p.x as u32) as usize] = color;
        } else {
            self.out_of_bounds += 1;
        }
    }
}

impl<C: PixelColor> OriginDimensions for Framebuffer<C> {
    fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }
}

impl<C: PixelColor> DrawTarget for Framebuffer<C> {
    type Color = C;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = Pixel<C>>,
    {
        for Pixel(p, c) in pixels {
            self.set(p, c);
        }
        Ok(())
    }

    fn fill_contiguous<I>(&mut self, area: &Rectangle, colors: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = C>,
    {
        self.writes.push(*area);
        for (p, c) in area.points().zip(colors) {
            self.set(p, c);
        }
        Ok(())
    }
}
