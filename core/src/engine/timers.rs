//! Component timers (Cocos `Scheduler` with `CallbackTimer`, driven between `update` and
//! `late_update`, docs/lifecycle.md §7).
//!
//! A component schedules its own `on_timer(key, elapsed)` with an interval, a repeat
//! count and a delay, or once after a delay. As in the engine: the first frame after
//! scheduling only starts the clock; a timer fires when the time since it last fired
//! reaches its interval (the remainder is dropped); `repeat = Some(r)` fires `r + 1`
//! times, `None` forever; a delay postpones the first firing. Timers of a component run
//! from its `on_enable` completing to its `on_disable` (paused while it is disabled or its
//! node inactive, also when scheduled before its first `on_enable`), and are removed when
//! it is destroyed.
//! Timers run grouped by component, groups in the order their first timer was scheduled.

use heapless::Vec;

use crate::engine::storage::CompFlags;
use crate::{CompId, Dispatch, Error, Hook, HookCall, World};

#[derive(Clone, Copy, Debug)]
pub(crate) struct Timer {
    comp: CompId,
    key: u16,
    interval: f32,
    delay: f32,
    /// Seconds since the last firing; `None` until the first frame after scheduling.
    elapsed: Option<f32>,
    /// `None`: forever.
    repeat: Option<u32>,
    executed: u32,
    use_delay: bool,
    paused: bool,
}

/// The fixed-capacity timer table, iterated with a cursor that insertions and removals
/// adjust, so a timer added or removed by a firing callback is handled exactly once.
pub(crate) struct TimerTable<const T: usize> {
    timers: Vec<Timer, T>,
    cursor: usize,
}

impl<const T: usize> TimerTable<T> {
    pub(crate) const fn new() -> Self {
        TimerTable {
            timers: Vec::new(),
            cursor: usize::MAX,
        }
    }

    fn position(&self, comp: CompId, key: u16) -> Option<usize> {
        self.timers
            .iter()
            .position(|t| t.comp == comp && t.key == key)
    }

    fn insert(&mut self, timer: Timer) -> Result<(), Error> {
        let at = self
            .timers
            .iter()
            .rposition(|t| t.comp == timer.comp)
            .map_or(self.timers.len(), |last| last + 1);
        self.timers
            .insert(at, timer)
            .map_err(|_| Error::TimerTableFull { capacity: T as u16 })?;
        if at < self.cursor && self.cursor != usize::MAX {
            self.cursor += 1;
        }
        Ok(())
    }

    fn remove_at(&mut self, at: usize) {
        self.timers.remove(at);
        if at < self.cursor && self.cursor != usize::MAX {
            self.cursor -= 1;
        }
    }

    pub(crate) fn remove(&mut self, comp: CompId, key: u16) -> bool {
        match self.position(comp, key) {
            Some(at) => {
                self.remove_at(at);
                true
            }
            None => false,
        }
    }

    pub(crate) fn remove_all(&mut self, comp: CompId) {
        while let Some(at) = self.timers.iter().position(|t| t.comp == comp) {
            self.remove_at(at);
        }
    }

    pub(crate) fn set_paused(&mut self, comp: CompId, paused: bool) {
        for t in self.timers.iter_mut().filter(|t| t.comp == comp) {
            t.paused = paused;
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.timers.len()
    }
}

/// What one timer does in a frame.
enum Step {
    Wait,
    Fire { elapsed: f32 },
}

impl Timer {
    /// `CallbackTimer.update(dt)`, minus the call itself.
    fn advance(&mut self, dt: f32) -> Step {
        let Some(mut elapsed) = self.elapsed else {
            self.elapsed = Some(0.0);
            self.executed = 0;
            return Step::Wait;
        };
        elapsed += dt;
        self.elapsed = Some(elapsed);
        if self.repeat.is_none() && !self.use_delay {
            if elapsed >= self.interval {
                self.elapsed = Some(0.0);
                return Step::Fire { elapsed };
            }
        } else if self.use_delay {
            if elapsed >= self.delay {
                self.elapsed = Some(elapsed - self.delay);
                self.executed += 1;
                self.use_delay = false;
                return Step::Fire { elapsed };
            }
        } else if elapsed >= self.interval {
            self.elapsed = Some(0.0);
            self.executed += 1;
            return Step::Fire { elapsed };
        }
        Step::Wait
    }

