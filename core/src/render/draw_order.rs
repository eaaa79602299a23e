//! The order nodes are drawn in (docs/lifecycle.md §6, cocos2d-x `Node::visit`, render
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
    /// Fills `order` with the nodes to draw, first drawn first (see the module docs).
    /// Sorts children that wait for the end-of-frame sort, as a draw would.
    pub fn draw_order(&mut self, order: &mut DrawOrder<N>) {
        self.sort_dirty_children();
        order.nodes.clear();
        self.visit(order);
        let arena = &self.arena;
        stable_sort_by_key(&mut order.nodes, |id| {
            arena.meta(usize::from(id.index)).global_z
        });
    }

    /// The tree-order walk of the module docs, without recursion: it moves through the
    /// tree by parent and sibling links, so its stack use does not grow with the tree's
    /// depth (a chain of every node costs what a flat tree does).
    fn visit(&self, order: &mut DrawOrder<N>) {
        if !self.has(0, Flags::ACTIVE_IN_HIERARCHY) {
            return;
        }
        let mut n = 0;
        'enter: loop {
            // Down through the first active child with a negative zIndex, as far as it goes.
            while let Some(c) = self.first_active(self.arena.first_child(n), true) {
                n = c;
            }
            // Every node is pushed at most once and there are at most N.
            let _ = order.nodes.push(self.arena.id(n));
            if let Some(c) = self.first_active(self.non_negative_children(n), false) {
                n = c;
                continue 'enter;
            }
            // `n`'s subtree is done: on to its next sibling, or back up.
            while n != 0 {
                let Some(p) = self.arena.parent(n) else {
                    return;
                };
                let negative = self.arena.slot(n).z_index < 0;
                if let Some(s) = self.first_active(self.arena.next_sibling(n), negative) {
                    n = s;
                    continue 'enter;
                }
                if negative {
                    // The parent comes after its negative children, then the others.
                    let _ = order.nodes.push(self.arena.id(p));
                    if let Some(c) = self.first_active(self.non_negative_children(p), false) {
                        n = c;
                        continue 'enter;
                    }
                }
                n = p;
            }
            return;
        }
    }

    /// From sibling `c` on, the first node active in the hierarchy; with `negative`, only
    /// among the siblings with a negative zIndex (children are sorted by zIndex).
    pub(crate) fn first_active(&self, mut c: Option<usize>, negative: bool) -> Option<usize> {
        while let Some(i) = c {
            if negative && self.arena.slot(i).z_index >= 0 {
                return None;
            }
            if self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
                return Some(i);
            }
            c = self.arena.next_sibling(i);
        }
        None
    }

    /// The first child of `n` whose zIndex is not negative.
    pub(crate) fn non_negative_children(&self, n: usize) -> Option<usize> {
        let mut c = self.arena.first_child(n);
        while let Some(i) = c {
            if self.arena.slot(i).z_index >= 0 {
                return Some(i);
            }
            c = self.arena.next_sibling(i);
        }
        None
    }
}
