//! Chinese text: one `font!` holds ASCII from DejaVu Sans and the characters of the
//! app's Chinese strings (`chars_from`), the ideographs from Droid Sans Fallback
//! (`fallback`) on DejaVu's baseline; only those glyphs reach flash. Labels wrap between
//! CJK characters, keeping `，` and `。` off a line's start; an app switches its strings
//! between English and Chinese at run time; golden images of a thermostat panel in
//! Chinese (`SPRIG_BLESS=1 cargo test -p sprig-tests --test text_cjk` regenerates them;
//! look at `target/golden/preview/` first).

#[path = "support/golden_png.rs"]
mod golden_png;

use embedded_graphics::pixelcolor::{BinaryColor, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::font::{AaFont, Font};
use sprig::render::{HorizontalAlign, Label, Overflow, RenderColor, Renderer, VerticalAlign};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;

/// Labels of 96 bytes: a Chinese character is 3.
type Text = Label<96>;

world! {
    /// A thermostat panel.
    type W = World {
        nodes: 16,
        components: Scene {
            Text: 8,
        },
    };
}

const LATIN_TTF: &[u8] = include_bytes!("../../examples/assets/fonts/DejaVuSans-latin1.ttf");
const CJK_TTF: &[u8] = include_bytes!("../../examples/assets/fonts/DroidSansFallback-zh.ttf");
const STRINGS: &str = include_str!("../../examples/assets/strings/thermostat-zh.txt");

/// English (ASCII) and the Chinese strings, in one font.
static UI_16: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = ascii,
    chars_from = "../../examples/assets/strings/thermostat-zh.txt",
    fallback = "../../examples/assets/fonts/DroidSansFallback-zh.ttf",
);
/// Only the Chinese strings' characters, for the title.
static TITLE_24: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 24,
    chars_from = "../../examples/assets/strings/thermostat-zh.txt",
    fallback = "../../examples/assets/fonts/DroidSansFallback-zh.ttf",
);

/// What the strings file holds, less its line breaks.
fn strings_chars() -> Vec<char> {
    let mut chars: Vec<char> = STRINGS.chars().filter(|c| !c.is_control()).collect();
    chars.sort();
    chars.dedup();
    chars
}

fn fontdue(ttf: &[u8], size: f32) -> fontdue::Font {
    let settings = fontdue::FontSettings {
        scale: size,
        ..fontdue::FontSettings::default()
    };
    fontdue::Font::from_bytes(ttf, settings).unwrap()
}

#[test]
fn only_the_strings_glyphs_reach_flash() {
    let chars = strings_chars();
    assert_eq!(TITLE_24.glyphs.len(), chars.len());
    for c in &chars {
        assert!(TITLE_24.glyph_of(*c).is_some(), "{c:?}");
    }
    // ASCII and the strings: the strings add their ideographs, '°' and '，' '。'.
    let extra = chars.iter().filter(|c| !(' '..='~').contains(*c)).count();
    assert_eq!(UI_16.glyphs.len(), 95 + extra);
    assert!(UI_16.glyph_of('温').is_some() && UI_16.glyph_of('A').is_some());
    assert!(UI_16.glyph_of('冷').is_none());
    assert!(UI_16.glyphs.windows(2).all(|w| w[0].ch < w[1].ch));
}

/// An ideograph is Droid Sans Fallback's glyph, quantised, on DejaVu's baseline; a
/// digit is DejaVu's.
#[test]
fn ideographs_come_from_the_fallback_on_the_first_fonts_baseline() {
    let (latin, cjk) = (fontdue(LATIN_TTF, 16.0), fontdue(CJK_TTF, 16.0));
    let ascent = latin.horizontal_line_metrics(16.0).unwrap().ascent.round() as i32;
    for (c, font) in [
        ('温', &cjk),
        ('热', &cjk),
        ('，', &cjk),
        ('2', &latin),
        ('°', &latin),
    ] {
        let (m, coverage) = font.rasterize(c, 16.0);
        let g = UI_16.glyph_of(c).unwrap();
        assert_eq!(i32::from(g.advance), m.advance_width.round() as i32, "{c}");
        let top = ascent - (m.ymin + m.height as i32);
        let mut inked = 0;
        for y in 0..m.height {
            for x in 0..m.width {
                let q = (u32::from(coverage[y * m.width + x]) * 15 + 127) / 255;
                let (tx, ty) = (m.xmin + x as i32, top + y as i32);
                let ours = UI_16.coverage(g, tx - i32::from(g.left), ty - i32::from(g.top));
                assert_eq!(u32::from(ours), q * 17, "{c} at ({tx}, {ty})");
                inked += usize::from(q > 0);
            }
        }
        assert!(inked > 10, "{c}");
    }
    // Line metrics are DejaVu's; the ideographs fit in them.
    let line = latin.horizontal_line_metrics(16.0).unwrap();
    assert_eq!(UI_16.line_height, line.new_line_size.round() as u16);
    let (first, end) = Font::from(&UI_16).rows();
    assert!(
        first >= 0 && end <= i32::from(UI_16.line_height),
        "{first}..{end}"
    );
    // The ideographs do not kern (Droid Sans Fallback has no kern table); the Latin
    // letters do, among themselves.
    assert_eq!(UI_16.kern('温', '度'), 0);
    assert!(UI_16.kern('A', 'V') < 0);
}

