//! The showcase's drawables draw unrotated nodes a row at a time: every pixel the same
//! as the per-pixel sampling they drew with before (kept here as reference drawables,
//! copied from it), over many sizes, positions, scales, mirrors, opacities, angles and
//! values.

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::fixed::{fx, Fx, FxPoint, FX_ONE};
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor, Renderer};
use sprig::{component, Hooks, NodeId, Rect, Size2, Vec2};
use sprig_examples::showcase::{Ring, Segments};

/// The per-pixel `Segments` as it was.
#[derive(Clone, Debug, PartialEq)]
pub struct OldSegments(Segments);

/// The per-pixel `Ring` as it was.
#[derive(Clone, Debug, PartialEq)]
pub struct OldRing(Ring);

#[component(draw)]
impl Hooks for OldSegments {}

#[component(draw)]
impl Hooks for OldRing {}

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

    fn on_segment(&self, k: u32, x: Fx, y: Fx) -> bool {
        let half = self.thick / 2;
        let gap = (self.thick / 5).max(1);
        let (w, h) = (self.digit, self.h);
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

impl Draw for OldSegments {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let s = &self.0;
        let content = canvas.content();
        let m = Metrics::new(fx(content.height));
        let total: Fx = s.text().chars().map(|c| m.advance(c)).sum::<Fx>() - m.space;
        let left = fx(content.x + content.width / 2.0) - total / 2;
        let bottom = fx(content.y);
        canvas.paint_fixed(s.local_bounds(content), |p: FxPoint| {
            let y = p.y - bottom;
            if y < 0 || y >= m.h {
                return None;
            }
            let mut x0 = left;
            for c in s.text().chars() {
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
                            return s.off.map(|off| (off, 255));
                        }
                        true
                    }
                };
                return lit.then_some((s.on, 255));
            }
            None
        });
    }

    fn appearance(&self) -> u32 {
        self.0.appearance()
    }

    fn local_bounds(&self, content: Rect) -> Rect {
        self.0.local_bounds(content)
    }
}

fn direction(degrees: f32) -> FxPoint {
    let (sin, cos) = sprig::sin_cos_degrees(degrees);
    FxPoint {
        x: fx(sin),
        y: fx(cos),
    }
}

const REACH: Fx = 1 << 30;

fn cross(a: FxPoint, b: FxPoint) -> i64 {
    a.x * b.y - a.y * b.x
}

#[derive(Clone, Copy)]
enum Sweep {
    All,
    Nothing,
    Half { from: FxPoint, to: FxPoint },
    More { from: FxPoint, to: FxPoint },
}

impl Sweep {
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

    fn contains(self, p: FxPoint) -> bool {
        match self {
            Sweep::All => true,
            Sweep::Nothing => false,
            Sweep::Half { from, to } => cross(from, p) <= 0 && cross(p, to) <= 0,
            Sweep::More { from, to } => !(cross(to, p) < 0 && cross(p, from) < 0),
        }
    }
}

impl Draw for OldRing {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let r = &self.0;
        let content = canvas.content();
        let (cx, cy) = (
            fx(content.x + content.width / 2.0),
            fx(content.y + content.height / 2.0),
        );
        let outer = fx(content.width.min(content.height) / 2.0).clamp(0, REACH);
        let inner = (outer - fx(r.width)).max(0);
        let sweep = r.sweep_degrees.clamp(0.0, 360.0);
        let value = if r.value.is_nan() {
            0.0
        } else {
            r.value.clamp(0.0, 1.0)
        };
        let filled = sweep * value;
        let start = direction(r.start_degrees);
        let track = Sweep::new(start, direction(r.start_degrees + sweep), sweep);
        let fill = Sweep::new(start, direction(r.start_degrees + filled), filled);
        let (outer2, inner2) = (outer * outer, inner * inner);
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
                r.fill
            } else if track.contains(d) {
                r.track
            } else {
                return None;
            };
            Some((color, alpha.min(255) as u8))
        });
    }

    fn appearance(&self) -> u32 {
        Fingerprint::new().word(1).finish()
    }
}

sprig::world! {
    type W = World {
        nodes: 4,
        components: Set { Segments: 1, Ring: 1, OldSegments: 1, OldRing: 1 },
    };
}

const SCREEN: Size = Size::new(96, 80);
const BG: Rgb888 = Rgb888::new(10, 70, 30);

/// A node placed by `place`, its drawable added by `add`, rendered on its own.
fn render(place: &Place, add: impl FnOnce(&mut W, NodeId)) -> SimulatorDisplay<Rgb888> {
    let mut world = W::new();
    let root = world.root();
    let node = world.create_child(root, "W").unwrap();
    world.set_content_size(node, place.size).unwrap();
    world.set_position(node, place.at).unwrap();
    world.set_scale(node, place.scale).unwrap();
    world.set_opacity(node, place.opacity).unwrap();
    add(&mut world, node);
    let mut display = SimulatorDisplay::<Rgb888>::with_default_color(SCREEN, BG);
    let mut renderer: Renderer<Rgb888, 4, 1600> =
        Renderer::new(SCREEN, BG, BusCost::RGB565_MIPI_DCS);
    renderer.render(&mut world, &mut display).unwrap();
    display
}

