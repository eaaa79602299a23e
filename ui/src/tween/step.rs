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
//! keeps running or finishes and hands back the seconds it did not use, which its
//! sequence gives to the next step in the same frame. That is Cocos's
//! `Sequence`/`Repeat` behaviour: a frame that crosses a boundary ends the first step
//! exactly on its end values and starts the next one with the remainder, so the
//! timeline does not drift with the frame rate. The walk is a loop over two moves,
//! into a step ([`enter`]) and back out to its group ([`leave`]), with no recursion, so
//! its stack does not grow with the nesting.
//!
//! A new kind of step (for instance `call`, sending a typed event to a component) is one
//! more [`Action`] variant and one more arm in [`enter`]: an instant action leaves at
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
    /// Runs its children together; ends when the last of them ends. This frame's
    /// tally: whether every child is done, and the least time one left over.
    Parallel { all_done: bool, left_over: f32 },
    /// Runs its one child `times` times, or for ever ([`FOREVER`]).
    Repeat { times: u32, loops: u32 },
    /// Sends a [`TweenCall`](crate::tween::TweenCall) with `key` from the node, at once.
    Call { key: u16 },
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

/// Runs a `to` or `by` for `dt_seconds`.
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

/// Runs a `set`.
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

/// Where the walk goes next.
enum Move {
    /// Give the step at this index these seconds.
    Enter(usize, f32),
    /// The step at this index is done with this frame: still running (`None`), or
    /// finished with the seconds it did not use.
    Leave(usize, Option<f32>),
}

/// The group that holds the step at `index`: the nearest entry before it whose span
/// covers it. `None` at the top level.
fn parent_of(steps: &[Step], index: usize) -> Option<usize> {
    (0..index).rev().find(|&at| at + span_of(steps, at) > index)
}

/// Pushes `dt_seconds` through the top-level steps from `current` on (the top level is
/// a sequence): returns the top-level step it stopped in and, if it ran past the last,
/// the seconds left over.
///
/// The walk is a loop, not a recursion: going into a group and coming back out of it
/// are two moves, and what a group needs between them is in its own entry, or in
/// `dts`, the seconds each step was given this frame (as long as `steps`). Its stack is
/// the same however deep the groups nest.
pub(crate) fn advance<W: AnyWorld>(
    steps: &mut [Step],
    dts: &mut [f32],
    current: usize,
    dt_seconds: f32,
    world: &mut W,
    node: NodeId,
) -> Result<(usize, Option<f32>), Error> {
    let end = steps.len();
    if current >= end {
        return Ok((current, Some(dt_seconds)));
    }
    let mut next = Move::Enter(current, dt_seconds);
    loop {
        next = match next {
            Move::Enter(index, dt) => enter(steps, dts, index, dt, world, node)?,
            Move::Leave(index, result) => match parent_of(steps, index) {
                Some(parent) => leave(steps, dts, parent, index, result)?,
                None => match result {
                    None => return Ok((index, None)),
                    Some(left_over) => {
                        let sibling = index + span_of(steps, index);
                        if sibling >= end {
                            return Ok((sibling, Some(left_over)));
                        }
                        Move::Enter(sibling, left_over)
                    }
                },
            },
        };
    }
}

