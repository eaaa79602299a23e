//! Fonts of your own: `const` tables of 1-bit glyphs (see `docs/text.md`, "Your own
//! bitmap font").

use super::GlyphMask;

/// One glyph of a [`BitmapFont`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BitmapGlyph {
    /// The character.
    pub ch: char,
    /// Where the glyph's rows start in [`BitmapFont::data`], in bytes.
    pub offset: u32,
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Pixels from the pen to the glyph's left column.
    pub left: i8,
    /// Pixels from the line's top to the glyph's top row.
    pub top: i8,
    /// How far the pen moves after the glyph, in pixels.
    pub advance: u8,
}

/// A font of 1-bit glyphs given as `const` tables: each glyph's rows are
/// `ceil(width / 8)` bytes each, the leftmost pixel in the most significant bit, one
/// row after the other from [`BitmapGlyph::offset`].
///
/// ```
/// use sprig::render::font::{BitmapFont, BitmapGlyph, Font, GlyphMask};
///
/// // A 3 × 3 plus sign, and a space.
/// static PLUS: BitmapFont = BitmapFont {
///     glyphs: &[
///         BitmapGlyph { ch: ' ', offset: 0, width: 0, height: 0, left: 0, top: 0, advance: 4 },
///         BitmapGlyph { ch: '+', offset: 0, width: 3, height: 3, left: 0, top: 1, advance: 4 },
///     ],
///     data: &[0b0100_0000, 0b1110_0000, 0b0100_0000],
///     line_height: 5,
///     replacement: '+',
/// };
/// let font = Font::from(&PLUS);
/// let mut mask = GlyphMask::default();
/// assert!(font.glyph('+', &mut mask));
/// assert!(mask.get(1, 0) && mask.get(0, 1) && !mask.get(0, 0));
/// assert_eq!(font.text_width("+ +"), 12);
/// ```
#[derive(Debug)]
pub struct BitmapFont {
    /// The glyphs, sorted by character (looked up by binary search).
    pub glyphs: &'static [BitmapGlyph],
    /// The glyphs' rows.
    pub data: &'static [u8],
    /// The distance between two lines' tops, in pixels.
    pub line_height: u8,
    /// The character drawn for one the font lacks.
    pub replacement: char,
}

impl BitmapFont {
    fn find(&self, c: char) -> Option<&BitmapGlyph> {
        let at = |c: char| {
            self.glyphs
                .binary_search_by(|g| g.ch.cmp(&c))
                .ok()
                .and_then(|i| self.glyphs.get(i))
        };
        at(c).or_else(|| at(self.replacement))
    }

    /// The rows any glyph covers, from a line's top: (first, last + 1).
    pub(crate) fn rows(&self) -> (i32, i32) {
        let mut extent = (0, 0);
        for g in self.glyphs {
            extent.0 = extent.0.min(i32::from(g.top));
            extent.1 = extent.1.max(i32::from(g.top) + i32::from(g.height));
        }
        extent
    }

    pub(crate) fn advance(&self, c: char) -> i32 {
        self.find(c).map_or(0, |g| i32::from(g.advance))
    }

    pub(crate) fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        let Some(g) = self.find(c) else {
            mask.reset(0, 0, 0, 0);
            return false;
        };
        mask.reset(
            i32::from(g.left),
            i32::from(g.top),
            u32::from(g.width),
            u32::from(g.height),
        );
        let stride = usize::from(g.width).div_ceil(8);
        let height = mask.height as usize;
        for (row, bits) in mask.rows.iter_mut().take(height).enumerate() {
            let start = g.offset as usize + row * stride;
            let Some(bytes) = self.data.get(start..start + stride) else {
                break;
            };
            // Most significant bit first in the data, column k at bit k in the mask.
            let mut word = [0u8; 8];
            for (w, b) in word.iter_mut().zip(bytes) {
                *w = *b;
            }
            *bits =
                u64::from_be_bytes(word).reverse_bits() & (u64::MAX >> (64 - g.width.clamp(1, 64)));
        }
        mask.width > 0 && mask.height > 0
    }
}
