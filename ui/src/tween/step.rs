//! A tween's steps and how time moves through them.
//!
//! The steps of a tween are one flat, fixed-capacity list of small entries (16 bytes)
//! holding a tree in pre-order: a group (`sequence`, `parallel`, `repeat`) is followed by
//! its children, a `to`, `by` or `set` by one [`Action::Value`] entry per property value
//! it animates (and a `to` or `by` with a bezier easing by the bezier's values first),
//! and every entry knows its `span`, the number of entries it and what follows it take,
//! so the next sibling of entry `i` is `i + span`. A step pays only for what it
//! animates (a `delay` is 16 bytes, a `to` of a position 48), and nothing points
//! anywhere, so a tween is a plain value that moves and copies like any component.
//!
//! Time is pushed through the tree with [`advance`]: a step given `dt` seconds either
//! keeps running (`None`) or finishes and hands back the seconds it did not use
//! (`Some(left_over)`), which its sequence gives to the next step in the same frame.
//! That is Cocos's `Sequence`/`Repeat` behaviour: a frame that crosses a boundary ends
//! the first step exactly on its end values and starts the next one with the remainder,
//! so the timeline does not drift with the frame rate. The walk recurses once per level
//! of nesting (a `repeat` of a `sequence` of a `to` is three), so its depth is at most
//! the tween's capacity, and in practice two or three.
//!
//! A new kind of step (for instance `call`, sending a typed event to a component) is one
//! more [`Action`] variant and one more arm in [`advance`]: an instant action finishes at
//! once with all of `dt` left over, as [`Action::Set`] does; data that does not fit an
//! entry goes in entries after it, as the values of a `set` do.

use sprig::{AnyWorld, Error, NodeId};

use crate::ease::Easing;
use crate::tween::props::{self, PROP_COUNT};

/// `Repeat::times` of a repeat that never ends (`repeat(0)` is refused by the builder).
pub(crate) const FOREVER: u32 = 0;

/// What one entry does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Action {
    /// `to` (absolute) or `by` (relative) over `duration_seconds`; followed by the
    /// bezier's two [`Action::Bezier`] entries if `easing` is
    /// [`BEZIER_CODE`](crate::ease::BEZIER_CODE), then by
    /// its [`Action::Value`]s.
    Interval {
        duration_seconds: f32,
        elapsed_seconds: f32,
        /// [`Easing::code`].
        easing: u8,
        relative: bool,
    },
    /// One property value of the `to`, `by` or `set` before it.
    Value {
        /// The property's index in [`Props`](crate::tween::Props).
        prop: u8,
        /// What `to` and `set` go to, what `by` adds.
        target: f32,
        /// The node's value when the step started (Cocos captures it then too).
        start: f32,
    },
    /// Two of the four values of the bezier easing of the interval before it: (x1, y1)
    /// in the first entry, (x2, y2) in the second.
    Bezier { a: f32, b: f32 },
    /// Waits.
    Delay {
        duration_seconds: f32,
        elapsed_seconds: f32,
    },
    /// Sets its values at once.
    Set,
    /// Runs its children one after the other; `current` is the running one's offset
    /// from the sequence.
    Sequence { current: u16 },
    /// Runs its children together; ends when the last of them ends.
    Parallel,
    /// Runs its one child `times` times, or for ever ([`FOREVER`]).
    Repeat { times: u32, loops: u32 },
}

/// Where a step is in its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Not started (or reset by a repeat): starting resets its clock and captures its
    /// start values.
    Idle,
    /// Running.
    Running,
    /// Finished.
    Done,
}

/// One entry of a tween's step list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Step {
    pub(crate) action: Action,
    /// Entries this one and what belongs to it (children, values) take.
    pub(crate) span: u16,
    pub(crate) phase: Phase,
}

impl Step {
    /// An entry heading `span - 1` more.
    pub(crate) const fn new(action: Action, span: u16) -> Self {
        Step {
            action,
            span,
            phase: Phase::Idle,
        }
    }
}

/// Sets every entry of `first..first + span` back to `Idle`, so a repeat plays its body
/// afresh (a `by` captures its start values again, as Cocos's `Repeat` restarts its
/// inner action).
fn reset(steps: &mut [Step], first: usize, span: usize) {
    for step in steps.iter_mut().skip(first).take(span) {
        step.phase = Phase::Idle;
    }
}

