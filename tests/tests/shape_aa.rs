//! Anti-aliased shapes (`Shape::with_antialias(true)`), pixel for pixel: edges covered in
//! proportion to how far the pixel centre is inside, the interior and the outside those of
//! the hard-edged shape, symmetric, exact at quarter turns (where the row-at-a-time path
//! and the sampler draw the same shape), no seam between a stroke and its fill, and
//! thresholded on a `BinaryColor` panel. Damage tracking with anti-aliased shapes is in
//! `render_identical.rs`.

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, GrayColor, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Cap, RenderColor, Renderer, Shape};
use sprig::{world, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    type W = World { nodes: 8, components: Scene { sprig::render::Shape: 8 } };
}

const WHITE: Rgb888 = Rgb888::WHITE;

/// One shape on a `size` screen, black below: its node anchored at its centre at `at`
/// (world space, y up), `content` large, turned `angle` degrees, with `opacity`.
struct One {
    shape: Shape,
    content: (f32, f32),
    at: (f32, f32),
    angle: f32,
    scale: (f32, f32),
    opacity: u8,
}

impl One {
    fn new(shape: Shape, content: (f32, f32), at: (f32, f32)) -> Self {
        One {
            shape,
            content,
            at,
            angle: 0.0,
            scale: (1.0, 1.0),
            opacity: 255,
        }
    }

    fn render<C: RenderColor>(&self, size: (u32, u32)) -> Framebuffer<C> {
        let mut w = W::new();
        let root = w.root();
        let n = w.create_child(root, "shape").unwrap();
        w.set_content_size(n, Size2::new(self.content.0, self.content.1))
            .unwrap();
        w.set_position(n, Vec2::new(self.at.0, self.at.1)).unwrap();
        w.set_angle_degrees(n, self.angle).unwrap();
        w.set_scale(n, Vec2::new(self.scale.0, self.scale.1))
            .unwrap();
        w.set_opacity(n, self.opacity).unwrap();
        w.add_component(n, self.shape.clone()).unwrap();
        let mut fb = Framebuffer::new(size.0, size.1, C::from_rgb888(Rgb888::new(255, 0, 255)));
        let mut r: Renderer<C, 8, 4096> = Renderer::new(
            Size::new(size.0, size.1),
            Rgb888::BLACK,
            BusCost::new(16, 0),
        );
        r.render(&mut w, &mut fb).unwrap();
        assert_eq!(fb.out_of_bounds, 0);
        fb
    }
}

/// The red channel of every pixel, row by row (top first).
fn reds(fb: &Framebuffer<Rgb888>) -> Vec<Vec<u8>> {
    (0..fb.height)
        .map(|y| (0..fb.width).map(|x| fb.get(x, y).r()).collect())
        .collect()
}

#[test]
fn a_rectangle_on_the_pixel_grid_is_the_same_anti_aliased_or_not() {
    for shape in [
        Shape::rectangle().with_fill(WHITE),
        Shape::rectangle()
            .with_fill(Rgb888::new(200, 40, 10))
            .with_stroke(WHITE, 2.0),
    ] {
        let hard = One::new(shape.clone().with_antialias(false), (10.0, 6.0), (8.0, 6.0));
        let soft = One::new(shape.with_antialias(true), (10.0, 6.0), (8.0, 6.0));
        assert_eq!(
            hard.render::<Rgb888>((16, 12)).pixels,
            soft.render::<Rgb888>((16, 12)).pixels
        );
    }
}

