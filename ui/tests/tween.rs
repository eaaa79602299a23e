//! Tweens in a world: the values each step writes at given times, how time carries
//! across step boundaries, groups and repeats, stopping, the lifecycle a tween gets for
//! free as a component (inactive node, destroyed node, paused world), the errors that
//! change nothing, and bit-identical replays.
//!
//! Frame times are binary fractions (0.25, 0.125, …) wherever a test compares exact
//! values, so the expected numbers are exact in `f32` too.

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Label, Shape};
use sprig::{
    component, scene, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, NodeId, Size2,
    TimerKey, Vec2,
};
use sprig_ui::ease::Easing;
use sprig_ui::tween::{tween, Props, StopTweens, Tween, TweenBuilder, TweenCall};

/// Starts a tween on its own node from its `start` hook, as a game component would.
pub struct Starter {
    started: Option<CompId>,
}

#[component]
impl Hooks for Starter {
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        let tween = tween(node)
            .to(1.0, Props::new().x(100.0), Easing::Linear)
            .start(ctx.world())?;
        self.started = Some(tween);
        Ok(())
    }
}

/// Logs the `TweenCall`s that reach its node, with the node's x at that moment.
pub struct CallLog {
    calls: Vec<(Phase, f32)>,
}

#[derive(Clone, Copy, Debug, PartialEq, TimerKey)]
enum Phase {
    HalfWay,
    Arrived,
}

#[component]
impl Hooks for CallLog {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<TweenCall>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(call) = event.get::<TweenCall>() {
            let x = ctx.position(call.node)?.x;
            if let Some(phase) = Phase::from_key(call.key) {
                self.calls.push((phase, x));
            }
        }
        Ok(())
    }
}

world! {
    /// Tweens of both capacities, the drawables a colour tween writes, a component that
    /// starts a tween from its hook, and one that hears `call`s.
    type TestWorld = World {
        nodes: 16,
        components: Test {
            Tween: 8,
            Tween<32>: 2,
            Shape: 4,
            Label: 2,
            Starter: 2,
            CallLog: 1,
        },
    };
}

fn setup() -> (TestWorld, NodeId) {
    let mut world = TestWorld::new();
    let root = world.root();
    let node = world.create_child(root, "Node").unwrap();
    (world, node)
}

fn ticks(world: &mut TestWorld, dt: f32, count: usize) {
    for _ in 0..count {
        world.tick(dt).unwrap();
    }
}

// ---- to / by per property ----

#[test]
fn to_position_at_given_times() {
    let (mut world, node) = setup();
    world.set_position(node, Vec2::new(10.0, 20.0)).unwrap();
    tween(node)
        .to(
            1.0,
            Props::new().position(Vec2::new(50.0, -20.0)),
            Easing::Linear,
        )
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..5 {
        world.tick(0.25).unwrap();
        seen.push(world.position(node).unwrap());
    }
    assert_eq!(
        seen,
        [
            Vec2::new(20.0, 10.0),
            Vec2::new(30.0, 0.0),
            Vec2::new(40.0, -10.0),
            Vec2::new(50.0, -20.0),
            Vec2::new(50.0, -20.0),
        ]
    );
    assert_eq!(
        world.component_count(),
        0,
        "the finished tween destroyed itself"
    );
}

