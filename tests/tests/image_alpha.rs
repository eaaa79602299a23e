//! Images with transparency, pixel for pixel: 8-bit alpha (raw RGBA, 32-bit TGA, RLE TGA,
//! QOI), 1-bit alpha (a cutout threshold, 16-bit TGA's attribute bit), a colour key on a
//! BMP; blended onto the background on Rgb888, Rgb565, Gray4 and BinaryColor targets,
//! with the node's opacity, and turned and scaled exactly.
//!
//! The files in `tests/assets/` hold the picture `PICTURE` below (`make.py` writes them).

use embedded_graphics::image::ImageDrawable;
use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Draw, Image, RenderColor, Renderer, Transparency};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    type W = World {
        nodes: 8,
        components: Scene { sprig::render::Image: 8 },
    };
}

/// The 4 × 4 picture, row by row from the top-left: red, green, blue, alpha.
const PICTURE: [[u8; 4]; 16] = [
    [255, 0, 0, 255],
    [255, 0, 0, 192],
    [255, 0, 0, 128],
    [255, 0, 0, 64],
    [0, 255, 0, 255],
    [0, 255, 0, 0],
    [0, 0, 255, 255],
    [0, 0, 255, 128],
    [255, 255, 255, 255],
    [0, 0, 0, 255],
    [10, 20, 30, 255],
    [200, 100, 50, 200],
    [255, 255, 0, 255],
    [255, 255, 0, 255],
    [255, 255, 0, 255],
    [255, 255, 0, 0],
];

const RGBA: [u8; 64] = {
    let mut out = [0; 64];
    let mut i = 0;
    while i < 64 {
        out[i] = PICTURE[i / 4][i % 4];
        i += 1;
    }
    out
};

const TGA: &[u8] = include_bytes!("../assets/picture.tga");
const TGA_RLE: &[u8] = include_bytes!("../assets/picture_rle.tga");
const QOI: &[u8] = include_bytes!("../assets/picture.qoi");
const BMP_KEYED: &[u8] = include_bytes!("../assets/picture_key.bmp");

const GREY: Rgb888 = Rgb888::new(100, 100, 100);
const MAGENTA: Rgb888 = Rgb888::new(255, 0, 255);

/// Renders one image node (anchor (0, 0), 4 × 4, at world (2, 2) unless `setup` moves it) on an 8 × 8
/// screen of grey.
fn render<C: RenderColor>(image: Image, setup: impl Fn(&mut W, NodeId)) -> Framebuffer<C> {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "image").unwrap();
    w.set_anchor(n, Vec2::new(0.0, 0.0)).unwrap();
    w.set_content_size(n, Size2::new(4.0, 4.0)).unwrap();
    w.set_position(n, Vec2::new(2.0, 2.0)).unwrap();
    w.add_component(n, image).unwrap();
    setup(&mut w, n);
    let mut fb = Framebuffer::new(8, 8, C::from_rgb888(MAGENTA));
    let mut r: Renderer<C, 8, 64> = Renderer::new(Size::new(8, 8), GREY, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.out_of_bounds, 0);
    fb
}

fn upright(_: &mut W, _: NodeId) {}

/// The documented blend, `(alpha · over + (255 − alpha) · under) / 255` rounded, per
/// channel.
fn mix(over: u8, under: u8, alpha: u8) -> u8 {
    let a = u32::from(alpha);
    ((u32::from(over) * a + u32::from(under) * (255 - a) + 127) / 255) as u8
}

fn color(k: usize) -> Rgb888 {
    let [r, g, b, _] = PICTURE[k];
    Rgb888::new(r, g, b)
}

/// Picture pixel `k` blended with `alpha` onto grey, on target `C`.
fn over_grey<C: RenderColor>(k: usize, alpha: u8) -> C {
    C::from_rgb888(color(k)).blend(C::from_rgb888(GREY), alpha)
}

/// Asserts that the picture sits at screen columns 2..6, rows 2..6, pixel `k` showing
/// as `at(k)`, with grey around it.
fn check<C: RenderColor + core::fmt::Debug>(fb: &Framebuffer<C>, at: impl Fn(usize) -> C) {
    for y in 0..8 {
        for x in 0..8 {
            let inside = (2..6).contains(&x) && (2..6).contains(&y);
            let want = if inside {
                at(((y - 2) * 4 + (x - 2)) as usize)
            } else {
                C::from_rgb888(GREY)
            };
            assert_eq!(fb.get(x, y), want, "({x}, {y})");
        }
    }
}

