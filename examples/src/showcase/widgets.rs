//! Two drawables the showcase is made of, written as any app or library would write its
//! own: seven-segment digits and a progress ring. Both sample in fixed point
//! ([`Canvas::paint_fixed`]), so they cost no floating-point work per pixel on a board
//! without an FPU and draw the same pixels there as in the simulator.

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::Point;
use sprig::render::fixed::{fx, Fx, FxPoint, FX_ONE};
use sprig::render::{AxisRows, Canvas, Coverage, Draw, Fingerprint, RenderColor};
use sprig::{component, Hooks, Rect};

/// Characters a [`Segments`] display holds.
pub const SEGMENTS_LEN: usize = 8;

/// Digits in the style of a seven-segment display, as tall as the node's content box
/// and centred in it: `0`–`9`, `-`, space, `.` and `:` (anything else draws as a space).
/// Segments that are off can be drawn dimly, as on a real display.
#[derive(Clone, Debug, PartialEq)]
pub struct Segments {
    text: heapless::String<SEGMENTS_LEN>,
    /// The colour of lit segments.
    pub on: Rgb888,
    /// The colour of unlit segments, or `None` to leave them out.
    pub off: Option<Rgb888>,
}

impl Segments {
    /// A display showing `text` (cut at [`SEGMENTS_LEN`] characters) in `on`.
    pub fn new(text: &str, on: Rgb888) -> Self {
        let mut segments = Segments {
            text: heapless::String::new(),
            on,
            off: None,
        };
        segments.set_text(text);
        segments
    }

    /// This display with unlit segments drawn in `off`.
    pub fn with_off(mut self, off: Rgb888) -> Self {
        self.off = Some(off);
        self
    }

    /// The text shown.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Replaces the text; returns whether all of it fit in [`SEGMENTS_LEN`] characters
    /// (if not, the first ones are shown).
    pub fn set_text(&mut self, text: &str) -> bool {
        self.text.clear();
        text.chars().all(|c| self.text.push(c).is_ok())
    }
}

#[component(draw)]
impl Hooks for Segments {}

/// The segments `a`–`g` (bits 0–6: top, upper right, lower right, bottom, lower left,
/// upper left, middle) lit for a character.
fn segment_mask(c: char) -> u8 {
    match c {
        '0' => 0x3f,
        '1' => 0x06,
        '2' => 0x5b,
        '3' => 0x4f,
        '4' => 0x66,
        '5' => 0x6d,
        '6' => 0x7d,
        '7' => 0x07,
        '8' => 0x7f,
        '9' => 0x6f,
        '-' => 0x40,
        _ => 0,
    }
}

/// A display's measures in fixed point, for a glyph height `h`.
struct Metrics {
    h: Fx,
    digit: Fx,
    space: Fx,
    dot: Fx,
    /// Half a bar's thickness, the gap between bars, and half the height: worked out
    /// once (a 64-bit division is a library call on a 32-bit core).
    half: Fx,
    gap: Fx,
    middle: Fx,
}

impl Metrics {
    fn new(h: Fx) -> Self {
        let thick = h * 2 / 15;
        Metrics {
            h,
            digit: h / 2,
            space: thick * 3 / 4,
            dot: thick,
            half: thick / 2,
            gap: (thick / 5).max(1),
            middle: h / 2,
        }
    }

    /// Whether a colon's dots cover the height `y` (glyph space).
    fn colon(&self, y: Fx) -> bool {
        let square = |centre: Fx| (y - centre).abs() <= self.dot / 2;
        square(self.h * 3 / 10) || square(self.h * 7 / 10)
    }

    fn advance(&self, c: char) -> Fx {
        match c {
            '.' | ':' => self.dot + self.space,
            _ => self.digit + self.space,
        }
    }

    /// Whether `(x, y)` (glyph space: origin bottom-left) is on segment `k` of a digit.
    fn on_segment(&self, k: u32, x: Fx, y: Fx) -> bool {
        self.segment_row(k, y)
            .is_some_and(|(first, last)| first <= x && x <= last)
    }

