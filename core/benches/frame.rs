//! What a frame costs: a stand-in for the showcase's thermostat (`frame_parts/scene.rs`,
//! about 25 nodes of shapes and labels) drawn on three panels, and flat scenes of 16 to
//! 1 024 rectangles of which one changes per frame. Only sprig-core's public API is used.
//!
//! Run with `cargo bench -p sprig-core --bench frame` (about 10 s). One line per case:
//!
//! - `frame panel=P kind=full ns_per_px=… floor_ns_per_px=…`: `Renderer::render_full`
//!   of the whole screen, ns per screen pixel; the floor is a plain `fill` of a
//!   framebuffer of the same pixel count (the panel's colour type), in the same run.
//! - `frame panel=P kind=partial px=… ns=… ns_per_px=… floor_ns=…`: each frame the
//!   breathing light's opacity changes (60 ↔ 255) and `Renderer::render` redraws it:
//!   `px` is `FrameStats::pixels_drawn`, `ns` the whole frame, `ns_per_px` the frame per
//!   redrawn pixel, `floor_ns` a plain `fill` of `px` pixels.
//! - `frame panel=P kind=still ns=…`: `Renderer::render` again with nothing changed.
//! - `scene nodes=N changed=1 ns=… px=…`: a world of `N` rectangles over a 320 × 240
//!   Rgb565 screen (and the root), `N − 1` in a grid and an 8 × 8 one over its middle
//!   that changes colour every frame; ns per `Renderer::render` and the pixels it drew. The world and the renderer hold
//!   exactly `N + 1` nodes, so a cost that grows with `N` is the node count's, not
//!   spare capacity's.
//!
//! Panels: `wide` 320 × 240 Rgb565 and `color` 240 × 240 Rgb565 (4 096-pixel buffer,
//! `BusCost::RGB565_MIPI_DCS`, as `ShowcaseColorRenderer`), `oled` 128 × 64 Gray4
//! (1 024-pixel buffer, `BusCost::GRAY4_SSD0323`, as `ShowcaseOledRenderer`).
//!
//! Timing: a warm-up of at least 20 ms, then batches sized to about 25 ms each; the
//! figure is the fastest batch's mean (the least disturbed by other work on the
//! machine). The target is a `Vec` framebuffer written row by row, so its own cost is
//! close to the fill floor. After the table, an ASCII plot of the `scene` ns against `N`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Size};
use embedded_graphics::pixelcolor::{Gray4, PixelColor, Rgb565, Rgb888};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;
use sprig::render::damage::BusCost;
use sprig::render::{RenderColor, Renderer, Shape};
use sprig::{world, Size2, Vec2};

#[path = "frame_parts/scene.rs"]
mod scene;

use scene::{Layout, SceneWorld};

/// Batches timed per case, after the warm-up.
const BATCHES: u32 = 12;
/// About how long one batch runs.
const BATCH: Duration = Duration::from_millis(25);
/// The least warm-up.
const WARM_UP: Duration = Duration::from_millis(20);

/// A framebuffer of `C`.
struct Screen<C> {
    size: Size,
    pixels: Vec<C>,
}

impl<C: PixelColor> Screen<C> {
    /// A `size` framebuffer filled with `color`.
    fn new(size: Size, color: C) -> Self {
        Screen {
            size,
            pixels: vec![color; (size.width * size.height) as usize],
        }
    }
}

impl<C> OriginDimensions for Screen<C> {
    fn size(&self) -> Size {
        self.size
    }
}

impl<C: PixelColor> DrawTarget for Screen<C> {
    type Color = C;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<C>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        let (w, h) = (self.size.width as i32, self.size.height as i32);
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && p.x < w && p.y < h {
                self.pixels[(p.y * w + p.x) as usize] = c;
            }
        }
        Ok(())
    }

    /// Row by row: a row of the area is a slice of the framebuffer.
    fn fill_contiguous<I: IntoIterator<Item = C>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        let w = self.size.width as i32;
        let mut colors = colors.into_iter();
        let (x0, y0) = (area.top_left.x, area.top_left.y);
        let (aw, ah) = (area.size.width as i32, area.size.height as i32);
        let inside = x0 >= 0 && y0 >= 0 && x0 + aw <= w && y0 + ah <= self.size.height as i32;
        if !inside {
            // Not a renderer's tile: pixel by pixel, clipped.
            let points = (0..ah).flat_map(|y| (0..aw).map(move |x| (x0 + x, y0 + y)));
            let pixels = points
                .zip(colors)
                .map(|((x, y), c)| Pixel((x, y).into(), c));
            return self.draw_iter(pixels);
        }
        for y in y0..y0 + ah {
            let start = (y * w + x0) as usize;
            for (slot, c) in self.pixels[start..start + aw as usize]
                .iter_mut()
                .zip(&mut colors)
            {
                *slot = c;
            }
        }
        Ok(())
    }
}

