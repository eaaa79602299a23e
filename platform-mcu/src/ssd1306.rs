//! [`Panel`] for an SSD1306 monochrome OLED (the `ssd1306` feature): the 128×64 (and
//! 128×32, 96×16, …) modules on I²C or SPI, driven through the `ssd1306` crate.
//!
//! The controller's memory is pages of 8 vertical pixels: one byte holds a column of 8
//! rows, bit 0 the top one. A rectangle whose top or bottom is not on a page boundary
//! therefore has to send the rows around it too, and the bus is write-only, so the panel
//! keeps a copy of the screen (one bit per pixel, at most 1 KiB) and sends each damaged
//! rectangle from it, widened to whole pages: one address window (`0x21` columns, `0x22`
//! pages, in the horizontal addressing mode that [`Ssd1306Panel::init`] selects), then
//! the window's bytes page by page. The `ssd1306` crate's own buffered mode flushes one
//! bounding box of everything drawn; this sends each of the renderer's rectangles.
//!
//! The panel draws in the controller's own orientation: `Rotate0` (the modules' upright
//! picture) and `Rotate180`. `Rotate90` and `Rotate270` turn the pages across the
//! picture, so [`Ssd1306Panel::new`] gives such a display back instead.
//!
//! ```ignore
//! let interface = ssd1306::I2CDisplayInterface::new(i2c);
//! let display = ssd1306::Ssd1306::new(interface, DisplaySize128x64, DisplayRotation::Rotate0);
//! let mut panel = Ssd1306Panel::new(display).ok().unwrap();
//! panel.init()?;
//! // A `Renderer<BinaryColor, …>` draws for it.
//! let runner = sprig_mcu::Runner::new(panel, clock, input, RunConfig::paced(30));
//! ```

use ::ssd1306::mode::BasicMode;
use ::ssd1306::prelude::WriteOnlyDataCommand;
use ::ssd1306::rotation::DisplayRotation;
use ::ssd1306::size::DisplaySize;
use ::ssd1306::Ssd1306;
use display_interface::DisplayError;
use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::primitives::{PointsIter, Rectangle};

use crate::panel::Panel;

/// Bytes of the largest SSD1306 memory: 128 columns × 8 pages.
pub const MAX_BUFFER_BYTES: usize = 128 * 8;

/// Rows in one page of the controller's memory.
pub const PAGE_ROWS: u32 = 8;

/// An `ssd1306` display in its basic mode, as a [`Panel`] of [`BinaryColor`] pixels.
pub struct Ssd1306Panel<DI, SIZE> {
    display: Ssd1306<DI, SIZE, BasicMode>,
    /// The screen, as the controller holds it: `pages[page * width + x]`, bit `y % 8`.
    pages: [u8; MAX_BUFFER_BYTES],
}

