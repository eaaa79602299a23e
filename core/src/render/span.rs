//! Runs of pixels of one row drawn at once ([`Canvas::span`]): the fast path of the
//! built-in shapes, the progress bar, glyph rows and image rows. A run of one colour
//! at full coverage on an opaque node is a `fill` of the tile's row (a `memset`); a run
//! at one alpha blends with one precomputed factor; a run with a coverage per pixel
//! (anti-aliased edges and glyphs) blends each pixel with its own. Every pixel gets
//! exactly what [`Canvas::blend`] would give it.
//!
//! [`Canvas::span`]: super::canvas::Canvas::span
//! [`Canvas::blend`]: super::canvas::Canvas::blend

use crate::render::color::RenderColor;

/// How much of each pixel of a run a colour covers, before the node's opacity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage<'c> {
    /// Every pixel fully.
    Full,
    /// Every pixel by the same alpha (0 transparent, 255 opaque).
    Const(u8),
    /// Pixel `k` of the run by `row[k]`; pixels past the slice's end are left alone.
    Row(&'c [u8]),
}

/// `alpha` times the node's `opacity`, rounded, as [`blend_pixel`] takes them.
///
/// [`blend_pixel`]: super::canvas::blend_pixel
#[inline]
pub(crate) fn times(alpha: u8, opacity: u8) -> u8 {
    if opacity == u8::MAX {
        return alpha;
    }
    ((u16::from(alpha) * u16::from(opacity) + 127) / 255) as u8
}

/// `ink` over every pixel of `pixels` at `alpha` (the opacity already applied).
#[inline]
pub(crate) fn fill_run<C: RenderColor>(pixels: &mut [C], ink: C, alpha: u8) {
    match alpha {
        0 => {}
        u8::MAX => pixels.fill(ink),
        _ => ink.blend_run(pixels, alpha),
    }
}

/// `ink` over `pixels`, pixel `k` at `coverage[k]` times `opacity`.
#[inline]
pub(crate) fn blend_row<C: RenderColor>(pixels: &mut [C], ink: C, coverage: &[u8], opacity: u8) {
    for (pixel, &c) in pixels.iter_mut().zip(coverage) {
        match times(c, opacity) {
            0 => {}
            u8::MAX => *pixel = ink,
            alpha => *pixel = ink.blend(*pixel, alpha),
        }
    }
}
