//! Node events (§6 of `docs/lifecycle.md`) in a bounded queue that the app drains.
//!
//! The queue never grows: when it is full, a new event is dropped and counted, and the
//! count stays visible through [`World::events_dropped`](crate::World::events_dropped).

use heapless::Deque;

use crate::NodeId;

/// Something that happened to a node, in the order Cocos Creator 2.4 emits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum NodeEvent {
    /// `child` was appended to `parent`'s children (`child-added`).
    ChildAdded {
        /// The new parent.
        parent: NodeId,
        /// The node that arrived.
        child: NodeId,
    },
    /// `child` left `parent` (`child-removed`): reparented, detached, or destroyed.
    ChildRemoved {
        /// The old parent.
        parent: NodeId,
        /// The node that left. After a destroy this handle is already stale.
        child: NodeId,
    },
    /// The node's sort key changed (`sibling-order-changed`): its zIndex changed, it
    /// changed parent, or its parent renumbered arrival orders while sorting.
    SiblingOrderChanged {
        /// The node whose key changed.
        node: NodeId,
    },
    /// `parent` re-sorted its children at the end of a frame (`child-reorder`).
    ChildReorder {
        /// The parent that sorted.
        parent: NodeId,
    },
    /// `node` became active or inactive in the hierarchy through an operation on it
    /// (emitted on that node only, not on its descendants).
    ActiveInHierarchyChanged {
        /// The node the operation was applied to.
        node: NodeId,
        /// Its new `active_in_hierarchy`.
        active: bool,
    },
    /// A warning: a zIndex outside the `i16` range was clamped.
    ZIndexClamped {
        /// The node.
        node: NodeId,
        /// The value asked for.
        requested: i32,
        /// The value stored.
        applied: i16,
    },
}

/// A bounded FIFO of [`NodeEvent`]s that counts what it had to drop.
pub(crate) struct EventQueue<const E: usize> {
    queue: Deque<NodeEvent, E>,
    dropped: u32,
}

impl<const E: usize> EventQueue<E> {
    pub(crate) const fn new() -> Self {
        EventQueue {
            queue: Deque::new(),
            dropped: 0,
        }
    }

    pub(crate) fn push(&mut self, event: NodeEvent) {
        if self.queue.push_back(event).is_err() {
            self.dropped = self.dropped.saturating_add(1);
        }
    }

    pub(crate) fn pop(&mut self) -> Option<NodeEvent> {
        self.queue.pop_front()
    }

    pub(crate) fn len(&self) -> usize {
        self.queue.len()
    }

    pub(crate) fn dropped(&self) -> u32 {
        self.dropped
    }

    /// Drops the newest events until `len` are left and sets the drop count back to
    /// `dropped` (a failed instantiation takes back what it queued).
    pub(crate) fn truncate(&mut self, len: usize, dropped: u32) {
        while self.queue.len() > len {
            self.queue.pop_back();
        }
        self.dropped = dropped;
    }
}