#[test]
fn eight_bit_alpha_blends_onto_the_background_exactly() {
    let fb = render::<Rgb888>(Image::rgba(&RGBA, 4), upright);
    // Red at alpha 128 over grey 100: (255·128 + 100·127 + 127) / 255 = 178, and
    // (100·127 + 127) / 255 = 50.
    assert_eq!(fb.get(4, 2), Rgb888::new(178, 50, 50));
    // Alpha 0 leaves the background; alpha 255 is the colour itself.
    assert_eq!(fb.get(3, 3), GREY);
    assert_eq!(fb.get(2, 2), Rgb888::new(255, 0, 0));
    check(&fb, |k| {
        let [r, g, b, a] = PICTURE[k];
        Rgb888::new(mix(r, 100, a), mix(g, 100, a), mix(b, 100, a))
    });
}

#[test]
fn every_alpha_format_gives_the_same_pixels_on_every_colour_format() {
    fn each<C: RenderColor + core::fmt::Debug>() {
        for (name, image) in [
            ("rgba", Image::rgba(&RGBA, 4)),
            ("tga", Image::tga(TGA)),
            ("tga rle", Image::tga(TGA_RLE)),
            ("qoi", Image::qoi(QOI)),
        ] {
            assert_eq!(image.size(), Size::new(4, 4), "{name}");
            let fb = render::<C>(image, upright);
            for y in 0..8u32 {
                for x in 0..8u32 {
                    let inside = (2..6).contains(&x) && (2..6).contains(&y);
                    let want = if inside {
                        let k = ((y - 2) * 4 + (x - 2)) as usize;
                        over_grey::<C>(k, PICTURE[k][3])
                    } else {
                        C::from_rgb888(GREY)
                    };
                    assert_eq!(fb.get(x, y), want, "{name} ({x}, {y})");
                }
            }
        }
    }
    each::<Rgb888>();
    each::<Rgb565>();
    each::<Gray4>();
    each::<BinaryColor>();
    // On a 1-bit panel alpha is a threshold at 128: alpha 64 keeps the background
    // (black: grey 100 is dark), alpha 128 draws red (dark too) and white stays white.
    let fb = render::<BinaryColor>(Image::qoi(QOI), upright);
    assert_eq!(fb.get(2, 4), BinaryColor::On);
}

#[test]
fn qoi_colours_agree_with_tinyqoi() {
    // `tinyqoi` drops alpha; drawn opaque, Sprig's decoder gives the same colours.
    let reference = tinyqoi::Qoi::new(QOI).unwrap();
    let mut colours = Framebuffer::new(4, 4, Rgb888::new(0, 0, 0));
    reference.draw(&mut colours).unwrap();
    let fb = render::<Rgb888>(
        Image::qoi(QOI).with_transparency(Transparency::Opaque),
        upright,
    );
    check(&fb, |k| colours.get(k as u32 % 4, k as u32 / 4));
    check(&fb, color);
}

#[test]
fn cutout_draws_opaque_at_or_above_the_threshold_and_nothing_below() {
    let fb = render::<Rgb888>(
        Image::rgba(&RGBA, 4).with_transparency(Transparency::Cutout { threshold: 128 }),
        upright,
    );
    check(&fb, |k| if PICTURE[k][3] >= 128 { color(k) } else { GREY });
    assert_eq!(fb.get(4, 2), Rgb888::new(255, 0, 0));
    assert_eq!(fb.get(5, 2), GREY);
    // Threshold 0 draws every pixel, alpha 0 included; 255 only the opaque ones.
    let all = render::<Rgb888>(
        Image::tga(TGA).with_transparency(Transparency::Cutout { threshold: 0 }),
        upright,
    );
    check(&all, color);
    let opaque_only = render::<Rgb888>(
        Image::tga(TGA).with_transparency(Transparency::Cutout { threshold: 255 }),
        upright,
    );
    check(&opaque_only, |k| {
        if PICTURE[k][3] == 255 {
            color(k)
        } else {
            GREY
        }
    });
}

#[test]
fn a_colour_key_makes_its_colour_transparent() {
    // The BMP holds the picture opaque, magenta where the alpha was below 128: keyed, it
    // draws as the picture cut out at 128.
    let keyed = render::<Rgb565>(
        Image::bmp(BMP_KEYED).with_transparency(Transparency::ColorKey(MAGENTA)),
        upright,
    );
    let cut = render::<Rgb565>(
        Image::rgba(&RGBA, 4).with_transparency(Transparency::Cutout { threshold: 128 }),
        upright,
    );
    assert_eq!(keyed.pixels, cut.pixels);
    assert_eq!(keyed.get(5, 2), Rgb565::from_rgb888(GREY));
    // Without the key the magenta shows.
    let plain = render::<Rgb888>(Image::bmp(BMP_KEYED), upright);
    assert_eq!(plain.get(5, 2), MAGENTA);
    // A key keeps the other pixels' alpha: keying yellow off the RGBA picture.
    let yellow = Rgb888::new(255, 255, 0);
    let fb = render::<Rgb888>(
        Image::rgba(&RGBA, 4).with_transparency(Transparency::ColorKey(yellow)),
        upright,
    );
    check(&fb, |k| {
        let [r, g, b, a] = PICTURE[k];
        let a = if color(k) == yellow { 0 } else { a };
        Rgb888::new(mix(r, 100, a), mix(g, 100, a), mix(b, 100, a))
    });
}

