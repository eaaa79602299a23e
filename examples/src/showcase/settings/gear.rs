//! The gear that opens the settings, drawn as one drawable on one node (a ring with
//! eight teeth and a hole) rather than as a shape per tooth: a node costs its world and
//! its renderer RAM, and the emulated board's 64 KiB hold few spare ones.

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::fixed::{fx, Fx, FxPoint, FX_BITS, FX_ONE};
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
use sprig::{component, Hooks};

/// A gear as large as fits the node's content box, centred in it: eight teeth around a
/// body with a hole, in `color`, its edges smoothed over a pixel when `antialias` is on.
#[derive(Clone, Debug, PartialEq)]
pub struct GearIcon {
    /// The gear's colour.
    pub color: Rgb888,
    /// Whether its edges are smoothed (the colour panels) or crisp (the OLED).
    pub antialias: bool,
}

#[component(draw)]
impl Hooks for GearIcon {}

/// cos 45° in [`Fx`]: the distance from the 45° line of a point `(a, b)` is
/// `(a − b) · cos 45°`.
const COS_45: Fx = 46_341;

/// Half a pixel in [`Fx`].
const HALF: Fx = 1 << (FX_BITS - 1);

/// A circle the gear is made of, set up once a draw: its radius squared and the
/// reciprocal of its diameter, so that a pixel's distance from it takes no division.
#[derive(Clone, Copy, Debug)]
struct Circle {
    /// The radius squared (`2 · FX_BITS` fractional bits).
    squared: i64,
    /// `1 / 2r` (`FX_BITS` fractional bits, `r` in pixels).
    reciprocal: i64,
}

impl Circle {
    fn new(radius: Fx) -> Self {
        Circle {
            squared: radius * radius,
            reciprocal: (1 << (2 * FX_BITS)) / (2 * radius).max(1),
        }
    }

    /// How far inside the circle (negative outside) a point at `r2` (its distance from
    /// the centre squared, `2 · FX_BITS` fractional bits) is, in [`Fx`]: from the
    /// squares, `(R² − r²) / 2R`, near enough at one pixel and with no square root.
    fn inside(&self, r2: i64) -> Fx {
        (((self.squared - r2) >> FX_BITS) * self.reciprocal) >> FX_BITS
    }
}

/// The gear's shape for one diameter, in fixed point: no floating-point operation per
/// pixel (a board without an FPU would spend hundreds of instructions on each).
#[derive(Clone, Copy, Debug)]
struct Teeth {
    tip: Circle,
    body: Circle,
    hole: Circle,
    half_tooth: Fx,
}

impl Teeth {
    /// The gear of diameter `size` (pixels).
    fn new(size: f32) -> Self {
        Teeth {
            tip: Circle::new(fx(size * 0.5)),
            body: Circle::new(fx(size * 0.36)),
            hole: Circle::new(fx(size * 0.15)),
            half_tooth: fx(size * 0.12),
        }
    }

    /// How far inside the gear (negative outside) a point `(x, y)` from its centre is,
    /// all in [`Fx`].
    fn depth(&self, x: Fx, y: Fx) -> Fx {
        let r2 = x * x + y * y;
        // Folded into the first octant, the nearest tooth is along the x axis or the 45°
        // line.
        let (ax, ay) = (x.abs(), y.abs());
        let (a, b) = if ax >= ay { (ax, ay) } else { (ay, ax) };
        let off_axis = b.min(((a - b) * COS_45) >> FX_BITS);
        let tooth = self.tip.inside(r2).min(self.half_tooth - off_axis);
        let solid = tooth.max(self.body.inside(r2));
        solid.min(-self.hole.inside(r2))
    }
}

impl Draw for GearIcon {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let size = content.width.min(content.height);
        if size <= 0.0 {
            return;
        }
        let (cx, cy) = (
            fx(content.x + content.width / 2.0),
            fx(content.y + content.height / 2.0),
        );
        let teeth = Teeth::new(size);
        canvas.paint_fixed(content, |p: FxPoint| {
            let depth = teeth.depth(p.x - cx, p.y - cy);
            let alpha = if self.antialias {
                (((depth + HALF).clamp(0, FX_ONE) * 255) >> FX_BITS) as u8
            } else if depth >= 0 {
                255
            } else {
                0
            };
            (alpha > 0).then_some((self.color, alpha))
        });
    }

    fn appearance(&self) -> u32 {
        Fingerprint::new()
            .color(self.color)
            .word(u32::from(self.antialias))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The depth of the point `(x, y)` pixels from the centre of a gear `size` across,
    /// in pixels.
    fn depth(x: f32, y: f32, size: f32) -> f32 {
        Teeth::new(size).depth(fx(x), fx(y)) as f32 / FX_ONE as f32
    }

    #[test]
    fn a_gear_has_teeth_on_the_axes_and_diagonals_a_body_and_a_hole() {
        let size = 20.0;
        // The centre is the hole; the body around it is solid in every direction.
        assert!(depth(0.0, 0.0, size) < 0.0);
        assert!(depth(0.0, 5.0, size) > 0.0);
        assert!(depth(3.6, 3.6, size) > 0.0);
        // A tooth reaches out along each axis and each diagonal, not between them.
        assert!(depth(9.0, 0.0, size) > 0.0);
        assert!(depth(0.0, -9.0, size) > 0.0);
        assert!(depth(6.3, 6.3, size) > 0.0);
        // 22.5°, halfway between two teeth.
        let (cos, sin) = (0.923_879_5, 0.382_683_43);
        assert!(depth(8.5 * cos, 8.5 * sin, size) < 0.0);
        // Past the tips: nothing.
        assert!(depth(10.6, 0.0, size) < 0.0);
    }

    #[test]
    fn depths_are_distances_in_pixels() {
        let size = 20.0;
        // On the x axis the tooth's tip circle (radius 10) bounds it: a pixel inside
        // it is a pixel deep, a pixel past it a pixel out (to within a hundredth).
        assert!((depth(9.0, 0.0, size) - 0.95).abs() < 0.01);
        assert!((depth(11.0, 0.0, size) + 1.05).abs() < 0.01);
        // The hole (radius 3): a pixel out of it, inside the body, is a pixel deep.
        assert!((depth(4.0, 0.0, size) - 7.0 / 6.0).abs() < 0.01);
    }
}
