//! Widget bugs found by the random-operation suite (`sprig_tests::invariants`), each a
//! minimal reproduction, all fixed: a toggle's checkmark or a slider's handle destroyed
//! under it counts as none (for keys, frames and touches); a keyboard's target
//! destroyed, or left without its text area, counts as none; a chart of one large value
//! is drawn; a tab view's or tile view's page destroyed is skipped.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::damage::BusCost;
use sprig::render::{Clip, Renderer, Shape};
use sprig::{world, Key, Size2, TouchPhase, Vec2};
use sprig_tests::framebuffer::Framebuffer;
use sprig_ui::{ChartKind, Direction, Keyboard, Slider, TextArea, Toggle, Toggled};

mod heard {
    use sprig::{component, AnyWorld, Ctx, Event, HookResult, Hooks};
    use sprig_ui::{SliderMoved, Toggled};

    /// Every `Toggled`, and every `SliderMoved` value, heard on its node.
    #[derive(Clone, Debug, Default)]
    pub struct Heard(pub Vec<Toggled>, pub Vec<f32>);

    #[component]
    impl Hooks for Heard {
        fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            let node = ctx.node();
            ctx.on::<Toggled>(node)?;
            ctx.on::<SliderMoved>(node)
        }
        fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
            if let Some(toggled) = event.get::<Toggled>() {
                self.0.push(*toggled);
            }
            if let Some(moved) = event.get::<SliderMoved>() {
                self.1.push(moved.value);
            }
            Ok(())
        }
    }
}

use heard::Heard;

world! {
    type App = World { nodes: 8, components: Set { Toggle: 1, Slider: 1, Heard: 1 }, listeners: 2 };
}

/// A toggle whose checkmark node was destroyed (`ui/src/toggle.rs`, `show_checkmark`):
/// `Toggle::update` and `clicked` ask the dead checkmark `active(mark)?` and return its
/// `StaleHandle`, so `update` fails (a hook error; the button's frame after it, its
/// transitions, does not run), and a click flips `checked` but returns before sending
/// `Toggled`. Expected: a checkmark that is gone counts as none (as `Toggle::new()`
/// without one): no hook error, and a click still sends `Toggled`. Found by the
/// random-operation suite destroying a node a toggle used as its checkmark.
#[test]
fn a_toggle_whose_checkmark_is_destroyed_still_toggles() -> Result<(), sprig::Error> {
    let mut world = App::new();
    let root = world.root();
    let heard = world.add_component(root, Heard::default())?;
    let node = world.create_child(root, "Toggle")?;
    world.set_content_size(node, Size2::new(10.0, 10.0))?; // centred on (0, 0)
    let mark = world.create_child(node, "Mark")?;
    let toggle = world.add_component(node, Toggle::new().with_checkmark(mark))?;
    world.tick(0.02)?;
    world.destroy(mark)?;
    world.tick(0.02)?;
    world.tick(0.02)?;
    let errors = (world.hook_errors(), world.last_hook_error());
    // A tap on it, at world (0, 0) (a 100-px-high screen, y down).
    world.touch(0, TouchPhase::Down, Vec2::new(0.0, 100.0), 100.0)?;
    world.touch(0, TouchPhase::Up, Vec2::new(0.0, 100.0), 100.0)?;
    assert!(world.get::<Toggle>(toggle)?.checked);
    assert_eq!(
        world.get::<Heard>(heard)?.0,
        [Toggled {
            node,
            checked: true
        }]
    );
    assert_eq!(errors.0, 0, "{:?}", errors.1);
    Ok(())
}

/// The same with a slider whose handle node was destroyed (`ui/src/slider.rs`,
/// `Slider::place`): `late_update` fails on `ctx.parent(handle)?` every frame, and a
/// change by input (`moved`) sets the value, then returns the handle's `StaleHandle`
/// before sending `SliderMoved`. Expected: a handle that is gone counts as none: no
/// hook error, and a key step still sends `SliderMoved`.
#[test]
fn a_slider_whose_handle_is_destroyed_still_moves() -> Result<(), sprig::Error> {
    let mut world = App::new();
    let root = world.root();
    let heard = world.add_component(root, Heard::default())?;
    let track = world.create_child(root, "Track")?;
    world.set_content_size(track, Size2::new(100.0, 10.0))?;
    let knob = world.create_child(track, "Knob")?;
    let slider = Slider::new(Direction::Horizontal)
        .with_handle(knob)
        .with_step(0.25);
    let slider = world.add_component(track, slider)?;
    world.tick(0.02)?;
    world.destroy(knob)?;
    world.tick(0.02)?;
    world.tick(0.02)?;
    let errors = (world.hook_errors(), world.last_hook_error());
    world.set_focus(Some(track))?;
    world.key(Key::Right, true)?; // one step up
    assert_eq!(world.get::<Slider>(slider)?.value(), 0.25);
    assert_eq!(world.get::<Heard>(heard)?.1, [0.25]);
    assert_eq!(errors.0, 0, "{:?}", errors.1);
    Ok(())
}

