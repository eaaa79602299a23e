//! The shape component: rectangle, rounded rectangle, ellipse (a circle in a square
//! node), line and polygon, each with an optional fill and an optional stroke.
//!
//! Geometry lives in the node: closed shapes fill the node's content rectangle; line
//! and polygon points are in node space (origin at the content's bottom-left corner, as
//! `convert_to_node_space`). Strokes are drawn inside the outline (as `embedded-graphics`
//! draws them by default), lines centred on the segment. Drawing samples pixel centres
//! through the node's full transform, so rotation, scale and anchor apply to every shape.
//! Rectangles, rounded rectangles and ellipses may be filled with a linear
//! [`Gradient`]; rectangles and rounded rectangles may cast a soft [`Shadow`], drawn
//! under them in the same node (whose bounds grow to hold it).

// With a shape feature off, the helpers only it uses stay (unused) rather than be cut
// item by item: the linker leaves them out.
#![cfg_attr(
    not(all(
        feature = "shape-lines",
        feature = "shape-arcs",
        feature = "shape-effects"
    )),
    allow(dead_code, unused_imports, unused_variables)
)]

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Point;
use heapless::Vec;

use crate::render::arc::{ArcShader, Cap};
#[cfg(feature = "shape-arcs")]
use crate::render::arc_cache::ArcKey;
use crate::render::canvas::{AxisRows, Canvas};
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{fx, Fx, FxEllipse, FxPoint, FxRect, FxRounded, FX_ONE};
use crate::render::gradient::{half_blur, Falloff, Gradient, LinearShader, Paint, Shadow, Smooth};
use crate::render::segments::{SoftLine, SoftPolygon};
use crate::render::span::{self, Coverage};
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
    /// A segment between two points of node space, as wide as the stroke (feature
    /// `shape-lines`).
    #[cfg(feature = "shape-lines")]
    Line {
        /// Start.
        from: Vec2,
        /// End.
        to: Vec2,
        /// Its ends: round (the default), or square, reaching half the width past the
        /// points.
        cap: Cap,
    },
    /// A closed polygon through points of node space (even-odd rule; feature
    /// `shape-lines`).
    #[cfg(feature = "shape-lines")]
    Polygon {
        /// The corners, in order.
        points: Vec<Vec2, MAX_POLYGON_POINTS>,
    },
    /// A band of the ring inscribed in the content rectangle (its outer radius half the
    /// shorter side), `thickness` units wide, from `start_degrees` (clockwise from the
    /// top) through `sweep_degrees` (negative: anticlockwise; 360 or more: the whole
    /// ring), its ends cut square or rounded. Drawn in the fill colour (feature
    /// `shape-arcs`).
    #[cfg(feature = "shape-arcs")]
    Arc {
        /// Where it starts, degrees clockwise from the top.
        start_degrees: f32,
        /// How far it goes, in degrees, clockwise.
        sweep_degrees: f32,
        /// The band's width, inwards from the outer radius.
        thickness: f32,
        /// Its ends.
        cap: Cap,
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
    /// Fill colour, if filled (a [`gradient`](Self::gradient) with stops replaces it on
    /// a rectangle, rounded rectangle or ellipse).
    pub fill: Option<Rgb888>,
    /// Stroke, if stroked.
    pub stroke: Option<Stroke>,
    /// Whether the edges are anti-aliased (see [`with_antialias`](Self::with_antialias));
    /// on by default.
    pub antialias: bool,
    /// A gradient filling a rectangle, rounded rectangle or ellipse instead of
    /// [`fill`](Self::fill) (see [`with_gradient`](Self::with_gradient)). A reference to
    /// a `static` (or a `const` block): every shape slot of a world holds this field,
    /// so it costs a pointer, not the gradient. Feature `shape-effects`.
    #[cfg(feature = "shape-effects")]
    pub gradient: Option<&'static Gradient>,
    /// A drop shadow under a rectangle or rounded rectangle (see
    /// [`with_shadow`](Self::with_shadow)), by reference as the gradient. Feature
    /// `shape-effects`.
    #[cfg(feature = "shape-effects")]
    pub shadow: Option<&'static Shadow>,
}

