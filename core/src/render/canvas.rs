//! What a component draws on: the part of the screen being redrawn (a tile of the
//! renderer's buffer), with the node's transform, content rectangle and opacity.
//!
//! Everything is sampled at pixel centres: a screen pixel `(x, y)` belongs to a shape
//! when the point `(x + 0.5, y + 0.5)`, taken back to the node's anchor space, is inside
//! it (left and bottom edges in, right and top edges out). The same rule holds for every
//! transform, rotated and scaled ones included, and a pixel's colour depends only on
//! the pixel, never on which tile drew it: a partial redraw is pixel-identical to a
//! full one.

use core::convert::Infallible;

use embedded_graphics::geometry::{Dimensions, Point, Size};
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::{draw_target::DrawTarget, Pixel};

#[cfg(feature = "shape-arcs")]
use crate::render::arc_cache::ArcCache;
use crate::render::color::RenderColor;
use crate::render::fixed::{Fx, FxAxis, FxMap, FxPoint, FxRow, FX_SHIFT};
use crate::render::label::{LayoutKey, TextCache};
use crate::render::span::{self, Coverage};
use crate::{Affine2, Rect, Vec2};

/// The node-level view of a tile: where to draw, and how the node maps to the screen.
pub struct Canvas<'a, C> {
    pixels: &'a mut [C],
    tile: Rectangle,
    clip: Rectangle,
    to_screen: Affine2,
    maps: &'a NodeMaps,
    content: Rect,
    anchor: Vec2,
    opacity: u8,
    /// What the label's blitter keeps between tiles, and which label draws now.
    text: Option<(&'a mut TextCache, LayoutKey)>,
    /// The arcs' set-ups the renderer keeps between tiles and frames.
    #[cfg(feature = "shape-arcs")]
    arcs: Option<&'a mut ArcCache>,
}

/// The anchor fractions of a content rectangle `(-anchor · size, size)`, axis by axis;
/// `0.5` on an axis of zero size, which does not tell it.
#[cfg(test)]
fn anchor_of(content: &Rect) -> Vec2 {
    let fraction = |origin: f32, extent: f32| {
        if extent > 0.0 && extent.is_finite() {
            -origin / extent
        } else {
            0.5
        }
    };
    Vec2::new(
        fraction(content.x, content.width),
        fraction(content.y, content.height),
    )
}

/// What a canvas derives from a node's transform and content rectangle, worked out once
/// a frame (the renderer keeps it with each node it lists) rather than for every tile
/// the node is drawn in: the inverse transform in fixed point and the pixels covering
/// the content rectangle. The `f32` inverse of the general path ([`Canvas::paint`]) is
/// not kept: that path is slow anyway, and the maps stay small.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeMaps {
    /// `to_screen`'s inverse in fixed point; meaningless unless `invertible`.
    fixed: FxMap,
    invertible: bool,
    /// The screen pixels whose centres may fall in the content rectangle (before any
    /// clip): what [`Canvas::area`] gives for it.
    content_cover: Rectangle,
    /// Half a screen pixel in anchor-space units (see [`Canvas::half_pixel`]).
    half: Option<Fx>,
    /// The map one axis at a time, when it keeps the axes apart (see
    /// [`Canvas::axis_rows`]): worked out once with the maps, not per draw.
    axes: Option<(FxAxis, FxAxis)>,
}

impl NodeMaps {
    /// The maps of a node drawn through `to_screen` with content rectangle `content`.
    pub(crate) fn new(to_screen: &Affine2, content: &Rect) -> Self {
        let to_local = to_screen.inverse();
        let fixed = FxMap::new(&to_local.unwrap_or(*to_screen));
        NodeMaps {
            fixed,
            invertible: to_local.is_some(),
            content_cover: cover(to_screen, content),
            half: crate::render::shape::half_pixel(to_screen),
            axes: to_local.and_then(|_| fixed.axes()),
        }
    }
}

/// The screen pixels whose centres may fall in `local` (anchor space) under
/// `to_screen`: the rectangle [`Canvas::area`] clips.
fn cover(to_screen: &Affine2, local: &Rect) -> Rectangle {
    // The pixels the rectangle's screen box touches, as the damage of a node's bounds
    // takes them: a drawable whose pixels reach half a pixel past its outline (an
    // anti-aliased edge) draws no pixel the damage leaves out.
    pixel_cover(&to_screen.transform_rect(local))
}

