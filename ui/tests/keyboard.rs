//! The on-screen keyboard: the text typed by taps and by the keypad, shift and the
//! layouts, backspace, OK and cancel with their events, refusals, following the focus,
//! what it costs, and golden frames of each layout (regenerate with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use sprig::render::{Clip, Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Event, HookResult, Hooks, Key, KeyEvent, NodeId,
    Size2, TouchPhase, Vec2,
};
use sprig_ui::{
    KeyCap, Keyboard, KeyboardDone, KeyboardLayout, TextArea, TextChanged, TextSubmitted,
};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs the text and keyboard events reaching the root, and keys bubbling to it.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<TextChanged>(node)?;
        ctx.on::<TextSubmitted>(node)?;
        ctx.on::<KeyboardDone>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let line = if let Some(c) = event.get::<TextChanged>() {
            format!("changed {}", ctx.name(c.node)?)
        } else if let Some(s) = event.get::<TextSubmitted>() {
            format!("submitted {}", ctx.name(s.node)?)
        } else if let Some(d) = event.get::<KeyboardDone>() {
            let target = match d.target {
                Some(t) => ctx.name(t)?.to_string(),
                None => "none".to_string(),
            };
            format!("done {} {target} {}", ctx.name(d.node)?, d.accepted)
        } else {
            return Ok(());
        };
        LOG.with(|l| l.borrow_mut().push(line));
        Ok(())
    }

    fn on_key(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if key.pressed {
            LOG.with(|l| l.borrow_mut().push(format!("root key {:?}", key.key)));
        }
        Ok(())
    }
}

type Text64 = Label<64>;

world! {
    type App = World {
        nodes: 24,
        components: AppSet { TextArea: 2, Keyboard: 1, Shape: 6, Text64: 2, Clip: 2, Logger: 1 },
        listeners: 4,
    };
}

