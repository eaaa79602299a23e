//! Proportional anti-aliased type for every label: `font!` sets of whole printable
//! Latin-1 (`chars = latin1`) from the repository's DejaVu Sans Regular and Bold, their
//! kerning pairs (fontdue's, rounded, only among the chosen characters, sorted) and line
//! metrics; labels apply the kerning when they measure (size, wrapping) and when they
//! draw; a golden image of the two weights (`SPRIG_BLESS=1 cargo test -p sprig-tests
//! --test text_kerning` regenerates it).

#[path = "support/golden_png.rs"]
mod golden_png;

use embedded_graphics::pixelcolor::{Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::font::{AaFont, Font};
use sprig::render::{Draw, HorizontalAlign, Label, Overflow, Renderer, VerticalAlign};
use sprig::{world, NodeId, Rect, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// Labels of 64 bytes.
type Text = Label<64>;

world! {
    /// Labels.
    type W = World {
        nodes: 16,
        components: Scene {
            Text: 12,
        },
    };
}

const REGULAR_TTF: &[u8] = include_bytes!("../../examples/assets/fonts/DejaVuSans-latin1.ttf");
const BOLD_TTF: &[u8] = include_bytes!("../../examples/assets/fonts/DejaVuSans-Bold-latin1.ttf");

static REGULAR_14: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 14,
    chars = latin1,
);
static BOLD_16: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-Bold-latin1.ttf",
    size = 16,
    chars = latin1 | "€…–",
);
static REGULAR_12_2: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 12,
    chars = ascii,
    bits = 2,
);
/// The large letters the drawing test looks at.
static LARGE: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 32,
    chars = "AVTo",
);
/// The ASCII file was cut without its `kern` table: no pairs, nothing extra in flash.
static UNKERNED: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 14,
    chars = ascii,
);

fn fontdue(ttf: &[u8], size: f32) -> fontdue::Font {
    let settings = fontdue::FontSettings {
        scale: size,
        ..fontdue::FontSettings::default()
    };
    fontdue::Font::from_bytes(ttf, settings).unwrap()
}

/// Printable ISO 8859-1.
fn latin1() -> Vec<char> {
    (' '..='~').chain('\u{a0}'..='\u{ff}').collect()
}

#[test]
fn latin1_holds_every_printable_iso_8859_1_character() {
    assert_eq!(REGULAR_14.glyphs.len(), 95 + 96);
    for c in latin1() {
        assert!(REGULAR_14.glyph_of(c).is_some(), "{c:?}");
        assert!(BOLD_16.glyph_of(c).is_some(), "{c:?}");
    }
    assert!(BOLD_16.glyph_of('€').is_some());
    assert_eq!(BOLD_16.glyphs.len(), 95 + 96 + 3);
    assert_eq!(REGULAR_12_2.glyphs.len(), 95);
    // Sorted, so that lookups are binary searches.
    for font in [&REGULAR_14, &BOLD_16, &REGULAR_12_2] {
        assert!(font.glyphs.windows(2).all(|w| w[0].ch < w[1].ch));
    }
}

/// Every pair of chosen characters: the table holds exactly fontdue's kerning rounded
/// to whole pixels, the pairs that round to 0 left out, sorted by glyph index.
#[test]
fn kerning_pairs_are_fontdues_rounded_among_the_chosen_characters() {
    for (font, ttf, size) in [
        (&REGULAR_14, REGULAR_TTF, 14.0),
        (&BOLD_16, BOLD_TTF, 16.0),
        (&REGULAR_12_2, REGULAR_TTF, 12.0),
        (&LARGE, REGULAR_TTF, 32.0),
    ] {
        let reference = fontdue(ttf, size);
        let mut expected = 0;
        for l in font.glyphs {
            for r in font.glyphs {
                let k = reference
                    .horizontal_kern(l.ch, r.ch, size)
                    .map_or(0, |v| v.round() as i32);
                expected += usize::from(k != 0);
                assert_eq!(font.kern(l.ch, r.ch), k, "{:?}{:?} at {size}", l.ch, r.ch);
                assert_eq!(Font::from(font).kern(l.ch, r.ch), k);
            }
        }
        assert_eq!(font.kerning.len(), expected, "{size} px");
        assert!(expected > 0, "DejaVu kerns at {size} px");
        assert!(font
            .kerning
            .windows(2)
            .all(|w| (w[0].left, w[0].right) < (w[1].left, w[1].right)));
        // 6 bytes a pair.
        assert_eq!(
            font.flash_bytes(),
            core::mem::size_of::<AaFont>()
                + 16 * font.glyphs.len()
                + font.data.len()
                + 6 * expected
        );
    }
    // A character the font lacks kerns with nothing.
    assert_eq!(LARGE.kern('A', 'W'), 0);
    assert!(LARGE.kern('A', 'V') < 0 && LARGE.kern('T', 'o') < 0);
}

