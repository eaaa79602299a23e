//! Tile views: the tiles placed in their grid (row 0 on top) with only the current one
//! active, arrows choosing the neighbour (one `TileChanged` at once, the grid easing
//! there with exact positions for given `dt`, no tile that way bubbling on), a swipe
//! locked to the axis it moved most on going to the neighbour past a quarter and
//! sliding back short of it, capacity and place errors, a failed load giving the tiles
//! back, and a golden frame half-way across (regenerate with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use std::cell::RefCell;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Clip, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, HookResult, Hooks, Key, NodeId, Size2,
    TouchPhase, Vec2,
};
use sprig_ui::{Button, Click, FocusGroup, TileChanged, Tileview, MAX_TILES};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs each `TileChanged` reaching its node.
pub struct Logger;

#[component]
impl Hooks for Logger {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<TileChanged>(node)?;
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(c) = event.get::<TileChanged>() {
            let line = format!("{} {} {}", ctx.name(c.node)?, c.col, c.row);
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
        nodes: 12,
        components: AppSet { Tileview: 1, Shape: 3, Clip: 1, Logger: 1, FocusGroup: 1, Button: 1 },
        listeners: 4,
    };
}

world! {
    type Small = World {
        nodes: 4,
        components: SmallSet { Tileview: 1, Clip: 1 },
    };
}

/// A 64×48 screen (origin bottom-left), a logger on the root, and the tile view "Tiles"
/// over all of it with three tiles, each a filled rectangle: A (0, 0) red, B (1, 0)
/// green right of it, C (0, 1) blue below A; none at (1, 1).
fn scene() -> (App, NodeId, CompId, [NodeId; 3]) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 48.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    world.add_component(root, Logger).unwrap();
    let node = world.create_child(root, "Tiles").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world
        .set_content_size(node, Size2::new(64.0, 48.0))
        .unwrap();
    let colors = [
        Rgb888::new(200, 0, 0),
        Rgb888::new(0, 200, 0),
        Rgb888::new(0, 0, 200),
    ];
    let tiles = ["A", "B", "C"].map(|name| world.create_child(root, name).unwrap());
    for (tile, color) in tiles.into_iter().zip(colors) {
        world
            .add_component(tile, Shape::rectangle().with_fill(color))
            .unwrap();
    }
    let view = Tileview::new(&[(0, 0, tiles[0]), (1, 0, tiles[1]), (0, 1, tiles[2])]).unwrap();
    let id = world.add_component(node, view).unwrap();
    world.tick(0.0).unwrap();
    (world, node, id, tiles)
}

fn view(world: &App, id: CompId) -> &Tileview {
    world.get::<Tileview>(id).unwrap()
}

/// A touch at (x, y) of the screen, y from the top.
fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, y), 48.0).unwrap();
}

/// The tile's bottom-left corner in world space.
fn corner(world: &mut App, tile: NodeId) -> Vec2 {
    world.convert_to_world_space(tile, Vec2::ZERO).unwrap()
}

fn active(world: &App, tiles: [NodeId; 3]) -> [bool; 3] {
    tiles.map(|t| world.active(t).unwrap())
}

/// Ticks of 20 ms until the grid is at rest (at most 5 s); returns how many.
fn settle(world: &mut App, id: CompId) -> usize {
    for k in 0..250 {
        if view(world, id).is_at_rest() {
            return k;
        }
        world.tick(0.02).unwrap();
    }
    panic!("the grid never came to rest");
}

#[test]
fn the_tiles_lie_in_their_grid_and_only_the_current_one_is_active() {
    let (mut world, _, id, tiles) = scene();
    let content = view(&world, id).content().unwrap();
    for tile in tiles {
        assert_eq!(world.parent(tile).unwrap(), Some(content));
        assert_eq!(world.content_size(tile).unwrap(), Size2::new(64.0, 48.0));
    }
    assert_eq!(corner(&mut world, tiles[0]), Vec2::new(0.0, 0.0));
    assert_eq!(corner(&mut world, tiles[1]), Vec2::new(64.0, 0.0));
    assert_eq!(corner(&mut world, tiles[2]), Vec2::new(0.0, -48.0));
    assert_eq!(active(&world, tiles), [true, false, false]);
}

