//! Events between components (§11 of `docs/lifecycle.md`; Cocos Creator 2.4 `node.on`,
//! `node.off`, `node.targetOff`, `node.emit`, `node.dispatchEvent`).
//!
//! Any `'static` type is an event payload. A component listens to the events of one
//! payload type on one node (its own or another) by registering itself, usually from a
//! hook: `ctx.on::<Clicked>(node)`; each event reaches it in its `on_event` hook, which
//! reads the payload with [`Event::get`]. Delivery is synchronous: `emit` and
//! `dispatch_event` return once every listener has run.
//!
//! - `emit(node, &payload)` calls the (non-capturing) listeners of that node only.
//! - `dispatch_event(node, &payload)` runs Cocos's three phases: the capturing
//!   listeners of the ancestors, root first; then at the target its capturing, then its
//!   other listeners; then the other listeners of the ancestors, parent first. Which
//!   ancestors take part is decided when each phase begins: those that then have a
//!   listener for the type.
//! - On one node, listeners run in the order they registered. One removed while an event
//!   is delivered is not called any more; one registered meanwhile is not called for
//!   that event on that node (Cocos `CallbacksInvoker`, which notes the list's length
//!   when it starts). Removing a listener keeps the others' order (Cocos swaps the last
//!   one into its place: difference D11).
//! - [`Event::stop_propagation`] lets the current node's listeners finish and stops
//!   there; [`Event::stop_propagation_immediate`] stops at once (D12).
//!
//! Sprig's rules, so that the lifecycle holds: a listener is called only between its
//! component's `on_enable` and `on_disable` (a disabled component, one on an inactive
//! node, or one marked for destruction is skipped: D13); its registrations go when it is
//! destroyed, and every registration on a node goes when the node is destroyed. A
//! listener whose component is running a hook (it emits an event it listens to itself,
//! or it is further up the chain of nested events) is skipped for that event (D14): its
//! data is lent to the running hook (§9), and an event cannot wait for later the way
//! `on_disable` does, because its payload is borrowed for the duration of the call.
//! Nested events (emitted from `on_event`) go [`MAX_EVENT_DEPTH`] deep; one deeper is
//! refused with [`Error::EventTooDeep`].
//!
//! The registrations live in a fixed table of `LISTENERS` entries (`world! { …,
//! listeners: 16 }`), each a few bytes: the payload type as a `fn() -> TypeId` that is
//! called to compare (never compared by address, which is not unique), a registration
//! number, the node, the component and the phase.
//!
//! ```
//! use sprig::{component, world, AnyWorld, Ctx, Event, HookResult, Hooks};
//!
//! /// The event a button sends.
//! pub struct Clicked {
//!     pub times: u8,
//! }
//!
//! /// Counts the clicks of the buttons under its node.
//! pub struct Counter {
//!     pub clicks: u32,
//! }
//!
//! #[component]
//! impl Hooks for Counter {
//!     fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
//!         let node = ctx.node();
//!         ctx.on::<Clicked>(node)
//!     }
//!     fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
//!         if let Some(clicked) = event.get::<Clicked>() {
//!             self.clicks += u32::from(clicked.times);
//!         }
//!         Ok(())
//!     }
//! }
//!
//! world! {
//!     pub type App = World { nodes: 8, components: AppComponents { Counter: 2 }, listeners: 4 };
//! }
//!
//! let mut world = App::new();
//! let root = world.root();
//! let panel = world.create_child(root, "Panel")?;
//! let button = world.create_child(panel, "Button")?;
//! let counter = world.add_component(panel, Counter { clicks: 0 })?;
//! // Dispatched on the button, it bubbles up to the panel.
//! assert_eq!(world.dispatch_event(button, &Clicked { times: 2 })?, 1);
//! // Emitted on the button, it reaches the button's listeners only: none.
//! assert_eq!(world.emit(button, &Clicked { times: 5 })?, 0);
//! assert_eq!(world.get::<Counter>(counter)?.clicks, 2);
//! # Ok::<(), sprig::Error>(())
//! ```

