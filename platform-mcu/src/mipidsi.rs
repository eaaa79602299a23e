//! [`Panel`] for [`mipidsi`] displays (the `mipidsi` feature): ST7789,
//! ILI9341, GC9A01, ST7735 and the other MIPI DCS controllers that crate drives.
//!
//! A MIPI DCS controller addresses a window of its memory (`CASET`/`RASET`) and then
//! takes that window's pixels in one `RAMWR` burst, which is exactly what a flush of a
//! damaged rectangle needs: `mipidsi::Display::set_pixels` does the three steps, with the
//! panel's offset and orientation applied. Its end coordinates are inclusive and not
//! checked, so the rectangle is clipped to the screen here first; an area partly off the
//! screen keeps only the pixels that land on it, and an empty or fully off-screen area
//! sends nothing.
//!
//! ```ignore
//! let display = mipidsi::Builder::new(mipidsi::models::ST7789, interface)
//!     .display_size(240, 240)
//!     .init(&mut delay)?;
//! let runner = sprig_mcu::Runner::new(display, clock, input, RunConfig::paced(30));
//! ```

use ::mipidsi::interface::{Interface, InterfacePixelFormat};
use ::mipidsi::models::Model;
use ::mipidsi::Display;
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::primitives::Rectangle;
use embedded_hal::digital::OutputPin;

use crate::panel::Panel;

