//! What a component type is to the engine: its constants (name, execution order, which
//! hooks it has), its hooks, and the app's component set that dispatches them.
//!
//! Users do not implement [`Component`] by hand: `#[component]` on an `impl Hooks for
//! Type` block emits the constants. Hooks are generic over the world ([`AnyWorld`]), so a
//! component type written once works in every app; the app's set of types and where
//! their data lives is in `component_set.rs`.

use core::ops::{Deref, DerefMut};

use crate::engine::input::{KeyEvent, TouchEvent};
use crate::engine::listeners::Event;
use crate::{AnyWorld, CompId, Error, NodeId, TimerKey};

/// What a hook returns. An `Err` does not stop the frame: the engine counts it, keeps the
/// last one (see `World::hook_errors`), and goes on, as Cocos does with an exception in a
/// batched hook.
pub type HookResult = Result<(), Error>;

/// The lifecycle hooks, in the order of a component's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Hook {
    /// Before `on_load`, in tree order, unsorted (Cocos `__preload`).
    Preload,
    /// Once, when the component's node first becomes active in the hierarchy.
    OnLoad,
    /// Each time the component becomes enabled in an active node.
    OnEnable,
    /// Once, before the component's first `update`.
    Start,
    /// Every frame while enabled on an active node.
    Update,
    /// Every frame after every `update` and the timers.
    LateUpdate,
    /// Each time the component stops being enabled in an active node.
    OnDisable,
    /// Once, at the end of the frame the component (or its node) was destroyed in.
    OnDestroy,
    /// A timer the component scheduled fired.
    OnTimer,
    /// A touch hit the component's node (or a descendant, bubbling up), or continues one
    /// that began there.
    OnTouch,
    /// A key or button changed state.
    OnKey,
    /// An event the component listens to was emitted or dispatched (`Ctx::on`).
    OnEvent,
}

impl Hook {
    /// The hook's name as written in a `Hooks` impl.
    pub const fn name(self) -> &'static str {
        match self {
            Hook::Preload => "preload",
            Hook::OnLoad => "on_load",
            Hook::OnEnable => "on_enable",
            Hook::Start => "start",
            Hook::Update => "update",
            Hook::LateUpdate => "late_update",
            Hook::OnDisable => "on_disable",
            Hook::OnDestroy => "on_destroy",
            Hook::OnTimer => "on_timer",
            Hook::OnTouch => "on_touch",
            Hook::OnKey => "on_key",
            Hook::OnEvent => "on_event",
        }
    }

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// The set of hooks a component type implements, one bit per [`Hook`].
///
/// ```
/// use sprig::{Hook, HookMask};
/// let mask = HookMask::NONE.with(Hook::Update).with(Hook::OnLoad);
/// assert!(mask.contains(Hook::Update) && !mask.contains(Hook::Start));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HookMask(u16);

impl HookMask {
    /// No hooks.
    pub const NONE: HookMask = HookMask(0);

    /// This mask plus `hook`.
    pub const fn with(self, hook: Hook) -> HookMask {
        HookMask(self.0 | hook.bit())
    }

    /// Whether `hook` is in the mask.
    pub const fn contains(self, hook: Hook) -> bool {
        self.0 & hook.bit() != 0
    }
}

/// The constants `#[component]` records for a type.
pub trait Component: Sized + 'static {
    /// The type's name, for traces and logs.
    const NAME: &'static str;
    /// Lower runs first, across the whole tree, per hook (default 0).
    const EXECUTION_ORDER: i16;
    /// The hooks the type implements; the engine queues only those.
    const HOOKS: HookMask;
}