use core::any::{Any, TypeId};

use heapless::Vec;

use crate::engine::storage::CompFlags;
use crate::{CompId, Dispatch, Error, Hook, NodeId, World};

/// How deep events may nest: an `emit` or `dispatch_event` from an `on_event` of an
/// event from an `on_event` … counts one level each; the top-level call is the first.
pub const MAX_EVENT_DEPTH: u8 = 8;

/// Which part of its journey an event is in, as a listener sees it (Cocos
/// `Event.CAPTURING_PHASE`, `AT_TARGET`, `BUBBLING_PHASE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum EventPhase {
    /// Going down from the root towards the target: capturing listeners of ancestors.
    Capturing,
    /// At the node it was emitted or dispatched on.
    AtTarget,
    /// Going up from the target's parent to the root: other listeners of ancestors.
    Bubbling,
}

/// An event as a listener's `on_event` receives it: the payload, where it is and where
/// it is going.
#[derive(Debug)]
pub struct Event<'a> {
    payload: &'a dyn Any,
    target: NodeId,
    current_target: NodeId,
    phase: EventPhase,
    stopped: bool,
    stopped_immediately: bool,
}

impl<'a> Event<'a> {
    /// The payload, if it is a `T`.
    pub fn get<T: 'static>(&self) -> Option<&'a T> {
        self.payload.downcast_ref::<T>()
    }

    /// Whether the payload is a `T`.
    pub fn is<T: 'static>(&self) -> bool {
        self.payload.is::<T>()
    }

    /// The node the event was emitted or dispatched on.
    pub fn target(&self) -> NodeId {
        self.target
    }

    /// The node whose listener is being called (the target, or an ancestor on the way).
    pub fn current_target(&self) -> NodeId {
        self.current_target
    }

    /// Capturing, at the target, or bubbling.
    pub fn phase(&self) -> EventPhase {
        self.phase
    }

    /// No node after the current one gets the event; the current node's remaining
    /// listeners still do (at the target: its capturing and its other listeners).
    pub fn stop_propagation(&mut self) {
        self.stopped = true;
    }

    /// No listener after this one gets the event, on this node or any other.
    pub fn stop_propagation_immediate(&mut self) {
        self.stopped = true;
        self.stopped_immediately = true;
    }

    /// Whether a listener stopped the event.
    pub fn is_propagation_stopped(&self) -> bool {
        self.stopped
    }
}

/// One registration: component `comp` listens to payload type `key` on node `node`.
#[derive(Clone, Copy)]
pub(crate) struct Listener {
    /// The payload type. Called to compare: two `fn` pointers of one function may differ
    /// and two of different functions may be equal, but what they return is exact.
    key: fn() -> TypeId,
    /// Registration number, increasing in table order: a delivery that began when the
    /// next number was `limit` calls only listeners numbered below it.
    seq: u32,
    node: u16,
    comp: u16,
    capture: bool,
}

/// Bytes one listener registration takes in the table.
pub const LISTENER_BYTES: usize = core::mem::size_of::<Listener>();

/// The fixed-capacity listener table, in registration order.
pub(crate) struct ListenerTable<const L: usize> {
    entries: Vec<Listener, L>,
    next_seq: u32,
    /// Events being delivered right now (nested ones count each).
    depth: u8,
}

impl<const L: usize> ListenerTable<L> {
    pub(crate) const fn new() -> Self {
        ListenerTable {
            entries: Vec::new(),
            next_seq: 0,
            depth: 0,
        }
    }

    fn position(&self, comp: u16, node: u16, key: TypeId, capture: bool) -> Option<usize> {
        self.entries.iter().position(|l| {
            l.comp == comp && l.node == node && l.capture == capture && (l.key)() == key
        })
    }

