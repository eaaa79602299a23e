//! Fonts for [`Label`](crate::render::Label): one [`Font`] value over four sources of
//! glyphs, each 1-bit glyph decoded into a [`GlyphMask`] that the label blits or samples,
//! an anti-aliased glyph's coverage blended as it is.
//!
//! - `embedded-graphics` mono fonts ([`Font::Mono`], e.g. `FONT_6X10`);
//! - the u8g2 collection through the `u8g2-fonts` crate ([`Font::U8g2`] over a
//!   [`U8g2Font`]; feature `u8g2`, on by default): proportional and monospaced fonts from
//!   4 to 60+ pixels, digit-only subsets for clocks;
//! - your own glyphs as a [`BitmapFont`] (`const` tables, see `docs/text.md`);
//! - anti-aliased glyphs of a TrueType file as an [`AaFont`] ([`Font::Aa`]), made at
//!   compile time by `sprig::font!` (feature `ttf`; see `docs/text.md`, "TrueType fonts").
//!
//! Text space, which every source uses: x to the right, y down, `(0, 0)` the top-left
//! corner of a line (its ascent included); a glyph's pixel `(column, row)` covers text
//! pixel `(pen + left + column, top + row)`.

mod aa;
mod bitmap;
mod cells;
#[rustfmt::skip]
pub mod fonts;
mod mono;
#[cfg(feature = "u8g2")]
mod u8g2;

pub(crate) use aa::{blit_glyph as blit_aa_glyph, sample_glyph as sample_aa_glyph};
pub use aa::{AaFont, AaGlyph, AaKern};
pub use bitmap::{BitmapFont, BitmapGlyph};
pub use cells::CellFont;
#[cfg(feature = "u8g2")]
pub use u8g2::U8g2Font;
#[cfg(feature = "u8g2")]
pub(crate) use u8g2::{DecodedRows, GlyphCursors, GlyphDecoder};

/// Where the decoding of glyphs stopped (u8g2 fonts only): nothing without them.
#[cfg(not(feature = "u8g2"))]
#[derive(Default)]
pub(crate) struct GlyphCursors {
    _nothing: (),
}

/// Where one glyph's decoding stopped (u8g2 fonts only): nothing without them.
#[cfg(not(feature = "u8g2"))]
#[derive(Clone, Copy, Default)]
pub(crate) struct GlyphDecoder {
    _nothing: (),
}

/// Glyphs decoded whole for a draw pass (u8g2 fonts only): nothing without them.
#[cfg(not(feature = "u8g2"))]
#[derive(Default)]
pub(crate) struct DecodedRows {
    _nothing: (),
}

#[cfg(not(feature = "u8g2"))]
impl DecodedRows {
    /// Nothing to drop.
    pub(crate) fn start_pass(&mut self, _pass: u32) {}
}

use embedded_graphics::geometry::OriginDimensions;
use embedded_graphics::mono_font::MonoFont;

use crate::render::fingerprint::Fingerprint;

/// The widest and tallest glyph a font may have, in pixels; larger glyphs are cut to it.
pub const MAX_GLYPH_SIZE: u32 = 64;

/// A font a [`Label`](crate::render::Label) draws with. `Copy`, a reference to a font
/// that lives in flash.
///
/// ```
/// use embedded_graphics::mono_font::ascii::FONT_6X10;
/// use sprig::render::font::Font;
///
/// let font = Font::from(&FONT_6X10);
/// assert_eq!(font.line_height(), 10);
/// assert_eq!(font.text_width("abc"), 18);
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub enum Font {
    /// An `embedded-graphics` mono font.
    Mono(&'static MonoFont<'static>),
    /// A font of the u8g2 collection.
    #[cfg(feature = "u8g2")]
    U8g2(&'static U8g2Font),
    /// A font of your own glyphs.
    Bitmap(&'static BitmapFont),
    /// A monospaced font of fixed cells, the fastest to draw.
    Cells(&'static CellFont),
    /// An anti-aliased font (`sprig::font!`): its coverage is blended onto what lies
    /// below; characters it lacks draw nothing and advance by a space.
    Aa(&'static AaFont),
}

impl From<&'static AaFont> for Font {
    fn from(font: &'static AaFont) -> Self {
        Font::Aa(font)
    }
}

impl From<&'static CellFont> for Font {
    fn from(font: &'static CellFont) -> Self {
        Font::Cells(font)
    }
}

/// An `embedded-graphics` mono font, drawn as it is (its cell version in [`fonts`], if
/// Sprig ships one, draws the same pixels faster).
impl From<&'static MonoFont<'static>> for Font {
    fn from(font: &'static MonoFont<'static>) -> Self {
        Font::Mono(font)
    }
}

#[cfg(feature = "u8g2")]
impl From<&'static U8g2Font> for Font {
    fn from(font: &'static U8g2Font) -> Self {
        Font::U8g2(font)
    }
}

impl From<&'static BitmapFont> for Font {
    fn from(font: &'static BitmapFont) -> Self {
        Font::Bitmap(font)
    }
}

