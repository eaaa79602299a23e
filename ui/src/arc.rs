//! A dial (LVGL `lv_arc`): a value in a range shown as a band of a ring filled from its
//! start, set by dragging along the ring or by keys. Feature `arc` (it draws with the
//! core's arcs, `sprig/shape-arcs`).
//!
//! - **Geometry.** The ring is the one inscribed in the node's content box (its outer
//!   radius half the shorter side, centred), `thickness` units wide. The track runs from
//!   `start_degrees` through `sweep_degrees` clockwise (degrees clockwise from the top,
//!   as [`Shape::arc`](sprig::render::Shape::arc); by default from 225, the lower left,
//!   through 270 to the lower right). The value's share of the range fills the track
//!   from its start (the indicator), and a knob, a disc `thickness + 4` units across,
//!   sits on the band's middle at the value's angle ([`Arc::value_degrees`]).
//! - **Value.** An `i32` from `min` to `max` (inclusive), on the steps of `step` from
//!   `min` (and `max`). [`Arc::set_value`] clamps it and sends nothing.
//! - **Keys**, while its node has the focus: by default Up adds `step` and Down takes it
//!   away ([`with_keys`](Arc::with_keys)`(Direction::Horizontal)`: Right and Left),
//!   clamped; the other two arrows bubble on to a [`FocusGroup`](crate::FocusGroup).
//!   The arc takes its two keys even at an end, so holding one does not move the focus.
//! - **Touch.** A touch going down on the ring's band (from `TOUCH_SLOP` inside its
//!   inner edge to `TOUCH_SLOP` outside its outer edge) sets the value from the touch's
//!   angle and drags it while it moves: the angle's share of the sweep, rounded to the
//!   nearest step. An angle in the gap outside the sweep counts as the nearer end; while
//!   dragging, a move that would jump by more than half the range (across the gap) holds
//!   the end the value is at, so dragging past the top end stays there. The arc stops
//!   the propagation of the touches it takes; a touch elsewhere (its middle) goes on.
//! - **Event.** Each change made by a key or a touch dispatches [`ArcChanged`]
//!   `{ node, value }` from its node, once per change.
//! - **Parts** (see [the picker module](crate::picker)): three child nodes, "Track" and
//!   "Indicator" (an arc [`Shape`] each, over the node's box; the indicator is inactive
//!   at `min`) and "Knob" (an ellipse `Shape`): 3 nodes, 3 `Shape`s.
//!
//! ```
//! use sprig::render::Shape;
//! use sprig::{world, Key, Size2, TouchPhase, Vec2};
//! use sprig_ui::Arc;
//!
//! world! { type App = World { nodes: 8, components: Set { Arc: 1, Shape: 3 } }; }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Volume")?;
//! world.set_content_size(node, Size2::new(40.0, 40.0))?; // centred on (0, 0)
//! let arc = world.add_component(node, Arc::new(0, 100)?)?;
//! // A touch on the ring at its top (world (0, 17), a 100-px-high screen, y down):
//! // 135 of the 270 degrees from the lower left, half the range.
//! world.touch(0, TouchPhase::Down, Vec2::new(0.0, 100.0 - 17.0), 100.0)?;
//! assert_eq!(world.get::<Arc>(arc)?.value(), 50);
//! world.touch(0, TouchPhase::Up, Vec2::new(0.0, 100.0 - 17.0), 100.0)?;
//! world.set_focus(Some(node))?;
//! world.key(Key::Up, true)?;
//! assert_eq!(world.get::<Arc>(arc)?.value(), 51);
//! # Ok::<(), sprig::Error>(())
//! ```

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Cap, Geometry, Shape};
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::angle;
use crate::picker::{self, Area};
use crate::slider::Direction;

/// How far outside the band, in node units, a touch still takes the ring.
pub const TOUCH_SLOP: f32 = 6.0;

/// The event an [`Arc`] sends when a key or a touch changes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArcChanged {
    /// The arc's node.
    pub node: NodeId,
    /// The new value.
    pub value: i32,
}

/// The colours an [`Arc`] draws with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArcStyle {
    /// The whole sweep, behind the indicator.
    pub track: Rgb888,
    /// The filled share, from the start to the value.
    pub indicator: Rgb888,
    /// The knob at the value.
    pub knob: Rgb888,
}

