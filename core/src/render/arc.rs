//! The arc geometry of [`Shape`](super::Shape): a band of a ring between two angles, the
//! gauge of every dashboard, with round or square ends. Shaded in fixed point: each
//! pixel's coverage is the smaller of the band's (its distance from the two circles) and
//! the sweep's (its distance from the lines of the two ends), or, with round ends, the
//! larger of that and the end discs'. A square root only for the pixels within half a
//! pixel of a circle or an end disc; the rest are decided by comparing squares and by
//! two cross products.

// Without the `shape-arcs` feature only `Cap` is used (by lines).
#![cfg_attr(not(feature = "shape-arcs"), allow(dead_code, unused_imports))]

use embedded_graphics::pixelcolor::Rgb888;

use crate::render::canvas::{AxisRows, Canvas};
use crate::render::color::RenderColor;
use crate::render::fixed::{fx, isqrt_u64, Fx, FxPoint, FX_BITS, FX_ONE};
use crate::render::gradient::Falloff;
use crate::render::shape::Ramp;
use crate::render::span;
use crate::Rect;

/// How an arc's ends are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// Cut square, along the radius at each end angle.
    Butt,
    /// Rounded: a half disc as wide as the band at each end.
    Round,
}

/// The largest radius an arc is drawn with, in node units: squares of distances stay
/// within 64 bits.
const MAX_RADIUS: f32 = 16_384.0;

/// An arc ready to shade: everything in anchor space, fixed point, relative to the
/// centre.
pub(crate) struct ArcShader {
    cx: Fx,
    cy: Fx,
    /// The band's outer and inner radii, and the squares the pixels are sorted by:
    /// outside `visible` nothing, inside `hole` nothing, between `full_out` and
    /// `full_in` the whole band.
    outer: Fx,
    inner: Fx,
    visible: u64,
    hole: u64,
    full_out: u64,
    full_in: u64,
    /// The unit directions of the ends (`FX_BITS` fractional bits), and whether the
    /// sweep is more than half a turn (a union of the ends' half-planes, not their
    /// intersection), or the whole turn.
    start: (Fx, Fx),
    end: (Fx, Fx),
    wide: bool,
    whole: bool,
    cap: Cap,
    /// The end discs' centres and radius (round ends), and the square within which a
    /// pixel may be covered by one.
    caps: [(Fx, Fx); 2],
    cap_radius: Fx,
    cap_reach: u64,
    /// The square within which a pixel is wholly covered by an end disc.
    cap_full: u64,
    /// `outer²`, `inner²`, and per circle the reciprocal `2^FLAT_SHIFT / 2r` its
    /// depths are worked out with (see [`edge_depths`](Self::edge_depths)), for a
    /// circle large enough.
    outer_sq: u64,
    inner_sq: u64,
    flat_outer: Option<i64>,
    flat_inner: Option<i64>,
    /// Per end, the line through the centre along it, as a row sees it: the column
    /// (from the centre, [`Fx`]) where a row `dy` from the centre crosses it is
    /// `dy · slope >> FX_BITS`, and the pixels whose distance from it is under the
    /// ramp's reach lie within `width` of there. `None` for a line too near the
    /// horizontal for the slope to fit (a division per row then).
    lines: [Option<(Fx, Fx)>; 2],
    ramp: Ramp,
    /// The box around the sweep, from the centre (see [`extent`](Self::extent)).
    reach: ((Fx, Fx), (Fx, Fx)),
    /// A hard-edged arc's thresholds (see [`hard`](Self::hard)); `None` when soft.
    edges: Option<HardEdges>,
}

/// What [`ArcShader::row_edges`] finds on a row: runs of columns as `(first, end)`.
#[derive(Clone, Copy, Debug)]
struct RowEdges {
    /// The columns near an edge across the band, sorted; the first `met` are the row's.
    edges: [(i32, i32); 6],
    met: usize,
    /// Each end disc's columns, sorted (`(i32::MAX, i32::MAX)` for none).
    discs: [(i32, i32); 2],
}

/// Where a hard-edged arc's coverage reaches half, worked out once per set-up so that a
/// pixel is sorted by comparisons instead of coverage: the squared distances from the
/// centre of the band at half or more (`band`), the smallest depth past an end's line at
/// half or more (`depth`), and the squared distance from a round end's centre under
/// which its disc covers half or more (`cap`, strict).
#[derive(Clone, Copy, Debug)]
struct HardEdges {
    band: (u64, u64),
    depth: Fx,
    cap: u64,
}

/// What changes when the arc over `content` (the ring inscribed in it), `thickness`
/// units wide, from `start_degrees`, comes to sweep `new` degrees instead of `old`: the
/// box (anchor space) around the band between the two ends, with both ends' round caps,
/// a little wider all round. The renderer redraws the pixels touching it, which holds
/// every anti-aliased pixel (each lies within half a pixel of the band). `None`, redraw
/// the arc whole, for sweeps that are not finite or a change of a whole turn or more.
pub(crate) fn changed_sweep(
    content: &Rect,
    start_degrees: f32,
    (old, new): (f32, f32),
    thickness: f32,
) -> Option<Rect> {
    // A sweep that is not a number draws nothing: the other one is all that changes.
    if !(old.is_finite() && new.is_finite()) {
        return None;
    }
    // Between the ends, whichever side of the start each lies on.
    let (from, to) = (
        start_degrees + old.min(new).max(-360.0),
        start_degrees + old.max(new).min(360.0),
    );
    // Beyond 2^22 degrees an `f32` no longer holds every multiple of 90 (the walk over
    // the axes below would not end).
    const EXACT: f32 = 4_194_304.0;
    if !(from.is_finite() && to.is_finite() && thickness.is_finite())
        || to - from >= 360.0
        || from.abs() > EXACT
        || to.abs() > EXACT
    {
        return None;
    }
    let outer = (content.width.min(content.height) / 2.0).clamp(0.0, MAX_RADIUS);
    // Not `clamp`: its bounds are not constants, and its check would link a panic
    // that formats floats (10 KB of a board's flash) for an `outer` that is NaN.
    let thickness = thickness.max(0.0).min(outer);
    let inner = outer - thickness;
    let (cx, cy) = (
        content.x + content.width / 2.0,
        content.y + content.height / 2.0,
    );
    let mut x = (f32::INFINITY, f32::NEG_INFINITY);
    let mut y = (f32::INFINITY, f32::NEG_INFINITY);
    // A disc of `reach` around the point `radius` out at `degrees` (y up).
    let mut take = |degrees: f32, radius: f32, reach: f32| {
        let (sin, cos) = crate::sin_cos_degrees(degrees);
        let (px, py) = (cx + sin * radius, cy + cos * radius);
        x = (x.0.min(px - reach), x.1.max(px + reach));
        y = (y.0.min(py - reach), y.1.max(py + reach));
    };
    let cap = thickness / 2.0;
    for end in [from, to] {
        take(end, inner, 0.0);
        take(end, outer, 0.0);
        // A round end's disc, on the band's middle.
        take(end, inner + cap, cap);
    }
    // The outer edge where it crosses an axis between the ends.
    let mut axis = libm::ceilf(from / 90.0) * 90.0;
    while axis <= to {
        take(axis, outer, 0.0);
        axis += 90.0;
    }
    const MARGIN: f32 = 0.5;
    Some(Rect::new(
        x.0 - MARGIN,
        y.0 - MARGIN,
        x.1 - x.0 + 2.0 * MARGIN,
        y.1 - y.0 + 2.0 * MARGIN,
    ))
}

