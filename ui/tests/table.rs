//! Tables: the cells' exact places in the viewport, a drag that moves them with the
//! finger in both directions and stops at the ends, a flick that coasts with inertia
//! (exact for given `dt`) and stops at the end, arrows that scroll a cell at a time
//! and bubble on at the ends, capacity and text errors that change nothing, a load that
//! fails when the world is too small and leaves no part behind, and a golden frame
//! scrolled (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use sprig::render::{Clip, Label, Shape};
use sprig::{world, CompId, Error, Key, NodeId, Size2, TouchPhase, Vec2};
use sprig_ui::{FocusGroup, Table, CELL_TEXT_CAPACITY};

type Grid = Table<4, 3>;

world! {
    type App = World {
        nodes: 20,
        components: AppSet { Grid: 1, Shape: 1, Label: 12, Clip: 1, FocusGroup: 1 },
    };
}

world! {
    type Small = World {
        nodes: 8,
        components: SmallSet { Grid: 1, Shape: 1, Label: 12, Clip: 1 },
    };
}

/// A table of 4 rows and 3 columns of "r,c" texts, cells 30 × 12.
fn filled() -> Grid {
    let mut table = Grid::new().with_cell_size(30.0, 12.0).unwrap();
    for r in 0..4 {
        for c in 0..3 {
            table.set_cell(r, c, &format!("{r},{c}")).unwrap();
        }
    }
    table
}

/// A 64×28 screen (origin bottom-left) and the table "Grid", 62×26 (a 60×24 viewport:
/// two columns and two rows), its bottom-left corner at (1, 1).
fn scene(table: Grid) -> (App, NodeId, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 28.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Grid").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(1.0, 1.0)).unwrap();
    world
        .set_content_size(node, Size2::new(62.0, 26.0))
        .unwrap();
    let id = world.add_component(node, table).unwrap();
    world.tick(0.0).unwrap();
    (world, node, id)
}

fn table(world: &App, id: CompId) -> &Grid {
    world.get::<Grid>(id).unwrap()
}

/// A touch at (x, y) of the screen, y from the top.
fn touch(world: &mut App, phase: TouchPhase, x: f32, y: f32) {
    world.touch(0, phase, Vec2::new(x, y), 28.0).unwrap();
}

/// The cell's box in world space: (left, bottom, width, height).
fn cell_box(world: &mut App, id: CompId, r: usize, c: usize) -> (f32, f32, f32, f32) {
    let cell = table(world, id).parts().unwrap().cells[r][c];
    let at = world.convert_to_world_space(cell, Vec2::ZERO).unwrap();
    let size = world.content_size(cell).unwrap();
    (at.x, at.y, size.width, size.height)
}

#[test]
fn cells_sit_row_by_row_from_the_viewports_top_left_and_move_with_the_scroll() {
    let (mut world, _, id) = scene(filled());
    // The viewport: x 2 to 62, y 2 to 26 (world, y up). Row 0's top at 26.
    assert_eq!(cell_box(&mut world, id, 0, 0), (4.0, 14.0, 28.0, 12.0));
    assert_eq!(cell_box(&mut world, id, 1, 2), (64.0, 2.0, 28.0, 12.0));
    let label = world
        .component_of::<Label>(table(&world, id).parts().unwrap().cells[3][1])
        .unwrap()
        .unwrap();
    assert_eq!(world.get::<Label>(label).unwrap().text.as_str(), "3,1");
    world
        .get_mut::<Grid>(id)
        .unwrap()
        .set_scroll(Vec2::new(100.0, 5.0))
        .unwrap();
    world.tick(0.0).unwrap();
    // Clamped: 90 - 60 = 30 across, 5 of the 48 - 24 = 24 down.
    assert_eq!(table(&world, id).scroll(), Vec2::new(30.0, 5.0));
    assert_eq!(cell_box(&mut world, id, 0, 0), (-26.0, 19.0, 28.0, 12.0));
    // A text set from code shows at the next frame.
    world
        .get_mut::<Grid>(id)
        .unwrap()
        .set_cell(3, 1, "new")
        .unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.get::<Label>(label).unwrap().text.as_str(), "new");
}

#[test]
fn a_drag_moves_the_cells_with_the_finger_and_stops_at_the_ends() {
    let (mut world, _, id) = scene(filled());
    touch(&mut world, TouchPhase::Down, 40.0, 20.0);
    touch(&mut world, TouchPhase::Move, 30.0, 12.0); // 10 left, 8 up
    assert_eq!(table(&world, id).scroll(), Vec2::new(10.0, 8.0));
    assert_eq!(cell_box(&mut world, id, 0, 0), (-6.0, 22.0, 28.0, 12.0));
    touch(&mut world, TouchPhase::Move, -100.0, -100.0);
    assert_eq!(table(&world, id).scroll(), Vec2::new(30.0, 24.0));
    touch(&mut world, TouchPhase::Up, -100.0, -100.0);
    world.tick(0.5).unwrap();
    assert_eq!(
        table(&world, id).scroll(),
        Vec2::new(30.0, 24.0),
        "moves within one frame give no speed: no coast"
    );
    assert!(table(&world, id).is_at_rest());
    // Back past the start: held at zero.
    touch(&mut world, TouchPhase::Down, 10.0, 10.0);
    touch(&mut world, TouchPhase::Move, 200.0, 200.0);
    touch(&mut world, TouchPhase::Up, 200.0, 200.0);
    assert_eq!(table(&world, id).scroll(), Vec2::ZERO);
}

