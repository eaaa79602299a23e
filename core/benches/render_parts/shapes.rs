//! The shape rows of the render bench: one large shape per geometry drawn full screen
//! on a 96 × 96 Rgb565 framebuffer, anti-aliased (`with_antialias(true)`), hard-edged,
//! and through `embedded-graphics`' own primitive with a fill style onto the same
//! framebuffer; net ns per covered pixel (the same redraw of an empty world taken off
//! Sprig's figures; `embedded-graphics` draws onto a framebuffer it does not clear).

use std::hint::black_box;
use std::time::Instant;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::AngleUnit;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::{Rgb565, Rgb888};
use embedded_graphics::prelude::{Primitive, RgbColor};
use embedded_graphics::primitives::{
    Arc, Circle, CornerRadii, Ellipse, PointsIter, PrimitiveStyle, Rectangle, RoundedRectangle,
    Triangle,
};
use embedded_graphics::{Drawable, Pixel};
use sprig::render::damage::BusCost;
use sprig::render::{Cap, Gradient, Renderer, Shadow, Shape};
use sprig::{world, Size2, Vec2};

world! {
    /// One shape.
    type W = World {
        nodes: 4,
        components: Scene {
            sprig::render::Shape: 2,
        },
    };
}

const SIDE: u32 = 96;
const ROUNDS: u32 = 2000;
const TRIES: u32 = 10;
const FILL: Rgb888 = Rgb888::new(250, 120, 30);

/// A 96 × 96 Rgb565 framebuffer.
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
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < SIDE && (p.y as u32) < SIDE {
                self.pixels[(p.y as u32 * SIDE + p.x as u32) as usize] = c;
            }
        }
        Ok(())
    }

    fn fill_solid(&mut self, area: &Rectangle, color: Rgb565) -> Result<(), Self::Error> {
        let area = area.intersection(&Rectangle::new(Point::zero(), self.size()));
        for y in area.rows() {
            let start = (y as u32 * SIDE) as usize + area.top_left.x as usize;
            self.pixels[start..start + area.size.width as usize].fill(color);
        }
        Ok(())
    }
}

fn screen() -> Screen {
    Screen {
        pixels: vec![Rgb565::BLACK; (SIDE * SIDE) as usize],
    }
}

/// ns per draw of `draw`, the best of `TRIES` runs of `ROUNDS / TRIES` draws.
fn best_of(mut draw: impl FnMut()) -> f64 {
    (0..TRIES)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..ROUNDS / TRIES {
                draw();
            }
            start.elapsed().as_nanos() as f64 / f64::from(ROUNDS / TRIES)
        })
        .fold(f64::INFINITY, f64::min)
}

/// A world holding `shape` (if any) on a node of `size` centred on the screen, turned
/// `degrees`.
fn world_with(shape: Option<Shape>, size: (f32, f32), degrees: f32) -> W {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "shape").expect("fits");
    w.set_content_size(n, Size2::new(size.0, size.1))
        .expect("valid");
    w.set_position(n, Vec2::new(SIDE as f32 / 2.0, SIDE as f32 / 2.0))
        .expect("valid");
    w.set_angle_degrees(n, degrees).expect("valid");
    if let Some(shape) = shape {
        w.add_component(n, shape).expect("fits");
    }
    w
}

/// ns per full redraw of `world`, and the pixels it changes from the background.
fn sprig_ns(world: &mut W) -> (f64, usize) {
    let mut screen = screen();
    let mut renderer: Renderer<Rgb565, 4, 1024> =
        Renderer::new(Size::new(SIDE, SIDE), Rgb888::BLACK, BusCost::new(16, 11));
    let ns = best_of(|| {
        renderer
            .render_full(world, &mut screen)
            .expect("infallible");
        black_box(&screen.pixels);
    });
    let covered = screen
        .pixels
        .iter()
        .filter(|&&p| p != Rgb565::BLACK)
        .count();
    (ns, covered)
}

/// A row: its name, the shape, its node's size and turn, and the `embedded-graphics`
/// drawing of the same shape.
type Case = (
    &'static str,
    Shape,
    (f32, f32),
    f32,
    Box<dyn Fn(&mut Screen)>,
);