/// Whether two rectangles are the same bit for bit (an integer comparison: no float
/// operation on a board without an FPU).
pub(crate) fn same_rect(a: &Rect, b: &Rect) -> bool {
    a.x.to_bits() == b.x.to_bits()
        && a.y.to_bits() == b.y.to_bits()
        && a.width.to_bits() == b.width.to_bits()
        && a.height.to_bits() == b.height.to_bits()
}

impl<'a, C: RenderColor> Canvas<'a, C> {
    /// A canvas over `pixels` (row-major, `tile.size.width` per row) covering `tile` on
    /// screen, drawing only inside `clip`, for a node whose anchor space maps to screen
    /// pixels through `to_screen`.
    /// `maps` are the node's [`NodeMaps`] (`NodeMaps::new(&to_screen, &content)`).
    #[cfg(test)]
    pub(crate) fn new(
        pixels: &'a mut [C],
        tile: Rectangle,
        clip: Rectangle,
        to_screen: Affine2,
        content: Rect,
        opacity: u8,
        maps: &'a NodeMaps,
    ) -> Self {
        let anchor = anchor_of(&content);
        Canvas::with_maps(
            pixels,
            tile,
            clip,
            to_screen,
            (content, anchor),
            opacity,
            maps,
        )
    }

    /// [`new`](Self::new) with the node's [`NodeMaps`] worked out beforehand, for a
    /// node of content rectangle and anchor `shape`.
    pub(crate) fn with_maps(
        pixels: &'a mut [C],
        tile: Rectangle,
        clip: Rectangle,
        to_screen: Affine2,
        shape: (Rect, Vec2),
        opacity: u8,
        maps: &'a NodeMaps,
    ) -> Self {
        Canvas {
            pixels,
            tile,
            clip: intersect(&clip, &tile),
            to_screen,
            maps,
            content: shape.0,
            anchor: shape.1,
            opacity,
            text: None,
            #[cfg(feature = "shape-arcs")]
            arcs: None,
        }
    }

    /// This canvas with what the label's blitter keeps between the tiles of a draw
    /// pass (laid-out glyphs, where large glyphs' decoding stopped), for the drawable
    /// `key` names.
    pub(crate) fn with_text(mut self, text: &'a mut TextCache, key: LayoutKey) -> Self {
        self.text = Some((text, key));
        self
    }

    /// Takes out what [`with_text`](Self::with_text) gave, if anything (hand it back
    /// with [`put_text`](Self::put_text)).
    pub(crate) fn take_text(&mut self) -> Option<(&'a mut TextCache, LayoutKey)> {
        self.text.take()
    }

    /// Hands back what [`take_text`](Self::take_text) took.
    pub(crate) fn put_text(&mut self, text: Option<(&'a mut TextCache, LayoutKey)>) {
        self.text = text;
    }

    /// This canvas with the arcs' set-ups the renderer keeps between tiles and frames.
    #[cfg(feature = "shape-arcs")]
    pub(crate) fn with_arcs(mut self, arcs: &'a mut ArcCache) -> Self {
        self.arcs = Some(arcs);
        self
    }

    /// Takes out what [`with_arcs`](Self::with_arcs) gave, if anything (hand it back
    /// with [`put_arcs`](Self::put_arcs)).
    #[cfg(feature = "shape-arcs")]
    pub(crate) fn take_arcs(&mut self) -> Option<&'a mut ArcCache> {
        self.arcs.take()
    }

    /// Hands back what [`take_arcs`](Self::take_arcs) took.
    #[cfg(feature = "shape-arcs")]
    pub(crate) fn put_arcs(&mut self, arcs: Option<&'a mut ArcCache>) {
        self.arcs = arcs;
    }

    /// Half a screen pixel in the node's anchor-space units, along the direction its map
    /// stretches most; `None` for a map that flattens the node. Worked out once with
    /// the node's maps, not per draw.
    pub(crate) fn half_pixel(&self) -> Option<Fx> {
        self.maps.half
    }

    /// The node's content rectangle in its anchor space: `(-anchor · size, size)`.
    pub fn content(&self) -> Rect {
        self.content
    }

