//! The Sprig showcase on an STM32F411CEU6 "Black Pill" (WeAct v2/v3) with an ILI9341
//! 320×240 TFT on SPI1, driven through `mipidsi`, with four push buttons.
//!
//! The app is the one the simulator shows with `--panel wide`: the thermostat in its
//! 320×240 layout and colour palette, rendered into RGB565 tiles and flushed
//! rectangle by rectangle, paced to 30 frames per second by TIM2 counting microseconds.
//! The core runs at 100 MHz from the board's 25 MHz crystal.
//!
//! Wiring (every signal is 3.3 V):
//!
//! | Panel / part    | Black Pill | Note                                              |
//! |-----------------|------------|---------------------------------------------------|
//! | VCC             | 3V3        |                                                   |
//! | GND             | G          |                                                   |
//! | SCK             | PA5        | SPI1 SCK                                          |
//! | SDI (MOSI)      | PA7        | SPI1 MOSI                                         |
//! | SDO (MISO)      | —          | not connected: the panel is only written          |
//! | CS              | PA4        |                                                   |
//! | DC / RS         | PB0        | data/command                                      |
//! | RESET           | PB1        |                                                   |
//! | LED             | PB10       | driven high (backlight on); or tie it to 3V3      |
//! | button A        | PA0        | the board's own KEY button; the next mode         |
//! | button B        | PB12       | to G                                              |
//! | button Left     | PB13       | to G; target −0.5 °C                              |
//! | button Right    | PB14       | to G; target +0.5 °C                              |
//!
//! The buttons use the internal pull-ups and read low when pressed; the 33 ms frame
//! period debounces them. SPI1 runs in mode 0 at 25 MHz (APB2 100 MHz / 4). That is
//! above the ILI9341's rated 10 MHz write clock, as is usual for these modules; with
//! long wires lower [`SPI_HZ`]. If red and blue come out swapped, change the colour
//! order to `Rgb`; if the picture is mirrored, add `flip_horizontal()` to the orientation.
//!
//! SPI1 stays in full-duplex mode rather than the faster transmit-only (bidirectional)
//! mode: in that mode this HAL's `write` returns before the last byte has left the
//! shifter and its `flush` does not wait, so CS and DC could change under the last
//! command byte. Full duplex waits for every byte to come back.
//!
//! Logs go out through defmt over RTT: `cargo run --release` (probe-rs, with an ST-Link
//! or any SWD probe on the SWDIO/SWCLK header) flashes the board and prints them, panics
//! included. See `docs/boards.md`.
#![no_std]
#![no_main]

use defmt_rtt as _;
use panic_probe as _;

use embedded_graphics::prelude::Size;
use embedded_hal_bus::spi::ExclusiveDevice;
use mipidsi::models::ILI9341Rgb565;
use mipidsi::options::{ColorOrder, Orientation, Rotation};
use sprig::render::damage::BusCost;
use sprig::Key;
use sprig_examples::{build_showcase, Layout, ShowcaseColorRenderer, ShowcaseWorld, SHOWCASE_FPS};
use sprig_mcu::{Buttons, Clock, RunConfig, Runner};
use static_cell::StaticCell;
use stm32f4xx_hal::pac;
use stm32f4xx_hal::prelude::*;
use stm32f4xx_hal::rcc::Config;
use stm32f4xx_hal::timer::CounterUs;

/// The Black Pill's crystal.
const HSE_HZ: u32 = 25_000_000;

/// The core clock: the STM32F411's fastest.
const SYSCLK_HZ: u32 = 100_000_000;

/// The SPI clock: APB2 (100 MHz) divided by 4.
const SPI_HZ: u32 = 25_000_000;

/// The panel's size in pixels, in landscape.
const PANEL: Size = Size::new(320, 240);

/// The world and the renderer live in `.bss`, so the linker's map shows the RAM they
/// take, and nothing large sits on the stack.
static WORLD: StaticCell<ShowcaseWorld> = StaticCell::new();
static RENDERER: StaticCell<ShowcaseColorRenderer> = StaticCell::new();

/// Bytes `mipidsi` gathers pixels into before each SPI write.
static SPI_BUFFER: StaticCell<[u8; 512]> = StaticCell::new();

/// The runner's clock: TIM2, a 32-bit timer prescaled to 1 MHz and left running with
/// the longest period it has (2³² − 1 µs, about 71 minutes), extended to 64 bits in
/// software by counting wrap-arounds.
///
/// Why TIM2 and not the alternatives: SysTick is 24-bit (it wraps every 168 ms at
/// 100 MHz, so extending it needs an interrupt), and the DWT cycle counter wraps every
/// 43 s; TIM2 counts whole microseconds with no interrupt at all. A wrap is noticed as
/// the count going backwards, which only needs `now` to be called at least once per
/// period; the runner calls it several times per frame.
struct MicrosClock {
    timer: CounterUs<pac::TIM2>,
    /// The last raw count read.
    last: u32,
    /// Microseconds in the periods completed before `last`.
    base: u64,
}

