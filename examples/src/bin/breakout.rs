//! Breakout on a 128×64 4-bit grey OLED. With a display: a window, Left/Right or a mouse
//! drag move the paddle, Escape quits. Headless (no display, or `--headless`): the paddle
//! plays itself for ten seconds at 30 frames per second and the last frame is written to
//! `target/breakout/last.png`. Flags: `breakout --help`.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig_examples::breakout::{build_breakout, BreakoutWorld, Score};
use sprig_sim::{AppError, Options, Run};

fn main() -> Result<(), AppError> {
    let options = Options::parse(
        "Breakout on a simulated 128×64 grey OLED: a window, or PNGs when there is no display (the paddle then plays itself).",
        env!("CARGO_PKG_VERSION"),
    );
    let run = Run {
        name: "breakout",
        size: Size::new(128, 64),
        default_frames: 300,
        fixed_dt: 1.0 / 30.0,
    };
    // Without a window and without a replay, nobody plays: the paddle plays itself.
    let autopilot =
        options.replay.is_none() && (options.headless || std::env::var_os("DISPLAY").is_none());
    // With --trace, tracing is on from here: the build's hooks are printed too.
    let mut world: BreakoutWorld = options.new_world();
    let game = build_breakout(&mut world, autopilot).map_err(|e| e.to_string())?;
    let mut renderer: Renderer<Gray4, 48, 1024> =
        Renderer::new(run.size, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    let summary = run.run(&options, &mut world, &mut renderer, Gray4::BLACK, |_, _| {})?;
    let score = world
        .component_of::<Score>(game.score)
        .map_err(|e| e.to_string())?
        .and_then(|c| world.get::<Score>(c).ok())
        .map_or((0, 0), |s| (s.points, s.lives));
    println!(
        "{} frames: {} points, {} balls left, {} bricks standing, {} bytes flushed per frame on average, {} hook errors",
        summary.frames,
        score.0,
        score.1,
        world.child_count(game.wall).unwrap_or(0),
        summary.bytes / u64::from(summary.frames.max(1)),
        world.hook_errors()
    );
    if let Some(png) = &summary.last_png {
        println!("headless run: last frame written to {}", png.display());
    }
    Ok(())
}
