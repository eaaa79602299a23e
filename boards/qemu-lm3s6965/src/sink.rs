//! A 128×64 grey panel that takes the pixels and keeps none: what the measuring
//! firmwares (`src/bin/`) render into, so that they count the renderer, not a driver.

use core::convert::Infallible;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::pixelcolor::Gray4;
use embedded_graphics::prelude::{OriginDimensions, Size};
use embedded_graphics::Pixel;

/// The panel: 128×64, `Gray4`, every pixel dropped.
pub struct Sink;

impl OriginDimensions for Sink {
    fn size(&self) -> Size {
        Size::new(128, 64)
    }
}

impl DrawTarget for Sink {
    type Color = Gray4;
    type Error = Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Gray4>>>(&mut self, _: I) -> Result<(), Infallible> {
        Ok(())
    }
}