#[test]
fn arrows_choose_the_neighbour_at_once_and_the_grid_lands_exactly_on_it() {
    let (mut world, node, id, tiles) = scene();
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Right, true).unwrap();
    world.key(Key::Right, false).unwrap();
    assert_eq!(take_log(), ["Tiles 1 0"]);
    world.tick(0.02).unwrap();
    let expected = 1.0 - (-0.24f32).exp();
    let (x, y) = view(&world, id).position();
    assert!((x - expected).abs() < 1e-6 && y == 0.0);
    assert_eq!(active(&world, tiles), [true, true, false]);
    // 64 px × exp(-0.24 k) < 0.5 px from k = 21.
    assert_eq!(settle(&mut world, id), 20);
    assert_eq!(view(&world, id).position(), (1.0, 0.0));
    assert_eq!(corner(&mut world, tiles[1]), Vec2::ZERO);
    assert_eq!(active(&world, tiles), [false, true, false]);
    // No tile below B nor right of it: not taken. Left, then Down to C.
    world.key(Key::Down, true).unwrap();
    world.key(Key::Right, true).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
    world.key(Key::Left, true).unwrap();
    world.key(Key::Down, true).unwrap();
    assert_eq!(take_log(), ["Tiles 0 0", "Tiles 0 1"]);
    settle(&mut world, id);
    assert_eq!(view(&world, id).position(), (0.0, 1.0));
    assert_eq!(corner(&mut world, tiles[2]), Vec2::ZERO);
    assert_eq!(corner(&mut world, tiles[0]), Vec2::new(0.0, 48.0));
    assert_eq!(active(&world, tiles), [false, false, true]);
}

