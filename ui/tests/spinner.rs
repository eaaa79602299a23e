//! Spinners: the lit dot's steps counted from the frames' `dt` in whole milliseconds,
//! held while not spinning, a step repainting only the dots that change (measured), and
//! golden frames (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod frames;
mod golden;

use embedded_graphics::pixelcolor::Rgb888;
use frames::Frames;
use sprig::{world, CompId, Size2, Vec2};
use sprig_ui::Spinner;

world! {
    type App = World { nodes: 4, components: AppSet { Spinner: 1 } };
}

/// A 24×24 screen (origin bottom-left) filled by a spinner.
fn scene(spinner: Spinner) -> (App, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(24.0, 24.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Busy").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world
        .set_content_size(node, Size2::new(24.0, 24.0))
        .unwrap();
    let spinner = world.add_component(node, spinner).unwrap();
    world.tick(0.0).unwrap();
    (world, spinner)
}

fn lit(world: &App, spinner: CompId) -> u8 {
    world.get::<Spinner>(spinner).unwrap().lit_dot()
}

#[test]
fn the_lit_dot_steps_every_eighth_of_the_period_counted_in_milliseconds() {
    // 0.8 s a turn: a step every 100 ms.
    let (mut world, spinner) = scene(Spinner::new().with_period(0.8));
    assert_eq!(lit(&world, spinner), 0);
    world.tick(0.0999).unwrap(); // 100 ms, rounded
    assert_eq!(lit(&world, spinner), 1);
    world.tick(0.06).unwrap();
    assert_eq!(lit(&world, spinner), 1);
    world.tick(0.04).unwrap(); // 160 + 40 = 200 ms
    assert_eq!(lit(&world, spinner), 2);
    world.tick(0.75).unwrap(); // 7.5 steps: round the ring
    assert_eq!(lit(&world, spinner), 1);
    world.tick(0.05).unwrap(); // the half step left over, and another half
    assert_eq!(lit(&world, spinner), 2);
    world.get_mut::<Spinner>(spinner).unwrap().spinning = false;
    world.tick(1.0).unwrap();
    assert_eq!(lit(&world, spinner), 2, "held while not spinning");
}

#[test]
fn a_step_repaints_only_the_dots_that_change_colour() {
    let (mut world, _) = scene(Spinner::new());
    let mut frames: Frames<4> = Frames::new(24, 24);
    let first = frames.frame(&mut world);
    assert_eq!(first.pixels_flushed, 24 * 24);
    world.tick(0.0).unwrap();
    assert_eq!(frames.frame(&mut world).pixels_flushed, 0);
    // One step: the new lit dot and the three of the old tail change (4 of 8 dots).
    world.tick(0.125).unwrap();
    let step = frames.frame(&mut world);
    // Dots 0 to 3, a box of 23 × 16 pixels: 368 of the ring's 576.
    assert_eq!((step.rects, step.pixels_flushed), (1, 368));
    // Round the ring, the screen matching a fresh frame at every step.
    for _ in 0..8 {
        world.tick(0.125).unwrap();
        frames.frame(&mut world);
    }
}

#[test]
fn golden_frame_third_dot_lit() {
    let spinner = Spinner::new().with_colors(Rgb888::new(0, 160, 255), Rgb888::new(40, 40, 40));
    let (mut world, _) = scene(spinner);
    world.tick(0.25).unwrap();
    golden::check("spinner", &mut world, 24, 24);
}
