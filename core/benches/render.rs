//! Rendering a stand-in for the showcase (a 128×64 4-bit grey OLED) for 300 frames,
//! damage-tracked against a full redraw every frame, side by side: pixels and bytes
//! flushed per frame, ns per frame, the share of still frames that flushed nothing, and
//! how the flushed bytes compare with the pixels that really changed.
//!
//! Then text: a screen of `FONT_6X10` text drawn by a full redraw of a world holding one
//! label, its net cost (less the same redraw without the label) per glyph, side by side
//! with drawing the same text through `embedded-graphics`' `Text` onto the same
//! framebuffer; and the same for a u8g2 font against `u8g2-fonts`' own renderer, on
//! this screen and as the showcase's large clock on a 320 × 240 one in three-row tiles
//! (`render_parts/clock.rs`).
//! The last rows draw a picture (raw, RGBA with alpha, TGA, RLE TGA, a sprite frame) by
//! Sprig's fast path and its sampled path beside `embedded-graphics`' `Image` of an
//! `ImageRaw` and of a `tinytga::Tga` (`render_parts/image.rs`). Then one large shape per
//! geometry, anti-aliased, hard-edged and through `embedded-graphics`' own primitive,
//! and gradient fills and shadows beside flat fills (`render_parts/shapes.rs`).
//!
//! Run with `cargo bench -p sprig-core --bench render` (`-- shapes` for the shape rows
//! alone, `-- gradients` for the gradient and shadow rows alone).

use std::hint::black_box;
use std::time::Instant;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Size};
use embedded_graphics::pixelcolor::{Gray4, Rgb888};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{world, NodeId, Size2, Vec2};

#[path = "render_parts/image.rs"]
mod image_row;

#[path = "render_parts/clock.rs"]
mod clock_row;

#[path = "render_parts/shapes.rs"]
mod shape_rows;

world! {
    /// The stand-in's components.
    type W = World {
        nodes: 32,
        components: Scene {
            sprig::render::Shape: 32,
        },
    };
}

/// A label of a whole screen of text.
type ScreenLabel = sprig::render::Label<160>;

world! {
    /// One label on the screen.
    type TextW = World {
        nodes: 4,
        components: TextScene {
            ScreenLabel: 1,
        },
    };
}

/// Six lines of 21 characters: 126 × 60 pixels in `FONT_6X10`.
const PARAGRAPH: &str = "Sprig draws text with\na glyph blitter: rows\nof bits become spans.\nThe quick brown fox j\numps over a lazy dog.\n0123456789 +-*/ ()[]!";

const WIDTH: u32 = 128;
const HEIGHT: u32 = 64;
const FRAMES: u32 = 300;
const COST: BusCost = BusCost::GRAY4_SSD0323;

/// A 128×64 grey framebuffer.
struct Screen {
    pixels: Vec<Gray4>,
}

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(WIDTH, HEIGHT)
    }
}

impl DrawTarget for Screen {
    type Color = Gray4;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Gray4>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < WIDTH && (p.y as u32) < HEIGHT {
                self.pixels[(p.y as u32 * WIDTH + p.x as u32) as usize] = c;
            }
        }
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = Gray4>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        for (p, c) in area.points().zip(colors) {
            self.pixels[(p.y as u32 * WIDTH + p.x as u32) as usize] = c;
        }
        Ok(())
    }
}

fn screen() -> Screen {
    Screen {
        pixels: vec![Gray4::new(0); (WIDTH * HEIGHT) as usize],
    }
}

struct Stage {
    planet: NodeId,
    moon: NodeId,
    bar: NodeId,
    cards: [NodeId; 3],
}

fn build(w: &mut W) -> Stage {
    let root = w.root();
    let node = |w: &mut W, parent: NodeId, size: (f32, f32), at: (f32, f32), shape: Shape| {
        let n = w.create_child(parent, "n").expect("fits");
        w.set_content_size(n, Size2::new(size.0, size.1))
            .expect("valid");
        w.set_position(n, Vec2::new(at.0, at.1)).expect("valid");
        // Hard-edged, as the figures were first measured (shapes are anti-aliased by
        // default now).
        w.add_component(n, shape.with_antialias(false))
            .expect("fits");
        n
    };
    let grey = |v: u8| Rgb888::new(v, v, v);
    node(
        w,
        root,
        (128.0, 64.0),
        (64.0, 32.0),
        Shape::rectangle().with_stroke(grey(80), 1.0),
    );
    let planet = node(
        w,
        root,
        (14.0, 14.0),
        (32.0, 32.0),
        Shape::ellipse().with_fill(grey(200)),
    );
    let moon = node(
        w,
        planet,
        (5.0, 5.0),
        (12.0, 0.0),
        Shape::ellipse().with_fill(grey(255)),
    );
    let bar = node(
        w,
        root,
        (0.0, 4.0),
        (8.0, 6.0),
        Shape::rectangle().with_fill(grey(160)),
    );
    w.set_anchor(bar, Vec2::new(0.0, 0.0)).expect("valid");
    let cards = [0, 1, 2].map(|k| {
        node(
            w,
            root,
            (18.0, 24.0),
            (84.0 + 8.0 * k as f32, 34.0 - 3.0 * k as f32),
            Shape::rounded_rectangle(3.0)
                .with_fill(grey(60 + 60 * k as u8))
                .with_stroke(grey(255), 1.0),
        )
    });
    Stage {
        planet,
        moon,
        bar,
        cards,
    }
}