    /// Whether node `node` has a listener of phase `capture` for `key`.
    fn node_listens(&self, node: u16, key: TypeId, capture: bool) -> bool {
        self.entries
            .iter()
            .any(|l| l.node == node && l.capture == capture && (l.key)() == key)
    }

    /// The first listener of node `node` for `key` and phase `capture` registered after
    /// number `after` (from the start if `None`) and before number `limit`.
    fn next(
        &self,
        after: Option<u32>,
        limit: u32,
        node: u16,
        key: TypeId,
        capture: bool,
    ) -> Option<Listener> {
        self.entries
            .iter()
            .skip_while(|l| after.is_some_and(|a| l.seq <= a))
            .take_while(|l| l.seq < limit)
            .find(|l| l.node == node && l.capture == capture && (l.key)() == key)
            .copied()
    }

    /// Drops every registration `keep` refuses, keeping the others' order.
    fn retain(&mut self, keep: impl FnMut(&Listener) -> bool) -> usize {
        let before = self.entries.len();
        self.entries.retain(keep);
        before - self.entries.len()
    }

    /// Forgets the registrations of component slot `comp` (it is being freed).
    pub(crate) fn remove_comp(&mut self, comp: u16) {
        self.retain(|l| l.comp != comp);
    }

    /// Forgets the registrations on node slot `node` (it is being freed).
    pub(crate) fn remove_node(&mut self, node: u16) {
        self.retain(|l| l.node != node);
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
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
    > World<S, N, C, TM, E, TR, LS>
where
    S: Dispatch,
{
    /// Registers component `listener` for the events of payload type `T` on `node`
    /// (Cocos `node.on(type, callback, target)`): its `on_event` runs for each one emitted
    /// on `node`, or dispatched on `node` or a descendant (bubbling up). Registering the
    /// same thing twice is one registration. From a hook, `ctx.on::<T>(node)`.
    ///
    /// Errors, changing nothing: a stale handle; `NoEventHook` if the component's type
    /// has no `on_event`; `PendingDestroy` from its own `on_destroy`;
    /// `ListenerTableFull` when every entry is taken.
    pub fn on<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<(), Error> {
        self.register(listener, node, TypeId::of::<T>, false)
    }

    /// Registers component `listener` for the events of type `T` dispatched on a
    /// descendant of `node`, in the capturing phase, before the target's listeners, and
    /// for those dispatched on `node` itself, before its other listeners (Cocos
    /// `useCapture = true`). Errors as [`on`](Self::on).
    pub fn on_capture<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<(), Error> {
        self.register(listener, node, TypeId::of::<T>, true)
    }

    /// Removes what [`on`](Self::on) registered (Cocos `node.off`); `Ok(false)` if it
    /// was not registered. Removed during a delivery, the listener is not called any more.
    pub fn off<T: 'static>(&mut self, listener: CompId, node: NodeId) -> Result<bool, Error> {
        self.unregister(listener, node, TypeId::of::<T>(), false)
    }

    /// Removes what [`on_capture`](Self::on_capture) registered.
    pub fn off_capture<T: 'static>(
        &mut self,
        listener: CompId,
        node: NodeId,
    ) -> Result<bool, Error> {
        self.unregister(listener, node, TypeId::of::<T>(), true)
    }

    /// Removes every registration of component `listener` on `node`, of every type and
    /// phase (Cocos `node.targetOff(target)`), and returns how many there were.
    pub fn off_all(&mut self, listener: CompId, node: NodeId) -> Result<usize, Error> {
        let comp = self.comps.resolve(listener)? as u16;
        let node = self.arena.resolve(node)? as u16;
        Ok(self
            .listeners
            .retain(|l| !(l.comp == comp && l.node == node)))
    }

    /// Registrations in the listener table.
    pub fn listener_count(&self) -> usize {
        self.listeners.len()
    }

    /// Capacity of the listener table (the `LISTENERS` parameter).
    pub const fn listener_capacity(&self) -> usize {
        LS
    }