#[test]
fn a_rectangle_half_a_pixel_off_the_grid_covers_its_edge_pixels_by_half() {
    // 4 × 2 centred at (4.5, 3): x from 2.5 to 6.5, y from 2 to 4 (rows 4 and 5 from
    // the top of an 8-row screen).
    let soft = One::new(
        Shape::rectangle().with_fill(WHITE).with_antialias(true),
        (4.0, 2.0),
        (4.5, 3.0),
    );
    let red = reds(&soft.render::<Rgb888>((9, 8)));
    let row = [0, 0, 127, 255, 255, 255, 127, 0, 0];
    let expected: Vec<Vec<u8>> = (0..8)
        .map(|y| {
            if y == 4 || y == 5 {
                row.to_vec()
            } else {
                vec![0; 9]
            }
        })
        .collect();
    assert_eq!(red, expected);
    // Both ways off the grid: the corner pixels are covered a quarter.
    let soft = One::new(
        Shape::rectangle().with_fill(WHITE).with_antialias(true),
        (4.0, 2.0),
        (4.5, 3.5),
    );
    let red = reds(&soft.render::<Rgb888>((9, 8)));
    assert_eq!(red[3], [0, 0, 63, 127, 127, 127, 63, 0, 0]);
    assert_eq!(red[4], [0, 0, 127, 255, 255, 255, 127, 0, 0]);
    assert_eq!(red[5], [0, 0, 63, 127, 127, 127, 63, 0, 0]);
}

#[test]
fn a_circle_is_soft_only_at_its_edge_and_symmetric_every_way() {
    let hard = One::new(
        Shape::ellipse().with_fill(WHITE).with_antialias(false),
        (15.0, 15.0),
        (10.5, 10.5),
    );
    let soft = One::new(
        Shape::ellipse().with_fill(WHITE).with_antialias(true),
        (15.0, 15.0),
        (10.5, 10.5),
    );
    let (hard, soft) = (
        reds(&hard.render::<Rgb888>((21, 21))),
        reds(&soft.render::<Rgb888>((21, 21))),
    );
    let mut partial = 0;
    for y in 0..21 {
        for x in 0..21 {
            let v = soft[y][x];
            // Mirrored left-right, top-bottom and across the diagonal.
            assert_eq!(v, soft[y][20 - x], "({x}, {y})");
            assert_eq!(v, soft[20 - y][x], "({x}, {y})");
            assert_eq!(v, soft[x][y], "({x}, {y})");
            // Away from the edge, the hard-edged circle's pixels.
            let (dx, dy) = (x as f32 - 10.0, y as f32 - 10.0);
            let d = (dx * dx + dy * dy).sqrt() - 7.5;
            if d <= -0.5 {
                assert_eq!(v, 255, "({x}, {y}) inside");
            } else if d >= 0.5 {
                assert_eq!(v, 0, "({x}, {y}) outside");
            } else {
                // Coverage follows the distance: (0.5 − d) · 255, to a level.
                let expected = (0.5 - d) * 255.0;
                assert!(
                    (v as f32 - expected).abs() <= 2.0,
                    "({x}, {y}): {v} vs {expected}"
                );
                partial += 1;
            }
            // The hard circle keeps the pixels more than half covered.
            if hard[y][x] == 255 {
                assert!(v >= 127, "({x}, {y})");
            }
        }
    }
    assert!(partial >= 40, "{partial} edge pixels");
}

#[test]
fn a_quarter_turn_draws_the_transposed_pixels() {
    // A stroked, filled ellipse and rounded rectangle, drawn upright (a row at a time)
    // and turned a quarter (the sampler): the same pixels, turned.
    for shape in [
        Shape::ellipse()
            .with_fill(Rgb888::new(0, 120, 255))
            .with_stroke(WHITE, 1.5),
        Shape::rounded_rectangle(4.5)
            .with_fill(Rgb888::new(250, 80, 0))
            .with_stroke(WHITE, 2.25),
        Shape::rounded_rectangle(3.0).with_stroke(WHITE, 1.0),
    ] {
        let shape = shape.with_antialias(true);
        let upright = One::new(shape.clone(), (17.0, 10.0), (12.0, 12.0));
        let mut turned = One::new(shape, (17.0, 10.0), (12.0, 12.0));
        turned.angle = 90.0;
        let (a, b) = (
            upright.render::<Rgb888>((24, 24)),
            turned.render::<Rgb888>((24, 24)),
        );
        let mut soft = 0;
        for y in 0..24 {
            for x in 0..24 {
                // A quarter turn anticlockwise (y up) takes screen (x, y) to (y, 23 − x).
                assert_eq!(a.get(x, y), b.get(y, 23 - x), "({x}, {y})");
                let r = a.get(x, y).r();
                soft += usize::from(r != 0 && r != 255 && a.get(x, y) != Rgb888::new(250, 80, 0));
            }
        }
        assert!(soft > 0);
    }
}

