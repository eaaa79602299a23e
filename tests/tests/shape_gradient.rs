//! Gradient fills and drop shadows (`Shape::with_gradient`, `Shape::with_shadow`),
//! pixel for pixel: a gradient's colours at known columns, along rows, at its stops,
//! exact at quarter turns (where the row-at-a-time path and the sampler meet); a shadow
//! without blur is the moved shape at its opacity, a blurred one falls off with
//! distance, lies under the shape, and a partial redraw after moving or resizing a
//! shadowed shape is the full redraw. Random scenes with both are in
//! `render_identical.rs`.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Gradient, RenderColor, Renderer, Shadow, Shape};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    type W = World { nodes: 8, components: Scene { sprig::render::Shape: 8 } };
}

/// One shape on a `size` screen, black below: its node anchored at its centre at `at`
/// (world space, y up), `content` large, turned `angle` degrees, with `opacity`.
#[derive(Clone)]
struct One {
    shape: Shape,
    content: (f32, f32),
    at: (f32, f32),
    angle: f32,
    opacity: u8,
}

impl One {
    fn new(shape: Shape, content: (f32, f32), at: (f32, f32)) -> Self {
        One {
            shape,
            content,
            at,
            angle: 0.0,
            opacity: 255,
        }
    }

    fn place(&self, w: &mut W, n: NodeId) {
        w.set_content_size(n, Size2::new(self.content.0, self.content.1))
            .unwrap();
        w.set_position(n, Vec2::new(self.at.0, self.at.1)).unwrap();
        w.set_angle_degrees(n, self.angle).unwrap();
        w.set_opacity(n, self.opacity).unwrap();
    }

    fn render<C: RenderColor>(&self, size: (u32, u32)) -> Framebuffer<C> {
        self.render_in_tiles::<C, 4096>(size)
    }

    /// [`render`](Self::render) through tiles of `BUF` pixels.
    fn render_in_tiles<C: RenderColor, const BUF: usize>(
        &self,
        size: (u32, u32),
    ) -> Framebuffer<C> {
        let mut w = W::new();
        let root = w.root();
        let n = w.create_child(root, "shape").unwrap();
        self.place(&mut w, n);
        w.add_component(n, self.shape.clone()).unwrap();
        let mut fb = Framebuffer::new(size.0, size.1, C::from_rgb888(Rgb888::new(255, 0, 255)));
        let mut r: Renderer<C, 8, BUF> = Renderer::new(
            Size::new(size.0, size.1),
            Rgb888::BLACK,
            BusCost::new(16, 0),
        );
        r.render(&mut w, &mut fb).unwrap();
        assert_eq!(fb.out_of_bounds, 0);
        fb
    }
}

/// `c0 + ⌊((c1 − c0) · f + 128) / 256⌋` for each channel: the documented blend.
fn lerp(c0: Rgb888, c1: Rgb888, f: i32) -> Rgb888 {
    let ch = |a: u8, b: u8| (a as i32 + (((b as i32 - a as i32) * f + 128) >> 8)) as u8;
    Rgb888::new(ch(c0.r(), c1.r()), ch(c0.g(), c1.g()), ch(c0.b(), c1.b()))
}

const FROM: Rgb888 = Rgb888::new(10, 200, 40);
const TO: Rgb888 = Rgb888::new(250, 20, 90);

fn two_stops(angle: f32) -> Gradient {
    Gradient::linear(angle, [(0.0, FROM), (1.0, TO)])
}