impl ArcStyle {
    /// A blue indicator on a dark grey track, a white knob (the default).
    pub const DARK: ArcStyle = ArcStyle {
        track: Rgb888::new(60, 60, 60),
        indicator: Rgb888::new(0, 120, 215),
        knob: Rgb888::new(255, 255, 255),
    };
}

impl Default for ArcStyle {
    fn default() -> Self {
        ArcStyle::DARK
    }
}

/// The nodes an [`Arc`] draws with (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArcParts {
    /// The track, over the whole node.
    pub track: NodeId,
    /// The indicator, over the whole node.
    pub indicator: NodeId,
    /// The knob.
    pub knob: NodeId,
}

/// A dial; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arc {
    /// Whether it takes input.
    pub interactable: bool,
    /// Its colours.
    pub style: ArcStyle,
    start_degrees: f32,
    sweep_degrees: f32,
    thickness: f32,
    keys: Direction,
    min: i32,
    max: i32,
    step: i32,
    value: i32,
    drag: Option<u8>,
    parts: Option<ArcParts>,
    placed: Option<(Size2, Vec2)>,
}

impl Arc {
    /// A dial from `min` to `max` at `min`, stepping by 1, 270 degrees from the lower
    /// left, 6 units thick, in [`ArcStyle::DARK`]. `InvalidValue` unless `min < max`.
    pub fn new(min: i32, max: i32) -> Result<Self, Error> {
        if min >= max {
            return Err(Error::InvalidValue);
        }
        Ok(Arc {
            interactable: true,
            style: ArcStyle::DARK,
            start_degrees: 225.0,
            sweep_degrees: 270.0,
            thickness: 6.0,
            keys: Direction::Vertical,
            min,
            max,
            step: 1,
            value: min,
            drag: None,
            parts: None,
            placed: None,
        })
    }

    /// This dial from `start_degrees` (clockwise from the top) through `sweep_degrees`
    /// clockwise. `InvalidValue` unless both are finite and `0 < sweep_degrees <= 360`.
    pub fn with_angles(mut self, start_degrees: f32, sweep_degrees: f32) -> Result<Self, Error> {
        if !(start_degrees.is_finite() && sweep_degrees > 0.0 && sweep_degrees <= 360.0) {
            return Err(Error::InvalidValue);
        }
        self.start_degrees = angle::wrap(start_degrees);
        self.sweep_degrees = sweep_degrees;
        Ok(self)
    }

    /// This dial `thickness` units thick; `InvalidValue` unless it is finite and
    /// positive.
    pub fn with_thickness(mut self, thickness: f32) -> Result<Self, Error> {
        if !(thickness.is_finite() && thickness > 0.0) {
            return Err(Error::InvalidValue);
        }
        self.thickness = thickness;
        Ok(self)
    }

    /// This dial stepping by `step`; `InvalidValue` unless it is positive.
    pub fn with_step(mut self, step: i32) -> Result<Self, Error> {
        if step <= 0 {
            return Err(Error::InvalidValue);
        }
        self.step = step;
        Ok(self)
    }

    /// This dial at `value`, clamped to the range.
    pub fn with_value(mut self, value: i32) -> Self {
        self.value = value.clamp(self.min, self.max);
        self
    }

    /// This dial stepped by Up and Down (`Vertical`, the default) or by Right and Left
    /// (`Horizontal`).
    pub const fn with_keys(mut self, keys: Direction) -> Self {
        self.keys = keys;
        self
    }

    /// This dial in `style`.
    pub const fn with_style(mut self, style: ArcStyle) -> Self {
        self.style = style;
        self
    }

    /// The value.
    pub fn value(&self) -> i32 {
        self.value
    }

    /// Sets the value, clamped to the range; the dial follows at the next frame and no
    /// event is sent.
    pub fn set_value(&mut self, value: i32) {
        self.value = value.clamp(self.min, self.max);
    }

    /// The smallest value.
    pub fn min(&self) -> i32 {
        self.min
    }

    /// The largest value.
    pub fn max(&self) -> i32 {
        self.max
    }

