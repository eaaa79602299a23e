//! Scene switching and persistent nodes (Cocos `director.runSceneImmediate`,
//! `game.addPersistRootNode`).
//!
//! The root is the scene. Switching, as Cocos Creator 2.4 does it:
//!
//! 1. Persistent nodes leave the old scene first: each is deactivated (its enabled
//!    components get `on_disable`, pre-order), as Cocos moves them under the new,
//!    not yet active scene.
//! 2. Every other direct child of the root is destroyed (their `on_disable`s now, then
//!    their `on_destroy`s, as the engine runs `_deferredDestroy` right away).
//! 3. The app builds the new scene under the root without activating anything.
//! 4. The persistent nodes are appended after the new scene's own children.
//! 5. All of it activates in one pass: every `preload`, then every `on_load`, then every
//!    `on_enable` across the new scene; the persistent nodes' components, loaded long
//!    ago, get only their `on_enable`, in tree order, so after the new scene's of the
//!    same execution order, and they update after them from then on.

use crate::tree::node::Flags;
use crate::{Dispatch, Error, NodeEvent, NodeId, World};

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
    fn first_root_child_with(&self, flag: Flags) -> Option<usize> {
        let mut child = self.arena.first_child(0);
        while let Some(c) = child {
            if self.has(c, flag) {
                return Some(c);
            }
            child = self.arena.next_sibling(c);
        }
        None
    }

    /// Marks a direct child of the root as persistent (surviving scene switches) or not.
    /// Other nodes are refused with `NotRootChild`.
    pub fn set_persistent(&mut self, node: NodeId, persistent: bool) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if self.arena.parent(i) != Some(0) {
            return Err(Error::NotRootChild);
        }
        self.arena
            .slot_mut(i)
            .flags
            .set(Flags::PERSISTENT, persistent);
        Ok(())
    }

    /// Whether the node survives scene switches.
    pub fn is_persistent(&self, node: NodeId) -> Result<bool, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.has(i, Flags::PERSISTENT))
    }

    /// Replaces the scene: destroys every non-persistent child of the root now, runs
    /// `build` to create the new scene under the root, then activates the new scene in
    /// one pass. While `build` runs, nodes attached to the root wait for that pass;
    /// nodes attached under a persistent node activate at once, as it is active. Nodes
    /// the old scene's `on_disable`/`on_destroy` hooks attach to the root survive into
    /// the new scene (activated when attached, as the switch had not begun building).
    ///
    /// Refused from inside a hook or another switch's `build` (`Reentrant`). If `build` fails, what it built is
    /// activated anyway and its error returned; the old scene is gone either way. If the
    /// activation queue cannot hold the new scene, it stays inactive and `QueueFull` is
    /// returned.
    pub fn switch_scene<F>(&mut self, build: F) -> Result<(), Error>
    where
        F: FnOnce(&mut Self) -> Result<(), Error>,
    {
        self.check_not_in_hook()?;
        // The persistent nodes leave the scene: their components' `on_disable` first.
        self.for_each_root_child_with(Flags::PERSISTENT, |w, c| {
            w.arena.slot_mut(c).flags.set(Flags::PARKED, true);
            w.refresh_activity(c);
        });
        // Mark the old scene next: the `on_disable` hooks below may attach, detach or
        // reorder root children, and only what was there when the switch began goes.
        let mut child = self.arena.first_child(0);
        while let Some(c) = child {
            let old = !self.has(c, Flags::PERSISTENT);
            self.arena.slot_mut(c).flags.set(Flags::OLD_SCENE, old);
            child = self.arena.next_sibling(c);
        }
        while let Some(c) = self.first_root_child_with(Flags::OLD_SCENE) {
            self.arena.slot_mut(c).flags.set(Flags::OLD_SCENE, false);
            let id = self.arena.id(c);
            self.destroy(id)?;
        }
        self.destroy_pending();

        self.scene_loading = true;
        let built = build(self);
        // After the new scene's own children, in their order, waiting for its activation.
        while let Some(c) = self.first_root_child_with(Flags::PARKED) {
            self.arena.slot_mut(c).flags.set(Flags::PARKED, false);
            self.arena.unlink(c);
            self.arena.append_child(0, c);
            let node = self.arena.id(c);
            self.push_node_event(NodeEvent::SiblingOrderChanged { node });
            self.mark_reordered(c);
            self.mark_children_dirty(0);
        }
        self.scene_loading = false;

        self.activate_scene()?;
        built
    }

    /// Runs `f` on each direct child of the root carrying `flag` when the walk reaches
    /// it (the walk follows the links as they are after each call).
    fn for_each_root_child_with(&mut self, flag: Flags, mut f: impl FnMut(&mut Self, usize)) {
        let mut child = self.arena.first_child(0);
        while let Some(c) = child {
            if self.has(c, flag) {
                f(self, c);
            }
            child = self.arena.next_sibling(c);
        }
    }
}
