//! `embedded-graphics` mono fonts: a glyph is a cell of the font's glyph image, copied
//! into a [`GlyphMask`] through the image's own pixel iterator (its `GetPixel` walks the
//! image from the start for every pixel).

use core::convert::Infallible;

use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::image::{Image, ImageDrawableExt};
use embedded_graphics::mono_font::MonoFont;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::{DrawTarget, Drawable};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;

use super::GlyphMask;

/// A draw target that records set pixels into a mask, relative to its origin.
pub(crate) struct MaskTarget<'m> {
    pub(crate) mask: &'m mut GlyphMask,
    pub(crate) origin: Point,
}

impl OriginDimensions for MaskTarget<'_> {
    fn size(&self) -> Size {
        Size::new(super::MAX_GLYPH_SIZE, super::MAX_GLYPH_SIZE)
    }
}

impl DrawTarget for MaskTarget<'_> {
    type Color = BinaryColor;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = Pixel<BinaryColor>>,
    {
        for Pixel(p, c) in pixels {
            if c.is_on() {
                self.mask.set(p.x - self.origin.x, p.y - self.origin.y);
            }
        }
        Ok(())
    }

    fn fill_contiguous<I>(&mut self, area: &Rectangle, colors: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = BinaryColor>,
    {
        let width = area.size.width.max(1);
        let (x0, y0) = (
            area.top_left.x - self.origin.x,
            area.top_left.y - self.origin.y,
        );
        let (mut column, mut row) = (0u32, 0i32);
        for c in colors {
            if c.is_on() {
                self.mask.set(x0 + column as i32, y0 + row);
            }
            column += 1;
            if column == width {
                column = 0;
                row += 1;
            }
        }
        Ok(())
    }
}

/// Decodes the glyph of `c` (the font's replacement glyph for an unknown one).
pub(crate) fn glyph(font: &MonoFont<'_>, c: char, mask: &mut GlyphMask) -> bool {
    let size = font.character_size;
    mask.reset(0, 0, size.width, size.height);
    if c == ' ' || size.width == 0 || size.height == 0 {
        return false;
    }
    let per_row = font.image.size().width / size.width;
    if per_row == 0 {
        return false;
    }
    let index = font.glyph_mapping.index(c) as u32;
    let (column, row) = (index % per_row, index / per_row);
    let cell = Rectangle::new(
        Point::new((column * size.width) as i32, (row * size.height) as i32),
        size,
    );
    let image = font.image.sub_image(&cell);
    let mut target = MaskTarget {
        mask,
        origin: Point::zero(),
    };
    let _ = Image::new(&image, Point::zero()).draw(&mut target);
    true
}
