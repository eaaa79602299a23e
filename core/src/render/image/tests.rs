//! The image fast path against the sampler, pixel for pixel: every source kind the
//! tests have (raw RGB and RGBA, TGA 32-bit, 16-bit with 1-bit alpha from three
//! corners, RLE, BMP, QOI), every transparency, two opacities, four colour types,
//! positions on and off whole pixels and off the screen's edges, whole images and
//! sprite regions, drawn in tiles whose clips cut the image anywhere.

extern crate std;

use std::boxed::Box;
use std::vec::Vec;

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888};
use embedded_graphics::primitives::{PointsIter, Rectangle};

use super::{draw_region_by, Decoded, Image, Region, Transparency};
use crate::render::canvas::{Canvas, NodeMaps};
use crate::render::color::RenderColor;
use crate::{Affine2, Rect};

const SCREEN_WIDTH: u32 = 23;
const SCREEN_HEIGHT: u32 = 17;

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

/// A 7 × 5 picture: colours varying every pixel, alphas 0, 255 and in between, and the
/// key colour (magenta) at a few pixels.
fn rgba_pixels() -> Vec<[u8; 4]> {
    (0..35u32)
        .map(|i| {
            let (x, y) = (i % 7, i / 7);
            if (x + 2 * y) % 6 == 0 {
                [255, 0, 255, 255]
            } else {
                let alpha = match i % 5 {
                    0 => 0,
                    1 => 255,
                    k => (k * 61) as u8,
                };
                [
                    (x * 36) as u8,
                    (y * 50) as u8,
                    (200 - x * y * 5) as u8,
                    alpha,
                ]
            }
        })
        .collect()
}

/// A 16-bit TGA (one attribute bit), 5 × 3, with the image descriptor `descriptor`
/// (bit 4: rows right to left, bit 5: top row first).
#[cfg(feature = "tga")]
fn tga16(descriptor: u8) -> &'static [u8] {
    let mut file = std::vec![0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 16, descriptor];
    for i in 0..15u16 {
        let alpha = if i % 3 == 0 { 0 } else { 0x8000 };
        file.extend_from_slice(&(alpha | (i * 2) << 10 | (31 - i) << 5 | i).to_le_bytes());
    }
    leak(file)
}

/// Every source under test, with a name for the messages.
fn sources() -> Vec<(&'static str, Image)> {
    let rgba: Vec<u8> = rgba_pixels().into_iter().flatten().collect();
    let rgb: Vec<u8> = rgba_pixels()
        .into_iter()
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    #[cfg_attr(
        not(any(feature = "tga", feature = "bmp", feature = "qoi")),
        allow(unused_mut)
    )]
    let mut all = std::vec![
        ("raw", Image::raw(leak(rgb), 7)),
        ("rgba", Image::rgba(leak(rgba), 7)),
    ];
    #[cfg_attr(
        not(any(feature = "tga", feature = "bmp", feature = "qoi")),
        allow(unused_macros)
    )]
    macro_rules! asset {
        ($file:literal) => {
            include_bytes!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../tests/assets/",
                $file
            ))
        };
    }
    #[cfg(feature = "tga")]
    all.extend([
        ("tga 32", Image::tga(asset!("picture.tga"))),
        ("tga rle", Image::tga(asset!("picture_rle.tga"))),
        ("tga sheet", Image::tga(asset!("sheet.tga"))),
        ("tga gradient", Image::tga(asset!("gradient.tga"))),
        ("tga 16 bottom-left", Image::tga(tga16(0x01))),
        ("tga 16 top-right", Image::tga(tga16(0x31))),
        ("tga 16 bottom-right", Image::tga(tga16(0x11))),
    ]);
    #[cfg(feature = "bmp")]
    all.push(("bmp", Image::bmp(asset!("picture_key.bmp"))));
    #[cfg(feature = "qoi")]
    all.extend([
        ("qoi", Image::qoi(asset!("picture.qoi"))),
        ("qoi sheet", Image::qoi(asset!("sheet.qoi"))),
        ("qoi gradient", Image::qoi(asset!("gradient.qoi"))),
    ]);
    all
}

