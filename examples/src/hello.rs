//! `docs/getting-started.md`'s app: a title, and a ball easing from side to side. Its
//! `main` is `src/bin/hello.rs`; `sprig-web` runs the same app in a browser.

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::RgbColor;
use sprig::render::{Label, Shape};
use sprig::{component, world, AnyWorld, Ctx, HookResult, Hooks, Size2, Vec2};

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

// `pub`, as `build` is, so that the binary, the fuzz target of the example apps
// (`fuzz/fuzz_targets/example_apps.rs`) and `sprig-web` build this app's world: the
// guide, one file, leaves it out.
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