    /// The x (glyph space) of the points of segment `k` on the line at height `y`,
    /// first and last (none when `first > last`): a horizontal bar at height `yc`, or a
    /// vertical one at `xc`, from tip to tip, its ends cut at 45° so that bars meet at
    /// the corners. Every bar is convex, so its points on a line are one run.
    fn segment_row(&self, k: u32, y: Fx) -> Option<(Fx, Fx)> {
        let (half, gap, middle) = (self.half, self.gap, self.middle);
        let (w, h) = (self.digit, self.h);
        match k {
            0 | 3 | 6 => {
                let yc = [h - half, 0, 0, half, 0, 0, middle][k as usize];
                // `|y − yc| ≤ half`, and `x − (half + gap) ≥ d`, `(w − half − gap) − x ≥ d`.
                let d = (y - yc).abs();
                (d <= half).then_some((half + gap + d, w - half - gap - d))
            }
            _ => {
                let xc = if k == 1 || k == 2 { w - half } else { half };
                let (lo, hi) = if k == 1 || k == 5 {
                    (middle + gap, h - half - gap)
                } else {
                    (half + gap, middle - gap)
                };
                // `|x − xc| ≤ half`, `y − lo ≥ |x − xc|` and `hi − y ≥ |x − xc|`.
                let reach = half.min(y - lo).min(hi - y);
                (reach >= 0).then_some((xc - reach, xc + reach))
            }
        }
    }
}

impl Segments {
    /// The colour of the point `p` (anchor space) of a display laid out by `m` from
    /// `left` and `bottom`: what [`Canvas::paint_fixed`] would paint it.
    fn shade(&self, m: &Metrics, left: Fx, bottom: Fx, p: FxPoint) -> Option<(Rgb888, u8)> {
        let y = p.y - bottom;
        if y < 0 || y >= m.h {
            return None;
        }
        let mut x0 = left;
        for c in self.text.chars() {
            let advance = m.advance(c);
            let x = p.x - x0;
            x0 += advance;
            if x < 0 || x >= advance - m.space {
                continue;
            }
            let lit = match c {
                '.' => y < m.dot,
                ':' => m.colon(y),
                _ => {
                    let mask = segment_mask(c);
                    let k = (0..7).find(|&k| m.on_segment(k, x, y))?;
                    if mask & (1 << k) == 0 {
                        return self.off.map(|off| (off, 255));
                    }
                    true
                }
            };
            return lit.then_some((self.on, 255));
        }
        None
    }

    /// [`shade`](Self::shade) a row at a time, for a node drawn without rotation: each
    /// character's segments on a row are runs of columns, filled as spans (the same
    /// pixels, since the columns of a run are exactly those whose centres are in it).
    fn draw_rows<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        rows: &AxisRows,
        m: &Metrics,
        left: Fx,
        bottom: Fx,
    ) {
        for (row, ly) in rows.rows() {
            let y = ly - bottom;
            if y < 0 || y >= m.h {
                continue;
            }
            let mut x0 = left;
            for c in self.text.chars() {
                let start = x0;
                let advance = m.advance(c);
                x0 += advance;
                // The character's points: glyph x in `0..advance − space`. Characters
                // do not overlap (`space ≥ 0`), so each column belongs to one at most.
                let last = advance - m.space - 1;
                let columns =
                    |first: Fx, end: Fx| rows.columns(start + first.max(0), start + end.min(last));
                match c {
                    '.' | ':' => {
                        let lit = if c == '.' { y < m.dot } else { m.colon(y) };
                        if lit {
                            let (x0, x1) = columns(0, last);
                            canvas.span(row, x0, x1, self.on, Coverage::Full);
                        }
                    }
                    _ => {
                        let mask = segment_mask(c);
                        let mut runs = [(0, 0); 7];
                        for (k, run) in (0..7).zip(runs.iter_mut()) {
                            if let Some((first, end)) = m.segment_row(k, y) {
                                *run = columns(first, end);
                            }
                        }
                        self.fill_segments(canvas, row, &runs, mask);
                    }
                }
            }
        }
    }

    /// Fills a row's segment runs (columns `x0..x1`, segment `k` at index `k`): a
    /// column on several takes the first one's colour, as [`shade`](Self::shade) does.
    fn fill_segments<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        row: i32,
        runs: &[(i32, i32); 7],
        mask: u8,
    ) {
        // The ends of the runs, in order: between two, every column is on the same
        // segments.
        let mut cuts = [0i32; 14];
        let mut n = 0;
        for &(x0, x1) in runs {
            if x0 < x1 {
                cuts[n] = x0;
                cuts[n + 1] = x1;
                n += 2;
            }
        }
        let cuts = &mut cuts[..n];
        cuts.sort_unstable();
        for pair in cuts.windows(2) {
            let (x0, x1) = (pair[0], pair[1]);
            if x0 >= x1 {
                continue;
            }
            let Some(k) = runs.iter().position(|&(a, b)| a <= x0 && x0 < b) else {
                continue;
            };
            let color = if mask & (1 << k) != 0 {
                self.on
            } else if let Some(off) = self.off {
                off
            } else {
                continue;
            };
            canvas.span(row, x0, x1, color, Coverage::Full);
        }
    }
}