/// A direction `degrees` clockwise from the top (y up), as a unit vector in fixed point.
fn direction(degrees: f32) -> (Fx, Fx) {
    let (sin, cos) = crate::sin_cos_degrees(degrees);
    (fx(sin), fx(cos))
}

/// The narrowest area (in pixels) an arc draws a row at a time: a row's square roots
/// and divisions cost more than shading a few pixels one by one (the same pixels either
/// way).
const MIN_ARC_ROW: u32 = 16;

/// The smallest round end, in half pixels of radius (pixels across), whose wholly
/// covered chord a row fills instead of shading (see [`ArcShader::row_edges`]).
const WHOLE_CHORD: Fx = 8;

/// `v` within `lo..=hi` (`lo` when `hi < lo`): `clamp` without its check, inlined on a
/// board built for size.
#[inline(always)]
fn within(v: i32, lo: i32, hi: i32) -> i32 {
    v.min(hi).max(lo)
}

/// The smallest radius, in half-pixels, whose edge depths are worked out without a
/// root: the error `(r − d)² / 2r` stays within `half / 128` (a level of 255 at most).
const FLAT_EDGE: Fx = 64;

/// The fixed point of the reciprocals of [`ArcShader::edge_depths`]: `2^40 / 2r`. Their
/// products with `r² − d²` (within `2r · half + half²`) come to about `half · 2^40`:
/// within 64 bits for a `half` up to 2^20 (a node shrunk up to 32 times).
const FLAT_SHIFT: u32 = 40;

/// See [`FLAT_EDGE`]: the reciprocal `2^FLAT_SHIFT / 2r` of a circle of radius `r`
/// (pixels `2 · half` across), or `None` for a small one (or pixels too large).
fn flat(r: Fx, half: Fx) -> Option<i64> {
    (r >= FLAT_EDGE * half && r > 0 && half <= 1 << 20).then(|| (1i64 << FLAT_SHIFT) / (2 * r))
}

/// Coordinates of a ring's centre over `content`.
fn centre(content: &Rect) -> (Fx, Fx) {
    (
        fx(content.x + content.width / 2.0),
        fx(content.y + content.height / 2.0),
    )
}

/// `r²` of a radius (0 for a negative one).
fn square(r: Fx) -> u64 {
    let r = r.max(0).unsigned_abs();
    r * r
}

/// The square within which a pixel centre lies in the hole, covered by nothing: for
/// an inner radius `inner` and pixels `2 · half` across.
fn hole(inner: Fx, half: Fx) -> u64 {
    if inner > half {
        square(inner - half)
    } else {
        0
    }
}

/// How far from an end's line (in [`Fx`], times `2^FX_BITS`) a pixel may be partly
/// covered by the ramp, with a unit to spare.
fn edge_reach(ramp: &Ramp) -> Fx {
    (Falloff::half(ramp) + 1) << FX_BITS
}

/// A line `x · a + y · b = 0` through the centre (`a`, `b` a unit normal in
/// `FX_BITS`), as rows meet it: its slope `−b / a` and how far either side of where a
/// row crosses it a distance stays under `reach` (see [`ArcShader`]'s `lines`). `None`
/// for a line within about a degree of the horizontal (`|a| < 2^-6`), whose slope is
/// too steep to keep in 64 bits.
fn row_line(a: Fx, b: Fx, reach: Fx) -> Option<(Fx, Fx)> {
    if a.unsigned_abs() < 1 << (FX_BITS - 6) {
        return None;
    }
    Some(((-b << FX_BITS) / a, reach / a.abs() + 1))
}

/// The outer and inner radii of the band `thickness` wide of the ring inscribed in
/// `content` (the outer one at most [`MAX_RADIUS`]); `None` when there is no band.
#[inline(always)]
fn radii(content: &Rect, thickness: f32) -> Option<(Fx, Fx)> {
    let radius = (content.width.min(content.height) / 2.0).min(MAX_RADIUS);
    if !(radius > 0.0 && thickness > 0.0 && thickness.is_finite()) {
        return None;
    }
    Some((fx(radius), fx(radius - thickness.min(radius))))
}

