//! The showcase as a user meets it: touches and keys change the thermostat, its parts
//! animate to where they belong, every layout fits its panel, and the two drawables it is
//! made of put their pixels where they should.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::{Cap, Geometry, Label, Renderer, Shape, Sprite};
use sprig::{Key, NodeId, Rect, Size2, TouchPhase, Vec2};
use sprig_examples::showcase::{
    Demand, Mode, Segments, Thermostat, DIAL_START_DEGREES, DIAL_SWEEP_DEGREES,
};
use sprig_examples::{build_showcase, Layout, ShowcaseScene, ShowcaseWorld, SHOWCASE_DT};
use sprig_ui::{Button, ButtonState};

fn showcase(layout: &Layout) -> (ShowcaseWorld, ShowcaseScene) {
    let mut world = ShowcaseWorld::new();
    let scene = build_showcase(&mut world, layout).unwrap();
    world.tick(SHOWCASE_DT).unwrap();
    (world, scene)
}

fn run(world: &mut ShowcaseWorld, seconds: f32) {
    for _ in 0..(seconds / SHOWCASE_DT).round() as u32 {
        world.tick(SHOWCASE_DT).unwrap();
    }
}

fn thermostat(world: &ShowcaseWorld, scene: &ShowcaseScene) -> (i32, Mode) {
    let t = world.get::<Thermostat>(scene.thermostat).unwrap();
    (t.target_tenths(), t.mode())
}

/// A node's middle in screen pixels (y down) on a panel `height` pixels tall.
fn on_screen(world: &mut ShowcaseWorld, node: NodeId, height: f32) -> Vec2 {
    let b = world.world_content_box(node).unwrap();
    Vec2::new(b.x + b.width / 2.0, height - (b.y + b.height / 2.0))
}

fn press(world: &mut ShowcaseWorld, key: Key) {
    world.key(key, true).unwrap();
    world.key(key, false).unwrap();
}

#[test]
fn a_click_on_plus_raises_the_target_on_release_and_the_button_springs_back() {
    for layout in [&Layout::OLED, &Layout::SQUARE, &Layout::WIDE] {
        let (mut world, scene) = showcase(layout);
        let height = layout.size.height as f32;
        let plus = on_screen(&mut world, scene.buttons[1], height);
        assert_eq!(
            world.touch(0, TouchPhase::Down, plus, height).unwrap(),
            Some(scene.buttons[1])
        );
        run(&mut world, 0.5);
        assert_eq!(
            thermostat(&world, &scene).0,
            215,
            "nothing happens on the way down"
        );
        assert_eq!(
            world.scale(scene.buttons[1]).unwrap(),
            Vec2::new(0.86, 0.86)
        );
        world.touch(0, TouchPhase::Up, plus, height).unwrap();
        assert_eq!(thermostat(&world, &scene).0, 220);
        run(&mut world, 0.5);
        assert_eq!(world.scale(scene.buttons[1]).unwrap(), Vec2::new(1.0, 1.0));

        let minus = on_screen(&mut world, scene.buttons[0], height);
        world.touch(0, TouchPhase::Down, minus, height).unwrap();
        world.touch(0, TouchPhase::Cancel, minus, height).unwrap();
        assert_eq!(
            thermostat(&world, &scene).0,
            220,
            "a cancelled touch is no click"
        );
        world.touch(0, TouchPhase::Down, minus, height).unwrap();
        world.touch(0, TouchPhase::Up, minus, height).unwrap();
        assert_eq!(thermostat(&world, &scene).0, 215);
    }
}

