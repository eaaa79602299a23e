//! The built-in drawables (Label, Image, ProgressBar, Clip) pixel for pixel: each against
//! an independent reference (text drawn straight with `embedded-graphics`, image pixels
//! worked out by hand), on Rgb888, Gray4 and BinaryColor targets, and every one of them
//! damage-tracked against full redraws over frames of changes.

use embedded_graphics::mono_font::ascii::{FONT_5X8, FONT_6X10};
use embedded_graphics::mono_font::{MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::{BinaryColor, Gray4, GrayColor, Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::text::{Baseline, Text};
use embedded_graphics::Drawable;
use proptest::prelude::*;
use sprig::render::damage::BusCost;
use sprig::render::{
    Clip, Draw, Image, ImageSource, Label, ProgressBar, RenderColor, Renderer, Shape, Transparency,
};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    /// Every built-in drawable.
    type W = World {
        nodes: 24,
        components: Scene {
            sprig::render::Shape: 24,
            sprig::render::Label: 24,
            sprig::render::Image: 24,
            sprig::render::ProgressBar: 24,
            sprig::render::Clip: 24,
        },
    };
}

const BLACK: Rgb888 = Rgb888::BLACK;
const WHITE: Rgb888 = Rgb888::WHITE;

/// Renders `w` once (a first frame draws everything) onto a fresh `width × height`
/// framebuffer of background `bg`.
fn render<C: RenderColor>(w: &mut W, width: u32, height: u32, bg: Rgb888) -> Framebuffer<C> {
    let mut fb = Framebuffer::new(width, height, C::from_rgb888(Rgb888::new(255, 0, 255)));
    let mut r: Renderer<C, 24, 256> =
        Renderer::new(Size::new(width, height), bg, BusCost::new(16, 0));
    r.render(w, &mut fb).unwrap();
    assert_eq!(fb.out_of_bounds, 0);
    fb
}

/// A child of the root with the given anchor, content size and position.
fn node(w: &mut W, anchor: (f32, f32), size: (f32, f32), at: (f32, f32)) -> NodeId {
    let root = w.root();
    child(w, root, anchor, size, at)
}

fn child(
    w: &mut W,
    parent: NodeId,
    anchor: (f32, f32),
    size: (f32, f32),
    at: (f32, f32),
) -> NodeId {
    let n = w.create_child(parent, "n").unwrap();
    w.set_anchor(n, Vec2::new(anchor.0, anchor.1)).unwrap();
    w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    n
}

/// `text` drawn straight with `embedded-graphics` at screen `top_left` on a framebuffer
/// of background `bg`: the independent reference for labels.
fn reference_text<C: RenderColor>(
    width: u32,
    height: u32,
    bg: Rgb888,
    text: &str,
    font: &MonoFont<'_>,
    color: Rgb888,
    top_left: Point,
) -> Framebuffer<C> {
    let mut fb = Framebuffer::new(width, height, C::from_rgb888(bg));
    let style = MonoTextStyle::new(font, C::from_rgb888(color));
    Text::with_baseline(text, top_left, style, Baseline::Top)
        .draw(&mut fb)
        .unwrap();
    fb
}

fn lit<C: PartialEq + Copy>(fb: &Framebuffer<C>, bg: C) -> usize {
    fb.pixels.iter().filter(|&&p| p != bg).count()
}

// ---------------------------------------------------------------------------------
// Label
// ---------------------------------------------------------------------------------

/// "Hi" in FONT_6X10 is 12 × 10. The node sits at world (20, 10) on a 40 × 20 screen,
/// with the text's size as content size; the expected screen top-left of the text for
/// each anchor, worked out by hand: the anchor fractions of the box at world (20, 10),
/// screen y = 20 − world top.
fn label_case<C: RenderColor + core::fmt::Debug>(anchor: (f32, f32), top_left: (i32, i32)) {
    let mut w = W::new();
    let n = node(&mut w, anchor, (12.0, 10.0), (20.0, 10.0));
    w.add_component(n, Label::new("Hi")).unwrap();
    let fb = render::<C>(&mut w, 40, 20, BLACK);
    let expected = reference_text::<C>(
        40,
        20,
        BLACK,
        "Hi",
        &FONT_6X10,
        WHITE,
        Point::new(top_left.0, top_left.1),
    );
    assert!(lit(&expected, C::from_rgb888(BLACK)) > 10);
    assert_eq!(fb.pixels, expected.pixels, "anchor {anchor:?}");
}

#[test]
fn label_bottom_left_anchor_puts_the_text_above_right_of_the_node() {
    // Box world x 20..32, y 10..20 → screen top-left (20, 0).
    label_case::<Rgb888>((0.0, 0.0), (20, 0));
    label_case::<Gray4>((0.0, 0.0), (20, 0));
    label_case::<BinaryColor>((0.0, 0.0), (20, 0));
}

#[test]
fn label_centre_anchor_centres_the_text_on_the_node() {
    // Box world x 14..26, y 5..15 → screen top-left (14, 5).
    label_case::<Rgb888>((0.5, 0.5), (14, 5));
    label_case::<Gray4>((0.5, 0.5), (14, 5));
    label_case::<BinaryColor>((0.5, 0.5), (14, 5));
}

#[test]
fn label_top_right_anchor_puts_the_text_below_left_of_the_node() {
    // Box world x 8..20, y 0..10 → screen top-left (8, 10).
    label_case::<Rgb888>((1.0, 1.0), (8, 10));
    label_case::<Gray4>((1.0, 1.0), (8, 10));
    label_case::<BinaryColor>((1.0, 1.0), (8, 10));
}

#[test]
fn label_without_content_size_is_placed_by_its_anchor() {
    // Anchor (0, 0) at world (20, 10): the 12 × 10 text above and to the right of the
    // point, screen columns 20..32, rows 0..10 (it was centred on the point before).
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (0.0, 0.0), (20.0, 10.0));
    w.add_component(n, Label::new("Hi")).unwrap();
    let fb = render::<Rgb888>(&mut w, 40, 20, BLACK);
    let expected =
        reference_text::<Rgb888>(40, 20, BLACK, "Hi", &FONT_6X10, WHITE, Point::new(20, 0));
    assert_eq!(fb.pixels, expected.pixels);
}

