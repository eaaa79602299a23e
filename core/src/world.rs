//! The world: the node arena, the root, the event queue and the end-of-frame work.

use heapless::{Deque, Vec};

use crate::arena::NodeArena;
use crate::events::{EventQueue, NodeEvent};
use crate::node::{Flags, NODE_META_BYTES, NODE_SLOT_BYTES};
use crate::NodeId;

/// Default capacity of the node event queue.
pub const DEFAULT_EVENT_CAPACITY: usize = 32;

/// A scene graph with room for `NODES` nodes (the root included) and `EVENTS` queued
/// node events. Everything lives inline: `size_of::<World<…>>()` is all the RAM it uses.
///
/// ```
/// use sprig::{Vec2, World};
///
/// let mut world: World<16> = World::new();
/// let root = world.root();
/// let player = world.create_child(root, "Player")?;
/// world.set_position(player, Vec2::new(10.0, 20.0))?;
/// let gun = world.create_child(player, "Gun")?;
/// world.set_position(gun, Vec2::new(5.0, 0.0))?;
/// assert_eq!(world.find_from_root("Player/Gun")?, Some(gun));
/// assert_eq!(world.convert_to_world_space_ar(gun, Vec2::ZERO)?, Vec2::new(15.0, 20.0));
/// # Ok::<(), sprig::Error>(())
/// ```
pub struct World<const NODES: usize, const EVENTS: usize = DEFAULT_EVENT_CAPACITY> {
    pub(crate) arena: NodeArena<NODES>,
    pub(crate) events: EventQueue<EVENTS>,
    /// Parents to re-sort at the end of the frame, in the order they became dirty.
    pub(crate) dirty_parents: Vec<u16, NODES>,
    /// Nodes whose `destroy` was called, in call order.
    pub(crate) to_destroy: Deque<NodeId, NODES>,
    pub(crate) frame: u32,
    pub(crate) transform_recomputes: u32,
}

impl<const NODES: usize, const EVENTS: usize> Default for World<NODES, EVENTS> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const NODES: usize, const EVENTS: usize> World<NODES, EVENTS> {
    /// An empty world: only the root (scene) node, active.
    pub fn new() -> Self {
        World {
            arena: NodeArena::new(),
            events: EventQueue::new(),
            dirty_parents: Vec::new(),
            to_destroy: Deque::new(),
            frame: 0,
            transform_recomputes: 0,
        }
    }

    /// The root (scene) node. It is always valid and active.
    pub fn root(&self) -> NodeId {
        self.arena.id(0)
    }

    /// Node capacity, the root included.
    pub const fn capacity(&self) -> usize {
        NODES
    }

    /// Live nodes, the root and nodes pending destruction included.
    pub fn node_count(&self) -> usize {
        self.arena.live()
    }

    /// Frames ended so far by [`end_frame`](Self::end_frame).
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// Ends a frame: re-sorts every parent whose children changed order, membership or
    /// zIndex (§1.10), then really destroys the nodes `destroy` was called on (§1.8).
    pub fn end_frame(&mut self) {
        self.sort_dirty_children();
        self.destroy_pending();
        self.frame = self.frame.wrapping_add(1);
    }

    /// Takes the oldest queued node event.
    pub fn pop_event(&mut self) -> Option<NodeEvent> {
        self.events.pop()
    }

    /// Events waiting in the queue.
    pub fn pending_events(&self) -> usize {
        self.events.len()
    }

    /// Events lost because the queue was full, since the world was made.
    pub fn events_dropped(&self) -> u32 {
        self.events.dropped()
    }

    /// Nodes whose world matrix was recomputed, since the world was made. A subtree
    /// nobody touched adds nothing to it.
    pub fn transform_recomputations(&self) -> u32 {
        self.transform_recomputes
    }

    pub(crate) fn emit(&mut self, event: NodeEvent) {
        self.events.push(event);
    }

    pub(crate) fn has(&self, i: usize, flag: Flags) -> bool {
        self.arena.slot(i).has(flag)
    }
}

/// Bytes one node costs in a `World`: its slot, its metadata and its share of the
/// end-of-frame lists (a dirty-parent index and a destroy-list handle).
pub const NODE_BYTES: usize = NODE_SLOT_BYTES
    + NODE_META_BYTES
    + core::mem::size_of::<u16>()
    + core::mem::size_of::<NodeId>();
