//! Regressions from a review of the renderer: a renderer larger than its target, a
//! shape far larger than the screen, and polygon fingerprints that must count points.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Draw, Renderer, Shape};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    /// Shapes only.
    type W = World {
        nodes: 16,
        components: Scene {
            sprig::render::Shape: 16,
        },
    };
}

const BLACK: Rgb888 = Rgb888::BLACK;
const RED: Rgb888 = Rgb888::RED;
const GREEN: Rgb888 = Rgb888::GREEN;

fn node(w: &mut W, parent: NodeId, size: (f32, f32), at: (f32, f32)) -> NodeId {
    let n = w.create_child(parent, "n").unwrap();
    w.set_anchor(n, Vec2::new(0.0, 0.0)).unwrap();
    w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    n
}

/// A damage-tracked renderer with a small buffer (many tiles) and its display, checked
/// against a full redraw each frame.
struct Check {
    r: Renderer<Rgb888, 16, 7, 4>,
    fb: Framebuffer<Rgb888>,
    w: u32,
    h: u32,
}

impl Check {
    fn new(w: u32, h: u32) -> Self {
        Check {
            r: Renderer::new(Size::new(w, h), BLACK, BusCost::new(16, 11)),
            fb: Framebuffer::new(w, h, Rgb888::new(255, 0, 255)),
            w,
            h,
        }
    }

    #[track_caller]
    fn frame(&mut self, world: &mut W) {
        self.r.render(world, &mut self.fb).unwrap();
        let mut full = Framebuffer::new(self.w, self.h, Rgb888::new(0, 255, 255));
        let mut reference: Renderer<Rgb888, 16, 4096, 4> =
            Renderer::new(Size::new(self.w, self.h), BLACK, BusCost::new(16, 11));
        reference.render_full(world, &mut full).unwrap();
        let diffs: Vec<(u32, u32)> = (0..self.w * self.h)
            .filter(|&i| self.fb.pixels[i as usize] != full.pixels[i as usize])
            .map(|i| (i % self.w, i / self.w))
            .collect();
        assert!(
            diffs.is_empty(),
            "damage-tracked frame differs from a full redraw at {} pixels, first {:?}",
            diffs.len(),
            &diffs[..diffs.len().min(8)]
        );
        assert_eq!(self.fb.out_of_bounds, 0);
    }
}

// ---------------- findings ----------------

/// renderer.rs `redraw`: a damaged rectangle entirely outside a target smaller than the
/// renderer's screen intersects to an empty rectangle, `tile_width` is 0 and
/// `BUF / tile_width` divides by zero.
#[test]
fn damage_outside_a_smaller_target_does_not_panic() {
    let mut w = W::new();
    let root = w.root();
    let a = node(&mut w, root, (4.0, 4.0), (20.0, 3.0));
    w.add_component(a, Shape::rectangle().with_fill(RED))
        .unwrap();
    // A 32 × 16 renderer on a 16 × 16 display (allowed: "never draw outside the target").
    let mut fb = Framebuffer::new(16, 16, BLACK);
    let mut r: Renderer<Rgb888, 16, 64> =
        Renderer::new(Size::new(32, 16), BLACK, BusCost::new(16, 11));
    r.render(&mut w, &mut fb).unwrap();
    // The box moves, still right of the display: its damage lies outside the target.
    w.set_position(a, Vec2::new(24.0, 3.0)).unwrap();
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.out_of_bounds, 0);
}

/// canvas.rs `Canvas::paint`: the painted area is made with `Rectangle::with_corners`
/// from corners cast (saturating) to `i32`; for a node wider than 2³¹ pixels on screen
/// the corners are `i32::MIN`/`i32::MAX` and `with_corners` overflows (debug panic; in
/// release the width wraps and nothing is painted). The renderer's own bounds clamp to
/// ±1e6, `paint` does not.
#[test]
fn a_huge_shape_fills_the_screen() {
    let mut w = W::new();
    let root = w.root();
    let a = node(&mut w, root, (5.0e9, 4.0), (-2.5e9, 0.0));
    w.add_component(a, Shape::rectangle().with_fill(RED))
        .unwrap();
    let mut fb = Framebuffer::new(8, 8, BLACK);
    let mut r: Renderer<Rgb888, 16, 64> =
        Renderer::new(Size::new(8, 8), BLACK, BusCost::new(16, 11));
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.get(3, 7), RED);
}

/// shape.rs `Shape::appearance`: polygon points are hashed without their count, so the
/// words of an extra point can stand in for the fill/stroke words that follow: a red
/// square with a zero-width (invisible) green stroke and a green square with one more
/// (near-zero) corner and no stroke hash alike; with equal bounds, the change is never
/// redrawn.
#[test]
fn polygon_appearance_frames_its_points() {
    let square = [
        Vec2::new(0.0, 0.0),
        Vec2::new(8.0, 0.0),
        Vec2::new(8.0, 6.0),
        Vec2::new(0.0, 6.0),
    ];
    let before = Shape::polygon(&square)
        .with_fill(RED)
        .with_stroke(GREEN, 0.0);
    let mut more = square.to_vec();
    // The words `1` and RED's 0x00ff0000 as floats: a point a hair off (0, 0).
    more.push(Vec2::new(f32::from_bits(1), f32::from_bits(0x00ff_0000)));
    let after = Shape::polygon(&more).with_fill(GREEN);
    let (fa, fb) = (before.appearance(), after.appearance());
    let mut w = W::new();
    let root = w.root();
    let a = node(&mut w, root, (8.0, 6.0), (4.0, 2.0));
    let s = w.add_component(a, before).unwrap();
    let mut k = Check::new(16, 12);
    k.frame(&mut w);
    *w.get_mut::<Shape>(s).unwrap() = after;
    k.frame(&mut w);
    assert_ne!(fa, fb, "different looks hash alike");
}