#[test]
fn label_uses_its_font_and_colour_and_a_second_line() {
    let mut w = W::new();
    let color = Rgb888::new(10, 200, 30);
    // FONT_5X8, "ab\ncd": 10 × 16, anchor (0, 0) at world (3, 2) on a 40 × 20 screen:
    // box world y 2..18 → screen top 2.
    let n = node(&mut w, (0.0, 0.0), (10.0, 16.0), (3.0, 2.0));
    let label = Label::new("ab\ncd").with_font(&FONT_5X8).with_color(color);
    assert_eq!(label.size(), Size::new(10, 16));
    w.add_component(n, label).unwrap();
    let fb = render::<Rgb888>(&mut w, 40, 20, BLACK);
    let expected =
        reference_text::<Rgb888>(40, 20, BLACK, "ab\ncd", &FONT_5X8, color, Point::new(3, 2));
    assert_eq!(fb.pixels, expected.pixels);
}

/// "Hi" in FONT_6X10 drawn by `embedded-graphics` at (0, 0): the 12 × 10 reference
/// glyph pixels, lit or not.
fn hi_pixels() -> Vec<Vec<bool>> {
    let r = reference_text::<Rgb888>(12, 10, BLACK, "Hi", &FONT_6X10, WHITE, Point::zero());
    (0..10)
        .map(|y| (0..12).map(|x| r.get(x, y) == WHITE).collect())
        .collect()
}

#[test]
fn label_scaled_up_scales_its_glyphs_around_its_anchor_point() {
    // Scale 2 around the centre: the box spans world 8..32 × 0..20, screen columns
    // 8..32, rows 0..20, and each glyph pixel becomes a 2 × 2 block.
    let mut w = W::new();
    let n = node(&mut w, (0.5, 0.5), (12.0, 10.0), (20.0, 10.0));
    w.set_scale(n, Vec2::new(2.0, 2.0)).unwrap();
    w.add_component(n, Label::new("Hi")).unwrap();
    let fb = render::<Rgb888>(&mut w, 40, 20, BLACK);
    let hi = hi_pixels();
    for y in 0..20 {
        for x in 0..40 {
            let on = (8..32).contains(&x) && hi[y as usize / 2][(x as usize - 8) / 2];
            assert_eq!(fb.get(x, y), if on { WHITE } else { BLACK }, "({x}, {y})");
        }
    }
}

#[test]
fn label_scaled_down_samples_its_glyphs_inside_its_box() {
    // Scale 0.5 around the centre: box world 17..23 × 7.5..12.5, screen rows 7.5..12.5.
    // Pixel centres (x + 0.5, y + 0.5) of columns 17..23 and rows 8..12 fall in it (the
    // top edge is out); each samples the glyph pixel at the centre's offset from the
    // box's top-left, doubled and floored: (2·(x − 17) + 1, 2·(y − 7)).
    let mut w = W::new();
    let n = node(&mut w, (0.5, 0.5), (12.0, 10.0), (20.0, 10.0));
    w.set_scale(n, Vec2::new(0.5, 0.5)).unwrap();
    w.add_component(n, Label::new("Hi")).unwrap();
    let fb = render::<Rgb888>(&mut w, 40, 20, BLACK);
    let hi = hi_pixels();
    for y in 0..20u32 {
        for x in 0..40u32 {
            let inside = (17..23).contains(&x) && (8..12).contains(&y);
            let on = inside && hi[(2 * (y - 7)) as usize][(2 * (x - 17) + 1) as usize];
            assert_eq!(fb.get(x, y), if on { WHITE } else { BLACK }, "({x}, {y})");
        }
    }
    assert!(lit(&fb, BLACK) > 0);
}

#[test]
fn label_turned_a_quarter_turn_is_exact() {
    // 90° counter-clockwise around the centre: the text's x runs up the screen, its y
    // to the right. Text pixel (tx, ty) lands on screen (15 + ty, 15 − tx).
    let mut w = W::new();
    let n = node(&mut w, (0.5, 0.5), (12.0, 10.0), (20.0, 10.0));
    w.set_angle_degrees(n, 90.0).unwrap();
    w.add_component(n, Label::new("Hi")).unwrap();
    let fb = render::<Rgb888>(&mut w, 40, 20, BLACK);
    let hi = hi_pixels();
    let mut expected = vec![vec![BLACK; 40]; 20];
    for (ty, row) in hi.iter().enumerate() {
        for (tx, &on) in row.iter().enumerate() {
            if on {
                expected[15 - tx][15 + ty] = WHITE;
            }
        }
    }
    for (y, row) in expected.iter().enumerate() {
        for (x, &want) in row.iter().enumerate() {
            assert_eq!(fb.get(x as u32, y as u32), want, "({x}, {y})");
        }
    }
}