impl Shape {
    fn of(geometry: Geometry) -> Self {
        Shape {
            geometry,
            fill: None,
            stroke: None,
            antialias: true,
            #[cfg(feature = "shape-effects")]
            gradient: None,
            #[cfg(feature = "shape-effects")]
            shadow: None,
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

    #[cfg(feature = "shape-lines")]
    /// A segment between two points of node space with round ends, drawn with the
    /// stroke's colour and width.
    pub fn line(from: Vec2, to: Vec2) -> Self {
        Shape::line_with_cap(from, to, Cap::Round)
    }

    #[cfg(feature = "shape-lines")]
    /// A segment between two points of node space with the given ends (square ones
    /// reach half the width past the points).
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::{Cap, Shape};
    /// use sprig::Vec2;
    ///
    /// let tick = Shape::line_with_cap(Vec2::new(0.0, 0.0), Vec2::new(6.0, 0.0), Cap::Butt)
    ///     .with_stroke(Rgb888::new(255, 255, 255), 2.0)
    ///     .with_antialias(true);
    /// assert!(tick.stroke.is_some());
    /// ```
    pub fn line_with_cap(from: Vec2, to: Vec2, cap: Cap) -> Self {
        Shape::of(Geometry::Line { from, to, cap })
    }

    #[cfg(feature = "shape-lines")]
    /// A polygon through up to [`MAX_POLYGON_POINTS`] points of node space; extra
    /// points are ignored.
    pub fn polygon(points: &[Vec2]) -> Self {
        let mut kept = Vec::new();
        for &p in points.iter().take(MAX_POLYGON_POINTS) {
            let _ = kept.push(p);
        }
        Shape::of(Geometry::Polygon { points: kept })
    }

    #[cfg(feature = "shape-arcs")]
    /// A band of the ring inscribed in the content rectangle (see [`Geometry::Arc`]):
    /// a gauge, a progress ring, a busy spinner. Give it a fill; with
    /// [`with_antialias`](Self::with_antialias) its edges and ends are smooth.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::{Cap, Shape};
    ///
    /// // Three quarters of a ring from the left (270°) round to the right, 6 units wide.
    /// let gauge = Shape::arc(270.0, 270.0, 6.0, Cap::Round)
    ///     .with_fill(Rgb888::new(0, 160, 255))
    ///     .with_antialias(true);
    /// assert!(gauge.fill.is_some());
    /// ```
    pub fn arc(start_degrees: f32, sweep_degrees: f32, thickness: f32, cap: Cap) -> Self {
        Shape::of(Geometry::Arc {
            start_degrees,
            sweep_degrees,
            thickness,
            cap,
        })
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

    /// This shape with anti-aliased edges (`true`, the default) or hard ones (`false`,
    /// pixel art).
    ///
    /// Anti-aliased, each pixel near an edge is covered in proportion to how far its
    /// centre is inside the outline, within half a pixel either way (255 levels, blended
    /// onto what lies below; thresholded at half on a `BinaryColor` panel, which gives
    /// the hard-edged shape). Every geometry, filled, stroked or both, turned or not.
    /// Pixels whose centres lie inside the outline by half a pixel or more, and the
    /// pixels away from every edge, are those of the hard-edged shape. Hard edges cost
    /// less (no pixel is blended; see the README's shape figures) and keep a small
    /// panel's pixels crisp.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::Shape;
    ///
    /// let dot = Shape::ellipse().with_fill(Rgb888::new(255, 0, 0));
    /// assert!(dot.antialias);
    /// let pixel_art = dot.with_antialias(false);
    /// assert!(!pixel_art.antialias);
    /// ```
    pub fn with_antialias(mut self, antialias: bool) -> Self {
        self.antialias = antialias;
        self
    }

    #[cfg(feature = "shape-effects")]
    /// This shape filled with a linear gradient (see [`Gradient`]) instead of one
    /// colour: it replaces [`fill`](Self::fill) (and fills the shape when it has no fill
    /// colour); the stroke stays. Rectangles, rounded rectangles and ellipses, hard-edged
    /// or anti-aliased, upright or turned; lines, polygons and arcs ignore it. A
    /// gradient without stops is ignored.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::{Gradient, Shape};
    ///
    /// // Gradients live in statics (or `const { &… }` blocks): a shape holds a reference.
    /// static LIT: Gradient = Gradient::linear(
    ///     90.0,
    ///     [(0.0, Rgb888::new(0, 90, 200)), (1.0, Rgb888::new(80, 170, 255))],
    /// );
    /// let button = Shape::rounded_rectangle(5.0)
    ///     .with_gradient(&LIT)
    ///     .with_stroke(Rgb888::new(255, 255, 255), 1.0)
    ///     .with_antialias(true);
    /// assert!(button.gradient.is_some() && button.fill.is_none());
    /// ```
    pub fn with_gradient(mut self, gradient: &'static Gradient) -> Self {
        self.gradient = Some(gradient);
        self
    }

    #[cfg(feature = "shape-effects")]
    /// This shape over a drop shadow (see [`Shadow`]), drawn under it in the same
    /// node: the node's bounds, and so the damage when it moves or changes, grow to hold
    /// the shadow. Rectangles and rounded rectangles, upright or turned (the shadow
    /// turns with the node); the other geometries ignore it.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig::render::{Shadow, Shape};
    /// use sprig::Vec2;
    ///
    /// let card = Shape::rectangle()
    ///     .with_fill(Rgb888::new(240, 240, 240))
    ///     .with_shadow(const { &Shadow::new(Vec2::new(0.0, -2.0), 4.0, Rgb888::new(0, 0, 0), 100) });
    /// assert_eq!(card.shadow.map(|s| s.blur), Some(4.0));
    /// ```
    pub fn with_shadow(mut self, shadow: &'static Shadow) -> Self {
        self.shadow = Some(shadow);
        self
    }

    /// What fills a closed shape over `content`: its gradient, or its fill colour.
    fn paint(&self, content: &Rect) -> Option<Paint> {
        #[cfg(feature = "shape-effects")]
        if let Some(shader) = self.gradient.and_then(|g| LinearShader::new(g, content)) {
            return Some(Paint::Linear(shader));
        }
        self.fill.map(Paint::Flat)
    }

    /// The shadow this shape draws: rectangles and rounded rectangles, not transparent.
    #[cfg(feature = "shape-effects")]
    fn drawn_shadow(&self) -> Option<&'static Shadow> {
        let closed = matches!(
            self.geometry,
            Geometry::Rectangle | Geometry::RoundedRectangle { .. }
        );
        self.shadow.filter(|s| closed && s.opacity > 0)
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
        Outline::inset(geometry, content, fx(inset))
    }

    /// [`new`](Self::new) with the inset in fixed point; a negative one grows the
    /// outline (a rounded rectangle's radius grows with it: the exact offset curve).
    fn inset(geometry: &Geometry, content: &Rect, inset: Fx) -> Outline {
        let full = FxRect::of(content);
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
            // Lines, polygons and arcs are not outlines of the content.
            #[allow(unreachable_patterns)]
            _ => Outline::Empty,
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

    /// How much of a pixel centred at `p` the outline covers (0 to 255), for a pixel
    /// `2 · ramp.half` units across: `half` inside the outline or more is all of it, `half`
    /// outside or more none, linearly in between (a rectangle's corners: the product
    /// of the two edges' coverages, the area the corner covers).
    fn coverage<F: Falloff>(&self, p: FxPoint, ramp: &F) -> u8 {
        match self {
            Outline::Rectangle(r) => {
                let (across_x, across_y) = r.depths(p);
                let (cx, cy) = (ramp.at(across_x), ramp.at(across_y));
                if cx == 255 {
                    return cy;
                }
                ((u16::from(cx) * u16::from(cy) + 127) / 255) as u8
            }
            Outline::Rounded(r) => ramp.at(r.signed_distance(p).saturating_neg()),
            Outline::Ellipse(e) => ramp.at(e.signed_distance(p).saturating_neg()),
            Outline::Empty => 0,
        }
    }

    /// The points of the line at height `y` whose [`coverage`](Self::coverage) depends on
    /// `y` alone, as `(first, last)` x: on a rectangle those at least `half` inside
    /// both side edges, on a rounded rectangle those between the corners' centres when
    /// the line passes through the corners; `None` for others (an ellipse).
    fn flat_run(&self, y: Fx, half: Fx) -> Option<(Fx, Fx)> {
        match self {
            Outline::Rectangle(r) => {
                let (first, last) = (r.x0.saturating_add(half), r.x1.saturating_sub(half));
                (first < last).then_some((first, last - 1))
            }
            Outline::Rounded(r) => r.flat_run(y),
            Outline::Ellipse(_) | Outline::Empty => None,
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

/// The coverage of a pixel `2 · half` across by its centre's depth inside an edge: 0 at
/// `half` outside or more, 255 at `half` inside or more, linearly in between (by a
/// reciprocal worked out once: a multiply a pixel, not a division).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ramp {
    half: Fx,
    /// `255 · 2^24 / (2 · half)`.
    scale: u64,
}

impl Ramp {
    pub(crate) fn new(half: Fx) -> Self {
        let half = half.max(1);
        Ramp {
            half,
            scale: (255u64 << 24) / (2 * half.unsigned_abs()),
        }
    }

    #[inline]
    pub(crate) fn at(&self, depth: Fx) -> u8 {
        <Self as Falloff>::at(self, depth)
    }

    /// The smallest depth at which [`at`](Self::at) is 128 or more (half coverage, where
    /// a hard edge falls): `(depth + half) · scale ≥ 2^31`, within `-half < depth ≤ half`.
    pub(crate) fn half_depth(&self) -> Fx {
        match self.scale {
            0 => self.half,
            scale => ((1u64 << 31).div_ceil(scale) as Fx - self.half)
                .max(1 - self.half)
                .min(self.half),
        }
    }
}

impl Falloff for Ramp {
    #[inline]
    fn half(&self) -> Fx {
        self.half
    }

    #[inline]
    fn at(&self, depth: Fx) -> u8 {
        if depth >= self.half {
            255
        } else if depth <= -self.half {
            0
        } else {
            // Below 2 · half times at most 255 · 2^23: within 64 bits.
            (((depth + self.half) as u64 * self.scale) >> 24) as u8
        }
    }
}

/// `fill` where `inner` of the `outer` covered part is, `stroke` over the rest (both
/// coverages 0 to 255, `inner ≤ outer`): a pixel on the seam between a stroke and
/// its fill, in one colour, so that nothing below shows through the seam.
pub(crate) fn mix(fill: Rgb888, stroke: Rgb888, inner: u8, outer: u8) -> Rgb888 {
    if inner >= outer || outer == 0 {
        return fill;
    }
    let (i, o) = (u32::from(inner), u32::from(outer));
    let channel = |f: u8, s: u8| ((u32::from(f) * i + u32::from(s) * (o - i) + o / 2) / o) as u8;
    Rgb888::new(
        channel(fill.r(), stroke.r()),
        channel(fill.g(), stroke.g()),
        channel(fill.b(), stroke.b()),
    )
}

/// A closed outline with anti-aliased edges: the outline itself, what lies within
/// half a pixel of it (`plus`, where coverage may be above 0) and what lies half a
/// pixel inside it (`minus`, where coverage is whole), the pixel's half width in
/// anchor-space units. With a [`Smooth`] fall-off instead of the [`Ramp`], `half` is
/// half a shadow's blur; with `half` 0, `plus` and `minus` are the outline itself, and
/// the edge is hard.
struct SoftOutline<F = Ramp> {
    edge: Outline,
    plus: Outline,
    minus: Outline,
    ramp: F,
}

impl SoftOutline {
    fn new(geometry: &Geometry, content: &Rect, inset: Fx, half: Fx) -> Self {
        SoftOutline::with_falloff(geometry, content, inset, half, Ramp::new(half))
    }
}

impl<F: Falloff> SoftOutline<F> {
    fn with_falloff(geometry: &Geometry, content: &Rect, inset: Fx, half: Fx, ramp: F) -> Self {
        SoftOutline {
            edge: Outline::inset(geometry, content, inset),
            plus: Outline::inset(geometry, content, inset.saturating_sub(half)),
            minus: Outline::inset(geometry, content, inset.saturating_add(half)),
            ramp,
        }
    }

    /// The coverage of the pixel centred at `p`.
    #[inline]
    fn coverage(&self, p: FxPoint) -> u8 {
        if !self.plus.contains(p) {
            0
        } else if self.minus.contains(p) {
            255
        } else {
            self.edge.coverage(p, &self.ramp)
        }
    }
}

/// What an anti-aliased closed shape draws: its outline, the stroke's inner outline
/// with the stroke's colour, the fill.
struct SoftShape {
    outer: SoftOutline,
    inner: Option<(SoftOutline, Rgb888)>,
    fill: Option<Paint>,
}

impl SoftShape {
    /// The colour and coverage of the pixel centred at `p`, and whether the colour is
    /// dithered (where a gradient fill shows): the one function both the row-at-a-time
    /// path and the sampler call for every pixel near an edge.
    #[inline]
    fn shade(&self, p: FxPoint) -> Option<(Rgb888, u8, bool)> {
        let outer = self.outer.coverage(p);
        if outer == 0 {
            return None;
        }
        let Some((inner, stroke)) = &self.inner else {
            return self.fill.as_ref().map(|f| (f.at(p), outer, f.dithers()));
        };
        let inside = inner.coverage(p).min(outer);
        match &self.fill {
            Some(fill) => {
                let color = mix(fill.at(p), *stroke, inside, outer);
                Some((color, outer, inside > 0 && fill.dithers()))
            }
            None => (outer > inside).then(|| (*stroke, outer - inside, false)),
        }
    }

    /// Draws the shape a row at a time when the node's map keeps the axes apart: runs
    /// of whole coverage as spans, the pixels near an edge one by one through
    /// [`shade`](Self::shade) (the same pixels as the sampler). False for other maps.
    fn draw_rows<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>, bounds: Rect) -> bool {
        let Some(rows) = span_rows(canvas, bounds, &self.outer.edge) else {
            return false;
        };
        let columns = |outline: &Outline, ly: Fx| {
            outline
                .row_span(ly)
                .map(|(first, last)| rows.columns(first, last))
                .filter(|(x0, x1)| x0 < x1)
        };
        for (y, ly) in rows.rows() {
            let Some((v0, v1)) = columns(&self.outer.plus, ly) else {
                continue;
            };
            if self.inner.is_none() {
                if let Some(fill) = &self.fill {
                    fill_row(canvas, &rows, (y, ly), (v0, v1), &self.outer, fill, u8::MAX);
                }
                continue;
            }
            let shade = |canvas: &mut Canvas<'_, C>, x0: i32, x1: i32| {
                for x in x0..x1 {
                    let p = FxPoint {
                        x: rows.x_at(x),
                        y: ly,
                    };
                    if let Some((color, alpha, dither)) = self.shade(p) {
                        canvas.blend_dithering(Point::new(x, y), color, alpha, dither);
                    }
                }
            };
            // Whole coverage of the outer outline: `s0..s1`.
            let Some((s0, s1)) = columns(&self.outer.minus, ly) else {
                shade(canvas, v0, v1);
                continue;
            };
            let Some((inner, stroke)) = &self.inner else {
                shade(canvas, v0, s0);
                if let Some(fill) = &self.fill {
                    fill.span(canvas, &rows, (y, ly), (s0, s1), u8::MAX);
                }
                shade(canvas, s1, v1);
                continue;
            };
            // The outer edge's pixels outside the inner outline's reach: the stroke,
            // covered as the outer edge covers them (what `shade` gives there).
            let outer_edge = |canvas: &mut Canvas<'_, C>, x0: i32, x1: i32| {
                for x in x0..x1 {
                    let p = FxPoint {
                        x: rows.x_at(x),
                        y: ly,
                    };
                    let alpha = self.outer.edge.coverage(p, &self.outer.ramp);
                    if alpha > 0 {
                        canvas.blend(Point::new(x, y), *stroke, alpha);
                    }
                }
            };
            // The inner edge's pixels inside the outer outline's whole coverage: the fill
            // where the inner edge covers them, the stroke over the rest.
            let inner_edge = |canvas: &mut Canvas<'_, C>, x0: i32, x1: i32| {
                for x in x0..x1 {
                    let p = FxPoint {
                        x: rows.x_at(x),
                        y: ly,
                    };
                    let inside = inner.edge.coverage(p, &inner.ramp);
                    let shaded = match &self.fill {
                        Some(fill) => {
                            let color = mix(fill.at(p), *stroke, inside, u8::MAX);
                            Some((color, u8::MAX, inside > 0 && fill.dithers()))
                        }
                        None => (inside < u8::MAX).then(|| (*stroke, u8::MAX - inside, false)),
                    };
                    if let Some((color, alpha, dither)) = shaded {
                        canvas.blend_dithering(Point::new(x, y), color, alpha, dither);
                    }
                }
            };
            match columns(&inner.plus, ly) {
                None => {
                    outer_edge(canvas, v0, s0);
                    canvas.span(y, s0, s1, *stroke, Coverage::Full);
                    outer_edge(canvas, s1, v1);
                }
                Some((p0, p1)) if p0 >= s0 && p1 <= s1 => {
                    outer_edge(canvas, v0, s0);
                    canvas.span(y, s0, p0, *stroke, Coverage::Full);
                    match columns(&inner.minus, ly) {
                        Some((m0, m1)) if m0 >= p0 && m1 <= p1 => {
                            inner_edge(canvas, p0, m0);
                            if let Some(fill) = &self.fill {
                                fill.span(canvas, &rows, (y, ly), (m0, m1), u8::MAX);
                            }
                            inner_edge(canvas, m1, p1);
                        }
                        _ => shade(canvas, p0, p1),
                    }
                    canvas.span(y, p1, s1, *stroke, Coverage::Full);
                    outer_edge(canvas, s1, v1);
                }
                Some(_) => shade(canvas, v0, v1),
            }
        }
        true
    }
}

/// A row of a filled outline without a stroke, whose visible pixels are `v0..v1`, in
/// `paint` covered by `alpha` (the shape's fill at 255, a shadow at its opacity): the
/// whole pixels as a span, the runs of one coverage (a rectangle's top and bottom rows,
/// a rounded rectangle's between its corners) as spans of that coverage, the other
/// pixels near the edge one by one. The values [`SoftOutline::coverage`] gives, times
/// `alpha`.
fn fill_row<C: RenderColor, F: Falloff>(
    canvas: &mut Canvas<'_, C>,
    rows: &AxisRows,
    (y, ly): (i32, Fx),
    (v0, v1): (i32, i32),
    outline: &SoftOutline<F>,
    paint: &Paint,
    alpha: u8,
) {
    // The columns of a run of anchor-space x, clamped to the visible ones.
    let columns = |(first, last): (Fx, Fx)| {
        let (x0, x1) = rows.columns(first, last);
        (x0.clamp(v0, v1), x1.clamp(v0, v1))
    };
    // Pixels in `plus` but not in `minus`: the edge's coverage, known to be needed,
    // blended as `Canvas::blend` would, straight into the clipped row.
    let edge = |canvas: &mut Canvas<'_, C>, x0: i32, x1: i32| {
        let Some((pixels, start, opacity)) = canvas.row_mut(y, x0, x1) else {
            return;
        };
        let point = |x: i32| FxPoint {
            x: rows.x_at(x),
            y: ly,
        };
        let cover = |p: FxPoint| {
            let c = outline.edge.coverage(p, &outline.ramp);
            span::times(span::times(c, alpha), opacity)
        };
        match paint {
            Paint::Flat(color) => {
                let ink = C::from_rgb888(*color);
                for (x, pixel) in (start..).zip(pixels.iter_mut()) {
                    match cover(point(x)) {
                        0 => {}
                        u8::MAX => *pixel = ink,
                        a => *pixel = ink.blend(*pixel, a),
                    }
                }
            }
            #[cfg(feature = "shape-effects")]
            Paint::Linear(_) => {
                // Dithered, as the gradient's spans are.
                for (x, pixel) in (start..).zip(pixels.iter_mut()) {
                    let p = point(x);
                    let ink = || C::from_rgb888_dithered(paint.at(p), x, y);
                    match cover(p) {
                        0 => {}
                        u8::MAX => *pixel = ink(),
                        a => *pixel = ink().blend(*pixel, a),
                    }
                }
            }
        }
    };
    let flat = outline
        .edge
        .flat_run(ly, outline.ramp.half())
        .map(columns)
        .filter(|(f0, f1)| f0 < f1);
    // A band of edge pixels, with its run of one coverage as a span.
    let band = |canvas: &mut Canvas<'_, C>, x0: i32, x1: i32| match flat {
        Some((f0, f1)) if f0 < x1 && f1 > x0 => {
            let (a, b) = (f0.max(x0), f1.min(x1));
            edge(canvas, x0, a);
            let p = FxPoint {
                x: rows.x_at(a),
                y: ly,
            };
            let cover = span::times(outline.edge.coverage(p, &outline.ramp), alpha);
            if cover > 0 {
                paint.span(canvas, rows, (y, ly), (a, b), cover);
            }
            edge(canvas, b, x1);
        }
        _ => edge(canvas, x0, x1),
    };
    match outline
        .minus
        .row_span(ly)
        .map(columns)
        .filter(|(s0, s1)| s0 < s1)
    {
        Some((s0, s1)) => {
            band(canvas, v0, s0);
            paint.span(canvas, rows, (y, ly), (s0, s1), alpha);
            band(canvas, s1, v1);
        }
        None => band(canvas, v0, v1),
    }
}

