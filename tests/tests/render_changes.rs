//! Change-driven damage: what changes tells the world when it changes, and the renderer
//! looks only at what was logged. A frame in which nothing changed examines no node and
//! draws nothing; a change examines only its node (or the nodes under it, for what a node
//! hands down); a change to the draw list itself lists every node again. Every frame
//! equals a full redraw, and the fingerprint walk (`Renderer::set_verify`) finds nothing
//! the log missed, except where a drawable changes behind the world's back, which it
//! counts and repairs.

use core::sync::atomic::{AtomicU32, Ordering};

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::BusCost;
use sprig::render::{Canvas, Draw, Fingerprint, FrameStats, RenderColor, Renderer, Shape};
use sprig::{
    component, world, AnyWorld, Comp, CompId, Ctx, HookResult, Hooks, NodeId, Size2, Vec2,
};
use sprig_tests::framebuffer::Framebuffer;

/// A square whose colour steps every `update`: a drawable changed through its own hook.
pub struct Blinker {
    step: u8,
}

impl Draw for Blinker {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        canvas.fill_rect(content, Rgb888::new(self.step, 0, 255 - self.step));
    }

    fn appearance(&self) -> u32 {
        Fingerprint::new().word(u32::from(self.step)).finish()
    }
}

#[component(draw)]
impl Hooks for Blinker {
    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _dt: f32) -> HookResult {
        self.step = self.step.wrapping_add(40);
        Ok(())
    }
}

/// The red a [`Sneaky`] draws: statics, which change its pixels without the world hearing
/// of it (what no component should do). One per test, as tests run at once.
static COUNTED_RED: AtomicU32 = AtomicU32::new(0);
static PANICKING_RED: AtomicU32 = AtomicU32::new(0);

/// A square whose colour comes from a static.
pub struct Sneaky(&'static AtomicU32);

impl Draw for Sneaky {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let red = self.0.load(Ordering::Relaxed) as u8;
        canvas.fill_rect(content, Rgb888::new(red, 0, 0));
    }

    fn appearance(&self) -> u32 {
        Fingerprint::new()
            .word(self.0.load(Ordering::Relaxed))
            .finish()
    }
}

#[component(draw)]
impl Hooks for Sneaky {}

world! {
    type W = World { nodes: 40, components: Scene { Shape: 40, Blinker: 2, Sneaky: 1 } };
}

const SCREEN: Size = Size::new(64, 48);
type R = Renderer<Rgb888, 40, 512>;

fn renderer() -> R {
    Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0))
}

/// A 4×4 square of `color` with its bottom-left corner at (x, y) (world, y up) under
/// `parent`.
fn square(w: &mut W, parent: NodeId, x: f32, y: f32, color: Rgb888) -> (NodeId, CompId) {
    let node = w.create_child(parent, "sq").unwrap();
    w.set_content_size(node, Size2::new(4.0, 4.0)).unwrap();
    w.set_anchor(node, Vec2::ZERO).unwrap();
    w.set_position(node, Vec2::new(x, y)).unwrap();
    let shape = w
        .add_component(node, Shape::rectangle().with_fill(color))
        .unwrap();
    (node, shape)
}

/// A grid of 6 × 4 squares, 8 px apart, under a group node; returns the group and the
/// squares' shapes in rows from the bottom.
fn grid(w: &mut W) -> (NodeId, Vec<(NodeId, CompId)>) {
    let root = w.root();
    let group = w.create_child(root, "grid").unwrap();
    let mut squares = Vec::new();
    for row in 0..4 {
        for col in 0..6 {
            let color = Rgb888::new(40 * col as u8, 60 * row as u8, 200);
            squares.push(square(w, group, 8.0 * col as f32, 8.0 * row as f32, color));
        }
    }
    (group, squares)
}

/// Renders a frame, checks it pixel for pixel against a full redraw by a fresh renderer,
/// and returns its statistics.
fn frame(w: &mut W, renderer: &mut R, screen: &mut Framebuffer<Rgb888>) -> FrameStats {
    let stats = renderer.render(w, screen).unwrap();
    let mut full = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    renderer_full(w, &mut full);
    let differing = (screen.pixels.iter())
        .zip(&full.pixels)
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "pixels that differ from a full redraw");
    stats
}

fn renderer_full(w: &mut W, full: &mut Framebuffer<Rgb888>) {
    let mut fresh = renderer();
    fresh.set_verify(false);
    fresh.render_full(w, full).unwrap();
}

fn rect(x: i32, y: i32, width: u32, height: u32) -> Rectangle {
    Rectangle::new(Point::new(x, y), Size::new(width, height))
}

