//! The clock row of the render bench: the showcase's large u8g2 clock (Helvetica Bold
//! 24 px digits, `"12:45"`) on a 320-pixel-wide Rgb565 screen with a 1 024-pixel buffer,
//! as on the colour panels, so that each tile is three rows tall and every glyph is cut
//! by eight tiles or more; ns per glyph of a full redraw (less the same redraw without
//! the label), beside `u8g2-fonts`' own `FontRenderer` drawing the same text onto the
//! same framebuffer. The screen is the clock's band, 40 rows, so that clearing and
//! flushing it do not drown the text's cost.

use std::hint::black_box;
use std::time::Instant;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::{Rgb565, Rgb888};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;
use sprig::render::damage::BusCost;
use sprig::render::font::U8g2Font;
use sprig::render::{HorizontalAlign, Label, Renderer, VerticalAlign};
use sprig::{world, Size2, Vec2};
use u8g2_fonts::fonts::u8g2_font_helvB24_tn;
use u8g2_fonts::types::{FontColor, VerticalPosition};
use u8g2_fonts::FontRenderer;

world! {
    /// One label.
    type W = World {
        nodes: 4,
        components: Scene {
            sprig::render::Label<8>: 1,
        },
    };
}

const WIDTH: u32 = 320;
const HEIGHT: u32 = 40;
const TEXT: &str = "12:45";
/// The text the clock changes to and back, every frame, in the second row: its other
/// glyphs do not fit in the rows the renderer keeps decoded glyphs in beside the
/// first's, so each frame decodes its glyphs again.
const OTHER: &str = "67:38";
static CLOCK: U8g2Font = U8g2Font::new::<u8g2_font_helvB24_tn>();

/// A 320 × 40 Rgb565 framebuffer.
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
        // A row at a time, as a display driver's buffer copy would: the screen's own
        // cost is the same with and without the label, and the smaller it is, the
        // less the label's share of the frame drowns in its noise.
        let mut colors = colors.into_iter();
        let (x0, y0) = (area.top_left.x, area.top_left.y);
        for y in y0..y0 + area.size.height as i32 {
            let start = (y as u32 * WIDTH + x0 as u32) as usize;
            for (p, c) in self.pixels[start..start + area.size.width as usize]
                .iter_mut()
                .zip(&mut colors)
            {
                *p = c;
            }
        }
        Ok(())
    }
}

fn screen() -> Screen {
    Screen {
        pixels: vec![Rgb565::new(0, 0, 0); (WIDTH * HEIGHT) as usize],
    }
}

/// Best of 10 runs of 200 calls, ns per call.
fn time_ns(mut f: impl FnMut()) -> f64 {
    (0..10)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..200 {
                f();
            }
            start.elapsed().as_nanos() as f64 / 200.0
        })
        .fold(f64::INFINITY, f64::min)
}

/// ns per full redraw of the screen with the label (or without), and the screen; with
/// `changing`, the label's text goes from [`TEXT`] to [`OTHER`] and back each frame.
fn frame_ns(with_label: bool, changing: bool) -> (f64, Screen) {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "clock").expect("fits");
    w.set_anchor(n, Vec2::new(0.0, 1.0)).expect("valid");
    w.set_content_size(n, Size2::new(200.0, 40.0))
        .expect("valid");
    // The label's top-left corner at screen (20, 4).
    w.set_position(n, Vec2::new(20.0, (HEIGHT - 4) as f32))
        .expect("valid");
    if with_label {
        let label = Label::<8>::try_new(TEXT)
            .expect("fits")
            .with_font(&CLOCK)
            .with_color(Rgb888::new(255, 255, 255))
            .with_align(HorizontalAlign::Left, VerticalAlign::Top);
        w.add_component(n, label).expect("fits");
    }
    w.tick(1.0 / 30.0).expect("not in a hook");
    let mut r: Renderer<Rgb565, 4, 1024> = Renderer::new(
        Size::new(WIDTH, HEIGHT),
        Rgb888::new(0, 0, 0),
        BusCost::new(16, 11),
    );
    let mut s = screen();
    let label = w.component_of::<Label<8>>(n).expect("valid");
    let mut frame = 0u32;
    let ns = time_ns(|| {
        if let (Some(label), true) = (label, changing) {
            frame += 1;
            let text = if frame.is_multiple_of(2) { TEXT } else { OTHER };
            w.get_mut::<Label<8>>(label)
                .expect("valid")
                .set_text(text)
                .expect("fits");
        }
        r.render_full(&mut w, &mut s).expect("infallible");
        black_box(&s.pixels);
    });
    (ns, s)
}

/// Prints the clock rows: the same text every frame (its glyphs decoded once and kept),
/// and a text that changes every frame (decoded again each frame).
pub fn run() {
    let glyphs = TEXT.chars().count() as f64;
    let (empty, _) = frame_ns(false, false);
    let renderer = FontRenderer::new::<u8g2_font_helvB24_tn>();
    for changing in [false, true] {
        let (label, sprig_screen) = frame_ns(true, changing);
        let draw = |text: &str, s: &mut Screen| {
            renderer
                .render(
                    text,
                    Point::new(20, 4),
                    VerticalPosition::Top,
                    FontColor::Transparent(Rgb565::new(31, 63, 31)),
                    s,
                )
                .expect("infallible");
        };
        let mut s = screen();
        let mut frame = 0u32;
        let reference = time_ns(|| {
            frame += 1;
            let text = if changing && frame % 2 == 1 {
                OTHER
            } else {
                TEXT
            };
            draw(text, &mut s);
            black_box(&s.pixels);
        });
        // The last frame's text (an even frame's), alone on a clear screen.
        let mut s = screen();
        draw(TEXT, &mut s);
        assert!(
            s.pixels == sprig_screen.pixels,
            "Sprig's label and u8g2-fonts draw different clocks"
        );
        let sprig = (label - empty) / glyphs;
        let reference = reference / glyphs;
        let what = if changing {
            format!("\"{TEXT}\"/\"{OTHER}\" changing every frame")
        } else {
            format!("\"{TEXT}\"")
        };
        println!(
            "text u8g2 helvB24_tn {what} on 320x40 Rgb565 in 3-row tiles (1024-pixel buffer): sprig {sprig:.0} ns/glyph | u8g2-fonts FontRenderer {reference:.0} ns/glyph | sprig {:.2}x faster",
            reference / sprig
        );
    }
}
