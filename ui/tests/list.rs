//! The scrolling list: a drag scrolls by exactly the finger's travel, inertia carries on
//! after the release and dies out, the scroll is clamped to the content, the keypad
//! steps through focusable rows keeping the focused one in view (or scrolls by a step),
//! and with a `Clip` on the viewport only the rows inside it reach the screen.

use core::convert::Infallible;

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, RgbColor, Size};
use sprig::render::damage::BusCost;
use sprig::render::{Clip, Renderer, Shape};
use sprig::{world, CompId, Key, NodeId, Size2, TouchPhase, Vec2};
use sprig_ui::layout::{CrossAlign, Layout, LayoutKind, ResizeMode};
use sprig_ui::List;

world! {
    type App = World {
        nodes: 24,
        components: AppSet { List: 1, Layout: 1, Clip: 1, Shape: 16 },
    };
}

/// A 40×50 viewport whose bottom-left corner is at (10, 10) on a 60×80 screen, over a
/// column of ten 40×20 rows (content 200 high: the scroll goes from 0 to 150). Row `k`
/// is drawn in red `10 + k`.
struct Scene {
    view: NodeId,
    rows: Vec<NodeId>,
    list: CompId,
}

fn scene(world: &mut App, clip: bool) -> Scene {
    let root = world.root();
    world
        .set_content_size(root, Size2::new(60.0, 80.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let view = world.create_child(root, "View").unwrap();
    world.set_anchor(view, Vec2::ZERO).unwrap();
    world.set_position(view, Vec2::new(10.0, 10.0)).unwrap();
    world
        .set_content_size(view, Size2::new(40.0, 50.0))
        .unwrap();
    let content = world.create_child(view, "Content").unwrap();
    world.set_anchor(content, Vec2::new(0.0, 1.0)).unwrap();
    world
        .set_content_size(content, Size2::new(40.0, 0.0))
        .unwrap();
    let mut rows = Vec::new();
    for k in 0..10 {
        let row = world.create_child(content, "Row").unwrap();
        world.set_content_size(row, Size2::new(40.0, 20.0)).unwrap();
        world
            .add_component(row, Shape::rectangle().with_fill(Rgb888::new(10 + k, 0, 0)))
            .unwrap();
        rows.push(row);
    }
    world
        .add_component(
            content,
            Layout::new(LayoutKind::Vertical)
                .with_resize_mode(ResizeMode::Container)
                .with_cross_align(CrossAlign::Start),
        )
        .unwrap();
    if clip {
        world.add_component(view, Clip).unwrap();
    }
    let list = world.add_component(view, List::new(content)).unwrap();
    world.tick(0.0).unwrap();
    Scene { view, rows, list }
}

fn offset(world: &App, s: &Scene) -> f32 {
    world.get::<List>(s.list).unwrap().offset()
}

/// Touches in screen space on the 80-pixel-high screen: `y_up` is world y.
fn touch(world: &mut App, phase: TouchPhase, y_up: f32) {
    world
        .touch(0, phase, Vec2::new(30.0, 80.0 - y_up), 80.0)
        .unwrap();
}

#[test]
fn the_content_starts_at_the_top_and_a_drag_moves_it_by_the_finger_s_travel() {
    let mut world = App::new();
    let s = scene(&mut world, false);
    assert_eq!(
        world
            .content_size(world.parent(s.rows[0]).unwrap().unwrap())
            .unwrap()
            .height,
        200.0
    );
    // The first row's top edge at the viewport's top (world y 60).
    assert_eq!(world.world_content_box(s.rows[0]).unwrap().y, 40.0);
    touch(&mut world, TouchPhase::Down, 30.0);
    world.tick(0.02).unwrap();
    touch(&mut world, TouchPhase::Move, 42.0);
    assert_eq!(offset(&world, &s), 12.0);
    assert_eq!(
        world.world_content_box(s.rows[0]).unwrap().y,
        52.0,
        "applied at once"
    );
    world.tick(0.02).unwrap();
    touch(&mut world, TouchPhase::Move, 60.0);
    assert_eq!(offset(&world, &s), 30.0);
    let velocity = world.get::<List>(s.list).unwrap().velocity();
    assert_eq!(velocity, 18.0 / 0.02, "the last move's speed");
    touch(&mut world, TouchPhase::Up, 60.0);
    // Inertia: the first frame after the release moves on by velocity × dt.
    world.tick(0.02).unwrap();
    assert_eq!(offset(&world, &s), 30.0 + 900.0 * 0.02);
    let mut last = offset(&world, &s);
    let mut frames = 0;
    while world.get::<List>(s.list).unwrap().velocity() != 0.0 {
        world.tick(0.02).unwrap();
        let now = offset(&world, &s);
        assert!(now >= last, "inertia goes one way");
        last = now;
        frames += 1;
        assert!(frames < 200, "inertia dies out");
    }
    assert!(
        last > 48.0 && last <= 150.0,
        "coasted on, within the content: {last}"
    );
}

#[test]
fn the_scroll_is_clamped_to_the_content_and_a_clamp_stops_the_inertia() {
    let mut world = App::new();
    let s = scene(&mut world, false);
    touch(&mut world, TouchPhase::Down, 20.0);
    world.tick(0.01).unwrap();
    touch(&mut world, TouchPhase::Move, 70.0);
    world.tick(0.01).unwrap();
    touch(&mut world, TouchPhase::Move, 170.0);
    touch(&mut world, TouchPhase::Move, 270.0);
    assert_eq!(
        offset(&world, &s),
        150.0,
        "at most the content's height minus the view's"
    );
    touch(&mut world, TouchPhase::Up, 270.0);
    world.tick(0.02).unwrap();
    assert_eq!(offset(&world, &s), 150.0);
    assert_eq!(world.get::<List>(s.list).unwrap().velocity(), 0.0);
    // The last row's bottom edge rests on the viewport's bottom (world y 10).
    assert_eq!(world.world_content_box(s.rows[9]).unwrap().y, 10.0);
    touch(&mut world, TouchPhase::Down, 50.0);
    touch(&mut world, TouchPhase::Move, -500.0);
    assert_eq!(offset(&world, &s), 0.0, "and at least 0");
}

#[test]
fn keys_step_through_focusable_rows_and_keep_the_focused_one_in_view() {
    let mut world = App::new();
    let s = scene(&mut world, false);
    for &row in &s.rows {
        world.set_focusable(row, true).unwrap();
    }
    world.key(Key::Down, true).unwrap();
    assert_eq!(
        world.focus(),
        Some(s.rows[0]),
        "the first row takes the focus"
    );
    for _ in 0..3 {
        world.key(Key::Down, true).unwrap();
    }
    assert_eq!(world.focus(), Some(s.rows[3]));
    world.tick(0.02).unwrap();
    // Row 3 spans 60..80 from the content's top; the view is 50 high.
    assert_eq!(offset(&world, &s), 30.0);
    for _ in 0..3 {
        world.key(Key::Up, true).unwrap();
    }
    world.tick(0.02).unwrap();
    assert_eq!(world.focus(), Some(s.rows[0]));
    assert_eq!(offset(&world, &s), 0.0);
    world.key(Key::Up, true).unwrap();
    assert_eq!(
        world.focus(),
        Some(s.rows[0]),
        "no row before the first: it stays"
    );
}

#[test]
fn without_focusable_rows_keys_scroll_by_a_step() {
    let mut world = App::new();
    let s = scene(&mut world, false);
    for _ in 0..12 {
        world.key(Key::Down, true).unwrap();
        world.tick(0.02).unwrap();
    }
    assert_eq!(offset(&world, &s), 150.0, "twelve 16-pixel steps, clamped");
    world.key(Key::Up, true).unwrap();
    world.tick(0.02).unwrap();
    assert_eq!(offset(&world, &s), 134.0);
    assert!(world
        .get_mut::<List>(s.list)
        .unwrap()
        .scroll_to(f32::NAN)
        .is_err());
    assert_eq!(offset(&world, &s), 134.0);
    let _ = s.view;
}

/// A 60×80 framebuffer.
struct Screen(Vec<Rgb888>);

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(60, 80)
    }
}