impl Draw for Segments {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let m = Metrics::new(fx(content.height));
        let total: Fx = self.text.chars().map(|c| m.advance(c)).sum::<Fx>() - m.space;
        let left = fx(content.x + content.width / 2.0) - total / 2;
        let bottom = fx(content.y);
        let bounds = self.local_bounds(content);
        if let Some(rows) = canvas.axis_rows(bounds) {
            self.draw_rows(canvas, &rows, &m, left, bottom);
            return;
        }
        canvas.paint_fixed(bounds, |p: FxPoint| self.shade(&m, left, bottom, p));
    }

    fn appearance(&self) -> u32 {
        let f = Fingerprint::new()
            .bytes(self.text.as_bytes())
            .color(self.on);
        match self.off {
            Some(off) => f.word(1).color(off),
            None => f.word(0),
        }
        .finish()
    }

    /// The text is centred on the content box and may be wider than it.
    fn local_bounds(&self, content: Rect) -> Rect {
        let m = Metrics::new(fx(content.height));
        let total: Fx = self.text.chars().map(|c| m.advance(c)).sum();
        let width = (total as f32 / FX_ONE as f32).max(content.width) + 2.0;
        Rect::new(
            content.x + content.width / 2.0 - width / 2.0,
            content.y,
            width,
            content.height,
        )
    }
}

/// A ring drawn as an arc of a circle: a track over `sweep_degrees` from
/// `start_degrees` (both clockwise from the top), and over its first `value` (0 to 1) a
/// fill. Its edges are smoothed over one pixel. The circle is the largest that fits the
/// node's content box, centred in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ring {
    /// Where the track starts, degrees clockwise from the top.
    pub start_degrees: f32,
    /// How far the track goes, in degrees (up to 360).
    pub sweep_degrees: f32,
    /// The share of the track that is filled, 0 to 1 (clamped; NaN is 0).
    pub value: f32,
    /// The ring's width in node units.
    pub width: f32,
    /// The colour of the track.
    pub track: Rgb888,
    /// The colour of the filled part.
    pub fill: Rgb888,
}

#[component(draw)]
impl Hooks for Ring {}

impl Ring {
    fn clamped_value(&self) -> f32 {
        if self.value.is_nan() {
            0.0
        } else {
            self.value.clamp(0.0, 1.0)
        }
    }
}

/// A direction `degrees` clockwise from the top (y up), as a fixed-point unit vector.
fn direction(degrees: f32) -> FxPoint {
    let (sin, cos) = sprig::sin_cos_degrees(degrees);
    FxPoint {
        x: fx(sin),
        y: fx(cos),
    }
}

/// Offsets from a ring's centre beyond which nothing is drawn: 16 384 units. Within it,
/// squares and cross products of [`Fx`] values fit an `i64`, so a board without 128-bit
/// arithmetic (all of them) pays no software multiply or divide per pixel.
const REACH: Fx = 1 << 30;