#[test]
fn a_swipe_follows_its_main_axis_goes_past_a_quarter_and_slides_back_short_of_it() {
    let (mut world, _, id, tiles) = scene();
    // 10 px left and 3 px up: across, 10/64 of a tile.
    touch(&mut world, TouchPhase::Down, 40.0, 20.0);
    touch(&mut world, TouchPhase::Move, 30.0, 17.0);
    assert_eq!(view(&world, id).position(), (0.15625, 0.0));
    assert_eq!(corner(&mut world, tiles[1]), Vec2::new(54.0, 0.0));
    touch(&mut world, TouchPhase::Up, 30.0, 17.0);
    assert_eq!(take_log(), Vec::<String>::new(), "10 px is less than 16");
    settle(&mut world, id);
    assert_eq!(view(&world, id).position(), (0.0, 0.0));
    // 12 px up (a quarter of 48): on to C below.
    touch(&mut world, TouchPhase::Down, 30.0, 30.0);
    touch(&mut world, TouchPhase::Move, 31.0, 18.0);
    assert_eq!(view(&world, id).position(), (0.0, 0.25));
    touch(&mut world, TouchPhase::Up, 31.0, 18.0);
    assert_eq!(take_log(), ["Tiles 0 1"]);
    settle(&mut world, id);
    // From C, right has no tile: held.
    touch(&mut world, TouchPhase::Down, 40.0, 20.0);
    touch(&mut world, TouchPhase::Move, 0.0, 20.0);
    assert_eq!(view(&world, id).position(), (0.0, 1.0));
    touch(&mut world, TouchPhase::Up, 0.0, 20.0);
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn capacity_and_bad_places_are_errors_that_change_nothing() {
    let (world, _, _, tiles) = scene();
    assert_eq!(Tileview::new(&[]), Err(Error::InvalidValue));
    assert_eq!(
        Tileview::new(&[(0, 0, tiles[0]), (0, 0, tiles[1])]),
        Err(Error::InvalidValue)
    );
    let many: Vec<_> = (0..=MAX_TILES as u8).map(|c| (c, 0, tiles[0])).collect();
    assert_eq!(Tileview::new(&many), Err(Error::QueueFull));
    assert_eq!(
        Tileview::new(&many[..MAX_TILES]).map(|t| t.len()),
        Ok(MAX_TILES)
    );
    let mut t = Tileview::new(&[(2, 3, tiles[0]), (3, 3, tiles[1])]).unwrap();
    assert_eq!(t.selected(), (2, 3), "on the first tile given");
    assert_eq!(t.set_selected(1, 1), Err(Error::InvalidValue));
    assert_eq!((t.selected(), t.position()), ((2, 3), (2.0, 3.0)));
    assert_eq!(t.tile(3, 3), Some(tiles[1]));
    drop(world);
}

#[test]
fn a_world_too_small_fails_the_load_and_gives_the_tiles_back() {
    let mut world = Small::new();
    let root = world.root();
    let node = world.create_child(root, "Tiles").unwrap();
    let a = world.create_child(root, "A").unwrap();
    let b = world.create_child(root, "B").unwrap();
    let before = world.node_count();
    let id = world
        .add_component(node, Tileview::new(&[(0, 0, a), (1, 0, b)]).unwrap())
        .unwrap();
    world.tick(0.0).unwrap();
    assert!(world.last_hook_error().is_some(), "4 nodes cannot hold 5");
    assert_eq!(world.node_count(), before);
    assert_eq!(world.parent(a).unwrap(), Some(root));
    assert_eq!(world.get::<Tileview>(id).unwrap().content(), None);
}

#[test]
fn golden_frame_half_way_across() {
    let (mut world, _, id, _) = scene();
    touch(&mut world, TouchPhase::Down, 48.0, 20.0);
    touch(&mut world, TouchPhase::Move, 16.0, 20.0); // 32 px: half a tile
    assert_eq!(view(&world, id).position(), (0.5, 0.0));
    golden::check("tileview_half", &mut world, 64, 48);
    let _ = Clip;
}

#[test]
fn with_no_tile_that_way_an_arrow_moves_the_focus_on_through_a_focus_group() {
    let (mut world, node, _, _) = scene();
    let root = world.root();
    let next = world.create_child(root, "Next").unwrap();
    world.set_focusable(next, true).unwrap();
    world.add_component(root, FocusGroup::ordered()).unwrap();
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Right, true).unwrap();
    assert_eq!(world.focus(), Some(node), "taken: B is right of A");
    world.key(Key::Down, true).unwrap();
    assert_eq!(
        world.focus(),
        Some(next),
        "no tile below B: it bubbled to the group"
    );
    assert_eq!(take_log(), ["Tiles 1 0"]);
}

#[test]
fn a_swipe_that_begins_on_a_tiles_button_is_taken_over_and_clicks_nothing() {
    let (mut world, _, id, tiles) = scene();
    // A 40×20 button in the middle of tile A: x 12 to 52, y 14 to 34 (world).
    let ok = world.create_child(tiles[0], "Ok").unwrap();
    world.set_content_size(ok, Size2::new(40.0, 20.0)).unwrap();
    world.add_component(ok, Button::new()).unwrap();
    world.tick(0.0).unwrap();
    touch(&mut world, TouchPhase::Down, 32.0, 24.0);
    touch(&mut world, TouchPhase::Up, 32.0, 24.0);
    assert_eq!(take_log(), ["click Ok"]);
    touch(&mut world, TouchPhase::Down, 32.0, 24.0);
    touch(&mut world, TouchPhase::Move, 32.0, 22.0); // watched from here
    touch(&mut world, TouchPhase::Move, 33.0, 14.0); // 8 px up: taken over, down the rows
    assert_eq!(view(&world, id).position(), (0.0, 0.0));
    touch(&mut world, TouchPhase::Move, 40.0, 2.0); // 12 px more up: a quarter of 48
    assert_eq!(view(&world, id).position(), (0.0, 0.25));
    touch(&mut world, TouchPhase::Up, 40.0, 2.0);
    assert_eq!(
        take_log(),
        ["Tiles 0 1"],
        "no click: the button's press was cancelled"
    );
}
