//! The async runner against the blocking one on an emulated ST7789 (`emulator/dcs.rs`):
//! the showcase runs on both, the blocking runner through `mipidsi` as on
//! `boards/pico-st7789`, the async one through `DcsSpiPanel` on an emulated async SPI
//! device whose transfers take simulated time. Every frame, the commands, windows and
//! pixels the controller receives must be the same, in the same order, and the glass
//! must show the same picture; and the async frames must take the longer of drawing and
//! sending, not their sum.
//!
//! Time is simulated: the clock moves on by a fixed step at every reading (the cost of
//! drawing a tile, which the runner brackets by two readings) and a transfer of `n`
//! bytes keeps the bus busy for `n × TICKS_PER_BYTE` ticks. The blocking bus waits that
//! long in place; the async one completes its future only once the clock has passed
//! the transfer's end (jumping to it when the executor has nothing else to do: the
//! processor sleeping until the DMA interrupt).

mod emulator;

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};

use embassy_futures::block_on;
use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::primitives::Rectangle;
use embedded_hal::digital::OutputPin;
use embedded_hal::spi::{self, Operation, SpiBus};
use embedded_hal_bus::spi::ExclusiveDevice;
use emulator::dcs::{self, MemoryWrite, Received, Shared, Turn, ST7789_240X240_IPS};
use emulator::Frame;
use mipidsi::interface::SpiInterface;
use mipidsi::models::ST7789;
use mipidsi::options::ColorInversion;
use mipidsi::Builder;
use sprig::render::damage::BusCost;
use sprig_examples::{build_showcase, Layout, ShowcaseColorRenderer, ShowcaseWorld, SHOWCASE_FPS};
use sprig_mcu::dcs_spi::DcsSpiPanel;
use sprig_mcu::{
    sprig, AsyncClock, AsyncPanel, AsyncRunner, Clock, FrameReport, NoInput, RunConfig, RunError,
    Runner,
};

/// Frames compared.
const FRAMES: u32 = 60;
/// Ticks the clock moves on at every reading: what drawing one tile costs here.
const TICKS_PER_READING: u64 = 4_000;
/// Ticks the bus is busy per byte.
const TICKS_PER_BYTE: u64 = 1;
/// The async runner's tile: the renderer's buffer, so the tiles are the blocking ones.
const TILE: usize = 4096;

/// Simulated time shared by the clock and the bus.
type Now = Rc<Cell<u64>>;

/// The clock: a step per reading; sleeping jumps to the deadline.
struct SimClock(Now);

impl Clock for SimClock {
    fn now(&mut self) -> u64 {
        self.0.set(self.0.get() + TICKS_PER_READING);
        self.0.get()
    }

    fn ticks_per_second(&self) -> u64 {
        1_000_000
    }

    fn wait_until(&mut self, deadline: u64) {
        self.0.set(self.0.get().max(deadline));
    }
}

impl AsyncClock for SimClock {
    async fn sleep_until(&mut self, deadline: u64) {
        self.0.set(self.0.get().max(deadline));
    }
}

/// The blocking bus: the emulated controller's, busy in place for the transfer time.
struct TimedBus(dcs::Bus, Now);

impl spi::ErrorType for TimedBus {
    type Error = spi::ErrorKind;
}

impl SpiBus for TimedBus {
    fn read(&mut self, words: &mut [u8]) -> Result<(), Self::Error> {
        self.0.read(words)
    }

    fn write(&mut self, words: &[u8]) -> Result<(), Self::Error> {
        self.1
            .set(self.1.get() + words.len() as u64 * TICKS_PER_BYTE);
        self.0.write(words)
    }

    fn transfer(&mut self, read: &mut [u8], write: &[u8]) -> Result<(), Self::Error> {
        self.0.transfer(read, write)
    }

