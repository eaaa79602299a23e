//! The slider: a touch on the track sets the value from its position and drags it
//! (clamped), a touch on the handle drags without a jump, arrow keys step it while it
//! holds the focus (and are taken even at the ends, the other axis bubbling on), a
//! vertical slider runs bottom to top, `SliderMoved` is sent on each change only, and
//! golden frames at 0, 0.5 and 1.
//!
//! The golden frames are text files under `ui/tests/golden/` (one character per pixel,
//! with the colours' legend at the top; see `golden/mod.rs`). Regenerate them with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`, then read the changed ones before committing.

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::Shape;
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Event, HookResult, Hooks, Key, KeyEvent, NodeId,
    Size2, TouchPhase, Vec2,
};
use sprig_ui::{Direction, Slider, SliderMoved};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `SliderMoved` and each key press reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<SliderMoved>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(m) = event.get::<SliderMoved>() {
            let line = format!("{} {}", ctx.name(m.node)?, m.value);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        Ok(())
    }

    fn on_key(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if key.pressed {
            LOG.with(|l| l.borrow_mut().push(format!("key {:?}", key.key)));
        }
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 8,
        components: AppSet { Slider: 1, Shape: 4, Logger: 1 },
        listeners: 4,
    };
}

struct Scene {
    slider_node: NodeId,
    knob: NodeId,
    slider: CompId,
}

/// A 60×60 screen (the root logs); a slider "S" centred on (30, 30) whose content box
/// is 40×10 horizontally (world x 10..50, y 25..35) or 10×40 vertically (x 25..35, y
/// 10..50), stepping by 0.25, with a 4×4 knob child.
fn scene(world: &mut App, direction: Direction) -> Scene {
    let root = world.root();
    world
        .set_content_size(root, Size2::new(60.0, 60.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "S").unwrap();
    world.set_position(node, Vec2::new(30.0, 30.0)).unwrap();
    let size = match direction {
        Direction::Horizontal => Size2::new(40.0, 10.0),
        Direction::Vertical => Size2::new(10.0, 40.0),
    };
    world.set_content_size(node, size).unwrap();
    let knob = world.create_child(node, "Knob").unwrap();
    world.set_content_size(knob, Size2::new(4.0, 4.0)).unwrap();
    let slider = world
        .add_component(
            node,
            Slider::new(direction).with_handle(knob).with_step(0.25),
        )
        .unwrap();
    world.tick(0.0).unwrap();
    Scene {
        slider_node: node,
        knob,
        slider,
    }
}

/// A touch at world point (x, y) on the 60-pixel-high screen.
fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, 60.0 - y), 60.0).unwrap();
}

fn value(world: &App, s: &Scene) -> f32 {
    world.get::<Slider>(s.slider).unwrap().value()
}

fn press(world: &mut App, key: Key) {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
}

#[test]
fn a_touch_on_the_track_sets_the_value_from_its_position_and_drags_it_clamped() {
    let mut world = App::new();
    let s = scene(&mut world, Direction::Horizontal);
    assert_eq!(
        world.position(s.knob).unwrap(),
        Vec2::new(-20.0, 0.0),
        "at 0: the left edge"
    );
    touch(&mut world, TouchPhase::Down, 20.0, 30.0);
    assert_eq!(value(&world, &s), 0.25);
    assert_eq!(
        world.position(s.knob).unwrap(),
        Vec2::new(-10.0, 0.0),
        "moved at once"
    );
    assert!(world.get::<Slider>(s.slider).unwrap().is_dragging());
    // A drag goes on outside the slider's box, clamped.
    touch(&mut world, TouchPhase::Move, 40.0, 50.0);
    touch(&mut world, TouchPhase::Move, 40.0, 0.0);
    touch(&mut world, TouchPhase::Move, 100.0, 30.0);
    touch(&mut world, TouchPhase::Move, 120.0, 30.0);
    touch(&mut world, TouchPhase::Move, -5.0, 30.0);
    touch(&mut world, TouchPhase::Up, -5.0, 30.0);
    assert_eq!(
        take_log(),
        ["S 0.25", "S 0.75", "S 1", "S 0"],
        "one event per change: none for the moves that changed nothing"
    );
    assert_eq!(world.position(s.knob).unwrap(), Vec2::new(-20.0, 0.0));
    assert!(!world.get::<Slider>(s.slider).unwrap().is_dragging());
    touch(&mut world, TouchPhase::Move, 30.0, 30.0);
    assert_eq!(value(&world, &s), 0.0, "a touch that ended moves nothing");
}