#[test]
fn a_horizontal_gradient_has_the_exact_colour_in_every_column() {
    // 16 × 4 on the pixel grid: column i's centre is at t = (i + ½) / 16, so its step
    // is f = 256 t = 8 + 16 i.
    for shape in [
        Shape::rectangle(),
        Shape::rectangle().with_antialias(true),
        Shape::rounded_rectangle(1.0).with_antialias(true),
    ] {
        let shape = shape.with_gradient(leak(two_stops(0.0)));
        let fb = One::new(shape, (16.0, 4.0), (10.0, 5.0)).render::<Rgb888>((20, 10));
        for y in 4..6 {
            for i in 0..16 {
                assert_eq!(
                    fb.get(2 + i, y),
                    lerp(FROM, TO, 8 + 16 * i as i32),
                    "({i}, {y})"
                );
            }
            // Nothing beside it.
            assert_eq!(fb.get(1, y), Rgb888::BLACK);
            assert_eq!(fb.get(18, y), Rgb888::BLACK);
        }
        // First, middle and last columns.
        assert_eq!(fb.get(2, 4), lerp(FROM, TO, 8));
        assert_eq!(fb.get(10, 4), lerp(FROM, TO, 136));
        assert_eq!(fb.get(17, 4), lerp(FROM, TO, 248));
    }
    // 180°: right to left, the mirror image.
    let fb = One::new(
        Shape::rectangle().with_gradient(leak(two_stops(180.0))),
        (16.0, 4.0),
        (10.0, 5.0),
    )
    .render::<Rgb888>((20, 10));
    for i in 0..16 {
        assert_eq!(fb.get(17 - i, 4), lerp(FROM, TO, 8 + 16 * i as i32), "{i}");
    }
}

#[test]
fn a_vertical_gradient_is_one_colour_a_row() {
    for shape in [
        Shape::rectangle(),
        Shape::rounded_rectangle(3.0).with_antialias(true),
        Shape::ellipse().with_antialias(true),
    ] {
        let shape = shape.with_gradient(leak(two_stops(90.0)));
        let fb = One::new(shape, (12.0, 16.0), (8.0, 8.0)).render::<Rgb888>((16, 16));
        // Row y (top first) has its centre at t = (15.5 − y) / 16: f = 248 − 16 y. The
        // middle column is inside every one of these shapes.
        for y in 0..16u32 {
            let expected = lerp(FROM, TO, 248 - 16 * y as i32);
            if (1..15).contains(&y) {
                assert_eq!(fb.get(8, y), expected, "row {y}");
            }
            for x in 2..14 {
                let p = fb.get(x, y);
                // Inside: the row's colour; at a soft edge, that colour over black.
                if p != Rgb888::BLACK && p != expected {
                    assert!(p.r() <= expected.r() && p.g() <= expected.g(), "({x}, {y})");
                }
            }
        }
    }
}

#[test]
fn three_stops_give_the_middle_colour_at_the_middle() {
    let (red, green, blue) = (
        Rgb888::new(255, 0, 0),
        Rgb888::new(0, 255, 0),
        Rgb888::new(0, 0, 255),
    );
    // Given out of order: sorted by offset.
    let g = Gradient::linear(0.0, [(1.0, blue), (0.0, red), (0.5, green)]);
    for shape in [Shape::rectangle(), Shape::rectangle().with_antialias(true)] {
        // 15 wide: column 7's centre is the middle, t = ½ exactly.
        let fb = One::new(shape.with_gradient(leak(g)), (15.0, 3.0), (7.5, 3.5))
            .render::<Rgb888>((15, 6));
        assert_eq!(fb.get(7, 2), green);
        // t = (i + ½) / 15 for column i: in the first half f = 512 t, in the second
        // 512 (t − ½); from 256 · (2i + 1) / 15 and 256 · (2i − 14) / 15.
        for i in 0..15u32 {
            let expected = if i < 7 {
                lerp(red, green, (256 * (2 * i as i32 + 1)) / 15)
            } else {
                lerp(green, blue, (256 * (2 * i as i32 - 14)) / 15)
            };
            let got = fb.get(i, 2);
            // The coefficients are rounded to 2^-40: a step may come out one lower.
            let near = |a: u8, b: u8| a.abs_diff(b) <= 1;
            assert!(
                near(got.r(), expected.r())
                    && near(got.g(), expected.g())
                    && near(got.b(), expected.b()),
                "{i}: {got:?} vs {expected:?}"
            );
        }
        assert_eq!(fb.get(0, 2).b(), 0);
        assert_eq!(fb.get(14, 2).r(), 0);
    }
    // Four stops kept, a fifth ignored; one stop is a flat fill.
    let g = Gradient::linear(0.0, [(0.0, red); 6]);
    assert_eq!(g.stops().len(), sprig::render::MAX_GRADIENT_STOPS);
    let flat = One::new(
        Shape::rectangle().with_gradient(leak(Gradient::linear(30.0, [(0.4, blue)]))),
        (6.0, 4.0),
        (4.0, 4.0),
    )
    .render::<Rgb888>((8, 8));
    let filled = One::new(Shape::rectangle().with_fill(blue), (6.0, 4.0), (4.0, 4.0))
        .render::<Rgb888>((8, 8));
    assert_eq!(flat.pixels, filled.pixels);
    // No stops: the fill colour.
    let ignored = One::new(
        Shape::rectangle()
            .with_fill(blue)
            .with_gradient(leak(Gradient::linear(0.0, []))),
        (6.0, 4.0),
        (4.0, 4.0),
    )
    .render::<Rgb888>((8, 8));
    assert_eq!(ignored.pixels, filled.pixels);
}