struct Place {
    size: Size2,
    at: Vec2,
    scale: Vec2,
    opacity: u8,
}

/// A small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// A value in `lo..hi`.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * (self.next() % 10_000) as f32 / 10_000.0
    }

    /// A multiple of a quarter in `0..max`: pixel centres then fall exactly on edges.
    fn round(&mut self, max: f32) -> f32 {
        (self.next() % (max * 4.0) as u32) as f32 / 4.0
    }

    fn place(&mut self, max: f32) -> Place {
        if self.next().is_multiple_of(2) {
            let scale = [0.5, 1.0, 1.0, 2.0][self.next() as usize % 4];
            return Place {
                size: Size2::new(self.round(max), self.round(max)),
                at: Vec2::new(self.round(96.0), self.round(80.0)),
                scale: Vec2::new(scale, scale),
                opacity: 255,
            };
        }
        let scale = match self.next() % 4 {
            0 => Vec2::new(1.0, 1.0),
            1 => Vec2::new(self.range(0.3, 2.5), self.range(0.3, 2.5)),
            2 => Vec2::new(-self.range(0.5, 1.5), 1.0),
            _ => Vec2::new(1.0, -self.range(0.5, 1.5)),
        };
        Place {
            size: Size2::new(self.range(0.0, max), self.range(0.0, max)),
            at: Vec2::new(self.range(0.0, 96.0), self.range(0.0, 80.0)),
            scale,
            opacity: if self.next().is_multiple_of(3) {
                (self.next() % 256) as u8
            } else {
                255
            },
        }
    }
}

/// How many pixels differ from the background.
fn drawn(a: &SimulatorDisplay<Rgb888>) -> usize {
    (0..SCREEN.height as i32)
        .flat_map(|y| (0..SCREEN.width as i32).map(move |x| Point::new(x, y)))
        .filter(|&p| a.get_pixel(p) != BG)
        .count()
}

fn same(a: &SimulatorDisplay<Rgb888>, b: &SimulatorDisplay<Rgb888>) -> Option<Point> {
    for y in 0..SCREEN.height as i32 {
        for x in 0..SCREEN.width as i32 {
            let p = Point::new(x, y);
            if a.get_pixel(p) != b.get_pixel(p) {
                return Some(p);
            }
        }
    }
    None
}

#[test]
fn segments_drawn_as_spans_light_the_pixels_they_lit_one_by_one() {
    let mut rng = Rng(7);
    let texts = ["18", "0.5", "21:45", "-3 7", "8888", "x9.", ":", ". :"];
    let mut pixels = 0;
    for case in 0..600 {
        let place = rng.place(80.0);
        let text = texts[case % texts.len()];
        let mut segments = Segments::new(text, Rgb888::new(250, 240, 0));
        if rng.next().is_multiple_of(2) {
            segments = segments.with_off(Rgb888::new(60, 0, 90));
        }
        let new = render(&place, |w, n| {
            w.add_component(n, segments.clone()).unwrap();
        });
        let old = render(&place, |w, n| {
            w.add_component(n, OldSegments(segments.clone())).unwrap();
        });
        pixels += drawn(&old);
        assert_eq!(
            same(&new, &old),
            None,
            "case {case}: {text:?} size {:?} at {:?} scale {:?}",
            place.size,
            place.at,
            place.scale
        );
    }
    // The cases draw something: hundreds of pixels each on average.
    assert!(pixels > 600 * 500, "{pixels} pixels drawn");
}

#[test]
fn a_ring_drawn_in_rows_covers_the_pixels_it_covered_one_by_one() {
    let mut rng = Rng(11);
    let mut pixels = 0;
    for case in 0..1500 {
        let place = rng.place(90.0);
        let ring = Ring {
            start_degrees: rng.range(-400.0, 400.0),
            sweep_degrees: match rng.next() % 5 {
                0 => 360.0,
                1 => 0.0,
                _ => rng.range(0.0, 370.0),
            },
            value: match rng.next() % 4 {
                0 => 1.0,
                1 => 0.0,
                _ => rng.range(0.0, 1.0),
            },
            width: match rng.next() % 4 {
                0 => rng.range(0.0, 3.0),
                1 => 1000.0,
                _ => rng.range(0.0, 20.0),
            },
            track: Rgb888::new(40, 40, 60),
            fill: Rgb888::new(255, 128, 0),
        };
        let new = render(&place, |w, n| {
            w.add_component(n, ring.clone()).unwrap();
        });
        let old = render(&place, |w, n| {
            w.add_component(n, OldRing(ring.clone())).unwrap();
        });
        pixels += drawn(&old);
        assert_eq!(
            same(&new, &old),
            None,
            "case {case}: {ring:?} size {:?} at {:?} scale {:?} opacity {}",
            place.size,
            place.at,
            place.scale,
            place.opacity
        );
    }
    assert!(pixels > 1500 * 200, "{pixels} pixels drawn");
}
