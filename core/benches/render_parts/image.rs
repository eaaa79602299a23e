//! The image row of the render bench: a 32 × 32 picture with 8-bit alpha drawn full
//! screen onto an Rgb565 framebuffer its size, ns per image pixel, beside the same
//! picture drawn straight through `embedded-graphics`' `Image` (which has no alpha: it
//! copies the colours) onto the same framebuffer.

use std::hint::black_box;
use std::time::Instant;

use embedded_graphics::draw_target::{DrawTarget, DrawTargetExt};
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::image::{Image as EgImage, ImageRaw};
use embedded_graphics::pixelcolor::{Rgb565, Rgb888};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::{Drawable, Pixel};
use sprig::render::damage::BusCost;
use sprig::render::{Image, Renderer, Sprite, SpriteSheet, Transparency};
use sprig::{world, Size2, Vec2};

world! {
    /// One picture.
    type W = World {
        nodes: 4,
        components: Scene {
            sprig::render::Image: 2,
            sprig::render::Sprite: 2,
        },
    };
}

const SIDE: u32 = 32;
const ROUNDS: u32 = 2000;
const TRIES: u32 = 10;

/// A 32 × 32 Rgb565 framebuffer.
struct Screen {
    pixels: Vec<Rgb565>,
}

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(SIDE, SIDE)
    }
}

impl DrawTarget for Screen {
    type Color = Rgb565;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < SIDE && (p.y as u32) < SIDE {
                self.pixels[(p.y as u32 * SIDE + p.x as u32) as usize] = c;
            }
        }
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = Rgb565>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        for (p, c) in area.points().zip(colors) {
            self.pixels[(p.y as u32 * SIDE + p.x as u32) as usize] = c;
        }
        Ok(())
    }
}

/// ns per image pixel of drawing `world` full screen, `ROUNDS` times.
fn sprig_ns_per_pixel(world: &mut W) -> f64 {
    let mut screen = Screen {
        pixels: vec![Rgb565::new(0, 0, 0); (SIDE * SIDE) as usize],
    };
    let mut renderer: Renderer<Rgb565, 4, 1024> = Renderer::new(
        Size::new(SIDE, SIDE),
        Rgb888::new(20, 40, 60),
        BusCost::new(16, 11),
    );
    best_of(|| {
        renderer
            .render_full(world, &mut screen)
            .expect("infallible");
        black_box(&screen.pixels);
    })
}

/// ns per image pixel of `draw`, the best of `TRIES` runs of `ROUNDS / TRIES` draws:
/// the machine is shared, and the least disturbed run is the closest to the truth.
fn best_of(mut draw: impl FnMut()) -> f64 {
    (0..TRIES)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..ROUNDS / TRIES {
                draw();
            }
            start.elapsed().as_nanos() as f64 / f64::from(ROUNDS / TRIES * SIDE * SIDE)
        })
        .fold(f64::INFINITY, f64::min)
}

fn world_with(add: impl FnOnce(&mut W, sprig::NodeId)) -> W {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "picture").expect("fits");
    w.set_content_size(n, Size2::new(SIDE as f32, SIDE as f32))
        .expect("valid");
    w.set_position(n, Vec2::new(SIDE as f32 / 2.0, SIDE as f32 / 2.0))
        .expect("valid");
    add(&mut w, n);
    w
}

/// Prints the image row.
pub fn run() {
    // Colours and alphas varying every pixel; a quarter fully transparent, a quarter
    // opaque, the rest in between.
    let mut rgba = Vec::new();
    for y in 0..SIDE {
        for x in 0..SIDE {
            let alpha = match (x / 16, y / 16) {
                (0, 0) => 0,
                (1, 1) => 255,
                _ => ((x * 8) ^ (y * 4)) as u8,
            };
            rgba.extend_from_slice(&[(x * 8) as u8, (y * 8) as u8, 128, alpha]);
        }
    }
    let rgba: &'static [u8] = Box::leak(rgba.into_boxed_slice());
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let rgb: &'static [u8] = Box::leak(rgb.into_boxed_slice());

    let alpha = sprig_ns_per_pixel(&mut world_with(|w, n| {
        w.add_component(n, Image::rgba(rgba, SIDE)).expect("fits");
    }));
    let cutout = sprig_ns_per_pixel(&mut world_with(|w, n| {
        w.add_component(
            n,
            Image::rgba(rgba, SIDE).with_transparency(Transparency::Cutout { threshold: 128 }),
        )
        .expect("fits");
    }));
    let opaque = sprig_ns_per_pixel(&mut world_with(|w, n| {
        w.add_component(n, Image::raw(rgb, SIDE)).expect("fits");
    }));
    // One 32 × 32 frame of a 64 × 32 sheet (the same picture twice side by side).
    let mut sheet_pixels = Vec::new();
    for row in rgba.chunks_exact((SIDE * 4) as usize) {
        sheet_pixels.extend_from_slice(row);
        sheet_pixels.extend_from_slice(row);
    }
    let sheet_pixels: &'static [u8] = Box::leak(sheet_pixels.into_boxed_slice());
    let sheet: &'static SpriteSheet = Box::leak(Box::new(SpriteSheet::grid(
        Image::rgba(sheet_pixels, 2 * SIDE),
        SIDE as u16,
        SIDE as u16,
        2,
        2,
    )));
    let sprite = sprig_ns_per_pixel(&mut world_with(|w, n| {
        w.add_component(n, Sprite::new(sheet, 1)).expect("fits");
    }));

    let empty = sprig_ns_per_pixel(&mut world_with(|_, _| {}));
    // The baseline: embedded-graphics' `Image` of the raw colours, converted to Rgb565.
    let raw: ImageRaw<Rgb888> = ImageRaw::new(rgb, SIDE);
    let mut screen = Screen {
        pixels: vec![Rgb565::new(0, 0, 0); (SIDE * SIDE) as usize],
    };
    let eg = best_of(|| {
        EgImage::new(&raw, Point::zero())
            .draw(&mut screen.color_converted())
            .expect("infallible");
        black_box(&screen.pixels);
    });
    println!(
        "image 32x32 onto Rgb565, ns per image pixel (full redraw incl. clear and flush): sprig alpha {alpha:.1} | sprig cutout {cutout:.1} | sprig opaque {opaque:.1} | sprig sprite frame (alpha) {sprite:.1} | sprig without the image (clear, flush) {empty:.1} | embedded-graphics Image (opaque, no alpha) {eg:.1}"
    );
}