/// Frame `f`: moving for 2 s, then still for 1 s, and again.
fn animate(w: &mut W, s: &Stage, f: u32) {
    if f % 90 >= 60 {
        return;
    }
    let t = f as f32 / 30.0;
    w.set_position(
        s.planet,
        Vec2::new(32.0 + 14.0 * (t * 1.5).cos(), 32.0 + 14.0 * (t * 1.5).sin()),
    )
    .expect("valid");
    w.set_angle_degrees(s.planet, t * 120.0).expect("valid");
    let _ = s.moon;
    w.set_content_size(s.bar, Size2::new((f % 60) as f32 * 1.5, 4.0))
        .expect("valid");
    if f.is_multiple_of(30) {
        let k = (f / 30) as usize % 3;
        w.set_z_index(s.cards[k], (f / 30) as i32).expect("valid");
    }
}

/// Best of `runs` timings of `f`, in ns, each the mean over `reps` calls.
fn time_ns(runs: u32, reps: u32, mut f: impl FnMut()) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..runs {
        let start = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(start.elapsed().as_nanos() as f64 / f64::from(reps));
    }
    best
}

/// The text row: Sprig's label against `embedded-graphics`' `Text` (mono) and against
/// `u8g2-fonts`' renderer (u8g2), on the same framebuffer.
fn text_bench() {
    use embedded_graphics::mono_font::{ascii::FONT_6X10, MonoTextStyle};
    use embedded_graphics::text::{Baseline, Text};
    use embedded_graphics::Drawable;
    use sprig::render::font::U8g2Font;
    use sprig::render::{HorizontalAlign, VerticalAlign};
    use u8g2_fonts::types::{FontColor, VerticalPosition};
    use u8g2_fonts::FontRenderer;

    static HELV: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>();
    let glyphs = PARAGRAPH.chars().filter(|c| !c.is_whitespace()).count() as f64;
    let size = Size::new(WIDTH, HEIGHT);
    let bg = Rgb888::new(0, 0, 0);
    let white = Rgb888::new(255, 255, 255);
    let frame_ns = |label: Option<ScreenLabel>| {
        let mut w = TextW::new();
        let root = w.root();
        let n = w.create_child(root, "text").expect("fits");
        w.set_anchor(n, Vec2::new(0.0, 1.0)).expect("valid");
        w.set_content_size(n, Size2::new(128.0, 64.0))
            .expect("valid");
        w.set_position(n, Vec2::new(0.0, 64.0)).expect("valid");
        if let Some(label) = label {
            w.add_component(n, label).expect("fits");
        }
        w.tick(1.0 / 30.0).expect("not in a hook");
        let mut r: Renderer<Gray4, 4, 2048> = Renderer::new(size, bg, COST);
        let mut s = screen();
        let ns = time_ns(5, 200, || {
            r.render_full(&mut w, &mut s).expect("infallible");
            black_box(&s.pixels);
        });
        (ns, s)
    };
    let label = |font: sprig::render::font::Font| {
        let mut l = ScreenLabel::try_new(PARAGRAPH).expect("fits");
        l.set_font(font);
        l.with_color(white)
            .with_align(HorizontalAlign::Left, VerticalAlign::Top)
    };
    let (empty_ns, _) = frame_ns(None);
    let (mono_ns, mono_screen) = frame_ns(Some(label(sprig::render::font::Font::Mono(&FONT_6X10))));
    let (u8g2_ns, u8g2_screen) = frame_ns(Some(label((&HELV).into())));
    let (cells_ns, cells_screen) =
        frame_ns(Some(label((&sprig::render::font::fonts::FONT_6X10).into())));
    assert!(
        cells_screen.pixels == mono_screen.pixels,
        "cell font differs from FONT_6X10"
    );

    let mut s = screen();
    let style = MonoTextStyle::new(&FONT_6X10, Gray4::new(15));
    let eg_ns = time_ns(5, 200, || {
        Text::with_baseline(
            PARAGRAPH,
            embedded_graphics::geometry::Point::zero(),
            style,
            Baseline::Top,
        )
        .draw(&mut s)
        .expect("infallible");
        black_box(&s.pixels);
    });
    assert!(
        s.pixels == mono_screen.pixels,
        "Sprig's label and embedded-graphics' Text draw different pixels"
    );
    let renderer = FontRenderer::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>();
    let mut s = screen();
    let u8g2_ref_ns = time_ns(5, 200, || {
        renderer
            .render(
                PARAGRAPH,
                embedded_graphics::geometry::Point::zero(),
                VerticalPosition::Top,
                FontColor::Transparent(Gray4::new(15)),
                &mut s,
            )
            .expect("infallible");
        black_box(&s.pixels);
    });
    assert!(
        s.pixels == u8g2_screen.pixels,
        "Sprig's label and u8g2-fonts draw different pixels"
    );
    let per_glyph = |ns: f64| ns / glyphs;
    println!(
        "text 128x64 Gray4, {glyphs} glyphs, full redraw: empty frame {empty_ns:.0} ns; ns per glyph (net of the empty frame):"
    );
    println!(
        "text e-g FONT_6X10 (Font::Mono): sprig {:.1} ns/glyph | embedded-graphics Text {:.1} ns/glyph | sprig {:.2}x faster",
        per_glyph(mono_ns - empty_ns),
        per_glyph(eg_ns),
        eg_ns / (mono_ns - empty_ns)
    );
    println!(
        "text cells 6x10 (sprig::render::font::fonts::FONT_6X10): sprig {:.1} ns/glyph | embedded-graphics Text (FONT_6X10) {:.1} ns/glyph | sprig {:.2}x faster",
        per_glyph(cells_ns - empty_ns),
        per_glyph(eg_ns),
        eg_ns / (cells_ns - empty_ns)
    );
    println!(
        "text u8g2 helvR08: sprig {:.1} ns/glyph | u8g2-fonts FontRenderer {:.1} ns/glyph | sprig {:.2}x faster",
        per_glyph(u8g2_ns - empty_ns),
        per_glyph(u8g2_ref_ns),
        u8g2_ref_ns / (u8g2_ns - empty_ns)
    );
}

