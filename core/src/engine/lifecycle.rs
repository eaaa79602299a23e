//! Enabling, disabling and scheduling components (§4, §2 and §5 of
//! `docs/lifecycle.md`, `component-scheduler.js`), and the one place hooks are called.
//!
//! - `on_enable` completed → the component is *onEnabled*: scheduled into the `start`,
//!   `update` and `late_update` queues for the hooks its type has, or, while the frame's
//!   start/update/timers/late_update phases run, put on the deferred list that the frame
//!   schedules after the start phase and after `late_update` (§5).
//! - `on_disable` → it leaves every queue at once, mid-pass included, without disturbing
//!   the others' order (difference D1).
//!
//! Hooks are called in one place, [`World::invoke`]: the component's value is taken out
//! of its slot and lent to the hook as `&mut self`, with the world in its `Ctx`. So a
//! component's hooks never nest: a hook of the same component that the running hook
//! causes (it disables itself, destroys or deactivates its node, re-enables itself from
//! `on_disable`) waits and runs right after the running hook returns, in the order it
//! was caused; every other component's hooks run at once, as in the engine. The engine
//! calls those nested hooks inside the running one; with `&mut self` that would alias the
//! component, so Sprig defers them instead.
//!
//! # Why a hook still runs on its moved-out value, not in its slot
//!
//! Issue 27 asked for hooks to run in place, either through split borrows generated per
//! component set or through a small audited `unsafe` module checked by Miri. Neither
//! fits the hook signature users write, `&mut self` beside a `Ctx` that dereferences to
//! `&mut W`, the whole world, the running component's slot included:
//!
//! - **`unsafe`, in place.** Lending `&mut self` from the slot while the `Ctx` holds
//!   `&mut W` over the same bytes is undefined behaviour under both of Rust's aliasing
//!   models in the plain shape: each use of the world from the hook (`ctx.get_mut(other)`
//!   reborrows `&mut W`) is an access foreign to the hook's protected `&mut self`. Miri
//!   rejects it under Stacked Borrows ("tag does not exist in the borrow stack") and
//!   under Tree Borrows ("protected tags must never be Disabled"), slots in `UnsafeCell`s
//!   or not. One shape passes both models (checked on a model of this dispatch: slots,
//!   a busy mark, a hook that reads the world through `&`, writes it through `&mut` and
//!   reaches a slot of its own type): every slot in an `UnsafeCell`, *and* the set
//!   `!Unpin` (a `PhantomPinned` field), so that a `&mut` of the world asserts no
//!   uniqueness (the exception self-referential futures rely on, which `UnsafePinned`
//!   is meant to replace; rustc then also emits no `noalias` for any `&mut World`), and
//!   one slot at a time reached through raw pointers, never a `&mut` of a slot array.
//!   Without the `UnsafeCell`s the first `&World` a hook takes (`ctx.node()`) is already
//!   rejected. That shape still needs: a busy mark that every path (get, get_mut,
//!   destroy, instantiate, draw, events) checks, a slot freed by its own hook kept until
//!   the hook returns, a sealed `SetHost`, and a `Ctx` over an opaque wrapper of the
//!   world instead of the world: `AnyWorld: 'static` lets safe code downcast
//!   `ctx.world()` to its concrete world type and assign it while `self` points into it
//!   (Miri rejects that too, in both models).
//! - **What in place would gain, measured.** The generated dispatch was changed to lend
//!   the slot in place (an `unsafe` measuring build, not kept), best of seven alternated
//!   runs, three times: `--bench update` with a busy bit in the component flags is
//!   *slower*, 1.43–2.09 ns per component for one type and 0.83–1.08 for four against
//!   0.92–1.22 and 0.51–0.75 today (hand loop 0.50–0.57 and 0.23–0.28), because setting
//!   and clearing the mark around each hook costs more than the move, which the
//!   compiler already removes for a small component; a mark kept in the world instead
//!   (the innermost lent slot in one field, or a stack of lent slots) was no cheaper,
//!   0.95–2.20 ns; with no mark at all (unsound, the floor) 0.87–1.16 and 0.43–0.76,
//!   ratios 1.74–2.18 and 1.72–3.04, the targets still missed. The tween bench goes from 43–47 to 36–40 ns
//!   per tween (4.3–5.0× to 3.8–4.5× the hand-written one): the 280-byte copy is a
//!   seventh of it, the tween's own stepping the rest. On the emulated board the
//!   showcase's `tick` goes from 134 584 to 104 867 SysTick ticks per frame, 21 029 to
//!   16 385 instructions (mean of frames 1–59 of `cargo xtask qemu`, the busy bit
//!   kept), `.text` 210 908 → 211 652 B, stack peak 25 660 B unchanged. The issue's
//!   targets are missed in every variant, and the gain (the board's `tick` −22 %, a
//!   tween −15 %) comes with a slower `update` for small components and all of the
//!   machinery above, `unsafe` in `core` and a `!Unpin` world among it: a trade for its
//!   own decision, not this one. So `core` stays `#![forbid(unsafe_code)]` and the
//!   README's promise is unchanged.
//! - **Safe split borrows.** The borrow checker allows `&mut self` beside the rest of
//!   the world only if what the `Ctx` reaches is not the `World` itself but a view
//!   without that slot, with every `AnyWorld` method rewritten over the view (the world
//!   split into its storage and the rest). That changes what `Ctx<W>` is (code that
//!   downcasts the world breaks) and every world method; it is its own issue.
//!
//! What the dispatch does instead (generated by `component_set!`): it tests the slot
//! and traces the call before the value leaves it, so that when the hook does not reach
//! the world (the common `update` of a small component) nothing reads the slot between
//! the move out and the move back and the compiler drops the write that empties it; and
//! a type that draws marks its node for repaint from its own arm, where `Draw::DRAWS`
//! is a constant. A pass that keeps its place in the queue in a register, and reads the
//! queue's cursor back only after a hook that inserted or removed entries, was measured
//! too (issue 27's second round): slower, 1.15–1.50 ns per component for one type
//! against 1.02–1.23, so the cursor stays in the queue.
//!
//! Sprig decisions beyond the engine, so the lifecycle invariants always hold
//! (`on_enable`/`on_disable` alternate, no hook after `on_destroy`, `update` only while
//! enabled and active):
//! - a component marked for destruction gets no further `on_enable`, `start`, `update`,
//!   `late_update` (difference D4); if its `on_enable` completed it still gets `on_disable`;
//! - if a component's own `on_enable` disabled it or deactivated its node, it gets its
//!   `on_disable` right after `on_enable` returns (the engine would skip it and leave the
//!   two unbalanced, or, for a disable, keep updating a disabled component);
//! - enabling a component again from inside its own `on_enable` is absorbed;
//! - `on_disable` runs after the component left the queues, so enabling it again from its
//!   own `on_disable` runs `on_enable` at once and takes effect (in the engine it is lost);
//! - `start` is marked called before it runs, so it cannot run twice;
//! - a component enabled while its activation has not run its `on_load` yet (from a
//!   `preload` or an earlier `on_load` of that activation) gets `on_enable` in that
//!   activation's `on_enable` pass, after its `on_load` (the engine would call `on_enable`
//!   first).

