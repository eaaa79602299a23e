//! Fixed-point sampling, the fast path of the built-in shapes and the progress bar.
//!
//! The renderer decides each pixel at its centre, taken back to the node's anchor space
//! (see [`canvas`](super::canvas)). In `f32` that costs about a dozen floating-point
//! operations per pixel and node, which a Cortex-M0+ or M3 does in software: the emulated
//! board spent 1 400–1 700 instructions per redrawn pixel. [`Canvas::paint_fixed`]
//! samples in integers instead:
//!
//! - The inverse transform becomes 128-bit integers with 32 fractional bits; a pixel's
//!   point is the previous pixel's plus a constant step, which in integers is exact, so it
//!   equals the point computed directly and a pixel's colour still depends only on the
//!   pixel, never on the tile that draws it. A row whose points fit 64 bits (any node
//!   shrunk at most 128 times) steps in 64-bit integers: on a 32-bit core a 128-bit add
//!   and shift per pixel cost the emulated board a fifth of its render time.
//! - Points and geometry are [`Fx`] numbers, 64-bit with 16 fractional bits
//!   (1/65 536 of a unit); the tests are integer comparisons and 128-bit products.
//!
//! Integer arithmetic is the same on every machine, so the simulator and a board agree
//! bit for bit without relying on two soft-float libraries rounding alike. Range:
//! coordinates saturate at ±2^40 units, radii of rounded corners and ellipses at 16 384
//! units, and the inverse transform's coefficients at ±2^31 (a node shrunk more than
//! two billion times draws as if shrunk exactly 2^31 times).
//!
//! [`Canvas::paint_fixed`]: super::canvas::Canvas::paint_fixed

use crate::{Affine2, Rect};

/// A fixed-point number of anchor-space units with 16 fractional bits.
pub type Fx = i64;

/// Fractional bits of an [`Fx`].
pub const FX_BITS: u32 = 16;

/// One unit as an [`Fx`].
pub const FX_ONE: Fx = 1 << FX_BITS;

/// The largest magnitude of an [`Fx`] made by [`fx`]: 2^40 units.
const FX_LIMIT: Fx = 1 << FX_LIMIT_BITS;

/// `FX_LIMIT`'s power of two.
const FX_LIMIT_BITS: u32 = 56;

/// The largest radius of a rounded corner or ellipse, doubled: 16 384 units × 2.
const RADIUS_LIMIT: Fx = 1 << 31;

/// Fractional bits of the inverse transform.
const MAP_BITS: u32 = 32;

/// The shift from a row walk's doubled map coordinates to an [`Fx`].
pub(crate) const FX_SHIFT: u32 = MAP_BITS + 1 - FX_BITS;

/// `v` as an [`Fx`], rounded to nearest and saturating at ±2^40 units; NaN gives 0.
///
/// ```
/// use sprig::render::fixed::{fx, FX_ONE};
/// assert_eq!(fx(1.5), FX_ONE + FX_ONE / 2);
/// assert_eq!(fx(f32::NAN), 0);
/// assert_eq!(fx(f32::INFINITY), fx(1.0e30));
/// ```
pub fn fx(v: f32) -> Fx {
    scaled(v, FX_BITS, FX_LIMIT_BITS) as Fx
}

/// `v · 2^bits`, rounded to nearest (halves away from zero, as `roundf`) and clamped to
/// `±2^limit_bits`; NaN gives 0.
///
/// Worked out from the bits of `v`, in integers: a board without an FPU would otherwise
/// pay a software multiply, two compares, `roundf` and a float-to-integer conversion,
/// a few hundred instructions, for every coordinate it converts. The value is exactly
/// what that float path gives (a unit test compares them on random and edge values).
fn scaled(v: f32, bits: u32, limit_bits: u32) -> i128 {
    let b = v.to_bits();
    let negative = b >> 31 != 0;
    let exponent = ((b >> 23) & 0xff) as i32;
    let fraction = b & 0x7f_ffff;
    // A normal value with `-25 <= shift <= 39` (almost every coordinate and map
    // coefficient; one unsigned comparison) and under the limit: in 32 and 64 bits.
    let shift = exponent - 150 + bits as i32;
    if exponent != 0
        && exponent != 0xff
        && (shift + 25) as u32 <= 64
        && shift + 24 <= limit_bits as i32
    {
        let magnitude = small_magnitude(fraction | 0x80_0000, shift) as i64;
        return i128::from(if negative { -magnitude } else { magnitude });
    }
    let limit = 1u128 << limit_bits;
    let magnitude = if exponent == 0xff {
        if fraction != 0 {
            return 0; // NaN
        }
        limit
    } else {
        // `|v| = m · 2^(e − 150)`, subnormals with `e = 1` and no implicit bit; times
        // `2^bits` is `m · 2^shift`, exact.
        let (m, e) = if exponent == 0 {
            (fraction, 1)
        } else {
            (fraction | 0x80_0000, exponent)
        };
        let shift = e - 150 + bits as i32;
        if shift >= 0 {
            if shift >= 104 {
                limit
            } else {
                (u128::from(m) << shift).min(limit)
            }
        } else if shift < -25 {
            0 // below a half: `m < 2^24`
        } else {
            let down = (-shift) as u32;
            ((u128::from(m) + (1 << (down - 1))) >> down).min(limit)
        }
    };
    if negative {
        -(magnitude as i128)
    } else {
        magnitude as i128
    }
}

/// `m · 2^shift` for a mantissa `m < 2^24` and `-25 <= shift <= 39`, rounded to nearest
/// (halves up), in 32-bit integers and a 64-bit result put together from two halves: a
/// 32-bit core calls a library for a variable 64-bit shift, and for every 128-bit one.
#[inline]
fn small_magnitude(m: u32, shift: i32) -> u64 {
    if shift >= 32 {
        u64::from(m << (shift - 32)) << 32
    } else if shift > 0 {
        u64::from(m >> (32 - shift)) << 32 | u64::from(m << shift)
    } else if shift == 0 {
        u64::from(m)
    } else {
        let down = (-shift) as u32;
        u64::from((m + (1 << (down - 1))) >> down)
    }
}

/// A point of anchor space in fixed point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FxPoint {
    /// x, in [`Fx`] units.
    pub x: Fx,
    /// y, in [`Fx`] units.
    pub y: Fx,
}

