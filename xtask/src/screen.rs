//! The expected screen (the simulator's render of the showcase), QEMU's screen as
//! captured, their comparison, and the PNGs that show them.

use std::path::Path;

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::{DrawTarget, Point, Size};
use embedded_graphics::Pixel;
use embedded_graphics_simulator::{OutputSettingsBuilder, SimulatorDisplay};
use sprig::render::damage::BusCost;
use sprig_examples::{
    build_showcase, Layout, ShowcaseOledRenderer, ShowcaseWorld, SHOWCASE_DT, SHOWCASE_SIZE,
};

use crate::ppm::RgbImage;

/// OLED width in pixels.
pub const WIDTH: usize = 128;
/// OLED height in pixels.
pub const HEIGHT: usize = 64;
/// QEMU draws each OLED pixel as a `SCALE`×`SCALE` square.
pub const SCALE: usize = 4;

/// A 128×64 picture of 4-bit grey levels (0..=15), row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrayFrame {
    /// `WIDTH * HEIGHT` levels.
    pub levels: Vec<u8>,
}

impl GrayFrame {
    /// An all-black frame.
    pub fn black() -> Self {
        GrayFrame {
            levels: vec![0; WIDTH * HEIGHT],
        }
    }

    /// The level at column `x`, row `y` (0 outside the frame).
    pub fn level(&self, x: usize, y: usize) -> u8 {
        if x < WIDTH && y < HEIGHT {
            self.levels.get(y * WIDTH + x).copied().unwrap_or(0)
        } else {
            0
        }
    }

    /// The colour QEMU's SSD0323 model shows for the level at `x`, `y`: `n * 17` on
    /// every channel.
    pub fn screen_rgb(&self, x: usize, y: usize) -> [u8; 3] {
        let v = self.level(x, y) * 17;
        [v, v, v]
    }

    /// The frame on a simulator display, to write as PNG.
    fn to_display(&self) -> SimulatorDisplay<Gray4> {
        let mut display = SimulatorDisplay::with_default_color(SHOWCASE_SIZE, Gray4::BLACK);
        let pixels = (0..HEIGHT).flat_map(|y| {
            (0..WIDTH)
                .map(move |x| Pixel(Point::new(x as i32, y as i32), Gray4::new(self.level(x, y))))
        });
        let Ok(()) = display.draw_iter(pixels);
        display
    }
}

/// Renders `frames` frames of the showcase exactly as the simulator's headless
/// `showcase` binary does (same scene, renderer, background and fixed step, no input),
/// and returns the last frame's grey levels.
pub fn render_simulator(frames: u32) -> Result<GrayFrame, String> {
    let mut display = SimulatorDisplay::<Gray4>::with_default_color(SHOWCASE_SIZE, Gray4::BLACK);
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, &Layout::OLED).map_err(|e| format!("building the showcase: {e}"))?;
    let mut renderer =
        ShowcaseOledRenderer::new(SHOWCASE_SIZE, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    for frame in 0..frames {
        world
            .tick(SHOWCASE_DT)
            .map_err(|e| format!("simulator frame {frame}: {e}"))?;
        let Ok(_stats) = renderer.render(&mut world, &mut display);
    }
    let mut frame = GrayFrame::black();
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            frame.levels[y * WIDTH + x] = display.get_pixel(Point::new(x as i32, y as i32)).luma();
        }
    }
    Ok(frame)
}

/// One OLED pixel that differs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// OLED column.
    pub x: usize,
    /// OLED row.
    pub y: usize,
    /// The simulator's grey level.
    pub expected: u8,
    /// The first screen pixel of its square that differs.
    pub found: [u8; 3],
}

/// The result of comparing QEMU's screen with the expected frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// OLED pixels compared (8192).
    pub total: usize,
    /// OLED pixels whose whole square matches.
    pub matching: usize,
    /// Every differing OLED pixel.
    pub mismatches: Vec<Mismatch>,
    /// For each screen pixel (512×256, row-major), whether it differs.
    pub differs: Vec<bool>,
}

/// Checks the screen's size: 128×64 OLED pixels at 4×.
fn check_size(screen: &RgbImage) -> Result<(), String> {
    if screen.width != WIDTH * SCALE || screen.height != HEIGHT * SCALE {
        return Err(format!(
            "the screendump is {}x{}, expected {}x{} (the 128x64 OLED at {SCALE}x)",
            screen.width,
            screen.height,
            WIDTH * SCALE,
            HEIGHT * SCALE
        ));
    }
    Ok(())
}

/// Compares `screen` (QEMU's 512×256 screendump) with `expected`: an OLED pixel matches
/// when all 16 screen pixels of its square show exactly its grey (`n * 17` on each
/// channel).
pub fn compare(expected: &GrayFrame, screen: &RgbImage) -> Result<Comparison, String> {
    check_size(screen)?;
    let mut comparison = Comparison {
        total: WIDTH * HEIGHT,
        matching: 0,
        mismatches: Vec::new(),
        differs: vec![false; screen.width * screen.height],
    };
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let want = expected.screen_rgb(x, y);
            let mut first_bad = None;
            for sy in y * SCALE..(y + 1) * SCALE {
                for sx in x * SCALE..(x + 1) * SCALE {
                    let got = screen.pixel(sx, sy).unwrap_or([0, 0, 0]);
                    if got != want {
                        comparison.differs[sy * screen.width + sx] = true;
                        first_bad.get_or_insert(got);
                    }
                }
            }
            match first_bad {
                None => comparison.matching += 1,
                Some(found) => comparison.mismatches.push(Mismatch {
                    x,
                    y,
                    expected: expected.level(x, y),
                    found,
                }),
            }
        }
    }
    Ok(comparison)
}

