//! How a label draws: its background, then each glyph, blitted row by row when the node
//! is unrotated and unscaled (and the label not shrunk), sampled at pixel centres
//! otherwise. Glyphs outside the region being redrawn are skipped before they are
//! decoded.
//!
//! The blitter lays a label out once per draw pass when the renderer keeps layouts
//! (`cache.rs`): the first tile that draws the label places its glyphs on screen, and
//! the next tiles go through that list, each u8g2 glyph's decoding going on from where
//! the last tile stopped.

use embedded_graphics::geometry::Point;
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::primitives::Rectangle;

use crate::render::canvas::{intersect, Canvas};
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{fx, FxRect, FX_BITS};
use crate::render::font::glyph_index;
use crate::render::font::{
    blit_aa_glyph, sample_aa_glyph, DecodedRows, Font, GlyphCursors, GlyphDecoder, GlyphMask,
    GlyphRows,
};
use crate::{Rect, Vec2};

use super::cache::{FontReach, Kept, LaidOut, LayoutKey, Placed, TextCache, LAID_OUT_GLYPHS};
use super::layout::{Lines, Metrics, Placement};
use super::{HorizontalAlign, Label, Overflow, VerticalAlign};

/// Paints the label's box `bounds` (anchor space) in `background`.
fn paint_background<C: RenderColor>(canvas: &mut Canvas<'_, C>, bounds: Rect, background: Rgb888) {
    let inside = FxRect::of(&bounds);
    canvas.paint_fixed(bounds, |pt| {
        inside.contains(pt).then_some((background, 255))
    });
}

/// Slack for float noise when a screen coordinate is rounded to a pixel: a coordinate
/// within this of a pixel edge counts as on it.
const EDGE_SLACK: f32 = 1.0e-3;

impl<const N: usize> Label<N> {
    /// Calls `each(pen, top, advance, c)` for every character, in text pixels from the
    /// box's top-left corner, for the lines `line(top)` accepts; `each` returning false
    /// ends its line.
    fn for_each_char(
        &self,
        p: &Placement,
        metrics: &Metrics,
        mut line: impl FnMut(i32) -> bool,
        mut each: impl FnMut(i32, i32, i32, char) -> bool,
    ) {
        let mut top = p.top;
        for l in Lines::new(&self.text, metrics, p.wrap_width) {
            if line(top) {
                let mut pen = p.line_x(l.width);
                let kerns = metrics.kerns();
                // The previous character and its pen, in a font that kerns.
                let mut previous: Option<(char, i32)> = None;
                for c in l.text.chars() {
                    if kerns {
                        if let Some((p, at)) = previous {
                            pen = metrics.kerned_pen(p, c, pen, at);
                        }
                        previous = Some((c, pen));
                    }
                    let advance = metrics.advance(c);
                    if !each(pen, top, advance, c) {
                        break;
                    }
                    pen = pen.saturating_add(advance);
                }
            }
            top = top.saturating_add(p.line_height);
        }
    }

