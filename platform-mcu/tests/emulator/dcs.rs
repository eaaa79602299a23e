//! A MIPI DCS display controller (ST7789, ILI9341) behind an SPI bus, a chip-select pin,
//! a data/command pin and a reset pin, and the glass of the module it drives.
//!
//! The bus side is what `mipidsi`'s `SpiInterface` talks to through an
//! `embedded-hal-bus` `ExclusiveDevice`, as on the boards: a byte is taken only while
//! chip select is low; with D/C low it is a command, with D/C high a parameter of the
//! last command or, after `RAMWR`, pixel data.
//!
//! Decoded (MIPI DCS 1.03, ST7789V and ILI9341 datasheets):
//! - `CASET 0x2A` / `RASET 0x2B`: the window, start and end big-endian, inclusive.
//! - `RAMWR 0x2C` (pointer back to the window's start) and `RAMWRC 0x3C` (continue):
//!   pixels in the format `COLMOD 0x3A` chose: `0x55` RGB565 in two bytes, `0x66`
//!   RGB666 in three (6 bits each, high-aligned). The pointer moves along the window's
//!   columns, then to its next row, then back to its first row. Memory keeps 6 bits a
//!   component, as these controllers do (5-bit red and blue extended by their top bit).
//! - `MADCTL 0x36`: MV (bit 5) exchanges the logical column and row, then MX (bit 6)
//!   and MY (bit 7) reverse the physical column and row, as the Sitronix datasheets'
//!   "Memory Data Write/Read Direction" table gives it (MV MX MY = 1 1 0: `CASET` goes
//!   to the physical row, `RASET` to 127 − the physical column on a 128-column ST7735).
//!   With that `mipidsi`'s `Rotation::Deg90` (MV | MX) puts the picture's top on the
//!   right edge of the glass, "90° clockwise" as `mipidsi` documents it. BGR (bit 3) swaps which memory
//!   component drives the red and the blue sub-pixel. ML and MH (bits 4 and 2) only
//!   change the refresh direction and are recorded.
//! - `INVOFF 0x20` / `INVON 0x21`, `SLPIN 0x10` / `SLPOUT 0x11`, `DISPOFF 0x28` /
//!   `DISPON 0x29`, `NORON 0x13`, `PTLON 0x12`, `SWRESET 0x01`, `NOP 0x00`, `TEOFF
//!   0x34`, `TEON 0x35`, `VSCRDEF 0x33`, `VSCSAD 0x37`: state kept; a hardware reset
//!   (the reset pin low, then high) or `SWRESET` restores the power-on state.
//! - A controller's own commands (the ILI9341's `0xB4` inversion-control) are accepted
//!   with their parameter count; any other command is recorded in `unknown`.
//!
//! The glass ([`Glass`]) says what the controller cannot know: which part of its
//! memory the module shows, the sub-pixel order, and whether the liquid crystal needs
//! the controller's inversion (IPS panels do). [`Controller::glass_picture`] applies
//! them, so a wrong colour order or inversion in a driver's settings shows up as wrong
//! colours.

use std::cell::RefCell;
use std::rc::Rc;

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{self, OutputPin};
use embedded_hal::spi::{self, SpiBus};

use super::Frame;

/// What the module's glass is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glass {
    pub name: &'static str,
    /// The controller's memory in its native orientation: columns, rows.
    pub memory: (u16, u16),
    /// The part of the memory the glass shows: first column, first row, width, height.
    pub visible: (u16, u16, u16, u16),
    /// The sub-pixels are blue, green, red from the controller's first source line.
    pub bgr: bool,
    /// The liquid crystal shows the controller's levels inverted unless `INVON` inverts
    /// them back (IPS panels are normally black).
    pub needs_inversion: bool,
    /// The controller's own commands the emulator accepts: code and parameter bytes.
    pub vendor_commands: &'static [(u8, usize)],
}