#[test]
fn a_mirrored_shape_is_the_mirror_image() {
    let shape = Shape::rounded_rectangle(5.0)
        .with_fill(Rgb888::new(30, 200, 90))
        .with_stroke(WHITE, 1.25)
        .with_antialias(true);
    let upright = One::new(shape.clone(), (13.0, 9.0), (10.0, 8.0));
    let mut mirrored = One::new(shape, (13.0, 9.0), (10.0, 8.0));
    mirrored.scale = (-1.0, 1.0);
    let (a, b) = (
        upright.render::<Rgb888>((20, 16)),
        mirrored.render::<Rgb888>((20, 16)),
    );
    for y in 0..16 {
        for x in 0..20 {
            assert_eq!(a.get(x, y), b.get(19 - x, y), "({x}, {y})");
        }
    }
}

#[test]
fn a_stroke_meets_its_fill_without_a_seam() {
    // A stroke of the fill's colour: the very pixels of the fill alone.
    let color = Rgb888::new(90, 160, 220);
    for shape in [Shape::ellipse(), Shape::rounded_rectangle(6.0)] {
        let filled = shape.clone().with_fill(color).with_antialias(true);
        let both = filled.clone().with_stroke(color, 2.5);
        let a = One::new(filled, (19.0, 13.0), (12.3, 9.1)).render::<Rgb888>((24, 18));
        let b = One::new(both, (19.0, 13.0), (12.3, 9.1)).render::<Rgb888>((24, 18));
        assert_eq!(a.pixels, b.pixels);
    }
}

#[test]
fn opacity_multiplies_the_edge_coverage() {
    let mut soft = One::new(
        Shape::rectangle().with_fill(WHITE).with_antialias(true),
        (4.0, 2.0),
        (4.5, 3.0),
    );
    soft.opacity = 128;
    let red = reds(&soft.render::<Rgb888>((9, 8)));
    // 127 · 128 / 255 = 64 at the edges, 128 inside.
    assert_eq!(red[4], [0, 0, 64, 128, 128, 128, 64, 0, 0]);
}

#[test]
fn on_grey_and_binary_panels_edges_are_levels_and_a_threshold() {
    let shape = Shape::ellipse().with_fill(WHITE);
    let (content, at) = ((11.0, 11.0), (8.0, 8.0));
    let soft = One::new(shape.clone().with_antialias(true), content, at);
    let grey = soft.render::<Gray4>((16, 16));
    let levels: std::collections::BTreeSet<u8> = grey.pixels.iter().map(|p| p.luma()).collect();
    assert!(levels.len() >= 5, "{levels:?}");
    // On a binary panel a pixel is lit when more than half covered: where the hard
    // circle is, give or take pixels whose centres lie on the outline itself.
    let hard = One::new(shape.with_antialias(false), content, at).render::<BinaryColor>((16, 16));
    let binary = soft.render::<BinaryColor>((16, 16));
    let differ = (hard.pixels.iter().zip(&binary.pixels))
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ <= 4, "{differ} pixels differ");
}

/// An arc of a 20-unit ring on a 24 × 24 screen, centred.
fn arc(start: f32, sweep: f32, thickness: f32, cap: Cap) -> One {
    One::new(
        Shape::arc(start, sweep, thickness, cap)
            .with_fill(WHITE)
            .with_antialias(true),
        (20.0, 20.0),
        (12.0, 12.0),
    )
}

#[test]
fn a_whole_arc_as_thick_as_its_radius_is_the_disc() {
    let ring = arc(0.0, 360.0, 10.0, Cap::Butt).render::<Rgb888>((24, 24));
    let disc = One::new(
        Shape::ellipse().with_fill(WHITE).with_antialias(true),
        (20.0, 20.0),
        (12.0, 12.0),
    )
    .render::<Rgb888>((24, 24));
    for (a, b) in ring.pixels.iter().zip(&disc.pixels) {
        assert!(a.r().abs_diff(b.r()) <= 1, "{a:?} vs {b:?}");
    }
}