#[test]
fn a_gradient_turned_a_quarter_is_the_transposed_gradient() {
    let g = Gradient::linear(
        0.0,
        [
            (0.0, Rgb888::new(255, 40, 0)),
            (0.6, Rgb888::new(20, 220, 60)),
            (1.0, Rgb888::new(0, 30, 255)),
        ],
    );
    for shape in [
        Shape::rectangle(),
        Shape::rectangle().with_antialias(true),
        Shape::rounded_rectangle(4.5)
            .with_stroke(Rgb888::WHITE, 1.5)
            .with_antialias(true),
        Shape::ellipse().with_antialias(true),
        Shape::rounded_rectangle(3.0),
    ] {
        let shape = shape.with_gradient(leak(g));
        // Upright (a row at a time) and turned a quarter (the sampler): the same pixels,
        // turned.
        let upright = One::new(shape.clone(), (17.0, 10.0), (12.0, 12.0));
        let mut turned = upright.clone();
        turned.angle = 90.0;
        let (a, b) = (
            upright.render::<Rgb888>((24, 24)),
            turned.render::<Rgb888>((24, 24)),
        );
        for y in 0..24 {
            for x in 0..24 {
                // A quarter turn anticlockwise (y up) takes screen (x, y) to (y, 23 − x).
                assert_eq!(a.get(x, y), b.get(y, 23 - x), "{shape:?} ({x}, {y})");
            }
        }
        // On a square, a gradient at 90° is the one at 0° on a node turned a quarter.
        let mut along = One::new(shape.clone(), (16.0, 16.0), (12.0, 12.0));
        along.angle = 90.0;
        let mut up = One::new(shape.clone(), (16.0, 16.0), (12.0, 12.0));
        if let Some(&g) = up.shape.gradient {
            let mut turned = g;
            turned.angle_degrees = 90.0;
            up.shape.gradient = Some(leak(turned));
        }
        assert_eq!(
            along.render::<Rgb888>((24, 24)).pixels,
            up.render::<Rgb888>((24, 24)).pixels
        );
    }
}

#[test]
fn a_diagonal_gradient_is_constant_along_the_other_diagonal() {
    // At 45° on a square, t depends on x + y (node space), that is on x − y on screen:
    // each pixel has the colour of the one below and to its right.
    let shape = Shape::rectangle().with_gradient(leak(two_stops(45.0)));
    let fb = One::new(shape, (16.0, 16.0), (8.0, 8.0)).render::<Rgb888>((16, 16));
    for y in 0..15 {
        for x in 0..15 {
            assert_eq!(fb.get(x, y), fb.get(x + 1, y + 1), "({x}, {y})");
        }
    }
    // The corners are the ends: the bottom-left pixel near the first colour, the
    // top-right near the last (half a pixel in from the corners: f = 8).
    assert_eq!(fb.get(0, 15), lerp(FROM, TO, 8));
    assert_eq!(fb.get(15, 0), lerp(FROM, TO, 248));
    // Any angle: drawn turned, the same as the node turned the other way would give.
    let mut turned = One::new(
        Shape::rounded_rectangle(4.0)
            .with_gradient(leak(two_stops(30.0)))
            .with_antialias(true),
        (18.0, 12.0),
        (12.0, 12.0),
    );
    turned.angle = 37.0;
    let fb = turned.render::<Rgb888>((24, 24));
    assert!(fb.pixels.iter().filter(|p| **p != Rgb888::BLACK).count() > 150);
}

