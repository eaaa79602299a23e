//! The screen stack: the hook order of push, pop and replace (animated and instant),
//! a slide's and a fade's exact values frame by frame, the focus coming back on pop,
//! input held off during a transition, refusals that change nothing (a full stack, a
//! transition running, the bottom screen, stale handles, a host with no size), and a
//! golden frame halfway through a slide.
//!
//! The screens are 64×32, on a host of that size at the world's origin (anchor at its
//! bottom-left corner), each centred on (32, 16). Frames of 0.125 s through 0.5 s
//! transitions with a linear easing give exact values.

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::Shape;
use sprig::{
    component, scene, world, AnyWorld, Comp, Ctx, Error, Event, HookResult, Hooks, Key, NodeId,
    Size2, TouchPhase, Vec2,
};
use sprig_ui::{
    BlockInput, Button, Click, Easing, FocusGroup, ScreenError, ScreenStack, ScreenTransition,
    SlideDirection, Tween,
};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

fn log(line: String) {
    LOG.with(|l| l.borrow_mut().push(line));
}

/// Logs its node's `on_enable`, `on_disable` and `on_destroy`, and the clicks that
/// bubble to it.
#[derive(Default)]
pub struct Probe;

#[component]
impl Hooks for Probe {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)
    }
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log(format!("{}.on_enable", ctx.name(ctx.node())?));
        Ok(())
    }
    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log(format!("{}.on_disable", ctx.name(ctx.node())?));
        Ok(())
    }
    fn on_destroy(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log(format!("{}.on_destroy", ctx.name(ctx.node())?));
        Ok(())
    }
    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(click) = event.get::<Click>() {
            log(format!("click {}", ctx.name(click.node)?));
        }
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 24,
        components: AppSet {
            ScreenStack: 1,
            ScreenStack<2>: 1,
            Tween: 2,
            BlockInput: 1,
            Shape: 12,
            Probe: 8,
            Button: 6,
            FocusGroup: 3,
        },
        listeners: 8,
    };
}

scene! {
    /// A screen: a 64×32 panel of `colour` with a probe, and two white 16×8 buttons,
    /// "A" on the left half and "B" on the right, in a focus group.
    prefab Panel(name: &'static str, colour: Rgb888) in App -> PanelIds {
        node (name) {
            position: (32.0, 16.0),
            size: (64.0, 32.0),
            Shape = Shape::rectangle().with_fill(colour),
            Probe,
            FocusGroup = FocusGroup::ordered(),
            #[id] a: node A {
                position: (-16.0, 0.0),
                size: (16.0, 8.0),
                Shape = Shape::rectangle().with_fill(WHITE),
                Button = Button::new(),
            },
            #[id] b: node B {
                position: (16.0, 0.0),
                size: (16.0, 8.0),
                Shape = Shape::rectangle().with_fill(WHITE),
                Button = Button::new(),
            },
        }
    }
}

const BLUE: Rgb888 = Rgb888::new(0, 0, 200);
const GREEN: Rgb888 = Rgb888::new(0, 160, 0);
const RED: Rgb888 = Rgb888::new(200, 0, 0);
const WHITE: Rgb888 = Rgb888::new(255, 255, 255);

fn home() -> Panel {
    Panel {
        name: "Home",
        colour: BLUE,
    }
}

fn settings() -> Panel {
    Panel {
        name: "Settings",
        colour: GREEN,
    }
}

fn about() -> Panel {
    Panel {
        name: "About",
        colour: RED,
    }
}

fn slide(direction: SlideDirection) -> ScreenTransition {
    ScreenTransition::slide(direction, 0.5, Easing::Linear)
}

/// A world whose root is the 64×32 panel, with a host node "Screens" covering it and a
/// stack of `SCREENS` on the host.
fn app<const SCREENS: usize>() -> (App, NodeId, Comp<ScreenStack<SCREENS>>) {
    let mut world = App::new();
    let root = world.root();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world
        .set_content_size(root, Size2::new(64.0, 32.0))
        .unwrap();
    let host = world.create_child(root, "Screens").unwrap();
    world.set_anchor(host, Vec2::ZERO).unwrap();
    world
        .set_content_size(host, Size2::new(64.0, 32.0))
        .unwrap();
    let stack = ScreenStack::attach(&mut world, host).unwrap();
    (world, host, stack)
}