    /// Calls the `on_event` of `node`'s (non-capturing) listeners of payload type `T`,
    /// in registration order, now (Cocos `node.emit`); the event goes nowhere else.
    /// Returns how many listeners were called.
    ///
    /// Errors, delivering nothing: a stale node; `EventTooDeep` beyond
    /// [`MAX_EVENT_DEPTH`] nested events.
    pub fn emit<T: 'static>(&mut self, node: NodeId, payload: &T) -> Result<usize, Error> {
        let i = self.arena.resolve(node)?;
        self.enter_event()?;
        let mut event = Event {
            payload,
            target: node,
            current_target: node,
            phase: EventPhase::AtTarget,
            stopped: false,
            stopped_immediately: false,
        };
        let calls = self.deliver_event(i, TypeId::of::<T>(), false, &mut event);
        self.listeners.depth -= 1;
        Ok(calls)
    }

    /// Dispatches an event of payload type `T` on `node` through Cocos's three phases
    /// (`node.dispatchEvent`): the capturing listeners of its ancestors, root first;
    /// `node`'s capturing, then other listeners; then the other listeners of its
    /// ancestors, parent first; until a listener stops it. Returns how many listeners
    /// were called. Errors as [`emit`](Self::emit).
    pub fn dispatch_event<T: 'static>(
        &mut self,
        node: NodeId,
        payload: &T,
    ) -> Result<usize, Error> {
        let target = self.arena.resolve(node)?;
        self.dispatch_below(target, payload, None)
    }

    /// [`dispatch_event`](Self::dispatch_event) on node slot `target`, leaving out its
    /// ancestors from node slot `boundary` up (none with `None`).
    pub(crate) fn dispatch_below<T: 'static>(
        &mut self,
        target: usize,
        payload: &T,
        boundary: Option<usize>,
    ) -> Result<usize, Error> {
        self.enter_event()?;
        let key = TypeId::of::<T>();
        let node = self.arena.id(target);
        let mut event = Event {
            payload,
            target: node,
            current_target: node,
            phase: EventPhase::Capturing,
            stopped: false,
            stopped_immediately: false,
        };
        let mut calls = 0;
        // The capturing ancestors, as they are now, nearest first (Cocos
        // `_getCapturingTargets`); there are no more of them than registrations.
        let capturing: Vec<u16, LS> = self.ancestors_listening(target, key, true, boundary);
        for &n in capturing.iter().rev() {
            calls += self.deliver_event(usize::from(n), key, true, &mut event);
            if event.stopped {
                self.listeners.depth -= 1;
                return Ok(calls);
            }
        }
        event.phase = EventPhase::AtTarget;
        calls += self.deliver_event(target, key, true, &mut event);
        if !event.stopped_immediately {
            calls += self.deliver_event(target, key, false, &mut event);
        }
        if !event.stopped {
            event.phase = EventPhase::Bubbling;
            let bubbling: Vec<u16, LS> = self.ancestors_listening(target, key, false, boundary);
            for &n in bubbling.iter() {
                calls += self.deliver_event(usize::from(n), key, false, &mut event);
                if event.stopped {
                    break;
                }
            }
        }
        self.listeners.depth -= 1;
        Ok(calls)
    }

    fn register(
        &mut self,
        listener: CompId,
        node: NodeId,
        key: fn() -> TypeId,
        capture: bool,
    ) -> Result<(), Error> {
        let c = self.comps.resolve(listener)?;
        let n = self.arena.resolve(node)?;
        if !S::kind_hooks(self.comps.kind(c)).contains(Hook::OnEvent) {
            return Err(Error::NoEventHook);
        }
        if self.comps.slot(c).has(CompFlags::DESTROYED) {
            return Err(Error::PendingDestroy);
        }
        let (comp, node) = (c as u16, n as u16);
        if self
            .listeners
            .position(comp, node, key(), capture)
            .is_some()
        {
            return Ok(());
        }
        let table = &mut self.listeners;
        if table.entries.is_full() {
            return Err(Error::ListenerTableFull {
                capacity: LS as u16,
            });
        }
        if table.next_seq == u32::MAX {
            // Four billion registrations: number them again from 0, which only a
            // delivery in flight (holding a number) could tell apart.
            if table.depth > 0 {
                return Err(Error::ListenerTableFull {
                    capacity: LS as u16,
                });
            }
            for (seq, l) in table.entries.iter_mut().enumerate() {
                l.seq = seq as u32;
            }
            table.next_seq = table.entries.len() as u32;
        }
        let seq = table.next_seq;
        table
            .entries
            .push(Listener {
                key,
                seq,
                node,
                comp,
                capture,
            })
            .map_err(|_| Error::ListenerTableFull {
                capacity: LS as u16,
            })?;
        table.next_seq = seq + 1;
        Ok(())
    }

    fn unregister(
        &mut self,
        listener: CompId,
        node: NodeId,
        key: TypeId,
        capture: bool,
    ) -> Result<bool, Error> {
        let c = self.comps.resolve(listener)? as u16;
        let n = self.arena.resolve(node)? as u16;
        match self.listeners.position(c, n, key, capture) {
            Some(at) => {
                self.listeners.entries.remove(at);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn enter_event(&mut self) -> Result<(), Error> {
        if self.listeners.depth >= MAX_EVENT_DEPTH {
            return Err(Error::EventTooDeep);
        }
        self.listeners.depth += 1;
        Ok(())
    }

    /// The proper ancestors of node slot `n` with a listener of phase `capture` for
    /// `key`, parent first.
    fn ancestors_listening(
        &self,
        n: usize,
        key: TypeId,
        capture: bool,
        boundary: Option<usize>,
    ) -> Vec<u16, LS> {
        let mut out = Vec::new();
        let mut cur = self.arena.parent(n);
        while let Some(p) = cur.filter(|&p| Some(p) != boundary) {
            if self.listeners.node_listens(p as u16, key, capture) {
                // Each one holds a registration, so there is room.
                let _ = out.push(p as u16);
            }
            cur = self.arena.parent(p);
        }
        out
    }

    /// Calls node slot `n`'s listeners of phase `capture` for `key`, those registered
    /// before this call, in order, skipping those that may not hear it; returns how many
    /// were called.
    fn deliver_event(
        &mut self,
        n: usize,
        key: TypeId,
        capture: bool,
        event: &mut Event<'_>,
    ) -> usize {
        event.current_target = self.arena.id(n);
        let limit = self.listeners.next_seq;
        let mut after = None;
        let mut calls = 0;
        while let Some(l) = self.listeners.next(after, limit, n as u16, key, capture) {
            after = Some(l.seq);
            let c = usize::from(l.comp);
            if !self.hears_events(c) {
                continue;
            }
            self.hook_depth += 1;
            let result = S::event(self, l.comp, event);
            if let Some(result) = result {
                calls += 1;
                let comp = self.comps.id(c);
                if let Err(error) = result {
                    self.keep_hook_error(comp, Hook::OnEvent, error);
                }
                if !self.own_hooks.is_empty() {
                    self.run_own_hooks(comp);
                }
            }
            self.hook_depth -= 1;
            if event.stopped_immediately {
                break;
            }
        }
        calls
    }

    /// Whether component slot `c` may get `on_event` now: between its `on_enable` and
    /// its `on_disable`, not marked for destruction.
    fn hears_events(&self, c: usize) -> bool {
        let slot = self.comps.slot(c);
        slot.has(CompFlags::OCCUPIED)
            && slot.has(CompFlags::ON_ENABLE_CALLED)
            && !slot.has(CompFlags::TO_DESTROY)
            && !slot.has(CompFlags::DESTROYED)
    }
}