    /// The node's anchor fractions, `(0, 0)` its content's bottom-left corner and
    /// `(1, 1)` its top-right one. On a node of zero size the content rectangle is an
    /// empty point and says nothing of the anchor: a drawable whose box follows the
    /// anchor there (a label's text) reads it here.
    pub fn anchor(&self) -> Vec2 {
        self.anchor
    }

    /// The node's opacity, its ancestors' included (0 transparent, 255 opaque).
    pub fn opacity(&self) -> u8 {
        self.opacity
    }

    /// The matrix from the node's anchor space to screen pixels (y down).
    pub fn to_screen(&self) -> Affine2 {
        self.to_screen
    }

    /// Whether the node is drawn without rotation or mirroring (text and other
    /// pixel-exact drawing use this).
    pub fn is_axis_aligned(&self) -> bool {
        let m = self.to_screen;
        m.b == 0.0 && m.c == 0.0 && m.a >= 0.0 && m.d <= 0.0
    }

    /// The screen pixel whose centre is nearest to a point of anchor space.
    pub fn screen_point(&self, local: Vec2) -> Point {
        let p = self.to_screen.transform_point(local);
        Point::new(libm::floorf(p.x) as i32, libm::floorf(p.y) as i32)
    }

    /// Paints the pixels whose centres fall in `local_bounds` (anchor space) and for
    /// which `shade` returns a colour and an alpha; the node's opacity multiplies the
    /// alpha. The general path, in `f32`: every custom drawable, images, lines and
    /// polygons. See [`paint_fixed`](Self::paint_fixed) for the fast one.
    pub fn paint(
        &mut self,
        local_bounds: Rect,
        mut shade: impl FnMut(Vec2) -> Option<(Rgb888, u8)>,
    ) {
        let Some(area) = self.area(local_bounds) else {
            return;
        };
        let Some(to_local) = self.to_screen.inverse() else {
            return;
        };
        for y in area.top_left.y..area.top_left.y + area.size.height as i32 {
            for x in area.top_left.x..area.top_left.x + area.size.width as i32 {
                let centre = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let local = to_local.transform_point(centre);
                if let Some((color, alpha)) = shade(local) {
                    self.blend(Point::new(x, y), color, alpha);
                }
            }
        }
    }

    /// [`paint`](Self::paint) in fixed point: `shade` gets each pixel centre in anchor
    /// space as an [`FxPoint`] (16 fractional bits), found by integer steps along the
    /// row. No floating-point operation per pixel, which is what a board without an FPU
    /// needs; the built-in shapes draw this way when turned (unturned, they fill whole
    /// runs of a row: [`axis_rows`](Self::axis_rows) and [`span`](Self::span)). See
    /// [`fixed`](super::fixed) for the precision and range.
    pub fn paint_fixed(
        &mut self,
        local_bounds: Rect,
        mut shade: impl FnMut(FxPoint) -> Option<(Rgb888, u8)>,
    ) {
        self.paint_fixed_dithering(local_bounds, |p| shade(p).map(|(c, a)| (c, a, false)));
    }

    /// [`paint_fixed`](Self::paint_fixed) where `shade` also says, for each pixel,
    /// whether its colour is dithered by screen pixel
    /// ([`RenderColor::from_rgb888_dithered`]): a gradient's pixels are, whichever path
    /// draws them (see [`blend_dithering`](Self::blend_dithering)).
    #[inline(always)]
    pub(crate) fn paint_fixed_dithering(
        &mut self,
        local_bounds: Rect,
        mut shade: impl FnMut(FxPoint) -> Option<(Rgb888, u8, bool)>,
    ) {
        if !self.maps.invertible {
            return;
        }
        let Some(area) = self.area(local_bounds) else {
            return;
        };
        let map = &self.maps.fixed;
        let opacity = self.opacity;
        let (x0, width) = (area.top_left.x, area.size.width as usize);
        for row in area.top_left.y..area.top_left.y + area.size.height as i32 {
            // `area` lies inside the clip: no test per pixel.
            let Some(pixels) = tile_row(self.pixels, &self.tile, row, x0, width) else {
                continue;
            };
            // One call of `shade` in the loop, so that it is inlined: the 64-bit walk
            // of `FxRow::next_point` in locals, the rare 128-bit one out of line.
            let (mut x, mut y, step_x, step_y, mut wide) = match map.row(x0, row) {
                FxRow::Narrow {
                    x,
                    y,
                    step_x,
                    step_y,
                } => (x, y, step_x, step_y, None),
                wide => (0, 0, 0, 0, Some(wide)),
            };
            for (column, pixel) in (x0..).zip(pixels) {
                let point = match &mut wide {
                    None => {
                        let point = FxPoint {
                            x: x >> FX_SHIFT,
                            y: y >> FX_SHIFT,
                        };
                        x += step_x;
                        y += step_y;
                        point
                    }
                    Some(row) => row.next_point(),
                };
                match shade(point) {
                    Some((color, alpha, true)) if C::DITHERS => {
                        let at = Point::new(column, row);
                        blend_pixel_dithered(pixel, color, alpha, opacity, at);
                    }
                    Some((color, alpha, _)) => blend_pixel(pixel, color, alpha, opacity),
                    None => {}
                }
            }
        }
    }

