//! `Layout` against hand-written code setting the same positions, side by side in the
//! same run: a column of N = 8, 32 and 128 children and an 8 × 8 grid, on frames where
//! one child changes size (the layout recomputes) and on still frames (the layout only
//! compares its fingerprint). Run with `cargo bench -p sprig-ui --bench layout`.
//!
//! Each figure is a whole `tick` divided by the number of children: ns per laid-out
//! node. The hand-written code is a component doing the same arithmetic in its own
//! `late_update` over a list of its children it was given, every frame (it has no way to
//! know nothing changed). `floor` is the same world with neither, only the component
//! that resizes a child: what the frame costs without any layout.

use std::hint::black_box;
use std::time::Instant;

use sprig::{component, world, AnyWorld, Ctx, HookResult, Hooks, NodeId, Size2, Vec2};
use sprig_ui::layout::{Axis, Layout, LayoutKind};

const SPACING: f32 = 2.0;
const CELL: f32 = 10.0;

/// Alternates one child's height between 10 and 12 every frame, a different child each
/// frame, in `update`.
struct Grow {
    children: Vec<NodeId>,
    next: usize,
}

#[component]
impl Hooks for Grow {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        if let Some(&child) = self.children.get(self.next % self.children.len()) {
            let size = ctx.content_size(child)?;
            let height = if size.height == CELL { 12.0 } else { CELL };
            ctx.set_content_size(child, Size2::new(size.width, height))?;
        }
        self.next += 1;
        Ok(())
    }
}

/// A column from the top, spacing 2, written by hand.
struct HandColumn {
    children: Vec<NodeId>,
}

#[component(execution_order = 10000)]
impl Hooks for HandColumn {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        let size = ctx.content_size(node)?;
        let anchor = ctx.anchor(node)?;
        let mut y = (1.0 - anchor.y) * size.height + SPACING;
        for &child in &self.children {
            let height = ctx.content_size(child)?.height;
            let a = ctx.anchor(child)?.y;
            y -= (1.0 - a) * height + SPACING;
            let x = ctx.position(child)?.x;
            ctx.set_position(child, Vec2::new(x, y))?;
            y -= a * height;
        }
        Ok(())
    }
}

/// Rows from the top left that break at the container's width, written by hand.
struct HandGrid {
    children: Vec<NodeId>,
}

#[component(execution_order = 10000)]
impl Hooks for HandGrid {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        let size = ctx.content_size(node)?;
        let anchor = ctx.anchor(node)?;
        let (left, top) = (-anchor.x * size.width, (1.0 - anchor.y) * size.height);
        let (mut x, mut row_top, mut row_height) = (left, top, 0.0f32);
        for &child in &self.children {
            let s = ctx.content_size(child)?;
            let a = ctx.anchor(child)?;
            if x > left && x + s.width > left + size.width {
                x = left;
                row_top -= row_height;
                row_height = 0.0;
            }
            ctx.set_position(
                child,
                Vec2::new(x + a.x * s.width, row_top - (1.0 - a.y) * s.height),
            )?;
            x += s.width;
            row_height = row_height.max(s.height);
        }
        Ok(())
    }
}

world! {
    type BenchWorld = World {
        nodes: 160,
        components: BenchSet { Layout: 1, Grow: 1, HandColumn: 1, HandGrid: 1 },
    };
}

#[derive(Clone, Copy, PartialEq)]
enum Shape {
    Column,
    Grid,
}

#[derive(Clone, Copy, PartialEq)]
enum Arranger {
    Layout,
    Hand,
    Nothing,
}

/// A container of `n` 10 × 10 children arranged by `arranger`, with one child resized
/// per frame if `changing`.
fn build(
    shape: Shape,
    n: usize,
    arranger: Arranger,
    changing: bool,
) -> (Box<BenchWorld>, Vec<NodeId>) {
    let mut world = Box::new(BenchWorld::new());
    let root = world.root();
    let container = world.create_child(root, "Container").expect("fits");
    let size = match shape {
        Shape::Column => Size2::new(CELL, n as f32 * (CELL + SPACING)),
        Shape::Grid => Size2::new(8.0 * CELL, 8.0 * CELL),
    };
    world.set_content_size(container, size).expect("valid");
    let children: Vec<NodeId> = (0..n)
        .map(|_| {
            let child = world.create_child(container, "c").expect("fits");
            world
                .set_content_size(child, Size2::new(CELL, CELL))
                .expect("valid");
            child
        })
        .collect();
    match (arranger, shape) {
        (Arranger::Layout, Shape::Column) => {
            let layout = Layout::new(LayoutKind::Vertical).with_spacing(0.0, SPACING);
            world.add_component(container, layout).expect("fits");
        }
        (Arranger::Layout, Shape::Grid) => {
            let layout = Layout::new(LayoutKind::Grid {
                start_axis: Axis::Horizontal,
            });
            world.add_component(container, layout).expect("fits");
        }
        (Arranger::Hand, Shape::Column) => {
            let hand = HandColumn {
                children: children.clone(),
            };
            world.add_component(container, hand).expect("fits");
        }
        (Arranger::Hand, Shape::Grid) => {
            let hand = HandGrid {
                children: children.clone(),
            };
            world.add_component(container, hand).expect("fits");
        }
        (Arranger::Nothing, _) => {}
    }
    if changing {
        let grow = Grow {
            children: children.clone(),
            next: 0,
        };
        world.add_component(container, grow).expect("fits");
    }
    (world, children)
}

/// Nanoseconds per child per frame: the best of `RUNS` runs of about 20 ms each (the
/// best, so that another process taking the processor for a while does not count).
fn measure(world: &mut BenchWorld, n: usize) -> f64 {
    const RUNS: usize = 5;
    let frames = (400_000 / n).max(100);
    let dt = black_box(1.0 / 60.0);
    for _ in 0..frames / 2 {
        world.tick(dt).expect("not in a hook");
    }
    let mut best = f64::MAX;
    for _ in 0..RUNS {
        let start = Instant::now();
        for _ in 0..frames {
            world.tick(dt).expect("not in a hook");
        }
        best = best.min(start.elapsed().as_nanos() as f64 / (frames * n) as f64);
    }
    assert_eq!(world.hook_errors(), 0);
    best
}

fn positions(world: &BenchWorld, children: &[NodeId]) -> Vec<Vec2> {
    children
        .iter()
        .map(|&c| world.position(c).expect("alive"))
        .collect()
}

fn case(shape: Shape, n: usize, name: &str) {
    for changing in [true, false] {
        let (mut layout, layout_children) = build(shape, n, Arranger::Layout, changing);
        let (mut hand, hand_children) = build(shape, n, Arranger::Hand, changing);
        let (mut floor, _) = build(shape, n, Arranger::Nothing, changing);
        let sprig = measure(&mut layout, n);
        let by_hand = measure(&mut hand, n);
        let nothing = measure(&mut floor, n);
        // Both ran the same number of frames from the same start: same places.
        assert_eq!(
            positions(&layout, &layout_children),
            positions(&hand, &hand_children)
        );
        println!(
            "layout {name:<10} {:<8} layout={sprig:7.2}ns/node hand={by_hand:7.2}ns/node floor={nothing:6.2}ns/node ratio={:.2}",
            if changing { "changing" } else { "still" },
            sprig / by_hand,
        );
    }
}

fn main() {
    for n in [8, 32, 128] {
        case(Shape::Column, n, &format!("column{n}"));
    }
    case(Shape::Grid, 64, "grid8x8");
}
