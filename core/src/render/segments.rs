//! Anti-aliased lines and polygons of [`Shape`](super::Shape), in fixed point: a line's
//! coverage from the distance to its segment (round ends) or to its box (square ends), a
//! polygon's from the signed distance to its nearest edge (inside by the even-odd rule).
//! A square root only for a pixel near a round end or a polygon's corner.

#![cfg_attr(not(feature = "shape-lines"), allow(dead_code, unused_imports))]

use embedded_graphics::pixelcolor::Rgb888;
use heapless::Vec;

use crate::render::arc::Cap;
use crate::render::fixed::{fx, isqrt, isqrt_u64, Fx, FxPoint, FX_BITS};
use crate::render::shape::{mix, Ramp, MAX_POLYGON_POINTS};
use crate::Vec2;

/// The largest coordinate, in node units, a line or polygon is drawn with: products of
/// two coordinate differences stay within 64 bits.
const MAX_COORDINATE: f32 = 16_384.0;

fn point(v: Vec2) -> Option<FxPoint> {
    let limit = MAX_COORDINATE;
    (v.x.abs() <= limit && v.y.abs() <= limit).then(|| FxPoint {
        x: fx(v.x),
        y: fx(v.y),
    })
}

/// A line `width` units wide along a segment, with its ends.
pub(crate) struct SoftLine {
    /// The segment's middle, its unit direction (`FX_BITS` fractional bits), half its
    /// length, half the line's width.
    middle: FxPoint,
    direction: (Fx, Fx),
    half_length: Fx,
    half_width: Fx,
    cap: Cap,
    ramp: Ramp,
}

impl SoftLine {
    /// The line from `from` to `to` (anchor space), `width` wide, for pixels
    /// `2 · half` units across; `None` when it draws nothing.
    pub(crate) fn new(from: Vec2, to: Vec2, width: f32, cap: Cap, half: Fx) -> Option<Self> {
        let (a, b) = (point(from)?, point(to)?);
        if !(width.is_finite() && width > 0.0) {
            return None;
        }
        let (dx, dy) = (to.x - from.x, to.y - from.y);
        let length = libm::sqrtf(dx * dx + dy * dy);
        // A segment of no length is a dot: any direction will do.
        let direction = if length > 0.0 {
            (fx(dx / length), fx(dy / length))
        } else {
            (fx(1.0), 0)
        };
        Some(SoftLine {
            middle: FxPoint {
                x: (a.x + b.x) / 2,
                y: (a.y + b.y) / 2,
            },
            direction,
            half_length: fx(length / 2.0),
            half_width: fx(width.min(MAX_COORDINATE) / 2.0),
            cap,
            ramp: Ramp::new(half),
        })
    }

    /// The signed distance from `p` to the line's outline, negative inside.
    fn signed_distance(&self, p: FxPoint) -> Fx {
        let (x, y) = (p.x - self.middle.x, p.y - self.middle.y);
        let (ux, uy) = self.direction;
        // Along and across the segment, from its middle.
        let along = ((x * ux + y * uy) >> FX_BITS).abs();
        let across = ((y * ux - x * uy) >> FX_BITS).abs();
        match self.cap {
            Cap::Butt => {
                // The box of the segment grown by half the width at each end.
                let beyond = along - self.half_length - self.half_width;
                beyond.max(across - self.half_width)
            }
            Cap::Round => {
                let beyond = along - self.half_length;
                if beyond <= 0 {
                    across - self.half_width
                } else {
                    let d2 = beyond.unsigned_abs().pow(2) + across.unsigned_abs().pow(2);
                    isqrt_u64(d2) as Fx - self.half_width
                }
            }
        }
    }

    /// The coverage of the pixel centred at `p`; thresholded at half when `soft` is
    /// false.
    #[inline]
    pub(crate) fn alpha(&self, p: FxPoint, soft: bool) -> u8 {
        let c = self.ramp.at(-self.signed_distance(p));
        match soft {
            true => c,
            false if c >= 128 => 255,
            false => 0,
        }
    }
}

