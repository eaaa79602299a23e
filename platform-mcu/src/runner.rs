//! The frame loop on a board: poll input, tick the world, render and flush the damaged
//! rectangles to the panel, then wait for the next frame.

use sprig::render::{DrawSet, FrameStats, RenderColor, Renderer};
use sprig::{Dispatch, PhaseTimes, World};

use crate::clock::Clock;
use crate::input::{Events, InputEvent, InputSource};
use crate::panel::{Flushing, Panel};

/// How the runner paces and steps frames.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunConfig {
    /// Frames per second to pace to; 0 runs frames back to back.
    pub fps: u32,
    /// A fixed time step in seconds, whatever the clock says (for reproducible runs:
    /// the emulated board uses the simulator's step). `None` steps by the time measured
    /// since the previous frame, capped at [`max_dt`](Self::max_dt).
    pub fixed_dt: Option<f32>,
    /// The longest measured step, in seconds (after a stall, say).
    pub max_dt: f32,
}

impl RunConfig {
    /// Paced to `fps`, stepping by the measured time.
    pub const fn paced(fps: u32) -> Self {
        RunConfig {
            fps,
            fixed_dt: None,
            max_dt: 0.1,
        }
    }

    /// Paced to `fps`, stepping by exactly `1 / fps` seconds whatever the clock says.
    /// `fixed(0)` is unpaced and steps by the measured time, as `paced(0)`.
    pub const fn fixed(fps: u32) -> Self {
        RunConfig {
            fps,
            fixed_dt: if fps == 0 {
                None
            } else {
                Some(1.0 / fps as f32)
            },
            max_dt: 0.1,
        }
    }
}

/// What one frame did and what it cost, in clock ticks.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameReport {
    /// The frame's number, from 0.
    pub frame: u32,
    /// The time step it ran with, in seconds.
    pub dt: f32,
    /// Input events delivered.
    pub events: u32,
    /// Input events the world refused (a touch at a non-finite point, a fifth finger
    /// down): skipped, the others delivered and the frame run, so that bad input never
    /// stalls the app.
    pub refused_events: u32,
    /// Input events the poll had no room for (more than [`MAX_EVENTS`](crate::MAX_EVENTS)):
    /// the source keeps them for the next poll or drops them.
    pub overflowed_events: u32,
    /// Ticks spent polling and delivering input.
    pub input_ticks: u64,
    /// Ticks spent in `World::tick` (every lifecycle phase).
    pub tick_ticks: u64,
    /// Ticks spent rendering, not counting the flush.
    pub render_ticks: u64,
    /// Ticks spent inside the panel's `write_rect` and `finish_frame`; with the async
    /// runner, the ticks spent waiting for the bus beyond the drawing (the part of the
    /// flush that drawing the next tile did not hide).
    pub flush_ticks: u64,
    /// Ticks spent waiting for the next frame (0 when the frame ran late or unpaced).
    pub idle_ticks: u64,
    /// Ticks the processor worked on this frame: input, tick, render and flush (with
    /// the async runner, the bus transfers it waited on are not work: the processor
    /// sleeps through them). `busy_ticks / (busy_ticks + idle_ticks)` is the share of
    /// the time the processor was awake.
    pub busy_ticks: u64,
    /// Whether the frame had nothing to redraw (no damage, whatever the input): it drew
    /// and sent nothing, not even the panel's `finish_frame`. Always `false` on a panel
    /// that is redrawn whole ([`FullFrame`](crate::FullFrame)).
    pub still: bool,
    /// The world's phase times for this tick, in the unit of its clock (see
    /// `World::set_clock`).
    pub phases: PhaseTimes,
    /// The renderer's statistics: rectangles, pixels and bus bytes flushed.
    pub render: FrameStats,
    /// For a paced frame whose work (input, tick, render, flush) went past its slot, the
    /// part during which the slot ran out.
    pub overrun: Option<FramePart>,
}

/// A part of a frame's work, in the order a frame does them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FramePart {
    /// Polling and delivering input.
    Input,
    /// `World::tick`.
    Tick,
    /// Rendering, without the flush.
    Render,
    /// Sending pixels to the panel.
    Flush,
}

/// The costliest frame so far for each part of a frame: `(frame, ticks)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WorstFrames {
    /// Polling and delivering input.
    pub input: (u32, u64),
    /// `World::tick`.
    pub tick: (u32, u64),
    /// Rendering, without the flush.
    pub render: (u32, u64),
    /// Sending pixels to the panel.
    pub flush: (u32, u64),
    /// Paced frames whose work went past their slot.
    pub overruns: u32,
}