/// Prints the shape rows.
pub fn run() {
    println!();
    println!(
        "Shapes on a {SIDE} x {SIDE} Rgb565 framebuffer, ns per pixel of the hard-edged shape (Sprig's net of an empty redraw):"
    );
    println!(
        "| geometry | covered px | anti-aliased | hard-edged | AA / hard | embedded-graphics |"
    );
    println!("|---|---|---|---|---|---|");
    let (empty, _) = sprig_ns(&mut world_with(None, (1.0, 1.0), 0.0));
    let fill = PrimitiveStyle::with_fill(Rgb565::new(31, 30, 3));
    let cases: Vec<Case> = vec![
        (
            "circle, 80 px",
            Shape::ellipse(),
            (80.0, 80.0),
            0.0,
            Box::new(move |s: &mut Screen| {
                let _ = Circle::new(Point::new(8, 8), 80).into_styled(fill).draw(s);
            }),
        ),
        (
            "ellipse, 88 x 48",
            Shape::ellipse(),
            (88.0, 48.0),
            0.0,
            Box::new(move |s: &mut Screen| {
                let _ = Ellipse::new(Point::new(4, 24), Size::new(88, 48))
                    .into_styled(fill)
                    .draw(s);
            }),
        ),
        (
            "rounded rectangle, 88 x 48, radius 16",
            Shape::rounded_rectangle(16.0),
            (88.0, 48.0),
            0.0,
            Box::new(move |s: &mut Screen| {
                let r = Rectangle::new(Point::new(4, 24), Size::new(88, 48));
                let _ = RoundedRectangle::new(r, CornerRadii::new(Size::new(16, 16)))
                    .into_styled(fill)
                    .draw(s);
            }),
        ),
        (
            "arc, 80 px, 270 degrees, 10 wide, round ends",
            Shape::arc(225.0, 270.0, 10.0, Cap::Round),
            (80.0, 80.0),
            0.0,
            // Stroked, as `embedded-graphics` draws arcs (its ends are square); from 135°
            // anticlockwise from the right, 270° clockwise.
            Box::new(move |s: &mut Screen| {
                let style = PrimitiveStyle::with_stroke(Rgb565::new(31, 30, 3), 10);
                let _ = Arc::new(Point::new(13, 13), 70, 135.0f32.deg(), (-270.0f32).deg())
                    .into_styled(style)
                    .draw(s);
            }),
        ),
        (
            "rectangle, 80 x 40, off the grid",
            Shape::rectangle(),
            (80.5, 40.5),
            0.0,
            Box::new(move |s: &mut Screen| {
                let _ = Rectangle::new(Point::new(8, 28), Size::new(80, 40))
                    .into_styled(fill)
                    .draw(s);
            }),
        ),
        (
            "rectangle, 64 x 40, turned 30 degrees",
            Shape::rectangle(),
            (64.0, 40.0),
            30.0,
            // Two triangles: `embedded-graphics` has no turned rectangle.
            Box::new(move |s: &mut Screen| {
                let corner = |x: f32, y: f32| {
                    let (sin, cos) = (0.5f32, 0.866_025_4_f32);
                    Point::new(
                        48 + (x * cos + y * sin) as i32,
                        48 + (-x * sin + y * cos) as i32,
                    )
                };
                let (a, b) = (corner(-32.0, -20.0), corner(32.0, -20.0));
                let (c, d) = (corner(32.0, 20.0), corner(-32.0, 20.0));
                let _ = Triangle::new(a, b, c).into_styled(fill).draw(s);
                let _ = Triangle::new(a, c, d).into_styled(fill).draw(s);
            }),
        ),
    ];
    for (name, shape, size, degrees, eg) in cases {
        let shape = shape.with_fill(FILL);
        let soft_world = world_with(Some(shape.clone().with_antialias(true)), size, degrees);
        let (soft, _) = sprig_ns(&mut { soft_world });
        let (hard, covered) = sprig_ns(&mut world_with(
            Some(shape.with_antialias(false)),
            size,
            degrees,
        ));
        let mut target = screen();
        let eg_ns = best_of(|| {
            eg(&mut target);
            black_box(&target.pixels);
        });
        // Every figure per pixel of the hard-edged shape, so that they compare the cost
        // of one shape.
        let per = |ns: f64| (ns - empty).max(0.0) / covered as f64;
        // A hard-edged fill that is one `memset` a row leaves too little to divide by.
        let ratio = if per(hard) >= 0.05 {
            format!("{:.2}", per(soft) / per(hard))
        } else {
            "—".to_string()
        };
        println!(
            "| {name} | {covered} | {:.2} | {:.2} | {ratio} | {:.2} |",
            per(soft),
            per(hard),
            eg_ns / covered as f64,
        );
    }
}