    /// The anchor-space point of the centre of screen pixel `(0, 0)`, when the map from
    /// the screen to the node is, in fixed point, exactly a translation (one unit right
    /// per pixel, one unit down per row): pixel `(x, y)`'s centre is then at
    /// `(origin.x + x · FX_ONE, origin.y − y · FX_ONE)`, the very points
    /// [`paint_fixed`](Self::paint_fixed) hands its shader, with no rounding. `None`
    /// for any other map, and for a translation so far out that the points saturate.
    pub(crate) fn fixed_translation(&self) -> Option<FxPoint> {
        if !self.maps.invertible {
            return None;
        }
        let map = &self.maps.fixed;
        if !map.is_unit_translation() {
            return None;
        }
        let origin = map.row(0, 0).next_point();
        // Screen coordinates stay within ±2^20 (see `area`), 2^36 in `Fx`: the sum
        // stays below the 2^56 where points saturate.
        let limit = 1 << 54;
        (origin.x.abs() < limit && origin.y.abs() < limit).then_some(origin)
    }

    /// Draws `color` over pixels `x0..x1` of screen row `y`, as far as they lie in the
    /// clip, with `coverage` times the node's opacity: the same pixels as
    /// [`blend`](Self::blend) on each, a run at a time (a fill of the tile's row when
    /// opaque). [`Coverage::Row`] gives pixel `x0 + k` the coverage `row[k]`.
    pub fn span(&mut self, y: i32, x0: i32, x1: i32, color: Rgb888, coverage: Coverage<'_>) {
        let Some((pixels, start, opacity)) = self.row_mut(y, x0, x1) else {
            return;
        };
        let ink = C::from_rgb888(color);
        match coverage {
            Coverage::Full => span::fill_run(pixels, ink, opacity),
            Coverage::Const(alpha) => span::fill_run(pixels, ink, span::times(alpha, opacity)),
            Coverage::Row(row) => {
                let skipped = (start - x0) as usize;
                let row = row.get(skipped..).unwrap_or(&[]);
                span::blend_row(pixels, ink, row, opacity);
            }
        }
    }

    /// Fills the pixels `outer.0..outer.1` of row `y` with `edge`, except those also in
    /// `inner.0..inner.1`, which take `middle` (`None` leaves pixels alone): a row of a
    /// stroked shape, or a bar's fill beside its track.
    pub(crate) fn split_span(
        &mut self,
        y: i32,
        outer: (i32, i32),
        inner: (i32, i32),
        edge: Option<Rgb888>,
        middle: Option<Rgb888>,
    ) {
        let (x0, x1) = outer;
        let i0 = inner.0.clamp(x0, x1.max(x0));
        let i1 = inner.1.clamp(i0, x1.max(i0));
        if let Some(edge) = edge {
            self.span(y, x0, i0.min(x1), edge, Coverage::Full);
        }
        if let Some(middle) = middle {
            self.span(y, i0, i1, middle, Coverage::Full);
        }
        if let Some(edge) = edge {
            self.span(y, i1.max(i0), x1, edge, Coverage::Full);
        }
    }

