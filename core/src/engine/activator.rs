//! Activation and deactivation of a subtree with its components' hooks (§3 of
//! `docs/lifecycle.md`, `node-activator.js`), with differences D3, D4 and D5 of `docs/lifecycle.md` §12.
//!
//! **Activation** is two-pass: a pre-order walk (parent before children, a node's own
//! components before its children, entering only children whose `active` flag is set)
//! marks the subtree active in the hierarchy and collects, per component, which of
//! `preload`, `on_load` and `on_enable` it still needs. A component type without
//! `on_enable` is scheduled for `start`/`update` during the walk itself. Then every
//! `preload` runs in walk order, the collected entries are stable-sorted by execution
//! order, every `on_load` runs, then every `on_enable`. An activation started from a hook
//! of another one is a nested task that runs to completion first.
//!
//! **Deactivation** walks pre-order too, entering children still active in the
//! hierarchy, and calls `on_disable` of every enabled component whose `on_enable`
//! completed. Then the pending entries of every activation in progress are filtered
//!: an entry for a component whose node is no longer active is dropped (its
//! `preload`/`on_load` can run on a later activation), an `on_enable` entry also when the
//! component was disabled. Unlike the engine, a disabled component whose node is still
//! active keeps its pending `on_load` (difference D3).
//!
//! **Hierarchy changes during a walk** (difference D5): while a node's subtree is being
//! deactivated it carries `DEACTIVATING`, and while it is being destroyed `DESTROYING`;
//! moving a node into, out of or among the children of such a node, or reactivating the
//! node itself, is refused with `HierarchyLocked`. So the walk in progress sees a frozen
//! child list at every level: it never skips or revisits a node. Everything else a hook
//! does (destroying, deactivating or activating other nodes, enabling components) takes
//! effect at once, as in the engine.

use heapless::Vec;

use crate::engine::events::NodeEvent;
use crate::engine::storage::CompFlags;
use crate::sort::stable_sort_by_key;
use crate::tree::node::{Flags, NONE};
use crate::{CompId, Dispatch, Error, Hook, HookCall, World};

/// Deepest nesting of activations started from hooks of activations in progress.
pub const MAX_ACTIVATION_DEPTH: usize = 16;

const PRELOAD: u8 = 1 << 0;
const ON_LOAD: u8 = 1 << 1;
const ON_ENABLE: u8 = 1 << 2;

/// A component and the activation hooks it still waits for.
#[derive(Clone, Copy)]
struct Entry {
    comp: CompId,
    pending: u8,
}

/// One activation in progress: its entries are `entries[start..]` up to the next task's
/// start; `cursor` is the next entry its current pass looks at.
#[derive(Clone, Copy)]
struct Task {
    start: usize,
    cursor: usize,
}

/// The activations in progress (Cocos `_activatingStack`), their entries in one buffer.
pub(crate) struct ActivationStack<const C: usize> {
    entries: Vec<Entry, C>,
    tasks: Vec<Task, MAX_ACTIVATION_DEPTH>,
}

impl<const C: usize> ActivationStack<C> {
    pub(crate) const fn new() -> Self {
        ActivationStack {
            entries: Vec::new(),
            tasks: Vec::new(),
        }
    }

    /// The next entry of the innermost task's pass that still waits for `bit`; the bit is
    /// cleared as it is handed out.
    fn take_next(&mut self, bit: u8) -> Option<CompId> {
        let task = self.tasks.last_mut()?;
        while let Some(entry) = self.entries.get_mut(task.cursor) {
            task.cursor += 1;
            if entry.pending & bit != 0 {
                entry.pending &= !bit;
                return Some(entry.comp);
            }
        }
        None
    }

    /// Adds `on_enable` to a pending entry still waiting for its `on_load`; `false` if
    /// there is none.
    pub(crate) fn request_enable(&mut self, comp: CompId) -> bool {
        match self
            .entries
            .iter_mut()
            .find(|e| e.comp == comp && e.pending & ON_LOAD != 0)
        {
            Some(entry) => {
                entry.pending |= ON_ENABLE;
                true
            }
            None => false,
        }
    }

    fn rewind(&mut self) {
        if let Some(task) = self.tasks.last_mut() {
            task.cursor = task.start;
        }
    }