#[test]
fn to_x_alone_leaves_y_to_others() {
    let (mut world, node) = setup();
    world.set_position(node, Vec2::new(0.0, 7.0)).unwrap();
    tween(node)
        .to(0.5, Props::new().x(10.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    tween(node)
        .to(0.5, Props::new().y(-7.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(5.0, 0.0));
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(10.0, -7.0));
}

#[test]
fn to_scale_uniform_and_per_axis() {
    let (mut world, node) = setup();
    tween(node)
        .to(0.5, Props::new().scale(2.0), Easing::Linear)
        .to(0.5, Props::new().scale_x(3.0), Easing::Linear)
        .to(0.5, Props::new().scale_y(0.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..6 {
        world.tick(0.25).unwrap();
        seen.push(world.scale(node).unwrap());
    }
    assert_eq!(
        seen,
        [
            Vec2::new(1.5, 1.5),
            Vec2::new(2.0, 2.0),
            Vec2::new(2.5, 2.0),
            Vec2::new(3.0, 2.0),
            Vec2::new(3.0, 1.0),
            Vec2::new(3.0, 0.0),
        ]
    );
}

#[test]
fn to_angle_opacity_and_content_size_with_an_easing() {
    let (mut world, node) = setup();
    world
        .set_content_size(node, Size2::new(10.0, 10.0))
        .unwrap();
    tween(node)
        .to(
            1.0,
            Props::new()
                .angle_degrees(90.0)
                .opacity(0.0)
                .content_size(Size2::new(30.0, 50.0)),
            Easing::QuadIn,
        )
        .start(&mut world)
        .unwrap();
    world.tick(0.5).unwrap();
    // QuadIn(0.5) = 0.25.
    assert_eq!(world.angle_degrees(node).unwrap(), 22.5);
    assert_eq!(world.opacity(node).unwrap(), 191); // 255 − 63.75, rounded
    assert_eq!(world.content_size(node).unwrap(), Size2::new(15.0, 20.0));
    world.tick(0.5).unwrap();
    assert_eq!(world.angle_degrees(node).unwrap(), 90.0);
    assert_eq!(world.opacity(node).unwrap(), 0);
    assert_eq!(world.content_size(node).unwrap(), Size2::new(30.0, 50.0));
}

#[test]
fn every_easing_reaches_the_node() {
    use Easing::*;
    let easings = [
        Linear,
        QuadIn,
        QuadOut,
        QuadInOut,
        CubicIn,
        CubicOut,
        CubicInOut,
        QuartIn,
        QuartOut,
        QuartInOut,
        QuintIn,
        QuintOut,
        QuintInOut,
        SineIn,
        SineOut,
        SineInOut,
        ExpoIn,
        ExpoOut,
        ExpoInOut,
        CircIn,
        CircOut,
        CircInOut,
        ElasticIn,
        ElasticOut,
        ElasticInOut,
        BackIn,
        BackOut,
        BackInOut,
        BounceIn,
        BounceOut,
        BounceInOut,
        CubicBezier {
            x1: 0.25,
            y1: 0.1,
            x2: 0.25,
            y2: 1.0,
        },
        CubicBezier {
            x1: 0.68,
            y1: -0.55,
            x2: 0.265,
            y2: 1.55,
        },
    ];
    for easing in easings {
        let (mut world, node) = setup();
        tween(node)
            .to(1.0, Props::new().x(100.0), easing)
            .start(&mut world)
            .unwrap();
        world.tick(0.25).unwrap();
        let expected = 0.0 + (100.0 - 0.0) * easing.apply(0.25);
        assert_eq!(world.position(node).unwrap().x, expected, "{easing:?}");
    }
}

#[test]
fn overshooting_easings_keep_opacity_and_size_valid() {
    let (mut world, node) = setup();
    world
        .set_content_size(node, Size2::new(10.0, 10.0))
        .unwrap();
    tween(node)
        .to(
            1.0,
            Props::new().opacity(0.0).content_size(Size2::new(0.0, 0.0)),
            Easing::BackOut,
        )
        .start(&mut world)
        .unwrap();
    // BackOut(0.75) ≈ 1.064: past the end, below 0; clamped.
    ticks(&mut world, 0.25, 3);
    assert_eq!(world.opacity(node).unwrap(), 0);
    assert_eq!(world.content_size(node).unwrap(), Size2::new(0.0, 0.0));
    assert_eq!(world.hook_errors(), 0);
}

#[test]
fn to_color_writes_the_shape_fill() {
    let (mut world, node) = setup();
    let shape = world
        .add_component(node, Shape::rectangle().with_fill(Rgb888::new(0, 0, 0)))
        .unwrap();
    tween(node)
        .to(
            1.0,
            Props::new().color(Rgb888::new(200, 100, 51)),
            Easing::Linear,
        )
        .start(&mut world)
        .unwrap();
    world.tick(0.5).unwrap();
    assert_eq!(
        world.get::<Shape>(shape).unwrap().fill,
        Some(Rgb888::new(100, 50, 26))
    );
    world.tick(0.5).unwrap();
    assert_eq!(
        world.get::<Shape>(shape).unwrap().fill,
        Some(Rgb888::new(200, 100, 51))
    );
}

#[test]
fn to_color_writes_the_stroke_of_an_outline_and_the_label_colour() {
    let (mut world, node) = setup();
    let shape = world
        .add_component(
            node,
            Shape::ellipse().with_stroke(Rgb888::new(0, 0, 0), 1.0),
        )
        .unwrap();
    let other = world.create_child(world.root(), "Text").unwrap();
    let label = world
        .add_component(
            other,
            Label::new("hi").with_color(Rgb888::new(255, 255, 255)),
        )
        .unwrap();
    for target in [node, other] {
        tween(target)
            .to(
                0.5,
                Props::new().color(Rgb888::new(0, 128, 255)),
                Easing::Linear,
            )
            .start(&mut world)
            .unwrap();
    }
    world.tick(0.25).unwrap();
    let s = world.get::<Shape>(shape).unwrap();
    assert_eq!(
        (s.fill, s.stroke.map(|s| s.color)),
        (None, Some(Rgb888::new(0, 64, 128)))
    );
    assert_eq!(
        world.get::<Label>(label).unwrap().color,
        Rgb888::new(128, 192, 255)
    );
}

#[test]
fn set_color_and_by_per_property() {
    let (mut world, node) = setup();
    let shape = world
        .add_component(node, Shape::rectangle().with_fill(Rgb888::new(0, 0, 0)))
        .unwrap();
    world.set_position(node, Vec2::new(1.0, 2.0)).unwrap();
    world.set_content_size(node, Size2::new(4.0, 4.0)).unwrap();
    world.set_opacity(node, 100).unwrap();
    tween(node)
        .set(Props::new().color(Rgb888::new(9, 8, 7)))
        .by(
            1.0,
            Props::new()
                .position(Vec2::new(10.0, -10.0))
                .scale(1.0)
                .angle_degrees(-90.0)
                .opacity(100.0)
                .content_size(Size2::new(2.0, 6.0)),
            Easing::Linear,
        )
        .start(&mut world)
        .unwrap();
    world.tick(0.5).unwrap();
    assert_eq!(
        world.get::<Shape>(shape).unwrap().fill,
        Some(Rgb888::new(9, 8, 7))
    );
    assert_eq!(world.position(node).unwrap(), Vec2::new(6.0, -3.0));
    assert_eq!(world.scale(node).unwrap(), Vec2::new(1.5, 1.5));
    assert_eq!(world.angle_degrees(node).unwrap(), -45.0);
    assert_eq!(world.opacity(node).unwrap(), 150);
    assert_eq!(world.content_size(node).unwrap(), Size2::new(5.0, 7.0));
    world.tick(0.5).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(11.0, -8.0));
    assert_eq!(world.scale(node).unwrap(), Vec2::new(2.0, 2.0));
    assert_eq!(world.angle_degrees(node).unwrap(), -90.0);
    assert_eq!(world.opacity(node).unwrap(), 200);
    assert_eq!(world.content_size(node).unwrap(), Size2::new(6.0, 10.0));
}

#[test]
fn by_captures_its_start_when_the_step_starts() {
    let (mut world, node) = setup();
    tween(node)
        .to(0.5, Props::new().x(40.0), Easing::Linear)
        .by(0.5, Props::new().x(10.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    // Moved by hand before the tween's first frame: `to` starts from here.
    world.set_position(node, Vec2::new(20.0, 0.0)).unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.25).unwrap();
        seen.push(world.position(node).unwrap().x);
    }
    // `by` starts from 40, where `to` left it, not from where the node was at `start`.
    assert_eq!(seen, [30.0, 40.0, 45.0, 50.0]);
}

// ---- sequences, carry-over, groups ----

#[test]
fn a_frame_crossing_a_boundary_carries_its_rest_into_the_next_step() {
    let (mut world, node) = setup();
    tween(node)
        .to(0.5, Props::new().x(100.0), Easing::Linear)
        .to(0.5, Props::new().x(0.0), Easing::Linear)
        .delay(0.25)
        .set(Props::new().y(1.0))
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.375).unwrap();
        seen.push(world.position(node).unwrap());
    }
    assert_eq!(
        seen,
        [
            Vec2::new(75.0, 0.0),
            // 0.75 s: the first ended at 100, the second is 0.25 s in.
            Vec2::new(50.0, 0.0),
            // 1.125 s: the second ended on 0 exactly, the delay is 0.125 s in.
            Vec2::new(0.0, 0.0),
            // 1.5 s: the delay ended at 1.25, the set ran in the same frame.
            Vec2::new(0.0, 1.0),
        ]
    );
    assert_eq!(world.component_count(), 0);
}

#[test]
fn one_long_frame_runs_through_every_step() {
    let (mut world, node) = setup();
    tween(node)
        .to(0.25, Props::new().x(10.0), Easing::Linear)
        .by(0.25, Props::new().y(5.0), Easing::Linear)
        .to(0.25, Props::new().angle_degrees(30.0), Easing::BounceOut)
        .start(&mut world)
        .unwrap();
    world.tick(10.0).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(10.0, 5.0));
    assert_eq!(world.angle_degrees(node).unwrap(), 30.0);
    assert_eq!(world.component_count(), 0);
}

