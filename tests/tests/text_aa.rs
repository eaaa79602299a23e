//! Anti-aliased labels (`sprig::font!`, `Font::Aa`): the macro's coverage is fontdue's,
//! quantised; a label blends it onto what lies below (exact pixels), skips characters the
//! font lacks with a space's advance, honours opacity; damage-tracked frames of wrapped,
//! aligned, turned, scaled and shrunk AA text are pixel-identical to full redraws in
//! Rgb565, Gray4 and BinaryColor; golden images of the scene in each format
//! (`SPRIG_BLESS=1 cargo test -p sprig-tests --test text_aa` regenerates them; look at
//! `target/golden/preview/` first).

#[path = "support/golden_png.rs"]
mod golden_png;

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::font::{AaFont, Font};
use sprig::render::{
    HorizontalAlign, Label, Overflow, RenderColor, Renderer, Shape, VerticalAlign,
};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// Labels of 48 bytes.
type Text = Label<48>;

world! {
    /// Labels, and shapes to blend them onto.
    type W = World {
        nodes: 16,
        components: Scene {
            Text: 16,
            Shape: 4,
        },
    };
}

const TTF: &[u8] = include_bytes!("../../examples/assets/fonts/DejaVuSans-ascii.ttf");

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
static SMALL: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 12,
    chars = " abcdefghijklmnopqrstuvwxyzAT",
);

/// fontdue's coverage of `c` at `size` pixels, quantised to `bits` as the macro does
/// and expanded back to 0..=255, placed in text space: `(x, y) -> coverage`.
fn reference(c: char, size: f32, bits: u32) -> Vec<((i32, i32), u8)> {
    // As the macro loads it: geometry tuned for the size drawn.
    let settings = fontdue::FontSettings {
        scale: size,
        ..fontdue::FontSettings::default()
    };
    let font = fontdue::Font::from_bytes(TTF, settings).unwrap();
    let ascent = font.horizontal_line_metrics(size).unwrap().ascent.round() as i32;
    let (m, coverage) = font.rasterize(c, size);
    let levels = (1u32 << bits) - 1;
    let top = ascent - (m.ymin + m.height as i32);
    let mut out = Vec::new();
    for y in 0..m.height {
        for x in 0..m.width {
            let q = (u32::from(coverage[y * m.width + x]) * levels + 127) / 255;
            let pos = (m.xmin + x as i32, top + y as i32);
            out.push((pos, (q * 255 / levels) as u8));
        }
    }
    out
}

/// The AA font's coverage of `c` at text pixel `(x, y)`.
fn ours(font: &AaFont, c: char, (x, y): (i32, i32)) -> u8 {
    let g = font.glyph_of(c).unwrap();
    font.coverage(g, x - i32::from(g.left), y - i32::from(g.top))
}

#[test]
fn coverage_is_fontdues_quantised_to_4_and_2_bits() {
    for (font, bits) in [(&DIGITS_4, 4), (&DIGITS_2, 2)] {
        for c in ['0', '4', '8', ':'] {
            let expected = reference(c, 32.0, bits);
            let inked = expected.iter().filter(|(_, v)| *v > 0).count();
            assert!(inked > 20, "{c}: {inked} inked pixels");
            for ((x, y), v) in expected {
                assert_eq!(ours(font, c, (x, y)), v, "{c} at ({x}, {y}), {bits} bits");
            }
        }
    }
    for c in ['g', 'T', 'a'] {
        for ((x, y), v) in reference(c, 12.0, 4) {
            assert_eq!(ours(&SMALL, c, (x, y)), v, "{c} at ({x}, {y})");
        }
    }
    // Levels: 4 bits hold 16 of them (multiples of 17), 2 bits 4 (multiples of 85).
    let g = DIGITS_4.glyph_of('8').unwrap();
    let mut levels: Vec<u8> = (0..i32::from(g.height))
        .flat_map(|y| (0..i32::from(g.width)).map(move |x| (x, y)))
        .map(|(x, y)| DIGITS_4.coverage(g, x, y))
        .collect();
    levels.sort();
    levels.dedup();
    assert_eq!(levels.len(), 16);
    assert!(levels.iter().all(|v| v % 17 == 0));
}

