//! Focus groups on a keypad: arrows move the focus on screen (a 3×3 grid) or in tree
//! order (a menu, wrapping or handing the arrow to the group around it), B goes back,
//! autofocus picks the first node, and the indicator frames the focused node exactly.

use std::cell::RefCell;

use sprig::{
    component, world, AnyWorld, Ctx, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, Vec2,
};
use sprig_ui::{Easing, FocusGroup, FocusIndicator, Navigation};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// A stand-in for a button: logs the A presses it gets, and takes them.
pub struct Pressable;

#[component]
impl Hooks for Pressable {
    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if key.key == Key::A && key.pressed {
            let node = ctx.node();
            let name = ctx.name(node)?.to_string();
            LOG.with(|l| l.borrow_mut().push(format!("{name} pressed")));
            ctx.stop_propagation();
        }
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 24,
        components: AppSet { FocusGroup: 3, FocusIndicator: 1, Pressable: 12 },
    };
}

/// A 3×3 grid of 20×20 cells, 30 px apart, under a node at (50, 50): cell `r c` is row
/// `r` from the top, column `c` from the left.
fn grid(world: &mut App, navigation: Navigation) -> (NodeId, Vec<NodeId>) {
    let root = world.root();
    let grid = world.create_child(root, "Grid").unwrap();
    world.set_position(grid, Vec2::new(50.0, 50.0)).unwrap();
    let mut cells = Vec::new();
    for r in 0..3 {
        for c in 0..3 {
            let name = format!("{r}{c}");
            let cell = world.create_child(grid, &name).unwrap();
            world
                .set_position(
                    cell,
                    Vec2::new(c as f32 * 30.0 - 30.0, 30.0 - r as f32 * 30.0),
                )
                .unwrap();
            world
                .set_content_size(cell, Size2::new(20.0, 20.0))
                .unwrap();
            world.set_focusable(cell, true).unwrap();
            world.add_component(cell, Pressable).unwrap();
            cells.push(cell);
        }
    }
    world
        .add_component(
            grid,
            FocusGroup {
                navigation,
                back: None,
                autofocus: true,
            },
        )
        .unwrap();
    (grid, cells)
}

fn focused(world: &App) -> String {
    world
        .focus()
        .map_or("none".into(), |f| world.name(f).unwrap().to_string())
}

fn press(world: &mut App, key: Key) -> String {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
    focused(world)
}

#[test]
fn arrows_move_the_focus_on_screen_in_a_grid() {
    let mut world = App::new();
    let _ = grid(&mut world, Navigation::Spatial);
    assert_eq!(focused(&world), "00", "autofocus takes the first cell");
    let moves: Vec<String> = [
        Key::Right,
        Key::Right,
        Key::Right, // nothing further right: stays
        Key::Down,
        Key::Down,
        Key::Left,
        Key::Up,
        Key::Left,
        Key::Left,
    ]
    .into_iter()
    .map(|k| press(&mut world, k))
    .collect();
    assert_eq!(
        moves,
        ["01", "02", "02", "12", "22", "21", "11", "10", "10"]
    );
    // A goes to the focused node's component, which takes it.
    world.key(Key::A, true).unwrap();
    assert_eq!(take_log(), ["10 pressed"]);
}

#[test]
fn spatial_moves_prefer_the_node_straight_ahead() {
    let mut world = App::new();
    let (_, cells) = grid(&mut world, Navigation::Spatial);
    // Centre 11 goes right to 12, not to the nearer-diagonal 02 or 22.
    world.set_focus(Some(cells[4])).unwrap();
    assert_eq!(press(&mut world, Key::Right), "12");
    // Moved off the grid line, 21 still goes up to the cell straight above it.
    world.set_position(cells[4], Vec2::new(-8.0, 0.0)).unwrap();
    world.set_focus(Some(cells[7])).unwrap();
    assert_eq!(press(&mut world, Key::Up), "11");
}

