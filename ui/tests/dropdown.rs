//! Dropdowns: keys and touches open it, move the highlight and choose (one
//! `DropdownChanged` per change, none for the same option), B and a touch outside close
//! it without a change and without the touch reaching what is under it, the open list
//! drawn (and hit) above a node that comes later in the tree, the options' capacity, and
//! golden frames closed and open (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{DrawOrder, Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{Backdrop, Button, Click, Dropdown, DropdownChanged, MAX_OPTIONS};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `DropdownChanged` and `Click` reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<DropdownChanged>(node)?;
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let line = if let Some(c) = event.get::<DropdownChanged>() {
            format!("{} {}", ctx.name(c.node)?, c.index)
        } else if let Some(c) = event.get::<Click>() {
            format!("Click {}", ctx.name(c.node)?)
        } else {
            return Ok(());
        };
        LOG.with(|l| l.borrow_mut().push(line));
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 24,
        components: AppSet { Dropdown: 1, Backdrop: 1, Button: 1, Shape: 4, Label: 8, Logger: 1 },
        listeners: 4,
    };
}

struct Scene {
    world: App,
    node: NodeId,
    dropdown: CompId,
    under: NodeId,
}

/// A 64×48 screen (origin bottom-left) with a logger on the root; the dropdown "Units",
/// 60×10, its bottom-left corner at (2, 36), so its list of three rows hangs from y 36
/// down to 6 (row 0 from 26 to 36, row 1 from 16, row 2 from 6); then, later in the
/// tree, a button "Under" (green) from (2, 0) to (62, 20), partly under the list.
fn scene() -> Scene {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 48.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Units").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(2.0, 36.0)).unwrap();
    world
        .set_content_size(node, Size2::new(60.0, 10.0))
        .unwrap();
    let dropdown = Dropdown::new(&["C", "F", "K"]).unwrap();
    let dropdown = world.add_component(node, dropdown).unwrap();
    let under = world.create_child(root, "Under").unwrap();
    world.set_anchor(under, Vec2::ZERO).unwrap();
    world.set_position(under, Vec2::new(2.0, 0.0)).unwrap();
    world
        .set_content_size(under, Size2::new(60.0, 20.0))
        .unwrap();
    world
        .add_component(under, Shape::rectangle().with_fill(Rgb888::new(0, 160, 0)))
        .unwrap();
    world.add_component(under, Button::new()).unwrap();
    world.tick(0.0).unwrap();
    Scene {
        world,
        node,
        dropdown,
        under,
    }
}

fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, 48.0 - y), 48.0).unwrap();
}

fn tap(world: &mut App, x: f32, y: f32) {
    touch(world, TouchPhase::Down, x, y);
    touch(world, TouchPhase::Up, x, y);
}

fn press(world: &mut App, key: Key) {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
}

fn state(s: &Scene) -> (bool, usize, usize) {
    let d = s.world.get::<Dropdown>(s.dropdown).unwrap();
    (d.is_open(), d.selected(), d.highlighted())
}

fn list(s: &Scene) -> NodeId {
    s.world
        .get::<Dropdown>(s.dropdown)
        .unwrap()
        .parts()
        .unwrap()
        .list
}

#[test]
fn keys_open_move_the_highlight_choose_and_close() {
    let mut s = scene();
    s.world.set_focus(Some(s.node)).unwrap();
    press(&mut s.world, Key::A);
    assert_eq!(state(&s), (true, 0, 0));
    assert!(s.world.active(list(&s)).unwrap(), "the list shows at once");
    for _ in 0..3 {
        press(&mut s.world, Key::Down); // 1, 2, then it stays on the last
    }
    assert_eq!(state(&s), (true, 0, 2));
    press(&mut s.world, Key::Up);
    press(&mut s.world, Key::Right); // taken, does nothing
    assert_eq!(state(&s), (true, 0, 1));
    assert_eq!(take_log(), Vec::<String>::new());
    press(&mut s.world, Key::A);
    assert_eq!(state(&s), (false, 1, 1));
    assert_eq!(take_log(), ["Units 1"]);
    assert!(!s.world.active(list(&s)).unwrap());
    // B closes without a change.
    press(&mut s.world, Key::A);
    press(&mut s.world, Key::Down);
    press(&mut s.world, Key::B);
    assert_eq!(state(&s), (false, 1, 2));
    // Choosing the selected option closes and sends nothing.
    press(&mut s.world, Key::A);
    press(&mut s.world, Key::A);
    assert_eq!(state(&s), (false, 1, 1));
    assert_eq!(take_log(), Vec::<String>::new());
    // The face shows the choice.
    s.world.tick(0.0).unwrap();
    let text = s
        .world
        .get::<Dropdown>(s.dropdown)
        .unwrap()
        .parts()
        .unwrap()
        .text;
    let label = s.world.component_of::<Label>(text).unwrap().unwrap();
    assert_eq!(s.world.get::<Label>(label).unwrap().text.as_str(), "F");
}

#[test]
fn a_tap_opens_and_a_tap_on_a_row_chooses_it_without_reaching_the_button_under() {
    let mut s = scene();
    tap(&mut s.world, 30.0, 40.0); // on the face
    assert_eq!(state(&s), (true, 0, 0));
    tap(&mut s.world, 30.0, 10.0); // row 2, over the button
    assert_eq!(state(&s), (false, 2, 2));
    assert_eq!(take_log(), ["Units 2"]);
}