type Text64 = sprig::render::Label<64>;
world! {
    type Typing = World {
        nodes: 12,
        components: Keys { TextArea: 1, Keyboard: 1, Shape: 3, Text64: 1, Clip: 1 },
    };
}

/// A keyboard whose target text area's node was destroyed
/// (`ui/src/keyboard/mod.rs`, `Keyboard::follow` and `edit`): `follow` keeps the dead
/// node as its target (`wanted` is that node too, so it never retargets), and a key
/// typed then asks `with_area` for the dead node's `TextArea`, whose
/// `component_of` is `Err(StaleHandle)`: the keyboard's `on_touch` (or `on_key`) fails.
/// Expected, by its doc ("A key typed with no target does nothing"): a target that is
/// gone counts as none: `target()` is `None`, the tap is no hook error.
#[test]
fn a_keyboard_whose_target_is_destroyed_types_into_nothing() -> Result<(), sprig::Error> {
    let mut world = Typing::new();
    let root = world.root();
    let field = world.create_child(root, "Field")?;
    world.set_content_size(field, Size2::new(100.0, 14.0))?;
    world.set_position(field, Vec2::new(50.0, 80.0))?;
    world.add_component(field, TextArea::new())?;
    let keys = world.create_child(root, "Keys")?;
    world.set_content_size(keys, Size2::new(100.0, 40.0))?;
    world.set_anchor(keys, Vec2::ZERO)?; // from (0, 0) to (100, 40)
    let keyboard = world.add_component(keys, Keyboard::new().with_target(field))?;
    world.tick(0.02)?;
    assert_eq!(world.get::<Keyboard>(keyboard)?.target(), Some(field));
    world.destroy(field)?;
    world.tick(0.02)?;
    let target = world.get::<Keyboard>(keyboard)?.target();
    // A tap on "q", the top-left key, at (5, 35) (a 100-px-high screen, y down).
    world.touch(0, TouchPhase::Down, Vec2::new(5.0, 65.0), 100.0)?;
    world.touch(0, TouchPhase::Up, Vec2::new(5.0, 65.0), 100.0)?;
    let errors = (world.hook_errors(), world.last_hook_error());
    assert_eq!(errors.0, 0, "{:?}", errors.1);
    assert_eq!(target, None);
    Ok(())
}

type Chart4 = sprig_ui::Chart<4>;
world! {
    type Plot = World { nodes: 4, components: Plots { Chart4: 1 } };
}

/// The pixels of a 16×16 screen showing a bar chart of 16×16 units holding `points`
/// (automatic range).
fn bars_of(points: &[f32]) -> Result<(Vec<Rgb888>, (f32, f32)), sprig::Error> {
    let mut world = Plot::new();
    let node = world.create_child(world.root(), "Chart")?;
    world.set_anchor(node, Vec2::ZERO)?;
    world.set_content_size(node, Size2::new(16.0, 16.0))?;
    let chart = world.add_component(node, Chart4::new(ChartKind::Bar))?;
    for &p in points {
        world.get_mut::<Chart4>(chart)?.push(p)?;
    }
    world.tick(0.0)?;
    let size = embedded_graphics::prelude::Size::new(16, 16);
    let mut screen = Framebuffer::new(16, 16, Rgb888::BLACK);
    let mut renderer = Renderer::<Rgb888, 4, 16>::new(size, Rgb888::BLACK, BusCost::new(16, 0));
    renderer
        .render_full(&mut world, &mut screen)
        .map_err(|_| sprig::Error::InvalidValue)?;
    Ok((screen.pixels, world.get::<Chart4>(chart)?.range()))
}

/// A chart in its automatic range holding one value many times, a value of 2^24 or
/// more (`ui/src/chart.rs`, `Chart::range`): "a range of 2 around a single value" is
/// `(low - 1.0, high + 1.0)`, which in `f32` is `(low, high)` again once 1 is less
/// than half the value's step (100 000 000: steps of 8), so the range is empty, and
/// `value_y` divides 0 by 0: every point's y is NaN, and no bar (nor line) is drawn
/// at all. Expected, by its doc: a range around the value, the value in its middle,
/// drawn as a constant 20 is. Found by the random-operation suite pushing 1e30.
#[test]
fn a_chart_of_one_large_value_draws_it() -> Result<(), sprig::Error> {
    let (small, small_range) = bars_of(&[20.0, 20.0])?;
    let (large, large_range) = bars_of(&[1e8, 1e8])?;
    assert_eq!(small_range, (19.0, 21.0));
    assert!(
        large_range.0 < 1e8 && 1e8 < large_range.1,
        "{large_range:?}"
    );
    assert_eq!(small, large);
    Ok(())
}