    /// The screen pixels of the box `p.bounds` on the blitter's path, with the box's
    /// top-left pixel: `None` when it covers no pixel.
    fn screen_box<C: RenderColor>(
        canvas: &Canvas<'_, C>,
        p: &Placement,
    ) -> Option<(Rectangle, (i32, i32))> {
        let screen = canvas.to_screen().transform_rect(&p.bounds);
        let x0 = libm::floorf(screen.x + EDGE_SLACK);
        let y0 = libm::floorf(screen.y + EDGE_SLACK);
        let x1 = libm::ceilf(screen.max_x() - EDGE_SLACK);
        let y1 = libm::ceilf(screen.max_y() - EDGE_SLACK);
        if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite())
            || x1 <= x0
            || y1 <= y0
        {
            return None;
        }
        let clamp = |v: f32| v.clamp(-1.0e6, 1.0e6) as i32;
        let (ox, oy) = (clamp(x0), clamp(y0));
        let cover =
            Rectangle::with_corners(Point::new(ox, oy), Point::new(clamp(x1) - 1, clamp(y1) - 1));
        Some((cover, (ox, oy)))
    }

    /// Lays the label's glyphs out on screen, the box's top-left pixel at `origin`,
    /// into `out`: false when they do not all fit in it (or an advance does not fit
    /// its field).
    fn lay_out(
        &self,
        p: &Placement,
        metrics: &Metrics,
        origin: (i32, i32),
        out: &mut LaidOut,
    ) -> bool {
        let mut fits = true;
        // Set at each line's start, taken by its first glyph.
        let first = core::cell::Cell::new(false);
        self.for_each_char(
            p,
            metrics,
            |_| {
                first.set(true);
                true
            },
            |pen, top, advance, c| {
                let placed = i16::try_from(advance).map(|advance| Placed {
                    c,
                    x: origin.0.saturating_add(pen),
                    y: origin.1.saturating_add(top),
                    advance,
                    first: first.replace(false),
                });
                fits = fits && placed.is_ok_and(|g| out.glyphs.push(g).is_ok());
                fits
            },
        );
        fits
    }

    /// The blitter: whole glyph rows, clipped, as spans of one colour, each line laid
    /// out here (a label with no kept layout).
    fn blit<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        p: &Placement,
        metrics: &Metrics,
        (cover, (ox, oy)): (Rectangle, (i32, i32)),
        mut cursors: Option<&mut GlyphCursors>,
    ) {
        let mut mask = GlyphMask::default();
        let font = FontReach::of(self.font);
        let Some(mut blit) = Blit::new(self, canvas, cover, font, &mut mask) else {
            return;
        };
        let rows = blit.rows;
        self.for_each_char(
            p,
            metrics,
            |top| rows.line_in_clip(oy.saturating_add(top)),
            |pen, top, advance, c| {
                // Saturating: a pen far along a long line; a glyph past the tests in
                // `Blit::glyph` is near the clip, so the sums there stay small.
                let at = (ox.saturating_add(pen), oy.saturating_add(top));
                let resume = match cursors.as_deref_mut() {
                    Some(cursors) => Resume::Cursors(cursors),
                    None => Resume::Not,
                };
                blit.glyph(canvas, c, at, advance, resume)
            },
        );
    }

    /// The blitter over a kept layout: the same pixels as [`blit`](Self::blit).
    fn blit_laid_out<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        Kept {
            laid,
            cursors,
            decoded,
        }: Kept<'_>,
    ) {
        let mut mask = GlyphMask::default();
        let Some(mut blit) = Blit::new(self, canvas, laid.cover, laid.font, &mut mask) else {
            return;
        };
        // Whether the rest of the current line is skipped (its line is outside the
        // clip, or a glyph of it started past the clip's right edge).
        let mut skip = false;
        let mut decoders = laid.decoders.iter_mut();
        for g in laid.glyphs.iter() {
            let decoder = decoders.next();
            if g.first {
                skip = !blit.rows.line_in_clip(g.y);
            }
            if skip {
                continue;
            }
            skip = !blit.glyph(
                canvas,
                g.c,
                (g.x, g.y),
                i32::from(g.advance),
                match decoder {
                    Some(decoder) => Resume::Kept(decoder, &mut *decoded),
                    None => Resume::Cursors(&mut *cursors),
                },
            );
        }
    }

    /// Draws the label, with its layout kept in `kept` for the next tiles of this pass
    /// (or taken from there) when the renderer keeps one.
    fn draw_kept<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        kept: Option<(&mut TextCache, LayoutKey)>,
    ) {
        if let Some((cache, key)) = kept {
            let laid = match cache.layout(key) {
                Some(kept) if kept.laid.complete => {
                    if let Some(background) = self.background {
                        paint_background(canvas, kept.laid.bounds, background);
                    }
                    self.blit_laid_out(canvas, kept);
                    return;
                }
                // Too many glyphs to keep: laid out in each tile.
                Some(_) => None,
                None => Some(()),
            };
            let Some((p, metrics)) = self.prepare(canvas) else {
                return;
            };
            if !self.blits(canvas, &p) {
                self.sample(canvas, &p, &metrics);
                return;
            }
            let Some(screen_box) = Self::screen_box(canvas, &p) else {
                return;
            };
            if laid.is_some() {
                let kept = cache.fill(key, p.bounds, screen_box.0, FontReach::of(self.font));
                // A label of more characters than a layout holds (line breaks aside)
                // is not laid out to find that out.
                let chars = self.text.chars().filter(|&c| c != '\n').count();
                kept.laid.complete =
                    chars <= LAID_OUT_GLYPHS && self.lay_out(&p, &metrics, screen_box.1, kept.laid);
                if kept.laid.complete {
                    self.blit_laid_out(canvas, kept);
                    return;
                }
            }
            self.blit(canvas, &p, &metrics, screen_box, Some(&mut cache.glyphs));
            return;
        }
        let Some((p, metrics)) = self.prepare(canvas) else {
            return;
        };
        if !self.blits(canvas, &p) {
            self.sample(canvas, &p, &metrics);
        } else if let Some(screen_box) = Self::screen_box(canvas, &p) {
            self.blit(canvas, &p, &metrics, screen_box, None);
        }
    }

    /// The label's placement on `canvas` and the font's metrics, its background
    /// painted; `None` when there is nothing more to draw.
    fn prepare<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) -> Option<(Placement, Metrics)> {
        let metrics = Metrics::new(self.font);
        let p = self.placement(canvas.content(), canvas.anchor(), &metrics);
        if !(p.bounds.width > 0.0 && p.bounds.height > 0.0) {
            return None;
        }
        if let Some(background) = self.background {
            paint_background(canvas, p.bounds, background);
        }
        (!self.text.is_empty()).then_some((p, metrics))
    }

    /// Whether the label draws through the blitter (unrotated, unscaled, not shrunk).
    fn blits<C: RenderColor>(&self, canvas: &Canvas<'_, C>, p: &Placement) -> bool {
        let m = canvas.to_screen();
        p.scale == 1.0 && m.a == 1.0 && m.d == -1.0 && m.b == 0.0 && m.c == 0.0
    }

    /// The sampled path: each glyph's pixels looked up at the pixel centres its
    /// (scaled, rotated) cell covers.
    fn sample<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>, p: &Placement, metrics: &Metrics) {
        let b = p.bounds;
        let s = p.scale;
        let inverse = fx(1.0 / s);
        let inside = FxRect::of(&b);
        let color = self.color;
        let mut mask = GlyphMask::default();
        let font = self.font;
        self.for_each_char(
            p,
            metrics,
            |_| true,
            |pen, top, _, c| {
                if let Font::Aa(aa) = font {
                    sample_aa_glyph(canvas, aa, c, (pen, top), b, s, color);
                    return true;
                }
                if !font.glyph(c, &mut mask) {
                    return true;
                }
                let left = b.x + pen.saturating_add(mask.left) as f32 * s;
                let upper = b.max_y() - top.saturating_add(mask.top) as f32 * s;
                let (w, h) = (mask.width as f32 * s, mask.height as f32 * s);
                let cell = Rect::new(left, upper - h, w, h);
                let (left, upper) = (i128::from(fx(left)), i128::from(fx(upper)));
                let inverse = i128::from(inverse);
                let mask = &mask;
                canvas.paint_fixed(cell, |pt| {
                    if !inside.contains(pt) {
                        return None;
                    }
                    let column = ((i128::from(pt.x) - left) * inverse) >> (2 * FX_BITS);
                    let row = ((upper - i128::from(pt.y)) * inverse) >> (2 * FX_BITS);
                    mask.get(glyph_index(column), glyph_index(row))
                        .then_some((color, 255))
                });
                true
            },
        );
    }
}