impl WorstFrames {
    pub(crate) fn note(&mut self, report: &FrameReport) {
        let keep = |worst: &mut (u32, u64), ticks: u64| {
            if ticks > worst.1 {
                *worst = (report.frame, ticks);
            }
        };
        keep(&mut self.input, report.input_ticks);
        keep(&mut self.tick, report.tick_ticks);
        keep(&mut self.render, report.render_ticks);
        keep(&mut self.flush, report.flush_ticks);
        self.overruns = self
            .overruns
            .saturating_add(u32::from(report.overrun.is_some()));
    }
}

/// The share of time the processor was busy, a second at a time: add each frame's
/// report with the clock's time after it; once a second has passed, [`add`](Self::add)
/// gives that second's figure and starts the next.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BusyMeter {
    since: Option<u64>,
    busy_ticks: u64,
    frames: u32,
    still_frames: u32,
}

/// One second (or a little more: it ends with a frame) of [`BusyMeter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BusySecond {
    /// Busy ticks over the elapsed ticks, in per mille (0..=1000).
    pub busy_per_mille: u32,
    /// Frames in the second.
    pub frames: u32,
    /// Of them, still frames (nothing drawn nor sent).
    pub still_frames: u32,
    /// Ticks the second lasted.
    pub elapsed_ticks: u64,
}

impl BusyMeter {
    /// A meter whose first second starts with the first frame added.
    pub const fn new() -> Self {
        BusyMeter {
            since: None,
            busy_ticks: 0,
            frames: 0,
            still_frames: 0,
        }
    }

    /// Adds a frame that ended at `now` (the clock's ticks); returns the second's figures
    /// once at least `ticks_per_second` ticks have passed since the second started.
    /// The first frame only starts the first second: the time before it is not known.
    pub fn add(
        &mut self,
        report: &FrameReport,
        now: u64,
        ticks_per_second: u64,
    ) -> Option<BusySecond> {
        let Some(since) = self.since else {
            self.since = Some(now);
            return None;
        };
        self.busy_ticks = self.busy_ticks.saturating_add(report.busy_ticks);
        self.frames += 1;
        self.still_frames += u32::from(report.still);
        let elapsed_ticks = now.wrapping_sub(since);
        if elapsed_ticks < ticks_per_second.max(1) {
            return None;
        }
        let busy_per_mille = (u128::from(self.busy_ticks.min(elapsed_ticks)) * 1000
            / u128::from(elapsed_ticks)) as u32;
        let second = BusySecond {
            busy_per_mille,
            frames: self.frames,
            still_frames: self.still_frames,
            elapsed_ticks,
        };
        *self = BusyMeter {
            since: Some(now),
            ..BusyMeter::new()
        };
        Some(second)
    }
}

/// Why a frame failed. The world and the screen stay as they were after the failing
/// step; the next frame may be run (after a panel error it redraws the whole screen).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunError<E> {
    /// The world refused the tick (a negative or non-finite time step, a tick from
    /// inside a hook).
    World(sprig::Error),
    /// The panel failed to take pixels.
    Panel(E),
}

#[cfg(feature = "defmt")]
impl<E> defmt::Format for RunError<E> {
    fn format(&self, f: defmt::Formatter) {
        match self {
            RunError::World(e) => defmt::write!(f, "world: {}", e),
            RunError::Panel(_) => defmt::write!(f, "panel error"),
        }
    }
}

/// Runs an app on a board: owns the panel, the clock and the input source.
pub struct Runner<P, K, I> {
    panel: P,
    clock: K,
    input: I,
    pacer: Pacer,
    frame: u32,
    worst: WorstFrames,
}

impl<P: Panel, K: Clock, I: InputSource> Runner<P, K, I> {
    /// A runner drawing on `panel`, timed by `clock`, fed by `input`.
    pub fn new(panel: P, clock: K, input: I, config: RunConfig) -> Self {
        Runner {
            panel,
            clock,
            input,
            pacer: Pacer::new(config),
            frame: 0,
            worst: WorstFrames::default(),
        }
    }

    /// The panel (to draw a splash screen before the first frame, say).
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

