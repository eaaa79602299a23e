//! The component handles and their bookkeeping: per handle index, the node, generation,
//! next component on the node and lifecycle flags (8 bytes), beside the set that holds
//! each type's data (`component_set.rs`). Each type's handles are a range of indices
//! with its own free list, so a type's capacity is its own.

use crate::tree::node::NONE;
use crate::{CompId, ComponentSet, Error};

/// Lifecycle flags of a component slot (the `CCObject.Flags` Sprig needs).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct CompFlags(u16);

impl CompFlags {
    pub(crate) const OCCUPIED: CompFlags = CompFlags(1 << 0);
    /// Cocos `_enabled`.
    pub(crate) const ENABLED: CompFlags = CompFlags(1 << 1);
    pub(crate) const PRELOAD_STARTED: CompFlags = CompFlags(1 << 2);
    pub(crate) const ON_LOAD_STARTED: CompFlags = CompFlags(1 << 3);
    /// `on_load` ran (or the type has none and it was queued): gates `on_destroy`.
    pub(crate) const ON_LOAD_CALLED: CompFlags = CompFlags(1 << 4);
    /// `on_enable` completed and no `on_disable` since: gates `on_disable`.
    pub(crate) const ON_ENABLE_CALLED: CompFlags = CompFlags(1 << 5);
    pub(crate) const START_CALLED: CompFlags = CompFlags(1 << 6);
    /// `destroy_component` was called on this very component.
    pub(crate) const TO_DESTROY: CompFlags = CompFlags(1 << 7);
    /// Waiting in the deferred list (enabled while a frame's phases run).
    pub(crate) const DEFERRED: CompFlags = CompFlags(1 << 8);
    /// Waiting in the start queue.
    pub(crate) const IN_START_QUEUE: CompFlags = CompFlags(1 << 9);
    /// `on_destroy` ran or is running: no hook after it.
    pub(crate) const DESTROYED: CompFlags = CompFlags(1 << 10);
    /// Its `on_enable` is running: a nested enable of the same component is absorbed.
    pub(crate) const ENABLING: CompFlags = CompFlags(1 << 11);
}

/// The bookkeeping of one component handle; the data is in the set.
#[derive(Clone, Copy)]
pub(crate) struct CompSlot {
    pub(crate) node: u16,
    pub(crate) generation: u16,
    /// Next component on the same node; for a free slot, the next free slot of its type.
    pub(crate) next: u16,
    pub(crate) flags: CompFlags,
}

/// Bytes of bookkeeping per component slot.
pub(crate) const COMP_SLOT_BYTES: usize = core::mem::size_of::<CompSlot>();

impl CompSlot {
    const FREE: CompSlot = CompSlot {
        node: NONE,
        generation: 0,
        next: NONE,
        flags: CompFlags(0),
    };

    pub(crate) fn has(&self, flag: CompFlags) -> bool {
        self.flags.0 & flag.0 == flag.0
    }

    pub(crate) fn set(&mut self, flag: CompFlags, on: bool) {
        if on {
            self.flags.0 |= flag.0;
        } else {
            self.flags.0 &= !flag.0;
        }
    }
}

pub(crate) struct CompArena<S, const C: usize> {
    slots: [CompSlot; C],
    /// The components' data, per type.
    pub(crate) set: S,
    live: usize,
}

impl<S: ComponentSet, const C: usize> CompArena<S, C> {
    /// Every handle free, each type's free list in index order.
    pub(crate) fn new() -> Self {
        let mut slots = [CompSlot::FREE; C];
        let mut set = S::empty();
        for (kind, head) in S::KINDS.iter().zip(set.free_heads().iter_mut()) {
            let first = usize::from(kind.first);
            let end = (first + usize::from(kind.capacity)).min(C);
            *head = if first < end { kind.first } else { NONE };
            // Each type's free list runs through its range in index order.
            for (i, slot) in slots.iter_mut().enumerate().take(end).skip(first) {
                if i + 1 < end {
                    slot.next = (i + 1) as u16;
                }
            }
        }
        CompArena {
            slots,
            set,
            live: 0,
        }
    }

    pub(crate) fn resolve(&self, id: CompId) -> Result<usize, Error> {
        match self.slots.get(usize::from(id.index)) {
            Some(s) if s.has(CompFlags::OCCUPIED) && s.generation == id.generation => {
                Ok(usize::from(id.index))
            }
            _ => Err(Error::StaleHandle),
        }
    }

    pub(crate) fn id(&self, i: usize) -> CompId {
        CompId {
            index: i as u16,
            generation: self.slots[i].generation,
        }
    }

    pub(crate) fn slot(&self, i: usize) -> &CompSlot {
        &self.slots[i]
    }

    pub(crate) fn slot_mut(&mut self, i: usize) -> &mut CompSlot {
        &mut self.slots[i]
    }

    pub(crate) fn kind(&self, i: usize) -> u8 {
        S::kind_at(i as u16)
    }

    pub(crate) fn live(&self) -> usize {
        self.live
    }

    /// Takes a free handle of type `kind` on node slot `node`, enabled, not yet linked;
    /// the caller puts the data in the set's slot.
    pub(crate) fn alloc(&mut self, kind: u8, node: u16) -> Result<usize, Error> {
        let capacity = S::KINDS.get(usize::from(kind)).map_or(0, |k| k.capacity);
        let head = self
            .set
            .free_heads()
            .get_mut(usize::from(kind))
            .ok_or(Error::NotInSet)?;
        let i = usize::from(*head);
        let Some(slot) = self.slots.get_mut(i) else {
            return Err(Error::ComponentArenaFull { capacity });
        };
        *head = slot.next;
        slot.node = node;
        slot.next = NONE;
        slot.flags = CompFlags(CompFlags::OCCUPIED.0 | CompFlags::ENABLED.0);
        self.live += 1;
        Ok(i)
    }

    /// Frees an unlinked slot, drops its data and advances its generation.
    pub(crate) fn free(&mut self, i: usize) {
        self.set.clear(i as u16);
        let kind = S::kind_at(i as u16);
        let slot = &mut self.slots[i];
        slot.flags = CompFlags::default();
        slot.generation = slot.generation.wrapping_add(1);
        slot.node = NONE;
        if let Some(head) = self.set.free_heads().get_mut(usize::from(kind)) {
            slot.next = *head;
            *head = i as u16;
        }
        self.live -= 1;
    }
}
