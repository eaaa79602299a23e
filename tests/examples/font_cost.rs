//! What text costs in flash, as the tables of `docs/text.md` ("What a set costs in
//! flash") print it: `cargo run -q -p sprig-tests --example font_cost`.
//!
//! 1. A clock's digits: `sprig::font!` sets of DejaVu Sans at 2 and 4 bits, next to the
//!    1-bit u8g2 digit fonts (the showcase's Helvetica Bold and Logisoso).
//! 2. Whole printable Latin-1 (191 glyphs) in the repository's UI family, DejaVu Sans
//!    Regular and Bold, at 12 to 32 px and 2 and 4 bits, with their kerning pairs.
//! 3. Chinese: the thermostat strings of `examples/assets/strings/thermostat-zh.txt`
//!    (`chars_from`), their ideographs from Droid Sans Fallback.
//!
//! An `AaFont` costs `AaFont::flash_bytes()`: the value itself, 16 bytes a glyph, its
//! packed coverage and 6 bytes a kerning pair. A u8g2 font costs its data
//! (`Font::DATA`, which holds its own glyph index) and the `U8g2Font` value. u8g2's
//! `_tn` fonts hold the digits and a few signs for dates and times (the glyphs column
//! counts them), the `font!` sets only the 11 named. Sizes are the host's: on a 32-bit
//! board an `AaFont` value is 40 bytes, not 64, and a `U8g2Font` smaller too.

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

/// One Latin-1 set of the UI family: `latin1` of `$file` at `$size` px, `$bits` bits.
macro_rules! latin1 {
    ($file:literal, $size:literal, $bits:literal) => {
        sprig::font!($file, size = $size, chars = latin1, bits = $bits)
    };
}

static REGULAR: [(&str, &AaFont); 8] = [
    (
        "12",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 12, 2),
    ),
    (
        "12",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 12, 4),
    ),
    (
        "16",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 16, 2),
    ),
    (
        "16",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 16, 4),
    ),
    (
        "24",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 24, 2),
    ),
    (
        "24",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 24, 4),
    ),
    (
        "32",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 32, 2),
    ),
    (
        "32",
        &latin1!("../../examples/assets/fonts/DejaVuSans-latin1.ttf", 32, 4),
    ),
];
static BOLD: [(&str, &AaFont); 4] = [
    (
        "12",
        &latin1!(
            "../../examples/assets/fonts/DejaVuSans-Bold-latin1.ttf",
            12,
            4
        ),
    ),
    (
        "16",
        &latin1!(
            "../../examples/assets/fonts/DejaVuSans-Bold-latin1.ttf",
            16,
            4
        ),
    ),
    (
        "24",
        &latin1!(
            "../../examples/assets/fonts/DejaVuSans-Bold-latin1.ttf",
            24,
            4
        ),
    ),
    (
        "32",
        &latin1!(
            "../../examples/assets/fonts/DejaVuSans-Bold-latin1.ttf",
            32,
            4
        ),
    ),
];

/// The thermostat's Chinese strings at `$size` px, `$bits` bits, with ASCII if asked.
macro_rules! chinese {
    ($size:literal, $bits:literal) => {
        sprig::font!(
            "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
            size = $size,
            chars_from = "../../examples/assets/strings/thermostat-zh.txt",
            fallback = "../../examples/assets/fonts/DroidSansFallback-zh.ttf",
            bits = $bits
        )
    };
}

static CHINESE: [(&str, &AaFont); 6] = [
    ("16", &chinese!(16, 2)),
    ("16", &chinese!(16, 4)),
    ("24", &chinese!(24, 2)),
    ("24", &chinese!(24, 4)),
    ("32", &chinese!(32, 2)),
    ("32", &chinese!(32, 4)),
];

/// One row of a Markdown table of `AaFont`s.
fn row(name: &str, font: &AaFont) {
    let table = core::mem::size_of_val(font.glyphs);
    let kerning = core::mem::size_of_val(font.kerning);
    println!(
        "| {name} | {} | {} | {} | {} | {} | {} | {} |",
        font.bits_per_pixel,
        font.glyphs.len(),
        table,
        font.data.len(),
        font.kerning.len(),
        kerning,
        font.flash_bytes()
    );
}

fn header(what: &str) {
    println!(
        "| {what} | bits | glyphs | table bytes | coverage bytes | kern pairs | kern bytes | flash bytes |"
    );
    println!("|---|---|---|---|---|---|---|---|");
}

fn main() {
    header("digits font");
    for (name, font) in [
        (format!("`font!` {TTF} 32 px"), &DIGITS_32_4),
        (format!("`font!` {TTF} 32 px"), &DIGITS_32_2),
        (format!("`font!` {TTF} 24 px"), &DIGITS_24_4),
        (format!("`font!` {TTF} 24 px"), &DIGITS_24_2),
    ] {
        row(&name, font);
    }
    for (name, (bytes, glyphs)) in [
        ("u8g2_font_logisoso32_tn", u8g2::<u8g2_font_logisoso32_tn>()),
        ("u8g2_font_helvB24_tn", u8g2::<u8g2_font_helvB24_tn>()),
        ("u8g2_font_helvB18_tn", u8g2::<u8g2_font_helvB18_tn>()),
    ] {
        println!("| `{name}` | 1 | {glyphs} | – | – | – | – | {bytes} |");
    }
    println!();
    header("`chars = latin1`");
    for (size, font) in &REGULAR {
        row(&format!("{TTF} {size} px"), font);
    }
    for (size, font) in &BOLD {
        row(&format!("{TTF} Bold {size} px"), font);
    }
    println!();
    header("thermostat strings (`chars_from`)");
    for (size, font) in &CHINESE {
        row(&format!("{TTF} + Droid Sans Fallback {size} px"), font);
    }
    let ideographs = CHINESE[1]
        .1
        .glyphs
        .iter()
        .filter(|g| g.ch > '\u{2fff}')
        .count();
    let (_, cjk_16) = CHINESE[1];
    let cjk_bytes: usize = cjk_16
        .glyphs
        .iter()
        .enumerate()
        .filter(|(_, g)| g.ch > '\u{2fff}')
        .map(|(i, g)| {
            let end = cjk_16
                .glyphs
                .get(i + 1)
                .map_or(cjk_16.data.len(), |n| n.offset as usize);
            16 + end - g.offset as usize
        })
        .sum();
    println!();
    println!(
        "{ideographs} CJK glyphs (ideographs, `，`, `。`) at 16 px, 4 bits: {cjk_bytes} bytes of table entries and coverage, {} bytes a glyph",
        cjk_bytes / ideographs.max(1)
    );
}
