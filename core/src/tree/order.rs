//! zIndex and the delayed child sort (docs/lifecycle.md §6).
//!
//! Cocos packs `(zIndex, arrival)` into `_localZOrder` and, at each sort, first renumbers
//! arrival from the current array order, then insertion-sorts by the packed key. Since
//! arrival is renumbered from the current order just before sorting, the key reduces to
//! `(zIndex, current position)`: a stable sort by zIndex of the current child order. Sprig
//! sorts exactly that and keeps no arrival counter, so no number of arrivals can overflow
//! into the zIndex (the engine's 65 535-arrival limit does not exist here).

use crate::engine::events::NodeEvent;
use crate::tree::node::Flags;
use crate::{Dispatch, Error, NodeId, World};

/// Lowest zIndex (`cc.macro.MIN_ZINDEX`).
pub const MIN_Z_INDEX: i16 = i16::MIN;
/// Highest zIndex (`cc.macro.MAX_ZINDEX`).
pub const MAX_Z_INDEX: i16 = i16::MAX;

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
    /// The node's zIndex.
    pub fn z_index(&self, node: NodeId) -> Result<i16, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.slot(i).z_index)
    }

    /// Sets the zIndex, clamped to [`MIN_Z_INDEX`]..=[`MAX_Z_INDEX`] with a
    /// `ZIndexClamped` warning event; returns the value stored. A change emits
    /// `SiblingOrderChanged` and marks the parent for the end-of-frame sort; children do
    /// not move before then.
    ///
    /// ```
    /// let mut world: sprig::NodeWorld<8> = sprig::NodeWorld::new();
    /// let root = world.root();
    /// let a = world.create_child(root, "a")?;
    /// let b = world.create_child(root, "b")?;
    /// world.set_z_index(a, 1)?;
    /// assert_eq!(world.children(root)?.collect::<Vec<_>>(), [a, b]); // not yet
    /// world.end_frame()?;
    /// assert_eq!(world.children(root)?.collect::<Vec<_>>(), [b, a]);
    /// assert_eq!(world.set_z_index(a, 100_000)?, i16::MAX);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn set_z_index(&mut self, node: NodeId, z_index: i32) -> Result<i16, Error> {
        let i = self.arena.resolve(node)?;
        let applied = z_index.clamp(i32::from(MIN_Z_INDEX), i32::from(MAX_Z_INDEX)) as i16;
        if i32::from(applied) != z_index {
            self.push_node_event(NodeEvent::ZIndexClamped {
                node,
                requested: z_index,
                applied,
            });
        }
        if self.arena.slot(i).z_index != applied {
            self.arena.slot_mut(i).z_index = applied;
            self.mark_reordered(i);
            self.push_node_event(NodeEvent::SiblingOrderChanged { node });
            if let Some(p) = self.arena.parent(i) {
                self.mark_children_dirty(p);
            }
        }
        Ok(applied)
    }

    /// The node's global z order (0 unless set).
    pub fn global_z_order(&self, node: NodeId) -> Result<i16, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.meta(i).global_z)
    }

    /// Sets the node's global z order (cocos2d-x `setGlobalZOrder`): nodes with a
    /// non-zero value are drawn by it across the whole tree, negative before everything
    /// else and positive after, ties in tree draw order; 0 (the default) keeps the node
    /// in tree draw order.
    pub fn set_global_z_order(&mut self, node: NodeId, global_z: i16) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if self.arena.meta(i).global_z != global_z {
            self.arena.meta_mut(i).global_z = global_z;
            self.mark_reordered(i);
        }
        Ok(())
    }

    /// Re-sorts `parent`'s children now if they are waiting for the end-of-frame sort
    /// (Cocos `sortAllChildren`); does nothing otherwise.
    ///
    /// Refused with `HierarchyLocked` while a deactivation or destruction walks the
    /// parent's subtree (from one of its hooks), as its child order is frozen then.
    pub fn sort_children(&mut self, parent: NodeId) -> Result<(), Error> {
        let p = self.arena.resolve(parent)?;
        if self.locked(p) {
            return Err(Error::HierarchyLocked);
        }
        if self.has(p, Flags::CHILDREN_DIRTY) {
            self.dirty_parents.retain(|&d| usize::from(d) != p);
            self.sort_children_of(p);
        }
        Ok(())
    }

    /// Records that node `i` moved in the draw order, for renderers.
    pub(crate) fn mark_reordered(&mut self, i: usize) {
        self.order_version = self.order_version.wrapping_add(1);
        self.arena.meta_mut(i).reordered_at = self.order_version;
        self.mark_relist();
    }

    /// The world's draw-order version: it grows each time a node moves in the draw
    /// order. Renderers compare it with what they saw last frame.
    pub fn order_version(&self) -> u32 {
        self.order_version
    }

    /// Queues `p` for the end-of-frame sort (Cocos `_delaySort`).
    pub(crate) fn mark_children_dirty(&mut self, p: usize) {
        if self.has(p, Flags::CHILDREN_DIRTY) {
            return;
        }
        // Each live node is queued at most once and freed nodes leave the queue, so the
        // queue (capacity NODES) always has room.
        if self.dirty_parents.push(p as u16).is_ok() {
            self.arena
                .slot_mut(p)
                .flags
                .set(Flags::CHILDREN_DIRTY, true);
        }
    }

    /// Forgets a pending sort of a node being freed.
    pub(crate) fn forget_children_dirty(&mut self, p: usize) {
        if self.has(p, Flags::CHILDREN_DIRTY) {
            self.dirty_parents.retain(|&d| usize::from(d) != p);
        }
    }

    /// Sorts every dirty parent, in the order they became dirty.
    pub(crate) fn sort_dirty_children(&mut self) {
        let mut k = 0;
        while let Some(&p) = self.dirty_parents.get(k) {
            self.sort_children_of(usize::from(p));
            k += 1;
        }
        self.dirty_parents.clear();
    }

    /// Renumbers (one `SiblingOrderChanged` per child, in current order) and stable-sorts
    /// the children of `p` by zIndex; `ChildReorder` if there is more than one child.
    fn sort_children_of(&mut self, p: usize) {
        self.arena
            .slot_mut(p)
            .flags
            .set(Flags::CHILDREN_DIRTY, false);
        let mut c = self.arena.first_child(p);
        while let Some(i) = c {
            let node = self.arena.id(i);
            self.push_node_event(NodeEvent::SiblingOrderChanged { node });
            c = self.arena.next_sibling(i);
        }
        if self.arena.child_count(p) < 2 {
            return;
        }
        // Insertion sort on the linked list: stable, and linear when already in order.
        let z = |w: &Self, i: usize| w.arena.slot(i).z_index;
        let mut cur = self
            .arena
            .first_child(p)
            .and_then(|f| self.arena.next_sibling(f));
        while let Some(i) = cur {
            cur = self.arena.next_sibling(i);
            let key = z(self, i);
            let mut before = None;
            let mut probe = self.arena.prev_sibling(i);
            while let Some(q) = probe {
                if z(self, q) <= key {
                    break;
                }
                before = Some(q);
                probe = self.arena.prev_sibling(q);
            }
            if let Some(before) = before {
                self.arena.unlink(i);
                self.arena.insert_before(i, before);
                self.mark_reordered(i);
            }
        }
        self.push_node_event(NodeEvent::ChildReorder {
            parent: self.arena.id(p),
        });
    }
}
