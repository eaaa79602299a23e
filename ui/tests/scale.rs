//! Scales: tick values and major ticks, the refusals, the labels' texts and places for
//! each layout, renumbering, a failed build leaving no part, and golden frames of a
//! gauge and an axis (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod frames;

use sprig::render::Label;
use sprig::{world, CompId, Error, NodeId, Size2, Vec2};
use sprig_ui::{Scale, ScaleLayout, MAX_SCALE_LABELS};

world! {
    type App = World { nodes: 16, components: AppSet { Scale: 2, Label: 8 } };
}

world! {
    type NoLabels = World { nodes: 8, components: Set { Scale: 1 } };
}

/// A `width × height` screen (origin bottom-left) with `scale` on a node of `size`
/// whose bottom-left corner is at world `at`.
fn scene(scale: Scale, size: Size2, at: Vec2, screen: Size2) -> (App, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world.set_content_size(root, screen).unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Scale").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, at).unwrap();
    world.set_content_size(node, size).unwrap();
    let scale = world.add_component(node, scale).unwrap();
    world.tick(0.0).unwrap();
    (world, node, scale)
}

/// Each label's text and position.
fn labels(world: &App, scale: CompId) -> Vec<(String, Vec2)> {
    world
        .get::<Scale>(scale)
        .unwrap()
        .labels()
        .iter()
        .map(|&node| {
            let label = world.component_of::<Label>(node).unwrap().unwrap();
            let text = world.get::<Label>(label).unwrap().text.as_str().to_string();
            (text, world.position(node).unwrap())
        })
        .collect()
}

#[test]
fn tick_values_are_evenly_spread_and_rounded_and_every_kth_is_major() {
    let scale = Scale::new(ScaleLayout::Horizontal, -10, 90)
        .unwrap()
        .with_ticks(4, 3)
        .unwrap();
    let values: Vec<i32> = (0..5).map(|i| scale.tick_value(i)).collect();
    // -10 + 100 · i / 3: 23.3 and 56.7 rounded; past the last, the last.
    assert_eq!(values, [-10, 23, 57, 90, 90]);
    let majors: Vec<bool> = (0..4).map(|i| scale.is_major(i)).collect();
    assert_eq!(majors, [true, false, false, true]);
    let none = scale.clone().with_ticks(4, 0).unwrap();
    assert!(!none.is_major(0));
}

#[test]
fn bad_settings_are_refused() {
    assert_eq!(
        Scale::new(ScaleLayout::Vertical, 5, 5).err(),
        Some(Error::InvalidValue)
    );
    let bad_arc = ScaleLayout::Arc {
        start_degrees: 0.0,
        sweep_degrees: 0.0,
    };
    assert_eq!(Scale::new(bad_arc, 0, 1).err(), Some(Error::InvalidValue));
    let scale = Scale::new(ScaleLayout::GAUGE, 0, 100).unwrap();
    assert_eq!(
        scale.clone().with_ticks(1, 0).err(),
        Some(Error::InvalidValue)
    );
    // 21 ticks, every other major: 11 labels, the most; every tick: 21.
    assert!(scale.clone().with_ticks(21, 2).is_ok());
    assert_eq!(MAX_SCALE_LABELS, 11);
    assert_eq!(
        scale.clone().with_ticks(21, 1).err(),
        Some(Error::QueueFull)
    );
    let mut scale = scale;
    assert_eq!(scale.set_range(3, 2), Err(Error::InvalidValue));
    assert_eq!((scale.min(), scale.max()), (0, 100));
}

#[test]
fn a_horizontal_scale_labels_its_major_ticks_below_them() {
    let scale = Scale::new(ScaleLayout::Horizontal, 0, 100).unwrap();
    let (world, _, scale) = scene(
        scale,
        Size2::new(100.0, 20.0),
        Vec2::ZERO,
        Size2::new(100.0, 20.0),
    );
    // Below the top edge by the major tick (8), the gap (2) and half a label (5).
    assert_eq!(
        labels(&world, scale),
        [
            ("0".to_string(), Vec2::new(0.0, 5.0)),
            ("50".to_string(), Vec2::new(50.0, 5.0)),
            ("100".to_string(), Vec2::new(100.0, 5.0)),
        ]
    );
}