#[test]
fn keys_set_the_target_and_walk_the_modes_and_the_highlight_follows() {
    let (mut world, scene) = showcase(&Layout::OLED);
    press(&mut world, Key::Right);
    press(&mut world, Key::Right);
    press(&mut world, Key::Left);
    assert_eq!(thermostat(&world, &scene), (220, Mode::Heat));
    press(&mut world, Key::Down);
    assert_eq!(thermostat(&world, &scene).1, Mode::Cool);
    press(&mut world, Key::A);
    assert_eq!(thermostat(&world, &scene).1, Mode::Auto);
    press(&mut world, Key::Up);
    press(&mut world, Key::Up);
    press(&mut world, Key::Up);
    assert_eq!(
        thermostat(&world, &scene).1,
        Mode::Off,
        "Up from the first mode wraps"
    );
    run(&mut world, 0.3);
    let highlight =
        world.child_by_name(world.parent(scene.items[0]).unwrap().unwrap(), "Highlight");
    let highlight = highlight.unwrap().unwrap();
    assert_eq!(
        world.position(highlight).unwrap(),
        world.position(scene.items[3]).unwrap(),
        "the highlight has slid to OFF"
    );
    let off = world
        .component_of::<Label>(scene.items[3])
        .unwrap()
        .unwrap();
    let heat = world
        .component_of::<Label>(scene.items[0])
        .unwrap()
        .unwrap();
    let palette = Layout::OLED.palette;
    assert_eq!(world.get::<Label>(off).unwrap().color, palette.background);
    assert_eq!(world.get::<Label>(heat).unwrap().color, palette.dim);
}

#[test]
fn a_click_on_a_menu_item_selects_its_mode() {
    let (mut world, scene) = showcase(&Layout::SQUARE);
    let auto = on_screen(&mut world, scene.items[2], 240.0);
    world.touch(0, TouchPhase::Down, auto, 240.0).unwrap();
    assert_eq!(
        thermostat(&world, &scene).1,
        Mode::Heat,
        "a click is down and up"
    );
    world.touch(0, TouchPhase::Up, auto, 240.0).unwrap();
    assert_eq!(thermostat(&world, &scene).1, Mode::Auto);
}

#[test]
fn the_target_stays_in_its_range_and_the_digits_show_it() {
    let (mut world, scene) = showcase(&Layout::OLED);
    for _ in 0..40 {
        press(&mut world, Key::Right);
    }
    world.tick(SHOWCASE_DT).unwrap();
    assert_eq!(thermostat(&world, &scene).0, 300);
    let digits = world.get::<Thermostat>(scene.thermostat).unwrap().digits;
    assert_eq!(world.get::<Segments>(digits).unwrap().text(), "30.0");
    for _ in 0..60 {
        press(&mut world, Key::Left);
    }
    world.tick(SHOWCASE_DT).unwrap();
    assert_eq!(thermostat(&world, &scene).0, 100);
    assert_eq!(world.get::<Segments>(digits).unwrap().text(), "10.0");
    // Keys do not press the buttons: they are not stuck pressed.
    let minus = world
        .component_of::<Button>(scene.buttons[0])
        .unwrap()
        .unwrap();
    assert_eq!(
        world.get::<Button>(minus).unwrap().state(),
        ButtonState::Normal
    );
}

#[test]
fn the_room_warms_while_heating_and_holds_once_there() {
    let (mut world, scene) = showcase(&Layout::SQUARE);
    let t = world.get::<Thermostat>(scene.thermostat).unwrap();
    assert_eq!(t.demand(), Demand::Heating);
    let (room_label, status) = (t.room_label, t.status_label.unwrap());
    run(&mut world, 2.0);
    let room = world.get::<Thermostat>(scene.thermostat).unwrap().room();
    assert!((room - 19.8).abs() < 0.02, "0.4 °C per second: {room}");
    assert_eq!(
        world.get::<Label>(room_label).unwrap().text.as_str(),
        "Room 19.8"
    );
    assert_eq!(world.get::<Label>(status).unwrap().text.as_str(), "HEATING");
    run(&mut world, 10.0);
    // It stops within 0.05 °C of the target (a thermostat's hysteresis).
    let t = world.get::<Thermostat>(scene.thermostat).unwrap();
    assert_eq!(t.demand(), Demand::Idle);
    assert!((21.45..=21.5).contains(&t.room()), "{}", t.room());
    assert_eq!(
        world.get::<Label>(room_label).unwrap().text.as_str(),
        "Room 21.5"
    );
    assert_eq!(world.get::<Label>(status).unwrap().text.as_str(), "HOLDING");
}

