//! Test support for Sprig's cross-crate tests: building small trees, reading them back
//! as plain values, and probe components that log their hooks.
#![forbid(unsafe_code)]

pub mod framebuffer;
pub mod invariants;
pub mod probes;

use sprig::{NodeEvent, NodeId, World};

/// Creates one child of `parent` per name, in order.
pub fn spawn<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C, TM, E, TR, LS>,
    parent: NodeId,
    names: &[&str],
) -> Vec<NodeId>
where
    S: sprig::Dispatch,
{
    names
        .iter()
        .map(|name| {
            world
                .create_child(parent, name)
                .expect("test tree fits the arena")
        })
        .collect()
}

/// The names of `parent`'s children, in their current order.
pub fn child_names<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &World<S, N, C, TM, E, TR, LS>,
    parent: NodeId,
) -> Vec<String>
where
    S: sprig::Dispatch,
{
    world
        .children(parent)
        .expect("parent is valid")
        .map(|c| world.name(c).expect("child is valid").to_owned())
        .collect()
}

/// Everything in the event queue, oldest first; the queue is left empty.
pub fn drain_events<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C, TM, E, TR, LS>,
) -> Vec<NodeEvent>
where
    S: sprig::Dispatch,
{
    std::iter::from_fn(|| world.pop_event()).collect()
}

/// Asserts two floats agree to 1e-4.
#[track_caller]
pub fn assert_close(actual: f32, expected: f32) {
    assert!(
        (actual - expected).abs() <= 1e-4,
        "expected {expected}, got {actual}"
    );
}

/// Asserts a point agrees with `(x, y)` to 1e-4.
#[track_caller]
pub fn assert_point(actual: sprig::Vec2, x: f32, y: f32) {
    assert!(
        (actual.x - x).abs() <= 1e-4 && (actual.y - y).abs() <= 1e-4,
        "expected ({x}, {y}), got ({}, {})",
        actual.x,
        actual.y
    );
}

/// The README's Rust examples, compiled and run as doctests so they stay true.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
