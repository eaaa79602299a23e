//! The Sprig showcase on a Raspberry Pi Pico (RP2040) with an ST7789 240×240 IPS panel
//! on SPI0, under embassy: `sprig_mcu::AsyncRunner` draws each 4096-pixel tile while the
//! tile before it goes out by DMA, and the executor sleeps between frames and during
//! the transfers.
//!
//! Same panel, wiring, layout and buttons as `boards/pico-st7789` (see its table): SCK
//! GP18, MOSI GP19, CS GP17, DC GP16, RST GP20, backlight GP21, buttons A, B, Left,
//! Right on GP2–GP5 to ground. SPI0 runs in mode 3 at 62.5 MHz with DMA channel 0.
//!
//! The panel goes through `sprig_mcu::dcs_spi::DcsSpiPanel` on `embedded-hal-bus`'s
//! async `ExclusiveDevice` (embassy-rp's `Spi` in async mode): the same commands and
//! pixels `mipidsi` sends on the blocking board (`platform-mcu/tests/async_runner.rs`
//! checks this on an emulated ST7789). The clock is embassy-time's 1 MHz tick.
//!
//! Logs go out through defmt over RTT: a frame report every 30 frames and the busy share
//! once a second. `cargo run --release` flashes it through a debug probe (probe-rs).
#![no_std]
#![no_main]

use defmt_rtt as _;
use panic_probe as _;

use embassy_executor::Spawner;
use embassy_rp::gpio::{Input, Level, Output, Pull};
use embassy_rp::peripherals::{DMA_CH0, SPI0};
use embassy_rp::spi::{self, Async, Spi};
use embassy_rp::{bind_interrupts, dma};
use embassy_time::{Delay, Instant, Timer};
use embedded_graphics::prelude::Size;
use embedded_hal_bus::spi::ExclusiveDevice;
use sprig::render::damage::BusCost;
use sprig::Key;
use sprig_examples::{build_showcase, Layout, ShowcaseColorRenderer, ShowcaseWorld, SHOWCASE_FPS};
use sprig_mcu::dcs_spi::DcsSpiPanel;
use sprig_mcu::{AsyncClock, AsyncRunner, BusyMeter, Buttons, Clock, RunConfig};
use static_cell::StaticCell;

bind_interrupts!(struct Irqs {
    DMA_IRQ_0 => dma::InterruptHandler<DMA_CH0>;
});

/// The SPI clock: the RP2040's fastest, half the 125 MHz peripheral clock.
const SPI_HZ: u32 = 62_500_000;

/// The panel's size in pixels.
const PANEL: Size = Size::new(240, 240);

/// Pixels per tile: the renderer's buffer, so the tiles are the blocking board's.
const TILE: usize = 4096;

/// Bytes of the panel's conversion buffer: a whole tile, so that each tile goes out in
/// one DMA transfer.
const TILE_BYTES: usize = 2 * TILE;

type Device = ExclusiveDevice<Spi<'static, SPI0, Async>, Output<'static>, Delay>;
type Panel = DcsSpiPanel<Device, Output<'static>, TILE_BYTES>;
type Keys = Buttons<Input<'static>, 4>;
type ShowcaseRunner = AsyncRunner<Panel, TickClock, Keys, TILE>;

/// The world, the renderer and the runner (with its two tile buffers) live in `.bss`,
/// so the linker's map shows the RAM they take, and nothing large sits on the stack.
static WORLD: StaticCell<ShowcaseWorld> = StaticCell::new();
static RENDERER: StaticCell<ShowcaseColorRenderer> = StaticCell::new();
static RUNNER: StaticCell<ShowcaseRunner> = StaticCell::new();

/// The runner's clock: embassy-time's monotonic tick (1 MHz on the RP2040's timer),
/// whose alarm wakes the executor.
struct TickClock;

impl Clock for TickClock {
    fn now(&mut self) -> u64 {
        Instant::now().as_ticks()
    }

    fn ticks_per_second(&self) -> u64 {
        embassy_time::TICK_HZ
    }
}

impl AsyncClock for TickClock {
    async fn sleep_until(&mut self, deadline: u64) {
        Timer::at(Instant::from_ticks(deadline)).await;
    }
}

#[embassy_executor::main]
async fn main(_spawner: Spawner) {
    defmt::info!("sprig-pico-embassy: showcase on an ST7789 240x240, async DMA flush");
    let p = embassy_rp::init(Default::default());

    let mut config = spi::Config::default();
    config.frequency = SPI_HZ;
    config.phase = spi::Phase::CaptureOnSecondTransition;
    config.polarity = spi::Polarity::IdleHigh;
    let bus = Spi::new_txonly(p.SPI0, p.PIN_18, p.PIN_19, p.DMA_CH0, Irqs, config);
    let cs = Output::new(p.PIN_17, Level::High);
    let dc = Output::new(p.PIN_16, Level::Low);
    let mut reset = Output::new(p.PIN_20, Level::High);
    // The backlight stays on for as long as `main` runs (for ever).
    let _backlight = Output::new(p.PIN_21, Level::High);
    let Ok(device) = ExclusiveDevice::new(bus, cs, Delay);

    // A hardware reset pulse, then the controller's own wake-up sequence.
    reset.set_low();
    Timer::after_millis(1).await;
    reset.set_high();
    Timer::after_millis(120).await;
    let mut panel: Panel = DcsSpiPanel::new(device, dc, PANEL, (0, 0));
    // Native orientation, RGB; IPS modules need the controller's inversion.
    if panel.init(&mut Delay, 0x00, true).await.is_err() {
        defmt::panic!("ST7789 init failed");
    }

    let buttons = Buttons::active_low([
        (Key::A, Input::new(p.PIN_2, Pull::Up)),
        (Key::B, Input::new(p.PIN_3, Pull::Up)),
        (Key::Left, Input::new(p.PIN_4, Pull::Up)),
        (Key::Right, Input::new(p.PIN_5, Pull::Up)),
    ]);

    let world = WORLD.init_with(ShowcaseWorld::new);
    let layout = &Layout::SQUARE;
    defmt::unwrap!(build_showcase(world, layout));
    let renderer = RENDERER.init_with(|| {
        ShowcaseColorRenderer::new(PANEL, layout.palette.background, BusCost::RGB565_MIPI_DCS)
    });
    let runner = RUNNER
        .init_with(|| AsyncRunner::new(panel, TickClock, buttons, RunConfig::paced(SHOWCASE_FPS)));
    defmt::info!(
        "RAM: world {=usize} B, renderer {=usize} B, runner {=usize} B (two tiles of {=usize} px) (static)",
        core::mem::size_of::<ShowcaseWorld>(),
        core::mem::size_of::<ShowcaseColorRenderer>(),
        core::mem::size_of::<ShowcaseRunner>(),
        TILE
    );

    let mut meter = BusyMeter::new();
    loop {
        match runner.frame(world, renderer).await {
            Ok(report) => {
                if report.frame % SHOWCASE_FPS == 0 {
                    sprig_mcu::log::frame(&report);
                }
                let now = runner.clock().now();
                if let Some(second) = meter.add(&report, now, embassy_time::TICK_HZ) {
                    sprig_mcu::log::busy(&second);
                }
            }
            Err(error) => defmt::warn!("frame {=u32} failed: {}", runner.frames(), error),
        }
        sprig_mcu::log::trace(world, false);
    }
}