/// `a × b`, in fixed point squared, for a unit vector `a` and `|b| <= REACH`.
fn cross(a: FxPoint, b: FxPoint) -> i64 {
    a.x * b.y - a.y * b.x
}

/// A clockwise sweep from one direction to another, decided once per draw so that the
/// test per pixel is integer only (a float comparison is a library call on a chip
/// without an FPU).
#[derive(Clone, Copy)]
enum Sweep {
    /// Every direction (360° or more).
    All,
    /// No direction (0° or less, or NaN).
    Nothing,
    /// At most half a turn: between `from` and `to`.
    Half { from: FxPoint, to: FxPoint },
    /// More than half a turn: not between `to` and `from`.
    More { from: FxPoint, to: FxPoint },
}

impl Sweep {
    /// The sweep of `degrees` clockwise from `from` to `to`.
    fn new(from: FxPoint, to: FxPoint, degrees: f32) -> Sweep {
        if degrees >= 360.0 {
            Sweep::All
        } else if degrees > 180.0 {
            Sweep::More { from, to }
        } else if degrees > 0.0 {
            Sweep::Half { from, to }
        } else {
            Sweep::Nothing
        }
    }

    /// One of the two half-plane tests `contains` combines (`side` 0 or 1); each
    /// changes once at most along a line. Constant for `All` and `Nothing`.
    fn side(self, side: u32, p: FxPoint) -> bool {
        match (self, side) {
            (Sweep::All | Sweep::Nothing, _) => false,
            (Sweep::Half { from, .. }, 0) => cross(from, p) <= 0,
            (Sweep::Half { to, .. }, _) => cross(p, to) <= 0,
            (Sweep::More { to, .. }, 0) => cross(to, p) < 0,
            (Sweep::More { from, .. }, _) => cross(p, from) < 0,
        }
    }

    /// Whether the direction `p` is within the sweep.
    fn contains(self, p: FxPoint) -> bool {
        match self {
            Sweep::All => true,
            Sweep::Nothing => false,
            Sweep::Half { from, to } => cross(from, p) <= 0 && cross(p, to) <= 0,
            Sweep::More { from, to } => !(cross(to, p) < 0 && cross(p, from) < 0),
        }
    }
}

/// A ring's geometry and colours in fixed point, worked out once a draw: what each pixel
/// is tested against.
struct RingShader {
    /// The centre.
    cx: Fx,
    cy: Fx,
    /// The radii, and their squares.
    outer: Fx,
    inner: Fx,
    outer2: i64,
    inner2: i64,
    track: Sweep,
    fill: Sweep,
    track_color: Rgb888,
    fill_color: Rgb888,
}

impl RingShader {
    // Inlined, so that it is built in place rather than copied (a `memcpy` call).
    #[inline(always)]
    fn new(ring: &Ring, content: Rect) -> Self {
        let (cx, cy) = (
            fx(content.x + content.width / 2.0),
            fx(content.y + content.height / 2.0),
        );
        let outer = fx(content.width.min(content.height) / 2.0).clamp(0, REACH);
        let inner = (outer - fx(ring.width)).max(0);
        let sweep = ring.sweep_degrees.clamp(0.0, 360.0);
        let filled = sweep * ring.clamped_value();
        let start = direction(ring.start_degrees);
        RingShader {
            cx,
            cy,
            outer,
            inner,
            outer2: outer * outer,
            inner2: inner * inner,
            track: Sweep::new(start, direction(ring.start_degrees + sweep), sweep),
            fill: Sweep::new(start, direction(ring.start_degrees + filled), filled),
            track_color: ring.track,
            fill_color: ring.fill,
        }
    }

    /// Coverage of an edge at radius `r` from `r² − d²` (d the distance from the
    /// centre), without a square root: r² − d² ≈ 2r (r − d) near the edge. Only the
    /// pixels within half a pixel of the edge need the division.
    #[inline(always)]
    fn coverage(r2_minus_d2: i64, r: Fx) -> i64 {
        let band = r * FX_ONE;
        if r <= 0 || r2_minus_d2 >= band {
            255
        } else if r2_minus_d2 <= -band {
            0
        } else {
            (r2_minus_d2 / (2 * r) + FX_ONE / 2) * 255 / FX_ONE
        }
    }