#[test]
fn the_timeline_does_not_drift_at_60_fps() {
    let (mut world, node) = setup();
    tween(node)
        .by(0.11, Props::new().x(1.0), Easing::Linear)
        .repeat_forever()
        .start(&mut world)
        .unwrap();
    // 600 frames of 1/60 s: 10 s, 90.909 loops of 0.11 s. Were the rest of each
    // boundary frame dropped, each loop would last 7 frames and the node would be at
    // 600 / 7 = 85.7.
    ticks(&mut world, 1.0 / 60.0, 600);
    let x = world.position(node).unwrap().x;
    assert!((x - 10.0 / 0.11).abs() < 0.01, "{x}");
}

#[test]
fn parallel_of_unequal_durations_ends_with_the_longest() {
    let (mut world, node) = setup();
    tween(node)
        .parallel([
            TweenBuilder::new().to(1.0, Props::new().x(100.0), Easing::Linear),
            TweenBuilder::new()
                .to(0.25, Props::new().angle_degrees(90.0), Easing::Linear)
                .to(0.25, Props::new().angle_degrees(0.0), Easing::Linear),
        ])
        .to(0.5, Props::new().y(10.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..6 {
        world.tick(0.25).unwrap();
        seen.push((
            world.position(node).unwrap(),
            world.angle_degrees(node).unwrap(),
        ));
    }
    assert_eq!(
        seen,
        [
            (Vec2::new(25.0, 0.0), 90.0),
            (Vec2::new(50.0, 0.0), 0.0),
            (Vec2::new(75.0, 0.0), 0.0),
            (Vec2::new(100.0, 0.0), 0.0),
            (Vec2::new(100.0, 5.0), 0.0),
            (Vec2::new(100.0, 10.0), 0.0),
        ]
    );
}

#[test]
fn parallel_carries_the_rest_of_its_longest_part() {
    let (mut world, node) = setup();
    tween(node)
        .parallel([
            TweenBuilder::new().to(0.5, Props::new().x(10.0), Easing::Linear),
            TweenBuilder::new().delay(0.25),
        ])
        .to(1.0, Props::new().y(8.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.75).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(10.0, 2.0));
}

#[test]
fn sequence_of_parts_and_then() {
    let (mut world, node) = setup();
    tween(node)
        .sequence([
            TweenBuilder::new().to(0.25, Props::new().x(1.0), Easing::Linear),
            TweenBuilder::new()
                .to(0.25, Props::new().x(2.0), Easing::Linear)
                .to(0.25, Props::new().x(3.0), Easing::Linear),
        ])
        .then(TweenBuilder::new().to(0.25, Props::new().x(4.0), Easing::Linear))
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.25).unwrap();
        seen.push(world.position(node).unwrap().x);
    }
    assert_eq!(seen, [1.0, 2.0, 3.0, 4.0]);
}