impl<DI, SIZE> Ssd1306Panel<DI, SIZE>
where
    DI: WriteOnlyDataCommand,
    SIZE: DisplaySize,
{
    /// The panel for `display`, which is not initialised yet (see [`init`](Self::init)).
    /// A display turned by 90° or 270° is given back: its pages would run across the
    /// picture.
    pub fn new(
        display: Ssd1306<DI, SIZE, BasicMode>,
    ) -> Result<Self, Ssd1306<DI, SIZE, BasicMode>> {
        match display.rotation() {
            DisplayRotation::Rotate0 | DisplayRotation::Rotate180 => Ok(Ssd1306Panel {
                display,
                pages: [0; MAX_BUFFER_BYTES],
            }),
            DisplayRotation::Rotate90 | DisplayRotation::Rotate270 => Err(display),
        }
    }

    /// Sends the `ssd1306` crate's power-up sequence with the horizontal addressing mode
    /// (the one the windows need), then clears the screen to black.
    pub fn init(&mut self) -> Result<(), DisplayError> {
        self.display
            .init_with_addr_mode(::ssd1306::command::AddrMode::Horizontal)?;
        self.pages = [0; MAX_BUFFER_BYTES];
        let last_page = (u32::from(SIZE::HEIGHT).div_ceil(PAGE_ROWS)).saturating_sub(1);
        self.send_pages(0, u32::from(SIZE::WIDTH).saturating_sub(1), 0, last_page)
    }

    /// The pixel at `(x, y)` as last written (`None` outside the screen).
    pub fn pixel(&self, x: u32, y: u32) -> Option<BinaryColor> {
        if x >= u32::from(SIZE::WIDTH) || y >= u32::from(SIZE::HEIGHT) {
            return None;
        }
        let byte = self.pages.get(self.index(x, y / PAGE_ROWS))?;
        Some(BinaryColor::from(byte & (1 << (y % PAGE_ROWS)) != 0))
    }

    /// The `ssd1306` display, back.
    pub fn release(self) -> Ssd1306<DI, SIZE, BasicMode> {
        self.display
    }

    fn index(&self, x: u32, page: u32) -> usize {
        (page * u32::from(SIZE::WIDTH) + x) as usize
    }

    /// The first controller column of the picture: the modules narrower than the
    /// controller's 128 columns sit at an offset, counted from the other edge when the
    /// segments are remapped the other way (`Rotate180`).
    fn column_offset(&self) -> u8 {
        match self.display.rotation() {
            DisplayRotation::Rotate180 | DisplayRotation::Rotate90 => SIZE::DRIVER_COLS
                .saturating_sub(SIZE::WIDTH)
                .saturating_sub(SIZE::OFFSETX),
            DisplayRotation::Rotate0 | DisplayRotation::Rotate270 => SIZE::OFFSETX,
        }
    }

    /// Sends columns `x0..=x1` of pages `page0..=page1` from the screen copy: one window,
    /// then each page's bytes.
    fn send_pages(&mut self, x0: u32, x1: u32, page0: u32, page1: u32) -> Result<(), DisplayError> {
        let offset = u32::from(self.column_offset());
        // Every bound is inside the screen (at most 128 columns, 64 rows), so each fits
        // a byte; the fallback is never taken.
        let byte = |v: u32| u8::try_from(v).unwrap_or(u8::MAX);
        let offset_y = u32::from(SIZE::OFFSETY);
        // `set_draw_area` takes pixels, the end exclusive, and divides rows by 8.
        self.display.set_draw_area(
            (byte(x0 + offset), byte(page0 * PAGE_ROWS + offset_y)),
            (
                byte(x1 + 1 + offset),
                byte((page1 + 1) * PAGE_ROWS + offset_y),
            ),
        )?;
        for page in page0..=page1 {
            let start = self.index(x0, page);
            let end = self.index(x1, page) + 1;
            if let Some(bytes) = self.pages.get(start..end) {
                self.display.draw(bytes)?;
            }
        }
        Ok(())
    }
}

impl<DI, SIZE> Panel for Ssd1306Panel<DI, SIZE>
where
    DI: WriteOnlyDataCommand,
    SIZE: DisplaySize,
{
    type Color = BinaryColor;
    type Error = DisplayError;

    fn size(&self) -> Size {
        Size::new(u32::from(SIZE::WIDTH), u32::from(SIZE::HEIGHT))
    }

    /// Stores the pixels in the screen copy, then sends the rectangle widened to whole
    /// pages (8 rows). Pixels outside the screen are dropped; an area wholly outside or
    /// empty sends nothing.
    fn write_rect<I>(&mut self, area: &Rectangle, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = BinaryColor>,
    {
        let screen = Rectangle::new(Point::zero(), self.size());
        for (point, color) in area.points().zip(pixels) {
            if !screen.contains(point) {
                continue;
            }
            let (x, y) = (point.x as u32, point.y as u32);
            let i = self.index(x, y / PAGE_ROWS);
            let bit = 1u8 << (y % PAGE_ROWS);
            if let Some(byte) = self.pages.get_mut(i) {
                if color.is_on() {
                    *byte |= bit;
                } else {
                    *byte &= !bit;
                }
            }
        }
        let visible = area.intersection(&screen);
        let Some(bottom_right) = visible.bottom_right() else {
            return Ok(());
        };
        let (x0, y0) = (visible.top_left.x as u32, visible.top_left.y as u32);
        let (x1, y1) = (bottom_right.x as u32, bottom_right.y as u32);
        self.send_pages(x0, x1, y0 / PAGE_ROWS, y1 / PAGE_ROWS)
    }
}