#[test]
fn metrics_and_flash_cost() {
    // DejaVu Sans at 32 px: ascent 30, line height 37; digits 20 px apart, ':' 11.
    assert_eq!(
        (DIGITS_4.ascent, DIGITS_4.line_height, DIGITS_4.size_px),
        (30, 37, 32)
    );
    let font = Font::from(&DIGITS_4);
    assert_eq!(font.text_width("12:45"), 4 * 20 + 11);
    // Characters the font lacks advance by a space and draw nothing.
    assert_eq!(font.text_width("1 2"), 20 + 10 + 20);
    assert_eq!(font.text_width("1a2"), 20 + 10 + 20);
    // The table: 11 glyphs of 16 bytes, sorted; the 2-bit set holds half the bytes.
    assert_eq!(DIGITS_4.glyphs.len(), 11);
    assert!(DIGITS_4.glyphs.windows(2).all(|w| w[0].ch < w[1].ch));
    assert_eq!(
        DIGITS_4.flash_bytes(),
        core::mem::size_of::<AaFont>() + 11 * 16 + DIGITS_4.data.len()
    );
    // The figures of `docs/text.md` ("What a set costs in flash"): half the bits, and
    // fewer faint edge pixels survive quantisation.
    assert_eq!((DIGITS_4.data.len(), DIGITS_2.data.len()), (2075, 1015));
}

fn put(w: &mut W, anchor: (f32, f32), size: (f32, f32), at: (f32, f32), label: Text) -> NodeId {
    let root = w.root();
    let n = w.create_child(root, "label").unwrap();
    w.set_anchor(n, Vec2::new(anchor.0, anchor.1)).unwrap();
    w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    w.add_component(n, label).unwrap();
    n
}

fn text(s: &str) -> Text {
    Text::try_new(s).unwrap()
}

/// White "8" drawn at the top-left of a black Rgb888 screen: every pixel is the
/// coverage as grey; then over a blue shape, at half opacity, each pixel is the blend.
#[test]
fn a_glyph_blends_its_coverage_onto_what_lies_below() {
    let (width, height) = (40u32, 40u32);
    let mut w = W::new();
    let n = put(
        &mut w,
        (0.0, 1.0),
        (1.0, 1.0),
        (0.0, height as f32),
        text("8").with_font(&DIGITS_4),
    );
    let mut fb = Framebuffer::new(width, height, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 16, 256> =
        Renderer::new(Size::new(width, height), Rgb888::BLACK, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    let mut partial = 0;
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            let v = ours(&DIGITS_4, '8', (x, y));
            if v > 0 && v < 255 {
                partial += 1;
            }
            assert_eq!(
                fb.get(x as u32, y as u32),
                Rgb888::new(v, v, v),
                "({x}, {y})"
            );
        }
    }
    assert!(partial > 40, "{partial} edge pixels");

    // Over a blue shape, at node opacity 128: out = (a · white + (255 − a) · blue) / 255
    // per channel, with a = coverage · 128 / 255, both rounded.
    let blue = Rgb888::new(0, 0, 200);
    let root = w.root();
    let under = w.create_child(root, "under").unwrap();
    w.set_content_size(under, Size2::new(40.0, 40.0)).unwrap();
    w.set_position(under, Vec2::new(20.0, 20.0)).unwrap();
    w.add_component(under, Shape::rectangle().with_fill(blue))
        .unwrap();
    w.set_sibling_index(under, 0).unwrap();
    w.set_opacity(n, 128).unwrap();
    r.render_full(&mut w, &mut fb).unwrap();
    let mix = |over: u32, under: u32, a: u32| ((over * a + under * (255 - a) + 127) / 255) as u8;
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            let a = (u32::from(ours(&DIGITS_4, '8', (x, y))) * 128 + 127) / 255;
            let expected = Rgb888::new(mix(255, 0, a), mix(255, 0, a), mix(255, 200, a));
            assert_eq!(fb.get(x as u32, y as u32), expected, "({x}, {y})");
        }
    }
}

