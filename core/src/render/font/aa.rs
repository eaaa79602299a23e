//! Anti-aliased fonts: glyphs whose pixels carry a coverage of 2 or 4 bits, made from a
//! TrueType file at compile time by `sprig::font!` (feature `ttf`; see `docs/text.md`,
//! "TrueType fonts"), drawn by blending the label's colour onto what lies below with
//! each pixel's coverage as its alpha — the one blend every drawable uses
//! ([`RenderColor::blend`]): mixed per channel on colour and grey targets, a threshold at
//! 50 % on `BinaryColor`.

use core::mem::{size_of, size_of_val};

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::primitives::Rectangle;

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{fx, FxRect, FX_BITS};
use crate::render::font::glyph_index;
use crate::Rect;

use super::GlyphMask;

/// One glyph of an [`AaFont`]: where its coverage starts and the box it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AaGlyph {
    /// The character.
    pub ch: char,
    /// Where the glyph's coverage starts in [`AaFont::data`], in bytes.
    pub offset: u32,
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// Pixels from the pen to the glyph's left column.
    pub left: i16,
    /// Pixels from the line's top to the glyph's top row.
    pub top: i16,
    /// How far the pen moves after the glyph, in pixels.
    pub advance: u16,
}

/// A kerning pair of an [`AaFont`]: how far the pen moves back (negative) or on
/// (positive) between two glyphs, on top of the left glyph's advance.
///
/// The glyphs are named by their places in [`AaFont::glyphs`], so that a pair is six
/// bytes of flash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AaKern {
    /// The left glyph's index in [`AaFont::glyphs`].
    pub left: u16,
    /// The right glyph's index in [`AaFont::glyphs`].
    pub right: u16,
    /// Pixels added to the pen's step from the left glyph to the right one.
    pub adjust: i16,
}

/// An anti-aliased font: a few glyphs of one size, each pixel's coverage (0 none, the
/// largest value full) in [`bits_per_pixel`](Self::bits_per_pixel) bits, with the
/// font's kerning between them. Made by `sprig::font!` (feature `ttf`) from a TrueType
/// file at compile time, or by hand:
///
/// ```
/// use sprig::render::font::{AaFont, AaGlyph, Font};
///
/// // A 2 × 2 dot at 2 bits: full, two-thirds, one-third, none.
/// static DOT: AaFont = AaFont {
///     glyphs: &[AaGlyph { ch: '.', offset: 0, width: 2, height: 2, left: 0, top: 3, advance: 3 }],
///     data: &[0b11_10_01_00],
///     kerning: &[],
///     bits_per_pixel: 2,
///     size_px: 5,
///     line_height: 6,
///     ascent: 5,
///     descent: 1,
///     line_gap: 0,
///     space_advance: 2,
/// };
/// let glyph = DOT.glyph_of('.').unwrap();
/// assert_eq!(DOT.coverage(glyph, 0, 0), 255);
/// assert_eq!(DOT.coverage(glyph, 1, 0), 170);
/// assert_eq!(DOT.coverage(glyph, 0, 1), 85);
/// assert_eq!(DOT.coverage(glyph, 1, 1), 0);
/// // A character the font lacks draws nothing and moves the pen by a space.
/// assert_eq!(Font::from(&DOT).text_width(".x."), 3 + 2 + 3);
/// ```
///
/// Coverage is packed row after row with no padding between rows, the first pixel in a
/// byte's most significant bits; each glyph starts on a byte. Sizes 1, 2, 4 and 8 bits
/// per pixel are read; a font of any other draws nothing.
///
/// Kerning: [`kerning`](Self::kerning) holds the pairs whose adjustment is not zero at
/// this size, sorted by `(left, right)` and binary-searched; a font without kerning has
/// an empty table and measures as the sum of its advances. A pair never moves the pen
/// back past the left glyph's pen (the step is at least 0).
#[derive(Debug)]
pub struct AaFont {
    /// The glyphs, sorted by character (looked up by binary search).
    pub glyphs: &'static [AaGlyph],
    /// The glyphs' coverage.
    pub data: &'static [u8],
    /// The kerning pairs, sorted by `(left, right)`; empty for a font without kerning.
    pub kerning: &'static [AaKern],
    /// Bits of coverage per pixel: 2 or 4 from `font!`.
    pub bits_per_pixel: u8,
    /// The size the glyphs were rasterised at (the em height), in pixels.
    pub size_px: u16,
    /// The distance between two lines' tops, in pixels.
    pub line_height: u16,
    /// Pixels from a line's top to its baseline (the font's ascent).
    pub ascent: u16,
    /// Pixels from the baseline down to the font's descent line (the font's descent,
    /// as a positive number).
    pub descent: u16,
    /// The font's line gap in pixels: the space it asks for between one line's descent
    /// and the next one's ascent, part of [`line_height`](Self::line_height).
    pub line_gap: u16,
    /// How far the pen moves for a character the font lacks (a space's advance), in
    /// pixels.
    pub space_advance: u16,
}

