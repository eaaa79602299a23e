//! The showcase, headless for now (the window arrives with issue 5): it runs the scene
//! (by default for two seconds at 30 frames per second) on a 128×64 4-bit grey OLED,
//! prints the lifecycle hooks of the scene's start and the hooks other than
//! `update`/`late_update` as they happen, then the tree with world positions, and writes
//! every frame and the last one as PNGs (by default under `target/showcase/`).
//!
//! Flags: `--headless`, `--frames N`, `--out DIR`, `--scale K`, `--stats FILE`,
//! `--record FILE`, `--replay FILE`.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

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
    let options = sprig_sim::Options::parse(std::env::args().skip(1))?;
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("target").join("showcase"));
    let mut stats_file = match &options.stats {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
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
    let replay = match &options.replay {
        Some(path) => Some(sprig_sim::Recording::parse(
            &std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )?),
        None => None,
    };
    let frames: u32 = match &replay {
        Some(r) => options.frames.unwrap_or(r.frames.len() as u32),
        None => options.frames.unwrap_or(60),
    };
    let mut recording = sprig_sim::Recording::default();
    for frame in 0..frames {
        let input = match &replay {
            Some(r) => r.frames.get(frame as usize).cloned().unwrap_or_default(),
            None => sprig_sim::FrameInput {
                dt,
                events: Vec::new(),
            },
        };
        let started = Instant::now();
        input
            .apply(&mut world, size.height as f32)
            .map_err(|e| e.to_string())?;
        recording.frames.push(input);
        let ticked = Instant::now();
        let Ok(stats) = renderer.render(&mut world, &mut display);
        let rendered = Instant::now();
        if let Some(file) = stats_file.as_mut() {
            let record = sprig_sim::FrameRecord {
                frame,
                rects: stats.rects,
                pixels_drawn: stats.pixels_drawn,
                pixels_flushed: stats.pixels_flushed,
                bytes: stats.bytes,
                tick_us: (ticked - started).as_micros() as u64,
                render_us: (rendered - ticked).as_micros() as u64,
            };
            writeln!(file, "{}", record.to_json()).map_err(|e| e.to_string())?;
        }
        let frame_png = out.join("frames").join(format!("frame-{frame:04}.png"));
        sprig_sim::save_png(&display, &frame_png, options.scale)?;
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
    let png = out.join("last.png");
    sprig_sim::save_png(&display, &png, options.scale)?;
    println!(
        "\n{} frames: {} pixels and {} bytes flushed per frame on average ({} B for a full \
         128x64 Gray4 frame), {} frames flushed nothing; {} hook errors",
        frames,
        pixels / u64::from(frames.max(1)),
        bytes / u64::from(frames.max(1)),
        128 * 64 / 2 + BusCost::GRAY4_SSD0323.bytes_per_rect,
        still,
        world.hook_errors()
    );
    println!(
        "headless run: last frame written to {}, every frame to {} ({}x)",
        png.display(),
        out.join("frames").display(),
        options.scale
    );
    if let Some(path) = &options.stats {
        println!("per-frame stats written to {}", path.display());
    }
    if let Some(path) = &options.record {
        std::fs::write(path, recording.to_text())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("input and time steps recorded to {}", path.display());
    }
    Ok(())
}