/// Whether the centres of `rows`' four corner pixels (and so every pixel: a disc holds a
/// rectangle when it holds its corners) lie within `hole` (a square) of `centre`.
fn in_hole(rows: &AxisRows, (cx, cy): (Fx, Fx), hole: u64) -> bool {
    let area = rows.area();
    if hole == 0 || area.size.width == 0 || area.size.height == 0 {
        return false;
    }
    let (x0, y0) = (area.top_left.x, area.top_left.y);
    let (x1, y1) = (
        x0 + area.size.width as i32 - 1,
        y0 + area.size.height as i32 - 1,
    );
    let ys = [rows.y_at(y0), rows.y_at(y1)];
    [rows.x_at(x0), rows.x_at(x1)].iter().all(|&x| {
        ys.iter().all(|&y| {
            let (dx, dy) = ((x - cx).unsigned_abs(), (y - cy).unsigned_abs());
            dx.checked_mul(dx)
                .zip(dy.checked_mul(dy))
                .and_then(|(a, b)| a.checked_add(b))
                .is_some_and(|d2| d2 < hole)
        })
    })
}

impl ArcShader {
    /// The arc over `content` (the ring inscribed in it), from `start_degrees` (clockwise
    /// from the top) through `sweep_degrees` (negative: anticlockwise), `thickness`
    /// units wide, for pixels `2 · half` units across; `None` when it draws nothing.
    pub(crate) fn new(
        content: &Rect,
        (start_degrees, sweep_degrees): (f32, f32),
        thickness: f32,
        cap: Cap,
        half: Fx,
        soft: bool,
    ) -> Option<Self> {
        if !(start_degrees.is_finite() && sweep_degrees.is_finite() && thickness.is_finite()) {
            return None;
        }
        if sweep_degrees == 0.0 {
            return None;
        }
        let (outer, inner) = radii(content, thickness)?;
        let (start_degrees, sweep) = if sweep_degrees < 0.0 {
            (start_degrees + sweep_degrees, -sweep_degrees)
        } else {
            (start_degrees, sweep_degrees)
        };
        let sweep = sweep.min(360.0);
        let start = direction(start_degrees);
        let end = direction(start_degrees + sweep);
        let middle = (outer + inner) / 2;
        let on_middle = |(x, y): (Fx, Fx)| ((x * middle) >> FX_BITS, (y * middle) >> FX_BITS);
        let cap_radius = (outer - inner) / 2;
        let ramp = Ramp::new(half);
        let reach = edge_reach(&ramp);
        let (cx, cy) = centre(content);
        let mut arc = ArcShader {
            cx,
            cy,
            outer,
            inner,
            visible: square(outer + half),
            hole: hole(inner, half),
            full_out: square(outer - half),
            full_in: square(inner + half),
            outer_sq: square(outer),
            inner_sq: square(inner),
            flat_outer: flat(outer, half),
            flat_inner: flat(inner, half),
            start,
            end,
            wide: sweep > 180.0,
            whole: sweep >= 360.0,
            cap,
            caps: [on_middle(start), on_middle(end)],
            cap_radius,
            cap_reach: square(cap_radius + half),
            cap_full: if cap_radius > half {
                square(cap_radius - half)
            } else {
                0
            },
            lines: [
                row_line(start.1, -start.0, reach),
                row_line(-end.1, end.0, reach),
            ],
            ramp,
            reach: ((0, 0), (0, 0)),
            edges: None,
        };
        arc.reach = arc.extent();
        if !soft {
            arc.edges = Some(arc.hard_edges());
        }
        Some(arc)
    }

    /// Whether every pixel of `rows` lies in the hole, where the arc draws nothing.
    pub(crate) fn hole_holds(&self, rows: &AxisRows) -> bool {
        in_hole(rows, (self.cx, self.cy), self.hole)
    }

    /// The box (from the centre: `(left, bottom)`, `(right, top)`) outside which the arc
    /// covers nothing: around its ends (both circles' points, and a round end's disc),
    /// the outer circle's points on the axes the sweep crosses, and a pixel more all
    /// round. In fixed point from the ends' directions: a few products.
    fn extent(&self) -> ((Fx, Fx), (Fx, Fx)) {
        let pad = 2 * Falloff::half(&self.ramp) + 2;
        let reach = self.outer + pad;
        if self.whole {
            return ((-reach, -reach), (reach, reach));
        }
        let one = 1 << FX_BITS;
        let cap = if self.cap == Cap::Round {
            self.cap_radius
        } else {
            0
        };
        // Points (a direction, a radius) and how far round each the arc may reach: the
        // ends on both circles and the ends' discs, then the axes, if the sweep holds
        // them (clockwise of the start and anticlockwise of the end; either, past half a
        // turn).
        let points = [
            (self.start, self.outer, pad),
            (self.start, self.inner, pad),
            (self.end, self.outer, pad),
            (self.end, self.inner, pad),
            (self.start, (self.outer + self.inner) / 2, cap + pad),
            (self.end, (self.outer + self.inner) / 2, cap + pad),
            ((0, one), self.outer, pad),
            ((one, 0), self.outer, pad),
            ((0, -one), self.outer, pad),
            ((-one, 0), self.outer, pad),
        ];
        let (mut lo, mut hi) = ((reach, reach), (-reach, -reach));
        for (k, &((ux, uy), r, pad)) in points.iter().enumerate() {
            let after_start = ux * self.start.1 - uy * self.start.0 >= 0;
            let before_end = self.end.0 * uy - self.end.1 * ux >= 0;
            let held = match self.wide {
                true => after_start || before_end,
                false => after_start && before_end,
            };
            if k < 6 || held {
                let (x, y) = ((ux * r) >> FX_BITS, (uy * r) >> FX_BITS);
                lo = (lo.0.min(x - pad), lo.1.min(y - pad));
                hi = (hi.0.max(x + pad), hi.1.max(y + pad));
            }
        }
        (
            (lo.0.max(-reach), lo.1.max(-reach)),
            (hi.0.min(reach), hi.1.min(reach)),
        )
    }

    /// The coverage of the sweep at `(x, y)` (from the centre): from the signed
    /// distances to the ends (see [`sweep_depths`](Self::sweep_depths)).
    #[inline]
    fn sweep_coverage(&self, x: Fx, y: Fx) -> u8 {
        if self.whole {
            return 255;
        }
        let (after_start, before_end) = self.sweep_depths(x, y);
        let (a, b) = (self.ramp.at(after_start), self.ramp.at(before_end));
        if self.wide {
            a.max(b)
        } else {
            a.min(b)
        }
    }

