//! Two drawables the showcase is made of, written as any app or library would write its
//! own: seven-segment digits and a progress ring. Both sample in fixed point
//! ([`Canvas::paint_fixed`]), so they cost no floating-point work per pixel on a board
//! without an FPU and draw the same pixels there as in the simulator.

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::fixed::{fx, Fx, FxPoint, FX_ONE};
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
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
    thick: Fx,
    space: Fx,
    dot: Fx,
}

impl Metrics {
    fn new(h: Fx) -> Self {
        let thick = h * 2 / 15;
        Metrics {
            h,
            digit: h / 2,
            thick,
            space: thick * 3 / 4,
            dot: thick,
        }
    }

    fn advance(&self, c: char) -> Fx {
        match c {
            '.' | ':' => self.dot + self.space,
            _ => self.digit + self.space,
        }
    }

    /// Whether `(x, y)` (glyph space: origin bottom-left) is on segment `k` of a digit.
    fn on_segment(&self, k: u32, x: Fx, y: Fx) -> bool {
        let half = self.thick / 2;
        let gap = (self.thick / 5).max(1);
        let (w, h) = (self.digit, self.h);
        // A horizontal bar at height `yc`, or a vertical one at `xc`, from tip to tip,
        // its ends cut at 45° so that bars meet at the corners.
        let across = |d: Fx| d.abs();
        match k {
            0 | 3 | 6 => {
                let yc = [h - half, 0, 0, half, 0, 0, h / 2][k as usize];
                let d = across(y - yc);
                d <= half && x - (half + gap) >= d && (w - half - gap) - x >= d
            }
            _ => {
                let xc = if k == 1 || k == 2 { w - half } else { half };
                let (lo, hi) = if k == 1 || k == 5 {
                    (h / 2 + gap, h - half - gap)
                } else {
                    (half + gap, h / 2 - gap)
                };
                let d = across(x - xc);
                d <= half && y - lo >= d && hi - y >= d
            }
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
        canvas.paint_fixed(self.local_bounds(content), |p: FxPoint| {
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
                    ':' => {
                        let square = |centre: Fx| (y - centre).abs() <= m.dot / 2;
                        square(m.h * 3 / 10) || square(m.h * 7 / 10)
                    }
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
        });
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

impl Draw for Ring {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        let (cx, cy) = (
            fx(content.x + content.width / 2.0),
            fx(content.y + content.height / 2.0),
        );
        let outer = fx(content.width.min(content.height) / 2.0).clamp(0, REACH);
        let inner = (outer - fx(self.width)).max(0);
        let sweep = self.sweep_degrees.clamp(0.0, 360.0);
        let filled = sweep * self.clamped_value();
        let start = direction(self.start_degrees);
        let track = Sweep::new(start, direction(self.start_degrees + sweep), sweep);
        let fill = Sweep::new(start, direction(self.start_degrees + filled), filled);
        let (outer2, inner2) = (outer * outer, inner * inner);
        // Coverage of an edge at radius `r` from `r² − d²` (d the distance from the
        // centre), without a square root: r² − d² ≈ 2r (r − d) near the edge. Only the
        // pixels within half a pixel of the edge need the division.
        let coverage = |r2_minus_d2: i64, r: Fx| -> i64 {
            let band = r * FX_ONE;
            if r <= 0 || r2_minus_d2 >= band {
                255
            } else if r2_minus_d2 <= -band {
                0
            } else {
                (r2_minus_d2 / (2 * r) + FX_ONE / 2) * 255 / FX_ONE
            }
        };
        canvas.paint_fixed(content, |p: FxPoint| {
            let d = FxPoint {
                x: p.x - cx,
                y: p.y - cy,
            };
            if d.x.abs() > REACH || d.y.abs() > REACH {
                return None;
            }
            let d2 = d.x * d.x + d.y * d.y;
            let alpha = coverage(outer2 - d2, outer).min(coverage(d2 - inner2, inner));
            if alpha <= 0 {
                return None;
            }
            let color = if fill.contains(d) {
                self.fill
            } else if track.contains(d) {
                self.track
            } else {
                return None;
            };
            Some((color, alpha.min(255) as u8))
        });
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
