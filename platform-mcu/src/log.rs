//! `defmt` logs of frames and of the lifecycle trace (the `defmt` feature).

use sprig::{Dispatch, World};

use crate::runner::FrameReport;

/// Logs `report` at info level on one line: step, costs in clock ticks, and what was
/// flushed.
pub fn frame(report: &FrameReport) {
    defmt::info!(
        "frame {=u32} dt={=f32} events={=u32} refused={=u32} ticks: input={=u64} tick={=u64} render={=u64} flush={=u64} idle={=u64} flushed: rects={=u32} px={=u64} bytes={=u64}",
        report.frame,
        report.dt,
        report.events,
        report.refused_events,
        report.input_ticks,
        report.tick_ticks,
        report.render_ticks,
        report.flush_ticks,
        report.idle_ticks,
        report.render.rects,
        report.render.pixels_flushed,
        report.render.bytes
    );
}

/// Logs the hooks in `world`'s trace ring at info level, one line each
/// (`hook <frame> <node> <component> <hook>`), then empties the ring. Turn the trace on
/// with `World::set_tracing`; `keep_update` also logs `update` and `late_update`.
pub fn trace<S, const N: usize, const C: usize, const TM: usize, const E: usize, const TR: usize>(
    world: &mut World<S, N, C, TM, E, TR>,
    keep_update: bool,
) where
    S: Dispatch<World<S, N, C, TM, E, TR>>,
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