/// ns per call of `f`: the fastest of [`BATCHES`] batches' means, after a warm-up.
fn time_ns(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    let mut calls = 0u32;
    while start.elapsed() < WARM_UP || calls < 3 {
        f();
        calls += 1;
    }
    let per_call = start.elapsed().as_secs_f64() / f64::from(calls);
    let reps = ((BATCH.as_secs_f64() / per_call) as u32).max(1);
    (0..BATCHES)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..reps {
                f();
            }
            start.elapsed().as_nanos() as f64 / f64::from(reps)
        })
        .fold(f64::INFINITY, f64::min)
}

/// A number with as many decimals as help: none from 1 000, one from 10, two from 1,
/// three below.
fn num(v: f64) -> String {
    let decimals = match v.abs() {
        a if a >= 1000.0 => 0,
        a if a >= 10.0 => 1,
        a if a >= 1.0 => 2,
        _ => 3,
    };
    format!("{v:.decimals$}")
}

/// ns of a plain `fill` of `count` pixels of `C`, black-boxed.
fn fill_ns<C: RenderColor>(count: usize) -> f64 {
    let mut pixels = vec![C::from(Rgb888::new(0, 0, 0)); count.max(1)];
    let colors = [
        C::from(Rgb888::new(10, 12, 20)),
        C::from(Rgb888::new(46, 52, 70)),
    ];
    let mut k = 0;
    time_ns(|| {
        k ^= 1;
        pixels[..count].fill(black_box(colors[k]));
        black_box(&mut pixels);
    })
}

/// The three `frame` lines of the stand-in on one panel, through a renderer of `BUF`
/// pixels.
fn frame_cases<C: RenderColor, const BUF: usize>(panel: &str, layout: &Layout, cost: BusCost) {
    let size = layout.size;
    let background = layout.palette.background;
    let mut world = SceneWorld::new();
    let stage = scene::build(&mut world, layout);
    let mut screen = Screen::new(size, C::from(background));
    let mut renderer: Renderer<C, 32, BUF> = Renderer::new(size, background, cost);
    let screen_px = (size.width * size.height) as usize;

    // Full: the whole screen, every frame.
    let full = time_ns(|| {
        renderer
            .render_full(&mut world, &mut screen)
            .expect("infallible");
        black_box(&screen.pixels);
    });
    let floor = fill_ns::<C>(screen_px);
    println!(
        "frame panel={panel} kind=full ns_per_px={} floor_ns_per_px={}",
        num(full / screen_px as f64),
        num(floor / screen_px as f64)
    );

    // Partial: the breathing light's opacity, every frame.
    let mut opacity = 255u8;
    let mut px = 0u64;
    let partial = time_ns(|| {
        opacity = if opacity == 255 { 60 } else { 255 };
        world.set_opacity(stage.light, opacity).expect("valid");
        let stats = renderer
            .render(&mut world, &mut screen)
            .expect("infallible");
        px = stats.pixels_drawn;
        black_box(&screen.pixels);
    });
    assert!(px > 0, "the partial frame drew nothing");
    // The partial frames left what a full redraw draws.
    let mut reference = Screen::new(size, C::from(background));
    let mut fresh: Renderer<C, 32, BUF> = Renderer::new(size, background, cost);
    fresh
        .render_full(&mut world, &mut reference)
        .expect("infallible");
    assert!(
        reference.pixels == screen.pixels,
        "{panel}: partial frames differ from a full redraw"
    );
    let floor = fill_ns::<C>(px as usize);
    println!(
        "frame panel={panel} kind=partial px={px} ns={} ns_per_px={} floor_ns={}",
        num(partial),
        num(partial / px as f64),
        num(floor)
    );

    // Still: nothing changed.
    let mut drawn = 0u64;
    let still = time_ns(|| {
        let stats = renderer
            .render(&mut world, &mut screen)
            .expect("infallible");
        drawn += stats.pixels_drawn;
        black_box(&screen.pixels);
    });
    assert_eq!(drawn, 0, "a still frame drew pixels");
    println!("frame panel={panel} kind=still ns={}", num(still));
}

/// The `scene` screen: as the wide panel.
const SCENE_SIZE: Size = Size::new(320, 240);