/// The sweep of the dial's fill arc.
fn fill_sweep(world: &ShowcaseWorld, scene: &ShowcaseScene) -> f32 {
    let fill = world.child_by_name(scene.ring, "Fill").unwrap().unwrap();
    let shape = world.component_of::<Shape>(fill).unwrap().unwrap();
    match world.get::<Shape>(shape).unwrap().geometry {
        Geometry::Arc {
            start_degrees,
            sweep_degrees,
            ..
        } => {
            assert_eq!(start_degrees, DIAL_START_DEGREES);
            sweep_degrees
        }
        _ => panic!("the fill is an arc"),
    }
}

#[test]
fn the_ring_sweeps_in_and_its_knob_sits_at_the_end_of_the_fill() {
    let (mut world, scene) = showcase(&Layout::SQUARE);
    let early = fill_sweep(&world, &scene) / DIAL_SWEEP_DEGREES;
    run(&mut world, 1.5);
    let share = world
        .get::<Thermostat>(scene.thermostat)
        .unwrap()
        .target_share();
    let sweep = fill_sweep(&world, &scene);
    assert!(
        early > 0.0 && early < share / 4.0,
        "starts near empty: {early}"
    );
    assert_eq!(sweep, DIAL_SWEEP_DEGREES * share);
    let knob = world.child_by_name(scene.ring, "Knob").unwrap().unwrap();
    let (sin, cos) = sprig::sin_cos_degrees(DIAL_START_DEGREES + sweep);
    let radius = 196.0 / 2.0 - 14.0 / 2.0;
    assert_eq!(
        world.position(knob).unwrap(),
        Vec2::new(radius * sin, radius * cos)
    );
    // The track under the fill goes the whole way round, in the track's colour.
    let track = world.child_by_name(scene.ring, "Track").unwrap().unwrap();
    let track = world.component_of::<Shape>(track).unwrap().unwrap();
    let track = world.get::<Shape>(track).unwrap();
    assert!(matches!(
        track.geometry,
        Geometry::Arc { sweep_degrees, .. } if sweep_degrees == DIAL_SWEEP_DEGREES
    ));
    assert_eq!(track.fill, Some(Layout::SQUARE.palette.track));
}

fn painted(world: &mut ShowcaseWorld, node: NodeId) -> Rect {
    let b = world.world_content_box(node).unwrap();
    let label = world.component_of::<Label>(node).unwrap();
    match label.filter(|&l| !world.get::<Label>(l).unwrap().wrap) {
        Some(label) => {
            let size = world.get::<Label>(label).unwrap().size();
            let (w, h) = (size.width as f32, size.height as f32);
            let (cx, cy) = (b.x + b.width / 2.0, b.y + b.height / 2.0);
            Rect::new(cx - w / 2.0, cy - h / 2.0, w, h)
        }
        None => b,
    }
}

fn overlap(a: Rect, b: Rect) -> bool {
    a.x < b.max_x() && b.x < a.max_x() && a.y < b.max_y() && b.y < a.max_y()
}