/// A half-open rectangle of anchor space in fixed point: `x0 ≤ x < x1`, `y0 ≤ y < y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FxRect {
    /// Left edge (inside).
    pub x0: Fx,
    /// Bottom edge (inside).
    pub y0: Fx,
    /// Right edge (outside).
    pub x1: Fx,
    /// Top edge (outside).
    pub y1: Fx,
}

impl FxRect {
    /// `r` in fixed point (its edges rounded to the nearest 1/65 536).
    ///
    /// ```
    /// use sprig::render::fixed::{FxPoint, FxRect, FX_ONE};
    /// use sprig::Rect;
    /// let r = FxRect::of(&Rect::new(0.0, 0.0, 2.0, 1.0));
    /// assert!(r.contains(FxPoint { x: 0, y: 0 }));
    /// assert!(!r.contains(FxPoint { x: 2 * FX_ONE, y: 0 }));
    /// ```
    pub fn of(r: &Rect) -> Self {
        FxRect {
            x0: fx(r.x),
            y0: fx(r.y),
            x1: fx(r.max_x()),
            y1: fx(r.max_y()),
        }
    }

    /// This rectangle shrunk by `by` on every side (it may come out empty).
    pub fn inset(&self, by: Fx) -> Self {
        FxRect {
            x0: self.x0.saturating_add(by),
            y0: self.y0.saturating_add(by),
            x1: self.x1.saturating_sub(by),
            y1: self.y1.saturating_sub(by),
        }
    }

    /// Width (negative when empty).
    pub fn width(&self) -> Fx {
        self.x1.saturating_sub(self.x0)
    }

    /// Height (negative when empty).
    pub fn height(&self) -> Fx {
        self.y1.saturating_sub(self.y0)
    }

    /// Whether `p` is inside (left and bottom edges in, right and top edges out).
    pub fn contains(&self, p: FxPoint) -> bool {
        p.x >= self.x0 && p.x < self.x1 && p.y >= self.y0 && p.y < self.y1
    }

    /// The points of the line at height `y` that are inside, as `(first, last)` x
    /// (both inside), exactly those [`contains`](Self::contains) accepts; `None` when
    /// there are none.
    pub(crate) fn row_span(&self, y: Fx) -> Option<(Fx, Fx)> {
        (y >= self.y0 && y < self.y1 && self.x0 < self.x1).then(|| (self.x0, self.x1 - 1))
    }

    /// How far `p` is inside the rectangle along each axis: the distance to the nearer
    /// of the two edges across x, then across y (negative outside).
    pub(crate) fn depths(&self, p: FxPoint) -> (Fx, Fx) {
        (
            p.x.saturating_sub(self.x0).min(self.x1.saturating_sub(p.x)),
            p.y.saturating_sub(self.y0).min(self.y1.saturating_sub(p.y)),
        )
    }
}

/// A rectangle with rounded corners, ready to test points against.
#[derive(Clone, Copy, Debug)]
pub struct FxRounded {
    outer: FxRect,
    inner: FxRect,
    radius: Fx,
}

impl FxRounded {
    /// The rectangle `outer` with corners rounded to `radius`, which is limited to half
    /// the shorter side (and to 16 384 units).
    pub fn new(outer: FxRect, radius: Fx) -> Self {
        let radius = radius
            .min(outer.width() / 2)
            .min(outer.height() / 2)
            .clamp(0, RADIUS_LIMIT / 2);
        let inner = outer.inset(radius);
        FxRounded {
            outer,
            inner: FxRect {
                x1: inner.x1.max(inner.x0),
                y1: inner.y1.max(inner.y0),
                ..inner
            },
            radius,
        }
    }

    /// Whether `p` is inside.
    pub fn contains(&self, p: FxPoint) -> bool {
        if !self.outer.contains(p) {
            return false;
        }
        // Distance outside the inner rectangle along each axis; inside the outer
        // rectangle it is at most the radius.
        // Saturating: the fields are public, so any `i64` may come here; a distance that
        // saturates is far beyond any radius.
        let inner = &self.inner;
        let dx = inner
            .x0
            .saturating_sub(p.x)
            .max(p.x.saturating_sub(inner.x1))
            .max(0);
        let dy = inner
            .y0
            .saturating_sub(p.y)
            .max(p.y.saturating_sub(inner.y1))
            .max(0);
        // Along the straight edges only one distance is non-zero, and it is at most the
        // radius inside the outer rectangle: no squares needed.
        if dx == 0 || dy == 0 {
            return true;
        }
        let (dx, dy) = (i128::from(dx), i128::from(dy));
        let r = i128::from(self.radius);
        dx * dx + dy * dy <= r * r
    }

    /// [`FxRect::row_span`] of this shape, exactly the points
    /// [`contains`](Self::contains) accepts (for edges within ±2^60, which every
    /// rectangle made by [`FxRect::of`] has).
    pub(crate) fn row_span(&self, y: Fx) -> Option<(Fx, Fx)> {
        let (first, last) = self.outer.row_span(y)?;
        let inner = &self.inner;
        let dy = i128::from((inner.y0 - y).max(y - inner.y1).max(0));
        if dy == 0 {
            return Some((first, last));
        }
        // Inside iff the distance outside the inner rectangle along x is at most
        // `reach`: then `dx² + dy² ≤ r²`, or `dx` is 0 (straight edges).
        let r = i128::from(self.radius);
        let reach = isqrt((r * r - dy * dy).max(0)) as Fx;
        let (first, last) = (first.max(inner.x0 - reach), last.min(inner.x1 + reach));
        (first <= last).then_some((first, last))
    }

    /// The points of the line at height `y` between the corners' centres, as
    /// `(first, last)` x, when the line passes through the corners (above or below the
    /// straight sides): there the distance to the outline is the distance across the
    /// top or bottom edge, the same for every point. `None` otherwise.
    pub(crate) fn flat_run(&self, y: Fx) -> Option<(Fx, Fx)> {
        let inner = &self.inner;
        let through_corners = y < inner.y0 || y > inner.y1;
        (through_corners && inner.x0 <= inner.x1).then_some((inner.x0, inner.x1))
    }

