//! `Draw::damage_key` and `Draw::changed_area`: when only a drawable's key changes, the
//! renderer redraws the area the drawable names instead of its whole bounds; anything
//! else (its appearance, its node, a second drawable on the node) redraws the whole
//! bounds as before. Every frame equals a full redraw.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::BusCost;
use sprig::render::{Canvas, Draw, Fingerprint, ProgressBar, RenderColor, Renderer, Shape};
use sprig::{component, world, CompId, Hooks, NodeId, Rect, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// A bar filled from its left edge to `filled` (0 to 1) of its width: the fill is the
/// damage key, and a new fill repaints only the columns between the old and new ends.
pub struct Bar {
    filled: f32,
    color: Rgb888,
    /// Whether to name a changed area (false: the default, whole redraws).
    narrow: bool,
}

impl Draw for Bar {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let filled = Rect::new(
            content.x,
            content.y,
            content.width * self.filled,
            content.height,
        );
        canvas.fill_rect(filled, self.color);
    }

    fn appearance(&self) -> u32 {
        Fingerprint::new().color(self.color).finish()
    }

    fn damage_key(&self) -> u64 {
        u64::from(self.filled.to_bits())
    }

    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        if !self.narrow {
            return None;
        }
        let previous = f32::from_bits(u32::try_from(previous_key).ok()?);
        let (a, b) = (previous.min(self.filled), previous.max(self.filled));
        Some(Rect::new(
            content.x + content.width * a,
            content.y,
            content.width * (b - a),
            content.height,
        ))
    }
}

#[component(draw)]
impl Hooks for Bar {}

world! {
    type W = World { nodes: 4, components: Scene { Bar: 2, Shape: 2, ProgressBar: 2 } };
}

const SCREEN: Size = Size::new(64, 16);

/// A 40×8 bar at (10, 4) on the screen (y down), filled to a quarter.
fn scene(narrow: bool) -> (W, NodeId, CompId) {
    let mut w = W::new();
    let root = w.root();
    let node = w.create_child(root, "bar").unwrap();
    w.set_content_size(node, Size2::new(40.0, 8.0)).unwrap();
    w.set_anchor(node, Vec2::new(0.0, 0.0)).unwrap();
    w.set_position(node, Vec2::new(10.0, 4.0)).unwrap();
    let bar = w
        .add_component(
            node,
            Bar {
                filled: 0.25,
                color: Rgb888::RED,
                narrow,
            },
        )
        .unwrap();
    (w, node, bar)
}

/// Renders a frame with `renderer`, checks it against a full redraw, and returns the
/// rectangles it flushed.
fn frame(
    w: &mut W,
    renderer: &mut Renderer<Rgb888, 4, 1024>,
    screen: &mut Framebuffer<Rgb888>,
) -> Vec<Rectangle> {
    screen.writes.clear();
    renderer.render(w, screen).unwrap();
    let mut full = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    let mut fresh: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    fresh.render_full(w, &mut full).unwrap();
    let differing = (screen.pixels.iter())
        .zip(&full.pixels)
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "pixels that differ from a full redraw");
    renderer.flushed().to_vec()
}

fn rect(x: i32, y: i32, width: u32, height: u32) -> Rectangle {
    Rectangle::new(Point::new(x, y), Size::new(width, height))
}

#[test]
fn a_new_key_redraws_only_the_area_the_drawable_names() {
    let (mut w, _, bar) = scene(true);
    let mut renderer: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(0, 0, 64, 16)]
    );
    // From a quarter to a half: columns 10 + 10 to 10 + 20 of the bar's rows.
    w.get_mut::<Bar>(bar).unwrap().filled = 0.5;
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(20, 4, 10, 8)]
    );
    // Back to 0.45: the two columns given back.
    w.get_mut::<Bar>(bar).unwrap().filled = 0.45;
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(28, 4, 2, 8)]
    );
    // The same key again: nothing.
    assert_eq!(frame(&mut w, &mut renderer, &mut screen), []);
}