/// A closed polygon (even-odd rule), with a fill and a stroke inside its outline.
pub(crate) struct SoftPolygon {
    points: Vec<FxPoint, MAX_POLYGON_POINTS>,
    fill: Option<Rgb888>,
    stroke: Option<(Fx, Rgb888)>,
    ramp: Ramp,
    soft: bool,
}

impl SoftPolygon {
    /// The polygon through `points` (anchor space); `None` when it draws nothing.
    pub(crate) fn new(
        points: &[Vec2],
        fill: Option<Rgb888>,
        stroke: Option<(f32, Rgb888)>,
        half: Fx,
        soft: bool,
    ) -> Option<Self> {
        let mut kept = Vec::new();
        for &p in points {
            kept.push(point(p)?).ok()?;
        }
        if kept.len() < 3 || (fill.is_none() && stroke.is_none()) {
            return None;
        }
        Some(SoftPolygon {
            points: kept,
            fill,
            stroke: stroke.map(|(w, c)| (fx(w.min(MAX_COORDINATE)), c)),
            ramp: Ramp::new(half),
            soft,
        })
    }

    /// How far `p` is inside the outline (negative outside): the distance to the
    /// nearest edge, signed by the even-odd rule.
    fn depth(&self, p: FxPoint) -> Fx {
        let n = self.points.len();
        let mut inside = false;
        let mut nearest = u64::MAX;
        for i in 0..n {
            let (a, b) = (self.points[i], self.points[(i + 1) % n]);
            // The even-odd crossing, without a division: `p` is left of the edge's
            // crossing of its row.
            if (a.y > p.y) != (b.y > p.y) {
                let lhs = i128::from(p.x - a.x) * i128::from(b.y - a.y);
                let rhs = i128::from(b.x - a.x) * i128::from(p.y - a.y);
                if (lhs < rhs) == (b.y > a.y) {
                    inside = !inside;
                }
            }
            nearest = nearest.min(segment_distance2(a, b, p));
        }
        let distance = isqrt_u64(nearest) as Fx;
        if inside {
            distance
        } else {
            -distance
        }
    }

    /// The colour and alpha of the pixel centred at `p`: the fill inside the stroke's
    /// inner edge, the stroke between it and the outline, mixed on the seam.
    pub(crate) fn shade(&self, p: FxPoint) -> Option<(Rgb888, u8)> {
        let depth = self.depth(p);
        let cover = |d: Fx| {
            let c = self.ramp.at(d);
            match self.soft {
                true => c,
                false if c >= 128 => 255,
                false => 0,
            }
        };
        let outer = cover(depth);
        if outer == 0 {
            return None;
        }
        let Some((width, stroke)) = self.stroke else {
            return self.fill.map(|f| (f, outer));
        };
        let inner = cover(depth - width).min(outer);
        match self.fill {
            Some(fill) => Some((mix(fill, stroke, inner, outer), outer)),
            None => (outer > inner).then_some((stroke, outer - inner)),
        }
    }
}

/// The squared distance from `p` to the segment `a`–`b` (saturated far away).
fn segment_distance2(a: FxPoint, b: FxPoint, p: FxPoint) -> u64 {
    let (abx, aby) = (i128::from(b.x - a.x), i128::from(b.y - a.y));
    let (apx, apy) = (i128::from(p.x - a.x), i128::from(p.y - a.y));
    let length2 = abx * abx + aby * aby;
    let along = apx * abx + apy * aby;
    let d2 = if along <= 0 || length2 == 0 {
        (apx * apx + apy * apy).unsigned_abs()
    } else if along >= length2 {
        let (bpx, bpy) = (i128::from(p.x - b.x), i128::from(p.y - b.y));
        (bpx * bpx + bpy * bpy).unsigned_abs()
    } else {
        let cross = apx * aby - apy * abx;
        // `cross² / length²` rounded down; `cross / length` first keeps it in range.
        let d = cross.unsigned_abs() / isqrt(length2).max(1).unsigned_abs();
        d * d
    };
    u64::try_from(d2).unwrap_or(u64::MAX)
}