    /// Removes entries nothing waits for, keeping every task's start and cursor on the
    /// same surviving entries.
    fn compact(&mut self) {
        let mut kept = 0;
        for read in 0..self.entries.len() {
            for task in self.tasks.iter_mut() {
                if task.start == read {
                    task.start = kept;
                }
                if task.cursor == read {
                    task.cursor = kept;
                }
            }
            if self.entries[read].pending != 0 {
                self.entries[kept] = self.entries[read];
                kept += 1;
            }
        }
        let len = self.entries.len();
        for task in self.tasks.iter_mut() {
            if task.start >= len {
                task.start = kept;
            }
            if task.cursor >= len {
                task.cursor = kept;
            }
        }
        self.entries.truncate(kept);
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
    /// What a component still needs from an activation, without changing it.
    fn pending_for(&self, c: usize) -> u8 {
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::TO_DESTROY) {
            return 0;
        }
        let hooks = S::kind_hooks(self.comps.kind(c));
        let mut pending = 0;
        if !slot.has(CompFlags::PRELOAD_STARTED) && hooks.contains(Hook::Preload) {
            pending |= PRELOAD;
        }
        if !slot.has(CompFlags::ON_LOAD_STARTED) && hooks.contains(Hook::OnLoad) {
            pending |= ON_LOAD;
        }
        if slot.has(CompFlags::ENABLED)
            && !slot.has(CompFlags::ON_ENABLE_CALLED)
            && hooks.contains(Hook::OnEnable)
        {
            pending |= ON_ENABLE;
        }
        pending
    }

    /// Entries an activation of `top`'s subtree would add to the activation stack;
    /// `HierarchyLocked` if the walk would reach a node whose deactivation is running
    /// (activating it from inside that deactivation cannot complete consistently).
    fn entries_needed(&self, top: usize) -> Result<usize, Error> {
        let mut needed = 0;
        let mut cur = Some(top);
        while let Some(n) = cur {
            if self.has(n, Flags::DEACTIVATING) {
                return Err(Error::HierarchyLocked);
            }
            let mut c = self.arena.slot(n).first_comp;
            while c != NONE {
                if self.pending_for(usize::from(c)) != 0 {
                    needed += 1;
                }
                c = self.comps.slot(usize::from(c)).next;
            }
            cur = self.arena.next_preorder(n, top, |s| s.has(Flags::ACTIVE));
        }
        Ok(needed)
    }

    fn check_room(&self, needed: usize) -> Result<(), Error> {
        if self.activations.tasks.is_full() || self.activations.entries.len() + needed > C {
            Err(Error::QueueFull)
        } else {
            Ok(())
        }
    }

    /// Refuses an activation of `top`'s subtree that the activation stack could not hold.
    pub(crate) fn check_activation_room(&self, top: usize) -> Result<(), Error> {
        self.check_room(self.entries_needed(top)?)
    }

    /// Activates `top`'s subtree (Cocos `activateNode(node, true)`); room was checked.
    pub(crate) fn activate_node(&mut self, top: usize) {
        if self.begin_task() {
            self.collect(top);
            self.finish_task();
        }
        // A hook of this activation may have deactivated the node again; that
        // deactivation already said so, and this event would contradict it.
        if self.has(top, Flags::ACTIVE_IN_HIERARCHY) {
            let node = self.arena.id(top);
            self.push_node_event(NodeEvent::ActiveInHierarchyChanged { node, active: true });
        }
    }

    /// Activates, in one task, every child of the root that is active but not yet in the
    /// hierarchy (a new scene's launch); `ActiveInHierarchyChanged` is emitted on the root.
    pub(crate) fn activate_scene(&mut self) -> Result<(), Error> {
        let waiting =
            |w: &Self, c: usize| w.has(c, Flags::ACTIVE) && !w.has(c, Flags::ACTIVE_IN_HIERARCHY);
        let mut needed = 0;
        let mut child = self.arena.first_child(0);
        while let Some(c) = child {
            if waiting(self, c) {
                needed += self.entries_needed(c)?;
            }
            child = self.arena.next_sibling(c);
        }
        self.check_room(needed)?;
        if self.begin_task() {
            let mut child = self.arena.first_child(0);
            while let Some(c) = child {
                if waiting(self, c) {
                    self.collect(c);
                }
                child = self.arena.next_sibling(c);
            }
            self.finish_task();
        }
        let root = self.root();
        self.push_node_event(NodeEvent::ActiveInHierarchyChanged {
            node: root,
            active: true,
        });
        Ok(())
    }

