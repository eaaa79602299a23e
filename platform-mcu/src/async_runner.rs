//! The frame loop for an async executor (`embassy-executor`, say), with a flush that
//! overlaps drawing: while one tile goes out on the bus (by DMA), the next is drawn.
//!
//! [`AsyncRunner`] owns two tile buffers of `TILE` pixels each (the user picks the size:
//! a bigger tile means fewer bus commands, two of them cost `2 × TILE` pixels of RAM).
//! Each frame it draws the first tile into one buffer, then, until the frame is drawn,
//! starts sending the drawn buffer to the [`AsyncPanel`] and draws the next tile into the
//! other one meanwhile, and swaps them once both are done. The frame then takes about
//! the longer of drawing and sending instead of their sum. With `TILE` equal to the
//! renderer's `BUF` the panel receives exactly the rectangles and bytes, in the same
//! order, as from the blocking [`Runner`](crate::Runner) (`tests/async_runner.rs`).
//!
//! Between frames the runner awaits [`AsyncClock::sleep_until`] (an async timer, during
//! which the executor sleeps), and a still frame (nothing to redraw) sends nothing.
//!
//! No allocation: the futures live on the awaiting task's stack, the buffers in the
//! runner.

use core::future::Future;

use embassy_futures::join::join;
use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::PixelColor;
use embedded_graphics::primitives::Rectangle;
use sprig::render::{DrawSet, RenderColor, Renderer};
use sprig::{Dispatch, World};

use crate::clock::Clock;
use crate::input::InputSource;
use crate::runner::{deliver_input, FrameReport, Pacer, RunConfig, RunError, WorstFrames};

/// A display that takes a rectangle of pixels at a time, asynchronously, in two steps:
/// [`set_window`](Self::set_window) (a few command bytes) then
/// [`write_pixels`](Self::write_pixels) (the long transfer, by DMA). The runner draws
/// the next tile while `write_pixels` is pending, so that future should start its
/// transfer at its first poll and do little else.
pub trait AsyncPanel {
    /// The colour the runner draws in.
    type Color: PixelColor;
    /// What a bus transfer can fail with.
    type Error;

    /// The panel's size in pixels.
    fn size(&self) -> Size;

    /// Sets the window the next pixels go to: `area`, which lies inside the screen.
    fn set_window(&mut self, area: &Rectangle) -> impl Future<Output = Result<(), Self::Error>>;

    /// Writes `pixels` (row by row, left to right, exactly the window's `width × height`
    /// of them) into the window; completes when they are on the bus.
    fn write_pixels(
        &mut self,
        pixels: &[Self::Color],
    ) -> impl Future<Output = Result<(), Self::Error>>;

    /// Called once after each frame that sent something. Does nothing by default.
    fn finish_frame(&mut self) -> impl Future<Output = Result<(), Self::Error>> {
        async { Ok(()) }
    }
}

/// A [`Clock`] with an async wait: an executor's timer.
pub trait AsyncClock: Clock {
    /// Completes once `now() >= deadline`; the executor sleeps meanwhile (with
    /// `embassy-time`: `Timer::at(Instant::from_ticks(deadline)).await`).
    fn sleep_until(&mut self, deadline: u64) -> impl Future<Output = ()>;
}

/// Runs an app on an [`AsyncPanel`]: owns the panel, the clock, the input source and
/// two tile buffers of `TILE` pixels.
pub struct AsyncRunner<P: AsyncPanel, K, I, const TILE: usize> {
    panel: P,
    clock: K,
    input: I,
    pacer: Pacer,
    frame: u32,
    worst: WorstFrames,
    buffers: [[P::Color; TILE]; 2],
}

