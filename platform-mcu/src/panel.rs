//! Displays as the runner sees them: a [`Panel`] takes a rectangle of pixels, which is
//! all a flush of damaged regions needs.
//!
//! A display driver implements [`Panel`] when it can address a window of its memory
//! (the SSD0323 here, `mipidsi` panels behind the `mipidsi` feature, SSD1306 OLEDs
//! behind the `ssd1306` feature). A display that is only an `embedded-graphics`
//! `DrawTarget` (a buffered driver, a LED matrix) goes through [`FullFrame`]: every
//! frame is drawn whole through its `DrawTarget`, then its own flush is called.

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{Dimensions, OriginDimensions, Size};
use embedded_graphics::pixelcolor::PixelColor;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;

use crate::clock::Clock;

/// A display that accepts a rectangle of pixels at a time.
pub trait Panel {
    /// The colour the panel's memory holds.
    type Color: PixelColor;
    /// What a bus transfer can fail with.
    type Error;

    /// Whether the runner may send only the damaged rectangles. `false` for
    /// [`FullFrame`], which redraws the whole screen every frame.
    const PARTIAL: bool = true;

    /// The panel's size in pixels.
    fn size(&self) -> Size;

    /// Writes `pixels` (row by row, left to right) into `area`. The runner only asks for
    /// areas inside the screen, with exactly `width × height` pixels.
    fn write_rect<I>(&mut self, area: &Rectangle, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Self::Color>;

    /// Called once after each frame's rectangles: a display that buffers sends its
    /// buffer here. Does nothing by default.
    fn finish_frame(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// The fallback for a display that is only a `DrawTarget`: every frame is drawn whole,
/// then `flush` (for example a buffered driver's `flush`) runs.
pub struct FullFrame<D, F> {
    display: D,
    flush: F,
}

impl<D, F> FullFrame<D, F>
where
    D: DrawTarget + OriginDimensions,
    F: FnMut(&mut D) -> Result<(), D::Error>,
{
    /// Wraps `display`; `flush` runs after each frame (pass `|_| Ok(())` when drawing is
    /// already visible).
    pub fn new(display: D, flush: F) -> Self {
        FullFrame { display, flush }
    }

    /// The display, back.
    pub fn into_inner(self) -> D {
        self.display
    }
}

impl<D, F> Panel for FullFrame<D, F>
where
    D: DrawTarget + OriginDimensions,
    F: FnMut(&mut D) -> Result<(), D::Error>,
{
    type Color = D::Color;
    type Error = D::Error;
    const PARTIAL: bool = false;

    fn size(&self) -> Size {
        self.display.size()
    }

    fn write_rect<I>(&mut self, area: &Rectangle, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Self::Color>,
    {
        self.display.fill_contiguous(area, pixels)
    }

    fn finish_frame(&mut self) -> Result<(), Self::Error> {
        (self.flush)(&mut self.display)
    }
}

/// The `DrawTarget` the renderer draws onto during a frame: passes each tile to the
/// panel and adds up the clock ticks spent inside the panel (the flush).
pub(crate) struct Flushing<'a, P, K> {
    pub(crate) panel: &'a mut P,
    pub(crate) clock: &'a mut K,
    pub(crate) flush_ticks: u64,
}

impl<P: Panel, K: Clock> Dimensions for Flushing<'_, P, K> {
    fn bounding_box(&self) -> Rectangle {
        Rectangle::new(
            embedded_graphics::geometry::Point::zero(),
            self.panel.size(),
        )
    }
}

impl<P: Panel, K: Clock> DrawTarget for Flushing<'_, P, K> {
    type Color = P::Color;
    type Error = P::Error;

    /// Single pixels become 1×1 rectangles; the renderer itself only sends whole tiles.
    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Self::Color>>,
    {
        let screen = self.bounding_box();
        for Pixel(at, color) in pixels {
            if screen.contains(at) {
                self.fill_contiguous(&Rectangle::new(at, Size::new(1, 1)), [color])?;
            }
        }
        Ok(())
    }

    fn fill_contiguous<I>(&mut self, area: &Rectangle, colors: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Self::Color>,
    {
        let started = self.clock.now();
        let result = self.panel.write_rect(area, colors);
        self.flush_ticks += self.clock.now().wrapping_sub(started);
        result
    }
}

/// A panel borrowed for the runner, so that it can live in a `static`.
impl<P: Panel> Panel for &mut P {
    type Color = P::Color;
    type Error = P::Error;
    const PARTIAL: bool = P::PARTIAL;

    fn size(&self) -> Size {
        (**self).size()
    }

    fn write_rect<I>(&mut self, area: &Rectangle, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Self::Color>,
    {
        (**self).write_rect(area, pixels)
    }

    fn finish_frame(&mut self) -> Result<(), Self::Error> {
        (**self).finish_frame()
    }
}
