//! A damage-tracked render must be pixel-identical to a full redraw: random scenes, 200
//! frames of random changes, every frame compared with a full render into a second
//! buffer, for several colour types; and a renderer with a shadow of the screen, which
//! sends only the runs that changed, must leave its display equal to the full render.

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use proptest::prelude::*;
use sprig::render::damage::BusCost;
use sprig::render::{Gradient, RenderColor, Renderer, Shadow, Shape};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    /// Shapes only.
    type W = World {
        nodes: 24,
        components: Scene {
            sprig::render::Shape: 24,
        },
    };
}

const WIDTH: u32 = 48;
const NODES: usize = 12;
const HEIGHT: u32 = 32;

#[derive(Clone, Debug)]
enum Change {
    Move(usize, f32, f32),
    Turn(usize, f32),
    Scale(usize, f32, f32),
    Fade(usize, u8),
    Recolor(usize, u8),
    Z(usize, i32),
    GlobalZ(usize, i16),
    Toggle(usize),
    Reparent(usize, usize),
    Destroy(usize),
    Resize(usize, f32, f32),
    Still,
}

fn change() -> impl Strategy<Value = Change> {
    let n = 0..NODES;
    prop_oneof![
        3 => (n.clone(), -10.0f32..60.0, -10.0f32..40.0).prop_map(|(i, x, y)| Change::Move(i, x, y)),
        2 => (n.clone(), -180.0f32..180.0).prop_map(|(i, a)| Change::Turn(i, a)),
        1 => (n.clone(), 0.3f32..2.0, 0.3f32..2.0).prop_map(|(i, x, y)| Change::Scale(i, x, y)),
        1 => (n.clone(), any::<u8>()).prop_map(|(i, o)| Change::Fade(i, o)),
        1 => (n.clone(), any::<u8>()).prop_map(|(i, c)| Change::Recolor(i, c)),
        1 => (n.clone(), -3..3i32).prop_map(|(i, z)| Change::Z(i, z)),
        1 => (n.clone(), -2..3i16).prop_map(|(i, z)| Change::GlobalZ(i, z)),
        1 => n.clone().prop_map(Change::Toggle),
        1 => (n.clone(), n.clone()).prop_map(|(i, p)| Change::Reparent(i, p)),
        1 => n.clone().prop_map(Change::Destroy),
        1 => (n, 1.0f32..20.0, 1.0f32..20.0).prop_map(|(i, w, h)| Change::Resize(i, w, h)),
        2 => Just(Change::Still),
    ]
}

fn palette(k: u8) -> Rgb888 {
    Rgb888::new(k.wrapping_mul(37), k.wrapping_mul(91), k.wrapping_mul(53))
}

fn shape(k: usize) -> Shape {
    let color = palette(k as u8);
    match k % NODES {
        0 => Shape::rectangle().with_fill(color),
        // Gradients and shadows: the shadow reaches past the node's content box.
        10 => Shape::rounded_rectangle(3.0)
            .with_gradient(leak(Gradient::linear(
                35.0,
                [(0.0, color), (0.4, palette(7)), (1.0, palette(2))],
            )))
            .with_stroke(palette(5), 1.0)
            .with_shadow(leak(Shadow::new(
                Vec2::new(3.0, -2.5),
                5.0,
                palette(9),
                170,
            )))
            .with_antialias(true),
        11 => Shape::rectangle()
            .with_gradient(leak(Gradient::linear(
                0.0,
                [(0.0, color), (1.0, palette(4))],
            )))
            .with_shadow(leak(Shadow::new(
                Vec2::new(-4.0, 2.0),
                0.0,
                palette(6),
                255,
            )))
            .with_antialias(false),
        // Hard-edged (pixel art).
        1 => Shape::ellipse()
            .with_fill(color)
            .with_stroke(palette(k as u8 + 1), 1.5)
            .with_antialias(false),
        2 => Shape::rounded_rectangle(3.0)
            .with_stroke(color, 2.0)
            .with_antialias(false),
        3 => Shape::line(Vec2::new(0.0, 0.0), Vec2::new(12.0, 7.0))
            .with_stroke(color, 1.5)
            .with_antialias(false),
        4 => Shape::polygon(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 2.0),
            Vec2::new(4.0, 9.0),
        ])
        .with_fill(color)
        .with_antialias(false),
        6 => Shape::arc(200.0, 250.0, 3.0, sprig::render::Cap::Round)
            .with_fill(color)
            .with_antialias(true),
        // Anti-aliased: their edge pixels reach half a pixel out of the outline.
        7 => Shape::ellipse()
            .with_fill(color)
            .with_stroke(palette(k as u8 + 1), 1.5)
            .with_antialias(true),
        8 => Shape::rounded_rectangle(3.0)
            .with_stroke(color, 2.0)
            .with_antialias(true),
        5 => Shape::line_with_cap(
            Vec2::new(1.0, 1.0),
            Vec2::new(11.0, 6.0),
            sprig::render::Cap::Butt,
        )
        .with_stroke(color, 2.5)
        .with_antialias(true),
        9 => Shape::polygon(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(10.0, 1.5),
            Vec2::new(6.0, 8.0),
            Vec2::new(1.0, 6.0),
        ])
        .with_fill(color)
        .with_stroke(palette(3), 1.25)
        .with_antialias(true),
        // Ellipse with a vertical gradient, hard-edged.
        _ => Shape::ellipse()
            .with_gradient(leak(Gradient::linear(
                90.0,
                [(0.0, color), (1.0, palette(1))],
            )))
            .with_antialias(false),
    }
}