/// Gives `dt_seconds` to the step at `index`: a leaf runs and leaves, a group goes into
/// its current child.
fn enter<W: AnyWorld>(
    steps: &mut [Step],
    dts: &mut [f32],
    index: usize,
    dt_seconds: f32,
    world: &mut W,
    node: NodeId,
) -> Result<Move, Error> {
    if let Some(dt) = dts.get_mut(index) {
        *dt = dt_seconds;
    }
    let step = step_mut(steps, index)?;
    // Read before the phase is written: a load that overlaps that one-byte store would
    // wait for it (the store cannot be forwarded), which the bench shows.
    let span = usize::from(step.span.max(1));
    let starting = step.phase == Phase::Idle;
    if step.phase == Phase::Done {
        return Ok(Move::Leave(index, Some(dt_seconds)));
    }
    step.phase = Phase::Running;
    let finished = |step: &mut Step| {
        step.phase = Phase::Done;
        Move::Leave(index, Some(dt_seconds))
    };
    Ok(match &mut step.action {
        Action::Interval { .. } => Move::Leave(
            index,
            advance_interval(steps, index, starting, dt_seconds, world, node)?,
        ),
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
                Move::Leave(index, Some(left_over))
            } else {
                Move::Leave(index, None)
            }
        }
        Action::Set => {
            advance_set(steps, index, world, node)?;
            Move::Leave(index, Some(dt_seconds))
        }
        Action::Call { key } => {
            let key = *key;
            step.phase = Phase::Done;
            world.dispatch_event(node, &crate::tween::TweenCall { node, key })?;
            Move::Leave(index, Some(dt_seconds))
        }
        // Entries that belong to the step before them: never reached as a step.
        Action::Value { .. } | Action::Bezier { .. } => return Err(Error::InvalidValue),
        Action::Sequence { current } => {
            if starting {
                *current = 1;
            }
            let child = index + usize::from(*current);
            if child < index + span {
                Move::Enter(child, dt_seconds)
            } else {
                finished(step)
            }
        }
        Action::Parallel {
            all_done,
            left_over,
        } => {
            *all_done = true;
            *left_over = dt_seconds;
            if span > 1 {
                Move::Enter(index + 1, dt_seconds)
            } else {
                finished(step)
            }
        }
        Action::Repeat { loops, .. } => {
            if starting {
                *loops = 0;
            }
            if span > 1 {
                Move::Enter(index + 1, dt_seconds)
            } else {
                finished(step)
            }
        }
    })
}

/// The step at `child` is done with this frame (`result`, as [`Move::Leave`]); its
/// group `parent` decides what runs next.
fn leave(
    steps: &mut [Step],
    dts: &[f32],
    parent: usize,
    child: usize,
    result: Option<f32>,
) -> Result<Move, Error> {
    let next_sibling = child + span_of(steps, child);
    let parent_end = parent + span_of(steps, parent);
    let parent_dt = dts.get(parent).copied().unwrap_or(0.0);
    let child_dt = dts.get(child).copied().unwrap_or(0.0);
    let step = step_mut(steps, parent)?;
    let (result, reset_body) = match &mut step.action {
        Action::Sequence { current } => match result {
            None => (Move::Leave(parent, None), false),
            Some(left_over) if next_sibling < parent_end => {
                // Less than the span, which is a u16.
                *current = u16::try_from(next_sibling - parent).unwrap_or(u16::MAX);
                (Move::Enter(next_sibling, left_over), false)
            }
            Some(left_over) => {
                step.phase = Phase::Done;
                (Move::Leave(parent, Some(left_over)), false)
            }
        },
        Action::Parallel {
            all_done,
            left_over,
        } => {
            match result {
                None => *all_done = false,
                // The group ends with its longest child: the one that finishes last
                // leaves the least time over.
                Some(rest) => *left_over = left_over.min(rest),
            }
            if next_sibling < parent_end {
                (Move::Enter(next_sibling, parent_dt), false)
            } else if *all_done {
                let left_over = *left_over;
                step.phase = Phase::Done;
                (Move::Leave(parent, Some(left_over)), false)
            } else {
                (Move::Leave(parent, None), false)
            }
        }
        Action::Repeat { times, loops } => match result {
            None => (Move::Leave(parent, None), false),
            Some(left_over) => {
                *loops = loops.saturating_add(1);
                if *times != FOREVER && *loops >= *times {
                    step.phase = Phase::Done;
                    (Move::Leave(parent, Some(left_over)), false)
                } else if left_over >= child_dt {
                    // A loop that took no time (a body of `set`s, a frame of 0 seconds,
                    // a body shorter than the frame's rounding) waits for the next
                    // frame: the frame always ends.
                    (Move::Leave(parent, None), true)
                } else {
                    (Move::Enter(child, left_over), true)
                }
            }
        },
        _ => return Err(Error::InvalidValue),
    };
    if reset_body {
        reset(steps, child, parent_end - child);
    }
    Ok(result)
}