    /// The rows [`paint_fixed`](Self::paint_fixed) would visit for `local_bounds`, with
    /// the columns of each found from an interval of anchor space, when the node's map
    /// keeps the axes apart (any position and scale, mirrored or not, but no rotation);
    /// `None` for any other map. Shapes whose rows cross them in one run draw those runs
    /// as spans, with the very pixels the sampler would pick; drawables of their own
    /// can do the same with [`span`](Self::span).
    pub fn axis_rows(&self, local_bounds: Rect) -> Option<AxisRows> {
        if !self.maps.invertible {
            return None;
        }
        let (x, y) = self.maps.axes?;
        let area = self.area(local_bounds).unwrap_or(Rectangle::zero());
        Some(AxisRows { x, y, area })
    }

    /// The screen pixels whose centres may fall in `local_bounds`, inside the clip.
    pub(crate) fn area(&self, local_bounds: Rect) -> Option<Rectangle> {
        // The content rectangle's cover was worked out with the maps.
        let cover = if same_rect(&local_bounds, &self.content) {
            self.maps.content_cover
        } else {
            cover(&self.to_screen, &local_bounds)
        };
        let area = intersect(&cover, &self.clip);
        (!area.is_zero_sized()).then_some(area)
    }

    /// Fills a rectangle of anchor space.
    pub fn fill_rect(&mut self, rect: Rect, color: Rgb888) {
        self.paint(rect, |p| {
            (p.x >= rect.x && p.x < rect.max_x() && p.y >= rect.y && p.y < rect.max_y())
                .then_some((color, 255))
        });
    }

    /// Blends one screen pixel, if it is inside the clip.
    pub fn blend(&mut self, point: Point, color: Rgb888, alpha: u8) {
        if !self.clip.contains(point) {
            return;
        }
        self.blend_inside(point, color, alpha);
    }

    /// [`blend`](Self::blend) for a pixel known to be inside the clip (the index is
    /// still checked).
    #[inline]
    pub(crate) fn blend_inside(&mut self, point: Point, color: Rgb888, alpha: u8) {
        let opacity = self.opacity;
        if let Some(pixel) = self.pixel_mut(point) {
            blend_pixel(pixel, color, alpha, opacity);
        }
    }

    /// [`blend`](Self::blend), the colour dithered by screen pixel when `dither` is
    /// set: a gradient's pixels, on every path that draws them (the spans of
    /// [`LinearShader`](super::gradient::LinearShader), the pixels near an edge, the
    /// sampler), so that which path a tile's clip sends a pixel down does not change it.
    #[inline(always)]
    pub(crate) fn blend_dithering(&mut self, point: Point, color: Rgb888, alpha: u8, dither: bool) {
        if !(C::DITHERS && dither) {
            self.blend(point, color, alpha);
        } else if self.clip.contains(point) {
            let opacity = self.opacity;
            if let Some(pixel) = self.pixel_mut(point) {
                blend_pixel_dithered(pixel, color, alpha, opacity, point);
            }
        }
    }

    /// The tile's pixel at screen `point` (inside the clip, the index still checked).
    #[inline(always)]
    fn pixel_mut(&mut self, point: Point) -> Option<&mut C> {
        let x = (point.x - self.tile.top_left.x) as usize;
        let y = (point.y - self.tile.top_left.y) as usize;
        let i = y * self.tile.size.width as usize + x;
        self.pixels.get_mut(i)
    }

    /// The screen rectangle this canvas draws into (the redrawn region).
    pub(crate) fn clip(&self) -> Rectangle {
        self.clip
    }

    /// The pixels `x0..x1` of screen row `y` that lie in the clip, with the screen x of
    /// the first, and the node's opacity: the text blitter writes glyph rows straight
    /// into them (one clip test per row instead of per pixel).
    #[inline]
    pub(crate) fn row_mut(&mut self, y: i32, x0: i32, x1: i32) -> Option<(&mut [C], i32, u8)> {
        let c = self.clip;
        let (cx0, cy0) = (c.top_left.x, c.top_left.y);
        if y < cy0 || y >= cy0 + c.size.height as i32 {
            return None;
        }
        let x0 = x0.max(cx0);
        let x1 = x1.min(cx0 + c.size.width as i32);
        if x0 >= x1 {
            return None;
        }
        let row = (y - self.tile.top_left.y) as usize * self.tile.size.width as usize;
        let start = row + (x0 - self.tile.top_left.x) as usize;
        let end = start + (x1 - x0) as usize;
        let opacity = self.opacity;
        self.pixels.get_mut(start..end).map(|p| (p, x0, opacity))
    }

