//! Activity: the node's own `active` flag and `active_in_hierarchy` (§3 of
//! `docs/lifecycle.md`).
//!
//! A node is active in the hierarchy when it is attached under the root and it and every
//! ancestor are active. Whenever an operation changes that for a node, the activator
//! (`activator.rs`) walks its subtree and runs the components' hooks.

use crate::tree::node::Flags;
use crate::{Dispatch, Error, NodeId, World};

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
    /// The node's own `active` flag.
    pub fn active(&self, node: NodeId) -> Result<bool, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.has(i, Flags::ACTIVE))
    }

    /// Whether the node is attached under the root with itself and every ancestor active.
    pub fn active_in_hierarchy(&self, node: NodeId) -> Result<bool, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.has(i, Flags::ACTIVE_IN_HIERARCHY))
    }

    /// Sets the node's own `active` flag (Cocos `node.active = v`). If the node's parent
    /// is active in the hierarchy, its subtree is activated (`preload`, `on_load`,
    /// `on_enable` of its components) or deactivated (`on_disable`) now and
    /// `ActiveInHierarchyChanged` is emitted on it; otherwise only the flag changes.
    ///
    /// Refused, changing nothing: deactivating the root (`RootNode`); reactivating a node
    /// marked for destruction (`PendingDestroy`); an activation that would reach a node
    /// whose deactivation is running, the node itself included (`HierarchyLocked`, e.g.
    /// from its components' `on_disable`, where Cocos logs an error and leaves the flag
    /// set: D16 in `docs/lifecycle.md`); an activation that would overflow the
    /// activation queue (`QueueFull`).
    pub fn set_active(&mut self, node: NodeId, active: bool) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if self.has(i, Flags::ACTIVE) == active {
            return Ok(());
        }
        if i == 0 {
            return Err(Error::RootNode);
        }
        if active && self.has(i, Flags::TO_DESTROY) {
            return Err(Error::PendingDestroy);
        }
        if active && self.has(i, Flags::DEACTIVATING) {
            return Err(Error::HierarchyLocked);
        }
        if active && self.parent_lets_active(self.arena.parent(i)) {
            self.check_activation_room(i)?;
        }
        self.arena.slot_mut(i).flags.set(Flags::ACTIVE, active);
        self.refresh_activity(i);
        Ok(())
    }

    /// Whether a child of `parent` may be active in the hierarchy: the parent is, and it
    /// is not the root while a new scene is being built.
    pub(crate) fn parent_lets_active(&self, parent: Option<usize>) -> bool {
        parent.is_some_and(|p| {
            self.has(p, Flags::ACTIVE_IN_HIERARCHY) && !(p == 0 && self.scene_loading)
        })
    }

    /// Brings `active_in_hierarchy` of `i`'s subtree in line with its flags and parent
    /// (Cocos `_onHierarchyChanged` and the `active` setter). Callers have checked the
    /// activation queue's room.
    pub(crate) fn refresh_activity(&mut self, i: usize) {
        let should = self.has(i, Flags::ACTIVE)
            && !self.has(i, Flags::PARKED)
            && self.parent_lets_active(self.arena.parent(i));
        if should == self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
            return;
        }
        if should {
            self.activate_node(i);
        } else {
            self.deactivate_node(i);
        }
    }
}