impl DrawTarget for Screen {
    type Color = Rgb888;
    type Error = Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Infallible> {
        for Pixel(p, c) in pixels {
            if (0..60).contains(&p.x) && (0..80).contains(&p.y) {
                self.0[(p.y * 60 + p.x) as usize] = c;
            }
        }
        Ok(())
    }
}

/// The rows seen on screen, top to bottom, and whether anything was drawn outside the
/// viewport (screen x 10..50, y 20..70).
fn seen(screen: &Screen) -> (Vec<u8>, bool) {
    let mut rows = Vec::new();
    let mut outside = false;
    for y in 0..80 {
        for x in 0..60 {
            let c = screen.0[y * 60 + x];
            if c == Rgb888::BLACK {
                continue;
            }
            let inside = (10..50).contains(&x) && (20..70).contains(&y);
            outside |= !inside;
            if x == 30 && !rows.contains(&(c.r() - 10)) {
                rows.push(c.r() - 10);
            }
        }
    }
    (rows, outside)
}

#[test]
fn with_a_clip_only_the_rows_in_the_viewport_reach_the_screen() {
    let mut world = App::new();
    let s = scene(&mut world, true);
    let mut renderer: Renderer<Rgb888, 24, 512> =
        Renderer::new(Size::new(60, 80), Rgb888::BLACK, BusCost::RGB565_MIPI_DCS);
    let mut screen = Screen(vec![Rgb888::BLACK; 60 * 80]);
    let Ok(_) = renderer.render(&mut world, &mut screen);
    assert_eq!(seen(&screen), (vec![0, 1, 2], false));
    world
        .get_mut::<List>(s.list)
        .unwrap()
        .scroll_to(95.0)
        .unwrap();
    world.tick(0.02).unwrap();
    let Ok(_) = renderer.render(&mut world, &mut screen);
    // 95..145 from the content's top: rows 4 (its last 5 pixels) to 7.
    assert_eq!(seen(&screen), (vec![4, 5, 6, 7], false));
}