#[test]
fn gradients_draw_on_grey_panels_in_levels_dithered_between_neighbours() {
    let shape = Shape::rectangle().with_gradient(leak(Gradient::linear(
        0.0,
        [(0.0, Rgb888::BLACK), (1.0, Rgb888::WHITE)],
    )));
    let fb = One::new(shape, (64.0, 4.0), (32.0, 2.0)).render::<Gray4>((64, 4));
    for y in 0..4 {
        let row: Vec<u8> = (0..64).map(|x| fb.get(x, y).luma()).collect();
        // Each pixel is one of the two levels around its grey (15 · (x + ½) / 64), so
        // the row climbs with at most a level's step back.
        for (x, &level) in row.iter().enumerate() {
            let exact = 15.0 * (x as f32 + 0.5) / 64.0;
            assert!(
                (f32::from(level) - exact).abs() < 1.0,
                "({x}, {y}): {row:?}"
            );
        }
        assert!(row.windows(2).all(|w| w[1] + 1 >= w[0]), "row {y}: {row:?}");
    }
    // A 4 × 4 patch averages its grey: columns 28 to 31 are 6.8 to 7.5 levels.
    let patch: u32 = (28..32)
        .flat_map(|x| (0..4).map(move |y| (x, y)))
        .map(|(x, y)| u32::from(fb.get(x, y).luma()))
        .sum();
    assert!((105..=122).contains(&patch), "{patch} / 16");
}

/// A grey no RGB565 level holds, as a gradient of one colour: 100 is 12.16 of red's 31
/// steps and 24.71 of green's 63. In every 4 × 4 patch, the pixels whose Bayer rank is
/// 13 or more (3 of 16) round red and blue up, those of rank 5 or more (11 of 16) green:
/// the patch averages 12.19 and 24.69, where plain rounding gives 12 and 25 everywhere.
#[test]
fn a_gradient_on_rgb565_is_dithered_so_that_each_patch_averages_its_colour() {
    const BAYER: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];
    let grey = Rgb888::new(100, 100, 100);
    for angle in [0.0, 90.0, 30.0] {
        let shape = Shape::rectangle()
            .with_gradient(leak(Gradient::linear(angle, [(0.0, grey), (1.0, grey)])));
        let fb = One::new(shape, (12.0, 8.0), (6.0, 4.0)).render::<Rgb565>((12, 8));
        for y in 0..8 {
            for x in 0..12 {
                let rank = BAYER[(y % 4) as usize][(x % 4) as usize];
                let red = if rank >= 13 { 13 } else { 12 };
                let green = if rank >= 5 { 25 } else { 24 };
                assert_eq!(
                    fb.get(x, y),
                    Rgb565::new(red, green, red),
                    "({x}, {y}) at {angle}°"
                );
            }
        }
    }
}

/// Where a gradient is a colour the panel holds, it has no dither: its flat ends here,
/// and its red and blue channels all along.
#[test]
fn a_gradient_is_not_dithered_where_its_colour_is_a_whole_level() {
    let magenta = Rgb888::new(255, 0, 255);
    let shape = Shape::rectangle().with_gradient(leak(Gradient::linear(
        0.0,
        [
            (0.0, magenta),
            (0.25, magenta),
            (0.75, Rgb888::WHITE),
            (1.0, Rgb888::WHITE),
        ],
    )));
    let fb = One::new(shape, (32.0, 4.0), (16.0, 2.0)).render::<Rgb565>((32, 4));
    for y in 0..4 {
        for x in 0..32 {
            let pixel = fb.get(x, y);
            match x {
                0..8 => assert_eq!(pixel, Rgb565::new(31, 0, 31), "({x}, {y})"),
                24.. => assert_eq!(pixel, Rgb565::WHITE, "({x}, {y})"),
                _ => assert_eq!((pixel.r(), pixel.b()), (31, 31), "({x}, {y})"),
            }
        }
    }
}

