//! A `Shape::arc` whose sweep changes from the same start (a gauge moving) repaints only
//! the band between its old and new end, caps included (`Draw::changed_area`); every
//! frame equals a full redraw, anti-aliased or not, turned or not, sweeping either way
//! and past a whole turn. A new start, or a new look, repaints the arc whole.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::BusCost;
use sprig::render::{Cap, Geometry, Renderer, Shape};
use sprig::{world, CompId, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    type W = World { nodes: 4, components: Scene { Shape: 2 } };
}

const SCREEN: Size = Size::new(48, 48);
type R = Renderer<Rgb888, 4, 4096>;

/// A gauge filling the screen: from 225° (bottom left), `sweep` degrees clockwise, 6
/// units wide, on a grey disc's node of its own below it.
fn scene(sweep: f32, cap: Cap, antialias: bool) -> (W, NodeId, CompId) {
    let mut w = W::new();
    let root = w.root();
    let back = w.create_child(root, "back").unwrap();
    w.set_content_size(back, Size2::new(30.0, 30.0)).unwrap();
    w.set_position(back, Vec2::new(24.0, 24.0)).unwrap();
    w.add_component(back, Shape::ellipse().with_fill(Rgb888::new(60, 60, 60)))
        .unwrap();
    let node = w.create_child(root, "gauge").unwrap();
    w.set_content_size(node, Size2::new(46.0, 46.0)).unwrap();
    w.set_position(node, Vec2::new(24.0, 24.0)).unwrap();
    let arc = Shape::arc(225.0, sweep, 6.0, cap)
        .with_fill(Rgb888::new(255, 140, 0))
        .with_antialias(antialias);
    let comp = w.add_component(node, arc).unwrap();
    (w, node, comp)
}

fn set_sweep(w: &mut W, comp: CompId, sweep: f32) {
    if let Geometry::Arc { sweep_degrees, .. } = &mut w.get_mut::<Shape>(comp).unwrap().geometry {
        *sweep_degrees = sweep;
    }
}

/// Renders a frame, checks it against a full redraw, and returns what it flushed.
fn frame(w: &mut W, renderer: &mut R, screen: &mut Framebuffer<Rgb888>) -> Vec<Rectangle> {
    renderer.render(w, screen).unwrap();
    let mut full = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    let mut fresh = R::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    fresh.render_full(w, &mut full).unwrap();
    let differing = (screen.pixels.iter())
        .zip(&full.pixels)
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "pixels that differ from a full redraw");
    renderer.flushed().to_vec()
}

fn area(rects: &[Rectangle]) -> u32 {
    rects.iter().map(|r| r.size.width * r.size.height).sum()
}

#[test]
fn a_new_sweep_repaints_the_band_between_the_ends() {
    for (cap, antialias) in [(Cap::Round, true), (Cap::Butt, true), (Cap::Round, false)] {
        let (mut w, _, gauge) = scene(90.0, cap, antialias);
        let mut renderer = R::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
        let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
        frame(&mut w, &mut renderer, &mut screen);
        // From 315° to 345°: up and to the left of the centre, a small box.
        set_sweep(&mut w, gauge, 120.0);
        let flushed = frame(&mut w, &mut renderer, &mut screen);
        assert!(!flushed.is_empty());
        for r in &flushed {
            let (right, bottom) = (
                r.top_left.x + r.size.width as i32,
                r.top_left.y + r.size.height as i32,
            );
            assert!(right <= 24 && bottom <= 24, "{r:?} ({cap:?}, {antialias})");
        }
        assert!(area(&flushed) < 46 * 46 / 4, "{flushed:?}");
        // The same sweep again: nothing.
        assert_eq!(frame(&mut w, &mut renderer, &mut screen), []);
    }
}

#[test]
fn every_sweep_gives_a_full_redraws_pixels() {
    for (cap, antialias) in [(Cap::Round, true), (Cap::Butt, false)] {
        for angle in [0.0, 30.0] {
            let (mut w, node, gauge) = scene(10.0, cap, antialias);
            w.set_angle_degrees(node, angle).unwrap();
            let mut renderer = R::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
            let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
            frame(&mut w, &mut renderer, &mut screen);
            for sweep in [
                40.0,
                39.5,
                -30.0,
                -200.0,
                359.0,
                360.0,
                500.0,
                270.0,
                0.0,
                f32::NAN,
                90.0,
                -361.0,
                45.0,
            ] {
                set_sweep(&mut w, gauge, sweep);
                frame(&mut w, &mut renderer, &mut screen);
            }
        }
    }
}

#[test]
fn a_new_start_or_look_repaints_the_arc_whole() {
    let (mut w, _, gauge) = scene(90.0, Cap::Round, true);
    let mut renderer = R::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut renderer, &mut screen);
    let whole = 46 * 46;
    if let Geometry::Arc { start_degrees, .. } = &mut w.get_mut::<Shape>(gauge).unwrap().geometry {
        *start_degrees = 200.0;
    }
    assert!(area(&frame(&mut w, &mut renderer, &mut screen)) >= whole);
    w.get_mut::<Shape>(gauge).unwrap().fill = Some(Rgb888::GREEN);
    assert!(area(&frame(&mut w, &mut renderer, &mut screen)) >= whole);
}

/// An end's edge is a ray from the centre: the band opposite the ends is whole for a
/// sweep just short of a turn, and empty for a sliver (the lines of the two ends, nearly
/// one, shaded it before).
#[test]
fn the_band_opposite_the_ends_is_whole_or_empty() {
    let orange = Rgb888::new(255, 140, 0);
    for (sweep, expected) in [(359.0, orange), (1.0, Rgb888::BLACK), (-359.0, orange)] {
        let (mut w, _, _) = scene(sweep, Cap::Round, true);
        let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
        R::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0))
            .render(&mut w, &mut screen)
            .unwrap();
        // 45° (up and right), 20 units out: the middle of the band, opposite 225°.
        for (x, y) in [(38, 10), (37, 11), (39, 9)] {
            assert_eq!(screen.get(x, y), expected, "({x}, {y}) at {sweep}°");
        }
    }
}
