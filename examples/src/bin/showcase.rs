//! The showcase on a 128×64 4-bit grey OLED. With a display it opens a window (mouse is
//! touch, Z/Enter is button A, F1 shows an overlay, Escape quits); without one, or with
//! `--headless`, it runs a fixed two seconds at 30 frames per second. Either way it
//! prints the lifecycle hooks of the scene's start and the hooks other than
//! `update`/`late_update` as they happen, then the tree with world positions and a stats
//! line; headless runs write every frame and the last one as PNGs (by default under
//! `target/showcase/`).
//!
//! Flags: `showcase --help` lists them (`docs/simulator.md` explains them); `--panel
//! color` draws the same scene on a 240×240 RGB565 panel, written under
//! `target/showcase-color/`.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::Hook;
use sprig_examples::{
    build_showcase, fit_showcase, ShowcaseColorRenderer, ShowcaseOledRenderer, ShowcaseWorld,
    SHOWCASE_COLOR_BACKGROUND, SHOWCASE_DT, SHOWCASE_SIZE,
};
use sprig_sim::{AppError, Options, Panel, Run};

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

fn after_frame(world: &mut ShowcaseWorld, frame: u32) {
    if frame == 0 {
        println!("Every hook of the scene build and frame 0 (execution orders: Shuffler -1, Orbit 0, Spin 1, FrameText 2, TraceLine 3):");
        print_trace(world, true);
        println!("\nHooks other than update/late_update, from frame 1:");
    } else {
        print_trace(world, false);
    }
}

fn main() -> Result<(), AppError> {
    let options = Options::parse(
        "The Sprig showcase on a simulated panel: a window, or PNGs when there is no display.",
        env!("CARGO_PKG_VERSION"),
    );
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world).map_err(|e| e.to_string())?;
    println!("Sprig showcase\n");
    let (summary, full_frame_bytes) = match options.panel {
        Panel::Oled => {
            let run = Run {
                name: "showcase",
                size: SHOWCASE_SIZE,
                default_frames: 60,
                fixed_dt: SHOWCASE_DT,
            };
            let cost = BusCost::GRAY4_SSD0323;
            let mut renderer = ShowcaseOledRenderer::new(run.size, Rgb888::new(0, 0, 0), cost);
            let summary = run.run(
                &options,
                &mut world,
                &mut renderer,
                Gray4::BLACK,
                after_frame,
            )?;
            (summary, 128 * 64 / 2 + cost.bytes_per_rect)
        }
        Panel::Color => {
            // The same scene on a 240×240 panel: the root scaled up and centred.
            fit_showcase(&mut world, Size::new(240, 240)).map_err(|e| e.to_string())?;
            let run = Run {
                name: "showcase-color",
                size: Size::new(240, 240),
                default_frames: 60,
                fixed_dt: SHOWCASE_DT,
            };
            let cost = BusCost::RGB565_MIPI_DCS;
            let mut renderer =
                ShowcaseColorRenderer::new(run.size, SHOWCASE_COLOR_BACKGROUND, cost);
            let background = Rgb565::from(SHOWCASE_COLOR_BACKGROUND);
            let summary = run.run(&options, &mut world, &mut renderer, background, after_frame)?;
            (summary, 240 * 240 * 2 + cost.bytes_per_rect)
        }
    };
    println!("\nframe {}", summary.frames.saturating_sub(1));
    print!(
        "{}",
        sprig_sim::describe_tree(&mut world).map_err(|e| e.to_string())?
    );
    let frames = u64::from(summary.frames.max(1));
    println!(
        "\n{} frames: {} pixels and {} bytes flushed per frame on average ({} B for a full \
         frame), {} frames flushed nothing; {} hook errors",
        summary.frames,
        summary.pixels / frames,
        summary.bytes / frames,
        full_frame_bytes,
        summary.still,
        world.hook_errors()
    );
    if let Some(png) = &summary.last_png {
        println!(
            "headless run: last frame written to {}, every frame to {} ({}x)",
            png.display(),
            png.with_file_name("frames").display(),
            options.scale
        );
    }
    if let Some(path) = &options.stats {
        println!("per-frame stats written to {}", path.display());
    }
    if let Some(path) = &options.record {
        println!("input and time steps recorded to {}", path.display());
    }
    Ok(())
}
