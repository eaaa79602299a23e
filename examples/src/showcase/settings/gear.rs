//! The gear that opens the settings, drawn as one drawable on one node (a ring with
//! eight teeth and a hole) rather than as a shape per tooth: a node costs its world and
//! its renderer RAM, and the emulated board's 64 KiB hold few spare ones.

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
use sprig::{component, Hooks, Vec2};

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

/// cos 45°: the distance from the 45° line of a point `(a, b)` is `(a − b) · cos 45°`.
const COS_45: f32 = 0.707_106_77;

impl GearIcon {
    /// How far inside the gear (pixels, negative outside) a point `(x, y)` from its
    /// centre is, for a gear of diameter `size`. Distances from a circle are taken from
    /// the squares, `(R² − r²) / 2R`, which is near enough at one pixel and needs no
    /// square root.
    fn depth(x: f32, y: f32, size: f32) -> f32 {
        let (tip, body, hole, half_tooth) = (size * 0.5, size * 0.36, size * 0.15, size * 0.12);
        let r2 = x * x + y * y;
        let inside_circle = |radius: f32| (radius * radius - r2) / (2.0 * radius);
        // Folded into the first octant, the nearest tooth is along the x axis or the 45°
        // line.
        let (ax, ay) = (x.abs(), y.abs());
        let (a, b) = if ax >= ay { (ax, ay) } else { (ay, ax) };
        let off_axis = b.min((a - b) * COS_45);
        let tooth = inside_circle(tip).min(half_tooth - off_axis);
        let solid = tooth.max(inside_circle(body));
        solid.min(-inside_circle(hole))
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
        let centre = Vec2::new(
            content.x + content.width / 2.0,
            content.y + content.height / 2.0,
        );
        canvas.paint(content, |p: Vec2| {
            let depth = Self::depth(p.x - centre.x, p.y - centre.y, size);
            let alpha = if self.antialias {
                ((depth + 0.5).clamp(0.0, 1.0) * 255.0) as u8
            } else if depth >= 0.0 {
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
    use super::GearIcon;

    #[test]
    fn a_gear_has_teeth_on_the_axes_and_diagonals_a_body_and_a_hole() {
        let size = 20.0;
        // The centre is the hole; the body around it is solid in every direction.
        assert!(GearIcon::depth(0.0, 0.0, size) < 0.0);
        assert!(GearIcon::depth(0.0, 5.0, size) > 0.0);
        assert!(GearIcon::depth(3.6, 3.6, size) > 0.0);
        // A tooth reaches out along each axis and each diagonal, not between them.
        assert!(GearIcon::depth(9.0, 0.0, size) > 0.0);
        assert!(GearIcon::depth(0.0, -9.0, size) > 0.0);
        assert!(GearIcon::depth(6.3, 6.3, size) > 0.0);
        // 22.5°, halfway between two teeth.
        let (cos, sin) = (0.923_879_5, 0.382_683_43);
        assert!(GearIcon::depth(8.5 * cos, 8.5 * sin, size) < 0.0);
        // Past the tips: nothing.
        assert!(GearIcon::depth(10.6, 0.0, size) < 0.0);
    }
}