/// The 1.3″/1.54″ 240×240 IPS modules: an ST7789V (240×320 memory) showing the top
/// 240 rows, RGB sub-pixels, normally black (needs `INVON`).
pub const ST7789_240X240_IPS: Glass = Glass {
    name: "ST7789 240x240 IPS",
    memory: (240, 320),
    visible: (0, 0, 240, 240),
    bgr: false,
    needs_inversion: true,
    vendor_commands: &[],
};

/// The 2.4″/2.8″ 240×320 TN modules: an ILI9341 showing all its memory, BGR sub-pixels,
/// normally white (no inversion).
pub const ILI9341_240X320_TN: Glass = Glass {
    name: "ILI9341 240x320 TN",
    memory: (240, 320),
    visible: (0, 0, 240, 320),
    bgr: true,
    needs_inversion: false,
    vendor_commands: &[(0xB4, 1)],
};

/// A command as the controller received it, with its parameter bytes (`RAMWR` and
/// `RAMWRC` without their pixels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Received {
    pub command: u8,
    pub params: Vec<u8>,
}

/// One memory write: the window it went to (logical, inclusive) and the pixels it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryWrite {
    pub columns: (u16, u16),
    pub rows: (u16, u16),
    pub pixels: u64,
}

/// The emulated controller and what it has seen.
pub struct Controller {
    pub glass: Glass,
    /// Memory, row by row in the native orientation: 6-bit levels of the first, second
    /// and third component as received.
    pub memory: Vec<[u8; 3]>,
    /// Every command since the last `clear_log`, in order.
    pub log: Vec<Received>,
    /// Commands the emulator does not know, with their parameters.
    pub unknown: Vec<Received>,
    /// Every memory write since the last `clear_log`.
    pub writes: Vec<MemoryWrite>,
    /// Parameter bytes beyond what a command takes, or before any command.
    pub stray_bytes: u64,
    /// Pixels whose address fell outside the memory (dropped, as by the chip).
    pub outside_memory: u64,
    /// Bytes clocked while chip select was high (ignored, as by the chip).
    pub unselected_bytes: u64,
    /// Hardware resets (reset pin low then high) and `SWRESET`s.
    pub resets: u32,
    /// Nanoseconds the driver waited through the delay.
    pub waited_ns: u64,
    pub madctl: u8,
    pub colmod: u8,
    pub inversion_on: bool,
    pub sleeping: bool,
    pub display_on: bool,
    pub columns: (u16, u16),
    pub rows: (u16, u16),
    cs_low: bool,
    dc_data: Option<bool>,
    reset_low: bool,
    /// The command whose parameters are arriving, and how many it takes (`None`: pixel
    /// data for a memory write, or an unknown command's bytes).
    current: Option<(u8, Option<usize>)>,
    params: Vec<u8>,
    pixel_bytes: Vec<u8>,
    x: u16,
    y: u16,
}

/// Parameter bytes of the standard commands (`None` for the memory writes, whose data
/// runs until the next command).
fn standard_params(command: u8) -> Option<Option<usize>> {
    Some(match command {
        0x00 | 0x01 | 0x10 | 0x11 | 0x12 | 0x13 | 0x20 | 0x21 | 0x28 | 0x29 | 0x34 | 0x38
        | 0x39 => Some(0),
        0x2A | 0x2B => Some(4),
        0x2C | 0x3C => None,
        0x33 => Some(6),
        0x35 | 0x36 | 0x3A => Some(1),
        0x37 => Some(2),
        _ => return None,
    })
}

