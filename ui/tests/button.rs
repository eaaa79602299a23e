//! The push button: Cocos's click rules (down and up inside; a release outside or a
//! cancel is no click; key A pressed and released while focused), a disabled button
//! ignoring input, the `Click` event reaching the button's own listeners then its
//! ancestors, the colour, scale, image and label transitions at exact times, and golden
//! frames of each state.
//!
//! The golden frames are text files under `ui/tests/golden/` (one character per pixel,
//! with the colours' legend at the top; see `golden/mod.rs`). Regenerate them with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`, then read the changed ones before committing.

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Image, ImageSource, Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchEvent, TouchPhase, Vec2,
};
use sprig_ui::{Button, ButtonState, Click, FocusGroup, PerState, Transition};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

fn log(line: String) {
    LOG.with(|l| l.borrow_mut().push(line));
}

/// Logs each `Click` reaching its node: "where: Click from".
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let node = ctx.node();
        let here = ctx.name(node)?.to_string();
        if let Some(click) = event.get::<Click>() {
            log(format!("{here}: Click {}", ctx.name(click.node)?));
        }
        Ok(())
    }
}

/// Logs the touches reaching its node (those the button lets through).
pub struct TouchLogger;

#[component]
impl Hooks for TouchLogger {
    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        let node = ctx.node();
        log(format!("{}: touch {:?}", ctx.name(node)?, touch.phase));
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 16,
        components: AppSet {
            Button: 3,
            FocusGroup: 1,
            Shape: 4,
            Label: 1,
            Image: 1,
            Logger: 4,
            TouchLogger: 1,
        },
        listeners: 8,
    };
}

const NORMAL: Rgb888 = Rgb888::new(200, 200, 200);
const PRESSED: Rgb888 = Rgb888::new(100, 100, 100);
const DISABLED: Rgb888 = Rgb888::new(60, 60, 60);
const FOCUSED: Rgb888 = Rgb888::new(0, 200, 100);

const COLORS: PerState<Rgb888> = PerState {
    normal: NORMAL,
    pressed: PRESSED,
    disabled: DISABLED,
    focused: FOCUSED,
};

/// A 40×20 screen; a panel covering it (logging clicks and touches); in its middle the
/// button "Ok", 20×10 (world x 10..30, y 5..15), logging its own clicks; and a
/// focusable node "Other" elsewhere.
struct Scene {
    ok: NodeId,
    other: NodeId,
    button: CompId,
    shape: CompId,
}

fn scene(world: &mut App, transition: Transition) -> Scene {
    let root = world.root();
    world
        .set_content_size(root, Size2::new(40.0, 20.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let panel = world.create_child(root, "Panel").unwrap();
    world.set_position(panel, Vec2::new(20.0, 10.0)).unwrap();
    world
        .set_content_size(panel, Size2::new(40.0, 20.0))
        .unwrap();
    world.add_component(panel, Logger).unwrap();
    world.add_component(panel, TouchLogger).unwrap();
    let ok = world.create_child(panel, "Ok").unwrap();
    world.set_content_size(ok, Size2::new(20.0, 10.0)).unwrap();
    let shape = world
        .add_component(ok, Shape::rectangle().with_fill(Rgb888::new(1, 2, 3)))
        .unwrap();
    let button = world
        .add_component(ok, Button::new().with_transition(transition))
        .unwrap();
    world.add_component(ok, Logger).unwrap();
    let other = world.create_child(panel, "Other").unwrap();
    world.set_focusable(other, true).unwrap();
    world.tick(0.0).unwrap();
    Scene {
        ok,
        other,
        button,
        shape,
    }
}

/// A touch at world point (x, y) on the 20-pixel-high screen.
fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, 20.0 - y), 20.0).unwrap();
}

fn fill(world: &App, s: &Scene) -> Option<Rgb888> {
    world.get::<Shape>(s.shape).unwrap().fill
}

