//! A drawable the showcase is made of, written as any app or library would write its
//! own: seven-segment digits. It samples in fixed point ([`Canvas::paint_fixed`]), so it
//! costs no floating-point work per pixel on a board without an FPU and draws the same
//! pixels there as in the simulator. (The dial's ring is the core's
//! [`Shape::arc`](sprig::render::Shape::arc).)

use embedded_graphics::pixelcolor::Rgb888;
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