    /// Runs one frame: waits for its slot when paced, polls input and feeds it to
    /// `world`, ticks it, renders what changed through `renderer` and flushes it to the
    /// panel (the whole screen when the panel is not [`Panel::PARTIAL`]).
    pub fn frame<
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
        P::Color: RenderColor,
    {
        let idle_ticks = self.wait_for_slot();
        let start = self.clock.now();
        let per_second = self.clock.ticks_per_second().max(1);
        let dt = self.pacer.start(start, per_second);
        let height = self.panel.size().height as f32;
        let (events, refused_events) = deliver_input(&mut self.input, world, height);
        let polled = self.clock.now();

        world.tick(dt).map_err(RunError::World)?;
        let ticked = self.clock.now();

        let mut target = Flushing {
            panel: &mut self.panel,
            clock: &mut self.clock,
            flush_ticks: 0,
        };
        let stats = if P::PARTIAL {
            renderer.render(world, &mut target)
        } else {
            renderer.render_full(world, &mut target)
        };
        // The renderer counts the frame as sent: after a failed flush what the panel shows
        // is unknown, so the next frame sends the whole screen.
        let stats = stats
            .inspect_err(|_| renderer.invalidate())
            .map_err(RunError::Panel)?;
        let mut flush_ticks = target.flush_ticks;
        // A still frame sent nothing: the panel has nothing to finish either.
        let still = P::PARTIAL && renderer.flushed().is_empty();
        let before_finish = self.clock.now();
        if !still {
            self.panel
                .finish_frame()
                .inspect_err(|_| renderer.invalidate())
                .map_err(RunError::Panel)?;
        }
        let rendered = self.clock.now();
        flush_ticks += rendered.wrapping_sub(before_finish);

        let input_ticks = polled.wrapping_sub(start);
        let tick_ticks = ticked.wrapping_sub(polled);
        let render_ticks = rendered.wrapping_sub(ticked).saturating_sub(flush_ticks);
        let overrun = self.pacer.overrun(
            per_second,
            [input_ticks, tick_ticks, render_ticks, flush_ticks],
        );
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
            busy_ticks: input_ticks + tick_ticks + render_ticks + flush_ticks,
            still,
            phases: world.phase_times(),
            render: stats,
            overrun,
        };
        self.worst.note(&report);
        self.frame = self.frame.wrapping_add(1);
        Ok(report)
    }

    /// Waits for the current frame's slot when paced (through [`Clock::wait_until`],
    /// which sleeps on a board that implements it so); returns the ticks waited.
    fn wait_for_slot(&mut self) -> u64 {
        let Some(deadline) = self.pacer.deadline() else {
            return 0;
        };
        let now = self.clock.now();
        if now >= deadline {
            return 0;
        }
        self.clock.wait_until(deadline);
        self.clock.now().wrapping_sub(now)
    }
}

/// The frame schedule shared by [`Runner`] and the async runner: the time step and the
/// next frame's slot.
pub(crate) struct Pacer {
    config: RunConfig,
    last_start: Option<u64>,
    next_deadline: Option<u64>,
}

impl Pacer {
    pub(crate) const fn new(config: RunConfig) -> Self {
        Pacer {
            config,
            last_start: None,
            next_deadline: None,
        }
    }

    /// When the next frame may start, when paced.
    pub(crate) fn deadline(&self) -> Option<u64> {
        self.next_deadline
    }

    /// A frame starts at `start`: its time step, and the next frame's slot.
    pub(crate) fn start(&mut self, start: u64, per_second: u64) -> f32 {
        let dt = match (self.config.fixed_dt, self.last_start) {
            (Some(dt), _) => dt,
            (None, None) => 0.0,
            (None, Some(last)) => {
                let seconds = start.wrapping_sub(last) as f32 / per_second as f32;
                seconds.min(self.config.max_dt)
            }
        };
        self.last_start = Some(start);
        if self.config.fps > 0 {
            let period = per_second / u64::from(self.config.fps);
            let deadline = self.next_deadline.unwrap_or(start).wrapping_add(period);
            // A frame that ran late starts the schedule over instead of rushing to catch up.
            self.next_deadline = Some(if deadline < start {
                start.saturating_add(period)
            } else {
                deadline
            });
        }
        dt
    }

    /// For a paced frame whose parts (input, tick, render, flush ticks) went past its
    /// slot, the part during which the slot ran out.
    pub(crate) fn overrun(&self, per_second: u64, parts: [u64; 4]) -> Option<FramePart> {
        if self.config.fps == 0 {
            return None;
        }
        let slot = per_second / u64::from(self.config.fps);
        let mut spent = 0u64;
        [
            FramePart::Input,
            FramePart::Tick,
            FramePart::Render,
            FramePart::Flush,
        ]
        .into_iter()
        .zip(parts)
        .find(|&(_, ticks)| {
            spent = spent.saturating_add(ticks);
            spent > slot
        })
        .map(|(part, _)| part)
    }
}

/// Polls `input` and feeds its events to `world` (touches in a screen `height` pixels
/// tall); returns the events and how many the world refused.
pub(crate) fn deliver_input<
    I: InputSource,
    S: Dispatch,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    input: &mut I,
    world: &mut World<S, N, C, TM, E, TR, LS>,
    height: f32,
) -> (Events, u32) {
    let mut events = Events::new();
    input.poll(&mut events);
    let mut refused_events = 0;
    for event in &events {
        let delivered = match *event {
            InputEvent::Key { key, pressed } => world.key(key, pressed),
            InputEvent::Touch { id, phase, at } => world.touch(id, phase, at, height).map(|_| ()),
        };
        refused_events += u32::from(delivered.is_err());
    }
    (events, refused_events)
}
