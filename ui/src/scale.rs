//! The ticks and numbers of a gauge or an axis (LVGL `lv_scale`): evenly spaced ticks
//! round an arc or along a line, every so many of them a longer major tick with its
//! value written beside it.
//!
//! - **Ticks.** `ticks` of them (at least 2), the first at `min`, the last at `max`,
//!   evenly spaced; every `major_every`-th from the first (0 for none) is major:
//!   `major_length` long (8) instead of `tick_length` (4), with a label. Tick `i`'s
//!   value is `min + (max − min) · i / (ticks − 1)`, rounded to the nearest whole
//!   number. Lines are `line_width` wide (1), anti-aliased, in `color`.
//! - **Layouts** ([`ScaleLayout`]): `Arc` puts the ticks on the circle inscribed in the
//!   node's content box, pointing inwards, from `start_degrees` through
//!   `sweep_degrees` clockwise from the top, as an `Arc` dial, the labels
//!   inside them: a gauge. `Horizontal` hangs them from the box's top edge, left (min)
//!   to right (max), the labels below: the x axis under a [`Chart`](crate::Chart).
//!   `Vertical` puts them on the box's right edge pointing left, bottom (min) to top
//!   (max), the labels to their left, right-aligned: a y axis.
//! - **Labels**, made when it loads (see [the picker module](crate::picker) for the
//!   rules on failure): a child node "Label" with a [`Label`] for each major tick, its
//!   box the text's size ([`Label::size`]), beside the tick's inner end by 2 pixels, in
//!   `label_color`.
//!   So a scale of `k` major ticks takes `k` nodes and `k` `Label`s besides itself; at
//!   most [`MAX_SCALE_LABELS`]. The ticks are drawn by the scale itself (no node each,
//!   no cargo feature).
//! - **Changes.** [`Scale::set_range`] renumbers the labels at the next frame, and
//!   they follow a change of `label_color` or of the node's size too; the count of
//!   ticks is fixed when it is made.
//!
//! ```
//! use sprig::render::Label;
//! use sprig::{world, Size2};
//! use sprig_ui::{Scale, ScaleLayout};
//!
//! world! { type App = World { nodes: 8, components: Set { Scale: 1, Label: 3 } }; }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Gauge")?;
//! world.set_content_size(node, Size2::new(60.0, 60.0))?;
//! // 0 to 100 in 11 ticks, labelled at 0, 50 and 100.
//! let gauge = Scale::new(ScaleLayout::GAUGE, 0, 100)?.with_ticks(11, 5)?;
//! assert_eq!(gauge.tick_value(3), 30);
//! let gauge = world.add_component(node, gauge)?;
//! world.tick(0.0)?;
//! let labels = world.get::<Scale>(gauge)?.labels().len();
//! assert_eq!(labels, 3);
//! # Ok::<(), sprig::Error>(())
//! ```

use core::fmt::Write as _;

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Canvas, Draw, Fingerprint, HorizontalAlign, Label, RenderColor};
use sprig::{component, AnyWorld, Ctx, Error, HookResult, Hooks, NodeId, Rect, Size2, Vec2};

use crate::angle;
use crate::picker::{self, Area};
use crate::stroke::segment_coverage;

/// The most labelled (major) ticks a [`Scale`] has.
pub const MAX_SCALE_LABELS: usize = 11;

/// The pixels between a major tick's end and its label's box.
const LABEL_GAP: f32 = 2.0;

/// Where a [`Scale`]'s ticks go (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScaleLayout {
    /// Round the circle inscribed in the node, pointing inwards.
    Arc {
        /// Where the first tick is, degrees clockwise from the top.
        start_degrees: f32,
        /// How far on the last one is, clockwise, in degrees (up to 360).
        sweep_degrees: f32,
    },
    /// Along the top edge, pointing down, labels below.
    Horizontal,
    /// Along the right edge, pointing left, labels to the left.
    Vertical,
}

impl ScaleLayout {
    /// The arc of an `Arc` dial's default: 270 degrees from the lower
    /// left.
    pub const GAUGE: ScaleLayout = ScaleLayout::Arc {
        start_degrees: 225.0,
        sweep_degrees: 270.0,
    };
}

/// A label's text: an `i32` in decimal.
type ValueText = heapless::String<12>;

/// A scale; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct Scale {
    /// The ticks' colour.
    pub color: Rgb888,
    /// The labels' colour.
    pub label_color: Rgb888,
    /// A minor tick's length.
    pub tick_length: f32,
    /// A major tick's length.
    pub major_length: f32,
    /// The ticks' width.
    pub line_width: f32,
    layout: ScaleLayout,
    min: i32,
    max: i32,
    ticks: u16,
    major_every: u16,
    labels: heapless::Vec<NodeId, MAX_SCALE_LABELS>,
    /// The node's size and anchor, the range and the labels' colour the labels were
    /// made for.
    placed: Option<(Size2, Vec2, i32, i32, Rgb888)>,
}

