//! The fixed-capacity node arena: slots, generations, the free list, and the intrusive
//! child lists (first child, next/previous sibling) every hierarchy operation edits.
//!
//! Slot 0 is the root and is never freed. Free slots are chained through
//! `next_sibling`. Indices held in links are trusted; handles from users are resolved
//! through [`NodeArena::resolve`], which checks occupancy and generation.

use heapless::Vec;

use crate::tree::node::{Flags, NodeMeta, NodeSlot, NONE};
use crate::{Error, NodeId};

pub(crate) struct NodeArena<const N: usize> {
    slots: Vec<NodeSlot, N>,
    meta: Vec<NodeMeta, N>,
    free_head: u16,
    live: usize,
}

impl<const N: usize> NodeArena<N> {
    /// An arena holding only the root, active and in the hierarchy.
    pub(crate) fn new() -> Self {
        const {
            assert!(N >= 1, "a world needs at least one node slot (the root)");
            assert!(N < NONE as usize, "at most 65534 node slots");
        }
        let mut root = NodeSlot::new(0);
        root.flags.set(Flags::ACTIVE_IN_HIERARCHY, true);
        root.flags.set(Flags::WORLD_DIRTY, false);
        let mut slots = Vec::new();
        let mut meta = Vec::new();
        // Capacity N >= 1 is asserted above, so the root always fits.
        let _ = slots.push(root);
        let _ = meta.push(NodeMeta::new(heapless::String::new()));
        NodeArena {
            slots,
            meta,
            free_head: NONE,
            live: 1,
        }
    }

    /// The slot index of a live node, or `StaleHandle`.
    pub(crate) fn resolve(&self, id: NodeId) -> Result<usize, Error> {
        match self.slots.get(usize::from(id.index)) {
            Some(s) if s.has(Flags::OCCUPIED) && s.generation == id.generation => {
                Ok(usize::from(id.index))
            }
            _ => Err(Error::StaleHandle),
        }
    }

    /// The handle of the live node in slot `i`.
    /// The handle of slot `i`, if the slot exists.
    pub(crate) fn try_id(&self, i: usize) -> Option<NodeId> {
        self.slots.get(i).map(|slot| NodeId {
            index: i as u16,
            generation: slot.generation,
        })
    }

    pub(crate) fn id(&self, i: usize) -> NodeId {
        NodeId {
            index: i as u16,
            generation: self.slots[i].generation,
        }
    }

    pub(crate) fn slot(&self, i: usize) -> &NodeSlot {
        &self.slots[i]
    }

    pub(crate) fn slot_mut(&mut self, i: usize) -> &mut NodeSlot {
        &mut self.slots[i]
    }

    pub(crate) fn meta(&self, i: usize) -> &NodeMeta {
        &self.meta[i]
    }

    pub(crate) fn meta_mut(&mut self, i: usize) -> &mut NodeMeta {
        &mut self.meta[i]
    }

    /// Live nodes, the root included.
    pub(crate) fn live(&self) -> usize {
        self.live
    }

    /// Takes a free slot (reusing freed ones first) for a new detached node.
    pub(crate) fn alloc(&mut self, meta: NodeMeta) -> Result<usize, Error> {
        if self.free_head != NONE {
            let i = usize::from(self.free_head);
            self.free_head = self.slots[i].next_sibling;
            let generation = self.slots[i].generation;
            self.slots[i] = NodeSlot::new(generation);
            self.meta[i] = meta;
            self.live += 1;
            return Ok(i);
        }
        let i = self.slots.len();
        if self.slots.push(NodeSlot::new(0)).is_err() {
            return Err(Error::NodeArenaFull { capacity: N as u16 });
        }
        if let Err(meta) = self.meta.push(meta) {
            // Both vectors share capacity N and length; this cannot happen, but undo anyway.
            self.slots.pop();
            drop(meta);
            return Err(Error::NodeArenaFull { capacity: N as u16 });
        }
        self.live += 1;
        Ok(i)
    }

    /// Frees a detached, childless slot and advances its generation.
    pub(crate) fn free(&mut self, i: usize) {
        let s = &mut self.slots[i];
        s.flags = Flags::default();
        s.generation = s.generation.wrapping_add(1);
        s.parent = NONE;
        s.first_child = NONE;
        s.first_comp = NONE;
        s.prev_sibling = NONE;
        s.next_sibling = self.free_head;
        self.meta[i].name.clear();
        self.free_head = i as u16;
        self.live -= 1;
    }

    pub(crate) fn parent(&self, i: usize) -> Option<usize> {
        let p = self.slots[i].parent;
        (p != NONE).then_some(usize::from(p))
    }

    pub(crate) fn first_child(&self, i: usize) -> Option<usize> {
        let c = self.slots[i].first_child;
        (c != NONE).then_some(usize::from(c))
    }

