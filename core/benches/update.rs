//! The update phase against a hand-written loop and a `Vec<Box<dyn Trait>>` loop, side by
//! side in the same run, for N = 64, 1024 and 4096 components: one type, and a mix of
//! four types of which half have no `update`. Also bytes per component slot and queue
//! entry. Run with `cargo bench -p sprig-core --bench update`.
//!
//! Sprig's figure is a whole `tick` (every phase, most of them empty here) divided by N;
//! the hand loop calls the same `step` method on arrays of the same structs (only those
//! with an update, as hand-written code would); the `dyn` loop calls a trait method on
//! every boxed component.

use std::hint::black_box;
use std::time::Instant;

use sprig::{
    component, world, AnyWorld, ComponentSet, Ctx, Dispatch, HookResult, Hooks, NodeId, World,
};

#[derive(Clone, Debug)]
struct Spin {
    angle: f32,
    speed: f32,
}

impl Spin {
    #[inline]
    fn step(&mut self, dt: f32) {
        self.angle += self.speed * dt;
        if self.angle >= 360.0 {
            self.angle -= 360.0;
        }
    }
}

#[derive(Clone, Debug)]
struct Drift {
    x: f32,
    v: f32,
}

impl Drift {
    #[inline]
    fn step(&mut self, dt: f32) {
        self.x += self.v * dt;
        if self.x > 100.0 || self.x < 0.0 {
            self.v = -self.v;
        }
    }
}

#[derive(Clone, Debug)]
struct Still {
    _value: f32,
}

#[derive(Clone, Debug)]
struct Tag {
    _id: u32,
}

#[component]
impl Hooks for Spin {
    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt: f32) -> HookResult {
        self.step(dt);
        Ok(())
    }
}
#[component]
impl Hooks for Drift {
    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt: f32) -> HookResult {
        self.step(dt);
        Ok(())
    }
}
#[component]
impl Hooks for Still {}
#[component]
impl Hooks for Tag {}

/// A world per N: room for N `Spin`s (the one-type mix) and N/4 of each other type.
macro_rules! bench_world {
    ($($alias:ident $set:ident $n:literal),*) => {$(
        world! {
            type $alias = World {
                nodes: 65,
                components: $set { Spin: $n, Drift: $n / 4, Still: $n / 4, Tag: $n / 4 },
            };
        }
    )*};
}

bench_world!(Bench64 Set64 64, Bench1024 Set1024 1024, Bench4096 Set4096 4096);

trait Update {
    fn update(&mut self, dt: f32);
}
impl Update for Spin {
    fn update(&mut self, dt: f32) {
        self.step(dt);
    }
}
impl Update for Drift {
    fn update(&mut self, dt: f32) {
        self.step(dt);
    }
}
impl Update for Still {
    fn update(&mut self, _dt: f32) {}
}
impl Update for Tag {
    fn update(&mut self, _dt: f32) {}
}

fn spin(k: usize) -> Spin {
    Spin {
        angle: k as f32,
        speed: 30.0 + (k % 7) as f32,
    }
}

fn drift(k: usize) -> Drift {
    Drift {
        x: (k % 100) as f32,
        v: 1.0 + (k % 5) as f32,
    }
}

/// Nanoseconds per component per frame of `frame`: the best of `RUNS` runs of about
/// 20 ms each (the best, so that another process taking the processor for a while does
/// not count).
fn measure(n: usize, mut frame: impl FnMut()) -> f64 {
    const RUNS: usize = 5;
    let frames = (800_000 / n).max(20);
    for _ in 0..frames / 2 {
        frame();
    }
    let mut best = f64::MAX;
    for _ in 0..RUNS {
        let start = Instant::now();
        for _ in 0..frames {
            frame();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / (frames * n) as f64);
    }
    best
}

fn case<S: Dispatch, const C: usize>(n: usize, mix: &str) {
    let mixed = mix == "four";
    let mut world: Box<World<S, 65, C>> = Box::new(World::new());
    let root = world.root();
    let nodes: Vec<NodeId> = (0..64)
        .map(|_| world.create_child(root, "n").expect("fits"))
        .collect();
    let mut spins = Vec::new();
    let mut drifts = Vec::new();
    let mut boxed: Vec<Box<dyn Update>> = Vec::new();
    for k in 0..n {
        let node = nodes[k % nodes.len()];
        let kind = if mixed { k % 4 } else { 0 };
        match kind {
            0 => {
                world.add_component(node, spin(k)).expect("fits");
                spins.push(spin(k));
                boxed.push(Box::new(spin(k)));
            }
            1 => {
                world.add_component(node, drift(k)).expect("fits");
                drifts.push(drift(k));
                boxed.push(Box::new(drift(k)));
            }
            2 => {
                world
                    .add_component(node, Still { _value: 0.0 })
                    .expect("fits");
                boxed.push(Box::new(Still { _value: 0.0 }));
            }
            _ => {
                world
                    .add_component(node, Tag { _id: k as u32 })
                    .expect("fits");
                boxed.push(Box::new(Tag { _id: k as u32 }));
            }
        }
    }
    let dt = black_box(1.0 / 60.0);
    let sprig = measure(n, || world.tick(dt).expect("not in a hook"));
    let hand = measure(n, || {
        for s in spins.iter_mut() {
            s.step(dt);
        }
        for d in drifts.iter_mut() {
            d.step(dt);
        }
        black_box((&spins, &drifts));
    });
    let dyn_loop = measure(n, || {
        for b in boxed.iter_mut() {
            b.update(dt);
        }
        black_box(&boxed);
    });
    assert_eq!(world.hook_errors(), 0);
    println!(
        "update N={n} mix={mix} sprig={sprig:.2}ns hand={hand:.2}ns dyn={dyn_loop:.2}ns ratio={:.2}",
        sprig / hand
    );
}

fn main() {
    for mix in ["one", "four"] {
        case::<Set64, { Set64::CAPACITY }>(64, mix);
        case::<Set1024, { Set1024::CAPACITY }>(1024, mix);
        case::<Set4096, { Set4096::CAPACITY }>(4096, mix);
    }
    let overhead = Bench64::component_slot_overhead_bytes();
    println!(
        "memory component_slot = the type's Option<T> + {overhead}B overhead (node, \
         generation, next, flags): Spin {}B+{overhead}B, Tag {}B+{overhead}B; \
         queue_entry=4B (order, slot) per queue: start, update, late_update; \
         activation_entry=6B; listener_entry={}B",
        std::mem::size_of::<Option<Spin>>(),
        std::mem::size_of::<Option<Tag>>(),
        sprig::LISTENER_BYTES,
    );
}