#[test]
fn label_opacity_blends_the_text() {
    let blue = Rgb888::new(0, 0, 255);
    let half = Rgb888::new(128, 128, 255); // white at alpha 128 over blue
    for (opacity, text_pixel) in [(255u8, WHITE), (128, half), (0, blue)] {
        let mut w = W::new();
        let back = node(&mut w, (0.0, 0.0), (40.0, 20.0), (0.0, 0.0));
        w.add_component(back, Shape::rectangle().with_fill(blue))
            .unwrap();
        let n = node(&mut w, (0.0, 0.0), (12.0, 10.0), (20.0, 10.0));
        w.set_opacity(n, opacity).unwrap();
        w.add_component(n, Label::new("Hi")).unwrap();
        let fb = render::<Rgb888>(&mut w, 40, 20, BLACK);
        let mask =
            reference_text::<Rgb888>(40, 20, BLACK, "Hi", &FONT_6X10, WHITE, Point::new(20, 0));
        for y in 0..20 {
            for x in 0..40 {
                let expected = if mask.get(x, y) == WHITE {
                    text_pixel
                } else {
                    blue
                };
                assert_eq!(fb.get(x, y), expected, "opacity {opacity} ({x}, {y})");
            }
        }
    }
    // Gray4: white (15) at alpha 128 over black is 8; BinaryColor thresholds at 128.
    for (opacity, gray, binary) in [
        (128u8, Gray4::new(8), BinaryColor::On),
        (100, Gray4::new(6), BinaryColor::Off),
    ] {
        let mut w = W::new();
        let n = node(&mut w, (0.0, 0.0), (12.0, 10.0), (20.0, 10.0));
        w.set_opacity(n, opacity).unwrap();
        w.add_component(n, Label::new("Hi")).unwrap();
        let g = render::<Gray4>(&mut w, 40, 20, BLACK);
        let b = render::<BinaryColor>(&mut w, 40, 20, BLACK);
        let mask =
            reference_text::<Rgb888>(40, 20, BLACK, "Hi", &FONT_6X10, WHITE, Point::new(20, 0));
        for y in 0..20 {
            for x in 0..40 {
                let on = mask.get(x, y) == WHITE;
                assert_eq!(g.get(x, y), if on { gray } else { Gray4::BLACK });
                assert_eq!(
                    b.get(x, y),
                    if on { binary } else { BinaryColor::Off },
                    "opacity {opacity}"
                );
            }
        }
    }
}

#[test]
fn label_text_too_long_is_an_error_or_a_visible_cut() {
    // `new` cuts with an ellipsis that shows; `set_text` refuses and keeps the text.
    let mut label = Label::new("0123456789012345678901234567890123456789");
    assert_eq!(label.text.as_str(), "01234567890123456789012345678...");
    assert_eq!(
        label.set_text("€€€€€€€€€€€"), // 3 bytes each: 33 bytes
        Err(sprig::Error::TextTooLong {
            len: 33,
            capacity: 32
        })
    );
    assert_eq!(label.text.as_str(), "01234567890123456789012345678...");
    assert!(label.set_text_truncated("€€€€€€€€€€€"));
    assert_eq!(label.text.as_str(), "€€€€€€€€€..."); // 27 + 3 bytes
    assert_eq!(label.set_text("ok"), Ok(()));
    assert_eq!(label.text.as_str(), "ok");
    // An empty label draws nothing and has an empty box.
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (10.0, 10.0), (5.0, 5.0));
    w.add_component(n, Label::new("")).unwrap();
    let fb = render::<Rgb888>(&mut w, 20, 20, BLACK);
    assert_eq!(lit(&fb, BLACK), 0);
}

#[test]
fn label_appearance_follows_text_colour_and_font() {
    let a = Label::new("Hi");
    let same = Label::new("Hi");
    assert_eq!(a.appearance(), same.appearance());
    assert_eq!(a.damage_key(), same.damage_key());
    // A short text in a font whose characters all advance alike is the damage key (a
    // change of it repaints the characters that changed); any other is appearance.
    let other = Label::new("Ho");
    assert_ne!(
        (a.appearance(), a.damage_key()),
        (other.appearance(), other.damage_key())
    );
    assert_ne!(a.appearance(), Label::new("Hi!").appearance());
    assert_ne!(
        a.appearance(),
        Label::new("Hi there, a longer text").appearance()
    );
    assert_ne!(
        a.appearance(),
        Label::new("Hi").with_color(Rgb888::RED).appearance()
    );
    assert_ne!(
        a.appearance(),
        Label::new("Hi").with_font(&FONT_5X8).appearance()
    );
    // Same metrics, other glyphs: ascii vs latin1 6×10.
    assert_ne!(
        a.appearance(),
        Label::new("Hi")
            .with_font(&embedded_graphics::mono_font::iso_8859_1::FONT_6X10)
            .appearance()
    );
}

// ---------------------------------------------------------------------------------
// Image
// ---------------------------------------------------------------------------------

/// A 2 × 3 image, row by row from the top-left:
/// ```text
/// A B
/// C D
/// E F
/// ```
const PIX: [[u8; 3]; 6] = [
    [255, 0, 0],     // A
    [0, 255, 0],     // B
    [0, 0, 255],     // C
    [255, 255, 0],   // D
    [0, 255, 255],   // E
    [255, 255, 255], // F
];
const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;
const E: usize = 4;
const F: usize = 5;

const RAW: [u8; 18] = [
    255, 0, 0, 0, 255, 0, //
    0, 0, 255, 255, 255, 0, //
    0, 255, 255, 255, 255, 255,
];

fn rgb(k: usize) -> Rgb888 {
    Rgb888::new(PIX[k][0], PIX[k][1], PIX[k][2])
}

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

fn le16(v: &mut Vec<u8>, x: u16) {
    v.extend_from_slice(&x.to_le_bytes());
}

fn le32(v: &mut Vec<u8>, x: u32) {
    v.extend_from_slice(&x.to_le_bytes());
}

/// A 24-bit BMP of the 2 × 3 image: BGR, rows padded to 4 bytes, bottom-up (or top-down
/// with a negative height).
fn bmp24(top_down: bool) -> &'static [u8] {
    let mut data = Vec::new();
    let rows: Vec<usize> = if top_down {
        vec![0, 1, 2]
    } else {
        vec![2, 1, 0]
    };
    for row in rows {
        for col in 0..2 {
            let [r, g, b] = PIX[row * 2 + col];
            data.extend_from_slice(&[b, g, r]);
        }
        data.extend_from_slice(&[0, 0]); // 6 bytes padded to 8
    }
    bmp_file(24, 0, if top_down { -3 } else { 3 }, &[], &data)
}

