//! Check boxes: key A and a touch anywhere on the node click it (`Click`, then
//! `Toggled`, once each), a release outside does not, the text's capacity, the parts
//! following a resized node, a failed build leaving no part behind, and golden frames
//! checked and unchecked (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use sprig::render::{Label, Shape};
use sprig::{
    component, world, AnyWorld, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{Checkbox, Click, PickerStyle, Toggled};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `Click` and `Toggled` reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)?;
        ctx.on::<Toggled>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let line = if let Some(click) = event.get::<Click>() {
            format!("Click {}", ctx.name(click.node)?)
        } else if let Some(t) = event.get::<Toggled>() {
            format!("Toggled {} {}", ctx.name(t.node)?, t.checked)
        } else {
            return Ok(());
        };
        LOG.with(|l| l.borrow_mut().push(line));
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 16,
        components: AppSet { Checkbox: 2, Shape: 4, Label: 2, Logger: 1 },
        listeners: 4,
    };
}

world! {
    type NoLabels = World { nodes: 8, components: Set { Checkbox: 1, Shape: 4 } };
}

/// A 64×16 screen (origin bottom-left) with a logger on the root and a check box
/// "Wifi", 60×12, whose bottom-left corner is at world (2, 2).
fn scene(checkbox: Checkbox) -> (App, NodeId, sprig::CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 16.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Wifi").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(2.0, 2.0)).unwrap();
    world
        .set_content_size(node, Size2::new(60.0, 12.0))
        .unwrap();
    let check = world.add_component(node, checkbox).unwrap();
    world.tick(0.0).unwrap();
    (world, node, check)
}

/// A touch at world `p` on the 16-pixel-high screen.
fn touch(world: &mut App, phase: TouchPhase, p: Vec2) {
    world
        .touch(0, phase, Vec2::new(p.x, 16.0 - p.y), 16.0)
        .unwrap();
}