#[test]
fn every_layout_fits_its_panel_and_no_two_parts_collide() {
    for layout in [&Layout::OLED, &Layout::SQUARE, &Layout::WIDE] {
        let (mut world, scene) = showcase(layout);
        run(&mut world, 2.0);
        let panel = Rect::new(
            0.0,
            0.0,
            layout.size.width as f32,
            layout.size.height as f32,
        );
        let named =
            |world: &ShowcaseWorld, name: &str| world.child_by_name(scene.app, name).unwrap();
        let mut parts: Vec<(String, Rect)> = Vec::new();
        for name in [
            "Target", "Room", "Status", "Clock", "Light", "Minus", "Plus", "Dial", "Flame", "Hint",
        ] {
            // Parts a panel has no room for are there but inactive.
            if let Some(node) = named(&world, name).filter(|&n| world.active(n).unwrap()) {
                parts.push((name.to_owned(), painted(&mut world, node)));
            }
        }
        for (k, &item) in scene.items.iter().enumerate() {
            parts.push((Mode::ALL[k].name().to_owned(), painted(&mut world, item)));
        }
        for (name, r) in &parts {
            assert!(
                r.x >= panel.x
                    && r.y >= panel.y
                    && r.max_x() <= panel.max_x()
                    && r.max_y() <= panel.max_y(),
                "{:?}: {name} {r:?} leaves the panel",
                layout.size
            );
        }
        for (i, (a, ra)) in parts.iter().enumerate() {
            for (b, rb) in &parts[i + 1..] {
                // The dial's box holds the digits, labels and buttons by design.
                if a == "Dial" || b == "Dial" {
                    continue;
                }
                assert!(
                    !overlap(*ra, *rb),
                    "{:?}: {a} {ra:?} and {b} {rb:?} collide",
                    layout.size
                );
            }
        }
    }
}

sprig::world! {
    type Widgets = World {
        nodes: 4,
        components: WidgetSet { Segments: 1, Shape: 2 },
    };
}

const ON: Rgb888 = Rgb888::WHITE;
const OFF: Rgb888 = Rgb888::new(40, 0, 0);
const BG: Rgb888 = Rgb888::BLACK;

/// Renders one widget on a node of `size` centred on a 40×40 screen.
fn render_widget(size: Size2, add: impl FnOnce(&mut Widgets, NodeId)) -> SimulatorDisplay<Rgb888> {
    let mut world = Widgets::new();
    let root = world.root();
    let node = world.create_child(root, "W").unwrap();
    world.set_content_size(node, size).unwrap();
    world.set_position(node, Vec2::new(20.0, 20.0)).unwrap();
    add(&mut world, node);
    let screen = Size::new(40, 40);
    let mut display = SimulatorDisplay::<Rgb888>::with_default_color(screen, BG);
    let mut renderer: Renderer<Rgb888, 4, 1600> =
        Renderer::new(screen, BG, BusCost::RGB565_MIPI_DCS);
    let Ok(_) = renderer.render(&mut world, &mut display);
    display
}

#[test]
fn segments_light_exactly_the_segments_of_each_digit() {
    // Height 30: a digit is 15 wide, bars 4 thick; "1" and "8" side by side.
    let display = render_widget(Size2::new(40.0, 30.0), |world, node| {
        world
            .add_component(node, Segments::new("18", ON).with_off(OFF))
            .unwrap();
    });
    let at = |x, y| display.get_pixel(Point::new(x, y));
    // Text is 15 + 3 + 15 = 33 wide, from x = 3.5; top at y = 5, middle at y = 20.
    let (one, eight) = (3, 21);
    // "1": the upper-left bar (f) is unlit, the upper-right (b) lit.
    assert_eq!(at(one + 2, 12), OFF);
    assert_eq!(at(one + 13, 12), ON);
    // The middle bar (g): unlit in "1", lit in "8".
    assert_eq!(at(one + 7, 20), OFF);
    assert_eq!(at(eight + 7, 20), ON);
    // Every bar of "8" is lit: top, bottom, lower left.
    assert_eq!(at(eight + 7, 6), ON);
    assert_eq!(at(eight + 7, 33), ON);
    assert_eq!(at(eight + 2, 27), ON);
    // The hole of the 8 and the space between the digits stay background.
    assert_eq!(at(eight + 7, 12), BG);
    assert_eq!(at(19, 20), BG);
}