#[test]
fn a_frame_in_which_nothing_changed_examines_nothing_and_draws_nothing() {
    let mut w = W::new();
    grid(&mut w);
    let mut r = renderer();
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    let first = frame(&mut w, &mut r, &mut screen);
    assert_eq!((first.nodes, first.examined), (24, 24));
    for _ in 0..3 {
        w.tick(1.0 / 60.0).unwrap();
        let still = frame(&mut w, &mut r, &mut screen);
        assert_eq!(
            (still.examined, still.rects, still.pixels_drawn, still.nodes),
            (0, 0, 0, 24)
        );
        assert!(r.flushed().is_empty());
    }
    // Setting a value to what it already is changes nothing either.
    let root = w.root();
    w.set_opacity(root, 255).unwrap();
    w.set_position(root, Vec2::ZERO).unwrap();
    let still = frame(&mut w, &mut r, &mut screen);
    assert_eq!((still.examined, still.pixels_drawn), (0, 0));
}

#[test]
fn one_changed_node_is_the_only_one_examined_and_redrawn() {
    let mut w = W::new();
    let (_, squares) = grid(&mut w);
    let mut r = renderer();
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut r, &mut screen);
    // A colour reached through `get_mut`: square 7 (row 1, column 1), at (8, 8) world,
    // rows 36..40 of the 48-row screen.
    w.get_mut::<Shape>(squares[7].1).unwrap().fill = Some(Rgb888::WHITE);
    let stats = frame(&mut w, &mut r, &mut screen);
    assert_eq!((stats.examined, stats.pixels_drawn), (1, 16));
    assert_eq!(r.flushed(), [rect(8, 36, 4, 4)]);
    // A move: its old and new places.
    w.set_position(squares[0].0, Vec2::new(0.0, 40.0)).unwrap();
    let stats = frame(&mut w, &mut r, &mut screen);
    assert_eq!(stats.examined, 1);
    assert_eq!(r.flushed(), [rect(0, 44, 4, 4), rect(0, 4, 4, 4)]);
    // Reached mutably but left as it was: examined, nothing drawn.
    let _ = w.get_mut::<Shape>(squares[3].1).unwrap();
    let stats = frame(&mut w, &mut r, &mut screen);
    assert_eq!((stats.examined, stats.pixels_drawn), (1, 0));
    assert_eq!(r.missed_invalidations(), 0);
}

#[test]
fn what_a_node_hands_down_examines_its_subtree() {
    let mut w = W::new();
    let (group, squares) = grid(&mut w);
    let root = w.root();
    let (lone, _) = square(&mut w, root, 56.0, 40.0, Rgb888::GREEN);
    let mut r = renderer();
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut r, &mut screen);
    // Opacity: every square under the group (the group itself draws nothing).
    w.set_opacity(group, 128).unwrap();
    let stats = frame(&mut w, &mut r, &mut screen);
    assert_eq!((stats.examined, stats.nodes), (24, 25));
    // A turn of the group: its subtree again, the lone square untouched.
    w.set_angle_degrees(group, 10.0).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 24);
    // One square's size and then its anchor.
    w.set_content_size(squares[5].0, Size2::new(6.0, 6.0))
        .unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 1);
    w.set_anchor(squares[5].0, Vec2::new(0.5, 0.5)).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 1);
    w.set_position(lone, Vec2::new(50.0, 40.0)).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 1);
    assert_eq!(r.missed_invalidations(), 0);
}

#[test]
fn a_hook_that_changes_its_own_drawable_redraws_it() {
    let mut w = W::new();
    grid(&mut w);
    let root = w.root();
    let node = w.create_child(root, "blinker").unwrap();
    w.set_content_size(node, Size2::new(6.0, 6.0)).unwrap();
    w.set_anchor(node, Vec2::ZERO).unwrap();
    w.set_position(node, Vec2::new(50.0, 40.0)).unwrap();
    w.add_component(node, Blinker { step: 0 }).unwrap();
    let mut r = renderer();
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut r, &mut screen);
    for _ in 0..4 {
        w.tick(1.0 / 60.0).unwrap();
        let stats = frame(&mut w, &mut r, &mut screen);
        assert_eq!((stats.examined, stats.pixels_drawn), (1, 36));
    }
}

#[test]
fn changes_to_the_draw_list_list_every_node_again() {
    let mut w = W::new();
    let (group, squares) = grid(&mut w);
    let mut r = renderer();
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut r, &mut screen);
    // Disabled, enabled, deactivated, reactivated, reordered, destroyed, added.
    w.set_enabled(squares[2].1, false).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 23);
    w.set_enabled(squares[2].1, true).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 24);
    w.set_active(squares[4].0, false).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 23);
    w.set_active(squares[4].0, true).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 24);
    w.set_sibling_index(squares[0].0, 5).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 24);
    w.destroy(squares[1].0).unwrap();
    w.tick(1.0 / 60.0).unwrap();
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 23);
    square(&mut w, group, 40.0, 40.0, Rgb888::CYAN);
    assert_eq!(frame(&mut w, &mut r, &mut screen).examined, 24);
    assert_eq!(r.missed_invalidations(), 0);
}