    /// The colour of the direction `d` from the centre: the fill's, the track's or
    /// none.
    fn color(&self, d: FxPoint) -> Option<Rgb888> {
        if self.fill.contains(d) {
            Some(self.fill_color)
        } else if self.track.contains(d) {
            Some(self.track_color)
        } else {
            None
        }
    }

    /// The colour and coverage of the point `p` (anchor space).
    #[inline(always)]
    /// Whether every pixel of `rows` lies in the ring's hole, where it covers nothing:
    /// the pixel centres at the area's four corners do (a disc holds a rectangle when it
    /// holds its corners). A redraw of something small inside the dial (the status
    /// light) then costs the ring nothing.
    fn in_hole(&self, rows: &AxisRows) -> bool {
        let area = rows.area();
        if self.inner <= 0 || area.size.width == 0 || area.size.height == 0 {
            return false;
        }
        let (x0, y0) = (area.top_left.x, area.top_left.y);
        let (x1, y1) = (
            x0 + area.size.width as i32 - 1,
            y0 + area.size.height as i32 - 1,
        );
        // Where alpha is 0 inside: `d² ≤ inner² − band`, as `draw_rows` bounds it.
        let limit = self.inner2 - self.inner * FX_ONE;
        let ys = [rows.y_at(y0), rows.y_at(y1)];
        [rows.x_at(x0), rows.x_at(x1)].iter().all(|&x| {
            ys.iter().all(|&y| {
                let (dx, dy) = (x - self.cx, y - self.cy);
                dx.abs() <= REACH && dy.abs() <= REACH && dx * dx + dy * dy <= limit
            })
        })
    }

    fn shade(&self, p: FxPoint) -> Option<(Rgb888, u8)> {
        let d = FxPoint {
            x: p.x - self.cx,
            y: p.y - self.cy,
        };
        if d.x.abs() > REACH || d.y.abs() > REACH {
            return None;
        }
        let d2 = d.x * d.x + d.y * d.y;
        let alpha = Self::coverage(self.outer2 - d2, self.outer)
            .min(Self::coverage(d2 - self.inner2, self.inner));
        if alpha <= 0 {
            return None;
        }
        let color = self.color(d)?;
        Some((color, alpha.min(255) as u8))
    }

