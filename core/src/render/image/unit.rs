//! The image fast path: a node drawn upright at its own size, wherever it is.
//!
//! When the map from the screen to the node is exactly a translation in fixed point
//! ([`Canvas::fixed_translation`]) and the image's area is exactly its size in pixels,
//! [`Sampler::cell`](super::Sampler) of a pixel centre is the pixel's screen position
//! plus a constant: the pixel one to the right is the image pixel one to the right. So
//! the rows of the source are copied into the tile's rows, with the same transparency
//! and the same blend ([`blend_pixel`]), and every pixel is the one the sampler would
//! give (the unit tests below compare the two pixel for pixel). No per-pixel point, no
//! per-pixel containment test, no multiplication.

use embedded_graphics::geometry::Point;
use embedded_graphics::pixelcolor::Rgb888;

use crate::render::canvas::{blend_pixel, Canvas};
use crate::render::color::RenderColor;
use crate::render::fixed::{Fx, FX_BITS, FX_ONE};
use crate::Rect;

use super::{Decoded, Region, Sampler, Transparency};

/// Where the image lands on screen under a unit map: the screen pixels `x0..x1`,
/// `y0..y1` (inside the clip) whose centres fall in the area, and the offsets from a
/// screen pixel to its region pixel.
struct Placement {
    x0: i32,
    x1: i32,
    y0: i32,
    y1: i32,
    /// Region column of screen column `x`: `x + column`.
    column: i64,
    /// Region row of screen row `y`: `min(y + row, height − 1)`.
    row: i64,
    height: u32,
}

impl Placement {
    /// Nothing to draw.
    const EMPTY: Placement = Placement {
        x0: 0,
        x1: 0,
        y0: 0,
        y1: 0,
        column: 0,
        row: 0,
        height: 1,
    };

    /// The placement, when the map is a unit translation and the area the image's size
    /// (`None` otherwise).
    fn new<C: RenderColor>(
        canvas: &Canvas<'_, C>,
        sampler: &Sampler,
        bounds: Rect,
    ) -> Option<Self> {
        let origin = canvas.fixed_translation()?;
        let area = sampler.area;
        let unit = |pixels: u32| Fx::from(pixels) << FX_BITS;
        if area.width() != unit(sampler.width) || area.height() != unit(sampler.height) {
            return None;
        }
        // The sampler's ratios are then exactly one region pixel per unit, and pixel
        // `(x, y)`'s centre `(origin.x + x·1, origin.y − y·1)` is inside when
        // `x0 ≤ origin.x + x < x1` and `y0 ≤ origin.y − y < y1` (in `Fx`).
        let ceil = |v: Fx| (v + FX_ONE - 1) >> FX_BITS;
        let floor = |v: Fx| v >> FX_BITS;
        let (mut x0, mut x1) = (ceil(area.x0 - origin.x), ceil(area.x1 - origin.x));
        let (mut y0, mut y1) = (floor(origin.y - area.y1) + 1, floor(origin.y - area.y0) + 1);
        // Only pixels `paint_fixed` would visit: the clip, and the node's bounds as
        // the float transform puts them on screen.
        let Some(visited) = canvas.area(bounds) else {
            return Some(Placement::EMPTY);
        };
        let (vx, vy) = (i64::from(visited.top_left.x), i64::from(visited.top_left.y));
        x0 = x0.max(vx);
        y0 = y0.max(vy);
        x1 = x1.min(vx + i64::from(visited.size.width));
        y1 = y1.min(vy + i64::from(visited.size.height));
        if x0 >= x1 || y0 >= y1 {
            return Some(Placement::EMPTY);
        }
        Some(Placement {
            x0: i32::try_from(x0).ok()?,
            x1: i32::try_from(x1).ok()?,
            y0: i32::try_from(y0).ok()?,
            y1: i32::try_from(y1).ok()?,
            column: floor(origin.x - area.x0),
            row: floor(area.y1 - origin.y),
            height: sampler.height,
        })
    }

    /// The region row of screen row `y`. At the area's bottom edge exactly the sampler
    /// gives `height`, which it clamps to the last row; so is it here.
    #[inline]
    fn region_row(&self, y: i32) -> u32 {
        let row = i64::from(y) + self.row;
        row.clamp(0, i64::from(self.height) - 1) as u32
    }

    /// The region column of screen column `x` (inside the area, always in range).
    #[inline]
    fn region_column(&self, x: i32) -> u32 {
        (i64::from(x) + self.column).max(0) as u32
    }
}

