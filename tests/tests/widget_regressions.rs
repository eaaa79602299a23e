//! Widget bugs found by the random-operation suite (`sprig_tests::invariants`), each a
//! minimal reproduction, fixed: a toggle's checkmark or a slider's handle destroyed
//! under it counts as none.

use sprig::{world, Key, Size2, TouchPhase, Vec2};
use sprig_ui::{Direction, Slider, Toggle, Toggled};

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