#[test]
fn without_a_changed_area_the_whole_drawable_is_redrawn() {
    let (mut w, _, bar) = scene(false);
    let mut renderer: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut renderer, &mut screen);
    w.get_mut::<Bar>(bar).unwrap().filled = 0.5;
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(10, 4, 40, 8)]
    );
}

#[test]
fn a_new_appearance_or_a_second_drawable_redraws_the_whole_bounds() {
    let (mut w, node, bar) = scene(true);
    let mut renderer: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut renderer, &mut screen);
    // A new colour and a new fill together: the appearance changed, all of it redraws.
    let b = w.get_mut::<Bar>(bar).unwrap();
    b.filled = 0.5;
    b.color = Rgb888::GREEN;
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(10, 4, 40, 8)]
    );
    // With a shape on the same node the bar is not the node's only drawable: its area
    // cannot speak for the node.
    w.add_component(node, Shape::rectangle().with_stroke(Rgb888::BLUE, 1.0))
        .unwrap();
    frame(&mut w, &mut renderer, &mut screen);
    w.get_mut::<Bar>(bar).unwrap().filled = 0.75;
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(10, 4, 40, 8)]
    );
}

#[test]
fn two_drawables_whose_keys_change_together_are_redrawn() {
    // Two bars on one node, the second drawn over the first: their keys change in the
    // same frame by bit patterns that a rotate-and-xor of the two keys would cancel
    // (the first's bit 4, the second's bit 21), so a combined key alone would not see
    // the change. The frame must still equal a full redraw: the second bar's end moves
    // from column 20 to 25 of the node.
    let (mut w, node, first) = scene(true);
    w.get_mut::<Bar>(first).unwrap().filled = 0.5;
    let second = w
        .add_component(
            node,
            Bar {
                filled: 0.5,
                color: Rgb888::GREEN,
                narrow: true,
            },
        )
        .unwrap();
    let mut renderer: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut renderer, &mut screen);
    let (a, b) = (0.5f32.to_bits() ^ 1 << 4, 0.5f32.to_bits() ^ 1 << 21);
    assert_eq!(f32::from_bits(b), 0.625);
    w.get_mut::<Bar>(first).unwrap().filled = f32::from_bits(a);
    w.get_mut::<Bar>(second).unwrap().filled = f32::from_bits(b);
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(10, 4, 40, 8)]
    );
}

#[test]
fn a_progress_bar_redraws_the_columns_between_its_old_and_new_value() {
    let mut w = W::new();
    let root = w.root();
    let node = w.create_child(root, "bar").unwrap();
    w.set_content_size(node, Size2::new(40.0, 8.0)).unwrap();
    w.set_anchor(node, Vec2::new(0.0, 0.0)).unwrap();
    w.set_position(node, Vec2::new(10.0, 4.0)).unwrap();
    let progress = w
        .add_component(
            node,
            ProgressBar::new(Rgb888::new(40, 40, 40), Rgb888::GREEN)
                .with_value(0.25)
                .with_border(Rgb888::WHITE),
        )
        .unwrap();
    let mut renderer: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut renderer, &mut screen);
    // 0.25 to 0.5 of 40 units: columns 20..30, a unit more on each side.
    w.get_mut::<ProgressBar>(progress).unwrap().value = 0.5;
    assert_eq!(
        frame(&mut w, &mut renderer, &mut screen),
        [rect(19, 4, 12, 8)]
    );
    // Past the end and back: the same pixels as a full redraw every time.
    for value in [2.0, 1.0, f32::NAN, 0.1, 0.11, -3.0] {
        w.get_mut::<ProgressBar>(progress).unwrap().value = value;
        frame(&mut w, &mut renderer, &mut screen);
    }
    // Turned a little: the strip follows the node's transform.
    w.set_angle_degrees(node, 7.0).unwrap();
    frame(&mut w, &mut renderer, &mut screen);
    for value in [0.3, 0.35, 0.9, 0.2] {
        w.get_mut::<ProgressBar>(progress).unwrap().value = value;
        frame(&mut w, &mut renderer, &mut screen);
    }
}