/// An 8-bit RLE8 BMP of the 2 × 3 image with a six-colour palette (index k is colour
/// k): per row, two single-pixel runs and an end of line; then end of bitmap.
fn bmp_rle8() -> &'static [u8] {
    let mut palette = Vec::new();
    for [r, g, b] in PIX {
        palette.extend_from_slice(&[b, g, r, 0]);
    }
    let mut data = Vec::new();
    for row in [2usize, 1, 0] {
        data.extend_from_slice(&[1, (row * 2) as u8, 1, (row * 2 + 1) as u8, 0, 0]);
    }
    data.extend_from_slice(&[0, 1]);
    bmp_file(8, 1, 3, &palette, &data)
}

fn bmp_file(bpp: u16, compression: u32, height: i32, palette: &[u8], data: &[u8]) -> &'static [u8] {
    let offset = 14 + 40 + palette.len() as u32;
    let mut v = Vec::new();
    v.extend_from_slice(b"BM");
    le32(&mut v, offset + data.len() as u32);
    le32(&mut v, 0);
    le32(&mut v, offset);
    le32(&mut v, 40);
    le32(&mut v, 2); // width
    le32(&mut v, height as u32);
    le16(&mut v, 1); // planes
    le16(&mut v, bpp);
    le32(&mut v, compression);
    le32(&mut v, data.len() as u32);
    le32(&mut v, 2835);
    le32(&mut v, 2835);
    le32(&mut v, (palette.len() / 4) as u32); // colours used
    le32(&mut v, 0);
    v.extend_from_slice(palette);
    v.extend_from_slice(data);
    leak(v)
}

/// A TGA header: `image_type` 1 (colour-mapped), 2 (true colour) or 10 (RLE true
/// colour); a colour map of `map_len` 24-bit entries; `descriptor` 0x20 for a top-left
/// origin, 0 for bottom-left.
fn tga_header(image_type: u8, map_len: u16, depth: u8, descriptor: u8) -> Vec<u8> {
    let mut v = vec![0, u8::from(map_len > 0), image_type];
    le16(&mut v, 0); // first map entry
    le16(&mut v, map_len);
    v.push(if map_len > 0 { 24 } else { 0 });
    le16(&mut v, 0); // x origin
    le16(&mut v, 0); // y origin
    le16(&mut v, 2); // width
    le16(&mut v, 3); // height
    v.push(depth);
    v.push(descriptor);
    v
}

fn bgr(k: usize) -> [u8; 3] {
    let [r, g, b] = PIX[k];
    [b, g, r]
}

/// Uncompressed true-colour TGA with its rows stored from the top (or the bottom) and
/// each row from the left (or the right): image descriptor bits 5 and 4.
fn tga24(top: bool, right: bool) -> &'static [u8] {
    let descriptor = if top { 0x20 } else { 0 } | if right { 0x10 } else { 0 };
    let mut v = tga_header(2, 0, 24, descriptor);
    let rows: [usize; 3] = if top { [0, 1, 2] } else { [2, 1, 0] };
    let cols: [usize; 2] = if right { [1, 0] } else { [0, 1] };
    for row in rows {
        for col in cols {
            v.extend_from_slice(&bgr(row * 2 + col));
        }
    }
    leak(v)
}

/// RLE true-colour TGA, top-left origin: row 0 as a raw packet of two, rows 1 and 2 as
/// raw packets of one and two.
fn tga_rle() -> &'static [u8] {
    let mut v = tga_header(10, 0, 24, 0x20);
    v.push(0x01); // raw packet, 2 pixels
    v.extend_from_slice(&bgr(A));
    v.extend_from_slice(&bgr(B));
    v.push(0x00); // raw packet, 1 pixel
    v.extend_from_slice(&bgr(C));
    v.push(0x02); // raw packet, 3 pixels (spans rows 1 and 2)
    v.extend_from_slice(&bgr(D));
    v.extend_from_slice(&bgr(E));
    v.extend_from_slice(&bgr(F));
    leak(v)
}

/// RLE true-colour TGA, bottom-right origin: one raw packet of all six pixels, stored
/// from the bottom-right corner (F E D C B A).
fn tga_rle_bottom_right() -> &'static [u8] {
    let mut v = tga_header(10, 0, 24, 0x10);
    v.push(0x05);
    for k in [F, E, D, C, B, A] {
        v.extend_from_slice(&bgr(k));
    }
    leak(v)
}

/// Colour-mapped TGA (8-bit indices, 24-bit map), bottom-left origin.
fn tga_mapped() -> &'static [u8] {
    let mut v = tga_header(1, 6, 8, 0);
    for k in 0..6 {
        v.extend_from_slice(&bgr(k));
    }
    for row in [2usize, 1, 0] {
        v.extend_from_slice(&[(row * 2) as u8, (row * 2 + 1) as u8]);
    }
    leak(v)
}

/// `expected` (a grid of optional image-pixel indices, `None` for background) as colours.
fn check_image<C: RenderColor + core::fmt::Debug>(
    fb: &Framebuffer<C>,
    bg: Rgb888,
    expected: impl Fn(u32, u32) -> Option<usize>,
) {
    for y in 0..fb.height {
        for x in 0..fb.width {
            let want = C::from_rgb888(expected(x, y).map_or(bg, rgb));
            assert_eq!(fb.get(x, y), want, "({x}, {y})");
        }
    }
}

/// The image at scale 1, anchor (0, 0), world (4, 5) on a 16 × 12 screen: screen
/// columns 4..6, rows 12 − 8 = 4 .. 7.
fn unscaled(x: u32, y: u32) -> Option<usize> {
    ((4..6).contains(&x) && (4..7).contains(&y)).then(|| ((y - 4) * 2 + (x - 4)) as usize)
}

