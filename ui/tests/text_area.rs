//! Text areas: the text after sequences of edits and keys, the cursor and the selection
//! by keys and by touch, refusals that leave everything as it was, password mode, the
//! placeholder, the events, and golden frames (regenerate with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use sprig::render::{Clip, Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{TextArea, TextChanged, TextSubmitted};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `TextChanged` and `TextSubmitted` reaching the root, and each key that
/// bubbles up to it.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<TextChanged>(node)?;
        ctx.on::<TextSubmitted>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(c) = event.get::<TextChanged>() {
            let line = format!("changed {}", ctx.name(c.node)?);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        if let Some(s) = event.get::<TextSubmitted>() {
            let line = format!("submitted {}", ctx.name(s.node)?);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        Ok(())
    }

    fn on_key(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: sprig::KeyEvent) -> HookResult {
        if key.pressed {
            LOG.with(|l| l.borrow_mut().push(format!("root key {:?}", key.key)));
        }
        Ok(())
    }
}

type Text64 = Label<64>;

world! {
    type App = World {
        nodes: 16,
        components: AppSet { TextArea: 1, Shape: 5, Text64: 1, Clip: 1, Logger: 1 },
        listeners: 4,
    };
}

/// A 64×16 screen (origin bottom-left, the root listening) with the text area "Name",
/// 60×14, its bottom-left corner at world (2, 1), focused. FONT_6X10: the text starts
/// at screen x 5 (face 1 px, padding 2), 6 px a character.
fn scene(area: TextArea) -> (App, NodeId, CompId) {
    scene_sized(area, Size2::new(60.0, 14.0))
}

fn scene_sized(area: TextArea, size: Size2) -> (App, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 16.0 + size.height - 14.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Name").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(2.0, 1.0)).unwrap();
    world.set_content_size(node, size).unwrap();
    let comp = world.add_component(node, area).unwrap();
    world.tick(0.0).unwrap();
    world.set_focus(Some(node)).unwrap();
    world.tick(0.0).unwrap();
    (world, node, comp)
}

fn press(world: &mut App, key: Key) {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
}

fn area(world: &App, comp: CompId) -> &TextArea {
    world.get::<TextArea>(comp).unwrap()
}

#[test]
fn golden_frames() {
    let placeholder = TextArea::new().with_placeholder("Wi-Fi name").unwrap();
    let (mut world, _, _) = scene(placeholder);
    world.set_focus(None).unwrap();
    world.tick(0.0).unwrap();
    golden::check("text_area_placeholder", &mut world, 64, 16);

    let text = TextArea::new().with_text("Hello").unwrap();
    let (mut world, _, comp) = scene(text);
    world.get_mut::<TextArea>(comp).unwrap().set_cursor(2);
    world.tick(0.0).unwrap();
    golden::check("text_area_cursor", &mut world, 64, 16);

    let secret = TextArea::new()
        .with_password(true)
        .with_text("s3cret")
        .unwrap();
    let (mut world, _, _) = scene(secret);
    golden::check("text_area_password", &mut world, 64, 16);

    // Two lines, "b", the line break and "cd" selected: three rectangles' worth.
    let lines = TextArea::new()
        .multi_line()
        .with_text("ab\ncdef\ngh")
        .unwrap();
    let (mut world, _, comp) = scene_sized(lines, Size2::new(60.0, 36.0));
    world
        .get_mut::<TextArea>(comp)
        .unwrap()
        .select(1..10)
        .unwrap();
    world.tick(0.0).unwrap();
    golden::check("text_area_selection", &mut world, 64, 38);
}

#[test]
fn edits_by_code_give_the_exact_text_cursor_and_selection() {
    let mut text = TextArea::new();
    text.insert("Helo").unwrap();
    text.set_cursor(3);
    text.insert("l").unwrap();
    assert_eq!((text.text(), text.cursor()), ("Hello", 4));
    text.select(1..4).unwrap();
    assert_eq!(text.selected_text(), "ell");
    text.insert("i, w").unwrap(); // replaces the selection
    assert_eq!(
        (text.text(), text.cursor(), text.selection()),
        ("Hi, wo", 5, None)
    );
    assert!(text.backspace()); // the "w"
    assert!(text.delete()); // the "o"
    assert_eq!((text.text(), text.cursor()), ("Hi, ", 4));
    text.select_all();
    assert!(text.backspace());
    assert_eq!((text.text(), text.cursor()), ("", 0));
    assert!(!text.backspace() && !text.delete());
    // Multi-byte characters are one step each.
    text.insert("héé").unwrap();
    text.set_cursor(2);
    assert!(text.backspace());
    assert_eq!((text.text(), text.cursor()), ("hé", 1));
}