const TRANSPARENCIES: [Transparency; 5] = [
    Transparency::Alpha,
    Transparency::Cutout { threshold: 128 },
    Transparency::ColorKey(Rgb888::new(255, 0, 255)),
    Transparency::ColorKey(Rgb888::new(255, 0, 0)),
    Transparency::Opaque,
];

/// Node positions (screen x, y of the anchor point) and anchors: on whole pixels, off
/// them (snapped by `draw_region`), and hanging off every edge of the screen.
const PLACES: [((f32, f32), (f32, f32)); 7] = [
    ((5.0, 4.0), (0.0, 1.0)),
    ((11.5, 8.5), (0.5, 0.5)),
    ((11.3, 8.7), (0.5, 0.5)),
    ((-2.0, -1.0), (0.0, 1.0)),
    ((21.0, 15.25), (0.0, 1.0)),
    ((3.75, 16.0), (0.25, 0.0)),
    ((22.0, 0.0), (1.0, 0.0)),
];

/// The tiles the screen is drawn in, and the clip inside each: whole tiles of 6 × 4,
/// then tiles of 9 × 7 clipped to a smaller rectangle each.
fn tilings() -> Vec<Vec<(Rectangle, Rectangle)>> {
    let tiles = |w: u32, h: u32, inset: i32| {
        let mut all = Vec::new();
        for y in (0..SCREEN_HEIGHT).step_by(h as usize) {
            for x in (0..SCREEN_WIDTH).step_by(w as usize) {
                let tile = Rectangle::new(Point::new(x as i32, y as i32), Size::new(w, h));
                let clip = Rectangle::new(
                    tile.top_left + Point::new(inset, inset / 2),
                    Size::new(w - inset as u32, h - (inset / 2) as u32),
                );
                all.push((tile, clip));
            }
        }
        all
    };
    std::vec![tiles(6, 4, 0), tiles(9, 7, 2)]
}

/// The screen drawn tile by tile over a background that varies by pixel; `fast`
/// chooses the path. Also returns whether every tile took the fast path.
fn draw<C: RenderColor>(
    image: &Decoded,
    region: Region,
    transparency: Transparency,
    place: ((f32, f32), (f32, f32)),
    opacity: u8,
    tiling: &[(Rectangle, Rectangle)],
    fast: bool,
) -> (Vec<C>, bool) {
    let background = |x: u32, y: u32| {
        C::from_rgb888(Rgb888::new(
            (x * 11) as u8,
            (y * 15) as u8,
            ((x ^ y) * 9) as u8,
        ))
    };
    let mut screen: Vec<C> = (0..SCREEN_WIDTH * SCREEN_HEIGHT)
        .map(|i| background(i % SCREEN_WIDTH, i / SCREEN_WIDTH))
        .collect();
    let ((px, py), (ax, ay)) = place;
    let (w, h) = (region.width as f32, region.height as f32);
    let content = Rect::new(-ax * w, -ay * h, w, h);
    let to_screen = Affine2 {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: -1.0,
        tx: px,
        ty: py,
    };
    let mut all_fast = true;
    for &(tile, clip) in tiling {
        let mut pixels: Vec<C> = tile
            .points()
            .map(|p| {
                screen
                    .get((p.y as u32 * SCREEN_WIDTH + p.x as u32) as usize)
                    .copied()
                    .unwrap_or(background(0, 0))
            })
            .collect();
        let screen_clip = clip.intersection(&Rectangle::new(
            Point::zero(),
            Size::new(SCREEN_WIDTH, SCREEN_HEIGHT),
        ));
        let maps = NodeMaps::new(&to_screen, &content);
        let mut canvas = Canvas::new(
            &mut pixels,
            tile,
            screen_clip,
            to_screen,
            content,
            opacity,
            &maps,
        );
        all_fast &= draw_region_by(&mut canvas, image, region, content, transparency, fast);
        for (p, c) in tile.points().zip(pixels) {
            if let Some(s) = screen.get_mut((p.y as u32 * SCREEN_WIDTH + p.x as u32) as usize) {
                if p.x < SCREEN_WIDTH as i32 {
                    *s = c;
                }
            }
        }
    }
    (screen, all_fast)
}

