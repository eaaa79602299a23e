//! Toggles and toggle groups: a click flips a toggle and shows or hides its checkmark,
//! `Click` comes before `Toggled`, a group keeps one toggle checked (radio) and has
//! already unchecked the others when the event reaches its ancestors, `allow_switch_off`
//! as Cocos, the group's start-up rules, and golden frames checked and unchecked.
//!
//! The golden frames are text files under `ui/tests/golden/` (one character per pixel,
//! with the colours' legend at the top; see `golden/mod.rs`). Regenerate them with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`, then read the changed ones before committing.

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::Shape;
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::toggle::set_checked;
use sprig_ui::{Click, Toggle, ToggleGroup, Toggled};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `Click` and `Toggled` reaching its node; for `Toggled`, also which of the
/// sender's siblings (and itself) are checked at that moment.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)?;
        ctx.on::<Toggled>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let node = ctx.node();
        let here = ctx.name(node)?.to_string();
        let line = if let Some(click) = event.get::<Click>() {
            format!("{here}: Click {}", ctx.name(click.node)?)
        } else if let Some(t) = event.get::<Toggled>() {
            let mut checked = Vec::new();
            if let Some(parent) = ctx.parent(t.node)? {
                let siblings: Vec<NodeId> = ctx.children(parent)?.collect();
                for s in siblings {
                    let Some(c) = ctx.component_of::<Toggle>(s)? else {
                        continue;
                    };
                    // The sender's data is lent to its running hook: the event says.
                    let on = if s == t.node {
                        t.checked
                    } else {
                        ctx.get::<Toggle>(c)?.checked
                    };
                    if on {
                        checked.push(ctx.name(s)?.to_string());
                    }
                }
            }
            let state = if t.checked { "on" } else { "off" };
            format!(
                "{here}: Toggled {} {state} [{}]",
                ctx.name(t.node)?,
                checked.join(",")
            )
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
        components: AppSet { Toggle: 4, ToggleGroup: 1, Shape: 8, Logger: 4 },
        listeners: 16,
    };
}

/// A 60×20 screen "Screen" (logging), with a group node "Group" (the group, then a
/// logger) holding toggles A, B, C, each 10×10 at world x 10, 30, 50 and y 10, with a
/// checkmark child; B logs too.
struct Scene {
    nodes: Vec<NodeId>,
    toggles: Vec<CompId>,
    marks: Vec<NodeId>,
    group: CompId,
}