#[test]
fn opaque_ignores_the_alpha() {
    let fb = render::<Rgb888>(
        Image::tga(TGA).with_transparency(Transparency::Opaque),
        upright,
    );
    check(&fb, color);
}

#[test]
fn node_opacity_multiplies_the_alpha() {
    let fb = render::<Rgb888>(Image::rgba(&RGBA, 4), |w, n| {
        w.set_opacity(n, 128).unwrap();
    });
    // Alpha 128 × opacity 128: (128 · 128 + 127) / 255 = 64.
    check(&fb, |k| {
        let [r, g, b, a] = PICTURE[k];
        let a = ((u16::from(a) * 128 + 127) / 255) as u8;
        Rgb888::new(mix(r, 100, a), mix(g, 100, a), mix(b, 100, a))
    });
    assert_eq!(fb.get(4, 2), Rgb888::new(mix(255, 100, 64), 75, 75));
}

#[test]
fn sixteen_bit_tga_has_a_one_bit_alpha() {
    // 2 × 1, top-left origin, one attribute bit: red with the bit set, then green without.
    let mut file = vec![0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 16, 0x21];
    file.extend_from_slice(&(0x8000u16 | 0x7C00).to_le_bytes());
    file.extend_from_slice(&0x03E0u16.to_le_bytes());
    let file: &'static [u8] = Box::leak(file.into_boxed_slice());
    let own_size = |w: &mut W, n: NodeId| w.set_content_size(n, Size2::new(2.0, 1.0)).unwrap();
    let fb = render::<Rgb888>(Image::tga(file), own_size);
    assert_eq!(fb.get(2, 5), Rgb888::new(255, 0, 0));
    assert_eq!(fb.get(3, 5), GREY);
    // Without attribute bits in the header the top bit means nothing: both opaque.
    let mut plain = file.to_vec();
    plain[17] = 0x20;
    let plain: &'static [u8] = Box::leak(plain.into_boxed_slice());
    let fb = render::<Rgb888>(Image::tga(plain), own_size);
    assert_eq!(fb.get(3, 5), Rgb888::new(0, 255, 0));
}

#[test]
fn quarter_turns_and_whole_scales_land_every_pixel_exactly() {
    let expected = |k: usize| over_grey::<Rgb888>(k, PICTURE[k][3]);
    // 90° counter-clockwise about the anchor at world (6, 2): local (x, y) goes to world
    // (6 − y, 2 + x); picture pixel (column i, row j) lands on screen (2 + j, 5 − i).
    for image in [Image::rgba(&RGBA, 4), Image::qoi(QOI), Image::tga(TGA_RLE)] {
        let fb = render::<Rgb888>(image, |w, n| {
            w.set_position(n, Vec2::new(6.0, 2.0)).unwrap();
            w.set_angle_degrees(n, 90.0).unwrap();
        });
        for k in 0..16 {
            let (i, j) = ((k % 4) as u32, (k / 4) as u32);
            assert_eq!(fb.get(2 + j, 5 - i), expected(k), "{image:?} pixel {k}");
        }
        // Mirrored (scale x −1 about world x 6): column i lands on screen 5 − i.
        let fb = render::<Rgb888>(image, |w, n| {
            w.set_position(n, Vec2::new(6.0, 2.0)).unwrap();
            w.set_scale(n, Vec2::new(-1.0, 1.0)).unwrap();
        });
        for k in 0..16 {
            let (i, j) = ((k % 4) as u32, (k / 4) as u32);
            assert_eq!(fb.get(5 - i, 2 + j), expected(k), "{image:?} pixel {k}");
        }
    }
    // Scale 2 at world (0, 0): every picture pixel becomes a 2 × 2 block of the screen.
    let fb = render::<Rgb888>(Image::rgba(&RGBA, 4), |w, n| {
        w.set_position(n, Vec2::new(0.0, 0.0)).unwrap();
        w.set_scale(n, Vec2::new(2.0, 2.0)).unwrap();
    });
    for y in 0..8u32 {
        for x in 0..8u32 {
            let k = (y / 2 * 4 + x / 2) as usize;
            assert_eq!(fb.get(x, y), expected(k), "({x}, {y})");
        }
    }
}

