//! An SSD1306 128×64 monochrome OLED controller on I²C, and the glass of the usual
//! 0.96″ module.
//!
//! The bus side implements `embedded_hal::i2c::I2c` at the module's address (0x3C).
//! Each write starts with a control byte (SSD1306 datasheet 8.1.5.2): bit 6 (D/C#) says
//! whether the bytes after it are data (GDDRAM) or commands; with bit 7 (Co) clear the
//! rest of the write is all of that kind, with it set only the next byte is, and
//! another control byte follows.
//!
//! Decoded commands (datasheet section 10):
//! - `0x20 m` addressing mode (0 horizontal, 1 vertical, 2 page), `0x21 c0 c1` column
//!   window, `0x22 p0 p1` page window, `0x00`–`0x0F` / `0x10`–`0x1F` page mode's start
//!   column (low / high nibble), `0xB0`–`0xB7` page mode's page. Data bytes fill GDDRAM
//!   (8 pages of 128 columns, bit 0 the page's top row) at the pointer, which moves as the
//!   mode says and wraps inside the window.
//! - `0xA0`/`0xA1` segment remap, `0xC0`/`0xC8` COM scan direction, `0x40`–`0x7F`
//!   start line, `0xD3 o` display offset, `0xA8 m` multiplex ratio, `0xDA c` COM pins
//!   configuration, `0xA4`/`0xA5` follow RAM / all on, `0xA6`/`0xA7` normal / inverse,
//!   `0xAE`/`0xAF` display off / on, `0x8D c` charge pump: they decide what the glass
//!   shows.
//! - `0x81` contrast, `0xD5` clock, `0xD9` pre-charge, `0xDB` VCOMH, `0x2E`/`0x2F`
//!   scrolling off/on, `0x26`/`0x27`, `0x29`/`0x2A`, `0xA3` scroll set-up, `0xE3` NOP:
//!   accepted with their parameters and recorded. Anything else goes to `unknown`.
//!
//! The glass of the usual module: the controller's segment 0 is on the picture's right
//! and COM 0 at its bottom (that is why every driver sends `0xA1` and `0xC8` for an
//! upright picture), its rows are wired for the alternative COM pin configuration
//! (`0xDA 0x12`), and it has no external panel supply, so nothing lights without the
//! charge pump.

use std::cell::RefCell;
use std::rc::Rc;

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_hal::i2c::{self, I2c, Operation, SevenBitAddress};

use super::Frame;

/// The module's I²C address (SA0 low).
pub const ADDRESS: u8 = 0x3C;
pub const WIDTH: usize = 128;
pub const HEIGHT: usize = 64;
pub const PAGES: usize = HEIGHT / 8;

/// The COM pins configuration the module's glass is wired for.
pub const MODULE_COM_PINS: u8 = 0x12;

/// A command as received, with its parameter bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    pub command: u8,
    pub params: Vec<u8>,
}

/// A data burst (the data bytes after an addressing command): the mode, window and
/// pointer it started with, and its byte count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataWrite {
    pub mode: u8,
    pub columns: (u8, u8),
    pub pages: (u8, u8),
    pub start: (u8, u8),
    pub bytes: u64,
}

/// Why the glass shows no picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dark {
    DisplayOff,
    ChargePumpOff,
    /// Rows interleaved wrongly: the COM pins configuration is not the glass's.
    ComPins(u8),
}

pub struct Controller {
    /// GDDRAM: `ram[page * 128 + column]`, bit 0 the page's top row.
    pub ram: [u8; WIDTH * PAGES],
    pub log: Vec<Received>,
    pub unknown: Vec<Received>,
    pub writes: Vec<DataWrite>,
    /// I²C writes to another address (no module answers: NACK).
    pub wrong_address: u64,
    pub addressing_mode: u8,
    pub columns: (u8, u8),
    pub pages: (u8, u8),
    pub column: u8,
    pub page: u8,
    pub segment_remap: bool,
    pub com_reversed: bool,
    pub start_line: u8,
    pub offset: u8,
    pub multiplex: u8,
    pub com_pins: u8,
    pub all_on: bool,
    pub inverse: bool,
    pub display_on: bool,
    pub charge_pump: bool,
    pending: Vec<u8>,
    /// Whether data bytes since the last addressing command have opened a `DataWrite`.
    burst_open: bool,
}