fn state(world: &App, s: &Scene) -> ButtonState {
    world.get::<Button>(s.button).unwrap().state()
}

fn click(world: &mut App) {
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
}

#[test]
fn a_touch_down_and_up_inside_clicks_and_the_click_reaches_the_button_then_its_parent() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    assert_eq!(take_log(), Vec::<String>::new(), "no click on the way down");
    touch(&mut world, TouchPhase::Up, 29.0, 14.0);
    assert_eq!(
        take_log(),
        ["Ok: Click Ok", "Panel: Click Ok"],
        "the button's own listener, then its ancestor; the panel never sees the touch"
    );
    assert!(world.is_focusable(s.ok).unwrap(), "a button is focusable");
}

#[test]
fn a_touch_released_outside_is_no_click_but_one_moved_back_inside_is() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.0).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Pressed);
    touch(&mut world, TouchPhase::Move, 30.0, 10.0);
    world.tick(0.0).unwrap();
    assert_eq!(
        state(&world, &s),
        ButtonState::Normal,
        "outside (the right edge is out): shown as not pressed"
    );
    touch(&mut world, TouchPhase::Up, 35.0, 10.0);
    assert_eq!(
        take_log(),
        ["Panel: touch Move"],
        "moves bubble on (a list around the button may take them over); no click"
    );

    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    touch(&mut world, TouchPhase::Move, 35.0, 18.0);
    touch(&mut world, TouchPhase::Move, 10.0, 5.0);
    world.tick(0.0).unwrap();
    assert_eq!(
        state(&world, &s),
        ButtonState::Pressed,
        "back in (left and bottom edges are in)"
    );
    touch(&mut world, TouchPhase::Up, 10.0, 5.0);
    assert_eq!(
        take_log(),
        [
            "Panel: touch Move",
            "Panel: touch Move",
            "Ok: Click Ok",
            "Panel: Click Ok"
        ]
    );
    world.tick(0.0).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Normal);
}

#[test]
fn a_cancelled_touch_is_no_click() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    touch(&mut world, TouchPhase::Cancel, 20.0, 10.0);
    world.tick(0.0).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Normal);
    assert!(!world.get::<Button>(s.button).unwrap().is_held());
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn key_a_clicks_on_its_release_only_while_the_button_holds_the_focus() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    click(&mut world);
    assert_eq!(take_log(), Vec::<String>::new(), "no focus: no click");
    world.set_focus(Some(s.other)).unwrap();
    click(&mut world);
    assert_eq!(
        take_log(),
        Vec::<String>::new(),
        "focus elsewhere: no click"
    );

    world.set_focus(Some(s.ok)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Focused);
    world.key(Key::A, true).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Pressed);
    assert_eq!(take_log(), Vec::<String>::new(), "no click on the press");
    world.key(Key::A, false).unwrap();
    assert_eq!(take_log(), ["Ok: Click Ok", "Panel: Click Ok"]);

    // The focus leaving while A is held forgets the press.
    world.key(Key::A, true).unwrap();
    world.set_focus(Some(s.other)).unwrap();
    world.tick(0.0).unwrap();
    world.set_focus(Some(s.ok)).unwrap();
    world.key(Key::A, false).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
    world.key(Key::B, true).unwrap();
    world.key(Key::B, false).unwrap();
    assert_eq!(take_log(), Vec::<String>::new(), "only A clicks");
}

#[test]
fn in_a_focus_group_arrows_move_between_buttons_and_a_clicks_the_focused_one() {
    let mut world = App::new();
    let root = world.root();
    let menu = world.create_child(root, "Menu").unwrap();
    world.add_component(menu, Logger).unwrap();
    let mut buttons = Vec::new();
    for name in ["Play", "Quit"] {
        let node = world.create_child(menu, name).unwrap();
        world.add_component(node, Button::new()).unwrap();
        buttons.push(node);
    }
    world.add_component(menu, FocusGroup::ordered()).unwrap();
    assert_eq!(
        world.focus(),
        Some(buttons[0]),
        "autofocus: buttons are focusable"
    );
    world.key(Key::Down, true).unwrap();
    assert_eq!(
        world.focus(),
        Some(buttons[1]),
        "the arrow bubbles to the group"
    );
    click(&mut world);
    assert_eq!(take_log(), ["Menu: Click Quit"]);
}

