//! What the async runner's overlap buys: render, flush and frame time of the blocking
//! [`Runner`] and the [`AsyncRunner`] side by side, on the same showcase frames, over a
//! simulated bus: `cargo bench -p sprig-mcu --bench async_flush`.
//!
//! The panel is simulated in real time: a transfer of `n` bytes keeps the bus busy for
//! `n × 8 / bus speed`. The blocking panel waits that long inside `write_rect` (as a
//! blocking SPI write does); the async one starts the transfer and completes its future
//! once the time has passed (as a DMA transfer does), while the runner draws the next
//! tile. Drawing is the real renderer on this machine, so the bus speeds are chosen
//! against this machine's drawing rate: one slower than drawing, one about as fast, one
//! faster.
//!
//! Two scenes: the whole 240×240 screen every frame (`invalidate` before each), and the
//! showcase's first 60 frames as they come (small damaged rectangles). Figures are the
//! mean per frame in microseconds, best of several runs; "frame" is from the end of the
//! tick to the last byte on the bus (render + flush for the blocking runner, render +
//! the wait for the bus for the async one).

use std::hint::black_box;
use std::time::Instant;

use embassy_futures::block_on;
use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::BusCost;
use sprig_examples::{build_showcase, Layout, ShowcaseColorRenderer, ShowcaseWorld, SHOWCASE_DT};
use sprig_mcu::{
    sprig, AsyncClock, AsyncPanel, AsyncRunner, Clock, FrameReport, NoInput, Panel, RunConfig,
    Runner,
};

const FRAMES: u32 = 60;
const RUNS: usize = 5;
/// The async runner's tile: the renderer's buffer.
const TILE: usize = 4096;
/// Command bytes per window (CASET, RASET with 4 bytes each, RAMWR).
const WINDOW_BYTES: u64 = 11;

/// Nanoseconds since the bench started.
struct NanoClock(Instant);

impl Clock for NanoClock {
    fn now(&mut self) -> u64 {
        self.0.elapsed().as_nanos() as u64
    }

    fn ticks_per_second(&self) -> u64 {
        1_000_000_000
    }
}

impl AsyncClock for NanoClock {
    async fn sleep_until(&mut self, deadline: u64) {
        while self.now() < deadline {
            std::hint::spin_loop();
        }
    }
}

/// The simulated bus: when it is free, its speed, and the bytes it carried.
struct Bus {
    epoch: Instant,
    free_at_ns: u64,
    bits_per_second: u64,
    bytes: u64,
}

impl Bus {
    fn new(epoch: Instant, bits_per_second: u64) -> Self {
        Bus {
            epoch,
            free_at_ns: 0,
            bits_per_second,
            bytes: 0,
        }
    }

    fn now_ns(&self) -> u64 {
        self.epoch.elapsed().as_nanos() as u64
    }

    /// Queues `bytes` on the bus; returns when they will have been sent.
    fn start(&mut self, bytes: u64) -> u64 {
        self.bytes += bytes;
        let start = self.free_at_ns.max(self.now_ns());
        self.free_at_ns = start + bytes * 8 * 1_000_000_000 / self.bits_per_second;
        self.free_at_ns
    }

    fn wait(&self, until_ns: u64) {
        while self.now_ns() < until_ns {
            std::hint::spin_loop();
        }
    }
}

/// The blocking panel: each rectangle's window and pixels, waited for in place.
struct BlockingPanel(Bus);

impl Panel for BlockingPanel {
    type Color = Rgb565;
    type Error = std::convert::Infallible;

    fn size(&self) -> Size {
        Size::new(240, 240)
    }

    fn write_rect<I>(&mut self, _area: &Rectangle, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Rgb565>,
    {
        let count = pixels.into_iter().map(black_box).count() as u64;
        let done = self.0.start(WINDOW_BYTES + 2 * count);
        self.0.wait(done);
        Ok(())
    }
}

/// The async panel: the window waited for (a few bytes), the pixels by "DMA".
struct DmaPanel(Bus);

impl AsyncPanel for DmaPanel {
    type Color = Rgb565;
    type Error = std::convert::Infallible;

    fn size(&self) -> Size {
        Size::new(240, 240)
    }

    async fn set_window(&mut self, _area: &Rectangle) -> Result<(), Self::Error> {
        let done = self.0.start(WINDOW_BYTES);
        self.0.wait(done);
        Ok(())
    }

    async fn write_pixels(&mut self, pixels: &[Rgb565]) -> Result<(), Self::Error> {
        black_box(pixels);
        let done = self.0.start(2 * pixels.len() as u64);
        InFlight(self.0.epoch, done).await;
        Ok(())
    }
}

/// A transfer in flight: pending until its end.
struct InFlight(Instant, u64);

impl std::future::Future for InFlight {
    type Output = ();

