//! The facade: [`World`] holds the state of both mechanisms, the node tree (`tree/`) and
//! the component engine (`engine/`), and each of their modules adds its part of the
//! world's API in an `impl World` block of its own.

use heapless::{HistoryBuf, Vec};

use crate::engine::activator::ActivationStack;
use crate::engine::events::{EventQueue, NodeEvent};
use crate::engine::frame::{Phase, PhaseTimes};
use crate::engine::listeners::ListenerTable;
use crate::engine::queues::{BucketQueue, OrderedQueue};
use crate::engine::storage::CompArena;
use crate::engine::systems::Systems;
use crate::engine::timers::TimerTable;
use crate::engine::trace::TraceEntry;
use crate::render::changes::Changes;
use crate::tree::arena::NodeArena;
use crate::tree::node::{Flags, NODE_META_BYTES, NODE_SLOT_BYTES};
use crate::{CompId, ComponentSet, Dispatch, Error, Hook, HookCall, NodeId, SetHost};

/// Default capacity of the timer table.
pub const DEFAULT_TIMER_CAPACITY: usize = 8;
/// Default capacity of the node event queue.
pub const DEFAULT_EVENT_CAPACITY: usize = 32;
/// Default capacity of the lifecycle trace ring.
pub const DEFAULT_TRACE_CAPACITY: usize = 64;
/// Default capacity of the event listener table.
pub const DEFAULT_LISTENER_CAPACITY: usize = 16;

/// A scene graph of nodes carrying components of the set `S`, with room for `NODES`
/// nodes (the root included), `COMPONENTS` components, `TIMERS` timers, `EVENTS` queued
/// node events, `TRACE` lifecycle trace entries and `LISTENERS` event listener
/// registrations. Everything lives inline:
/// `size_of::<World<…>>()` is all the RAM it uses; nothing allocates.
///
/// ```
/// use sprig::{NoComponents, Vec2, World};
///
/// let mut world: World<NoComponents, 16, 0> = World::new();
/// let root = world.root();
/// let player = world.create_child(root, "Player")?;
/// world.set_position(player, Vec2::new(10.0, 20.0))?;
/// let gun = world.create_child(player, "Gun")?;
/// world.set_position(gun, Vec2::new(5.0, 0.0))?;
/// assert_eq!(world.find_from_root("Player/Gun")?, Some(gun));
/// assert_eq!(world.convert_to_world_space_ar(gun, Vec2::ZERO)?, Vec2::new(15.0, 20.0));
/// # Ok::<(), sprig::Error>(())
/// ```
pub struct World<
    S,
    const NODES: usize,
    const COMPONENTS: usize,
    const TIMERS: usize = DEFAULT_TIMER_CAPACITY,
    const EVENTS: usize = DEFAULT_EVENT_CAPACITY,
    const TRACE: usize = DEFAULT_TRACE_CAPACITY,
    const LISTENERS: usize = DEFAULT_LISTENER_CAPACITY,