/// The lines a wrapped label shows, read back by drawing: the label against one label
/// per expected line, at the line height.
fn wraps_as(text: &str, width: f32, lines: &[&str]) {
    let size = (160u32, 96u32);
    let top = 90.0;
    let mut wrapped = W::new();
    put(
        &mut wrapped,
        (0.0, 1.0),
        (width, 80.0),
        (2.0, top),
        Text::try_new(text)
            .unwrap()
            .with_font(&UI_16)
            .with_overflow(Overflow::Clamp)
            .with_align(HorizontalAlign::Left, VerticalAlign::Top),
    );
    let mut apart = W::new();
    let line_height = f32::from(UI_16.line_height);
    for (i, line) in lines.iter().enumerate() {
        put(
            &mut apart,
            (0.0, 1.0),
            (0.0, 0.0),
            (2.0, top - i as f32 * line_height),
            Text::try_new(line).unwrap().with_font(&UI_16),
        );
        // Each line fits the width; with the next line's first character it would not.
        let font = Font::from(&UI_16);
        assert!(font.text_width(line) as f32 <= width, "{line}");
    }
    let (a, b) = (
        render::<Rgb888>(&mut wrapped, size),
        render::<Rgb888>(&mut apart, size),
    );
    assert!(a.pixels == b.pixels, "{text} at {width}: not {lines:?}");
}

#[test]
fn chinese_wraps_between_characters() {
    let sentence = "室内温度已达到设定温度，正在制热。";
    let font = Font::from(&UI_16);
    // Each ideograph is 16 px wide: nine fit in 150 px.
    assert_eq!(font.text_width("室内温度已达到设定"), 9 * 16);
    wraps_as(sentence, 150.0, &["室内温度已达到设定", "温度，正在制热。"]);
    // Eleven in 180 px would leave '，' to start the second line: '度' goes with it.
    assert_eq!(font.text_width("室内温度已达到设定温度"), 11 * 16);
    wraps_as(sentence, 180.0, &["室内温度已达到设定温", "度，正在制热。"]);
    // Mixed with Latin: at the space, or between an ideograph and a digit.
    assert_eq!(font.text_width("温度 21.5°C"), 91);
    wraps_as("温度 21.5°C 制热", 100.0, &["温度 21.5°C", "制热"]);
    assert_eq!(font.text_width("设定22°C"), 71);
    wraps_as("设定22°C制热", 80.0, &["设定22°C", "制热"]);
    wraps_as("设定22°C制热", 40.0, &["设定", "22°C", "制热"]);
    // English still wraps at spaces only.
    wraps_as("Heating to 22°C", 90.0, &["Heating to", "22°C"]);
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

fn render<C: RenderColor>(w: &mut W, size: (u32, u32)) -> Framebuffer<C> {
    let bg = Rgb888::new(16, 20, 28);
    let mut fb = Framebuffer::new(size.0, size.1, C::from_rgb888(bg));
    let mut r: Renderer<C, 16, 256> =
        Renderer::new(Size::new(size.0, size.1), bg, BusCost::new(16, 0));
    r.render_full(w, &mut fb).unwrap();
    fb
}

/// The panel's strings in each language.
const ENGLISH: [&str; 4] = [
    "Heating",
    "Temp 21.5°C Heat",
    "Humidity 45%",
    "Indoor temperature has reached the set point, heating.",
];
const CHINESE: [&str; 4] = [
    "制热",
    "温度 21.5°C 制热",
    "湿度 45%",
    "室内温度已达到设定温度，正在制热。",
];

/// A thermostat panel: a title, the reading, the humidity, a wrapped message.
fn panel(w: &mut W, strings: [&str; 4], title_font: &'static AaFont) -> Vec<NodeId> {
    let text = |s: &str| Text::try_new(s).unwrap().with_font(&UI_16);
    vec![
        put(
            w,
            (0.5, 1.0),
            (0.0, 0.0),
            (80.0, 118.0),
            Text::try_new(strings[0])
                .unwrap()
                .with_font(title_font)
                .with_color(Rgb888::new(255, 140, 60)),
        ),
        put(w, (0.0, 1.0), (0.0, 0.0), (4.0, 88.0), text(strings[1])),
        put(
            w,
            (0.0, 1.0),
            (0.0, 0.0),
            (4.0, 66.0),
            text(strings[2]).with_color(Rgb888::new(120, 200, 255)),
        ),
        put(
            w,
            (0.0, 1.0),
            (152.0, 42.0),
            (4.0, 44.0),
            text(strings[3])
                .with_color(Rgb888::new(200, 200, 200))
                .with_overflow(Overflow::Clamp)
                .with_align(HorizontalAlign::Left, VerticalAlign::Top),
        ),
    ]
}

/// A font for English titles: the Latin set at 24 px.
static TITLE_EN_24: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 24,
    chars = ascii,
);