/// Fonts are equal when they are the same font value.
impl PartialEq for Font {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Font::Mono(a), Font::Mono(b)) => core::ptr::eq(*a, *b),
            #[cfg(feature = "u8g2")]
            (Font::U8g2(a), Font::U8g2(b)) => core::ptr::eq(*a, *b),
            (Font::Bitmap(a), Font::Bitmap(b)) => core::ptr::eq(*a, *b),
            (Font::Cells(a), Font::Cells(b)) => core::ptr::eq(*a, *b),
            (Font::Aa(a), Font::Aa(b)) => core::ptr::eq(*a, *b),
            _ => false,
        }
    }
}

/// One glyph, decoded: its place relative to the pen and its pixels, one `u64` per row
/// (bit `k` is column `k`).
#[derive(Clone, Debug)]
pub struct GlyphMask {
    /// Pixels from the pen position to the glyph's left column (may be negative).
    pub left: i32,
    /// Pixels from the line's top to the glyph's top row.
    pub top: i32,
    /// Columns (at most [`MAX_GLYPH_SIZE`]).
    pub width: u32,
    /// Rows (at most [`MAX_GLYPH_SIZE`]).
    pub height: u32,
    /// The rows; only the first `height` count.
    pub rows: [u64; MAX_GLYPH_SIZE as usize],
}

impl Default for GlyphMask {
    fn default() -> Self {
        GlyphMask {
            left: 0,
            top: 0,
            width: 0,
            height: 0,
            rows: [0; MAX_GLYPH_SIZE as usize],
        }
    }
}

/// A decoded glyph's place relative to the pen and its rows, borrowed from where it
/// was decoded (a [`GlyphMask`] or a pass's kept rows): bit `k` of a row is column `k`.
#[derive(Clone, Copy)]
pub(crate) struct GlyphRows<'r> {
    /// Pixels from the pen position to the glyph's left column.
    pub(crate) left: i32,
    /// Pixels from the line's top to the glyph's top row.
    pub(crate) top: i32,
    /// Columns (at most [`MAX_GLYPH_SIZE`]).
    pub(crate) width: u32,
    /// The rows, from the top.
    pub(crate) rows: &'r [u64],
}

impl GlyphRows<'_> {
    /// A glyph of no pixels.
    #[cfg_attr(not(feature = "u8g2"), allow(dead_code))]
    pub(crate) const EMPTY: GlyphRows<'static> = GlyphRows {
        left: 0,
        top: 0,
        width: 0,
        rows: &[],
    };
}

impl GlyphMask {
    /// The glyph's place and rows.
    pub(crate) fn as_rows(&self) -> GlyphRows<'_> {
        GlyphRows {
            left: self.left,
            top: self.top,
            width: self.width,
            rows: self.rows.get(..self.height as usize).unwrap_or(&self.rows),
        }
    }

    /// Whether pixel `(column, row)` of the glyph is set (false outside it).
    pub fn get(&self, column: i32, row: i32) -> bool {
        if column < 0 || column >= self.width as i32 || row < 0 {
            return false;
        }
        self.rows
            .get(row as usize)
            .is_some_and(|bits| bits >> column & 1 == 1)
            && (row as u32) < self.height
    }

    /// Sets pixel `(column, row)` if it is inside [`MAX_GLYPH_SIZE`].
    pub(crate) fn set(&mut self, column: i32, row: i32) {
        if (0..MAX_GLYPH_SIZE as i32).contains(&column) {
            if let Some(bits) = self.rows.get_mut(row.max(0) as usize) {
                *bits |= 1 << column;
            }
        }
    }

    /// An empty glyph of the given box (clamped to [`MAX_GLYPH_SIZE`]).
    pub(crate) fn reset(&mut self, left: i32, top: i32, width: u32, height: u32) {
        self.left = left;
        self.top = top;
        self.width = width.min(MAX_GLYPH_SIZE);
        self.height = height.min(MAX_GLYPH_SIZE);
        for row in self.rows.iter_mut().take(self.height as usize) {
            *row = 0;
        }
    }
}

