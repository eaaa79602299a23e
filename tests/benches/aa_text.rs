//! Anti-aliased text against 1-bit text of the same size, side by side in one run: a
//! 160×48 Rgb565 screen holding one label of large digits, drawn by full redraws, its
//! net cost per glyph (less the same redraw without the label) for `font!` sets of
//! DejaVu Sans 32 px at 4 and 2 bits, for u8g2's `logisoso32_tn` through the same label,
//! and for `u8g2-fonts`' own renderer drawing the same text onto the same framebuffer.
//! Then proportional text: a line of Latin-1 in a 193-glyph set of DejaVu Sans 16 px
//! with its kerning and without (`kerning = false`), and the Chinese line
//! "温度 21.5°C 制热" (ideographs from the fallback font), each per glyph.
//!
//! Run with `cargo bench -p sprig-tests --bench aa_text`.

use std::hint::black_box;
use std::time::Instant;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::{Rgb565, Rgb888};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;
use sprig::render::damage::BusCost;
use sprig::render::font::{AaFont, Font, U8g2Font};
use sprig::render::{HorizontalAlign, Label, Renderer, VerticalAlign};
use sprig::{world, Size2, Vec2};
use u8g2_fonts::fonts::u8g2_font_logisoso32_tn;
use u8g2_fonts::types::{FontColor, VerticalPosition};
use u8g2_fonts::FontRenderer;

world! {
    /// One label on the screen.
    type W = World {
        nodes: 4,
        components: Scene {
            Label: 1,
        },
    };
}

const WIDTH: u32 = 160;
const HEIGHT: u32 = 48;
/// Seven digit glyphs and a colon.
const CLOCK: &str = "12:45:09";

static DIGITS_4: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 32,
    chars = "0123456789:",
    bits = 4
);
static DIGITS_2: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 32,
    chars = "0123456789:",
    bits = 2
);
static LATIN1_KERNED: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = latin1 | "€…",
);
static LATIN1_UNKERNED: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = latin1 | "€…",
    kerning = false,
);
static CHINESE: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = ascii,
    chars_from = "../../examples/assets/strings/thermostat-zh.txt",
    fallback = "../../examples/assets/fonts/DroidSansFallback-zh.ttf",
);
/// A kerned line of Latin-1 (the pairs AV, VA, AT, TA, Wä, To, Ty… kern).
const LATIN: &str = "AVATAR Wälder Tolle Typen";
const CHINESE_LINE: &str = "温度 21.5°C 制热";
static LOGISOSO: U8g2Font = U8g2Font::new::<u8g2_font_logisoso32_tn>();

/// A 160×48 Rgb565 framebuffer.
struct Screen {
    pixels: Vec<Rgb565>,
}

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(WIDTH, HEIGHT)
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
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < WIDTH && (p.y as u32) < HEIGHT {
                self.pixels[(p.y as u32 * WIDTH + p.x as u32) as usize] = c;
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
            self.pixels[(p.y as u32 * WIDTH + p.x as u32) as usize] = c;
        }
        Ok(())
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

/// The time of a full redraw of a screen holding `font`'s label (none: an empty node),
/// and the screen it drew.
fn frame_ns(font: Option<Font>) -> (f64, Screen) {
    frame_ns_of(font, CLOCK)
}

/// The same with `text` in the label.
fn frame_ns_of(font: Option<Font>, text: &str) -> (f64, Screen) {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "clock").expect("fits");
    w.set_anchor(n, Vec2::new(0.0, 1.0)).expect("valid");
    w.set_content_size(n, Size2::new(WIDTH as f32, HEIGHT as f32))
        .expect("valid");
    w.set_position(n, Vec2::new(0.0, HEIGHT as f32))
        .expect("valid");
    if let Some(font) = font {
        let mut label = Label::new(text)
            .with_color(Rgb888::new(255, 200, 40))
            .with_align(HorizontalAlign::Left, VerticalAlign::Top);
        label.set_font(font);
        w.add_component(n, label).expect("fits");
    }
    w.tick(1.0 / 30.0).expect("not in a hook");
    let bg = Rgb888::new(10, 12, 20);
    let mut r: Renderer<Rgb565, 4, 2048> =
        Renderer::new(Size::new(WIDTH, HEIGHT), bg, BusCost::new(16, 11));
    let mut s = Screen {
        pixels: vec![Rgb565::new(0, 0, 0); (WIDTH * HEIGHT) as usize],
    };
    let ns = time_ns(7, 300, || {
        r.render_full(&mut w, &mut s).expect("infallible");
        black_box(&s.pixels);
    });
    (ns, s)
}