    fn begin_task(&mut self) -> bool {
        let start = self.activations.entries.len();
        self.activations
            .tasks
            .push(Task {
                start,
                cursor: start,
            })
            .is_ok()
    }

    /// The three passes of the innermost task, then its removal.
    fn finish_task(&mut self) {
        self.run_pass(PRELOAD);
        self.sort_innermost_task();
        self.run_pass(ON_LOAD);
        self.run_pass(ON_ENABLE);
        if let Some(task) = self.activations.tasks.pop() {
            self.activations.entries.truncate(task.start);
        }
    }

    /// The collection walk (`_activateNodeRecursively`).
    fn collect(&mut self, top: usize) {
        let mut cur = Some(top);
        while let Some(n) = cur {
            self.arena
                .slot_mut(n)
                .flags
                .set(Flags::ACTIVE_IN_HIERARCHY, true);
            self.mark_relist();
            let mut c = self.arena.slot(n).first_comp;
            while c != NONE {
                self.collect_comp(usize::from(c));
                c = self.comps.slot(usize::from(c)).next;
            }
            cur = self.arena.next_preorder(n, top, |s| s.has(Flags::ACTIVE));
        }
    }

    /// `activateComp` with the innermost task's invokers .
    fn collect_comp(&mut self, c: usize) {
        let pending = self.pending_for(c);
        let hooks = S::kind_hooks(self.comps.kind(c));
        let slot = self.comps.slot_mut(c);
        if slot.has(CompFlags::TO_DESTROY) {
            return;
        }
        slot.set(CompFlags::PRELOAD_STARTED, true);
        if !slot.has(CompFlags::ON_LOAD_STARTED) {
            slot.set(CompFlags::ON_LOAD_STARTED, true);
            if !hooks.contains(Hook::OnLoad) {
                slot.set(CompFlags::ON_LOAD_CALLED, true);
            }
        }
        let enable_now = slot.has(CompFlags::ENABLED)
            && !slot.has(CompFlags::ON_ENABLE_CALLED)
            && !hooks.contains(Hook::OnEnable);
        if pending != 0 {
            let comp = self.comps.id(c);
            // Room was checked before the activation started.
            let _ = self.activations.entries.push(Entry { comp, pending });
        }
        if enable_now {
            self.on_enabled(c);
        }
    }

    /// Runs one pass of the innermost task over the entries waiting for `bit`.
    fn run_pass(&mut self, bit: u8) {
        self.activations.rewind();
        while let Some(comp) = self.activations.take_next(bit) {
            let Ok(c) = self.comps.resolve(comp) else {
                continue;
            };
            match bit {
                PRELOAD => self.call_hook(c, HookCall::Preload),
                ON_LOAD => {
                    self.call_hook(c, HookCall::OnLoad);
                    self.comps.slot_mut(c).set(CompFlags::ON_LOAD_CALLED, true);
                }
                _ => {
                    // `invokeOnEnable` re-checks at call time; Sprig also skips components
                    // marked for destruction (difference D4) or already enabled meanwhile.
                    let slot = self.comps.slot(c);
                    if slot.has(CompFlags::ENABLED)
                        && !slot.has(CompFlags::TO_DESTROY)
                        && !slot.has(CompFlags::ON_ENABLE_CALLED)
                        && !slot.has(CompFlags::ENABLING)
                    {
                        self.run_on_enable(c);
                    }
                }
            }
        }
    }

    /// Stable-sorts the innermost task's entries by execution order (the `onLoad` and
    /// `onEnable` invokers' neg-sorted / zero / pos-sorted order).
    fn sort_innermost_task(&mut self) {
        let Some(task) = self.activations.tasks.last() else {
            return;
        };
        let start = task.start;
        let comps = &self.comps;
        let order_of = |entry: &Entry| {
            comps
                .resolve(entry.comp)
                .map_or(0, |c| S::kind_order(comps.kind(c)))
        };
        if let Some(region) = self.activations.entries.get_mut(start..) {
            stable_sort_by_key(region, order_of);
        }
    }

