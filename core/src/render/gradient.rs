//! Linear gradients and drop shadows for the closed shapes ([`Shape::with_gradient`],
//! [`Shape::with_shadow`]), in fixed point.
//!
//! A gradient's position `t` (0 at the first end, 1 at the last) is a linear function
//! of the pixel centre's anchor-space point, worked out in integers: along an upright
//! node's row it grows by one constant step per pixel (no multiply), and a vertical
//! gradient there is one colour a row. A colour between two stops is an 8-bit blend of
//! the two, channel by channel. Every path (a row at a time, the sampler of a turned
//! node) gives the same colour to the same point.
//!
//! [`Shape::with_gradient`]: super::Shape::with_gradient
//! [`Shape::with_shadow`]: super::Shape::with_shadow

// Without the `shape-effects` feature only `Paint::Flat` and the fall-offs are used; the
// gradient and shadow types stay (unexported) rather than be cut item by item.
#![cfg_attr(
    not(feature = "shape-effects"),
    allow(dead_code, unused_imports, unused_variables)
)]

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};

use crate::render::canvas::{AxisRows, Canvas};
use crate::render::color::RenderColor;
use crate::render::fixed::{fx, Fx, FxPoint, FxRect};
use crate::render::span::{self, Coverage};
use crate::{sin_cos_degrees, Rect, Vec2};

/// Most stops a [`Gradient`] holds.
pub const MAX_GRADIENT_STOPS: usize = 4;

/// One stop of a [`Gradient`]: a colour at a place along it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GradientStop {
    /// Where, from 0 (the gradient's start) to 1 (its end); values outside are taken as
    /// 0 or 1, NaN as 0.
    pub offset: f32,
    /// The colour there.
    pub color: Rgb888,
}

/// A linear gradient: the fill of a [`Shape`](super::Shape) changing colour along a
/// direction.
///
/// The direction is `angle_degrees` anticlockwise from the node's x axis, in node space
/// (y up; the gradient turns, scales and mirrors with the node): 0° runs from left to
/// right, 90° from bottom to top, 180° from right to left. It spans the content
/// rectangle along that direction: its line passes through the rectangle's centre, and
/// its start and end are where the lines across it through the rectangle's corners
/// meet it (as CSS's `linear-gradient`), so the first stop's colour is in one corner
/// (or along one side) and the last stop's in the opposite one. Before the first stop
/// the colour is the first stop's, after the last the last's; in between, each channel
/// goes linearly from one stop to the next in 256 steps
/// (`c0 + ⌊((c1 − c0) · f + 128) / 256⌋`, `f` the 0–255 step).
///
/// Pixels are coloured at their centres, which an anti-aliased edge may put up to half
/// a pixel outside the content rectangle: such a point takes the colour of the nearest
/// point of the rectangle.
///
/// On a panel of fewer than 8 bits a channel (RGB565, 4- and 2-bit grey), a slow ramp
/// would show bands where each channel steps to its next level, on different rows for
/// red, green and blue. So an upright node's gradient is drawn with an ordered 4 × 4
/// dither ([`RenderColor::from_rgb888_dithered`](super::RenderColor::from_rgb888_dithered)),
/// fixed to the screen pixel (a partial redraw gives a full frame's pixels); a turned
/// node's is not.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::render::{Gradient, Shape};
///
/// // Dark blue at the bottom to light blue at the top.
/// static SKY: Gradient =
///     Gradient::linear(90.0, [(0.0, Rgb888::new(0, 0, 80)), (1.0, Rgb888::new(120, 180, 255))]);
/// let panel = Shape::rounded_rectangle(6.0).with_gradient(&SKY);
/// assert!(panel.gradient.is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gradient {
    /// The direction, degrees anticlockwise from the node's x axis; a non-finite angle
    /// is taken as 0°.
    pub angle_degrees: f32,
    /// The stops (the first `count` of them), in any order: they are sorted by offset
    /// when drawn; stops at the same offset keep their order, which gives a sharp
    /// change. None: the gradient is ignored and the shape's
    /// [`fill`](super::Shape::fill) colour, if any, is used; one: that stop's colour
    /// everywhere.
    stops: [GradientStop; MAX_GRADIENT_STOPS],
    count: u8,
}

