//! Sprig apps written once and run on every platform.
//!
//! The library is `no_std` and allocates nothing: the simulator binaries (`showcase`,
//! `breakout`, behind the default `sim` feature) and the board firmware under `boards/`
//! build the same scenes from it. Trigonometry goes through `sprig::sin_cos_degrees` on
//! every platform, so a frame on the board matches the simulator's pixel for pixel.
#![no_std]
#![forbid(unsafe_code)]

pub mod breakout;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Label, ProgressBar, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Hook, HookResult, Hooks, Key, KeyEvent, NodeId,
    Size2, TouchEvent, TouchPhase, Vec2,
};

/// The showcase's own panel size: a 128×64 OLED.
pub const SHOWCASE_SIZE: embedded_graphics::geometry::Size =
    embedded_graphics::geometry::Size::new(128, 64);

/// The showcase's frame rate; headless and emulated runs step by exactly `1 / 30` s.
pub const SHOWCASE_FPS: u32 = 30;

/// The showcase's fixed time step in seconds, the same value on every platform.
pub const SHOWCASE_DT: f32 = 1.0 / SHOWCASE_FPS as f32;

/// The showcase's renderer on its own 128×64 4-bit grey OLED: a 1024-pixel tile buffer,
/// 16 damage rectangles, no shadow. The simulator and the emulated board both use it.
pub type ShowcaseOledRenderer =
    sprig::render::Renderer<embedded_graphics::pixelcolor::Gray4, 32, 1024>;

/// The showcase's renderer on an RGB565 colour panel (the simulator's `--panel color`
/// and the real boards): a 4 096-pixel (8 KiB) tile buffer, 16 damage rectangles.
pub type ShowcaseColorRenderer =
    sprig::render::Renderer<embedded_graphics::pixelcolor::Rgb565, 32, 4096>;

/// The background of the showcase on a colour panel: a dark blue.
pub const SHOWCASE_COLOR_BACKGROUND: Rgb888 = Rgb888::new(0, 0, 40);

/// Fits the 128×64 scene onto a panel of `panel` pixels (a 240×240 or 320×240 colour
/// panel, say): scales the root to 96% of the largest size that fits, and centres it.
pub fn fit_showcase(
    world: &mut ShowcaseWorld,
    panel: embedded_graphics::geometry::Size,
) -> Result<(), Error> {
    let (w, h) = (panel.width as f32, panel.height as f32);
    let scale = 0.96 * (w / SHOWCASE_SIZE.width as f32).min(h / SHOWCASE_SIZE.height as f32);
    let root = world.root();
    world.set_scale(root, Vec2::new(scale, scale))?;
    world.set_position(
        root,
        Vec2::new(
            (w - SHOWCASE_SIZE.width as f32 * scale) / 2.0,
            (h - SHOWCASE_SIZE.height as f32 * scale) / 2.0,
        ),
    )
}

/// Moves its node on a circle around where it started.
pub struct Orbit {
    /// Circle radius in pixels.
    pub radius: f32,
    /// Turns per second.
    pub turns_per_second: f32,
    centre: Vec2,
    time_seconds: f32,
}

impl Orbit {
    /// An orbit of `radius` pixels at `turns_per_second`.
    pub fn new(radius: f32, turns_per_second: f32) -> Self {
        Orbit {
            radius,
            turns_per_second,
            centre: Vec2::ZERO,
            time_seconds: 0.0,
        }
    }
}

#[component]
impl Hooks for Orbit {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.centre = ctx.position(ctx.node())?;
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.time_seconds += dt_seconds;
        let turned = self.time_seconds * self.turns_per_second * 360.0;
        let (sin, cos) = sprig::sin_cos_degrees(turned);
        let at = Vec2::new(
            self.centre.x + self.radius * cos,
            self.centre.y + self.radius * sin,
        );
        let node = ctx.node();
        ctx.set_position(node, at)
    }
}

/// Turns its node; runs after `Orbit` (execution order 1).
pub struct Spin {
    /// Degrees per second, counter-clockwise.
    pub degrees_per_second: f32,
}