    /// A `DrawTarget` in screen pixels over this canvas, blending with the node's
    /// opacity and clipped: for drawing `embedded-graphics` drawables (text, images)
    /// that need no transform beyond the position the caller gives them.
    pub fn screen_target(&mut self) -> ScreenTarget<'_, 'a, C> {
        ScreenTarget { canvas: self }
    }
}

/// The pixels `a` and `b` share: zero-sized when they share none. What
/// `Rectangle::intersection` gives for them, in a few comparisons: a node's clip is cut
/// to each tile it draws in.
#[inline]
pub(crate) fn intersect(a: &Rectangle, b: &Rectangle) -> Rectangle {
    let end = |at: i32, size: u32| i64::from(at) + i64::from(size);
    let x0 = a.top_left.x.max(b.top_left.x);
    let y0 = a.top_left.y.max(b.top_left.y);
    let x1 = end(a.top_left.x, a.size.width).min(end(b.top_left.x, b.size.width));
    let y1 = end(a.top_left.y, a.size.height).min(end(b.top_left.y, b.size.height));
    if x1 <= i64::from(x0) || y1 <= i64::from(y0) {
        return Rectangle::zero();
    }
    // Each at most either rectangle's own size.
    Rectangle::new(
        Point::new(x0, y0),
        Size::new((x1 - i64::from(x0)) as u32, (y1 - i64::from(y0)) as u32),
    )
}

/// See [`Canvas::axis_rows`]: the pixels of an area, rows with their anchor-space y,
/// runs of columns from anchor-space x. The coordinates are exactly the points
/// [`Canvas::paint_fixed`] hands its shader for the same pixels.
#[derive(Clone, Copy, Debug)]
pub struct AxisRows {
    x: FxAxis,
    y: FxAxis,
    area: Rectangle,
}

impl AxisRows {
    /// How many pixels wide the area is.
    pub fn width(&self) -> u32 {
        self.area.size.width
    }

    /// The screen pixels of the area, inside the clip (zero-sized when there are none).
    pub fn area(&self) -> Rectangle {
        self.area
    }

    /// The rows of the area (screen y), each with the anchor-space y of its pixel
    /// centres.
    pub fn rows(&self) -> impl Iterator<Item = (i32, Fx)> + '_ {
        let y0 = self.area.top_left.y;
        (y0..y0 + self.area.size.height as i32).map(|y| (y, self.y.at(y)))
    }

    /// The anchor-space x of the centres of screen column `x`'s pixels.
    pub fn x_at(&self, x: i32) -> Fx {
        self.x.at(x)
    }

    /// The anchor-space y of the centres of screen row `y`'s pixels.
    pub fn y_at(&self, y: i32) -> Fx {
        self.y.at(y)
    }

    /// The difference between the anchor-space x of neighbouring columns' centres,
    /// when it is exactly the same across the row (a whole number of [`Fx`] units, as
    /// on a node at scale 1; clamped coordinates far out aside: check the ends).
    pub(crate) fn x_step(&self) -> Option<Fx> {
        self.x.exact_step()
    }

    /// The columns of the area whose pixel centres have an anchor-space x in
    /// `first..=last` (both in [`Fx`]), as `x0..x1` (empty when `x0 >= x1`): one run,
    /// whichever way the node is mirrored.
    pub fn columns(&self, first: Fx, last: Fx) -> (i32, i32) {
        let x0 = self.area.top_left.x;
        self.x
            .range(first, last, x0, x0 + self.area.size.width as i32)
    }
}

/// Blends `color` with `alpha`, times the node's `opacity`, onto `pixel`: the one
/// blend of every path that writes a tile (the sampler's [`Canvas::blend`] and the
/// row-at-a-time fast paths), so that they give the same pixels.
#[inline]
pub(crate) fn blend_pixel<C: RenderColor>(pixel: &mut C, color: Rgb888, alpha: u8, opacity: u8) {
    blend_ink(pixel, || C::from_rgb888(color), alpha, opacity);
}

