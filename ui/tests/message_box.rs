//! The message box: it takes the focus and every touch around it, a click on a button
//! (by touch or by key) dispatches `MessageBoxClick` with the button's index and closes
//! the box, the focus goes back where it was, too many buttons is an `Err` that adds
//! nothing, and a golden frame of a box open.
//!
//! The panel is the root, 128×64, anchored at its bottom-left corner; the box's panel
//! (112×56) is centred on (64, 32), its two 32×12 buttons centred on (46, 14) and
//! (82, 14).

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Label, Shape};
use sprig::{
    component, world, AnyWorld, Ctx, Error, Event, HookResult, Hooks, Key, KeyEvent, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{
    BlockInput, Button, Click, FocusGroup, MessageBox, MessageBoxClick, MessageBoxStyle,
};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// On the root: logs every `Click`, `MessageBoxClick` and key press that bubbles up.
pub struct Heard;

#[component]
impl Hooks for Heard {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)?;
        ctx.on::<MessageBoxClick>(node)
    }
    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(click) = event.get::<Click>() {
            let line = format!("click {}", ctx.name(click.node)?);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        if let Some(click) = event.get::<MessageBoxClick>() {
            let line = format!("message box {}", click.index);
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
        nodes: 14,
        components: AppSet {
            MessageBox: 1, BlockInput: 1, FocusGroup: 1, Shape: 8, Label: 8, Button: 4, Heard: 1,
        },
    };
}

/// The root with a listener, and a button "Behind" at (8, 60), focused.
fn app() -> (App, NodeId) {
    let mut world = App::new();
    let root = world.root();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world
        .set_content_size(root, Size2::new(128.0, 64.0))
        .unwrap();
    world.add_component(root, Heard).unwrap();
    let behind = world.create_child(root, "Behind").unwrap();
    world.set_position(behind, Vec2::new(8.0, 60.0)).unwrap();
    world
        .set_content_size(behind, Size2::new(12.0, 6.0))
        .unwrap();
    world.add_component(behind, Button::new()).unwrap();
    world.set_focus(Some(behind)).unwrap();
    (world, behind)
}

/// A tap at world point (x, y) on the 64-px-high screen.
fn tap(world: &mut App, x: f32, y: f32) {
    let at = Vec2::new(x, 64.0 - y);
    world.touch(0, TouchPhase::Down, at, 64.0).unwrap();
    world.touch(0, TouchPhase::Up, at, 64.0).unwrap();
}

fn press_a(world: &mut App) {
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
}

#[test]
fn a_box_takes_input_and_a_key_click_gives_the_index_and_closes_it() {
    let (mut world, behind) = app();
    let root = world.root();
    let style = MessageBoxStyle::default();
    let ids = MessageBox::open(
        &mut world,
        root,
        "Wi-Fi",
        "Forget it?",
        &["OK", "Cancel"],
        style,
    )
    .unwrap();
    assert_eq!(world.focus(), Some(ids.buttons[0]));
    tap(&mut world, 8.0, 60.0); // on "Behind", under the dimming: taken by the box
    world.key(Key::B, true).unwrap(); // no key leaves the box either
    assert_eq!(take_log(), Vec::<String>::new());
    assert_eq!(world.focus(), Some(ids.buttons[0]));

    world.key(Key::Right, true).unwrap();
    assert_eq!(world.focus(), Some(ids.buttons[1]));
    press_a(&mut world);
    assert_eq!(take_log(), ["message box 1"]); // the button's own Click stops at the box
    assert_eq!(world.focus(), Some(behind), "back where it was");
    world.tick(0.0).unwrap();
    assert!(!world.is_valid(ids.node));
    tap(&mut world, 8.0, 60.0); // the box gone, "Behind" hears touches again
    assert_eq!(take_log(), ["click Behind"]);
}

#[test]
fn a_touch_on_a_button_gives_its_index() {
    let (mut world, _) = app();
    let root = world.root();
    let style = MessageBoxStyle::default();
    let ids = MessageBox::open(
        &mut world,
        root,
        "Wi-Fi",
        "Forget it?",
        &["OK", "Cancel"],
        style,
    )
    .unwrap();
    tap(&mut world, 46.0, 14.0);
    assert_eq!(take_log(), ["message box 0"]);
    assert!(!world.is_valid_strict(ids.node));
}

#[test]
fn too_many_buttons_add_nothing() {
    let (mut world, behind) = app();
    let root = world.root();
    let nodes = world.node_count();
    let four = ["1", "2", "3", "4"];
    let refused = MessageBox::open(
        &mut world,
        root,
        "T",
        "t",
        &four,
        MessageBoxStyle::default(),
    );
    assert_eq!(refused, Err(Error::InvalidValue));
    assert_eq!(world.node_count(), nodes);
    assert_eq!(world.focus(), Some(behind));
    // A box that does not fit the arena (14 nodes) is taken back whole.
    let small = MessageBoxStyle {
        dim_opacity: 255,
        ..MessageBoxStyle::default()
    };
    let full = MessageBox::open(&mut world, root, "T", "t", &["a", "b", "c"], small);
    assert!(full.is_ok());
    let second = MessageBox::open(&mut world, root, "T", "t", &["a"], small);
    assert!(second.is_err());
    assert_eq!(world.node_count(), nodes + 8);
}

#[test]
fn close_without_a_click_puts_the_focus_back() {
    let (mut world, behind) = app();
    let root = world.root();
    let ids = MessageBox::open(
        &mut world,
        root,
        "Saved",
        "",
        &["OK"],
        MessageBoxStyle::default(),
    )
    .unwrap();
    MessageBox::close(&mut world, ids.node).unwrap();
    assert_eq!(world.focus(), Some(behind));
    world.tick(0.0).unwrap();
    assert_eq!(
        MessageBox::close(&mut world, ids.node),
        Err(Error::StaleHandle)
    );
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn golden_a_box_open() {
    let (mut world, behind) = app();
    world
        .add_component(
            behind,
            Shape::rectangle().with_fill(Rgb888::new(255, 255, 0)),
        )
        .unwrap();
    let root = world.root();
    let style = MessageBoxStyle {
        panel_size: Size2::new(96.0, 48.0),
        ..MessageBoxStyle::default()
    };
    MessageBox::open(&mut world, root, "Hi", "", &["OK", "No"], style).unwrap();
    world.tick(0.0).unwrap(); // the buttons show their state (OK focused)
    golden::check("message_box_open", &mut world, 128, 64);
}