#[component(execution_order = 1)]
impl Hooks for Spin {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let step = self.degrees_per_second * dt_seconds;
        let node = ctx.node();
        let angle = ctx.angle_degrees(node)?;
        ctx.set_angle_degrees(node, (angle + step) % 360.0)
    }
}

/// Every `period_seconds`, raises the zIndex of its node's first child above the others
/// and moves the last child to the front with `set_sibling_index`; the end-of-frame sort
/// shows which one wins. Runs first (execution order -1).
pub struct Shuffler {
    /// Seconds between shuffles.
    pub period_seconds: f32,
    rounds: i32,
}

impl Shuffler {
    /// A shuffler firing every `period_seconds`.
    pub fn new(period_seconds: f32) -> Self {
        Shuffler {
            period_seconds,
            rounds: 0,
        }
    }
}

#[component(execution_order = -1)]
impl Hooks for Shuffler {
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        ctx.schedule(0, self.period_seconds, None, self.period_seconds)
    }

    fn on_timer(&mut self, ctx: &mut Ctx<impl AnyWorld>, _key: u16, _elapsed: f32) -> HookResult {
        let node = ctx.node();
        self.rounds += 1;
        let rounds = self.rounds;
        let first = ctx.children(node)?.next();
        let last = ctx.children(node)?.last();
        if let Some(first) = first {
            ctx.set_z_index(first, rounds)?;
        }
        if let Some(last) = last {
            ctx.set_sibling_index(last, 0)?;
        }
        Ok(())
    }
}

/// Hides and shows a target node on a timer, so its components get `on_disable` and
/// `on_enable`.
pub struct Blinker {
    /// The node to hide and show.
    pub target: NodeId,
    /// Seconds between toggles.
    pub period_seconds: f32,
}

#[component]
impl Hooks for Blinker {
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        ctx.schedule(0, self.period_seconds, None, 0.0)
    }

    fn on_timer(&mut self, ctx: &mut Ctx<impl AnyWorld>, _key: u16, _elapsed: f32) -> HookResult {
        let shown = ctx.active(self.target)?;
        ctx.set_active(self.target, !shown)
    }
}

/// Counts frames; its `on_enable` / `on_disable` show up in the trace as the blinker
/// hides and shows its node.
#[derive(Default)]
pub struct FrameCounter {
    /// Frames this counter has seen while enabled.
    pub frames: u32,
}

#[component]
impl Hooks for FrameCounter {
    fn on_enable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }

    fn late_update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.frames += 1;
        Ok(())
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }
}

/// Fills the `ProgressBar` on its node over `period_seconds`, then starts again.
pub struct Filler {
    /// Seconds for a full bar.
    pub period_seconds: f32,
    elapsed_seconds: f32,
}

impl Filler {
    /// A filler that takes `period_seconds` per round.
    pub fn new(period_seconds: f32) -> Self {
        Filler {
            period_seconds,
            elapsed_seconds: 0.0,
        }
    }
}

#[component]
impl Hooks for Filler {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.elapsed_seconds = (self.elapsed_seconds + dt_seconds) % self.period_seconds;
        let value = self.elapsed_seconds / self.period_seconds;
        let node = ctx.node();
        if let Some(bar) = ctx.component_of::<ProgressBar>(node)? {
            ctx.get_mut::<ProgressBar>(bar)?.value = value;
        }
        Ok(())
    }
}

/// Writes the frame number into the `Label` on its node; runs last (order 2).
#[derive(Default)]
pub struct FrameText {
    frames: u32,
    /// Smoothed frames per second, from the time steps.
    fps: f32,
}

#[component(execution_order = 2)]
impl Hooks for FrameText {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.frames += 1;
        if dt_seconds > 0.0 {
            let now = 1.0 / dt_seconds;
            self.fps = if self.fps == 0.0 {
                now
            } else {
                self.fps * 0.9 + now * 0.1
            };
        }
        // Rounded without float formatting, which would add ~10 KiB of flash on a board.
        let (frames, fps) = (self.frames, (self.fps + 0.5) as u32);
        let node = ctx.node();
        if let Some(label) = ctx.component_of::<Label>(node)? {
            let mut text: heapless::String<24> = heapless::String::new();
            let _ = core::fmt::write(&mut text, format_args!("f{frames} {fps}fps"));
            ctx.get_mut::<Label>(label)?.set_text(&text);
        }
        Ok(())
    }
}

