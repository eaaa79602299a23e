//! The shape component: rectangle, rounded rectangle, ellipse (a circle in a square
//! node), line and polygon, each with an optional fill and an optional stroke.
//!
//! Geometry lives in the node: closed shapes fill the node's content rectangle; line
//! and polygon points are in node space (origin at the content's bottom-left corner, as
//! `convert_to_node_space`). Strokes are drawn inside the outline (as `embedded-graphics`
//! draws them by default), lines centred on the segment. Drawing samples pixel centres
//! through the node's full transform, so rotation, scale and anchor apply to every shape.

use embedded_graphics::pixelcolor::Rgb888;
use heapless::Vec;

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{fx, Fx, FxEllipse, FxPoint, FxRect, FxRounded};
use crate::render::span::Coverage;
use crate::{Component, HookMask, Hooks, Rect, Vec2};

/// Most points a polygon holds.
pub const MAX_POLYGON_POINTS: usize = 8;

/// The outline of a [`Shape`].
#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    /// The content rectangle.
    Rectangle,
    /// The content rectangle with corners rounded to `radius` (node units).
    RoundedRectangle {
        /// Corner radius.
        radius: f32,
    },
    /// The ellipse inscribed in the content rectangle.
    Ellipse,
    /// A segment between two points of node space.
    Line {
        /// Start.
        from: Vec2,
        /// End.
        to: Vec2,
    },
    /// A closed polygon through points of node space (even-odd rule).
    Polygon {
        /// The corners, in order.
        points: Vec<Vec2, MAX_POLYGON_POINTS>,
    },
}

/// A stroke: colour and width in node units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub color: Rgb888,
    /// Width.
    pub width: f32,
}

/// A shape drawn in its node.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::render::Shape;
///
/// let dot = Shape::ellipse().with_fill(Rgb888::new(255, 0, 0));
/// let frame = Shape::rectangle().with_stroke(Rgb888::new(255, 255, 255), 1.0);
/// assert!(dot.fill.is_some() && frame.stroke.is_some());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The outline.
    pub geometry: Geometry,
    /// Fill colour, if filled.
    pub fill: Option<Rgb888>,
    /// Stroke, if stroked.
    pub stroke: Option<Stroke>,
}

impl Shape {
    fn of(geometry: Geometry) -> Self {
        Shape {
            geometry,
            fill: None,
            stroke: None,
        }
    }

    /// The content rectangle.
    pub fn rectangle() -> Self {
        Shape::of(Geometry::Rectangle)
    }

    /// The content rectangle with rounded corners. The radius is at most half the
    /// shorter side, and at most 16 384 units (see [`fixed`](crate::render::fixed)).
    pub fn rounded_rectangle(radius: f32) -> Self {
        Shape::of(Geometry::RoundedRectangle { radius })
    }

    /// The ellipse inscribed in the content rectangle (a circle when it is square). Its
    /// radii are at most 16 384 units (see [`fixed`](crate::render::fixed)).
    pub fn ellipse() -> Self {
        Shape::of(Geometry::Ellipse)
    }

    /// A segment between two points of node space.
    pub fn line(from: Vec2, to: Vec2) -> Self {
        Shape::of(Geometry::Line { from, to })
    }

    /// A polygon through up to [`MAX_POLYGON_POINTS`] points of node space; extra
    /// points are ignored.
    pub fn polygon(points: &[Vec2]) -> Self {
        let mut kept = Vec::new();
        for &p in points.iter().take(MAX_POLYGON_POINTS) {
            let _ = kept.push(p);
        }
        Shape::of(Geometry::Polygon { points: kept })
    }

    /// This shape filled with `color`.
    pub fn with_fill(mut self, color: Rgb888) -> Self {
        self.fill = Some(color);
        self
    }

    /// This shape stroked with `color`, `width` node units wide.
    pub fn with_stroke(mut self, color: Rgb888, width: f32) -> Self {
        self.stroke = Some(Stroke { color, width });
        self
    }
}

impl Component for Shape {
    const NAME: &'static str = "Shape";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for Shape {}

fn distance_to_segment(a: Vec2, b: Vec2, p: Vec2) -> f32 {
    let (abx, aby) = (b.x - a.x, b.y - a.y);
    let len2 = abx * abx + aby * aby;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.x - a.x) * abx + (p.y - a.y) * aby) / len2).clamp(0.0, 1.0)
    };
    let (dx, dy) = (p.x - (a.x + t * abx), p.y - (a.y + t * aby));
    libm::sqrtf(dx * dx + dy * dy)
}