    fn transfer_in_place(&mut self, words: &mut [u8]) -> Result<(), Self::Error> {
        self.0.transfer_in_place(words)
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// One async transfer: pending at its first poll (the DMA started), done at a poll once
/// the clock has passed its end.
struct Transfer {
    now: Now,
    bytes: u64,
    ends_at: Option<u64>,
}

impl Future for Transfer {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        match self.ends_at {
            None => {
                self.ends_at = Some(self.now.get() + self.bytes * TICKS_PER_BYTE);
                cx.waker().wake_by_ref();
                Poll::Pending
            }
            Some(end) => {
                // Polled again before the end only when nothing else is left to do: the
                // processor sleeps until the transfer-complete interrupt.
                self.now.set(self.now.get().max(end));
                Poll::Ready(())
            }
        }
    }
}

/// The async SPI device: chip select around each transaction, bytes to the controller
/// when their transfer completes.
struct AsyncDevice {
    bus: dcs::Bus,
    cs: dcs::ChipSelect,
    now: Now,
    /// Transfers started, and the most bytes in one.
    transfers: Rc<Cell<(u32, usize)>>,
}

impl spi::ErrorType for AsyncDevice {
    type Error = spi::ErrorKind;
}

impl embedded_hal_async::spi::SpiDevice for AsyncDevice {
    async fn transaction(
        &mut self,
        operations: &mut [Operation<'_, u8>],
    ) -> Result<(), Self::Error> {
        let _ = self.cs.set_low();
        for op in operations {
            let Operation::Write(bytes) = op else {
                panic!("the panel is only written: {op:?}");
            };
            let (count, most) = self.transfers.get();
            self.transfers.set((count + 1, most.max(bytes.len())));
            Transfer {
                now: self.now.clone(),
                bytes: bytes.len() as u64,
                ends_at: None,
            }
            .await;
            self.bus.write(bytes)?;
        }
        let _ = self.cs.set_high();
        Ok(())
    }
}

/// What a frame did on the bus and the glass.
#[derive(Debug, PartialEq)]
struct Sent {
    commands: Vec<Received>,
    writes: Vec<MemoryWrite>,
    glass: Frame<Rgb565>,
}

fn sent(controller: &Shared) -> Sent {
    let mut c = controller.borrow_mut();
    let sent = Sent {
        commands: c.log.clone(),
        writes: c.writes.clone(),
        glass: c.seen_picture(Turn::Upright).expect("the display is on"),
    };
    c.clear_log();
    sent
}

/// The showcase through the blocking runner and `mipidsi`, as on the Pico board: per
/// frame, what was sent and the report.
fn blocking_run(frames: u32) -> Vec<(Sent, FrameReport)> {
    let now = Now::default();
    let (controller, bus, cs, dc, rst, delay) = dcs::emulated(ST7789_240X240_IPS);
    let mut delay_for_init = dcs::Delay(controller.clone());
    let device = ExclusiveDevice::new(TimedBus(bus, now.clone()), cs, delay).unwrap();
    let mut buffer = [0u8; 512];
    let display = Builder::new(ST7789, SpiInterface::new(device, dc, &mut buffer))
        .display_size(240, 240)
        .invert_colors(ColorInversion::Inverted)
        .reset_pin(rst)
        .init(&mut delay_for_init)
        .unwrap();
    controller.borrow_mut().clear_log();
    let layout = &Layout::SQUARE;
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).unwrap();
    let mut renderer = ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    );
    let mut runner = Runner::new(
        display,
        SimClock(now),
        NoInput,
        RunConfig::fixed(SHOWCASE_FPS),
    );
    (0..frames)
        .map(|_| {
            let report = runner.frame(&mut world, &mut renderer).unwrap();
            (sent(&controller), report)
        })
        .collect()
}

/// The same through the async runner on `DcsSpiPanel` with a byte buffer of `BYTES`:
/// per frame, what was sent and the report; and the transfers (count, most bytes).
fn async_run<const BYTES: usize>(frames: u32) -> (Vec<(Sent, FrameReport)>, (u32, usize)) {
    async_run_tiles::<TILE, BYTES>(frames)
}