/// Which rows of the screen a tile's clip holds, and which rows of a line a glyph of
/// the font can cover.
#[derive(Clone, Copy)]
struct Rows {
    /// The clip's rows, `cy0..cy1`.
    cy0: i32,
    cy1: i32,
    /// The rows any glyph can cover from its line's top, `first_row..end_row`.
    first_row: i32,
    end_row: i32,
}

impl Rows {
    /// Whether a line whose top is at screen row `y` can reach the clip: lines whose
    /// glyphs cannot are skipped whole.
    fn line_in_clip(&self, y: i32) -> bool {
        y.saturating_add(self.first_row) < self.cy1 && y.saturating_add(self.end_row) > self.cy0
    }
}

/// Where a u8g2 glyph's decoding may go on from (other fonts decode whole glyphs).
#[cfg_attr(not(feature = "u8g2"), allow(dead_code))]
enum Resume<'a> {
    /// Nowhere: from the glyph's start, down to the clip's bottom edge.
    Not,
    /// The frame's cursors, searched by glyph and place.
    Cursors(&'a mut GlyphCursors),
    /// The glyph's own, kept with its label's layout, and the pass's room for glyphs
    /// decoded whole.
    Kept(&'a mut GlyphDecoder, &'a mut DecodedRows),
}

/// A label's glyphs blitted into one tile: the clip (the tile's, within the label's
/// box), the font's reach, the ink, and the mask each glyph is decoded into.
struct Blit<'m, C> {
    clip: Rectangle,
    cx0: i32,
    cx1: i32,
    rows: Rows,
    /// How far a glyph may overhang its pen and advance: across a line, glyphs are
    /// skipped only this far from the clip.
    reach: i32,
    font: Font,
    ink: C,
    mask: &'m mut GlyphMask,
}