fn in_polygon(points: &[Vec2], p: Vec2) -> bool {
    let mut inside = false;
    let mut j = points.len().wrapping_sub(1);
    for i in 0..points.len() {
        let (a, b) = (points[i], points[j % points.len()]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

fn bounds_of(points: &[Vec2], margin: f32) -> Rect {
    let Some(first) = points.first() else {
        return Rect::default();
    };
    let (mut min, mut max) = (*first, *first);
    for p in points {
        min = Vec2::new(min.x.min(p.x), min.y.min(p.y));
        max = Vec2::new(max.x.max(p.x), max.y.max(p.y));
    }
    Rect::new(
        min.x - margin,
        min.y - margin,
        max.x - min.x + 2.0 * margin,
        max.y - min.y + 2.0 * margin,
    )
}

impl Shape {
    /// Points given in node space, moved to anchor space.
    fn to_anchor_space(content: Rect, p: Vec2) -> Vec2 {
        Vec2::new(p.x + content.x, p.y + content.y)
    }

    /// Whether `p` is in the polygon through `moved` (anchor space) shrunk by `inset`.
    /// Polygons are sampled in `f32`; the other closed geometries in fixed point
    /// ([`Outline`]).
    fn polygon_contains(moved: &[Vec2], inset: f32, p: Vec2) -> bool {
        if inset <= 0.0 {
            return in_polygon(moved, p);
        }
        in_polygon(moved, p) && {
            let n = moved.len();
            (0..n).all(|i| distance_to_segment(moved[i], moved[(i + 1) % n], p) >= inset)
        }
    }
}

/// A closed outline in fixed point, shrunk by a stroke's width or not: what a
/// rectangle, rounded rectangle or ellipse tests each pixel against.
enum Outline {
    Rectangle(FxRect),
    Rounded(FxRounded),
    Ellipse(FxEllipse),
    Empty,
}

impl Outline {
    /// The outline of `geometry` (not a line or polygon) over `content`, shrunk by
    /// `inset` on every side.
    fn new(geometry: &Geometry, content: &Rect, inset: f32) -> Outline {
        let full = FxRect::of(content);
        let inset = fx(inset);
        let shrunk = full.inset(inset);
        match geometry {
            Geometry::Rectangle => Outline::Rectangle(shrunk),
            Geometry::RoundedRectangle { radius } => {
                let radius = fx(*radius)
                    .min(full.width() / 2)
                    .min(full.height() / 2)
                    .saturating_sub(inset);
                Outline::Rounded(FxRounded::new(shrunk, radius))
            }
            Geometry::Ellipse => FxEllipse::new(shrunk).map_or(Outline::Empty, Outline::Ellipse),
            Geometry::Line { .. } | Geometry::Polygon { .. } => Outline::Empty,
        }
    }

    fn contains(&self, p: FxPoint) -> bool {
        match self {
            Outline::Rectangle(r) => r.contains(p),
            Outline::Rounded(r) => r.contains(p),
            Outline::Ellipse(e) => e.contains(p),
            Outline::Empty => false,
        }
    }

    /// The x of the points inside on the line at height `y`, first and last: every
    /// outline is convex, so they are one run (exactly those `contains` accepts).
    fn row_span(&self, y: Fx) -> Option<(Fx, Fx)> {
        match self {
            Outline::Rectangle(r) => r.row_span(y),
            Outline::Rounded(r) => r.row_span(y),
            Outline::Ellipse(e) => e.row_span(y),
            Outline::Empty => None,
        }
    }
}

/// The narrowest region (in pixels) whose rounded or elliptic rows a 32-bit core draws as
/// spans: there a row's ends cost a 128-bit square root in software, more than testing
/// a few pixels one by one. A 64-bit processor finds them faster than it tests two
/// pixels, and always draws spans. The pixels are the same either way.
const MIN_CURVED_SPAN: u32 = 24;

/// Draws a closed shape as spans, one or three a row, when the node's map keeps the
/// axes apart (see [`Canvas::axis_rows`]); false when it does not.
fn draw_spans<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    bounds: Rect,
    outer: &Outline,
    inner: Option<&(Outline, Rgb888)>,
    fill: Option<Rgb888>,
) -> bool {
    let Some(rows) = canvas.axis_rows(bounds) else {
        return false;
    };
    // See `MIN_CURVED_SPAN`.
    let curved = !matches!(outer, Outline::Rectangle(_));
    if curved && cfg!(not(target_pointer_width = "64")) && rows.width() < MIN_CURVED_SPAN {
        return false;
    }
    for (y, ly) in rows.rows() {
        let Some((first, last)) = outer.row_span(ly) else {
            continue;
        };
        let run = rows.columns(first, last);
        match inner {
            // The stroke around the inner outline's run, the fill in it.
            Some((inner, stroke)) => {
                let hole = inner
                    .row_span(ly)
                    .map_or((run.0, run.0), |(first, last)| rows.columns(first, last));
                canvas.split_span(y, run, hole, Some(*stroke), fill);
            }
            None => {
                if let Some(fill) = fill {
                    canvas.span(y, run.0, run.1, fill, Coverage::Full);
                }
            }
        }
    }
    true
}

impl Draw for Shape {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let bounds = self.local_bounds(content);
        if let Geometry::Line { from, to } = &self.geometry {
            if let Some(stroke) = self.stroke {
                let (a, b) = (
                    Shape::to_anchor_space(content, *from),
                    Shape::to_anchor_space(content, *to),
                );
                let half = stroke.width / 2.0;
                canvas.paint(bounds, |p| {
                    (distance_to_segment(a, b, p) <= half).then_some((stroke.color, 255))
                });
            }
            return;
        }
        let stroke = self.stroke.filter(|s| s.width > 0.0);
        let fill = self.fill;
        if let Geometry::Polygon { points } = &self.geometry {
            let mut moved: Vec<Vec2, MAX_POLYGON_POINTS> = Vec::new();
            for &q in points {
                let _ = moved.push(Shape::to_anchor_space(content, q));
            }
            canvas.paint(bounds, |p| {
                if !Shape::polygon_contains(&moved, 0.0, p) {
                    return None;
                }
                match stroke {
                    Some(s) if !Shape::polygon_contains(&moved, s.width, p) => Some((s.color, 255)),
                    _ => fill.map(|color| (color, 255)),
                }
            });
            return;
        }
        let outer = Outline::new(&self.geometry, &content, 0.0);
        let inner = stroke.map(|s| (Outline::new(&self.geometry, &content, s.width), s.color));
        if draw_spans(canvas, bounds, &outer, inner.as_ref(), fill) {
            return;
        }
        canvas.paint_fixed(bounds, |p| {
            if !outer.contains(p) {
                return None;
            }
            match &inner {
                Some((inner, color)) if !inner.contains(p) => Some((*color, 255)),
                _ => fill.map(|color| (color, 255)),
            }
        });
    }

    fn appearance(&self) -> u32 {
        let mut f = Fingerprint::new();
        match &self.geometry {
            Geometry::Rectangle => f = f.word(1),
            Geometry::RoundedRectangle { radius } => f = f.word(2).float(*radius),
            Geometry::Ellipse => f = f.word(3),
            Geometry::Line { from, to } => {
                f = f
                    .word(4)
                    .float(from.x)
                    .float(from.y)
                    .float(to.x)
                    .float(to.y);
            }
            Geometry::Polygon { points } => {
                f = f.word(5).word(points.len() as u32);
                for p in points {
                    f = f.float(p.x).float(p.y);
                }
            }
        }
        f = match self.fill {
            Some(color) => f.word(1).color(color),
            None => f.word(0),
        };
        match self.stroke {
            Some(s) => f.word(1).color(s.color).float(s.width),
            None => f.word(0),
        }
        .finish()
    }

    fn local_bounds(&self, content: Rect) -> Rect {
        match &self.geometry {
            Geometry::Line { from, to } => {
                let half = self.stroke.map_or(0.0, |s| s.width / 2.0);
                bounds_of(
                    &[
                        Shape::to_anchor_space(content, *from),
                        Shape::to_anchor_space(content, *to),
                    ],
                    half,
                )
            }
            Geometry::Polygon { points } => {
                let mut moved: Vec<Vec2, MAX_POLYGON_POINTS> = Vec::new();
                for &q in points {
                    let _ = moved.push(Shape::to_anchor_space(content, q));
                }
                bounds_of(&moved, 0.0)
            }
            _ => content,
        }
    }
}