#[test]
fn key_a_clicks_a_focused_check_box_click_then_toggled_once_each() {
    let (mut world, node, check) = scene(Checkbox::new("Wi-Fi").unwrap());
    let mark = world.get::<Checkbox>(check).unwrap().parts().unwrap().mark;
    assert!(!world.active(mark).unwrap());
    world.set_focus(Some(node)).unwrap();
    world.key(Key::A, true).unwrap();
    assert_eq!(
        take_log(),
        Vec::<String>::new(),
        "a click is a press and a release"
    );
    world.key(Key::A, false).unwrap();
    assert_eq!(take_log(), ["Click Wifi", "Toggled Wifi true"]);
    assert!(world.get::<Checkbox>(check).unwrap().checked);
    assert!(world.active(mark).unwrap(), "the mark shows at once");
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert_eq!(take_log(), ["Click Wifi", "Toggled Wifi false"]);
    assert!(!world.active(mark).unwrap());
    // Unfocused, key A is not its.
    world.set_focus(None).unwrap();
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn a_tap_on_the_text_clicks_and_a_release_outside_does_not() {
    let (mut world, _, check) = scene(Checkbox::new("Wi-Fi").unwrap());
    // On the text, far right of the box.
    touch(&mut world, TouchPhase::Down, Vec2::new(50.0, 8.0));
    touch(&mut world, TouchPhase::Up, Vec2::new(50.0, 8.0));
    assert_eq!(take_log(), ["Click Wifi", "Toggled Wifi true"]);
    // Down on the box, released off the node: no click.
    touch(&mut world, TouchPhase::Down, Vec2::new(5.0, 8.0));
    touch(&mut world, TouchPhase::Move, Vec2::new(5.0, 15.0));
    touch(&mut world, TouchPhase::Up, Vec2::new(5.0, 15.0));
    assert_eq!(take_log(), Vec::<String>::new());
    assert!(world.get::<Checkbox>(check).unwrap().checked);
    // Not interactable: ignored.
    world
        .get_mut::<Checkbox>(check)
        .unwrap()
        .button
        .interactable = false;
    touch(&mut world, TouchPhase::Down, Vec2::new(5.0, 8.0));
    touch(&mut world, TouchPhase::Up, Vec2::new(5.0, 8.0));
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn checked_from_code_sends_nothing_and_the_mark_follows_at_the_next_frame() {
    let (mut world, _, check) = scene(Checkbox::new("Wi-Fi").unwrap());
    let mark = world.get::<Checkbox>(check).unwrap().parts().unwrap().mark;
    world.get_mut::<Checkbox>(check).unwrap().checked = true;
    assert!(!world.active(mark).unwrap());
    world.tick(0.0).unwrap();
    assert!(world.active(mark).unwrap());
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn a_text_longer_than_a_label_holds_is_refused_and_changes_nothing() {
    let long = "a text that is much too long for a label";
    assert_eq!(
        Checkbox::new(long),
        Err(Error::TextTooLong {
            len: 40,
            capacity: 32
        })
    );
    let (mut world, _, check) = scene(Checkbox::new("Wi-Fi").unwrap());
    let c = world.get_mut::<Checkbox>(check).unwrap();
    assert!(c.set_text(long).is_err());
    assert_eq!(c.text(), "Wi-Fi");
    c.set_text("Bluetooth").unwrap();
    world.tick(0.0).unwrap();
    let label = world.get::<Checkbox>(check).unwrap().parts().unwrap().label;
    let label = world.component_of::<Label>(label).unwrap().unwrap();
    assert_eq!(
        world.get::<Label>(label).unwrap().text.as_str(),
        "Bluetooth"
    );
}

#[test]
fn the_parts_follow_a_resized_node() {
    let (mut world, node, check) = scene(Checkbox::new("Wi-Fi").unwrap());
    let parts = world.get::<Checkbox>(check).unwrap().parts().unwrap();
    assert_eq!(
        world.content_size(parts.box_node).unwrap(),
        Size2::new(12.0, 12.0)
    );
    assert_eq!(world.position(parts.box_node).unwrap(), Vec2::new(6.0, 6.0));
    assert_eq!(
        world.content_size(parts.mark).unwrap(),
        Size2::new(6.0, 6.0)
    );
    assert_eq!(world.position(parts.label).unwrap(), Vec2::new(38.0, 6.0));
    assert_eq!(
        world.content_size(parts.label).unwrap(),
        Size2::new(44.0, 12.0)
    );
    world.set_content_size(node, Size2::new(40.0, 8.0)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        world.content_size(parts.box_node).unwrap(),
        Size2::new(8.0, 8.0)
    );
    assert_eq!(world.position(parts.box_node).unwrap(), Vec2::new(4.0, 4.0));
    assert_eq!(
        world.content_size(parts.mark).unwrap(),
        Size2::new(4.0, 4.0)
    );
    assert_eq!(
        world.content_size(parts.label).unwrap(),
        Size2::new(28.0, 8.0)
    );
}

#[test]
fn without_labels_in_the_set_the_build_fails_and_leaves_no_part() {
    let mut world = NoLabels::new();
    let node = world.create_child(world.root(), "Check").unwrap();
    world
        .set_content_size(node, Size2::new(40.0, 10.0))
        .unwrap();
    let before = world.node_count();
    let check = world
        .add_component(node, Checkbox::new("On").unwrap())
        .unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::NotInSet)
    );
    assert_eq!(world.node_count(), before, "the parts made were destroyed");
    assert_eq!(world.child_count(node).unwrap(), 0);
    assert_eq!(world.get::<Checkbox>(check).unwrap().parts(), None);
}

#[test]
fn golden_frames_unchecked_and_checked() {
    let style = PickerStyle::DARK;
    let (mut world, node, _) = scene(Checkbox::new("On").unwrap().with_style(style));
    golden::check("checkbox_unchecked", &mut world, 64, 16);
    world.set_focus(Some(node)).unwrap();
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    world.tick(0.0).unwrap();
    golden::check("checkbox_checked", &mut world, 64, 16);
}