/// The frame the flame's sprite shows, or `None` while its node is inactive.
fn flame_frame(world: &ShowcaseWorld, scene: &ShowcaseScene) -> Option<u16> {
    if !world.active_in_hierarchy(scene.flame).unwrap() {
        return None;
    }
    let sprite = world.component_of::<Sprite>(scene.flame).unwrap()?;
    Some(world.get::<Sprite>(sprite).unwrap().frame)
}

#[test]
fn the_flame_flickers_while_heating_and_is_gone_otherwise() {
    let (mut world, scene) = showcase(&Layout::SQUARE);
    // Heating from the start: the clip's four frames back and forth, ten a second, so a
    // new frame every third tick of 1/30 s (the first 1/30 s has run).
    let mut shown = Vec::new();
    for _ in 0..21 {
        shown.push(flame_frame(&world, &scene).unwrap_or(99));
        world.tick(SHOWCASE_DT).unwrap();
    }
    assert_eq!(
        shown,
        [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0]
    );
    // Cooling a room below the target is idle: no flame, and none drawn.
    press(&mut world, Key::Down);
    run(&mut world, 0.2);
    assert_eq!(thermostat(&world, &scene).1, Mode::Cool);
    assert_eq!(flame_frame(&world, &scene), None);
    // Back to heating: the flame again.
    press(&mut world, Key::Up);
    world.tick(SHOWCASE_DT).unwrap();
    assert!(flame_frame(&world, &scene).is_some());
    // The OLED layout has no flame at all.
    let (mut world, scene) = showcase(&Layout::OLED);
    run(&mut world, 0.5);
    assert_eq!(flame_frame(&world, &scene), None);
}

/// Every pixel of two displays of the same size.
fn same_pixels(a: &SimulatorDisplay<Rgb888>, b: &SimulatorDisplay<Rgb888>, size: Size) -> bool {
    (0..size.height as i32).all(|y| {
        (0..size.width as i32)
            .all(|x| a.get_pixel(Point::new(x, y)) == b.get_pixel(Point::new(x, y)))
    })
}

/// A dial's ring as the showcase builds it (a track, and a fill arc over it, on two
/// child nodes of the node placed by `place`, no knob to hide a missed pixel), its fill
/// set to each of `values` of the sweep in turn: every frame drawn with damage must
/// equal a full redraw. The pixels each of those frames flushed.
fn step_ring(
    screen: Size,
    place: impl Fn(&mut Widgets, NodeId),
    ring: Ring,
    values: &[f32],
) -> Vec<u64> {
    let mut world = Widgets::new();
    let root = world.root();
    let node = world.create_child(root, "Ring").unwrap();
    place(&mut world, node);
    let size = world.content_size(node).unwrap();
    let arc = |sweep: f32, color: Rgb888| {
        Shape::arc(ring.start_degrees, sweep, ring.width, Cap::Round).with_fill(color)
    };
    let track = world.create_child(node, "Track").unwrap();
    world.set_content_size(track, size).unwrap();
    world
        .add_component(track, arc(ring.sweep_degrees, ring.track))
        .unwrap();
    let fill = world.create_child(node, "Fill").unwrap();
    world.set_content_size(fill, size).unwrap();
    let fill = world
        .add_component(fill, arc(ring.sweep_degrees * ring.value, ring.fill))
        .unwrap();
    let mut damaged = SimulatorDisplay::<Rgb888>::with_default_color(screen, BG);
    let mut renderer: Renderer<Rgb888, 4, 4096> =
        Renderer::new(screen, BG, BusCost::RGB565_MIPI_DCS);
    renderer.render(&mut world, &mut damaged).unwrap();
    let mut flushed = Vec::new();
    for &value in values {
        if let Geometry::Arc { sweep_degrees, .. } =
            &mut world.get_mut::<Shape>(fill).unwrap().geometry
        {
            *sweep_degrees = ring.sweep_degrees * value;
        }
        let stats = renderer.render(&mut world, &mut damaged).unwrap();
        let mut full = SimulatorDisplay::<Rgb888>::with_default_color(screen, BG);
        let mut fresh: Renderer<Rgb888, 4, 4096> =
            Renderer::new(screen, BG, BusCost::RGB565_MIPI_DCS);
        fresh.render_full(&mut world, &mut full).unwrap();
        assert!(same_pixels(&damaged, &full, screen), "value {value}");
        flushed.push(stats.pixels_flushed);
    }
    flushed
}