impl AaFont {
    /// The bytes the font puts in flash: this value, its glyph table, its coverage and
    /// its kerning pairs.
    pub const fn flash_bytes(&self) -> usize {
        size_of::<AaFont>() + size_of_val(self.glyphs) + self.data.len() + size_of_val(self.kerning)
    }

    /// The glyph of `c`, if the font has it.
    pub fn glyph_of(&self, c: char) -> Option<&AaGlyph> {
        self.index_of(c).and_then(|i| self.glyphs.get(i))
    }

    /// The place of `c`'s glyph in [`glyphs`](Self::glyphs), if the font has it: at
    /// once where the table runs without a gap from its first character to `c` (an
    /// ASCII set, digits), by a binary search otherwise.
    pub fn index_of(&self, c: char) -> Option<usize> {
        let first = self.glyphs.first()?.ch;
        let guess = u32::from(c).wrapping_sub(u32::from(first)) as usize;
        if self.glyphs.get(guess).is_some_and(|g| g.ch == c) {
            return Some(guess);
        }
        self.glyphs.binary_search_by(|g| g.ch.cmp(&c)).ok()
    }

    /// The kerning between `left` and `right`, in pixels: what the font adds to the
    /// pen's step from `left` to `right` (negative: closer). 0 when the font has no
    /// pair for them, or lacks either character.
    ///
    /// ```
    /// use sprig::render::font::{AaFont, AaGlyph, AaKern, Font};
    ///
    /// const fn glyph(ch: char) -> AaGlyph {
    ///     AaGlyph { ch, offset: 0, width: 0, height: 0, left: 0, top: 0, advance: 8 }
    /// }
    /// // "A" then "V" move 2 pixels closer; "V" then "A" as well.
    /// static AV: AaFont = AaFont {
    ///     glyphs: &[glyph('A'), glyph('V')],
    ///     data: &[],
    ///     kerning: &[
    ///         AaKern { left: 0, right: 1, adjust: -2 },
    ///         AaKern { left: 1, right: 0, adjust: -2 },
    ///     ],
    ///     bits_per_pixel: 4, size_px: 10, line_height: 12, ascent: 9, descent: 3,
    ///     line_gap: 0, space_advance: 3,
    /// };
    /// assert_eq!(AV.kern('A', 'V'), -2);
    /// assert_eq!(AV.kern('A', 'A'), 0);
    /// // Labels measure and draw with it: 8 - 2 + 8 - 2 + 8.
    /// assert_eq!(Font::from(&AV).text_width("AVA"), 20);
    /// ```
    pub fn kern(&self, left: char, right: char) -> i32 {
        if self.kerning.is_empty() {
            return 0;
        }
        match (self.index_of(left), self.index_of(right)) {
            (Some(l), Some(r)) => self.kern_indices(l, r),
            _ => 0,
        }
    }

