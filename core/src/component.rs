//! What a component type is to the engine: its constants (name, execution order, which
//! hooks it has), its hooks, and the app's component set that dispatches them.
//!
//! Users do not implement [`Component`] or [`ComponentSet`] by hand: `#[component]` on an
//! `impl Hooks<World> for Type` block emits the constants, and `component_set!` emits the
//! set enum with `match`-based dispatch (no `dyn`, no function pointers).

use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};

use crate::input::{KeyEvent, TouchEvent};
use crate::{CompId, Error, NodeId};

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

/// The lifecycle hooks of a component in world type `W`. Every hook is optional.
///
/// A hook gets a [`Ctx`]: the whole world (it dereferences to `W`) plus the hook's own
/// node and component. The component's data is reached through `ctx.this()` /
/// `ctx.this_mut()`, so a hook can call any world method, including ones that run other
/// hooks of the same component (disabling itself runs its `on_disable` at once).
pub trait Hooks<W>: Component {
    /// Cocos `__preload`.
    fn preload(ctx: &mut Ctx<'_, W, Self>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `onLoad`.
    fn on_load(ctx: &mut Ctx<'_, W, Self>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `onEnable`.
    fn on_enable(ctx: &mut Ctx<'_, W, Self>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `start`.
    fn start(ctx: &mut Ctx<'_, W, Self>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `update(dt)`; `dt_seconds` is the frame's time step.
    fn update(ctx: &mut Ctx<'_, W, Self>, dt_seconds: f32) -> HookResult {
        let _ = (ctx, dt_seconds);
        Ok(())
    }
    /// Cocos `lateUpdate(dt)`.
    fn late_update(ctx: &mut Ctx<'_, W, Self>, dt_seconds: f32) -> HookResult {
        let _ = (ctx, dt_seconds);
        Ok(())
    }
    /// Cocos `onDisable`.
    fn on_disable(ctx: &mut Ctx<'_, W, Self>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// Cocos `onDestroy`.
    fn on_destroy(ctx: &mut Ctx<'_, W, Self>) -> HookResult {
        let _ = ctx;
        Ok(())
    }
    /// A timer scheduled by this component fired; `key` is the one given to `schedule`,
    /// `elapsed_seconds` the time since it last fired (Cocos passes the same).
    fn on_timer(ctx: &mut Ctx<'_, W, Self>, key: u16, elapsed_seconds: f32) -> HookResult {
        let _ = (ctx, key, elapsed_seconds);
        Ok(())
    }
    /// A touch reached the component: on its node, on a descendant (bubbling up), or a
    /// touch that began there. `ctx.stop_propagation()` keeps it from going further up.
    fn on_touch(ctx: &mut Ctx<'_, W, Self>, touch: TouchEvent) -> HookResult {
        let _ = (ctx, touch);
        Ok(())
    }
    /// A key or button was pressed or released; components get it topmost first, and
    /// `ctx.stop_propagation()` keeps it from the others.
    fn on_key(ctx: &mut Ctx<'_, W, Self>, key: KeyEvent) -> HookResult {
        let _ = (ctx, key);
        Ok(())
    }
}

/// One hook call with its arguments, as the engine hands it to [`Dispatch::call`].
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

/// The app's component set: one enum, a variant per component type. Generated by
/// `component_set!`; the *kind* of a value is its variant's index.
pub trait ComponentSet: Sized + 'static {
    /// The variant index of this value.
    fn kind(&self) -> u8;
    /// The component type name of a kind.
    fn kind_name(kind: u8) -> &'static str;
    /// The execution order of a kind.
    fn kind_order(kind: u8) -> i16;
    /// The hooks of a kind.
    fn kind_hooks(kind: u8) -> HookMask;
}

/// Static dispatch of hooks in world type `W`. Generated by `component_set!`.
pub trait Dispatch<W>: ComponentSet {
    /// Calls `call` on the component `comp` (of kind `kind`, on `node`).
    fn call(kind: u8, call: HookCall, world: &mut W, node: NodeId, comp: CompId) -> HookResult;
}

/// Typed access to one member type `T` of a set. Generated by `component_set!`.
pub trait Has<T>: ComponentSet + From<T> {
    /// The value as a `T`, if it is one.
    fn get(&self) -> Option<&T>;
    /// The value as a mutable `T`, if it is one.
    fn get_mut(&mut self) -> Option<&mut T>;
}

/// Runs one hook of component type `T`: what every arm of a generated
/// [`Dispatch::call`] does.
#[inline]
pub fn dispatch_hook<W, T: Hooks<W>>(
    call: HookCall,
    world: &mut W,
    node: NodeId,
    comp: CompId,
) -> HookResult {
    let ctx = &mut Ctx {
        world,
        node,
        comp,
        component: PhantomData,
    };
    match call {
        HookCall::Preload => T::preload(ctx),
        HookCall::OnLoad => T::on_load(ctx),
        HookCall::OnEnable => T::on_enable(ctx),
        HookCall::Start => T::start(ctx),
        HookCall::Update(dt) => T::update(ctx, dt),
        HookCall::LateUpdate(dt) => T::late_update(ctx, dt),
        HookCall::OnDisable => T::on_disable(ctx),
        HookCall::OnDestroy => T::on_destroy(ctx),
        HookCall::OnTimer(key, elapsed) => T::on_timer(ctx, key, elapsed),
        HookCall::OnTouch(touch) => T::on_touch(ctx, touch),
        HookCall::OnKey(key) => T::on_key(ctx, key),
    }
}

/// What a hook receives: the world (through `Deref`), and its own node and component.
pub struct Ctx<'a, W, T> {
    world: &'a mut W,
    node: NodeId,
    comp: CompId,
    component: PhantomData<fn() -> T>,
}

impl<W, T> Ctx<'_, W, T> {
    /// The node the component is on.
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// The component whose hook is running.
    pub fn comp(&self) -> CompId {
        self.comp
    }
}

impl<W, T> Deref for Ctx<'_, W, T> {
    type Target = W;

    fn deref(&self) -> &W {
        self.world
    }
}

impl<W, T> DerefMut for Ctx<'_, W, T> {
    fn deref_mut(&mut self) -> &mut W {
        self.world
    }
}

/// A component set with no components, for worlds that hold only a node tree.
///
/// ```
/// let mut world: sprig::World<sprig::NoComponents, 8, 0> = sprig::World::new();
/// let root = world.root();
/// world.create_child(root, "a")?;
/// world.tick(1.0 / 60.0)?;
/// # Ok::<(), sprig::Error>(())
/// ```
#[derive(Debug)]
pub enum NoComponents {}

impl ComponentSet for NoComponents {
    fn kind(&self) -> u8 {
        match *self {}
    }

    fn kind_name(_kind: u8) -> &'static str {
        ""
    }

    fn kind_order(_kind: u8) -> i16 {
        0
    }

    fn kind_hooks(_kind: u8) -> HookMask {
        HookMask::NONE
    }
}

impl<W> Dispatch<W> for NoComponents {
    fn call(_: u8, _: HookCall, _: &mut W, _: NodeId, _: CompId) -> HookResult {
        Ok(())
    }
}