/// A `mipidsi` display as a [`Panel`]: each damaged rectangle becomes one address window
/// and one memory write, in the model's own colour format (`Rgb565` for the usual SPI
/// setups), so the renderer's tiles go out without conversion.
impl<DI, M, RST> Panel for Display<DI, M, RST>
where
    DI: Interface,
    M: Model,
    M::ColorFormat: InterfacePixelFormat<DI::Word>,
    RST: OutputPin,
{
    type Color = M::ColorFormat;
    type Error = DI::Error;

    /// The visible size in the current orientation (`display_size`, swapped when the
    /// panel is turned by 90° or 270°).
    fn size(&self) -> Size {
        OriginDimensions::size(self)
    }

    /// Sends `pixels` into `area`. An area inside the screen goes out as one window of
    /// exactly `width × height` pixels (extra pixels are dropped, never wrapped around);
    /// an area partly off the screen is clipped, skipping the pixels outside; an empty
    /// or fully off-screen area sends nothing.
    fn write_rect<I>(&mut self, area: &Rectangle, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Self::Color>,
    {
        let screen = Rectangle::new(Point::zero(), Panel::size(self));
        let visible = area.intersection(&screen);
        let Some(bottom_right) = visible.bottom_right() else {
            return Ok(());
        };
        if visible != *area {
            // Partly off the screen (the runner never asks for this): mipidsi's own
            // `fill_contiguous` clips row by row, skipping the pixels outside.
            return self.fill_contiguous(area, pixels);
        }
        let count = (visible.size.width as usize).saturating_mul(visible.size.height as usize);
        // Inside the screen, so every coordinate is in 0..=u16::MAX (mipidsi sizes are
        // u16); the fallbacks are never taken.
        let corner = |v: i32| u16::try_from(v).unwrap_or(u16::MAX);
        self.set_pixels(
            corner(visible.top_left.x),
            corner(visible.top_left.y),
            corner(bottom_right.x),
            corner(bottom_right.y),
            pixels.into_iter().take(count),
        )
    }
}

#[cfg(test)]
mod tests {
    use ::mipidsi::interface::{Interface, InterfaceKind};
    use ::mipidsi::models::ST7789;
    use ::mipidsi::Builder;
    use embedded_graphics::pixelcolor::{Rgb565, RgbColor};
    use embedded_graphics::prelude::*;
    use embedded_graphics::primitives::Rectangle;
    use embedded_hal::delay::DelayNs;
    use heapless::Vec;

    use crate::panel::Panel;

    /// Records the last address window and the pixel bytes after the last `RAMWR`.
    #[derive(Default)]
    struct Recorder {
        columns: Option<(u16, u16)>,
        rows: Option<(u16, u16)>,
        memory_writes: u32,
        pixel_bytes: Vec<u8, 512>,
    }

    impl Interface for Recorder {
        type Word = u8;
        type Error = ();
        const KIND: InterfaceKind = InterfaceKind::Serial4Line;

        fn send_command(&mut self, command: u8, args: &[u8]) -> Result<(), ()> {
            let range = |a: &[u8]| {
                (
                    u16::from_be_bytes([a[0], a[1]]),
                    u16::from_be_bytes([a[2], a[3]]),
                )
            };
            match command {
                0x2A => self.columns = Some(range(args)),
                0x2B => self.rows = Some(range(args)),
                0x2C => {
                    self.memory_writes += 1;
                    self.pixel_bytes.clear();
                }
                _ => {}
            }
            Ok(())
        }

        fn send_pixels<const N: usize>(
            &mut self,
            pixels: impl IntoIterator<Item = [u8; N]>,
        ) -> Result<(), ()> {
            for pixel in pixels {
                self.pixel_bytes.extend_from_slice(&pixel).map_err(|_| ())?;
            }
            Ok(())
        }

        fn send_repeated_pixel<const N: usize>(
            &mut self,
            pixel: [u8; N],
            count: u32,
        ) -> Result<(), ()> {
            self.send_pixels((0..count).map(|_| pixel))
        }
    }

    struct NoDelay;

    impl DelayNs for NoDelay {
        fn delay_ns(&mut self, _ns: u32) {}
    }

    type TestDisplay = ::mipidsi::Display<Recorder, ST7789, ::mipidsi::NoResetPin>;

    fn display() -> TestDisplay {
        match Builder::new(ST7789, Recorder::default())
            .display_size(240, 240)
            .init(&mut NoDelay)
        {
            Ok(display) => display,
            Err(_) => panic!("init failed"),
        }
    }

    fn recorder(display: TestDisplay) -> Recorder {
        display.release().0
    }

    #[test]
    fn size_is_the_display_size() {
        assert_eq!(Panel::size(&display()), Size::new(240, 240));
    }

    #[test]
    fn a_rectangle_inside_is_one_window() {
        let mut d = display();
        let area = Rectangle::new(Point::new(10, 20), Size::new(3, 2));
        // One pixel too many: dropped, not wrapped around.
        let pixels = [
            Rgb565::RED,
            Rgb565::GREEN,
            Rgb565::BLUE,
            Rgb565::WHITE,
            Rgb565::BLACK,
            Rgb565::RED,
            Rgb565::GREEN,
        ];
        assert_eq!(d.write_rect(&area, pixels), Ok(()));
        let r = recorder(d);
        assert_eq!(r.columns, Some((10, 12)));
        assert_eq!(r.rows, Some((20, 21)));
        assert_eq!(r.pixel_bytes.len(), 12);
        assert_eq!(&r.pixel_bytes[..2], &[0xF8, 0x00]);
    }

    #[test]
    fn empty_and_off_screen_areas_send_nothing() {
        // What the init sequence alone writes to the panel's memory.
        let before = recorder(display()).memory_writes;
        let mut d = display();
        for area in [
            Rectangle::new(Point::new(5, 5), Size::zero()),
            Rectangle::new(Point::new(240, 0), Size::new(4, 4)),
            Rectangle::new(Point::new(-10, -10), Size::new(5, 5)),
        ] {
            assert_eq!(d.write_rect(&area, [Rgb565::RED; 16]), Ok(()));
        }
        assert_eq!(recorder(d).memory_writes, before);
    }

    #[test]
    fn a_rectangle_partly_off_screen_is_clipped() {
        let mut d = display();
        // 4×2 at x = 238: only columns 238 and 239 are on the screen.
        let area = Rectangle::new(Point::new(238, 0), Size::new(4, 2));
        let pixels = [
            Rgb565::RED,
            Rgb565::GREEN,
            Rgb565::BLUE,
            Rgb565::BLUE,
            Rgb565::WHITE,
            Rgb565::BLACK,
            Rgb565::BLUE,
            Rgb565::BLUE,
        ];
        assert_eq!(d.write_rect(&area, pixels), Ok(()));
        let r = recorder(d);
        assert_eq!(r.columns, Some((238, 239)));
        assert_eq!(r.rows, Some((0, 1)));
        assert_eq!(
            &r.pixel_bytes[..],
            &[0xF8, 0x00, 0x07, 0xE0, 0xFF, 0xFF, 0x00, 0x00]
        );
    }
}
