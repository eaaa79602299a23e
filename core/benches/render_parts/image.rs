//! The image rows of the render bench: a 32 × 32 picture drawn full screen onto an
//! Rgb565 framebuffer its size, ns per image pixel, by Sprig's fast path (the node
//! upright at its own size), by its sampled path (the same node turned a quarter, which
//! lands every pixel exactly and costs what any transform costs), and straight through
//! `embedded-graphics`' `Image` of an `ImageRaw` or a `tinytga::Tga` (which have no
//! alpha: they copy the colours) onto the same framebuffer.

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
use tinytga::Tga;

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

/// A world holding one picture full screen, upright or turned a quarter.
fn world_with(add: impl FnOnce(&mut W, sprig::NodeId)) -> W {
    world_turned(0.0, add)
}

fn world_turned(degrees: f32, add: impl FnOnce(&mut W, sprig::NodeId)) -> W {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "picture").expect("fits");
    w.set_content_size(n, Size2::new(SIDE as f32, SIDE as f32))
        .expect("valid");
    w.set_position(n, Vec2::new(SIDE as f32 / 2.0, SIDE as f32 / 2.0))
        .expect("valid");
    w.set_angle_degrees(n, degrees).expect("valid");
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

    // The fast path and the sampled path of one image: ns per pixel of each.
    let both = |image: Image| {
        let fast = sprig_ns_per_pixel(&mut world_with(|w, n| {
            w.add_component(n, image).expect("fits");
        }));
        let sampled = sprig_ns_per_pixel(&mut world_turned(90.0, |w, n| {
            w.add_component(n, image).expect("fits");
        }));
        (fast, sampled)
    };
    let alpha = both(Image::rgba(rgba, SIDE));
    let cutout =
        both(Image::rgba(rgba, SIDE).with_transparency(Transparency::Cutout { threshold: 128 }));
    let opaque = both(Image::raw(rgb, SIDE));
    // The same colours as a 24-bit TGA, top-left origin, raw and run-length encoded.
    let tga = tga_file(rgb, false);
    let tga_rle = tga_file(rgb, true);
    let tga_ns = both(Image::tga(tga));
    let tga_rle_ns = both(Image::tga(tga_rle));
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
    // The baselines: embedded-graphics' `Image` of the raw colours and of the TGA files,
    // converted to Rgb565, on the same framebuffer.
    let mut screen = Screen {
        pixels: vec![Rgb565::new(0, 0, 0); (SIDE * SIDE) as usize],
    };
    let mut eg = |drawable: &dyn Fn(&mut Screen)| {
        best_of(|| {
            drawable(&mut screen);
            black_box(&screen.pixels);
        })
    };
    let raw: ImageRaw<Rgb888> = ImageRaw::new(rgb, SIDE);
    let eg_raw = eg(&|s| {
        EgImage::new(&raw, Point::zero())
            .draw(&mut s.color_converted())
            .expect("infallible")
    });
    let eg_tga = |file: &'static [u8]| {
        let tga: Tga<Rgb888> = Tga::from_slice(file).expect("a TGA file");
        move |s: &mut Screen| {
            EgImage::new(&tga, Point::zero())
                .draw(&mut s.color_converted())
                .expect("infallible")
        }
    };
    let eg_tga_ns = eg(&eg_tga(tga));
    let eg_tga_rle_ns = eg(&eg_tga(tga_rle));
    println!(
        "image 32x32 onto Rgb565, ns per image pixel, Sprig by full redraws (clear and flush included: the renderer with no image costs {empty:.1}), fast path (upright, own size) | sampled path (a quarter turn) | embedded-graphics Image (no alpha, no transform) on the same framebuffer:"
    );
    let row = |name: &str, (fast, sampled): (f64, f64), baseline: Option<(&str, f64)>| {
        let baseline = baseline.map_or(String::from("(no baseline with alpha)"), |(what, ns)| {
            format!("{what} {ns:.1} | fast path {:.2}x its speed", ns / fast)
        });
        println!(
            "image {name}: sprig fast {fast:.1} | sprig sampled {sampled:.1} ({:.1}x the fast path) | {baseline}",
            sampled / fast
        );
    };
    row(
        "raw RGB (opaque)",
        opaque,
        Some(("e-g Image<ImageRaw<Rgb888>>", eg_raw)),
    );
    row(
        "TGA 24-bit",
        tga_ns,
        Some(("e-g Image<tinytga::Tga<Rgb888>>", eg_tga_ns)),
    );
    row(
        "TGA 24-bit RLE",
        tga_rle_ns,
        Some(("e-g Image<tinytga::Tga<Rgb888>>", eg_tga_rle_ns)),
    );
    row("RGBA 8-bit alpha", alpha, None);
    row("RGBA as a 1-bit cutout", cutout, None);
    println!("image sprite frame (RGBA, alpha, upright): sprig fast {sprite:.1}");
}

/// A TGA file of 24-bit colours (`rgb`, `SIDE` wide), top-left origin; run-length
/// encoded with `rle` (a packet per run of equal pixels, raw packets otherwise).
fn tga_file(rgb: &[u8], rle: bool) -> &'static [u8] {
    let side = SIDE as u16;
    let mut file = vec![0, 0, if rle { 10 } else { 2 }, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    file.extend_from_slice(&side.to_le_bytes());
    file.extend_from_slice(&side.to_le_bytes());
    file.extend_from_slice(&[24, 0x20]);
    // TGA stores blue, green, red.
    let pixels: Vec<[u8; 3]> = rgb.chunks_exact(3).map(|p| [p[2], p[1], p[0]]).collect();
    if !rle {
        file.extend(pixels.iter().flatten());
    } else {
        // Packets never cross a row, as the format asks; a raw packet per pixel when
        // its neighbour differs (the test picture varies at every pixel).
        for row in pixels.chunks(SIDE as usize) {
            let mut i = 0;
            while i < row.len() {
                let run = row[i..]
                    .iter()
                    .take_while(|p| **p == row[i])
                    .count()
                    .min(128);
                if run > 1 {
                    file.push(0x80 | (run - 1) as u8);
                    file.extend_from_slice(&row[i]);
                } else {
                    file.push(0);
                    file.extend_from_slice(&row[i]);
                }
                i += run;
            }
        }
    }
    Box::leak(file.into_boxed_slice())
}
