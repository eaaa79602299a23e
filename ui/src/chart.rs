//! A chart of one series of measures (LVGL `lv_chart`): the last `N` points of a
//! sensor, drawn as a line or as bars over a grid, in a range fixed or found from the
//! points.
//!
//! - **Points.** A [`Chart<N>`] holds at most `N` points (at least 2; a const
//!   generic, so the capacity is in the type and the memory is `4 · N` bytes and a few
//!   words), a ring buffer: [`push`](Chart::push) adds one as the newest, and once it
//!   holds `N` each push overwrites the oldest (what a ring buffer of recent measures
//!   is for; [`is_full`](Chart::is_full) tells when the next one will). A value that
//!   is not finite is `Err(InvalidValue)` and changes nothing.
//! - **Slots.** The plot has `N` slots across the node's content box: point slots
//!   evenly spread from the left edge to the right one for a line, `N` equal columns for
//!   bars. [`ChartUpdate::Shift`] (the default) puts the oldest point in the first slot
//!   and the newest after it, so that once full every push scrolls the plot one slot to
//!   the left. [`ChartUpdate::Sweep`] writes point `s` (counted from the last
//!   [`clear`](Chart::clear)) in slot `s mod N`, like an oscilloscope's beam: the plot
//!   stands still and the newest point overwrites the oldest in place, the line broken
//!   after the newest point.
//! - **Range.** [`ChartRange::Fixed`] maps `min` to the plot's bottom and `max` to its
//!   top; [`ChartRange::Auto`] (the default) uses the smallest and largest point held
//!   (around a single value, 1 either side, or a millionth of it when that is more; 0
//!   to 1 when empty). Values outside a fixed range are drawn clamped to it.
//! - **Look** ([`ChartStyle`]): an optional background, `divisions` horizontal grid
//!   lines (3 by default) dividing the height evenly, optional axis lines along the left
//!   and bottom edges, and the series: a line `line_width` wide (2) with round joints,
//!   anti-aliased, or bars from the bottom edge, a quarter of a slot apart. For numbers
//!   beside it, put [`Scale`](crate::Scale)s beside it with the same range.
//! - **Damage.** The chart is its own drawable (one node, no parts, no cargo feature).
//!   A push that moves nothing else repaints only the columns that changed: the new
//!   point's slot and the line's segments into and out of it, across the plot's height
//!   (see `ui/tests/chart.rs` for the pixels counted). A push scrolls everything
//!   ([`ChartUpdate::Shift`] when full) or changes the range ([`ChartRange::Auto`] with a
//!   new extreme), and any other change, repaints the whole chart.
//!
//! ```
//! use sprig::{world, Size2};
//! use sprig_ui::{Chart, ChartKind, ChartRange};
//!
//! world! { type App = World { nodes: 4, components: Set { Chart<4>: 1 } }; }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Temperature")?;
//! world.set_content_size(node, Size2::new(60.0, 30.0))?;
//! let chart = world.add_component(node, Chart::<4>::new(ChartKind::Line))?;
//! let temperature = world.get_mut::<Chart<4>>(chart)?;
//! for value in [19.5, 20.0, 21.5, 21.0, 20.5] {
//!     temperature.push(value)?; // the fifth overwrites the first
//! }
//! assert_eq!(temperature.iter().collect::<Vec<_>>(), [20.0, 21.5, 21.0, 20.5]);
//! assert_eq!(temperature.range(), (20.0, 21.5));
//! assert!(temperature.push(f32::NAN).is_err());
//! assert_eq!(temperature.len(), 4);
//! # Ok::<(), sprig::Error>(())
//! ```

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
use sprig::{component, Error, Hooks, Rect, Vec2};

use crate::stroke::{capsule_coverage, over};

/// How a [`Chart`] draws its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// A line through them.
    Line,
    /// A bar for each, from the bottom.
    Bar,
}

/// Where a [`Chart`] puts a new point (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartUpdate {
    /// Oldest at the left, newest after it; once full, every push scrolls the plot.
    Shift,
    /// Point `s` in slot `s mod N`: the plot stands still, the newest overwriting the
    /// oldest in place.
    Sweep,
}

/// The values a [`Chart`]'s bottom and top edges stand for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ChartRange {
    /// From the smallest point held to the largest.
    Auto,
    /// From `min` (bottom) to `max` (top).
    Fixed {
        /// The bottom edge's value.
        min: f32,
        /// The top edge's value.
        max: f32,
    },
}