impl<'m, C: RenderColor> Blit<'m, C> {
    /// The blitting of `label`'s glyphs into `canvas`'s clip within the box's pixels
    /// `cover`, the font's rows and reach being `font`'s (see [`FontReach`]), each glyph
    /// decoded into `mask`; `None` when the clip and the box do not meet.
    fn new<const N: usize>(
        label: &Label<N>,
        canvas: &Canvas<'_, C>,
        cover: Rectangle,
        font: FontReach,
        mask: &'m mut GlyphMask,
    ) -> Option<Self> {
        let clip = intersect(&cover, &canvas.clip());
        if clip.is_zero_sized() {
            return None;
        }
        let (cx0, cy0) = (clip.top_left.x, clip.top_left.y);
        let (cx1, cy1) = (cx0 + clip.size.width as i32, cy0 + clip.size.height as i32);
        Some(Blit {
            clip,
            cx0,
            cx1,
            rows: Rows {
                cy0,
                cy1,
                first_row: font.first_row,
                end_row: font.end_row,
            },
            reach: font.reach,
            font: label.font,
            ink: C::from_rgb888(label.color),
            mask,
        })
    }

    /// Blits glyph `c` of pen `(gx, gy)` (screen, its line's top) and `advance`;
    /// false when it starts past the clip's right edge, which ends its line.
    #[inline(always)]
    fn glyph(
        &mut self,
        canvas: &mut Canvas<'_, C>,
        c: char,
        (gx, gy): (i32, i32),
        advance: i32,
        resume: Resume<'_>,
    ) -> bool {
        let (cx0, cx1) = (self.cx0, self.cx1);
        let Rows {
            cy0,
            cy1,
            first_row,
            end_row,
        } = self.rows;
        if gx.saturating_sub(self.reach) >= cx1 {
            return false;
        }
        if gx.saturating_add(advance).saturating_add(self.reach) <= cx0 {
            return true;
        }
        let font = self.font;
        if let Font::Aa(aa) = font {
            blit_aa_glyph(canvas, aa, c, (gx, gy), &self.clip, self.ink);
            return true;
        }
        // A u8g2 glyph stops decoding at the clip's bottom edge.
        #[cfg(feature = "u8g2")]
        let decoded = match font {
            Font::U8g2(f) => match resume {
                Resume::Kept(decoder, decoded) => {
                    // A glyph whose line goes on below the clip is drawn by the next
                    // tiles too: decoded whole once, and blitted from there in each.
                    if gy.saturating_add(end_row) > cy1 || decoder.decoded_whole() {
                        if let Some(rows) = f.glyph_decoded(c, decoder, decoded) {
                            self.blit_rows(canvas, (gx, gy), rows);
                            return true;
                        }
                    }
                    f.glyph_rows_kept(c, self.mask, cy0 - gy, cy1 - gy, decoder)
                }
                Resume::Cursors(cursors) => {
                    // A line cut by the clip's edges and much taller than it is drawn
                    // over several tiles: its glyphs' decoding goes on from where the
                    // last tile stopped (a short glyph decodes from its start cheaply).
                    let cut = (gy.saturating_add(first_row) < cy0
                        || gy.saturating_add(end_row) > cy1)
                        && end_row.saturating_sub(first_row) > 2 * (cy1 - cy0);
                    let cursors = Some(cursors).filter(|_| cut).map(|g| (g, (gx, gy)));
                    f.glyph_rows(c, self.mask, cy0 - gy, cy1 - gy, cursors)
                }
                Resume::Not => f.glyph_rows(c, self.mask, cy0 - gy, cy1 - gy, None),
            },
            _ => font.glyph(c, self.mask),
        };
        #[cfg(not(feature = "u8g2"))]
        let decoded = {
            let _ = (resume, cy0, cy1, first_row, end_row);
            font.glyph(c, self.mask)
        };
        if decoded {
            self.blit_rows(canvas, (gx, gy), self.mask.as_rows());
        }
        true
    }