#[test]
fn a_vertical_scale_labels_to_the_left_and_renumbers_at_the_next_frame() {
    let scale = Scale::new(ScaleLayout::Vertical, 0, 40)
        .unwrap()
        .with_ticks(5, 2)
        .unwrap();
    let (mut world, _, scale) = scene(
        scale,
        Size2::new(40.0, 40.0),
        Vec2::ZERO,
        Size2::new(40.0, 40.0),
    );
    // Left of the right edge by 8 + 2 + half the text's width (6 px a character).
    assert_eq!(
        labels(&world, scale),
        [
            ("0".to_string(), Vec2::new(27.0, 0.0)),
            ("20".to_string(), Vec2::new(24.0, 20.0)),
            ("40".to_string(), Vec2::new(24.0, 40.0)),
        ]
    );
    world
        .get_mut::<Scale>(scale)
        .unwrap()
        .set_range(-5, 35)
        .unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        labels(&world, scale),
        [
            ("-5".to_string(), Vec2::new(24.0, 0.0)),
            ("15".to_string(), Vec2::new(24.0, 20.0)),
            ("35".to_string(), Vec2::new(24.0, 40.0)),
        ]
    );
}

#[test]
fn a_gauge_puts_its_labels_inside_the_ticks() {
    // A full turn from the top: 0 at the top, 25 at the right, 50 at the bottom, 75 at
    // the left (and 100 at the top again).
    let layout = ScaleLayout::Arc {
        start_degrees: 0.0,
        sweep_degrees: 360.0,
    };
    let scale = Scale::new(layout, 0, 100)
        .unwrap()
        .with_ticks(5, 1)
        .unwrap();
    let (world, _, scale) = scene(
        scale,
        Size2::new(60.0, 60.0),
        Vec2::ZERO,
        Size2::new(60.0, 60.0),
    );
    let places: Vec<(String, (i32, i32))> = labels(&world, scale)
        .into_iter()
        .map(|(t, p)| (t, (p.x.round() as i32, p.y.round() as i32)))
        .collect();
    // Radius 30, less 8 + 2, less half the text that way (5 up and down, 6 across
    // two characters).
    let expected = [
        ("0", (30, 45)),
        ("25", (44, 30)),
        ("50", (30, 15)),
        ("75", (16, 30)),
        ("100", (30, 45)),
    ];
    let expected: Vec<(String, (i32, i32))> =
        expected.iter().map(|(t, p)| (t.to_string(), *p)).collect();
    assert_eq!(places, expected);
}

#[test]
fn without_labels_in_the_set_the_build_fails_and_leaves_no_part() {
    let mut world = NoLabels::new();
    let node = world.create_child(world.root(), "Scale").unwrap();
    let before = world.node_count();
    let scale = Scale::new(ScaleLayout::GAUGE, 0, 10).unwrap();
    let scale = world.add_component(node, scale).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::NotInSet)
    );
    assert_eq!(world.node_count(), before);
    assert!(world.get::<Scale>(scale).unwrap().labels().is_empty());
}

#[test]
fn golden_frames_a_gauge_and_an_axis() {
    let gauge = Scale::new(ScaleLayout::GAUGE, 0, 100)
        .unwrap()
        .with_ticks(11, 5)
        .unwrap();
    let (mut world, _, _) = scene(
        gauge,
        Size2::new(80.0, 80.0),
        Vec2::new(4.0, 4.0),
        Size2::new(88.0, 88.0),
    );
    frames::check_golden("scale_gauge", &mut world, 88, 88);
    let axis = Scale::new(ScaleLayout::Horizontal, 0, 60)
        .unwrap()
        .with_ticks(7, 3)
        .unwrap();
    let (mut world, _, _) = scene(
        axis,
        Size2::new(48.0, 20.0),
        Vec2::new(8.0, 0.0),
        Size2::new(64.0, 24.0),
    );
    frames::check_golden("scale_axis", &mut world, 64, 24);
}
