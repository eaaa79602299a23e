//! The showcase, headless for now (the window arrives with issue 5): it runs the scene
//! for two seconds at 30 frames per second on a 128×64 4-bit grey OLED, prints the
//! lifecycle hooks of the scene's start and the hooks other than `update`/`late_update`
//! as they happen, then the tree with world positions, and writes the last frame as a
//! PNG under `target/showcase/`.

use std::path::PathBuf;

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig::Hook;
use sprig_examples::{build_showcase, ShowcaseWorld};

fn print_trace(world: &mut ShowcaseWorld, every_hook: bool) {
    for e in world.trace() {
        if every_hook || !matches!(e.hook, Hook::Update | Hook::LateUpdate) {
            let node = world.name(e.node).unwrap_or("?");
            println!(
                "  frame {:>2}  {:<8} {:<12} {}",
                e.frame,
                node,
                world.kind_name(e.kind),
                e.hook.name()
            );
        }
    }
    world.clear_trace();
}

fn main() -> Result<(), String> {
    let size = Size::new(128, 64);
    let mut world = ShowcaseWorld::new();
    world.set_tracing(true);
    build_showcase(&mut world).map_err(|e| e.to_string())?;
    let mut display = SimulatorDisplay::<Gray4>::with_default_color(size, Gray4::BLACK);
    let mut renderer: Renderer<Gray4, 32, 1024> =
        Renderer::new(size, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);

    println!("Sprig showcase (headless: the simulator window arrives with issue 5)\n");
    let dt = 1.0 / 30.0;
    let (mut pixels, mut bytes, mut still) = (0u64, 0u64, 0u32);
    let frames: u32 = 60;
    for frame in 0..frames {
        world.tick(dt).map_err(|e| e.to_string())?;
        let Ok(stats) = renderer.render(&mut world, &mut display);
        pixels += stats.pixels_flushed;
        bytes += stats.bytes;
        still += u32::from(stats.bytes == 0);
        if frame == 0 {
            println!("Every hook of the scene build and frame 0 (execution orders: Shuffler -1, Orbit 0, Spin 1, FrameText 2):");
            print_trace(&mut world, true);
            println!(
                "\nHooks other than update/late_update, frames 1-{}:",
                frames - 1
            );
        } else {
            print_trace(&mut world, false);
        }
    }
    println!("\nframe {}", frames - 1);
    print!(
        "{}",
        sprig_sim::describe_tree(&mut world).map_err(|e| e.to_string())?
    );
    let png = PathBuf::from("target")
        .join("showcase")
        .join("showcase.png");
    sprig_sim::save_png(&display, &png, 4)?;
    println!(
        "\n{} frames: {} pixels and {} bytes flushed per frame on average ({} B for a full \
         128x64 Gray4 frame), {} frames flushed nothing; {} hook errors",
        frames,
        pixels / u64::from(frames),
        bytes / u64::from(frames),
        128 * 64 / 2 + BusCost::GRAY4_SSD0323.bytes_per_rect,
        still,
        world.hook_errors()
    );
    println!("last frame written to {} (4x)", png.display());
    Ok(())
}