/// The app switches its strings (and the title's font) between English and Chinese at
/// run time: every damage-tracked frame equals a full redraw, each language's frame
/// equals the panel built in that language from the start, and switching back gives
/// the first frame again.
#[test]
fn an_app_switches_between_english_and_chinese_at_run_time() {
    let size = (160u32, 120u32);
    let fresh = |strings, title| {
        let mut w = W::new();
        panel(&mut w, strings, title);
        render::<Rgb565>(&mut w, size)
    };
    let english = fresh(ENGLISH, &TITLE_EN_24);
    let chinese = fresh(CHINESE, &TITLE_24);
    assert!(english.pixels != chinese.pixels);

    let mut w = W::new();
    let nodes = panel(&mut w, ENGLISH, &TITLE_EN_24);
    let bg = Rgb888::new(16, 20, 28);
    let mut tracked: Renderer<Rgb565, 16, 256> =
        Renderer::new(Size::new(size.0, size.1), bg, BusCost::new(16, 0));
    let mut screen = Framebuffer::new(size.0, size.1, Rgb565::from(bg));
    tracked.render(&mut w, &mut screen).unwrap();
    assert!(screen.pixels == english.pixels);
    for (strings, title, expected) in [
        (CHINESE, &TITLE_24, &chinese),
        (ENGLISH, &TITLE_EN_24, &english),
        (CHINESE, &TITLE_24, &chinese),
    ] {
        for (i, (&n, s)) in nodes.iter().zip(strings).enumerate() {
            let c = w.component_of::<Text>(n).unwrap().unwrap();
            let label = w.get_mut::<Text>(c).unwrap();
            label.set_text(s).unwrap();
            if i == 0 {
                label.set_font(title);
            }
        }
        tracked.render(&mut w, &mut screen).unwrap();
        assert!(screen.pixels == expected.pixels);
    }
    // The English strings would draw nothing but spaces in the title's Chinese set:
    // which set draws which language is the app's choice, and the measure shows it.
    let title = Text::try_new("制热").unwrap().with_font(&TITLE_24);
    assert_eq!(title.size().width, 48);
}

fn golden<C>(name: &str)
where
    C: RenderColor + Into<Rgb888>,
    SimulatorDisplay<C>:
        embedded_graphics::draw_target::DrawTarget<Color = C, Error = core::convert::Infallible>,
{
    let mut w = W::new();
    panel(&mut w, CHINESE, &TITLE_24);
    let size = Size::new(160, 120);
    let bg = Rgb888::new(16, 20, 28);
    let mut display = SimulatorDisplay::<C>::with_default_color(size, C::from_rgb888(bg));
    let mut r: Renderer<C, 16, 512> = Renderer::new(size, bg, BusCost::new(16, 0));
    let Ok(_) = r.render(&mut w, &mut display);
    golden_png::compare(name, &display);
}

#[test]
fn golden_chinese_rgb565() {
    golden::<Rgb565>("chinese_rgb565");
}

#[test]
fn golden_chinese_binary() {
    golden::<BinaryColor>("chinese_binary");
}