    pub(crate) fn next_sibling(&self, i: usize) -> Option<usize> {
        let n = self.slots[i].next_sibling;
        (n != NONE).then_some(usize::from(n))
    }

    /// The previous sibling, `None` for a first child.
    pub(crate) fn prev_sibling(&self, i: usize) -> Option<usize> {
        let p = self.parent(i)?;
        if usize::from(self.slots[p].first_child) == i {
            None
        } else {
            Some(usize::from(self.slots[i].prev_sibling))
        }
    }

    /// Is `ancestor` equal to `i` or above it?
    pub(crate) fn is_self_or_ancestor(&self, ancestor: usize, mut i: usize) -> bool {
        loop {
            if i == ancestor {
                return true;
            }
            match self.parent(i) {
                Some(p) => i = p,
                None => return false,
            }
        }
    }

    /// Appends detached `c` to `p`'s children.
    pub(crate) fn append_child(&mut self, p: usize, c: usize) {
        let (p16, c16) = (p as u16, c as u16);
        self.slots[c].parent = p16;
        self.slots[c].next_sibling = NONE;
        match self.first_child(p) {
            None => {
                self.slots[p].first_child = c16;
                self.slots[c].prev_sibling = c16;
            }
            Some(first) => {
                let last = usize::from(self.slots[first].prev_sibling);
                self.slots[last].next_sibling = c16;
                self.slots[c].prev_sibling = last as u16;
                self.slots[first].prev_sibling = c16;
            }
        }
    }

    /// Inserts detached `c` just before `before`, which must have a parent.
    pub(crate) fn insert_before(&mut self, c: usize, before: usize) {
        let p = usize::from(self.slots[before].parent);
        let (c16, b16) = (c as u16, before as u16);
        self.slots[c].parent = p as u16;
        self.slots[c].next_sibling = b16;
        let prev = self.slots[before].prev_sibling;
        self.slots[c].prev_sibling = prev;
        if self.slots[p].first_child == b16 {
            self.slots[p].first_child = c16;
        } else {
            self.slots[usize::from(prev)].next_sibling = c16;
        }
        self.slots[before].prev_sibling = c16;
    }

    /// Takes `c` out of its parent's children; `c` keeps its own subtree.
    pub(crate) fn unlink(&mut self, c: usize) {
        let Some(p) = self.parent(c) else { return };
        let next = self.slots[c].next_sibling;
        let prev = self.slots[c].prev_sibling;
        let first = usize::from(self.slots[p].first_child);
        if first == c {
            self.slots[p].first_child = next;
            if next != NONE {
                self.slots[usize::from(next)].prev_sibling = prev;
            }
        } else {
            self.slots[usize::from(prev)].next_sibling = next;
            if next != NONE {
                self.slots[usize::from(next)].prev_sibling = prev;
            } else {
                self.slots[first].prev_sibling = prev;
            }
        }
        let s = &mut self.slots[c];
        s.parent = NONE;
        s.next_sibling = NONE;
        s.prev_sibling = NONE;
    }

    /// The child of `p` at `index` in the current order.
    pub(crate) fn child_at(&self, p: usize, index: usize) -> Option<usize> {
        let mut c = self.first_child(p);
        for _ in 0..index {
            c = self.next_sibling(c?);
        }
        c
    }

    /// Position of `c` among its siblings (0 without a parent).
    pub(crate) fn sibling_index(&self, c: usize) -> usize {
        let mut n = 0;
        let mut cur = c;
        while let Some(p) = self.prev_sibling(cur) {
            cur = p;
            n += 1;
        }
        n
    }

    pub(crate) fn child_count(&self, p: usize) -> usize {
        let mut n = 0;
        let mut c = self.first_child(p);
        while let Some(i) = c {
            n += 1;
            c = self.next_sibling(i);
        }
        n
    }

    /// The next node after `cur` in a pre-order walk of `top`'s subtree that enters only
    /// children for which `enter` holds. Links are read at each step, so a walk sees the
    /// tree as it is now, whatever changed since the previous step.
    pub(crate) fn next_preorder(
        &self,
        cur: usize,
        top: usize,
        enter: impl Fn(&NodeSlot) -> bool,
    ) -> Option<usize> {
        let mut c = self.first_child(cur);
        while let Some(i) = c {
            if enter(&self.slots[i]) {
                return Some(i);
            }
            c = self.next_sibling(i);
        }
        let mut n = cur;
        while n != top {
            let mut s = self.next_sibling(n);
            while let Some(i) = s {
                if enter(&self.slots[i]) {
                    return Some(i);
                }
                s = self.next_sibling(i);
            }
            n = self.parent(n)?;
        }
        None
    }
}
