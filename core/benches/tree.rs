//! Node-tree figures: bytes per node and the cost of a frame's transform work with the
//! dirty-flag cache against recomputing every world matrix (the baseline), side by side.
//!
//! Run with `cargo bench -p sprig-core --bench tree`.

use std::hint::black_box;
use std::mem::size_of;
use std::time::Instant;

use sprig::render::{Label, Shape};
use sprig::{
    component, world, Affine2, Hooks, NodeId, NodeWorld, Vec2, NODE_BYTES, NODE_META_BYTES,
    NODE_SLOT_BYTES,
};

/// A small component: 8 bytes.
pub struct Mover {
    _velocity: Vec2,
}
#[component]
impl Hooks for Mover {}

/// A large component: 200 bytes (a sample buffer).
pub struct Recorder {
    _samples: [f32; 50],
}
#[component]
impl Hooks for Recorder {}

world! {
    /// An app's world: 64 nodes, 32 movers, 2 recorders, 32 shapes and 8 labels.
    type AppWorld = World {
        nodes: 64,
        components: AppComponents { Mover: 32, Recorder: 2, Shape: 32, Label: 8 },
    };
}

const FRAMES: u32 = 2_000;

/// A tree of `n` nodes, each with up to 4 children, filled breadth-first.
fn build<const N: usize>(world: &mut NodeWorld<N>, n: usize) -> Vec<NodeId> {
    let mut ids = vec![world.root()];
    while ids.len() < n {
        let parent = ids[(ids.len() - 1) / 4];
        let id = world.create_child(parent, "n").expect("fits");
        world
            .set_position(id, Vec2::new(ids.len() as f32, 1.0))
            .expect("valid");
        world.set_angle_degrees(id, 10.0).expect("valid");
        ids.push(id);
    }
    world.update_transforms();
    world.end_frame().expect("not in a hook");
    ids
}

/// The baseline: the same tree as flat arrays, every world matrix recomputed each frame.
struct FlatTree {
    parent: Vec<usize>,
    position: Vec<Vec2>,
    world: Vec<Affine2>,
}

impl FlatTree {
    fn new(n: usize) -> Self {
        FlatTree {
            parent: (0..n).map(|i| i.saturating_sub(1) / 4).collect(),
            position: (0..n).map(|i| Vec2::new(i as f32, 1.0)).collect(),
            world: vec![Affine2::IDENTITY; n],
        }
    }

    fn recompute_all(&mut self) {
        for i in 1..self.parent.len() {
            let local = Affine2::from_translate_rotate_scale(self.position[i], 10.0, Vec2::ONE);
            let parent = self.world[self.parent[i]];
            self.world[i] = parent.then_apply_to(&local);
        }
    }
}

fn ns_per_frame(start: Instant) -> f64 {
    start.elapsed().as_nanos() as f64 / f64::from(FRAMES)
}

fn run<const N: usize>() {
    let mut world: Box<NodeWorld<N>> = Box::new(NodeWorld::new());
    let ids = build(&mut world, N);
    let mut flat = FlatTree::new(N);

    // Still frames: nothing moves.
    let before = world.transform_recomputations();
    let start = Instant::now();
    for _ in 0..FRAMES {
        world.end_frame().expect("not in a hook");
        world.update_transforms();
    }
    let still = ns_per_frame(start);
    let still_recomputes = (world.transform_recomputations() - before) / FRAMES;
    let start = Instant::now();
    for _ in 0..FRAMES {
        flat.recompute_all();
        black_box(&flat.world);
    }
    let full = ns_per_frame(start);
    println!(
        "transforms N={N:<5} still       sprig={still:>9.0}ns/frame ({still_recomputes} recomputes)  \
         recompute-all={full:>9.0}ns/frame ({} recomputes)  ratio={:.2}",
        N - 1,
        still / full
    );

    // One node near the leaves moves every frame: a small subtree.
    let mover = ids[N / 2];
    let before = world.transform_recomputations();
    let start = Instant::now();
    for f in 0..FRAMES {
        world
            .set_position(mover, Vec2::new(f as f32, 0.0))
            .expect("valid");
        world.end_frame().expect("not in a hook");
        world.update_transforms();
    }
    let moving = ns_per_frame(start);
    let moving_recomputes = (world.transform_recomputations() - before) / FRAMES;
    let start = Instant::now();
    for f in 0..FRAMES {
        flat.position[N / 2] = Vec2::new(f as f32, 0.0);
        flat.recompute_all();
        black_box(&flat.world);
    }
    let full = ns_per_frame(start);
    println!(
        "transforms N={N:<5} one-moving  sprig={moving:>9.0}ns/frame ({moving_recomputes} recomputes)  \
         recompute-all={full:>9.0}ns/frame ({} recomputes)  ratio={:.2}",
        N - 1,
        moving / full
    );
    black_box(&ids);
}

fn main() {
    println!(
        "memory node_slot={NODE_SLOT_BYTES}B node_meta={NODE_META_BYTES}B per_node={NODE_BYTES}B \
         (slot + meta + end-of-frame list entries)"
    );
    println!(
        "memory NodeWorld<64>={}B NodeWorld<256>={}B NodeWorld<1024>={}B (event queue of 32 included)",
        core::mem::size_of::<NodeWorld<64>>(),
        core::mem::size_of::<NodeWorld<256>>(),
        core::mem::size_of::<NodeWorld<1024>>()
    );
    // The same world with one slot type as large as the largest component (the layout
    // before per-type storage): every slot its size plus 12 bytes of bookkeeping.
    let data = 32 * size_of::<Option<Mover>>()
        + 2 * size_of::<Option<Recorder>>()
        + 32 * size_of::<Option<Shape>>()
        + 8 * size_of::<Option<Label>>();
    let largest = [
        size_of::<Mover>(),
        size_of::<Recorder>(),
        size_of::<Shape>(),
        size_of::<Label>(),
    ]
    .into_iter()
    .max()
    .unwrap_or(0);
    let one_slot_type = 74 * (largest + 4 + 12);
    println!(
        "memory AppWorld={}B (64 nodes; 32 movers of {}B, 2 recorders of {}B, 32 shapes of {}B, \
         8 labels of {}B: component data {data}B + {}B bookkeeping; with slots as large as the \
         largest type the components alone would take {one_slot_type}B)",
        AppWorld::ram_bytes(),
        size_of::<Mover>(),
        size_of::<Recorder>(),
        size_of::<Shape>(),
        size_of::<Label>(),
        74 * AppWorld::component_slot_overhead_bytes(),
    );
    run::<64>();
    run::<256>();
    run::<1024>();
}