    /// How much a key changes the value, and the steps a touch lands on.
    pub fn step(&self) -> i32 {
        self.step
    }

    /// Where the track starts and how far it goes, in degrees clockwise from the top
    /// (the start brought into `0..360`).
    pub fn angles(&self) -> (f32, f32) {
        (self.start_degrees, self.sweep_degrees)
    }

    /// The band's width.
    pub fn thickness(&self) -> f32 {
        self.thickness
    }

    /// The value's share of the range, 0 to 1.
    pub fn fraction(&self) -> f32 {
        // In 64-bit integers, then one division in `f32` (no soft `f64` on a board).
        let range = i64::from(self.max) - i64::from(self.min);
        let along = i64::from(self.value) - i64::from(self.min);
        if range <= 0 {
            return 0.0;
        }
        along as f32 / range as f32
    }

    /// The value's angle, degrees clockwise from the top: where the indicator ends and
    /// the knob is.
    pub fn value_degrees(&self) -> f32 {
        self.start_degrees + self.sweep_degrees * self.fraction()
    }

    /// Whether a touch is dragging it.
    pub fn is_dragging(&self) -> bool {
        self.drag.is_some()
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<ArcParts> {
        self.parts
    }

    /// The value nearest to a share of the range, on a step.
    fn value_at(&self, fraction: f32) -> i32 {
        let range = i64::from(self.max) - i64::from(self.min);
        let step = i64::from(self.step).max(1);
        let steps = libm::roundf(fraction.clamp(0.0, 1.0) * (range as f32 / step as f32)) as i64;
        let value = i64::from(self.min).saturating_add(steps.saturating_mul(step));
        // Within `min..=max` after the clamp, so the cast is exact.
        value.clamp(i64::from(self.min), i64::from(self.max)) as i32
    }

    /// The share of the sweep at `degrees` (clockwise from the top); in the gap, the
    /// nearer end.
    fn fraction_at(&self, degrees: f32) -> f32 {
        let along = angle::wrap(degrees - self.start_degrees);
        if along <= self.sweep_degrees {
            along / self.sweep_degrees
        } else if along - self.sweep_degrees < 360.0 - along {
            1.0
        } else {
            0.0
        }
    }

    /// The ring's centre and outer radius in the node's own space.
    fn ring(size: Size2) -> (Vec2, f32) {
        (
            Vec2::new(size.width / 2.0, size.height / 2.0),
            (size.width.min(size.height) / 2.0).max(0.0),
        )
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<ArcParts, Error> {
        let style = self.style;
        let (start, sweep, thickness) = (self.start_degrees, self.sweep_degrees, self.thickness);
        picker::build(world, |world, made| {
            let track = made.child(world, node, "Track")?;
            let arc = |sweep: f32, color: Rgb888| {
                Shape::arc(start, sweep, thickness, Cap::Round)
                    .with_fill(color)
                    .with_antialias(true)
            };
            world.add_component(track, arc(sweep, style.track))?;
            let indicator = made.child(world, node, "Indicator")?;
            world.add_component(indicator, arc(0.0, style.indicator))?;
            let knob = made.child(world, node, "Knob")?;
            world.add_component(
                knob,
                Shape::ellipse().with_fill(style.knob).with_antialias(true),
            )?;
            Ok(ArcParts {
                track,
                indicator,
                knob,
            })
        })
    }

    /// Places the parts for the node's size (when it changed) and shows the value.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts else {
            return Ok(());
        };
        let placed = (world.content_size(node)?, world.anchor(node)?);
        let (size, _) = placed;
        if self.placed != Some(placed) {
            let whole = Area::new(0.0, 0.0, size.width, size.height);
            picker::place(world, node, parts.track, whole)?;
            picker::place(world, node, parts.indicator, whole)?;
            self.placed = Some(placed);
        }
        let geometry = |sweep_degrees: f32| Geometry::Arc {
            start_degrees: self.start_degrees,
            sweep_degrees,
            thickness: self.thickness,
            cap: Cap::Round,
        };
        set_shape(
            world,
            parts.track,
            geometry(self.sweep_degrees),
            self.style.track,
        )?;
        let filled = self.sweep_degrees * self.fraction();
        set_shape(
            world,
            parts.indicator,
            geometry(filled),
            self.style.indicator,
        )?;
        let shown = self.value > self.min;
        if world.active(parts.indicator)? != shown {
            world.set_active(parts.indicator, shown)?;
        }
        let (centre, outer) = Arc::ring(size);
        let middle = (outer - self.thickness / 2.0).max(0.0);
        let d = angle::direction(self.value_degrees());
        let side = self.thickness + 4.0;
        let knob = Area::new(
            centre.x + d.x * middle - side / 2.0,
            centre.y + d.y * middle - side / 2.0,
            side,
            side,
        );
        picker::place(world, node, parts.knob, knob)?;
        set_shape(world, parts.knob, Geometry::Ellipse, self.style.knob)
    }