/// On a 1-bit panel a pixel is on where the coverage is at least half.
#[test]
fn binary_targets_threshold_at_half_coverage() {
    let mut w = W::new();
    put(
        &mut w,
        (0.0, 1.0),
        (1.0, 1.0),
        (0.0, 40.0),
        text("2").with_font(&DIGITS_4),
    );
    let mut fb = Framebuffer::new(40, 40, BinaryColor::Off);
    let mut r: Renderer<BinaryColor, 16, 256> =
        Renderer::new(Size::new(40, 40), Rgb888::BLACK, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    let mut on = 0;
    for y in 0..40 {
        for x in 0..40 {
            let expected = ours(&DIGITS_4, '2', (x, y)) >= 128;
            on += usize::from(expected);
            assert_eq!(fb.get(x as u32, y as u32) == BinaryColor::On, expected);
        }
    }
    assert!(on > 100);
}

/// A scene of every layout in AA fonts: large digits over a shape, a wrapped paragraph,
/// shrunk, right-aligned on a background, turned, scaled, half transparent.
fn scene(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    let panel = w.create_child(root, "panel").unwrap();
    w.set_content_size(panel, Size2::new(40.0, 20.0)).unwrap();
    w.set_position(panel, Vec2::new(70.0, 50.0)).unwrap();
    w.add_component(
        panel,
        Shape::rectangle().with_fill(Rgb888::new(30, 90, 160)),
    )
    .unwrap();
    let clock = text("12:45")
        .with_font(&DIGITS_4)
        .with_color(Rgb888::new(255, 200, 40));
    let paragraph = text("a wrapped text at word breaks")
        .with_font(&SMALL)
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    let shrink = text("shrink to fit")
        .with_font(&SMALL)
        .with_overflow(Overflow::Shrink)
        .with_color(Rgb888::new(120, 255, 120));
    let right = text("AT right")
        .with_font(&SMALL)
        .with_overflow(Overflow::ResizeHeight)
        .with_align(HorizontalAlign::Right, VerticalAlign::Top)
        .with_background(Rgb888::new(90, 0, 60));
    let turned = text("turn").with_font(&SMALL).with_color(Rgb888::CYAN);
    let two_bit = text("90").with_font(&DIGITS_2);
    let nodes = vec![
        put(w, (0.5, 0.5), (0.0, 0.0), (62.0, 46.0), clock),
        put(w, (0.0, 1.0), (44.0, 30.0), (2.0, 78.0), paragraph),
        put(w, (0.0, 1.0), (40.0, 14.0), (2.0, 44.0), shrink),
        put(w, (1.0, 1.0), (44.0, 1.0), (126.0, 78.0), right),
        put(w, (0.5, 0.5), (0.0, 0.0), (112.0, 22.0), turned),
        put(w, (0.5, 0.5), (0.0, 0.0), (20.0, 16.0), two_bit),
    ];
    w.set_opacity(nodes[5], 160).unwrap();
    nodes
}

/// Renders the scene damage-tracked through a series of changes, each frame compared
/// with a full redraw.
fn identical<C: RenderColor + core::fmt::Debug>() {
    let mut w = W::new();
    let nodes = scene(&mut w);
    let size = Size::new(128, 80);
    let bg = Rgb888::new(20, 20, 20);
    let mut tracked: Renderer<C, 16, 256> = Renderer::new(size, bg, BusCost::new(16, 0));
    let mut full: Renderer<C, 16, 256> = Renderer::new(size, bg, BusCost::new(16, 0));
    let mut a = Framebuffer::new(128, 80, C::from_rgb888(Rgb888::MAGENTA));
    let mut b = Framebuffer::new(128, 80, C::from_rgb888(Rgb888::MAGENTA));
    for frame in 0..30u32 {
        let k = frame as usize % nodes.len();
        let n = nodes[k];
        let c = w.component_of::<Text>(n).unwrap().unwrap();
        match frame % 7 {
            0 => {
                let s = ["10:08", "a b c d e f g", "x", ""][frame as usize % 4];
                w.get_mut::<Text>(c).unwrap().set_text(s).unwrap();
            }
            1 => w.set_angle_degrees(n, 30.0 * frame as f32).unwrap(),
            2 => w.set_scale(n, Vec2::new(0.75, 1.5)).unwrap(),
            3 => {
                let l = w.get_mut::<Text>(c).unwrap();
                l.horizontal_align = HorizontalAlign::Right;
                l.vertical_align = VerticalAlign::Bottom;
            }
            4 => w.set_content_size(n, Size2::new(20.0, 12.0)).unwrap(),
            5 => w.set_opacity(n, (60 + 6 * frame) as u8).unwrap(),
            _ => w
                .set_position(n, Vec2::new(30.0, 20.0 + frame as f32))
                .unwrap(),
        }
        tracked.render(&mut w, &mut a).unwrap();
        full.render_full(&mut w, &mut b).unwrap();
        assert!(a.pixels == b.pixels, "frame {frame} differs");
    }
}

#[test]
fn damage_tracked_aa_text_is_identical_to_a_full_redraw_rgb565() {
    identical::<Rgb565>();
}

#[test]
fn damage_tracked_aa_text_is_identical_to_a_full_redraw_gray4() {
    identical::<Gray4>();
}

#[test]
fn damage_tracked_aa_text_is_identical_to_a_full_redraw_binary() {
    identical::<BinaryColor>();
}

fn golden<C>(name: &str)
where
    C: RenderColor + Into<Rgb888>,
    SimulatorDisplay<C>:
        embedded_graphics::draw_target::DrawTarget<Color = C, Error = core::convert::Infallible>,
{
    let mut w = W::new();
    let nodes = scene(&mut w);
    w.set_angle_degrees(nodes[4], 30.0).unwrap();
    let size = Size::new(128, 80);
    let bg = Rgb888::new(20, 20, 20);
    let mut display = SimulatorDisplay::<C>::with_default_color(size, C::from_rgb888(bg));
    let mut r: Renderer<C, 16, 512> = Renderer::new(size, bg, BusCost::new(16, 0));
    let Ok(_) = r.render(&mut w, &mut display);
    golden_png::compare(name, &display);
}

#[test]
fn golden_aa_text_rgb565() {
    golden::<Rgb565>("aa_text_rgb565");
}

#[test]
fn golden_aa_text_gray4() {
    golden::<Gray4>("aa_text_gray4");
}

#[test]
fn golden_aa_text_binary() {
    golden::<BinaryColor>("aa_text_binary");
}

/// Changing a label's AA font for another set of the same characters and size (2 bits
/// instead of 4) is a change: its box is redrawn, and the frame equals a full redraw.
#[test]
fn changing_the_aa_font_redraws_the_label() {
    assert_ne!(
        Font::from(&DIGITS_4).fingerprint(),
        Font::from(&DIGITS_2).fingerprint()
    );
    assert_eq!(
        Font::from(&DIGITS_4).fingerprint(),
        Font::from(&DIGITS_4).fingerprint()
    );
    let mut w = W::new();
    let n = put(
        &mut w,
        (0.0, 1.0),
        (1.0, 1.0),
        (4.0, 44.0),
        text("10:30").with_font(&DIGITS_4),
    );
    let size = Size::new(100, 48);
    let mut tracked: Renderer<Rgb565, 16, 256> =
        Renderer::new(size, Rgb888::BLACK, BusCost::new(16, 0));
    let mut full: Renderer<Rgb565, 16, 256> =
        Renderer::new(size, Rgb888::BLACK, BusCost::new(16, 0));
    let mut a = Framebuffer::new(100, 48, Rgb565::new(0, 0, 0));
    let mut b = Framebuffer::new(100, 48, Rgb565::new(0, 0, 0));
    tracked.render(&mut w, &mut a).unwrap();
    tracked.render(&mut w, &mut a).unwrap();
    assert_eq!(tracked.flushed(), []);
    let c = w.component_of::<Text>(n).unwrap().unwrap();
    w.get_mut::<Text>(c).unwrap().set_font(&DIGITS_2);
    tracked.render(&mut w, &mut a).unwrap();
    // The label's box: 4 digits of 20 px and a colon of 11, 37 px tall, from (4, 4).
    assert_eq!(
        tracked.flushed(),
        [embedded_graphics::primitives::Rectangle::new(
            embedded_graphics::prelude::Point::new(4, 4),
            Size::new(91, 37)
        )]
    );
    full.render_full(&mut w, &mut b).unwrap();
    assert!(a.pixels == b.pixels);
}

/// A glyph 12 px right of its pen, far past its advance and the line height (an
/// `AaFont` is plain data, built by hand as well as by `font!`).
static OVERHANG: AaFont = AaFont {
    glyphs: &[sprig::render::font::AaGlyph {
        ch: '.',
        offset: 0,
        width: 2,
        height: 2,
        left: 12,
        top: 0,
        advance: 2,
    }],
    data: &[0xFF, 0xFF],
    kerning: &[],
    bits_per_pixel: 4,
    size_px: 4,
    line_height: 4,
    ascent: 3,
    descent: 1,
    line_gap: 0,
    space_advance: 2,
};

/// A label of "." in `font` over a 4 × 4 blue square at (12, 0), drawn once, then only
/// the square redrawn (it turns red): the screen, what the first frame drew at (12, 0),
/// and what the second flushed.
fn glyph_over_a_recoloured_square(
    font: impl Into<sprig::render::font::Font>,
) -> (
    Framebuffer<Rgb888>,
    Rgb888,
    Vec<embedded_graphics::primitives::Rectangle>,
) {
    let size = Size::new(32, 8);
    let mut w = W::new();
    let root = w.root();
    let under = w.create_child(root, "under").unwrap();
    w.set_anchor(under, Vec2::new(0.0, 1.0)).unwrap();
    w.set_content_size(under, Size2::new(4.0, 4.0)).unwrap();
    w.set_position(under, Vec2::new(12.0, 8.0)).unwrap();
    let shape = w
        .add_component(under, Shape::rectangle().with_fill(Rgb888::BLUE))
        .unwrap();
    put(
        &mut w,
        (0.0, 1.0),
        (20.0, 4.0),
        (0.0, 8.0),
        text(".")
            .with_font(font)
            .with_overflow(Overflow::Clamp)
            .with_align(HorizontalAlign::Left, VerticalAlign::Top),
    );
    let mut tracked: Renderer<Rgb888, 16, 256> =
        Renderer::new(size, Rgb888::BLACK, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(size.width, size.height, Rgb888::BLACK);
    tracked.render(&mut w, &mut screen).unwrap();
    let first = screen.get(12, 0);
    w.get_mut::<Shape>(shape).unwrap().fill = Some(Rgb888::RED);
    tracked.render(&mut w, &mut screen).unwrap();
    let flushed = tracked.flushed().to_vec();
    (screen, first, flushed)
}

/// The glyph's four pixels and two of the square's beside them.
fn glyph_and_square_pixels(screen: &Framebuffer<Rgb888>) -> Vec<Rgb888> {
    [(12, 0), (13, 0), (12, 1), (13, 1), (14, 0), (12, 2)]
        .iter()
        .map(|&(x, y)| screen.get(x, y))
        .collect()
}

/// Redrawing only the part of a label's box where a glyph lands far from its pen (a
/// shape below it changes colour) draws the glyph as a full redraw does.
#[test]
fn a_glyph_far_from_its_pen_is_drawn_when_only_its_pixels_are_redrawn() {
    let (screen, first, flushed) = glyph_over_a_recoloured_square(&OVERHANG);
    assert_eq!(first, Rgb888::WHITE);
    assert_eq!(
        flushed,
        [embedded_graphics::primitives::Rectangle::new(
            embedded_graphics::prelude::Point::new(12, 0),
            Size::new(4, 4)
        )]
    );
    // The glyph's four pixels stay white over the red.
    let (white, red) = (Rgb888::WHITE, Rgb888::RED);
    assert_eq!(
        glyph_and_square_pixels(&screen),
        [white, white, white, white, red, red]
    );
}

/// A bitmap font's glyph drawn 12 pixels right of its pen, in a font 4 pixels high.
static BITMAP_OVERHANG: sprig::render::font::BitmapFont = sprig::render::font::BitmapFont {
    glyphs: &[sprig::render::font::BitmapGlyph {
        ch: '.',
        offset: 0,
        width: 2,
        height: 2,
        left: 12,
        top: 0,
        advance: 2,
    }],
    data: &[0b1100_0000, 0b1100_0000],
    line_height: 4,
    replacement: '.',
};

/// The same with a hand-built `BitmapFont`: its table says how far its glyphs reach.
#[test]
fn a_bitmap_glyph_far_from_its_pen_is_drawn_when_only_its_pixels_are_redrawn() {
    let (screen, _, _) = glyph_over_a_recoloured_square(&BITMAP_OVERHANG);
    let (white, red) = (Rgb888::WHITE, Rgb888::RED);
    assert_eq!(
        glyph_and_square_pixels(&screen),
        [white, white, white, white, red, red]
    );
}

/// A glyph with the largest advance an `AaGlyph` holds.
static WIDE: AaFont = AaFont {
    glyphs: &[sprig::render::font::AaGlyph {
        ch: '.',
        offset: 0,
        width: 1,
        height: 1,
        left: 0,
        top: 0,
        advance: u16::MAX,
    }],
    data: &[0xF0],
    kerning: &[],
    bits_per_pixel: 4,
    size_px: 4,
    line_height: 4,
    ascent: 3,
    descent: 1,
    line_gap: 0,
    space_advance: u16::MAX,
};

/// A line wider than an `i32` holds measures as `i32::MAX` (no overflow in a debug
/// build), with glyphs and with the space advance of characters the font lacks.
#[test]
fn text_wider_than_an_i32_saturates() {
    let font = Font::from(&WIDE);
    assert_eq!(font.text_width(&".".repeat(30_000)), 30_000 * 65_535);
    assert_eq!(font.text_width(&".".repeat(40_000)), i32::MAX);
    assert_eq!(font.text_width(&" ".repeat(40_000)), i32::MAX);
}
