//! How a label draws: its background, then each glyph, blitted row by row when the node
//! is unrotated and unscaled (and the label not shrunk), sampled at pixel centres
//! otherwise. Glyphs outside the region being redrawn are skipped before they are
//! decoded.

use embedded_graphics::geometry::Point;
use embedded_graphics::primitives::Rectangle;

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{fx, FxRect, FX_BITS};
use crate::render::font::{blit_aa_glyph, sample_aa_glyph, Font, GlyphMask};
use crate::{Rect, Vec2};

use super::layout::{Lines, Metrics, Placement};
use super::{HorizontalAlign, Label, Overflow, VerticalAlign};

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

    /// The blitter: whole glyph rows, clipped, as spans of one colour.
    fn blit<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>, p: &Placement, metrics: &Metrics) {
        let screen = canvas.to_screen().transform_rect(&p.bounds);
        let x0 = libm::floorf(screen.x + EDGE_SLACK);
        let y0 = libm::floorf(screen.y + EDGE_SLACK);
        let x1 = libm::ceilf(screen.max_x() - EDGE_SLACK);
        let y1 = libm::ceilf(screen.max_y() - EDGE_SLACK);
        if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite())
            || x1 <= x0
            || y1 <= y0
        {
            return;
        }
        let clamp = |v: f32| v.clamp(-1.0e6, 1.0e6) as i32;
        let (ox, oy) = (clamp(x0), clamp(y0));
        let cover =
            Rectangle::with_corners(Point::new(ox, oy), Point::new(clamp(x1) - 1, clamp(y1) - 1));
        let clip = cover.intersection(&canvas.clip());
        if clip.is_zero_sized() {
            return;
        }
        let (cx0, cy0) = (clip.top_left.x, clip.top_left.y);
        let (cx1, cy1) = (cx0 + clip.size.width as i32, cy0 + clip.size.height as i32);
        // Lines whose glyphs cannot reach the clip are skipped whole; across a line,
        // glyphs may overhang their advance, so they are skipped only `Font::reach`
        // away from the clip.
        let (first_row, end_row) = self.font.rows();
        let reach = self.font.reach();
        let ink = C::from_rgb888(self.color);
        let mut mask = GlyphMask::default();
        let font = self.font;
        let line = |top: i32| {
            let y = oy.saturating_add(top);
            y.saturating_add(first_row) < cy1 && y.saturating_add(end_row) > cy0
        };
        self.for_each_char(p, metrics, line, |pen, top, advance, c| {
            // Saturating: a pen far along a long line; a glyph past these tests is
            // near the clip, so the sums below stay small.
            let (gx, gy) = (ox.saturating_add(pen), oy.saturating_add(top));
            if gx.saturating_sub(reach) >= cx1 {
                return false;
            }
            if gx.saturating_add(advance).saturating_add(reach) <= cx0 {
                return true;
            }
            if let Font::Aa(aa) = font {
                blit_aa_glyph(canvas, aa, c, (gx, gy), &clip, ink);
                return true;
            }
            // A u8g2 glyph stops decoding at the clip's bottom edge.
            #[cfg(feature = "u8g2")]
            let decoded = match font {
                Font::U8g2(f) => {
                    // A line cut by the clip's edges and much taller than it is drawn
                    // over several tiles: its glyphs' decoding goes on from where the
                    // last tile stopped (a short glyph decodes from its start cheaply).
                    let cut = (gy.saturating_add(first_row) < cy0
                        || gy.saturating_add(end_row) > cy1)
                        && end_row.saturating_sub(first_row) > 2 * (cy1 - cy0);
                    let cursors = canvas.glyphs().filter(|_| cut).map(|g| (g, (gx, gy)));
                    f.glyph_rows(c, &mut mask, cy0 - gy, cy1 - gy, cursors)
                }
                _ => font.glyph(c, &mut mask),
            };
            #[cfg(not(feature = "u8g2"))]
            let decoded = font.glyph(c, &mut mask);
            if !decoded {
                return true;
            }
            let left = gx + mask.left;
            let right = left + mask.width as i32;
            for (r, &bits) in mask.rows.iter().take(mask.height as usize).enumerate() {
                let y = gy + mask.top + r as i32;
                // The box's cover clips too, not only the region being redrawn.
                if bits == 0 || y < cy0 || y >= cy1 {
                    continue;
                }
                let Some((row, start, opacity)) = canvas.row_mut(y, left.max(cx0), right.min(cx1))
                else {
                    continue;
                };
                // The glyph's columns from the first one in the clip.
                let mut bits = bits >> (start - left) as u32;
                if row.len() < 64 {
                    bits &= (1u64 << row.len()) - 1;
                }
                while bits != 0 {
                    let k = bits.trailing_zeros() as usize;
                    if let Some(pixel) = row.get_mut(k) {
                        *pixel = if opacity == u8::MAX {
                            ink
                        } else {
                            ink.blend(*pixel, opacity)
                        };
                    }
                    bits &= bits - 1;
                }
            }
            true
        });
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
                    mask.get(column as i32, row as i32).then_some((color, 255))
                });
                true
            },
        );
    }
}

impl<const N: usize> Draw for Label<N> {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let metrics = Metrics::new(self.font);
        let p = self.placement(canvas.content(), canvas.anchor(), &metrics);
        if !(p.bounds.width > 0.0 && p.bounds.height > 0.0) {
            return;
        }
        if let Some(background) = self.background {
            let inside = FxRect::of(&p.bounds);
            canvas.paint_fixed(p.bounds, |pt| {
                inside.contains(pt).then_some((background, 255))
            });
        }
        if self.text.is_empty() {
            return;
        }
        let m = canvas.to_screen();
        if p.scale == 1.0 && m.a == 1.0 && m.d == -1.0 && m.b == 0.0 && m.c == 0.0 {
            self.blit(canvas, &p, &metrics);
        } else {
            self.sample(canvas, &p, &metrics);
        }
    }

    /// Covers the text, the colours, the layout settings and the font, the font by a
    /// fingerprint taken when it was set (its metrics and one glyph's pixels): nothing
    /// here reads the font.
    fn appearance(&self) -> u32 {
        let mut f = Fingerprint::new()
            .bytes(self.text.as_bytes())
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
