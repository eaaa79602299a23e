//! The fixed-capacity component arena: slots holding the app's component-set values,
//! generations, lifecycle flags (§1.1 of `cocos-semantics.md`), and each node's
//! component list in the order the components were added.

use heapless::Vec;

use crate::node::NONE;
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

pub(crate) struct CompSlot<S> {
    /// `None` while the slot is free, and while the component's hook runs (its data is
    /// then out, lent to the hook as `&mut self`).
    pub(crate) data: Option<S>,
    pub(crate) node: u16,
    pub(crate) generation: u16,
    /// The component's kind: known while its data is out for a hook.
    pub(crate) kind: u8,
    /// Next component on the same node; for a free slot, the next free slot.
    pub(crate) next: u16,
    pub(crate) flags: CompFlags,
}

impl<S> CompSlot<S> {
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
    slots: Vec<CompSlot<S>, C>,
    free_head: u16,
    live: usize,
}

impl<S: ComponentSet, const C: usize> CompArena<S, C> {
    pub(crate) const fn new() -> Self {
        CompArena {
            slots: Vec::new(),
            free_head: NONE,
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

    pub(crate) fn slot(&self, i: usize) -> &CompSlot<S> {
        &self.slots[i]
    }

    pub(crate) fn slot_mut(&mut self, i: usize) -> &mut CompSlot<S> {
        &mut self.slots[i]
    }

    pub(crate) fn kind(&self, i: usize) -> u8 {
        self.slots[i].kind
    }

    pub(crate) fn live(&self) -> usize {
        self.live
    }

    /// Takes a free slot for `data` on node slot `node`, enabled, not yet linked.
    pub(crate) fn alloc(&mut self, data: S, node: u16) -> Result<usize, Error> {
        let flags = CompFlags(CompFlags::OCCUPIED.0 | CompFlags::ENABLED.0);
        let kind = data.kind();
        let i = if self.free_head != NONE {
            let i = usize::from(self.free_head);
            self.free_head = self.slots[i].next;
            i
        } else if self.slots.is_full() {
            return Err(Error::ComponentArenaFull { capacity: C as u16 });
        } else {
            let i = self.slots.len();
            // Room was checked just above.
            let _ = self.slots.push(CompSlot {
                data: None,
                node,
                generation: 0,
                kind,
                next: NONE,
                flags,
            });
            i
        };
        let slot = &mut self.slots[i];
        slot.data = Some(data);
        slot.node = node;
        slot.kind = kind;
        slot.next = NONE;
        slot.flags = flags;
        self.live += 1;
        Ok(i)
    }

    /// Frees an unlinked slot, drops its data and advances its generation.
    pub(crate) fn free(&mut self, i: usize) {
        let slot = &mut self.slots[i];
        slot.data = None;
        slot.flags = CompFlags::default();
        slot.generation = slot.generation.wrapping_add(1);
        slot.node = NONE;
        slot.next = self.free_head;
        self.free_head = i as u16;
        self.live -= 1;
    }
}
