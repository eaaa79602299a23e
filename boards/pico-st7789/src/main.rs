//! The Sprig showcase on a Raspberry Pi Pico (RP2040) with an ST7789 240×240 IPS panel
//! on SPI0, driven through `mipidsi`, with four push buttons.
//!
//! The app is the one the simulator shows with `--panel color`: the thermostat in its
//! 240×240 layout and colour palette, rendered into RGB565 tiles and flushed
//! rectangle by rectangle, paced to 30 frames per second by the RP2040's 1 MHz timer.
//!
//! Wiring (GPn is the RP2040 GPIO number, not the header pin; every signal is 3.3 V):
//!
//! | Panel / part  | Pico            | Note                                             |
//! |---------------|-----------------|--------------------------------------------------|
//! | VCC           | 3V3(OUT), pin 36|                                                  |
//! | GND           | GND, pin 38     |                                                  |
//! | SCL / SCK     | GP18, pin 24    | SPI0 SCK                                         |
//! | SDA / MOSI    | GP19, pin 25    | SPI0 TX                                          |
//! | CS            | GP17, pin 22    | modules without CS: leave GP17 unconnected       |
//! | DC            | GP16, pin 21    | data/command                                     |
//! | RES / RST     | GP20, pin 26    |                                                  |
//! | BLK / BL      | GP21, pin 27    | driven high (backlight on)                       |
//! | button A      | GP2, pin 4      | to GND; the next mode                            |
//! | button B      | GP3, pin 5      | to GND                                           |
//! | button Left   | GP4, pin 6      | to GND; target −0.5 °C                           |
//! | button Right  | GP5, pin 7      | to GND; target +0.5 °C                           |
//!
//! The buttons use the RP2040's internal pull-ups and read low when pressed; the 33 ms
//! frame period debounces them. SPI runs in mode 3 (clock idles high), which the
//! CS-less 240×240 modules need and the others accept, at 62.5 MHz (the RP2040's
//! fastest: half the 125 MHz peripheral clock); with long jumper wires set
//! [`SPI_HZ`] to 31.25 MHz.
//!
//! Logs go out through defmt over RTT: `cargo run --release` (probe-rs) flashes the
//! board through a debug probe and prints them, panics included. See `docs/boards.md`
//! for the parts list and for flashing over USB (UF2) without a probe.
#![no_std]
#![no_main]

use defmt_rtt as _;
use panic_probe as _;

use embedded_graphics::prelude::Size;
use embedded_hal::digital::OutputPin;
use embedded_hal_bus::spi::ExclusiveDevice;
use mipidsi::models::ST7789;
use mipidsi::options::ColorInversion;
use rp2040_hal as hal;
use rp2040_hal::clocks::Clock as _;
use rp2040_hal::fugit::RateExtU32;
use rp2040_hal::gpio::{FunctionSpi, Pins};
use rp2040_hal::pac;
use sprig::render::damage::BusCost;
use sprig::Key;
use sprig_examples::{build_showcase, Layout, ShowcaseColorRenderer, ShowcaseWorld, SHOWCASE_FPS};
use sprig_mcu::{Buttons, Clock, RunConfig, Runner};
use static_cell::StaticCell;

/// The second-stage bootloader for the Pico's W25Q16JV flash, first in flash.
#[link_section = ".boot2"]
#[used]
pub static BOOT2: [u8; 256] = rp2040_boot2::BOOT_LOADER_W25Q080;

/// The Pico's crystal.
const XOSC_HZ: u32 = 12_000_000;

/// The SPI clock: the RP2040's fastest, half the 125 MHz peripheral clock.
const SPI_HZ: u32 = 62_500_000;

/// The panel's size in pixels.
const PANEL: Size = Size::new(240, 240);

/// The world and the renderer live in `.bss`, so the linker's map shows the RAM they
/// take, and nothing large sits on the stack.
static WORLD: StaticCell<ShowcaseWorld> = StaticCell::new();
static RENDERER: StaticCell<ShowcaseColorRenderer> = StaticCell::new();

/// Bytes `mipidsi` gathers pixels into before each SPI write.
static SPI_BUFFER: StaticCell<[u8; 512]> = StaticCell::new();