impl Scale {
    /// A scale from `min` to `max` laid out as `layout`, with 11 ticks, every fifth
    /// major, light grey. `InvalidValue` unless `min < max` and, for an arc, both angles
    /// are finite with `0 < sweep_degrees <= 360`.
    pub fn new(layout: ScaleLayout, min: i32, max: i32) -> Result<Self, Error> {
        if min >= max {
            return Err(Error::InvalidValue);
        }
        if let ScaleLayout::Arc {
            start_degrees,
            sweep_degrees,
        } = layout
        {
            if !(start_degrees.is_finite() && sweep_degrees > 0.0 && sweep_degrees <= 360.0) {
                return Err(Error::InvalidValue);
            }
        }
        Ok(Scale {
            color: Rgb888::new(200, 200, 200),
            label_color: Rgb888::new(200, 200, 200),
            tick_length: 4.0,
            major_length: 8.0,
            line_width: 1.0,
            layout,
            min,
            max,
            ticks: 11,
            major_every: 5,
            labels: heapless::Vec::new(),
            placed: None,
        })
    }

    /// This scale with `ticks` ticks, every `major_every`-th major (0: none).
    /// `InvalidValue` for fewer than 2 ticks; `QueueFull` for more than
    /// [`MAX_SCALE_LABELS`] major ones.
    pub fn with_ticks(mut self, ticks: u16, major_every: u16) -> Result<Self, Error> {
        if ticks < 2 {
            return Err(Error::InvalidValue);
        }
        let majors = (ticks - 1)
            .checked_div(major_every)
            .map_or(0, |k| usize::from(k) + 1);
        if majors > MAX_SCALE_LABELS {
            return Err(Error::QueueFull);
        }
        self.ticks = ticks;
        self.major_every = major_every;
        Ok(self)
    }

    /// This scale with ticks and labels in these colours.
    pub const fn with_colors(mut self, color: Rgb888, label_color: Rgb888) -> Self {
        self.color = color;
        self.label_color = label_color;
        self
    }

    /// Where its ticks go.
    pub fn layout(&self) -> ScaleLayout {
        self.layout
    }

    /// The first tick's value.
    pub fn min(&self) -> i32 {
        self.min
    }

    /// The last tick's value.
    pub fn max(&self) -> i32 {
        self.max
    }

    /// How many ticks there are.
    pub fn ticks(&self) -> u16 {
        self.ticks
    }

    /// Every how many ticks one is major (0: none).
    pub fn major_every(&self) -> u16 {
        self.major_every
    }

    /// Renumbers it from `min` to `max` (the labels follow at the next frame).
    /// `InvalidValue`, changing nothing, unless `min < max`.
    pub fn set_range(&mut self, min: i32, max: i32) -> Result<(), Error> {
        if min >= max {
            return Err(Error::InvalidValue);
        }
        self.min = min;
        self.max = max;
        Ok(())
    }

    /// Tick `i`'s value (see the module doc); past the last tick, the last one's.
    pub fn tick_value(&self, i: u16) -> i32 {
        let i = i64::from(i.min(self.ticks - 1));
        let span = i64::from(self.max) - i64::from(self.min);
        let last = i64::from(self.ticks - 1);
        // Rounded half away from zero, in whole numbers.
        let scaled = span * i * 2 / last;
        let offset = (scaled + scaled.signum()) / 2;
        // Between min and max, so within `i32`.
        (i64::from(self.min) + offset) as i32
    }

    /// Whether tick `i` is major.
    pub fn is_major(&self, i: u16) -> bool {
        self.major_every != 0 && i.is_multiple_of(self.major_every)
    }

    /// The labels' nodes, first tick's first, once it has loaded.
    pub fn labels(&self) -> &[NodeId] {
        &self.labels
    }

    /// Tick `i`'s length.
    fn length(&self, i: u16) -> f32 {
        if self.is_major(i) {
            self.major_length
        } else {
            self.tick_length
        }
    }

    /// Tick `i`'s outer end and the unit vector pointing along it, inwards, in a box
    /// `(x, y, width, height)` of some space.
    fn tick(&self, i: u16, area: Rect) -> (Vec2, Vec2) {
        let t = f32::from(i) / f32::from(self.ticks - 1);
        match self.layout {
            ScaleLayout::Arc {
                start_degrees,
                sweep_degrees,
            } => {
                let d = angle::direction(start_degrees + sweep_degrees * t);
                let radius = area.width.min(area.height).max(0.0) / 2.0;
                let centre = Vec2::new(area.x + area.width / 2.0, area.y + area.height / 2.0);
                (
                    Vec2::new(centre.x + d.x * radius, centre.y + d.y * radius),
                    Vec2::new(-d.x, -d.y),
                )
            }
            ScaleLayout::Horizontal => (
                Vec2::new(area.x + area.width * t, area.y + area.height),
                Vec2::new(0.0, -1.0),
            ),
            ScaleLayout::Vertical => (
                Vec2::new(area.x + area.width, area.y + area.height * t),
                Vec2::new(-1.0, 0.0),
            ),
        }
    }

