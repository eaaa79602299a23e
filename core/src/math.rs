//! Plain 2D math in Cocos conventions: points, sizes, rectangles and the 2×3 affine
//! matrix that maps a node's anchor space to world space.
//!
//! Angles are degrees, counter-clockwise; world space has its origin bottom-left with
//! y up. Only `libm` is used for trigonometry, so everything works on `no_std` targets.

/// A point or vector; the function that returns one says which space it is in.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Vec2 {
    /// Horizontal coordinate.
    pub x: f32,
    /// Vertical coordinate (up in world and node space, down in screen space).
    pub y: f32,
}

impl Vec2 {
    /// `(0, 0)`.
    pub const ZERO: Vec2 = Vec2::new(0.0, 0.0);
    /// `(1, 1)`, the default scale.
    pub const ONE: Vec2 = Vec2::new(1.0, 1.0);

    /// A vector from its two coordinates.
    ///
    /// ```
    /// let p = sprig::Vec2::new(3.0, 4.0);
    /// assert_eq!((p.x, p.y), (3.0, 4.0));
    /// ```
    pub const fn new(x: f32, y: f32) -> Self {
        Vec2 { x, y }
    }

    pub(crate) fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }
}

/// A width and height in node units (pixels at scale 1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size2 {
    /// Extent along x.
    pub width: f32,
    /// Extent along y.
    pub height: f32,
}

impl Size2 {
    /// `0 × 0`, the default content size.
    pub const ZERO: Size2 = Size2::new(0.0, 0.0);

    /// A size from width and height.
    ///
    /// ```
    /// let s = sprig::Size2::new(40.0, 20.0);
    /// assert_eq!(s.width * s.height, 800.0);
    /// ```
    pub const fn new(width: f32, height: f32) -> Self {
        Size2 { width, height }
    }
}

/// An axis-aligned rectangle: `(x, y)` is its minimum corner (bottom-left in world space).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Minimum x.
    pub x: f32,
    /// Minimum y.
    pub y: f32,
    /// Extent along x (never negative for rectangles Sprig returns).
    pub width: f32,
    /// Extent along y (never negative for rectangles Sprig returns).
    pub height: f32,
}

impl Rect {
    /// A rectangle from its minimum corner and size.
    ///
    /// ```
    /// let r = sprig::Rect::new(1.0, 2.0, 3.0, 4.0);
    /// assert_eq!((r.max_x(), r.max_y()), (4.0, 6.0));
    /// ```
    pub const fn new(x: f32, y: f32, width: f32, height: f32) -> Self {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// Maximum x.
    pub fn max_x(&self) -> f32 {
        self.x + self.width
    }

    /// Maximum y.
    pub fn max_y(&self) -> f32 {
        self.y + self.height
    }

    /// The smallest rectangle holding both.
    ///
    /// ```
    /// use sprig::Rect;
    /// let u = Rect::new(0.0, 0.0, 1.0, 1.0).union(&Rect::new(2.0, -1.0, 1.0, 1.0));
    /// assert_eq!(u, Rect::new(0.0, -1.0, 3.0, 2.0));
    /// ```
    pub fn union(&self, other: &Rect) -> Rect {
        let x = self.x.min(other.x);
        let y = self.y.min(other.y);
        Rect::new(
            x,
            y,
            self.max_x().max(other.max_x()) - x,
            self.max_y().max(other.max_y()) - y,
        )
    }
}

/// A 2×3 affine matrix in Cocos's layout:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Affine2 {
    /// x' contribution of x.
    pub a: f32,
    /// y' contribution of x.
    pub b: f32,
    /// x' contribution of y.
    pub c: f32,
    /// y' contribution of y.
    pub d: f32,
    /// Translation along x.
    pub tx: f32,
    /// Translation along y.
    pub ty: f32,
}

impl Affine2 {
    /// The identity.
    pub const IDENTITY: Affine2 = Affine2 {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: 1.0,
        tx: 0.0,
        ty: 0.0,
    };

    /// Translate · rotate (counter-clockwise degrees) · scale, the local matrix of a node.
    ///
    /// ```
    /// use sprig::{Affine2, Vec2};
    /// let m = Affine2::from_translate_rotate_scale(Vec2::new(10.0, 0.0), 90.0, Vec2::ONE);
    /// let p = m.transform_point(Vec2::new(1.0, 0.0));
    /// assert!((p.x - 10.0).abs() < 1e-5 && (p.y - 1.0).abs() < 1e-5);
    /// ```
    pub fn from_translate_rotate_scale(position: Vec2, angle_degrees: f32, scale: Vec2) -> Self {
        let (sin, cos) = sin_cos_degrees(angle_degrees);
        Affine2 {
            a: cos * scale.x,
            b: sin * scale.x,
            c: -sin * scale.y,
            d: cos * scale.y,
            tx: position.x,
            ty: position.y,
        }
    }