#[test]
fn two_renderers_of_one_world_both_see_every_change() {
    let mut w = W::new();
    let (_, squares) = grid(&mut w);
    let (mut a, mut b) = (renderer(), renderer());
    let mut screen_a = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    let mut screen_b = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut a, &mut screen_a);
    frame(&mut w, &mut b, &mut screen_b);
    for (k, &(_, shape)) in squares.iter().enumerate().take(6) {
        w.get_mut::<Shape>(shape).unwrap().fill = Some(Rgb888::new(k as u8 * 30, 255, 0));
        // `a` draws every change, `b` every other one: it missed a log `a` took and
        // compares every node instead.
        frame(&mut w, &mut a, &mut screen_a);
        if k % 2 == 1 {
            frame(&mut w, &mut b, &mut screen_b);
        }
    }
    assert_eq!(screen_a.pixels, screen_b.pixels);
}

#[test]
fn the_check_counts_and_repairs_a_change_the_world_did_not_hear_of() {
    let mut w = W::new();
    grid(&mut w);
    let root = w.root();
    let node = w.create_child(root, "sneaky").unwrap();
    w.set_content_size(node, Size2::new(4.0, 4.0)).unwrap();
    w.set_anchor(node, Vec2::ZERO).unwrap();
    w.set_position(node, Vec2::new(56.0, 0.0)).unwrap();
    w.add_component(node, Sneaky(&COUNTED_RED)).unwrap();
    let (_, other) = square(&mut w, root, 56.0, 40.0, Rgb888::GREEN);
    let mut r = renderer();
    r.set_verify(true);
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut r, &mut screen);
    // Something else changes (so the frame is not a still one), and the static too.
    COUNTED_RED.store(200, Ordering::Relaxed);
    w.get_mut::<Shape>(other).unwrap().fill = Some(Rgb888::YELLOW);
    frame(&mut w, &mut r, &mut screen);
    assert_eq!(r.missed_invalidations(), 1);
    assert_eq!(r.last_missed(), Some(node));
    assert_eq!(screen.get(57, 45), Rgb888::new(200, 0, 0));
}

#[test]
#[should_panic(expected = "check-damage")]
fn in_test_builds_a_missed_change_fails_the_test() {
    let mut w = W::new();
    let root = w.root();
    let node = w.create_child(root, "sneaky").unwrap();
    w.set_content_size(node, Size2::new(4.0, 4.0)).unwrap();
    w.add_component(node, Sneaky(&PANICKING_RED)).unwrap();
    let (_, other) = square(&mut w, root, 20.0, 20.0, Rgb888::GREEN);
    // The `check-damage` feature's default: check every frame, panic on a miss.
    let mut r = renderer();
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    r.render(&mut w, &mut screen).unwrap();
    PANICKING_RED.fetch_add(1, Ordering::Relaxed);
    w.get_mut::<Shape>(other).unwrap().fill = Some(Rgb888::YELLOW);
    let _ = r.render(&mut w, &mut screen);
}

/// Turns the shape it was given a handle to from blue to red in its first `update`,
/// through `ctx.comp_mut`, after reading it through `ctx.comp`.
pub struct Painter {
    target: Comp<Shape>,
    seen: Option<Rgb888>,
}

#[component]
impl Hooks for Painter {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt: f32) -> HookResult {
        if self.seen.is_none() {
            self.seen = ctx.comp(self.target)?.fill;
            ctx.comp_mut(self.target)?.fill = Some(Rgb888::RED);
        }
        Ok(())
    }
}

#[test]
fn a_hook_writes_through_a_typed_handle_and_the_renderer_redraws_it() {
    world! {
        type Painted = World { nodes: 4, components: PaintSet { Shape: 1, Painter: 1 } };
    }
    let mut w = Painted::new();
    let root = w.root();
    let node = w.create_child(root, "sq").unwrap();
    w.set_content_size(node, Size2::new(4.0, 4.0)).unwrap();
    w.set_anchor(node, Vec2::ZERO).unwrap();
    let target = Comp::new(
        w.add_component(node, Shape::rectangle().with_fill(Rgb888::BLUE))
            .unwrap(),
    );
    w.add_component(node, Painter { target, seen: None })
        .unwrap();
    let mut renderer: Renderer<Rgb888, 4, 512> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    renderer.render(&mut w, &mut screen).unwrap();
    let bottom_left = SCREEN.height - 1;
    assert_eq!(screen.get(0, bottom_left), Rgb888::BLUE);
    w.tick(0.1).unwrap();
    // Reached mutably through the handle: logged, so this frame repaints it (and the
    // verifying walk of `check-damage` finds nothing missed).
    let stats = renderer.render(&mut w, &mut screen).unwrap();
    assert_eq!(stats.pixels_drawn, 16);
    assert_eq!(screen.get(0, bottom_left), Rgb888::RED);
    assert_eq!(renderer.missed_invalidations(), 0);
    let painter = w.component_of::<Painter>(node).unwrap().unwrap();
    assert_eq!(w.get::<Painter>(painter).unwrap().seen, Some(Rgb888::BLUE));
}
