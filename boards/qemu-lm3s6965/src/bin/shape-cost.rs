//! What a shape costs to draw on the emulated Cortex-M3 (no FPU, no 64-bit multiply
//! instructions beyond `umull`): instructions for a full redraw of a 128×64 grey screen
//! holding one shape, less the same redraw of an empty screen, best of three, for the
//! showcase's dial ring (a 60-pixel arc 4 wide, round ends), the variants that tell its
//! parts apart, and a disc and a rounded rectangle of the same size, each anti-aliased
//! and hard-edged. Instructions are exact under QEMU's `-icount`.
//!
//! ```sh
//! (cd boards/qemu-lm3s6965 && cargo run --release --bin shape-cost)
//! ```
//!
//! logs one `shape cost` line per case and exits 0.
#![no_std]
#![no_main]

use cortex_m as _; // its single-core critical section, for defmt
use cortex_m_rt::entry;
use defmt_semihosting as _;
use embedded_graphics::pixelcolor::{Gray4, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Cap, Renderer, Shape};
use sprig::{world, Error, NodeId, Size2, Vec2};
use static_cell::StaticCell;

#[allow(dead_code)] // The firmware's board: only its clock is used here.
#[path = "../board.rs"]
mod board;

world! {
    type Shapes = World { nodes: 4, components: ShapeSet { Shape: 2 } };
}

#[path = "../sink.rs"]
mod sink;
use sink::Sink;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    defmt::error!("panic");
    semihosting::process::exit(101)
}

#[entry]
fn main() -> ! {
    let status = match run() {
        Ok(()) => 0,
        Err(e) => {
            defmt::error!("shape cost failed: {}", e);
            3
        }
    };
    semihosting::process::exit(status)
}

type R = Renderer<Gray4, 4, 1024>;
static RENDERER: StaticCell<R> = StaticCell::new();
static WORLD: StaticCell<Shapes> = StaticCell::new();

/// The showcase's ring on the OLED: 60 × 60, 4 wide, from the lower left round.
fn ring(sweep: f32, cap: Cap) -> Shape {
    Shape::arc(-135.0, sweep, 4.0, cap).with_fill(Rgb888::new(255, 255, 255))
}

/// Instructions for the fewest of three full redraws of `world`.
fn redraw(world: &mut Shapes, renderer: &mut R) -> u64 {
    let mut best = u64::MAX;
    for _ in 0..3 {
        let start = board::ticks();
        let Ok(_) = renderer.render_full(world, &mut Sink);
        best = best.min(board::ticks() - start);
    }
    board::instructions(best)
}

fn run() -> Result<(), Error> {
    let _board = board::Board::take().ok_or(Error::NotInSet)?;
    let renderer = RENDERER.init_with(|| {
        R::new(
            Size::new(128, 64),
            Rgb888::new(0, 0, 0),
            BusCost::GRAY4_SSD0323,
        )
    });
    let world = WORLD.init_with(Shapes::new);
    let root = world.root();
    let node: NodeId = world.create_child(root, "shape")?;
    world.set_position(node, Vec2::new(32.0, 32.0))?;
    let empty = redraw(world, renderer);
    defmt::info!("shape cost empty screen: {=u64} instructions", empty);
    let cases: [(&str, Shape, (f32, f32)); 10] = [
        ("ring 270 round", ring(270.0, Cap::Round), (60.0, 60.0)),
        ("ring 270 butt", ring(270.0, Cap::Butt), (60.0, 60.0)),
        ("ring 360", ring(360.0, Cap::Butt), (60.0, 60.0)),
        (
            "ring 270 round hard",
            ring(270.0, Cap::Round).with_antialias(false),
            (60.0, 60.0),
        ),
        (
            "ring 360 hard",
            ring(360.0, Cap::Butt).with_antialias(false),
            (60.0, 60.0),
        ),
        (
            "disc",
            Shape::ellipse().with_fill(Rgb888::new(255, 255, 255)),
            (60.0, 60.0),
        ),
        (
            "disc hard",
            Shape::ellipse()
                .with_fill(Rgb888::new(255, 255, 255))
                .with_antialias(false),
            (60.0, 60.0),
        ),
        (
            "circle stroke 4",
            Shape::ellipse().with_stroke(Rgb888::new(255, 255, 255), 4.0),
            (60.0, 60.0),
        ),
        (
            "rounded rectangle",
            Shape::rounded_rectangle(8.0).with_fill(Rgb888::new(255, 255, 255)),
            (60.0, 30.0),
        ),
        (
            "rounded rectangle hard",
            Shape::rounded_rectangle(8.0)
                .with_fill(Rgb888::new(255, 255, 255))
                .with_antialias(false),
            (60.0, 30.0),
        ),
    ];
    for (name, shape, (w, h)) in cases {
        world.set_content_size(node, Size2::new(w, h))?;
        let id = world.add_component(node, shape)?;
        let cost = redraw(world, renderer).saturating_sub(empty);
        world.destroy_component(id)?;
        world.tick(0.0)?;
        defmt::info!("shape cost {=str}: {=u64} instructions", name, cost);
    }
    Ok(())
}