fn image_world(image: Image, size: (f32, f32)) -> W {
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), size, (4.0, 5.0));
    w.add_component(n, image).unwrap();
    w
}

#[test]
fn raw_image_at_scale_one_is_exact() {
    let grey = Rgb888::new(20, 20, 20);
    let mut w = image_world(Image::raw(&RAW, 2), (2.0, 3.0));
    check_image(&render::<Rgb888>(&mut w, 16, 12, grey), grey, unscaled);
    check_image(&render::<Gray4>(&mut w, 16, 12, grey), grey, unscaled);
    check_image(&render::<BinaryColor>(&mut w, 16, 12, grey), grey, unscaled);
    // A zero content size takes the image's own size, centred on the node.
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (0.0, 0.0), (5.0, 6.5));
    w.add_component(n, Image::raw(&RAW, 2)).unwrap();
    check_image(&render::<Rgb888>(&mut w, 16, 12, grey), grey, unscaled);
}

#[test]
fn raw_image_scaled_twice_makes_each_pixel_two_by_two() {
    // World x 4..8, y 5..11 → screen columns 4..8, rows 1..7.
    let twice = |x: u32, y: u32| {
        ((4..8).contains(&x) && (1..7).contains(&y))
            .then(|| ((y - 1) / 2 * 2 + (x - 4) / 2) as usize)
    };
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (2.0, 3.0), (4.0, 5.0));
    w.set_scale(n, Vec2::new(2.0, 2.0)).unwrap();
    w.add_component(n, Image::raw(&RAW, 2)).unwrap();
    check_image(&render::<Rgb888>(&mut w, 16, 12, BLACK), BLACK, twice);
    check_image(&render::<Gray4>(&mut w, 16, 12, BLACK), BLACK, twice);
    // Stretching to a 4 × 6 content rectangle at scale 1 gives the same.
    let mut w = image_world(Image::raw(&RAW, 2), (4.0, 6.0));
    check_image(&render::<Rgb888>(&mut w, 16, 12, BLACK), BLACK, twice);
}

#[test]
fn raw_image_rotated_a_quarter_turn() {
    // Anchor (0, 0) at world (8, 4), 90° counter-clockwise: local (x, y) goes to world
    // (8 − y, 4 + x), so the 2 × 3 box covers world x 5..8, y 4..6, screen columns 5..8,
    // rows 6..8. Screen (sx, sy) has local x = 12 − sy − 0.5 − 4, y = 8 − sx − 0.5, image
    // column floor(x), row floor(3 − y):
    //   row 6: B D F
    //   row 7: A C E
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (2.0, 3.0), (8.0, 4.0));
    w.set_angle_degrees(n, 90.0).unwrap();
    w.add_component(n, Image::raw(&RAW, 2)).unwrap();
    let turned = |x: u32, y: u32| match (x, y) {
        (5, 6) => Some(B),
        (6, 6) => Some(D),
        (7, 6) => Some(F),
        (5, 7) => Some(A),
        (6, 7) => Some(C),
        (7, 7) => Some(E),
        _ => None,
    };
    check_image(&render::<Rgb888>(&mut w, 16, 12, BLACK), BLACK, turned);
    check_image(&render::<BinaryColor>(&mut w, 16, 12, BLACK), BLACK, turned);
}

#[test]
fn bmp_and_tga_files_give_the_raw_image_pixels() {
    let files: [(&str, Image); 10] = [
        ("bmp bottom-up", Image::bmp(bmp24(false))),
        ("bmp top-down", Image::bmp(bmp24(true))),
        ("bmp rle8", Image::bmp(bmp_rle8())),
        ("tga top-left", Image::tga(tga24(true, false))),
        ("tga bottom-left", Image::tga(tga24(false, false))),
        ("tga top-right", Image::tga(tga24(true, true))),
        ("tga bottom-right", Image::tga(tga24(false, true))),
        ("tga rle", Image::tga(tga_rle())),
        ("tga rle bottom-right", Image::tga(tga_rle_bottom_right())),
        ("tga colour-mapped", Image::tga(tga_mapped())),
    ];
    let mut raw = image_world(Image::raw(&RAW, 2), (2.0, 3.0));
    let raw_fb = render::<Rgb888>(&mut raw, 16, 12, BLACK);
    check_image(&raw_fb, BLACK, unscaled);
    for (name, image) in files {
        assert_eq!(image.size(), Size::new(2, 3), "{name}");
        for scale in [1.0, 2.0, -1.5] {
            let mut w = image_world(image, (2.0, 3.0));
            let mut r = image_world(Image::raw(&RAW, 2), (2.0, 3.0));
            for world in [&mut w, &mut r] {
                let n = world.children(world.root()).unwrap().next().unwrap();
                world.set_scale(n, Vec2::new(scale, scale)).unwrap();
                world.set_angle_degrees(n, 30.0 * scale).unwrap();
            }
            let a = render::<Rgb888>(&mut w, 16, 12, BLACK);
            let b = render::<Rgb888>(&mut r, 16, 12, BLACK);
            assert!(lit(&b, BLACK) > 0);
            assert_eq!(a.pixels, b.pixels, "{name} at scale {scale}");
        }
    }
}

#[test]
fn unparseable_images_draw_nothing() {
    for image in [
        Image::bmp(b"BM not really"),
        Image::tga(&[0, 0, 99]),
        Image::raw(&RAW, 0),
        Image::raw(&RAW[..5], 2),
    ] {
        let mut w = image_world(image, (2.0, 3.0));
        let fb = render::<Rgb888>(&mut w, 16, 12, BLACK);
        assert_eq!(lit(&fb, BLACK), 0, "{image:?}");
    }
}