/// [`async_run`] with tiles of `T` pixels.
fn async_run_tiles<const T: usize, const BYTES: usize>(
    frames: u32,
) -> (Vec<(Sent, FrameReport)>, (u32, usize)) {
    let now = Now::default();
    let (controller, bus, cs, dc, mut rst, _) = dcs::emulated(ST7789_240X240_IPS);
    rst.set_low().unwrap();
    rst.set_high().unwrap();
    let transfers = Rc::new(Cell::new((0, 0)));
    let device = AsyncDevice {
        bus,
        cs,
        now: now.clone(),
        transfers: transfers.clone(),
    };
    let mut panel: DcsSpiPanel<_, _, BYTES> =
        DcsSpiPanel::new(device, dc, Size::new(240, 240), (0, 0));
    block_on(panel.init(&mut embassy_futures_delay::NoWait, 0x00, true)).unwrap();
    controller.borrow_mut().clear_log();
    let layout = &Layout::SQUARE;
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).unwrap();
    let mut renderer = ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    );
    let mut runner: AsyncRunner<_, _, _, T> = AsyncRunner::new(
        panel,
        SimClock(now),
        NoInput,
        RunConfig::fixed(SHOWCASE_FPS),
    );
    transfers.set((0, 0));
    let run = (0..frames)
        .map(|_| {
            let report = block_on(runner.frame(&mut world, &mut renderer)).unwrap();
            (sent(&controller), report)
        })
        .collect();
    (run, transfers.get())
}

/// A delay that returns at once (the emulated controller needs no waiting).
mod embassy_futures_delay {
    pub struct NoWait;

    impl embedded_hal_async::delay::DelayNs for NoWait {
        async fn delay_ns(&mut self, _ns: u32) {}
    }
}

#[test]
fn async_runner_sends_the_blocking_runners_bytes_in_the_same_order() {
    let blocking = blocking_run(FRAMES);
    let (asynchronous, _) = async_run::<{ 2 * TILE }>(FRAMES);
    let mut writes = 0;
    for (frame, ((b, _), (a, _))) in blocking.iter().zip(&asynchronous).enumerate() {
        assert_eq!(a.commands, b.commands, "frame {frame}: commands");
        assert_eq!(a.writes, b.writes, "frame {frame}: memory writes");
        let wrong = a.glass.differences(&b.glass);
        assert!(
            wrong.is_empty(),
            "frame {frame}: {} pixels differ",
            wrong.len()
        );
        writes += a.writes.len();
    }
    assert_eq!(asynchronous.len(), FRAMES as usize);
    // The first frame sends the whole screen in 15 tiles; later ones what moved.
    assert_eq!(asynchronous[0].0.writes.len(), 15);
    assert!(writes > 15, "{writes}");
}

