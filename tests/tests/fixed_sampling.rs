//! The fixed-point sampling of the built-in shapes against the `f32` sampling they used
//! before it (kept here as a reference drawable): over random rotations, scales, sizes
//! and positions, the two agree on every pixel whose centre is not within a hair of an
//! outline. The fixed-point predicates on their own: the exact circle, rounded corners,
//! half-open rectangle edges.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use proptest::prelude::*;
use sprig::render::damage::BusCost;
use sprig::render::fixed::{fx, FxEllipse, FxPoint, FxRect, FxRounded, FX_ONE};
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor, Renderer, Shape};
use sprig::{component, world, Hooks, Rect, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// The shapes' `f32` sampling as it was: rectangle, rounded rectangle or ellipse, with
/// a fill and a stroke.
pub struct FloatShape {
    kind: u8,
    radius: f32,
    stroke: f32,
}

const FILL: Rgb888 = Rgb888::new(200, 0, 0);
const STROKE: Rgb888 = Rgb888::new(0, 200, 0);

fn in_rect(r: &Rect, inset: f32, p: Vec2) -> bool {
    p.x >= r.x + inset && p.x < r.max_x() - inset && p.y >= r.y + inset && p.y < r.max_y() - inset
}

fn in_rounded(r: &Rect, radius: f32, inset: f32, p: Vec2) -> bool {
    if !in_rect(r, inset, p) {
        return false;
    }
    let radius = (radius.min(r.width / 2.0).min(r.height / 2.0) - inset).max(0.0);
    let (x0, y0) = (r.x + inset + radius, r.y + inset + radius);
    let (x1, y1) = (
        x0 + (r.width - 2.0 * (inset + radius)).max(0.0),
        y0 + (r.height - 2.0 * (inset + radius)).max(0.0),
    );
    let dx = (x0 - p.x).max(p.x - x1).max(0.0);
    let dy = (y0 - p.y).max(p.y - y1).max(0.0);
    dx * dx + dy * dy <= radius * radius
}

fn in_ellipse(r: &Rect, inset: f32, p: Vec2) -> bool {
    let (rx, ry) = (r.width / 2.0 - inset, r.height / 2.0 - inset);
    if rx <= 0.0 || ry <= 0.0 {
        return false;
    }
    let dx = (p.x - (r.x + r.width / 2.0)) / rx;
    let dy = (p.y - (r.y + r.height / 2.0)) / ry;
    dx * dx + dy * dy <= 1.0
}

impl FloatShape {
    fn contains(&self, r: &Rect, inset: f32, p: Vec2) -> bool {
        match self.kind {
            0 => in_rect(r, inset, p),
            1 => in_rounded(r, self.radius, inset, p),
            _ => in_ellipse(r, inset, p),
        }
    }
}

impl Draw for FloatShape {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        canvas.paint(content, |p| {
            if !self.contains(&content, 0.0, p) {
                None
            } else if self.stroke > 0.0 && !self.contains(&content, self.stroke, p) {
                Some((STROKE, 255))
            } else {
                Some((FILL, 255))
            }
        });
    }

    fn appearance(&self) -> u32 {
        Fingerprint::new()
            .word(u32::from(self.kind))
            .float(self.radius)
            .float(self.stroke)
            .finish()
    }
}

#[component(draw)]
impl Hooks for FloatShape {}

world! {
    /// The built-in shape and its `f32` reference.
    type W = World {
        nodes: 4,
        components: Scene {
            sprig::render::Shape: 4,
            FloatShape: 4,
        },
    };
}

const SIZE: u32 = 48;

/// One shape at `(x, y)` with the given size, angle and scale, drawn by the built-in
/// `Shape` (`reference = false`) or by `FloatShape`.
#[derive(Clone, Copy, Debug)]
struct Case {
    kind: u8,
    size: (f32, f32),
    radius: f32,
    stroke: f32,
    at: (f32, f32),
    angle: f32,
    scale: (f32, f32),
}

fn render(case: &Case, reference: bool) -> (Framebuffer<Rgb888>, W) {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "shape").unwrap();
    w.set_content_size(n, Size2::new(case.size.0, case.size.1))
        .unwrap();
    w.set_position(n, Vec2::new(case.at.0, case.at.1)).unwrap();
    w.set_angle_degrees(n, case.angle).unwrap();
    w.set_scale(n, Vec2::new(case.scale.0, case.scale.1))
        .unwrap();
    if reference {
        w.add_component(
            n,
            FloatShape {
                kind: case.kind,
                radius: case.radius,
                stroke: case.stroke,
            },
        )
        .unwrap();
    } else {
        let shape = match case.kind {
            0 => Shape::rectangle(),
            1 => Shape::rounded_rectangle(case.radius),
            _ => Shape::ellipse(),
        }
        .with_fill(FILL)
        // The hard-edged sampler is what is compared with `f32` sampling.
        .with_antialias(false);
        let shape = if case.stroke > 0.0 {
            shape.with_stroke(STROKE, case.stroke)
        } else {
            shape
        };
        w.add_component(n, shape).unwrap();
    }
    let mut fb = Framebuffer::new(SIZE, SIZE, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 4, 256> =
        Renderer::new(Size::new(SIZE, SIZE), Rgb888::BLACK, BusCost::new(24, 11));
    r.render(&mut w, &mut fb).unwrap();
    (fb, w)
}