impl<P, K, I, const TILE: usize> AsyncRunner<P, K, I, TILE>
where
    P: AsyncPanel,
    P::Color: RenderColor,
    K: AsyncClock,
    I: InputSource,
{
    /// A runner drawing on `panel`, timed by `clock`, fed by `input`.
    pub fn new(panel: P, clock: K, input: I, config: RunConfig) -> Self {
        const {
            assert!(TILE >= 1, "a tile buffer needs at least one pixel");
        }
        let black = P::Color::from_rgb888(embedded_graphics::pixelcolor::Rgb888::new(0, 0, 0));
        AsyncRunner {
            panel,
            clock,
            input,
            pacer: Pacer::new(config),
            frame: 0,
            worst: WorstFrames::default(),
            buffers: [[black; TILE]; 2],
        }
    }

    /// The panel.
    pub fn panel(&mut self) -> &mut P {
        &mut self.panel
    }

    /// The clock.
    pub fn clock(&mut self) -> &mut K {
        &mut self.clock
    }

    /// The input source.
    pub fn input(&mut self) -> &mut I {
        &mut self.input
    }

    /// Frames run so far.
    pub fn frames(&self) -> u32 {
        self.frame
    }

    /// The costliest frame so far for each part of a frame, and the overruns.
    pub fn worst(&self) -> WorstFrames {
        self.worst
    }

    /// Runs one frame: sleeps until its slot when paced, polls input and feeds it to
    /// `world`, ticks it, then draws what changed tile by tile, each tile drawn while
    /// the one before it is sent.
    ///
    /// In the report, `render_ticks` is the time spent drawing tiles, `flush_ticks` the
    /// time spent waiting for the bus beyond that (the part of the flush the drawing did
    /// not hide) and `busy_ticks` input, tick and drawing: the processor sleeps while
    /// it waits for the bus.
    pub async fn frame<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
        const BUF: usize,
        const D: usize,
        const SH: usize,
    >(
        &mut self,
        world: &mut World<S, N, C, TM, E, TR, LS>,
        renderer: &mut Renderer<P::Color, N, BUF, D, SH>,
    ) -> Result<FrameReport, RunError<P::Error>>
    where
        S: DrawSet + Dispatch,
    {
        let idle_ticks = self.wait_for_slot().await;
        let start = self.clock.now();
        let per_second = self.clock.ticks_per_second().max(1);
        let dt = self.pacer.start(start, per_second);
        let height = self.panel.size().height as f32;
        let (events, refused_events) = deliver_input(&mut self.input, world, height);
        let polled = self.clock.now();

        world.tick(dt).map_err(RunError::World)?;
        let ticked = self.clock.now();

        let mut cursor = renderer.begin_tiles(world, false);
        let still = renderer.flushed().is_empty();
        let [front, back] = &mut self.buffers;
        let (mut drawn, mut drawing): (&mut [P::Color], &mut [P::Color]) = (front, back);
        let mut render_ticks = 0u64;
        let mut failed = None;
        let mut pending = None;
        if !still {
            let before = self.clock.now();
            pending = renderer.next_tile(world, &mut cursor, drawing);
            render_ticks += self.clock.now().wrapping_sub(before);
        }
        core::mem::swap(&mut drawn, &mut drawing);
        while let Some(tile) = pending {
            let area = (tile.size.width * tile.size.height) as usize;
            let pixels = drawn.get(..area).unwrap_or(&[]);
            let clock = &mut self.clock;
            let world_ref = &*world;
            let renderer_ref = &mut *renderer;
            let cursor_ref = &mut cursor;
            let next_buffer = &mut *drawing;
            let draw_next = async move {
                let before = clock.now();
                let next = renderer_ref.next_tile(world_ref, cursor_ref, next_buffer);
                (next, clock.now().wrapping_sub(before))
            };
            // The window first (a few bytes), then the pixels' transfer runs while the
            // next tile is drawn: `join` polls the transfer first, which starts it.
            let sent = match self.panel.set_window(&tile).await {
                Ok(()) => {
                    let (sent, (next, ticks)) =
                        join(self.panel.write_pixels(pixels), draw_next).await;
                    render_ticks += ticks;
                    pending = next;
                    sent
                }
                Err(error) => Err(error),
            };
            if let Err(error) = sent {
                failed = Some(error);
                break;
            }
            core::mem::swap(&mut drawn, &mut drawing);
        }
        if failed.is_none() && !still {
            failed = self.panel.finish_frame().await.err();
        }
        let stats = renderer.end_tiles(world, cursor);
        if let Some(error) = failed {
            // What the panel shows is unknown after a failed transfer: the next frame
            // sends the whole screen.
            renderer.invalidate();
            return Err(RunError::Panel(error));
        }
        let rendered = self.clock.now();

        let input_ticks = polled.wrapping_sub(start);
        let tick_ticks = ticked.wrapping_sub(polled);
        // A still frame's work is working out that nothing changed: render time, and no
        // flush at all.
        if still {
            render_ticks = rendered.wrapping_sub(ticked);
        }
        let flush_ticks = rendered.wrapping_sub(ticked).saturating_sub(render_ticks);
        let report = FrameReport {
            frame: self.frame,
            dt,
            events: events.len() as u32 - refused_events,
            refused_events,
            overflowed_events: events.overflowed(),
            input_ticks,
            tick_ticks,
            render_ticks,
            flush_ticks,
            idle_ticks,
            busy_ticks: input_ticks + tick_ticks + render_ticks,
            still,
            phases: world.phase_times(),
            render: stats,
            overrun: self.pacer.overrun(
                per_second,
                [input_ticks, tick_ticks, render_ticks, flush_ticks],
            ),
        };
        self.worst.note(&report);
        self.frame = self.frame.wrapping_add(1);
        Ok(report)
    }

    /// Sleeps until the current frame's slot when paced; returns the ticks slept.
    async fn wait_for_slot(&mut self) -> u64 {
        let Some(deadline) = self.pacer.deadline() else {
            return 0;
        };
        let now = self.clock.now();
        if now >= deadline {
            return 0;
        }
        self.clock.sleep_until(deadline).await;
        self.clock.now().wrapping_sub(now)
    }
}