/// The same bug from the other side (`Keyboard::retarget`): a keyboard asked to type
/// into a node that is destroyed (`with_target`, or `set_target` later) asks `with_area`
/// for its `TextArea`, whose `component_of` is `Err(StaleHandle)`, in every `update`:
/// a hook error each frame, for ever. Expected: as for a node without a text area, no
/// target and no error.
#[test]
fn a_keyboard_asked_to_type_into_a_destroyed_node_types_into_nothing() -> Result<(), sprig::Error> {
    let mut world = Typing::new();
    let root = world.root();
    let gone = world.create_child(root, "Gone")?;
    world.destroy(gone)?;
    let keys = world.create_child(root, "Keys")?;
    world.set_content_size(keys, Size2::new(100.0, 40.0))?;
    let keyboard = world.add_component(keys, Keyboard::new().with_target(gone))?;
    world.tick(0.02)?;
    world.tick(0.02)?;
    let errors = (world.hook_errors(), world.last_hook_error());
    assert_eq!(errors.0, 0, "{:?}", errors.1);
    assert_eq!(world.get::<Keyboard>(keyboard)?.target(), None);
    Ok(())
}

/// A slider whose handle node was destroyed, touched (`ui/src/slider.rs`,
/// `Slider::on_touch`): the fix for keys and frames above left the touch path, which
/// asks `contains(ctx, handle, …)?` of the dead handle on `Down` and returns its
/// `StaleHandle`: the hook fails, no drag starts, the value does not move and no
/// `SliderMoved` is sent. Expected: a handle that is gone counts as none, so a touch
/// on the track sets the value there. Found by the random-operation suite (a tap on a
/// slider after destroying nodes).
#[test]
fn a_slider_whose_handle_is_destroyed_still_follows_a_touch() -> Result<(), sprig::Error> {
    let mut world = App::new();
    let root = world.root();
    let heard = world.add_component(root, Heard::default())?;
    let track = world.create_child(root, "Track")?;
    world.set_content_size(track, Size2::new(100.0, 10.0))?; // x from -50 to 50
    let knob = world.create_child(track, "Knob")?;
    world.set_content_size(knob, Size2::new(6.0, 6.0))?;
    let slider = Slider::new(Direction::Horizontal).with_handle(knob);
    let slider = world.add_component(track, slider)?;
    world.tick(0.02)?;
    world.destroy(knob)?;
    world.tick(0.02)?;
    // A touch at world (25, 0), three quarters along (a 100-px-high screen, y down).
    world.touch(0, TouchPhase::Down, Vec2::new(25.0, 100.0), 100.0)?;
    world.touch(0, TouchPhase::Up, Vec2::new(25.0, 100.0), 100.0)?;
    let errors = (world.hook_errors(), world.last_hook_error());
    assert_eq!(errors.0, 0, "{:?}", errors.1);
    assert_eq!(world.get::<Slider>(slider)?.value(), 0.75);
    assert_eq!(world.get::<Heard>(heard)?.1, [0.75]);
    Ok(())
}

/// The same bug with the target's text area destroyed, its node kept
/// (`Keyboard::finish`): the keyboard keeps the node as its target, and its OK key
/// sends `TextSubmitted` from a node that holds no text area (and `KeyboardDone` names
/// it as the target). Expected: a target that lost its text area counts as none: no
/// `TextSubmitted`, `target()` `None`.
#[test]
fn a_keyboard_whose_text_area_is_destroyed_submits_nothing() -> Result<(), sprig::Error> {
    let mut world = Submits::new();
    let root = world.root();
    let heard = world.add_component(root, Submitted::default())?;
    let field = world.create_child(root, "Field")?;
    world.set_content_size(field, Size2::new(100.0, 14.0))?;
    world.set_position(field, Vec2::new(50.0, 80.0))?;
    let area = world.add_component(field, TextArea::new())?;
    let keys = world.create_child(root, "Keys")?;
    world.set_content_size(keys, Size2::new(100.0, 40.0))?;
    world.set_anchor(keys, Vec2::ZERO)?; // from (0, 0) to (100, 40): rows 10 px high
    let keyboard = world.add_component(keys, Keyboard::new().with_target(field))?;
    world.tick(0.02)?;
    world.destroy_component(area)?;
    world.tick(0.02)?;
    // A tap on OK, the bottom row's last key (at (95, 5); a 100-px-high screen, y down).
    world.touch(0, TouchPhase::Down, Vec2::new(95.0, 95.0), 100.0)?;
    world.touch(0, TouchPhase::Up, Vec2::new(95.0, 95.0), 100.0)?;
    assert_eq!(world.get::<Submitted>(heard)?.0, 0);
    assert_eq!(world.get::<Keyboard>(keyboard)?.target(), None);
    Ok(())
}

