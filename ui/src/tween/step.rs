//! A tween's steps and how time moves through them.
//!
//! The steps of a tween are one flat, fixed-capacity list holding a tree in pre-order:
//! a group (`sequence`, `parallel`, `repeat`) is followed by its children, and every step
//! knows its `span`, the number of list entries it and its descendants take, so the
//! next sibling of step `i` is `i + span`. Nothing points anywhere, so a tween is a plain
//! value that moves and copies like any component.
//!
//! Time is pushed through the tree with [`advance`]: a step given `dt` seconds either
//! keeps running (`None`) or finishes and hands back the seconds it did not use
//! (`Some(left_over)`), which its sequence gives to the next step in the same frame.
//! That is Cocos's `Sequence`/`Repeat` behaviour: a frame that crosses a boundary ends
//! the first step exactly on its end values and starts the next one with the remainder,
//! so the timeline does not drift with the frame rate. The walk recurses once per level
//! of nesting (a `repeat` of a `sequence` of a `to` is three), so its depth is at most
//! the tween's step capacity, and in practice two or three.
//!
//! A new kind of step (for instance `call`, sending a typed event to a component) is one
//! more [`Action`] variant and one more arm in [`advance`]: an instant action finishes at
//! once with all of `dt` left over, as [`Action::Set`] does.

use sprig::{AnyWorld, Error, NodeId};

use crate::ease::Easing;
use crate::tween::props::{self, Props, PROP_COUNT};

/// What one step does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Action {
    /// `to` (absolute) or `by` (relative) over `duration_seconds`.
    Interval {
        duration_seconds: f32,
        easing: Easing,
        relative: bool,
        props: Props,
        /// The node's values when the step started (Cocos captures them then too).
        start: [f32; PROP_COUNT],
    },
    /// Waits.
    Delay { duration_seconds: f32 },
    /// Sets the properties at once.
    Set(Props),
    /// Runs its children one after the other.
    Sequence,
    /// Runs its children together; ends when the last of them ends.
    Parallel,
    /// Runs its one child `times` times, or for ever.
    Repeat { times: Option<u32> },
}

/// Where a step is in its run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Not started (or reset by a repeat): starting captures its start values.
    Idle,
    /// Running.
    Running,
    /// Finished; a parallel group skips it.
    Done,
}

/// One entry of a tween's step list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Step {
    pub(crate) action: Action,
    /// Entries this step and its descendants take.
    pub(crate) span: u16,
    pub(crate) phase: Phase,
    /// Seconds into an interval or a delay.
    pub(crate) elapsed_seconds: f32,
    /// A sequence's current child (its index in the list), a repeat's finished loops.
    pub(crate) counter: u32,
}

impl Step {
    /// A leaf step.
    pub(crate) const fn leaf(action: Action) -> Self {
        Step::group(action, 1)
    }

    /// A step heading `span - 1` descendants.
    pub(crate) const fn group(action: Action, span: u16) -> Self {
        Step {
            action,
            span,
            phase: Phase::Idle,
            elapsed_seconds: 0.0,
            counter: 0,
        }
    }
}

/// Sets every step in `range` back to `Idle`, so a repeat plays its body afresh (a `by`
/// captures its start values again, as Cocos's `Repeat` restarts its inner action).
fn reset(steps: &mut [Step], first: usize, span: usize) {
    for step in steps.iter_mut().skip(first).take(span) {
        step.phase = Phase::Idle;
        step.elapsed_seconds = 0.0;
        step.counter = 0;
    }
}

fn step_mut(steps: &mut [Step], index: usize) -> Result<&mut Step, Error> {
    // The list is built by the builder, so an index past it is a bug; reporting it as a
    // hook error ends the tween instead of panicking.
    steps.get_mut(index).ok_or(Error::InvalidValue)
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
                current += usize::from(step_mut(steps, current)?.span.max(1));
            }
        }
    }
    Ok((current, Some(dt_seconds)))
}

/// Pushes `dt_seconds` through step `index`: `None` while it runs, `Some(left_over)`
/// when it finished with `left_over` seconds it did not use.
pub(crate) fn advance<W: AnyWorld>(
    steps: &mut [Step],
    index: usize,
    dt_seconds: f32,
    world: &mut W,
    node: NodeId,
) -> Result<Option<f32>, Error> {
    let step = step_mut(steps, index)?;
    let starting = step.phase == Phase::Idle;
    if step.phase == Phase::Done {
        return Ok(Some(dt_seconds));
    }
    step.phase = Phase::Running;
    let span = usize::from(step.span.max(1));
    match &mut step.action {
        Action::Interval {
            duration_seconds,
            easing,
            relative,
            props,
            start,
        } => {
            let mask = props.mask();
            if starting {
                *start = props::capture(world, node, mask)?;
                step.elapsed_seconds = 0.0;
            }
            step.elapsed_seconds += dt_seconds;
            let finished = step.elapsed_seconds >= *duration_seconds;
            let progress = if finished {
                1.0
            } else {
                step.elapsed_seconds / *duration_seconds
            };
            let eased = easing.apply(progress);
            let mut values = [0.0f32; PROP_COUNT];
            for ((value, &from), &target) in values.iter_mut().zip(start.iter()).zip(props.values())
            {
                *value = if *relative {
                    from + target * eased
                } else if eased == 1.0 {
                    // Exact end values, whatever rounding `from + (target - from)` has.
                    target
                } else {
                    from + (target - from) * eased
                };
            }
            let left_over = step.elapsed_seconds - *duration_seconds;
            if finished {
                step.phase = Phase::Done;
            }
            props::write(world, node, mask, &values)?;
            Ok(finished.then_some(left_over.max(0.0)))
        }
        Action::Delay { duration_seconds } => {
            if starting {
                step.elapsed_seconds = 0.0;
            }
            step.elapsed_seconds += dt_seconds;
            if step.elapsed_seconds >= *duration_seconds {
                step.phase = Phase::Done;
                Ok(Some((step.elapsed_seconds - *duration_seconds).max(0.0)))
            } else {
                Ok(None)
            }
        }
        Action::Set(props) => {
            let props = *props;
            step.phase = Phase::Done;
            props::write(world, node, props.mask(), props.values())?;
            Ok(Some(dt_seconds))
        }
        Action::Sequence => {
            let current = if starting {
                index + 1
            } else {
                step.counter as usize
            };
            let (current, left_over) =
                advance_sequence(steps, current, index + span, dt_seconds, world, node)?;
            let step = step_mut(steps, index)?;
            step.counter = u32::try_from(current).map_err(|_| Error::InvalidValue)?;
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
                let child_span = usize::from(step_mut(steps, child)?.span.max(1));
                match advance(steps, child, dt_seconds, world, node)? {
                    None => all_done = false,
                    Some(rest) => left_over = left_over.min(rest),
                }
                child += child_span;
            }
            if all_done {
                step_mut(steps, index)?.phase = Phase::Done;
                Ok(Some(left_over))
            } else {
                Ok(None)
            }
        }
        Action::Repeat { times } => {
            let times = *times;
            let mut loops = if starting { 0 } else { step.counter };
            let body = index + 1;
            let body_span = span - 1;
            let mut dt_seconds = dt_seconds;
            let result = loop {
                match advance(steps, body, dt_seconds, world, node)? {
                    None => break None,
                    Some(left_over) => {
                        loops = loops.saturating_add(1);
                        if times.is_some_and(|n| loops >= n) {
                            break Some(left_over);
                        }
                        reset(steps, body, body_span);
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
            step.counter = loops;
            if result.is_some() {
                step.phase = Phase::Done;
            }
            Ok(result)
        }
    }
}