impl Gradient {
    /// A linear gradient at `angle_degrees` (see [`Gradient`]) through `stops`, each an
    /// offset from 0 to 1 and a colour. Stops past [`MAX_GRADIENT_STOPS`] are ignored.
    /// A `const fn`: a shape takes its gradient by `&'static` reference (see
    /// [`Shape::with_gradient`](super::Shape::with_gradient)), so write it as a
    /// `static` or a `const { &… }` block.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::Gradient;
    ///
    /// static TRAFFIC: Gradient = Gradient::linear(
    ///     0.0,
    ///     [(0.0, Rgb888::new(255, 0, 0)), (0.5, Rgb888::new(255, 255, 0)), (1.0, Rgb888::new(0, 200, 0))],
    /// );
    /// assert_eq!(TRAFFIC.stops().len(), 3);
    /// ```
    pub const fn linear<const N: usize>(angle_degrees: f32, stops: [(f32, Rgb888); N]) -> Self {
        let none = GradientStop {
            offset: 0.0,
            color: Rgb888::new(0, 0, 0),
        };
        let mut kept = [none; MAX_GRADIENT_STOPS];
        let mut i = 0;
        while i < N && i < MAX_GRADIENT_STOPS {
            kept[i] = GradientStop {
                offset: stops[i].0,
                color: stops[i].1,
            };
            i += 1;
        }
        Gradient {
            angle_degrees,
            stops: kept,
            count: i as u8,
        }
    }

    /// The stops, in the order given.
    pub fn stops(&self) -> &[GradientStop] {
        self.stops
            .get(..usize::from(self.count))
            .unwrap_or(&self.stops)
    }
}

/// A soft drop shadow under a [`Shape`](super::Shape) (see
/// [`Shape::with_shadow`](super::Shape::with_shadow)).
///
/// The shadow is the shape's outline moved by `offset` (node units, node space: y up,
/// so a negative y puts it below), filled with `color` at `opacity`. Its edge fades
/// over `blur` units, centred on the moved outline: fully `opacity` from `blur / 2`
/// inside it, nothing from `blur / 2` outside, a smooth step between (`3s² − 2s³`;
/// on a rectangle the product of the steps across its two edges, which rounds the
/// corners as a blur does). With no blur it is the moved outline, hard-edged or
/// anti-aliased as the shape is (an anti-aliased shape's shadow never fades over less
/// than a pixel).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shadow {
    /// How far the shadow lies from the shape, node units (y up).
    pub offset: Vec2,
    /// The width of its fading edge, node units (0: a hard copy of the outline; negative
    /// or NaN taken as 0, at most 16 384).
    pub blur: f32,
    /// Its colour.
    pub color: Rgb888,
    /// Its opacity where it is whole (0 transparent, 255 opaque), times the node's.
    pub opacity: u8,
}

impl Shadow {
    /// A shadow `offset` from the shape, fading over `blur` units, of `color` at
    /// `opacity`.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::{Shadow, Shape};
    /// use sprig::Vec2;
    ///
    /// let card = Shape::rounded_rectangle(8.0)
    ///     .with_fill(Rgb888::new(250, 250, 250))
    ///     .with_shadow(const { &Shadow::new(Vec2::new(2.0, -3.0), 6.0, Rgb888::new(0, 0, 0), 120) });
    /// assert!(card.shadow.is_some());
    /// ```
    pub const fn new(offset: Vec2, blur: f32, color: Rgb888, opacity: u8) -> Self {
        Shadow {
            offset,
            blur,
            color,
            opacity,
        }
    }

    /// The blur in use: within 0 to 16 384 units, NaN as 0.
    pub(crate) fn blur_width(&self) -> f32 {
        if self.blur.is_nan() {
            0.0
        } else {
            self.blur.clamp(0.0, 16_384.0)
        }
    }

    /// The rectangle the shadow of a shape over `content` may reach (anchor space):
    /// `content` moved by the offset, grown by half the blur.
    pub(crate) fn bounds(&self, content: Rect) -> Rect {
        let grow = self.blur_width() / 2.0;
        Rect::new(
            content.x + self.offset.x - grow,
            content.y + self.offset.y - grow,
            content.width + 2.0 * grow,
            content.height + 2.0 * grow,
        )
    }
}

