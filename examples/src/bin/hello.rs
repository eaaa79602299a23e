//! `docs/getting-started.md`'s app: a title, and a ball easing from side to side.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::{RgbColor, Size};
use sprig::render::{damage::BusCost, Label, Renderer, Shape};
use sprig::{component, world, AnyWorld, Ctx, HookResult, Hooks, Size2, Vec2};
use sprig_sim::{AppError, Options, Run};

/// Moves its node between `from` and `to` and back, easing in and out.
pub struct Swing {
    from: f32,
    to: f32,
    seconds: f32,
    t: f32,
}

#[component]
impl Hooks for Swing {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.t = (self.t + dt_seconds / self.seconds) % 2.0;
        let there = if self.t < 1.0 { self.t } else { 2.0 - self.t };
        let eased = there * there * (3.0 - 2.0 * there); // smoothstep
        let (node, x) = (ctx.node(), self.from + (self.to - self.from) * eased);
        let y = ctx.position(node)?.y;
        ctx.set_position(node, Vec2::new(x, y))
    }
}

// `pub`, as `build` is, only so that the fuzz target of the example apps
// (`fuzz/fuzz_targets/example_apps.rs`) can build this app's world: the guide leaves it out.
world! {
    /// The app's world: 8 nodes, a swing, a shape and a label.
    pub type HelloWorld = World {
        nodes: 8,
        components: HelloComponents { Swing: 1, Shape: 1, Label: 1 },
    };
}

/// Builds the title and the swinging ball under the world's root.
pub fn build(world: &mut HelloWorld) -> Result<(), sprig::Error> {
    let root = world.root(); // positions are in pixels, y up, from the bottom-left corner
    let title = world.create_child(root, "Title")?;
    world.set_position(title, Vec2::new(64.0, 52.0))?;
    world.add_component(title, Label::new("Hello, Sprig"))?;
    let ball = world.create_child(root, "Ball")?;
    world.set_content_size(ball, Size2::new(12.0, 12.0))?;
    world.set_position(ball, Vec2::new(16.0, 24.0))?;
    world.add_component(ball, Shape::ellipse().with_fill(Rgb888::WHITE))?;
    let (from, to, seconds, t) = (16.0, 112.0, 1.5, 0.0);
    world.add_component(
        ball,
        Swing {
            from,
            to,
            seconds,
            t,
        },
    )?;
    Ok(())
}

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