    /// The kerning between the glyphs at `left` and `right` in the table, in pixels.
    pub(crate) fn kern_indices(&self, left: usize, right: usize) -> i32 {
        let key = (left, right);
        self.kerning
            .binary_search_by(|k| (usize::from(k.left), usize::from(k.right)).cmp(&key))
            .ok()
            .and_then(|i| self.kerning.get(i))
            .map_or(0, |k| i32::from(k.adjust))
    }

    /// The coverage of pixel `(column, row)` of `glyph`, from 0 (none) to 255 (full); 0
    /// outside the glyph or past the data.
    pub fn coverage(&self, glyph: &AaGlyph, column: i32, row: i32) -> u8 {
        let (width, height) = (i32::from(glyph.width), i32::from(glyph.height));
        if column < 0 || row < 0 || column >= width || row >= height {
            return 0;
        }
        self.coverage_at(glyph.offset as usize, (row * width + column) as usize)
    }

    /// The coverage of the `index`th pixel of the glyph whose data starts at `offset`.
    #[inline]
    fn coverage_at(&self, offset: usize, index: usize) -> u8 {
        // Bits per pixel divide 8, so a pixel's byte and place are shifts and masks.
        let (log_bits, max, scale) = match self.bits_per_pixel {
            1 => (0, 0x1, 255),
            2 => (1, 0x3, 85),
            4 => (2, 0xF, 17),
            8 => (3, 0xFF, 1),
            _ => return 0,
        };
        let log_per_byte = 3 - log_bits;
        // Checked: on a 32-bit target a hand-built glyph's offset near `u32::MAX` plus
        // its pixel's byte would overflow `usize`.
        let Some(&byte) = offset
            .checked_add(index >> log_per_byte)
            .and_then(|at| self.data.get(at))
        else {
            return 0;
        };
        let place = index & ((1 << log_per_byte) - 1);
        let shift = 8 - ((place + 1) << log_bits);
        ((byte >> shift) & max).wrapping_mul(scale)
    }

    /// How far the pen moves after `c`: its advance, or a space's for a character the
    /// font lacks.
    pub(crate) fn advance(&self, c: char) -> i32 {
        i32::from(self.glyph_of(c).map_or(self.space_advance, |g| g.advance))
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

    /// The glyph as a 1-bit mask, a pixel set where its coverage is at least half (what
    /// a 1-bit panel shows); cut to [`MAX_GLYPH_SIZE`](super::MAX_GLYPH_SIZE).
    pub(crate) fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        let Some(g) = self.glyph_of(c) else {
            mask.reset(0, 0, 0, 0);
            return false;
        };
        mask.reset(
            i32::from(g.left),
            i32::from(g.top),
            u32::from(g.width),
            u32::from(g.height),
        );
        for row in 0..mask.height as i32 {
            for column in 0..mask.width as i32 {
                if self.coverage(g, column, row) >= 128 {
                    mask.set(column, row);
                }
            }
        }
        mask.width > 0 && mask.height > 0
    }

    /// Everything the font draws: its metrics, its table and its coverage.
    pub(crate) fn fingerprint(&self, mut f: Fingerprint) -> Fingerprint {
        f = f
            .word(4)
            .word(u32::from(self.bits_per_pixel))
            .word(u32::from(self.size_px))
            .word(u32::from(self.ascent))
            .word(u32::from(self.space_advance));
        // Nothing for a font without kerning: its fingerprint is what it was before
        // fonts had kerning.
        if !self.kerning.is_empty() {
            f = f
                .word(self.kerning.len() as u32)
                .word(u32::from(self.descent) | u32::from(self.line_gap) << 16);
        }
        for k in self.kerning {
            f = f
                .word(u32::from(k.left) | u32::from(k.right) << 16)
                .word(k.adjust as u32);
        }
        for g in self.glyphs {
            f = f
                .word(g.ch as u32)
                .word(g.offset)
                .word(u32::from(g.width) | u32::from(g.height) << 8)
                .word(g.left as u32)
                .word(g.top as u32)
                .word(u32::from(g.advance));
        }
        f.bytes(self.data)
    }
}