/// A dial's ring: where and how far it goes, the share filled, its width and colours.
struct Ring {
    start_degrees: f32,
    sweep_degrees: f32,
    value: f32,
    width: f32,
    track: Rgb888,
    fill: Rgb888,
}

/// A ring of the showcase's colours.
fn ring(start_degrees: f32, sweep_degrees: f32, value: f32, width: f32) -> Ring {
    Ring {
        start_degrees,
        sweep_degrees,
        value,
        width,
        track: Rgb888::new(40, 40, 60),
        fill: Rgb888::new(255, 128, 0),
    }
}

#[test]
fn a_new_ring_value_redraws_only_the_band_between_the_two_ends_and_exactly() {
    // A ring turned and scaled, its value stepped up and down, small and large steps,
    // across every quadrant: the frames drawn with damage equal full redraws, and a
    // small step redraws a small part of the ring.
    let values = [
        0.02, 0.05, 0.3, 0.31, 0.5, 0.52, 0.9, 1.0, 0.97, 0.4, 0.39, 0.0, 0.01,
    ];
    let flushed = step_ring(
        Size::new(64, 64),
        |world, node| {
            world
                .set_content_size(node, Size2::new(50.0, 50.0))
                .unwrap();
            world.set_position(node, Vec2::new(32.0, 31.5)).unwrap();
            world.set_angle_degrees(node, 10.0).unwrap();
            world.set_scale(node, Vec2::new(1.1, 0.95)).unwrap();
        },
        ring(-135.0, 270.0, 0.0, 7.0),
        &values,
    );
    let small_steps: Vec<u64> = values
        .iter()
        .zip(&flushed)
        .filter(|(value, _)| [0.05, 0.31, 0.52, 0.97, 0.39, 0.01].contains(*value))
        .map(|(_, &pixels)| pixels)
        .collect();
    // The ring's box is about 57 × 57 pixels; a step of 1–3 % of the sweep redraws far less.
    assert!(
        small_steps.iter().all(|&pixels| pixels < 600),
        "{small_steps:?}"
    );
}

#[test]
fn a_ring_wider_than_its_drawing_reach_redraws_exactly() {
    // A ring whose content box (40 000 units, shrunk 1 000 times to 40 pixels) is past
    // the 16 384 units from its centre that the ring draws: its band is drawn at that
    // radius, and the area a new value repaints must be the band drawn, not the one
    // the box would give.
    step_ring(
        Size::new(48, 48),
        |world, node| {
            world
                .set_content_size(node, Size2::new(40_000.0, 40_000.0))
                .unwrap();
            world.set_position(node, Vec2::new(24.0, 24.0)).unwrap();
            world.set_scale(node, Vec2::new(0.001, 0.001)).unwrap();
        },
        ring(0.0, 360.0, 0.1, 8_000.0),
        &[0.15, 0.3, 0.12],
    );
}

#[test]
fn a_ring_turned_billions_of_degrees_redraws_exactly() {
    // Past 2^31 degrees an f32 steps by 256: adding 90 to an angle changes nothing, so
    // the area a new value repaints cannot be found by stepping from axis to axis. The
    // frame is still drawn (no endless loop) and equals a full redraw.
    step_ring(
        Size::new(48, 48),
        |world, node| {
            world
                .set_content_size(node, Size2::new(40.0, 40.0))
                .unwrap();
            world.set_position(node, Vec2::new(24.0, 24.0)).unwrap();
        },
        ring(3.0e9, 270.0, 0.0, 8.0),
        &[0.5, 1.0, 0.2],
    );
}
