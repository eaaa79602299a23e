//! One frame (§1.2 of `cocos-semantics.md`, `CCDirector.mainLoop`), pause and resume.
//!
//! `tick(dt)`: start phase (start queue, then once more for components enabled
//! meanwhile) → update phase → timers → late_update phase → start for components enabled
//! since the start phase → end of frame: dirty children re-sorted, then deferred
//! destruction. Rendering is separate and comes after.

use crate::invoker::OrderedQueue;
use crate::world::Phase;
use crate::{Dispatch, Error, HookCall, World};

impl<S, const N: usize, const C: usize, const TM: usize, const E: usize, const TR: usize>
    World<S, N, C, TM, E, TR>
where
    S: Dispatch<Self>,
{
    /// Runs one frame with a time step of `dt_seconds`. While paused, nothing happens
    /// but the frame count: no hooks, no sorting, no deferred destruction.
    ///
    /// Refused with `Reentrant` when called from inside a hook or a `switch_scene`
    /// build, and with `InvalidValue` for a negative or non-finite step.
    pub fn tick(&mut self, dt_seconds: f32) -> Result<(), Error> {
        self.check_not_in_hook()?;
        if !(dt_seconds.is_finite() && dt_seconds >= 0.0) {
            return Err(Error::InvalidValue);
        }
        if self.paused {
            self.frame = self.frame.wrapping_add(1);
            return Ok(());
        }
        self.phase = Phase::Start;
        self.invoke_start();
        self.start_for_new_comps();

        self.phase = Phase::Update;
        self.run_ordered_pass(|w| &mut w.update_queue, HookCall::Update(dt_seconds));

        self.phase = Phase::Timers;
        self.run_timers(dt_seconds);

        self.phase = Phase::LateUpdate;
        self.run_ordered_pass(
            |w| &mut w.late_update_queue,
            HookCall::LateUpdate(dt_seconds),
        );

        self.phase = Phase::LateStart;
        self.start_for_new_comps();
        self.phase = Phase::Idle;
        self.finish_frame();
        Ok(())
    }

    /// One pass over the `update` or `late_update` queue; components leaving it meanwhile
    /// are skipped, the others each run once.
    fn run_ordered_pass(&mut self, queue: fn(&mut Self) -> &mut OrderedQueue<C>, call: HookCall) {
        queue(self).begin();
        while let Some(c) = queue(self).next() {
            let c = usize::from(c);
            let kind = self.comps.kind(c);
            self.invoke(c, kind, call);
        }
        queue(self).end();
    }

    /// Ends a frame without running the lifecycle phases: re-sorts every parent whose
    /// children changed order, membership or zIndex (§1.10), then really destroys what
    /// `destroy` / `destroy_component` was called on (§1.8). `tick` ends with the same.
    /// Unlike `tick`, it runs while the world is paused: it is an explicit request.
    pub fn end_frame(&mut self) -> Result<(), Error> {
        self.check_not_in_hook()?;
        self.finish_frame();
        Ok(())
    }

    fn finish_frame(&mut self) {
        self.sort_dirty_children();
        self.destroy_pending();
        self.frame = self.frame.wrapping_add(1);
    }

    /// Pauses the world (Cocos `director.pause()`): `tick` then runs nothing.
    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// Resumes a paused world.
    pub fn resume(&mut self) {
        self.paused = false;
    }

    /// Whether the world is paused.
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    pub(crate) fn check_not_in_hook(&self) -> Result<(), Error> {
        if self.hook_depth > 0 || self.scene_loading {
            Err(Error::Reentrant)
        } else {
            Ok(())
        }
    }
}