/// Where rectangle `k` of `count` goes: a grid of near-square cells over the screen,
/// each rectangle a pixel smaller than its cell. Returns its middle and size.
fn grid_cell(k: usize, count: usize) -> (Vec2, Size2) {
    let (w, h) = (SCENE_SIZE.width as f32, SCENE_SIZE.height as f32);
    let columns = ((count as f32 * w / h).sqrt().ceil() as usize).max(1);
    let rows = count.div_ceil(columns);
    let (cw, ch) = (w / columns as f32, h / rows as f32);
    let (col, row) = (k % columns, k / columns);
    (
        Vec2::new((col as f32 + 0.5) * cw, (row as f32 + 0.5) * ch),
        Size2::new((cw - 1.0).max(1.0), (ch - 1.0).max(1.0)),
    )
}

/// One `scene` case: declares a world of exactly `$nodes` rectangles (and the root),
/// `$nodes - 1` in a grid and an 8 × 8 one over its middle, and times frames that
/// recolour that one (64 pixels redrawn, whatever the count). Evaluates to
/// `(ns per frame, pixels drawn per frame)`.
macro_rules! scene_case {
    ($nodes:literal) => {{
        world! {
            /// The case's rectangles and the root.
            type W = World {
                nodes: $nodes + 1,
                components: Grid {
                    sprig::render::Shape: $nodes,
                },
            };
        }
        let mut world = W::new();
        let root = world.root();
        for k in 0..$nodes - 1 {
            let (at, size) = grid_cell(k, $nodes - 1);
            let n = world.create_child(root, "cell").expect("fits");
            world.set_position(n, at).expect("valid");
            world.set_content_size(n, size).expect("valid");
            let shade = (k * 37 % 200) as u8 + 40;
            let shape = Shape::rectangle()
                .with_fill(Rgb888::new(shade, 255 - shade, 128))
                .with_antialias(false);
            world.add_component(n, shape).expect("fits");
        }
        // The one that changes: 8 × 8 at the middle, over the grid, whatever N.
        let n = world.create_child(root, "changing").expect("fits");
        world
            .set_position(n, Vec2::new(160.0, 120.0))
            .expect("valid");
        world
            .set_content_size(n, Size2::new(8.0, 8.0))
            .expect("valid");
        let shape = Shape::rectangle()
            .with_fill(Rgb888::new(255, 255, 255))
            .with_antialias(false);
        let changing = world.add_component(n, shape).expect("fits");
        world.tick(1.0 / 30.0).expect("not in a hook");
        let background = Rgb888::new(0, 0, 0);
        let mut screen = Screen::new(SCENE_SIZE, Rgb565::new(0, 0, 0));
        let mut renderer: Renderer<Rgb565, { $nodes + 1 }, 4096> =
            Renderer::new(SCENE_SIZE, background, BusCost::RGB565_MIPI_DCS);
        renderer
            .render(&mut world, &mut screen)
            .expect("infallible");
        let colors = [Rgb888::new(255, 255, 255), Rgb888::new(255, 0, 0)];
        let mut k = 0;
        let mut px = 0;
        let ns = time_ns(|| {
            k ^= 1;
            world.get_mut::<Shape>(changing).expect("live").fill = Some(colors[k]);
            px = renderer
                .render(&mut world, &mut screen)
                .expect("infallible")
                .pixels_drawn;
            black_box(&screen.pixels);
        });
        (ns, px)
    }};
}

/// Prints a horizontal bar per row, scaled to the largest value.
fn plot(rows: &[(usize, f64)]) {
    const WIDTH: f64 = 50.0;
    let max = rows.iter().map(|r| r.1).fold(0.0, f64::max);
    println!("scene ns per frame (one rectangle of N recoloured), 320x240 Rgb565:");
    for &(nodes, ns) in rows {
        let bar = ((ns / max * WIDTH).round() as usize).max(1);
        println!("{nodes:>5} | {:<50} {} ns", "#".repeat(bar), num(ns));
    }
}

fn main() {
    // `cargo bench -p sprig-core --bench frame -- scene` runs only the `scene` cases
    // (`-- frame` only the panels'); cargo's own `--bench` flag is ignored.
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let runs = |case: &str| only.is_empty() || only.iter().any(|o| o == case);
    if runs("frame") {
        frame_cases::<Rgb565, 4096>("wide", &Layout::WIDE, BusCost::RGB565_MIPI_DCS);
        frame_cases::<Gray4, 1024>("oled", &Layout::OLED, BusCost::GRAY4_SSD0323);
        frame_cases::<Rgb565, 4096>("color", &Layout::SQUARE, BusCost::RGB565_MIPI_DCS);
    }
    if !runs("scene") {
        return;
    }

    let cases = [
        (16, scene_case!(16)),
        (64, scene_case!(64)),
        (256, scene_case!(256)),
        (1024, scene_case!(1024)),
    ];
    for (nodes, (ns, px)) in cases {
        println!("scene nodes={nodes} changed=1 ns={} px={px}", num(ns));
    }
    println!();
    plot(&cases.map(|(nodes, (ns, _))| (nodes, ns)));
}