    /// The signed distance from `p` to the outline, negative inside, exactly (rounded
    /// down to the unit): along the straight edges the distance across them, at the
    /// corners the distance to the arc. For edge coverage: only points near the
    /// outline come here, but any point gives a distance (saturated far away).
    pub(crate) fn signed_distance(&self, p: FxPoint) -> Fx {
        let inner = &self.inner;
        let qx = inner
            .x0
            .saturating_sub(p.x)
            .max(p.x.saturating_sub(inner.x1));
        let qy = inner
            .y0
            .saturating_sub(p.y)
            .max(p.y.saturating_sub(inner.y1));
        if qx > 0 && qy > 0 {
            let (qx, qy) = (i128::from(qx), i128::from(qy));
            let length = isqrt(qx.saturating_mul(qx).saturating_add(qy.saturating_mul(qy)));
            Fx::try_from(length).unwrap_or(Fx::MAX) - self.radius
        } else {
            qx.max(qy).saturating_sub(self.radius)
        }
    }
}

/// The ellipse inscribed in a rectangle, ready to test points against.
#[derive(Clone, Copy, Debug)]
pub struct FxEllipse {
    /// Twice the centre.
    cx2: Fx,
    cy2: Fx,
    /// The axes (twice the radii).
    rx2: Fx,
    ry2: Fx,
    /// `rx2² · ry2²`.
    limit: i128,
}

impl FxEllipse {
    /// The ellipse inscribed in `bounds`; `None` when it is empty. Radii are limited to
    /// 16 384 units.
    pub fn new(bounds: FxRect) -> Option<Self> {
        let (rx2, ry2) = (bounds.width(), bounds.height());
        if rx2 <= 0 || ry2 <= 0 {
            return None;
        }
        let (rx2, ry2) = (rx2.min(RADIUS_LIMIT), ry2.min(RADIUS_LIMIT));
        let (sx, sy) = (
            i128::from(rx2) * i128::from(rx2),
            i128::from(ry2) * i128::from(ry2),
        );
        Some(FxEllipse {
            cx2: bounds.x0.saturating_add(bounds.x1),
            cy2: bounds.y0.saturating_add(bounds.y1),
            rx2,
            ry2,
            limit: sx * sy,
        })
    }

    /// Whether `p` is inside or on the outline: `(dx / rx)² + (dy / ry)² ≤ 1`, exactly.
    pub fn contains(&self, p: FxPoint) -> bool {
        // Doubled, so that the centre of an odd-sized rectangle stays exact.
        let dx = p.x.saturating_mul(2).saturating_sub(self.cx2);
        let dy = p.y.saturating_mul(2).saturating_sub(self.cy2);
        if dx.unsigned_abs() > self.rx2.unsigned_abs()
            || dy.unsigned_abs() > self.ry2.unsigned_abs()
        {
            return false;
        }
        // A circle: `dx² + dy² ≤ r²`, in 64 bits (each at most 2^31, so the sum of the
        // squares is below 2^63).
        if self.rx2 == self.ry2 {
            let (dx, dy, r) = (
                dx.unsigned_abs(),
                dy.unsigned_abs(),
                self.rx2.unsigned_abs(),
            );
            return dx * dx + dy * dy <= r * r;
        }
        // Every factor is at most 2^31 here (radii are limited to it), so each square
        // fits 64 bits and each product is one 64 × 64 → 128-bit multiply, which a
        // 32-bit core does in four multiplies instead of a 128-bit library call.
        let square = |v: i64| u128::from(v.unsigned_abs() * v.unsigned_abs());
        let lhs = square(dx) * square(self.ry2) + square(dy) * square(self.rx2);
        lhs <= self.limit.unsigned_abs()
    }

    /// [`FxRect::row_span`] of the ellipse, exactly the points
    /// [`contains`](Self::contains) accepts (for centres within ±2^60, which every
    /// ellipse of a rectangle made by [`FxRect::of`] has).
    pub(crate) fn row_span(&self, y: Fx) -> Option<(Fx, Fx)> {
        let dy = y.checked_mul(2)?.checked_sub(self.cy2)?;
        if dy.unsigned_abs() > self.ry2.unsigned_abs() {
            return None;
        }
        // A circle: `dx² ≤ r² − dy²`, in 64 bits (the same answer: for a whole `r`,
        // `⌊⌊r · s⌋ / r⌋ = ⌊s⌋`).
        let reach = if self.rx2 == self.ry2 {
            let (r, dy) = (self.rx2.unsigned_abs(), dy.unsigned_abs());
            i128::from(isqrt_u64(r * r - dy * dy))
        } else {
            let (dy, rx, ry) = (i128::from(dy), i128::from(self.rx2), i128::from(self.ry2));
            // `dx² · ry² ≤ limit − dy² · rx²`.
            let room = self.limit - dy * dy * rx * rx;
            if room < 0 {
                return None;
            }
            // The largest `dx` with `(dx · ry)² ≤ room`, that is `dx · ry ≤ ⌊√room⌋`:
            // one square root and a division of two 64-bit numbers, not a 128-bit one.
            div_floor(isqrt(room), ry).min(rx)
        };
        // `|2x − cx2| ≤ reach`.
        let cx2 = i128::from(self.cx2);
        let first = div_ceil(cx2 - reach, 2);
        let last = div_floor(cx2 + reach, 2);
        (first <= last).then_some((first as Fx, last as Fx))
    }

    /// The signed distance from `p` to the outline, negative inside, to first order in
    /// the ellipse's radial coordinate: `(ρ − 1) / |∇ρ|` for `ρ² = (dx / rx)² +
    /// (dy / ry)²` (`ρ` is 1 on the outline). Exact on a circle (to the unit) and close
    /// to the true distance near the outline of any ellipse, which is where edge
    /// coverage asks. Integers only: the values are cut to 19 significant bits first,
    /// so that every product fits 128 bits.
    pub(crate) fn signed_distance(&self, p: FxPoint) -> Fx {
        // Doubled coordinates, as in `contains`.
        let dx = p.x.saturating_mul(2).saturating_sub(self.cx2);
        let dy = p.y.saturating_mul(2).saturating_sub(self.cy2);
        // A circle: the distance from the centre less the radius, one square root of 64
        // bits (a point near the outline is within 2^32 of the centre).
        if self.rx2 == self.ry2 && dx.unsigned_abs() < 1 << 31 && dy.unsigned_abs() < 1 << 31 {
            let d2 = dx.unsigned_abs().pow(2) + dy.unsigned_abs().pow(2);
            return (isqrt_u64(d2) as Fx - self.rx2) / 2;
        }
        let largest = dx
            .unsigned_abs()
            .max(dy.unsigned_abs())
            .max(self.rx2.unsigned_abs())
            .max(self.ry2.unsigned_abs());
        let shift = (u64::BITS - largest.leading_zeros()).saturating_sub(19);
        let cut = |v: i64| i128::from(v >> shift);
        let (x, y, a, b) = (cut(dx), cut(dy), cut(self.rx2), cut(self.ry2));
        let (a2, b2) = (a * a, b * b);
        // ρ = √n / ab and |∇ρ| = √h / (a²b²ρ), so (ρ − 1) / |∇ρ| = (√n − ab) · √n / √h.
        let n = isqrt(x * x * b2 + y * y * a2);
        let h = isqrt(x * x * b2 * b2 + y * y * a2 * a2);
        if h == 0 {
            // The centre: as deep as the shorter radius.
            return -(self.rx2.min(self.ry2) / 2);
        }
        // In cut doubled units; times 2^shift / 2 in `Fx`.
        let d = div_floor(((n - a * b) * n) << shift, 2 * h);
        d.clamp(i128::from(Fx::MIN), i128::from(Fx::MAX)) as Fx
    }
}