fn build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    (0..NODES)
        .map(|k| {
            let n = w.create_child(root, "n").unwrap();
            w.set_content_size(n, Size2::new(8.0 + k as f32, 6.0 + (k % 4) as f32))
                .unwrap();
            w.set_position(n, Vec2::new(4.0 * k as f32, 3.0 * k as f32))
                .unwrap();
            w.add_component(n, shape(k)).unwrap();
            n
        })
        .collect()
}

fn apply(w: &mut W, nodes: &[NodeId], c: &Change) {
    let live = |i: usize| Some(nodes[i]).filter(|&n| w.is_valid(n));
    match *c {
        Change::Move(i, x, y) => {
            if let Some(n) = live(i) {
                w.set_position(n, Vec2::new(x, y)).unwrap();
            }
        }
        Change::Turn(i, a) => {
            if let Some(n) = live(i) {
                w.set_angle_degrees(n, a).unwrap();
            }
        }
        Change::Scale(i, x, y) => {
            if let Some(n) = live(i) {
                w.set_scale(n, Vec2::new(x, y)).unwrap();
            }
        }
        Change::Fade(i, o) => {
            if let Some(n) = live(i) {
                w.set_opacity(n, o).unwrap();
            }
        }
        Change::Recolor(i, k) => {
            if let Some(n) = live(i) {
                if let Some(c) = w.component_of::<Shape>(n).unwrap() {
                    let shape = w.get_mut::<Shape>(c).unwrap();
                    shape.fill = Some(palette(k));
                    // A shadow changes its reach, a gradient its angle.
                    // (They are shared statics: a change is a new one.)
                    if let Some(&s) = shape.shadow {
                        shape.shadow = Some(leak(Shadow {
                            blur: f32::from(k % 9),
                            offset: Vec2::new(f32::from(k % 7) - 3.0, f32::from(k % 5) - 2.0),
                            ..s
                        }));
                    }
                    if let Some(&g) = shape.gradient {
                        let mut turned = g;
                        turned.angle_degrees = f32::from(k) * 1.5;
                        shape.gradient = Some(leak(turned));
                    }
                }
            }
        }
        Change::Z(i, z) => {
            if let Some(n) = live(i) {
                w.set_z_index(n, z).unwrap();
            }
        }
        Change::GlobalZ(i, z) => {
            if let Some(n) = live(i) {
                w.set_global_z_order(n, z).unwrap();
            }
        }
        Change::Toggle(i) => {
            if let Some(n) = live(i) {
                let on = w.active(n).unwrap();
                let _ = w.set_active(n, !on);
            }
        }
        Change::Reparent(i, p) => {
            if let (Some(n), Some(p)) = (live(i), live(p)) {
                let _ = w.set_parent(n, Some(p));
            }
        }
        Change::Destroy(i) => {
            if let Some(n) = live(i) {
                w.destroy(n).unwrap();
            }
        }
        Change::Resize(i, x, y) => {
            if let Some(n) = live(i) {
                w.set_content_size(n, Size2::new(x, y)).unwrap();
            }
        }
        Change::Still => {}
    }
}