/// Half a screen pixel in the anchor-space units of a node drawn through `to_screen`,
/// along the direction the map stretches most (`0.5 / σ`, `σ` the larger singular value
/// of its linear part): so a pixel with any coverage has its centre less than half a
/// pixel, on screen, from the outline, and touches the node's box, which the damage
/// covers. `None` for a map that flattens the node.
pub(crate) fn half_pixel(to_screen: &crate::Affine2) -> Option<Fx> {
    let m = to_screen;
    // A map that neither turns nor shears (the common case) stretches most along an
    // axis: no square root then.
    let sigma = if m.b.to_bits() << 1 == 0 && m.c.to_bits() << 1 == 0 {
        if m.a == 0.0 || m.d == 0.0 {
            return None;
        }
        libm::fabsf(m.a).max(libm::fabsf(m.d))
    } else {
        let det = m.a * m.d - m.b * m.c;
        let sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
        let spread = libm::sqrtf((sum * sum - 4.0 * det * det).max(0.0));
        if det == 0.0 {
            return None;
        }
        libm::sqrtf((sum + spread) / 2.0)
    };
    if !(sigma.is_finite() && sigma > 0.0) {
        return None;
    }
    // At scale 1, exactly half a pixel (no division).
    if sigma == 1.0 {
        return Some(FX_ONE / 2);
    }
    Some(fx(0.5 / sigma).max(1))
}

