//! Spin boxes: keys and touches step within the range (clamped, one event per change,
//! none when clamped to the same value), the long-press repeat's exact timing, the
//! text's digits and point, refused settings, and a golden frame at rest (regenerate
//! with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use sprig::render::{Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchEvent, TouchPhase, Vec2,
};
use sprig_ui::{Spinbox, SpinboxChanged};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `SpinboxChanged` reaching its node, and each touch that gets to it.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<SpinboxChanged>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(c) = event.get::<SpinboxChanged>() {
            let line = format!("{} {}", ctx.name(c.node)?, c.value);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        Ok(())
    }

    fn on_touch(&mut self, _ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        LOG.with(|l| l.borrow_mut().push(format!("root touch {:?}", touch.phase)));
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 16,
        components: AppSet { Spinbox: 1, Shape: 2, Label: 4, Logger: 1 },
        listeners: 4,
    };
}

/// A 64×16 screen (origin bottom-left, the root listening) with a spin box "Temp",
/// 60×14, its bottom-left corner at world (2, 1): "-" from x 2 to 16, "+" from 48 to 62.
fn scene(spinbox: Spinbox) -> (App, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 16.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Temp").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(2.0, 1.0)).unwrap();
    world
        .set_content_size(node, Size2::new(60.0, 14.0))
        .unwrap();
    let spin = world.add_component(node, spinbox).unwrap();
    world.tick(0.0).unwrap();
    world.set_focus(Some(node)).unwrap();
    (world, node, spin)
}

fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, 16.0 - y), 16.0).unwrap();
}

fn press(world: &mut App, key: Key) {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
}

fn value(world: &App, spin: CompId) -> i32 {
    world.get::<Spinbox>(spin).unwrap().value()
}

#[test]
fn keys_step_within_the_range_clamp_at_the_ends_and_send_one_event_per_change() {
    let spin = Spinbox::new(0, 10)
        .unwrap()
        .with_step(4)
        .unwrap()
        .with_value(8);
    let (mut world, _, spin) = scene(spin);
    press(&mut world, Key::Up); // 8 + 4 clamps to 10
    press(&mut world, Key::Up); // already at the top: nothing
    for _ in 0..4 {
        press(&mut world, Key::Down); // 6, 2, 0, then nothing
    }
    assert_eq!(take_log(), ["Temp 10", "Temp 6", "Temp 2", "Temp 0"]);
    assert_eq!(value(&world, spin), 0);
    // Left and Right are not its; unfocused, neither is Up.
    press(&mut world, Key::Right);
    world.set_focus(None).unwrap();
    press(&mut world, Key::Up);
    assert_eq!(take_log(), Vec::<String>::new());
    assert_eq!(value(&world, spin), 0);
}

#[test]
fn a_held_key_repeats_after_the_delay_then_every_interval_until_released() {
    let (mut world, _, spin) = scene(Spinbox::new(0, 100).unwrap());
    world.key(Key::Up, true).unwrap();
    assert_eq!(take_log(), ["Temp 1"], "one step at once");
    for _ in 0..3 {
        world.tick(0.1).unwrap();
    }
    assert_eq!(take_log(), Vec::<String>::new(), "nothing before 0.4 s");
    world.tick(0.1).unwrap(); // 0.4 s
    assert_eq!(take_log(), ["Temp 2"]);
    world.tick(0.05).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
    world.tick(0.05).unwrap(); // 0.5 s
    world.tick(0.25).unwrap(); // 0.75 s: two more (0.6 and 0.7)
    assert_eq!(take_log(), ["Temp 3", "Temp 4", "Temp 5"]);
    world.key(Key::Up, false).unwrap();
    world.tick(1.0).unwrap();
    assert_eq!(take_log(), Vec::<String>::new(), "released: no more");
    assert_eq!(value(&world, spin), 5);
    assert!(!world.get::<Spinbox>(spin).unwrap().is_held());
}