> {
    pub(crate) arena: NodeArena<NODES>,
    pub(crate) comps: CompArena<S, COMPONENTS>,
    pub(crate) events: EventQueue<EVENTS>,
    /// Parents to re-sort at the end of the frame, in the order they became dirty.
    pub(crate) dirty_parents: Vec<u16, NODES>,
    /// Nodes whose `destroy` was called, with the call's sequence number.
    pub(crate) doomed_nodes: Vec<(u32, NodeId), NODES>,
    /// Components whose `destroy_component` was called, with the call's sequence number;
    /// merged with `doomed_nodes` by sequence so both are destroyed in call order.
    pub(crate) doomed_comps: Vec<(u32, CompId), COMPONENTS>,
    pub(crate) doom_sequence: u32,
    pub(crate) start_queue: BucketQueue<COMPONENTS>,
    pub(crate) update_queue: OrderedQueue<COMPONENTS>,
    pub(crate) late_update_queue: OrderedQueue<COMPONENTS>,
    /// Components enabled while the frame's phases run (Cocos `_deferredComps`).
    pub(crate) deferred: Vec<u16, COMPONENTS>,
    pub(crate) activations: ActivationStack<COMPONENTS>,
    pub(crate) timers: TimerTable<TIMERS>,
    pub(crate) trace: HistoryBuf<TraceEntry, TRACE>,
    pub(crate) tracing: bool,
    pub(crate) phase: Phase,
    pub(crate) paused: bool,
    /// Hooks running right now (nested calls count each).
    pub(crate) hook_depth: u16,
    pub(crate) scene_loading: bool,
    pub(crate) frame: u32,
    pub(crate) transform_recomputes: u32,
    pub(crate) order_version: u32,
    pub(crate) captures: crate::engine::input::Captures,
    pub(crate) propagation_stopped: bool,
    /// The node holding the keyboard focus (`engine/focus.rs`).
    pub(crate) focus: Option<NodeId>,
    /// The focus as last announced with a `FocusChanged` event (`engine/focus.rs`).
    pub(crate) focus_announced: Option<NodeId>,
    pub(crate) clock: Option<fn() -> u32>,
    pub(crate) phase_times: PhaseTimes,
    pub(crate) hook_errors: u32,
    pub(crate) last_hook_error: Option<(CompId, Hook, Error)>,
    /// Hooks asked for on a component while its own hook was running, to run right
    /// after it (see `lifecycle.rs`).
    pub(crate) own_hooks: Vec<(CompId, HookCall), MAX_OWN_HOOKS>,
    /// Who listens to which event type on which node (`listeners.rs`).
    pub(crate) listeners: ListenerTable<LISTENERS>,
    /// The app's frame-event systems (`systems.rs`).
    pub(crate) systems: Systems<Self>,
    /// What changed on screen since renderers last drew (`render/changes.rs`).
    pub(crate) changes: Changes<NODES>,
}

/// How many hooks of components whose own hook is running can wait at once (a hook that
/// disables and enables itself over and over asks for one each time); more are dropped
/// and counted as hook errors (`QueueFull`).
pub const MAX_OWN_HOOKS: usize = 8;

impl<
        S: ComponentSet,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > Default for World<S, N, C, TM, E, TR, LS>
{
    fn default() -> Self {
        Self::new()
    }
}