#[test]
fn a_touch_outside_closes_without_a_change_and_reaches_nothing_under_it() {
    let mut s = scene();
    tap(&mut s.world, 30.0, 40.0);
    // On the button, below the list: the backdrop takes it.
    touch(&mut s.world, TouchPhase::Down, 30.0, 3.0);
    assert_eq!(state(&s), (false, 0, 0), "closed at once");
    touch(&mut s.world, TouchPhase::Move, 31.0, 3.0);
    touch(&mut s.world, TouchPhase::Up, 31.0, 3.0);
    assert_eq!(take_log(), Vec::<String>::new(), "no Click, no change");
    // Closed, the button is reachable again.
    tap(&mut s.world, 30.0, 3.0);
    assert_eq!(take_log(), ["Click Under"]);
    // A touch on the open dropdown's own face closes it too.
    tap(&mut s.world, 30.0, 40.0);
    tap(&mut s.world, 30.0, 40.0);
    assert_eq!(state(&s), (false, 0, 0));
    assert_eq!(take_log(), Vec::<String>::new());
    assert_eq!(s.world.focus(), None, "touches move no focus");
    let _ = s.under;
}

#[test]
fn a_drag_on_the_list_moves_the_highlight_and_chooses_where_it_is_lifted() {
    let mut s = scene();
    tap(&mut s.world, 30.0, 40.0);
    touch(&mut s.world, TouchPhase::Down, 30.0, 30.0); // row 0
    touch(&mut s.world, TouchPhase::Move, 30.0, 20.0); // row 1
    assert_eq!(state(&s), (true, 0, 1));
    // Lifted off the list: stays open, nothing chosen.
    touch(&mut s.world, TouchPhase::Move, 30.0, 2.0);
    touch(&mut s.world, TouchPhase::Up, 30.0, 2.0);
    assert_eq!(state(&s), (true, 0, 1));
    touch(&mut s.world, TouchPhase::Down, 30.0, 30.0);
    touch(&mut s.world, TouchPhase::Move, 30.0, 8.0); // row 2
    touch(&mut s.world, TouchPhase::Up, 30.0, 8.0);
    assert_eq!(state(&s), (false, 2, 2));
    assert_eq!(take_log(), ["Units 2"]);
}

#[test]
fn the_open_list_is_drawn_last_above_a_node_later_in_the_tree() {
    let mut s = scene();
    let parts = s
        .world
        .get::<Dropdown>(s.dropdown)
        .unwrap()
        .parts()
        .unwrap()
        .clone();
    let mut order: DrawOrder<24> = DrawOrder::new();
    s.world.draw_order(&mut order);
    assert!(!order.as_slice().contains(&parts.list), "closed: not drawn");
    s.world.set_focus(Some(s.node)).unwrap();
    press(&mut s.world, Key::A);
    s.world.draw_order(&mut order);
    let mut last = vec![parts.backdrop, parts.list, parts.highlight];
    last.extend(parts.rows.iter().copied());
    let tail = &order.as_slice()[order.as_slice().len() - last.len()..];
    assert_eq!(tail, last.as_slice());
    let under_at = order.as_slice().iter().position(|&n| n == s.under).unwrap();
    assert!(under_at < order.as_slice().len() - last.len());
}

#[test]
fn the_focus_moving_away_closes_the_list() {
    let mut s = scene();
    s.world.set_focus(Some(s.node)).unwrap();
    press(&mut s.world, Key::A);
    press(&mut s.world, Key::Down);
    s.world.set_focus(Some(s.under)).unwrap();
    s.world.tick(0.0).unwrap();
    assert_eq!(state(&s), (false, 0, 1));
    assert!(!s.world.active(list(&s)).unwrap());
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn the_options_capacity_and_bad_indices_are_errors_that_change_nothing() {
    assert_eq!(Dropdown::new(&[]), Err(Error::InvalidValue));
    let many = ["x"; MAX_OPTIONS + 1];
    assert_eq!(Dropdown::new(&many), Err(Error::QueueFull));
    let mut full = Dropdown::new(&many[..MAX_OPTIONS]).unwrap();
    assert_eq!(full.push_option("y"), Err(Error::QueueFull));
    assert_eq!(full.options().len(), MAX_OPTIONS);
    assert_eq!(full.set_selected(MAX_OPTIONS), Err(Error::InvalidValue));
    assert_eq!(full.selected(), 0);
    let long = "an option far too long for its row";
    assert!(matches!(
        Dropdown::new(&["a", long]),
        Err(Error::TextTooLong { .. })
    ));

    // An option pushed later gets its row at the next frame.
    let mut s = scene();
    s.world
        .get_mut::<Dropdown>(s.dropdown)
        .unwrap()
        .push_option("R")
        .unwrap();
    s.world.tick(0.0).unwrap();
    let d = s.world.get::<Dropdown>(s.dropdown).unwrap();
    assert_eq!(d.parts().unwrap().rows.len(), 4);
    assert_eq!(d.options().as_slice(), ["C", "F", "K", "R"]);
}

#[test]
fn golden_frames_closed_and_open() {
    let mut s = scene();
    s.world
        .get_mut::<Dropdown>(s.dropdown)
        .unwrap()
        .set_selected(1)
        .unwrap();
    s.world.tick(0.0).unwrap();
    golden::check("dropdown_closed", &mut s.world, 64, 48);
    s.world.set_focus(Some(s.node)).unwrap();
    press(&mut s.world, Key::A);
    press(&mut s.world, Key::Down);
    s.world.tick(0.0).unwrap();
    golden::check("dropdown_open", &mut s.world, 64, 48);
}
