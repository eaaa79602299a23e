//! SSD0323 128×64 4-bit grey OLED over SPI: the display of QEMU's `lm3s6965evb` (and
//! of the boards it models), driven through `embedded-hal` 1.0.
//!
//! The controller's memory holds two pixels per byte (high nibble left) and is addressed
//! in byte columns, so a rectangle starting or ending on an odd column has to send its
//! neighbour pixel too. The SPI bus is write-only, so the driver keeps a copy of the
//! screen (4 KiB) and sends each rectangle from it, widened to whole bytes.
//!
//! Commands (SSD0323 datasheet): `0x15 c0 c1` column window in bytes (0..=63),
//! `0x75 r0 r1` row window (0..=79), `0xA0` remap, `0xA1` start line, `0xA2` offset,
//! `0xA4` normal display, `0xA8` multiplex ratio, `0xAE`/`0xAF` display off/on.

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::{Gray4, GrayColor};
use embedded_graphics::primitives::Rectangle;
use embedded_hal::digital::OutputPin;
use embedded_hal::spi::SpiDevice;

use crate::panel::Panel;

/// Width in pixels.
pub const WIDTH: u32 = 128;
/// Height in pixels.
pub const HEIGHT: u32 = 64;
/// Bytes of the screen copy: two pixels per byte.
pub const BUFFER_BYTES: usize = (WIDTH * HEIGHT / 2) as usize;
/// Bytes of one window command (`0x15 c0 c1 0x75 r0 r1`).
pub const WINDOW_COMMAND_BYTES: u32 = 6;

/// The power-up sequence: display off, remap `0x52` (horizontal address increment,
/// nibble order and COM scan of the usual 128×64 modules), start line 0, display offset
/// `0x4C` (76: the modules' COM wiring), normal display, multiplex ratio 64 rows, display
/// on. QEMU's model ignores remap and offset; a real module needs its datasheet's values.
const INIT: [u8; 11] = [
    0xAE, 0xA0, 0x52, 0xA1, 0x00, 0xA2, 0x4C, 0xA4, 0xA8, 0x3F, 0xAF,
];

/// What the driver can fail with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ssd0323Error<S, P> {
    /// The SPI transfer failed.
    Spi(S),
    /// The data/command pin failed.
    Pin(P),
}

impl<S: core::fmt::Debug, P: core::fmt::Debug> core::fmt::Display for Ssd0323Error<S, P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Ssd0323Error::Spi(e) => write!(f, "SSD0323: SPI transfer failed: {e:?}"),
            Ssd0323Error::Pin(e) => write!(f, "SSD0323: data/command pin failed: {e:?}"),
        }
    }
}

/// An SSD0323 on an SPI device with a data/command pin (high = data).
pub struct Ssd0323<SPI, DC> {
    spi: SPI,
    dc: DC,
    screen: [u8; BUFFER_BYTES],
    bytes_sent: u64,
}

type Result<T, SPI, DC> = core::result::Result<
    T,
    Ssd0323Error<
        <SPI as embedded_hal::spi::ErrorType>::Error,
        <DC as embedded_hal::digital::ErrorType>::Error,
    >,
>;

impl<SPI: SpiDevice, DC: OutputPin> Ssd0323<SPI, DC> {
    /// A driver for the display on `spi` with `dc` as its data/command pin. Sends
    /// nothing until [`init`](Self::init).
    pub const fn new(spi: SPI, dc: DC) -> Self {
        Ssd0323 {
            spi,
            dc,
            screen: [0; BUFFER_BYTES],
            bytes_sent: 0,
        }
    }

    /// Powers the display up and clears it to black.
    pub fn init(&mut self) -> Result<(), SPI, DC> {
        self.command(&INIT)?;
        self.screen = [0; BUFFER_BYTES];
        self.send_window(0, WIDTH / 2 - 1, 0, HEIGHT - 1)
    }

    /// Bytes sent over SPI since the driver was made, commands included.
    pub fn bytes_sent(&self) -> u64 {
        self.bytes_sent
    }