fn ticks(world: &mut App, n: usize) {
    for _ in 0..n {
        world.tick(0.125).unwrap();
    }
}

fn x(world: &App, node: NodeId) -> f32 {
    world.position(node).unwrap().x
}

fn stack_of<const SCREENS: usize>(
    world: &App,
    stack: Comp<ScreenStack<SCREENS>>,
) -> &ScreenStack<SCREENS> {
    world.comp(stack).unwrap()
}

#[test]
fn push_pop_and_replace_enable_the_arriving_screen_before_disabling_the_leaving_one() {
    let (mut world, _, stack) = app::<4>();
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    assert_eq!(take_log(), ["Home.on_enable"]);

    let settings = ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left))
        .unwrap()
        .top;
    assert_eq!(take_log(), ["Settings.on_enable"]);
    ticks(&mut world, 3);
    assert_eq!(take_log(), Vec::<String>::new()); // Home is still on screen
    ticks(&mut world, 1); // the tween ends: Home leaves
    assert_eq!(take_log(), ["Home.on_disable"]);
    assert_eq!(stack_of(&world, stack).top(), Some(settings));

    ScreenStack::pop(&mut world, stack).unwrap();
    assert_eq!(take_log(), ["Home.on_enable"]);
    ticks(&mut world, 3);
    assert_eq!(take_log(), Vec::<String>::new());
    ticks(&mut world, 1); // disabled when the transition ends, destroyed with the frame
    assert_eq!(take_log(), ["Settings.on_disable", "Settings.on_destroy"]);
    assert!(!world.is_valid(settings));

    ScreenStack::replace(
        &mut world,
        stack,
        about(),
        ScreenTransition::fade(0.5, Easing::Linear),
    )
    .unwrap();
    assert_eq!(take_log(), ["About.on_enable"]);
    ticks(&mut world, 4);
    assert_eq!(take_log(), ["Home.on_disable", "Home.on_destroy"]);
    assert_eq!(stack_of(&world, stack).depth(), 1);
}

#[test]
fn instant_changes_keep_the_same_order_within_the_call() {
    let (mut world, _, stack) = app::<4>();
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    ScreenStack::push(&mut world, stack, settings(), ScreenTransition::None).unwrap();
    assert_eq!(
        take_log(),
        ["Home.on_enable", "Settings.on_enable", "Home.on_disable"]
    );
    ScreenStack::pop(&mut world, stack).unwrap();
    assert_eq!(take_log(), ["Home.on_enable", "Settings.on_disable"]);
    world.tick(0.0).unwrap(); // destruction waits for the end of a frame
    assert_eq!(take_log(), ["Settings.on_destroy"]);
    // A zero duration is instant too.
    ScreenStack::replace(
        &mut world,
        stack,
        about(),
        slide(SlideDirection::Up).with_zero(),
    )
    .unwrap();
    assert_eq!(take_log(), ["About.on_enable", "Home.on_disable"]);
    assert!(!stack_of(&world, stack).is_transitioning());
}

/// `slide(…)` with a duration of 0.
trait WithZero {
    fn with_zero(self) -> Self;
}

impl WithZero for ScreenTransition {
    fn with_zero(self) -> Self {
        match self {
            ScreenTransition::Slide {
                direction, easing, ..
            } => ScreenTransition::slide(direction, 0.0, easing),
            other => other,
        }
    }
}