fn step_mut(steps: &mut [Step], index: usize) -> Result<&mut Step, Error> {
    // The list is built by the builder, so an index past it is a bug; reporting it as a
    // hook error ends the tween instead of panicking.
    steps.get_mut(index).ok_or(Error::InvalidValue)
}

fn span_of(steps: &[Step], index: usize) -> usize {
    steps
        .get(index)
        .map_or(1, |step| usize::from(step.span.max(1)))
}

/// Runs the children `current..end` one after the other for `dt_seconds`, starting at
/// `current`. Returns the child it stopped in and, if it ran past the last, the seconds
/// left over.
pub(crate) fn advance_sequence<W: AnyWorld>(
    steps: &mut [Step],
    mut current: usize,
    end: usize,
    mut dt_seconds: f32,
    world: &mut W,
    node: NodeId,
) -> Result<(usize, Option<f32>), Error> {
    while current < end {
        match advance(steps, current, dt_seconds, world, node)? {
            None => return Ok((current, None)),
            Some(left_over) => {
                dt_seconds = left_over;
                current += span_of(steps, current);
            }
        }
    }
    Ok((current, Some(dt_seconds)))
}

/// The values of the `to`, `by` or `set` at `index` (its entries after it): the mask
/// of the properties they name and the bezier's values, if any.
fn values_of(steps: &[Step], index: usize) -> (u16, [f32; 4]) {
    let mut mask = 0;
    let mut bezier = [0.0; 4];
    let mut bezier_entries = 0;
    for step in steps.iter().skip(index + 1).take(span_of(steps, index) - 1) {
        match step.action {
            Action::Value { prop, .. } => mask |= props::mask_bit(prop),
            Action::Bezier { a, b } => {
                let at = if bezier_entries == 0 { 0 } else { 2 };
                if let Some(pair) = bezier.get_mut(at..at + 2) {
                    pair.copy_from_slice(&[a, b]);
                }
                bezier_entries += 1;
            }
            _ => {}
        }
    }
    (mask, bezier)
}

/// [`advance`] for a `to` or `by`. Kept out of `advance`, which recurses once per level
/// of nesting, so the recursion's frames do not carry this one's locals.
#[inline(never)]
fn advance_interval<W: AnyWorld>(
    steps: &mut [Step],
    index: usize,
    starting: bool,
    dt_seconds: f32,
    world: &mut W,
    node: NodeId,
) -> Result<Option<f32>, Error> {
    let (mask, bezier) = values_of(steps, index);
    let span = span_of(steps, index);
    let step = step_mut(steps, index)?;
    let Action::Interval {
        duration_seconds,
        elapsed_seconds,
        easing,
        relative,
    } = &mut step.action
    else {
        return Err(Error::InvalidValue);
    };
    if starting {
        *elapsed_seconds = 0.0;
    }
    *elapsed_seconds += dt_seconds;
    let finished = *elapsed_seconds >= *duration_seconds;
    let progress = if finished {
        1.0
    } else {
        *elapsed_seconds / *duration_seconds
    };
    let eased = Easing::from_code(*easing, bezier).apply(progress);
    let left_over = *elapsed_seconds - *duration_seconds;
    let relative = *relative;
    if finished {
        step.phase = Phase::Done;
    }

    let current = if starting {
        props::capture(world, node, mask)?
    } else {
        [0.0; PROP_COUNT]
    };
    let mut values = [0.0f32; PROP_COUNT];
    for entry in steps.iter_mut().skip(index + 1).take(span - 1) {
        if let Action::Value {
            prop,
            target,
            start,
        } = &mut entry.action
        {
            if starting {
                *start = current.get(usize::from(*prop)).copied().unwrap_or(0.0);
            }
            if let Some(value) = values.get_mut(usize::from(*prop)) {
                *value = if relative {
                    *start + *target * eased
                } else if eased == 1.0 {
                    // Exact end values, whatever rounding `start + (target - start)` has.
                    *target
                } else {
                    *start + (*target - *start) * eased
                };
            }
        }
    }
    props::write(world, node, mask, &values)?;
    Ok(finished.then_some(left_over.max(0.0)))
}