fn main() {
    let glyphs = CLOCK.chars().count() as f64;
    let (empty_ns, empty) = frame_ns(None);
    let (aa4_ns, aa4) = frame_ns(Some((&DIGITS_4).into()));
    let (aa2_ns, _) = frame_ns(Some((&DIGITS_2).into()));
    let (u8g2_ns, u8g2_screen) = frame_ns(Some((&LOGISOSO).into()));
    assert!(aa4.pixels != empty.pixels, "the AA label drew nothing");
    // The empty frame again, last: the smaller of the two, so that a slow first run
    // (caches, clock) does not flatter the labels.
    let empty_ns = empty_ns.min(frame_ns(None).0);

    // u8g2-fonts' own renderer, onto the cleared framebuffer.
    let renderer = FontRenderer::new::<u8g2_font_logisoso32_tn>();
    let mut s = Screen {
        pixels: empty.pixels.clone(),
    };
    let reference_ns = time_ns(7, 300, || {
        renderer
            .render(
                CLOCK,
                Point::zero(),
                VerticalPosition::Top,
                FontColor::Transparent(Rgb565::from(Rgb888::new(255, 200, 40))),
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
    let baseline = per_glyph(u8g2_ns - empty_ns);
    println!(
        "aa text 160x48 Rgb565, \"{CLOCK}\" ({glyphs} glyphs), full redraw: empty frame {empty_ns:.0} ns; ns per glyph net of it:"
    );
    for (name, ns) in [
        ("font! DejaVu Sans 32 px, 4 bits (blended)", aa4_ns),
        ("font! DejaVu Sans 32 px, 2 bits (blended)", aa2_ns),
    ] {
        let g = per_glyph(ns - empty_ns);
        println!(
            "{name}: sprig {g:.1} ns/glyph | u8g2 logisoso32_tn through sprig {baseline:.1} ns/glyph | {:.2}x its time",
            g / baseline
        );
    }
    println!(
        "u8g2 logisoso32_tn: sprig {baseline:.1} ns/glyph | u8g2-fonts FontRenderer {:.1} ns/glyph",
        per_glyph(reference_ns)
    );

    // Proportional lines: kerned or not, and Chinese.
    let (kerned_ns, kerned) = frame_ns_of(Some((&LATIN1_KERNED).into()), LATIN);
    let (unkerned_ns, unkerned) = frame_ns_of(Some((&LATIN1_UNKERNED).into()), LATIN);
    assert!(
        kerned.pixels != unkerned.pixels,
        "the kerning moved nothing"
    );
    let (chinese_ns, chinese) = frame_ns_of(Some((&CHINESE).into()), CHINESE_LINE);
    assert!(
        chinese.pixels != empty.pixels,
        "the Chinese label drew nothing"
    );
    let latin_glyphs = LATIN.chars().count() as f64;
    let chinese_glyphs = CHINESE_LINE.chars().count() as f64;
    println!(
        "font! DejaVu Sans 16 px, latin1 ({} glyphs, {} kerning pairs), \"{LATIN}\": kerned {:.1} ns/glyph | kerning = false {:.1} ns/glyph",
        LATIN1_KERNED.glyphs.len(),
        LATIN1_KERNED.kerning.len(),
        (kerned_ns - empty_ns) / latin_glyphs,
        (unkerned_ns - empty_ns) / latin_glyphs,
    );
    println!(
        "font! DejaVu Sans + Droid Sans Fallback 16 px ({} glyphs), \"{CHINESE_LINE}\": {:.1} ns/glyph",
        CHINESE.glyphs.len(),
        (chinese_ns - empty_ns) / chinese_glyphs,
    );
}