impl Controller {
    /// A controller just powered, its memory full of left-over noise.
    pub fn new(glass: Glass) -> Self {
        let cells = usize::from(glass.memory.0) * usize::from(glass.memory.1);
        let mut c = Controller {
            glass,
            memory: (0..cells)
                .map(|i| {
                    let v = i * 37 % 61;
                    [v as u8, (63 - v) as u8, (v * 7 % 64) as u8]
                })
                .collect(),
            log: Vec::new(),
            unknown: Vec::new(),
            writes: Vec::new(),
            stray_bytes: 0,
            outside_memory: 0,
            unselected_bytes: 0,
            resets: 0,
            waited_ns: 0,
            madctl: 0,
            colmod: 0x66,
            inversion_on: false,
            sleeping: true,
            display_on: false,
            columns: (0, 0),
            rows: (0, 0),
            cs_low: false,
            dc_data: None,
            reset_low: false,
            current: None,
            params: Vec::new(),
            pixel_bytes: Vec::new(),
            x: 0,
            y: 0,
        };
        c.reset();
        c.resets = 0;
        c
    }

    /// The power-on state of the registers (the memory keeps what it had).
    fn reset(&mut self) {
        self.resets += 1;
        self.madctl = 0;
        self.colmod = 0x66;
        self.inversion_on = false;
        self.sleeping = true;
        self.display_on = false;
        self.columns = (0, self.glass.memory.0 - 1);
        self.rows = (0, self.glass.memory.1 - 1);
        self.current = None;
        self.params.clear();
        self.pixel_bytes.clear();
    }

    /// Forgets the log (keeps the state and the memory).
    pub fn clear_log(&mut self) {
        self.log.clear();
        self.writes.clear();
    }

    /// The command codes received since the last `clear_log`, in order.
    pub fn commands(&self) -> Vec<u8> {
        self.log.iter().map(|r| r.command).collect()
    }

    /// Bytes clocked on the bus: what the chip takes while selected.
    pub fn receive(&mut self, bytes: &[u8]) {
        if !self.cs_low {
            self.unselected_bytes += bytes.len() as u64;
            return;
        }
        let data = self
            .dc_data
            .expect("bytes clocked before the D/C line was ever driven");
        for &b in bytes {
            if data {
                self.parameter(b);
            } else {
                self.command(b);
            }
        }
    }

    fn command(&mut self, command: u8) {
        self.current = None;
        self.params.clear();
        self.pixel_bytes.clear();
        self.log.push(Received {
            command,
            params: Vec::new(),
        });
        let params = standard_params(command).or_else(|| {
            self.glass
                .vendor_commands
                .iter()
                .find(|(c, _)| *c == command)
                .map(|&(_, n)| Some(n))
        });
        match params {
            None => {
                self.unknown.push(Received {
                    command,
                    params: Vec::new(),
                });
                self.current = Some((command, None));
            }
            Some(None) => {
                if command == 0x2C {
                    self.x = self.columns.0;
                    self.y = self.rows.0;
                }
                self.writes.push(MemoryWrite {
                    columns: self.columns,
                    rows: self.rows,
                    pixels: 0,
                });
                self.current = Some((command, None));
            }
            Some(Some(0)) => self.execute(command),
            Some(Some(n)) => self.current = Some((command, Some(n))),
        }
    }

    fn parameter(&mut self, b: u8) {
        match self.current {
            None => self.stray_bytes += 1,
            Some((0x2C | 0x3C, None)) => self.pixel_byte(b),
            Some((_, None)) => {
                if let Some(u) = self.unknown.last_mut() {
                    u.params.push(b);
                }
                if let Some(r) = self.log.last_mut() {
                    r.params.push(b);
                }
            }
            Some((command, Some(n))) => {
                self.params.push(b);
                if let Some(r) = self.log.last_mut() {
                    r.params.push(b);
                }
                if self.params.len() == n {
                    self.execute(command);
                    self.current = None;
                } else if self.params.len() > n {
                    self.stray_bytes += 1;
                }
            }
        }
    }

    fn execute(&mut self, command: u8) {
        let p = std::mem::take(&mut self.params);
        let range = |p: &[u8]| {
            (
                u16::from_be_bytes([p[0], p[1]]),
                u16::from_be_bytes([p[2], p[3]]),
            )
        };
        match command {
            0x01 => self.reset(),
            0x10 => self.sleeping = true,
            0x11 => self.sleeping = false,
            0x20 => self.inversion_on = false,
            0x21 => self.inversion_on = true,
            0x28 => self.display_on = false,
            0x29 => self.display_on = true,
            0x2A => self.columns = range(&p),
            0x2B => self.rows = range(&p),
            0x36 => self.madctl = p[0],
            0x3A => self.colmod = p[0],
            _ => {}
        }
    }