fn run<C: RenderColor + core::fmt::Debug>(frames: &[Vec<Change>]) -> Result<(), TestCaseError> {
    let size = Size::new(WIDTH, HEIGHT);
    let background = Rgb888::new(10, 20, 30);
    let mut w = W::new();
    let nodes = build(&mut w);
    let mut partial = Framebuffer::new(WIDTH, HEIGHT, C::from_rgb888(Rgb888::new(255, 0, 255)));
    let mut tracked: Renderer<C, 24, 96, 4> = Renderer::new(size, background, BusCost::new(16, 11));
    let mut reference: Renderer<C, 24, 96, 4> =
        Renderer::new(size, background, BusCost::new(16, 11));
    // With a shadow of the screen only changed runs reach the display.
    let mut shadowed: Renderer<C, 24, 96, 4, { (WIDTH * HEIGHT) as usize }> =
        Renderer::new(size, background, BusCost::new(16, 11));
    let mut sparse = Framebuffer::new(WIDTH, HEIGHT, C::from_rgb888(Rgb888::new(0, 0, 255)));
    for (f, changes) in frames.iter().enumerate() {
        for c in changes {
            apply(&mut w, &nodes, c);
        }
        w.tick(0.02).unwrap();
        tracked.render(&mut w, &mut partial).unwrap();
        shadowed.render(&mut w, &mut sparse).unwrap();
        let mut full = Framebuffer::new(WIDTH, HEIGHT, C::from_rgb888(Rgb888::new(0, 255, 0)));
        reference.render_full(&mut w, &mut full).unwrap();
        prop_assert_eq!(partial.out_of_bounds, 0);
        prop_assert_eq!(sparse.out_of_bounds, 0);
        if sparse.pixels != full.pixels {
            let diffs: Vec<(u32, u32)> = (0..WIDTH * HEIGHT)
                .filter(|&i| sparse.pixels[i as usize] != full.pixels[i as usize])
                .map(|i| (i % WIDTH, i / WIDTH))
                .collect();
            return Err(TestCaseError::fail(format!(
                "frame {f}: the shadowed target differs at {} pixels, first {:?}; sent {:?}",
                diffs.len(),
                &diffs[..diffs.len().min(8)],
                shadowed.flushed()
            )));
        }
        if partial.pixels != full.pixels {
            let bad = partial
                .pixels
                .iter()
                .zip(&full.pixels)
                .position(|(a, b)| a != b)
                .unwrap_or(0) as u32;
            return Err(TestCaseError::fail(format!(
                "frame {f}: first differing pixel ({}, {}) after {changes:?}",
                bad % WIDTH,
                bad / WIDTH
            )));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn damage_tracked_frames_match_full_redraws(
        frames in proptest::collection::vec(proptest::collection::vec(change(), 0..3), 200),
    ) {
        run::<Rgb565>(&frames)?;
        run::<Gray4>(&frames)?;
        run::<BinaryColor>(&frames)?;
    }
}

/// A value made at run time, as the `&'static` a shape takes gradients and shadows by
/// (an app writes them as statics; a test or bench makes them from its parameters).
fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}

/// Found by the test above (CI's seed): a rounded rectangle with a gradient and a
/// stroke, squeezed to 0.64 × 0.3 in the screen's corner. A partial redraw's clip sent
/// a row's pixels down the per-pixel path, which did not dither the gradient, where a
/// full frame's spans did: two pixels differed by one level of green.
#[test]
fn a_squeezed_gradient_under_a_stroke_redraws_as_a_full_frame_does() {
    let mut frames = vec![Vec::new(); 4];
    frames[1] = vec![Change::Scale(10, 0.3, 1.7731076)];
    frames[2] = vec![Change::Move(10, 0.0, 0.0)];
    frames[3] = vec![Change::Scale(10, 0.640693, 0.3)];
    for result in [
        run::<Rgb565>(&frames),
        run::<Gray4>(&frames),
        run::<BinaryColor>(&frames),
    ] {
        if let Err(e) = result {
            panic!("{e}");
        }
    }
}