#[test]
fn a_disabled_button_ignores_touches_and_keys_and_lets_touches_through() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    world.get_mut::<Button>(s.button).unwrap().interactable = false;
    world.tick(0.0).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Disabled);
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    assert_eq!(
        take_log(),
        ["Panel: touch Down", "Panel: touch Up"],
        "the touch goes on to the panel; no click"
    );
    world.set_focus(Some(s.ok)).unwrap();
    click(&mut world);
    assert_eq!(take_log(), Vec::<String>::new());
    world.tick(0.0).unwrap();
    assert_eq!(
        state(&world, &s),
        ButtonState::Disabled,
        "disabled wins over focused"
    );

    // Turned off while held, then on again: the press is forgotten.
    world.get_mut::<Button>(s.button).unwrap().interactable = true;
    world.set_focus(None).unwrap();
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.get_mut::<Button>(s.button).unwrap().interactable = false;
    world.tick(0.0).unwrap();
    world.get_mut::<Button>(s.button).unwrap().interactable = true;
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    assert_eq!(
        take_log(),
        ["Panel: touch Up"],
        "no click; a release the button no longer holds goes on up"
    );
}

#[test]
fn the_colour_eases_linearly_to_each_state_s_colour_from_the_colour_shown() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::color(COLORS, 0.1));
    assert_eq!(fill(&world, &s), Some(NORMAL), "set at once when enabled");
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    assert_eq!(fill(&world, &s), Some(NORMAL), "sampled in update");
    world.tick(0.025).unwrap();
    assert_eq!(fill(&world, &s), Some(Rgb888::new(175, 175, 175)));
    world.tick(0.025).unwrap();
    assert_eq!(fill(&world, &s), Some(Rgb888::new(150, 150, 150)));
    world.tick(0.05).unwrap();
    assert_eq!(fill(&world, &s), Some(PRESSED));
    world.tick(0.05).unwrap();
    assert_eq!(fill(&world, &s), Some(PRESSED), "and stays");
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    world.tick(0.05).unwrap();
    assert_eq!(fill(&world, &s), Some(Rgb888::new(150, 150, 150)));
    // Pressed again half way back: from the grey shown, not from the normal colour.
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.05).unwrap();
    assert_eq!(fill(&world, &s), Some(Rgb888::new(125, 125, 125)));
    touch(&mut world, TouchPhase::Cancel, 20.0, 10.0);
    world.set_focus(Some(s.ok)).unwrap();
    world.tick(0.1).unwrap();
    assert_eq!(fill(&world, &s), Some(FOCUSED));
    world.get_mut::<Button>(s.button).unwrap().interactable = false;
    world.tick(0.05).unwrap();
    assert_eq!(fill(&world, &s), Some(Rgb888::new(30, 130, 80)));
    world.tick(0.05).unwrap();
    assert_eq!(fill(&world, &s), Some(DISABLED));
}

#[test]
fn disabling_the_component_puts_the_normal_look_back_at_once() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::color(COLORS, 0.1));
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.05).unwrap();
    world.set_enabled(s.button, false).unwrap();
    assert_eq!(fill(&world, &s), Some(NORMAL));
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    assert_eq!(take_log(), ["Panel: touch Up"], "no click");
    world.set_enabled(s.button, true).unwrap();
    assert_eq!(state(&world, &s), ButtonState::Normal);
}

