//! Deferred destruction and validity (§1.8 of `cocos-semantics.md`).
//!
//! `destroy` marks the node and deactivates it at once; the node keeps its place among
//! its parent's children until the end of the frame. Then its subtree is freed
//! children-first (deepest first, siblings in order, the node last), every slot's
//! generation advances so old handles go stale, and the parent gets `ChildRemoved`.

use crate::events::NodeEvent;
use crate::node::Flags;
use crate::{Error, NodeId, World};

impl<const NODES: usize, const EVENTS: usize> World<NODES, EVENTS> {
    /// Marks a node for destruction at the end of the frame and deactivates it now (its
    /// own `active` flag is cleared). Calling it again on a marked node does nothing.
    ///
    /// ```
    /// let mut world: sprig::World<8> = sprig::World::new();
    /// let root = world.root();
    /// let enemy = world.create_child(root, "Enemy")?;
    /// world.destroy(enemy)?;
    /// assert!(world.is_valid(enemy) && !world.is_valid_strict(enemy));
    /// assert_eq!(world.child_count(root)?, 1); // still a child until the frame ends
    /// world.end_frame();
    /// assert!(!world.is_valid(enemy));
    /// assert_eq!(world.child_count(root)?, 0);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn destroy(&mut self, node: NodeId) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if i == 0 {
            return Err(Error::RootNode);
        }
        if self.has(i, Flags::TO_DESTROY) {
            return Ok(());
        }
        // One entry per marked live node, and marked nodes are only freed by the
        // end-of-frame pass that empties the list, so it has room; refuse rather than lose
        // a destruction if that ever stopped holding.
        self.to_destroy
            .push_back(node)
            .map_err(|_| Error::NodeArenaFull { capacity: NODES })?;
        self.arena.slot_mut(i).flags.set(Flags::TO_DESTROY, true);
        self.arena.slot_mut(i).flags.set(Flags::ACTIVE, false);
        self.refresh_activity(i);
        Ok(())
    }

    /// `false` once the node was really destroyed (end of the frame it was destroyed in).
    pub fn is_valid(&self, node: NodeId) -> bool {
        self.arena.resolve(node).is_ok()
    }

    /// `false` from the moment `destroy` was called on this very node
    /// (Cocos `cc.isValid(node, true)`); its descendants stay strictly valid until freed.
    pub fn is_valid_strict(&self, node: NodeId) -> bool {
        self.arena
            .resolve(node)
            .is_ok_and(|i| !self.has(i, Flags::TO_DESTROY))
    }

    /// Frees the nodes marked so far, in the order `destroy` was called. Entries added
    /// while this runs wait for the next frame.
    pub(crate) fn destroy_pending(&mut self) {
        for _ in 0..self.to_destroy.len() {
            let Some(id) = self.to_destroy.pop_front() else {
                break;
            };
            // Stale when an ancestor destroyed earlier in this pass took it along.
            if let Ok(i) = self.arena.resolve(id) {
                self.destroy_subtree(i);
            }
        }
    }

    /// Frees `top`'s subtree post-order, then detaches `top` with `ChildRemoved`.
    fn destroy_subtree(&mut self, top: usize) {
        let parent = self.arena.parent(top);
        let child = self.arena.id(top);
        self.arena.unlink(top);
        let mut cur = self.deepest_first_child(top);
        loop {
            let up = self.arena.parent(cur);
            self.arena.unlink(cur);
            self.forget_children_dirty(cur);
            self.arena.free(cur);
            if cur == top {
                break;
            }
            // Siblings not yet visited start where `cur` was; otherwise climb.
            cur = match up.and_then(|p| self.arena.first_child(p)) {
                Some(next) => self.deepest_first_child(next),
                None => up.unwrap_or(top),
            };
        }
        if let Some(p) = parent {
            self.emit(NodeEvent::ChildRemoved {
                parent: self.arena.id(p),
                child,
            });
        }
    }

    fn deepest_first_child(&self, mut i: usize) -> usize {
        while let Some(c) = self.arena.first_child(i) {
            i = c;
        }
        i
    }
}