    /// The signed distances of `(x, y)` (from the centre) to the two ends, positive on
    /// the sweep's side.
    #[inline]
    fn sweep_depths(&self, x: Fx, y: Fx) -> (Fx, Fx) {
        // Clockwise of the start: `p × start ≥ 0`; anticlockwise of the end: `end × p
        // ≥ 0`. Unit vectors in `FX_BITS`: the products are distances in `Fx`.
        let after_start = (x * self.start.1 - y * self.start.0) >> FX_BITS;
        let before_end = (self.end.0 * y - self.end.1 * x) >> FX_BITS;
        // An end's edge is a ray from the centre, not a line: behind it (past the
        // centre) the distance to it is the distance to the centre. Otherwise the two
        // lines of a sweep's ends, nearly one line for a sweep just short of a turn (or
        // a sliver), would shade the band opposite them.
        let behind = |edge: Fx, (ux, uy): (Fx, Fx)| -> Fx {
            if (x * ux + y * uy) >> FX_BITS >= 0 {
                return edge;
            }
            let centre = self.centre_distance(x, y);
            if edge >= 0 {
                centre
            } else {
                -centre
            }
        };
        (
            behind(after_start, self.start),
            behind(before_end, self.end),
        )
    }

    /// How far `(x, y)` (from the centre) is from the centre, as far as coverage can
    /// tell: a point of the band is at least the inner radius out, past the reach of the
    /// ramp when that is over a pixel (no square root then).
    #[inline]
    fn centre_distance(&self, x: Fx, y: Fx) -> Fx {
        if self.inner > 2 * Falloff::half(&self.ramp) {
            return self.inner;
        }
        isqrt_u64(x.unsigned_abs().pow(2) + y.unsigned_abs().pow(2)) as Fx
    }

    /// The coverage of the pixel centred at `p`, before thresholding.
    #[inline]
    fn coverage(&self, p: FxPoint) -> u8 {
        let (x, y) = (p.x - self.cx, p.y - self.cy);
        if x.unsigned_abs() > self.outer.unsigned_abs() * 2
            || y.unsigned_abs() > self.outer.unsigned_abs() * 2
        {
            return 0;
        }
        let d2 = x.unsigned_abs().pow(2) + y.unsigned_abs().pow(2);
        if d2 > self.visible || d2 < self.hole {
            return 0;
        }
        let band = if d2 <= self.full_out && d2 >= self.full_in {
            255
        } else {
            self.edge_depths(d2)
        };
        let body = band.min(self.sweep_coverage(x, y));
        if self.cap == Cap::Butt || body == 255 {
            return body;
        }
        let mut cover = body;
        for &(ex, ey) in &self.caps {
            let (dx, dy) = ((x - ex).unsigned_abs(), (y - ey).unsigned_abs());
            if dx > self.cap_radius.unsigned_abs() * 2 || dy > self.cap_radius.unsigned_abs() * 2 {
                continue;
            }
            let e2 = dx * dx + dy * dy;
            if e2 < self.cap_full {
                // Half a pixel or more inside the disc: whole.
                return u8::MAX;
            }
            if e2 <= self.cap_reach {
                let depth = self.cap_radius - isqrt_u64(e2) as Fx;
                cover = cover.max(self.ramp.at(depth));
            }
        }
        cover
    }

    /// The band's coverage at `d2` (a squared distance from the centre) near one of its
    /// circles. A circle of radius `r` at least [`FLAT_EDGE`] half-pixels has its depth
    /// `r − d` taken as `(r² − d²) / 2r` (a multiply by a reciprocal kept per arc, no
    /// square root): off by `(r − d)² / 2r`, under one of 255 levels within the pixel
    /// either side of the edge where it matters. Smaller circles take the root.
    #[inline]
    fn edge_depths(&self, d2: u64) -> u8 {
        self.outer_depth(d2).min(self.inner_depth(d2))
    }

    /// [`edge_depths`](Self::edge_depths) of the outer circle alone: 255 inside
    /// `full_out`, falling as `d2` grows.
    #[inline]
    fn outer_depth(&self, d2: u64) -> u8 {
        if d2 <= self.full_out {
            return u8::MAX;
        }
        match self.flat_outer {
            Some(m) => {
                let room = self.outer_sq as i64 - d2 as i64;
                self.ramp.at((room * m) >> FLAT_SHIFT)
            }
            None => self.ramp.at(self.outer - isqrt_u64(d2) as Fx),
        }
    }

    /// [`edge_depths`](Self::edge_depths) of the inner circle alone: 255 outside
    /// `full_in`, rising as `d2` grows.
    #[inline]
    fn inner_depth(&self, d2: u64) -> u8 {
        if d2 >= self.full_in {
            return u8::MAX;
        }
        match self.flat_inner {
            Some(m) => {
                let room = d2 as i64 - self.inner_sq as i64;
                self.ramp.at((room * m) >> FLAT_SHIFT)
            }
            None => self.ramp.at(isqrt_u64(d2) as Fx - self.inner),
        }
    }

    /// The thresholds of [`HardEdges`]: each coverage the arc combines is monotonic in
    /// one value (a squared distance, a depth), so where it reaches half is one bound,
    /// worked out in closed form once per set-up.
    fn hard_edges(&self) -> HardEdges {
        let depth = self.ramp.half_depth();
        // Each circle's depth at `d2` is at least `depth` from a closed form (the flat
        // depth `⌊room · m / 2^FLAT_SHIFT⌋ ≥ depth` ⇔ `room ≥ ⌈depth · 2^FLAT_SHIFT / m⌉`;
        // the root's `r − ⌊√d2⌋ ≥ depth` ⇔ `d2 < (r − depth + 1)²`), no bisection: an
        // arc that sweeps is set up again every frame.
        let least_room = |m: i64| -((-(depth << FLAT_SHIFT)).div_euclid(m));
        let out = match self.flat_outer {
            Some(m) => (self.outer_sq as i64 - least_room(m)).max(0) as u64,
            None => match self.outer - depth {
                r if r >= 0 => square(r + 1).saturating_sub(1),
                _ => 0,
            },
        }
        .max(self.full_out);
        let inside = match self.flat_inner {
            Some(m) => (self.inner_sq as i64 + least_room(m)).max(0) as u64,
            None => square(self.inner + depth),
        }
        .min(self.full_in);
        // A round end's disc: `ramp(r − ⌊√e²⌋) ≥ 128` ⇔ `⌊√e²⌋ ≤ r − depth` ⇔
        // `e² < (r − depth + 1)²`.
        let room = self.cap_radius - depth;
        let cap = match room >= 0 {
            true => square(room + 1),
            false => 0,
        };
        HardEdges {
            band: (inside, out),
            depth,
            cap,
        }
    }