/// The lifecycle hooks of a component type. Every hook is optional.
///
/// A hook gets the component's own data as `&mut self` and the whole world through its
/// [`Ctx`] (which dereferences to the world, whatever the world's set and capacities:
/// the hooks of one type work in every app). While a hook runs, its component is out of
/// the world's storage: asking the world for it (`get`, `get_mut`) returns
/// [`Error::ComponentBusy`], and a hook of the same component that the running hook
/// causes (disabling itself runs its `on_disable`) runs right after the running hook
/// returns, never inside it. Every other effect happens at once, as in the engine.
///
/// ```
/// use sprig::{component, AnyWorld, Ctx, HookResult, Hooks};
///
/// /// Turns its node, in any app's world.
/// pub struct Spinner {
///     degrees_per_second: f32,
/// }
///
/// #[component]
/// impl Hooks for Spinner {
///     fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
///         let node = ctx.node();
///         let angle = ctx.angle_degrees(node)?;
///         ctx.set_angle_degrees(node, angle + self.degrees_per_second * dt_seconds)
///     }
/// }
/// ```
pub trait Hooks: Component {
    /// Cocos `__preload`.
    fn preload(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `onLoad`.
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `onEnable`.
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `start`.
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `update(dt)`; `dt_seconds` is the frame's time step.
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let _ = (ctx, dt_seconds);
        Ok(())
    }
    /// Cocos `lateUpdate(dt)`.
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let _ = (ctx, dt_seconds);
        Ok(())
    }
    /// Cocos `onDisable`.
    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `onDestroy`.
    fn on_destroy(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// A timer scheduled by this component fired; `key` is the one given to `schedule`,
    /// `elapsed_seconds` the time since it last fired (Cocos passes the same).
    fn on_timer(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        key: u16,
        elapsed_seconds: f32,
    ) -> HookResult {
        let _ = (ctx, key, elapsed_seconds);
        Ok(())
    }
    /// A touch reached the component: on its node, on a descendant (bubbling up), or a
    /// touch that began there. `ctx.stop_propagation()` keeps it from going further up.
    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        let _ = (ctx, touch);
        Ok(())
    }
    /// A key or button was pressed or released; components get it topmost first, and
    /// `ctx.stop_propagation()` keeps it from the others.
    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        let _ = (ctx, key);
        Ok(())
    }
    /// An event this component listens to (registered with `ctx.on::<T>(node)` or
    /// `ctx.on_capture::<T>(node)`) reached it; `event.get::<T>()` reads the payload,
    /// `event.stop_propagation()` keeps it from going further (see [`Event`]).
    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let _ = (ctx, event);
        Ok(())
    }
}

/// One hook call with its arguments, as the engine hands it to [`Dispatch::call`](crate::Dispatch::call).
/// `on_event`, whose event is borrowed for the call, goes through
/// [`Dispatch::event`](crate::Dispatch::event) instead.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HookCall {
    /// `preload`.
    Preload,
    /// `on_load`.
    OnLoad,
    /// `on_enable`.
    OnEnable,
    /// `start`.
    Start,
    /// `update(dt)`.
    Update(f32),
    /// `late_update(dt)`.
    LateUpdate(f32),
    /// `on_disable`.
    OnDisable,
    /// `on_destroy`.
    OnDestroy,
    /// `on_timer(key, elapsed)`.
    OnTimer(u16, f32),
    /// `on_touch(touch)`.
    OnTouch(TouchEvent),
    /// `on_key(key)`.
    OnKey(KeyEvent),
}

impl HookCall {
    /// Which hook this calls.
    pub const fn hook(self) -> Hook {
        match self {
            HookCall::Preload => Hook::Preload,
            HookCall::OnLoad => Hook::OnLoad,
            HookCall::OnEnable => Hook::OnEnable,
            HookCall::Start => Hook::Start,
            HookCall::Update(_) => Hook::Update,
            HookCall::LateUpdate(_) => Hook::LateUpdate,
            HookCall::OnDisable => Hook::OnDisable,
            HookCall::OnDestroy => Hook::OnDestroy,
            HookCall::OnTimer(..) => Hook::OnTimer,
            HookCall::OnTouch(_) => Hook::OnTouch,
            HookCall::OnKey(_) => Hook::OnKey,
        }
    }
}

/// Runs one hook of `component`: what every arm of a generated [`Dispatch::call`](crate::Dispatch::call) does.
#[inline]
pub fn dispatch_hook<T: Hooks>(
    component: &mut T,
    call: HookCall,
    ctx: &mut Ctx<impl AnyWorld>,
) -> HookResult {
    match call {
        HookCall::Preload => component.preload(ctx),
        HookCall::OnLoad => component.on_load(ctx),
        HookCall::OnEnable => component.on_enable(ctx),
        HookCall::Start => component.start(ctx),
        HookCall::Update(dt) => component.update(ctx, dt),
        HookCall::LateUpdate(dt) => component.late_update(ctx, dt),
        HookCall::OnDisable => component.on_disable(ctx),
        HookCall::OnDestroy => component.on_destroy(ctx),
        HookCall::OnTimer(key, elapsed) => component.on_timer(ctx, key, elapsed),
        HookCall::OnTouch(touch) => component.on_touch(ctx, touch),
        HookCall::OnKey(key) => component.on_key(ctx, key),
    }
}

