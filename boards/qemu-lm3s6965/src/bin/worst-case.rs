//! The worst cases for the stack, on the emulated board: the deepest tree its world holds
//! (a chain of every node, each drawing a shape) and the widest (every node a child of
//! one parent), each attached (activated), rendered, deactivated and destroyed, with the
//! stack's high-water mark measured for every step on its own. `cargo xtask qemu` runs it
//! after the showcase and fails when a step goes past the budget the README states.
//!
//! Logs one line per tree (`worst case <tree>: activate <B> B, render <B> B, deactivate
//! <B> B, destroy <B> B`), then `SPRIG WORST DONE`, and exits 0 (3 when a step failed).
#![no_std]
#![no_main]

#[path = "../stack.rs"]
mod stack;

use cortex_m as _; // its single-core critical section, for defmt
use cortex_m_rt::entry;
use defmt_semihosting as _;
use embedded_graphics::pixelcolor::{Gray4, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{world, Error, NodeId, Size2, Vec2};
use static_cell::StaticCell;

/// Nodes in the world, the root included: as many as the board's 64 KiB hold with the
/// renderer's per-node state (its draw list, what each node drew last, what it hands
/// down, the change log's bookkeeping) and a stack left for building the renderer.
const NODES: usize = 84;

world! {
    /// Every node but the root can carry a shape.
    type Deep = World {
        nodes: 84,
        components: DeepComponents { Shape: 83 },
        timers: 0,
        events: 4,
        trace: 1,
    };
}

type DeepRenderer = Renderer<Gray4, NODES, 1024>;

static WORLD: StaticCell<Deep> = StaticCell::new();
static RENDERER: StaticCell<DeepRenderer> = StaticCell::new();

#[path = "../sink.rs"]
mod sink;
use sink::Sink;

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    match info.location() {
        Some(at) => defmt::error!("panic at {=str}:{=u32}", at.file(), at.line()),
        None => defmt::error!("panic"),
    }
    semihosting::process::exit(101)
}

#[entry]
fn main() -> ! {
    let status = match run() {
        Ok(()) => 0,
        Err(e) => {
            defmt::error!("a worst-case step failed: {}", e);
            3
        }
    };
    semihosting::process::exit(status)
}

extern "C" {
    /// The initial stack pointer: the top of RAM (cortex-m-rt).
    static _stack_start: u32;
}

/// The stack's high-water mark of `step` alone, in bytes: how far below this call's
/// frame it went.
#[inline(never)]
fn measured<T>(step: impl FnOnce() -> T) -> (T, usize) {
    let here = 0u32;
    let depth_here =
        core::ptr::addr_of!(_stack_start) as usize - core::ptr::addr_of!(here) as usize;
    stack::paint();
    let out = step();
    (out, stack::peak().saturating_sub(depth_here))
}

/// A detached subtree of every node but the root: a chain (`deep`) or one parent with
/// the others as its children. Every node draws a small shape, hard-edged as the
/// showcase's on this board: what is measured is the tree's shape. (An anti-aliased
/// shape's own drawing takes about 1 200 bytes more: 2 568 in all for this render, over
/// the budget; its frames are yet to be made smaller.)
fn build(world: &mut Deep, deep: bool) -> Result<NodeId, Error> {
    let top = world.create_node("top")?;
    world.add_component(
        top,
        Shape::rectangle()
            .with_fill(Rgb888::WHITE)
            .with_antialias(false),
    )?;
    let mut parent = top;
    for k in 2..NODES {
        let node = world.create_child(parent, "n")?;
        world.set_content_size(node, Size2::new(2.0, 2.0))?;
        world.set_position(node, Vec2::new((k % 120) as f32, (k % 60) as f32))?;
        world.add_component(
            node,
            Shape::rectangle()
                .with_fill(Rgb888::WHITE)
                .with_antialias(false),
        )?;
        if deep {
            parent = node;
        }
    }
    Ok(top)
}

fn run() -> Result<(), Error> {
    let world = WORLD.init_with(Deep::new);
    let renderer = RENDERER.init_with(|| {
        DeepRenderer::new(
            Size::new(128, 64),
            Rgb888::new(0, 0, 0),
            BusCost::GRAY4_SSD0323,
        )
    });
    for (name, deep) in [("chain", true), ("wide", false)] {
        let top = build(world, deep)?;
        let root = world.root();
        let (attached, activate) = measured(|| world.add_child(root, top));
        attached?;
        let (rendered, render) = measured(|| renderer.render(world, &mut Sink));
        let Ok(_) = rendered;
        let (deactivated, deactivate) = measured(|| world.set_active(top, false));
        deactivated?;
        let (destroyed, destroy) = measured(|| {
            world.destroy(top)?;
            world.end_frame()
        });
        destroyed?;
        defmt::info!(
            "worst case {=str} of {=usize} nodes: activate {=usize} B, render {=usize} B, deactivate {=usize} B, destroy {=usize} B",
            name,
            NODES - 1,
            activate,
            render,
            deactivate,
            destroy
        );
    }
    defmt::info!("SPRIG WORST DONE");
    Ok(())
}