    /// Whether a hard-edged arc covers the pixel centred at `p` (its coverage is half or
    /// more), by the thresholds of `edges`: the same answer as
    /// [`coverage`](Self::coverage) `≥ 128`, with no ramp and no square root.
    #[inline]
    fn hard(&self, edges: &HardEdges, p: FxPoint) -> bool {
        let (x, y) = (p.x - self.cx, p.y - self.cy);
        if x.unsigned_abs() > self.outer.unsigned_abs() * 2
            || y.unsigned_abs() > self.outer.unsigned_abs() * 2
        {
            return false;
        }
        let d2 = x.unsigned_abs().pow(2) + y.unsigned_abs().pow(2);
        if d2 > self.visible || d2 < self.hole {
            return false;
        }
        if d2 >= edges.band.0 && d2 <= edges.band.1 {
            let swept = self.whole || {
                let (after_start, before_end) = self.sweep_depths(x, y);
                let (a, b) = (after_start >= edges.depth, before_end >= edges.depth);
                if self.wide {
                    a || b
                } else {
                    a && b
                }
            };
            if swept {
                return true;
            }
        }
        if self.cap == Cap::Butt {
            return false;
        }
        self.caps.iter().any(|&(ex, ey)| {
            let (dx, dy) = ((x - ex).unsigned_abs(), (y - ey).unsigned_abs());
            if dx > self.cap_radius.unsigned_abs() * 2 || dy > self.cap_radius.unsigned_abs() * 2 {
                return false;
            }
            let e2 = dx * dx + dy * dy;
            e2 < self.cap_full || (e2 <= self.cap_reach && e2 < edges.cap)
        })
    }

    /// The alpha the pixel centred at `p` is drawn with (0: not drawn).
    #[inline]
    pub(crate) fn alpha(&self, p: FxPoint) -> u8 {
        match &self.edges {
            Some(edges) if self.hard(edges, p) => 255,
            Some(_) => 0,
            None => self.coverage(p),
        }
    }

