//! Fixed-cell fonts in Sprig's own layout: the fast source for monospaced text. Every
//! glyph is a `width × height` cell, its rows packed bit after bit, glyphs one after the
//! other in character order, so a glyph is found by a multiplication and decoded a row
//! at a time (an `embedded-graphics` mono font can only be read a pixel at a time), in
//! as many bytes as the mono font's own image.

use super::GlyphMask;

/// Whether [`CellFont::decode`] reads each row of a narrow glyph from a 4-byte load: on
/// a 32-bit core, where the 128-bit shifts of the whole-glyph window cost dozens of
/// instructions a row.
const WORD_ROWS: bool = cfg!(target_pointer_width = "32");

/// A monospaced font of fixed cells for a contiguous range of characters.
///
/// `data` holds the glyphs of `first..=last` in order, each `height` rows of `width`
/// bits (at most 56), all packed one after the other, least significant bit of each
/// byte first, the leftmost pixel of a row first: bit `i` of the stream is bit `i % 8`
/// of byte `i / 8` (so a row is a shift and a mask of a little-endian load).
/// [`CellFont::cells_of_mono`] is not `const` (a mono font's pixels can only be read at run
/// time), so ready-made ones of `embedded-graphics`' ASCII fonts are in
/// [`fonts`](super::fonts); the test `text_cell_fonts` checks them pixel for pixel.
///
/// ```
/// use sprig::render::font::{CellFont, Font, GlyphMask};
///
/// // Two 3 × 2 glyphs: '0' rows 111 and 101, '1' rows 010 and 010: the 12 bits
/// // 1111 0101 0010, least significant bit first in each byte.
/// static TINY: CellFont = CellFont {
///     first: '0',
///     last: '1',
///     width: 3,
///     height: 2,
///     spacing: 1,
///     replacement: '0',
///     data: &[0b1010_1111, 0b0000_0100],
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
        let width = usize::from(self.width);
        if width == 0 || width > 56 {
            return false;
        }
        let height = mask.height as usize;
        let start = index * width * usize::from(self.height);
        let rows = mask.rows.get_mut(..height).unwrap_or(&mut []);
        self.decode(start, width, rows, WORD_ROWS) != 0
    }

    /// The rows of the glyph whose first bit is `start`, `width` bits each, into `rows`;
    /// their bits or'd together. `word_rows`: each row from a 4-byte load when it fits
    /// one (what a 32-bit core does, [`WORD_ROWS`]), else from a wider window.
    fn decode(&self, start: usize, width: usize, rows: &mut [u64], word_rows: bool) -> u64 {
        let mut any = 0;
        if word_rows && width <= 25 {
            let keep = u32::MAX >> (32 - width);
            for (r, bits) in rows.iter_mut().enumerate() {
                let bit = start + r * width;
                let window = u32::from_le_bytes(load::<4>(self.data, bit / 8));
                *bits = u64::from((window >> (bit % 8)) & keep);
                any |= *bits;
            }
            return any;
        }
        let keep = u64::MAX >> (64 - width);
        if width * rows.len() + 7 <= 128 {
            // The whole glyph in one 16-byte little-endian load.
            let window = load::<16>(self.data, start / 8);
            let window = u128::from_le_bytes(window) >> (start % 8);
            for (r, bits) in rows.iter_mut().enumerate() {
                *bits = (window >> (r * width)) as u64 & keep;
                any |= *bits;
            }
        } else {
            for (r, bits) in rows.iter_mut().enumerate() {
                let bit = start + r * width;
                let window = u64::from_le_bytes(load::<8>(self.data, bit / 8));
                *bits = (window >> (bit % 8)) & keep;
                any |= *bits;
            }
        }
        any
    }

    /// The cells of an `embedded-graphics` mono font for the characters
    /// `first..=last`, written into `data` (which must hold
    /// `ceil((last − first + 1) · height · width / 8)` bytes); the bytes used, or `None`
    /// if `data` is too short or the font wider than 56 pixels. For generating tables;
    /// not `const`.
    pub fn cells_of_mono(
        font: &embedded_graphics::mono_font::MonoFont<'_>,
        first: char,
        last: char,
        data: &mut [u8],
    ) -> Option<usize> {
        let (w, h) = (font.character_size.width, font.character_size.height);
        if w > 56 || last < first {
            return None;
        }
        let count = last as usize - first as usize + 1;
        let need = (count * (w * h) as usize).div_ceil(8);
        let out = data.get_mut(..need)?;
        out.fill(0);
        let mut mask = GlyphMask::default();
        let mut bit = 0usize;
        for c in first..=last {
            super::mono::glyph(font, c, &mut mask);
            for row in 0..h as usize {
                let bits = mask.rows.get(row).copied().unwrap_or(0);
                for column in 0..w as usize {
                    if bits >> column & 1 == 1 {
                        if let Some(byte) = out.get_mut(bit / 8) {
                            *byte |= 1 << (bit % 8);
                        }
                    }
                    bit += 1;
                }
            }
        }
        Some(need)
    }
}

/// `N` bytes of `data` from `at`, zeros past its end.
fn load<const N: usize>(data: &[u8], at: usize) -> [u8; N] {
    if let Some(Ok(bytes)) = data.get(at..at + N).map(<[u8; N]>::try_from) {
        return bytes;
    }
    let mut out = [0u8; N];
    if let Some(bytes) = data.get(at..) {
        for (o, b) in out.iter_mut().zip(bytes) {
            *o = *b;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::fonts::*;

    /// A 32-bit core's rows (a 4-byte load each) are the 64-bit host's (one wide window
    /// or an 8-byte load each), for every glyph of every ready-made font, at every
    /// height a glyph may be cut to.
    #[test]
    fn rows_read_a_word_at_a_time_are_the_window_s_rows() {
        let fonts = [
            &FONT_4X6,
            &FONT_5X8,
            &FONT_6X10,
            &FONT_7X13,
            &FONT_9X15,
            &FONT_10X20,
        ];
        let mut words = 0;
        for font in fonts {
            let (width, height) = (usize::from(font.width), usize::from(font.height));
            let count = font.last as usize - font.first as usize + 1;
            for index in 0..count {
                let start = index * width * height;
                let (mut by_word, mut by_window) = ([0u64; 32], [0u64; 32]);
                let a = font.decode(start, width, &mut by_word[..height], true);
                let b = font.decode(start, width, &mut by_window[..height], false);
                assert_eq!(
                    (a, by_word),
                    (b, by_window),
                    "glyph {index} of {width}x{height}"
                );
                words += usize::from(a != 0);
            }
        }
        assert!(words > 500, "{words} glyphs with ink");
    }
}
