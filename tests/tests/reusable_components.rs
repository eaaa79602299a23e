//! One component type from a crate of its own (`sprig-reusable`'s `Pulse`), listed in the
//! component sets of two apps with different other types and capacities, goes through
//! its whole lifecycle in both, and works beside each app's own components.

use std::cell::RefCell;

use sprig::render::{Label, Shape};
use sprig::{component, component_set, world, AnyWorld, Ctx, Hook, HookResult, Hooks, Vec2, World};
use sprig_reusable::Pulse;

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn report(hook: Hook, beats: u32) {
    LOG.with(|l| {
        l.borrow_mut()
            .push(format!("pulse.{}({beats})", hook.name()))
    });
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

world! {
    /// A small world: 8 nodes, two pulses and two shapes, 2 timers, 8 events, a 4-entry
    /// trace.
    type SmallWorld = World {
        nodes: 8,
        components: Small { Pulse: 2, Shape: 2 },
        timers: 2,
        events: 8,
        trace: 4,
    };
}

/// The larger app's own component: reads the pulse on its node, through the world.
pub struct Meter {
    beats_seen: u32,
}

#[component]
impl Hooks for Meter {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        if let Some(pulse) = ctx.component_of::<Pulse>(node)? {
            self.beats_seen = ctx.get::<Pulse>(pulse)?.beats;
        }
        LOG.with(|l| {
            l.borrow_mut()
                .push(format!("meter.update({})", self.beats_seen))
        });
        Ok(())
    }
}

world! {
    /// A larger world: its own meter, the pulse, and two built-in drawables; 64 nodes,
    /// default timers, events and trace.
    type LargeWorld = World {
        nodes: 64,
        components: Large { Meter: 4, Label: 8, Pulse: 4, Shape: 16 },
    };
}

#[test]
fn a_component_from_another_crate_lives_its_whole_life_in_a_small_world() {
    let mut w = SmallWorld::new();
    let root = w.root();
    let node = w.create_child(root, "heart").unwrap();
    w.add_component(node, Shape::rectangle()).unwrap();
    let pulse = w.add_component(node, Pulse::new(0.5, 0.1, report)).unwrap();
    assert_eq!(take_log(), ["pulse.on_load(0)", "pulse.on_enable(0)"]);

    w.tick(0.05).unwrap();
    assert_eq!(
        take_log(),
        ["pulse.start(0)", "pulse.update(0)", "pulse.late_update(0)"]
    );
    assert_eq!(
        w.hook_errors(),
        0,
        "start found its own data busy, not aliased"
    );
    assert_eq!(
        w.scale(node).unwrap(),
        Vec2::new(1.5, 1.5),
        "half a beat: the top"
    );

    w.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        [
            "pulse.update(0)",
            "pulse.on_timer(1)",
            "pulse.late_update(1)"
        ]
    );
    assert_eq!(w.get::<Pulse>(pulse).unwrap().frames, 2);

    w.set_active(node, false).unwrap();
    assert_eq!(take_log(), ["pulse.on_disable(1)"]);
    w.destroy(node).unwrap();
    w.tick(0.05).unwrap();
    assert_eq!(take_log(), ["pulse.on_destroy(1)"]);
    assert!(!w.is_component_valid(pulse));
    assert_eq!(w.component_count(), 0);
}

#[test]
fn the_same_component_works_beside_an_apps_own_in_a_larger_world() {
    let mut w = LargeWorld::new();
    let root = w.root();
    let node = w.create_child(root, "gauge").unwrap();
    w.add_component(node, Meter { beats_seen: 0 }).unwrap();
    w.add_component(node, Label::new("0")).unwrap();
    w.add_component(node, Pulse::new(0.25, 0.1, report))
        .unwrap();
    assert_eq!(take_log(), ["pulse.on_load(0)", "pulse.on_enable(0)"]);

    // Pulse's execution order (-5) puts its update before the meter's (0).
    w.tick(0.05).unwrap();
    assert_eq!(
        take_log(),
        [
            "pulse.start(0)",
            "pulse.update(0)",
            "meter.update(0)",
            "pulse.late_update(0)"
        ]
    );
    w.tick(0.1).unwrap();
    w.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        [
            "pulse.update(0)",
            "meter.update(0)",
            "pulse.on_timer(1)",
            "pulse.late_update(1)",
            "pulse.update(1)",
            "meter.update(1)",
            "pulse.on_timer(2)",
            "pulse.late_update(2)",
        ]
    );

    w.destroy(node).unwrap();
    assert_eq!(take_log(), ["pulse.on_disable(2)"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["pulse.on_destroy(2)"]);
    assert_eq!(w.hook_errors(), 0);
}

#[test]
fn a_type_outside_the_set_is_refused_from_generic_code() {
    /// Adds a `Pulse` from a hook that knows nothing of the app.
    pub struct Spawner;

    #[component]
    impl Hooks for Spawner {
        fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            let node = ctx.node();
            match ctx.add_component(node, Meter { beats_seen: 0 }) {
                Err(sprig::Error::NotInSet) => Ok(()),
                _ => Err(sprig::Error::InvalidValue),
            }?;
            ctx.add_component(node, Pulse::new(0.1, 1.0, report))
                .map(|_| ())
        }
    }

    component_set! {
        struct Tiny { Spawner: 2, Pulse: 2 }
    }

    let mut w: World<Tiny, 4, 4> = World::new();
    let root = w.root();
    let node = w.create_child(root, "n").unwrap();
    w.add_component(node, Spawner).unwrap();
    w.tick(0.01).unwrap();
    assert_eq!(w.hook_errors(), 0);
    assert_eq!(w.component_count(), 2);
    // Enabled during the start phase: started right after it, updated this frame.
    assert_eq!(
        take_log(),
        [
            "pulse.on_load(0)",
            "pulse.on_enable(0)",
            "pulse.start(0)",
            "pulse.update(0)",
            "pulse.late_update(0)"
        ]
    );
}