/// The dither follows the screen pixel, not the tile: a frame drawn through tiles of a
/// row gives the pixels of one drawn whole.
#[test]
fn a_dithered_gradient_is_the_same_through_small_tiles() {
    for angle in [0.0, 90.0, 45.0] {
        let shape = Shape::rounded_rectangle(6.0)
            .with_gradient(leak(two_stops(angle)))
            .with_antialias(true);
        let one = One::new(shape, (37.0, 29.0), (20.5, 16.0));
        let whole = one.render::<Rgb565>((40, 32));
        let tiled = one.render_in_tiles::<Rgb565, 40>((40, 32));
        for y in 0..32 {
            for x in 0..40 {
                assert_eq!(tiled.get(x, y), whole.get(x, y), "({x}, {y}) at {angle}°");
            }
        }
    }
}

const SHADE: Rgb888 = Rgb888::new(255, 255, 255);

#[test]
fn a_shadow_without_blur_is_the_moved_shape_at_its_opacity() {
    let fill = Rgb888::new(200, 30, 30);
    // Hard-edged and on the grid: the rectangle moved by (3, −2), at 128 over black.
    let shadow = Shadow::new(Vec2::new(3.0, -2.0), 0.0, SHADE, 128);
    for antialias in [false, true] {
        let shape = Shape::rectangle()
            .with_fill(fill)
            .with_shadow(leak(shadow))
            .with_antialias(antialias);
        let fb = One::new(shape, (8.0, 6.0), (8.0, 8.0)).render::<Rgb888>((16, 16));
        for y in 0..16 {
            for x in 0..16 {
                let in_shape = (4..12).contains(&x) && (5..11).contains(&y);
                let in_shadow = (7..15).contains(&x) && (7..13).contains(&y);
                let expected = if in_shape {
                    fill
                } else if in_shadow {
                    Rgb888::new(128, 128, 128)
                } else {
                    Rgb888::BLACK
                };
                assert_eq!(fb.get(x, y), expected, "({x}, {y})");
            }
        }
    }
    // Anti-aliased off the grid: outside the shape, the pixels of the rounded rectangle
    // itself drawn at the moved place with the node at the shadow's opacity.
    let offset = Vec2::new(4.25, -3.5);
    let shape = Shape::rounded_rectangle(3.5)
        .with_fill(fill)
        .with_antialias(true);
    let shadowed = One::new(
        shape
            .clone()
            .with_shadow(leak(Shadow::new(offset, 0.0, SHADE, 100))),
        (11.0, 7.0),
        (10.3, 12.6),
    )
    .render::<Rgb888>((24, 24));
    let mut moved = One::new(
        shape.with_fill(SHADE),
        (11.0, 7.0),
        (10.3 + offset.x, 12.6 + offset.y),
    );
    moved.opacity = 100;
    let moved = moved.render::<Rgb888>((24, 24));
    let (mut compared, mut soft) = (0, 0);
    for y in 0..24 {
        for x in 0..24 {
            // The shape covers screen x 4.8 to 15.8, y 7.9 to 14.9.
            let under = (4..=16).contains(&x) && (7..=15).contains(&y);
            if !under {
                assert_eq!(shadowed.get(x, y), moved.get(x, y), "({x}, {y})");
                compared += 1;
                let r = moved.get(x, y).r();
                soft += usize::from(r > 0 && r < 100);
            }
        }
    }
    assert!(compared > 400 && soft > 4, "{compared} {soft}");
}

