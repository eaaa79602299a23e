//! `defmt` logs of frames and of the lifecycle trace (the `defmt` feature).

use sprig::render::{DrawSet, RenderColor, Renderer};
use sprig::{Dispatch, World};

use crate::runner::{BusyMeter, BusySecond, FrameReport, Runner, WorstFrames};
use crate::{Clock, InputSource, Panel};

/// Logs `report` at info level on one line: step, costs in clock ticks, and what was
/// flushed.
pub fn frame(report: &FrameReport) {
    defmt::info!(
        "frame {=u32} dt={=f32} events={=u32} refused={=u32} ticks: input={=u64} tick={=u64} render={=u64} flush={=u64} idle={=u64} busy={=u64}{=str} flushed: rects={=u32} px={=u64} bytes={=u64}",
        report.frame,
        report.dt,
        report.events,
        report.refused_events,
        report.input_ticks,
        report.tick_ticks,
        report.render_ticks,
        report.flush_ticks,
        report.idle_ticks,
        report.busy_ticks,
        if report.still { " still" } else { "" },
        report.render.rects,
        report.render.pixels_flushed,
        report.render.bytes
    );
    if let Some(part) = report.overrun {
        defmt::warn!(
            "frame {=u32} overran its slot during {}",
            report.frame,
            part
        );
    }
    if report.overflowed_events > 0 {
        defmt::warn!(
            "frame {=u32}: {=u32} input events found the poll full",
            report.frame,
            report.overflowed_events
        );
    }
}

/// Logs a second of [`BusyMeter`]: the share of time the processor was busy (the rest
/// it slept or waited for the bus), and the frames in it.
pub fn busy(second: &BusySecond) {
    defmt::info!(
        "busy {=u32}.{=u32}% over the last {=u32} frames ({=u32} still): the processor slept the rest",
        second.busy_per_mille / 10,
        second.busy_per_mille % 10,
        second.frames,
        second.still_frames
    );
}

/// Logs the costliest frame so far for each part of a frame (frame number and clock
/// ticks), and how many frames overran their slot.
pub fn worst(worst: &WorstFrames) {
    defmt::info!(
        "worst frames (frame: ticks): input {=u32}: {=u64}, tick {=u32}: {=u64}, render {=u32}: {=u64}, flush {=u32}: {=u64}; {=u32} overran their slot",
        worst.input.0,
        worst.input.1,
        worst.tick.0,
        worst.tick.1,
        worst.render.0,
        worst.render.1,
        worst.flush.0,
        worst.flush.1,
        worst.overruns
    );
}

/// Logs the hooks in `world`'s trace ring at info level, one line each
/// (`hook <frame> <node> <component> <hook>`), then empties the ring. Turn the trace on
/// with `World::set_tracing`; `keep_update` also logs `update` and `late_update`.
pub fn trace<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C, TM, E, TR, LS>,
    keep_update: bool,
) where
    S: Dispatch,
{
    for entry in world.trace() {
        if !keep_update && matches!(entry.hook, sprig::Hook::Update | sprig::Hook::LateUpdate) {
            continue;
        }
        defmt::info!(
            "hook {=u32} {=str} {=str} {=str}",
            entry.frame,
            world.name(entry.node).unwrap_or("?"),
            world.kind_name(entry.kind),
            entry.hook.name()
        );
    }
    world.clear_trace();
}

/// A board's main loop: runs frames forever, logging every `every`-th frame's report
/// (every frame with 1; none with 0), a failed frame as a warning (the loop goes on),
/// the busy share once a second, and each hook other than `update`/`late_update` as it
/// happens.
#[allow(clippy::too_many_arguments)]
pub fn run_forever<
    P,
    K,
    I,
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
    runner: &mut Runner<P, K, I>,
    world: &mut World<S, N, C, TM, E, TR, LS>,
    renderer: &mut Renderer<P::Color, N, BUF, D, SH>,
    every: u32,
) -> !
where
    P: Panel,
    P::Color: RenderColor,
    K: Clock,
    I: InputSource,
    S: DrawSet + Dispatch,
{
    let mut meter = BusyMeter::new();
    loop {
        match runner.frame(world, renderer) {
            Ok(report) => {
                if every > 0 && report.frame % every == 0 {
                    frame(&report);
                }
                let per_second = runner.clock().ticks_per_second();
                let now = runner.clock().now();
                if let Some(second) = meter.add(&report, now, per_second) {
                    busy(&second);
                }
            }
            Err(error) => defmt::warn!("frame {=u32} failed: {}", runner.frames(), error),
        }
        trace(world, false);
    }
}