fn compare_on<C: RenderColor + core::fmt::Debug>() -> usize {
    let mut cases = 0;
    for (name, image) in sources() {
        let Some(decoded) = Decoded::new(&image.source) else {
            panic!("{name} does not parse");
        };
        let size = decoded.size();
        let whole = Region {
            x: 0,
            y: 0,
            width: size.width,
            height: size.height,
        };
        // A sprite's frame: the image less its first column and last row.
        let frame = Region {
            x: 1,
            y: 0,
            width: size.width - 1,
            height: size.height - 1,
        };
        for region in [whole, frame] {
            for transparency in TRANSPARENCIES {
                for place in PLACES {
                    for opacity in [255, 140] {
                        for tiling in tilings() {
                            let args = (&decoded, region, transparency, place, opacity);
                            let (fast, took) =
                                draw::<C>(args.0, args.1, args.2, args.3, args.4, &tiling, true);
                            let (sampled, _) =
                                draw::<C>(args.0, args.1, args.2, args.3, args.4, &tiling, false);
                            assert!(took, "{name}: the fast path was not taken");
                            let first = fast.iter().zip(&sampled).position(|(a, b)| a != b);
                            assert_eq!(
                                first.map(|i| (i as u32 % SCREEN_WIDTH, i as u32 / SCREEN_WIDTH)),
                                None,
                                "first pixel (x, y) where the paths differ: {name} {region:?} \
                                 {transparency:?} {place:?} opacity {opacity}"
                            );
                            cases += 1;
                        }
                    }
                }
            }
        }
    }
    cases
}

#[test]
fn the_fast_path_draws_the_samplers_pixels() {
    let cases = compare_on::<Rgb888>();
    assert_eq!(cases, sources().len() * 2 * 5 * 7 * 2 * 2);
    compare_on::<Rgb565>();
    compare_on::<Gray4>();
    compare_on::<BinaryColor>();
}

#[test]
fn the_fast_path_is_only_for_unit_translations() {
    let image = Image::rgba(leak(std::vec![9; 4 * 6]), 3);
    let decoded = Decoded::new(&image.source).unwrap_or_else(|| panic!("raw parses"));
    let region = Region {
        x: 0,
        y: 0,
        width: 3,
        height: 2,
    };
    let tile = Rectangle::new(Point::zero(), Size::new(8, 8));
    let draw_with = |to_screen: Affine2, content: Rect| {
        let mut pixels = [Rgb888::new(0, 0, 0); 64];
        let maps = NodeMaps::new(&to_screen, &content);
        let mut canvas = Canvas::new(&mut pixels, tile, tile, to_screen, content, 255, &maps);
        draw_region_by(
            &mut canvas,
            &decoded,
            region,
            content,
            Transparency::Alpha,
            true,
        )
    };
    let upright = Affine2 {
        a: 1.0,
        b: 0.0,
        c: 0.0,
        d: -1.0,
        tx: 2.0,
        ty: 5.0,
    };
    let own_size = Rect::new(0.0, 0.0, 3.0, 2.0);
    assert!(draw_with(upright, own_size));
    // Stretched to another size, scaled, or turned: the sampler.
    assert!(!draw_with(upright, Rect::new(0.0, 0.0, 6.0, 2.0)));
    assert!(!draw_with(Affine2 { a: 2.0, ..upright }, own_size));
    assert!(!draw_with(
        Affine2 {
            a: 0.0,
            b: -1.0,
            c: -1.0,
            d: 0.0,
            ..upright
        },
        own_size
    ));
    assert!(!draw_with(Affine2 { a: -1.0, ..upright }, own_size));
}