/// Shows the last lifecycle hook the world traced (other than `update`/`late_update`)
/// in the `Label` on its node: the engine's order, on screen. Runs last of all (order 3).
#[derive(Default)]
pub struct TraceLine;

#[component(execution_order = 3)]
impl Hooks for TraceLine {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let last = ctx
            .trace()
            .filter(|e| !matches!(e.hook, Hook::Update | Hook::LateUpdate))
            .last()
            .copied();
        let Some(entry) = last else {
            return Ok(());
        };
        let mut text: heapless::String<32> = heapless::String::new();
        let _ = core::fmt::write(
            &mut text,
            format_args!("{}.{}", ctx.kind_name(entry.kind), entry.hook.name()),
        );
        let node = ctx.node();
        if let Some(label) = ctx.component_of::<Label>(node)? {
            ctx.get_mut::<Label>(label)?.set_text(&text);
        }
        Ok(())
    }
}

/// A button: a touch going down on its node shows or hides `target`.
pub struct Toggle {
    /// The node to show and hide.
    pub target: NodeId,
}

#[component]
impl Hooks for Toggle {
    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if touch.phase == TouchPhase::Down {
            let shown = ctx.active(self.target)?;
            ctx.set_active(self.target, !shown)?;
            ctx.stop_propagation();
        }
        Ok(())
    }
}

/// Key A switches a component (the planet's `Spin`) on and off.
pub struct SpinSwitch {
    /// The component to enable and disable.
    pub spin: CompId,
}

#[component]
impl Hooks for SpinSwitch {
    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if key.key == Key::A && key.pressed {
            let on = ctx.enabled(self.spin)?;
            ctx.set_enabled(self.spin, !on)?;
        }
        Ok(())
    }
}

world! {
    /// The showcase's world: 32 nodes; its own components (one of each) and the built-in
    /// drawables it uses, each with room for what the scene adds.
    pub type ShowcaseWorld = World {
        nodes: 32,
        components: Showcase {
            Orbit: 1,
            Spin: 1,
            Shuffler: 1,
            Blinker: 1,
            FrameCounter: 1,
            Filler: 1,
            FrameText: 1,
            Toggle: 1,
            SpinSwitch: 1,
            TraceLine: 1,
            Shape: 8,
            Label: 4,
            ProgressBar: 1,
        },
    };
}

/// Handles to the showcase's nodes.
#[derive(Clone, Copy, Debug)]
pub struct ShowcaseScene {
    /// The full-screen canvas, centred on a 128×64 screen.
    pub canvas: NodeId,
    /// Orbits and spins; its child follows.
    pub planet: NodeId,
    /// Child of the planet.
    pub moon: NodeId,
    /// Three cards reordered by zIndex and sibling index.
    pub cards: [NodeId; 3],
    /// Hidden and shown by the blinker.
    pub beacon: NodeId,
}

