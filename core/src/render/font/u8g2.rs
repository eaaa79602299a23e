//! The u8g2 font collection through the `u8g2-fonts` crate, which supplies the fonts'
//! data and their metrics (`FontRenderer`). Glyphs are looked up and decoded here,
//! straight from the font's data into a [`GlyphMask`], a run of set pixels at a time:
//! `u8g2-fonts` decodes only into an `embedded-graphics` `DrawTarget`, a pixel per
//! call, which made a Sprig label 2.5× slower than the crate's own renderer. The
//! format (u8g2's `u8g2_font_decode_glyph`): a 23-byte header, then for each glyph
//! its code, the distance to the next glyph and an LSB-first bit stream of its size,
//! offsets and advance followed by run-length pairs (zeros, ones, and a bit that
//! repeats the pair). The tests check every glyph of several fonts against
//! `u8g2-fonts`' renderer, pixel for pixel.

use embedded_graphics::primitives::Rectangle;
use u8g2_fonts::types::VerticalPosition;
use u8g2_fonts::FontRenderer;

use super::{GlyphMask, MAX_GLYPH_SIZE};

/// The header's length in bytes.
const HEADER: usize = 23;

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
    data: &'static [u8],
    /// Where the bit stream of each printable ASCII glyph starts (`' '` to `'~'`),
    /// found when the font is made (in a `const`, so it costs 190 bytes of flash and
    /// no time): u8g2 finds a glyph by walking the glyphs before it, and a label asks
    /// for each character's advance and pixels. [`ABSENT`] for a glyph the font lacks,
    /// [`WALK`] for one too far into the data to note here.
    ascii: [u16; 95],
}

/// In [`U8g2Font::ascii`]: the font has no such glyph.
const ABSENT: u16 = 0;
/// In [`U8g2Font::ascii`]: look the glyph up by walking.
const WALK: u16 = u16::MAX;

/// Byte `at` of `data`, 0 past its end (a `const fn`, so no `get`).
const fn byte_of(data: &[u8], at: usize) -> u8 {
    if at < data.len() {
        data[at]
    } else {
        0
    }
}

/// Bytes `at`, `at + 1` of `data` as a big-endian number.
const fn offset_of(data: &[u8], at: usize) -> usize {
    (byte_of(data, at) as usize) << 8 | byte_of(data, at + 1) as usize
}

/// [`U8g2Font::find`] for a code up to 255, as a `const fn`.
const fn find_byte(data: &[u8], code: u8) -> u16 {
    let mut at = HEADER;
    if code >= b'a' {
        at += offset_of(data, 19);
    } else if code >= b'A' {
        at += offset_of(data, 17);
    }
    loop {
        if at + 1 >= data.len() {
            return ABSENT;
        }
        if data[at] == code {
            let start = at + 2;
            return if start < WALK as usize {
                start as u16
            } else {
                WALK
            };
        }
        if data[at + 1] == 0 {
            return ABSENT;
        }
        at += data[at + 1] as usize;
    }
}

/// The table of [`U8g2Font::ascii`].
const fn ascii_table(data: &[u8]) -> [u16; 95] {
    let mut table = [ABSENT; 95];
    let mut i = 0;
    while i < table.len() {
        table[i] = find_byte(data, 0x20 + i as u8);
        i += 1;
    }
    table
}

/// A glyph's header: its box from the pen at the baseline, its advance, and where its
/// run-length pairs start.
struct Glyph {
    width: u32,
    height: u32,
    /// Columns from the pen to the glyph's left edge.
    x: i32,
    /// Rows from the baseline up to the glyph's bottom edge.
    y: i32,
    advance: i32,
    bits: Bits,
}

/// An LSB-first bit reader: `count` bits of `pending` not yet read, then `data` from
/// byte `next`.
struct Bits {
    data: &'static [u8],
    next: usize,
    pending: u32,
    count: u8,
}

impl Bits {
    /// A reader from byte `start` of `data`.
    fn new(data: &'static [u8], start: usize) -> Self {
        Bits {
            data,
            next: start,
            pending: 0,
            count: 0,
        }
    }

    /// The next `count` bits (at most 8) as an unsigned number; `None` past the data
    /// (and for a wider field, which no u8g2 font has).
    #[inline]
    fn unsigned(&mut self, count: u8) -> Option<u32> {
        if count > 8 {
            return None;
        }
        if self.count < count {
            // At most 7 bits pending: one more byte holds any 8.
            let byte = *self.data.get(self.next)?;
            self.pending |= u32::from(byte) << self.count;
            self.next += 1;
            self.count += 8;
        }
        let value = self.pending & ((1u32 << count) - 1);
        self.pending >>= count;
        self.count -= count;
        Some(value)
    }