/// Draws `region` of `image` over `area` by the fast path, if the node's map allows it
/// (see the module); false, drawing nothing, when it does not.
#[cfg_attr(
    not(any(feature = "bmp", feature = "tga", feature = "qoi")),
    allow(unreachable_patterns)
)]
pub(super) fn draw<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    image: &Decoded,
    region: Region,
    sampler: &Sampler,
    area: Rect,
    transparency: Transparency,
) -> bool {
    let Some(at) = Placement::new(canvas, sampler, area) else {
        return false;
    };
    if at.x0 >= at.x1 || at.y0 >= at.y1 {
        return true;
    }
    match *image {
        Decoded::Raw {
            data, width, bytes, ..
        } => {
            let stride = width as usize * bytes;
            for y in at.y0..at.y1 {
                let row = (region.y + at.region_row(y)) as usize;
                let Some((span, x, opacity)) = canvas.row_mut(y, at.x0, at.x1) else {
                    continue;
                };
                let column = (region.x + at.region_column(x)) as usize;
                let start = row * stride + column * bytes;
                let Some(source) = data.get(start..start + span.len() * bytes) else {
                    continue;
                };
                if bytes == 3 {
                    raw_row::<C, 3>(span, source, transparency, opacity);
                } else {
                    raw_row::<C, 4>(span, source, transparency, opacity);
                }
            }
        }
        _ if image.random_access() => {
            for y in at.y0..at.y1 {
                let row = region.y + at.region_row(y);
                let Some((span, x, opacity)) = canvas.row_mut(y, at.x0, at.x1) else {
                    continue;
                };
                let column = region.x + at.region_column(x);
                image.row(column, row, span.len(), |k, color, alpha| {
                    if let Some(pixel) = span.get_mut(k) {
                        blend_pixel(pixel, color, transparency.apply(color, alpha), opacity);
                    }
                });
            }
        }
        _ => {
            // Decoded once, in file order: each image pixel goes to the screen pixel
            // (or, for the last row at an exact bottom edge, two) whose region pixel it
            // is.
            let (x0, y0) = (i64::from(at.x0), i64::from(at.y0));
            let (x1, y1) = (i64::from(at.x1), i64::from(at.y1));
            let last = i64::from(region.height) - 1;
            image.for_each(&mut |x, y, color, alpha| {
                let (Some(x), Some(y)) = (x.checked_sub(region.x), y.checked_sub(region.y)) else {
                    return;
                };
                if x >= region.width || y >= region.height {
                    return;
                }
                let alpha = transparency.apply(color, alpha);
                if alpha == 0 {
                    return;
                }
                let sx = i64::from(x) - at.column;
                if sx < x0 || sx >= x1 {
                    return;
                }
                // The screen row whose region row is `y`; and below it, for the last
                // row, the one the sampler clamps to it at an exact bottom edge.
                let sy = i64::from(y) - at.row;
                if sy >= y0 && sy < y1 {
                    canvas.blend_inside(Point::new(sx as i32, sy as i32), color, alpha);
                }
                let below = sy + 1;
                if i64::from(y) == last
                    && below >= y0
                    && below < y1
                    && at.region_row(below as i32) == y
                {
                    canvas.blend_inside(Point::new(sx as i32, below as i32), color, alpha);
                }
            });
        }
    }
    true
}

/// One row of raw pixels of `BYTES` bytes each (3: RGB, 4: RGBA) onto a tile row.
#[inline]
fn raw_row<C: RenderColor, const BYTES: usize>(
    span: &mut [C],
    source: &[u8],
    transparency: Transparency,
    opacity: u8,
) {
    let pixels = span.iter_mut().zip(source.chunks_exact(BYTES));
    if BYTES == 3 && opacity == u8::MAX && !matches!(transparency, Transparency::ColorKey(_)) {
        // Opaque pixels on an opaque node: a colour conversion per pixel, no blend.
        for (pixel, p) in pixels {
            *pixel = C::from_rgb888(Rgb888::new(p[0], p[1], p[2]));
        }
        return;
    }
    for (pixel, p) in pixels {
        let color = Rgb888::new(p[0], p[1], p[2]);
        let alpha = p.get(3).copied().unwrap_or(u8::MAX);
        blend_pixel(pixel, color, transparency.apply(color, alpha), opacity);
    }
}
