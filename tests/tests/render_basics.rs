//! The renderer draws shapes where their nodes are, in draw order, and a still frame
//! draws and flushes nothing.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{world, Size2, Vec2};
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

type R = Renderer<Rgb888, 16, 256>;

const RED: Rgb888 = Rgb888::RED;
const BLUE: Rgb888 = Rgb888::BLUE;
const BLACK: Rgb888 = Rgb888::BLACK;

/// A 10×6 box whose bottom-left corner is at world (x, y).
fn boxed(w: &mut W, name: &str, x: f32, y: f32, color: Rgb888) -> sprig::NodeId {
    let root = w.root();
    let n = w.create_child(root, name).unwrap();
    w.set_anchor(n, Vec2::ZERO).unwrap();
    w.set_content_size(n, Size2::new(10.0, 6.0)).unwrap();
    w.set_position(n, Vec2::new(x, y)).unwrap();
    w.add_component(n, Shape::rectangle().with_fill(color))
        .unwrap();
    n
}

#[test]
fn a_rectangle_lands_where_its_node_is() {
    let mut w = W::new();
    boxed(&mut w, "a", 2.0, 3.0, RED);
    let mut fb = Framebuffer::new(32, 16, BLACK);
    let mut r = R::new(Size::new(32, 16), BLACK, BusCost::new(24, 0));
    r.render(&mut w, &mut fb).unwrap();
    // World y 3..9 is screen rows 16-9=7 .. 16-3=13 (exclusive).
    for y in 0..16 {
        for x in 0..32 {
            let inside = (2..12).contains(&x) && (7..13).contains(&y);
            assert_eq!(fb.get(x, y), if inside { RED } else { BLACK }, "({x}, {y})");
        }
    }
    assert_eq!(fb.out_of_bounds, 0);
}

#[test]
fn later_siblings_draw_on_top_and_z_index_reorders() {
    let mut w = W::new();
    let a = boxed(&mut w, "a", 0.0, 0.0, RED);
    let _b = boxed(&mut w, "b", 5.0, 0.0, BLUE);
    let mut fb = Framebuffer::new(32, 16, BLACK);
    let mut r = R::new(Size::new(32, 16), BLACK, BusCost::new(24, 0));
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.get(7, 12), BLUE, "b drawn after a");
    w.set_z_index(a, 1).unwrap();
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.get(7, 12), RED, "a now above b");
}

#[test]
fn a_still_frame_draws_and_flushes_nothing() {
    let mut w = W::new();
    let a = boxed(&mut w, "a", 2.0, 3.0, RED);
    let mut fb = Framebuffer::new(32, 16, BLACK);
    let mut r = R::new(Size::new(32, 16), BLACK, BusCost::new(24, 11));
    let first = r.render(&mut w, &mut fb).unwrap();
    assert_eq!(first.pixels_flushed, 32 * 16);
    fb.writes.clear();
    let still = r.render(&mut w, &mut fb).unwrap();
    assert_eq!((still.rects, still.pixels_flushed, still.bytes), (0, 0, 0));
    assert!(fb.writes.is_empty());
    // Moving damages the old and the new place only.
    w.set_position(a, Vec2::new(4.0, 3.0)).unwrap();
    let moved = r.render(&mut w, &mut fb).unwrap();
    assert!(moved.pixels_flushed <= 12 * 6, "{moved:?}");
    assert_eq!(fb.get(2, 8), BLACK);
    assert_eq!(fb.get(13, 8), RED);
}

#[test]
fn deactivating_and_destroying_erase() {
    let mut w = W::new();
    let a = boxed(&mut w, "a", 2.0, 3.0, RED);
    let b = boxed(&mut w, "b", 20.0, 3.0, BLUE);
    let mut fb = Framebuffer::new(32, 16, BLACK);
    let mut r = R::new(Size::new(32, 16), BLACK, BusCost::new(24, 11));
    r.render(&mut w, &mut fb).unwrap();
    w.set_active(a, false).unwrap();
    w.destroy(b).unwrap();
    w.end_frame().unwrap();
    r.render(&mut w, &mut fb).unwrap();
    assert!(fb.pixels.iter().all(|&p| p == BLACK));
}

#[test]
fn a_renderer_larger_than_its_target_never_draws_outside_it() {
    let mut w = W::new();
    boxed(&mut w, "a", 20.0, 3.0, RED);
    let mut fb = Framebuffer::new(16, 16, BLACK);
    let mut r = R::new(Size::new(32, 16), BLACK, BusCost::new(24, 0));
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.out_of_bounds, 0);
    assert!(fb
        .writes
        .iter()
        .all(|w| w.top_left.x + w.size.width as i32 <= 16));
}