impl MicrosClock {
    /// Ticks in one period of the counter: it counts `0..=ARR` with `ARR = 2³² − 2`.
    const PERIOD: u64 = u32::MAX as u64;

    fn new(mut timer: CounterUs<pac::TIM2>) -> Self {
        // Fails only for a period a 16-bit timer cannot count, not on TIM2.
        if timer.start(u32::MAX.micros()).is_err() {
            defmt::panic!("TIM2 did not start");
        }
        MicrosClock {
            timer,
            last: 0,
            base: 0,
        }
    }
}

impl Clock for MicrosClock {
    fn now(&mut self) -> u64 {
        let count = self.timer.now().ticks();
        if count < self.last {
            self.base += Self::PERIOD;
        }
        self.last = count;
        self.base + u64::from(count)
    }

    fn ticks_per_second(&self) -> u64 {
        1_000_000
    }
}

#[cortex_m_rt::entry]
fn main() -> ! {
    defmt::info!("sprig-stm32f4: showcase on an ILI9341 320x240");
    let dp = defmt::unwrap!(pac::Peripherals::take());
    let mut rcc = dp
        .RCC
        .freeze(Config::hse(HSE_HZ.Hz()).sysclk(SYSCLK_HZ.Hz()));
    let gpioa = dp.GPIOA.split(&mut rcc);
    let gpiob = dp.GPIOB.split(&mut rcc);

    // The panel: SPI1 on PA5 (SCK) and PA7 (MOSI), CS on PA4, DC on PB0, RST on PB1.
    let spi = dp.SPI1.spi(
        (Some(gpioa.pa5), pac::SPI1::NoMiso, Some(gpioa.pa7)),
        embedded_hal::spi::MODE_0,
        SPI_HZ.Hz(),
        &mut rcc,
    );
    let cs = gpioa.pa4.into_push_pull_output();
    let dc = gpiob.pb0.into_push_pull_output();
    let rst = gpiob.pb1.into_push_pull_output();
    let mut backlight = gpiob.pb10.into_push_pull_output();
    backlight.set_high();
    // STM32 pins cannot fail (their error type is `Infallible`).
    let Ok(spi_device) = ExclusiveDevice::new_no_delay(spi, cs);
    let interface =
        mipidsi::interface::SpiInterface::new(spi_device, dc, SPI_BUFFER.init([0; 512]));
    // The reset pulse and the init sequence's pauses, on TIM5 (free after init).
    let mut delay = dp.TIM5.delay_us(&mut rcc);
    // The ILI9341 is 240×320 portrait; turned by 90° it is 320×240.
    let display = match mipidsi::Builder::new(ILI9341Rgb565, interface)
        .display_size(PANEL.height as u16, PANEL.width as u16)
        .orientation(Orientation::new().rotate(Rotation::Deg90))
        .color_order(ColorOrder::Bgr)
        .reset_pin(rst)
        .init(&mut delay)
    {
        Ok(display) => display,
        Err(_) => defmt::panic!("ILI9341 init failed"),
    };

    // The buttons: to ground, with the internal pull-ups.
    let buttons = Buttons::active_low([
        (Key::A, gpioa.pa0.into_pull_up_input().erase()),
        (Key::B, gpiob.pb12.into_pull_up_input().erase()),
        (Key::Left, gpiob.pb13.into_pull_up_input().erase()),
        (Key::Right, gpiob.pb14.into_pull_up_input().erase()),
    ]);

    let world = WORLD.init_with(ShowcaseWorld::new);
    let layout = &Layout::WIDE;
    defmt::unwrap!(build_showcase(world, layout));
    let renderer = RENDERER.init_with(|| {
        ShowcaseColorRenderer::new(PANEL, layout.palette.background, BusCost::RGB565_MIPI_DCS)
    });
    defmt::info!(
        "RAM: world {=usize} B, renderer {=usize} B (static)",
        core::mem::size_of::<ShowcaseWorld>(),
        core::mem::size_of::<ShowcaseColorRenderer>()
    );

    let clock = MicrosClock::new(dp.TIM2.counter_us(&mut rcc));
    let mut runner = Runner::new(display, clock, buttons, RunConfig::paced(SHOWCASE_FPS));
    // A report every second, failed frames as warnings, the hooks as they happen.
    sprig_mcu::log::run_forever(&mut runner, world, renderer, SHOWCASE_FPS)
}
