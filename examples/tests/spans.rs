//! The showcase's seven-segment digits draw unrotated nodes a row at a time: every pixel
//! the same as the per-pixel sampling they drew with before (kept here as a reference
//! drawable, copied from it), over many sizes, positions, scales, mirrors, opacities,
//! angles and values. (The dial's ring is the core's arc, whose rows are checked against
//! its sampler in the core.)

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::fixed::{fx, Fx, FxPoint};
use sprig::render::{Canvas, Draw, RenderColor, Renderer};
use sprig::{component, Hooks, NodeId, Rect, Size2, Vec2};
use sprig_examples::showcase::Segments;

/// The per-pixel `Segments` as it was.
#[derive(Clone, Debug, PartialEq)]
pub struct OldSegments(Segments);

#[component(draw)]
impl Hooks for OldSegments {}

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

sprig::world! {
    type W = World {
        nodes: 4,
        components: Set { Segments: 1, OldSegments: 1 },
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
