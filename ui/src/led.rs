//! A light (LVGL `lv_led`): a round lamp that is on or off, lit at a brightness, in a
//! colour. It shows a state and takes no input.
//!
//! - **Look.** A disc, the ellipse inscribed in the node's content box (a circle in a
//!   square node), anti-aliased. On, it shows [`color`](Led::color) at
//!   [`brightness`](Led::brightness) (0 black to 255 the full colour, each channel
//!   scaled and rounded); off, at [`off_brightness`](Led::off_brightness) (a dark lamp,
//!   48 by default). [`Led::shown_color`] gives the colour drawn.
//! - **Changes** made from code (fields or setters) show at the next frame; the disc's
//!   node is redrawn only when the colour drawn changes.
//! - **Part**, made when it loads (see [the picker module](crate::picker) for the rules
//!   on failure): one child node "Light" with a [`Shape`] over
//!   the node's box. So each light takes 1 node and 1 `Shape` besides itself. It needs
//!   no cargo feature.
//!
//! ```
//! use embedded_graphics::pixelcolor::Rgb888;
//! use sprig::render::Shape;
//! use sprig::{world, Size2};
//! use sprig_ui::Led;
//!
//! world! { type App = World { nodes: 4, components: Set { Led: 1, Shape: 1 } }; }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Power")?;
//! world.set_content_size(node, Size2::new(8.0, 8.0))?;
//! let led = world.add_component(node, Led::new(Rgb888::new(0, 200, 0)).with_brightness(128))?;
//! world.tick(0.0)?;
//! assert_eq!(world.get::<Led>(led)?.shown_color(), Rgb888::new(0, 100, 0));
//! world.get_mut::<Led>(led)?.on = false;
//! assert_eq!(world.get::<Led>(led)?.shown_color(), Rgb888::new(0, 38, 0));
//! # Ok::<(), sprig::Error>(())
//! ```

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::Shape;
use sprig::{component, AnyWorld, Ctx, Error, HookResult, Hooks, NodeId, Size2, Vec2};

use crate::picker::{self, Area};

/// A light; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Led {
    /// The lamp's colour at full brightness.
    pub color: Rgb888,
    /// Whether it is lit.
    pub on: bool,
    /// How bright it is when on: 0 black, 255 the full colour.
    pub brightness: u8,
    /// How bright it is when off (a dark lamp, 48 by default; 0 for black).
    pub off_brightness: u8,
    light: Option<NodeId>,
    placed: Option<(Size2, Vec2)>,
}

impl Led {
    /// A lit lamp of `color` at full brightness.
    pub const fn new(color: Rgb888) -> Self {
        Led {
            color,
            on: true,
            brightness: 255,
            off_brightness: 48,
            light: None,
            placed: None,
        }
    }

    /// This lamp, lit or not.
    pub const fn with_on(mut self, on: bool) -> Self {
        self.on = on;
        self
    }

    /// This lamp at `brightness` when on.
    pub const fn with_brightness(mut self, brightness: u8) -> Self {
        self.brightness = brightness;
        self
    }

    /// Lights it.
    pub fn turn_on(&mut self) {
        self.on = true;
    }

    /// Puts it out.
    pub fn turn_off(&mut self) {
        self.on = false;
    }

    /// Lights it if it is out and puts it out if it is lit.
    pub fn toggle(&mut self) {
        self.on = !self.on;
    }

    /// The colour drawn: [`color`](Self::color) with each channel scaled by the
    /// brightness of its state over 255, rounded.
    pub fn shown_color(&self) -> Rgb888 {
        let level = u16::from(if self.on {
            self.brightness
        } else {
            self.off_brightness
        });
        let scale = |c: u8| ((u16::from(c) * level + 127) / 255) as u8;
        Rgb888::new(
            scale(self.color.r()),
            scale(self.color.g()),
            scale(self.color.b()),
        )
    }

    /// The disc's node, once it has loaded.
    pub fn light(&self) -> Option<NodeId> {
        self.light
    }

    /// Places the disc for the node's size (when it changed) and colours it.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(light) = self.light else {
            return Ok(());
        };
        let placed = (world.content_size(node)?, world.anchor(node)?);
        if self.placed != Some(placed) {
            let (size, _) = placed;
            picker::place(
                world,
                node,
                light,
                Area::new(0.0, 0.0, size.width, size.height),
            )?;
            self.placed = Some(placed);
        }
        let shape = world
            .component_of::<Shape>(light)?
            .ok_or(Error::WrongComponentType)?;
        let color = self.shown_color();
        if world.get::<Shape>(shape)?.fill != Some(color) {
            world.get_mut::<Shape>(shape)?.fill = Some(color);
        }
        Ok(())
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its disc follows a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Led {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        let color = self.shown_color();
        self.light = Some(picker::build(&mut **ctx, |world, made| {
            let light = made.child(world, node, "Light")?;
            world.add_component(
                light,
                Shape::ellipse().with_fill(color).with_antialias(true),
            )?;
            Ok(light)
        })?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }
}
