//! Shared fakes for the integration tests: an SSD0323 emulated behind a fake
//! `embedded_hal::spi::SpiDevice` and a fake data/command `OutputPin`, and a plain Gray4
//! framebuffer to render references into.
//!
//! The emulated controller interprets the byte stream the way the chip does: bytes sent
//! while D/C is low are commands (`0x15 c0 c1` sets the column window in bytes, `0x75 r0
//! r1` the row window; other commands are skipped with their argument bytes), bytes sent
//! while D/C is high fill the 128×80 4-bit GDDRAM (high nibble = left pixel) at the
//! window's pointer, which moves right and wraps to the next row of the window, then to
//! its first row.

#![allow(dead_code)]

use std::cell::RefCell;
use std::convert::Infallible;
use std::rc::Rc;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::{Gray4, GrayColor};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;
use embedded_hal::digital::{self, OutputPin};
use embedded_hal::spi::{self, Operation, SpiDevice};
use sprig_mcu::ssd0323::Ssd0323;

/// GDDRAM columns in bytes (128 pixels).
pub const RAM_COLUMNS: usize = 64;
/// GDDRAM rows.
pub const RAM_ROWS: usize = 80;

/// The power-up sequence the driver sends (display off, remap 0x52, start line 0,
/// offset 0x4C, normal display, multiplex 0x3F, display on).
pub const INIT: [u8; 11] = [
    0xAE, 0xA0, 0x52, 0xA1, 0x00, 0xA2, 0x4C, 0xA4, 0xA8, 0x3F, 0xAF,
];

/// A window command as the controller received it: byte columns and rows, inclusive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub c0: u8,
    pub c1: u8,
    pub r0: u8,
    pub r1: u8,
}

impl Window {
    /// Data bytes that fill the window once.
    pub fn bytes(&self) -> u64 {
        (u64::from(self.c1) - u64::from(self.c0) + 1)
            * (u64::from(self.r1) - u64::from(self.r0) + 1)
    }
}

/// The emulated SSD0323.
pub struct Controller {
    /// Display RAM: 80 rows of 64 bytes.
    pub ram: [u8; RAM_COLUMNS * RAM_ROWS],
    /// The D/C line: `None` until the driver first sets it.
    pub dc: Option<bool>,
    /// Every transfer, merged into runs of the same D/C level: `(data?, bytes)`.
    pub stream: Vec<(bool, Vec<u8>)>,
    /// Every window command, in order.
    pub windows: Vec<Window>,
    pub command_bytes: u64,
    pub data_bytes: u64,
    /// SPI transactions still to succeed before the next ones fail (`None`: never fail).
    pub spi_ok_before_failure: Option<u32>,
    /// How many transactions fail once failing starts.
    pub spi_failures: u32,
    /// Whether setting the D/C pin fails.
    pub dc_fails: bool,
    pending: Vec<u8>,
    cols: (u8, u8),
    rows: (u8, u8),
    col: u8,
    row: u8,
}

/// Argument bytes of the SSD0323's commands (0 for the ones without, and unknown ones).
fn arguments(command: u8) -> usize {
    match command {
        0x15 | 0x75 => 2,
        0x81 | 0xA0 | 0xA1 | 0xA2 | 0xA8 | 0xAD | 0xB0 | 0xB1 | 0xB2 | 0xB3 | 0xBC | 0xBE
        | 0xBF => 1,
        0xB8 => 8,
        _ => 0,
    }
}

impl Controller {
    pub fn new() -> Self {
        Controller {
            ram: [0; RAM_COLUMNS * RAM_ROWS],
            dc: None,
            stream: Vec::new(),
            windows: Vec::new(),
            command_bytes: 0,
            data_bytes: 0,
            spi_ok_before_failure: None,
            spi_failures: 0,
            dc_fails: false,
            pending: Vec::new(),
            cols: (0, 63),
            rows: (0, 79),
            col: 0,
            row: 0,
        }
    }

    /// The grey level of pixel `(x, y)` of the RAM.
    pub fn level(&self, x: usize, y: usize) -> u8 {
        let byte = self.ram[y * RAM_COLUMNS + x / 2];
        if x.is_multiple_of(2) {
            byte >> 4
        } else {
            byte & 0x0F
        }
    }

    /// Sets pixel `(x, y)` of the RAM directly (as if left over from before).
    pub fn poke(&mut self, x: usize, y: usize, level: u8) {
        let i = y * RAM_COLUMNS + x / 2;
        self.ram[i] = if x.is_multiple_of(2) {
            (self.ram[i] & 0x0F) | (level << 4)
        } else {
            (self.ram[i] & 0xF0) | (level & 0x0F)
        };
    }

    /// Forgets what was sent so far (keeps the RAM and the window).
    pub fn clear_log(&mut self) {
        self.stream.clear();
        self.windows.clear();
        self.command_bytes = 0;
        self.data_bytes = 0;
    }

    /// Every command byte in the stream, in order.
    pub fn commands(&self) -> Vec<u8> {
        self.stream
            .iter()
            .filter(|(data, _)| !data)
            .flat_map(|(_, bytes)| bytes.iter().copied())
            .collect()
    }

