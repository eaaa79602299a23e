//! The order nodes are drawn in (seed 001 §2.1–2.2, cocos2d-x `Node::visit`, render
//! queues by `globalZOrder`).
//!
//! Tree order: children waiting for a sort are sorted first; then, for each node active
//! in the hierarchy, its children with a negative zIndex (in child order), the node
//! itself, then its other children. Global z then reorders across the whole tree: nodes
//! with a negative global z first, then those with 0 in tree order, then the positive
//! ones, each group in ascending global z with ties in tree order (a stable sort). Input
//! goes to nodes in the reverse of this order.

use heapless::Vec;

use crate::sort::stable_sort_by_key;
use crate::tree::node::Flags;
use crate::{Dispatch, NodeId, World};

/// A reusable buffer for the draw order of a world with `N` node slots.
///
/// ```
/// use sprig::{render::DrawOrder, NodeWorld};
///
/// let mut world: NodeWorld<8> = NodeWorld::new();
/// let root = world.root();
/// let back = world.create_child(root, "back")?;
/// let front = world.create_child(root, "front")?;
/// let under = world.create_child(front, "under")?;
/// world.set_z_index(under, -1)?;
/// world.set_global_z_order(back, 5)?;
/// let mut order = DrawOrder::new();
/// world.draw_order(&mut order);
/// // root, front's negative child, front, then `back` last by its global z.
/// assert_eq!(order.as_slice(), [root, under, front, back]);
/// # Ok::<(), sprig::Error>(())
/// ```
pub struct DrawOrder<const N: usize> {
    nodes: Vec<NodeId, N>,
}

impl<const N: usize> Default for DrawOrder<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> DrawOrder<N> {
    /// An empty buffer.
    pub const fn new() -> Self {
        DrawOrder { nodes: Vec::new() }
    }

    /// The nodes, first drawn first.
    pub fn as_slice(&self) -> &[NodeId] {
        &self.nodes
    }
}

impl<S, const N: usize, const C: usize, const TM: usize, const E: usize, const TR: usize>
    World<S, N, C, TM, E, TR>
where
    S: Dispatch,
{
    /// Fills `order` with the nodes to draw, first drawn first (see the module docs).
    /// Sorts children that wait for the end-of-frame sort, as a draw would.
    pub fn draw_order(&mut self, order: &mut DrawOrder<N>) {
        self.sort_dirty_children();
        order.nodes.clear();
        self.visit(0, order);
        let arena = &self.arena;
        stable_sort_by_key(&mut order.nodes, |id| {
            arena.meta(usize::from(id.index)).global_z
        });
    }

    fn visit(&self, n: usize, order: &mut DrawOrder<N>) {
        if !self.has(n, Flags::ACTIVE_IN_HIERARCHY) {
            return;
        }
        let mut child = self.arena.first_child(n);
        while let Some(c) = child {
            if self.arena.slot(c).z_index >= 0 {
                break;
            }
            self.visit(c, order);
            child = self.arena.next_sibling(c);
        }
        // Every node is pushed at most once and there are at most N.
        let _ = order.nodes.push(self.arena.id(n));
        while let Some(c) = child {
            self.visit(c, order);
            child = self.arena.next_sibling(c);
        }
    }
}