    /// The next `count` bits as u8g2's offset-binary signed number.
    fn signed(&mut self, count: u8) -> Option<i32> {
        let raw = self.unsigned(count)? as i32;
        Some(raw - (1i32 << count.saturating_sub(1)))
    }
}

impl U8g2Font {
    /// The font `F` of `u8g2_fonts::fonts`.
    pub const fn new<F: u8g2_fonts::Font>() -> Self {
        U8g2Font {
            renderer: FontRenderer::new::<F>().with_ignore_unknown_chars(true),
            data: F::DATA,
            ascii: ascii_table(F::DATA),
        }
    }

    pub(crate) fn data_len(&self) -> u32 {
        self.data.len() as u32
    }

    pub(crate) fn line_height(&self) -> u32 {
        self.renderer.get_default_line_height()
    }

    /// Header byte `at`.
    fn byte(&self, at: usize) -> u8 {
        byte_of(self.data, at)
    }

    /// Header bytes `at`, `at + 1` as a big-endian number.
    fn offset(&self, at: usize) -> usize {
        offset_of(self.data, at)
    }

    /// Where the bit stream of `c`'s glyph starts, as u8g2 finds it: for codes up to
    /// 255 a walk along the glyphs from the first, the first `'A'` or the first `'a'`;
    /// above, a jump table to the block holding the code, then a walk.
    fn find(&self, c: char) -> Option<usize> {
        let code = u16::try_from(u32::from(c)).ok()?;
        if let Some(&start) = (code as usize)
            .checked_sub(0x20)
            .and_then(|i| self.ascii.get(i))
        {
            match start {
                ABSENT => return None,
                WALK => {}
                start => return Some(usize::from(start)),
            }
        }
        let data = self.data;
        if code <= 255 {
            let mut at = HEADER;
            if code >= u16::from(b'a') {
                at += self.offset(19);
            } else if code >= u16::from(b'A') {
                at += self.offset(17);
            }
            loop {
                if u16::from(*data.get(at)?) == code {
                    return Some(at + 2);
                }
                match *data.get(at + 1)? {
                    0 => return None,
                    jump => at += usize::from(jump),
                }
            }
        }
        let table = HEADER + self.offset(21);
        let mut entry = table;
        let mut at = table;
        loop {
            let jump = usize::from(u16::from_be_bytes([
                *data.get(entry)?,
                *data.get(entry + 1)?,
            ]));
            let last = u16::from_be_bytes([*data.get(entry + 2)?, *data.get(entry + 3)?]);
            at += jump;
            entry += 4;
            if last >= code {
                break;
            }
        }
        loop {
            let found = u16::from_be_bytes([*data.get(at)?, *data.get(at + 1)?]);
            if found == 0 {
                return None;
            }
            if found == code {
                return Some(at + 3);
            }
            match *data.get(at + 2)? {
                0 => return None,
                jump => at += usize::from(jump),
            }
        }
    }

    /// The header of `c`'s glyph.
    fn glyph_header(&self, c: char) -> Option<Glyph> {
        let start = self.find(c)?;
        let mut bits = Bits::new(self.data, start);
        Some(Glyph {
            width: bits.unsigned(self.byte(4))?,
            height: bits.unsigned(self.byte(5))?,
            x: bits.signed(self.byte(6))?,
            y: bits.signed(self.byte(7))?,
            advance: bits.signed(self.byte(8))?,
            bits,
        })
    }

    pub(crate) fn advance(&self, c: char) -> i32 {
        self.glyph_header(c).map_or(0, |g| g.advance)
    }

    /// The font's bounding box: where any glyph's pixels can be, from the pen at a
    /// line's top.
    pub(crate) fn bounds(&self) -> Rectangle {
        self.renderer.get_font_bounding_box(VerticalPosition::Top)
    }

    /// A line's baseline from its top: the ascent plus one, as `u8g2-fonts` places
    /// `VerticalPosition::Top`.
    fn baseline(&self) -> i32 {
        i32::from(self.byte(13) as i8) + 1
    }

