//! The progress bar component: a track, a fill over part of it, an optional border.

use embedded_graphics::pixelcolor::Rgb888;

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{fx, Fx, FxRect, FX_ONE};
use crate::{Component, HookMask, Hooks, Rect};

/// A horizontal progress bar filling its node's content rectangle.
///
/// The track covers the whole content rectangle; the fill covers its left `value`
/// fraction (`value` is clamped to `0..=1` when drawn, NaN counts as 0); the border, if
/// any, is a stroke one node unit wide inside the rectangle's edge, drawn over both.
/// Everything follows the node's transform, as a [`Shape`](crate::render::Shape) does.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::render::ProgressBar;
///
/// let mut health = ProgressBar::new(Rgb888::new(40, 40, 40), Rgb888::new(0, 200, 0))
///     .with_value(0.75)
///     .with_border(Rgb888::new(255, 255, 255));
/// health.value -= 0.5;
/// assert_eq!(health.value, 0.25);
/// assert_eq!(health.with_value(3.0).clamped_value(), 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProgressBar {
    /// How full the bar is, `0.0` empty to `1.0` full.
    pub value: f32,
    /// The colour of the empty part.
    pub track: Rgb888,
    /// The colour of the full part.
    pub fill: Rgb888,
    /// The border's colour, if the bar has one.
    pub border: Option<Rgb888>,
}

impl ProgressBar {
    /// An empty bar (value 0) without a border.
    pub const fn new(track: Rgb888, fill: Rgb888) -> Self {
        ProgressBar {
            value: 0.0,
            track,
            fill,
            border: None,
        }
    }

    /// This bar at `value`.
    pub const fn with_value(mut self, value: f32) -> Self {
        self.value = value;
        self
    }

    /// This bar with a border of `color`.
    pub const fn with_border(mut self, color: Rgb888) -> Self {
        self.border = Some(color);
        self
    }

    /// The value as drawn: clamped to `0..=1`, NaN as 0.
    pub fn clamped_value(&self) -> f32 {
        if self.value.is_nan() {
            0.0
        } else {
            self.value.clamp(0.0, 1.0)
        }
    }
}

impl Component for ProgressBar {
    const NAME: &'static str = "ProgressBar";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for ProgressBar {}

impl Draw for ProgressBar {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let r = canvas.content();
        let outer = FxRect::of(&r);
        let inner = outer.inset(FX_ONE);
        let fill_end = fx(r.x + self.clamped_value() * r.width);
        if let Some(rows) = canvas.axis_rows(r) {
            // As spans: the border around the inner rectangle's run, and in it the fill
            // (points left of `fill_end`) beside the track.
            for (y, ly) in rows.rows() {
                let Some((first, last)) = outer.row_span(ly) else {
                    continue;
                };
                let run = rows.columns(first, last);
                let track = match self.border {
                    Some(border) => {
                        let hole = inner
                            .row_span(ly)
                            .map_or((run.0, run.0), |(first, last)| rows.columns(first, last));
                        canvas.split_span(y, run, hole, Some(border), None);
                        (hole.0.clamp(run.0, run.1), hole.1.clamp(run.0, run.1))
                    }
                    None => run,
                };
                let filled = rows.columns(Fx::MIN, fill_end.saturating_sub(1));
                canvas.split_span(y, track, filled, Some(self.track), Some(self.fill));
            }
            return;
        }
        canvas.paint_fixed(r, |p| {
            if !outer.contains(p) {
                return None;
            }
            if let Some(border) = self.border {
                if !inner.contains(p) {
                    return Some((border, 255));
                }
            }
            Some((
                if p.x < fill_end {
                    self.fill
                } else {
                    self.track
                },
                255,
            ))
        });
    }

    /// Covers the colours and the border; the value is the damage key.
    fn appearance(&self) -> u32 {
        let f = Fingerprint::new().color(self.track).color(self.fill);
        match self.border {
            Some(color) => f.word(1).color(color),
            None => f.word(0),
        }
        .finish()
    }

    fn local_bounds(&self, content: Rect) -> Rect {
        content
    }

    /// The value as drawn (values past the ends that draw alike are the same key).
    fn damage_key(&self) -> u64 {
        u64::from(self.clamped_value().to_bits())
    }

    /// A new value repaints the columns between the old and the new end of the fill: a
    /// strip of the content rectangle, a unit wider on each side for the rounding of
    /// the ends to pixel centres.
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        let previous = f32::from_bits(u32::try_from(previous_key).ok()?);
        if !(0.0..=1.0).contains(&previous) {
            return None;
        }
        let now = self.clamped_value();
        let (from, to) = (previous.min(now), previous.max(now));
        Some(Rect::new(
            content.x + from * content.width - 1.0,
            content.y,
            (to - from) * content.width + 2.0,
            content.height,
        ))
    }
}