#[test]
fn arrows_scroll_a_cell_at_a_time_and_bubble_on_at_the_ends() {
    let (mut world, node, id) = scene(filled());
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Down, true).unwrap();
    world.key(Key::Down, false).unwrap();
    assert_eq!(table(&world, id).scroll(), Vec2::new(0.0, 12.0));
    for _ in 0..5 {
        world.key(Key::Down, true).unwrap();
        world.key(Key::Right, true).unwrap();
    }
    assert_eq!(table(&world, id).scroll(), Vec2::new(30.0, 24.0));
    world.key(Key::Up, true).unwrap();
    world.key(Key::Left, true).unwrap();
    assert_eq!(table(&world, id).scroll(), Vec2::new(0.0, 12.0));
    // Unfocused, the arrows are not its.
    world.set_focus(None).unwrap();
    world.key(Key::Up, true).unwrap();
    assert_eq!(table(&world, id).scroll(), Vec2::new(0.0, 12.0));
}

#[test]
fn capacity_and_bad_values_are_errors_that_change_nothing() {
    let mut t = filled();
    let before = t.clone();
    assert_eq!(t.set_cell(4, 0, "x"), Err(Error::InvalidValue));
    assert_eq!(t.set_cell(0, 3, "x"), Err(Error::InvalidValue));
    let long = "x".repeat(CELL_TEXT_CAPACITY + 1);
    assert!(matches!(
        t.set_cell(0, 0, &long),
        Err(Error::TextTooLong { .. })
    ));
    assert_eq!(t.set_scroll(Vec2::new(-1.0, 0.0)), Err(Error::InvalidValue));
    assert_eq!(
        t.set_scroll(Vec2::new(0.0, f32::NAN)),
        Err(Error::InvalidValue)
    );
    assert_eq!(t, before);
    assert_eq!(t.cell(0, 0), Some("0,0"));
    assert_eq!(t.cell(4, 0), None);
    assert_eq!(
        Grid::new().with_cell_size(0.0, 1.0),
        Err(Error::InvalidValue)
    );
    let exact = "x".repeat(CELL_TEXT_CAPACITY);
    assert_eq!(t.set_cell(0, 0, &exact), Ok(()));
}

#[test]
fn a_world_too_small_for_the_cells_fails_the_load_and_keeps_no_part() {
    let mut world = Small::new();
    let node = world.create_child(world.root(), "Grid").unwrap();
    world
        .set_content_size(node, Size2::new(62.0, 26.0))
        .unwrap();
    let before = world.node_count();
    let id = world.add_component(node, filled()).unwrap();
    world.tick(0.0).unwrap();
    assert!(
        world.last_hook_error().is_some(),
        "8 nodes cannot hold 14 parts"
    );
    assert_eq!(world.node_count(), before, "the parts made were destroyed");
    assert_eq!(world.child_count(node).unwrap(), 0);
    assert_eq!(world.get::<Grid>(id).unwrap().parts(), None);
}

#[test]
fn golden_frame_scrolled() {
    let mut t = filled();
    t.set_scroll(Vec2::new(15.0, 6.0)).unwrap();
    let (mut world, _, _) = scene(t);
    golden::check("table_scrolled", &mut world, 64, 28);
    let _ = (Shape::rectangle(), Clip);
}

#[test]
fn at_the_last_row_down_moves_the_focus_on_through_a_focus_group() {
    let (mut world, node, id) = scene(filled());
    let root = world.root();
    let next = world.create_child(root, "Next").unwrap();
    world.set_focusable(next, true).unwrap();
    world.add_component(root, FocusGroup::ordered()).unwrap();
    world.set_focus(Some(node)).unwrap();
    world.key(Key::Down, true).unwrap();
    world.key(Key::Down, true).unwrap();
    assert_eq!(table(&world, id).scroll(), Vec2::new(0.0, 24.0));
    assert_eq!(world.focus(), Some(node), "taken while it scrolls");
    world.key(Key::Down, true).unwrap();
    assert_eq!(
        world.focus(),
        Some(next),
        "at the end it bubbled to the group"
    );
}

type Long = Table<16, 2>;

world! {
    type LongApp = World {
        nodes: 40,
        components: LongSet { Long: 1, Shape: 1, Label: 32, Clip: 1 },
    };
}

