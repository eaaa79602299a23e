//! One frame (§2 of `docs/lifecycle.md`, `CCDirector.mainLoop`), pause and resume.
//!
//! `tick(dt)`: focus moves announced (`focus.rs`, as after update and late_update) → the systems' `BeforeUpdate` → start phase (start queue, then once more
//! for components enabled meanwhile) → update phase → timers → late_update phase → start
//! for components enabled since the start phase → the systems' `AfterUpdate` → end of
//! frame: dirty children re-sorted, then deferred destruction. Rendering is separate and
//! comes after, between the systems' `BeforeDraw` and `AfterDraw`.

use crate::engine::queues::OrderedQueue;

/// Where the current frame is (Cocos `_updating` is `Start..=LateUpdate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Between frames (or in `end_frame`'s sort and deferred destroy).
    Idle,
    Start,
    Update,
    Timers,
    LateUpdate,
    /// The start round after `late_update`: enables go straight to the queues again.
    LateStart,
}

/// How long each phase of a frame took, in the unit of the world's clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhaseTimes {
    /// The systems' `BeforeUpdate`, then `start`, including the second round for
    /// components enabled meanwhile.
    pub start: u32,
    /// `update`.
    pub update: u32,
    /// Timers.
    pub timers: u32,
    /// `late_update` and the `start` round after it.
    pub late_update: u32,
    /// The systems' `AfterUpdate`, child sorting and deferred destruction.
    pub end_of_frame: u32,
}
use crate::{Dispatch, Error, FrameEvent, HookCall, HookResult, World};

impl<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > World<S, N, C, TM, E, TR, LS>
where
    S: Dispatch,
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
        let clock = self.clock;
        let now = || clock.map_or(0, |f| f());
        let t0 = now();
        self.announce_focus();
        self.run_systems(FrameEvent::BeforeUpdate);
        self.phase = Phase::Start;
        self.invoke_start();
        self.start_for_new_comps();
        let t1 = now();

        self.phase = Phase::Update;
        self.run_ordered_pass(
            |w| &mut w.update_queue,
            HookCall::Update(dt_seconds),
            |w, index| S::update(w, index, dt_seconds),
        );
        self.announce_focus();
        let t2 = now();

        self.phase = Phase::Timers;
        self.run_timers(dt_seconds);
        let t3 = now();

        self.phase = Phase::LateUpdate;
        self.run_ordered_pass(
            |w| &mut w.late_update_queue,
            HookCall::LateUpdate(dt_seconds),
            |w, index| S::late_update(w, index, dt_seconds),
        );
        self.announce_focus();
        self.phase = Phase::LateStart;
        self.start_for_new_comps();
        let t4 = now();

        self.phase = Phase::Idle;
        self.run_systems(FrameEvent::AfterUpdate);
        self.finish_frame();
        let t5 = now();
        self.phase_times = PhaseTimes {
            start: t1.wrapping_sub(t0),
            update: t2.wrapping_sub(t1),
            timers: t3.wrapping_sub(t2),
            late_update: t4.wrapping_sub(t3),
            end_of_frame: t5.wrapping_sub(t4),
        };
        Ok(())
    }

    /// Gives the world a clock, in any unit (microseconds on the simulator, SysTick ticks
    /// on a board), so that each `tick` measures its phases; see
    /// [`phase_times`](Self::phase_times). Without one nothing is measured.
    pub fn set_clock(&mut self, clock: Option<fn() -> u32>) {
        self.clock = clock;
    }

    /// How long each phase of the last `tick` took, in the clock's unit (all 0 without
    /// a clock).
    pub fn phase_times(&self) -> PhaseTimes {
        self.phase_times
    }

    /// One pass over the `update` or `late_update` queue; components leaving it meanwhile
    /// are skipped, the others each run once.
    #[inline(always)]
    fn run_ordered_pass(
        &mut self,
        queue: fn(&mut Self) -> &mut OrderedQueue<C>,
        call: HookCall,
        dispatch: impl Fn(&mut Self, u16) -> Option<HookResult> + Copy,
    ) {
        queue(self).begin();
        while let Some(c) = queue(self).next() {
            self.invoke_with(usize::from(c), call, dispatch);
        }
        queue(self).end();
    }

    /// Ends a frame without running the lifecycle phases: re-sorts every parent whose
    /// children changed order, membership or zIndex (§6), then really destroys what
    /// `destroy` / `destroy_component` was called on (§4). `tick` ends with the same.
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
        // During a frame's phases the only code that runs is hooks.
        if self.hook_depth > 0
            || self.scene_loading
            || self.phase != Phase::Idle
            || self.systems.running > 0
        {
            Err(Error::Reentrant)
        } else {
            Ok(())
        }
    }
}