    /// Blits the decoded glyph `g` of pen `(gx, gy)` (screen, its line's top) within
    /// the clip: whole rows, each clipped once.
    #[inline(always)]
    fn blit_rows(&self, canvas: &mut Canvas<'_, C>, (gx, gy): (i32, i32), g: GlyphRows<'_>) {
        // The glyph's columns and rows in the clip (the box's cover clips too, not only
        // the region being redrawn), found once for all its rows.
        let left = gx + g.left;
        let (x0, x1) = (left.max(self.cx0), (left + g.width as i32).min(self.cx1));
        let top = gy + g.top;
        let (y0, y1) = (
            top.max(self.rows.cy0),
            (top + g.rows.len() as i32).min(self.rows.cy1),
        );
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        let Some(rows) = g.rows.get((y0 - top) as usize..(y1 - top) as usize) else {
            return;
        };
        // The glyph's columns from the first one in the clip: `x1 - x0` of them, 1 to
        // 64 (a glyph is at most 64 wide), shifted down by less than 64.
        let shift = (x0 - left) as u32;
        let keep = u64::MAX >> (64 - (x1 - x0) as u32);
        let ink = self.ink;
        for (y, &bits) in (y0..).zip(rows) {
            let mut bits = (bits >> shift) & keep;
            if bits == 0 {
                continue;
            }
            let Some((row, _, opacity)) = canvas.row_mut(y, x0, x1) else {
                continue;
            };
            if opacity == u8::MAX {
                while bits != 0 {
                    if let Some(pixel) = row.get_mut(bits.trailing_zeros() as usize) {
                        *pixel = ink;
                    }
                    bits &= bits - 1;
                }
            } else {
                while bits != 0 {
                    if let Some(pixel) = row.get_mut(bits.trailing_zeros() as usize) {
                        *pixel = ink.blend(*pixel, opacity);
                    }
                    bits &= bits - 1;
                }
            }
        }
    }
}

impl<const N: usize> Draw for Label<N> {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        // What the renderer keeps between tiles, taken out of the canvas while the
        // label draws and handed back after.
        let mut kept = canvas.take_text();
        self.draw_kept(
            canvas,
            kept.as_mut().map(|(cache, key)| (&mut **cache, *key)),
        );
        canvas.put_text(kept);
    }

    /// Covers the text, the colours, the layout settings and the font, the font by a
    /// fingerprint taken when it was set (its metrics and one glyph's pixels): nothing
    /// here reads the font.
    fn appearance(&self) -> u32 {
        // A text the damage key holds is compared there (see `changed.rs`); its length
        // stays here, so that a text of another length redraws the label whole.
        let text = match self.packed_text() {
            Some(_) => Fingerprint::new()
                .word(u32::MAX)
                .word(self.text.len() as u32),
            None => Fingerprint::new().bytes(self.text.as_bytes()),
        };
        let mut f = Fingerprint::new()
            .word(text.finish())
            .color(self.color)
            .word(self.font_fingerprint);
        f = match self.background {
            Some(c) => f.word(1).color(c),
            None => f.word(0),
        };
        let h = match self.horizontal_align {
            HorizontalAlign::Left => 0,
            HorizontalAlign::Center => 1,
            HorizontalAlign::Right => 2,
        };
        let v = match self.vertical_align {
            VerticalAlign::Top => 0,
            VerticalAlign::Center => 1,
            VerticalAlign::Bottom => 2,
        };
        let o = match self.overflow {
            Overflow::None => 0,
            Overflow::Clamp => 1,
            Overflow::Shrink => 2,
            Overflow::ResizeHeight => 3,
        };
        f.word(h | v << 2 | o << 4 | u32::from(self.wrap) << 6)
            .word(self.line_height.map_or(u32::MAX, u32::from))
            .finish()
    }

    /// The text, when it is short and its font's characters all advance alike (see
    /// `changed.rs`); 0 otherwise.
    fn damage_key(&self) -> u64 {
        self.packed_text().unwrap_or(0)
    }

    /// The cells of the characters that changed (see `changed.rs`).
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        self.changed_cells(content, previous_key)
    }

    /// The label's box (see [`Label`]) on a node of unknown anchor: the anchor is read
    /// back from `content`, and taken as `0.5` on an axis of zero size.
    fn local_bounds(&self, content: Rect) -> Rect {
        self.local_bounds_with_anchor(content, Vec2::new(0.5, 0.5))
    }

    /// The label's box (see [`Label`]).
    fn local_bounds_with_anchor(&self, content: Rect, anchor: Vec2) -> Rect {
        self.placement(content, anchor, &Metrics::new(self.font))
            .bounds
    }
}
