//! The u8g2 font collection through the `u8g2-fonts` crate: its `FontRenderer` measures
//! a glyph and draws it into a [`GlyphMask`].

use embedded_graphics::geometry::Point;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::primitives::Rectangle;
use u8g2_fonts::types::{FontColor, VerticalPosition};
use u8g2_fonts::FontRenderer;

use super::mono::MaskTarget;
use super::GlyphMask;

/// A font of the u8g2 collection, made in a `const`:
///
/// ```
/// use sprig::render::font::{Font, U8g2Font};
/// use u8g2_fonts::fonts::u8g2_font_helvB12_tr;
///
/// static HELV_B12: U8g2Font = U8g2Font::new::<u8g2_font_helvB12_tr>();
/// let font = Font::from(&HELV_B12);
/// // Proportional: an 'i' is narrower than an 'M'.
/// assert!(font.advance('i') < font.advance('M'));
/// ```
///
/// Characters the font lacks are skipped (drawn as nothing, no advance).
#[derive(Debug)]
pub struct U8g2Font {
    renderer: FontRenderer,
    data_len: u32,
}

impl U8g2Font {
    /// The font `F` of `u8g2_fonts::fonts`.
    pub const fn new<F: u8g2_fonts::Font>() -> Self {
        U8g2Font {
            renderer: FontRenderer::new::<F>().with_ignore_unknown_chars(true),
            data_len: F::DATA.len() as u32,
        }
    }

    pub(crate) fn data_len(&self) -> u32 {
        self.data_len
    }

    pub(crate) fn line_height(&self) -> u32 {
        self.renderer.get_default_line_height()
    }

    pub(crate) fn advance(&self, c: char) -> i32 {
        self.renderer
            .get_rendered_dimensions(c, Point::zero(), VerticalPosition::Top)
            .map_or(0, |d| d.advance.x)
    }

    /// The font's bounding box: where any glyph's pixels can be, from the pen at a
    /// line's top.
    pub(crate) fn bounds(&self) -> Rectangle {
        self.renderer.get_font_bounding_box(VerticalPosition::Top)
    }

    /// Decodes a glyph into the frame of the font's bounding box, with one lookup.
    pub(crate) fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        let frame = self.bounds();
        mask.reset(
            frame.top_left.x,
            frame.top_left.y,
            frame.size.width,
            frame.size.height,
        );
        let mut target = MaskTarget {
            mask,
            origin: frame.top_left,
        };
        let drawn = self.renderer.render(
            c,
            Point::zero(),
            VerticalPosition::Top,
            FontColor::Transparent(BinaryColor::On),
            &mut target,
        );
        matches!(drawn, Ok(d) if d.bounding_box.is_some())
    }
}