impl Font {
    /// The distance between two lines' tops, in pixels.
    pub fn line_height(&self) -> u32 {
        match self {
            Font::Mono(f) => f.character_size.height,
            #[cfg(feature = "u8g2")]
            Font::U8g2(f) => f.line_height(),
            Font::Bitmap(f) => u32::from(f.line_height),
            Font::Cells(f) => u32::from(f.height),
            Font::Aa(f) => u32::from(f.line_height),
        }
    }

    /// How far a glyph's pixels may reach beyond its pen and its advance, in pixels: a
    /// line height (u8g2 glyphs overhang their advance by less), or further when an
    /// anti-aliased or bitmap font's table says so (the tables are public data, so a
    /// hand-built glyph may sit anywhere). The label's blitter skips a glyph only this
    /// far from the region being redrawn.
    pub(crate) fn reach(&self) -> i32 {
        let line = self.line_height() as i32;
        match self {
            Font::Aa(font) => overhang(
                font.glyphs
                    .iter()
                    .map(|g| (i32::from(g.left), i32::from(g.width), i32::from(g.advance))),
            )
            .max(line),
            Font::Bitmap(font) => overhang(
                font.glyphs
                    .iter()
                    .map(|g| (i32::from(g.left), i32::from(g.width), i32::from(g.advance))),
            )
            .max(line),
            _ => line,
        }
    }

    /// The rows any glyph can cover, from a line's top: `(first, last + 1)`. The
    /// blitter skips a line that cannot touch the region being redrawn.
    pub fn rows(&self) -> (i32, i32) {
        match self {
            Font::Mono(f) => (0, f.character_size.height as i32),
            #[cfg(feature = "u8g2")]
            Font::U8g2(f) => {
                let b = f.bounds();
                (b.top_left.y, b.top_left.y + b.size.height as i32)
            }
            Font::Bitmap(f) => f.rows(),
            Font::Cells(f) => (0, i32::from(f.height)),
            Font::Aa(f) => f.rows(),
        }
    }

    /// How far the pen moves after `c`, in pixels.
    pub fn advance(&self, c: char) -> i32 {
        match self {
            Font::Mono(f) => (f.character_size.width + f.character_spacing) as i32,
            #[cfg(feature = "u8g2")]
            Font::U8g2(f) => f.advance(c),
            Font::Bitmap(f) => f.advance(c),
            Font::Cells(f) => i32::from(f.width) + i32::from(f.spacing),
            Font::Aa(f) => f.advance(c),
        }
    }

    /// The kerning between `left` and `right`, in pixels: what the font adds to the
    /// pen's step from one to the other (negative: closer). Only an anti-aliased font
    /// made from a font with kerning has any ([`AaFont::kern`]); 0 for the others.
    pub fn kern(&self, left: char, right: char) -> i32 {
        match self {
            Font::Aa(f) => f.kern(left, right),
            _ => 0,
        }
    }

    /// The advance of every character of a monospaced font (mono and cell fonts).
    pub fn fixed_advance(&self) -> Option<i32> {
        match self {
            Font::Mono(f) => Some((f.character_size.width + f.character_spacing) as i32),
            Font::Cells(f) => Some(i32::from(f.width) + i32::from(f.spacing)),
            _ => None,
        }
    }

    /// The space a mono font leaves after each character, which a line's width does not
    /// count after its last one (0 for the other sources).
    pub(crate) fn trailing_space(&self) -> i32 {
        match self {
            Font::Mono(f) => f.character_spacing as i32,
            #[cfg(feature = "u8g2")]
            Font::U8g2(_) => 0,
            Font::Bitmap(_) | Font::Aa(_) => 0,
            Font::Cells(f) => i32::from(f.spacing),
        }
    }

    /// The width of one line of text in pixels: the advances and the kerning between
    /// them, less a mono font's spacing after the last character (as
    /// `embedded-graphics` measures it).
    pub fn text_width(&self, line: &str) -> i32 {
        // Saturating: a long enough line of wide glyphs is wider than an `i32`.
        let mut width = 0i32;
        if let Some(advance) = self.fixed_advance() {
            // Monospaced: count the characters (one pass over the bytes).
            let count = i32::try_from(line.chars().count()).unwrap_or(i32::MAX);
            width = advance.saturating_mul(count);
        } else if let Some(f) = self.kerned() {
            // The pen's steps, each kerned, then the last glyph's advance.
            let mut last: Option<(Option<usize>, i32)> = None;
            for c in line.chars() {
                let index = f.index_of(c);
                if let Some((previous, advance)) = last {
                    let kern = match (previous, index) {
                        (Some(l), Some(r)) => f.kern_indices(l, r),
                        _ => 0,
                    };
                    width = width.saturating_add(step(advance, kern));
                }
                last = Some((index, f.advance(c)));
            }
            if let Some((_, advance)) = last {
                width = width.saturating_add(advance);
            }
        } else {
            for c in line.chars() {
                width = width.saturating_add(self.advance(c));
            }
        }
        if width > 0 {
            width -= self.trailing_space();
        }
        width
    }

