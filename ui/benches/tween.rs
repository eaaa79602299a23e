//! What a tween costs per frame, side by side with what the same animation costs
//! written by hand: `cargo bench -p sprig-ui --bench tween`.
//!
//! Each of N nodes runs the same loop: a 2-step sequence (0.5 s to a position and scale,
//! 0.5 s back) with `QuadInOut`, repeated for ever. Three ways, same world type, same
//! frames:
//! - `Tween`: the `sprig_ui` component, `tween(node).repeat_forever_tween(…)`;
//! - hand-written: a component that keeps its own clock and does the same easing and
//!   lerp in `update` (the floor for a component that writes the node);
//! - hand-written, padded to a `Tween`'s size: the engine moves a component out of its
//!   slot and back around each hook, so this separates what a `Tween`'s size costs
//!   from what its step logic costs;
//! - plain loop: the same arithmetic over an array of structs, no world (the floor for
//!   the arithmetic alone).
//!
//! Figures are ns per animated node per frame, best of several runs of a few hundred
//! frames (`world.tick` for the first two, so they include the engine's update pass).

use std::hint::black_box;
use std::time::Instant;

use sprig::{component, world, AnyWorld, Ctx, HookResult, Hooks, Vec2};
use sprig_ui::ease::Easing;
use sprig_ui::tween::{tween, Props, Tween, TweenBuilder};

const FRAMES: usize = 300;
const RUNS: usize = 7;
const DT: f32 = 1.0 / 60.0;
const LEG_SECONDS: f32 = 0.5;

const FROM: Vec2 = Vec2::new(0.0, 0.0);
const TO: Vec2 = Vec2::new(100.0, 40.0);
const FROM_SCALE: f32 = 1.0;
const TO_SCALE: f32 = 1.5;

/// The same animation as the tween, by hand.
pub struct HandTween {
    elapsed_seconds: f32,
}

fn quad_in_out(k: f32) -> f32 {
    if k < 0.5 {
        2.0 * k * k
    } else {
        let k = k - 1.0;
        1.0 - 2.0 * k * k
    }
}

fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

/// Where the loop is after `elapsed_seconds`: position and uniform scale.
fn animate(elapsed_seconds: f32) -> (Vec2, f32) {
    let (from, to, from_scale, to_scale, leg) = if elapsed_seconds < LEG_SECONDS {
        (FROM, TO, FROM_SCALE, TO_SCALE, elapsed_seconds)
    } else {
        (
            TO,
            FROM,
            TO_SCALE,
            FROM_SCALE,
            elapsed_seconds - LEG_SECONDS,
        )
    };
    let t = quad_in_out(leg / LEG_SECONDS);
    (
        Vec2::new(lerp(from.x, to.x, t), lerp(from.y, to.y, t)),
        lerp(from_scale, to_scale, t),
    )
}

fn hand_update(
    elapsed_seconds: &mut f32,
    ctx: &mut Ctx<impl AnyWorld>,
    dt_seconds: f32,
) -> HookResult {
    *elapsed_seconds = (*elapsed_seconds + dt_seconds) % (2.0 * LEG_SECONDS);
    let (position, scale) = animate(*elapsed_seconds);
    let node = ctx.node();
    ctx.set_position(node, position)?;
    ctx.set_scale(node, Vec2::new(scale, scale))
}

#[component]
impl Hooks for HandTween {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        hand_update(&mut self.elapsed_seconds, ctx, dt_seconds)
    }
}

/// `HandTween` padded to the size of a `Tween`: the engine moves a component out of
/// its slot for each hook and back, so this column is the by-hand work plus the moves a
/// `Tween`'s size costs, and the difference to the `Tween` column is the tween's own
/// work.
pub struct PaddedHandTween {
    elapsed_seconds: f32,
    pad: [u8; PAD],
}

const PAD: usize = std::mem::size_of::<Tween>() - std::mem::size_of::<f32>();

#[component]
impl Hooks for PaddedHandTween {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        black_box(&mut self.pad);
        hand_update(&mut self.elapsed_seconds, ctx, dt_seconds)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Tween,
    ByHand,
    ByHandPadded,
}

world! {
    /// Room for the largest N of either kind.
    type BenchWorld = World {
        nodes: 300,
        components: Bench { Tween: 256, HandTween: 256, PaddedHandTween: 256 },
    };
}