/// What a hook receives besides its component: the world (through `Deref`), and the
/// hook's own node and component handles.
pub struct Ctx<'a, W> {
    pub(crate) world: &'a mut W,
    /// The component's slot; its handle and node are looked up when asked for.
    pub(crate) index: u16,
}

impl<'a, W> Ctx<'a, W> {
    /// The context of a hook of the component in slot `index`; made by the code
    /// `component_set!` generates, right before it calls the hook.
    #[doc(hidden)]
    #[inline]
    pub fn new(world: &'a mut W, index: u16) -> Self {
        Ctx { world, index }
    }
}

impl<W: AnyWorld> Ctx<'_, W> {
    /// The node the component is on.
    pub fn node(&self) -> NodeId {
        self.world.node_of_slot(self.index)
    }

    /// The component whose hook is running (`ctx.comp(handle)`, without `_id`, reads
    /// another component through a typed handle: [`AnyWorld::comp`]).
    pub fn comp_id(&self) -> CompId {
        self.world.comp_of_slot(self.index)
    }

    /// The world behind this context, for functions that take `&mut impl AnyWorld`
    /// (`tween(node)….start(ctx.world())`). The context also dereferences to it.
    pub fn world(&mut self) -> &mut W {
        self.world
    }

    /// Schedules this component's `on_timer(key, …)`; see [`AnyWorld::schedule`]. The
    /// key is a `u16` or a [`TimerKey`] enum of the component's own; one without a
    /// `u16` form (a negative `i32`) is `InvalidValue`, changing nothing.
    pub fn schedule(
        &mut self,
        key: impl TimerKey,
        interval_seconds: f32,
        repeat: Option<u32>,
        delay_seconds: f32,
    ) -> Result<(), Error> {
        let key = key.to_key().ok_or(Error::InvalidValue)?;
        let comp = self.comp_id();
        self.world
            .schedule(comp, key, interval_seconds, repeat, delay_seconds)
    }

    /// Schedules this component's `on_timer(key, …)` once; see
    /// [`AnyWorld::schedule_once`] and [`Ctx::schedule`] for the key.
    pub fn schedule_once(&mut self, key: impl TimerKey, delay_seconds: f32) -> Result<(), Error> {
        let key = key.to_key().ok_or(Error::InvalidValue)?;
        let comp = self.comp_id();
        self.world.schedule_once(comp, key, delay_seconds)
    }

    /// Cancels one of this component's timers; whether there was one. A key without a
    /// `u16` form is `InvalidValue`.
    pub fn unschedule(&mut self, key: impl TimerKey) -> Result<bool, Error> {
        let key = key.to_key().ok_or(Error::InvalidValue)?;
        let comp = self.comp_id();
        self.world.unschedule(comp, key)
    }

    /// Listens to the events of payload type `T` on `node` (this component's own node
    /// or another): each reaches this component's `on_event`. See [`AnyWorld::on`].
    pub fn on<T: 'static>(&mut self, node: NodeId) -> Result<(), Error> {
        let comp = self.comp_id();
        self.world.on::<T>(comp, node)
    }

    /// Listens to the events of type `T` dispatched on `node` or its descendants in the
    /// capturing phase (Cocos `useCapture`). See [`AnyWorld::on_capture`].
    pub fn on_capture<T: 'static>(&mut self, node: NodeId) -> Result<(), Error> {
        let comp = self.comp_id();
        self.world.on_capture::<T>(comp, node)
    }

    /// Stops listening to type `T` on `node`; `Ok(false)` if it was not listening.
    pub fn off<T: 'static>(&mut self, node: NodeId) -> Result<bool, Error> {
        let comp = self.comp_id();
        self.world.off::<T>(comp, node)
    }

    /// Stops listening to type `T` on `node` in the capturing phase.
    pub fn off_capture<T: 'static>(&mut self, node: NodeId) -> Result<bool, Error> {
        let comp = self.comp_id();
        self.world.off_capture::<T>(comp, node)
    }

    /// Stops listening to anything on `node` (Cocos `node.targetOff(this)`); returns
    /// how many registrations went.
    pub fn off_all(&mut self, node: NodeId) -> Result<usize, Error> {
        let comp = self.comp_id();
        self.world.off_all(comp, node)
    }
}

impl<W> Deref for Ctx<'_, W> {
    type Target = W;

    fn deref(&self) -> &W {
        self.world
    }
}

impl<W> DerefMut for Ctx<'_, W> {
    fn deref_mut(&mut self) -> &mut W {
        self.world
    }
}