/// An image's appearance is its source's identity (kind, address and length of its
/// `'static` bytes, width) and its transparency; no byte is read.
#[test]
fn image_appearance_is_its_sources_identity() {
    let copy: &'static [u8] = leak(RAW.to_vec());
    assert_eq!(
        Image::raw(&RAW, 2).appearance(),
        Image::raw(&RAW, 2).appearance()
    );
    // The same bytes elsewhere are another source (a redraw that changes nothing).
    assert_ne!(
        Image::raw(&RAW, 2).appearance(),
        Image::raw(copy, 2).appearance()
    );
    assert_ne!(
        Image::raw(&RAW, 2).appearance(),
        Image::raw(&RAW[..12], 2).appearance()
    );
    assert_ne!(
        Image::raw(&RAW, 2).appearance(),
        Image::raw(&RAW, 3).appearance()
    );
    assert_ne!(
        Image::raw(&RAW, 2).appearance(),
        Image::rgba(&RAW, 2).appearance()
    );
    assert_ne!(
        Image::raw(&RAW, 2).appearance(),
        Image::raw(&RAW, 2)
            .with_transparency(Transparency::ColorKey(BLACK))
            .appearance()
    );
    assert_ne!(Image::bmp(&RAW).appearance(), Image::tga(&RAW).appearance());
    assert_ne!(Image::tga(&RAW).appearance(), Image::qoi(&RAW).appearance());
    assert_eq!(
        Image::bmp(bmp24(false)).source,
        ImageSource::Bmp(bmp24(false))
    );
}

/// Swapping an image's source for other pixels of the same size damages the image:
/// the damage-tracked frame equals a full redraw, and shows the new pixels.
#[test]
fn a_new_image_source_is_redrawn() {
    let mut other = RAW;
    other[0] ^= 0xFF;
    let other: &'static [u8] = leak(other.to_vec());
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (2.0, 3.0), (4.0, 5.0));
    let image = w.add_component(n, Image::raw(&RAW, 2)).unwrap();
    let mut r: Renderer<Rgb888, 24, 64> =
        Renderer::new(Size::new(16, 12), BLACK, BusCost::new(16, 11));
    let mut fb = Framebuffer::new(16, 12, BLACK);
    r.render(&mut w, &mut fb).unwrap();
    let before = fb.pixels.clone();
    w.get_mut::<Image>(image).unwrap().source = ImageSource::Raw {
        data: other,
        width: 2,
    };
    let frame = r.render(&mut w, &mut fb).unwrap();
    assert!(frame.pixels_flushed > 0);
    assert_ne!(fb.pixels, before);
    let full = render::<Rgb888>(&mut w, 16, 12, BLACK);
    assert!(fb.pixels == full.pixels, "the damage-tracked frame differs");
}

// ---------------------------------------------------------------------------------
// ProgressBar
// ---------------------------------------------------------------------------------

const TRACK: Rgb888 = Rgb888::new(40, 40, 40);
const FILL: Rgb888 = Rgb888::new(0, 200, 0);
const BORDER: Rgb888 = Rgb888::new(250, 250, 250);

/// A 10 × 4 bar, anchor (0, 0), at world (2, 2) on a 16 × 8 screen: screen columns
/// 2..12, rows 2..6; `fill_columns` are the screen columns filled.
fn bar_case(bar: ProgressBar, fill_columns: core::ops::Range<u32>) {
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (10.0, 4.0), (2.0, 2.0));
    w.add_component(n, bar).unwrap();
    let fb = render::<Rgb888>(&mut w, 16, 8, BLACK);
    for y in 0..8 {
        for x in 0..16 {
            let inside = (2..12).contains(&x) && (2..6).contains(&y);
            let edge = x == 2 || x == 11 || y == 2 || y == 5;
            let expected = if !inside {
                BLACK
            } else if bar.border.is_some() && edge {
                BORDER
            } else if fill_columns.contains(&x) {
                FILL
            } else {
                TRACK
            };
            assert_eq!(fb.get(x, y), expected, "{bar:?} ({x}, {y})");
        }
    }
}

#[test]
fn progress_bar_at_zero_half_and_full_with_border() {
    let bar = ProgressBar::new(TRACK, FILL).with_border(BORDER);
    bar_case(bar.with_value(0.0), 0..0);
    // Half: local x < 5 → screen columns 2..7 (the border takes column 2).
    bar_case(bar.with_value(0.5), 2..7);
    bar_case(bar.with_value(1.0), 2..12);
}

#[test]
fn progress_bar_without_border_and_out_of_range_values() {
    let bar = ProgressBar::new(TRACK, FILL);
    bar_case(bar.with_value(0.5), 2..7);
    bar_case(bar.with_value(0.25), 2..4); // local x < 2.5
    bar_case(bar.with_value(-1.0), 0..0);
    bar_case(bar.with_value(f32::NAN), 0..0);
    bar_case(bar.with_value(7.0), 2..12);
    // The value is the damage key, as drawn: past the end is the end.
    assert_eq!(
        bar.with_value(7.0).damage_key(),
        bar.with_value(1.0).damage_key()
    );
    assert_ne!(
        bar.with_value(0.5).damage_key(),
        bar.with_value(0.6).damage_key()
    );
    assert_eq!(
        bar.with_value(0.5).appearance(),
        bar.with_value(0.6).appearance()
    );
}

#[test]
fn progress_bar_fades_and_shows_on_gray_targets() {
    let mut w = W::new();
    let n = node(&mut w, (0.0, 0.0), (10.0, 4.0), (2.0, 2.0));
    w.set_opacity(n, 128).unwrap();
    w.add_component(n, ProgressBar::new(BLACK, WHITE).with_value(0.5))
        .unwrap();
    let fb = render::<Gray4>(&mut w, 16, 8, BLACK);
    assert_eq!(fb.get(3, 3), Gray4::new(8));
    assert_eq!(fb.get(9, 3), Gray4::BLACK);
    assert_eq!(fb.get(0, 0), Gray4::BLACK);
    assert_eq!(fb.get(3, 3).luma(), 8);
}