/// [`blend_pixel`], the colour dithered for screen pixel `at`
/// ([`RenderColor::from_rgb888_dithered`]; a gradient's pixels): the blend of
/// [`LinearShader`](super::gradient::LinearShader)'s spans, one pixel at a time.
#[inline]
pub(crate) fn blend_pixel_dithered<C: RenderColor>(
    pixel: &mut C,
    color: Rgb888,
    alpha: u8,
    opacity: u8,
    at: Point,
) {
    blend_ink(
        pixel,
        || C::from_rgb888_dithered(color, at.x, at.y),
        alpha,
        opacity,
    );
}

/// The blend of [`blend_pixel`] and [`blend_pixel_dithered`], the colour made by `ink`
/// only when it shows.
#[inline(always)]
fn blend_ink<C: RenderColor>(pixel: &mut C, ink: impl FnOnce() -> C, alpha: u8, opacity: u8) {
    // The common case first: the product below is then 255 as well.
    if alpha == u8::MAX && opacity == u8::MAX {
        *pixel = ink();
        return;
    }
    let alpha = ((u16::from(alpha) * u16::from(opacity) + 127) / 255) as u8;
    if alpha == 0 {
        return;
    }
    // Opaque is the common case; `blend` at 255 gives the colour itself anyway.
    *pixel = if alpha == u8::MAX {
        ink()
    } else {
        ink().blend(*pixel, alpha)
    };
}

/// Pixels `x0..x0 + width` of screen row `y` in the tile's `pixels` (the caller has
/// clipped them to the tile); `None` if they are not all in the buffer.
#[inline]
fn tile_row<'p, C>(
    pixels: &'p mut [C],
    tile: &Rectangle,
    y: i32,
    x0: i32,
    width: usize,
) -> Option<&'p mut [C]> {
    let row = usize::try_from(y - tile.top_left.y).ok()? * tile.size.width as usize;
    let start = row + usize::try_from(x0 - tile.top_left.x).ok()?;
    pixels.get_mut(start..start + width)
}

/// See [`Canvas::screen_target`].
pub struct ScreenTarget<'c, 'a, C> {
    canvas: &'c mut Canvas<'a, C>,
}

impl<C: RenderColor> Dimensions for ScreenTarget<'_, '_, C> {
    fn bounding_box(&self) -> Rectangle {
        self.canvas.clip
    }
}

impl<C: RenderColor> DrawTarget for ScreenTarget<'_, '_, C> {
    type Color = Rgb888;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = Pixel<Rgb888>>,
    {
        for Pixel(point, color) in pixels {
            self.canvas.blend(point, color, 255);
        }
        Ok(())
    }
}

/// The screen rectangle covering a rectangle of world space on a screen `height` pixels
/// tall, widened to whole pixels.
pub(crate) fn screen_cover(world: &Rect, height: u32) -> Rectangle {
    cover_edges(
        world.x,
        height as f32 - world.max_y(),
        world.max_x(),
        height as f32 - world.y,
    )
}

/// The screen rectangle covering a rectangle of screen space (y down), widened to whole
/// pixels.
pub(crate) fn pixel_cover(screen: &Rect) -> Rectangle {
    cover_edges(screen.x, screen.y, screen.max_x(), screen.max_y())
}

/// The whole pixels covering the screen-space edges `left`, `top`, `right`, `bottom`;
/// empty for an empty or non-finite rectangle.
fn cover_edges(left: f32, top: f32, right: f32, bottom: f32) -> Rectangle {
    let (Some(x0), Some(y0), Some(x1), Some(y1)) = (
        floor_int(left),
        floor_int(top),
        floor_int(-right).map(|v| -v),
        floor_int(-bottom).map(|v| -v),
    ) else {
        return Rectangle::zero();
    };
    if x1 <= x0 || y1 <= y0 {
        return Rectangle::zero();
    }
    let clamp = |v: i64| v.clamp(-1_000_000, 1_000_000) as i32;
    Rectangle::new(
        Point::new(clamp(x0), clamp(y0)),
        Size::new(
            (clamp(x1) - clamp(x0)) as u32,
            (clamp(y1) - clamp(y0)) as u32,
        ),
    )
}

