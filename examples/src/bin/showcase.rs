//! The showcase on a 128×64 4-bit grey OLED. With a display it opens a window (mouse is
//! touch, Z/Enter is button A, F1 shows an overlay, Escape quits); without one, or with
//! `--headless`, it runs a fixed two seconds at 30 frames per second. Either way it
//! prints the lifecycle hooks of the scene's start and the hooks other than
//! `update`/`late_update` as they happen, then the tree with world positions and a stats
//! line; headless runs write every frame and the last one as PNGs (by default under
//! `target/showcase/`).
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
use sprig_sim::{FrameInput, FrameRecord, Options, Recording, Window};

fn print_trace(world: &mut ShowcaseWorld, every_hook: bool) {
    for e in world.trace() {
        if every_hook || !matches!(e.hook, Hook::Update | Hook::LateUpdate) {
            let node = world.name(e.node).unwrap_or("?");
            println!(
                "  frame {:>3}  {:<8} {:<12} {}",
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
    let options = Options::parse(std::env::args().skip(1))?;
    let size = Size::new(128, 64);
    let fixed_dt = 1.0 / 30.0;
    let replay = match &options.replay {
        Some(path) => Some(Recording::parse(
            &std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )?),
        None => None,
    };
    let mut window = if options.headless {
        None
    } else {
        Window::open("Sprig showcase", size, options.scale)
    };
    let headless = window.is_none();
    if headless && !options.headless {
        println!("no display found: running headless");
    }
    // A window runs until closed; a headless run or a replay has an end.
    let frames = match (&replay, headless) {
        (Some(r), _) => Some(options.frames.unwrap_or(r.frames.len() as u32)),
        (None, true) => Some(options.frames.unwrap_or(60)),
        (None, false) => options.frames,
    };
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

    let mut world = ShowcaseWorld::new();
    world.set_tracing(true);
    build_showcase(&mut world).map_err(|e| e.to_string())?;
    let mut display = SimulatorDisplay::<Gray4>::with_default_color(size, Gray4::BLACK);
    let mut renderer: Renderer<Gray4, 32, 1024> =
        Renderer::new(size, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);

    println!("Sprig showcase\n");
    let (mut pixels, mut bytes, mut still) = (0u64, 0u64, 0u32);
    let mut recording = Recording::default();
    let mut overlay: Vec<String> = Vec::new();
    let mut last = Instant::now();
    let mut frame = 0u32;
    loop {
        if frames.is_some_and(|n| frame >= n) || window.as_ref().is_some_and(|w| !w.is_open()) {
            break;
        }
        let input = match (&replay, window.as_mut()) {
            (Some(r), _) => r.frames.get(frame as usize).cloned().unwrap_or_default(),
            (None, Some(w)) => {
                let now = Instant::now();
                let dt = (now - last).as_secs_f32().min(0.1);
                last = now;
                FrameInput {
                    dt,
                    events: w.input(),
                }
            }
            (None, None) => FrameInput {
                dt: fixed_dt,
                events: Vec::new(),
            },
        };
        let started = Instant::now();
        input
            .apply(&mut world, size.height as f32)
            .map_err(|e| e.to_string())?;
        let ticked = Instant::now();
        let Ok(stats) = renderer.render(&mut world, &mut display);
        let rendered = Instant::now();
        let record = FrameRecord {
            frame,
            rects: stats.rects,
            pixels_drawn: stats.pixels_drawn,
            pixels_flushed: stats.pixels_flushed,
            bytes: stats.bytes,
            tick_us: (ticked - started).as_micros() as u64,
            render_us: (rendered - ticked).as_micros() as u64,
        };
        if let Some(file) = stats_file.as_mut() {
            writeln!(file, "{}", record.to_json()).map_err(|e| e.to_string())?;
        }
        pixels += stats.pixels_flushed;
        bytes += stats.bytes;
        still += u32::from(stats.bytes == 0);
        match window.as_mut() {
            Some(w) => {
                overlay = vec![
                    format!("fps {:.0}", 1.0 / input.dt.max(1e-3)),
                    format!("tick {}us", record.tick_us),
                    format!("render {}us", record.render_us),
                    format!("flushed {}px", record.pixels_flushed),
                ];
                w.present(&display, &overlay)?;
            }
            None => {
                let png = out.join("frames").join(format!("frame-{frame:04}.png"));
                sprig_sim::save_png(&display, &png, options.scale)?;
            }
        }
        recording.frames.push(input);
        if frame == 0 {
            println!("Every hook of the scene build and frame 0 (execution orders: Shuffler -1, Orbit 0, Spin 1, FrameText 2):");
            print_trace(&mut world, true);
            println!("\nHooks other than update/late_update, from frame 1:");
        } else {
            print_trace(&mut world, false);
        }
        frame += 1;
    }
    let _ = overlay;
    println!("\nframe {}", frame.saturating_sub(1));
    print!(
        "{}",
        sprig_sim::describe_tree(&mut world).map_err(|e| e.to_string())?
    );
    println!(
        "\n{} frames: {} pixels and {} bytes flushed per frame on average ({} B for a full \
         128x64 Gray4 frame), {} frames flushed nothing; {} hook errors",
        frame,
        pixels / u64::from(frame.max(1)),
        bytes / u64::from(frame.max(1)),
        128 * 64 / 2 + BusCost::GRAY4_SSD0323.bytes_per_rect,
        still,
        world.hook_errors()
    );
    if headless {
        let png = out.join("last.png");
        sprig_sim::save_png(&display, &png, options.scale)?;
        println!(
            "headless run: last frame written to {}, every frame to {} ({}x)",
            png.display(),
            out.join("frames").display(),
            options.scale
        );
    }
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