fn main() {
    // `cargo bench -p sprig-core --bench render -- shapes`: the shape rows alone, with
    // the gradient and shadow rows (`-- gradients`: those alone).
    if std::env::args().any(|a| a == "gradients") {
        shape_rows::run_gradients();
        return;
    }
    if std::env::args().any(|a| a == "shapes") {
        shape_rows::run();
        shape_rows::run_gradients();
        return;
    }
    // `-- clock`: the large u8g2 clock's row alone.
    if std::env::args().any(|a| a == "clock") {
        clock_row::run();
        return;
    }
    text_bench();
    clock_row::run();
    let size = Size::new(WIDTH, HEIGHT);
    let bg = Rgb888::new(0, 0, 0);
    let mut w = W::new();
    let stage = build(&mut w);
    let mut tracked: Renderer<Gray4, 32, 2048> = Renderer::new(size, bg, COST);
    let mut full: Renderer<Gray4, 32, 2048> = Renderer::new(size, bg, COST);
    let mut shadowed: Renderer<Gray4, 32, 2048, 32, { (WIDTH * HEIGHT) as usize }> =
        Renderer::new(size, bg, COST);
    let mut shadowed_screen = screen();
    let mut tracked_screen = screen();
    let mut full_screen = screen();
    let mut previous_full = screen();

    let (mut tracked_ns, mut full_ns) = (0u128, 0u128);
    let (mut tracked_pixels, mut full_pixels) = (0u64, 0u64);
    let (mut tracked_bytes, mut full_bytes) = (0u64, 0u64);
    let (mut shadowed_ns, mut shadowed_pixels, mut shadowed_bytes) = (0u128, 0u64, 0u64);
    let (mut still_frames, mut still_flushing_nothing) = (0u32, 0u32);
    let (mut moving_frames, mut worst_ratio, mut sum_ratio) = (0u32, 0f64, 0f64);
    let (mut worst_shadowed, mut sum_shadowed) = (0f64, 0f64);
    let (mut sum_exact, mut worst_exact) = (0f64, 0f64);
    for f in 0..FRAMES {
        animate(&mut w, &stage, f);
        w.tick(1.0 / 30.0).expect("not in a hook");

        let start = Instant::now();
        let t = tracked
            .render(&mut w, &mut tracked_screen)
            .expect("infallible");
        tracked_ns += start.elapsed().as_nanos();
        let start = Instant::now();
        let sh = shadowed
            .render(&mut w, &mut shadowed_screen)
            .expect("infallible");
        shadowed_ns += start.elapsed().as_nanos();
        let start = Instant::now();
        let r = full
            .render_full(&mut w, &mut full_screen)
            .expect("infallible");
        full_ns += start.elapsed().as_nanos();
        black_box(&full_screen.pixels);

        assert_eq!(
            tracked_screen.pixels, full_screen.pixels,
            "frame {f} differs"
        );
        assert!(
            shadowed_screen.pixels == full_screen.pixels,
            "frame {f} differs (shadow)"
        );
        shadowed_pixels += sh.pixels_flushed;
        shadowed_bytes += sh.bytes;
        tracked_pixels += t.pixels_flushed;
        full_pixels += r.pixels_flushed;
        tracked_bytes += t.bytes;
        full_bytes += r.bytes;

        let changed = full_screen
            .pixels
            .iter()
            .zip(&previous_full.pixels)
            .filter(|(a, b)| a != b)
            .count() as u64;
        // Sending exactly the changed pixels: one window per run of a row.
        let mut exact_bits = 0u64;
        for row in 0..HEIGHT as usize {
            let w = WIDTH as usize;
            let (now, before) = (
                &full_screen.pixels[row * w..(row + 1) * w],
                &previous_full.pixels[row * w..(row + 1) * w],
            );
            let mut in_run = false;
            for i in 0..w {
                let differs = now[i] != before[i];
                if differs {
                    exact_bits += u64::from(COST.bits_per_pixel);
                    if !in_run {
                        exact_bits += u64::from(COST.bytes_per_rect) * 8;
                    }
                }
                in_run = differs;
            }
        }
        let exact_bytes = exact_bits.div_ceil(8);
        previous_full.pixels.copy_from_slice(&full_screen.pixels);
        if f == 0 {
            continue;
        }
        if f % 90 >= 61 {
            still_frames += 1;
            if t.bytes == 0 && sh.bytes == 0 {
                still_flushing_nothing += 1;
            }
        } else if changed > 0 {
            let ideal = (changed * u64::from(COST.bits_per_pixel)).div_ceil(8)
                + u64::from(t.rects) * u64::from(COST.bytes_per_rect);
            let ratio = t.bytes as f64 / ideal as f64;
            moving_frames += 1;
            sum_ratio += ratio;
            worst_ratio = worst_ratio.max(ratio);
            let ideal = (changed * u64::from(COST.bits_per_pixel)).div_ceil(8)
                + u64::from(sh.rects) * u64::from(COST.bytes_per_rect);
            let ratio = sh.bytes as f64 / ideal as f64;
            sum_shadowed += ratio;
            worst_shadowed = worst_shadowed.max(ratio);
            let versus_exact = sh.bytes as f64 / exact_bytes as f64;
            sum_exact += versus_exact;
            worst_exact = worst_exact.max(versus_exact);
        }
    }
    let n = u64::from(FRAMES);
    let per_frame = |ns: u128| ns as f64 / f64::from(FRAMES);
    println!(
        "render 128x64 Gray4 frames={FRAMES} per frame: dirty {} px {} B {:.0} ns | dirty+shadow {} px {} B {:.0} ns | full {} px {} B {:.0} ns",
        tracked_pixels / n,
        tracked_bytes / n,
        per_frame(tracked_ns),
        shadowed_pixels / n,
        shadowed_bytes / n,
        per_frame(shadowed_ns),
        full_pixels / n,
        full_bytes / n,
        per_frame(full_ns),
    );
    let moving = f64::from(moving_frames.max(1));
    println!(
        "render still frames flushing nothing: {still_flushing_nothing}/{still_frames}; animated frames, bytes / (bytes of the pixels that changed + rect commands): dirty mean {:.2} worst {:.2}, dirty+shadow mean {:.2} worst {:.2} ({moving_frames} frames)",
        sum_ratio / moving,
        worst_ratio,
        sum_shadowed / moving,
        worst_shadowed
    );
    println!(
        "render animated frames, dirty+shadow bytes / bytes of sending exactly the changed pixels (a window per run): mean {:.2} worst {:.2}",
        sum_exact / moving,
        worst_exact
    );
    println!(
        "memory Renderer<Gray4, 32 nodes, 2048-pixel buffer, 16 rects>={}B; with 32 rects and a 128x64 shadow={}B",
        std::mem::size_of::<Renderer<Gray4, 32, 2048>>(),
        std::mem::size_of::<Renderer<Gray4, 32, 2048, 32, { (WIDTH * HEIGHT) as usize }>>()
    );
    image_row::run();
    shape_rows::run();
    shape_rows::run_gradients();
}