/// What fills a shape: one colour, or a gradient ready to draw.
#[derive(Clone, Debug)]
pub(crate) enum Paint {
    Flat(Rgb888),
    #[cfg(feature = "shape-effects")]
    Linear(LinearShader),
}

impl Paint {
    /// The colour at `p` (anchor space).
    #[inline]
    pub(crate) fn at(&self, p: FxPoint) -> Rgb888 {
        match self {
            Paint::Flat(c) => *c,
            #[cfg(feature = "shape-effects")]
            Paint::Linear(g) => g.at(p),
        }
    }

    /// Whether this paint's pixels are dithered by screen pixel (a gradient's are; see
    /// [`Canvas::blend_dithering`]).
    #[inline]
    pub(crate) fn dithers(&self) -> bool {
        match self {
            Paint::Flat(_) => false,
            #[cfg(feature = "shape-effects")]
            Paint::Linear(_) => true,
        }
    }

    /// Pixels `x0..x1` of screen row `y` (anchor-space y `ly`) covered by `alpha`: as
    /// [`Canvas::span`] would draw each pixel's colour at its centre.
    #[inline]
    pub(crate) fn span<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        rows: &AxisRows,
        (y, ly): (i32, Fx),
        (x0, x1): (i32, i32),
        alpha: u8,
    ) {
        match self {
            Paint::Flat(c) => {
                let coverage = if alpha == u8::MAX {
                    Coverage::Full
                } else {
                    Coverage::Const(alpha)
                };
                canvas.span(y, x0, x1, *c, coverage);
            }
            #[cfg(feature = "shape-effects")]
            Paint::Linear(g) => g.span(canvas, rows, (y, ly), (x0, x1), alpha),
        }
    }
}

/// Fractional bits of a gradient's position `t` (1 is `T_ONE`).
const T_BITS: u32 = 16;
const T_ONE: i64 = 1 << T_BITS;

/// Fractional bits of the coefficients taking a point to `t`.
const K: u32 = 40;

/// Magnitude within which the sums of a row's walk stay exact in 64 bits.
const WALK_LIMIT: i128 = 1 << 62;

/// A [`Gradient`] over a content rectangle, in fixed point: `t` of a point `p` is
/// `((a · (px − cx) + b · (py − cy)) >> K) + ½`, with `p` first taken to the nearest
/// point of the rectangle (so that every product stays within 2^56), clamped to 0..1.
#[derive(Clone, Debug)]
pub(crate) struct LinearShader {
    a: i64,
    b: i64,
    centre: FxPoint,
    bounds: FxRect,
    /// Stop positions in `T_ONE` units, ascending, and colours.
    at: [i64; MAX_GRADIENT_STOPS],
    colors: [Rgb888; MAX_GRADIENT_STOPS],
    /// The colours' channels 16 bits apart (`r | g << 16 | b << 32`), so that one
    /// multiply blends all three.
    packed: [u64; MAX_GRADIENT_STOPS],
    /// `2^24 / (at[i + 1] − at[i])`, 0 for stops at the same place.
    inverse: [i64; MAX_GRADIENT_STOPS],
    count: usize,
}