/// The narrowest region (in pixels) whose rounded or elliptic rows a 32-bit core draws as
/// spans: there a row's ends cost a 128-bit square root in software, more than testing
/// a few pixels one by one. A 64-bit processor finds them faster than it tests two
/// pixels, and always draws spans. The pixels are the same either way.
const MIN_CURVED_SPAN: u32 = 24;

/// The rows a shape of `outline` over `bounds` draws a row at a time: the canvas's
/// [`axis_rows`](Canvas::axis_rows), unless the outline is curved and narrower than
/// [`MIN_CURVED_SPAN`] on a 32-bit core (then pixel by pixel is cheaper).
fn span_rows<C: RenderColor>(
    canvas: &Canvas<'_, C>,
    bounds: Rect,
    outline: &Outline,
) -> Option<AxisRows> {
    let rows = canvas.axis_rows(bounds)?;
    let curved = !matches!(outline, Outline::Rectangle(_));
    let narrow = cfg!(not(target_pointer_width = "64")) && rows.width() < MIN_CURVED_SPAN;
    (!(curved && narrow)).then_some(rows)
}

/// Draws a closed shape as spans, one or three a row, when the node's map keeps the
/// axes apart (see [`Canvas::axis_rows`]); false when it does not.
fn draw_spans<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    bounds: Rect,
    outer: &Outline,
    inner: Option<&(Outline, Rgb888)>,
    fill: Option<&Paint>,
) -> bool {
    let Some(rows) = span_rows(canvas, bounds, outer) else {
        return false;
    };
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
                canvas.split_span(y, run, hole, Some(*stroke), None);
                if let Some(fill) = fill {
                    // The middle `split_span` leaves.
                    let (x0, x1) = run;
                    let i0 = hole.0.clamp(x0, x1.max(x0));
                    let i1 = hole.1.clamp(i0, x1.max(i0));
                    fill.span(canvas, &rows, (y, ly), (i0, i1), u8::MAX);
                }
            }
            None => {
                if let Some(fill) = fill {
                    fill.span(canvas, &rows, (y, ly), run, u8::MAX);
                }
            }
        }
    }
    true
}

