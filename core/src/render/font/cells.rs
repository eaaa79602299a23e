//! Fixed-cell fonts in Sprig's own layout: the fast source for monospaced text. Every
//! glyph is a `width × height` cell of whole bytes per row, glyphs one after the other
//! in character order, so a glyph is found by a subtraction and decoded a row at a time
//! (an `embedded-graphics` mono font can only be read a pixel at a time).

use super::GlyphMask;

/// A monospaced font of fixed cells for a contiguous range of characters.
///
/// `data` holds the glyphs of `first..=last` in order; each glyph is `height` rows of
/// `ceil(width / 8)` bytes, the leftmost pixel in the most significant bit.
/// [`CellFont::from_mono`] is not `const` (a mono font's pixels can only be read at run
/// time), so ready-made ones of `embedded-graphics`' ASCII fonts are in
/// [`fonts`](super::fonts); the test `text_cell_fonts` checks them pixel for pixel.
///
/// ```
/// use sprig::render::font::{CellFont, Font, GlyphMask};
///
/// // Two 3 × 2 glyphs: '0' a box outline, '1' a bar.
/// static TINY: CellFont = CellFont {
///     first: '0',
///     last: '1',
///     width: 3,
///     height: 2,
///     spacing: 1,
///     replacement: '0',
///     data: &[0b1110_0000, 0b1010_0000, 0b0100_0000, 0b0100_0000],
/// };
/// let mut mask = GlyphMask::default();
/// assert!(Font::from(&TINY).glyph('1', &mut mask));
/// assert_eq!((mask.rows[0], mask.rows[1]), (0b010, 0b010));
/// assert_eq!(Font::from(&TINY).text_width("0110"), 15);
/// ```
#[derive(Debug)]
pub struct CellFont {
    /// The first character.
    pub first: char,
    /// The last character.
    pub last: char,
    /// Columns of a cell.
    pub width: u8,
    /// Rows of a cell (and the line height).
    pub height: u8,
    /// Pixels between two cells.
    pub spacing: u8,
    /// The character drawn for one outside `first..=last`.
    pub replacement: char,
    /// The cells.
    pub data: &'static [u8],
}

impl CellFont {
    fn index(&self, c: char) -> Option<usize> {
        let at = |c: char| {
            (self.first..=self.last)
                .contains(&c)
                .then(|| c as usize - self.first as usize)
        };
        at(c).or_else(|| at(self.replacement))
    }

    pub(crate) fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        mask.reset(0, 0, u32::from(self.width), u32::from(self.height));
        let Some(index) = self.index(c) else {
            return false;
        };
        let stride = usize::from(self.width).div_ceil(8);
        let start = index * stride * usize::from(self.height);
        let keep = u64::MAX >> (64 - u32::from(self.width).clamp(1, 64));
        let height = mask.height as usize;
        let Some(cell) = self.data.get(start..start + stride * height) else {
            return false;
        };
        let mut any = 0;
        if stride == 1 {
            for (bits, byte) in mask.rows.iter_mut().zip(cell) {
                *bits = u64::from(byte.reverse_bits()) & keep;
                any |= *bits;
            }
        } else {
            for (bits, bytes) in mask.rows.iter_mut().zip(cell.chunks(stride)) {
                let mut word = [0u8; 8];
                for (w, b) in word.iter_mut().zip(bytes) {
                    *w = *b;
                }
                *bits = u64::from_be_bytes(word).reverse_bits() & keep;
                any |= *bits;
            }
        }
        any != 0
    }

    /// This font's cells read from an `embedded-graphics` mono font, for the
    /// characters `first..=last`, into `data` (which must hold
    /// `(last − first + 1) · height · ceil(width / 8)` bytes); `None` if it does not,
    /// or the font is wider than 64 pixels. For generating tables; not `const`.
    pub fn cells_of_mono(
        font: &embedded_graphics::mono_font::MonoFont<'_>,
        first: char,
        last: char,
        data: &mut [u8],
    ) -> Option<usize> {
        let (w, h) = (font.character_size.width, font.character_size.height);
        if w > 64 || last < first {
            return None;
        }
        let stride = w.div_ceil(8) as usize;
        let count = last as usize - first as usize + 1;
        let need = count * stride * h as usize;
        let out = data.get_mut(..need)?;
        out.fill(0);
        let mut mask = GlyphMask::default();
        for (i, c) in (first..=last).enumerate() {
            super::mono::glyph(font, c, &mut mask);
            for row in 0..h as usize {
                let bits = mask.rows.get(row).copied().unwrap_or(0);
                for column in 0..w as usize {
                    if bits >> column & 1 == 1 {
                        let at = (i * h as usize + row) * stride + column / 8;
                        if let Some(byte) = out.get_mut(at) {
                            *byte |= 0x80 >> (column % 8);
                        }
                    }
                }
            }
        }
        Some(need)
    }
}