impl LinearShader {
    /// `gradient` spanning `content`; `None` when it has no stops.
    pub(crate) fn new(gradient: &Gradient, content: &Rect) -> Option<Self> {
        let count = gradient.stops().len().min(MAX_GRADIENT_STOPS);
        if count == 0 {
            return None;
        }
        // Sorted by offset, stably (a few stops: insertion sort).
        let mut stops = [(0i64, Rgb888::BLACK); MAX_GRADIENT_STOPS];
        for (k, stop) in gradient.stops().iter().take(count).enumerate() {
            let offset = fx(stop.offset).clamp(0, T_ONE);
            let mut i = k;
            while i > 0 && stops[i - 1].0 > offset {
                stops[i] = stops[i - 1];
                i -= 1;
            }
            stops[i] = (offset, stop.color);
        }
        let mut at = [0; MAX_GRADIENT_STOPS];
        let mut colors = [Rgb888::BLACK; MAX_GRADIENT_STOPS];
        let mut inverse = [0; MAX_GRADIENT_STOPS];
        let mut packed = [0; MAX_GRADIENT_STOPS];
        for (i, &(offset, color)) in stops.iter().enumerate().take(count) {
            at[i] = offset;
            colors[i] = color;
            packed[i] =
                u64::from(color.r()) | u64::from(color.g()) << 16 | u64::from(color.b()) << 32;
        }
        for i in 0..count.saturating_sub(1) {
            let gap = at[i + 1] - at[i];
            inverse[i] = if gap > 0 { (1 << 24) / gap } else { 0 };
        }
        let angle = if gradient.angle_degrees.is_finite() {
            gradient.angle_degrees
        } else {
            0.0
        };
        // Exact at every multiple of 90°: a vertical gradient has `a` = 0 exactly.
        let (sin, cos) = sin_cos_degrees(angle);
        let (cos, sin) = (fx(cos), fx(sin));
        let bounds = FxRect::of(content);
        let (w, h) = (bounds.width().max(0), bounds.height().max(0));
        // The gradient's length: the rectangle's extent along the direction, in `Fx`.
        let length = (i128::from(cos.abs()) * i128::from(w)
            + i128::from(sin.abs()) * i128::from(h))
            >> T_BITS;
        let coefficient = |c: Fx| -> i64 {
            if length <= 0 {
                return 0;
            }
            let v = (i128::from(c) << K) / length;
            v.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
        };
        Some(LinearShader {
            a: coefficient(cos),
            b: coefficient(sin),
            centre: FxPoint {
                x: bounds.x0.saturating_add(w / 2),
                y: bounds.y0.saturating_add(h / 2),
            },
            bounds,
            at,
            colors,
            packed,
            inverse,
            count,
        })
    }

    /// The part of `t` (before the shift) that depends on x, for a point whose x is
    /// `x`.
    #[inline]
    fn x_term(&self, x: Fx) -> i64 {
        let x = x.clamp(self.bounds.x0, self.bounds.x1.max(self.bounds.x0));
        self.a.saturating_mul(x.saturating_sub(self.centre.x))
    }

    /// The part of `t` (before the shift) that depends on y.
    #[inline]
    fn y_term(&self, y: Fx) -> i64 {
        let y = y.clamp(self.bounds.y0, self.bounds.y1.max(self.bounds.y0));
        self.b.saturating_mul(y.saturating_sub(self.centre.y))
    }

    /// `t` from the sum of the two terms.
    #[inline]
    fn t_of(sum: i64) -> i64 {
        ((sum >> K) + T_ONE / 2).clamp(0, T_ONE)
    }

    /// The colour at `p`.
    #[inline]
    pub(crate) fn at(&self, p: FxPoint) -> Rgb888 {
        self.color(Self::t_of(
            self.x_term(p.x).saturating_add(self.y_term(p.y)),
        ))
    }

    /// The colour at position `t` (0 to `T_ONE`).
    #[inline]
    fn color(&self, t: i64) -> Rgb888 {
        let last = self.count - 1;
        if t <= self.at[0] {
            return self.colors[0];
        }
        if t >= self.at[last] {
            return self.colors[last];
        }
        let mut i = 0;
        while i + 1 < last && t >= self.at[i + 1] {
            i += 1;
        }
        // `t − at[i] < at[i + 1] − at[i] ≤ 2^16`: `f` is 0 to 255.
        let f = (((t - self.at[i]) * self.inverse[i]) >> 16) as u64;
        // Each channel `(c0 · (256 − f) + c1 · f + 128) / 256`, which is
        // `c0 + ⌊((c1 − c0) · f + 128) / 256⌋`; every lane stays below 2^16.
        const HALF: u64 = 128 | 128 << 16 | 128 << 32;
        let v = (self.packed[i] * (256 - f) + self.packed[i + 1] * f + HALF) >> 8;
        Rgb888::new(v as u8, (v >> 16) as u8, (v >> 32) as u8)
    }