#[test]
fn a_font_without_kerning_costs_nothing_extra() {
    assert!(UNKERNED.kerning.is_empty());
    assert_eq!(
        UNKERNED.flash_bytes(),
        core::mem::size_of::<AaFont>() + 16 * 95 + UNKERNED.data.len()
    );
    let font = Font::from(&UNKERNED);
    let sum: i32 = "AVATAR".chars().map(|c| font.advance(c)).sum();
    assert_eq!(font.text_width("AVATAR"), sum);
}

/// `kerning = false` leaves the pairs out: the same glyphs, no pairs, plain advances.
static REGULAR_14_UNKERNED: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 14,
    chars = latin1,
    kerning = false,
);

#[test]
fn kerning_false_leaves_the_pairs_out() {
    assert!(REGULAR_14_UNKERNED.kerning.is_empty());
    assert_eq!(REGULAR_14_UNKERNED.data, REGULAR_14.data);
    assert_eq!(REGULAR_14_UNKERNED.glyphs, REGULAR_14.glyphs);
    assert_eq!(
        REGULAR_14.flash_bytes() - REGULAR_14_UNKERNED.flash_bytes(),
        6 * REGULAR_14.kerning.len()
    );
    let font = Font::from(&REGULAR_14_UNKERNED);
    let sum: i32 = "AVATAR".chars().map(|c| font.advance(c)).sum();
    assert_eq!(font.text_width("AVATAR"), sum);
}

#[test]
fn line_metrics_are_the_fonts() {
    for (font, ttf, size) in [(&REGULAR_14, REGULAR_TTF, 14.0), (&BOLD_16, BOLD_TTF, 16.0)] {
        let line = fontdue(ttf, size).horizontal_line_metrics(size).unwrap();
        assert_eq!(font.ascent, line.ascent.round() as u16);
        assert_eq!(font.descent, (-line.descent).round() as u16);
        assert_eq!(font.line_gap, line.line_gap.round() as u16);
        assert_eq!(font.line_height, line.new_line_size.round() as u16);
    }
    // DejaVu Sans: ascent 1901, descent 483, no gap, in 2048 units per em.
    assert_eq!(
        (REGULAR_14.ascent, REGULAR_14.descent, REGULAR_14.line_gap),
        (13, 3, 0)
    );
}

/// The advances and kerned steps of a line, as a reference: the pen moves by each
/// advance plus the pair's kerning.
fn kerned_width(font: &AaFont, text: &str) -> i32 {
    let chars: Vec<char> = text.chars().collect();
    let mut width = 0;
    for (i, &c) in chars.iter().enumerate() {
        width += i32::from(font.glyph_of(c).map_or(font.space_advance, |g| g.advance));
        if let Some(&next) = chars.get(i + 1) {
            width += font.kern(c, next);
        }
    }
    width
}

#[test]
fn labels_measure_with_the_kerning() {
    for text in ["AVATAR", "Tolle Wälder", "«Ça va?» — L'été", "T.Y.Vo", ""] {
        let expected = kerned_width(&REGULAR_14, text);
        assert_eq!(Font::from(&REGULAR_14).text_width(text), expected, "{text}");
        let label = Text::try_new(text).unwrap().with_font(&REGULAR_14);
        assert_eq!(label.size().width as i32, expected, "{text}");
    }
    let font = Font::from(&REGULAR_14);
    let unkerned: i32 = "AVATAR".chars().map(|c| font.advance(c)).sum();
    assert!(font.text_width("AVATAR") < unkerned - 2);
}

/// A label wraps at its kerned width: the text fits a box exactly as wide as its kerned
/// width on one line, and wraps in one pixel less (its unkerned width is wider still).
#[test]
fn wrapping_counts_the_kerning() {
    let text = "AVA TAV";
    let kerned = Font::from(&LARGE).text_width(text);
    let unkerned: i32 = text.chars().map(|c| Font::from(&LARGE).advance(c)).sum();
    assert!(unkerned > kerned);
    let lines = |width: i32| {
        let label = Text::try_new(text)
            .unwrap()
            .with_font(&LARGE)
            .with_overflow(Overflow::ResizeHeight);
        let content = Rect::new(0.0, 0.0, width as f32, 1.0);
        let b = label.local_bounds_with_anchor(content, Vec2::new(0.0, 0.0));
        b.height as u32 / u32::from(LARGE.line_height)
    };
    assert_eq!(lines(kerned), 1);
    assert_eq!(lines(kerned - 1), 2);
}