/// Parameter bytes after each command code.
fn params(command: u8) -> usize {
    match command {
        0x20 | 0x81 | 0x8D | 0xA8 | 0xD3 | 0xD5 | 0xD9 | 0xDA | 0xDB | 0xAD => 1,
        0x21 | 0x22 | 0xA3 => 2,
        0x29 | 0x2A => 5,
        0x26 | 0x27 => 6,
        _ => 0,
    }
}

fn known(command: u8) -> bool {
    matches!(
        command,
        0x00..=0x1F
            | 0x20..=0x22
            | 0x26 | 0x27 | 0x29 | 0x2A | 0x2E | 0x2F
            | 0x40..=0x7F
            | 0x81 | 0x8D | 0xA0 | 0xA1 | 0xA3..=0xA8 | 0xAD | 0xAE | 0xAF
            | 0xB0..=0xB7
            | 0xC0 | 0xC8 | 0xD3 | 0xD5 | 0xD9 | 0xDA | 0xDB | 0xE3
    )
}

impl Controller {
    /// A controller after reset (datasheet's reset values), its RAM full of noise.
    pub fn new() -> Self {
        let mut ram = [0u8; WIDTH * PAGES];
        for (i, b) in ram.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(151).wrapping_add(7);
        }
        Controller {
            ram,
            log: Vec::new(),
            unknown: Vec::new(),
            writes: Vec::new(),
            wrong_address: 0,
            addressing_mode: 2,
            columns: (0, 127),
            pages: (0, 7),
            column: 0,
            page: 0,
            segment_remap: false,
            com_reversed: false,
            start_line: 0,
            offset: 0,
            multiplex: 63,
            com_pins: 0x12,
            all_on: false,
            inverse: false,
            display_on: false,
            charge_pump: false,
            pending: Vec::new(),
            burst_open: false,
        }
    }

    pub fn clear_log(&mut self) {
        self.log.clear();
        self.writes.clear();
    }

    pub fn commands(&self) -> Vec<u8> {
        self.log.iter().map(|r| r.command).collect()
    }

    /// RAM bit of column `x`, row `y` (0..64).
    pub fn bit(&self, x: usize, y: usize) -> bool {
        self.ram[(y / 8) * WIDTH + x] & (1 << (y % 8)) != 0
    }

    /// One I²C write to the module: control bytes and what they announce.
    pub fn write(&mut self, bytes: &[u8]) {
        let mut i = 0;
        while i < bytes.len() {
            let control = bytes[i];
            i += 1;
            let data = control & 0x40 != 0;
            let single = control & 0x80 != 0;
            let end = if single {
                (i + 1).min(bytes.len())
            } else {
                bytes.len()
            };
            for &b in &bytes[i..end] {
                if data {
                    self.data(b);
                } else {
                    self.command(b);
                }
            }
            i = end;
        }
    }

    fn command(&mut self, b: u8) {
        self.pending.push(b);
        let command = self.pending[0];
        if self.pending.len() <= params(command) {
            return;
        }
        let p = std::mem::take(&mut self.pending);
        let received = Received {
            command,
            params: p[1..].to_vec(),
        };
        if !known(command) {
            self.unknown.push(received.clone());
        }
        self.log.push(received);
        match (command, &p[1..]) {
            (0x00..=0x0F, _) => self.column = (self.column & 0xF0) | command,
            (0x10..=0x1F, _) => self.column = (self.column & 0x0F) | ((command & 0x0F) << 4),
            (0x20, &[mode]) => self.addressing_mode = mode & 0x03,
            (0x21, &[c0, c1]) => {
                self.columns = (c0 & 0x7F, c1 & 0x7F);
                self.column = self.columns.0;
            }
            (0x22, &[p0, p1]) => {
                self.pages = (p0 & 0x07, p1 & 0x07);
                self.page = self.pages.0;
            }
            (0x40..=0x7F, _) => self.start_line = command & 0x3F,
            (0x8D, &[c]) => self.charge_pump = c & 0x04 != 0,
            (0xA0, _) => self.segment_remap = false,
            (0xA1, _) => self.segment_remap = true,
            (0xA4, _) => self.all_on = false,
            (0xA5, _) => self.all_on = true,
            (0xA6, _) => self.inverse = false,
            (0xA7, _) => self.inverse = true,
            (0xA8, &[m]) => self.multiplex = m & 0x3F,
            (0xAE, _) => self.display_on = false,
            (0xAF, _) => self.display_on = true,
            (0xB0..=0xB7, _) => self.page = command & 0x07,
            (0xC0, _) => self.com_reversed = false,
            (0xC8, _) => self.com_reversed = true,
            (0xD3, &[o]) => self.offset = o & 0x3F,
            (0xDA, &[c]) => self.com_pins = c,
            _ => {}
        }
        if matches!(command, 0x00..=0x22 | 0xB0..=0xB7) {
            self.burst_open = false;
        }
    }

    fn data(&mut self, b: u8) {
        if !self.pending.is_empty() {
            panic!(
                "data while command {:#04x} waits for parameters",
                self.pending[0]
            );
        }
        if !self.burst_open {
            self.burst_open = true;
            self.writes.push(DataWrite {
                mode: self.addressing_mode,
                columns: self.columns,
                pages: self.pages,
                start: (self.column, self.page),
                bytes: 0,
            });
        }
        self.ram[usize::from(self.page) * WIDTH + usize::from(self.column)] = b;
        if let Some(w) = self.writes.last_mut() {
            w.bytes += 1;
        }
        match self.addressing_mode {
            0 => {
                if self.column < self.columns.1 {
                    self.column += 1;
                } else {
                    self.column = self.columns.0;
                    self.page = if self.page < self.pages.1 {
                        self.page + 1
                    } else {
                        self.pages.0
                    };
                }
            }
            1 => {
                if self.page < self.pages.1 {
                    self.page += 1;
                } else {
                    self.page = self.pages.0;
                    self.column = if self.column < self.columns.1 {
                        self.column + 1
                    } else {
                        self.columns.0
                    };
                }
            }
            // Page mode: along the page, back to its column 0 after the last.
            _ => {
                self.column = if self.column < 127 {
                    self.column + 1
                } else {
                    0
                }
            }
        }
    }

    /// What the module's glass shows, as a person sees the module upright.
    pub fn seen_picture(&self) -> Result<Frame<BinaryColor>, Dark> {
        if !self.display_on {
            return Err(Dark::DisplayOff);
        }
        if !self.charge_pump {
            return Err(Dark::ChargePumpOff);
        }
        if self.com_pins != MODULE_COM_PINS {
            return Err(Dark::ComPins(self.com_pins));
        }
        let mut pixels = Vec::with_capacity(WIDTH * HEIGHT);
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                // The glass: segment 0 on the right, COM 0 at the bottom.
                let segment = WIDTH - 1 - x;
                let com = HEIGHT - 1 - y;
                let column = if self.segment_remap {
                    WIDTH - 1 - segment
                } else {
                    segment
                };
                let mux = usize::from(self.multiplex) + 1;
                let display_row = if self.com_reversed {
                    (mux - 1).checked_sub(com)
                } else {
                    Some(com).filter(|&c| c < mux)
                };
                let on = match display_row {
                    // COM lines beyond the multiplex ratio are not driven.
                    None => false,
                    Some(r) => {
                        let row =
                            (r + usize::from(self.start_line) + usize::from(self.offset)) % HEIGHT;
                        self.all_on || (self.bit(column, row) != self.inverse)
                    }
                };
                pixels.push(BinaryColor::from(on));
            }
        }
        Ok(Frame {
            size: Size::new(WIDTH as u32, HEIGHT as u32),
            pixels,
        })
    }
}

pub type Shared = Rc<RefCell<Controller>>;

/// The I²C bus with the module on it.
pub struct Bus(pub Shared);

pub fn emulated() -> (Shared, Bus) {
    let c = Rc::new(RefCell::new(Controller::new()));
    (c.clone(), Bus(c))
}

impl i2c::ErrorType for Bus {
    type Error = i2c::ErrorKind;
}

impl I2c<SevenBitAddress> for Bus {
    fn transaction(
        &mut self,
        address: SevenBitAddress,
        operations: &mut [Operation<'_>],
    ) -> Result<(), Self::Error> {
        let mut c = self.0.borrow_mut();
        if address != ADDRESS {
            c.wrong_address += 1;
            return Err(i2c::ErrorKind::NoAcknowledge(
                i2c::NoAcknowledgeSource::Address,
            ));
        }
        for op in operations {
            match op {
                Operation::Write(bytes) => c.write(bytes),
                Operation::Read(_) => panic!("the SSD1306 on I2C cannot be read"),
            }
        }
        Ok(())
    }
}