/// A blue 16 × 16 square centred on a 40 × 40 screen over a white shadow of `blur`, not
/// moved.
fn blurred(blur: f32, antialias: bool) -> Framebuffer<Rgb888> {
    let shape = Shape::rectangle()
        .with_fill(Rgb888::new(0, 0, 255))
        .with_shadow(leak(Shadow::new(Vec2::ZERO, blur, SHADE, 255)))
        .with_antialias(antialias);
    One::new(shape, (16.0, 16.0), (20.0, 20.0)).render::<Rgb888>((40, 40))
}

#[test]
fn a_blurred_shadow_falls_off_with_distance() {
    for antialias in [false, true] {
        let fb = blurred(8.0, antialias);
        // The square covers columns and rows 12..28; the shadow fades from 4 inside its
        // outline to 4 outside, the same every way.
        let row: Vec<u8> = (0..40).map(|x| fb.get(x, 20).r()).collect();
        for x in 28..39 {
            assert!(row[x] >= row[x + 1], "{row:?}");
        }
        // Half a pixel past the outline: the step at 3.5 / 8 (0.41 of the way up).
        assert!(row[28] > 95 && row[28] < 112, "{row:?}");
        // 3.5 past it, the step at 1/16 (0.012); 4.5 past it, nothing.
        assert!(row[31] > 0 && row[31] < 5 && row[32] == 0, "{row:?}");
        for y in 0..40 {
            for x in 0..40 {
                let p = fb.get(x, y);
                assert_eq!(p, fb.get(39 - x, y), "({x}, {y})");
                assert_eq!(p, fb.get(x, 39 - y), "({x}, {y})");
                assert_eq!(p, fb.get(y, x), "({x}, {y})");
            }
        }
        // Along the diagonal from the corner: falling off too, and below the sides'.
        let diagonal: Vec<u8> = (28..36).map(|k| fb.get(k, k).r()).collect();
        assert!(diagonal.windows(2).all(|w| w[0] >= w[1]), "{diagonal:?}");
        assert!(diagonal[1] < row[29], "{diagonal:?} {row:?}");
        assert!(diagonal[0] > 0);
    }
    // A wider blur reaches further.
    let (narrow, wide) = (blurred(4.0, true), blurred(12.0, true));
    assert_eq!(narrow.get(31, 20), Rgb888::BLACK);
    assert!(wide.get(31, 20).r() > 0);
}

#[test]
fn the_shadow_lies_under_the_shape() {
    let red = Rgb888::new(255, 0, 0);
    let blue = Rgb888::new(0, 0, 255);
    let shape = Shape::rounded_rectangle(2.0)
        .with_fill(red)
        .with_stroke(Rgb888::WHITE, 1.0)
        .with_shadow(leak(Shadow::new(Vec2::new(4.0, -4.0), 2.0, blue, 255)));
    for antialias in [false, true] {
        let mut one = One::new(
            shape.clone().with_antialias(antialias),
            (10.0, 8.0),
            (10.0, 10.0),
        );
        let fb = one.render::<Rgb888>((20, 20));
        // The shape is whole over its shadow: no blue inside it.
        for y in 8..12 {
            for x in 7..13 {
                assert_eq!(fb.get(x, y), red, "({x}, {y})");
            }
        }
        assert_eq!(fb.get(17, 16), blue);
        // Half transparent, the shadow shows through: red at 128 over blue at 128 over
        // black.
        one.opacity = 128;
        let fb = one.render::<Rgb888>((20, 20));
        let below = blue.blend(Rgb888::BLACK, 128);
        assert_eq!(fb.get(12, 12), red.blend(below, 128));
        assert_eq!(fb.get(7, 8), red.blend(Rgb888::BLACK, 128));
    }
}

