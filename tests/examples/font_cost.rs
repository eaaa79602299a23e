//! What a clock's digits cost in flash: `sprig::font!` sets of DejaVu Sans at 2 and 4
//! bits, next to the 1-bit u8g2 digit fonts (the showcase's Helvetica Bold and
//! Logisoso). `cargo run -q -p sprig-tests --example font_cost`
//!
//! An `AaFont` costs `AaFont::flash_bytes()`: the value itself, 16 bytes a glyph and
//! its packed coverage. A u8g2 font costs its data (`Font::DATA`, which holds its own
//! glyph index) and the `U8g2Font` value. u8g2's `_tn` fonts hold the digits and a few
//! signs for dates and times (the glyphs column counts them), the `font!` sets only the
//! 11 named. Sizes are the host's: on a 32-bit board an `AaFont` value is 28 bytes, not
//! 48, and a `U8g2Font` smaller too.

use sprig::render::font::{AaFont, U8g2Font};
use u8g2_fonts::fonts::{u8g2_font_helvB18_tn, u8g2_font_helvB24_tn, u8g2_font_logisoso32_tn};

const TTF: &str = "DejaVu Sans";

static DIGITS_32_4: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 32,
    chars = "0123456789:",
    bits = 4
);
static DIGITS_32_2: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 32,
    chars = "0123456789:",
    bits = 2
);
static DIGITS_24_4: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 24,
    chars = "0123456789:",
    bits = 4
);
static DIGITS_24_2: AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-ascii.ttf",
    size = 24,
    chars = "0123456789:",
    bits = 2
);

/// A u8g2 font's bytes in flash, and how many of the 95 printable ASCII characters
/// (and '°') it draws.
fn u8g2<F: u8g2_fonts::Font>() -> (usize, usize) {
    let renderer = u8g2_fonts::FontRenderer::new::<F>();
    let glyphs = (' '..='~')
        .chain(['°'])
        .filter(|&c| {
            renderer
                .get_rendered_dimensions(
                    c,
                    Default::default(),
                    u8g2_fonts::types::VerticalPosition::Top,
                )
                .is_ok()
        })
        .count();
    (F::DATA.len() + core::mem::size_of::<U8g2Font>(), glyphs)
}

fn main() {
    println!(
        "{:<34} {:>4} {:>6} {:>7} {:>9} {:>7}",
        "digits font", "bits", "glyphs", "table", "coverage", "flash"
    );
    for (name, font) in [
        (format!("font! {TTF} 32 px"), &DIGITS_32_4),
        (format!("font! {TTF} 32 px"), &DIGITS_32_2),
        (format!("font! {TTF} 24 px"), &DIGITS_24_4),
        (format!("font! {TTF} 24 px"), &DIGITS_24_2),
    ] {
        let table = font.flash_bytes() - font.data.len();
        println!(
            "{:<34} {:>4} {:>6} {:>7} {:>9} {:>7}",
            name,
            font.bits_per_pixel,
            font.glyphs.len(),
            table,
            font.data.len(),
            font.flash_bytes()
        );
    }
    for (name, (bytes, glyphs)) in [
        (
            "u8g2_font_logisoso32_tn (32 px)",
            u8g2::<u8g2_font_logisoso32_tn>(),
        ),
        ("u8g2_font_helvB24_tn", u8g2::<u8g2_font_helvB24_tn>()),
        ("u8g2_font_helvB18_tn", u8g2::<u8g2_font_helvB18_tn>()),
    ] {
        println!(
            "{:<34} {:>4} {:>6} {:>7} {:>9} {:>7}",
            name, 1, glyphs, "-", "-", bytes
        );
    }
}