/// The colours a [`Chart`] draws with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartStyle {
    /// The plot's fill, or `None` to leave what lies below.
    pub background: Option<Rgb888>,
    /// The horizontal grid lines, or `None` for none.
    pub grid: Option<Rgb888>,
    /// The axis lines along the left and bottom edges, or `None` for none.
    pub axis: Option<Rgb888>,
    /// The line or the bars.
    pub series: Rgb888,
}

impl ChartStyle {
    /// A blue series over dark grey grid lines and light grey axes on a near-black
    /// plot (the default).
    pub const DARK: ChartStyle = ChartStyle {
        background: Some(Rgb888::new(16, 16, 16)),
        grid: Some(Rgb888::new(48, 48, 48)),
        axis: Some(Rgb888::new(160, 160, 160)),
        series: Rgb888::new(0, 160, 255),
    };
}

impl Default for ChartStyle {
    fn default() -> Self {
        ChartStyle::DARK
    }
}

/// A chart of the last `N` points; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart<const N: usize> {
    /// A line or bars.
    pub kind: ChartKind,
    /// Where new points go.
    pub update: ChartUpdate,
    /// Its colours.
    pub style: ChartStyle,
    /// The line's width (a line chart).
    pub line_width: f32,
    /// How many horizontal grid lines divide the height.
    pub divisions: u8,
    range: ChartRange,
    points: [f32; N],
    /// Points pushed since the last clear; point `s` is in `points[s % N]`.
    pushed: u64,
    /// Counts the clears: part of the look, so that a clear repaints the whole chart.
    clears: u32,
}

impl<const N: usize> Chart<N> {
    /// An empty chart of `kind`, shifting, in an automatic range, [`ChartStyle::DARK`],
    /// 3 grid lines, a line 2 units wide. `N` must be at least 2 (a build error
    /// otherwise).
    pub const fn new(kind: ChartKind) -> Self {
        const { assert!(N >= 2, "a chart holds at least 2 points") };
        Chart {
            kind,
            update: ChartUpdate::Shift,
            style: ChartStyle::DARK,
            line_width: 2.0,
            divisions: 3,
            range: ChartRange::Auto,
            points: [0.0; N],
            pushed: 0,
            clears: 0,
        }
    }

    /// This chart putting new points as `update` says.
    pub const fn with_update(mut self, update: ChartUpdate) -> Self {
        self.update = update;
        self
    }

    /// This chart in `style`.
    pub const fn with_style(mut self, style: ChartStyle) -> Self {
        self.style = style;
        self
    }

    /// This chart over `range`; see [`set_range`](Self::set_range) for the errors.
    pub fn with_range(mut self, range: ChartRange) -> Result<Self, Error> {
        self.set_range(range)?;
        Ok(self)
    }

    /// Sets the range. `InvalidValue`, changing nothing, for a fixed range whose ends
    /// are not finite or whose `min` is not below its `max`.
    pub fn set_range(&mut self, range: ChartRange) -> Result<(), Error> {
        if let ChartRange::Fixed { min, max } = range {
            if !(min.is_finite() && max.is_finite() && min < max) {
                return Err(Error::InvalidValue);
            }
        }
        self.range = range;
        Ok(())
    }

    /// The range as set.
    pub fn range_setting(&self) -> ChartRange {
        self.range
    }

    /// Adds `value` as the newest point, overwriting the oldest when the chart holds
    /// `N` already. `InvalidValue`, changing nothing, for a value that is not finite.
    pub fn push(&mut self, value: f32) -> Result<(), Error> {
        if !value.is_finite() {
            return Err(Error::InvalidValue);
        }
        self.points[(self.pushed % N as u64) as usize] = value;
        self.pushed += 1;
        Ok(())
    }

    /// Removes every point (the whole chart is repainted).
    pub fn clear(&mut self) {
        self.pushed = 0;
        self.clears = self.clears.wrapping_add(1);
    }

    /// How many points it holds.
    pub fn len(&self) -> usize {
        self.pushed.min(N as u64) as usize
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.pushed == 0
    }

    /// Whether it holds `N`: the next push overwrites the oldest.
    pub fn is_full(&self) -> bool {
        self.len() == N
    }

    /// The most points it holds: `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// How many points were pushed since it was made or last cleared.
    pub fn pushed(&self) -> u64 {
        self.pushed
    }

