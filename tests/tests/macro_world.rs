//! Components written with `#[component]` and `component_set!` running in a real `World`:
//! hooks dispatch to the right type, `&mut self` is the component's own data,
//! `execution_order` orders them, and a type without `update` never enters the update
//! queue.

use sprig::{component, world, AnyWorld, Ctx, Hook, HookResult, Hooks, Vec2};

/// Turns its node a little every frame.
pub struct Spinner {
    degrees_per_second: f32,
    frames: u32,
}

#[component(execution_order = 1)]
impl Hooks for Spinner {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.frames += 1;
        let step = self.degrees_per_second * dt_seconds;
        let node = ctx.node();
        let angle = ctx.angle_degrees(node)?;
        ctx.set_angle_degrees(node, angle + step)
    }
}

/// Moves its node once, when it starts; runs before `Spinner`.
pub struct Placer {
    at: Vec2,
}

#[component(execution_order = -1)]
impl Hooks for Placer {
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_position(node, self.at)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let _ = (self, ctx);
        Ok(())
    }
}

/// Pure data: no hooks at all.
pub struct Score {
    points: u32,
}

#[component]
impl Hooks for Score {}

world! {
    /// The app's components.
    type AppWorld = World {
        nodes: 16,
        components: App {
            Spinner: 16,
            Placer: 16,
            Score: 16,
        },
    };
}

#[test]
fn macro_components_run_in_a_world() {
    let mut w = AppWorld::new();
    w.set_tracing(true);
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    let spinner = w
        .add_component(
            n,
            Spinner {
                degrees_per_second: 90.0,
                frames: 0,
            },
        )
        .unwrap();
    w.add_component(
        n,
        Placer {
            at: Vec2::new(3.0, 4.0),
        },
    )
    .unwrap();
    let score = w.add_component(n, Score { points: 7 }).unwrap();
    for _ in 0..4 {
        w.tick(0.5).unwrap();
    }
    assert_eq!(w.get::<Spinner>(spinner).unwrap().frames, 4);
    assert_eq!(w.angle_degrees(n).unwrap(), 180.0);
    assert_eq!(w.position(n).unwrap(), Vec2::new(3.0, 4.0));
    assert_eq!(w.get::<Score>(score).unwrap().points, 7);
    assert_eq!(
        w.component_of::<Placer>(n)
            .unwrap()
            .map(|c| w.component_name(c).unwrap()),
        Some("Placer")
    );
    assert!(
        w.get::<Spinner>(score).is_err(),
        "typed access checks the type"
    );

    // First frame: Placer.start, then updates by execution order (-1 before 1); Score
    // has no hooks and appears nowhere.
    let first: Vec<(&str, Hook)> = w
        .trace()
        .filter(|e| e.frame == 0)
        .map(|e| (w.kind_name(e.kind), e.hook))
        .collect();
    assert_eq!(
        first,
        [
            ("Placer", Hook::Start),
            ("Placer", Hook::Update),
            ("Spinner", Hook::Update),
        ]
    );
    assert!(w.trace().all(|e| w.kind_name(e.kind) != "Score"));
    assert_eq!(w.hook_errors(), 0);
}