/// Builds the showcase under the world's root.
pub fn build_showcase(world: &mut ShowcaseWorld) -> Result<ShowcaseScene, Error> {
    // The trace line on screen reads the lifecycle trace.
    world.set_tracing(true);
    let root = world.root();
    let canvas = world.create_child(root, "Canvas")?;
    world.set_content_size(canvas, Size2::new(128.0, 64.0))?;
    world.set_position(canvas, Vec2::new(64.0, 32.0))?;

    let planet = world.create_child(canvas, "Planet")?;
    world.set_content_size(planet, Size2::new(12.0, 12.0))?;
    world.set_position(planet, Vec2::new(-32.0, 0.0))?;
    world.add_component(planet, Orbit::new(16.0, 0.25))?;
    let spin = world.add_component(
        planet,
        Spin {
            degrees_per_second: 90.0,
        },
    )?;
    world.add_component(
        planet,
        Shape::rounded_rectangle(3.0)
            .with_fill(Rgb888::new(200, 200, 200))
            .with_stroke(Rgb888::new(255, 255, 255), 1.0),
    )?;
    let moon = world.create_child(planet, "Moon")?;
    world.set_content_size(moon, Size2::new(4.0, 4.0))?;
    world.set_position(moon, Vec2::new(12.0, 0.0))?;
    world.add_component(moon, Shape::ellipse().with_fill(Rgb888::new(255, 255, 255)))?;

    let deck = world.create_child(canvas, "Deck")?;
    world.set_position(deck, Vec2::new(28.0, 0.0))?;
    world.add_component(deck, Shuffler::new(1.0))?;
    let mut cards = [deck; 3];
    for (k, card) in cards.iter_mut().enumerate() {
        *card = world.create_child(deck, ["CardA", "CardB", "CardC"][k])?;
        world.set_content_size(*card, Size2::new(20.0, 28.0))?;
        world.set_position(*card, Vec2::new(8.0 * k as f32 - 8.0, 4.0 - 4.0 * k as f32))?;
        let grey = 70 + 60 * k as u8;
        world.add_component(
            *card,
            Shape::rounded_rectangle(3.0)
                .with_fill(Rgb888::new(grey, grey, grey))
                .with_stroke(Rgb888::new(255, 255, 255), 1.0),
        )?;
    }

    let beacon = world.create_child(canvas, "Beacon")?;
    world.set_position(beacon, Vec2::new(0.0, 24.0))?;
    world.add_component(beacon, FrameCounter::default())?;
    world.add_component(beacon, Label::new("Sprig"))?;
    let bar = world.create_child(canvas, "Bar")?;
    world.set_content_size(bar, Size2::new(40.0, 5.0))?;
    world.set_position(bar, Vec2::new(-36.0, -26.0))?;
    world.add_component(
        bar,
        ProgressBar::new(Rgb888::new(40, 40, 40), Rgb888::new(200, 200, 200))
            .with_border(Rgb888::new(255, 255, 255)),
    )?;
    world.add_component(bar, Filler::new(2.0))?;
    let counter = world.create_child(canvas, "Frames")?;
    world.set_anchor(counter, Vec2::new(1.0, 0.0))?;
    world.set_content_size(counter, Size2::new(1.0, 1.0))?;
    world.set_position(counter, Vec2::new(62.0, -31.0))?;
    world.add_component(counter, Label::new("f0"))?;
    world.add_component(counter, FrameText::default())?;
    // A button in the top-left corner hides and shows the deck; key A stops the spin.
    let button = world.create_child(canvas, "Button")?;
    world.set_content_size(button, Size2::new(14.0, 10.0))?;
    world.set_position(button, Vec2::new(-55.0, 24.0))?;
    world.add_component(
        button,
        Shape::rounded_rectangle(2.0)
            .with_fill(Rgb888::new(90, 90, 90))
            .with_stroke(Rgb888::new(255, 255, 255), 1.0),
    )?;
    world.add_component(button, Toggle { target: deck })?;
    world.add_component(canvas, SpinSwitch { spin })?;
    // The last hook other than update/late_update, at the top; above everything by
    // global z, whatever the tree order.
    let trace = world.create_child(canvas, "Trace")?;
    world.set_anchor(trace, Vec2::new(0.0, 1.0))?;
    world.set_content_size(trace, Size2::new(1.0, 1.0))?;
    world.set_position(trace, Vec2::new(-46.0, 31.0))?;
    world.add_component(
        trace,
        Label::new("").with_font(&embedded_graphics::mono_font::ascii::FONT_4X6),
    )?;
    world.add_component(trace, TraceLine)?;
    world.set_global_z_order(trace, 1)?;
    world.add_component(
        canvas,
        Blinker {
            target: beacon,
            period_seconds: 0.5,
        },
    )?;
    Ok(ShowcaseScene {
        canvas,
        planet,
        moon,
        cards,
        beacon,
    })
}