#[test]
fn ordered_groups_wrap_or_hand_the_arrow_to_the_group_around_them() {
    let mut world = App::new();
    let root = world.root();
    let screen = world.create_child(root, "Screen").unwrap();
    let tabs = world.create_child(screen, "Tabs").unwrap();
    let menu = world.create_child(screen, "Menu").unwrap();
    let mut rows = Vec::new();
    for (parent, names) in [(tabs, ["T1", "T2"]), (menu, ["M1", "M2"])] {
        for name in names {
            let n = world.create_child(parent, name).unwrap();
            world.set_focusable(n, true).unwrap();
            rows.push(n);
        }
    }
    // The menu does not wrap: past its end, the screen's group (wrapping) moves on.
    world
        .add_component(
            menu,
            FocusGroup {
                navigation: Navigation::Ordered { wrap: false },
                back: Some(rows[0]),
                autofocus: false,
            },
        )
        .unwrap();
    world.add_component(screen, FocusGroup::ordered()).unwrap();
    assert_eq!(focused(&world), "T1", "the screen's group autofocuses");
    world.set_focus(Some(rows[2])).unwrap();
    let moves: Vec<String> = [Key::Down, Key::Down, Key::Down, Key::Up]
        .into_iter()
        .map(|k| press(&mut world, k))
        .collect();
    assert_eq!(moves, ["M2", "T1", "T2", "T1"]);
    world.set_focus(Some(rows[3])).unwrap();
    assert_eq!(
        press(&mut world, Key::B),
        "T1",
        "B goes back to the first tab"
    );
    assert_eq!(
        press(&mut world, Key::B),
        "T1",
        "no back in the tabs: B bubbles away"
    );
}

#[test]
fn the_indicator_frames_the_focused_node_and_hides_when_the_focus_leaves() {
    let mut world = App::new();
    let (grid, cells) = grid(&mut world, Navigation::Spatial);
    let root = world.root();
    let frame = world.create_child(root, "Frame").unwrap();
    world
        .add_component(frame, FocusIndicator::new(grid))
        .unwrap();
    world.set_focus(Some(cells[5])).unwrap(); // 12: centre (80, 50) in the world
    world.tick(0.016).unwrap();
    assert_eq!(world.content_size(frame).unwrap(), Size2::new(24.0, 24.0));
    assert_eq!(world.position(frame).unwrap(), Vec2::new(80.0, 50.0));
    assert_eq!(world.opacity(frame).unwrap(), 255);
    world.set_focusable(cells[5], false).unwrap();
    world.set_focus(None).unwrap();
    world.tick(0.016).unwrap();
    assert_eq!(world.opacity(frame).unwrap(), 0);
}

#[test]
fn a_sliding_indicator_eases_from_the_old_node_to_the_new_one() {
    let mut world = App::new();
    let (grid, cells) = grid(&mut world, Navigation::Spatial);
    let root = world.root();
    let frame = world.create_child(root, "Frame").unwrap();
    let indicator = FocusIndicator::new(grid)
        .with_margin(1.0)
        .sliding(0.2, Easing::Linear);
    world.add_component(frame, indicator).unwrap();
    // Autofocus put the focus on cell 00, centre (20, 80): the frame starts there.
    world.tick(0.05).unwrap();
    assert_eq!(focused(&world), "00");
    assert_eq!(world.position(frame).unwrap(), Vec2::new(20.0, 80.0));
    assert_eq!(world.content_size(frame).unwrap(), Size2::new(22.0, 22.0));
    // Right: to cell 01, 30 px to the right, in 0.2 s, linearly.
    world.key(Key::Right, true).unwrap();
    let xs: Vec<f32> = (0..5)
        .map(|_| {
            world.tick(0.05).unwrap();
            world.position(frame).unwrap().x
        })
        .collect();
    assert_eq!(xs, [27.5, 35.0, 42.5, 50.0, 50.0]);
    assert_eq!(world.position(frame).unwrap().y, 80.0);
    // Interrupted: a move halfway starts again from where the frame is.
    world.key(Key::Down, true).unwrap(); // to 11, centre (50, 50)
    world.tick(0.1).unwrap();
    assert_eq!(world.position(frame).unwrap(), Vec2::new(50.0, 65.0));
    world.key(Key::Left, true).unwrap(); // to 10, centre (20, 50)
    world.tick(0.1).unwrap();
    assert_eq!(world.position(frame).unwrap(), Vec2::new(35.0, 57.5));
    world.tick(0.1).unwrap();
    assert_eq!(world.position(frame).unwrap(), Vec2::new(20.0, 50.0));
    // The focus leaving the grid hides the frame at once; coming back, it does not
    // slide from where it was hidden.
    world.set_focus(None).unwrap();
    world.tick(0.05).unwrap();
    assert_eq!(world.opacity(frame).unwrap(), 0);
    world.set_focus(Some(cells[8])).unwrap(); // 22: centre (80, 20)
    world.tick(0.05).unwrap();
    assert_eq!(world.position(frame).unwrap(), Vec2::new(80.0, 20.0));
    assert_eq!(world.opacity(frame).unwrap(), 255);
}
