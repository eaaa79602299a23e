//! Parent/child links and sibling order (§3 and §6 of `docs/lifecycle.md`):
//! creating nodes, attaching, detaching, moving between parents, `set_sibling_index` with
//! the engine's splice rule, names and tags.

use crate::engine::events::NodeEvent;
use crate::tree::arena::NodeArena;
use crate::tree::node::{bounded_name, Flags, NodeMeta};
use crate::{Dispatch, Error, NodeId, World};

/// The children of a node, in their current order. Made by [`World::children`].
pub struct Children<'a, const N: usize> {
    arena: &'a NodeArena<N>,
    next: Option<usize>,
}

impl<const N: usize> Iterator for Children<'_, N> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let i = self.next?;
        self.next = self.arena.next_sibling(i);
        Some(self.arena.id(i))
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
    /// Makes a detached node: no parent, `active` set, not active in the hierarchy until
    /// it is attached under the root. Fails with `NameTooLong` or `NodeArenaFull`.
    pub fn create_node(&mut self, name: &str) -> Result<NodeId, Error> {
        let name = bounded_name(name)?;
        let i = self.arena.alloc(NodeMeta::new(name))?;
        Ok(self.arena.id(i))
    }

    /// Makes a node and appends it to `parent`'s children, as `create_node` then
    /// `add_child`; on error nothing is created.
    pub fn create_child(&mut self, parent: NodeId, name: &str) -> Result<NodeId, Error> {
        let p = self.arena.resolve(parent)?;
        if self.locked(p) {
            return Err(Error::HierarchyLocked);
        }
        let child = self.create_node(name)?;
        if let Err(error) = self.set_parent(child, Some(parent)) {
            // Nothing saw the fresh node: take it back so the world is as it was.
            self.arena.free(usize::from(child.index));
            return Err(error);
        }
        Ok(child)
    }

    /// Appends a parentless node to `parent`'s children (Cocos `addChild`).
    /// A child that already has a parent is refused with `AlreadyHasParent`.
    pub fn add_child(&mut self, parent: NodeId, child: NodeId) -> Result<(), Error> {
        let c = self.arena.resolve(child)?;
        self.arena.resolve(parent)?;
        if c == 0 {
            return Err(Error::RootNode);
        }
        if self.arena.parent(c).is_some() {
            return Err(Error::AlreadyHasParent);
        }
        self.set_parent(child, Some(parent))
    }

    /// Moves `child` under `parent` (appended), then to `index` as
    /// [`set_sibling_index`](Self::set_sibling_index) would (Cocos `insertChild`).
    pub fn insert_child(&mut self, parent: NodeId, child: NodeId, index: i32) -> Result<(), Error> {
        let p = self.arena.resolve(parent)?;
        if self.locked(p) {
            return Err(Error::HierarchyLocked);
        }
        self.set_parent(child, Some(parent))?;
        // A hook run by the attach may have moved the child elsewhere: the insert took
        // place, and what the hook did comes after it.
        if self.arena.parent(self.arena.resolve(child)?) != Some(p) {
            return Ok(());
        }
        self.set_sibling_index(child, index)
    }

    /// Sets or clears a node's parent (Cocos `setParent`): appended to the new parent's
    /// children, removed from the old one's. Emits `ChildAdded`, `ChildRemoved`,
    /// `SiblingOrderChanged` in that order, marks the new parent for sorting, and activates
    /// or deactivates the subtree if its activity in the hierarchy changed.
    /// Setting the same parent again does nothing.
    ///
    /// Refused, changing nothing: the root as child (`RootNode`); a cycle (`Cycle`);
    /// moving a node out of, into or as a subtree whose deactivation or destruction is
    /// running (`HierarchyLocked`, see `activator.rs`); an activation the activation queue
    /// cannot hold (`QueueFull`).
    pub fn set_parent(&mut self, child: NodeId, parent: Option<NodeId>) -> Result<(), Error> {
        let c = self.arena.resolve(child)?;
        let p = parent.map(|p| self.arena.resolve(p)).transpose()?;
        if c == 0 {
            return Err(Error::RootNode);
        }
        let old = self.arena.parent(c);
        if old == p {
            return Ok(());
        }
        if let Some(p) = p {
            if self.arena.is_self_or_ancestor(c, p) {
                return Err(Error::Cycle);
            }
        }
        if self.locked(c)
            || old.is_some_and(|o| self.locked(o))
            || p.is_some_and(|p| self.locked(p))
        {
            return Err(Error::HierarchyLocked);
        }
        if self.has(c, Flags::ACTIVE)
            && !self.has(c, Flags::ACTIVE_IN_HIERARCHY)
            && self.parent_lets_active(p)
        {
            self.check_activation_room(c)?;
        }
        self.arena.unlink(c);
        if let Some(p) = p {
            self.arena.append_child(p, c);
            self.push_node_event(NodeEvent::ChildAdded {
                parent: self.arena.id(p),
                child,
            });
        }
        if let Some(old) = old {
            self.push_node_event(NodeEvent::ChildRemoved {
                parent: self.arena.id(old),
                child,
            });
        }
        self.push_node_event(NodeEvent::SiblingOrderChanged { node: child });
        self.mark_reordered(c);
        if p != Some(0) {
            // Only direct children of the root persist (or wait out a scene switch).
            let flags = &mut self.arena.slot_mut(c).flags;
            flags.set(Flags::PERSISTENT, false);
            flags.set(Flags::PARKED, false);
        }
        if let Some(p) = p {
            self.mark_children_dirty(p);
        }
        self.mark_world_dirty(c);
        self.refresh_activity(c);
        Ok(())
    }

    /// Detaches `child` from `parent` without destroying it; `NotAChild` if it is not one.
    pub fn remove_child(&mut self, parent: NodeId, child: NodeId) -> Result<(), Error> {
        let p = self.arena.resolve(parent)?;
        let c = self.arena.resolve(child)?;
        if self.arena.parent(c) != Some(p) {
            return Err(Error::NotAChild);
        }
        self.set_parent(child, None)
    }

    /// Detaches a node from its parent without destroying it. A parentless node is left
    /// as it is.
    pub fn remove_from_parent(&mut self, node: NodeId) -> Result<(), Error> {
        self.set_parent(node, None)
    }

    /// The node's parent, `None` for the root and detached nodes.
    pub fn parent(&self, node: NodeId) -> Result<Option<NodeId>, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.parent(i).map(|p| self.arena.id(p)))
    }

    /// The node's children in their current order.
    pub fn children(&self, node: NodeId) -> Result<Children<'_, N>, Error> {
        let i = self.arena.resolve(node)?;
        Ok(Children {
            arena: &self.arena,
            next: self.arena.first_child(i),
        })
    }

    /// How many children the node has.
    pub fn child_count(&self, node: NodeId) -> Result<usize, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.child_count(i))
    }

    /// The sibling after the node in its parent's children, `None` for the last one and
    /// for a node without a parent: walking a child list with it needs no borrow of the
    /// world between steps, so each child can be changed on the way (but not moved).
    pub fn next_sibling(&self, node: NodeId) -> Result<Option<NodeId>, Error> {
        let i = self.arena.resolve(node)?;
        if self.arena.parent(i).is_none() {
            return Ok(None);
        }
        Ok(self.arena.next_sibling(i).map(|n| self.arena.id(n)))
    }

    /// Position in the parent's children (0 without a parent), as Cocos `getSiblingIndex`.
    pub fn sibling_index(&self, node: NodeId) -> Result<usize, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.sibling_index(i))
    }

    /// Moves a node among its siblings now (Cocos `setSiblingIndex`, §6).
    ///
    /// `-1` and any index at or past the end mean last; another negative index counts
    /// from the end of the children without this node (`-2` puts it before the last two
    /// of those), clamped at 0, as JavaScript's `splice` does. Moving marks the parent for
    /// the end-of-frame sort, which orders by zIndex again, so a node cannot end a frame
    /// ahead of a sibling with a lower zIndex. Emits no event.
    pub fn set_sibling_index(&mut self, node: NodeId, index: i32) -> Result<(), Error> {
        let c = self.arena.resolve(node)?;
        if c == 0 {
            return Err(Error::RootNode);
        }
        let p = self.arena.parent(c).ok_or(Error::NoParent)?;
        if self.locked(p) || self.locked(c) {
            return Err(Error::HierarchyLocked);
        }
        let len = self.arena.child_count(p) as i64;
        let index = if index == -1 {
            len - 1
        } else {
            i64::from(index)
        };
        if index == self.arena.sibling_index(c) as i64 {
            return Ok(());
        }
        self.arena.unlink(c);
        let remaining = len - 1;
        let target = (index < remaining)
            .then(|| {
                if index < 0 {
                    (remaining + index).max(0)
                } else {
                    index
                }
            })
            .and_then(|at| self.arena.child_at(p, at as usize));
        match target {
            Some(before) => self.arena.insert_before(c, before),
            None => self.arena.append_child(p, c),
        }
        self.mark_reordered(c);
        self.mark_children_dirty(p);
        Ok(())
    }

    /// Whether a deactivation or destruction walk is inside this node's subtree, which
    /// freezes its place and its children.
    pub(crate) fn locked(&self, i: usize) -> bool {
        self.has(i, Flags::DEACTIVATING) || self.has(i, Flags::DESTROYING)
    }

    /// The node's name.
    pub fn name(&self, node: NodeId) -> Result<&str, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.meta(i).name.as_str())
    }

    /// Renames a node; at most [`MAX_NAME_LEN`](crate::MAX_NAME_LEN) bytes.
    pub fn set_name(&mut self, node: NodeId, name: &str) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        self.arena.meta_mut(i).name = bounded_name(name)?;
        Ok(())
    }

    /// The node's tag (0 unless set).
    pub fn tag(&self, node: NodeId) -> Result<u16, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.meta(i).tag)
    }

    /// Sets the node's tag, a number the app uses to find nodes.
    pub fn set_tag(&mut self, node: NodeId, tag: u16) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        self.arena.meta_mut(i).tag = tag;
        Ok(())
    }
}