    /// Bytes per pixel in the current interface format (`COLMOD`'s low nibble).
    fn bytes_per_pixel(&self) -> usize {
        match self.colmod & 0x07 {
            0x05 => 2,
            0x06 => 3,
            other => panic!("pixel format COLMOD {other:#x} is not emulated"),
        }
    }

    fn pixel_byte(&mut self, b: u8) {
        self.pixel_bytes.push(b);
        if self.pixel_bytes.len() < self.bytes_per_pixel() {
            return;
        }
        let levels = match self.pixel_bytes[..] {
            [hi, lo] => {
                let r5 = hi >> 3;
                let g6 = ((hi & 0x07) << 3) | (lo >> 5);
                let b5 = lo & 0x1F;
                [(r5 << 1) | (r5 >> 4), g6, (b5 << 1) | (b5 >> 4)]
            }
            [a, b, c] => [a >> 2, b >> 2, c >> 2],
            _ => unreachable!(),
        };
        self.pixel_bytes.clear();
        if let Some(w) = self.writes.last_mut() {
            w.pixels += 1;
        }
        match self.cell(self.x, self.y) {
            Some(i) => self.memory[i] = levels,
            None => self.outside_memory += 1,
        }
        if self.x < self.columns.1 {
            self.x += 1;
        } else {
            self.x = self.columns.0;
            self.y = if self.y < self.rows.1 {
                self.y + 1
            } else {
                self.rows.0
            };
        }
    }

    /// The memory cell a logical address lands on: MV exchanges column and row, then
    /// MX and MY reverse the physical column and row.
    pub fn cell(&self, x: u16, y: u16) -> Option<usize> {
        let (width, height) = self.glass.memory;
        let (column, row) = if self.madctl & 0x20 != 0 {
            (y, x)
        } else {
            (x, y)
        };
        if column >= width || row >= height {
            return None;
        }
        let column = if self.madctl & 0x40 != 0 {
            width - 1 - column
        } else {
            column
        };
        let row = if self.madctl & 0x80 != 0 {
            height - 1 - row
        } else {
            row
        };
        Some(usize::from(row) * usize::from(width) + usize::from(column))
    }

    /// The colour a person sees for memory levels `levels`: the BGR bit and the glass's
    /// sub-pixel order decide which component lights red and blue, `INVON` and the
    /// liquid crystal whether the levels show inverted.
    pub fn seen(&self, levels: [u8; 3]) -> Rgb565 {
        let [first, green, third] = levels;
        let madctl_bgr = self.madctl & 0x08 != 0;
        let (red, blue) = if madctl_bgr != self.glass.bgr {
            (third, first)
        } else {
            (first, third)
        };
        let inverted = self.inversion_on != self.glass.needs_inversion;
        let level = |v: u8| if inverted { 63 - v } else { v };
        Rgb565::new(level(red) >> 1, level(green), level(blue) >> 1)
    }

    /// What the glass shows, in its native orientation (`None` while the controller
    /// sleeps or its display is off: nothing is driven).
    pub fn glass_picture(&self) -> Option<Frame<Rgb565>> {
        if self.sleeping || !self.display_on {
            return None;
        }
        let (x0, y0, w, h) = self.glass.visible;
        let mut pixels = Vec::with_capacity(usize::from(w) * usize::from(h));
        for row in y0..y0 + h {
            for column in x0..x0 + w {
                let i = usize::from(row) * usize::from(self.glass.memory.0) + usize::from(column);
                pixels.push(self.seen(self.memory[i]));
            }
        }
        Some(Frame {
            size: Size::new(u32::from(w), u32::from(h)),
            pixels,
        })
    }

