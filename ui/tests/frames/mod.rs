//! Successive frames of one world through one renderer, as on a board: what each frame
//! redraws ([`FrameStats`]), and whether the screen built up frame by frame is, pixel
//! for pixel, what a fresh renderer draws of the world as it now is; and golden frames
//! of anti-aliased widgets, two characters a pixel (regenerate with
//! `SPRIG_BLESS=1 cargo test -p sprig-ui`, then read every changed one).

// Each test file uses some of these helpers, not all.
#![allow(dead_code)]

use std::convert::Infallible;

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, RgbColor, Size};
use sprig::render::damage::BusCost;
use sprig::render::{DrawSet, FrameStats, Renderer};
use sprig::{Dispatch, World};

/// A framebuffer.
struct Screen {
    width: u32,
    height: u32,
    pixels: Vec<Rgb888>,
}

impl Screen {
    fn new(width: u32, height: u32) -> Self {
        Screen {
            width,
            height,
            pixels: vec![Rgb888::BLACK; (width * height) as usize],
        }
    }
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

/// A screen kept from frame to frame with its renderer, for a world of `N` nodes.
pub struct Frames<const N: usize> {
    screen: Screen,
    renderer: Renderer<Rgb888, N, 256>,
}

impl<const N: usize> Frames<N> {
    /// A black `width × height` screen, nothing drawn yet.
    pub fn new(width: u32, height: u32) -> Self {
        Frames {
            screen: Screen::new(width, height),
            renderer: Renderer::new(
                Size::new(width, height),
                Rgb888::BLACK,
                BusCost::RGB565_MIPI_DCS,
            ),
        }
    }

    /// Draws what changed, checks that the screen is now what a fresh renderer draws,
    /// and returns what the frame cost.
    pub fn frame<
        S: DrawSet + Dispatch,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C, TM, E, TR, LS>,
    ) -> FrameStats {
        let Ok(stats) = self.renderer.render(world, &mut self.screen);
        let mut fresh = Screen::new(self.screen.width, self.screen.height);
        let mut renderer: Renderer<Rgb888, N, 256> = Renderer::new(
            Size::new(self.screen.width, self.screen.height),
            Rgb888::BLACK,
            BusCost::RGB565_MIPI_DCS,
        );
        let Ok(_) = renderer.render(world, &mut fresh);
        let differ = (0..self.screen.pixels.len())
            .filter(|&i| self.screen.pixels[i] != fresh.pixels[i])
            .count();
        assert_eq!(
            differ, 0,
            "pixels of the partial redraws that differ from a fresh frame"
        );
        stats
    }
}

/// Two characters for colour `i` of a frame's palette: `..` the black background, then
/// letters and digits in the order the colours first appear.
fn symbol(i: usize) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    if i == 0 {
        return "..".to_string();
    }
    let i = i - 1;
    let n = ALPHABET.len();
    assert!(i < n * n, "at most {} colours a frame", n * n);
    format!("{}{}", ALPHABET[i / n] as char, ALPHABET[i % n] as char)
}

/// The frame as text, two characters a pixel: its size, a legend line per colour
/// (`# xy rrggbb`), then one line per row. For anti-aliased frames of more colours
/// than the one-character goldens hold.
fn to_text(screen: &Screen) -> String {
    use std::fmt::Write as _;
    let mut palette: Vec<Rgb888> = vec![Rgb888::BLACK];
    let mut rows = String::new();
    for &c in &screen.pixels {
        let i = palette.iter().position(|&p| p == c).unwrap_or_else(|| {
            palette.push(c);
            palette.len() - 1
        });
        rows.push_str(&symbol(i));
        if rows.len() % (screen.width as usize * 2 + 1) == screen.width as usize * 2 {
            rows.push('\n');
        }
    }
    let mut text = format!("# {}x{}\n", screen.width, screen.height);
    for (i, c) in palette.iter().enumerate() {
        writeln!(
            text,
            "# {} {:02x}{:02x}{:02x}",
            symbol(i),
            c.r(),
            c.g(),
            c.b()
        )
        .unwrap();
    }
    text + &rows
}

/// Compares `world` drawn by a fresh renderer on a `width × height` screen with
/// `golden/NAME.txt`, written two characters a pixel; `SPRIG_BLESS=1` writes it.
pub fn check_golden<
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
    let mut screen = Screen::new(width, height);
    let mut renderer: Renderer<Rgb888, N, 256> = Renderer::new(
        Size::new(width, height),
        Rgb888::BLACK,
        BusCost::RGB565_MIPI_DCS,
    );
    let Ok(_) = renderer.render(world, &mut screen);
    let actual = to_text(&screen);
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
        .join(format!("{name}.txt"));
    if std::env::var_os("SPRIG_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; regenerate with SPRIG_BLESS=1 cargo test -p sprig-ui",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "{name}: the frame differs from {}\nexpected:\n{expected}\nactual:\n{actual}",
        path.display()
    );
}