    /// [`draw_axis_rows`](Self::draw_axis_rows) over the canvas's rows of `bounds`;
    /// false for a map that does not keep the axes apart.
    #[cfg(test)]
    pub(crate) fn draw_rows<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        bounds: Rect,
        color: Rgb888,
    ) -> bool {
        let Some(rows) = canvas.axis_rows(bounds) else {
            return false;
        };
        self.draw_axis_rows(canvas, rows, color);
        true
    }

    /// Draws the arc in `color` a row at a time over `rows` (the canvas's
    /// [`axis_rows`](Canvas::axis_rows) of its bounds, for a map that keeps the axes
    /// apart). On a row, the pixels the arc may cover lie between
    /// the visible circle and the hole: at most two runs. Only the pixels near an edge
    /// are shaded one by one through [`alpha`](Self::alpha): those within a pixel of
    /// either circle, of either end's line, or of a round end's disc. Between them the
    /// band is whole and each end's test is on one side of its line, so the alpha is the
    /// same across the stretch: shaded once, filled as a span. The same pixels as the
    /// sampler everywhere.
    pub(crate) fn draw_axis_rows<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        rows: AxisRows,
        color: Rgb888,
    ) {
        let ink = C::from_rgb888(color);
        if rows.width() < MIN_ARC_ROW {
            // A narrow area: its pixels one by one, without a row's square roots.
            let area = rows.area();
            let x0 = area.top_left.x;
            for (y, ly) in rows.rows() {
                if let Some((pixels, start, opacity)) =
                    canvas.row_mut(y, x0, x0 + area.size.width as i32)
                {
                    let end = start + pixels.len() as i32;
                    self.shade(pixels, (start, start, end), (ink, ly, opacity), &rows);
                }
            }
            return;
        }
        // Only the rows and columns of the box around the sweep.
        let ((left, bottom), (right, top)) = self.reach;
        let (c0, c1) = rows.columns(self.cx + left, self.cx + right);
        for (y, ly) in rows.rows() {
            if ly < self.cy + bottom || ly > self.cy + top {
                continue;
            }
            let dy = (ly - self.cy).unsigned_abs();
            // The columns whose centres lie within `r` of the centre (`r² = limit`).
            let disc = |limit: u64| -> Option<(i32, i32)> {
                let dy2 = dy.checked_mul(dy)?;
                let room = limit.checked_sub(dy2)?;
                let reach = isqrt_u64(room) as Fx;
                let (x0, x1) = rows.columns(self.cx - reach, self.cx + reach);
                (x0 < x1).then_some((x0, x1))
            };
            let Some((v0, v1)) = disc(self.visible) else {
                continue;
            };
            let (v0, v1) = (v0.max(c0), v1.min(c1));
            if v0 >= v1 {
                continue;
            }
            let runs = match disc(self.hole).filter(|_| self.hole > 0) {
                Some((h0, h1)) => [(v0, within(h0, v0, v1)), (within(h1, v0, v1), v1)],
                None => [(v0, v1), (v1, v1)],
            };
            // Where the band is whole: inside `full_out`, outside `full_in` (left and
            // right of it). A hard-edged band covers everything between its thresholds,
            // and outside them only an end's disc covers a pixel.
            let (full_out, full_in) = match &self.edges {
                Some(hard) => (hard.band.1, hard.band.0),
                None => (self.full_out, self.full_in),
            };
            let whole = match (disc(full_out), full_in.checked_sub(1).and_then(disc)) {
                (Some((o0, o1)), Some((i0, i1))) => [(o0, i0.min(o1)), (i1.max(o0), o1)],
                (Some(out), None) => [out, (i32::MAX, i32::MAX)],
                (None, _) => [(i32::MAX, i32::MAX); 2],
            };
            let RowEdges { edges, met, discs } = self.row_edges(&rows, ly - self.cy);
            let edges = edges.get(..met).unwrap_or(&[]);
            for &(x0, x1) in &runs {
                let Some((pixels, start, opacity)) = canvas.row_mut(y, x0, x1) else {
                    continue;
                };
                let end = start + pixels.len() as i32;
                let shade = |pixels: &mut [C], from: i32, to: i32| {
                    // Most of a row's stretches are empty.
                    if from < to {
                        self.shade(pixels, (start, from, to), (ink, ly, opacity), &rows);
                    }
                };
                // The columns off the whole band: one by one, or for a hard-edged arc
                // only those an end's disc may reach.
                let shade_off = |pixels: &mut [C], from: i32, to: i32| {
                    if self.edges.is_none() {
                        return shade(pixels, from, to);
                    }
                    let mut at = from;
                    for &(d0, d1) in &discs {
                        let d0 = within(d0, at, to);
                        let d1 = within(d1, d0, to);
                        shade(pixels, d0, d1);
                        at = at.max(d1);
                    }
                };
                let mut at = start;
                for &(w0, w1) in &whole {
                    let w0 = within(w0, at, end);
                    let w1 = within(w1, w0, end);
                    shade_off(pixels, at, w0);
                    // The whole band, cut where it is near an end.
                    at = w0;
                    for &(e0, e1) in edges {
                        let (e0, e1) = (within(e0, at, w1), within(e1, at, w1));
                        self.fill_stretch(pixels, (start, at, e0), (ink, ly, opacity), &rows);
                        shade(pixels, e0, e1);
                        at = at.max(e1).max(e0);
                    }
                    self.fill_stretch(pixels, (start, at, w1), (ink, ly, opacity), &rows);
                    at = at.max(w1);
                }
                shade_off(pixels, at, end);
            }
        }
    }

    /// Shades the columns `from..to` of a row whose first pixel is column `start`, one
    /// by one.
    #[inline(always)]
    fn shade<C: RenderColor>(
        &self,
        pixels: &mut [C],
        (start, from, to): (i32, i32, i32),
        (ink, ly, opacity): (C, Fx, u8),
        rows: &AxisRows,
    ) {
        let Some(run) = pixels.get_mut((from - start) as usize..(to - start) as usize) else {
            return;
        };
        for (x, pixel) in (from..).zip(run.iter_mut()) {
            let p = FxPoint {
                x: rows.x_at(x),
                y: ly,
            };
            match span::times(self.alpha(p), opacity) {
                0 => {}
                u8::MAX => *pixel = ink,
                alpha => *pixel = ink.blend(*pixel, alpha),
            }
        }
    }

    /// Fills the columns `from..to` of a row whose first pixel is column `start` with
    /// the one alpha they share (that of the first).
    #[inline(always)]
    fn fill_stretch<C: RenderColor>(
        &self,
        pixels: &mut [C],
        (start, from, to): (i32, i32, i32),
        (ink, ly, opacity): (C, Fx, u8),
        rows: &AxisRows,
    ) {
        if from >= to {
            return;
        }
        let p = FxPoint {
            x: rows.x_at(from),
            y: ly,
        };
        let alpha = span::times(self.alpha(p), opacity);
        if let Some(run) = pixels.get_mut((from - start) as usize..(to - start) as usize) {
            span::fill_run(run, ink, alpha);
        }
    }

    /// The columns of a row (`dy` from the centre) near an edge across the band,
    /// sorted by their first column: within a pixel of each end's line, and the rim of
    /// each round end's disc (its columns either side of the chord it covers wholly,
    /// which is filled with the band), and how many of them the row meets: those come
    /// first, the rest are empty. Last, each end disc's columns, sorted (empty for
    /// none).
    fn row_edges(&self, rows: &AxisRows, dy: Fx) -> RowEdges {
        let mut edges = [(i32::MAX, i32::MAX); 6];
        let mut discs = [(i32::MAX, i32::MAX); 2];
        if self.whole {
            return RowEdges {
                edges,
                met: 0,
                discs,
            };
        }
        let reach = edge_reach(&self.ramp);
        let everything = (i32::MIN, i32::MAX);
        // A column more each side (none for no columns).
        let widen = |(x0, x1): (i32, i32)| {
            if x0 < x1 {
                (x0.saturating_sub(1), x1.saturating_add(1))
            } else {
                (i32::MAX, i32::MAX)
            }
        };
        // `(x · a + b) >> FX_BITS` is an end's distance at `x` from the centre. A line
        // within a degree of the horizontal: the whole row if any pixel of the arc's
        // width may be near it (`|x · a| ≤ (outer + a pixel) · |a|`), else none.
        let line = |a: Fx, b: Fx| -> (i32, i32) {
            let across = (self.outer + 2 * Falloff::half(&self.ramp) + 2) * a.abs();
            if b.abs() < reach + across {
                everything
            } else {
                (i32::MAX, i32::MAX)
            }
        };
        // From the slope when there is one: no division per row. The slope is off by
        // less than one part in 2^16 (floored): the slack covers it.
        let near = |i: usize, a: Fx, b: Fx| match self.lines[i] {
            Some((slope, width)) => {
                let x = (dy * slope) >> FX_BITS;
                let slack = (dy.unsigned_abs() >> (FX_BITS - 1)) as Fx + 4;
                widen(rows.columns(
                    self.cx + x - width - slack - FX_ONE,
                    self.cx + x + width + slack + FX_ONE,
                ))
            }
            None => line(a, b),
        };
        edges[0] = near(0, self.start.1, -dy * self.start.0);
        edges[1] = near(1, -self.end.1, self.end.0 * dy);
        if self.cap == Cap::Round {
            let ends = edges[2..].chunks_exact_mut(2).zip(&mut discs);
            for ((pair, disc), &(ex, ey)) in ends.zip(&self.caps) {
                let off = (dy - ey).unsigned_abs();
                let Some(off2) = off.checked_mul(off) else {
                    continue;
                };
                let Some(room) = self.cap_reach.checked_sub(off2) else {
                    continue;
                };
                let r = isqrt_u64(room) as Fx;
                let (c0, c1) =
                    widen(rows.columns(self.cx + ex - r - FX_ONE, self.cx + ex + r + FX_ONE));
                *disc = (c0, c1);
                // The chord the disc covers wholly (`e² < cap_full`) is filled, not
                // shaded: only the disc's rim is shaded pixel by pixel. Not for a disc
                // under [`WHOLE_CHORD`] pixels across, whose chord costs more to find
                // than to shade.
                let room = match self.cap_radius >= WHOLE_CHORD * Falloff::half(&self.ramp) {
                    true => self.cap_full.checked_sub(off2 + 1),
                    false => None,
                };
                let whole = match room {
                    Some(room) => {
                        let r = isqrt_u64(room) as Fx;
                        let (w0, w1) = rows.columns(self.cx + ex - r, self.cx + ex + r);
                        (w0 < w1).then_some((w0.max(c0), w1.min(c1)))
                    }
                    None => None,
                };
                match whole {
                    Some((w0, w1)) => {
                        pair[0] = (c0, w0);
                        pair[1] = (w1, c1);
                    }
                    None => pair[0] = (c0, c1),
                }
            }
        }
        edges.sort_unstable();
        discs.sort_unstable();
        // The stretches a row meets come first; the rest are empty.
        let met = edges.iter().take_while(|e| e.0 != i32::MAX).count();
        RowEdges { edges, met, discs }
    }

    /// Draws the arc through the sampler (any map).
    pub(crate) fn draw_sampled<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        bounds: Rect,
        color: Rgb888,
    ) {
        canvas.paint_fixed(bounds, |p| {
            let alpha = self.alpha(p);
            (alpha > 0).then_some((color, alpha))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::Affine2;
    use crate::render::canvas::NodeMaps;
    use crate::render::shape::half_pixel;
    use core::sync::atomic::{AtomicUsize, Ordering};
    use embedded_graphics::prelude::{Point, Size};
    use embedded_graphics::primitives::Rectangle;

    /// How many areas the tests found in an arc's hole.
    static HOLES: AtomicUsize = AtomicUsize::new(0);

    /// The arc drawn by `draw_rows` (false if it declined) and by the sampler, over a
    /// grey background, in a 48 × 48 tile clipped to `clip`.
    fn both(
        to_screen: Affine2,
        content: Rect,
        arc: (f32, f32, f32, Cap, bool),
        clip: Rectangle,
        opacity: u8,
    ) -> Option<([Rgb888; 48 * 48], [Rgb888; 48 * 48])> {
        let (start, sweep, thickness, cap, soft) = arc;
        let half = half_pixel(&to_screen)?;
        let shader = ArcShader::new(&content, (start, sweep), thickness, cap, half, soft)?;
        let tile = Rectangle::new(Point::zero(), Size::new(48, 48));
        let maps = NodeMaps::new(&to_screen, &content);
        let color = Rgb888::new(250, 120, 10);
        let mut rows = [Rgb888::new(40, 40, 40); 48 * 48];
        let mut sampled = rows;
        let mut canvas = Canvas::new(&mut rows, tile, clip, to_screen, content, opacity, &maps);
        let drawn = shader.draw_rows(&mut canvas, content, color);
        let mut canvas = Canvas::new(&mut sampled, tile, clip, to_screen, content, opacity, &maps);
        shader.draw_sampled(&mut canvas, content, color);
        // Where the area lies in the hole, nothing is drawn (the draw skips it).
        let holds = canvas
            .axis_rows(content)
            .is_some_and(|r| shader.hole_holds(&r));
        assert!(
            !holds || sampled == [Rgb888::new(40, 40, 40); 48 * 48],
            "{arc:?} draws in the hole {clip:?}"
        );
        HOLES.fetch_add(usize::from(holds), Ordering::Relaxed);
        drawn.then_some((rows, sampled))
    }

    #[test]
    fn a_row_at_a_time_draws_the_sampler_s_pixels() {
        let whole = Rectangle::new(Point::zero(), Size::new(48, 48));
        let clips = [
            whole,
            Rectangle::new(Point::new(5, 9), Size::new(17, 3)),
            Rectangle::new(Point::new(20, 20), Size::new(8, 8)),
            Rectangle::new(Point::new(30, 2), Size::new(18, 40)),
            // Narrower than a row at a time is worth.
            Rectangle::new(Point::new(3, 0), Size::new(9, 48)),
        ];
        // Upright, moved by fractions, scaled, mirrored.
        let maps = [
            (1.0, -1.0, 2.0, 46.0),
            (1.0, -1.0, 3.37, 44.71),
            (1.5, -1.5, 1.25, 47.5),
            (-1.0, -1.0, 45.5, 46.2),
            (0.75, -1.25, 4.0, 46.0),
        ];
        let mut checked = 0;
        let mut spans = 0;
        for (a, d, tx, ty) in maps {
            let to_screen = Affine2 {
                a,
                b: 0.0,
                c: 0.0,
                d,
                tx,
                ty,
            };
            for (start, sweep) in [
                (-135.0, 270.0),
                (0.0, 90.0),
                (17.3, 163.0),
                (90.0, 181.0),
                (200.0, -75.5),
                (33.0, 359.5),
                (10.0, 360.0),
                (-90.0, 0.8),
                (45.0, 180.0),
            ] {
                for thickness in [0.7, 3.0, 9.5, 40.0] {
                    for cap in [Cap::Butt, Cap::Round] {
                        for soft in [true, false] {
                            for (k, clip) in clips.iter().enumerate() {
                                let opacity = if k == 1 { 140 } else { 255 };
                                let content = Rect::new(0.0, 0.0, 41.0, 39.0);
                                let arc = (start, sweep, thickness, cap, soft);
                                let Some((rows, sampled)) =
                                    both(to_screen, content, arc, *clip, opacity)
                                else {
                                    continue;
                                };
                                for (i, (r, s)) in rows.iter().zip(&sampled).enumerate() {
                                    assert_eq!(
                                        r,
                                        s,
                                        "pixel ({}, {}) of {arc:?} through {:?}, clip {clip:?}",
                                        i % 48,
                                        i / 48,
                                        (a, d, tx, ty)
                                    );
                                }
                                spans += usize::from(rows != [Rgb888::new(40, 40, 40); 48 * 48]);
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(
            checked > 1000 && spans > 500,
            "{checked} arcs, {spans} drew"
        );
    }

    /// A small generator for the random cases.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u32 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) as u32
        }

        fn range(&mut self, lo: f32, hi: f32) -> f32 {
            lo + (hi - lo) * (self.next() % 10_000) as f32 / 10_000.0
        }
    }

    #[test]
    fn a_hard_edged_arc_covers_the_pixels_whose_coverage_is_half_or_more() {
        // Thresholds instead of coverage: the same pixels, over random arcs of every
        // shape (thin, thick, tiny, whole, slivers, both ends) and points on a fine grid
        // around and inside them, a pixel's size from small to large.
        let mut rng = Lcg(11);
        let mut inside = 0;
        for case in 0..600 {
            let size = rng.range(1.0, 60.0);
            let content = Rect::new(-size / 2.0, -size / 3.0, size, size * rng.range(0.7, 1.3));
            let thickness = match rng.next() % 4 {
                0 => rng.range(0.05, 1.5),
                1 => 1000.0,
                _ => rng.range(0.0, size / 2.0),
            };
            let sweep = match rng.next() % 5 {
                0 => 360.0,
                1 => rng.range(-370.0, 0.0),
                _ => rng.range(0.0, 370.0),
            };
            let cap = if rng.next().is_multiple_of(2) {
                Cap::Butt
            } else {
                Cap::Round
            };
            let half = fx(rng.range(0.1, 2.0));
            let start = rng.range(-400.0, 400.0);
            let Some(hard) = ArcShader::new(&content, (start, sweep), thickness, cap, half, false)
            else {
                continue;
            };
            // The thresholds are where each coverage crosses half, exactly.
            let edges = hard.edges.expect("a hard-edged arc has thresholds");
            let up = |c: u8| c >= 128;
            assert!(up(hard.ramp.at(edges.depth)) && !up(hard.ramp.at(edges.depth - 1)));
            assert!(up(hard.outer_depth(edges.band.1)));
            assert!(edges.band.1 >= hard.visible || !up(hard.outer_depth(edges.band.1 + 1)));
            assert!(up(hard.inner_depth(edges.band.0)));
            assert!(edges.band.0 == 0 || !up(hard.inner_depth(edges.band.0 - 1)));
            let steps = 97;
            for i in 0..steps {
                for j in 0..steps {
                    let at = |k: i32| fx(-size * 0.6 + size * 1.2 * k as f32 / steps as f32);
                    let p = FxPoint {
                        x: at(i) + (rng.next() % 512) as Fx,
                        y: at(j) + (rng.next() % 512) as Fx,
                    };
                    let expected = if hard.coverage(p) >= 128 { 255 } else { 0 };
                    assert_eq!(
                        hard.alpha(p),
                        expected,
                        "case {case}: {content:?} {start} {sweep} {thickness} {cap:?} {half} at {p:?}"
                    );
                    inside += usize::from(expected == 255);
                }
            }
        }
        assert!(inside > 100_000, "{inside} pixels inside");
    }

    #[test]
    fn random_arcs_drawn_a_row_at_a_time_are_the_sampler_s_pixels() {
        let mut rng = Lcg(7);
        let mut drew = 0;
        for case in 0..1500 {
            // A third at whole scales (their columns a whole number of units apart).
            let scale = |rng: &mut Lcg| {
                let s = match rng.next() % 3 {
                    0 => [1.0, 2.0, 0.5][(rng.next() % 3) as usize],
                    _ => rng.range(0.4, 2.5),
                };
                if rng.next().is_multiple_of(4) {
                    -s
                } else {
                    s
                }
            };
            let (a, d) = (scale(&mut rng), -scale(&mut rng));
            let to_screen = Affine2 {
                a,
                b: 0.0,
                c: 0.0,
                d,
                tx: 24.0 + rng.range(-8.0, 8.0) - 20.0 * a,
                ty: 24.0 + rng.range(-8.0, 8.0) - 20.0 * d,
            };
            let content = Rect::new(0.0, 0.0, rng.range(2.0, 44.0), rng.range(2.0, 44.0));
            let sweep = match rng.next() % 5 {
                0 => 360.0,
                1 => rng.range(-370.0, 0.0),
                _ => rng.range(0.0, 370.0),
            };
            let thickness = match rng.next() % 4 {
                0 => rng.range(0.1, 2.0),
                1 => 1000.0,
                _ => rng.range(0.0, 20.0),
            };
            let cap = if rng.next().is_multiple_of(2) {
                Cap::Butt
            } else {
                Cap::Round
            };
            let arc = (
                rng.range(-400.0, 400.0),
                sweep,
                thickness,
                cap,
                !rng.next().is_multiple_of(3),
            );
            let clip = if rng.next().is_multiple_of(4) {
                let x = (rng.next() % 40) as i32;
                Rectangle::new(Point::new(x, 0), Size::new(1 + rng.next() % 15, 48))
            } else {
                Rectangle::new(Point::zero(), Size::new(48, 48))
            };
            let opacity = if rng.next().is_multiple_of(3) {
                90
            } else {
                255
            };
            let Some((rows, sampled)) = both(to_screen, content, arc, clip, opacity) else {
                continue;
            };
            for (i, (r, s)) in rows.iter().zip(&sampled).enumerate() {
                assert_eq!(
                    r,
                    s,
                    "case {case}: pixel ({}, {}) of {arc:?} in {content:?} through {to_screen:?}",
                    i % 48,
                    i / 48
                );
            }
            drew += usize::from(rows != [Rgb888::new(40, 40, 40); 48 * 48]);
        }
        assert!(drew > 1000, "{drew} arcs drew");
    }
}