    /// Pixels `x0..x1` of screen row `y` (anchor-space y `ly`), each in its colour,
    /// covered by `alpha` times the node's opacity: the pixels [`Canvas::blend`] would
    /// give them one by one. Along a row the position grows by a constant step when the
    /// node's columns are a whole number of [`Fx`] units apart (any upright node at
    /// scale 1, and many others); otherwise each pixel's is worked out from its point.
    fn span<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        rows: &AxisRows,
        (y, ly): (i32, Fx),
        (x0, x1): (i32, i32),
        alpha: u8,
    ) {
        let y_term = self.y_term(ly);
        if self.a == 0 && !C::DITHERS {
            // Constant along the row: one colour.
            let color = self.color(Self::t_of(y_term));
            let coverage = if alpha == u8::MAX {
                Coverage::Full
            } else {
                Coverage::Const(alpha)
            };
            canvas.span(y, x0, x1, color, coverage);
            return;
        }
        let Some((pixels, start, opacity)) = canvas.row_mut(y, x0, x1) else {
            return;
        };
        let alpha = span::times(alpha, opacity);
        if alpha == 0 || pixels.is_empty() {
            return;
        }
        // Dithered by screen pixel, so that a tile or a partial redraw gives the pixels
        // of a full frame.
        let ink = |color: Rgb888, x: i32| C::from_rgb888_dithered(color, x, y);
        if self.a == 0 {
            // One colour along the row, dithered: four inks, the pattern's period.
            let color = self.color(Self::t_of(y_term));
            let inks: [C; 4] = core::array::from_fn(|k| ink(color, start.wrapping_add(k as i32)));
            for (pixel, ink) in pixels.iter_mut().zip(inks.iter().cycle()) {
                *pixel = match alpha {
                    u8::MAX => *ink,
                    _ => ink.blend(*pixel, alpha),
                };
            }
            return;
        }
        match (self.walk(rows, start, pixels.len(), y_term), alpha) {
            (Some((mut sum, step)), u8::MAX) => {
                for (x, pixel) in (start..).zip(pixels.iter_mut()) {
                    *pixel = ink(self.color(Self::t_of(sum)), x);
                    sum = sum.wrapping_add(step);
                }
            }
            (Some((mut sum, step)), _) => {
                for (x, pixel) in (start..).zip(pixels.iter_mut()) {
                    *pixel = ink(self.color(Self::t_of(sum)), x).blend(*pixel, alpha);
                    sum = sum.wrapping_add(step);
                }
            }
            (None, _) => {
                for (x, pixel) in (start..).zip(pixels.iter_mut()) {
                    let t = Self::t_of(self.x_term(rows.x_at(x)).saturating_add(y_term));
                    let ink = ink(self.color(t), x);
                    *pixel = if alpha == u8::MAX {
                        ink
                    } else {
                        ink.blend(*pixel, alpha)
                    };
                }
            }
        }
    }

    /// The sum of the first of `n` pixels from column `start` and its step along the
    /// row, when stepping gives exactly the sums of [`at`](Self::at): the columns are a
    /// whole number of `Fx` apart, every point lies in the rectangle (no clamp acts)
    /// and every sum stays well within 64 bits (it is linear in the column, so checking
    /// both ends does).
    fn walk(&self, rows: &AxisRows, start: i32, n: usize, y_term: i64) -> Option<(i64, i64)> {
        let dx = rows.x_step()?;
        let last = start.checked_add(i32::try_from(n).ok()? - 1)?;
        let (first_x, last_x) = (rows.x_at(start), rows.x_at(last));
        let span = i128::from(dx) * i128::from(last - start);
        if i128::from(first_x) + span != i128::from(last_x) {
            return None;
        }
        let inside = |x: Fx| self.bounds.x0 <= x && x <= self.bounds.x1;
        if !(inside(first_x) && inside(last_x)) {
            return None;
        }
        let term = |x: Fx| i128::from(self.a) * i128::from(x - self.centre.x);
        let small = |v: i128| -WALK_LIMIT < v && v < WALK_LIMIT;
        let (t0, t1) = (term(first_x), term(last_x));
        let y = i128::from(y_term);
        if !(small(t0) && small(t1) && small(t0 + y) && small(t1 + y)) {
            return None;
        }
        let step = i64::try_from(i128::from(self.a) * i128::from(dx)).ok()?;
        Some(((t0 + y) as i64, step))
    }
}