// ---- repeat ----

#[test]
fn repeat_n_plays_the_last_action_n_times_in_all() {
    let (mut world, node) = setup();
    tween(node)
        .to(0.25, Props::new().y(1.0), Easing::Linear)
        .by(0.5, Props::new().x(10.0), Easing::Linear)
        .repeat(3)
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..6 {
        world.tick(0.375).unwrap();
        seen.push(world.position(node).unwrap().x);
    }
    // 0.25 s of `to`, then three `by`s of 0.5 s: 0.125 s in, 0.5 s (loop 2 starts),
    // 0.875 s, 1.25 s (loop 3 0.25 s in), then done at 30.
    assert_eq!(seen, [2.5, 10.0, 17.5, 25.0, 30.0, 30.0]);
    assert_eq!(world.component_count(), 0);
}

#[test]
fn repeats_nest_and_multiply() {
    let (mut world, node) = setup();
    tween(node)
        .by(0.25, Props::new().x(1.0), Easing::Linear)
        .repeat(2)
        .repeat(3)
        .start(&mut world)
        .unwrap();
    ticks(&mut world, 0.25, 5);
    assert_eq!(world.position(node).unwrap().x, 5.0);
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap().x, 6.0);
    assert_eq!(world.component_count(), 0);
}

#[test]
fn deep_nesting_runs_as_a_flat_tween_does() {
    // 28 repeats around a sequence of a delay and a `by` (32 entries, 29 levels of
    // groups): the walk is a loop, so the depth costs no stack.
    let (mut world, node) = setup();
    let mut builder = TweenBuilder::<32>::on(node).then(TweenBuilder::new().delay(0.125).by(
        0.125,
        Props::new().x(1.0),
        Easing::Linear,
    ));
    for _ in 0..28 {
        builder = builder.repeat(2);
    }
    assert_eq!(builder.len(), 32);
    builder.start(&mut world).unwrap();
    ticks(&mut world, 0.25, 10);
    assert_eq!(world.position(node).unwrap().x, 10.0);
}

#[test]
fn repeat_forever_after_k_loops() {
    let (mut world, node) = setup();
    let id = tween(node)
        .by(0.25, Props::new().angle_degrees(90.0), Easing::Linear)
        .repeat_forever()
        .start(&mut world)
        .unwrap();
    ticks(&mut world, 0.125, 16); // 8 loops
    assert_eq!(world.angle_degrees(node).unwrap(), 720.0);
    ticks(&mut world, 0.375, 2); // 3 more
    assert_eq!(world.angle_degrees(node).unwrap(), 990.0);
    assert!(world.is_component_valid(id), "still running");
}

#[test]
fn repeat_tween_repeats_a_sub_tween() {
    let (mut world, node) = setup();
    tween(node)
        .repeat_tween(
            2,
            TweenBuilder::new()
                .to(0.25, Props::new().x(10.0), Easing::Linear)
                .to(0.25, Props::new().x(0.0), Easing::Linear),
        )
        .set(Props::new().y(1.0))
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..5 {
        world.tick(0.125).unwrap();
        seen.push(world.position(node).unwrap());
    }
    ticks(&mut world, 0.125, 3);
    seen.push(world.position(node).unwrap());
    assert_eq!(
        seen,
        [
            Vec2::new(5.0, 0.0),
            Vec2::new(10.0, 0.0),
            Vec2::new(5.0, 0.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(5.0, 0.0),
            Vec2::new(0.0, 1.0),
        ]
    );
}

#[test]
fn repeat_forever_of_an_instant_body_runs_once_a_frame() {
    let (mut world, node) = setup();
    tween(node)
        .then(
            TweenBuilder::new()
                .set(Props::new().x(1.0))
                .set(Props::new().x(2.0)),
        )
        .repeat_forever()
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap().x, 2.0);
    assert_eq!(world.hook_errors(), 0);
}

// ---- delay, set, zero duration ----

#[test]
fn delay_then_to() {
    let (mut world, node) = setup();
    tween(node)
        .delay(0.5)
        .to(0.5, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.25).unwrap();
        seen.push(world.position(node).unwrap().x);
    }
    assert_eq!(seen, [0.0, 0.0, 50.0, 100.0]);
}

#[test]
fn set_and_zero_duration_apply_at_once() {
    let (mut world, node) = setup();
    tween(node)
        .set(Props::new().x(3.0).opacity(7.0))
        .to(0.0, Props::new().y(4.0), Easing::BackIn)
        .delay(1.0)
        .start(&mut world)
        .unwrap();
    assert_eq!(
        world.position(node).unwrap(),
        Vec2::new(0.0, 0.0),
        "nothing before the first frame"
    );
    world.tick(0.0).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(3.0, 4.0));
    assert_eq!(world.opacity(node).unwrap(), 7);
}

// ---- stop ----

#[test]
fn stop_leaves_the_values_where_they_are() {
    let (mut world, node) = setup();
    let id = tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    <Tween>::stop(&mut world, id).unwrap();
    ticks(&mut world, 0.25, 4);
    assert_eq!(world.position(node).unwrap().x, 25.0);
    assert_eq!(world.component_count(), 0);
    assert_eq!(<Tween>::stop(&mut world, id), Err(Error::StaleHandle));
}

#[test]
fn stop_refuses_a_component_of_another_type() {
    let (mut world, node) = setup();
    let shape = world.add_component(node, Shape::rectangle()).unwrap();
    assert_eq!(
        <Tween>::stop(&mut world, shape),
        Err(Error::WrongComponentType)
    );
    assert!(world.is_component_valid_strict(shape));
}