    /// Decodes a glyph into `mask`, in the glyph's own box; false when the font has no
    /// pixels for it.
    pub(crate) fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        self.glyph_above(c, mask, i32::MAX)
    }

    /// [`glyph`](Self::glyph), decoding only the rows above row `end` of the line (from
    /// its top): the rows below stay empty. The label's blitter passes the bottom of the
    /// region being redrawn, so that a glyph cut by a tile's bottom edge stops decoding
    /// there (the runs are read from the glyph's start, so rows above cannot be skipped).
    pub(crate) fn glyph_above(&self, c: char, mask: &mut GlyphMask, end: i32) -> bool {
        let Some(mut g) = self.glyph_header(c) else {
            mask.reset(0, 0, 0, 0);
            return false;
        };
        mask.reset(
            g.x,
            self.baseline() - (g.y + g.height as i32),
            g.width,
            g.height,
        );
        if g.width == 0 || g.height == 0 {
            return false;
        }
        let (zeros_bits, ones_bits) = (self.byte(2), self.byte(3));
        let width = g.width as usize;
        // The glyph's rows that are decoded.
        let height = (end.saturating_sub(mask.top).max(0) as usize).min(g.height as usize);
        let (mut row, mut column) = (0usize, 0usize);
        let (Some(mut zeros), Some(mut ones)) =
            (g.bits.unsigned(zeros_bits), g.bits.unsigned(ones_bits))
        else {
            return true;
        };
        loop {
            column += zeros as usize;
            while column >= width {
                column -= width;
                row += 1;
            }
            // The run of ones, a row's part at a time.
            let mut left = ones as usize;
            while left > 0 && row < height {
                let n = left.min(width - column);
                if column < MAX_GLYPH_SIZE as usize {
                    let n = n.min(MAX_GLYPH_SIZE as usize - column);
                    if let Some(bits) = mask.rows.get_mut(row) {
                        *bits |= (u64::MAX >> (64 - n)) << column;
                    }
                }
                column += n;
                left -= n;
                if column == width {
                    column = 0;
                    row += 1;
                }
            }
            if row >= height {
                break;
            }
            match g.bits.unsigned(1) {
                Some(1) => {}
                Some(_) => match (g.bits.unsigned(zeros_bits), g.bits.unsigned(ones_bits)) {
                    (Some(z), Some(o)) => (zeros, ones) = (z, o),
                    _ => break,
                },
                None => break,
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    //! Every glyph of several fonts, decoded here and drawn by `u8g2-fonts`, pixel for
    //! pixel, with the same advance.

    extern crate std;

    use core::convert::Infallible;
    use std::collections::BTreeSet;

    use embedded_graphics::geometry::{OriginDimensions, Point, Size};
    use embedded_graphics::pixelcolor::BinaryColor;
    use embedded_graphics::prelude::DrawTarget;
    use embedded_graphics::Pixel;
    use u8g2_fonts::types::FontColor;

    use super::*;

    /// Records the pixels drawn.
    struct Pixels(BTreeSet<(i32, i32)>);

    impl OriginDimensions for Pixels {
        fn size(&self) -> Size {
            Size::new(1024, 1024)
        }
    }

    impl DrawTarget for Pixels {
        type Color = BinaryColor;
        type Error = Infallible;

        fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
            &mut self,
            pixels: I,
        ) -> Result<(), Infallible> {
            for Pixel(p, _) in pixels {
                self.0.insert((p.x, p.y));
            }
            Ok(())
        }
    }

    fn check(font: &U8g2Font, reference: &FontRenderer) -> usize {
        let mut glyphs = 0;
        let mut mask = GlyphMask::default();
        for code in (0x20..0x3000u32).filter_map(char::from_u32) {
            let mut expected = Pixels(BTreeSet::new());
            let drawn = reference
                .render(
                    code,
                    Point::new(100, 100),
                    VerticalPosition::Top,
                    FontColor::Transparent(BinaryColor::On),
                    &mut expected,
                )
                .map_or(None, |d| d.bounding_box);
            let advance = reference
                .get_rendered_dimensions(code, Point::zero(), VerticalPosition::Top)
                .map_or(0, |d| d.advance.x);
            assert_eq!(font.advance(code), advance, "{code:?}");
            assert_eq!(font.glyph(code, &mut mask), drawn.is_some(), "{code:?}");
            let mut got = BTreeSet::new();
            for row in 0..mask.height as i32 {
                for column in 0..mask.width as i32 {
                    if mask.get(column, row) {
                        got.insert((100 + mask.left + column, 100 + mask.top + row));
                    }
                }
            }
            assert_eq!(got, expected.0, "{code:?}");
            glyphs += usize::from(drawn.is_some());
        }
        glyphs
    }

    macro_rules! fonts {
        ($($font:ident),*) => {{
            let mut glyphs = 0;
            $({
                static FONT: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::$font>();
                let reference = FontRenderer::new::<u8g2_fonts::fonts::$font>()
                    .with_ignore_unknown_chars(true);
                glyphs += check(&FONT, &reference);
            })*
            glyphs
        }};
    }

    #[test]
    fn every_glyph_matches_u8g2_fonts() {
        let glyphs = fonts!(
            u8g2_font_helvR08_tr,
            u8g2_font_helvB12_tr,
            u8g2_font_logisoso32_tn,
            u8g2_font_6x10_tf,
            u8g2_font_unifont_t_symbols,
            u8g2_font_10x20_t_cyrillic,
            u8g2_font_logisoso50_tn
        );
        // Printable ASCII in the first four, more in the others: the count proves the
        // fonts were read at all.
        assert!(glyphs > 900, "{glyphs} glyphs");
    }
}