#[test]
fn refused_edits_change_nothing() {
    let mut text = TextArea::new()
        .with_text("abcd")
        .unwrap()
        .with_max_chars(5)
        .unwrap();
    text.select(1..2).unwrap();
    let before = text.clone();
    assert_eq!(
        text.insert("xyz"),
        Err(Error::TextTooLong {
            len: 6,
            capacity: 5
        })
    );
    assert_eq!(text.insert("\n"), Err(Error::InvalidValue)); // one line only
    assert_eq!(
        text.set_text("abcdef"),
        Err(Error::TextTooLong {
            len: 6,
            capacity: 5
        })
    );
    assert_eq!(
        text.select(std::ops::Range { start: 3, end: 2 }),
        Err(Error::InvalidValue)
    );
    assert_eq!(text.select(0..5), Err(Error::InvalidValue));
    assert_eq!(
        (text.text(), text.cursor(), text.selection()),
        (before.text(), before.cursor(), before.selection())
    );
    assert_eq!(
        (text.text(), text.cursor(), text.selection()),
        ("abcd", 2, Some(1..2))
    );
    // Typing over the selection fits: 4 - 1 + 2 characters.
    text.insert("xy").unwrap();
    assert_eq!(text.text(), "axycd");
    // The byte capacity: 8 bytes hold four "é" (two bytes each), not five.
    let mut small = TextArea::<8>::empty().with_text("éééé").unwrap();
    assert_eq!(
        small.insert("é"),
        Err(Error::TextTooLong {
            len: 10,
            capacity: 8
        })
    );
    assert_eq!(small.text(), "éééé");
    assert_eq!(
        TextArea::<8>::empty().with_max_chars(9).err(),
        Some(Error::InvalidValue)
    );
    assert_eq!(
        TextArea::<8>::empty().with_placeholder("123456789").err(),
        Some(Error::TextTooLong {
            len: 9,
            capacity: 8
        })
    );
}

#[test]
fn arrows_move_the_cursor_a_held_a_selects_and_a_alone_submits() {
    let (mut world, _, comp) = scene(TextArea::new().with_text("Hello").unwrap());
    press(&mut world, Key::Left);
    press(&mut world, Key::Left);
    assert_eq!(area(&world, comp).cursor(), 3);
    world.key(Key::A, true).unwrap();
    press(&mut world, Key::Left);
    press(&mut world, Key::Left);
    world.key(Key::A, false).unwrap(); // the arrows moved: no submit
    assert_eq!(
        (area(&world, comp).cursor(), area(&world, comp).selection()),
        (1, Some(1..3))
    );
    assert_eq!(area(&world, comp).selected_text(), "el");
    press(&mut world, Key::Right); // collapses to the selection's right end
    assert_eq!(
        (area(&world, comp).cursor(), area(&world, comp).selection()),
        (3, None)
    );
    world.key(Key::A, true).unwrap();
    for _ in 0..4 {
        press(&mut world, Key::Right); // stops at the end
    }
    world.key(Key::A, false).unwrap();
    assert_eq!(area(&world, comp).selection(), Some(3..5));
    press(&mut world, Key::Left); // collapses to the left end
    assert_eq!(
        (area(&world, comp).cursor(), area(&world, comp).selection()),
        (3, None)
    );
    assert_eq!(take_log(), Vec::<String>::new());
    press(&mut world, Key::A);
    // A one-line area lets Up, Down and B go on to a focus group.
    for key in [Key::Up, Key::Down, Key::B] {
        press(&mut world, key);
    }
    assert_eq!(
        take_log(),
        [
            "submitted Name",
            "root key Up",
            "root key Down",
            "root key B"
        ]
    );
    assert_eq!(area(&world, comp).text(), "Hello");
    // Unfocused, keys are not its.
    world.set_focus(None).unwrap();
    press(&mut world, Key::Left);
    assert_eq!(area(&world, comp).cursor(), 3);
}

#[test]
fn up_and_down_move_between_lines_keeping_x_and_bubble_at_the_ends() {
    let area_ = TextArea::new()
        .multi_line()
        .with_text("abcdef\nab\nabcd")
        .unwrap();
    let (mut world, _, comp) = scene_sized(area_, Size2::new(60.0, 40.0));
    assert_eq!(area(&world, comp).cursor(), 14); // line 2, column 4
    press(&mut world, Key::Up);
    assert_eq!(area(&world, comp).cursor(), 9); // line 1 is 2 long: its end
    press(&mut world, Key::Up);
    assert_eq!(area(&world, comp).cursor(), 4); // back to column 4 on line 0
    press(&mut world, Key::Up); // no line above: on to the root
    assert_eq!(take_log(), ["root key Up"]);
    world.key(Key::A, true).unwrap();
    press(&mut world, Key::Down);
    press(&mut world, Key::Down);
    world.key(Key::A, false).unwrap();
    let text = area(&world, comp);
    assert_eq!((text.cursor(), text.selection()), (14, Some(4..14)));
    assert_eq!(text.selected_text(), "ef\nab\nabcd");
    press(&mut world, Key::Down);
    assert_eq!(take_log(), ["root key Down"]);
}