    /// `self ∘ rhs`: applies `rhs` first, then `self` (parent world · child local).
    pub fn then_apply_to(&self, rhs: &Affine2) -> Affine2 {
        Affine2 {
            a: self.a * rhs.a + self.c * rhs.b,
            b: self.b * rhs.a + self.d * rhs.b,
            c: self.a * rhs.c + self.c * rhs.d,
            d: self.b * rhs.c + self.d * rhs.d,
            tx: self.a * rhs.tx + self.c * rhs.ty + self.tx,
            ty: self.b * rhs.tx + self.d * rhs.ty + self.ty,
        }
    }

    /// The inverse, or `None` when the matrix is singular (a zero scale somewhere).
    ///
    /// ```
    /// use sprig::{Affine2, Vec2};
    /// let m = Affine2::from_translate_rotate_scale(Vec2::new(3.0, 4.0), 30.0, Vec2::new(2.0, 0.5));
    /// let back = m.inverse().unwrap().transform_point(m.transform_point(Vec2::new(5.0, -1.0)));
    /// assert!((back.x - 5.0).abs() < 1e-4 && (back.y + 1.0).abs() < 1e-4);
    /// assert!(Affine2::from_translate_rotate_scale(Vec2::ZERO, 0.0, Vec2::ZERO).inverse().is_none());
    /// ```
    pub fn inverse(&self) -> Option<Affine2> {
        let det = self.a * self.d - self.b * self.c;
        if det == 0.0 || !det.is_finite() {
            return None;
        }
        let inv = 1.0 / det;
        Some(Affine2 {
            a: self.d * inv,
            b: -self.b * inv,
            c: -self.c * inv,
            d: self.a * inv,
            tx: (self.c * self.ty - self.d * self.tx) * inv,
            ty: (self.b * self.tx - self.a * self.ty) * inv,
        })
    }

    /// Maps a point.
    pub fn transform_point(&self, p: Vec2) -> Vec2 {
        Vec2::new(
            self.a * p.x + self.c * p.y + self.tx,
            self.b * p.x + self.d * p.y + self.ty,
        )
    }

    /// The axis-aligned bounds of a rectangle after this transform.
    pub fn transform_rect(&self, r: &Rect) -> Rect {
        // A corner's screen x is `a·x + c·y + tx`, with x and y each one of two values.
        // Rounded products and sums never reverse an order, so the least corner takes
        // the least of each product (likewise the greatest): the bounds of mapping the
        // four corners, bit for bit, with half the multiplications (soft float on a
        // board without an FPU).
        let (x0, x1, y0, y1) = (r.x, r.max_x(), r.y, r.max_y());
        // One comparison, not `f32::min` and `max` (two library calls each on a board).
        #[inline(always)]
        fn span(k: f32, lo: f32, hi: f32) -> (f32, f32) {
            let (p, q) = (k * lo, k * hi);
            if q < p {
                (q, p)
            } else {
                (p, q)
            }
        }
        let ((ax0, ax1), (cy0, cy1)) = (span(self.a, x0, x1), span(self.c, y0, y1));
        let ((bx0, bx1), (dy0, dy1)) = (span(self.b, x0, x1), span(self.d, y0, y1));
        let min = Vec2::new(ax0 + cy0 + self.tx, bx0 + dy0 + self.ty);
        let max = Vec2::new(ax1 + cy1 + self.tx, bx1 + dy1 + self.ty);
        Rect::new(min.x, min.y, max.x - min.x, max.y - min.y)
    }
}

/// Screen space (origin top-left, y down) to world space (origin bottom-left, y up) on a
/// screen `screen_height` pixels tall. The mapping is its own inverse.
///
/// ```
/// use sprig::{screen_to_world, Vec2};
/// assert_eq!(screen_to_world(Vec2::new(5.0, 0.0), 64.0), Vec2::new(5.0, 64.0));
/// ```
pub fn screen_to_world(screen_point: Vec2, screen_height: f32) -> Vec2 {
    Vec2::new(screen_point.x, screen_height - screen_point.y)
}