#[test]
fn an_arc_covers_its_sweep_and_its_band_only() {
    // The top half (from 270°, 180° clockwise), 4 wide: from radius 6 to 10.
    let red = reds(&arc(270.0, 180.0, 4.0, Cap::Butt).render::<Rgb888>((24, 24)));
    for (y, row) in red.iter().enumerate() {
        for (x, &v) in row.iter().enumerate() {
            // Mirrored left-right.
            assert_eq!(v, row[23 - x], "({x}, {y})");
            let (dx, dy) = (x as f32 + 0.5 - 12.0, 12.0 - (y as f32 + 0.5));
            let d = (dx * dx + dy * dy).sqrt();
            if !(5.5..=10.5).contains(&d) || dy < -0.5 {
                assert_eq!(v, 0, "({x}, {y}) outside");
            }
            if (6.5..=9.5).contains(&d) && dy > 0.5 {
                assert_eq!(v, 255, "({x}, {y}) inside");
            }
        }
    }
    // The ends are cut along the horizontal through the centre: the row just below it
    // (pixel centres half a unit below) is untouched, the row just above it whole where
    // its centres are half a unit or more inside the band (columns 3 to 5), partly at
    // its edges: column 2 is 9.51 from the centre (0.49 inside the outer edge), column 6
    // 5.52 (0.48 outside the inner one).
    assert!(red[12].iter().all(|&v| v == 0));
    assert_eq!(red[11][2..7], [251, 255, 255, 255, 5]);
}

#[test]
fn round_ends_reach_past_the_sweep_by_half_the_band() {
    let butt = reds(&arc(270.0, 180.0, 4.0, Cap::Butt).render::<Rgb888>((24, 24)));
    let round = reds(&arc(270.0, 180.0, 4.0, Cap::Round).render::<Rgb888>((24, 24)));
    // Just below the centre line (pixel centres half a unit below), by the band's middle
    // (radius 8: columns 3 and 20): the rounded end covers what the square one does not.
    assert_eq!(butt[12][3], 0);
    assert_eq!(round[12][3], 255);
    assert_eq!(round[12][3], round[12][20]);
    // 1.5 below: 1.58 from the end disc's centre, 0.42 inside its radius of 2; 3.5
    // below, outside it.
    assert_eq!(round[13][3], 234);
    assert_eq!(round[15][3], 0);
    // Everything the square end covers, the round one covers at least as much.
    for y in 0..24 {
        for x in 0..24 {
            assert!(round[y][x] >= butt[y][x], "({x}, {y})");
        }
    }
}

#[test]
fn an_arc_turned_a_quarter_is_the_arc_started_a_quarter_earlier() {
    for (start, sweep, cap) in [(0.0, 135.0, Cap::Round), (90.0, 250.0, Cap::Butt)] {
        let mut turned = arc(start, sweep, 3.5, cap);
        turned.angle = 90.0; // anticlockwise
        let (a, b) = (
            arc(start - 90.0, sweep, 3.5, cap).render::<Rgb888>((24, 24)),
            turned.render::<Rgb888>((24, 24)),
        );
        assert_eq!(a.pixels, b.pixels, "start {start}, sweep {sweep}");
    }
}

#[test]
fn an_arc_backwards_is_the_same_arc_and_hard_edges_have_no_levels() {
    let (forward, backward) = (
        arc(30.0, 100.0, 5.0, Cap::Round).render::<Rgb888>((24, 24)),
        arc(130.0, -100.0, 5.0, Cap::Round).render::<Rgb888>((24, 24)),
    );
    assert_eq!(forward.pixels, backward.pixels);
    let mut hard = arc(30.0, 100.0, 5.0, Cap::Round);
    hard.shape = hard.shape.with_antialias(false);
    let hard = hard.render::<Rgb888>((24, 24));
    assert!(hard.pixels.iter().all(|p| p.r() == 0 || p.r() == 255));
    assert!(hard.pixels.iter().filter(|p| p.r() == 255).count() > 40);
    // Nothing for no sweep or no thickness.
    for empty in [
        arc(0.0, 0.0, 5.0, Cap::Round),
        arc(0.0, 90.0, 0.0, Cap::Round),
    ] {
        let fb = empty.render::<Rgb888>((24, 24));
        assert!(fb.pixels.iter().all(|p| *p == Rgb888::BLACK));
    }
}

