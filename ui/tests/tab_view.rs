//! Tab views: keys choose the neighbour (one `TabChanged` at once, the row easing there
//! with exact positions for given `dt` and landing exactly, the pages active while they
//! show), a tap on a title chooses it, a swipe past a quarter of the width goes to the
//! neighbour and a shorter one slides back, the ends hold, capacity and index errors,
//! a failed load giving the pages back, and a golden frame half-way between two pages
//! (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use sprig::render::{Clip, Label, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{Button, Click, FocusGroup, TabChanged, TabView, MAX_TABS};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `TabChanged` reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<TabChanged>(node)?;
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(c) = event.get::<TabChanged>() {
            let line = format!("{} {}", ctx.name(c.node)?, c.index);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        if let Some(c) = event.get::<Click>() {
            let line = format!("click {}", ctx.name(c.node)?);
            LOG.with(|l| l.borrow_mut().push(line));
        }
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 16,
        components: AppSet { TabView: 1, Shape: 2, Label: 6, Clip: 1, Logger: 1, FocusGroup: 1, Button: 1 },
        listeners: 4,
    };
}

world! {
    type Small = World {
        nodes: 8,
        components: SmallSet { TabView: 1, Shape: 2, Label: 6, Clip: 1 },
    };
}

const TITLES: [&str; 3] = ["Home", "Stats", "Setup"];

/// A 128×48 screen (origin bottom-left), a logger on the root, and the tab view "Tabs"
/// over all of it: the bar from y 34 to 48 (tabs 42.67 px wide), the pages below,
/// 128×34. Each page carries a label of its title.
fn scene() -> (App, NodeId, CompId, [NodeId; 3]) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(128.0, 48.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Tabs").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world
        .set_content_size(node, Size2::new(128.0, 48.0))
        .unwrap();
    let pages = TITLES.map(|title| {
        let page = world.create_child(root, title).unwrap();
        let label: Label = Label::try_new(title).unwrap();
        world.add_component(page, label).unwrap();
        page
    });
    let tabs: Vec<_> = TITLES.iter().copied().zip(pages).collect();
    let id = world
        .add_component(node, TabView::new(&tabs).unwrap())
        .unwrap();
    world.tick(0.0).unwrap();
    (world, node, id, pages)
}

fn tabs(world: &App, id: CompId) -> &TabView {
    world.get::<TabView>(id).unwrap()
}

/// A touch at (x, y) of the screen, y from the top.
fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, y), 48.0).unwrap();
}

/// The page's left edge in world space.
fn left(world: &mut App, page: NodeId) -> f32 {
    world.convert_to_world_space(page, Vec2::ZERO).unwrap().x
}

fn active(world: &App, pages: [NodeId; 3]) -> [bool; 3] {
    pages.map(|p| world.active(p).unwrap())
}

/// Ticks of 20 ms until the row is at rest (at most 5 s); returns how many.
fn settle(world: &mut App, id: CompId) -> usize {
    for k in 0..250 {
        if tabs(world, id).is_at_rest() {
            return k;
        }
        world.tick(0.02).unwrap();
    }
    panic!("the row never came to rest");
}

#[test]
fn the_pages_are_adopted_sized_below_the_bar_and_only_the_current_one_is_active() {
    let (mut world, _, id, pages) = scene();
    let content = tabs(&world, id).parts().unwrap().content;
    for page in pages {
        assert_eq!(world.parent(page).unwrap(), Some(content));
        assert_eq!(world.content_size(page).unwrap(), Size2::new(128.0, 34.0));
    }
    assert_eq!(left(&mut world, pages[0]), 0.0);
    assert_eq!(left(&mut world, pages[1]), 128.0);
    assert_eq!(active(&world, pages), [true, false, false]);
    let indicator = tabs(&world, id).parts().unwrap().indicator;
    assert_eq!(
        world.convert_to_world_space(indicator, Vec2::ZERO).unwrap(),
        Vec2::new(0.0, 34.0)
    );
}

