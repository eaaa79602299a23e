//! Arcs: keys step the value (the two arrows of its direction, clamped, the others not
//! taken), a touch on the band sets it from its angle and drags it, on steps, holding
//! the end when dragged across the gap, a touch off the band goes on, `ArcChanged` once
//! per change, the refusals of bad settings, the parts following the value, a failed
//! build leaving no part, and golden frames (regenerate with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod frames;

use std::cell::RefCell;

use sprig::render::{Geometry, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{Arc, ArcChanged, Direction, FocusGroup};

thread_local! {
    static LOG: RefCell<Vec<i32>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<i32> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs the value of each `ArcChanged` reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<ArcChanged>(node)
    }

    fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(changed) = event.get::<ArcChanged>() {
            LOG.with(|l| l.borrow_mut().push(changed.value));
        }
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 8,
        components: AppSet { Arc: 1, Shape: 3, Logger: 1 },
        listeners: 4,
    };
}

world! {
    type Menu = World { nodes: 8, components: MenuSet { Arc: 1, Shape: 3, FocusGroup: 1 } };
}

world! {
    type NoShapes = World { nodes: 8, components: Set { Arc: 1 } };
}

/// A 48×48 screen (origin bottom-left) with a logger on the root and a 40×40 dial
/// centred at world (24, 24): its band runs from radius 14 to 20, its middle at 17.
fn scene(arc: Arc) -> (App, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(48.0, 48.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Dial").unwrap();
    world.set_position(node, Vec2::new(24.0, 24.0)).unwrap();
    world
        .set_content_size(node, Size2::new(40.0, 40.0))
        .unwrap();
    let arc = world.add_component(node, arc).unwrap();
    world.tick(0.0).unwrap();
    (world, node, arc)
}

/// A touch at `degrees` clockwise from the top, `radius` from the dial's centre.
fn touch(world: &mut App, phase: TouchPhase, degrees: f32, radius: f32) {
    let (sin, cos) = sprig::sin_cos_degrees(degrees);
    let p = Vec2::new(24.0 + sin * radius, 24.0 + cos * radius);
    world
        .touch(0, phase, Vec2::new(p.x, 48.0 - p.y), 48.0)
        .unwrap();
}

fn value(world: &App, arc: CompId) -> i32 {
    world.get::<Arc>(arc).unwrap().value()
}

#[test]
fn up_and_down_step_a_focused_dial_clamped_and_left_right_are_not_taken() {
    let (mut world, node, arc) = scene(Arc::new(0, 20).unwrap().with_step(5).unwrap());
    world.set_focus(Some(node)).unwrap();
    for key in [
        Key::Up,
        Key::Up,
        Key::Down,
        Key::Up,
        Key::Up,
        Key::Up,
        Key::Up,
        Key::Up,
    ] {
        world.key(key, true).unwrap();
        world.key(key, false).unwrap();
    }
    assert_eq!(
        take_log(),
        [5, 10, 5, 10, 15, 20],
        "at 20 the last two send nothing"
    );
    assert_eq!(value(&world, arc), 20);
    world.key(Key::Left, true).unwrap();
    world.key(Key::Right, true).unwrap();
    assert_eq!(take_log(), Vec::<i32>::new());
    // Unfocused, no key is its.
    world.set_focus(None).unwrap();
    world.key(Key::Down, true).unwrap();
    assert_eq!(value(&world, arc), 20);
}

#[test]
fn the_arrows_it_does_not_take_move_the_focus_group_on() {
    let mut world = Menu::new();
    let root = world.root();
    let dial = world.create_child(root, "Dial").unwrap();
    world
        .set_content_size(dial, Size2::new(40.0, 40.0))
        .unwrap();
    let arc = world.add_component(dial, Arc::new(0, 10).unwrap()).unwrap();
    let next = world.create_child(root, "Next").unwrap();
    world.set_focusable(next, true).unwrap();
    world.add_component(root, FocusGroup::ordered()).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.focus(), Some(dial));
    world.key(Key::Up, true).unwrap();
    assert_eq!(world.focus(), Some(dial), "Up is the dial's");
    world.key(Key::Right, true).unwrap();
    assert_eq!(world.focus(), Some(next), "Right went on to the group");
    assert_eq!(world.get::<Arc>(arc).unwrap().value(), 1);
}

#[test]
fn with_horizontal_keys_right_and_left_step_it() {
    let arc = Arc::new(-3, 3).unwrap().with_keys(Direction::Horizontal);
    let (mut world, node, arc) = scene(arc);
    assert_eq!(value(&world, arc), -3);
    world.set_focus(Some(node)).unwrap();
    for key in [Key::Right, Key::Right, Key::Up, Key::Left] {
        world.key(key, true).unwrap();
    }
    assert_eq!(take_log(), [-2, -1, -2]);
}

#[test]
fn a_touch_on_the_band_sets_the_value_from_its_angle_and_drags_it() {
    let (mut world, _, arc) = scene(Arc::new(0, 100).unwrap());
    // The top: 135 of the 270 degrees from 225.
    touch(&mut world, TouchPhase::Down, 0.0, 17.0);
    assert!(world.get::<Arc>(arc).unwrap().is_dragging());
    // The right, at the outer slop: 225 / 270 of the range, 83.3.
    touch(&mut world, TouchPhase::Move, 90.0, 26.0);
    // The lower right, the track's end; a move that changes nothing sends nothing.
    touch(&mut world, TouchPhase::Move, 135.0, 17.0);
    touch(&mut world, TouchPhase::Move, 135.0, 10.0);
    // Into the gap and on to the side nearer the start: the top end holds.
    touch(&mut world, TouchPhase::Move, 180.0, 17.0);
    touch(&mut world, TouchPhase::Move, 200.0, 17.0);
    assert_eq!(value(&world, arc), 100);
    // Back up the ring.
    touch(&mut world, TouchPhase::Move, 45.0, 17.0);
    touch(&mut world, TouchPhase::Up, 45.0, 17.0);
    assert!(!world.get::<Arc>(arc).unwrap().is_dragging());
    assert_eq!(take_log(), [50, 83, 100, 67]);
}