/// QEMU's screen as grey levels: each 4×4 square's mean brightness, rounded to the
/// nearest of the 16 levels.
pub fn screen_levels(screen: &RgbImage) -> Result<GrayFrame, String> {
    check_size(screen)?;
    let mut frame = GrayFrame::black();
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let mut sum = 0u32;
            for sy in y * SCALE..(y + 1) * SCALE {
                for sx in x * SCALE..(x + 1) * SCALE {
                    let [r, g, b] = screen.pixel(sx, sy).unwrap_or([0, 0, 0]);
                    sum += u32::from(r) + u32::from(g) + u32::from(b);
                }
            }
            let samples = (SCALE * SCALE * 3) as u32;
            // mean / 17, rounded
            let level = (sum + samples * 17 / 2) / (samples * 17);
            frame.levels[y * WIDTH + x] = level.min(15) as u8;
        }
    }
    Ok(frame)
}

/// Writes `frame` as a greyscale PNG at 4×.
pub fn write_png(frame: &GrayFrame, path: &Path) -> Result<(), String> {
    let settings = OutputSettingsBuilder::new()
        .scale(SCALE as u32)
        .pixel_spacing(0)
        .build();
    frame
        .to_display()
        .to_rgb_output_image(&settings)
        .save_png(path)
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

/// Writes the differences at screen resolution (512×256): pixels that differ in red,
/// over the simulator's frame dimmed to 40%.
pub fn write_diff_png(
    expected: &GrayFrame,
    comparison: &Comparison,
    path: &Path,
) -> Result<(), String> {
    let (w, h) = (WIDTH * SCALE, HEIGHT * SCALE);
    let mut display = SimulatorDisplay::<Rgb888>::with_default_color(
        Size::new(w as u32, h as u32),
        Rgb888::new(0, 0, 0),
    );
    let pixels = (0..h).flat_map(|sy| {
        (0..w).map(move |sx| {
            let color = if comparison
                .differs
                .get(sy * w + sx)
                .copied()
                .unwrap_or(false)
            {
                Rgb888::new(255, 0, 0)
            } else {
                let [v, _, _] = expected.screen_rgb(sx / SCALE, sy / SCALE);
                let dim = (u16::from(v) * 2 / 5) as u8;
                Rgb888::new(dim, dim, dim)
            };
            Pixel(Point::new(sx as i32, sy as i32), color)
        })
    });
    let Ok(()) = display.draw_iter(pixels);
    let settings = OutputSettingsBuilder::new()
        .scale(1)
        .pixel_spacing(0)
        .build();
    display
        .to_rgb_output_image(&settings)
        .save_png(path)
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame with a pattern of every level.
    fn pattern() -> GrayFrame {
        let mut frame = GrayFrame::black();
        for (i, level) in frame.levels.iter_mut().enumerate() {
            *level = ((i % WIDTH + i / WIDTH) % 16) as u8;
        }
        frame
    }

    /// The screen QEMU would show for `frame`.
    fn screen_of(frame: &GrayFrame) -> RgbImage {
        let (w, h) = (WIDTH * SCALE, HEIGHT * SCALE);
        let mut pixels = Vec::with_capacity(w * h);
        for sy in 0..h {
            for sx in 0..w {
                pixels.push(frame.screen_rgb(sx / SCALE, sy / SCALE));
            }
        }
        RgbImage {
            width: w,
            height: h,
            pixels,
        }
    }

    #[test]
    fn identical_screens_match() {
        let frame = pattern();
        let comparison = compare(&frame, &screen_of(&frame)).expect("right size");
        assert_eq!(comparison.matching, 8192);
        assert_eq!(comparison.total, 8192);
        assert!(comparison.mismatches.is_empty());
        assert!(!comparison.differs.iter().any(|&d| d));
        assert_eq!(
            screen_levels(&screen_of(&frame)).expect("right size"),
            frame
        );
    }

    #[test]
    fn a_single_wrong_screen_pixel_fails_its_oled_pixel() {
        let frame = pattern();
        let mut screen = screen_of(&frame);
        // OLED pixel (5, 2): level 7, shown as 119; one of its 16 screen pixels is off.
        screen.pixels[(2 * SCALE + 3) * WIDTH * SCALE + 5 * SCALE + 1] = [119, 119, 120];
        // OLED pixel (0, 0): the whole square is white.
        for sy in 0..SCALE {
            for sx in 0..SCALE {
                screen.pixels[sy * WIDTH * SCALE + sx] = [255, 255, 255];
            }
        }
        let comparison = compare(&frame, &screen).expect("right size");
        assert_eq!(comparison.matching, 8190);
        assert_eq!(
            comparison.mismatches,
            vec![
                Mismatch {
                    x: 0,
                    y: 0,
                    expected: 0,
                    found: [255, 255, 255]
                },
                Mismatch {
                    x: 5,
                    y: 2,
                    expected: 7,
                    found: [119, 119, 120]
                },
            ]
        );
        assert_eq!(comparison.differs.iter().filter(|&&d| d).count(), 17);
    }

    #[test]
    fn wrong_size_is_an_error() {
        let screen = RgbImage {
            width: 128,
            height: 64,
            pixels: vec![[0, 0, 0]; 128 * 64],
        };
        assert!(compare(&GrayFrame::black(), &screen).is_err());
    }

    #[test]
    fn simulator_renders_something() {
        let frame = render_simulator(2).expect("the showcase runs");
        assert!(
            frame.levels.iter().any(|&l| l > 0),
            "the first frames are not black"
        );
        assert!(frame.levels.iter().all(|&l| l <= 15));
    }
}