    /// Point `index`, 0 the oldest held.
    pub fn get(&self, index: usize) -> Option<f32> {
        if index >= self.len() {
            return None;
        }
        let sequence = self.pushed - self.len() as u64 + index as u64;
        Some(self.points[(sequence % N as u64) as usize])
    }

    /// The newest point.
    pub fn latest(&self) -> Option<f32> {
        self.len().checked_sub(1).and_then(|i| self.get(i))
    }

    /// The points, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = f32> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// The values of the bottom and top edges (see the module doc).
    pub fn range(&self) -> (f32, f32) {
        match self.range {
            ChartRange::Fixed { min, max } => (min, max),
            ChartRange::Auto => {
                let mut points = self.iter();
                let Some(first) = points.next() else {
                    return (0.0, 1.0);
                };
                let (low, high) = points.fold((first, first), |(l, h), v| (l.min(v), h.max(v)));
                if low == high {
                    // 1 either side, or more where 1 is below the value's step in `f32`
                    // (a value of 2^24 or more): a range that holds the value in its
                    // middle, never an empty one.
                    let margin = (low.abs() * 1.0e-6).max(1.0);
                    ((low - margin).max(f32::MIN), (high + margin).min(f32::MAX))
                } else {
                    (low, high)
                }
            }
        }
    }

    /// The point in slot `slot`, if one is there.
    fn at_slot(&self, slot: usize) -> Option<f32> {
        match self.update {
            ChartUpdate::Shift => self.get(slot),
            ChartUpdate::Sweep => (slot < self.len()).then(|| self.points[slot]),
        }
    }

    /// Whether the line joins slot `slot` to the next.
    fn joined(&self, slot: usize) -> bool {
        if slot + 1 >= N || self.at_slot(slot + 1).is_none() {
            return false;
        }
        // Sweeping, the line breaks after the newest point.
        self.update == ChartUpdate::Shift || (self.pushed - 1) % N as u64 != slot as u64
    }

    /// How far a line's points are kept from the content box's edges.
    fn inset(&self) -> f32 {
        match self.kind {
            ChartKind::Line => self.line_width.max(0.0) / 2.0,
            ChartKind::Bar => 0.0,
        }
    }

    /// Slot `slot`'s x for a line, or its column's left edge for bars; and the step from
    /// one slot to the next.
    fn slot_x(&self, content: Rect, slot: usize) -> (f32, f32) {
        let inset = self.inset();
        let step = match self.kind {
            ChartKind::Line => (content.width - 2.0 * inset) / (N - 1) as f32,
            ChartKind::Bar => content.width / N as f32,
        };
        (content.x + inset + step * slot as f32, step)
    }

    /// The y of `value` over `content`.
    fn value_y(&self, content: Rect, (low, high): (f32, f32), value: f32) -> f32 {
        let inset = self.inset();
        let t = ((value - low) / (high - low)).clamp(0.0, 1.0);
        content.y + inset + t * (content.height - 2.0 * inset)
    }

    /// The series' colour and coverage at `p`.
    fn series_at(&self, p: Vec2, content: Rect, range: (f32, f32)) -> u8 {
        let (x0, step) = self.slot_x(content, 0);
        if step <= 0.0 {
            return 0;
        }
        let k = libm::floorf((p.x - x0) / step);
        if !(k > -2.0 && k < N as f32 + 1.0) {
            return 0;
        }
        let k = k as isize;
        match self.kind {
            ChartKind::Bar => {
                let Some(value) = usize::try_from(k).ok().and_then(|k| self.at_slot(k)) else {
                    return 0;
                };
                let gap = bar_gap(step);
                let left = x0 + step * k as f32 + gap / 2.0;
                let top = self.value_y(content, range, value);
                let inside =
                    p.x >= left && p.x < left + step - gap && p.y >= content.y && p.y < top;
                if inside {
                    255
                } else {
                    0
                }
            }
            ChartKind::Line => {
                let point = |slot: usize| {
                    self.at_slot(slot).map(|v| {
                        Vec2::new(x0 + step * slot as f32, self.value_y(content, range, v))
                    })
                };
                let mut best = 0;
                // The segments out of the slots left of `p` and under it.
                for first in [k - 1, k] {
                    let Ok(first) = usize::try_from(first) else {
                        continue;
                    };
                    let Some(a) = point(first) else {
                        continue;
                    };
                    let b = if self.joined(first) {
                        point(first + 1)
                    } else {
                        None
                    };
                    best = best.max(capsule_coverage(p, a, b.unwrap_or(a), self.line_width));
                }
                // A round end reaches half the width into the next slot.
                if let Some(a) = usize::try_from(k + 1).ok().and_then(point) {
                    best = best.max(capsule_coverage(p, a, a, self.line_width));
                }
                best
            }
        }
    }

