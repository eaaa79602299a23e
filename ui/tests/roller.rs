//! Rollers: keys choose the neighbour (one `RollerChanged` at once, the wheel easing
//! there and landing exactly), a tap chooses the row tapped, a slow drag snaps to the
//! nearest option, a flick coasts with inertia and snaps (exact option and offset for a
//! given sequence of `dt`), the ends hold, capacity and index errors, and a golden frame
//! at rest (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use sprig::render::{Clip, Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{Roller, RollerChanged, MAX_OPTIONS};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `RollerChanged` reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<RollerChanged>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(c) = event.get::<RollerChanged>() {
            let line = format!("{} {}", ctx.name(c.node)?, c.index);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 24,
        components: AppSet { Roller: 1, Shape: 2, Label: 10, Clip: 1, Logger: 1 },
        listeners: 4,
    };
}

const HOURS: [&str; 10] = ["0h", "1h", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h"];

/// A 40×40 screen (origin bottom-left) with a logger on the root and the roller "Hour",
/// 36×36 (three rows of 12), its bottom-left corner at (2, 2): the band from y 14 to 26.
fn scene(roller: Roller) -> (App, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(40.0, 40.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Hour").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(2.0, 2.0)).unwrap();
    world
        .set_content_size(node, Size2::new(36.0, 36.0))
        .unwrap();
    let roller = world.add_component(node, roller).unwrap();
    world.tick(0.0).unwrap();
    (world, node, roller)
}

fn touch(world: &mut App, phase: TouchPhase, y: f32) {
    world
        .touch(0, phase, Vec2::new(20.0, 40.0 - y), 40.0)
        .unwrap();
}

fn roller(world: &App, id: CompId) -> &Roller {
    world.get::<Roller>(id).unwrap()
}

/// Ticks of 20 ms until the wheel is at rest (at most 5 s); returns how many.
fn settle(world: &mut App, id: CompId) -> usize {
    for k in 0..250 {
        if roller(world, id).is_at_rest() {
            return k;
        }
        world.tick(0.02).unwrap();
    }
    panic!("the wheel never came to rest");
}

#[test]
fn keys_choose_the_neighbour_at_once_and_the_wheel_lands_exactly_on_it() {
    let (mut world, node, id) = scene(Roller::new(&HOURS).unwrap());
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Down, true).unwrap();
    world.key(Key::Down, false).unwrap();
    assert_eq!(take_log(), ["Hour 1"]);
    assert_eq!(roller(&world, id).selected(), 1);
    assert_eq!(
        roller(&world, id).offset(),
        0.0,
        "easing starts at the next frame"
    );
    world.tick(0.02).unwrap();
    // 12 px left, times exp(-0.3): 8.89 left.
    let after_one = roller(&world, id).offset();
    assert!((after_one - (12.0 - 12.0 * (-0.3f32).exp())).abs() < 1e-4);
    assert_eq!(settle(&mut world, id), 10);
    assert_eq!(roller(&world, id).offset(), 12.0);
    // At the top, Up is taken and changes nothing after option 0.
    for _ in 0..3 {
        world.key(Key::Up, true).unwrap();
    }
    assert_eq!(take_log(), ["Hour 0"]);
    settle(&mut world, id);
    assert_eq!(roller(&world, id).offset(), 0.0);
    // Left bubbles on; unfocused, Down is not its.
    world.key(Key::Left, true).unwrap();
    world.set_focus(None).unwrap();
    world.key(Key::Down, true).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn a_tap_chooses_the_row_tapped() {
    let (mut world, _, id) = scene(Roller::new(&HOURS).unwrap().with_selected(5).unwrap());
    // The row below the band (y 2 to 14) holds option 6.
    touch(&mut world, TouchPhase::Down, 8.0);
    touch(&mut world, TouchPhase::Up, 8.0);
    assert_eq!(take_log(), ["Hour 6"]);
    settle(&mut world, id);
    assert_eq!(roller(&world, id).offset(), 72.0);
    // In the band: the selected one, nothing sent.
    touch(&mut world, TouchPhase::Down, 20.0);
    touch(&mut world, TouchPhase::Up, 20.0);
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn a_slow_drag_turns_the_wheel_with_the_finger_and_snaps_to_the_nearest_option() {
    let (mut world, _, id) = scene(Roller::new(&HOURS).unwrap());
    touch(&mut world, TouchPhase::Down, 10.0);
    world.tick(0.02).unwrap();
    touch(&mut world, TouchPhase::Move, 27.0); // 17 px up
    assert_eq!(roller(&world, id).offset(), 17.0);
    assert_eq!(
        take_log(),
        Vec::<String>::new(),
        "nothing chosen while held"
    );
    world.tick(0.5).unwrap(); // held still: no speed left at the release
    touch(&mut world, TouchPhase::Up, 27.0);
    assert_eq!(
        take_log(),
        ["Hour 1"],
        "17 px is nearest to option 1 (12 px)"
    );
    settle(&mut world, id);
    assert_eq!(roller(&world, id).offset(), 12.0);
    // A drag past the first option stops there.
    touch(&mut world, TouchPhase::Down, 30.0);
    touch(&mut world, TouchPhase::Move, 0.0);
    assert_eq!(roller(&world, id).offset(), 0.0);
    world.tick(0.5).unwrap();
    touch(&mut world, TouchPhase::Up, 0.0);
    assert_eq!(take_log(), ["Hour 0"]);
}

#[test]
fn a_flick_coasts_with_inertia_and_snaps_deterministically() {
    let run = || {
        let (mut world, _, id) = scene(Roller::new(&HOURS).unwrap());
        touch(&mut world, TouchPhase::Down, 4.0);
        world.tick(0.02).unwrap();
        touch(&mut world, TouchPhase::Move, 10.0);
        world.tick(0.02).unwrap();
        touch(&mut world, TouchPhase::Move, 16.0); // 6 px in 20 ms: 300 px/s
        touch(&mut world, TouchPhase::Up, 16.0);
        assert_eq!(roller(&world, id).velocity(), 300.0);
        assert_eq!(roller(&world, id).offset(), 12.0);
        let frames = settle(&mut world, id);
        (
            frames,
            roller(&world, id).selected(),
            roller(&world, id).offset(),
            take_log(),
        )
    };
    let first = run();
    // 300 px/s decaying over 0.3 s coasts about 90 px: from 12 to near 97, option 8.
    assert_eq!(first.1, 8);
    assert_eq!(first.2, 96.0);
    assert_eq!(first.3, ["Hour 8"], "one event, when the coast ends");
    assert_eq!(run(), first, "the same dt, the same wheel");
}

#[test]
fn a_flick_stops_at_the_last_option() {
    let (mut world, _, id) = scene(Roller::new(&HOURS[..4]).unwrap());
    touch(&mut world, TouchPhase::Down, 4.0);
    world.tick(0.02).unwrap();
    touch(&mut world, TouchPhase::Move, 14.0);
    world.tick(0.02).unwrap();
    touch(&mut world, TouchPhase::Move, 34.0); // 1000 px/s
    touch(&mut world, TouchPhase::Up, 34.0);
    settle(&mut world, id);
    assert_eq!(roller(&world, id).selected(), 3);
    assert_eq!(roller(&world, id).offset(), 36.0);
    assert_eq!(take_log(), ["Hour 3"]);
}

#[test]
fn capacity_and_bad_values_are_errors_that_change_nothing() {
    assert_eq!(Roller::new(&[]), Err(Error::InvalidValue));
    assert_eq!(Roller::new(&["x"; MAX_OPTIONS + 1]), Err(Error::QueueFull));
    let mut r = Roller::new(&HOURS).unwrap().with_selected(3).unwrap();
    assert_eq!(r.set_selected(10), Err(Error::InvalidValue));
    assert_eq!((r.selected(), r.offset()), (3, 36.0));
    assert_eq!(r.clone().with_row_height(0.0), Err(Error::InvalidValue));
    assert_eq!(
        r.clone().with_row_height(f32::NAN),
        Err(Error::InvalidValue)
    );
    assert_eq!(r.with_row_height(10.0).unwrap().offset(), 30.0);
}

#[test]
fn golden_frame_at_rest() {
    let (mut world, _, id) = scene(Roller::new(&HOURS[..5]).unwrap().with_selected(2).unwrap());
    world.tick(0.0).unwrap();
    let parts = roller(&world, id).parts().unwrap().clone();
    let label = world.component_of::<Label>(parts.rows[2]).unwrap().unwrap();
    assert_eq!(world.get::<Label>(label).unwrap().text.as_str(), "2h");
    golden::check("roller", &mut world, 40, 40);
    let _ = (Shape::rectangle(), Clip);
}