/// Draws a shadow's outline in `color` at `opacity` over the pixels of `bounds`: a
/// row at a time when the node's map keeps the axes apart, leaving out the columns of
/// each row that `hidden` (the shape's outline where it is opaque, drawn next) holds;
/// through the sampler otherwise. The same pixels either way, once the shape is drawn.
fn draw_shadow<C: RenderColor, F: Falloff>(
    canvas: &mut Canvas<'_, C>,
    bounds: Rect,
    outline: &SoftOutline<F>,
    (color, opacity): (Rgb888, u8),
    hidden: Option<&Outline>,
) {
    let Some(rows) = span_rows(canvas, bounds, &outline.edge) else {
        canvas.paint_fixed(bounds, |p| {
            let alpha = span::times(outline.coverage(p), opacity);
            (alpha > 0).then_some((color, alpha))
        });
        return;
    };
    let paint = Paint::Flat(color);
    let columns = |outline: &Outline, ly: Fx| {
        outline
            .row_span(ly)
            .map(|(first, last)| rows.columns(first, last))
            .filter(|(x0, x1)| x0 < x1)
    };
    for (y, ly) in rows.rows() {
        let Some((v0, v1)) = columns(&outline.plus, ly) else {
            continue;
        };
        match hidden.and_then(|h| columns(h, ly)) {
            Some((h0, h1)) => {
                for (x0, x1) in [(v0, h0.min(v1)), (h1.max(v0), v1)] {
                    if x0 < x1 {
                        fill_row(canvas, &rows, (y, ly), (x0, x1), outline, &paint, opacity);
                    }
                }
            }
            None => fill_row(canvas, &rows, (y, ly), (v0, v1), outline, &paint, opacity),
        }
    }
}