// ---------------------------------------------------------------------------------
// Clip
// ---------------------------------------------------------------------------------

const RED: Rgb888 = Rgb888::RED;
const BLUE: Rgb888 = Rgb888::BLUE;
const GREEN: Rgb888 = Rgb888::GREEN;

/// On a 16 × 12 screen: a clipping node, anchor (0, 0), 8 × 6 at world (4, 2) (screen
/// columns 4..12, rows 4..10); its red child covers the whole screen, a green grandchild
/// its right part; a blue sibling sits at world (0, 0), 3 × 3, outside the clip.
fn clip_world() -> (W, sprig::CompId) {
    let mut w = W::new();
    let p = node(&mut w, (0.0, 0.0), (8.0, 6.0), (4.0, 2.0));
    let clip = w.add_component(p, Clip).unwrap();
    let c = child(&mut w, p, (0.0, 0.0), (20.0, 20.0), (-6.0, -4.0));
    w.add_component(c, Shape::rectangle().with_fill(RED))
        .unwrap();
    // Grandchild: world x 10..16, y 0..12.
    let g = child(&mut w, c, (0.0, 0.0), (6.0, 12.0), (12.0, 2.0));
    w.add_component(g, Shape::rectangle().with_fill(GREEN))
        .unwrap();
    let s = node(&mut w, (0.0, 0.0), (3.0, 3.0), (0.0, 0.0));
    w.add_component(s, Shape::rectangle().with_fill(BLUE))
        .unwrap();
    (w, clip)
}

#[test]
fn clip_cuts_the_subtree_at_the_node_and_spares_siblings() {
    let (mut w, _) = clip_world();
    let fb = render::<Rgb888>(&mut w, 16, 12, BLACK);
    for y in 0..12 {
        for x in 0..16 {
            let in_clip = (4..12).contains(&x) && (4..10).contains(&y);
            let expected = if in_clip {
                if x >= 10 {
                    GREEN
                } else {
                    RED
                }
            } else if x < 3 && y >= 9 {
                BLUE
            } else {
                BLACK
            };
            assert_eq!(fb.get(x, y), expected, "({x}, {y})");
        }
    }
}