    fn finished(&self) -> bool {
        self.repeat.is_some_and(|r| self.executed > r)
    }
}

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
    /// Schedules `on_timer(key, …)` of `comp` every `interval_seconds` (0: every frame),
    /// `repeat = Some(r)` for `r + 1` firings or `None` for ever, the first after
    /// `delay_seconds`. Scheduling a key that is already scheduled only changes its
    /// interval, as in the engine.
    ///
    /// Errors, changing nothing: stale handle; `NoTimerHook` if the type has no
    /// `on_timer`; `InvalidValue` for a negative or non-finite time; `PendingDestroy` from
    /// the component's own `on_destroy`; `TimerTableFull`.
    pub fn schedule(
        &mut self,
        comp: CompId,
        key: u16,
        interval_seconds: f32,
        repeat: Option<u32>,
        delay_seconds: f32,
    ) -> Result<(), Error> {
        let c = self.comps.resolve(comp)?;
        if !S::kind_hooks(self.comps.kind(c)).contains(Hook::OnTimer) {
            return Err(Error::NoTimerHook);
        }
        let valid = |v: f32| v.is_finite() && v >= 0.0;
        if !(valid(interval_seconds) && valid(delay_seconds)) {
            return Err(Error::InvalidValue);
        }
        if let Some(at) = self.timers.position(comp, key) {
            self.timers.timers[at].interval = interval_seconds;
            return Ok(());
        }
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::DESTROYED) {
            return Err(Error::PendingDestroy);
        }
        // Timers run from the component's `on_enable` completing to its `on_disable`.
        let running = slot.has(CompFlags::ON_ENABLE_CALLED);
        self.timers.insert(Timer {
            comp,
            key,
            interval: interval_seconds,
            delay: delay_seconds,
            elapsed: None,
            repeat,
            executed: 0,
            use_delay: delay_seconds > 0.0,
            paused: !running,
        })
    }

    /// Schedules `on_timer(key, …)` of `comp` once, `delay_seconds` from now
    /// (Cocos `scheduleOnce`).
    pub fn schedule_once(
        &mut self,
        comp: CompId,
        key: u16,
        delay_seconds: f32,
    ) -> Result<(), Error> {
        self.schedule(comp, key, 0.0, Some(0), delay_seconds)
    }

    /// Cancels a timer; `Ok(false)` if it was not scheduled.
    pub fn unschedule(&mut self, comp: CompId, key: u16) -> Result<bool, Error> {
        self.comps.resolve(comp)?;
        Ok(self.timers.remove(comp, key))
    }

    /// Timers scheduled, paused ones included.
    pub fn timer_count(&self) -> usize {
        self.timers.len()
    }

    /// The timer phase of a frame (`Scheduler.update(dt)`).
    pub(crate) fn run_timers(&mut self, dt: f32) {
        if self.timers.len() == 0 {
            return;
        }
        self.timers.cursor = 0;
        while let Some(timer) = self.timers.timers.get_mut(self.timers.cursor) {
            self.timers.cursor += 1;
            if timer.paused {
                continue;
            }
            let (comp, key) = (timer.comp, timer.key);
            if let Step::Fire { elapsed } = timer.advance(dt) {
                if let Ok(c) = self.comps.resolve(comp) {
                    self.call_hook(c, HookCall::OnTimer(key, elapsed));
                }
            }
            if let Some(at) = self.timers.position(comp, key) {
                if self.timers.timers[at].finished() {
                    self.timers.remove_at(at);
                }
            }
        }
        self.timers.cursor = usize::MAX;
    }
}

/// A timer's key: a bare `u16`, or a fieldless enum of the component's own with
/// `#[derive(TimerKey)]`, so `on_timer` matches on names instead of numbers.
///
/// ```
/// use sprig::{component, AnyWorld, Ctx, HookResult, Hooks, TimerKey};
///
/// #[derive(Clone, Copy, Debug, PartialEq, TimerKey)]
/// enum Blink {
///     Colon,
///     Cursor,
/// }
///
/// pub struct Clock {
///     colon: bool,
/// }
///
/// #[component]
/// impl Hooks for Clock {
///     fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
///         ctx.schedule(Blink::Colon, 0.5, None, 0.0)
///     }
///
///     fn on_timer(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: u16, _elapsed: f32) -> HookResult {
///         if Blink::from_key(key) == Some(Blink::Colon) {
///             self.colon = !self.colon;
///         }
///         Ok(())
///     }
/// }
///
/// assert_eq!(Blink::Cursor.to_key(), Some(1));
/// assert_eq!(Blink::from_key(1), Some(Blink::Cursor));
/// assert_eq!(Blink::from_key(2), None);
/// ```
pub trait TimerKey: Copy {
    /// The key as the timer table holds it; `None` if it has no `u16` form (a
    /// scheduling call then answers `InvalidValue`).
    fn to_key(self) -> Option<u16>;
    /// The key back from what `on_timer` receives; `None` for a number that is not one
    /// of this type's keys.
    fn from_key(key: u16) -> Option<Self>;
}

impl TimerKey for u16 {
    fn to_key(self) -> Option<u16> {
        Some(self)
    }

    fn from_key(key: u16) -> Option<Self> {
        Some(key)
    }
}

/// So that `ctx.schedule(0, …)` compiles: an integer literal without a suffix is an
/// `i32` to the compiler when the parameter is generic.
impl TimerKey for i32 {
    fn to_key(self) -> Option<u16> {
        u16::try_from(self).ok()
    }

    fn from_key(key: u16) -> Option<Self> {
        Some(i32::from(key))
    }
}
