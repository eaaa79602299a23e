//! Breakout on a 128×64 4-bit grey OLED. With a display: a window, Left/Right or a mouse
//! drag move the paddle, Escape quits. Headless (no display, or `--headless`): the paddle
//! plays itself for ten seconds at 30 frames per second and the last frame is written to
//! `target/breakout/last.png`. Flags as the showcase's.

use std::path::PathBuf;
use std::time::Instant;

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig_examples::breakout::{build_breakout, BreakoutWorld, Score};
use sprig_sim::{FrameInput, Options, Recording, Window};

fn main() -> Result<(), String> {
    let options = Options::parse(std::env::args().skip(1))?;
    let size = Size::new(128, 64);
    let replay = match &options.replay {
        Some(path) => Some(Recording::parse(
            &std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
        )?),
        None => None,
    };
    let mut window = if options.headless {
        None
    } else {
        Window::open("Sprig breakout", size, options.scale)
    };
    let headless = window.is_none();
    if headless && !options.headless {
        println!("no display found: running headless (the paddle plays itself)");
    }
    let frames = match (&replay, headless) {
        (Some(r), _) => Some(options.frames.unwrap_or(r.frames.len() as u32)),
        (None, true) => Some(options.frames.unwrap_or(300)),
        (None, false) => options.frames,
    };
    let mut world = BreakoutWorld::new();
    let game =
        build_breakout(&mut world, headless && replay.is_none()).map_err(|e| e.to_string())?;
    let mut display = SimulatorDisplay::<Gray4>::with_default_color(size, Gray4::BLACK);
    let mut renderer: Renderer<Gray4, 48, 1024> =
        Renderer::new(size, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    let mut recording = Recording::default();
    let (mut frame, mut bytes) = (0u32, 0u64);
    let mut last = Instant::now();
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
                dt: 1.0 / 30.0,
                events: Vec::new(),
            },
        };
        input
            .apply(&mut world, size.height as f32)
            .map_err(|e| e.to_string())?;
        let Ok(stats) = renderer.render(&mut world, &mut display);
        bytes += stats.bytes;
        if let Some(w) = window.as_mut() {
            w.present(&display, &[format!("flushed {}px", stats.pixels_flushed)])?;
        }
        recording.frames.push(input);
        frame += 1;
    }
    let score = world
        .component_of::<Score>(game.score)
        .map_err(|e| e.to_string())?
        .and_then(|c| world.get::<Score>(c).ok())
        .map_or((0, 0), |s| (s.points, s.lives));
    println!(
        "{frame} frames: {} points, {} balls left, {} bricks standing, {} bytes flushed per frame on average, {} hook errors",
        score.0,
        score.1,
        world.child_count(game.wall).unwrap_or(0),
        bytes / u64::from(frame.max(1)),
        world.hook_errors()
    );
    if headless {
        let out = options
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from("target").join("breakout"));
        let png = out.join("last.png");
        sprig_sim::save_png(&display, &png, options.scale)?;
        println!("headless run: last frame written to {}", png.display());
    }
    if let Some(path) = &options.record {
        std::fs::write(path, recording.to_text())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        println!("input and time steps recorded to {}", path.display());
    }
    Ok(())
}