/// The runner's clock: the RP2040's 64-bit timer, which counts microseconds from boot
/// (it runs from the 12 MHz reference clock divided by the watchdog's tick generator,
/// which `init_clocks_and_plls` starts) and never wraps in practice.
struct MicrosClock(hal::Timer);

impl Clock for MicrosClock {
    fn now(&mut self) -> u64 {
        self.0.get_counter().ticks()
    }

    fn ticks_per_second(&self) -> u64 {
        1_000_000
    }
}

#[hal::entry]
fn main() -> ! {
    defmt::info!("sprig-pico: showcase on an ST7789 240x240");
    let mut pac = defmt::unwrap!(pac::Peripherals::take());
    let mut watchdog = hal::Watchdog::new(pac.WATCHDOG);
    let Ok(clocks) = hal::clocks::init_clocks_and_plls(
        XOSC_HZ,
        pac.XOSC,
        pac.CLOCKS,
        pac.PLL_SYS,
        pac.PLL_USB,
        &mut pac.RESETS,
        &mut watchdog,
    ) else {
        defmt::panic!("clock setup failed (no 12 MHz crystal?)");
    };
    let mut timer = hal::Timer::new(pac.TIMER, &mut pac.RESETS, &clocks);
    let sio = hal::Sio::new(pac.SIO);
    let pins = Pins::new(
        pac.IO_BANK0,
        pac.PADS_BANK0,
        sio.gpio_bank0,
        &mut pac.RESETS,
    );

    // The panel: SPI0 on GP18 (SCK) and GP19 (TX), CS on GP17, DC on GP16, RST on GP20.
    let sck = pins.gpio18.into_function::<FunctionSpi>();
    let mosi = pins.gpio19.into_function::<FunctionSpi>();
    let spi = hal::spi::Spi::<_, _, _, 8>::new(pac.SPI0, (mosi, sck)).init(
        &mut pac.RESETS,
        clocks.peripheral_clock.freq(),
        SPI_HZ.Hz(),
        embedded_hal::spi::MODE_3,
    );
    let cs = pins.gpio17.into_push_pull_output();
    let dc = pins.gpio16.into_push_pull_output();
    let rst = pins.gpio20.into_push_pull_output();
    let mut backlight = pins.gpio21.into_push_pull_output();
    // RP2040 pins cannot fail (their error type is `Infallible`).
    let Ok(()) = backlight.set_high();
    let Ok(spi_device) = ExclusiveDevice::new(spi, cs, timer);
    let interface =
        mipidsi::interface::SpiInterface::new(spi_device, dc, SPI_BUFFER.init([0; 512]));
    let display = match mipidsi::Builder::new(ST7789, interface)
        .display_size(PANEL.width as u16, PANEL.height as u16)
        .invert_colors(ColorInversion::Inverted)
        .reset_pin(rst)
        .init(&mut timer)
    {
        Ok(display) => display,
        Err(_) => defmt::panic!("ST7789 init failed"),
    };

    // The buttons: to ground, with the internal pull-ups.
    let buttons = Buttons::active_low([
        (Key::A, pins.gpio2.into_pull_up_input().into_dyn_pin()),
        (Key::B, pins.gpio3.into_pull_up_input().into_dyn_pin()),
        (Key::Left, pins.gpio4.into_pull_up_input().into_dyn_pin()),
        (Key::Right, pins.gpio5.into_pull_up_input().into_dyn_pin()),
    ]);

    let world = WORLD.init_with(ShowcaseWorld::new);
    let layout = &Layout::SQUARE;
    defmt::unwrap!(build_showcase(world, layout));
    let renderer = RENDERER.init_with(|| {
        ShowcaseColorRenderer::new(PANEL, layout.palette.background, BusCost::RGB565_MIPI_DCS)
    });
    defmt::info!(
        "RAM: world {=usize} B, renderer {=usize} B (static)",
        core::mem::size_of::<ShowcaseWorld>(),
        core::mem::size_of::<ShowcaseColorRenderer>()
    );

    let mut runner = Runner::new(
        display,
        MicrosClock(timer),
        buttons,
        RunConfig::paced(SHOWCASE_FPS),
    );
    // A report every second, failed frames as warnings, the hooks as they happen.
    sprig_mcu::log::run_forever(&mut runner, world, renderer, SHOWCASE_FPS)
}