    /// The grid, the axes and the background at `p`.
    fn ground_at(&self, p: Vec2, content: Rect) -> Option<(Rgb888, u8)> {
        let on_line = |at: f32, v: f32| v >= at && v < at + 1.0;
        if let Some(axis) = self.style.axis {
            if on_line(content.x, p.x) || on_line(content.y, p.y) {
                return Some((axis, 255));
            }
        }
        if let Some(grid) = self.style.grid {
            let parts = f32::from(self.divisions) + 1.0;
            for j in 1..=self.divisions {
                let y = libm::floorf(content.y + content.height * f32::from(j) / parts);
                if on_line(y, p.y) {
                    return Some((grid, 255));
                }
            }
        }
        self.style.background.map(|c| (c, 255))
    }

    /// The box of slots `first..=last` (ends included), the whole height.
    fn slots_box(&self, content: Rect, first: usize, last: usize) -> Rect {
        let (left, step) = self.slot_x(content, first);
        let (right, _) = self.slot_x(content, last);
        let (left, right) = match self.kind {
            ChartKind::Line => {
                let reach = self.line_width.max(0.0) / 2.0 + 1.0;
                (left - reach, right + reach)
            }
            ChartKind::Bar => (left - 1.0, right + step + 1.0),
        };
        Rect::new(left, content.y, right - left, content.height)
    }
}

/// The space between two bars a column of `step` apart leaves.
fn bar_gap(step: f32) -> f32 {
    if step >= 3.0 {
        libm::floorf(step / 4.0).max(1.0)
    } else {
        0.0
    }
}

#[component(draw)]
impl<const N: usize> Hooks for Chart<N> {}

impl<const N: usize> Draw for Chart<N> {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let range = self.range();
        canvas.paint(content, |p| {
            let ground = self.ground_at(p, content);
            over(ground, self.style.series, self.series_at(p, content, range))
        });
    }

    /// Everything but the points pushed since the last clear (the damage key), and the
    /// range the points give.
    fn appearance(&self) -> u32 {
        let (low, high) = self.range();
        let option = |f: Fingerprint, c: Option<Rgb888>| match c {
            Some(c) => f.word(1).color(c),
            None => f.word(0),
        };
        let f = Fingerprint::new()
            .word(match self.kind {
                ChartKind::Line => 0,
                ChartKind::Bar => 1,
            })
            .word(match self.update {
                ChartUpdate::Shift => 0,
                ChartUpdate::Sweep => 1,
            })
            .float(self.line_width)
            .word(u32::from(self.divisions))
            .float(low)
            .float(high)
            .word(self.clears)
            .color(self.style.series);
        let f = option(f, self.style.background);
        let f = option(f, self.style.grid);
        option(f, self.style.axis).finish()
    }

    fn damage_key(&self) -> u64 {
        self.pushed
    }

    /// The columns of the slots the pushes since `previous_key` wrote, and of the
    /// line's segments into and out of them; `None` (the whole chart) when the plot
    /// scrolled or the slots wrap round its right edge.
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        let n = N as u64;
        if previous_key >= self.pushed || self.pushed - previous_key >= n {
            return None;
        }
        let line = self.kind == ChartKind::Line;
        // The first and last sequence numbers whose slot can change.
        let first = if line {
            previous_key.saturating_sub(1)
        } else {
            previous_key
        };
        let last = if line && self.update == ChartUpdate::Sweep {
            // The break after the newest point moves on.
            self.pushed
        } else {
            self.pushed - 1
        };
        match self.update {
            ChartUpdate::Shift if self.pushed > n => None,
            ChartUpdate::Shift => Some(self.slots_box(content, first as usize, last as usize)),
            ChartUpdate::Sweep => {
                let base = first / n * n;
                let (a, b) = (first - base, last - base);
                // The slot past the last is no slot: nothing joins the last to it.
                let b = if b == n && line { n - 1 } else { b };
                (b < n).then(|| self.slots_box(content, a as usize, b as usize))
            }
        }
    }
}