#[test]
fn touches_on_the_ends_step_and_repeat_and_a_move_off_the_end_stops_the_repeat() {
    let (mut world, _, spin) = scene(Spinbox::new(-3, 3).unwrap());
    touch(&mut world, TouchPhase::Down, 55.0, 8.0); // on "+"
    touch(&mut world, TouchPhase::Up, 55.0, 8.0);
    touch(&mut world, TouchPhase::Down, 30.0, 8.0); // on the value: nothing
    touch(&mut world, TouchPhase::Up, 30.0, 8.0);
    touch(&mut world, TouchPhase::Down, 5.0, 8.0); // on "-", held
    world.tick(0.4).unwrap();
    world.tick(0.1).unwrap();
    touch(&mut world, TouchPhase::Move, 25.0, 8.0); // off the end
    world.tick(0.5).unwrap();
    touch(&mut world, TouchPhase::Up, 25.0, 8.0);
    assert_eq!(take_log(), ["Temp 1", "Temp 0", "Temp -1", "Temp -2"]);
    assert_eq!(value(&world, spin), -2);
    // Held at the bottom: the repeats clamp and send nothing.
    touch(&mut world, TouchPhase::Down, 5.0, 8.0);
    world.tick(2.0).unwrap();
    touch(&mut world, TouchPhase::Up, 5.0, 8.0);
    assert_eq!(take_log(), ["Temp -3"]);
}

#[test]
fn the_text_has_the_digits_the_point_and_the_sign() {
    let tenths = Spinbox::new(-300, 300).unwrap().with_digits(3, 1).unwrap();
    assert_eq!(tenths.with_value(215).text(), "21.5");
    assert_eq!(tenths.with_value(-5).text(), "-00.5");
    assert_eq!(tenths.with_value(0).text(), "00.0");
    let plain = Spinbox::new(0, 999).unwrap();
    assert_eq!(plain.digits(), (3, 0));
    assert_eq!(plain.with_value(7).text(), "007");
    let wide = Spinbox::new(i32::MIN / 10 + 1, 999_999_999).unwrap();
    assert_eq!(wide.with_value(-123_456_789).text(), "-123456789");
}

#[test]
fn settings_out_of_range_are_refused_and_values_are_clamped() {
    assert_eq!(Spinbox::new(5, 1), Err(Error::InvalidValue));
    assert_eq!(
        Spinbox::new(0, 1_000_000_000),
        Err(Error::InvalidValue),
        "10 digits"
    );
    let spin = Spinbox::new(0, 100).unwrap();
    assert_eq!(spin.with_step(0), Err(Error::InvalidValue));
    assert_eq!(spin.with_step(-2), Err(Error::InvalidValue));
    assert_eq!(
        spin.with_digits(2, 0),
        Err(Error::InvalidValue),
        "100 needs 3"
    );
    assert_eq!(spin.with_digits(3, 3), Err(Error::InvalidValue));
    assert_eq!(spin.with_digits(10, 1), Err(Error::InvalidValue));
    assert_eq!(spin.with_value(500).value(), 100);
    assert_eq!(spin.with_value(-1).value(), 0);
    assert_eq!(
        Spinbox::new(10, 20).unwrap().value(),
        10,
        "0 clamped to the range"
    );
}

#[test]
fn set_value_clamps_sends_nothing_and_the_text_follows_at_the_next_frame() {
    let (mut world, _, spin) = scene(Spinbox::new(0, 50).unwrap());
    world.get_mut::<Spinbox>(spin).unwrap().set_value(75);
    assert_eq!(value(&world, spin), 50);
    world.tick(0.0).unwrap();
    let text = world.get::<Spinbox>(spin).unwrap().parts().unwrap().value;
    let label = world.component_of::<Label>(text).unwrap().unwrap();
    assert_eq!(world.get::<Label>(label).unwrap().text.as_str(), "50");
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn the_spin_box_keeps_every_touch_from_its_ancestors() {
    let (mut world, _, _) = scene(Spinbox::new(0, 9).unwrap());
    touch(&mut world, TouchPhase::Down, 30.0, 8.0);
    touch(&mut world, TouchPhase::Up, 30.0, 8.0);
    touch(&mut world, TouchPhase::Down, 63.0, 8.0); // beside it: the root's
    assert_eq!(take_log(), ["root touch Down"]);
}

#[test]
fn golden_frame_at_rest() {
    let spin = Spinbox::new(0, 300)
        .unwrap()
        .with_digits(3, 1)
        .unwrap()
        .with_value(215);
    let (mut world, _, _) = scene(spin);
    golden::check("spinbox", &mut world, 64, 16);
}