mod submitted {
    use sprig::{component, AnyWorld, Ctx, Event, HookResult, Hooks};
    use sprig_ui::TextSubmitted;

    /// How many `TextSubmitted` it heard, capturing them on its node.
    #[derive(Clone, Debug, Default)]
    pub struct Submitted(pub u32);

    #[component]
    impl Hooks for Submitted {
        fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            let node = ctx.node();
            ctx.on_capture::<TextSubmitted>(node)
        }
        fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
            if event.get::<TextSubmitted>().is_some() {
                self.0 += 1;
            }
            Ok(())
        }
    }
}

use submitted::Submitted;

world! {
    type Submits = World {
        nodes: 12,
        components: SubmitSet { TextArea: 1, Keyboard: 1, Shape: 3, Text64: 1, Clip: 1, Submitted: 1 },
        listeners: 2,
    };
}

world! {
    type Tabs = World {
        nodes: 16,
        components: TabsSet { Shape: 4, sprig::render::Label: 3, sprig_ui::TabView: 1, Clip: 1 },
    };
}

/// A tab view one of whose pages is destroyed (`ui/src/tab_view.rs`, `sync`): its
/// `late_update` failed every frame (`PendingDestroy`, then `StaleHandle`) and stopped
/// placing the pages after the dead one. Expected: the dead page is skipped, the others
/// are placed and shown, no hook error. Found by the random-operation suite.
#[test]
fn a_tab_view_whose_page_is_destroyed_places_the_others() -> Result<(), sprig::Error> {
    let mut world = Tabs::new();
    let root = world.root();
    let node = world.create_child(root, "Tabs")?;
    world.set_content_size(node, Size2::new(60.0, 40.0))?;
    let pages = [
        world.create_child(root, "a")?,
        world.create_child(root, "b")?,
        world.create_child(root, "c")?,
    ];
    let tabs = sprig_ui::TabView::new(&[("A", pages[0]), ("B", pages[1]), ("C", pages[2])])?;
    let view = world.add_component(node, tabs)?;
    world.tick(0.02)?;
    world.destroy(pages[1])?;
    world.tick(0.02)?;
    world.get_mut::<sprig_ui::TabView>(view)?.set_selected(2)?;
    for _ in 0..40 {
        world.tick(0.02)?;
    }
    assert_eq!(world.hook_errors(), 0, "{:?}", world.last_hook_error());
    // The third page slid in and is shown; the first slid out.
    assert!(world.active(pages[2])?);
    assert!(!world.active(pages[0])?);
    Ok(())
}

/// A tab view added to an inactive node, one of whose pages is destroyed before the node
/// becomes active (`ui/src/pager.rs`, `adopt`): its `on_load` failed (`StaleHandle`) and
/// the view never built its bar. Expected: the dead page is left out, the others are
/// taken in under the view's content part, no hook error. Found by the random-operation
/// suite's soak (`SPRIG_SOAK=1`).
#[test]
fn a_tab_view_whose_page_dies_before_it_loads_takes_the_others() -> Result<(), sprig::Error> {
    let mut world = Tabs::new();
    let root = world.root();
    let node = world.create_child(root, "Tabs")?;
    world.set_content_size(node, Size2::new(60.0, 40.0))?;
    world.set_active(node, false)?;
    let pages = [
        world.create_child(root, "a")?,
        world.create_child(root, "b")?,
        world.create_child(root, "c")?,
    ];
    let tabs = sprig_ui::TabView::new(&[("A", pages[0]), ("B", pages[1]), ("C", pages[2])])?;
    world.add_component(node, tabs)?;
    world.destroy(pages[1])?;
    world.tick(0.02)?;
    world.set_active(node, true)?;
    world.tick(0.02)?;
    assert_eq!(world.hook_errors(), 0, "{:?}", world.last_hook_error());
    // The live pages now hang under the view (its "Content" part), in order.
    let content = world
        .child_by_name(node, "Content")?
        .ok_or(sprig::Error::StaleHandle)?;
    assert_eq!(world.parent(pages[0])?, Some(content));
    assert_eq!(world.parent(pages[2])?, Some(content));
    Ok(())
}
