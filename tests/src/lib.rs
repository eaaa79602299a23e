//! Test support for Sprig's cross-crate tests: building small trees and reading them back
//! as plain values that assertions can compare with literals.
#![forbid(unsafe_code)]

use sprig::{NodeEvent, NodeId, World};

/// Creates one child of `parent` per name, in order.
pub fn spawn<const N: usize, const E: usize>(
    world: &mut World<N, E>,
    parent: NodeId,
    names: &[&str],
) -> Vec<NodeId> {
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
pub fn child_names<const N: usize, const E: usize>(
    world: &World<N, E>,
    parent: NodeId,
) -> Vec<String> {
    world
        .children(parent)
        .expect("parent is valid")
        .map(|c| world.name(c).expect("child is valid").to_owned())
        .collect()
}

/// Everything in the event queue, oldest first; the queue is left empty.
pub fn drain_events<const N: usize, const E: usize>(world: &mut World<N, E>) -> Vec<NodeEvent> {
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