#[test]
fn async_frame_takes_the_longer_of_drawing_and_sending() {
    let blocking = blocking_run(1);
    let (asynchronous, transfers) = async_run::<{ 2 * TILE }>(1);
    let (b, a) = (&blocking[0].1, &asynchronous[0].1);
    // The whole screen: 15 tiles (14 of 240 × 17 pixels, one of 240 × 2), each a
    // window (3 commands and 8 parameter bytes, 5 transfers) and its pixels in one.
    assert_eq!(transfers, (15 * 6, 240 * 17 * 2));
    assert_eq!(b.render.pixels_flushed, 240 * 240);
    assert_eq!(a.render.pixels_flushed, 240 * 240);
    let (reading, tile_bus, last_tile_bus, window_bus) = (
        TICKS_PER_READING,
        240 * 17 * 2 * TICKS_PER_BYTE,
        240 * 2 * 2 * TICKS_PER_BYTE,
        11 * TICKS_PER_BYTE,
    );
    // Both runners read the clock twice per tile (the blocking one around each write,
    // the async one around each drawing): 2 readings of processor work per tile.
    let tile_work = 2 * reading;
    // Blocking: each tile's work, then its window and pixels on the bus; then the
    // readings around `finish_frame`.
    let blocking_frame = b.render_ticks + b.flush_ticks;
    assert_eq!(
        blocking_frame,
        15 * tile_work + 14 * (window_bus + tile_bus) + window_bus + last_tile_bus + 2 * reading
    );
    assert_eq!(blocking_frame, 243_365);
    // Async: the first tile drawn alone; then each tile's window, and its pixels sent
    // while the next tile is drawn (the longer of the two); the last tile's pixels go
    // out while the renderer finds nothing more to draw; then one reading at the end.
    let async_frame = a.render_ticks + a.flush_ticks;
    assert_eq!(
        async_frame,
        tile_work
            + 14 * (window_bus + tile_bus.max(tile_work))
            + window_bus
            + last_tile_bus.max(tile_work)
            + reading
    );
    assert_eq!(async_frame, 134_405);
    // Drawing is counted alike (one reading per bracket), the wait for the bus is what
    // the drawing did not hide.
    assert_eq!(a.render_ticks, 16 * reading);
    assert_eq!(a.flush_ticks, 70_405);
    // The busy time leaves out the bus: the processor sleeps through the transfers.
    assert_eq!(a.busy_ticks, a.input_ticks + a.tick_ticks + a.render_ticks);
}

#[test]
fn a_small_byte_buffer_sends_the_same_bytes_in_more_transfers() {
    let (big, big_transfers) = async_run::<{ 2 * TILE }>(2);
    let (small, small_transfers) = async_run::<512>(2);
    for ((a, _), (b, _)) in big.iter().zip(&small) {
        assert_eq!(a, b);
    }
    assert_eq!(big_transfers.1, 240 * 17 * 2);
    assert_eq!(small_transfers.1, 512);
    assert!(small_transfers.0 > big_transfers.0);
}

#[test]
fn a_still_frame_sends_nothing() {
    // Time stands still (every step 0 s) and no input comes: after the first frame
    // nothing changes (from the third frame on), and nothing is drawn nor sent, not even a window.
    let now = Now::default();
    let (controller, bus, cs, dc, mut rst, _) = dcs::emulated(ST7789_240X240_IPS);
    rst.set_low().unwrap();
    rst.set_high().unwrap();
    let device = AsyncDevice {
        bus,
        cs,
        now: now.clone(),
        transfers: Rc::new(Cell::new((0, 0))),
    };
    let panel: DcsSpiPanel<_, _, 512> = DcsSpiPanel::new(device, dc, Size::new(240, 240), (0, 0));
    let layout = &Layout::SQUARE;
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).unwrap();
    let mut renderer = ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    );
    let still_time = RunConfig {
        fixed_dt: Some(0.0),
        ..RunConfig::fixed(SHOWCASE_FPS)
    };
    let mut runner: AsyncRunner<_, _, _, TILE> =
        AsyncRunner::new(panel, SimClock(now), NoInput, still_time);
    let reports: Vec<FrameReport> = (0..4)
        .map(|_| {
            controller.borrow_mut().clear_log();
            block_on(runner.frame(&mut world, &mut renderer)).unwrap()
        })
        .collect();
    let stills: Vec<bool> = reports.iter().map(|r| r.still).collect();
    // The first frame draws the whole screen, the second what the first frame's hooks
    // placed (the menu's highlight, placed in `start`); then nothing moves.
    assert_eq!(stills, [false, false, true, true]);
    let last = reports[3];
    assert!(controller.borrow().log.is_empty());
    assert_eq!(last.render.pixels_drawn, 0);
    assert_eq!(last.render.rects, 0);
    // The frame's work: one reading each after input, tick and render (finding that
    // nothing changed); no flush.
    assert_eq!(
        (
            last.input_ticks,
            last.tick_ticks,
            last.render_ticks,
            last.flush_ticks
        ),
        (TICKS_PER_READING, TICKS_PER_READING, TICKS_PER_READING, 0)
    );
    assert_eq!(last.busy_ticks, 3 * TICKS_PER_READING);
    // The rest of the 33 333-tick slot was slept, but for two readings: the one before
    // the sleep and the one that starts the frame.
    assert_eq!(last.idle_ticks, 13_333);
    assert_eq!(
        last.idle_ticks + last.busy_ticks + 2 * TICKS_PER_READING,
        1_000_000 / 30
    );
}