    /// [`shade`](Self::shade) a row at a time, for a node drawn without rotation. On a
    /// row, the pixels a ring may cover lie between two circles (the outer edge's band
    /// and the inner one's, a pixel wide each): at most two runs. Only the pixels in the
    /// bands are shaded one by one; between them coverage is full, and the colour
    /// changes only where the row crosses a line of the sweeps, found by bisection
    /// (each side of a line is a half-plane, so along a row its test changes once at
    /// most). The same pixels as [`shade`](Self::shade) everywhere.
    fn draw_rows<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>, rows: &AxisRows) {
        let band_outer = self.outer * FX_ONE;
        let band_inner = self.inner * FX_ONE;
        for (row, y) in rows.rows() {
            let dy = y - self.cy;
            if dy.abs() > REACH {
                continue;
            }
            let dy2 = dy * dy;
            // The largest `|dx|` with `dx² ≤ limit − dy²` (−1 when there is none).
            let reach = |limit: i64| -> Fx {
                let room = limit - dy2;
                if room < 0 {
                    -1
                } else {
                    sprig::render::fixed::isqrt_u64(room as u64) as Fx
                }
            };
            // Where alpha may be above 0: `d² < outer² + band` and `d² > inner² − band`
            // (with an inner radius; with none, every `d`), and `|dx| ≤ REACH`.
            let visible = reach(self.outer2 + band_outer - 1).min(REACH);
            if visible < 0 {
                continue;
            }
            let (hidden, hole) = if self.inner > 0 {
                (
                    reach(self.inner2 - band_inner),
                    reach(self.inner2 + band_inner - 1),
                )
            } else {
                (-1, -1)
            };
            // Where alpha is 255: `d² ≤ outer² − band` and `d² ≥ inner² + band`.
            let full = reach(self.outer2 - band_outer).min(REACH);
            let disc = |r: Fx| {
                if r < 0 {
                    None
                } else {
                    let (x0, x1) = rows.columns(self.cx - r, self.cx + r);
                    (x0 < x1).then_some((x0, x1))
                }
            };
            let Some(visible) = disc(visible) else {
                continue;
            };
            let hidden = disc(hidden);
            let hole = disc(hole);
            let full = disc(full);
            // The runs left and right of the hidden middle, or of the hole's middle if
            // the row has no hidden pixel (discs are nested: a smaller one's columns
            // lie inside a larger one's).
            let clamp = |x: i32| x.clamp(visible.0, visible.1);
            let parts = match (hidden, hole) {
                (Some((h0, h1)), _) => [(visible.0, clamp(h0)), (clamp(h1), visible.1)],
                (None, Some((h0, _))) => [(visible.0, clamp(h0)), (clamp(h0), visible.1)],
                (None, None) => [visible, (visible.1, visible.1)],
            };
            for (k, (x0, x1)) in parts.into_iter().enumerate() {
                if x0 >= x1 {
                    continue;
                }
                // The full columns of this run: inside `full`, outside `hole` (whose
                // columns reach into the run from its inner end, if at all).
                let (mut f0, mut f1) = full.unwrap_or((x0, x0));
                if let Some((h0, h1)) = hole {
                    if k == 0 {
                        f1 = f1.min(h0);
                    } else {
                        f0 = f0.max(h1);
                    }
                }
                let (f0, f1) = (f0.max(x0), f1.min(x1));
                if f0 >= f1 {
                    self.shade_pixels(canvas, rows, row, y, x0, x1);
                    continue;
                }
                self.shade_pixels(canvas, rows, row, y, x0, f0);
                self.fill_full(canvas, rows, row, dy, f0, f1);
                self.shade_pixels(canvas, rows, row, y, f1, x1);
            }
        }
    }

    /// Shades the pixels `x0..x1` of screen row `row` (anchor-space `y`) one by one.
    fn shade_pixels<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        rows: &AxisRows,
        row: i32,
        y: Fx,
        x0: i32,
        x1: i32,
    ) {
        for x in x0..x1 {
            let p = FxPoint { x: rows.x_at(x), y };
            if let Some((color, alpha)) = self.shade(p) {
                canvas.blend(Point::new(x, row), color, alpha);
            }
        }
    }

    /// Fills the pixels `x0..x1` of screen row `row`, all fully covered (`dy` from the
    /// centre), in the colours of their directions: runs cut where a sweep's line is
    /// crossed.
    fn fill_full<C: RenderColor>(
        &self,
        canvas: &mut Canvas<'_, C>,
        rows: &AxisRows,
        row: i32,
        dy: Fx,
        x0: i32,
        x1: i32,
    ) {
        let at = |x: i32| FxPoint {
            x: rows.x_at(x) - self.cx,
            y: dy,
        };
        // A test that is the same at both ends does not change in between.
        let (first, last) = (at(x0), at(x1 - 1));
        let mut cuts = [x1; 4];
        let mut n = 0;
        for sweep in [self.fill, self.track] {
            for side in 0..2 {
                if sweep.side(side, first) != sweep.side(side, last) {
                    cuts[n] = change(x0, x1, |x| sweep.side(side, at(x)));
                    n += 1;
                }
            }
        }
        let cuts = &mut cuts[..n];
        cuts.sort_unstable();
        let mut start = x0;
        for end in cuts.iter().copied().chain(core::iter::once(x1)) {
            if start < end {
                if let Some(color) = self.color(at(start)) {
                    canvas.span(row, start, end, color, Coverage::Full);
                }
                start = end;
            }
        }
    }
}

