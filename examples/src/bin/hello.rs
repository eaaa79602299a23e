//! `docs/getting-started.md`'s app: a title, and a ball easing from side to side. The
//! component, the world and the scene are `src/hello.rs`, which the browser build
//! (`sprig-web`) shares; this is the guide's `main`.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::{damage::BusCost, Renderer};
use sprig_examples::hello::{build, HelloWorld};
use sprig_sim::{AppError, Options, Run};

fn main() -> Result<(), AppError> {
    let options = Options::parse("Hello, Sprig.", env!("CARGO_PKG_VERSION"));
    let mut world: HelloWorld = options.new_world(); // HelloWorld::new(), traced for --trace
    build(&mut world).map_err(|e| e.to_string())?;
    let run = Run {
        name: "hello",
        size: Size::new(128, 64),
        default_frames: 60,
        fixed_dt: 1.0 / 30.0,
    };
    let mut renderer: Renderer<Gray4, 8, 1024> =
        Renderer::new(run.size, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    let summary = run.run(&options, &mut world, &mut renderer, Gray4::BLACK, |_, _| {})?;
    println!(
        "{} frames, {} hook errors",
        summary.frames,
        world.hook_errors()
    );
    if let Some(png) = &summary.last_png {
        println!("last frame written to {}", png.display());
    }
    Ok(())
}