impl Shape {
    /// Draws the shadow, if any (see [`Shadow`]), before the shape over `content`,
    /// filled with `paint`; `half` is half a pixel in anchor units when the shape is
    /// anti-aliased. Not inlined, as the anti-aliased paths below.
    #[inline(never)]
    #[cfg(feature = "shape-effects")]
    fn draw_shadow<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        content: Rect,
        half: Option<Fx>,
        paint: Option<&Paint>,
    ) {
        let Some(shadow) = self.drawn_shadow() else {
            return;
        };
        let bounds = shadow.bounds(content);
        let moved = Rect::new(
            content.x + shadow.offset.x,
            content.y + shadow.offset.y,
            content.width,
            content.height,
        );
        // Where the shape is opaque, the shadow needs no drawing: the shape covers it
        // with its own colour (on an opaque node only).
        let hidden = (canvas.opacity() == u8::MAX && paint.is_some())
            .then(|| Outline::inset(&self.geometry, &content, half.unwrap_or(0)));
        let ink = (shadow.color, shadow.opacity);
        let blur = half_blur(shadow);
        let geometry = &self.geometry;
        if let Some(half) = half.filter(|&half| blur <= half) {
            // No blur, or less than a pixel: the anti-aliased outline.
            let outline = SoftOutline::new(geometry, &moved, 0, half);
            draw_shadow(canvas, bounds, &outline, ink, hidden.as_ref());
        } else if blur == 0 {
            // Hard-edged.
            let outline = SoftOutline::new(geometry, &moved, 0, 0);
            draw_shadow(canvas, bounds, &outline, ink, hidden.as_ref());
        } else {
            let outline = SoftOutline::with_falloff(geometry, &moved, 0, blur, Smooth::new(blur));
            draw_shadow(canvas, bounds, &outline, ink, hidden.as_ref());
        }
    }
}

// The anti-aliased paths, each a function of its own that is not inlined: their state
// (three outlines per edge, an arc's or a polygon's) then takes the stack only while
// they draw, not in every shape's `draw` frame (the board's stack budget: with them
// inlined the worst-case render step took 3 068 B of its 2 048).

/// An anti-aliased rectangle, rounded rectangle or ellipse over `content`, `half` half
/// a pixel in anchor units.
#[inline(never)]
fn draw_soft_closed<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    (geometry, content, bounds): (&Geometry, Rect, Rect),
    fill: Option<Paint>,
    stroke: Option<Stroke>,
    half: Fx,
) {
    let soft = SoftShape {
        outer: SoftOutline::new(geometry, &content, 0, half),
        inner: stroke.map(|s| {
            let inner = SoftOutline::new(geometry, &content, fx(s.width), half);
            (inner, s.color)
        }),
        fill,
    };
    if !soft.draw_rows(canvas, bounds) {
        canvas.paint_fixed_dithering(bounds, |p| soft.shade(p));
    }
}

/// A line in fixed point: anti-aliased, or with square ends.
#[inline(never)]
fn draw_soft_line<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    bounds: Rect,
    (a, b, cap): (Vec2, Vec2, Cap),
    stroke: Stroke,
    soft: bool,
) {
    let Some(half) = canvas.half_pixel() else {
        return;
    };
    if let Some(line) = SoftLine::new(a, b, stroke.width, cap, half) {
        canvas.paint_fixed(bounds, |p| {
            let alpha = line.alpha(p, soft);
            (alpha > 0).then_some((stroke.color, alpha))
        });
    }
}

/// An anti-aliased polygon through `points` (anchor space).
#[inline(never)]
fn draw_soft_polygon<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    bounds: Rect,
    points: &[Vec2],
    fill: Option<Rgb888>,
    stroke: Option<Stroke>,
) {
    let Some(half) = canvas.half_pixel() else {
        return;
    };
    let stroke = stroke.map(|s| (s.width, s.color));
    if let Some(polygon) = SoftPolygon::new(points, fill, stroke, half, true) {
        canvas.paint_fixed(bounds, |p| polygon.shade(p));
    }
}

/// An arc of the ring inscribed in the node's content. Its set-up comes from the
/// renderer's [`ArcCache`](crate::render::arc_cache::ArcCache) when the canvas has one:
/// worked out once for all the tiles and frames that draw the same arc.
#[cfg(feature = "shape-arcs")]
#[inline(never)]
fn draw_arc<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    bounds: Rect,
    (start_degrees, sweep_degrees, thickness, cap): (f32, f32, f32, Cap),
    fill: Rgb888,
    soft: bool,
) {
    let Some(half) = canvas.half_pixel() else {
        return;
    };
    let content = canvas.content();
    let sweep = (start_degrees, sweep_degrees);
    let make = || ArcShader::new(&content, sweep, thickness, cap, half, soft);
    let mut arcs = canvas.take_arcs();
    let made;
    let arc = match arcs.as_deref_mut() {
        Some(kept) => kept.get(
            &ArcKey::new(&content, sweep, thickness, cap, half, soft),
            make,
        ),
        None => {
            made = make();
            made.as_ref()
        }
    };
    if let Some(arc) = arc {
        match canvas.axis_rows(bounds) {
            // A redraw of something inside a dial costs the arc next to nothing.
            Some(rows) if arc.hole_holds(&rows) => {}
            Some(rows) => arc.draw_axis_rows(canvas, rows, fill),
            None => arc.draw_sampled(canvas, bounds, fill),
        }
    }
    canvas.put_arcs(arcs);
}