/// The first of the columns `x0..x1` where `test` differs from its value at `x0`, for a
/// test that changes exactly once along them.
fn change(x0: i32, x1: i32, test: impl Fn(i32) -> bool) -> i32 {
    let first = test(x0);
    // `test(lo) == first`, `test(hi) != first`.
    let (mut lo, mut hi) = (x0, x1 - 1);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if test(mid) == first {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The narrowest region (in pixels) a ring draws a row at a time: a row's square roots
/// cost more than shading a few pixels one by one (the same pixels either way).
const MIN_RING_ROW: u32 = 16;

impl Draw for Ring {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let shader = RingShader::new(self, content);
        if shader.outer > 0 {
            if let Some(rows) = canvas.axis_rows(content) {
                if rows.width() >= MIN_RING_ROW {
                    shader.draw_rows(canvas, &rows);
                    return;
                }
                if shader.in_hole(&rows) {
                    return;
                }
            }
        }
        canvas.paint_fixed(content, |p: FxPoint| shader.shade(p));
    }

    /// Everything but the value, which is the damage key: a new value repaints only the
    /// part of the ring between the old and the new end of the fill.
    fn appearance(&self) -> u32 {
        Fingerprint::new()
            .float(self.start_degrees)
            .float(self.sweep_degrees)
            .float(self.width)
            .color(self.track)
            .color(self.fill)
            .finish()
    }

    fn damage_key(&self) -> u64 {
        u64::from(self.clamped_value().to_bits())
    }

    /// The box around the ring's band between the old and the new end of the fill, a
    /// unit wider on every side (the band's anti-aliased edges reach half a pixel out).
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        let previous = f32::from_bits(u32::try_from(previous_key).ok()?);
        if !previous.is_finite() {
            return None;
        }
        let sweep = self.sweep_degrees.clamp(0.0, 360.0);
        let (a, b) = (
            self.start_degrees + sweep * previous.clamp(0.0, 1.0),
            self.start_degrees + sweep * self.clamped_value(),
        );
        let (from, to) = (a.min(b), a.max(b));
        // Beyond 2^22 degrees an `f32` no longer holds every multiple of 90 (past 2^31,
        // adding 90 changes nothing and the walk over the axes below would not end):
        // the whole ring is redrawn instead.
        const EXACT: f32 = 4_194_304.0;
        if !(from.is_finite() && to.is_finite())
            || to - from >= 360.0
            || from.abs() > EXACT
            || to.abs() > EXACT
        {
            return None;
        }
        // The radii `draw` uses: the outer one at most `REACH` (the band of a larger
        // ring is drawn nearer the centre than its box gives).
        let reach = (REACH / FX_ONE) as f32;
        let outer = (content.width.min(content.height) / 2.0)
            .max(0.0)
            .min(reach);
        let inner = (outer - self.width).max(0.0);
        let (cx, cy) = (
            content.x + content.width / 2.0,
            content.y + content.height / 2.0,
        );
        // The band's corners at both ends, and its outer edge at each axis it crosses
        // (a direction `d` degrees clockwise from the top is (sin d, cos d)).
        let mut x = (f32::INFINITY, f32::NEG_INFINITY);
        let mut y = (f32::INFINITY, f32::NEG_INFINITY);
        let mut take = |degrees: f32, radius: f32| {
            let (sin, cos) = sprig::sin_cos_degrees(degrees);
            let (px, py) = (cx + sin * radius, cy + cos * radius);
            x = (x.0.min(px), x.1.max(px));
            y = (y.0.min(py), y.1.max(py));
        };
        for end in [from, to] {
            take(end, inner);
            take(end, outer);
        }
        // The first multiple of 90 at or after `from` (a cast truncates towards zero).
        let mut axis = (from / 90.0) as i32 as f32 * 90.0;
        if axis < from {
            axis += 90.0;
        }
        while axis <= to {
            take(axis, outer);
            axis += 90.0;
        }
        Some(Rect::new(
            x.0 - 1.0,
            y.0 - 1.0,
            x.1 - x.0 + 2.0,
            y.1 - y.0 + 2.0,
        ))
    }
}