/// `⌊√v⌋`, exactly: by the hardware square root on a 64-bit processor (exact as it is
/// below 2^52, checked and corrected in integers above), by `u64::isqrt` elsewhere. For
/// drawables of your own that need a root a row (a circle's reach): `u64::isqrt` alone
/// is a loop of divisions.
///
/// ```
/// use sprig::render::fixed::isqrt_u64;
/// assert_eq!(isqrt_u64(99), 9);
/// assert_eq!(isqrt_u64(u64::MAX), u64::from(u32::MAX));
/// ```
#[inline]
pub fn isqrt_u64(v: u64) -> u64 {
    if cfg!(target_pointer_width = "64") {
        // Below 2^52 the conversion and the root are exact enough that the floor is
        // right (a root just below a whole number stays below it). Through `i64`: a
        // processor converts signed integers to and from `f64` in one instruction,
        // unsigned ones in several.
        if v < 1 << 52 {
            return libm::sqrt(v as i64 as f64) as i64 as u64;
        }
        let mut r = libm::sqrt(v as f64) as u64;
        while u128::from(r) * u128::from(r) > u128::from(v) {
            r -= 1;
        }
        while u128::from(r + 1) * u128::from(r + 1) <= u128::from(v) {
            r += 1;
        }
        return r;
    }
    v.isqrt()
}

/// `⌊√v⌋` of a non-negative `v` (0 for a negative one).
pub(crate) fn isqrt(v: i128) -> i128 {
    let Ok(v) = u128::try_from(v) else {
        return 0;
    };
    // Most come below 2^64: a 64-bit root (no 128-bit conversion to `f64`).
    if let Ok(v) = u64::try_from(v) {
        return i128::from(isqrt_u64(v));
    }
    // On a 64-bit processor a hardware square root is within one of the answer for
    // these sizes (both roundings err by less than 2^-52 of a root below 2^50); the
    // integer checks below make it exact. A 32-bit core has no hardware `f64`.
    if cfg!(target_pointer_width = "64") && v < 1 << 100 {
        // Converted a 64-bit half at a time: a `u128` to `f64` conversion is a library
        // call, two `u64` ones are instructions (the sum rounds as one conversion
        // would, within the check's slack). The root is below 2^50.
        let f = ((v >> 64) as u64 as f64) * 18_446_744_073_709_551_616.0 + (v as u64 as f64);
        let mut r = u128::from(libm::sqrt(f) as u64);
        while r * r > v {
            r -= 1;
        }
        while (r + 1) * (r + 1) <= v {
            r += 1;
        }
        return r as i128;
    }
    v.isqrt() as i128
}

/// `⌈n / d⌉` for `d > 0`.
#[inline]
fn div_ceil(n: i128, d: i128) -> i128 {
    -div_floor(-n, d)
}

/// `⌊n / d⌋` for `d > 0`, without a 128-bit division where it can: a power of two (the
/// step of an unscaled node) is a shift, and values that fit in 64 bits divide in 64
/// (a 32-bit core divides 128-bit integers in software, a hundred times slower).
#[inline]
fn div_floor(n: i128, d: i128) -> i128 {
    if d > 0 && d & (d - 1) == 0 {
        return n >> d.trailing_zeros();
    }
    match (i64::try_from(n), i64::try_from(d)) {
        (Ok(n), Ok(d)) if d > 0 => i128::from(n.div_euclid(d)),
        _ => n.div_euclid(d),
    }
}

/// A canvas's inverse transform in fixed point: screen pixel centres to anchor space,
/// one pixel at a time along a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FxMap {
    a: i128,
    b: i128,
    c: i128,
    d: i128,
    tx: i128,
    ty: i128,
    /// The coefficients at most 2^39 (a node not shrunk more than 128 times) and the
    /// translation at most 2^59: see [`narrow_row`](Self::narrow_row).
    narrow: bool,
}

impl FxMap {
    /// `to_local` (screen pixels to anchor space) in fixed point.
    pub(crate) fn new(to_local: &Affine2) -> Self {
        let coefficient = |v: f32| scaled(v, MAP_BITS, 63);
        let translation = |v: f32| scaled(v, MAP_BITS, 79);
        let (a, b, c, d) = (
            coefficient(to_local.a),
            coefficient(to_local.b),
            coefficient(to_local.c),
            coefficient(to_local.d),
        );
        let (tx, ty) = (translation(to_local.tx), translation(to_local.ty));
        let small = |v: i128, bound: i128| -bound <= v && v <= bound;
        FxMap {
            a,
            b,
            c,
            d,
            tx,
            ty,
            narrow: [a, b, c, d].iter().all(|&v| small(v, 1 << 39))
                && small(tx, 1 << 59)
                && small(ty, 1 << 59),
        }
    }

    /// Whether the map is exactly `x ↦ x + tx`, `y ↦ ty − y` (a node drawn upright at
    /// scale 1, wherever it is).
    pub(crate) fn is_unit_translation(&self) -> bool {
        let one = 1i128 << MAP_BITS;
        self.a == one && self.b == 0 && self.c == 0 && self.d == -one
    }

    /// The map one axis at a time, when it keeps the axes apart (no rotation or shear):
    /// a pixel centre's local x then depends on its column only, its local y on its row
    /// only. `None` for any other map.
    pub(crate) fn axes(&self) -> Option<(FxAxis, FxAxis)> {
        (self.b == 0 && self.c == 0).then_some((
            FxAxis::new(2 * self.a, self.a + 2 * self.tx),
            FxAxis::new(2 * self.d, self.d + 2 * self.ty),
        ))
    }