fn scene(world: &mut App, group: ToggleGroup, checked: [bool; 3]) -> Scene {
    let root = world.root();
    world.set_name(root, "Screen").unwrap();
    world
        .set_content_size(root, Size2::new(60.0, 20.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let g = world.create_child(root, "Group").unwrap();
    let group = world.add_component(g, group).unwrap();
    world.add_component(g, Logger).unwrap();
    let (mut nodes, mut toggles, mut marks) = (Vec::new(), Vec::new(), Vec::new());
    for (k, name) in ["A", "B", "C"].into_iter().enumerate() {
        let node = world.create_child(g, name).unwrap();
        world
            .set_position(node, Vec2::new(10.0 + 20.0 * k as f32, 10.0))
            .unwrap();
        world
            .set_content_size(node, Size2::new(10.0, 10.0))
            .unwrap();
        let mark = world.create_child(node, "Mark").unwrap();
        let toggle = world
            .add_component(
                node,
                Toggle::new().with_checkmark(mark).with_checked(checked[k]),
            )
            .unwrap();
        if name == "B" {
            world.add_component(node, Logger).unwrap();
        }
        nodes.push(node);
        toggles.push(toggle);
        marks.push(mark);
    }
    world.tick(0.0).unwrap();
    Scene {
        nodes,
        toggles,
        marks,
        group,
    }
}

fn checked(world: &App, s: &Scene) -> [bool; 3] {
    [0, 1, 2].map(|k| world.get::<Toggle>(s.toggles[k]).unwrap().checked)
}

fn marks(world: &App, s: &Scene) -> [bool; 3] {
    [0, 1, 2].map(|k| world.active(s.marks[k]).unwrap())
}

/// A tap at world x (y 10) on the 20-pixel-high screen.
fn tap(world: &mut App, x: f32) {
    world
        .touch(0, TouchPhase::Down, Vec2::new(x, 10.0), 20.0)
        .unwrap();
    world
        .touch(0, TouchPhase::Up, Vec2::new(x, 10.0), 20.0)
        .unwrap();
}

#[test]
fn a_click_flips_a_toggle_its_checkmark_follows_and_click_comes_before_toggled() {
    let mut world = App::new();
    let root = world.root();
    world.set_name(root, "Screen").unwrap();
    world.add_component(root, Logger).unwrap();
    let solo = world.create_child(root, "Solo").unwrap();
    let mark = world.create_child(solo, "Mark").unwrap();
    let toggle = world
        .add_component(solo, Toggle::new().with_checkmark(mark))
        .unwrap();
    assert!(!world.active(mark).unwrap(), "hidden while unchecked");
    world.set_focus(Some(solo)).unwrap();
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert!(world.get::<Toggle>(toggle).unwrap().checked);
    assert!(world.active(mark).unwrap());
    assert_eq!(
        take_log(),
        ["Screen: Click Solo", "Screen: Toggled Solo on [Solo]"]
    );
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert!(!world.get::<Toggle>(toggle).unwrap().checked);
    assert!(!world.active(mark).unwrap());
    assert_eq!(
        take_log(),
        ["Screen: Click Solo", "Screen: Toggled Solo off []"]
    );

    // Set directly: the checkmark follows at the next frame, and nothing is sent.
    world.get_mut::<Toggle>(toggle).unwrap().checked = true;
    world.tick(0.0).unwrap();
    assert!(world.active(mark).unwrap());
    assert_eq!(take_log(), Vec::<String>::new());
    // Not interactable: clicks are ignored.
    world.get_mut::<Toggle>(toggle).unwrap().button.interactable = false;
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert!(world.get::<Toggle>(toggle).unwrap().checked);
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn a_group_checks_its_first_toggle_and_keeps_one_checked_radio_style() {
    let mut world = App::new();
    let s = scene(&mut world, ToggleGroup::new(), [false; 3]);
    assert_eq!(
        checked(&world, &s),
        [true, false, false],
        "the first, at start"
    );
    assert_eq!(marks(&world, &s), [true, false, false]);
    assert_eq!(take_log(), Vec::<String>::new(), "quietly");

    tap(&mut world, 30.0);
    assert_eq!(
        take_log(),
        [
            "B: Click B",
            "Group: Click B",
            "Screen: Click B",
            // At B itself the group has not run yet; it runs first on its node.
            "B: Toggled B on [A,B]",
            "Group: Toggled B on [B]",
            "Screen: Toggled B on [B]",
        ]
    );
    assert_eq!(checked(&world, &s), [false, true, false]);
    assert_eq!(marks(&world, &s), [false, true, false]);

    // The checked one cannot be switched off: a click, no toggle.
    tap(&mut world, 30.0);
    assert_eq!(
        take_log(),
        ["B: Click B", "Group: Click B", "Screen: Click B"]
    );
    assert_eq!(checked(&world, &s), [false, true, false]);

    world.set_focus(Some(s.nodes[2])).unwrap();
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert_eq!(
        take_log(),
        [
            "Group: Click C",
            "Screen: Click C",
            "Group: Toggled C on [C]",
            "Screen: Toggled C on [C]",
        ]
    );
    assert_eq!(checked(&world, &s), [false, false, true]);
    assert_eq!(marks(&world, &s), [false, false, true]);
}

#[test]
fn with_allow_switch_off_the_checked_toggle_clicks_off_leaving_none() {
    let mut world = App::new();
    let s = scene(&mut world, ToggleGroup::allowing_switch_off(), [false; 3]);
    assert_eq!(checked(&world, &s), [false; 3], "none is checked at start");
    tap(&mut world, 10.0);
    tap(&mut world, 50.0);
    assert_eq!(checked(&world, &s), [false, false, true]);
    take_log();
    tap(&mut world, 50.0);
    assert_eq!(
        take_log(),
        [
            "Group: Click C",
            "Screen: Click C",
            "Group: Toggled C off []",
            "Screen: Toggled C off []",
        ]
    );
    assert_eq!(checked(&world, &s), [false; 3]);
    assert_eq!(marks(&world, &s), [false; 3]);
}

#[test]
fn at_start_a_group_keeps_only_the_first_checked_toggle_and_a_disabled_group_does_nothing() {
    let mut world = App::new();
    let s = scene(&mut world, ToggleGroup::new(), [false, true, true]);
    assert_eq!(checked(&world, &s), [false, true, false]);
    assert_eq!(marks(&world, &s), [false, true, false]);

    world.set_enabled(s.group, false).unwrap();
    tap(&mut world, 10.0);
    tap(&mut world, 30.0);
    assert_eq!(
        checked(&world, &s),
        [true, false, false],
        "without the group, each toggle flips alone"
    );
}

#[test]
fn set_checked_applies_the_group_s_rules_quietly() {
    let mut world = App::new();
    let s = scene(&mut world, ToggleGroup::new(), [false; 3]);
    assert_eq!(set_checked(&mut world, s.toggles[2], true), Ok(true));
    assert_eq!(checked(&world, &s), [false, false, true]);
    assert_eq!(marks(&world, &s), [false, false, true], "at once");
    assert_eq!(
        set_checked(&mut world, s.toggles[2], false),
        Ok(false),
        "refused: one stays checked"
    );
    assert_eq!(
        set_checked(&mut world, s.toggles[2], true),
        Ok(false),
        "as it was"
    );
    assert_eq!(checked(&world, &s), [false, false, true]);
    assert_eq!(take_log(), Vec::<String>::new(), "no events");

    world
        .get_mut::<ToggleGroup>(s.group)
        .unwrap()
        .allow_switch_off = true;
    assert_eq!(set_checked(&mut world, s.toggles[2], false), Ok(true));
    assert_eq!(checked(&world, &s), [false; 3]);
    assert_eq!(marks(&world, &s), [false; 3]);
    let root = world.root();
    let logger = world.add_component(root, Logger).unwrap();
    assert_eq!(
        set_checked(&mut world, logger, true),
        Err(sprig::Error::WrongComponentType)
    );
}

/// A 14×14 screen with a 10×10 outlined toggle and its 4×4 checkmark in the middle.
fn golden_toggle(checked: bool) -> App {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(14.0, 14.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Box").unwrap();
    world.set_position(node, Vec2::new(7.0, 7.0)).unwrap();
    world
        .set_content_size(node, Size2::new(10.0, 10.0))
        .unwrap();
    world
        .add_component(
            node,
            Shape::rectangle()
                .with_fill(Rgb888::new(30, 30, 30))
                .with_stroke(Rgb888::new(255, 255, 255), 1.0),
        )
        .unwrap();
    let mark = world.create_child(node, "Mark").unwrap();
    world.set_content_size(mark, Size2::new(4.0, 4.0)).unwrap();
    world
        .add_component(mark, Shape::rectangle().with_fill(Rgb888::new(0, 220, 0)))
        .unwrap();
    world
        .add_component(node, Toggle::new().with_checkmark(mark))
        .unwrap();
    if checked {
        world
            .touch(0, TouchPhase::Down, Vec2::new(7.0, 7.0), 14.0)
            .unwrap();
        world
            .touch(0, TouchPhase::Up, Vec2::new(7.0, 7.0), 14.0)
            .unwrap();
    }
    world.tick(0.0).unwrap();
    world
}

#[test]
fn golden_frames_checked_and_unchecked() {
    golden::check("toggle_unchecked", &mut golden_toggle(false), 14, 14);
    golden::check("toggle_checked", &mut golden_toggle(true), 14, 14);
}