/// [`advance`] for a `set`.
fn advance_set<W: AnyWorld>(
    steps: &mut [Step],
    index: usize,
    world: &mut W,
    node: NodeId,
) -> Result<(), Error> {
    let (mask, _) = values_of(steps, index);
    let mut values = [0.0f32; PROP_COUNT];
    for entry in steps.iter().skip(index + 1).take(span_of(steps, index) - 1) {
        if let Action::Value { prop, target, .. } = entry.action {
            if let Some(value) = values.get_mut(usize::from(prop)) {
                *value = target;
            }
        }
    }
    step_mut(steps, index)?.phase = Phase::Done;
    props::write(world, node, mask, &values)
}

/// Pushes `dt_seconds` through the step at `index`: `None` while it runs,
/// `Some(left_over)` when it finished with `left_over` seconds it did not use.
pub(crate) fn advance<W: AnyWorld>(
    steps: &mut [Step],
    index: usize,
    dt_seconds: f32,
    world: &mut W,
    node: NodeId,
) -> Result<Option<f32>, Error> {
    let step = step_mut(steps, index)?;
    // Read before the phase is written: a load that overlaps that one-byte store would
    // wait for it (the store cannot be forwarded), which the bench shows.
    let span = usize::from(step.span.max(1));
    let starting = step.phase == Phase::Idle;
    if step.phase == Phase::Done {
        return Ok(Some(dt_seconds));
    }
    step.phase = Phase::Running;
    match &mut step.action {
        Action::Interval { .. } => {
            advance_interval(steps, index, starting, dt_seconds, world, node)
        }
        Action::Delay {
            duration_seconds,
            elapsed_seconds,
        } => {
            if starting {
                *elapsed_seconds = 0.0;
            }
            *elapsed_seconds += dt_seconds;
            if *elapsed_seconds >= *duration_seconds {
                let left_over = (*elapsed_seconds - *duration_seconds).max(0.0);
                step.phase = Phase::Done;
                Ok(Some(left_over))
            } else {
                Ok(None)
            }
        }
        Action::Set => {
            advance_set(steps, index, world, node)?;
            Ok(Some(dt_seconds))
        }
        // Entries that belong to the step before them: never reached as a step.
        Action::Value { .. } | Action::Bezier { .. } => Err(Error::InvalidValue),
        Action::Sequence { current } => {
            let first = if starting {
                index + 1
            } else {
                index + usize::from(*current)
            };
            let (first, left_over) =
                advance_sequence(steps, first, index + span, dt_seconds, world, node)?;
            let step = step_mut(steps, index)?;
            if let Action::Sequence { current } = &mut step.action {
                // Less than the span, which is a u16.
                *current = u16::try_from(first - index).unwrap_or(u16::MAX);
            }
            if left_over.is_some() {
                step.phase = Phase::Done;
            }
            Ok(left_over)
        }
        Action::Parallel => {
            let mut all_done = true;
            // The group ends with its longest child: the one that finishes last leaves
            // the least time over.
            let mut left_over = dt_seconds;
            let mut child = index + 1;
            while child < index + span {
                match advance(steps, child, dt_seconds, world, node)? {
                    None => all_done = false,
                    Some(rest) => left_over = left_over.min(rest),
                }
                child += span_of(steps, child);
            }
            if all_done {
                step_mut(steps, index)?.phase = Phase::Done;
                Ok(Some(left_over))
            } else {
                Ok(None)
            }
        }
        Action::Repeat { times, loops } => {
            let times = *times;
            let mut done_loops = if starting { 0 } else { *loops };
            let body = index + 1;
            let mut dt_seconds = dt_seconds;
            let result = loop {
                match advance(steps, body, dt_seconds, world, node)? {
                    None => break None,
                    Some(left_over) => {
                        done_loops = done_loops.saturating_add(1);
                        if times != FOREVER && done_loops >= times {
                            break Some(left_over);
                        }
                        reset(steps, body, span - 1);
                        // A loop that took no time (a body of `set`s, or a frame of 0
                        // seconds) waits for the next frame: the frame always ends.
                        if left_over >= dt_seconds {
                            break None;
                        }
                        dt_seconds = left_over;
                    }
                }
            };
            let step = step_mut(steps, index)?;
            if let Action::Repeat { loops, .. } = &mut step.action {
                *loops = done_loops;
            }
            if result.is_some() {
                step.phase = Phase::Done;
            }
            Ok(result)
        }
    }
}