/// `⌊v⌋`, saturated at ±2^40 (far past the ±10^6 [`cover_edges`] clamps to); `None`
/// for a NaN or an infinity. Integer operations on the bits: `floorf` is a soft-float
/// call on a board without an FPU.
fn floor_int(v: f32) -> Option<i64> {
    const LIMIT: i64 = 1 << 40;
    let bits = v.to_bits();
    let exponent = ((bits >> 23) & 0xff) as i32 - 127;
    if exponent == 128 {
        return None;
    }
    let negative = bits >> 31 == 1;
    if exponent < 0 {
        // `|v| < 1`: −1 below zero, else 0 (−0 too).
        return Some(if negative && bits << 1 != 0 { -1 } else { 0 });
    }
    if exponent >= 40 {
        return Some(if negative { -LIMIT } else { LIMIT });
    }
    let mantissa = u64::from(bits & 0x7f_ffff | 0x80_0000);
    let (whole, fraction) = match exponent >= 23 {
        true => (mantissa << (exponent - 23), 0),
        false => {
            let shift = 23 - exponent;
            (mantissa >> shift, mantissa & ((1 << shift) - 1))
        }
    };
    let whole = whole as i64;
    Some(match negative {
        true => -whole - i64::from(fraction != 0),
        false => whole,
    })
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    /// `cover_edges` in integers gives what it gave through `floorf` and `ceilf`, at
    /// the awkward values: zeros, halves, subnormals, the edges of the exactly
    /// representable integers, the clamp, huge values, infinities and NaN.
    #[test]
    fn covering_edges_in_integers_is_what_floats_gave() {
        fn by_floats(left: f32, top: f32, right: f32, bottom: f32) -> Rectangle {
            let (x0, y0) = (libm::floorf(left), libm::floorf(top));
            let (x1, y1) = (libm::ceilf(right), libm::ceilf(bottom));
            if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite())
                || x1 <= x0
                || y1 <= y0
            {
                return Rectangle::zero();
            }
            let clamp = |v: f32| v.clamp(-1.0e6, 1.0e6) as i32;
            Rectangle::new(
                Point::new(clamp(x0), clamp(y0)),
                Size::new(
                    (clamp(x1) - clamp(x0)) as u32,
                    (clamp(y1) - clamp(y0)) as u32,
                ),
            )
        }
        let mut values = std::vec![
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
            1.0e-40,
            -1.0e-40,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            8_388_607.5,
            8_388_608.0,
            16_777_217.0,
            999_999.5,
            1.0e6,
            1_000_001.0,
            1.0e7,
            3.0e12,
            f32::MAX,
        ];
        for k in -40..=40 {
            let v = k as f32 * 0.25;
            values.extend([v, v + f32::EPSILON * v.abs(), v - f32::EPSILON * v.abs()]);
        }
        let negated: std::vec::Vec<f32> = values.iter().map(|v| -v).collect();
        values.extend(negated);
        // Each value as each edge, against a few others.
        let others = [-3.7, 0.0, 0.5, 12.25, 1.0e6];
        for &v in &values {
            for &o in &others {
                for (l, t, r, b) in [(v, o, o + 5.0, o + 5.0), (o - 5.0, o - 5.0, v, v)] {
                    let rect = |r: Rectangle| (r.top_left, r.size);
                    assert_eq!(
                        rect(cover_edges(l, t, r, b)),
                        rect(by_floats(l, t, r, b)),
                        "{l} {t} {r} {b}"
                    );
                }
            }
        }
    }

    /// `intersect` gives what `Rectangle::intersection` gives, empty results aside
    /// (both zero-sized), over rectangles that miss, touch, nest, cross, are empty
    /// or reach far.
    #[test]
    fn intersect_matches_embedded_graphics() {
        let places = [-70_000, -5, 0, 1, 3, 7, 12];
        let sizes = [0, 1, 2, 5, 9, 100_000, 2_000_000_000];
        let mut all = std::vec::Vec::new();
        for &x in &places {
            for &y in &places {
                for &w in &sizes {
                    for &h in &sizes {
                        all.push(Rectangle::new(Point::new(x, y), Size::new(w, h)));
                    }
                }
            }
        }
        let mut met = 0;
        for a in all.iter().step_by(3) {
            for b in all.iter().step_by(2) {
                let (got, want) = (intersect(a, b), a.intersection(b));
                if want.is_zero_sized() {
                    assert!(got.is_zero_sized(), "{a:?} {b:?}: {got:?}");
                } else {
                    assert_eq!(got, want, "{a:?} {b:?}");
                    met += 1;
                }
            }
        }
        assert!(met > 1000, "{met} overlapping pairs");
    }
}