    /// A walker over the points of the pixel centres `(x, y)`, `(x + 1, y)`, … (rows of
    /// up to 2^20 pixels).
    /// [`row`](Self::row) in 64 bits, for a map whose coefficients are at most 2^39 and
    /// translation at most 2^59 (`narrow`) and a pixel within [`NARROW_INDEX`]: every
    /// product and sum stays below 2^63, so it is the same row without the 128-bit
    /// multiplies a 32-bit core calls a library for. `None` otherwise.
    #[inline]
    fn narrow_row(&self, x: i32, y: i32) -> Option<FxRow> {
        if !(self.narrow
            && x.unsigned_abs() <= NARROW_INDEX as u32
            && y.unsigned_abs() <= NARROW_INDEX as u32)
        {
            return None;
        }
        let (a, b, c, d) = (self.a as i64, self.b as i64, self.c as i64, self.d as i64);
        let (tx, ty) = (self.tx as i64, self.ty as i64);
        let (cx, cy) = (2 * i64::from(x) + 1, 2 * i64::from(y) + 1);
        let (x, y) = (a * cx + c * cy + 2 * tx, b * cx + d * cy + 2 * ty);
        let within = |v: i64| v.unsigned_abs() <= 1 << 62;
        (within(x) && within(y)).then_some(FxRow::Narrow {
            x,
            y,
            step_x: 2 * a,
            step_y: 2 * b,
        })
    }

    pub(crate) fn row(&self, x: i32, y: i32) -> FxRow {
        match self.narrow_row(x, y) {
            Some(row) => row,
            None => self.wide_row(x, y),
        }
    }

    /// [`row`](Self::row) in 128 bits (a 64-bit walk still when its start fits).
    fn wide_row(&self, x: i32, y: i32) -> FxRow {
        // Twice the centre, so that the half pixel stays an integer.
        let (cx, cy) = (2 * i128::from(x) + 1, 2 * i128::from(y) + 1);
        let (x, y) = (
            self.a * cx + self.c * cy + 2 * self.tx,
            self.b * cx + self.d * cy + 2 * self.ty,
        );
        let (step_x, step_y) = (2 * self.a, 2 * self.b);
        // Within these bounds 2^21 steps stay below 2^62 + 2^61 < 2^63, and a point
        // shifted down is below 2^46, where the wide walk's clamp to 2^56 never acts:
        // the two walks give the same points.
        let small = |v: i128, bound: i128| -bound <= v && v <= bound;
        match (
            i64::try_from(x),
            i64::try_from(y),
            i64::try_from(step_x),
            i64::try_from(step_y),
        ) {
            (Ok(x), Ok(y), Ok(step_x), Ok(step_y))
                if small(x.into(), 1 << 62)
                    && small(y.into(), 1 << 62)
                    && small(step_x.into(), 1 << 40)
                    && small(step_y.into(), 1 << 40) =>
            {
                FxRow::Narrow {
                    x,
                    y,
                    step_x,
                    step_y,
                }
            }
            _ => FxRow::Wide {
                x,
                y,
                step_x,
                step_y,
            },
        }
    }
}

/// One axis of a map that keeps the axes apart ([`FxMap::axes`]): screen column (or
/// row) `i`'s pixel centre is at local `step · i + offset`, shifted to an [`Fx`], the
/// very coordinate the row walk gives (its 64-bit walk never reaches the clamp of the
/// 128-bit one, so both are the clamped value).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FxAxis {
    step: i128,
    offset: i128,
    /// `step` and `offset` in 64 bits when they are small enough for the sums and
    /// products of [`at`](Self::at) and [`range`](Self::range) to stay in 64 bits (see
    /// [`NARROW_INDEX`]): what a node drawn at a usual place and scale has, and what a
    /// 32-bit core works out without 128-bit library calls.
    narrow: Option<(i64, i64)>,
}

/// The largest `|i|` [`FxAxis::at`] takes in 64 bits (screen coordinates stay within
/// ±2^20).
const NARROW_INDEX: i32 = 1 << 21;

impl FxAxis {
    /// The axis `i ↦ (step · i + offset) >> FX_SHIFT`.
    fn new(step: i128, offset: i128) -> Self {
        // |step · i| ≤ 2^40 · 2^21 and |offset| ≤ 2^61: the sum is below 2^62; shifted,
        // below the clamp. In `range`, `first` and `last` within ±2^40 shift to within
        // ±2^57, and their differences with `offset` stay below 2^62.
        let small = |v: i128, bound: i128| -bound <= v && v <= bound;
        let narrow = (step != 0 && small(step, 1 << 40) && small(offset, 1 << 61))
            .then_some((step as i64, offset as i64));
        FxAxis {
            step,
            offset,
            narrow,
        }
    }

    /// The difference between the local coordinates of neighbouring columns (or rows),
    /// when it is the same everywhere: the step is a whole number of [`Fx`] units (as
    /// at scale 1), and the coordinates are not clamped. `None` otherwise.
    pub(crate) fn exact_step(&self) -> Option<Fx> {
        let unit = 1i128 << FX_SHIFT;
        if self.step % unit != 0 {
            return None;
        }
        Fx::try_from(self.step >> FX_SHIFT).ok()
    }

    /// The local coordinate of screen column (or row) `i`'s centre.
    pub(crate) fn at(&self, i: i32) -> Fx {
        if let Some((step, offset)) = self.narrow {
            // Not `RangeInclusive::contains`: a board built for size calls it.
            if i.unsigned_abs() <= NARROW_INDEX as u32 {
                return (step * i64::from(i) + offset) >> FX_SHIFT;
            }
        }
        let limit = i128::from(FX_LIMIT);
        ((self.step * i128::from(i) + self.offset) >> FX_SHIFT).clamp(-limit, limit) as Fx
    }

