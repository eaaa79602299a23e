//! Golden frames for the widget tests: a world rendered through the real renderer onto
//! a small framebuffer, written as text (one character per pixel, a legend of colours
//! above the rows) and compared exactly with `ui/tests/golden/NAME.txt`. On a mismatch
//! the frame drawn is written to `target/golden-ui/NAME.txt` and both are printed.
//!
//! Regenerate the expected frames (then read every changed one before committing):
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`

use std::convert::Infallible;
use std::fmt::Write as _;
use std::path::PathBuf;

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, Size};
use sprig::render::damage::BusCost;
use sprig::render::{DrawSet, Renderer};
use sprig::{Dispatch, World};

/// A framebuffer of `width × height` pixels.
pub struct Screen {
    width: u32,
    height: u32,
    pixels: Vec<Rgb888>,
}

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }
}

impl DrawTarget for Screen {
    type Color = Rgb888;
    type Error = Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Infallible> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height {
                self.pixels[(p.y as u32 * self.width + p.x as u32) as usize] = c;
            }
        }
        Ok(())
    }
}

/// The characters colours get: `.` the black background, then the others in the order
/// they first appear (row by row).
const SYMBOLS: &str = ".#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The frame as text: its size, a legend line per colour (`# c rrggbb`), then one line
/// per row.
fn to_text(screen: &Screen) -> String {
    let mut palette: Vec<Rgb888> = vec![Rgb888::BLACK];
    let mut rows = String::new();
    for y in 0..screen.height {
        for x in 0..screen.width {
            let c = screen.pixels[(y * screen.width + x) as usize];
            let i = palette.iter().position(|&p| p == c).unwrap_or_else(|| {
                palette.push(c);
                palette.len() - 1
            });
            rows.push(SYMBOLS.chars().nth(i).expect("at most 64 colours a frame"));
        }
        rows.push('\n');
    }
    let mut text = format!("# {}x{}\n", screen.width, screen.height);
    for (i, c) in palette.iter().enumerate() {
        let symbol = SYMBOLS.chars().nth(i).expect("at most 64 colours a frame");
        writeln!(text, "# {symbol} {:02x}{:02x}{:02x}", c.r(), c.g(), c.b()).expect("writes");
    }
    text + &rows
}

/// Renders `world` on a `width × height` screen with a black background, as the first
/// frame of a new renderer, and returns the frame as text.
pub fn render<
    S: DrawSet + Dispatch,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C, TM, E, TR, LS>,
    width: u32,
    height: u32,
) -> String {
    let mut screen = Screen {
        width,
        height,
        pixels: vec![Rgb888::BLACK; (width * height) as usize],
    };
    let mut renderer: Renderer<Rgb888, N, 256> = Renderer::new(
        Size::new(width, height),
        Rgb888::BLACK,
        BusCost::RGB565_MIPI_DCS,
    );
    let Ok(_) = renderer.render(world, &mut screen);
    to_text(&screen)
}

/// Compares `world` rendered on a `width × height` screen with `golden/NAME.txt`.
pub fn check<
    S: DrawSet + Dispatch,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    name: &str,
    world: &mut World<S, N, C, TM, E, TR, LS>,
    width: u32,
    height: u32,
) {
    let actual = render(world, width, height);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden");
    let path = dir.join(format!("{name}.txt"));
    if std::env::var_os("SPRIG_BLESS").is_some() {
        std::fs::write(&path, &actual).expect("writes the expected frame");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; regenerate with SPRIG_BLESS=1 cargo test -p sprig-ui",
            path.display()
        )
    });
    if expected != actual {
        let out = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("target")
            .join("golden-ui");
        std::fs::create_dir_all(&out).expect("creates target/golden-ui");
        let written = out.join(format!("{name}.txt"));
        std::fs::write(&written, &actual).expect("writes the actual frame");
        panic!(
            "{name}: the frame differs from {}\nexpected:\n{expected}\nactual ({}):\n{actual}",
            path.display(),
            written.display()
        );
    }
}
