//! How the panel looks on the desktop: each panel pixel drawn `scale` × `scale` in a
//! theme, with no gap between pixels. The window and the PNG files both come from here,
//! so the window shows exactly the pixels the PNGs hold, and so does `sprig-web`'s
//! canvas: every one of them colours a panel pixel with [`panel_rgb`].
//!
//! (`embedded-graphics-simulator`'s `OutputSettingsBuilder::theme` also turns on a
//! one-pixel gap between pixels unless a spacing is given; a gapped image no longer
//! fits the window's buffer row for row, which drew sheared stripes.)

use embedded_graphics::pixelcolor::{PixelColor, Rgb888, RgbColor};
use embedded_graphics::prelude::{Dimensions, DrawTarget, OriginDimensions, PointsIter, Size};
use embedded_graphics::Pixel;
use embedded_graphics_simulator::{
    BinaryColorTheme, OutputImage, OutputSettingsBuilder, SimulatorDisplay,
};

/// The themes' names, as `--theme` and `sprig-web`'s `?theme=` take them.
pub const THEME_NAMES: [&str; 7] = [
    "default",
    "oled-blue",
    "oled-white",
    "lcd-white",
    "lcd-green",
    "lcd-blue",
    "inverted",
];

/// The theme called `name` (one of [`THEME_NAMES`]); `None` for any other name.
pub fn theme_named(name: &str) -> Option<BinaryColorTheme> {
    Some(match name {
        "default" => BinaryColorTheme::Default,
        "oled-blue" => BinaryColorTheme::OledBlue,
        "oled-white" => BinaryColorTheme::OledWhite,
        "lcd-white" => BinaryColorTheme::LcdWhite,
        "lcd-green" => BinaryColorTheme::LcdGreen,
        "lcd-blue" => BinaryColorTheme::LcdBlue,
        "inverted" => BinaryColorTheme::Inverted,
        _ => return None,
    })
}

/// The colour a panel pixel of `color` shows in `theme`: `Default` shows the panel's own
/// colour (`embedded-graphics`' conversion to 24-bit: a grey level or RGB565 widened),
/// `Inverted` its complement, and every other theme one of its two colours, "off" for
/// black and "on" for anything else (the colours of `embedded-graphics-simulator`'s
/// themes). Pure and allocation-free: the simulator's PNGs and window and `sprig-web`'s
/// canvas all colour their pixels with it.
pub fn panel_rgb<C: Into<Rgb888>>(color: C, theme: BinaryColorTheme) -> Rgb888 {
    let color: Rgb888 = color.into();
    let (off, on) = match theme {
        BinaryColorTheme::Default => return color,
        BinaryColorTheme::Inverted => {
            return Rgb888::new(255 - color.r(), 255 - color.g(), 255 - color.b())
        }
        BinaryColorTheme::LcdWhite => (Rgb888::new(245, 245, 245), Rgb888::new(32, 32, 32)),
        BinaryColorTheme::LcdGreen => (Rgb888::new(120, 185, 50), Rgb888::new(32, 32, 32)),
        BinaryColorTheme::LcdBlue => (Rgb888::new(70, 80, 230), Rgb888::new(230, 230, 255)),
        BinaryColorTheme::OledWhite => (Rgb888::new(20, 20, 20), Rgb888::WHITE),
        BinaryColorTheme::OledBlue => (Rgb888::new(0, 20, 40), Rgb888::new(0, 210, 255)),
        BinaryColorTheme::Custom {
            color_off,
            color_on,
        } => (color_off, color_on),
    };
    if color == Rgb888::BLACK {
        off
    } else {
        on
    }
}