impl Draw for Shape {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let bounds = self.shape_bounds(content);
        #[cfg(feature = "shape-lines")]
        if let Geometry::Line { from, to, cap } = &self.geometry {
            if let Some(stroke) = self.stroke {
                let (a, b) = (
                    Shape::to_anchor_space(content, *from),
                    Shape::to_anchor_space(content, *to),
                );
                // Anti-aliased, or square ends: in fixed point.
                if self.antialias || *cap == Cap::Butt {
                    draw_soft_line(canvas, bounds, (a, b, *cap), stroke, self.antialias);
                    return;
                }
                let half = stroke.width / 2.0;
                canvas.paint(bounds, |p| {
                    (distance_to_segment(a, b, p) <= half).then_some((stroke.color, 255))
                });
            }
            return;
        }
        #[cfg(feature = "shape-arcs")]
        if let Geometry::Arc {
            start_degrees,
            sweep_degrees,
            thickness,
            cap,
        } = self.geometry
        {
            if let Some(fill) = self.fill {
                let sweep = (start_degrees, sweep_degrees, thickness, cap);
                draw_arc(canvas, bounds, sweep, fill, self.antialias);
            }
            return;
        }
        let stroke = self.stroke.filter(|s| s.width > 0.0);
        #[cfg(feature = "shape-lines")]
        if let Geometry::Polygon { points } = &self.geometry {
            let fill = self.fill;
            let mut moved: Vec<Vec2, MAX_POLYGON_POINTS> = Vec::new();
            for &q in points {
                let _ = moved.push(Shape::to_anchor_space(content, q));
            }
            if self.antialias {
                draw_soft_polygon(canvas, bounds, &moved, fill, stroke);
                return;
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
        let fill = self.paint(&content);
        // Anti-aliased: half a pixel in anchor units (nothing to draw on a map that
        // flattens the node).
        let half = if self.antialias {
            let Some(half) = canvas.half_pixel() else {
                return;
            };
            Some(half)
        } else {
            None
        };
        // Tested here: the shadow's drawing takes a large frame of the stack, which a
        // shape without one should not pay for.
        #[cfg(feature = "shape-effects")]
        if self.drawn_shadow().is_some() {
            self.draw_shadow(canvas, content, half, fill.as_ref());
        }
        if let Some(half) = half {
            draw_soft_closed(
                canvas,
                (&self.geometry, content, bounds),
                fill,
                stroke,
                half,
            );
            return;
        }
        let outer = Outline::new(&self.geometry, &content, 0.0);
        let inner = stroke.map(|s| (Outline::new(&self.geometry, &content, s.width), s.color));
        if draw_spans(canvas, bounds, &outer, inner.as_ref(), fill.as_ref()) {
            return;
        }
        canvas.paint_fixed_dithering(bounds, |p| {
            if !outer.contains(p) {
                return None;
            }
            match &inner {
                Some((inner, color)) if !inner.contains(p) => Some((*color, 255, false)),
                _ => fill
                    .as_ref()
                    .map(|paint| (paint.at(p), 255, paint.dithers())),
            }
        });
    }

    fn appearance(&self) -> u32 {
        let mut f = Fingerprint::new();
        match &self.geometry {
            Geometry::Rectangle => f = f.word(1),
            Geometry::RoundedRectangle { radius } => f = f.word(2).float(*radius),
            Geometry::Ellipse => f = f.word(3),
            #[cfg(feature = "shape-lines")]
            Geometry::Line { from, to, cap } => {
                f = f
                    .word(4)
                    .float(from.x)
                    .float(from.y)
                    .float(to.x)
                    .float(to.y)
                    .word(u32::from(*cap == Cap::Round));
            }
            #[cfg(feature = "shape-lines")]
            Geometry::Polygon { points } => {
                f = f.word(5).word(points.len() as u32);
                for p in points {
                    f = f.float(p.x).float(p.y);
                }
            }
            // The start and the sweep are the damage key: a new sweep repaints only what
            // changed (`changed_area`).
            #[cfg(feature = "shape-arcs")]
            Geometry::Arc { thickness, cap, .. } => {
                f = f
                    .word(6)
                    .float(*thickness)
                    .word(u32::from(*cap == Cap::Round));
            }
        }
        f = match self.fill {
            Some(color) => f.word(1).color(color),
            None => f.word(0),
        };
        f = f.word(u32::from(self.antialias));
        f = match self.stroke {
            Some(s) => f.word(1).color(s.color).float(s.width),
            None => f.word(0),
        };
        #[cfg(feature = "shape-effects")]
        {
            f = self.effects_appearance(f);
        }
        f.finish()
    }

    /// An arc's start and sweep (their bits); 0 for the other geometries.
    fn damage_key(&self) -> u64 {
        #[cfg(feature = "shape-arcs")]
        if let Geometry::Arc {
            start_degrees,
            sweep_degrees,
            ..
        } = self.geometry
        {
            return u64::from(start_degrees.to_bits()) << 32 | u64::from(sweep_degrees.to_bits());
        }
        0
    }

    /// An arc whose sweep changed from the same start: the band between the old and
    /// the new end (a gauge moving repaints what moved, not its ring).
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        #[cfg(feature = "shape-arcs")]
        if let Geometry::Arc {
            start_degrees,
            sweep_degrees,
            thickness,
            ..
        } = self.geometry
        {
            let (start, old) = (
                f32::from_bits((previous_key >> 32) as u32),
                f32::from_bits(previous_key as u32),
            );
            if start.to_bits() != start_degrees.to_bits() {
                return None;
            }
            return crate::render::arc::changed_sweep(
                &content,
                start_degrees,
                (old, sweep_degrees),
                thickness,
            );
        }
        let _ = (content, previous_key);
        None
    }

    fn local_bounds(&self, content: Rect) -> Rect {
        let bounds = self.shape_bounds(content);
        #[cfg(feature = "shape-effects")]
        if let Some(shadow) = self.drawn_shadow() {
            return bounds.union(&shadow.bounds(content));
        }
        bounds
    }
}

impl Shape {
    /// The gradient's and shadow's part of the appearance.
    #[cfg(feature = "shape-effects")]
    fn effects_appearance(&self, mut f: Fingerprint) -> Fingerprint {
        f = match self.gradient {
            Some(g) => {
                f = f
                    .word(1)
                    .float(g.angle_degrees)
                    .word(g.stops().len() as u32);
                for stop in g.stops() {
                    f = f.float(stop.offset).color(stop.color);
                }
                f
            }
            None => f.word(0),
        };
        match self.shadow {
            Some(s) => f
                .word(1)
                .float(s.offset.x)
                .float(s.offset.y)
                .float(s.blur)
                .color(s.color)
                .word(u32::from(s.opacity)),
            None => f.word(0),
        }
    }