#[test]
fn a_slide_moves_both_screens_by_exact_steps_and_a_pop_plays_it_backwards() {
    let (mut world, _, stack) = app::<4>();
    let home = ScreenStack::push(&mut world, stack, home(), ScreenTransition::None)
        .unwrap()
        .top;
    let settings = ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left))
        .unwrap()
        .top;
    // Settings starts one host width to the right; Home follows it, one width behind.
    assert_eq!((x(&world, settings), x(&world, home)), (96.0, 32.0));
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.125).unwrap();
        seen.push((x(&world, settings), x(&world, home)));
    }
    assert_eq!(
        seen,
        [(80.0, 16.0), (64.0, 0.0), (48.0, -16.0), (32.0, 32.0)],
        "the last frame puts the covered Home back at rest, inactive"
    );
    assert!(!world.active(home).unwrap());

    ScreenStack::pop(&mut world, stack).unwrap();
    assert_eq!((x(&world, settings), x(&world, home)), (32.0, -32.0));
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.125).unwrap();
        seen.push(x(&world, home));
    }
    assert_eq!(seen, [-16.0, 0.0, 16.0, 32.0]);
    assert!(!world.is_valid(settings));
}

#[test]
fn cover_moves_only_the_upper_screen_in_each_direction() {
    let cases = [
        (
            SlideDirection::Left,
            Vec2::new(96.0, 16.0),
            Vec2::new(80.0, 16.0),
        ),
        (
            SlideDirection::Right,
            Vec2::new(-32.0, 16.0),
            Vec2::new(-16.0, 16.0),
        ),
        (
            SlideDirection::Up,
            Vec2::new(32.0, -16.0),
            Vec2::new(32.0, -8.0),
        ),
        (
            SlideDirection::Down,
            Vec2::new(32.0, 48.0),
            Vec2::new(32.0, 40.0),
        ),
    ];
    for (direction, start, after_one_frame) in cases {
        let (mut world, _, stack) = app::<4>();
        let home = ScreenStack::push(&mut world, stack, home(), ScreenTransition::None)
            .unwrap()
            .top;
        let cover = ScreenTransition::cover(direction, 0.5, Easing::Linear);
        let top = ScreenStack::push(&mut world, stack, settings(), cover)
            .unwrap()
            .top;
        assert_eq!(world.position(top).unwrap(), start, "{direction:?}");
        world.tick(0.125).unwrap();
        assert_eq!(
            world.position(top).unwrap(),
            after_one_frame,
            "{direction:?}"
        );
        assert_eq!(world.position(home).unwrap(), Vec2::new(32.0, 16.0));
        ticks(&mut world, 3);
        assert_eq!(world.position(top).unwrap(), Vec2::new(32.0, 16.0));
    }
}

#[test]
fn a_fade_eases_the_upper_screens_opacity() {
    let (mut world, _, stack) = app::<4>();
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    let fade = ScreenTransition::fade(0.5, Easing::Linear);
    let settings = ScreenStack::push(&mut world, stack, settings(), fade)
        .unwrap()
        .top;
    assert_eq!(world.opacity(settings).unwrap(), 0);
    let mut seen = Vec::new();
    for _ in 0..4 {
        world.tick(0.125).unwrap();
        seen.push(world.opacity(settings).unwrap());
    }
    assert_eq!(seen, [64, 128, 191, 255]);
    ScreenStack::pop(&mut world, stack).unwrap(); // fades back out
    world.tick(0.125).unwrap();
    assert_eq!(world.opacity(settings).unwrap(), 191);
}

#[test]
fn the_focus_moves_to_the_new_screen_and_comes_back_on_pop() {
    let (mut world, _, stack) = app::<4>();
    let home = ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    assert_eq!(world.focus(), Some(home.a)); // Home's focus group took it
    world.key(Key::Right, true).unwrap();
    assert_eq!(world.focus(), Some(home.b));

    let settings =
        ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left)).unwrap();
    let shield = stack_of(&world, stack).shield();
    assert_eq!(
        world.focus(),
        shield,
        "the shield holds the focus meanwhile"
    );
    ticks(&mut world, 4);
    assert_eq!(world.focus(), Some(settings.a)); // the new screen's first focusable
    world.key(Key::Right, true).unwrap();
    assert_eq!(world.focus(), Some(settings.b));

    ScreenStack::pop(&mut world, stack).unwrap();
    ticks(&mut world, 4);
    assert_eq!(
        world.focus(),
        Some(home.b),
        "back where it was before the push"
    );
}