/// The display as an image: every pixel `scale` × `scale` (at least 1), in `theme`,
/// `display.size() * scale` pixels in all.
pub fn output_image<C>(
    display: &SimulatorDisplay<C>,
    scale: u32,
    theme: BinaryColorTheme,
) -> OutputImage<Rgb888>
where
    C: PixelColor + Into<Rgb888>,
{
    // The pixels in their theme's colours, then enlarged in the plain theme (which keeps
    // each colour as it is).
    let mut themed = SimulatorDisplay::<Rgb888>::new(display.size());
    let Ok(()) = themed.draw_iter(
        display
            .bounding_box()
            .points()
            .map(|p| Pixel(p, panel_rgb(display.get_pixel(p), theme))),
    );
    themed.to_rgb_output_image(
        &OutputSettingsBuilder::new()
            .scale(scale.max(1))
            .theme(BinaryColorTheme::Default)
            .pixel_spacing(0)
            .build(),
    )
}

/// The size of [`output_image`]: the display's size times the scale.
pub fn output_size(panel: Size, scale: u32) -> Size {
    panel * scale.max(1)
}

/// The display as a window buffer (`0x00RRGGBB` per pixel, row after row), the same
/// pixels as [`output_image`]; `buffer` is resized to fit.
pub fn window_pixels<C>(
    display: &SimulatorDisplay<C>,
    scale: u32,
    theme: BinaryColorTheme,
    buffer: &mut Vec<u32>,
) where
    C: PixelColor + Into<Rgb888>,
{
    let scale = scale.max(1);
    let size = output_size(display.size(), scale);
    buffer.clear();
    buffer.resize((size.width * size.height) as usize, 0);
    let width = size.width as usize;
    for p in display.bounding_box().points() {
        let c = panel_rgb(display.get_pixel(p), theme);
        let rgb = u32::from(c.r()) << 16 | u32::from(c.g()) << 8 | u32::from(c.b());
        let (x, y) = (p.x as usize * scale as usize, p.y as usize * scale as usize);
        for row in y..y + scale as usize {
            buffer[row * width + x..row * width + x + scale as usize].fill(rgb);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_graphics::draw_target::DrawTarget;
    use embedded_graphics::pixelcolor::{BinaryColor, Gray4, RgbColor};
    use embedded_graphics::prelude::{Point, Size};
    use embedded_graphics::Pixel;

    fn rgb(c: Rgb888) -> u32 {
        u32::from(c.r()) << 16 | u32::from(c.g()) << 8 | u32::from(c.b())
    }

    /// A 3×2 grey display: each pixel a different level.
    fn grey() -> (SimulatorDisplay<Gray4>, [[u8; 3]; 2]) {
        let mut d = SimulatorDisplay::<Gray4>::new(Size::new(3, 2));
        let levels = [[0, 5, 15], [15, 9, 0]];
        for (y, row) in levels.iter().enumerate() {
            for (x, &l) in row.iter().enumerate() {
                let _ = d.draw_iter([Pixel(Point::new(x as i32, y as i32), Gray4::new(l))]);
            }
        }
        (d, levels)
    }

    #[test]
    fn every_panel_pixel_is_a_scale_by_scale_block_with_no_gap() {
        let (display, levels) = grey();
        for scale in 1..=4u32 {
            let mut buffer = Vec::new();
            window_pixels(&display, scale, BinaryColorTheme::Default, &mut buffer);
            let (w, h) = (3 * scale, 2 * scale);
            assert_eq!(buffer.len(), (w * h) as usize, "scale {scale}");
            for y in 0..h {
                for x in 0..w {
                    let l = levels[(y / scale) as usize][(x / scale) as usize];
                    let expected = rgb(Gray4::new(l).into());
                    assert_eq!(
                        buffer[(y * w + x) as usize],
                        expected,
                        "scale {scale} at ({x}, {y})"
                    );
                }
            }
        }
    }

    #[test]
    fn every_theme_maps_the_pixels_and_keeps_the_layout() {
        let mut display = SimulatorDisplay::<BinaryColor>::new(Size::new(2, 2));
        let _ = display.draw_iter([
            Pixel(Point::new(0, 0), BinaryColor::On),
            Pixel(Point::new(1, 1), BinaryColor::On),
        ]);
        let on_off = |theme| match theme {
            BinaryColorTheme::Default => (Rgb888::WHITE, Rgb888::BLACK),
            BinaryColorTheme::Inverted => (Rgb888::BLACK, Rgb888::WHITE),
            BinaryColorTheme::LcdWhite => (Rgb888::new(32, 32, 32), Rgb888::new(245, 245, 245)),
            BinaryColorTheme::LcdGreen => (Rgb888::new(32, 32, 32), Rgb888::new(120, 185, 50)),
            BinaryColorTheme::LcdBlue => (Rgb888::new(230, 230, 255), Rgb888::new(70, 80, 230)),
            BinaryColorTheme::OledBlue => (Rgb888::new(0, 210, 255), Rgb888::new(0, 20, 40)),
            BinaryColorTheme::OledWhite => (Rgb888::WHITE, Rgb888::new(20, 20, 20)),
            BinaryColorTheme::Custom {
                color_off,
                color_on,
            } => (color_on, color_off),
        };
        for theme in [
            BinaryColorTheme::Default,
            BinaryColorTheme::Inverted,
            BinaryColorTheme::LcdWhite,
            BinaryColorTheme::LcdGreen,
            BinaryColorTheme::LcdBlue,
            BinaryColorTheme::OledBlue,
            BinaryColorTheme::OledWhite,
        ] {
            let (on, off) = on_off(theme);
            for scale in 1..=4u32 {
                let mut buffer = Vec::new();
                window_pixels(&display, scale, theme, &mut buffer);
                let w = 2 * scale;
                assert_eq!(buffer.len(), (w * w) as usize, "{theme:?} scale {scale}");
                for y in 0..w {
                    for x in 0..w {
                        let lit = (x / scale) == (y / scale);
                        let expected = rgb(if lit { on } else { off });
                        assert_eq!(
                            buffer[(y * w + x) as usize],
                            expected,
                            "{theme:?} scale {scale} at ({x}, {y})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn panel_rgb_is_the_simulator_crates_own_theme_mapping() {
        // Black, a grey, a colour and white, each through embedded-graphics-simulator's
        // own themed output and through `panel_rgb`.
        let colours = [
            Rgb888::BLACK,
            Rgb888::new(68, 68, 68),
            Rgb888::new(255, 130, 8),
            Rgb888::WHITE,
        ];
        let mut display = SimulatorDisplay::<Rgb888>::new(Size::new(4, 1));
        for (x, &c) in colours.iter().enumerate() {
            let _ = display.draw_iter([Pixel(Point::new(x as i32, 0), c)]);
        }
        for theme in [
            BinaryColorTheme::Default,
            BinaryColorTheme::Inverted,
            BinaryColorTheme::LcdWhite,
            BinaryColorTheme::LcdGreen,
            BinaryColorTheme::LcdBlue,
            BinaryColorTheme::OledBlue,
            BinaryColorTheme::OledWhite,
            BinaryColorTheme::Custom {
                color_off: Rgb888::new(1, 2, 3),
                color_on: Rgb888::new(4, 5, 6),
            },
        ] {
            let upstream = display.to_rgb_output_image(
                &OutputSettingsBuilder::new()
                    .scale(1)
                    .theme(theme)
                    .pixel_spacing(0)
                    .build(),
            );
            let upstream = upstream.as_image_buffer();
            let upstream: Vec<&[u8]> = upstream.chunks_exact(3).collect();
            for (x, &c) in colours.iter().enumerate() {
                let ours = panel_rgb(c, theme);
                assert_eq!(
                    [ours.r(), ours.g(), ours.b()].as_slice(),
                    upstream[x],
                    "{theme:?} {c:?}"
                );
            }
        }
    }

    #[test]
    fn the_png_image_is_the_window_buffer() {
        let (display, _) = grey();
        let image = output_image(&display, 3, BinaryColorTheme::LcdGreen);
        let mut buffer = Vec::new();
        window_pixels(&display, 3, BinaryColorTheme::LcdGreen, &mut buffer);
        let from_image: Vec<u32> = image
            .as_image_buffer()
            .chunks_exact(3)
            .map(|p| u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]))
            .collect();
        assert_eq!(from_image, buffer);
    }
}