    /// The shape's own bounds (anchor space), without its shadow.
    fn shape_bounds(&self, content: Rect) -> Rect {
        match &self.geometry {
            #[cfg(feature = "shape-lines")]
            Geometry::Line { from, to, cap } => {
                let half = self.stroke.map_or(0.0, |s| s.width / 2.0);
                // A square end's corners lie up to half the width both along and across
                // the segment from its point: √2 times half the width away.
                let half = match cap {
                    Cap::Round => half,
                    Cap::Butt => half * core::f32::consts::SQRT_2,
                };
                bounds_of(
                    &[
                        Shape::to_anchor_space(content, *from),
                        Shape::to_anchor_space(content, *to),
                    ],
                    half,
                )
            }
            #[cfg(feature = "shape-lines")]
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

#[cfg(all(test, feature = "shape-effects"))]
mod tests {
    use super::*;
    use crate::math::Affine2;
    use crate::render::canvas::NodeMaps;
    use embedded_graphics::pixelcolor::Rgb565;
    use embedded_graphics::prelude::Size;
    use embedded_graphics::primitives::Rectangle;

    const SIDE: usize = 40;
    const BACK: Rgb565 = Rgb565::new(5, 10, 15);
    static GRADIENT: Gradient = Gradient::linear(
        35.0,
        [
            (0.0, Rgb888::new(200, 40, 90)),
            (0.4, Rgb888::new(30, 180, 61)),
            (1.0, Rgb888::new(90, 91, 250)),
        ],
    );

    /// A gradient-filled anti-aliased shape over `content`, with a stroke of `stroke`
    /// units or none, in a 40 × 40 tile clipped to `clip`: drawn a row at a time and by
    /// the sampler (`None` when the map does not keep the axes apart).
    fn both(
        to_screen: Affine2,
        geometry: &Geometry,
        content: Rect,
        stroke: Option<f32>,
        clip: Rectangle,
    ) -> Option<(Vec<Rgb565, { SIDE * SIDE }>, Vec<Rgb565, { SIDE * SIDE }>)> {
        let half = half_pixel(&to_screen)?;
        let soft = SoftShape {
            outer: SoftOutline::new(geometry, &content, 0, half),
            inner: stroke.map(|w| {
                let inner = SoftOutline::new(geometry, &content, fx(w), half);
                (inner, Rgb888::new(250, 250, 20))
            }),
            fill: Some(Paint::Linear(LinearShader::new(&GRADIENT, &content)?)),
        };
        let tile = Rectangle::new(Point::zero(), Size::new(SIDE as u32, SIDE as u32));
        let maps = NodeMaps::new(&to_screen, &content);
        let blank = || Vec::from_slice(&[BACK; SIDE * SIDE]).ok();
        let (mut rows, mut sampled): (Vec<Rgb565, { SIDE * SIDE }>, _) = (blank()?, blank()?);
        let mut canvas = Canvas::new(&mut rows, tile, clip, to_screen, content, 255, &maps);
        if !soft.draw_rows(&mut canvas, content) {
            return None;
        }
        let mut canvas = Canvas::new(&mut sampled, tile, clip, to_screen, content, 255, &maps);
        canvas.paint_fixed_dithering(content, |p| soft.shade(p));
        Some((rows, sampled))
    }

    /// A gradient's pixels do not depend on the path that draws them or on the tile's
    /// clip: near an edge, under a stroke's inner edge, in the whole run between, the
    /// row-at-a-time path gives the sampler's pixels, and a clipped tile the pixels of a
    /// whole one (dithered alike: a gradient by screen pixel, a flat stroke not at all).
    /// Clips once sent a shape's row down the per-pixel path, which did not dither.
    #[test]
    fn a_gradient_is_the_same_pixels_on_every_path_and_through_every_clip() {
        let whole = Rectangle::new(Point::zero(), Size::new(SIDE as u32, SIDE as u32));
        let clips = [
            whole,
            Rectangle::new(Point::new(1, 31), Size::new(7, 1)),
            Rectangle::new(Point::new(0, 24), Size::new(4, 7)),
            Rectangle::new(Point::new(9, 3), Size::new(5, 30)),
            Rectangle::new(Point::new(13, 18), Size::new(20, 2)),
        ];
        // Upright, moved by fractions, squeezed (the case that found it), mirrored.
        let maps = [
            (1.0, -1.0, 20.0, 20.0),
            (0.640693, -0.3, 3.4, 30.9),
            (1.37, -0.8, 19.6, 21.3),
            (-1.0, -1.5, 20.5, 20.2),
            (0.3, -1.7731076, 11.0, 18.5),
        ];
        let geometries = [
            Geometry::Rectangle,
            Geometry::RoundedRectangle { radius: 3.0 },
            Geometry::Ellipse,
        ];
        let mut checked = 0;
        for (a, d, tx, ty) in maps {
            let to_screen = Affine2 {
                a,
                b: 0.0,
                c: 0.0,
                d,
                tx,
                ty,
            };
            for geometry in &geometries {
                for stroke in [None, Some(1.0), Some(2.5)] {
                    let content = Rect::new(-9.0, -4.0, 18.0, 8.0);
                    let case = (a, d, tx, ty, geometry, stroke);
                    let Some((full, _)) = both(to_screen, geometry, content, stroke, whole) else {
                        continue;
                    };
                    for clip in clips {
                        let Some((rows, sampled)) =
                            both(to_screen, geometry, content, stroke, clip)
                        else {
                            continue;
                        };
                        for (i, (r, s)) in rows.iter().zip(&sampled).enumerate() {
                            let (x, y) = ((i % SIDE) as i32, (i / SIDE) as i32);
                            assert_eq!(r, s, "({x}, {y}) of {case:?} in {clip:?}: rows, sampler");
                            let clipped = if clip.contains(Point::new(x, y)) {
                                full[i]
                            } else {
                                BACK
                            };
                            assert_eq!(*r, clipped, "({x}, {y}) of {case:?} in {clip:?}, whole");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 5 * 3 * 3 * 5);
    }
}