    /// Decodes the glyph of `c` (or the font's replacement glyph) into `mask`; false
    /// when the font has no pixels for it (a space). An anti-aliased glyph comes out as
    /// the pixels whose coverage is at least half.
    pub fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        match self {
            Font::Mono(f) => mono::glyph(f, c, mask),
            #[cfg(feature = "u8g2")]
            Font::U8g2(f) => f.glyph(c, mask),
            Font::Bitmap(f) => f.glyph(c, mask),
            Font::Cells(f) => f.glyph(c, mask),
            Font::Aa(f) => f.glyph(c, mask),
        }
    }

    /// A pointer-free fingerprint of the font: its metrics and the pixels of one probe
    /// glyph (`'A'`; an anti-aliased font's whole table and coverage, as its set may
    /// lack `'A'`), so that equal fonts hash alike in every build. Reads the font, so
    /// a label computes it once, when its font is set, not every frame.
    pub fn fingerprint(&self) -> u32 {
        let mut f = Fingerprint::new()
            .word(self.line_height())
            .word(self.advance('A') as u32)
            .word(self.advance('i') as u32);
        f = match self {
            Font::Mono(m) => f
                .word(0)
                .word(m.character_size.width)
                .word(m.character_spacing)
                .word(m.baseline)
                .word(m.image.size().width)
                .word(m.image.size().height),
            #[cfg(feature = "u8g2")]
            Font::U8g2(u) => f.word(1).word(u.data_len()),
            Font::Bitmap(b) => f.word(2).word(b.glyphs.len() as u32),
            Font::Cells(c) => f
                .word(3)
                .word(c.first as u32)
                .word(c.last as u32)
                .word(u32::from(c.width)),
            Font::Aa(a) => a.fingerprint(f),
        };
        let mut mask = GlyphMask::default();
        if self.glyph('A', &mut mask) {
            f = f
                .word(mask.left as u32)
                .word(mask.top as u32)
                .word(mask.width)
                .word(mask.height);
            for bits in mask.rows.iter().take(mask.height as usize) {
                f = f.word(*bits as u32).word((*bits >> 32) as u32);
            }
        }
        f.finish()
    }
}

impl Font {
    /// The anti-aliased font, if this is one with kerning pairs.
    pub(crate) fn kerned(&self) -> Option<&'static AaFont> {
        match self {
            Font::Aa(f) if !f.kerning.is_empty() => Some(f),
            _ => None,
        }
    }
}

/// The pen's step from one glyph to the next: the left glyph's `advance` plus the
/// pair's `kern`, never back past the left glyph's pen (at least 0 when kerned).
/// A glyph pixel's column or row found by sampling a scaled glyph (a product of 128
/// bits), as an `i32`: one too large for it is no pixel of any glyph (−1), never its
/// value wrapped into one. A node scaled down a hundred-thousandfold gives such values
/// for the pixels around a glyph.
pub(crate) fn glyph_index(v: i128) -> i32 {
    i32::try_from(v).unwrap_or(-1)
}

pub(crate) fn step(advance: i32, kern: i32) -> i32 {
    if kern == 0 {
        advance
    } else {
        advance.saturating_add(kern).max(0)
    }
}

/// The furthest any of `glyphs` (left offset, width, advance) reaches left of its pen or
/// right of its advance, in pixels.
fn overhang(glyphs: impl Iterator<Item = (i32, i32, i32)>) -> i32 {
    glyphs.fold(0, |reach, (left, width, advance)| {
        reach.max(-left).max(left + width - advance)
    })
}

#[cfg(test)]
mod glyph_index_tests {
    use super::glyph_index;

    #[test]
    fn an_index_beyond_i32_is_no_pixel_not_a_wrapped_one() {
        assert_eq!(glyph_index(3), 3);
        assert_eq!(glyph_index(-2), -2);
        // 2^32 + 3 would wrap to 3, a pixel of the glyph.
        assert_eq!(glyph_index((1i128 << 32) + 3), -1);
        assert_eq!(glyph_index(i128::MAX), -1);
        assert_eq!(glyph_index(i128::MIN), -1);
    }
}
