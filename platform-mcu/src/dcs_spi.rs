//! An [`AsyncPanel`] for MIPI DCS displays (ST7789, ILI9341, …) in RGB565 on an async
//! `embedded-hal-async` [`SpiDevice`] and a data/command pin: the bus an executor's HAL
//! drives by DMA (`embassy-rp`'s `Spi` in async mode behind `embedded-hal-bus`'s
//! `ExclusiveDevice`).
//!
//! A rectangle is `CASET` and `RASET` (the window, inclusive, big-endian) then `RAMWR`
//! and the pixels, two big-endian bytes each (MIPI DCS 1.03, `COLMOD 0x55`): the same
//! bytes `mipidsi` sends for the blocking runner. The pixels go out through a byte
//! buffer of `BYTES` bytes, one SPI write per buffer-full. A buffer of two bytes for
//! each pixel of the runner's tile sends a tile in one DMA transfer, all of it drawing
//! the next tile meanwhile; with a smaller one only the first buffer-full overlaps the
//! drawing (the others are converted and sent after it).
//!
//! [`DcsSpiPanel::init`] wakes the controller in the 16-bit colour mode with the
//! orientation and inversion given; the reset pulse, if the module has a reset pin, is
//! the board's.

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::raw::{RawData, RawU16};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::primitives::Rectangle;
use embedded_hal::digital::OutputPin;
use embedded_hal_async::delay::DelayNs;
use embedded_hal_async::spi::SpiDevice;

use crate::async_runner::AsyncPanel;

/// `SWRESET`: back to the power-on state; 120 ms before `SLPOUT`.
const SWRESET: u8 = 0x01;
/// `SLPOUT`: leave sleep; 5 ms before the next command, 120 ms before `SLPIN`.
const SLPOUT: u8 = 0x11;
/// `NORON`: normal display mode (not partial).
const NORON: u8 = 0x13;
/// `INVOFF` and `INVON`: the controller's inversion.
const INVOFF: u8 = 0x20;
const INVON: u8 = 0x21;
/// `DISPON`: show the memory.
const DISPON: u8 = 0x29;
/// `CASET`, `RASET`, `RAMWR`: the window and the pixels.
const CASET: u8 = 0x2A;
const RASET: u8 = 0x2B;
const RAMWR: u8 = 0x2C;
/// `MADCTL`: memory access order (rotation, colour order).
const MADCTL: u8 = 0x36;
/// `COLMOD` with `0x55`: 16 bits a pixel, RGB565.
const COLMOD: u8 = 0x3A;
const RGB565_16_BITS: u8 = 0x55;

/// What a transfer failed with: the bus or the data/command pin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DcsError<S, P> {
    /// The SPI device failed.
    Spi(S),
    /// The data/command pin failed.
    DataCommand(P),
}

/// A MIPI DCS display in RGB565 on an async SPI device and a data/command pin, with a
/// byte buffer of `BYTES` bytes for the pixels.
pub struct DcsSpiPanel<SPI, DC, const BYTES: usize> {
    spi: SPI,
    dc: DC,
    size: Size,
    offset: (u16, u16),
    bytes: [u8; BYTES],
}

impl<SPI, DC, const BYTES: usize> DcsSpiPanel<SPI, DC, BYTES>
where
    SPI: SpiDevice,
    DC: OutputPin,
{
    /// A panel of `size` pixels whose top-left pixel is at `offset` (column, row) in the
    /// controller's memory (`(0, 0)` for a 240×240 ST7789 module, `(0, 80)` for one
    /// turned upside down).
    pub fn new(spi: SPI, dc: DC, size: Size, offset: (u16, u16)) -> Self {
        const {
            assert!(BYTES >= 2, "the byte buffer holds at least one pixel");
        }
        DcsSpiPanel {
            spi,
            dc,
            size,
            offset,
            bytes: [0; BYTES],
        }
    }

    /// Resets the controller by command and wakes it: RGB565, `madctl` as the memory
    /// access order (`0x00` for the native orientation, RGB), the inversion on when
    /// `invert` (IPS modules need it), normal mode, display on. Waits the datasheet's
    /// delays through `delay`.
    pub async fn init(
        &mut self,
        delay: &mut impl DelayNs,
        madctl: u8,
        invert: bool,
    ) -> Result<(), DcsError<SPI::Error, DC::Error>> {
        self.command(SWRESET, &[]).await?;
        delay.delay_ms(150).await;
        self.command(SLPOUT, &[]).await?;
        delay.delay_ms(10).await;
        self.command(COLMOD, &[RGB565_16_BITS]).await?;
        self.command(MADCTL, &[madctl]).await?;
        self.command(if invert { INVON } else { INVOFF }, &[])
            .await?;
        self.command(NORON, &[]).await?;
        self.command(DISPON, &[]).await?;
        delay.delay_ms(10).await;
        Ok(())
    }

    /// The SPI device and the pin, back.
    pub fn release(self) -> (SPI, DC) {
        (self.spi, self.dc)
    }

    /// Sends `command` (D/C low), then its `parameters` (D/C high).
    async fn command(
        &mut self,
        command: u8,
        parameters: &[u8],
    ) -> Result<(), DcsError<SPI::Error, DC::Error>> {
        self.dc.set_low().map_err(DcsError::DataCommand)?;
        self.spi.write(&[command]).await.map_err(DcsError::Spi)?;
        if !parameters.is_empty() {
            self.dc.set_high().map_err(DcsError::DataCommand)?;
            self.spi.write(parameters).await.map_err(DcsError::Spi)?;
        }
        Ok(())
    }
}

/// A window's first and last address, big-endian, as `CASET` and `RASET` take them.
fn span(first: u16, count: u32) -> [u8; 4] {
    let last = first.saturating_add(count.saturating_sub(1) as u16);
    let [a, b] = first.to_be_bytes();
    let [c, d] = last.to_be_bytes();
    [a, b, c, d]
}

impl<SPI, DC, const BYTES: usize> AsyncPanel for DcsSpiPanel<SPI, DC, BYTES>
where
    SPI: SpiDevice,
    DC: OutputPin,
{
    type Color = Rgb565;
    type Error = DcsError<SPI::Error, DC::Error>;

    fn size(&self) -> Size {
        self.size
    }

    async fn set_window(&mut self, area: &Rectangle) -> Result<(), Self::Error> {
        let x = self.offset.0.saturating_add(area.top_left.x.max(0) as u16);
        let y = self.offset.1.saturating_add(area.top_left.y.max(0) as u16);
        self.command(CASET, &span(x, area.size.width)).await?;
        self.command(RASET, &span(y, area.size.height)).await?;
        self.command(RAMWR, &[]).await?;
        self.dc.set_high().map_err(DcsError::DataCommand)
    }

    async fn write_pixels(&mut self, pixels: &[Rgb565]) -> Result<(), Self::Error> {
        for chunk in pixels.chunks(BYTES / 2) {
            for (bytes, &color) in self.bytes.chunks_exact_mut(2).zip(chunk) {
                bytes.copy_from_slice(&RawU16::from(color).into_inner().to_be_bytes());
            }
            let used = self.bytes.get(..chunk.len() * 2).unwrap_or(&[]);
            self.spi.write(used).await.map_err(DcsError::Spi)?;
        }
        Ok(())
    }
}