/// The 64×28 screen with a table of 16 rows by 2 columns of 30 × 12 cells over it:
/// a 62×26 node at (1, 1), 168 px of scroll down (192 - 24), none across.
fn long_scene() -> (LongApp, CompId) {
    let mut world = LongApp::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(64.0, 28.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Long").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(1.0, 1.0)).unwrap();
    world
        .set_content_size(node, Size2::new(62.0, 26.0))
        .unwrap();
    let table = Long::new().with_cell_size(30.0, 12.0).unwrap();
    let id = world.add_component(node, table).unwrap();
    world.tick(0.0).unwrap();
    (world, id)
}

/// A flick up: 6 px in 20 ms (300 px/s), released at once; then frames of 20 ms until
/// the cells rest. Returns the scroll after the first frame, the frames, and the end.
fn flick(world: &mut LongApp, id: CompId) -> (Vec2, usize, Vec2) {
    world
        .touch(0, TouchPhase::Down, Vec2::new(30.0, 20.0), 28.0)
        .unwrap();
    world.tick(0.02).unwrap();
    world
        .touch(0, TouchPhase::Move, Vec2::new(30.0, 14.0), 28.0)
        .unwrap();
    world.tick(0.02).unwrap();
    world
        .touch(0, TouchPhase::Move, Vec2::new(30.0, 8.0), 28.0)
        .unwrap();
    world
        .touch(0, TouchPhase::Up, Vec2::new(30.0, 8.0), 28.0)
        .unwrap();
    let table = world.get::<Long>(id).unwrap();
    assert_eq!(table.scroll(), Vec2::new(0.0, 12.0));
    assert_eq!(table.velocity(), Vec2::new(0.0, 300.0));
    world.tick(0.02).unwrap();
    let first = world.get::<Long>(id).unwrap().scroll();
    for k in 0..250 {
        if world.get::<Long>(id).unwrap().is_at_rest() {
            return (first, k, world.get::<Long>(id).unwrap().scroll());
        }
        world.tick(0.02).unwrap();
    }
    panic!("the cells never came to rest");
}

#[test]
fn a_flick_coasts_with_inertia_deterministically_and_a_touch_stops_it() {
    let (mut world, id) = long_scene();
    let (first, frames, end) = flick(&mut world, id);
    assert_eq!(first, Vec2::new(0.0, 18.0), "12 + 300 × 0.02");
    // 300 px/s times exp(-0.02 / 0.3) a frame is below 20 px/s after 41 frames: it
    // coasts 6 px × (1 - r^41) / (1 - r) = 86.99 px more.
    let r = (-0.02f32 / 0.3).exp();
    let coast = 6.0 * (1.0 - r.powi(41)) / (1.0 - r);
    assert!((end.y - (12.0 + coast)).abs() < 1e-3, "{end:?}");
    assert_eq!(frames, 40);
    assert_eq!(end.x, 0.0);
    let (mut again, again_id) = long_scene();
    assert_eq!(
        flick(&mut again, again_id),
        (first, frames, end),
        "the same dt, the same scroll"
    );
    // A finger going down stops a coast at once.
    let (mut world, id) = long_scene();
    world
        .touch(0, TouchPhase::Down, Vec2::new(30.0, 20.0), 28.0)
        .unwrap();
    world.tick(0.02).unwrap();
    world
        .touch(0, TouchPhase::Move, Vec2::new(30.0, 8.0), 28.0)
        .unwrap();
    world
        .touch(0, TouchPhase::Up, Vec2::new(30.0, 8.0), 28.0)
        .unwrap();
    world.tick(0.02).unwrap();
    let coasting = world.get::<Long>(id).unwrap().scroll();
    world
        .touch(1, TouchPhase::Down, Vec2::new(30.0, 20.0), 28.0)
        .unwrap();
    world.tick(0.02).unwrap();
    assert_eq!(world.get::<Long>(id).unwrap().scroll(), coasting);
    assert_eq!(world.get::<Long>(id).unwrap().velocity(), Vec2::ZERO);
}

#[test]
fn a_flick_stops_at_the_end() {
    let (mut world, id) = long_scene();
    // 24 px in 20 ms: 1200 px/s would coast about 360 px; held at 168.
    world
        .touch(0, TouchPhase::Down, Vec2::new(30.0, 26.0), 28.0)
        .unwrap();
    world.tick(0.02).unwrap();
    world
        .touch(0, TouchPhase::Move, Vec2::new(30.0, 2.0), 28.0)
        .unwrap();
    world
        .touch(0, TouchPhase::Up, Vec2::new(30.0, 2.0), 28.0)
        .unwrap();
    for _ in 0..100 {
        world.tick(0.02).unwrap();
    }
    let table = world.get::<Long>(id).unwrap();
    assert_eq!(table.scroll(), Vec2::new(0.0, 168.0));
    assert!(table.is_at_rest());
}