/// The share of a smooth step `3s² − 2s³` at `s = (i + ½) / 256`, 0 to 255.
const SMOOTH: [u8; 256] = smooth_table();

const fn smooth_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        // s = x / 512 with x = 2i + 1: 3s² − 2s³ = x² (1536 − 2x) / 512³.
        let x = 2 * i as u64 + 1;
        let v = (255 * x * x * (1536 - 2 * x) + (1 << 26)) >> 27;
        table[i] = v as u8;
        i += 1;
    }
    table
}

/// How the coverage of an edge falls off with depth: linear over a pixel (anti-aliased
/// edges, [`Ramp`](super::shape::Ramp)) or a smooth step over a shadow's blur.
pub(crate) trait Falloff {
    /// Half the width of the fall-off: full coverage at this depth inside, none as far
    /// outside.
    fn half(&self) -> Fx;
    /// The coverage at `depth` (negative outside), 0 to 255.
    fn at(&self, depth: Fx) -> u8;
}

/// A smooth step from no coverage at `half` outside an edge to whole coverage at `half`
/// inside, from a table (256 steps).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Smooth {
    half: Fx,
    /// `2^32 / (2 · half)`.
    scale: u64,
}

impl Smooth {
    pub(crate) fn new(half: Fx) -> Self {
        let half = half.max(1);
        Smooth {
            half,
            scale: (1u64 << 32) / (2 * half.unsigned_abs()),
        }
    }
}

impl Falloff for Smooth {
    #[inline]
    fn half(&self) -> Fx {
        self.half
    }

    #[inline]
    fn at(&self, depth: Fx) -> u8 {
        if depth >= self.half {
            255
        } else if depth <= -self.half {
            0
        } else {
            // `depth + half < 2 · half`, times `scale`: below 2^32, so the index below 256.
            let i = ((depth + self.half) as u64 * self.scale) >> 24;
            SMOOTH[(i as usize).min(255)]
        }
    }
}

/// Half a blur of `blur` units, in fixed point.
pub(crate) fn half_blur(shadow: &Shadow) -> Fx {
    fx(shadow.blur_width()) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::fixed::FX_ONE;

    #[test]
    fn the_smooth_step_is_monotonic_from_0_to_255() {
        assert_eq!(SMOOTH[0], 0);
        assert_eq!(SMOOTH[255], 255);
        assert!(SMOOTH.windows(2).all(|w| w[0] <= w[1]));
        let s = Smooth::new(4 * FX_ONE);
        assert_eq!(s.at(0), SMOOTH[128]);
        assert_eq!(s.at(4 * FX_ONE), 255);
        assert_eq!(s.at(-4 * FX_ONE), 0);
        let mut last = 0;
        for d in (-5 * FX_ONE..5 * FX_ONE).step_by(977) {
            let v = s.at(d);
            assert!(v >= last);
            last = v;
        }
    }

    #[test]
    fn a_two_stop_gradient_goes_in_256_steps() {
        let g = Gradient::linear(
            0.0,
            [
                (0.0, Rgb888::new(0, 0, 0)),
                (1.0, Rgb888::new(255, 255, 255)),
            ],
        );
        let shader = LinearShader::new(&g, &Rect::new(0.0, 0.0, 16.0, 4.0)).unwrap();
        for i in 0..16 {
            let p = FxPoint {
                x: fx(i as f32 + 0.5),
                y: fx(2.0),
            };
            let f = 8 + 16 * i as i64;
            let v = ((255 * f + 128) >> 8) as u8;
            assert_eq!(shader.at(p), Rgb888::new(v, v, v), "{i}");
        }
        // Stops out of order are sorted; none: no shader.
        let g = Gradient::linear(0.0, [(1.0, Rgb888::WHITE), (0.0, Rgb888::BLACK)]);
        let shader = LinearShader::new(&g, &Rect::new(0.0, 0.0, 16.0, 4.0)).unwrap();
        assert_eq!(shader.at(FxPoint { x: 0, y: 0 }), Rgb888::BLACK);
        assert!(LinearShader::new(&Gradient::linear(0.0, []), &Rect::default()).is_none());
    }
}