    /// Sets the value from input: shows it and sends the event if it changed.
    fn changed(&mut self, ctx: &mut Ctx<impl AnyWorld>, value: i32) -> HookResult {
        let value = value.clamp(self.min, self.max);
        if value == self.value {
            return Ok(());
        }
        self.value = value;
        let node = ctx.node();
        self.sync(&mut **ctx, node)?;
        ctx.dispatch_event(node, &ArcChanged { node, value })?;
        Ok(())
    }

    /// The value a touch at `world_point` asks for, and whether it is on the band.
    fn touched(
        &self,
        ctx: &mut Ctx<impl AnyWorld>,
        world_point: Vec2,
    ) -> Result<(i32, bool), Error> {
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, world_point)?;
        let (centre, outer) = Arc::ring(ctx.content_size(node)?);
        let offset = Vec2::new(at.x - centre.x, at.y - centre.y);
        let distance = libm::sqrtf(offset.x * offset.x + offset.y * offset.y);
        let inner = (outer - self.thickness).max(0.0);
        let on_band = distance >= inner - TOUCH_SLOP && distance <= outer + TOUCH_SLOP;
        let value = self.value_at(self.fraction_at(angle::degrees_of(offset)));
        Ok((value, on_band))
    }
}

/// Gives the shape on `node` this geometry and fill, if they differ.
fn set_shape(
    world: &mut impl AnyWorld,
    node: NodeId,
    geometry: Geometry,
    fill: Rgb888,
) -> Result<(), Error> {
    let shape = world
        .component_of::<Shape>(node)?
        .ok_or(Error::WrongComponentType)?;
    let now = world.get::<Shape>(shape)?;
    if now.geometry != geometry || now.fill != Some(fill) {
        let shape = world.get_mut::<Shape>(shape)?;
        shape.geometry = geometry;
        shape.fill = Some(fill);
    }
    Ok(())
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Arc {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)?;
        self.parts = Some(self.build(&mut **ctx, node)?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.drag = None;
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() {
            self.drag = None;
            return Ok(());
        }
        match touch.phase {
            TouchPhase::Down => {
                let (value, on_band) = self.touched(ctx, touch.world)?;
                if !on_band {
                    return Ok(());
                }
                ctx.stop_propagation();
                self.drag = Some(touch.id);
                self.changed(ctx, value)?;
            }
            TouchPhase::Move => {
                if self.drag != Some(touch.id) {
                    return Ok(());
                }
                ctx.stop_propagation();
                let (mut value, _) = self.touched(ctx, touch.world)?;
                let half = (i64::from(self.max) - i64::from(self.min)) / 2;
                if (i64::from(value) - i64::from(self.value)).abs() > half {
                    // Across the gap: hold the end the value is nearer.
                    let from_min = i64::from(self.value) - i64::from(self.min);
                    value = if from_min <= half { self.min } else { self.max };
                }
                self.changed(ctx, value)?;
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                if self.drag == Some(touch.id) {
                    ctx.stop_propagation();
                    self.drag = None;
                }
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let up = match (self.keys, key.key) {
            (Direction::Vertical, Key::Up) | (Direction::Horizontal, Key::Right) => true,
            (Direction::Vertical, Key::Down) | (Direction::Horizontal, Key::Left) => false,
            _ => return Ok(()),
        };
        ctx.stop_propagation();
        if key.pressed {
            let delta = if up { self.step } else { -self.step };
            let value = self.value.saturating_add(delta);
            self.changed(ctx, value)?;
        }
        Ok(())
    }
}