    fn poll(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<()> {
        if self.0.elapsed().as_nanos() as u64 >= self.1 {
            std::task::Poll::Ready(())
        } else {
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    }
}

/// Mean per frame in µs: render, flush, frame; and the bus's own time.
#[derive(Clone, Copy, Default)]
struct Figures {
    render_us: f64,
    flush_us: f64,
    frame_us: f64,
    bus_us: f64,
}

fn add(figures: &mut Figures, report: &FrameReport) {
    figures.render_us += report.render_ticks as f64 / 1e3;
    figures.flush_us += report.flush_ticks as f64 / 1e3;
    figures.frame_us += (report.render_ticks + report.flush_ticks) as f64 / 1e3;
}

fn mean(mut figures: Figures, bytes: u64, bits_per_second: u64) -> Figures {
    let n = f64::from(FRAMES);
    figures.bus_us = bytes as f64 * 8.0 / bits_per_second as f64 * 1e6 / n;
    figures.render_us /= n;
    figures.flush_us /= n;
    figures.frame_us /= n;
    figures
}

fn world_and_renderer() -> (Box<ShowcaseWorld>, Box<ShowcaseColorRenderer>) {
    let layout = &Layout::SQUARE;
    let mut world = Box::new(ShowcaseWorld::new());
    build_showcase(&mut world, layout).unwrap();
    let renderer = Box::new(ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    ));
    (world, renderer)
}

/// Frames back to back, each stepping the showcase by its fixed step.
const UNPACED: RunConfig = RunConfig {
    fps: 0,
    fixed_dt: Some(SHOWCASE_DT),
    max_dt: 0.1,
};

fn blocking(bits_per_second: u64, whole: bool) -> Figures {
    let (mut world, mut renderer) = world_and_renderer();
    let epoch = Instant::now();
    let panel = BlockingPanel(Bus::new(epoch, bits_per_second));
    let mut runner = Runner::new(panel, NanoClock(epoch), NoInput, UNPACED);
    let mut figures = Figures::default();
    for _ in 0..FRAMES {
        if whole {
            renderer.invalidate();
        }
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        add(&mut figures, &report);
    }
    mean(figures, runner.panel().0.bytes, bits_per_second)
}

fn asynchronous(bits_per_second: u64, whole: bool) -> Figures {
    let (mut world, mut renderer) = world_and_renderer();
    let epoch = Instant::now();
    let panel = DmaPanel(Bus::new(epoch, bits_per_second));
    let mut runner: Box<AsyncRunner<_, _, _, TILE>> =
        Box::new(AsyncRunner::new(panel, NanoClock(epoch), NoInput, UNPACED));
    let mut figures = Figures::default();
    for _ in 0..FRAMES {
        if whole {
            renderer.invalidate();
        }
        let report = block_on(runner.frame(&mut world, &mut renderer)).unwrap();
        add(&mut figures, &report);
    }
    mean(figures, runner.panel().0.bytes, bits_per_second)
}

/// The best (lowest frame time) of `RUNS` runs.
fn best(run: impl Fn() -> Figures) -> Figures {
    (0..RUNS)
        .map(|_| run())
        .min_by(|a, b| a.frame_us.total_cmp(&b.frame_us))
        .unwrap_or_default()
}

fn main() {
    println!(
        "async_flush: mean µs per frame over {FRAMES} showcase frames (240x240 RGB565, \
         {TILE}-pixel tiles), best of {RUNS} runs"
    );
    println!(
        "{:<20} {:>6} | {:>7} {:>7} {:>7} | {:>7} {:>7} {:>7} | {:>7} {:>7} | {:>5}",
        "scene",
        "Mbit/s",
        "render",
        "flush",
        "frame",
        "render",
        "wait",
        "frame",
        "bus",
        "max",
        "gain"
    );
    println!(
        "{:<20} {:>6} | {:^23} | {:^23} | {:^15} |",
        "", "", "blocking Runner", "AsyncRunner", "bound"
    );
    for (scene, whole) in [("whole screen", true), ("showcase as it runs", false)] {
        for bits_per_second in [250_000_000u64, 1_000_000_000, 4_000_000_000] {
            let b = best(|| blocking(bits_per_second, whole));
            let a = best(|| asynchronous(bits_per_second, whole));
            println!(
                "{:<20} {:>6} | {:>7.1} {:>7.1} {:>7.1} | {:>7.1} {:>7.1} {:>7.1} | {:>7.1} {:>7.1} | {:>4.2}x",
                scene,
                bits_per_second / 1_000_000,
                b.render_us,
                b.flush_us,
                b.frame_us,
                a.render_us,
                a.flush_us,
                a.frame_us,
                a.bus_us,
                a.render_us.max(a.bus_us),
                b.frame_us / a.frame_us
            );
        }
    }
    println!(
        "wait: the async frame's wait for the bus beyond drawing; bus: the bus time alone; \
         max: the longer of drawing and the bus, the async frame's floor; gain: blocking \
         frame / async frame"
    );
}