#[test]
fn no_screen_hears_input_during_a_transition() {
    let (mut world, _, stack) = app::<4>();
    let home = ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    let settings =
        ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left)).unwrap();
    ticks(&mut world, 2); // halfway: Home's B at world x 16, Settings' A at 48
    take_log();
    // A tap on each of the two buttons showing, then key A (screen y = 32 − 16).
    for x in [16.0, 48.0] {
        world
            .touch(0, TouchPhase::Down, Vec2::new(x, 16.0), 32.0)
            .unwrap();
        world
            .touch(0, TouchPhase::Up, Vec2::new(x, 16.0), 32.0)
            .unwrap();
    }
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    world.key(Key::Right, true).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
    let shield = stack_of(&world, stack).shield();
    assert_eq!(world.focus(), shield);
    assert!(world.is_valid(home.b));

    ticks(&mut world, 2); // the transition ends: Settings hears input again
    take_log();
    world
        .touch(0, TouchPhase::Down, Vec2::new(48.0, 16.0), 32.0)
        .unwrap();
    world
        .touch(0, TouchPhase::Up, Vec2::new(48.0, 16.0), 32.0)
        .unwrap();
    world.key(Key::A, true).unwrap();
    world.key(Key::A, false).unwrap();
    assert_eq!(take_log(), ["click B", "click A"]);
    assert_eq!(world.focus(), Some(settings.a));
    assert!(!world.active(shield.unwrap()).unwrap());
}

#[test]
fn a_full_stack_refuses_a_push_and_changes_nothing() {
    let (mut world, _, stack) = app::<2>();
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    let top = ScreenStack::push(&mut world, stack, settings(), ScreenTransition::None)
        .unwrap()
        .top;
    world.tick(0.125).unwrap();
    take_log();
    let (nodes, components, focus) = (world.node_count(), world.component_count(), world.focus());
    let before = stack_of(&world, stack).clone();

    let full = ScreenStack::push(&mut world, stack, about(), slide(SlideDirection::Left));
    assert_eq!(full.err(), Some(ScreenError::Full { capacity: 2 }));
    assert_eq!(
        Error::from(ScreenError::Full { capacity: 2 }),
        Error::QueueFull
    );
    assert_eq!(
        (world.node_count(), world.component_count(), world.focus()),
        (nodes, components, focus)
    );
    assert_eq!(stack_of(&world, stack), &before);
    assert_eq!(stack_of(&world, stack).top(), Some(top));
    world.tick(0.125).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn refusals_change_nothing() {
    let (mut world, host, stack) = app::<4>();
    // The bottom screen is never popped.
    assert_eq!(
        ScreenStack::pop(&mut world, stack),
        Err(ScreenError::Bottom)
    );
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    assert_eq!(
        ScreenStack::pop(&mut world, stack),
        Err(ScreenError::Bottom)
    );

    // One transition at a time; `finish` ends it at once.
    let settings = ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left))
        .unwrap()
        .top;
    take_log();
    let nodes = world.node_count();
    let busy = ScreenStack::push(&mut world, stack, about(), ScreenTransition::None);
    assert_eq!(busy.err(), Some(ScreenError::Busy));
    assert_eq!(ScreenStack::pop(&mut world, stack), Err(ScreenError::Busy));
    assert_eq!(world.node_count(), nodes);
    assert_eq!(take_log(), Vec::<String>::new());
    assert_eq!(ScreenStack::finish(&mut world, stack), Ok(true));
    assert_eq!(take_log(), ["Home.on_disable"]);
    assert_eq!(x(&world, settings), 32.0);
    assert_eq!(ScreenStack::finish(&mut world, stack), Ok(false));

    // A slide needs a host with a width; an instant change does not.
    world.set_content_size(host, Size2::ZERO).unwrap();
    let nodes = world.node_count();
    let no_room = ScreenStack::push(&mut world, stack, about(), slide(SlideDirection::Left));
    assert_eq!(no_room.err(), Some(ScreenError::NoTravel));
    assert_eq!(
        ScreenStack::pop(&mut world, stack),
        Err(ScreenError::NoTravel)
    );
    assert_eq!(world.node_count(), nodes);
    assert!(ScreenStack::push(&mut world, stack, about(), ScreenTransition::None).is_ok());

    // A bad duration.
    let bad = ScreenTransition::fade(-1.0, Easing::Linear);
    let nodes = world.node_count();
    let refused = ScreenStack::replace(&mut world, stack, home(), bad);
    assert_eq!(refused.err(), Some(ScreenError::World(Error::InvalidValue)));
    assert_eq!(world.node_count(), nodes);
}