#[test]
fn keys_choose_the_neighbour_at_once_and_the_row_lands_exactly_on_it() {
    let (mut world, node, id, pages) = scene();
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Right, true).unwrap();
    world.key(Key::Right, false).unwrap();
    assert_eq!(take_log(), ["Tabs 1"]);
    assert_eq!(
        tabs(&world, id).position(),
        0.0,
        "sliding starts at the next frame"
    );
    world.tick(0.02).unwrap();
    // A whole page left, times exp(-0.24): 0.7866 left.
    let expected = 1.0 - (-0.24f32).exp();
    assert!((tabs(&world, id).position() - expected).abs() < 1e-6);
    assert!((left(&mut world, pages[1]) - 128.0 * (1.0 - expected)).abs() < 1e-4);
    assert_eq!(active(&world, pages), [true, true, false], "both show");
    // 128 px × exp(-0.24 k) < 0.5 px from k = 24.
    assert_eq!(settle(&mut world, id), 23);
    assert_eq!(tabs(&world, id).position(), 1.0);
    assert_eq!(left(&mut world, pages[1]), 0.0);
    assert_eq!(active(&world, pages), [false, true, false]);
    let indicator = tabs(&world, id).parts().unwrap().indicator;
    let at = world.convert_to_world_space(indicator, Vec2::ZERO).unwrap();
    assert!((at.x - 128.0 / 3.0).abs() < 1e-4);
    // At the last tab Right is not taken; Left goes back; unfocused, keys are not its.
    world.key(Key::Right, true).unwrap();
    world.key(Key::Right, true).unwrap();
    assert_eq!(take_log(), ["Tabs 2"]);
    world.key(Key::Left, true).unwrap();
    world.set_focus(None).unwrap();
    world.key(Key::Left, true).unwrap();
    assert_eq!(take_log(), ["Tabs 1"]);
}