#[test]
fn stop_by_tag_on_a_node() {
    let (mut world, node) = setup();
    tween(node)
        .tag(1)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    tween(node)
        .tag(2)
        .to(1.0, Props::new().y(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    tween(node)
        .tag(1)
        .to(1.0, Props::new().angle_degrees(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(<Tween>::stop_by_tag(&mut world, node, 1), Ok(2));
    assert_eq!(<Tween>::stop_by_tag(&mut world, node, 1), Ok(0));
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(25.0, 50.0));
    assert_eq!(world.angle_degrees(node).unwrap(), 25.0);
}

#[test]
fn stop_all_on_a_node_tagged_or_not() {
    let (mut world, node) = setup();
    let other = world.create_child(world.root(), "Other").unwrap();
    for (target, tag) in [(node, None), (node, Some(3)), (other, None)] {
        let mut builder = tween(target).to(1.0, Props::new().x(100.0), Easing::Linear);
        if let Some(tag) = tag {
            builder = builder.tag(tag);
        }
        builder.start(&mut world).unwrap();
    }
    let shape = world.add_component(node, Shape::rectangle()).unwrap();
    assert_eq!(<Tween>::stop_all(&mut world, node), Ok(2));
    world.tick(0.5).unwrap();
    assert_eq!(world.position(node).unwrap().x, 0.0);
    assert_eq!(world.position(other).unwrap().x, 50.0);
    assert!(
        world.is_component_valid_strict(shape),
        "other components stay"
    );
}

#[test]
fn stopping_the_default_tween_needs_no_capacity_named() {
    let (mut world, node) = setup();
    let ids: Vec<CompId> = (0..3)
        .map(|k| {
            tween(node)
                .tag(k)
                .to(1.0, Props::new().x(100.0), Easing::Linear)
                .start(&mut world)
                .unwrap()
        })
        .collect();
    // The spellings a user tries first: no `<Tween>::`, no trait to import.
    assert_eq!(Tween::stop(&mut world, ids[0]), Ok(()));
    assert_eq!(Tween::stop_by_tag(&mut world, node, 1), Ok(1));
    let root = world.root();
    assert_eq!(Tween::stop_by_tag_in_tree(&mut world, root, 5), Ok(0));
    assert_eq!(Tween::stop_all(&mut world, node), Ok(1));
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap().x, 0.0);
    assert_eq!(world.component_count(), 0);
    // The older spelling still works.
    tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    assert_eq!(<Tween>::stop_all(&mut world, node), Ok(1));
}

#[test]
fn a_hook_stops_its_nodes_tweens_as_tween_stop_all() {
    /// Stops every tween on its node in its first `update`.
    pub struct Stopper {
        stopped: Option<u32>,
    }
    #[component]
    impl Hooks for Stopper {
        fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
            if self.stopped.is_none() {
                let node = ctx.node();
                self.stopped = Some(Tween::stop_all(ctx.world(), node)?);
            }
            Ok(())
        }
    }
    world! {
        type StopWorld = World { nodes: 4, components: StopSet { Tween: 2, Stopper: 1 } };
    }
    let mut world = StopWorld::new();
    let node = world.create_child(world.root(), "Card").unwrap();
    tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    let stopper = world
        .add_component(node, Stopper { stopped: None })
        .unwrap();
    world.tick(0.25).unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.get::<Stopper>(stopper).unwrap().stopped, Some(1));
    assert_eq!(world.position(node).unwrap().x, 25.0);
}

#[test]
fn stop_by_tag_in_a_subtree_and_in_the_whole_world() {
    let mut world = TestWorld::new();
    let root = world.root();
    let a = world.create_child(root, "A").unwrap();
    let b = world.create_child(a, "B").unwrap();
    let b2 = world.create_child(b, "B2").unwrap();
    let c = world.create_child(a, "C").unwrap();
    let d = world.create_child(root, "D").unwrap();
    for (node, tag) in [(a, 7), (b2, 7), (b2, 8), (c, 7), (d, 7)] {
        tween(node)
            .tag(tag)
            .to(1.0, Props::new().x(100.0), Easing::Linear)
            .start(&mut world)
            .unwrap();
    }
    // Tweens of the other capacity are another type: untouched.
    TweenBuilder::<32>::on(d)
        .tag(7)
        .to(1.0, Props::new().y(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    assert_eq!(<Tween>::stop_by_tag_in_tree(&mut world, b, 7), Ok(1));
    assert_eq!(<Tween>::stop_by_tag_in_tree(&mut world, a, 7), Ok(2));
    assert_eq!(<Tween>::stop_by_tag_in_tree(&mut world, root, 7), Ok(1));
    assert_eq!(Tween::<32>::stop_by_tag_in_tree(&mut world, root, 7), Ok(1));
    world.tick(0.5).unwrap();
    let xs: Vec<f32> = [a, b2, c, d]
        .iter()
        .map(|&n| world.position(n).unwrap().x)
        .collect();
    assert_eq!(xs, [0.0, 50.0, 0.0, 0.0], "only the tag-8 tween runs");
    assert_eq!(world.position(d).unwrap().y, 0.0);
}

// ---- lifecycle for free ----

#[test]
fn an_inactive_node_holds_its_tween_where_it_was() {
    let (mut world, node) = setup();
    tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    world.set_active(node, false).unwrap();
    ticks(&mut world, 0.25, 4);
    assert_eq!(world.position(node).unwrap().x, 25.0);
    world.set_active(node, true).unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap().x, 50.0);
}

#[test]
fn a_disabled_tween_is_paused() {
    let (mut world, node) = setup();
    let id = tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    world.set_enabled(id, false).unwrap();
    ticks(&mut world, 0.25, 2);
    world.set_enabled(id, true).unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap().x, 50.0);
}