#[test]
fn broken_files_draw_what_they_can_and_never_panic() {
    // Cut inside the data: the pixels before the cut are drawn, the rest is not.
    let cut: &'static [u8] = &QOI[..QOI.len() - 30];
    let fb = render::<Rgb888>(Image::qoi(cut), upright);
    assert_eq!(fb.get(2, 2), Rgb888::new(255, 0, 0));
    assert_eq!(fb.get(5, 5), GREY);
    for file in [
        &b"qoif"[..],
        b"",
        b"qoif\0\0\0\x04\0\0\0\x04\x04\0",
        &QOI[..20],
    ] {
        let image = Image::qoi(file);
        let _ = render::<Rgb888>(image, upright);
        let _ = image.appearance();
    }
    assert_eq!(Image::qoi(b"nope, not qoi").size(), Size::zero());
    // A header claiming a fifth row: the end marker is not read as pixels, so the row
    // stays empty even drawn opaque.
    let mut taller = QOI.to_vec();
    taller[11] = 5;
    let taller: &'static [u8] = Box::leak(taller.into_boxed_slice());
    let fb = render::<Rgb888>(
        Image::qoi(taller).with_transparency(Transparency::Opaque),
        |w, n| w.set_content_size(n, Size2::new(4.0, 5.0)).unwrap(),
    );
    // Five rows over world y 2..7: screen rows 1..6, the last one empty.
    assert_eq!(fb.get(2, 1), Rgb888::new(255, 0, 0));
    for x in 2..6 {
        assert_eq!(fb.get(x, 5), GREY, "({x}, 5)");
    }
}

#[test]
fn appearance_follows_the_transparency() {
    let image = Image::rgba(&RGBA, 4);
    let differs = [
        Transparency::Opaque,
        Transparency::Cutout { threshold: 1 },
        Transparency::Cutout { threshold: 2 },
        Transparency::ColorKey(MAGENTA),
        Transparency::ColorKey(GREY),
    ];
    for (i, a) in differs.iter().enumerate() {
        assert_ne!(
            image.appearance(),
            image.with_transparency(*a).appearance(),
            "{a:?}"
        );
        for b in &differs[i + 1..] {
            assert_ne!(
                image.with_transparency(*a).appearance(),
                image.with_transparency(*b).appearance()
            );
        }
    }
    assert_ne!(
        Image::rgba(&RGBA, 4).appearance(),
        Image::qoi(QOI).appearance()
    );
}

/// Draws `image` at its own size, anchor (0, 0), at the origin of a screen its size, on
/// grey.
fn render_own<C: RenderColor>(image: Image, width: u32, height: u32) -> Framebuffer<C> {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "image").unwrap();
    w.set_anchor(n, Vec2::new(0.0, 0.0)).unwrap();
    w.set_content_size(n, Size2::new(width as f32, height as f32))
        .unwrap();
    w.add_component(n, image).unwrap();
    let mut fb = Framebuffer::new(width, height, C::from_rgb888(MAGENTA));
    let mut r: Renderer<C, 8, 64> =
        Renderer::new(Size::new(width, height), GREY, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    fb
}

#[test]
fn qoi_files_using_every_op_equal_their_tga_twins() {
    const SHEET_TGA: &[u8] = include_bytes!("../assets/sheet.tga");
    const SHEET_QOI: &[u8] = include_bytes!("../assets/sheet.qoi");
    const GRADIENT_TGA: &[u8] = include_bytes!("../assets/gradient.tga");
    const GRADIENT_QOI: &[u8] = include_bytes!("../assets/gradient.qoi");
    // The sheet: index, run and RGBA ops, soft alpha edges.
    let a = render_own::<Rgb888>(Image::tga(SHEET_TGA), 32, 8);
    let b = render_own::<Rgb888>(Image::qoi(SHEET_QOI), 32, 8);
    assert_eq!(a.pixels, b.pixels);
    assert!(a.pixels.iter().filter(|&&p| p != GREY).count() > 40);
    // The gradient: diff and luma ops; opaque, so `tinyqoi` agrees too.
    let a = render_own::<Rgb888>(Image::tga(GRADIENT_TGA), 16, 4);
    let b = render_own::<Rgb888>(Image::qoi(GRADIENT_QOI), 16, 4);
    assert_eq!(a.pixels, b.pixels);
    let mut reference = Framebuffer::new(16, 4, Rgb888::new(0, 0, 0));
    tinyqoi::Qoi::new(GRADIENT_QOI)
        .unwrap()
        .draw(&mut reference)
        .unwrap();
    assert_eq!(b.pixels, reference.pixels);
    assert_eq!(b.get(0, 0), Rgb888::new(90, 110, 48));
}