#[test]
fn a_tap_puts_the_cursor_at_the_nearest_boundary_and_a_drag_selects() {
    let (mut world, node, comp) = scene(TextArea::new().with_text("Hello").unwrap());
    world.set_focus(None).unwrap();
    // Boundaries at screen x 5, 11, 17, 23, 29, 35; the middle row is screen y 8.
    let at = |x: f32| Vec2::new(x, 8.0);
    world.touch(0, TouchPhase::Down, at(13.0), 16.0).unwrap();
    world.touch(0, TouchPhase::Up, at(13.0), 16.0).unwrap();
    assert_eq!(
        (area(&world, comp).cursor(), world.focus()),
        (1, Some(node))
    );
    world.touch(0, TouchPhase::Down, at(15.0), 16.0).unwrap();
    assert_eq!(area(&world, comp).cursor(), 2);
    world.touch(0, TouchPhase::Move, at(30.0), 16.0).unwrap();
    world.touch(0, TouchPhase::Up, at(60.0), 16.0).unwrap();
    assert_eq!(
        (area(&world, comp).cursor(), area(&world, comp).selection()),
        (4, Some(2..4))
    );
    // Past the end of the text: the last boundary.
    world.touch(0, TouchPhase::Down, at(58.0), 16.0).unwrap();
    world.touch(0, TouchPhase::Up, at(58.0), 16.0).unwrap();
    assert_eq!(
        (area(&world, comp).cursor(), area(&world, comp).selection()),
        (5, None)
    );
}

#[test]
fn password_mode_shows_stars_and_the_placeholder_shows_dim_while_empty() {
    let secret = TextArea::new()
        .with_password(true)
        .with_placeholder("Password")
        .unwrap();
    let (mut world, _, comp) = scene(secret);
    let label_of = |world: &App| {
        let parts = area(world, comp).parts().unwrap();
        let label = world.component_of::<Text64>(parts.text).unwrap().unwrap();
        let label = world.get::<Text64>(label).unwrap();
        (label.text.to_string(), label.color)
    };
    let style = area(&world, comp).style();
    assert_eq!(
        label_of(&world),
        ("Password".to_string(), style.placeholder)
    );
    world
        .get_mut::<TextArea>(comp)
        .unwrap()
        .insert("pa55")
        .unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(label_of(&world), ("****".to_string(), style.text));
    assert_eq!(area(&world, comp).text(), "pa55");
    world.get_mut::<TextArea>(comp).unwrap().set_password(false);
    world.tick(0.0).unwrap();
    assert_eq!(label_of(&world), ("pa55".to_string(), style.text));
}

#[test]
fn a_long_line_scrolls_to_keep_the_cursor_in_view() {
    let long = TextArea::new().with_text("abcdefghijklmnopqrst").unwrap();
    let (mut world, _, comp) = scene(long);
    let parts = area(&world, comp).parts().unwrap();
    // 120 px of text; the cursor's room is the 58-px viewport less the padding on
    // either side, 55 px: scrolled by 65.
    assert_eq!(world.position(parts.text).unwrap().x, 2.0 - 65.0);
    world.get_mut::<TextArea>(comp).unwrap().set_cursor(0);
    world.tick(0.0).unwrap();
    assert_eq!(world.position(parts.text).unwrap().x, 2.0);
    // Deleting the end scrolls back as far as the line needs.
    world.get_mut::<TextArea>(comp).unwrap().set_cursor(20);
    world.tick(0.0).unwrap();
    for _ in 0..10 {
        world.get_mut::<TextArea>(comp).unwrap().backspace();
    }
    world.tick(0.0).unwrap();
    assert_eq!(world.position(parts.text).unwrap().x, 2.0 - 5.0); // 60 - 55
}

#[test]
fn the_cursor_blinks_while_focused_and_shows_again_after_a_change() {
    let (mut world, _, comp) = scene(TextArea::new().with_text("Hi").unwrap());
    let shown = |world: &App| area(world, comp).is_cursor_shown();
    world.tick(0.25).unwrap();
    assert!(shown(&world));
    world.tick(0.25).unwrap();
    assert!(!shown(&world), "off after 0.5 s");
    world.tick(0.5).unwrap();
    assert!(shown(&world), "on again after 1 s");
    world.tick(0.5).unwrap();
    assert!(!shown(&world));
    press(&mut world, Key::Left); // a move shows it at once
    world.tick(0.25).unwrap();
    assert!(shown(&world));
    world.set_focus(None).unwrap();
    world.tick(0.0).unwrap();
    assert!(!shown(&world), "no cursor without the focus");
}