    /// Deactivates `top`'s subtree (Cocos `activateNode(node, false)`).
    pub(crate) fn deactivate_node(&mut self, top: usize) {
        self.focus_leaving(top);
        self.deactivate_recursively(top);
        self.cancel_inactive_entries();
        let node = self.arena.id(top);
        self.push_node_event(NodeEvent::ActiveInHierarchyChanged {
            node,
            active: false,
        });
    }

    /// `_deactivateNodeRecursively`, in pre-order without recursion (the walk follows
    /// parent and sibling links, so its stack use does not grow with the tree's depth).
    /// A node's child list is frozen while it carries `DEACTIVATING`, so following the
    /// links visits every child exactly once; a child is visited if it is still active
    /// in the hierarchy when the walk reaches it.
    fn deactivate_recursively(&mut self, top: usize) {
        let mut n = top;
        'enter: loop {
            self.deactivate_one(n);
            if let Some(c) = self.first_active_from(self.arena.first_child(n)) {
                n = c;
                continue 'enter;
            }
            // `n`'s subtree is done: on to its next active sibling, or back up.
            loop {
                self.arena.slot_mut(n).flags.set(Flags::DEACTIVATING, false);
                if n == top {
                    return;
                }
                let Some(p) = self.arena.parent(n) else {
                    return;
                };
                if let Some(s) = self.first_active_from(self.arena.next_sibling(n)) {
                    n = s;
                    continue 'enter;
                }
                n = p;
            }
        }
    }

    /// Marks one node inactive and disables its components.
    fn deactivate_one(&mut self, n: usize) {
        if self.focus == Some(self.arena.id(n)) {
            self.focus = self.focus_neighbour(n).map(|f| self.arena.id(f));
        }
        let flags = &mut self.arena.slot_mut(n).flags;
        flags.set(Flags::DEACTIVATING, true);
        flags.set(Flags::ACTIVE_IN_HIERARCHY, false);
        self.mark_relist();
        // Components added by the hooks below are appended and not visited (the engine
        // captures the count first).
        let last = self.last_comp_of(n);
        let mut c = self.arena.slot(n).first_comp;
        while c != NONE {
            let ci = usize::from(c);
            // Every component whose `on_enable` completed, also one a hook of this walk
            // just disabled (its flag changed on an inactive node, so no `on_disable`
            // ran yet; the engine would leave it updating).
            self.disable_comp(ci);
            if Some(ci) == last {
                break;
            }
            c = self.comps.slot(ci).next;
        }
    }

    /// From sibling `c` on, the first node still active in the hierarchy.
    fn first_active_from(&self, mut c: Option<usize>) -> Option<usize> {
        while let Some(i) = c {
            if self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
                return Some(i);
            }
            c = self.arena.next_sibling(i);
        }
        None
    }

    pub(crate) fn last_comp_of(&self, n: usize) -> Option<usize> {
        let mut c = self.arena.slot(n).first_comp;
        let mut last = None;
        while c != NONE {
            last = Some(usize::from(c));
            c = self.comps.slot(usize::from(c)).next;
        }
        last
    }

    /// `stableRemoveInactive` over every activation in progress (difference D3).
    fn cancel_inactive_entries(&mut self) {
        if self.activations.tasks.is_empty() {
            return;
        }
        for k in 0..self.activations.entries.len() {
            let entry = self.activations.entries[k];
            let Ok(c) = self.comps.resolve(entry.comp) else {
                self.activations.entries[k].pending = 0;
                continue;
            };
            let slot = self.comps.slot(c);
            let node_active = self.has(usize::from(slot.node), Flags::ACTIVE_IN_HIERARCHY);
            let enabled = slot.has(CompFlags::ENABLED);
            let mut pending = entry.pending;
            if !node_active {
                if pending & PRELOAD != 0 {
                    pending &= !PRELOAD;
                    self.comps
                        .slot_mut(c)
                        .set(CompFlags::PRELOAD_STARTED, false);
                }
                if pending & ON_LOAD != 0 {
                    pending &= !ON_LOAD;
                    self.comps
                        .slot_mut(c)
                        .set(CompFlags::ON_LOAD_STARTED, false);
                }
            }
            if !(enabled && node_active) {
                pending &= !ON_ENABLE;
            }
            self.activations.entries[k].pending = pending;
        }
        self.activations.compact();
    }
}