#[test]
fn a_destroyed_node_ends_its_tween_silently() {
    let (mut world, node) = setup();
    let id = tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    world.destroy(node).unwrap();
    ticks(&mut world, 0.25, 4);
    assert!(!world.is_component_valid(id));
    assert_eq!(world.component_count(), 0);
    assert_eq!(world.hook_errors(), 0);
}

#[test]
fn a_paused_world_holds_every_tween() {
    let (mut world, node) = setup();
    tween(node)
        .to(1.0, Props::new().x(100.0), Easing::Linear)
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    world.pause();
    ticks(&mut world, 0.25, 4);
    assert_eq!(world.position(node).unwrap().x, 25.0);
    world.resume();
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap().x, 50.0);
}

#[test]
fn a_tween_started_from_another_components_hook() {
    let (mut world, node) = setup();
    let starter = world
        .add_component(node, Starter { started: None })
        .unwrap();
    // Started in the start round: the tween's own start and update run this frame.
    world.tick(0.25).unwrap();
    let id = world.get::<Starter>(starter).unwrap().started.unwrap();
    assert_eq!(world.component_node(id), Ok(node));
    assert_eq!(world.position(node).unwrap().x, 25.0);
    ticks(&mut world, 0.25, 3);
    assert_eq!(world.position(node).unwrap().x, 100.0);
    assert!(!world.is_component_valid(id));
}

#[test]
fn a_colour_step_whose_drawable_went_away_ends_the_tween_with_an_error() {
    let (mut world, node) = setup();
    let shape = world
        .add_component(node, Shape::rectangle().with_fill(Rgb888::new(0, 0, 0)))
        .unwrap();
    tween(node)
        .to(0.5, Props::new().x(10.0), Easing::Linear)
        .to(
            0.5,
            Props::new().color(Rgb888::new(255, 0, 0)),
            Easing::Linear,
        )
        .start(&mut world)
        .unwrap();
    world.destroy_component(shape).unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.hook_errors(), 0);
    world.tick(0.5).unwrap();
    assert_eq!(world.hook_errors(), 1);
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::InvalidValue)
    );
    assert_eq!(world.position(node).unwrap().x, 10.0);
    assert_eq!(world.component_count(), 0);
}

// ---- errors change nothing ----

#[test]
fn a_colour_step_whose_drawable_goes_away_mid_step_ends_the_tween_with_an_error() {
    // The step is running when its drawable goes: the frame after is one that only
    // moves the running step along, and it fails the same way.
    let (mut world, node) = setup();
    let shape = world
        .add_component(node, Shape::rectangle().with_fill(Rgb888::new(0, 0, 0)))
        .unwrap();
    tween(node)
        .to(
            1.0,
            Props::new().color(Rgb888::new(200, 0, 0)),
            Easing::Linear,
        )
        .start(&mut world)
        .unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(
        world.get::<Shape>(shape).unwrap().fill,
        Some(Rgb888::new(50, 0, 0))
    );
    // Destroyed at the end of the next frame (which still writes it), gone the one after.
    world.destroy_component(shape).unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.hook_errors(), 0);
    world.tick(0.25).unwrap();
    assert_eq!(world.hook_errors(), 1);
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::InvalidValue)
    );
    assert_eq!(world.component_count(), 0);
}

fn x_to<const N: usize>(builder: TweenBuilder<N>, x: f32) -> TweenBuilder<N> {
    builder.to(0.25, Props::new().x(x), Easing::Linear)
}

/// Four `to`s of x: 8 entries.
fn four() -> TweenBuilder {
    x_to(x_to(x_to(x_to(TweenBuilder::new(), 1.0), 2.0), 3.0), 4.0)
}

