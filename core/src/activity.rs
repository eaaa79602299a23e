//! Activity: the node's own `active` flag and `active_in_hierarchy`, and the traversals
//! that change the latter (§1.3 M3.1–M3.3 and M3.6 of `cocos-semantics.md`).
//!
//! A node is active in the hierarchy when it is attached under the root and it and every
//! ancestor are active. When that changes for a node, its subtree is walked pre-order
//! (parent before children, children in order): activation enters only children whose own
//! flag is set, deactivation only children still active in the hierarchy. The walks read
//! the tree's links step by step, which is where the lifecycle engine hooks its
//! component collection (activation) and `on_disable` calls (deactivation).

use crate::events::NodeEvent;
use crate::node::Flags;
use crate::{Error, NodeId, World};

impl<const NODES: usize, const EVENTS: usize> World<NODES, EVENTS> {
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
    /// is active in the hierarchy, its subtree is activated or deactivated now and
    /// `ActiveInHierarchyChanged` is emitted on it; otherwise only the flag changes.
    /// The root cannot be deactivated, and a node marked for destruction cannot be
    /// reactivated (`PendingDestroy`).
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
        self.arena.slot_mut(i).flags.set(Flags::ACTIVE, active);
        self.refresh_activity(i);
        Ok(())
    }

    /// Brings `active_in_hierarchy` of `i`'s subtree in line with its flags and parent
    /// (Cocos `_onHierarchyChanged` and the `active` setter).
    pub(crate) fn refresh_activity(&mut self, i: usize) {
        let should = self.has(i, Flags::ACTIVE)
            && self
                .arena
                .parent(i)
                .is_some_and(|p| self.has(p, Flags::ACTIVE_IN_HIERARCHY));
        if should == self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
            return;
        }
        if should {
            self.activate_subtree(i);
        } else {
            self.deactivate_subtree(i);
        }
        let node = self.arena.id(i);
        self.emit(NodeEvent::ActiveInHierarchyChanged {
            node,
            active: should,
        });
    }

    /// Activation walk (`_activateNodeRecursively`): marks the subtree active in the
    /// hierarchy, entering only children whose own flag is set.
    fn activate_subtree(&mut self, top: usize) {
        let mut cur = Some(top);
        while let Some(i) = cur {
            self.arena
                .slot_mut(i)
                .flags
                .set(Flags::ACTIVE_IN_HIERARCHY, true);
            cur = self.arena.next_preorder(i, top, |s| s.has(Flags::ACTIVE));
        }
    }

    /// Deactivation walk (`_deactivateNodeRecursively`): clears `active_in_hierarchy`
    /// pre-order, entering only children still active in the hierarchy. `top` carries
    /// `DEACTIVATING` for the duration, which freezes its child order.
    fn deactivate_subtree(&mut self, top: usize) {
        self.arena
            .slot_mut(top)
            .flags
            .set(Flags::DEACTIVATING, true);
        let mut cur = Some(top);
        while let Some(i) = cur {
            self.arena
                .slot_mut(i)
                .flags
                .set(Flags::ACTIVE_IN_HIERARCHY, false);
            cur = self
                .arena
                .next_preorder(i, top, |s| s.has(Flags::ACTIVE_IN_HIERARCHY));
        }
        self.arena
            .slot_mut(top)
            .flags
            .set(Flags::DEACTIVATING, false);
    }
}