    /// The tick nearest to `p` (anchor space, over `content`).
    fn nearest_tick(&self, p: Vec2, content: Rect) -> u16 {
        let last = f32::from(self.ticks - 1);
        let t = match self.layout {
            ScaleLayout::Arc {
                start_degrees,
                sweep_degrees,
            } => {
                let centre = Vec2::new(
                    content.x + content.width / 2.0,
                    content.y + content.height / 2.0,
                );
                let along = angle::wrap(
                    angle::degrees_of(Vec2::new(p.x - centre.x, p.y - centre.y)) - start_degrees,
                );
                if along <= sweep_degrees {
                    along / sweep_degrees
                } else if along - sweep_degrees < 360.0 - along {
                    1.0
                } else {
                    0.0
                }
            }
            ScaleLayout::Horizontal if content.width > 0.0 => (p.x - content.x) / content.width,
            ScaleLayout::Vertical if content.height > 0.0 => (p.y - content.y) / content.height,
            _ => 0.0,
        };
        libm::roundf(t.clamp(0.0, 1.0) * last) as u16
    }

    /// Tick `i`'s label's text.
    fn label_text(&self, i: u16) -> ValueText {
        let mut text = ValueText::new();
        // An `i32` takes at most 11 characters.
        let _ = write!(text, "{}", self.tick_value(i));
        text
    }

    /// The major ticks, in order.
    fn majors(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.ticks).filter(|&i| self.is_major(i))
    }

    fn build(
        &self,
        world: &mut impl AnyWorld,
        node: NodeId,
    ) -> Result<heapless::Vec<NodeId, MAX_SCALE_LABELS>, Error> {
        let align = match self.layout {
            ScaleLayout::Vertical => HorizontalAlign::Right,
            _ => HorizontalAlign::Center,
        };
        picker::build(world, |world, made| {
            let mut labels = heapless::Vec::new();
            for i in self.majors() {
                let label = made.child(world, node, "Label")?;
                world.add_component(
                    label,
                    picker::text(&self.label_text(i), self.label_color, align)?,
                )?;
                // At most MAX_SCALE_LABELS majors: `with_ticks` checked.
                labels.push(label).map_err(|_| Error::QueueFull)?;
            }
            Ok(labels)
        })
    }

    /// Numbers the labels and places them for the node's size and their texts' (when
    /// either changed).
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let size = world.content_size(node)?;
        let placed = (
            size,
            world.anchor(node)?,
            self.min,
            self.max,
            self.label_color,
        );
        if self.placed == Some(placed) {
            return Ok(());
        }
        let own = Rect::new(0.0, 0.0, size.width, size.height);
        for (k, i) in self.majors().enumerate() {
            let Some(&part) = self.labels.get(k) else {
                break;
            };
            picker::set_label(world, part, &self.label_text(i), self.label_color)?;
            let label = world
                .component_of::<Label>(part)?
                .ok_or(Error::WrongComponentType)?;
            let text = world.get::<Label>(label)?.size();
            let (width, height) = (text.width as f32, text.height as f32);
            let (end, inwards) = self.tick(i, own);
            // From the tick's inner end on along it, by the gap and as far as the box
            // reaches that way from its centre.
            let reach = self.major_length
                + LABEL_GAP
                + inwards.x.abs() * width / 2.0
                + inwards.y.abs() * height / 2.0;
            let centre = Vec2::new(end.x + inwards.x * reach, end.y + inwards.y * reach);
            picker::place(
                world,
                node,
                part,
                Area::new(
                    centre.x - width / 2.0,
                    centre.y - height / 2.0,
                    width,
                    height,
                ),
            )?;
        }
        self.placed = Some(placed);
        Ok(())
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its labels follow a node a
/// layout resized in the same frame.
#[component(draw, execution_order = 10010)]
impl Hooks for Scale {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.labels = self.build(&mut **ctx, node)?;
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

impl Draw for Scale {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let bounds = self.local_bounds(content);
        let width = self.line_width;
        canvas.paint(bounds, |p| {
            let i = self.nearest_tick(p, content);
            let (end, inwards) = self.tick(i, content);
            let length = self.length(i);
            let inner = Vec2::new(end.x + inwards.x * length, end.y + inwards.y * length);
            let alpha = segment_coverage(p, end, inner, width);
            (alpha > 0).then_some((self.color, alpha))
        });
    }

    fn appearance(&self) -> u32 {
        let layout = match self.layout {
            ScaleLayout::Arc {
                start_degrees,
                sweep_degrees,
            } => Fingerprint::new().float(start_degrees).float(sweep_degrees),
            ScaleLayout::Horizontal => Fingerprint::new().word(1),
            ScaleLayout::Vertical => Fingerprint::new().word(2),
        };
        layout
            .word(u32::from(self.ticks) << 16 | u32::from(self.major_every))
            .float(self.tick_length)
            .float(self.major_length)
            .float(self.line_width)
            .color(self.color)
            .finish()
    }

    /// The content box, half a line wider on every side and a pixel more (the end
    /// ticks of a line straddle its edges).
    fn local_bounds(&self, content: Rect) -> Rect {
        let out = self.line_width / 2.0 + 1.0;
        Rect::new(
            content.x - out,
            content.y - out,
            content.width + 2.0 * out,
            content.height + 2.0 * out,
        )
    }
}