#[test]
fn a_line_on_the_pixel_grid_with_square_ends_is_its_box() {
    // From (3, 6) to (13, 6), 2 wide, square ends: the box from (2, 5) to (14, 7).
    let line = One::new(
        Shape::line_with_cap(Vec2::new(3.0, 6.0), Vec2::new(13.0, 6.0), Cap::Butt)
            .with_stroke(WHITE, 2.0)
            .with_antialias(true),
        (16.0, 12.0),
        (8.0, 6.0),
    );
    let boxed = One::new(Shape::rectangle().with_fill(WHITE), (12.0, 2.0), (8.0, 6.0));
    assert_eq!(
        line.render::<Rgb888>((16, 12)).pixels,
        boxed.render::<Rgb888>((16, 12)).pixels
    );
    // Half a pixel up: two rows half covered, the ends square.
    let mut up = line;
    up.at = (8.0, 6.5);
    let red = reds(&up.render::<Rgb888>((16, 12)));
    assert_eq!(
        red[4][1..16],
        [0, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 127, 0, 0]
    );
    assert_eq!(red[5][2..14], [255; 12]);
    assert_eq!(red[6][2..14], [127; 12]);
}

#[test]
fn a_diagonal_line_is_symmetric_across_the_other_diagonal() {
    // From the bottom-left to the top-right of a 20-unit square: on screen, the line
    // from (2, 17.5) to (17.5, 2); its mirror image across that diagonal is itself.
    let line = One::new(
        Shape::line(Vec2::new(2.5, 2.5), Vec2::new(17.5, 17.5))
            .with_stroke(WHITE, 2.5)
            .with_antialias(true),
        (20.0, 20.0),
        (10.0, 10.0),
    );
    let red = reds(&line.render::<Rgb888>((20, 20)));
    let mut soft = 0;
    for y in 0..20 {
        for x in 0..20 {
            // (x, y) mirrors to (19 − y, 19 − x).
            assert_eq!(red[y][x], red[19 - x][19 - y], "({x}, {y})");
            soft += usize::from(red[y][x] > 0 && red[y][x] < 255);
        }
    }
    assert!(soft >= 20, "{soft} soft pixels");
}

#[test]
fn an_anti_aliased_polygon_on_the_grid_is_the_rectangle_and_a_triangle_is_soft_at_its_edges() {
    let square = One::new(
        Shape::polygon(&[
            Vec2::new(2.0, 2.0),
            Vec2::new(12.0, 2.0),
            Vec2::new(12.0, 8.0),
            Vec2::new(2.0, 8.0),
        ])
        .with_fill(WHITE)
        .with_antialias(true),
        (14.0, 10.0),
        (7.0, 5.0),
    );
    let rect = One::new(Shape::rectangle().with_fill(WHITE), (10.0, 6.0), (7.0, 5.0));
    assert_eq!(
        square.render::<Rgb888>((14, 10)).pixels,
        rect.render::<Rgb888>((14, 10)).pixels
    );
    let corners = [
        Vec2::new(1.0, 1.0),
        Vec2::new(17.0, 3.0),
        Vec2::new(6.0, 15.0),
    ];
    let hard = One::new(
        Shape::polygon(&corners)
            .with_fill(WHITE)
            .with_antialias(false),
        (18.0, 16.0),
        (9.0, 8.0),
    );
    let soft = One::new(
        Shape::polygon(&corners)
            .with_fill(WHITE)
            .with_antialias(true),
        (18.0, 16.0),
        (9.0, 8.0),
    );
    let (hard, soft) = (
        hard.render::<Rgb888>((18, 16)),
        soft.render::<Rgb888>((18, 16)),
    );
    let mut levels = 0;
    for (h, s) in hard.pixels.iter().zip(&soft.pixels) {
        // What the hard triangle lights is at least half covered, and the other way.
        assert_eq!(h.r() == 255, s.r() >= 128, "{h:?} {s:?}");
        levels += usize::from(s.r() > 0 && s.r() < 255);
    }
    assert!(levels >= 20, "{levels}");
}