#[test]
fn disabling_the_clip_lifts_it() {
    let (mut w, clip) = clip_world();
    let mut fb = Framebuffer::new(16, 12, BLACK);
    let mut r: Renderer<Rgb888, 24, 256> =
        Renderer::new(Size::new(16, 12), BLACK, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    w.set_enabled(clip, false).unwrap();
    r.render(&mut w, &mut fb).unwrap();
    // The red child now covers all but the green column and the blue sibling (drawn
    // after the clip node's subtree).
    for y in 0..12 {
        for x in 0..16 {
            let expected = if x < 3 && y >= 9 {
                BLUE
            } else if x >= 10 {
                GREEN
            } else {
                RED
            };
            assert_eq!(fb.get(x, y), expected, "({x}, {y})");
        }
    }
    // And enabling it clips again, damage-tracked.
    w.set_enabled(clip, true).unwrap();
    r.render(&mut w, &mut fb).unwrap();
    let (mut fresh, _) = clip_world();
    assert_eq!(
        fb.pixels,
        render::<Rgb888>(&mut fresh, 16, 12, BLACK).pixels
    );
}

// ---------------------------------------------------------------------------------
// Damage-tracked frames match full redraws
// ---------------------------------------------------------------------------------

const SW: u32 = 48;
const SH: u32 = 32;

struct Built {
    label: NodeId,
    centred: NodeId,
    image: NodeId,
    rle: NodeId,
    bar: NodeId,
    clip: NodeId,
    clipped: NodeId,
    clip_comp: sprig::CompId,
}

fn build(w: &mut W) -> Built {
    let label = node(w, (0.0, 0.0), (18.0, 10.0), (2.0, 20.0));
    w.add_component(label, Label::new("abc")).unwrap();
    let centred = node(w, (0.5, 0.5), (0.0, 0.0), (30.0, 24.0));
    w.add_component(
        centred,
        Label::new("Sprig").with_color(Rgb888::new(200, 100, 50)),
    )
    .unwrap();
    let image = node(w, (0.5, 0.5), (4.0, 6.0), (10.0, 8.0));
    w.add_component(image, Image::bmp(bmp24(false))).unwrap();
    let rle = node(w, (0.0, 0.0), (0.0, 0.0), (20.0, 4.0));
    w.add_component(rle, Image::tga(tga_rle())).unwrap();
    let bar = node(w, (0.0, 0.5), (16.0, 5.0), (28.0, 6.0));
    w.add_component(
        bar,
        ProgressBar::new(TRACK, FILL)
            .with_value(0.3)
            .with_border(BORDER),
    )
    .unwrap();
    let clip = node(w, (0.5, 0.5), (14.0, 10.0), (36.0, 18.0));
    w.add_component(clip, Shape::rectangle().with_fill(Rgb888::new(0, 0, 90)))
        .unwrap();
    let clip_comp = w.add_component(clip, Clip).unwrap();
    let clipped = child(w, clip, (0.5, 0.5), (0.0, 0.0), (4.0, -3.0));
    w.add_component(clipped, Label::new("clipped text"))
        .unwrap();
    let inner = child(w, clip, (0.5, 0.5), (6.0, 9.0), (-6.0, 4.0));
    w.add_component(inner, Image::raw(&RAW, 2)).unwrap();
    Built {
        label,
        centred,
        image,
        rle,
        bar,
        clip,
        clipped,
        clip_comp,
    }
}

#[derive(Clone, Debug)]
enum Change {
    Text(usize, u8),
    Value(f32),
    Move(usize, f32, f32),
    Turn(usize, f32),
    Scale(usize, f32, f32),
    Fade(usize, u8),
    Toggle(usize),
    ClipOn(bool),
    Still,
}

fn nodes(b: &Built) -> [NodeId; 7] {
    [b.label, b.centred, b.image, b.rle, b.bar, b.clip, b.clipped]
}

const TEXTS: [&str; 5] = ["abc", "", "Hello, world", "x", "a\nbc"];

fn apply(w: &mut W, b: &Built, c: &Change) {
    let n = |i: usize| nodes(b)[i % 7];
    match *c {
        Change::Text(i, k) => {
            let target = [b.label, b.centred, b.clipped][i % 3];
            let comp = w.component_of::<Label>(target).unwrap().unwrap();
            w.get_mut::<Label>(comp)
                .unwrap()
                .set_text(TEXTS[usize::from(k) % TEXTS.len()])
                .unwrap();
        }
        Change::Value(v) => {
            let comp = w.component_of::<ProgressBar>(b.bar).unwrap().unwrap();
            w.get_mut::<ProgressBar>(comp).unwrap().value = v;
        }
        Change::Move(i, x, y) => w.set_position(n(i), Vec2::new(x, y)).unwrap(),
        Change::Turn(i, a) => w.set_angle_degrees(n(i), a).unwrap(),
        Change::Scale(i, x, y) => w.set_scale(n(i), Vec2::new(x, y)).unwrap(),
        Change::Fade(i, o) => w.set_opacity(n(i), o).unwrap(),
        Change::Toggle(i) => {
            let on = w.active(n(i)).unwrap();
            w.set_active(n(i), !on).unwrap();
        }
        Change::ClipOn(on) => w.set_enabled(b.clip_comp, on).unwrap(),
        Change::Still => {}
    }
}

fn run<C: RenderColor + core::fmt::Debug>(frames: &[Vec<Change>]) -> Result<(), TestCaseError> {
    let size = Size::new(SW, SH);
    let background = Rgb888::new(10, 20, 30);
    let mut w = W::new();
    let built = build(&mut w);
    let mut partial = Framebuffer::new(SW, SH, C::from_rgb888(Rgb888::new(255, 0, 255)));
    // Different buffers: the tracked renderer draws in small odd tiles, the reference
    // in one.
    let mut tracked: Renderer<C, 24, 37, 4> = Renderer::new(size, background, BusCost::new(16, 11));
    let mut reference: Renderer<C, 24, 2048, 4> =
        Renderer::new(size, background, BusCost::new(16, 11));
    for (f, changes) in frames.iter().enumerate() {
        for c in changes {
            apply(&mut w, &built, c);
        }
        w.tick(0.02).unwrap();
        tracked.render(&mut w, &mut partial).unwrap();
        let mut full = Framebuffer::new(SW, SH, C::from_rgb888(Rgb888::new(0, 255, 0)));
        reference.render_full(&mut w, &mut full).unwrap();
        prop_assert_eq!(partial.out_of_bounds, 0);
        if partial.pixels != full.pixels {
            let bad = partial
                .pixels
                .iter()
                .zip(&full.pixels)
                .position(|(a, b)| a != b)
                .unwrap_or(0) as u32;
            return Err(TestCaseError::fail(format!(
                "frame {f}: first differing pixel ({}, {}) after {changes:?}",
                bad % SW,
                bad / SW
            )));
        }
    }
    Ok(())
}

fn run_all(frames: &[Vec<Change>]) -> Result<(), TestCaseError> {
    run::<Rgb888>(frames)?;
    run::<Rgb565>(frames)?;
    run::<Gray4>(frames)?;
    run::<BinaryColor>(frames)
}

#[test]
fn scripted_changes_match_full_redraws() {
    use Change::*;
    let frames = vec![
        vec![],
        vec![Text(0, 2)],
        vec![Value(0.8)],
        vec![Move(0, 5.5, 18.25)],
        vec![Text(1, 4), Move(1, 20.0, 20.0)],
        vec![Value(-1.0), Fade(4, 120)],
        vec![Turn(1, 90.0)],
        vec![Scale(1, 0.5, 0.5)],
        vec![Turn(1, 200.0), Scale(1, 2.0, 1.5)],
        vec![Move(2, 30.3, 12.7), Scale(2, -1.5, 2.0)],
        vec![Turn(3, 45.0), Scale(3, 3.0, 3.0)],
        vec![Text(2, 3)],
        vec![Move(5, 20.0, 16.0), Turn(5, 30.0)],
        vec![ClipOn(false)],
        vec![Text(2, 2)],
        vec![ClipOn(true)],
        vec![Move(6, -2.0, 0.0)],
        vec![Toggle(0), Toggle(3)],
        vec![Still],
        vec![Toggle(0), Value(f32::NAN)],
        vec![Fade(5, 60), Text(0, 1)],
        vec![Text(0, 0), Move(0, -4.0, 30.0)],
    ];
    run_all(&frames).unwrap();
}

fn change() -> impl Strategy<Value = Change> {
    let n = 0..7usize;
    prop_oneof![
        2 => (0..3usize, 0..5u8).prop_map(|(i, k)| Change::Text(i, k)),
        2 => (-0.2f32..1.2).prop_map(Change::Value),
        3 => (n.clone(), -10.0f32..55.0, -10.0f32..40.0).prop_map(|(i, x, y)| Change::Move(i, x, y)),
        2 => (n.clone(), -180.0f32..180.0).prop_map(|(i, a)| Change::Turn(i, a)),
        1 => (n.clone(), 0.3f32..2.5, 0.3f32..2.5).prop_map(|(i, x, y)| Change::Scale(i, x, y)),
        1 => (n.clone(), any::<u8>()).prop_map(|(i, o)| Change::Fade(i, o)),
        1 => n.prop_map(Change::Toggle),
        1 => any::<bool>().prop_map(Change::ClipOn),
        1 => Just(Change::Still),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_changes_match_full_redraws(
        frames in proptest::collection::vec(proptest::collection::vec(change(), 0..3), 60),
    ) {
        run_all(&frames)?;
    }
}