/// A 100×56 screen (origin bottom-left, the root listening): the text area "Field",
/// 100×14 from y 42 to 56, and the keyboard "Keys", 100×40 from (0, 0): rows 10 px
/// high, y 30 to 40 the top one. The field has the focus.
fn scene(area: TextArea, keyboard: Keyboard) -> (App, NodeId, CompId, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(100.0, 56.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let field = world.create_child(root, "Field").unwrap();
    world.set_anchor(field, Vec2::ZERO).unwrap();
    world.set_position(field, Vec2::new(0.0, 42.0)).unwrap();
    world
        .set_content_size(field, Size2::new(100.0, 14.0))
        .unwrap();
    let area = world.add_component(field, area).unwrap();
    let keys = world.create_child(root, "Keys").unwrap();
    world.set_anchor(keys, Vec2::ZERO).unwrap();
    world
        .set_content_size(keys, Size2::new(100.0, 40.0))
        .unwrap();
    let keyboard = world.add_component(keys, keyboard).unwrap();
    world.set_focus(Some(field)).unwrap();
    world.tick(0.0).unwrap();
    (world, field, area, keys, keyboard)
}

/// A tap at world `(x, y)`.
fn tap(world: &mut App, x: f32, y: f32) {
    let at = Vec2::new(x, 56.0 - y);
    world.touch(0, TouchPhase::Down, at, 56.0).unwrap();
    world.touch(0, TouchPhase::Up, at, 56.0).unwrap();
}

fn press(world: &mut App, key: Key) {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
}

fn text(world: &App, area: CompId) -> String {
    world.get::<TextArea>(area).unwrap().text().to_string()
}

fn board(world: &App, keyboard: CompId) -> &Keyboard {
    world.get::<Keyboard>(keyboard).unwrap()
}

// Where keys are (x, y of a point inside): the top row 10 px a key; the second 9 keys
// over 100 px; the third Shift 0-15, "z" 15-25 … "m" 75-85, Del 85-100; the bottom row
// layout 0-15, Esc 15-30, space 30-70, Ret 70-85, OK 85-100.
const Q: (f32, f32) = (5.0, 35.0);
const W: (f32, f32) = (15.0, 35.0);
const A: (f32, f32) = (5.0, 25.0);
const SHIFT: (f32, f32) = (7.0, 15.0);
const DEL: (f32, f32) = (92.0, 15.0);
const LAYOUT: (f32, f32) = (7.0, 5.0);
const ESC: (f32, f32) = (22.0, 5.0);
const SPACE: (f32, f32) = (50.0, 5.0);
const RET: (f32, f32) = (77.0, 5.0);
const OK: (f32, f32) = (92.0, 5.0);

fn taps(world: &mut App, keys: &[(f32, f32)]) {
    for &(x, y) in keys {
        tap(world, x, y);
    }
}

#[test]
fn taps_type_shift_switches_case_and_del_deletes() {
    let (mut world, _, area, _, keyboard) = scene(TextArea::new(), Keyboard::new());
    taps(&mut world, &[Q, W, SPACE, SHIFT, A, W]);
    assert_eq!(text(&world, area), "qw AW");
    assert_eq!(board(&world, keyboard).layout(), KeyboardLayout::Upper);
    taps(&mut world, &[SHIFT, A, DEL, DEL]);
    assert_eq!(text(&world, area), "qw A");
    assert_eq!(take_log(), vec!["changed Field"; 8]);
    // A touch that goes down on one key and is lifted on another types the second;
    // one lifted off the keys types nothing.
    let (q, w) = (Vec2::new(Q.0, 56.0 - Q.1), Vec2::new(W.0, 56.0 - W.1));
    world.touch(0, TouchPhase::Down, q, 56.0).unwrap();
    assert_eq!(board(&world, keyboard).pressed(), Some(KeyCap::Char('q')));
    world.touch(0, TouchPhase::Move, w, 56.0).unwrap();
    assert_eq!(board(&world, keyboard).pressed(), Some(KeyCap::Char('w')));
    world.touch(0, TouchPhase::Up, w, 56.0).unwrap();
    world.touch(0, TouchPhase::Down, q, 56.0).unwrap();
    world
        .touch(0, TouchPhase::Up, Vec2::new(50.0, 5.0), 56.0)
        .unwrap();
    assert_eq!(text(&world, area), "qw Aw");
    assert_eq!(board(&world, keyboard).pressed(), None);
}

#[test]
fn the_layout_keys_reach_numbers_and_symbols_and_back() {
    let (mut world, _, area, _, keyboard) = scene(TextArea::new(), Keyboard::new());
    tap(&mut world, LAYOUT.0, LAYOUT.1); // "123"
    assert_eq!(board(&world, keyboard).layout(), KeyboardLayout::Numbers);
    taps(&mut world, &[Q, (95.0, 25.0)]); // "1", '"'
    tap(&mut world, SHIFT.0, SHIFT.1); // "#+=" where Shift was
    assert_eq!(board(&world, keyboard).layout(), KeyboardLayout::Symbols);
    taps(&mut world, &[Q, (5.0, 25.0)]); // "[", "_"
    tap(&mut world, LAYOUT.0, LAYOUT.1); // "abc"
    assert_eq!(board(&world, keyboard).layout(), KeyboardLayout::Lower);
    tap(&mut world, Q.0, Q.1);
    assert_eq!(text(&world, area), "1\"[_q");
}

#[test]
fn the_keypad_moves_the_highlight_a_presses_and_b_deletes() {
    let (mut world, _, area, keys, keyboard) = scene(TextArea::new(), Keyboard::new());
    world.set_focus(Some(keys)).unwrap();
    assert_eq!(board(&world, keyboard).highlighted(), KeyCap::Char('q'));
    for _ in 0..3 {
        press(&mut world, Key::Right);
    }
    assert_eq!(board(&world, keyboard).highlighted(), KeyCap::Char('r'));
    world.key(Key::A, true).unwrap();
    assert_eq!(board(&world, keyboard).pressed(), Some(KeyCap::Char('r')));
    world.key(Key::A, false).unwrap();
    assert_eq!(board(&world, keyboard).pressed(), None);
    for _ in 0..4 {
        press(&mut world, Key::Left); // around the row's start to its end
    }
    assert_eq!(board(&world, keyboard).highlighted(), KeyCap::Char('p'));
    press(&mut world, Key::A);
    let mut path = Vec::new();
    for _ in 0..3 {
        press(&mut world, Key::Down); // the nearest key of each row below
        path.push(board(&world, keyboard).highlighted());
    }
    assert_eq!(path, [KeyCap::Char('l'), KeyCap::Backspace, KeyCap::Ok]);
    press(&mut world, Key::B); // B is Del
    assert_eq!(text(&world, area), "r");
    take_log();
    press(&mut world, Key::Down); // below the bottom row: on to the root
    assert_eq!(take_log(), ["root key Down"]);
    press(&mut world, Key::A); // OK
    assert_eq!(take_log(), ["submitted Field", "done Keys Field true"]);
}

#[test]
fn cancel_puts_the_text_back_and_ok_keeps_it() {
    let area = TextArea::new().with_text("abc").unwrap();
    let (mut world, _, area, _, _) = scene(area, Keyboard::new());
    taps(&mut world, &[Q, ESC]);
    assert_eq!(text(&world, area), "abc");
    assert_eq!(
        take_log(),
        ["changed Field", "changed Field", "done Keys Field false"]
    );
    taps(&mut world, &[W, OK, ESC]); // OK makes "abcw" the text cancel goes back to
    assert_eq!(text(&world, area), "abcw");
    assert_eq!(
        take_log(),
        [
            "changed Field",
            "submitted Field",
            "done Keys Field true",
            "done Keys Field false"
        ]
    );
}

#[test]
fn a_full_area_refuses_a_key_and_nothing_is_sent() {
    let area = TextArea::new()
        .with_text("abc")
        .unwrap()
        .with_max_chars(3)
        .unwrap();
    let (mut world, _, area, _, _) = scene(area, Keyboard::new());
    taps(&mut world, &[Q, SPACE]);
    assert_eq!(text(&world, area), "abc");
    assert_eq!(take_log(), Vec::<String>::new());
    tap(&mut world, DEL.0, DEL.1);
    assert_eq!(text(&world, area), "ab");
    assert_eq!(take_log(), ["changed Field"]);
}

#[test]
fn ret_breaks_the_line_in_a_multi_line_area_and_is_ok_in_a_one_line_one() {
    let (mut world, _, area, _, _) = scene(TextArea::new().multi_line(), Keyboard::new());
    taps(&mut world, &[Q, RET, W]);
    assert_eq!(text(&world, area), "q\nw");
    take_log();
    let (mut world, _, area, _, _) = scene(TextArea::new(), Keyboard::new());
    taps(&mut world, &[Q, RET]);
    assert_eq!(text(&world, area), "q");
    assert_eq!(
        take_log(),
        ["changed Field", "submitted Field", "done Keys Field true"]
    );
}

#[test]
fn it_follows_the_focus_to_each_text_area_and_the_target_shows_its_cursor() {
    let (mut world, field, area, keys, keyboard) = scene(TextArea::new(), Keyboard::new());
    let other = world.create_child(world.root(), "Other").unwrap();
    world
        .set_content_size(other, Size2::new(20.0, 14.0))
        .unwrap();
    let other_area = world.add_component(other, TextArea::new()).unwrap();
    tap(&mut world, Q.0, Q.1);
    world.set_focus(Some(other)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(board(&world, keyboard).target(), Some(other));
    tap(&mut world, W.0, W.1);
    // The focus on the keys: the target stays, its cursor shows; the other's does not.
    world.set_focus(Some(keys)).unwrap();
    world.tick(0.0).unwrap();
    press(&mut world, Key::A);
    world.tick(0.0).unwrap();
    assert_eq!(
        (text(&world, area), text(&world, other_area)),
        ("q".into(), "wq".into())
    );
    assert!(world.get::<TextArea>(other_area).unwrap().is_cursor_shown());
    assert!(!world.get::<TextArea>(area).unwrap().is_cursor_shown());
    // A keyboard with a target of its own ignores the focus.
    world
        .get_mut::<Keyboard>(keyboard)
        .unwrap()
        .set_target(Some(field));
    world.tick(0.0).unwrap();
    world.set_focus(Some(other)).unwrap();
    world.tick(0.0).unwrap();
    tap(&mut world, Q.0, Q.1);
    assert_eq!(
        (text(&world, area), text(&world, other_area)),
        ("qq".into(), "wq".into())
    );
}

#[test]
fn it_costs_one_node_and_one_component() {
    let (world, _, _, keys, keyboard) = scene(TextArea::new(), Keyboard::new());
    assert_eq!(world.child_count(keys).unwrap(), 0);
    assert!(world.get::<Keyboard>(keyboard).is_ok());
    println!(
        "Keyboard: {} bytes, TextArea: {} bytes",
        std::mem::size_of::<Keyboard>(),
        std::mem::size_of::<TextArea>()
    );
}

#[test]
fn golden_frames_of_each_layout() {
    for (name, layout) in [
        ("keyboard_lower", KeyboardLayout::Lower),
        ("keyboard_upper", KeyboardLayout::Upper),
        ("keyboard_numbers", KeyboardLayout::Numbers),
        ("keyboard_symbols", KeyboardLayout::Symbols),
    ] {
        let (mut world, _, _, keys, _) =
            scene(TextArea::new(), Keyboard::new().with_layout(layout));
        if layout == KeyboardLayout::Numbers {
            // The keypad highlight, moved to "3".
            world.set_focus(Some(keys)).unwrap();
            press(&mut world, Key::Right);
            press(&mut world, Key::Right);
            world.tick(0.0).unwrap();
        }
        golden::check(name, &mut world, 100, 56);
    }
}

/// A screen that keeps nothing: the renderer's statistics are what the test reads.
struct Sink;

impl embedded_graphics::prelude::OriginDimensions for Sink {
    fn size(&self) -> embedded_graphics::prelude::Size {
        embedded_graphics::prelude::Size::new(100, 56)
    }
}

impl embedded_graphics::prelude::DrawTarget for Sink {
    type Color = embedded_graphics::pixelcolor::Rgb888;
    type Error = std::convert::Infallible;

    fn draw_iter<I>(&mut self, _pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = embedded_graphics::Pixel<Self::Color>>,
    {
        Ok(())
    }
}

#[test]
fn an_idle_keyboard_redraws_nothing_and_a_key_redraws_it() {
    use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
    use embedded_graphics::prelude::Size;
    use sprig::render::damage::BusCost;
    use sprig::render::Renderer;

    let mut steady = TextArea::new().with_text("abc").unwrap();
    steady.blink_seconds = 0.0; // so that only the keyboard could change
    let (mut world, _, _, _, _) = scene(steady, Keyboard::new());
    let mut renderer: Renderer<Rgb888, 24, 256> =
        Renderer::new(Size::new(100, 56), Rgb888::BLACK, BusCost::RGB565_MIPI_DCS);
    let Ok(_) = renderer.render(&mut world, &mut Sink);
    world.tick(0.1).unwrap();
    let Ok(idle) = renderer.render(&mut world, &mut Sink);
    assert_eq!(idle.pixels_drawn, 0, "{idle:?}");
    let at = Vec2::new(Q.0, 56.0 - Q.1);
    world.touch(0, TouchPhase::Down, at, 56.0).unwrap();
    world.tick(0.1).unwrap();
    let Ok(pressed) = renderer.render(&mut world, &mut Sink);
    assert!(pressed.pixels_drawn >= 100 * 40, "{pressed:?}"); // the keyboard, whole
}