/// Counts the clicks that bubble up to its node.
pub struct Clicks(pub u32);

#[sprig::component]
impl sprig::Hooks for Clicks {
    fn on_load(&mut self, ctx: &mut sprig::Ctx<impl sprig::AnyWorld>) -> sprig::HookResult {
        let node = ctx.node();
        ctx.on::<sprig_ui::Click>(node)
    }

    fn on_event(
        &mut self,
        _ctx: &mut sprig::Ctx<impl sprig::AnyWorld>,
        event: &mut sprig::Event<'_>,
    ) -> sprig::HookResult {
        if event.is::<sprig_ui::Click>() {
            self.0 += 1;
        }
        Ok(())
    }
}

world! {
    type ButtonRows = World {
        nodes: 24,
        components: RowSet { List: 1, Layout: 1, Shape: 16, sprig_ui::Button: 10, Clicks: 1 },
    };
}

/// The same list, its rows buttons, the clicks counted on the viewport.
fn button_rows(world: &mut ButtonRows) -> (CompId, CompId) {
    let root = world.root();
    world
        .set_content_size(root, Size2::new(60.0, 80.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let view = world.create_child(root, "View").unwrap();
    world.set_anchor(view, Vec2::ZERO).unwrap();
    world.set_position(view, Vec2::new(10.0, 10.0)).unwrap();
    world
        .set_content_size(view, Size2::new(40.0, 50.0))
        .unwrap();
    let content = world.create_child(view, "Content").unwrap();
    world.set_anchor(content, Vec2::new(0.0, 1.0)).unwrap();
    for _ in 0..10 {
        let row = world.create_child(content, "Row").unwrap();
        world.set_content_size(row, Size2::new(40.0, 20.0)).unwrap();
        world.add_component(row, sprig_ui::Button::new()).unwrap();
    }
    world
        .add_component(
            content,
            Layout::new(LayoutKind::Vertical)
                .with_resize_mode(ResizeMode::Container)
                .with_cross_align(CrossAlign::Start),
        )
        .unwrap();
    let clicks = world.add_component(view, Clicks(0)).unwrap();
    let list = world.add_component(view, List::new(content)).unwrap();
    world.tick(0.0).unwrap();
    (list, clicks)
}

#[test]
fn a_drag_that_starts_on_a_button_row_scrolls_the_list_and_clicks_nothing() {
    let mut world = ButtonRows::new();
    let (list, clicks) = button_rows(&mut world);
    let at = |y_up: f32| Vec2::new(30.0, 80.0 - y_up);
    // A tap on a row is a click.
    world.touch(0, TouchPhase::Down, at(50.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Up, at(50.0), 80.0).unwrap();
    assert_eq!(world.get::<Clicks>(clicks).unwrap().0, 1);
    // A small wobble (up to 6 px) is still a click, and scrolls nothing.
    world.touch(0, TouchPhase::Down, at(50.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Move, at(53.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Move, at(55.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Up, at(55.0), 80.0).unwrap();
    assert_eq!(world.get::<Clicks>(clicks).unwrap().0, 2);
    assert_eq!(world.get::<List>(list).unwrap().offset(), 0.0);
    // Past 6 px (counted from the first move the list hears of) the list takes the
    // touch: it scrolls by the whole travel and the row's press is cancelled, so its
    // release clicks nothing.
    world.touch(0, TouchPhase::Down, at(30.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Move, at(34.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Move, at(40.0), 80.0).unwrap();
    assert_eq!(
        world.get::<List>(list).unwrap().offset(),
        0.0,
        "6 px: not yet"
    );
    world.touch(0, TouchPhase::Move, at(41.0), 80.0).unwrap();
    assert_eq!(world.get::<List>(list).unwrap().offset(), 7.0);
    world.touch(0, TouchPhase::Move, at(53.0), 80.0).unwrap();
    assert_eq!(world.get::<List>(list).unwrap().offset(), 19.0);
    world.touch(0, TouchPhase::Up, at(52.0), 80.0).unwrap();
    assert_eq!(
        world.get::<Clicks>(clicks).unwrap().0,
        2,
        "no click after a drag"
    );
    // The next tap is a click again (a new gesture).
    world.tick(1.0).unwrap();
    world.touch(0, TouchPhase::Down, at(50.0), 80.0).unwrap();
    world.touch(0, TouchPhase::Up, at(50.0), 80.0).unwrap();
    assert_eq!(world.get::<Clicks>(clicks).unwrap().0, 3);
}
