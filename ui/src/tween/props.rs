//! The properties a tween step animates ([`Props`]), and how their current values are
//! read from a node and written back to it.
//!
//! Every property is held as `f32` in one fixed array (a colour as three channels), so a
//! step interpolates them all with one loop whatever the mix, and a mask says which of
//! them the step owns. A step writes only its own: two steps running in parallel can move
//! a node's x and y separately.
//!
//! The node has no colour: a colour tween reads and writes the node's built-in drawable,
//! its [`Shape`]'s fill (or its stroke when it has no fill) or else its [`Label`]'s
//! colour. A node with neither is [`Error::InvalidValue`].

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::{Label, Shape};
use sprig::{AnyWorld, Error, NodeId, Size2, Vec2};

/// How many `f32` values a [`Props`] holds.
pub(crate) const PROP_COUNT: usize = 11;

const X: usize = 0;
const Y: usize = 1;
const SCALE_X: usize = 2;
const SCALE_Y: usize = 3;
const ANGLE: usize = 4;
const OPACITY: usize = 5;
const WIDTH: usize = 6;
const HEIGHT: usize = 7;
const RED: usize = 8;
const GREEN: usize = 9;
const BLUE: usize = 10;

const fn bit(index: usize) -> u16 {
    1 << index
}

const POSITION_BITS: u16 = bit(X) | bit(Y);
const SCALE_BITS: u16 = bit(SCALE_X) | bit(SCALE_Y);
const SIZE_BITS: u16 = bit(WIDTH) | bit(HEIGHT);
const COLOR_BITS: u16 = bit(RED) | bit(GREEN) | bit(BLUE);

/// The property values of one `to`, `by` or `set` step: what `to` and `set` go to, what
/// `by` adds. Only the properties named are touched.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::Vec2;
/// use sprig_ui::tween::Props;
///
/// let props = Props::new()
///     .position(Vec2::new(10.0, 20.0))
///     .scale(1.5)
///     .angle_degrees(90.0)
///     .opacity(128.0)
///     .color(Rgb888::new(255, 0, 0));
/// assert!(!props.is_empty());
/// assert!(Props::new().is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Props {
    mask: u16,
    values: [f32; PROP_COUNT],
}

impl Default for Props {
    fn default() -> Self {
        Props::new()
    }
}

impl Props {
    /// No property.
    pub const fn new() -> Self {
        Props {
            mask: 0,
            values: [0.0; PROP_COUNT],
        }
    }

    const fn with(mut self, index: usize, value: f32) -> Self {
        if index < PROP_COUNT {
            self.values[index] = value;
            self.mask |= bit(index);
        }
        self
    }

    /// Whether no property is named.
    pub const fn is_empty(&self) -> bool {
        self.mask == 0
    }

    /// The node's position (node units, in its parent's space).
    pub const fn position(self, position: Vec2) -> Self {
        self.with(X, position.x).with(Y, position.y)
    }

    /// The node's x alone.
    pub const fn x(self, x: f32) -> Self {
        self.with(X, x)
    }

    /// The node's y alone.
    pub const fn y(self, y: f32) -> Self {
        self.with(Y, y)
    }

    /// The node's scale, the same along x and y.
    pub const fn scale(self, scale: f32) -> Self {
        self.with(SCALE_X, scale).with(SCALE_Y, scale)
    }

    /// The node's scale along x alone.
    pub const fn scale_x(self, scale_x: f32) -> Self {
        self.with(SCALE_X, scale_x)
    }

    /// The node's scale along y alone.
    pub const fn scale_y(self, scale_y: f32) -> Self {
        self.with(SCALE_Y, scale_y)
    }

    /// The node's rotation (Cocos `angle`: degrees, counter-clockwise).
    pub const fn angle_degrees(self, angle_degrees: f32) -> Self {
        self.with(ANGLE, angle_degrees)
    }

    /// The node's opacity, 0 (transparent) to 255 (opaque). Written rounded to the
    /// nearest integer and clamped to 0..=255, so easings that overshoot stay valid.
    pub const fn opacity(self, opacity: f32) -> Self {
        self.with(OPACITY, opacity)
    }

    /// The node's content size. Written clamped to 0 or more, so easings that
    /// overshoot below 0 stay valid.
    pub const fn content_size(self, size: Size2) -> Self {
        self.with(WIDTH, size.width).with(HEIGHT, size.height)
    }

    /// The colour of the node's drawable, since a node has none: its
    /// [`Shape`]'s fill, or the shape's stroke when it has no fill, else its [`Label`]'s
    /// colour. A node with neither is `Err(InvalidValue)` at `start`; if the drawable is
    /// gone when the step starts, the tween ends and its `update` returns that error.
    /// Each channel is interpolated on its own and written rounded and clamped to
    /// 0..=255. Only for `to`
    /// and `set`: a colour has no negative to add, so `by` with a colour is
    /// [`Error::InvalidValue`] (Cocos 2.4 also refuses it: `cc.Color` has no `add`).
    pub fn color(self, color: Rgb888) -> Self {
        self.with(RED, color.r() as f32)
            .with(GREEN, color.g() as f32)
            .with(BLUE, color.b() as f32)
    }

    /// The named properties, as (index, value), in index order.
    pub(crate) fn named_values(self) -> impl Iterator<Item = (u8, f32)> + Clone {
        let mask = self.mask;
        (0u8..)
            .zip(self.values)
            .filter(move |&(index, _)| mask & bit(usize::from(index)) != 0)
    }

    /// Whether every named value is finite.
    pub(crate) fn is_finite(&self) -> bool {
        self.values
            .iter()
            .enumerate()
            .all(|(i, v)| self.mask & bit(i) == 0 || v.is_finite())
    }