    /// What a person holding the module turned by `turn` sees.
    pub fn seen_picture(&self, turn: Turn) -> Option<Frame<Rgb565>> {
        let glass = self.glass_picture()?;
        let (w, h) = (glass.size.width, glass.size.height);
        Some(match turn {
            Turn::Upright => glass,
            // The module's right edge on top: the seen row y is the glass's column
            // w − 1 − y, the seen column x its row x.
            Turn::Left => glass.remap(Size::new(h, w), |x, y| (w - 1 - y, x)),
        })
    }
}

/// How the person holds the module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// As its memory's native orientation reads: top row on top.
    Upright,
    /// Turned 90° counterclockwise (a portrait module held in landscape, its right
    /// edge up): a picture that `mipidsi`'s `Rotation::Deg90` wrote reads upright.
    Left,
}

pub type Shared = Rc<RefCell<Controller>>;

/// The SPI bus (SCK and MOSI; MISO is not connected: the panel is only written).
pub struct Bus(pub Shared);
/// The chip-select pin, active low.
pub struct ChipSelect(pub Shared);
/// The data/command pin: low for a command, high for data.
pub struct DataCommand(pub Shared);
/// The reset pin, active low.
pub struct Reset(pub Shared);
/// The delay the driver waits with: counted, not waited.
pub struct Delay(pub Shared);

/// A controller on `glass` and its bus, pins and delay.
pub fn emulated(glass: Glass) -> (Shared, Bus, ChipSelect, DataCommand, Reset, Delay) {
    let c = Rc::new(RefCell::new(Controller::new(glass)));
    (
        c.clone(),
        Bus(c.clone()),
        ChipSelect(c.clone()),
        DataCommand(c.clone()),
        Reset(c.clone()),
        Delay(c),
    )
}

impl spi::ErrorType for Bus {
    type Error = spi::ErrorKind;
}

impl SpiBus for Bus {
    fn read(&mut self, _words: &mut [u8]) -> Result<(), Self::Error> {
        panic!("the panel's MISO is not connected: nothing can be read");
    }

    fn write(&mut self, words: &[u8]) -> Result<(), Self::Error> {
        self.0.borrow_mut().receive(words);
        Ok(())
    }

    fn transfer(&mut self, _read: &mut [u8], _write: &[u8]) -> Result<(), Self::Error> {
        panic!("the panel's MISO is not connected: nothing can be read");
    }

    fn transfer_in_place(&mut self, _words: &mut [u8]) -> Result<(), Self::Error> {
        panic!("the panel's MISO is not connected: nothing can be read");
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl digital::ErrorType for ChipSelect {
    type Error = digital::ErrorKind;
}

impl OutputPin for ChipSelect {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        self.0.borrow_mut().cs_low = true;
        Ok(())
    }

    fn set_high(&mut self) -> Result<(), Self::Error> {
        self.0.borrow_mut().cs_low = false;
        Ok(())
    }
}

impl digital::ErrorType for DataCommand {
    type Error = digital::ErrorKind;
}

impl OutputPin for DataCommand {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        self.0.borrow_mut().dc_data = Some(false);
        Ok(())
    }

    fn set_high(&mut self) -> Result<(), Self::Error> {
        self.0.borrow_mut().dc_data = Some(true);
        Ok(())
    }
}

impl digital::ErrorType for Reset {
    type Error = digital::ErrorKind;
}

impl OutputPin for Reset {
    fn set_low(&mut self) -> Result<(), Self::Error> {
        self.0.borrow_mut().reset_low = true;
        Ok(())
    }

    /// The rising edge ends the reset pulse: the registers go back to power-on.
    fn set_high(&mut self) -> Result<(), Self::Error> {
        let mut c = self.0.borrow_mut();
        if c.reset_low {
            c.reset_low = false;
            c.reset();
        }
        Ok(())
    }
}

impl DelayNs for Delay {
    fn delay_ns(&mut self, ns: u32) {
        self.0.borrow_mut().waited_ns += u64::from(ns);
    }
}