#[test]
fn bad_input_is_an_error_at_start_that_adds_nothing() {
    let (mut world, node) = setup();
    let bare = world.create_child(world.root(), "Bare").unwrap();
    let mut nine = tween(node);
    for i in 0..9 {
        nine = x_to(nine, i as f32);
    }
    let cases: Vec<(&str, Result<CompId, Error>)> = vec![
        ("9 `to`s of x: 18 entries in 16", nine.start(&mut world)),
        (
            "group past capacity",
            tween(node)
                // 1 + (1 + 8) + (1 + 8) entries.
                .parallel([four(), four()])
                .start(&mut world),
        ),
        (
            "negative duration",
            tween(node).delay(-1.0).start(&mut world),
        ),
        (
            "NaN duration",
            tween(node)
                .to(f32::NAN, Props::new().x(1.0), Easing::Linear)
                .start(&mut world),
        ),
        (
            "infinite value",
            tween(node)
                .set(Props::new().y(f32::INFINITY))
                .start(&mut world),
        ),
        (
            "NaN bezier",
            tween(node)
                .to(
                    1.0,
                    Props::new().x(1.0),
                    Easing::CubicBezier {
                        x1: f32::NAN,
                        y1: 0.0,
                        x2: 1.0,
                        y2: 1.0,
                    },
                )
                .start(&mut world),
        ),
        (
            "colour in by",
            tween(node)
                .by(
                    1.0,
                    Props::new().color(Rgb888::new(1, 1, 1)),
                    Easing::Linear,
                )
                .start(&mut world),
        ),
        (
            "repeat(0)",
            x_to(tween(node), 1.0).repeat(0).start(&mut world),
        ),
        (
            "repeat of nothing",
            tween(node).repeat_forever().start(&mut world),
        ),
        (
            "a bad part",
            tween(node)
                .then(TweenBuilder::new().delay(f32::NAN))
                .start(&mut world),
        ),
        (
            "no target",
            x_to(<TweenBuilder>::new(), 1.0).start(&mut world),
        ),
        (
            "colour without drawable",
            tween(bare)
                .to(
                    1.0,
                    Props::new().color(Rgb888::new(1, 1, 1)),
                    Easing::Linear,
                )
                .start(&mut world),
        ),
    ];
    let errors: Vec<(&str, Error)> = cases
        .into_iter()
        .map(|(name, result)| (name, result.expect_err(name)))
        .collect();
    assert_eq!(
        errors,
        [
            ("9 `to`s of x: 18 entries in 16", Error::QueueFull),
            ("group past capacity", Error::QueueFull),
            ("negative duration", Error::InvalidValue),
            ("NaN duration", Error::InvalidValue),
            ("infinite value", Error::InvalidValue),
            ("NaN bezier", Error::InvalidValue),
            ("colour in by", Error::InvalidValue),
            ("repeat(0)", Error::InvalidValue),
            ("repeat of nothing", Error::InvalidValue),
            ("a bad part", Error::InvalidValue),
            ("no target", Error::InvalidValue),
            ("colour without drawable", Error::InvalidValue),
        ]
    );
    assert_eq!(world.component_count(), 0);
    world.tick(0.25).unwrap();
    assert_eq!(world.position(node).unwrap(), Vec2::new(0.0, 0.0));
    assert_eq!(world.hook_errors(), 0);
}

#[test]
fn entries_each_step_takes() {
    let node = setup().1;
    let ease = Easing::CubicBezier {
        x1: 0.25,
        y1: 0.1,
        x2: 0.25,
        y2: 1.0,
    };
    let red = Rgb888::new(255, 0, 0);
    let lens = [
        // The builder's documented example: 3 + 1.
        tween(node)
            .to(0.3, Props::new().scale(1.2), Easing::BackOut)
            .delay(0.1)
            .len(),
        tween(node)
            .to(1.0, Props::new().angle_degrees(1.0), ease)
            .len(),
        tween(node).set(Props::new().color(red).opacity(1.0)).len(),
        tween(node)
            .to(
                1.0,
                Props::new().content_size(Size2::new(1.0, 1.0)),
                Easing::Linear,
            )
            .repeat(2)
            .len(),
        tween(node)
            .parallel([
                TweenBuilder::new().delay(1.0),
                TweenBuilder::new().delay(1.0).delay(1.0),
            ])
            .len(),
    ];
    // 3 + 1; 1 + 2 (bezier) + 1; 1 + 3 + 1; 1 (repeat) + 3; 1 + 1 + (1 + 2).
    assert_eq!(lens, [4, 4, 5, 4, 5]);
}

#[test]
fn exactly_the_capacity_fits() {
    let (mut world, node) = setup();
    // 8 `to`s of x: 2 entries each.
    let mut eight = tween(node);
    for i in 1..=8 {
        eight = x_to(eight, i as f32);
    }
    assert_eq!(eight.len(), 16);
    eight.start(&mut world).unwrap();
    world.tick(2.0).unwrap();
    assert_eq!(world.position(node).unwrap().x, 8.0);
}

#[test]
fn a_stale_node_or_a_full_arena_adds_nothing() {
    let (mut world, node) = setup();
    let gone = world.create_child(world.root(), "Gone").unwrap();
    world.destroy(gone).unwrap();
    world.end_frame().unwrap();
    assert_eq!(
        x_to(tween(gone), 1.0).start(&mut world),
        Err(Error::StaleHandle)
    );
    let dying = world.create_child(world.root(), "Dying").unwrap();
    world.destroy(dying).unwrap();
    assert_eq!(
        x_to(tween(dying), 1.0).start(&mut world),
        Err(Error::PendingDestroy)
    );
    world.end_frame().unwrap();
    for _ in 0..2 {
        x_to(TweenBuilder::<32>::on(node), 1.0)
            .start(&mut world)
            .unwrap();
    }
    assert_eq!(
        x_to(TweenBuilder::<32>::on(node), 1.0).start(&mut world),
        Err(Error::ComponentArenaFull { capacity: 2 })
    );
    assert_eq!(world.component_count(), 2);
}

world! {
    /// A world whose set has no tween.
    type NoTweenWorld = World { nodes: 4, components: NoTween { Shape: 1 } };
}

#[test]
fn a_world_without_the_tween_type_refuses_it() {
    let mut world = NoTweenWorld::new();
    let node = world.create_child(world.root(), "Node").unwrap();
    assert_eq!(
        x_to(tween(node), 1.0).start(&mut world),
        Err(Error::NotInSet)
    );
    assert_eq!(world.component_count(), 0);
}

// ---- determinism ----

