//! A short label's text change repaints only the characters that changed, on fonts
//! whose characters all advance alike (mono and cell fonts): a clock's blinking colon
//! redraws the colon's cell, not the clock. Every frame equals a full redraw, upright,
//! scaled, turned, aligned in a wider box or shrunk; any other change (another length,
//! a longer text, a proportional font) redraws the label whole.

use embedded_graphics::mono_font::ascii::FONT_6X10 as MONO_6X10;
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::BusCost;
use sprig::render::font::{fonts, Font, U8g2Font};
use sprig::render::{HorizontalAlign, Label, Overflow, Renderer, VerticalAlign};
use sprig::{world, CompId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

world! {
    type W = World { nodes: 4, components: Scene { Label: 2 } };
}

const SCREEN: Size = Size::new(96, 48);

static HELV: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>();

/// How the label's node is placed.
#[derive(Clone, Copy, Debug)]
struct Placing {
    size: (f32, f32),
    scale: f32,
    degrees: f32,
    align: HorizontalAlign,
    overflow: Overflow,
    wrap: bool,
}

const UPRIGHT: Placing = Placing {
    size: (40.0, 12.0),
    scale: 1.0,
    degrees: 0.0,
    align: HorizontalAlign::Left,
    overflow: Overflow::None,
    wrap: false,
};

/// A world holding one label showing `07:30` in `font`, placed as `placing`.
fn clock(font: Font, placing: Placing) -> (W, CompId) {
    let mut w = W::new();
    let root = w.root();
    let node = w.create_child(root, "clock").unwrap();
    w.set_position(node, Vec2::new(48.3, 23.6)).unwrap();
    w.set_content_size(node, Size2::new(placing.size.0, placing.size.1))
        .unwrap();
    w.set_scale(node, Vec2::new(placing.scale, placing.scale))
        .unwrap();
    w.set_angle_degrees(node, placing.degrees).unwrap();
    let label = Label::new("07:30")
        .with_font(font)
        .with_color(Rgb888::new(250, 240, 200))
        .with_background(Rgb888::new(20, 30, 60))
        .with_align(placing.align, VerticalAlign::Center)
        .with_overflow(placing.overflow)
        .with_wrap(placing.wrap);
    let label = w.add_component(node, label).unwrap();
    (w, label)
}

/// Renders a frame, checks it against a full redraw, and returns the pixels it drew.
fn frame(
    w: &mut W,
    renderer: &mut Renderer<Rgb888, 4, 1024>,
    screen: &mut Framebuffer<Rgb888>,
) -> u64 {
    let drawn = renderer.render(w, screen).unwrap().pixels_drawn;
    let mut full = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    let mut fresh: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    fresh.render_full(w, &mut full).unwrap();
    let differing = (screen.pixels.iter())
        .zip(&full.pixels)
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differing, 0, "pixels that differ from a full redraw");
    drawn
}

fn area(rects: &[Rectangle]) -> u64 {
    rects
        .iter()
        .map(|r| u64::from(r.size.width * r.size.height))
        .sum()
}

/// Shows `texts` one after the other; returns the pixels each frame drew and the
/// pixels of the label's whole box (the first frame's damage less the screen: the
/// label's bounds, read from a redraw of its colour).
fn run(font: Font, placing: Placing, texts: &[&str]) -> (Vec<u64>, u64) {
    let (mut w, label) = clock(font, placing);
    let mut renderer: Renderer<Rgb888, 4, 1024> =
        Renderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    frame(&mut w, &mut renderer, &mut screen);
    // The whole label: what a new colour redraws.
    w.get_mut::<Label>(label).unwrap().color = Rgb888::new(250, 240, 201);
    frame(&mut w, &mut renderer, &mut screen);
    let whole = area(renderer.flushed());
    let mut drawn = Vec::new();
    for text in texts {
        w.get_mut::<Label>(label).unwrap().set_text(text).unwrap();
        drawn.push(frame(&mut w, &mut renderer, &mut screen));
    }
    (drawn, whole)
}

#[test]
fn a_blinking_colon_redraws_its_cell_only() {
    for font in [Font::from(&MONO_6X10), Font::from(&fonts::FONT_6X10)] {
        let (drawn, whole) = run(font, UPRIGHT, &["07 30", "07:30", "07:31"]);
        // A cell of 6 pixels and a pixel either side, at most a pixel more for the
        // box's place between pixels, by the box's rows.
        for (k, &px) in drawn.iter().enumerate() {
            assert!(px > 0, "frame {k} drew nothing");
            assert!(
                px * 3 < whole,
                "frame {k} drew {px} of the label's {whole} pixels"
            );
        }
    }
}

#[test]
fn every_placement_gives_the_full_redraw_s_pixels() {
    let placings = [
        UPRIGHT,
        Placing {
            scale: 2.0,
            ..UPRIGHT
        },
        Placing {
            degrees: 30.0,
            ..UPRIGHT
        },
        Placing {
            scale: 0.7,
            degrees: -75.0,
            ..UPRIGHT
        },
        Placing {
            size: (70.0, 14.0),
            align: HorizontalAlign::Center,
            ..UPRIGHT
        },
        Placing {
            size: (71.0, 14.0),
            align: HorizontalAlign::Right,
            ..UPRIGHT
        },
        Placing {
            size: (20.0, 8.0),
            overflow: Overflow::Shrink,
            ..UPRIGHT
        },
        Placing {
            size: (20.0, 12.0),
            overflow: Overflow::Clamp,
            ..UPRIGHT
        },
    ];
    // With wrapping in effect a text of the same length may break elsewhere: whole.
    let wrapping = Placing {
        size: (20.0, 30.0),
        overflow: Overflow::Clamp,
        wrap: true,
        ..UPRIGHT
    };
    for placing in placings {
        for font in [Font::from(&MONO_6X10), Font::from(&fonts::FONT_6X10)] {
            // Each frame is checked against a full redraw in `frame`.
            let (drawn, whole) = run(
                font,
                placing,
                &["07 30", "07:30", "12:34", "1", "2", "07:30", "0", "00:00"],
            );
            assert!(drawn.iter().all(|&px| px > 0), "{placing:?}");
            // The colon's change is narrowed (the box may cover fewer pixels than
            // the glyphs when shrunk or clamped, so compare with its whole).
            assert!(drawn[0] < whole, "{placing:?}: {} of {whole}", drawn[0]);
        }
    }
    let (drawn, whole) = run(Font::from(&fonts::FONT_6X10), wrapping, &["07 30", "0730 "]);
    assert!(drawn.iter().all(|&px| px >= whole), "{drawn:?} of {whole}");
}

#[test]
fn other_changes_redraw_the_label_whole() {
    // Another length, a text longer than a key holds, a line break: the whole box (or
    // more, when the box grows).
    for texts in [
        &["7:30"][..],
        &["07:30:15", "07:30:16"][..],
        &["07\n30", "07\n31"][..],
    ] {
        let (drawn, whole) = run(Font::from(&fonts::FONT_6X10), UPRIGHT, texts);
        let last = *drawn.last().unwrap();
        assert!(last * 3 >= whole, "{texts:?}: {last} of {whole}");
    }
    // A proportional font: the characters after a change may move.
    let (drawn, whole) = run(Font::from(&HELV), UPRIGHT, &["07 30"]);
    assert!(drawn[0] >= whole, "{} of {whole}", drawn[0]);
}
