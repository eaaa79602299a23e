//! The progress bar that sizes a bar node (Cocos `cc.ProgressBar`): the bar's length is
//! `total_length × progress`, its anchor moves to the end it grows from and its position
//! with it (so a bar laid out full keeps its fixed end), horizontally and vertically,
//! reversed or not; progress is clamped and NaN refused; golden frames at 0, 0.3 and 1.
//!
//! The golden frames are text files under `ui/tests/golden/` (one character per pixel,
//! with the colours' legend at the top; see `golden/mod.rs`). Regenerate them with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`, then read the changed ones before committing.

mod golden;

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::Shape;
use sprig::{world, CompId, NodeId, Size2, Vec2};
use sprig_ui::{Direction, ProgressSizer};

world! {
    type App = World {
        nodes: 8,
        components: AppSet { ProgressSizer: 1, Shape: 4 },
    };
}

/// A track centred on (30, 10) with a bar child laid out at full length (`size`),
/// centred in it; the progress bar on the track, 40 long horizontally or 30 vertically.
fn scene(
    world: &mut App,
    progress: impl FnOnce(NodeId) -> ProgressSizer,
    size: Size2,
) -> (NodeId, CompId) {
    let root = world.root();
    let track = world.create_child(root, "Track").unwrap();
    world.set_position(track, Vec2::new(30.0, 10.0)).unwrap();
    let bar = world.create_child(track, "Bar").unwrap();
    world.set_content_size(bar, size).unwrap();
    let comp = world.add_component(track, progress(bar)).unwrap();
    (bar, comp)
}

fn set(world: &mut App, comp: CompId, progress: f32) {
    world
        .get_mut::<ProgressSizer>(comp)
        .unwrap()
        .set_progress(progress)
        .unwrap();
    world.tick(0.0).unwrap();
}

#[test]
fn horizontally_the_bar_grows_right_from_its_left_end() {
    let mut world = App::new();
    let (bar, comp) = scene(
        &mut world,
        |bar| ProgressSizer::new(bar, 40.0, Direction::Horizontal),
        Size2::new(40.0, 4.0),
    );
    // Applied when enabled: empty, anchored at its left end, which stays put.
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(0.0, 4.0));
    assert_eq!(world.anchor(bar).unwrap(), Vec2::new(0.0, 0.5));
    assert_eq!(world.position(bar).unwrap(), Vec2::new(-20.0, 0.0));
    world
        .get_mut::<ProgressSizer>(comp)
        .unwrap()
        .set_progress(0.3)
        .unwrap();
    assert_eq!(
        world.content_size(bar).unwrap(),
        Size2::new(0.0, 4.0),
        "at the next update"
    );
    world.tick(0.0).unwrap();
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(12.0, 4.0));
    set(&mut world, comp, 1.0);
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(40.0, 4.0));
    set(&mut world, comp, 2.5);
    assert_eq!(world.get::<ProgressSizer>(comp).unwrap().progress(), 1.0);
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(40.0, 4.0));
    set(&mut world, comp, -1.0);
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(0.0, 4.0));
    assert_eq!(
        world
            .get_mut::<ProgressSizer>(comp)
            .unwrap()
            .set_progress(f32::NAN),
        Err(sprig::Error::InvalidValue)
    );
    assert_eq!(world.get::<ProgressSizer>(comp).unwrap().progress(), 0.0);
    assert_eq!(
        world.world_content_box(bar).unwrap().x,
        10.0,
        "the left end never moved"
    );
}

#[test]
fn reversed_it_grows_left_from_its_right_end() {
    let mut world = App::new();
    let (bar, comp) = scene(
        &mut world,
        |bar| {
            ProgressSizer::new(bar, 40.0, Direction::Horizontal)
                .reversed()
                .with_progress(0.25)
        },
        Size2::new(40.0, 4.0),
    );
    assert_eq!(world.anchor(bar).unwrap(), Vec2::new(1.0, 0.5));
    assert_eq!(world.position(bar).unwrap(), Vec2::new(20.0, 0.0));
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(10.0, 4.0));
    let rect = world.world_content_box(bar).unwrap();
    assert_eq!((rect.x, rect.width), (40.0, 10.0), "the right quarter");
    let _ = comp;
}