    /// The columns (or rows) `i` of `start..end` whose local coordinate is in
    /// `first..=last`, as `i0..i1` (empty when `i0 >= i1`): the coordinate is monotonic
    /// in `i`, so they are one run, found without visiting them.
    ///
    /// A 64-bit host inlines the usual case (a map that neither mirrors nor scales by
    /// other than a power of two: a shift each way); a 32-bit board, whose 64-bit
    /// shifts take several instructions, keeps one copy.
    #[cfg_attr(target_pointer_width = "64", inline)]
    pub(crate) fn range(&self, first: Fx, last: Fx, start: i32, end: i32) -> (i32, i32) {
        if let Some((step, offset)) = self.narrow {
            if step > 0 && step & (step - 1) == 0 && narrow_bound(first) && narrow_bound(last) {
                // `narrow_range` with `step > 0` a power of two. Empty when
                // `first > last` or `start >= end`: then `i0 > i1`.
                let shift = step.trailing_zeros();
                let low = first << FX_SHIFT;
                let high = ((last + 1) << FX_SHIFT) - 1;
                let i0 = (-((offset - low) >> shift)).max(i64::from(start));
                let i1 = ((high - offset) >> shift).min(i64::from(end) - 1);
                return match i0 > i1 {
                    true => (start, start),
                    // Both within `start..end`, so within `i32`.
                    false => (i0 as i32, i1 as i32 + 1),
                };
            }
        }
        self.other_range(first, last, start, end)
    }

    /// [`range`](Self::range) for any map.
    #[inline(never)]
    fn other_range(&self, first: Fx, last: Fx, start: i32, end: i32) -> (i32, i32) {
        if let Some((step, offset)) = self.narrow {
            if narrow_bound(first) && narrow_bound(last) {
                return narrow_range(step, offset, first, last, start, end);
            }
        }
        let limit = FX_LIMIT;
        if first > last || first > limit || last < -limit || start >= end {
            return (start, start);
        }
        // `at(i) ≥ first` iff `v ≥ first · 2^FX_SHIFT` (always, if `first` is at or
        // below the clamp); `at(i) ≤ last` iff `v < (last + 1) · 2^FX_SHIFT`.
        let low = (first > -limit).then(|| i128::from(first) << FX_SHIFT);
        let high = (last < limit).then(|| ((i128::from(last) + 1) << FX_SHIFT) - 1);
        let (mut i0, mut i1) = (i128::from(start), i128::from(end) - 1);
        let (step, offset) = (self.step, self.offset);
        if step == 0 {
            let inside = low.is_none_or(|l| offset >= l) && high.is_none_or(|h| offset <= h);
            return if inside { (start, end) } else { (start, start) };
        }
        // `step · i + offset` within `low..=high`.
        let (lo_i, hi_i) = if step > 0 {
            (
                low.map(|l| div_ceil(l - offset, step)),
                high.map(|h| div_floor(h - offset, step)),
            )
        } else {
            (
                high.map(|h| div_ceil(offset - h, -step)),
                low.map(|l| div_floor(offset - l, -step)),
            )
        };
        if let Some(l) = lo_i {
            i0 = i0.max(l);
        }
        if let Some(h) = hi_i {
            i1 = i1.min(h);
        }
        if i0 > i1 {
            return (start, start);
        }
        // Both within `start..end`, so within `i32`.
        (i0 as i32, i1 as i32 + 1)
    }
}

/// Whether `v` is within the ±2^40 that [`narrow_range`] takes `first` and `last` in.
#[inline]
fn narrow_bound(v: Fx) -> bool {
    v.unsigned_abs() <= 1 << 40
}

/// [`FxAxis::range`] in 64 bits, for a non-zero `step` within ±2^40, an `offset` within
/// ±2^61 and `first`, `last` within ±2^40 (then neither is at the clamp): the same
/// columns.
fn narrow_range(step: i64, offset: i64, first: Fx, last: Fx, start: i32, end: i32) -> (i32, i32) {
    if first > last || start >= end {
        return (start, start);
    }
    let low = first << FX_SHIFT;
    let high = ((last + 1) << FX_SHIFT) - 1;
    let (lo_i, hi_i) = if step > 0 {
        (
            -div_floor_64(offset - low, step),
            div_floor_64(high - offset, step),
        )
    } else {
        (
            -div_floor_64(high - offset, -step),
            div_floor_64(offset - low, -step),
        )
    };
    let i0 = lo_i.max(i64::from(start));
    let i1 = hi_i.min(i64::from(end) - 1);
    if i0 > i1 {
        return (start, start);
    }
    // Both within `start..end`, so within `i32`.
    (i0 as i32, i1 as i32 + 1)
}

/// `⌊n / d⌋` for `d > 0`: a shift when `d` is a power of two.
#[inline]
fn div_floor_64(n: i64, d: i64) -> i64 {
    if d & (d - 1) == 0 {
        n >> d.trailing_zeros()
    } else {
        n.div_euclid(d)
    }
}

/// See [`FxMap::row`]: the points of a row of pixel centres, one pixel at a time. A row
/// of a node drawn at a usual place and scale (shrunk at most 128 times) walks in 64-bit
/// integers, which a 32-bit core adds in two instructions; any other in 128-bit ones.
/// Both give the same points (rows of up to 2^21 pixels).
pub(crate) enum FxRow {
    /// 64-bit walk.
    Narrow {
        x: i64,
        y: i64,
        step_x: i64,
        step_y: i64,
    },
    /// 128-bit walk.
    Wide {
        x: i128,
        y: i128,
        step_x: i128,
        step_y: i128,
    },
}

impl FxRow {
    /// The current pixel's point; moves on to the next pixel of the row.
    #[inline(always)]
    pub(crate) fn next_point(&mut self) -> FxPoint {
        const SHIFT: u32 = MAP_BITS + 1 - FX_BITS;
        match self {
            FxRow::Narrow {
                x,
                y,
                step_x,
                step_y,
            } => {
                let point = FxPoint {
                    x: *x >> SHIFT,
                    y: *y >> SHIFT,
                };
                *x += *step_x;
                *y += *step_y;
                point
            }
            FxRow::Wide { .. } => self.next_wide_point(),
        }
    }

    /// `next_point` of a 128-bit walk, out of line: it is rare and large.
    #[inline(never)]
    fn next_wide_point(&mut self) -> FxPoint {
        let FxRow::Wide {
            x,
            y,
            step_x,
            step_y,
        } = self
        else {
            return FxPoint { x: 0, y: 0 };
        };
        let limit = i128::from(FX_LIMIT);
        const SHIFT: u32 = MAP_BITS + 1 - FX_BITS;
        let point = FxPoint {
            x: (*x >> SHIFT).clamp(-limit, limit) as Fx,
            y: (*y >> SHIFT).clamp(-limit, limit) as Fx,
        };
        *x += *step_x;
        *y += *step_y;
        point
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn isqrt_u64_is_the_floor_of_the_root_at_squares_and_just_below_them() {
        // Every whole root's neighbours, densely near the 2^52 where the hardware root
        // stops being trusted alone, and spread over the rest of the range.
        let mut roots: std::vec::Vec<u64> = (1..2000).collect();
        roots.extend((1u64 << 26) - 2000..(1u64 << 26) + 2000);
        roots.extend((0..2000).map(|k| 3 + k * 2_147_483));
        roots.push(u64::from(u32::MAX));
        for k in roots {
            let square = k * k;
            assert_eq!(super::isqrt_u64(square), k, "{k}²");
            assert_eq!(super::isqrt_u64(square - 1), k - 1, "{k}² − 1");
            if let Some(next) = square.checked_add(1) {
                assert_eq!(super::isqrt_u64(next), next.isqrt(), "{k}² + 1");
            }
        }
        let mut x = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for v in [x, x >> 12, x >> 30] {
                assert_eq!(super::isqrt_u64(v), v.isqrt(), "{v}");
            }
        }
    }

