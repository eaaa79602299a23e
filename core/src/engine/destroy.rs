//! Deferred destruction and validity (§4 of `docs/lifecycle.md`), with Sprig's
//! decisions 4 and 5.
//!
//! `destroy` marks a node and deactivates it at once (`on_disable`s, pre-order); the node
//! keeps its place among its parent's children until the end of the frame. Then, in the
//! order `destroy` / `destroy_component` were called, each subtree is destroyed
//! children-first: every descendant (deepest first, siblings in order), each node's
//! components in the order they were added, then the node, which leaves its parent last
//! (`ChildRemoved`). A component gets `on_disable` if it was still enabled and
//! `on_destroy` if its `on_load` ran; its slot is freed right after, so handles go stale,
//! and its event registrations go (as do all registrations on a destroyed node).
//! While a subtree is being destroyed its structure is frozen (`HierarchyLocked`), and
//! anything destroyed from an `on_destroy` is destroyed at the end of the next frame.

use crate::engine::events::NodeEvent;
use crate::engine::storage::CompFlags;
use crate::tree::node::{Flags, NONE};
use crate::{Dispatch, Error, HookCall, NodeId, World};

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
    /// Marks a node for destruction at the end of the frame and deactivates it now (its
    /// own `active` flag is cleared, its components get `on_disable`). Calling it again
    /// on a marked node does nothing.
    ///
    /// ```
    /// let mut world: sprig::World<sprig::NoComponents, 8, 0> = sprig::World::new();
    /// let root = world.root();
    /// let enemy = world.create_child(root, "Enemy")?;
    /// world.destroy(enemy)?;
    /// assert!(world.is_valid(enemy) && !world.is_valid_strict(enemy));
    /// assert_eq!(world.child_count(root)?, 1); // still a child until the frame ends
    /// world.end_frame()?;
    /// assert!(!world.is_valid(enemy));
    /// assert_eq!(world.child_count(root)?, 0);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn destroy(&mut self, node: NodeId) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if i == 0 {
            return Err(Error::RootNode);
        }
        if self.has(i, Flags::TO_DESTROY) || self.has(i, Flags::DESTROYING) {
            return Ok(());
        }
        let sequence = self.next_doom_sequence();
        // One entry per marked live node, and entries leave at the end of the frame, so
        // there is room; refuse rather than lose a destruction if that ever stopped holding.
        self.doomed_nodes
            .push((sequence, node))
            .map_err(|_| Error::QueueFull)?;
        let flags = &mut self.arena.slot_mut(i).flags;
        flags.set(Flags::TO_DESTROY, true);
        flags.set(Flags::ACTIVE, false);
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

    pub(crate) fn next_doom_sequence(&mut self) -> u32 {
        let s = self.doom_sequence;
        self.doom_sequence = s.wrapping_add(1);
        s
    }

    /// Destroys what was marked before this call, in call order (Cocos
    /// `_deferredDestroy`); marks made meanwhile (from `on_destroy`) wait for the next
    /// frame. Entries of objects freed along with an ancestor leave the lists when they
    /// are freed.
    pub(crate) fn destroy_pending(&mut self) {
        let end = self.doom_sequence;
        let due = |entry: Option<u32>| entry.filter(|&s| (s.wrapping_sub(end) as i32) < 0);
        loop {
            let node = due(self.doomed_nodes.first().map(|e| e.0));
            let comp = due(self.doomed_comps.first().map(|e| e.0));
            let node_first = match (node, comp) {
                (Some(n), Some(c)) => (n.wrapping_sub(c) as i32) < 0,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => break,
            };
            if node_first {
                let (_, id) = self.doomed_nodes.remove(0);
                if let Ok(i) = self.arena.resolve(id) {
                    self.destroy_node_now(i);
                }
            } else {
                let (_, id) = self.doomed_comps.remove(0);
                if let Ok(c) = self.comps.resolve(id) {
                    self.destroy_comp_now(c);
                }
            }
        }
    }

    /// Destroys `top`'s subtree now, then detaches `top` with `ChildRemoved`.
    fn destroy_node_now(&mut self, top: usize) {
        let mut cur = Some(top);
        while let Some(n) = cur {
            self.arena.slot_mut(n).flags.set(Flags::DESTROYING, true);
            cur = self.arena.next_preorder(n, top, |_| true);
        }
        let parent = self.arena.parent(top);
        let child = self.arena.id(top);
        self.destroy_subtree(top);
        if let Some(p) = parent {
            self.push_node_event(NodeEvent::ChildRemoved {
                parent: self.arena.id(p),
                child,
            });
        }
    }

    /// Post-order: children (frozen list), then own components, then the node itself.
    fn destroy_subtree(&mut self, top: usize) {
        // Post-order without recursion: down to the first leaf, destroy it (which unlinks
        // it, so its next sibling becomes its parent's first child), back to the parent.
        // Hooks cannot change the subtree meanwhile (`HierarchyLocked`).
        let mut n = top;
        loop {
            while let Some(child) = self.arena.first_child(n) {
                n = child;
            }
            let parent = if n == top { None } else { self.arena.parent(n) };
            self.destroy_one(n);
            match parent {
                Some(p) => n = p,
                None => return,
            }
        }
    }

    /// Destroys one node whose children are gone: its components, then the node.
    fn destroy_one(&mut self, n: usize) {
        let mut c = self.arena.slot(n).first_comp;
        while c != NONE {
            let ci = usize::from(c);
            c = self.comps.slot(ci).next;
            self.destroy_comp_now(ci);
        }
        self.forget_children_dirty(n);
        if self.has(n, Flags::TO_DESTROY) {
            let id = self.arena.id(n);
            self.doomed_nodes.retain(|&(_, d)| d != id);
        }
        self.listeners.remove_node(n as u16);
        self.arena.unlink(n);
        self.arena.free(n);
        self.mark_relist();
    }

    /// A component's `_destroyImmediate`: timers gone, `on_disable` if still enabled,
    /// `on_destroy` if `on_load` ran, then off its node and freed.
    fn destroy_comp_now(&mut self, c: usize) {
        let comp = self.comps.id(c);
        self.disable_comp(c);
        let loaded = self.comps.slot(c).has(CompFlags::ON_LOAD_CALLED);
        self.comps.slot_mut(c).set(CompFlags::DESTROYED, true);
        if loaded {
            self.call_hook(c, HookCall::OnDestroy);
        }
        // After the hooks, which may still have scheduled or registered some.
        self.timers.remove_all(comp);
        self.listeners.remove_comp(c as u16);
        if self.comps.slot(c).has(CompFlags::TO_DESTROY) {
            self.doomed_comps.retain(|&(_, d)| d != comp);
        }
        self.unlink_comp(c);
        self.comps.free(c);
        self.mark_relist();
    }

    fn unlink_comp(&mut self, c: usize) {
        let n = usize::from(self.comps.slot(c).node);
        let next = self.comps.slot(c).next;
        if usize::from(self.arena.slot(n).first_comp) == c {
            self.arena.slot_mut(n).first_comp = next;
            return;
        }
        let mut prev = self.arena.slot(n).first_comp;
        while prev != NONE {
            let p = usize::from(prev);
            if usize::from(self.comps.slot(p).next) == c {
                self.comps.slot_mut(p).next = next;
                return;
            }
            prev = self.comps.slot(p).next;
        }
    }
}