fn leg(to: Vec2, scale: f32) -> TweenBuilder {
    TweenBuilder::new().to(
        LEG_SECONDS,
        Props::new().position(to).scale(scale),
        Easing::QuadInOut,
    )
}

fn build(n: usize, kind: Kind) -> Box<BenchWorld> {
    let mut world = Box::new(BenchWorld::new());
    let root = world.root();
    for _ in 0..n {
        let node = world.create_child(root, "N").expect("node");
        if kind == Kind::ByHand {
            world
                .add_component(
                    node,
                    HandTween {
                        elapsed_seconds: 0.0,
                    },
                )
                .expect("hand");
        } else if kind == Kind::ByHandPadded {
            let padded = PaddedHandTween {
                elapsed_seconds: 0.0,
                pad: [0; PAD],
            };
            world.add_component(node, padded).expect("padded");
        } else {
            tween(node)
                .repeat_forever_tween(
                    TweenBuilder::new()
                        .then(leg(TO, TO_SCALE))
                        .then(leg(FROM, FROM_SCALE)),
                )
                .start(&mut *world)
                .expect("tween");
        }
    }
    world
}

/// Best ns per node per frame over `RUNS` runs of `FRAMES` ticks.
fn time_world(n: usize, kind: Kind) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..RUNS {
        let mut world = build(n, kind);
        world.tick(DT).expect("tick"); // the start round
        let start = Instant::now();
        for _ in 0..FRAMES {
            world.tick(black_box(DT)).expect("tick");
        }
        let elapsed = start.elapsed().as_nanos() as f64;
        black_box(world.position(world.root()).ok());
        best = best.min(elapsed / (FRAMES * n) as f64);
        assert_eq!(world.hook_errors(), 0);
    }
    best
}

#[derive(Clone, Copy)]
struct Item {
    elapsed_seconds: f32,
    position: Vec2,
    scale: f32,
}

fn time_plain(n: usize) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..RUNS {
        let mut items = vec![
            Item {
                elapsed_seconds: 0.0,
                position: FROM,
                scale: FROM_SCALE
            };
            n
        ];
        let start = Instant::now();
        for _ in 0..FRAMES {
            let dt = black_box(DT);
            for item in items.iter_mut() {
                item.elapsed_seconds = (item.elapsed_seconds + dt) % (2.0 * LEG_SECONDS);
                let (position, scale) = animate(item.elapsed_seconds);
                item.position = position;
                item.scale = scale;
            }
            black_box(&mut items);
        }
        let elapsed = start.elapsed().as_nanos() as f64;
        best = best.min(elapsed / (FRAMES * n) as f64);
    }
    best
}

fn main() {
    // Check once that the tween and the hand version agree, so the table compares the
    // same work.
    let mut a = build(1, Kind::Tween);
    let mut b = build(1, Kind::ByHand);
    for _ in 0..45 {
        a.tick(DT).expect("tick");
        b.tick(DT).expect("tick");
    }
    let node_a = a.children(a.root()).expect("root").next().expect("node");
    let node_b = b.children(b.root()).expect("root").next().expect("node");
    let (pa, pb) = (
        a.position(node_a).expect("a"),
        b.position(node_b).expect("b"),
    );
    assert!(
        (pa.x - pb.x).abs() < 1e-2 && (pa.y - pb.y).abs() < 1e-2,
        "{pa:?} vs {pb:?}"
    );

    println!(
        "tween bench: {FRAMES} frames of {DT:.4} s, best of {RUNS} runs; \
         size_of::<Tween>() = {} B (16 entries; this tween uses 12)",
        std::mem::size_of::<Tween>()
    );
    println!("2-step sequence of position + scale, QuadInOut, repeated for ever");
    println!(
        "{:>5} | {:>10} | {:>10} | {:>14} | {:>10} | {:>12}",
        "N", "Tween", "by hand", "by hand, padded", "plain loop", "Tween / hand"
    );
    for n in [16, 64, 256] {
        let tweened = time_world(n, Kind::Tween);
        let by_hand = time_world(n, Kind::ByHand);
        let padded = time_world(n, Kind::ByHandPadded);
        let plain = time_plain(n);
        println!(
            "{n:>5} | {tweened:>10.1} | {by_hand:>10.1} | {padded:>15.1} | {plain:>10.1} | {:>12.2}",
            tweened / by_hand
        );
    }
    println!("(ns per animated node per frame; \"padded\": by hand, at the size of a Tween)");
}