#[test]
fn a_shadow_turned_a_quarter_is_the_transposed_shadow() {
    for shape in [
        Shape::rectangle().with_fill(Rgb888::new(250, 200, 0)),
        Shape::rounded_rectangle(4.0)
            .with_gradient(leak(two_stops(20.0)))
            .with_antialias(true),
        Shape::rounded_rectangle(2.0)
            .with_stroke(Rgb888::WHITE, 1.0)
            .with_antialias(true),
    ] {
        for blur in [0.0, 0.5, 5.0] {
            let shape = shape.clone().with_shadow(leak(Shadow::new(
                Vec2::new(3.0, -1.5),
                blur,
                Rgb888::new(60, 60, 200),
                180,
            )));
            let upright = One::new(shape, (15.0, 9.0), (16.0, 16.0));
            let mut turned = upright.clone();
            turned.angle = 90.0;
            let (a, b) = (
                upright.render::<Rgb888>((32, 32)),
                turned.render::<Rgb888>((32, 32)),
            );
            for y in 0..32 {
                for x in 0..32 {
                    assert_eq!(a.get(x, y), b.get(y, 31 - x), "blur {blur} ({x}, {y})");
                }
            }
        }
    }
}

#[test]
fn moving_or_resizing_a_shadowed_shape_redraws_the_whole_shadow() {
    let size = Size::new(48, 32);
    let mut w = W::new();
    let root = w.root();
    let shapes = [
        Shape::rounded_rectangle(3.0)
            .with_gradient(leak(two_stops(60.0)))
            .with_shadow(leak(Shadow::new(Vec2::new(4.0, -3.0), 6.0, SHADE, 200)))
            .with_antialias(true),
        Shape::rectangle()
            .with_fill(Rgb888::new(0, 90, 0))
            .with_shadow(leak(Shadow::new(Vec2::new(-5.0, 2.0), 0.0, SHADE, 90))),
    ];
    let nodes: Vec<NodeId> = shapes
        .iter()
        .enumerate()
        .map(|(k, shape)| {
            let n = w.create_child(root, "n").unwrap();
            w.set_content_size(n, Size2::new(10.0, 7.0)).unwrap();
            w.set_position(n, Vec2::new(14.0 + 16.0 * k as f32, 16.0))
                .unwrap();
            w.add_component(n, shape.clone()).unwrap();
            n
        })
        .collect();
    let background = Rgb888::new(10, 20, 30);
    let mut tracked: Renderer<Rgb888, 8, 96, 4> =
        Renderer::new(size, background, BusCost::new(16, 11));
    let mut reference: Renderer<Rgb888, 8, 96, 4> =
        Renderer::new(size, background, BusCost::new(16, 11));
    let mut partial = Framebuffer::new(48, 32, Rgb888::new(255, 0, 255));
    let steps: [&dyn Fn(&mut W); 6] = [
        &|_| {},
        &|w| w.set_position(nodes[0], Vec2::new(20.5, 12.25)).unwrap(),
        &|w| w.set_content_size(nodes[1], Size2::new(4.0, 12.0)).unwrap(),
        &|w| w.set_angle_degrees(nodes[0], 33.0).unwrap(),
        &|w| {
            let c = w.component_of::<Shape>(nodes[1]).unwrap().unwrap();
            let shape = w.get_mut::<Shape>(c).unwrap();
            if let Some(&s) = shape.shadow {
                shape.shadow = Some(leak(Shadow {
                    blur: 9.0,
                    offset: Vec2::new(6.0, 6.0),
                    ..s
                }));
            }
        },
        &|w| w.set_position(nodes[1], Vec2::new(3.0, 28.0)).unwrap(),
    ];
    for (k, step) in steps.iter().enumerate() {
        step(&mut w);
        w.tick(0.02).unwrap();
        tracked.render(&mut w, &mut partial).unwrap();
        let mut full = Framebuffer::new(48, 32, Rgb888::new(0, 255, 0));
        reference.render_full(&mut w, &mut full).unwrap();
        assert_eq!(partial.out_of_bounds, 0);
        let differ = (0..48 * 32)
            .filter(|&i| partial.pixels[i] != full.pixels[i])
            .count();
        assert_eq!(differ, 0, "step {k}");
    }
}

/// A value made at run time, as the `&'static` a shape takes gradients and shadows by
/// (an app writes them as statics; a test or bench makes them from its parameters).
fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}