/// World space to screen space on a screen `screen_height` pixels tall.
///
/// ```
/// use sprig::{world_to_screen, Vec2};
/// assert_eq!(world_to_screen(Vec2::new(5.0, 10.0), 64.0), Vec2::new(5.0, 54.0));
/// ```
pub fn world_to_screen(world_point: Vec2, screen_height: f32) -> Vec2 {
    Vec2::new(world_point.x, screen_height - world_point.y)
}

/// The sine and cosine of an angle in degrees, exact at every multiple of 90°.
///
/// The angle is reduced in degrees first (`%` 360 and the nearest multiple of 90 are
/// both exact in `f32`), so a quarter turn gives exactly `(1, 0)` and a rotated node stays
/// pixel-aligned; the remainder, within ±45°, goes through the single-precision
/// polynomials of Cephes' `sinf`/`cosf` (within 2 ulp of the true values there). Pure
/// `f32`: on a Cortex-M without an FPU this costs a fraction of `libm::sincosf`, which
/// computes in `f64`, and about 5 KiB less flash. Non-finite input gives NaNs.
///
/// ```
/// use sprig::sin_cos_degrees;
/// assert_eq!(sin_cos_degrees(90.0), (1.0, 0.0));
/// assert_eq!(sin_cos_degrees(-180.0), (0.0, -1.0));
/// let (s, c) = sin_cos_degrees(30.0);
/// assert!((s - 0.5).abs() < 1e-7 && (c - 0.866_025_4).abs() < 1e-7);
/// ```
pub fn sin_cos_degrees(degrees: f32) -> (f32, f32) {
    if !degrees.is_finite() {
        return (f32::NAN, f32::NAN);
    }
    // Both steps are exact: `%` is exact, and `quadrant * 90` is an integer no larger
    // than 360 in magnitude, so the difference fits the mantissa of `turn`.
    let turn = degrees % 360.0;
    let quadrant = libm::roundf(turn / 90.0);
    let x = (turn - quadrant * 90.0) * (core::f32::consts::PI / 180.0);
    let z = x * x;
    let sin = if x == 0.0 {
        0.0
    } else {
        ((-1.951_529_6e-4 * z + 8.332_161e-3) * z - 1.666_665_5e-1) * z * x + x
    };
    let cos =
        (((2.443_315_7e-5 * z - 1.388_731_6e-3) * z + 4.166_664_6e-2) * z * z) - 0.5 * z + 1.0;
    // `quadrant` is in -4..=4.
    match (quadrant as i32).rem_euclid(4) {
        0 => (sin, cos),
        1 => (cos, -sin),
        2 => (-sin, -cos),
        _ => (-cos, sin),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bounds of the four mapped corners: what `transform_rect` must equal.
    fn corners_bounds(m: &Affine2, r: &Rect) -> Rect {
        let corners = [
            m.transform_point(Vec2::new(r.x, r.y)),
            m.transform_point(Vec2::new(r.max_x(), r.y)),
            m.transform_point(Vec2::new(r.x, r.max_y())),
            m.transform_point(Vec2::new(r.max_x(), r.max_y())),
        ];
        let (mut min, mut max) = (corners[0], corners[0]);
        for p in &corners[1..] {
            min = Vec2::new(min.x.min(p.x), min.y.min(p.y));
            max = Vec2::new(max.x.max(p.x), max.y.max(p.y));
        }
        Rect::new(min.x, min.y, max.x - min.x, max.y - min.y)
    }

    #[test]
    fn a_rectangle_s_bounds_are_its_mapped_corners_bounds_bit_for_bit() {
        // A small linear congruential generator: the same cases every run.
        let mut state = 0x2545_f491_u32;
        let mut next = |lo: f32, hi: f32| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            lo + (hi - lo) * ((state >> 8) as f32 / (1u32 << 24) as f32)
        };
        for case in 0..20_000 {
            let angle = match case % 4 {
                0 => 0.0,
                1 => 90.0 * (next(0.0, 4.0) as i32) as f32,
                _ => next(-360.0, 360.0),
            };
            let scale = Vec2::new(next(-3.0, 3.0), next(-3.0, 3.0));
            let m = Affine2::from_translate_rotate_scale(
                Vec2::new(next(-500.0, 500.0), next(-500.0, 500.0)),
                angle,
                scale,
            );
            let r = Rect::new(
                next(-200.0, 200.0),
                next(-200.0, 200.0),
                next(0.0, 300.0),
                next(0.0, 300.0),
            );
            let (got, want) = (m.transform_rect(&r), corners_bounds(&m, &r));
            let bits = |r: &Rect| [r.x, r.y, r.width, r.height].map(f32::to_bits);
            assert_eq!(bits(&got), bits(&want), "{m:?} {r:?}");
        }
    }
}