#[test]
fn vertically_it_grows_up_or_reversed_down() {
    let mut world = App::new();
    let (bar, comp) = scene(
        &mut world,
        |bar| ProgressSizer::new(bar, 30.0, Direction::Vertical),
        Size2::new(4.0, 30.0),
    );
    assert_eq!(world.anchor(bar).unwrap(), Vec2::new(0.5, 0.0));
    assert_eq!(world.position(bar).unwrap(), Vec2::new(0.0, -15.0));
    set(&mut world, comp, 0.5);
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(4.0, 15.0));
    world.get_mut::<ProgressSizer>(comp).unwrap().reverse = true;
    world.tick(0.0).unwrap();
    assert_eq!(world.anchor(bar).unwrap(), Vec2::new(0.5, 1.0));
    assert_eq!(world.position(bar).unwrap(), Vec2::new(0.0, 15.0));
    let rect = world.world_content_box(bar).unwrap();
    assert_eq!((rect.y, rect.height), (10.0, 15.0), "the top half");
}

/// A 44×8 screen with a 40×6 track and a bar inside it 40×4 when full, at `progress`.
fn golden_progress(progress: f32) -> App {
    let mut world = App::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(44.0, 8.0)).unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let track = world.create_child(root, "Track").unwrap();
    world.set_position(track, Vec2::new(22.0, 4.0)).unwrap();
    world
        .set_content_size(track, Size2::new(40.0, 6.0))
        .unwrap();
    world
        .add_component(track, Shape::rectangle().with_fill(Rgb888::new(50, 50, 50)))
        .unwrap();
    let bar = world.create_child(track, "Bar").unwrap();
    world.set_content_size(bar, Size2::new(40.0, 4.0)).unwrap();
    world
        .add_component(bar, Shape::rectangle().with_fill(Rgb888::new(0, 200, 80)))
        .unwrap();
    world
        .add_component(
            track,
            ProgressSizer::new(bar, 40.0, Direction::Horizontal).with_progress(progress),
        )
        .unwrap();
    world.tick(0.0).unwrap();
    world
}

#[test]
fn golden_frames_at_0_0_3_and_1() {
    golden::check("progress_0", &mut golden_progress(0.0), 44, 8);
    golden::check("progress_0_3", &mut golden_progress(0.3), 44, 8);
    golden::check("progress_1", &mut golden_progress(1.0), 44, 8);
}

#[test]
fn the_widget_and_the_cores_drawable_bar_go_in_one_scope_and_one_set() {
    use sprig::render::ProgressBar;
    world! {
        type Both = World {
            nodes: 4,
            components: BothSet { ProgressSizer: 1, ProgressBar: 1 },
        };
    }
    let mut world = Both::new();
    let root = world.root();
    let track = world.create_child(root, "Track").unwrap();
    let bar = world.create_child(track, "Bar").unwrap();
    world.set_content_size(bar, Size2::new(40.0, 4.0)).unwrap();
    let drawn = world
        .add_component(bar, ProgressBar::new(Rgb888::BLACK, Rgb888::WHITE))
        .unwrap();
    let sizer = world
        .add_component(
            track,
            ProgressSizer::new(bar, 40.0, Direction::Horizontal).with_progress(0.5),
        )
        .unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.content_size(bar).unwrap(), Size2::new(20.0, 4.0));
    assert!(world.get::<ProgressBar>(drawn).is_ok() && world.get::<ProgressSizer>(sizer).is_ok());
}

#[test]
#[allow(deprecated)]
fn the_old_name_of_the_widget_still_compiles() {
    let world = App::new();
    let old: sprig_ui::ProgressBar =
        sprig_ui::ProgressBar::new(world.root(), 40.0, Direction::Vertical);
    assert_eq!(old.total_length, 40.0);
}