    pub(crate) const fn has_color(&self) -> bool {
        self.mask & COLOR_BITS != 0
    }
}

/// Whether the property at `index` is a colour channel.
pub(crate) fn is_color(index: u8) -> bool {
    mask_bit(index) & COLOR_BITS != 0
}

/// The mask bit of the property at `index` (0 for an index past the last).
pub(crate) fn mask_bit(index: u8) -> u16 {
    if usize::from(index) < PROP_COUNT {
        bit(usize::from(index))
    } else {
        0
    }
}

/// The current values of the properties in `mask`, read from `node` (the others 0).
pub(crate) fn capture(
    world: &impl AnyWorld,
    node: NodeId,
    mask: u16,
) -> Result<[f32; PROP_COUNT], Error> {
    let mut values = [0.0; PROP_COUNT];
    if mask & POSITION_BITS != 0 {
        let p = world.position(node)?;
        values[X] = p.x;
        values[Y] = p.y;
    }
    if mask & SCALE_BITS != 0 {
        let s = world.scale(node)?;
        values[SCALE_X] = s.x;
        values[SCALE_Y] = s.y;
    }
    if mask & bit(ANGLE) != 0 {
        values[ANGLE] = world.angle_degrees(node)?;
    }
    if mask & bit(OPACITY) != 0 {
        values[OPACITY] = f32::from(world.opacity(node)?);
    }
    if mask & SIZE_BITS != 0 {
        let s = world.content_size(node)?;
        values[WIDTH] = s.width;
        values[HEIGHT] = s.height;
    }
    if mask & COLOR_BITS != 0 {
        let c = drawable_color(world, node)?;
        values[RED] = f32::from(c.r());
        values[GREEN] = f32::from(c.g());
        values[BLUE] = f32::from(c.b());
    }
    Ok(values)
}

/// Writes the properties in `mask` to `node`; the node's other properties (its y when
/// only x is in the mask) keep their current values.
pub(crate) fn write(
    world: &mut impl AnyWorld,
    node: NodeId,
    mask: u16,
    values: &[f32; PROP_COUNT],
) -> Result<(), Error> {
    // A step that owns both halves of a pair writes it without reading it first.
    if mask & POSITION_BITS == POSITION_BITS {
        world.set_position(node, Vec2::new(values[X], values[Y]))?;
    } else if mask & POSITION_BITS != 0 {
        let mut p = world.position(node)?;
        if mask & bit(X) != 0 {
            p.x = values[X];
        }
        if mask & bit(Y) != 0 {
            p.y = values[Y];
        }
        world.set_position(node, p)?;
    }
    if mask & SCALE_BITS == SCALE_BITS {
        world.set_scale(node, Vec2::new(values[SCALE_X], values[SCALE_Y]))?;
    } else if mask & SCALE_BITS != 0 {
        let mut s = world.scale(node)?;
        if mask & bit(SCALE_X) != 0 {
            s.x = values[SCALE_X];
        }
        if mask & bit(SCALE_Y) != 0 {
            s.y = values[SCALE_Y];
        }
        world.set_scale(node, s)?;
    }
    if mask & bit(ANGLE) != 0 {
        world.set_angle_degrees(node, values[ANGLE])?;
    }
    if mask & bit(OPACITY) != 0 {
        world.set_opacity(node, channel(values[OPACITY]))?;
    }
    if mask & SIZE_BITS == SIZE_BITS {
        let size = Size2::new(values[WIDTH].max(0.0), values[HEIGHT].max(0.0));
        world.set_content_size(node, size)?;
    } else if mask & SIZE_BITS != 0 {
        let mut s = world.content_size(node)?;
        if mask & bit(WIDTH) != 0 {
            s.width = values[WIDTH].max(0.0);
        }
        if mask & bit(HEIGHT) != 0 {
            s.height = values[HEIGHT].max(0.0);
        }
        world.set_content_size(node, s)?;
    }
    if mask & COLOR_BITS != 0 {
        let color = Rgb888::new(
            channel(values[RED]),
            channel(values[GREEN]),
            channel(values[BLUE]),
        );
        set_drawable_color(world, node, color)?;
    }
    Ok(())
}

/// Rounded to the nearest integer and clamped to 0..=255 (the cast saturates, NaN is 0).
fn channel(value: f32) -> u8 {
    libm::roundf(value) as u8
}

/// The colour a colour tween animates: the shape's fill, else its stroke, else the
/// label's colour.
pub(crate) fn drawable_color(world: &impl AnyWorld, node: NodeId) -> Result<Rgb888, Error> {
    if let Some(comp) = world.component_of::<Shape>(node)? {
        let shape = world.get::<Shape>(comp)?;
        if let Some(color) = shape.fill.or(shape.stroke.map(|s| s.color)) {
            return Ok(color);
        }
    }
    if let Some(comp) = world.component_of::<Label>(node)? {
        return Ok(world.get::<Label>(comp)?.color);
    }
    Err(Error::InvalidValue)
}

fn set_drawable_color(world: &mut impl AnyWorld, node: NodeId, color: Rgb888) -> Result<(), Error> {
    if let Some(comp) = world.component_of::<Shape>(node)? {
        let shape = world.get_mut::<Shape>(comp)?;
        if let Some(fill) = shape.fill.as_mut() {
            *fill = color;
            return Ok(());
        }
        if let Some(stroke) = shape.stroke.as_mut() {
            stroke.color = color;
            return Ok(());
        }
    }
    if let Some(comp) = world.component_of::<Label>(node)? {
        world.get_mut::<Label>(comp)?.color = color;
        return Ok(());
    }
    Err(Error::InvalidValue)
}