#[test]
fn a_tap_on_a_title_chooses_its_tab() {
    let (mut world, _, id, _) = scene();
    touch(&mut world, TouchPhase::Down, 100.0, 5.0); // the third title: x 85.3 to 128
    touch(&mut world, TouchPhase::Up, 100.0, 5.0);
    assert_eq!(take_log(), ["Tabs 2"]);
    settle(&mut world, id);
    assert_eq!(tabs(&world, id).position(), 2.0);
    // A tap on the page is no choice.
    touch(&mut world, TouchPhase::Down, 5.0, 30.0);
    touch(&mut world, TouchPhase::Up, 5.0, 30.0);
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn a_swipe_past_a_quarter_goes_to_the_neighbour_and_a_shorter_one_slides_back() {
    let (mut world, _, id, pages) = scene();
    touch(&mut world, TouchPhase::Down, 40.0, 30.0);
    touch(&mut world, TouchPhase::Move, 24.0, 30.0); // 16 px left
    assert_eq!(tabs(&world, id).position(), 0.125);
    assert_eq!(left(&mut world, pages[0]), -16.0);
    touch(&mut world, TouchPhase::Up, 24.0, 30.0);
    assert_eq!(take_log(), Vec::<String>::new(), "16 px is less than 32");
    settle(&mut world, id);
    assert_eq!(tabs(&world, id).position(), 0.0);
    touch(&mut world, TouchPhase::Down, 40.0, 30.0);
    touch(&mut world, TouchPhase::Move, 8.0, 30.0); // 32 px left
    touch(&mut world, TouchPhase::Up, 8.0, 30.0);
    assert_eq!(take_log(), ["Tabs 1"]);
    settle(&mut world, id);
    assert_eq!(tabs(&world, id).position(), 1.0);
    // Right from the first page: held at it.
    world
        .get_mut::<TabView>(id)
        .unwrap()
        .set_selected(0)
        .unwrap();
    world.tick(0.0).unwrap();
    touch(&mut world, TouchPhase::Down, 10.0, 30.0);
    touch(&mut world, TouchPhase::Move, 60.0, 30.0);
    assert_eq!(tabs(&world, id).position(), 0.0);
    touch(&mut world, TouchPhase::Up, 60.0, 30.0);
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn capacity_and_bad_values_are_errors_that_change_nothing() {
    let (world, _, _, pages) = scene();
    assert_eq!(TabView::new(&[]), Err(Error::InvalidValue));
    let nine = [("x", pages[0]); MAX_TABS + 1];
    assert_eq!(TabView::new(&nine), Err(Error::QueueFull));
    assert_eq!(
        TabView::new(&nine[..MAX_TABS]).map(|t| t.len()),
        Ok(MAX_TABS)
    );
    let long: &'static str = "a title far longer than 32 bytes!";
    assert!(matches!(
        TabView::new(&[(long, pages[0])]),
        Err(Error::TextTooLong { .. })
    ));
    let mut t = TabView::new(&[("A", pages[0]), ("B", pages[1])]).unwrap();
    assert_eq!(t.set_selected(2), Err(Error::InvalidValue));
    assert_eq!((t.selected(), t.position()), (0, 0.0));
    assert_eq!(t.clone().with_bar_height(0.0), Err(Error::InvalidValue));
    assert_eq!(t.title(1), Some("B"));
    assert_eq!(t.page(2), None);
    drop(world);
}

#[test]
fn a_world_too_small_fails_the_load_and_gives_the_pages_back() {
    let mut world = Small::new();
    let root = world.root();
    let node = world.create_child(root, "Tabs").unwrap();
    world
        .set_content_size(node, Size2::new(128.0, 48.0))
        .unwrap();
    let a = world.create_child(root, "A").unwrap();
    let b = world.create_child(root, "B").unwrap();
    let before = world.node_count();
    let id = world
        .add_component(node, TabView::new(&[("A", a), ("B", b)]).unwrap())
        .unwrap();
    world.tick(0.0).unwrap();
    assert!(
        world.last_hook_error().is_some(),
        "8 nodes cannot hold 5 parts and 3 more"
    );
    assert_eq!(world.node_count(), before);
    assert_eq!(world.parent(a).unwrap(), Some(root));
    assert_eq!(world.parent(b).unwrap(), Some(root));
    assert_eq!(world.get::<TabView>(id).unwrap().parts(), None);
}

#[test]
fn golden_frame_half_way_between_two_pages() {
    let (mut world, _, id, _) = scene();
    touch(&mut world, TouchPhase::Down, 96.0, 30.0);
    touch(&mut world, TouchPhase::Move, 32.0, 30.0); // 64 px: half a page
    assert_eq!(tabs(&world, id).position(), 0.5);
    golden::check("tab_view_half", &mut world, 128, 48);
    let _ = (Shape::rectangle(), Clip);
}

#[test]
fn at_the_last_tab_right_moves_the_focus_on_through_a_focus_group() {
    let (mut world, node, id, _) = scene();
    let root = world.root();
    let next = world.create_child(root, "Next").unwrap();
    world.set_focusable(next, true).unwrap();
    world.add_component(root, FocusGroup::ordered()).unwrap();
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Right, true).unwrap();
    world.key(Key::Right, true).unwrap();
    assert_eq!(tabs(&world, id).selected(), 2);
    assert_eq!(
        world.focus(),
        Some(node),
        "taken while there is a tab that way"
    );
    world.key(Key::Right, true).unwrap();
    assert_eq!(
        world.focus(),
        Some(next),
        "at the last it bubbled to the group"
    );
    assert_eq!(take_log(), ["Tabs 1", "Tabs 2"]);
}

#[test]
fn a_swipe_that_begins_on_a_pages_button_is_taken_over_and_clicks_nothing() {
    let (mut world, _, id, pages) = scene();
    // A 40×20 button in the middle of the first page: x 44 to 84, y 7 to 27 (world).
    let ok = world.create_child(pages[0], "Ok").unwrap();
    world.set_content_size(ok, Size2::new(40.0, 20.0)).unwrap();
    world.add_component(ok, Button::new()).unwrap();
    world.tick(0.0).unwrap();
    // A tap on it is its click, and no tab.
    touch(&mut world, TouchPhase::Down, 64.0, 30.0);
    touch(&mut world, TouchPhase::Up, 64.0, 30.0);
    assert_eq!(take_log(), ["click Ok"]);
    touch(&mut world, TouchPhase::Down, 64.0, 30.0);
    touch(&mut world, TouchPhase::Move, 62.0, 30.0); // watched from here
    assert_eq!(tabs(&world, id).position(), 0.0);
    touch(&mut world, TouchPhase::Move, 50.0, 30.0); // 12 px: taken over here
    assert_eq!(tabs(&world, id).position(), 0.0);
    touch(&mut world, TouchPhase::Move, 10.0, 30.0); // 40 px more
    assert_eq!(tabs(&world, id).position(), 0.3125);
    touch(&mut world, TouchPhase::Up, 10.0, 30.0);
    assert_eq!(
        take_log(),
        ["Tabs 1"],
        "no click: the button's press was cancelled"
    );
}