#[test]
fn smaller_tiles_show_the_same_picture() {
    // 1000-pixel tiles (4 rows of 240) with the renderer's 4096-pixel buffer: other
    // windows, the same glass every frame.
    let blocking = blocking_run(FRAMES);
    let (small, _) = async_run_tiles::<1000, 2000>(FRAMES);
    for (frame, ((b, _), (a, report))) in blocking.iter().zip(&small).enumerate() {
        let wrong = a.glass.differences(&b.glass);
        assert!(
            wrong.is_empty(),
            "frame {frame}: {} pixels differ",
            wrong.len()
        );
        assert!(
            a.writes.iter().all(|w| w.pixels <= 1000),
            "frame {frame}: {:?}",
            a.writes
        );
        let pixels: u64 = a.writes.iter().map(|w| w.pixels).sum();
        assert_eq!(pixels, report.render.pixels_flushed, "frame {frame}");
    }
    // The whole first screen: 60 tiles of 240 × 4.
    assert_eq!(small[0].0.writes.len(), 60);
}

/// An async panel that records its windows and fails the `fail_at`-th pixel write.
struct Flaky {
    windows: Vec<Rectangle>,
    writes: u32,
    fail_at: Option<u32>,
}

impl AsyncPanel for Flaky {
    type Color = Rgb565;
    type Error = &'static str;

    fn size(&self) -> Size {
        Size::new(240, 240)
    }

    async fn set_window(&mut self, area: &Rectangle) -> Result<(), Self::Error> {
        self.windows.push(*area);
        Ok(())
    }

    async fn write_pixels(&mut self, pixels: &[Rgb565]) -> Result<(), Self::Error> {
        assert_eq!(
            pixels.len() as u32,
            self.windows
                .last()
                .map_or(0, |w| w.size.width * w.size.height)
        );
        self.writes += 1;
        if Some(self.writes) == self.fail_at {
            return Err("bus");
        }
        Ok(())
    }
}

#[test]
fn a_failed_transfer_is_an_error_and_the_next_frame_sends_the_whole_screen() {
    let layout = &Layout::SQUARE;
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).unwrap();
    let mut renderer = ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    );
    let panel = Flaky {
        windows: Vec::new(),
        writes: 0,
        fail_at: None,
    };
    let mut runner: AsyncRunner<_, _, _, TILE> = AsyncRunner::new(
        panel,
        SimClock(Now::default()),
        NoInput,
        RunConfig::fixed(SHOWCASE_FPS),
    );
    block_on(runner.frame(&mut world, &mut renderer)).unwrap();
    assert_eq!(runner.panel().windows.len(), 15);
    // The second frame's first transfer fails: the frame stops there with the error.
    runner.panel().windows.clear();
    runner.panel().fail_at = Some(16);
    let failed = block_on(runner.frame(&mut world, &mut renderer));
    assert_eq!(failed, Err(RunError::Panel("bus")));
    assert_eq!(runner.panel().windows.len(), 1);
    // What the panel shows is unknown: the next frame sends the whole screen again.
    runner.panel().windows.clear();
    let report = block_on(runner.frame(&mut world, &mut renderer)).unwrap();
    assert_eq!(report.render.pixels_flushed, 240 * 240);
    assert_eq!(runner.panel().windows.len(), 15);
    assert_eq!(runner.frames(), 2, "the failed frame is not counted");
}