    /// The pixel at `(x, y)` as last written (`None` outside the screen).
    pub fn pixel(&self, x: u32, y: u32) -> Option<Gray4> {
        if x >= WIDTH || y >= HEIGHT {
            return None;
        }
        let byte = self.screen[(y * WIDTH / 2 + x / 2) as usize];
        let luma = if x.is_multiple_of(2) {
            byte >> 4
        } else {
            byte & 0x0F
        };
        Some(Gray4::new(luma))
    }

    /// The SPI device and the pin, back.
    pub fn release(self) -> (SPI, DC) {
        (self.spi, self.dc)
    }

    fn command(&mut self, bytes: &[u8]) -> Result<(), SPI, DC> {
        self.dc.set_low().map_err(Ssd0323Error::Pin)?;
        self.spi.write(bytes).map_err(Ssd0323Error::Spi)?;
        self.bytes_sent += bytes.len() as u64;
        Ok(())
    }

    /// Sends byte columns `c0..=c1` of rows `r0..=r1` from the screen copy.
    fn send_window(&mut self, c0: u32, c1: u32, r0: u32, r1: u32) -> Result<(), SPI, DC> {
        // Both bounds fit a byte: c1 < 64 and r1 < 64.
        self.command(&[0x15, c0 as u8, c1 as u8, 0x75, r0 as u8, r1 as u8])?;
        self.dc.set_high().map_err(Ssd0323Error::Pin)?;
        for row in r0..=r1 {
            let start = (row * WIDTH / 2 + c0) as usize;
            let end = (row * WIDTH / 2 + c1) as usize + 1;
            self.spi
                .write(&self.screen[start..end])
                .map_err(Ssd0323Error::Spi)?;
            self.bytes_sent += (end - start) as u64;
        }
        Ok(())
    }
}

impl<SPI: SpiDevice, DC: OutputPin> Panel for Ssd0323<SPI, DC> {
    type Color = Gray4;
    type Error = Ssd0323Error<SPI::Error, DC::Error>;

    fn size(&self) -> Size {
        Size::new(WIDTH, HEIGHT)
    }

    /// Stores the pixels in the screen copy, then sends the rectangle widened to whole
    /// bytes. Pixels outside the screen are dropped; an area wholly outside sends
    /// nothing.
    fn write_rect<I>(
        &mut self,
        area: &Rectangle,
        pixels: I,
    ) -> core::result::Result<(), Self::Error>
    where
        I: IntoIterator<Item = Gray4>,
    {
        let screen = Rectangle::new(Point::zero(), self.size());
        let mut pixels = pixels.into_iter();
        // Rows and columns by hand, with the screen test in plain integers: this loop
        // runs once per flushed pixel.
        let (x0, y0) = (area.top_left.x, area.top_left.y);
        let (width, height) = (area.size.width as i32, area.size.height as i32);
        'rows: for y in y0..y0.saturating_add(height) {
            for x in x0..x0.saturating_add(width) {
                let Some(color) = pixels.next() else {
                    break 'rows;
                };
                if !(0..WIDTH as i32).contains(&x) || !(0..HEIGHT as i32).contains(&y) {
                    continue;
                }
                let (x, y) = (x as u32, y as u32);
                let i = (y * WIDTH / 2 + x / 2) as usize;
                let luma = color.luma() & 0x0F;
                if let Some(byte) = self.screen.get_mut(i) {
                    *byte = if x.is_multiple_of(2) {
                        (*byte & 0x0F) | (luma << 4)
                    } else {
                        (*byte & 0xF0) | luma
                    };
                }
            }
        }
        let visible = area.intersection(&screen);
        let Some(bottom_right) = visible.bottom_right() else {
            return Ok(());
        };
        let (x0, y0) = (visible.top_left.x as u32, visible.top_left.y as u32);
        let (x1, y1) = (bottom_right.x as u32, bottom_right.y as u32);
        self.send_window(x0 / 2, x1 / 2, y0, y1)
    }
}
