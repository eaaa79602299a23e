//! Lights: the colour shown on, off and dimmed, changes from code following at the next
//! frame, a failed build leaving no part, and golden frames lit, dimmed and off
//! (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod golden;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::Shape;
use sprig::{world, Error, NodeId, Size2, Vec2};
use sprig_ui::Led;

world! {
    type App = World { nodes: 8, components: AppSet { Led: 1, Shape: 1 } };
}

world! {
    type NoShapes = World { nodes: 8, components: Set { Led: 1 } };
}

const GREEN: Rgb888 = Rgb888::new(0, 200, 40);

/// A 12×12 screen (origin bottom-left) with a 10×10 light whose bottom-left corner is
/// at world (1, 1).
fn scene(led: Led) -> (App, NodeId, sprig::CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(12.0, 12.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Power").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(1.0, 1.0)).unwrap();
    world
        .set_content_size(node, Size2::new(10.0, 10.0))
        .unwrap();
    let led = world.add_component(node, led).unwrap();
    world.tick(0.0).unwrap();
    (world, node, led)
}

fn fill(world: &App, led: sprig::CompId) -> Option<Rgb888> {
    let light = world.get::<Led>(led).unwrap().light().unwrap();
    let shape = world.component_of::<Shape>(light).unwrap().unwrap();
    world.get::<Shape>(shape).unwrap().fill
}

#[test]
fn the_colour_shown_scales_each_channel_by_the_state_s_brightness() {
    let mut led = Led::new(GREEN);
    assert_eq!(led.shown_color(), GREEN);
    led.brightness = 128;
    // 200 × 128 / 255 = 100.4, 40 × 128 / 255 = 20.1.
    assert_eq!(led.shown_color(), Rgb888::new(0, 100, 20));
    led.turn_off();
    // 200 × 48 / 255 = 37.6, 40 × 48 / 255 = 7.5.
    assert_eq!(led.shown_color(), Rgb888::new(0, 38, 8));
    led.off_brightness = 0;
    assert_eq!(led.shown_color(), Rgb888::new(0, 0, 0));
    led.toggle();
    assert!(led.on);
    led.brightness = 0;
    assert_eq!(led.shown_color(), Rgb888::new(0, 0, 0));
}

#[test]
fn changes_from_code_show_at_the_next_frame_and_the_disc_covers_the_node() {
    let (mut world, node, led) = scene(Led::new(GREEN));
    let light = world.get::<Led>(led).unwrap().light().unwrap();
    assert_eq!(world.parent(light).unwrap(), Some(node));
    assert_eq!(world.content_size(light).unwrap(), Size2::new(10.0, 10.0));
    assert_eq!(world.position(light).unwrap(), Vec2::new(5.0, 5.0));
    assert_eq!(fill(&world, led), Some(GREEN));
    world.get_mut::<Led>(led).unwrap().turn_off();
    assert_eq!(fill(&world, led), Some(GREEN), "not before the frame");
    world.tick(0.0).unwrap();
    assert_eq!(fill(&world, led), Some(Rgb888::new(0, 38, 8)));
    world.set_content_size(node, Size2::new(6.0, 6.0)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.content_size(light).unwrap(), Size2::new(6.0, 6.0));
    assert_eq!(world.position(light).unwrap(), Vec2::new(3.0, 3.0));
}

#[test]
fn without_shapes_in_the_set_the_build_fails_and_leaves_no_part() {
    let mut world = NoShapes::new();
    let node = world.create_child(world.root(), "Power").unwrap();
    let before = world.node_count();
    let led = world.add_component(node, Led::new(GREEN)).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::NotInSet)
    );
    assert_eq!(world.node_count(), before);
    assert_eq!(world.get::<Led>(led).unwrap().light(), None);
}

#[test]
fn golden_frames_lit_dimmed_and_off() {
    let (mut world, _, led) = scene(Led::new(GREEN));
    golden::check("led_on", &mut world, 12, 12);
    world.get_mut::<Led>(led).unwrap().brightness = 128;
    world.tick(0.0).unwrap();
    golden::check("led_dimmed", &mut world, 12, 12);
    world.get_mut::<Led>(led).unwrap().turn_off();
    world.tick(0.0).unwrap();
    golden::check("led_off", &mut world, 12, 12);
}