fn put(w: &mut W, at: (f32, f32), label: Text) -> NodeId {
    let root = w.root();
    let n = w.create_child(root, "label").unwrap();
    w.set_anchor(n, Vec2::new(0.0, 1.0)).unwrap();
    w.set_content_size(n, Size2::new(0.0, 0.0)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    w.add_component(n, label).unwrap();
    n
}

fn render(w: &mut W, size: (u32, u32)) -> Framebuffer<Rgb888> {
    let mut fb = Framebuffer::new(size.0, size.1, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 16, 256> = Renderer::new(
        Size::new(size.0, size.1),
        Rgb888::BLACK,
        BusCost::new(16, 0),
    );
    r.render(w, &mut fb).unwrap();
    fb
}

/// "AV" and "To" drawn as one label land where "A" and "V" (and "T" and "o") drawn as
/// two labels do, the second at the first's advance plus the pair's kerning.
#[test]
fn labels_draw_with_the_kerning() {
    for (a, b) in [('A', 'V'), ('T', 'o'), ('V', 'A')] {
        let pair: String = [a, b].iter().collect();
        let mut together = W::new();
        put(
            &mut together,
            (4.0, 40.0),
            Text::try_new(&pair).unwrap().with_font(&LARGE),
        );
        let mut apart = W::new();
        put(
            &mut apart,
            (4.0, 40.0),
            Text::try_new(&a.to_string()).unwrap().with_font(&LARGE),
        );
        let pen = i32::from(LARGE.glyph_of(a).unwrap().advance) + LARGE.kern(a, b);
        assert!(LARGE.kern(a, b) < 0, "{pair} kerns");
        put(
            &mut apart,
            (4.0 + pen as f32, 40.0),
            Text::try_new(&b.to_string()).unwrap().with_font(&LARGE),
        );
        let (x, y) = (
            render(&mut together, (64, 40)),
            render(&mut apart, (64, 40)),
        );
        assert!(x.pixels == y.pixels, "{pair}");
        // And not where the unkerned pen would put it.
        let mut unkerned = W::new();
        put(
            &mut unkerned,
            (4.0, 40.0),
            Text::try_new(&a.to_string()).unwrap().with_font(&LARGE),
        );
        put(
            &mut unkerned,
            (4.0 + pen as f32 - LARGE.kern(a, b) as f32, 40.0),
            Text::try_new(&b.to_string()).unwrap().with_font(&LARGE),
        );
        assert!(render(&mut unkerned, (64, 40)).pixels != x.pixels, "{pair}");
    }
}

/// The two weights and the 2-bit set: accents, Latin-1 signs, kerned pairs, a wrapped
/// paragraph.
fn scene(w: &mut W) {
    let root = w.root();
    let mut at = |anchor: (f32, f32), size: (f32, f32), pos: (f32, f32), label: Text| {
        let n = w.create_child(root, "label").unwrap();
        w.set_anchor(n, Vec2::new(anchor.0, anchor.1)).unwrap();
        w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
        w.set_position(n, Vec2::new(pos.0, pos.1)).unwrap();
        w.add_component(n, label).unwrap();
    };
    let text = |s: &str| Text::try_new(s).unwrap();
    at(
        (0.0, 1.0),
        (0.0, 0.0),
        (3.0, 96.0),
        text("Wärme 21,5 °C – €9…")
            .with_font(&BOLD_16)
            .with_color(Rgb888::new(255, 200, 40)),
    );
    at(
        (0.0, 1.0),
        (0.0, 0.0),
        (3.0, 76.0),
        text("AVATAR · Wälder · «Ça va?»").with_font(&REGULAR_14),
    );
    at(
        (0.0, 1.0),
        (150.0, 40.0),
        (3.0, 58.0),
        text("Kerning: To, Ty, Vo, AV, L' and yA are kerned pairs.")
            .with_font(&REGULAR_12_2)
            .with_color(Rgb888::CYAN)
            .with_overflow(Overflow::Clamp)
            .with_align(HorizontalAlign::Left, VerticalAlign::Top),
    );
    at(
        (0.0, 1.0),
        (0.0, 0.0),
        (3.0, 18.0),
        text("¿Qué? Ñandú ß Þ ø æ ¶ ± ½ ©")
            .with_font(&REGULAR_14)
            .with_color(Rgb888::GREEN),
    );
}

#[test]
fn golden_latin1_regular_and_bold_rgb565() {
    let mut w = W::new();
    scene(&mut w);
    let size = Size::new(220, 96);
    let bg = Rgb888::new(20, 24, 32);
    let mut display = SimulatorDisplay::<Rgb565>::with_default_color(size, Rgb565::from(bg));
    let mut r: Renderer<Rgb565, 16, 512> = Renderer::new(size, bg, BusCost::new(16, 0));
    let Ok(_) = r.render(&mut w, &mut display);
    golden_png::compare("latin1_kerning_rgb565", &display);
}