use crate::engine::frame::Phase;
use crate::engine::queues::Bucket;
use crate::engine::storage::CompFlags;
use crate::tree::node::Flags;
use crate::{CompId, Dispatch, Error, Hook, HookCall, HookResult, NodeId, World};

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
    /// Calls one hook of component slot `c` if its type has it, tracing it and keeping
    /// an `Err` it returns. Nothing runs after `on_destroy`.
    pub(crate) fn call_hook(&mut self, c: usize, call: HookCall) {
        let hook = call.hook();
        if self.comps.slot(c).has(CompFlags::DESTROYED) && hook != Hook::OnDestroy {
            return;
        }
        if S::kind_hooks(self.comps.kind(c)).contains(hook) {
            self.invoke(c, call);
        }
    }

    /// Calls a hook the caller knows the component's type has: the per-frame queues hold
    /// only such components, and leave them before `on_destroy`.
    ///
    /// The component's data is taken out of its slot for the call and lent to the hook
    /// as `&mut self`; the hook gets the world through its `Ctx`. A hook of the same
    /// component asked for meanwhile (the running hook disabled or destroyed it) waits in
    /// `own_hooks` and runs right after, in the order it was asked for.
    #[inline]
    pub(crate) fn invoke(&mut self, c: usize, call: HookCall) {
        self.hook_depth += 1;
        self.invoke_with(c, call, |world, index| S::call(world, index, call));
        self.hook_depth -= 1;
    }

    /// `invoke` with the dispatch given, without counting the hook depth: the per-frame
    /// passes give the set's dedicated `update` / `late_update` dispatch (which holds
    /// only the types with that hook), and count as inside hooks by their phase.
    #[inline(always)]
    pub(crate) fn invoke_with(
        &mut self,
        c: usize,
        call: HookCall,
        dispatch: impl FnOnce(&mut Self, u16) -> Option<HookResult>,
    ) {
        // For a type that draws, the dispatch marked its node for repainting when the
        // hook returned (`SetHost::after_drawing_hook`): it had itself as `&mut self`.
        let result = dispatch(self, c as u16);
        match result {
            Some(Ok(())) => {}
            Some(Err(error)) => {
                let comp = self.comps.id(c);
                self.keep_hook_error(comp, call.hook(), error);
            }
            None => {
                // Its own hook is running (its data is out): this one follows it.
                let comp = self.comps.id(c);
                if self.own_hooks.push((comp, call)).is_err() {
                    self.keep_hook_error(comp, call.hook(), Error::QueueFull);
                }
                return;
            }
        }
        if !self.own_hooks.is_empty() {
            // The component is still live: nothing is freed before the end of the frame,
            // and then only after its hooks.
            let comp = self.comps.id(c);
            self.run_own_hooks(comp);
        }
    }

    /// The handle of the component in slot `index` (a hook's `ctx.comp_id()`); a handle
    /// no slot answers to for an index past the capacity.
    pub(crate) fn comp_of_slot(&self, index: u16) -> CompId {
        if usize::from(index) < C {
            self.comps.id(usize::from(index))
        } else {
            CompId {
                index,
                generation: u16::MAX,
            }
        }
    }

    /// The node of the component in slot `index` (a hook's `ctx.node()`); the root for
    /// an index past the capacity.
    pub(crate) fn node_of_slot(&self, index: u16) -> NodeId {
        if usize::from(index) < C {
            let node = self.comps.slot(usize::from(index)).node;
            if let Some(id) = self.arena.try_id(usize::from(node)) {
                return id;
            }
        }
        self.root()
    }

    /// Called by the set's dispatch right before a hook runs, once the component is out
    /// of its slot: traces the call.
    #[inline(always)]
    pub(crate) fn before_hook(&mut self, index: u16, hook: Hook) {
        if self.tracing || cfg!(feature = "defmt") {
            let c = usize::from(index);
            let comp = self.comps.id(c);
            let node = self.arena.id(usize::from(self.comps.slot(c).node));
            let kind = self.comps.kind(c);
            self.record_hook(node, comp, kind, hook);
        }
    }

    /// Runs, in order, the hooks of `comp` that were asked for while its own hook ran.
    pub(crate) fn run_own_hooks(&mut self, comp: CompId) {
        while let Some(at) = self.own_hooks.iter().position(|&(c, _)| c == comp) {
            let (_, call) = self.own_hooks.remove(at);
            if let Ok(c) = self.comps.resolve(comp) {
                self.call_hook(c, call);
            }
        }
    }

    pub(crate) fn keep_hook_error(&mut self, comp: CompId, hook: Hook, error: Error) {
        self.hook_errors = self.hook_errors.wrapping_add(1);
        self.last_hook_error = Some((comp, hook, error));
    }

    /// Whether the frame's phases are running (Cocos `_updating`).
    fn updating(&self) -> bool {
        matches!(
            self.phase,
            Phase::Start | Phase::Update | Phase::Timers | Phase::LateUpdate
        )
    }

    /// `_onEnabled`: marks `on_enable` completed, resumes timers, schedules or defers.
    pub(crate) fn on_enabled(&mut self, c: usize) {
        self.comps
            .slot_mut(c)
            .set(CompFlags::ON_ENABLE_CALLED, true);
        let comp = self.comps.id(c);
        self.timers.set_paused(comp, false);
        if self.updating() {
            if !self.comps.slot(c).has(CompFlags::DEFERRED) && self.deferred.push(c as u16).is_ok()
            {
                self.comps.slot_mut(c).set(CompFlags::DEFERRED, true);
            }
        } else {
            self.schedule_immediate(c);
        }
    }

    /// `_scheduleImmediate`: queues the component for the hooks its type has.
    pub(crate) fn schedule_immediate(&mut self, c: usize) {
        let kind = self.comps.kind(c);
        let hooks = S::kind_hooks(kind);
        let order = S::kind_order(kind);
        let slot = self.comps.slot_mut(c);
        if hooks.contains(Hook::Start)
            && !slot.has(CompFlags::START_CALLED)
            && !slot.has(CompFlags::IN_START_QUEUE)
        {
            slot.set(CompFlags::IN_START_QUEUE, true);
            self.start_queue.push(order, c as u16);
        }
        if hooks.contains(Hook::Update) {
            self.update_queue.insert(order, c as u16);
        }
        if hooks.contains(Hook::LateUpdate) {
            self.late_update_queue.insert(order, c as u16);
        }
    }

    /// `_onDisabled`: pauses timers and takes the component out of every queue.
    fn on_disabled(&mut self, c: usize) {
        let comp = self.comps.id(c);
        self.timers.set_paused(comp, true);
        let slot = self.comps.slot_mut(c);
        slot.set(CompFlags::ON_ENABLE_CALLED, false);
        if slot.has(CompFlags::DEFERRED) {
            slot.set(CompFlags::DEFERRED, false);
            if let Some(at) = self.deferred.iter().position(|&d| usize::from(d) == c) {
                self.deferred.remove(at);
            }
            return;
        }
        if slot.has(CompFlags::IN_START_QUEUE) {
            slot.set(CompFlags::IN_START_QUEUE, false);
            self.start_queue.remove(c as u16);
        }
        self.update_queue.remove(c as u16);
        self.late_update_queue.remove(c as u16);
    }

    /// `disableComp`: `on_disable` if `on_enable` had completed.
    pub(crate) fn disable_comp(&mut self, c: usize) {
        if !self.comps.slot(c).has(CompFlags::ON_ENABLE_CALLED) {
            return;
        }
        self.on_disabled(c);
        self.call_hook(c, HookCall::OnDisable);
    }

    /// `enableComp` without an invoker: `on_enable` now, then scheduling.
    pub(crate) fn enable_comp(&mut self, c: usize) {
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::ON_ENABLE_CALLED)
            || slot.has(CompFlags::ENABLING)
            || slot.has(CompFlags::TO_DESTROY)
        {
            return;
        }
        // Enabled from a `preload` or `on_load` of the activation that will load it:
        // its `on_enable` waits for that activation's `on_enable` pass, after its `on_load`.
        if !slot.has(CompFlags::ON_LOAD_CALLED) {
            let comp = self.comps.id(c);
            if self.activations.request_enable(comp) {
                return;
            }
        }
        if S::kind_hooks(self.comps.kind(c)).contains(Hook::OnEnable) {
            self.run_on_enable(c);
        } else {
            self.on_enabled(c);
        }
    }

    /// Runs `on_enable` and settles what it left behind.
    pub(crate) fn run_on_enable(&mut self, c: usize) {
        self.comps.slot_mut(c).set(CompFlags::ENABLING, true);
        self.call_hook(c, HookCall::OnEnable);
        self.comps.slot_mut(c).set(CompFlags::ENABLING, false);
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::ON_ENABLE_CALLED) {
            return;
        }
        let node_active = self.has(usize::from(slot.node), Flags::ACTIVE_IN_HIERARCHY);
        let slot = self.comps.slot_mut(c);
        if slot.has(CompFlags::TO_DESTROY) {
            // Difference D4: no scheduling, but `on_disable` at the real destruction.
            slot.set(CompFlags::ON_ENABLE_CALLED, true);
        } else if slot.has(CompFlags::ENABLED) && node_active {
            self.on_enabled(c);
        } else {
            slot.set(CompFlags::ON_ENABLE_CALLED, true);
            self.disable_comp(c);
        }
    }

    /// `activateComp` without an invoker, for `add_component` on an active node.
    pub(crate) fn activate_comp_now(&mut self, c: usize) {
        if self.comps.slot(c).has(CompFlags::TO_DESTROY) {
            return;
        }
        if !self.comps.slot(c).has(CompFlags::PRELOAD_STARTED) {
            self.comps.slot_mut(c).set(CompFlags::PRELOAD_STARTED, true);
            self.call_hook(c, HookCall::Preload);
        }
        if !self.comps.slot(c).has(CompFlags::ON_LOAD_STARTED) {
            self.comps.slot_mut(c).set(CompFlags::ON_LOAD_STARTED, true);
            self.call_hook(c, HookCall::OnLoad);
            self.comps.slot_mut(c).set(CompFlags::ON_LOAD_CALLED, true);
        }
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::ENABLED)
            && self.has(usize::from(slot.node), Flags::ACTIVE_IN_HIERARCHY)
        {
            self.enable_comp(c);
        }
    }

    /// One invocation of the start queue (`startInvoker.invoke()`).
    pub(crate) fn invoke_start(&mut self) {
        if self.start_queue.is_empty() {
            return;
        }
        for bucket in [Bucket::Negative, Bucket::Zero, Bucket::Positive] {
            if bucket != Bucket::Zero {
                self.start_queue.sort(bucket);
            }
            while let Some(c) = self.start_queue.pop_front(bucket) {
                let c = usize::from(c);
                let slot = self.comps.slot_mut(c);
                slot.set(CompFlags::IN_START_QUEUE, false);
                if slot.has(CompFlags::START_CALLED) {
                    continue;
                }
                slot.set(CompFlags::START_CALLED, true);
                self.call_hook(c, HookCall::Start);
            }
        }
    }

    /// `_startForNewComps`: schedules the deferred components and runs `start` again.
    pub(crate) fn start_for_new_comps(&mut self) {
        if self.deferred.is_empty() {
            return;
        }
        let deferred = core::mem::take(&mut self.deferred);
        for &c in deferred.iter() {
            let c = usize::from(c);
            self.comps.slot_mut(c).set(CompFlags::DEFERRED, false);
            self.schedule_immediate(c);
        }
        self.invoke_start();
    }
}
