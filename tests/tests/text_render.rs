//! Labels in the renderer: a label whose text changes damages its old and new boxes
//! only; damage-tracked frames of wrapped, aligned, overflowing, turned and scaled text
//! are pixel-identical to full redraws in Rgb565, Gray4 and BinaryColor; golden images
//! of the layouts in each format (`SPRIG_BLESS=1 cargo test -p sprig-tests --test
//! text_render` regenerates them; look at `target/golden/preview/` first).

#[path = "support/golden_png.rs"]
mod golden_png;

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::font::{fonts, U8g2Font};
use sprig::render::{HorizontalAlign, Label, Overflow, RenderColor, Renderer, VerticalAlign};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// Labels of 48 bytes.
type Text = Label<48>;

world! {
    /// Labels only.
    type W = World {
        nodes: 16,
        components: Scene {
            Text: 16,
        },
    };
}

static HELV: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>();
static DIGITS: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_logisoso16_tn>();
static BIG: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_logisoso32_tn>();
static CLOCK: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvB24_tn>();

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

#[test]
fn changing_text_damages_the_old_and_new_boxes_only() {
    let mut w = W::new();
    // Bottom-left anchor at world (10, 10) of a 64 × 40 screen: screen rows 20..30.
    let n = put(&mut w, (0.0, 0.0), (1.0, 1.0), (10.0, 10.0), text("12"));
    // Another label that never changes, elsewhere.
    put(&mut w, (0.0, 0.0), (1.0, 1.0), (40.0, 28.0), text("x"));
    let mut fb = Framebuffer::new(64, 40, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 16, 256> =
        Renderer::new(Size::new(64, 40), Rgb888::BLACK, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    let set = |w: &mut W, s: &str| {
        let c = w.component_of::<Text>(n).unwrap().unwrap();
        w.get_mut::<Text>(c).unwrap().set_text(s).unwrap();
    };
    // Longer: the new box (24 × 10) holds the old one (12 × 10).
    set(&mut w, "1234");
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(
        r.flushed(),
        [Rectangle::new(Point::new(10, 20), Size::new(24, 10))]
    );
    // Another text of the same size: the same box.
    set(&mut w, "5678");
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(
        r.flushed(),
        [Rectangle::new(Point::new(10, 20), Size::new(24, 10))]
    );
    // Shorter: the old box.
    set(&mut w, "9");
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(
        r.flushed(),
        [Rectangle::new(Point::new(10, 20), Size::new(24, 10))]
    );
    // The same text: nothing.
    set(&mut w, "9");
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(r.flushed(), []);
    // A colour change: the box of the text.
    let c = w.component_of::<Text>(n).unwrap().unwrap();
    w.get_mut::<Text>(c).unwrap().color = Rgb888::RED;
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(
        r.flushed(),
        [Rectangle::new(Point::new(10, 20), Size::new(6, 10))]
    );
}

/// A scene of every layout: wrapped and clamped, shrunk, resized, aligned three ways,
/// on a background, turned, scaled, a u8g2 proportional font and large digits.
fn scene(w: &mut W) -> Vec<NodeId> {
    let paragraph = text("Wrap me at word boundaries")
        .with_font(&fonts::FONT_4X6)
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    let shrink = text("Shrink to fit")
        .with_overflow(Overflow::Shrink)
        .with_color(Rgb888::new(255, 255, 0));
    let resize = text("Resize height")
        .with_font(&fonts::FONT_5X8)
        .with_overflow(Overflow::ResizeHeight)
        .with_align(HorizontalAlign::Right, VerticalAlign::Top)
        .with_background(Rgb888::new(0, 0, 160));
    let turned = text("Turn").with_color(Rgb888::new(0, 255, 128));
    let helv = text("Helvetica 8")
        .with_font(&HELV)
        .with_overflow(Overflow::Clamp)
        .with_align(HorizontalAlign::Center, VerticalAlign::Bottom);
    let digits = text("12:45")
        .with_font(&DIGITS)
        .with_color(Rgb888::new(255, 128, 0));
    vec![
        put(w, (0.0, 1.0), (40.0, 20.0), (2.0, 62.0), paragraph),
        put(w, (0.0, 1.0), (44.0, 10.0), (2.0, 40.0), shrink),
        put(w, (1.0, 1.0), (36.0, 1.0), (94.0, 62.0), resize),
        put(w, (0.5, 0.5), (0.0, 0.0), (89.0, 13.0), turned),
        put(w, (0.0, 0.0), (60.0, 14.0), (2.0, 2.0), helv),
        put(w, (0.5, 0.5), (0.0, 0.0), (68.0, 33.0), digits),
    ]
}

/// Renders the scene damage-tracked through a series of changes, each frame compared
/// with a full redraw.
fn identical<C: RenderColor + core::fmt::Debug>() {
    let mut w = W::new();
    let nodes = scene(&mut w);
    let size = Size::new(96, 64);
    let bg = Rgb888::new(20, 20, 20);
    let mut tracked: Renderer<C, 16, 256> = Renderer::new(size, bg, BusCost::new(16, 0));
    let mut full: Renderer<C, 16, 256> = Renderer::new(size, bg, BusCost::new(16, 0));
    let mut a = Framebuffer::new(96, 64, C::from_rgb888(Rgb888::MAGENTA));
    let mut b = Framebuffer::new(96, 64, C::from_rgb888(Rgb888::MAGENTA));
    for frame in 0..24u32 {
        let k = frame as usize % nodes.len();
        let n = nodes[k];
        let c = w.component_of::<Text>(n).unwrap().unwrap();
        match frame % 6 {
            0 => {
                let s = ["a b c d e f g", "Longer words here", "x", ""][frame as usize % 4];
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
fn damage_tracked_text_is_identical_to_a_full_redraw_rgb565() {
    identical::<Rgb565>();
}

#[test]
fn damage_tracked_text_is_identical_to_a_full_redraw_gray4() {
    identical::<Gray4>();
}

#[test]
fn damage_tracked_text_is_identical_to_a_full_redraw_binary() {
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
    w.set_angle_degrees(nodes[3], 90.0).unwrap();
    let size = Size::new(96, 64);
    let bg = Rgb888::new(20, 20, 20);
    let mut display = SimulatorDisplay::<C>::with_default_color(size, C::from_rgb888(bg));
    let mut r: Renderer<C, 16, 512> = Renderer::new(size, bg, BusCost::new(16, 0));
    let Ok(_) = r.render(&mut w, &mut display);
    golden_png::compare(name, &display);
}

#[test]
fn golden_text_rgb565() {
    golden::<Rgb565>("text_rgb565");
}

#[test]
fn golden_text_gray4() {
    golden::<Gray4>("text_gray4");
}

#[test]
fn golden_text_binary() {
    golden::<BinaryColor>("text_binary");
}

#[test]
fn u8g2_text_is_pixel_for_pixel_what_u8g2_fonts_draws() {
    use u8g2_fonts::types::{FontColor, VerticalPosition};
    let paragraph = "Proportional text:\nHeli 0123 (mm)";
    let mut w = W::new();
    let label = text(paragraph)
        .with_font(&HELV)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    put(&mut w, (0.0, 1.0), (1.0, 1.0), (0.0, 32.0), label);
    let mut fb = Framebuffer::new(96, 32, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 16, 256> =
        Renderer::new(Size::new(96, 32), Rgb888::BLACK, BusCost::new(16, 0));
    r.render(&mut w, &mut fb).unwrap();
    let mut expected = Framebuffer::new(96, 32, Rgb888::BLACK);
    u8g2_fonts::FontRenderer::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>()
        .render(
            paragraph,
            Point::zero(),
            VerticalPosition::Top,
            FontColor::Transparent(Rgb888::WHITE),
            &mut expected,
        )
        .unwrap();
    assert!(white_pixels(&expected) > 100);
    assert!(fb.pixels == expected.pixels);
}

/// What `u8g2-fonts` draws on a black 320 × 40 framebuffer: `big`'s text in 32 px
/// Logisoso and `clock`'s in 24 px Helvetica Bold, each at its top-left corner.
fn u8g2_drawn(big: (&str, Point), clock: (&str, Point)) -> Framebuffer<Rgb888> {
    use u8g2_fonts::fonts::{u8g2_font_helvB24_tn, u8g2_font_logisoso32_tn};
    use u8g2_fonts::types::{FontColor, VerticalPosition};
    let mut expected = Framebuffer::new(320, 40, Rgb888::BLACK);
    let color = FontColor::Transparent(Rgb888::WHITE);
    let top = VerticalPosition::Top;
    u8g2_fonts::FontRenderer::new::<u8g2_font_logisoso32_tn>()
        .render(big.0, big.1, top, color, &mut expected)
        .unwrap();
    u8g2_fonts::FontRenderer::new::<u8g2_font_helvB24_tn>()
        .render(clock.0, clock.1, top, color, &mut expected)
        .unwrap();
    expected
}

/// How many of `fb`'s pixels are white.
fn white_pixels(fb: &Framebuffer<Rgb888>) -> usize {
    fb.pixels.iter().filter(|&&p| p == Rgb888::WHITE).count()
}

/// Large glyphs in two-row tiles: each decoded whole once a pass and blitted from
/// there in every tile it crosses, until the pass's room for them is full (ten 32 px
/// digits overflow it), the next ones decoded band by band. Two labels share the
/// tiles; whole frames again, then a partial redraw of the clock after its text
/// changes, all pixel for pixel what `u8g2-fonts` draws.
#[test]
fn large_u8g2_glyphs_in_short_tiles_are_what_u8g2_fonts_draws() {
    let mut w = W::new();
    let big = text("0123456789")
        .with_font(&BIG)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    put(&mut w, (0.0, 1.0), (1.0, 1.0), (2.0, 38.0), big);
    let clock = text("12:45")
        .with_font(&CLOCK)
        .with_align(HorizontalAlign::Left, VerticalAlign::Top);
    let n = put(&mut w, (0.0, 1.0), (1.0, 1.0), (230.0, 35.0), clock);
    let mut fb = Framebuffer::new(320, 40, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 16, 640> =
        Renderer::new(Size::new(320, 40), Rgb888::BLACK, BusCost::new(16, 0));
    let expected = u8g2_drawn(
        ("0123456789", Point::new(2, 2)),
        ("12:45", Point::new(230, 5)),
    );
    assert!(white_pixels(&expected) > 1500);
    for _ in 0..3 {
        r.render_full(&mut w, &mut fb).unwrap();
        assert!(fb.pixels == expected.pixels);
    }
    let c = w.component_of::<Text>(n).unwrap().unwrap();
    w.get_mut::<Text>(c).unwrap().set_text("12:46").unwrap();
    r.render(&mut w, &mut fb).unwrap();
    let expected = u8g2_drawn(
        ("0123456789", Point::new(2, 2)),
        ("12:46", Point::new(230, 5)),
    );
    assert!(fb.pixels == expected.pixels);
}