    extern crate std;

    use super::{fx, FxAxis, FxEllipse, FxMap, FxPoint, FxRect, FxRounded, FxRow, FX_ONE};
    use crate::Affine2;

    /// A small deterministic generator.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self, below: u64) -> i64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) % below) as i64
        }
    }

    /// `span` against `contains` on every point of a line at 1/16 pixel steps (and at
    /// the span's ends and their neighbours).
    fn check_spans(contains: impl Fn(FxPoint) -> bool, span: impl Fn(i64) -> Option<(i64, i64)>) {
        for y in (-40 * FX_ONE..40 * FX_ONE).step_by(FX_ONE as usize / 16 + 7) {
            let run = span(y);
            if let Some((first, last)) = run {
                assert!(first <= last);
                for x in [first, last] {
                    assert!(contains(FxPoint { x, y }), "{x} {y}");
                }
                for x in [first - 1, last + 1] {
                    assert!(!contains(FxPoint { x, y }), "{x} {y}");
                }
            }
            for x in (-40 * FX_ONE..40 * FX_ONE).step_by(FX_ONE as usize / 16 + 3) {
                let inside = run.is_some_and(|(first, last)| first <= x && x <= last);
                assert_eq!(contains(FxPoint { x, y }), inside, "{x} {y}");
            }
        }
    }

    /// The float path `scaled` replaced: `v · 2^bits` in `f32`, clamped, `roundf`.
    fn scaled_by_floats(v: f32, bits: u32, limit_bits: u32) -> i128 {
        if v.is_nan() {
            return 0;
        }
        let limit = (1u128 << limit_bits) as f32;
        libm::roundf((v * (1u64 << bits) as f32).max(-limit).min(limit)) as i128
    }

    #[test]
    fn conversions_to_fixed_point_match_the_float_path_exactly() {
        let mut rng = Lcg(5);
        let mut values = std::vec![
            0.0f32,
            -0.0,
            0.5,
            -0.5,
            1.5,
            -2.5,
            1.0 / 65_536.0,
            1.5 / 65_536.0,
            0.49999997 / 65_536.0,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE / 3.0,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            1.0e12,
            -3.0e19,
            16_777_215.0,
        ];
        for _ in 0..200_000 {
            let bits = (rng.next(1 << 16) << 16 | rng.next(1 << 16)) as u32;
            values.push(f32::from_bits(bits));
        }
        for v in values {
            // `fx`'s 32-bit path gives the general path's values.
            assert_eq!(super::fx(v), super::scaled(v, 16, 56) as super::Fx, "{v:e}");
            for (bits, limit) in [(16, 56), (32, 63), (32, 79)] {
                assert_eq!(
                    super::scaled(v, bits, limit),
                    scaled_by_floats(v, bits, limit),
                    "{v:e} ({:#x}) bits {bits} limit {limit}",
                    v.to_bits()
                );
            }
        }
    }

    #[test]
    fn square_roots_are_exact_at_and_around_every_size() {
        let mut rng = Lcg(11);
        for bits in 0..127u32 {
            for _ in 0..20 {
                let root = (1u128 << (bits / 2)) + rng.next(1 << 20) as u128;
                for v in [
                    root * root - 1,
                    root * root,
                    root * root + 1,
                    root * root + 2 * root,
                ] {
                    let v = v.min(i128::MAX as u128) as i128;
                    assert_eq!(super::isqrt(v), (v as u128).isqrt() as i128, "{v}");
                }
            }
        }
        assert_eq!(super::isqrt(-5), 0);
    }

    #[test]
    fn row_spans_hold_exactly_the_points_inside() {
        let mut rng = Lcg(7);
        for _ in 0..40 {
            let x0 = fx(rng.next(600) as f32 / 20.0 - 20.0) + rng.next(3);
            let y0 = fx(rng.next(600) as f32 / 20.0 - 20.0) - rng.next(3);
            let r = FxRect {
                x0,
                y0,
                x1: x0 + rng.next(30 * FX_ONE as u64),
                y1: y0 + rng.next(30 * FX_ONE as u64),
            };
            check_spans(|p| r.contains(p), |y| r.row_span(y));
            let rounded = FxRounded::new(r, rng.next(12 * FX_ONE as u64));
            check_spans(|p| rounded.contains(p), |y| rounded.row_span(y));
            if let Some(e) = FxEllipse::new(r) {
                check_spans(|p| e.contains(p), |y| e.row_span(y));
            }
        }
    }

    #[test]
    fn an_axis_in_64_bits_gives_the_points_and_runs_of_one_in_128() {
        let mut rng = Lcg(5);
        let mut narrow_seen = 0;
        for case in 0..4000 {
            // Steps of every size up to 2^40, powers of two among them, both signs.
            let step = match case % 3 {
                0 => 1i128 << rng.next(41),
                _ => i128::from(rng.next(1 << 40)) + 1,
            } * if rng.next(2) == 0 { 1 } else { -1 };
            let offset = i128::from(rng.next(1 << 61)) - (1 << 60);
            let axis = FxAxis::new(step, offset);
            let wide = FxAxis {
                narrow: None,
                ..axis
            };
            narrow_seen += usize::from(axis.narrow.is_some());
            let start = rng.next(4000) as i32 - 2000;
            let end = start + rng.next(300) as i32;
            for i in [start, end, start + (end - start) / 2, 1 << 21, -(1 << 21)] {
                assert_eq!(axis.at(i), wide.at(i), "{step} {offset} {i}");
            }
            for _ in 0..8 {
                let a = axis.at(start + rng.next(400) as i32 - 50) + rng.next(5) - 2;
                let b = axis.at(start + rng.next(400) as i32 - 50) + rng.next(5) - 2;
                for (first, last) in [(a, b), (b, a), (a.min(b), a.min(b))] {
                    assert_eq!(
                        axis.range(first, last, start, end),
                        wide.range(first, last, start, end),
                        "{step} {offset} {first} {last} {start} {end}"
                    );
                }
            }
        }
        assert_eq!(narrow_seen, 4000);
    }

    #[test]
    fn an_axis_gives_the_walks_points_and_its_ranges_their_runs() {
        let maps = [
            (3.5, -7.25, 1.0, 1.0),
            (-120.0, 64.3, 0.37, 2.5),
            (11.0, 5.0, -1.0, 1.0),
            (11.0, 5.0, 1.3, -0.7),
            (1.0e5, -1.0e5, 1.0 / 127.0, 3.0),
            (0.0, 0.0, 1.0e6, 1.0),
        ];
        for (tx, ty, sx, sy) in maps {
            let to_screen = Affine2 {
                a: sx,
                b: 0.0,
                c: 0.0,
                d: -sy,
                tx,
                ty,
            };
            let Some(map) = to_screen.inverse().map(|m| FxMap::new(&m)) else {
                continue;
            };
            let Some((ax, ay)) = map.axes() else {
                panic!("an unrotated map keeps the axes apart");
            };
            for (x0, y) in [(-30, -3), (0, 0), (17, 40)] {
                let mut row = map.row(x0, y);
                let points: std::vec::Vec<FxPoint> = (0..60).map(|_| row.next_point()).collect();
                for (k, p) in points.iter().enumerate() {
                    assert_eq!((ax.at(x0 + k as i32), ay.at(y)), (p.x, p.y));
                }
                for (first, last) in [
                    (points[7].x, points[40].x),
                    (points[40].x, points[7].x),
                    (points[3].x + 1, points[3].x + 1),
                    (i64::MIN, points[20].x - 1),
                    (points[20].x, i64::MAX),
                    (-fx(9.0), fx(9.0)),
                ] {
                    let (i0, i1) = ax.range(first, last, x0, x0 + 60);
                    for (k, p) in points.iter().enumerate() {
                        let i = x0 + k as i32;
                        let inside = first <= p.x && p.x <= last;
                        assert_eq!(inside, i0 <= i && i < i1, "{i} in {i0}..{i1}");
                    }
                }
            }
        }
    }

    /// The row's walk forced to 128 bits.
    fn wide(row: &FxRow) -> FxRow {
        match *row {
            FxRow::Narrow {
                x,
                y,
                step_x,
                step_y,
            } => FxRow::Wide {
                x: x.into(),
                y: y.into(),
                step_x: step_x.into(),
                step_y: step_y.into(),
            },
            FxRow::Wide {
                x,
                y,
                step_x,
                step_y,
            } => FxRow::Wide {
                x,
                y,
                step_x,
                step_y,
            },
        }
    }

    #[test]
    fn the_64_bit_walk_gives_the_points_of_the_128_bit_one() {
        let maps = [
            Affine2::from_translate_rotate_scale(
                crate::Vec2::new(3.5, -7.25),
                0.0,
                crate::Vec2::ONE,
            ),
            Affine2::from_translate_rotate_scale(
                crate::Vec2::new(-120.0, 64.0),
                33.0,
                crate::Vec2::new(0.37, 2.5),
            ),
            Affine2::from_translate_rotate_scale(
                crate::Vec2::new(1.0e5, -1.0e5),
                -90.0,
                crate::Vec2::new(1.0 / 127.0, 3.0),
            ),
            Affine2::from_translate_rotate_scale(
                crate::Vec2::new(0.0, 0.0),
                180.0,
                crate::Vec2::new(-1.0, 1.0),
            ),
        ];
        let mut narrow_rows = 0;
        for map in &maps {
            let map = FxMap::new(map);
            for (x, y) in [(0, 0), (-5, 17), (300, -2000), (65_000, 65_000)] {
                let mut row = map.row(x, y);
                narrow_rows += usize::from(matches!(row, FxRow::Narrow { .. }));
                let mut reference = wide(&row);
                for _ in 0..5_000 {
                    assert_eq!(row.next_point(), reference.next_point());
                }
            }
        }
        assert_eq!(narrow_rows, 16, "every row of these maps walks in 64 bits");
    }

    #[test]
    fn a_row_started_in_64_bits_is_the_one_started_in_128() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut narrow = 0;
        for k in 0..4_000 {
            // Scales from 1/200 to 200, turned any way, moved up to 2^(k % 28).
            let unit = |v: u64| (v % 1_000_000) as f32 / 1_000_000.0;
            let scale = |v: u64| libm::powf(200.0, 2.0 * unit(v) - 1.0);
            let reach = (1u64 << (k % 28)) as f32;
            let map = Affine2::from_translate_rotate_scale(
                crate::Vec2::new((unit(next()) - 0.5) * reach, (unit(next()) - 0.5) * reach),
                unit(next()) * 360.0,
                crate::Vec2::new(scale(next()), scale(next())),
            );
            let map = FxMap::new(&map.inverse().unwrap_or(map));
            let pixel = |v: u64| (v % (1 << 23)) as i32 - (1 << 22);
            let (x, y) = (pixel(next()), pixel(next()));
            let start = |row: FxRow| match row {
                FxRow::Narrow {
                    x,
                    y,
                    step_x,
                    step_y,
                } => (
                    i128::from(x),
                    i128::from(y),
                    i128::from(step_x),
                    i128::from(step_y),
                ),
                FxRow::Wide {
                    x,
                    y,
                    step_x,
                    step_y,
                } => (x, y, step_x, step_y),
            };
            if let Some(row) = map.narrow_row(x, y) {
                narrow += 1;
                assert_eq!(start(row), start(map.wide_row(x, y)), "{k}: ({x}, {y})");
                assert!(matches!(map.wide_row(x, y), FxRow::Narrow { .. }));
            }
        }
        assert!(narrow > 500, "{narrow} rows started in 64 bits");
    }

    #[test]
    fn a_map_shrunk_too_far_walks_in_128_bits() {
        let shrunk = Affine2::from_translate_rotate_scale(
            crate::Vec2::ZERO,
            0.0,
            crate::Vec2::new(1.0e6, 1.0),
        );
        let row = FxMap::new(&shrunk).row(10, 10);
        assert!(matches!(row, FxRow::Wide { .. }));
    }
}