#[test]
fn stale_handles_are_errors() {
    let (mut world, host, stack) = app::<4>();
    let home = ScreenStack::push(&mut world, stack, home(), ScreenTransition::None)
        .unwrap()
        .top;
    let settings = ScreenStack::push(&mut world, stack, settings(), ScreenTransition::None)
        .unwrap()
        .top;
    // A screen destroyed behind the stack's back: pop refuses, the top stays.
    world.destroy(home).unwrap();
    world.tick(0.0).unwrap();
    take_log();
    assert_eq!(
        ScreenStack::pop(&mut world, stack),
        Err(ScreenError::World(Error::StaleHandle))
    );
    assert!(world.active(settings).unwrap());
    assert_eq!(take_log(), Vec::<String>::new());
    // The stack itself gone (with its host).
    world.destroy(host).unwrap();
    world.tick(0.0).unwrap();
    let gone = ScreenStack::push(&mut world, stack, about(), ScreenTransition::None);
    assert_eq!(gone.err(), Some(ScreenError::World(Error::StaleHandle)));
    assert_eq!(
        ScreenStack::finish(&mut world, stack),
        Err(ScreenError::World(Error::StaleHandle))
    );
}

#[test]
fn popped_and_replaced_screens_give_their_nodes_back() {
    let (mut world, _, stack) = app::<4>();
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    world.tick(0.0).unwrap();
    let nodes = world.node_count();
    for _ in 0..20 {
        ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left)).unwrap();
        ticks(&mut world, 4);
        ScreenStack::pop(&mut world, stack).unwrap();
        ticks(&mut world, 4);
    }
    // The shield's node is the only one added for good.
    assert_eq!(world.node_count(), nodes + 1);
    assert_eq!(stack_of(&world, stack).depth(), 1);
}

#[test]
fn golden_halfway_through_a_slide() {
    let (mut world, _, stack) = app::<4>();
    ScreenStack::push(&mut world, stack, home(), ScreenTransition::None).unwrap();
    ScreenStack::push(&mut world, stack, settings(), slide(SlideDirection::Left)).unwrap();
    ticks(&mut world, 2);
    // Home's right half on the left, with its button B; Settings' left half on the
    // right, with its button A.
    golden::check("screen_slide_half", &mut world, 64, 32);
}

#[test]
fn the_world_must_hold_tweens_for_an_animated_change() {
    world! {
        type Bare = World { nodes: 8, components: BareSet { ScreenStack: 1, BlockInput: 1 } };
    }
    scene! {
        prefab Blank in Bare -> BlankIds { node Blank { size: (8.0, 8.0) } }
    }
    let mut world = Bare::new();
    let host = world.create_child(world.root(), "Screens").unwrap();
    world.set_content_size(host, Size2::new(8.0, 8.0)).unwrap();
    let stack: Comp<ScreenStack> = ScreenStack::attach(&mut world, host).unwrap();
    let nodes = world.node_count();
    let refused = ScreenStack::push(&mut world, stack, Blank {}, slide(SlideDirection::Left));
    assert_eq!(refused.err(), Some(ScreenError::World(Error::NotInSet)));
    assert_eq!(
        world.node_count(),
        nodes + 1,
        "only the shield, kept for later"
    );
    assert!(ScreenStack::push(&mut world, stack, Blank {}, ScreenTransition::None).is_ok());
}