/// Blends the glyph of `c` with its pen at screen `(x, y)` (the line's top), inside
/// `clip`, row by row: each pixel's alpha is its coverage times the node's opacity.
pub(crate) fn blit_glyph<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    font: &AaFont,
    c: char,
    (x, y): (i32, i32),
    clip: &Rectangle,
    ink: C,
) {
    let Some(g) = font.glyph_of(c) else {
        return;
    };
    let (cx0, cy0) = (clip.top_left.x, clip.top_left.y);
    let (cx1, cy1) = (cx0 + clip.size.width as i32, cy0 + clip.size.height as i32);
    let left = x + i32::from(g.left);
    let top = y + i32::from(g.top);
    let width = i32::from(g.width);
    let right = left + width;
    for row in 0..i32::from(g.height) {
        let sy = top + row;
        if sy < cy0 || sy >= cy1 {
            continue;
        }
        let Some((pixels, start, opacity)) = canvas.row_mut(sy, left.max(cx0), right.min(cx1))
        else {
            continue;
        };
        let first = (row * width + (start - left)) as usize;
        if font.bits_per_pixel == 4 {
            // `font!`'s glyphs: two pixels a byte, the first in the high nibble.
            let data = font.data.get(g.offset as usize..).unwrap_or(&[]);
            blend_row(pixels, ink, opacity, |k| {
                let i = first + k;
                data.get(i >> 1)
                    .map_or(0, |&b| ((b >> (4 - ((i & 1) << 2))) & 0xF) * 17)
            });
        } else {
            blend_row(pixels, ink, opacity, |k| {
                font.coverage_at(g.offset as usize, first + k)
            });
        }
    }
}

/// Blends `ink` over each of `pixels` at the coverage `coverage(k)` gives its `k`th,
/// times `opacity`.
#[inline(always)]
fn blend_row<C: RenderColor>(
    pixels: &mut [C],
    ink: C,
    opacity: u8,
    coverage: impl Fn(usize) -> u8,
) {
    for (k, pixel) in pixels.iter_mut().enumerate() {
        let coverage = coverage(k);
        let alpha = if opacity == u8::MAX {
            coverage
        } else {
            ((u16::from(coverage) * u16::from(opacity) + 127) / 255) as u8
        };
        match alpha {
            0 => {}
            u8::MAX => *pixel = ink,
            _ => *pixel = ink.blend(*pixel, alpha),
        }
    }
}

/// Paints the glyph of `c` through the node's transform (scaled, rotated): each pixel
/// centre in its cell takes the coverage of the glyph pixel under it as its alpha.
/// `pen` and `top` are text pixels from the box's top-left corner `(b.x, b.max_y())`,
/// `scale` the label's shrink.
pub(crate) fn sample_glyph<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    font: &AaFont,
    c: char,
    (pen, top): (i32, i32),
    b: Rect,
    scale: f32,
    color: Rgb888,
) {
    let Some(g) = font.glyph_of(c) else {
        return;
    };
    let inside = FxRect::of(&b);
    let inverse = i128::from(fx(1.0 / scale));
    let left = b.x + pen.saturating_add(i32::from(g.left)) as f32 * scale;
    let upper = b.max_y() - top.saturating_add(i32::from(g.top)) as f32 * scale;
    let (w, h) = (f32::from(g.width) * scale, f32::from(g.height) * scale);
    let cell = Rect::new(left, upper - h, w, h);
    let (left, upper) = (i128::from(fx(left)), i128::from(fx(upper)));
    canvas.paint_fixed(cell, |pt| {
        if !inside.contains(pt) {
            return None;
        }
        let column = ((i128::from(pt.x) - left) * inverse) >> (2 * FX_BITS);
        let row = ((upper - i128::from(pt.y)) * inverse) >> (2 * FX_BITS);
        let coverage = font.coverage(g, glyph_index(column), glyph_index(row));
        (coverage > 0).then_some((color, coverage))
    });
}