#[test]
fn a_touch_on_the_handle_drags_it_from_where_it_was_grabbed() {
    let mut world = App::new();
    let s = scene(&mut world, Direction::Horizontal);
    world
        .get_mut::<Slider>(s.slider)
        .unwrap()
        .set_value(0.5)
        .unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.position(s.knob).unwrap(), Vec2::ZERO);
    assert_eq!(take_log(), Vec::<String>::new(), "set_value sends nothing");
    // The knob spans world x 28..32: grabbed one pixel right of its centre.
    touch(&mut world, TouchPhase::Down, 31.0, 31.0);
    assert_eq!(value(&world, &s), 0.5, "no jump");
    touch(&mut world, TouchPhase::Move, 35.0, 31.0);
    assert_eq!(value(&world, &s), 24.0 / 40.0);
    assert_eq!(world.position(s.knob).unwrap(), Vec2::new(4.0, 0.0));
    touch(&mut world, TouchPhase::Cancel, 35.0, 31.0);
    assert_eq!(take_log(), ["S 0.6"]);
}

#[test]
fn arrow_keys_step_the_value_while_the_slider_holds_the_focus() {
    let mut world = App::new();
    let s = scene(&mut world, Direction::Horizontal);
    press(&mut world, Key::Right);
    assert_eq!(value(&world, &s), 0.0, "not focused: keys do nothing");
    assert_eq!(take_log(), ["key Right"]);
    world.set_focus(Some(s.slider_node)).unwrap();
    for _ in 0..5 {
        press(&mut world, Key::Right);
    }
    assert_eq!(value(&world, &s), 1.0);
    assert_eq!(
        take_log(),
        ["S 0.25", "S 0.5", "S 0.75", "S 1"],
        "the fifth Right changes nothing and is still taken"
    );
    press(&mut world, Key::Left);
    press(&mut world, Key::Up);
    press(&mut world, Key::Down);
    assert_eq!(value(&world, &s), 0.75);
    assert_eq!(
        take_log(),
        ["S 0.75", "key Up", "key Down"],
        "the other axis bubbles on"
    );
}

#[test]
fn a_vertical_slider_runs_from_bottom_to_top() {
    let mut world = App::new();
    let s = scene(&mut world, Direction::Vertical);
    assert_eq!(world.position(s.knob).unwrap(), Vec2::new(0.0, -20.0));
    touch(&mut world, TouchPhase::Down, 30.0, 40.0);
    assert_eq!(value(&world, &s), 0.75);
    assert_eq!(world.position(s.knob).unwrap(), Vec2::new(0.0, 10.0));
    touch(&mut world, TouchPhase::Move, 0.0, 70.0);
    assert_eq!(value(&world, &s), 1.0);
    touch(&mut world, TouchPhase::Up, 0.0, 70.0);
    world.set_focus(Some(s.slider_node)).unwrap();
    press(&mut world, Key::Down);
    press(&mut world, Key::Left);
    press(&mut world, Key::Right);
    assert_eq!(value(&world, &s), 0.75);
    assert_eq!(
        take_log(),
        ["S 0.75", "S 1", "S 0.75", "key Left", "key Right"]
    );
}

#[test]
fn set_value_clamps_refuses_nan_and_the_handle_follows_at_the_next_frame() {
    let mut world = App::new();
    let s = scene(&mut world, Direction::Horizontal);
    let slider = world.get_mut::<Slider>(s.slider).unwrap();
    slider.set_value(3.0).unwrap();
    assert_eq!(slider.value(), 1.0);
    assert_eq!(slider.set_value(f32::NAN), Err(sprig::Error::InvalidValue));
    assert_eq!(slider.value(), 1.0, "unchanged");
    assert_eq!(world.position(s.knob).unwrap(), Vec2::new(-20.0, 0.0));
    world.tick(0.0).unwrap();
    assert_eq!(world.position(s.knob).unwrap(), Vec2::new(20.0, 0.0));
    assert!(world.is_focusable(s.slider_node).unwrap());
}

/// A 36×8 screen with a 32×2 track and a 4×8 knob at `value`.
fn golden_slider(value: f32) -> App {
    let mut world = App::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(36.0, 8.0)).unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Track").unwrap();
    world.set_position(node, Vec2::new(18.0, 4.0)).unwrap();
    world.set_content_size(node, Size2::new(32.0, 2.0)).unwrap();
    world
        .add_component(node, Shape::rectangle().with_fill(Rgb888::new(80, 80, 80)))
        .unwrap();
    let knob = world.create_child(node, "Knob").unwrap();
    world.set_content_size(knob, Size2::new(4.0, 8.0)).unwrap();
    world
        .add_component(knob, Shape::rectangle().with_fill(Rgb888::new(240, 160, 0)))
        .unwrap();
    world
        .add_component(
            node,
            Slider::new(Direction::Horizontal)
                .with_handle(knob)
                .with_value(value),
        )
        .unwrap();
    world.tick(0.0).unwrap();
    world
}

#[test]
fn golden_frames_at_0_half_and_1() {
    golden::check("slider_0", &mut golden_slider(0.0), 36, 8);
    golden::check("slider_0_5", &mut golden_slider(0.5), 36, 8);
    golden::check("slider_1", &mut golden_slider(1.0), 36, 8);
}
