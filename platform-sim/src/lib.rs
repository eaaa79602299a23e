//! Desktop simulator for Sprig apps.
//!
//! For now it only prints a world as an indented tree with world positions, which the
//! showcase uses until rendering (issue 4) and the windowed/headless runner (issue 5) land.
#![forbid(unsafe_code)]

use std::fmt::Write as _;

use sprig::{Dispatch, Error, NodeId, World};

/// Renders the subtree under the root as text: one line per node, indented by depth,
/// with its zIndex, activity and the world position of its anchor.
pub fn describe_tree<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
>(
    world: &mut World<S, N, C, TM, E, TR>,
) -> Result<String, Error>
where
    S: Dispatch<World<S, N, C, TM, E, TR>>,
{
    let mut out = String::new();
    let root = world.root();
    describe_node(world, root, 0, &mut out)?;
    Ok(out)
}

fn describe_node<
    S,
    const N: usize,
    const C: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
>(
    world: &mut World<S, N, C, TM, E, TR>,
    node: NodeId,
    depth: usize,
    out: &mut String,
) -> Result<(), Error>
where
    S: Dispatch<World<S, N, C, TM, E, TR>>,
{
    let name = if node == world.root() {
        "<root>"
    } else {
        world.name(node)?
    };
    let name = name.to_owned();
    let p = world.convert_to_world_space_ar(node, sprig::Vec2::ZERO)?;
    let state = if world.active_in_hierarchy(node)? {
        "active"
    } else {
        "inactive"
    };
    let _ = writeln!(
        out,
        "{:indent$}{name:<12} z={:<4} {state:<8} world=({:.1}, {:.1})",
        "",
        world.z_index(node)?,
        p.x,
        p.y,
        indent = depth * 2
    );
    let children: Vec<NodeId> = world.children(node)?.collect();
    for child in children {
        describe_node(world, child, depth + 1, out)?;
    }
    Ok(())
}