impl<
        S: ComponentSet,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > World<S, N, C, TM, E, TR, LS>
{
    /// An empty world: only the root (scene) node, active.
    pub fn new() -> Self {
        const {
            assert!(C < u16::MAX as usize, "at most 65534 component slots");
            assert!(
                C == S::CAPACITY,
                "the world's component capacity must be the sum of its set's capacities \
                 (declare the world with `world!`, which computes it)"
            );
            assert!(TM < u16::MAX as usize, "at most 65534 timers");
            assert!(TR >= 1, "the trace ring needs at least one entry");
            assert!(E >= 1, "the event queue needs at least one entry");
        }
        World {
            arena: NodeArena::new(),
            comps: CompArena::new(),
            events: EventQueue::new(),
            dirty_parents: Vec::new(),
            doomed_nodes: Vec::new(),
            doomed_comps: Vec::new(),
            doom_sequence: 0,
            start_queue: BucketQueue::new(),
            update_queue: OrderedQueue::new(),
            late_update_queue: OrderedQueue::new(),
            deferred: Vec::new(),
            activations: ActivationStack::new(),
            timers: TimerTable::new(),
            trace: HistoryBuf::new(),
            tracing: false,
            phase: Phase::Idle,
            paused: false,
            hook_depth: 0,
            scene_loading: false,
            frame: 0,
            transform_recomputes: 0,
            order_version: 0,
            captures: crate::engine::input::Captures::new(),
            propagation_stopped: false,
            focus: None,
            focus_announced: None,
            clock: None,
            phase_times: PhaseTimes::default(),
            hook_errors: 0,
            last_hook_error: None,
            own_hooks: Vec::new(),
            listeners: ListenerTable::new(),
            systems: Systems::new(),
            changes: Changes::new(),
        }
    }

    /// The root (scene) node. It is always valid and active.
    pub fn root(&self) -> NodeId {
        self.arena.id(0)
    }

    /// Node capacity, the root included.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Component capacity: the sum of the capacities of the set's types.
    pub const fn component_capacity(&self) -> usize {
        C
    }

    /// Bytes of bookkeeping per component slot (node, generation, next component on the
    /// node, lifecycle flags), beside the slot's data, which is sized to its type.
    pub const fn component_slot_overhead_bytes() -> usize {
        crate::engine::storage::COMP_SLOT_BYTES
    }

    /// Bytes the world takes, all of it: nodes, component data and bookkeeping, queues,
    /// timers, events, trace, listeners and systems. A constant of the world's type.
    pub const fn ram_bytes() -> usize {
        core::mem::size_of::<Self>()
    }

    /// Live nodes, the root and nodes pending destruction included.
    pub fn node_count(&self) -> usize {
        self.arena.live()
    }

    /// Live components, those pending destruction included.
    pub fn component_count(&self) -> usize {
        self.comps.live()
    }

    /// Frames run so far (`tick` and `end_frame` each count one).
    pub fn frame(&self) -> u32 {
        self.frame
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

    /// Hooks that returned `Err` since the world was made.
    pub fn hook_errors(&self) -> u32 {
        self.hook_errors
    }

    /// The most recent hook error: which component, which hook, what error.
    pub fn last_hook_error(&self) -> Option<(CompId, Hook, Error)> {
        self.last_hook_error
    }

    pub(crate) fn push_node_event(&mut self, event: NodeEvent) {
        self.events.push(event);
    }

    pub(crate) fn has(&self, i: usize, flag: Flags) -> bool {
        self.arena.slot(i).has(flag)
    }

    /// Logs node slot `i` for renderers: something of it that decides its pixels
    /// changed (`render/changes.rs`).
    #[inline]
    pub(crate) fn mark_repaint(&mut self, i: usize) {
        if self.has(i, Flags::LOGGED) {
            // In the log already; renderers that saw this version must still look again.
            self.changes.touch();
        } else if self.changes.log(i) {
            self.arena.slot_mut(i).flags.set(Flags::LOGGED, true);
        }
    }

    /// [`mark_repaint`](Self::mark_repaint) for slot `top` and every node under it: a
    /// change it hands down (opacity, the clip of its content rectangle).
    pub(crate) fn mark_repaint_subtree(&mut self, top: usize) {
        let mut cur = Some(top);
        while let Some(i) = cur {
            self.mark_repaint(i);
            cur = self.arena.next_preorder(i, top, |_| true);
        }
    }

    /// Empties the change log once a renderer has read it, clearing its nodes' `LOGGED`
    /// flags, and counts a batch.
    pub(crate) fn clear_change_log(&mut self) {
        for k in 0..self.changes.entries().len() {
            let i = usize::from(self.changes.entries()[k]);
            self.arena.slot_mut(i).flags.set(Flags::LOGGED, false);
        }
        self.changes.clear();
    }

    /// Tells renderers the list of nodes they draw changed: a node activated,
    /// deactivated or freed, a component added, enabled, disabled or destroyed, a node
    /// moved in the draw order.
    #[inline]
    pub(crate) fn mark_relist(&mut self) {
        self.changes.relist();
    }

    /// Logs the node of component slot `c` when the component draws: its data was
    /// reached mutably (`get_mut`, a hook's `&mut self`).
    #[inline]
    pub(crate) fn mark_comp_repaint(&mut self, c: usize) {
        if S::kind_draws(self.comps.kind(c)) {
            self.mark_repaint(usize::from(self.comps.slot(c).node));
        }
    }
}

impl<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > SetHost<S> for World<S, N, C, TM, E, TR, LS>
where
    S: Dispatch,
{
    #[inline]
    fn set_mut(&mut self) -> &mut S {
        &mut self.comps.set
    }

    #[inline(always)]
    fn before_hook(&mut self, index: u16, hook: Hook) {
        World::before_hook(self, index, hook);
    }

    #[inline]
    fn after_drawing_hook(&mut self, index: u16) {
        let c = usize::from(index);
        if c < C {
            self.mark_repaint(usize::from(self.comps.slot(c).node));
        }
    }
}

/// A world that holds only a node tree: no components, no timers, no listeners, a
/// one-entry trace.
pub type NodeWorld<const NODES: usize, const EVENTS: usize = DEFAULT_EVENT_CAPACITY> =
    World<crate::NoComponents, NODES, 0, 0, EVENTS, 1, 0>;

/// Bytes one node costs in a `World`: its slot, its metadata and its share of the
/// end-of-frame lists (a dirty-parent index and a destroy-list entry) and of the change
/// log renderers read (an index).
pub const NODE_BYTES: usize = NODE_SLOT_BYTES
    + NODE_META_BYTES
    + core::mem::size_of::<u16>()
    + core::mem::size_of::<u16>()
    + core::mem::size_of::<(u32, NodeId)>();