#[test]
fn a_touch_off_the_band_is_not_taken_and_a_touch_sets_values_on_steps() {
    let (mut world, _, arc) = scene(Arc::new(0, 100).unwrap().with_step(10).unwrap());
    // The middle, and just past the outer slop.
    touch(&mut world, TouchPhase::Down, 0.0, 7.0);
    touch(&mut world, TouchPhase::Move, 0.0, 17.0);
    touch(&mut world, TouchPhase::Up, 0.0, 17.0);
    touch(&mut world, TouchPhase::Down, 0.0, 26.5);
    touch(&mut world, TouchPhase::Up, 0.0, 26.5);
    assert_eq!(take_log(), Vec::<i32>::new());
    assert!(!world.get::<Arc>(arc).unwrap().is_dragging());
    // 345 degrees: 120 / 270 of the range, 44.4, to the step 40.
    touch(&mut world, TouchPhase::Down, 345.0, 17.0);
    touch(&mut world, TouchPhase::Up, 345.0, 17.0);
    // The gap's side nearer the start: the bottom end.
    touch(&mut world, TouchPhase::Down, 190.0, 17.0);
    touch(&mut world, TouchPhase::Up, 190.0, 17.0);
    assert_eq!(take_log(), [40, 0]);
    // Not interactable: ignored.
    world.get_mut::<Arc>(arc).unwrap().interactable = false;
    touch(&mut world, TouchPhase::Down, 0.0, 17.0);
    assert_eq!(value(&world, arc), 0);
}

#[test]
fn bad_settings_are_refused() {
    assert_eq!(Arc::new(5, 5).err(), Some(Error::InvalidValue));
    assert_eq!(Arc::new(6, 5).err(), Some(Error::InvalidValue));
    let arc = Arc::new(0, 10).unwrap();
    for (start, sweep) in [(0.0, 0.0), (0.0, 361.0), (f32::NAN, 90.0), (0.0, f32::NAN)] {
        assert_eq!(
            arc.with_angles(start, sweep).err(),
            Some(Error::InvalidValue)
        );
    }
    assert_eq!(
        arc.with_angles(-90.0, 360.0).unwrap().angles(),
        (270.0, 360.0)
    );
    assert_eq!(arc.with_step(0).err(), Some(Error::InvalidValue));
    assert_eq!(arc.with_thickness(0.0).err(), Some(Error::InvalidValue));
    assert_eq!(
        arc.with_thickness(f32::INFINITY).err(),
        Some(Error::InvalidValue)
    );
    assert_eq!(arc.with_value(11).value(), 10);
    let mut arc = arc;
    arc.set_value(-4);
    assert_eq!(arc.value(), 0);
}

#[test]
fn the_indicator_and_the_knob_follow_the_value_set_from_code() {
    let (mut world, _, arc) = scene(Arc::new(0, 90).unwrap().with_angles(0.0, 360.0).unwrap());
    let parts = world.get::<Arc>(arc).unwrap().parts().unwrap();
    assert!(
        !world.active(parts.indicator).unwrap(),
        "nothing to fill at min"
    );
    assert_eq!(world.position(parts.knob).unwrap(), Vec2::new(0.0, 17.0));
    assert_eq!(
        world.content_size(parts.knob).unwrap(),
        Size2::new(10.0, 10.0)
    );
    world.get_mut::<Arc>(arc).unwrap().set_value(45); // half of 360: the bottom
    world.tick(0.0).unwrap();
    assert!(world.active(parts.indicator).unwrap());
    let p = world.position(parts.knob).unwrap();
    assert!(p.x.abs() < 1e-5 && p.y == -17.0, "{p:?}");
    let shape = world
        .component_of::<Shape>(parts.indicator)
        .unwrap()
        .unwrap();
    assert_eq!(
        world.get::<Shape>(shape).unwrap().geometry,
        Geometry::Arc {
            start_degrees: 0.0,
            sweep_degrees: 180.0,
            thickness: 6.0,
            cap: sprig::render::Cap::Round
        }
    );
    assert_eq!(take_log(), Vec::<i32>::new(), "set_value sends nothing");
}

#[test]
fn without_shapes_in_the_set_the_build_fails_and_leaves_no_part() {
    let mut world = NoShapes::new();
    let node = world.create_child(world.root(), "Dial").unwrap();
    let before = world.node_count();
    let arc = world.add_component(node, Arc::new(0, 10).unwrap()).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::NotInSet)
    );
    assert_eq!(world.node_count(), before);
    assert_eq!(world.get::<Arc>(arc).unwrap().parts(), None);
}

#[test]
fn golden_frames_at_min_and_at_two_thirds() {
    let (mut world, _, arc) = scene(Arc::new(0, 3).unwrap());
    frames::check_golden("arc_min", &mut world, 48, 48);
    world.get_mut::<Arc>(arc).unwrap().set_value(2);
    world.tick(0.0).unwrap();
    frames::check_golden("arc_two_thirds", &mut world, 48, 48);
}