    fn receive(&mut self, bytes: &[u8]) {
        let data = self
            .dc
            .expect("bytes sent before the D/C line was ever driven");
        match self.stream.last_mut() {
            Some((d, run)) if *d == data => run.extend_from_slice(bytes),
            _ => self.stream.push((data, bytes.to_vec())),
        }
        for &b in bytes {
            if data {
                self.data(b);
            } else {
                self.command(b);
            }
        }
    }

    fn command(&mut self, b: u8) {
        self.command_bytes += 1;
        self.pending.push(b);
        if self.pending.len() <= arguments(self.pending[0]) {
            return;
        }
        let command = std::mem::take(&mut self.pending);
        match command[..] {
            [0x15, c0, c1] => {
                assert!(
                    c0 <= c1 && usize::from(c1) < RAM_COLUMNS,
                    "column window {c0}..={c1}"
                );
                self.cols = (c0, c1);
                self.col = c0;
            }
            [0x75, r0, r1] => {
                assert!(
                    r0 <= r1 && usize::from(r1) < RAM_ROWS,
                    "row window {r0}..={r1}"
                );
                self.rows = (r0, r1);
                self.row = r0;
                self.windows.push(Window {
                    c0: self.cols.0,
                    c1: self.cols.1,
                    r0,
                    r1,
                });
            }
            _ => {}
        }
    }

    fn data(&mut self, b: u8) {
        self.data_bytes += 1;
        self.ram[usize::from(self.row) * RAM_COLUMNS + usize::from(self.col)] = b;
        if self.col < self.cols.1 {
            self.col += 1;
        } else {
            self.col = self.cols.0;
            self.row = if self.row < self.rows.1 {
                self.row + 1
            } else {
                self.rows.0
            };
        }
    }
}

pub type Shared = Rc<RefCell<Controller>>;

/// The SPI side of the emulated controller.
pub struct FakeSpi(pub Shared);

/// The D/C pin of the emulated controller.
pub struct FakeDc(pub Shared);

impl spi::ErrorType for FakeSpi {
    type Error = spi::ErrorKind;
}

impl SpiDevice for FakeSpi {
    fn transaction(&mut self, operations: &mut [Operation<'_, u8>]) -> Result<(), Self::Error> {
        let mut c = self.0.borrow_mut();
        match c.spi_ok_before_failure {
            Some(0) if c.spi_failures > 0 => {
                c.spi_failures -= 1;
                return Err(spi::ErrorKind::Overrun);
            }
            Some(0) => c.spi_ok_before_failure = None,
            Some(n) => c.spi_ok_before_failure = Some(n - 1),
            None => {}
        }
        for op in operations {
            match op {
                Operation::Write(bytes) => c.receive(bytes),
                Operation::DelayNs(_) => {}
                _ => panic!("the SSD0323's SPI bus is write-only"),
            }
        }
        Ok(())
    }
}

impl digital::ErrorType for FakeDc {
    type Error = digital::ErrorKind;
}

impl OutputPin for FakeDc {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        let mut c = self.0.borrow_mut();
        if c.dc_fails {
            return Err(digital::ErrorKind::Other);
        }
        c.dc = Some(false);
        Ok(())
    }

    fn set_high(&mut self) -> Result<(), Self::Error> {
        let mut c = self.0.borrow_mut();
        if c.dc_fails {
            return Err(digital::ErrorKind::Other);
        }
        c.dc = Some(true);
        Ok(())
    }
}

pub type Oled = Ssd0323<FakeSpi, FakeDc>;

/// A driver on an emulated controller, not yet initialised, and the controller.
pub fn emulated() -> (Oled, Shared) {
    let controller = Rc::new(RefCell::new(Controller::new()));
    let oled = Ssd0323::new(FakeSpi(controller.clone()), FakeDc(controller.clone()));
    (oled, controller)
}

/// A plain `width × height` Gray4 framebuffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Gray4Frame {
    pub size: Size,
    pub pixels: Vec<Gray4>,
}

impl Gray4Frame {
    pub fn new(width: u32, height: u32) -> Self {
        Gray4Frame {
            size: Size::new(width, height),
            pixels: vec![Gray4::BLACK; (width * height) as usize],
        }
    }

    pub fn level(&self, x: usize, y: usize) -> u8 {
        self.pixels[y * self.size.width as usize + x].luma()
    }
}

impl OriginDimensions for Gray4Frame {
    fn size(&self) -> Size {
        self.size
    }
}

impl DrawTarget for Gray4Frame {
    type Color = Gray4;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Gray4>>,
    {
        let screen = Rectangle::new(Point::zero(), self.size);
        for Pixel(p, color) in pixels {
            if screen.contains(p) {
                self.pixels[p.y as usize * self.size.width as usize + p.x as usize] = color;
            }
        }
        Ok(())
    }
}

/// `area`'s points in row-major order, as `Panel::write_rect` takes its pixels.
pub fn points(area: &Rectangle) -> Vec<Point> {
    area.points().collect()
}