fn run(dts: &[f32]) -> Vec<(u32, u32, u32, u8)> {
    let (mut world, node) = setup();
    tween(node)
        .to(
            0.7,
            Props::new().position(Vec2::new(33.3, -17.1)),
            Easing::ElasticInOut,
        )
        .parallel([
            TweenBuilder::new().by(0.45, Props::new().angle_degrees(123.4), Easing::BackOut),
            TweenBuilder::new().to(0.3, Props::new().scale(1.7).opacity(12.0), Easing::SineIn),
        ])
        .by(
            0.33,
            Props::new().x(-3.3),
            Easing::CubicBezier {
                x1: 0.25,
                y1: 0.1,
                x2: 0.25,
                y2: 1.0,
            },
        )
        .repeat(3)
        .start(&mut world)
        .unwrap();
    dts.iter()
        .map(|&dt| {
            world.tick(dt).unwrap();
            let p = world.position(node).unwrap();
            (
                p.x.to_bits(),
                p.y.to_bits(),
                world.angle_degrees(node).unwrap().to_bits(),
                world.opacity(node).unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_same_frame_times_give_bit_identical_values() {
    let dts: Vec<f32> = (0..200).map(|i| 0.005 + (i % 7) as f32 * 0.0031).collect();
    let first = run(&dts);
    let second = run(&dts);
    assert_eq!(first, second);
    // The run really moved the node through its steps and ended on the exact end values.
    let end = first.last().copied().unwrap();
    // (2.14 s of steps in about 2.9 s of frames.)
    let x = 33.3f32 + -3.3 + -3.3 + -3.3;
    assert_eq!(
        end,
        (x.to_bits(), (-17.1f32).to_bits(), 123.4f32.to_bits(), 12)
    );
    assert_ne!(first[10], first[40], "it moved between frames");
}

// ---- call ----

#[test]
fn call_sends_its_key_from_the_node_when_the_tween_gets_there() {
    let (mut world, node) = setup();
    let root = world.root();
    // The listener is on the parent: the call bubbles up to it.
    let log = world
        .add_component(root, CallLog { calls: Vec::new() })
        .unwrap();
    tween(node)
        .to(0.5, Props::new().x(10.0), Easing::Linear)
        .call(Phase::HalfWay)
        .to(0.5, Props::new().x(20.0), Easing::Linear)
        .call(Phase::Arrived)
        .start(&mut world)
        .unwrap();
    ticks(&mut world, 0.25, 1);
    assert!(world.get::<CallLog>(log).unwrap().calls.is_empty());
    ticks(&mut world, 0.25, 1);
    assert_eq!(
        world.get::<CallLog>(log).unwrap().calls,
        [(Phase::HalfWay, 10.0)]
    );
    ticks(&mut world, 0.5, 1);
    assert_eq!(
        world.get::<CallLog>(log).unwrap().calls,
        [(Phase::HalfWay, 10.0), (Phase::Arrived, 20.0)]
    );
    assert_eq!(world.hook_errors(), 0);
    assert_eq!(
        tween(node).call(-1).start(&mut world),
        Err(Error::InvalidValue),
        "a key with no u16 form"
    );
}

scene! {
    /// A card that slides in as soon as it is built, tagged so it can be stopped.
    scene SlidingCard(to_x: f32) in TestWorld -> SlidingCardIds {
        node Card {
            position: (0.0, 8.0),
            #[id] slide: Tween<32> = TweenBuilder::new()
                .tag(4)
                .to(1.0, Props::new().x(to_x), Easing::Linear)
                .build()?,
        }
    }
}

#[test]
fn a_tween_declared_in_a_scene_runs_from_the_first_frame() {
    let mut world = TestWorld::new();
    let root = world.root();
    let card = SlidingCard { to_x: 100.0 }
        .instantiate(&mut world, root)
        .unwrap();
    assert_eq!(world.comp(card.slide).unwrap().tag(), Some(4));
    world.tick(0.25).unwrap();
    assert_eq!(world.position(card.top).unwrap(), Vec2::new(25.0, 8.0));
    assert_eq!(
        Tween::<32>::stop_by_tag(&mut world, card.top, 4),
        Ok(1),
        "stopped like any tween"
    );
    world.tick(0.25).unwrap();
    assert_eq!(world.position(card.top).unwrap().x, 25.0);
}

#[test]
fn a_scene_with_a_bad_tween_builds_nothing() {
    let mut world = TestWorld::new();
    let root = world.root();
    // A non-finite value: the builder's error is `instantiate`'s, and no node is left.
    let nodes = world.node_count();
    let built = SlidingCard { to_x: f32::NAN }.instantiate(&mut world, root);
    assert_eq!(built.err(), Some(Error::InvalidValue));
    assert_eq!(world.node_count(), nodes);
    // Built by hand too (the builder is at the crate's root as well): the same error as
    // `start`.
    assert_eq!(
        sprig_ui::TweenBuilder::<16>::new()
            .to(-1.0, Props::new().x(1.0), Easing::Linear)
            .build()
            .err(),
        Some(Error::InvalidValue)
    );
}

#[test]
fn a_built_colour_tween_on_a_node_without_a_drawable_fails_in_its_update() {
    let mut world = TestWorld::new();
    let node = world.create_child(world.root(), "Bare").unwrap();
    let tween = TweenBuilder::<16>::new()
        .to(
            1.0,
            Props::new().color(Rgb888::new(255, 0, 0)),
            Easing::Linear,
        )
        .build()
        .unwrap();
    world.add_component(node, tween).unwrap();
    world.tick(0.25).unwrap();
    assert_eq!(world.hook_errors(), 1);
    assert_eq!(
        world.last_hook_error().map(|(_, _, error)| error),
        Some(Error::InvalidValue)
    );
}