/// A gradient from the bench's fill colour to a blue, at `degrees`.
fn gradient(degrees: f32) -> Gradient {
    Gradient::linear(degrees, [(0.0, FILL), (1.0, Rgb888::new(30, 140, 255))])
}

/// Prints the gradient and shadow rows: ns per pixel of a flat fill and of gradients at
/// three angles (horizontal: a colour a pixel; vertical: one a row; 30°), then a
/// rounded rectangle without and with a shadow.
pub fn run_gradients() {
    println!();
    println!(
        "Gradients on a {SIDE} x {SIDE} Rgb565 framebuffer, ns per covered pixel (net of an empty redraw):"
    );
    println!("| shape | covered px | flat | gradient 0° | gradient 90° | gradient 30° |");
    println!("|---|---|---|---|---|---|");
    let (empty, _) = sprig_ns(&mut world_with(None, (1.0, 1.0), 0.0));
    let cases: [(&str, Shape, (f32, f32), f32); 5] = [
        (
            "rectangle, 80 x 40",
            Shape::rectangle().with_antialias(false),
            (80.0, 40.0),
            0.0,
        ),
        (
            "rectangle, 80 x 40, anti-aliased, off the grid",
            Shape::rectangle().with_antialias(true),
            (80.5, 40.5),
            0.0,
        ),
        (
            "rounded rectangle, 88 x 48, radius 16",
            Shape::rounded_rectangle(16.0).with_antialias(false),
            (88.0, 48.0),
            0.0,
        ),
        (
            "rounded rectangle, 88 x 48, radius 16, anti-aliased",
            Shape::rounded_rectangle(16.0).with_antialias(true),
            (88.0, 48.0),
            0.0,
        ),
        (
            "rounded rectangle, 64 x 40, radius 10, anti-aliased, turned 30 degrees",
            Shape::rounded_rectangle(10.0).with_antialias(true),
            (64.0, 40.0),
            30.0,
        ),
    ];
    for (name, shape, size, degrees) in cases {
        let (flat, covered) = sprig_ns(&mut world_with(
            Some(shape.clone().with_fill(FILL)),
            size,
            degrees,
        ));
        let per = |ns: f64| (ns - empty).max(0.0) / covered as f64;
        let mut row = format!("| {name} | {covered} | {:.2} |", per(flat));
        for angle in [0.0, 90.0, 30.0] {
            let (ns, _) = sprig_ns(&mut world_with(
                Some(shape.clone().with_gradient(leak(gradient(angle)))),
                size,
                degrees,
            ));
            row.push_str(&format!(" {:.2} |", per(ns)));
        }
        println!("{row}");
    }
    println!();
    println!(
        "Shadows: a rounded rectangle, 64 x 40, radius 10, anti-aliased, moved (3, -4); ns per pixel the picture changes:"
    );
    println!("| shadow | changed px | ns per frame (net) | ns per px | frame / no shadow |");
    println!("|---|---|---|---|---|");
    let shape = Shape::rounded_rectangle(10.0)
        .with_fill(FILL)
        .with_antialias(true);
    let shadow = |blur: f32| Shadow::new(Vec2::new(3.0, -4.0), blur, Rgb888::new(90, 90, 90), 160);
    let mut base = 0.0;
    for (name, shape) in [
        ("none", shape.clone()),
        (
            "hard (blur 0)",
            shape.clone().with_shadow(leak(shadow(0.0))),
        ),
        ("blur 8", shape.clone().with_shadow(leak(shadow(8.0)))),
        ("blur 16", shape.clone().with_shadow(leak(shadow(16.0)))),
    ] {
        let (ns, covered) = sprig_ns(&mut world_with(Some(shape), (64.0, 40.0), 0.0));
        let net = (ns - empty).max(0.0);
        if base == 0.0 {
            base = net;
        }
        println!(
            "| {name} | {covered} | {net:.0} | {:.2} | {:.2} |",
            net / covered as f64,
            net / base
        );
    }
}

/// A value made at run time, as the `&'static` a shape takes gradients and shadows by
/// (an app writes them as statics; a test or bench makes them from its parameters).
fn leak<T>(value: T) -> &'static T {
    Box::leak(Box::new(value))
}