#[test]
fn the_scale_zooms_from_the_node_s_own_scale_while_pressed() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    world.set_enabled(s.button, false).unwrap();
    world.set_scale(s.ok, Vec2::new(2.0, 1.0)).unwrap();
    world.get_mut::<Button>(s.button).unwrap().transition = Transition::zoom(1.5, 0.1);
    world.set_enabled(s.button, true).unwrap();
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.05).unwrap();
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(2.5, 1.25));
    world.tick(0.05).unwrap();
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(3.0, 1.5));
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    world.tick(0.05).unwrap();
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(2.5, 1.25));
    world.tick(0.05).unwrap();
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(2.0, 1.0));
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.05).unwrap();
    world.set_enabled(s.button, false).unwrap();
    assert_eq!(
        world.scale(s.ok).unwrap(),
        Vec2::new(2.0, 1.0),
        "back at once"
    );
}

#[test]
fn transition_scale_gives_a_factor_per_state_as_the_variant_does() {
    let scales = PerState::new(1.0)
        .with(ButtonState::Focused, 1.1)
        .with(ButtonState::Pressed, 0.5)
        .with(ButtonState::Disabled, 0.75);
    let look = Transition::scale(scales, 0.0);
    assert_eq!(
        look,
        Transition::Scale {
            scales,
            duration_seconds: 0.0
        }
    );
    let mut world = App::new();
    let s = scene(&mut world, look);
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(1.0, 1.0));
    world.set_focus(Some(s.ok)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(1.1, 1.1), "focused");
    world.key(Key::A, true).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.scale(s.ok).unwrap(), Vec2::new(0.5, 0.5), "pressed");
    world.key(Key::A, false).unwrap();
    world.get_mut::<Button>(s.button).unwrap().interactable = false;
    world.tick(0.0).unwrap();
    assert_eq!(
        world.scale(s.ok).unwrap(),
        Vec2::new(0.75, 0.75),
        "disabled"
    );
}

#[test]
fn a_colour_and_a_scale_transition_ease_together_each_at_its_own_pace() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    world.set_enabled(s.button, false).unwrap();
    let b = world.get_mut::<Button>(s.button).unwrap();
    *b = b.with_transitions([Transition::color(COLORS, 0.1), Transition::zoom(1.5, 0.2)]);
    world.set_enabled(s.button, true).unwrap();
    let look = |world: &App| (fill(world, &s), world.scale(s.ok).unwrap());
    assert_eq!(look(&world), (Some(NORMAL), Vec2::new(1.0, 1.0)));
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.05).unwrap();
    // The colour half way (0.05 of 0.1 s), the scale a quarter of the way (of 0.2 s).
    assert_eq!(
        look(&world),
        (Some(Rgb888::new(150, 150, 150)), Vec2::new(1.125, 1.125))
    );
    world.tick(0.05).unwrap();
    assert_eq!(look(&world), (Some(PRESSED), Vec2::new(1.25, 1.25)));
    world.tick(0.1).unwrap();
    assert_eq!(look(&world), (Some(PRESSED), Vec2::new(1.5, 1.5)));
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    world.tick(0.05).unwrap();
    assert_eq!(
        look(&world),
        (Some(Rgb888::new(150, 150, 150)), Vec2::new(1.375, 1.375))
    );
    // Disabling puts both back at once.
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.05).unwrap();
    world.set_enabled(s.button, false).unwrap();
    assert_eq!(look(&world), (Some(NORMAL), Vec2::new(1.0, 1.0)));
    let transitions = world.get::<Button>(s.button).unwrap().transitions();
    assert_eq!(
        transitions,
        [
            Transition::color(COLORS, 0.1),
            Transition::zoom(1.5, 0.2),
            Transition::None
        ]
    );
}

const RED: [u8; 3] = [255, 0, 0];
const GREEN: [u8; 3] = [0, 255, 0];
const BLUE: [u8; 3] = [0, 0, 255];
const GREY: [u8; 3] = [90, 90, 90];