/// How far the pixel centre `(x, y)` is from changing the reference's verdict: the
/// verdicts of points a small step away in each direction (anchor space), compared.
fn near_an_outline(case: &Case, w: &mut W, x: u32, y: u32) -> bool {
    let reference = FloatShape {
        kind: case.kind,
        radius: case.radius,
        stroke: case.stroke,
    };
    let n = w.child_by_name(w.root(), "shape").unwrap().unwrap();
    let local = w
        .convert_to_node_space_ar(
            n,
            sprig::screen_to_world(Vec2::new(x as f32 + 0.5, y as f32 + 0.5), SIZE as f32),
        )
        .unwrap();
    let content = Rect::new(
        -case.size.0 / 2.0,
        -case.size.1 / 2.0,
        case.size.0,
        case.size.1,
    );
    let verdict = |p: Vec2| {
        (
            reference.contains(&content, 0.0, p),
            reference.stroke > 0.0 && reference.contains(&content, reference.stroke, p),
        )
    };
    let here = verdict(local);
    let eps = 2.0e-3;
    [(eps, 0.0), (-eps, 0.0), (0.0, eps), (0.0, -eps)]
        .iter()
        .any(|&(dx, dy)| verdict(Vec2::new(local.x + dx, local.y + dy)) != here)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fixed_point_shapes_match_f32_sampling_away_from_outlines(
        kind in 0u8..3,
        w in 2.0f32..30.0,
        h in 2.0f32..30.0,
        radius in 0.0f32..10.0,
        stroke in prop_oneof![Just(0.0f32), 0.5f32..4.0],
        x in 8.0f32..40.0,
        y in 8.0f32..40.0,
        angle in prop_oneof![Just(0.0f32), Just(90.0f32), -360.0f32..360.0],
        sx in 0.3f32..2.5,
        sy in 0.3f32..2.5,
    ) {
        let case = Case { kind, size: (w, h), radius, stroke, at: (x, y), angle, scale: (sx, sy) };
        let (fixed, _) = render(&case, false);
        let (float, mut world) = render(&case, true);
        for py in 0..SIZE {
            for px in 0..SIZE {
                if fixed.get(px, py) != float.get(px, py) {
                    prop_assert!(
                        near_an_outline(&case, &mut world, px, py),
                        "pixel ({px}, {py}) differs away from any outline: {case:?}"
                    );
                }
            }
        }
    }
}

fn p(x: f32, y: f32) -> FxPoint {
    FxPoint { x: fx(x), y: fx(y) }
}

#[test]
fn a_circle_holds_exactly_the_points_within_its_radius() {
    // Diameter 12 centred on (6, 6): a point is in when dx² + dy² ≤ 36, exactly.
    let circle = FxEllipse::new(FxRect::of(&Rect::new(0.0, 0.0, 12.0, 12.0))).unwrap();
    for i in 0..=48 {
        for j in 0..=48 {
            let (x, y) = (i as f32 / 4.0, j as f32 / 4.0);
            let (dx, dy) = (x - 6.0, y - 6.0);
            assert_eq!(
                circle.contains(p(x, y)),
                dx * dx + dy * dy <= 36.0,
                "({x}, {y})"
            );
        }
    }
    assert!(FxEllipse::new(FxRect::of(&Rect::new(0.0, 0.0, 0.0, 5.0))).is_none());
}

#[test]
fn rounded_corners_cut_exactly_at_the_radius() {
    let r = FxRounded::new(FxRect::of(&Rect::new(0.0, 0.0, 10.0, 6.0)), fx(2.0));
    // The corner's centre is (2, 2); (2 − √2, 2 − √2) is on the arc.
    assert!(r.contains(p(2.0, 0.0)) && r.contains(p(0.0, 2.0)));
    assert!(!r.contains(p(0.5, 0.5)));
    assert!(r.contains(p(0.6, 0.6)));
    assert!(r.contains(p(5.0, 0.0)), "straight edges are whole");
    assert!(!r.contains(p(10.0, 3.0)), "right edge out");
    // A radius larger than half the shorter side is half of it: a stadium.
    let stadium = FxRounded::new(FxRect::of(&Rect::new(0.0, 0.0, 10.0, 6.0)), fx(50.0));
    assert!(stadium.contains(p(3.0, 0.0)) && !stadium.contains(p(0.5, 0.5)));
}

#[test]
fn rectangles_are_half_open_and_insets_shrink_them() {
    let r = FxRect::of(&Rect::new(-1.0, -1.0, 2.0, 2.0));
    assert!(r.contains(p(-1.0, -1.0)));
    assert!(!r.contains(p(1.0, 0.0)) && !r.contains(p(0.0, 1.0)));
    let inner = r.inset(FX_ONE / 2);
    assert!(!inner.contains(p(-0.75, 0.0)) && inner.contains(p(-0.5, 0.0)));
    assert!(r.inset(fx(5.0)).width() < 0 && !r.inset(fx(5.0)).contains(p(0.0, 0.0)));
}

#[test]
fn extreme_public_values_do_not_overflow() {
    let all = FxRect {
        x0: i64::MIN,
        y0: i64::MIN,
        x1: i64::MAX,
        y1: i64::MAX,
    };
    let r = FxRounded::new(all, i64::MAX);
    for q in [i64::MIN, -1, 0, i64::MAX - 1] {
        let _ = r.contains(FxPoint { x: q, y: q });
    }
    let e = FxEllipse::new(all).unwrap();
    assert!(e.contains(FxPoint { x: 0, y: 0 }));
    assert!(!e.contains(FxPoint {
        x: i64::MAX - 1,
        y: i64::MAX - 1
    }));
}