#[test]
fn the_image_transition_swaps_the_target_s_source_and_a_label_takes_the_colour() {
    let mut world = App::new();
    let s = scene(&mut world, Transition::None);
    let root = world.root();
    let icon = world.create_child(root, "Icon").unwrap();
    let image = world.add_component(icon, Image::raw(&RED, 1)).unwrap();
    let text = world.create_child(root, "Text").unwrap();
    let label = world.add_component(text, Label::new("OK")).unwrap();
    world.set_enabled(s.button, false).unwrap();
    world.get_mut::<Button>(s.button).unwrap().transition = Transition::image(PerState {
        normal: ImageSource::Raw {
            data: &RED,
            width: 1,
        },
        pressed: ImageSource::Raw {
            data: &GREEN,
            width: 1,
        },
        disabled: ImageSource::Raw {
            data: &GREY,
            width: 1,
        },
        focused: ImageSource::Raw {
            data: &BLUE,
            width: 1,
        },
    });
    world.get_mut::<Button>(s.button).unwrap().target = Some(icon);
    world.set_enabled(s.button, true).unwrap();
    let source = |world: &App| world.get::<Image>(image).unwrap().source;
    touch(&mut world, TouchPhase::Down, 20.0, 10.0);
    world.tick(0.0).unwrap();
    assert_eq!(source(&world), Image::raw(&GREEN, 1).source);
    touch(&mut world, TouchPhase::Up, 20.0, 10.0);
    world.set_focus(Some(s.ok)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(source(&world), Image::raw(&BLUE, 1).source);
    world.get_mut::<Button>(s.button).unwrap().interactable = false;
    world.tick(0.0).unwrap();
    assert_eq!(source(&world), Image::raw(&GREY, 1).source);

    // A node with a label and no shape: the label's colour changes.
    world.set_enabled(s.button, false).unwrap();
    let b = world.get_mut::<Button>(s.button).unwrap();
    b.transition = Transition::color(COLORS, 0.0);
    b.target = Some(text);
    b.interactable = true;
    world.set_enabled(s.button, true).unwrap();
    assert_eq!(world.get::<Label>(label).unwrap().color, FOCUSED);
    world.set_focus(None).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.get::<Label>(label).unwrap().color, NORMAL);
}

/// A 24×12 screen with a 16×8 button in the middle, in `state`.
fn golden_button(state: ButtonState, transition: Transition) -> App {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(24.0, 12.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let ok = world.create_child(root, "Ok").unwrap();
    world.set_position(ok, Vec2::new(12.0, 6.0)).unwrap();
    world.set_content_size(ok, Size2::new(16.0, 8.0)).unwrap();
    world
        .add_component(
            ok,
            Shape::rectangle().with_stroke(Rgb888::new(255, 255, 255), 1.0),
        )
        .unwrap();
    let button = world
        .add_component(ok, Button::new().with_transition(transition))
        .unwrap();
    match state {
        ButtonState::Normal => {}
        ButtonState::Pressed => world
            .touch(0, TouchPhase::Down, Vec2::new(12.0, 6.0), 12.0)
            .map(|_| ())
            .unwrap(),
        ButtonState::Disabled => world.get_mut::<Button>(button).unwrap().interactable = false,
        ButtonState::Focused => world.set_focus(Some(ok)).unwrap(),
    }
    world.tick(0.2).unwrap();
    assert_eq!(world.get::<Button>(button).unwrap().state(), state);
    world
}

#[test]
fn golden_frames_of_each_state() {
    let colors = Transition::color(COLORS, 0.1);
    for (state, name) in [
        (ButtonState::Normal, "button_normal"),
        (ButtonState::Pressed, "button_pressed"),
        (ButtonState::Disabled, "button_disabled"),
        (ButtonState::Focused, "button_focused"),
    ] {
        let mut world = golden_button(state, colors);
        golden::check(name, &mut world, 24, 12);
    }
    let mut world = golden_button(ButtonState::Pressed, Transition::zoom(1.25, 0.1));
    golden::check("button_pressed_zoom", &mut world, 24, 12);
}
