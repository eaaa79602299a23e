//! Probe components for lifecycle scenarios: every hook writes `"label.hook"` to a
//! per-test log, then runs whatever action the test attached to that label and hook.
//!
//! Execution order is a per-type constant, so there is one probe type per order (and
//! per hook set that matters): [`P`] (order 0), [`Neg`] (-1), [`Neg2`] (-2), [`Pos`] (1),
//! [`Pos2`] (2), all with every hook but input (`on_event` logs the node it is at and the
//! phase); [`NoEnable`] (order 0, no `on_enable`, for decision
//! 6); [`Updater`] (order 0, only `update`). They form the set [`Probes`] of
//! [`TestWorld`]. Their `Component` impls are written out by hand (one macro for all
//! of them, each hook logging), the way `#[component]` generates them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use std::any::Any;

use sprig::{
    AnyWorld, CompId, Component, Ctx, Event, EventPhase, Hook, HookMask, HookResult, Hooks, NodeId,
};

/// The time step scenarios tick with, in seconds.
pub const DT: f32 = 0.016;

/// An empty log, to compare a log with.
pub const NOTHING: [&str; 0] = [];

/// Attaches `node` under the root.
pub fn attach(w: &mut TestWorld, node: NodeId) {
    let root = w.root();
    w.add_child(root, node)
        .expect("the node can be attached under the root");
}

/// What a test attaches to a probe's hook: gets the world, the probe's node and itself.
pub type Action = Rc<dyn Fn(&mut TestWorld, NodeId, CompId)>;

/// What a test attaches to a probe's `on_event`: gets the world, the probe's node,
/// itself and the event.
pub type EventAction = Rc<dyn Fn(&mut TestWorld, NodeId, CompId, &mut Event<'_>)>;

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    static ACTIONS: RefCell<HashMap<(String, Hook), Vec<Action>>> = RefCell::new(HashMap::new());
    static EVENT_ACTIONS: RefCell<HashMap<String, Vec<EventAction>>> = RefCell::new(HashMap::new());
}

/// Appends a line to this test's log (hooks do; tests may add markers).
pub fn log(line: impl Into<String>) {
    LOG.with(|l| l.borrow_mut().push(line.into()));
}

/// Takes this test's log, leaving it empty.
pub fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Forgets the log and every attached action (for tests that run many cases on one
/// thread, such as property tests).
pub fn reset() {
    LOG.with(|l| l.borrow_mut().clear());
    ACTIONS.with(|a| a.borrow_mut().clear());
    EVENT_ACTIONS.with(|a| a.borrow_mut().clear());
}

/// Runs `action` every time the probe labelled `label` gets an event (after logging it,
/// and after the actions attached with [`on`] to `Hook::OnEvent`).
pub fn on_event_do(
    label: &str,
    action: impl Fn(&mut TestWorld, NodeId, CompId, &mut Event<'_>) + 'static,
) {
    EVENT_ACTIONS.with(|a| {
        a.borrow_mut()
            .entry(label.to_owned())
            .or_default()
            .push(Rc::new(action));
    });
}

/// Runs `action` every time the probe labelled `label` enters `hook` (after logging it).
pub fn on(label: &str, hook: Hook, action: impl Fn(&mut TestWorld, NodeId, CompId) + 'static) {
    ACTIONS.with(|a| {
        a.borrow_mut()
            .entry((label.to_owned(), hook))
            .or_default()
            .push(Rc::new(action));
    });
}

/// Like [`on`], but only the first time.
pub fn once(label: &str, hook: Hook, action: impl Fn(&mut TestWorld, NodeId, CompId) + 'static) {
    let done = std::cell::Cell::new(false);
    on(label, hook, move |w, n, c| {
        if !done.replace(true) {
            action(w, n, c);
        }
    });
}

fn run(label: &str, hook: Hook, world: &mut TestWorld, node: NodeId, comp: CompId) {
    let actions: Vec<Action> = ACTIONS.with(|a| {
        a.borrow()
            .get(&(label.to_owned(), hook))
            .cloned()
            .unwrap_or_default()
    });
    for action in actions {
        action(world, node, comp);
    }
}

macro_rules! probe {
    ($(#[$doc:meta])* $name:ident, $order:expr, [$($hook:ident),*]) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name {
            /// The name hooks log under.
            pub label: String,
        }

        impl $name {
            /// A probe logging as `label`.
            pub fn new(label: &str) -> Self {
                $name { label: label.to_owned() }
            }
        }

        impl Component for $name {
            const NAME: &'static str = stringify!($name);
            const EXECUTION_ORDER: i16 = $order;
            const HOOKS: HookMask = HookMask::NONE $(.with(Hook::$hook))*;
        }

        impl Labelled for $name {
            fn label(&self) -> &str { &self.label }
        }

        impl sprig::render::Draw for $name {}

        impl Hooks for $name {
            fn preload(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult { hook(&self.label, ctx, Hook::Preload, "preload") }
            fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult { hook(&self.label, ctx, Hook::OnLoad, "on_load") }
            fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult { hook(&self.label, ctx, Hook::OnEnable, "on_enable") }
            fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult { hook(&self.label, ctx, Hook::Start, "start") }
            fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt: f32) -> HookResult { hook(&self.label, ctx, Hook::Update, "update") }
            fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt: f32) -> HookResult { hook(&self.label, ctx, Hook::LateUpdate, "late_update") }
            fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult { hook(&self.label, ctx, Hook::OnDisable, "on_disable") }
            fn on_destroy(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult { hook(&self.label, ctx, Hook::OnDestroy, "on_destroy") }
            fn on_timer(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: u16, _elapsed: f32) -> HookResult {
                log(format!("{}.on_timer({key})", self.label));
                act(&self.label, Hook::OnTimer, ctx);
                Ok(())
            }
            fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
                event_hook(&self.label, ctx, event)
            }
        }
    };
}

/// What a probe does in a hook, for components of other crates that relay their hooks
/// here (`sprig_reusable::Relay`): logs `"label.hook"` and runs the attached actions.
pub fn hook_ran(label: &str, hook: Hook, world: &mut TestWorld, node: NodeId, comp: CompId) {
    log(format!("{label}.{}", hook.name()));
    run(label, hook, world, node, comp);
}

fn hook(label: &str, ctx: &mut Ctx<impl AnyWorld>, which: Hook, name: &str) -> HookResult {
    log(format!("{label}.{name}"));
    act(label, which, ctx);
    Ok(())
}

/// Logs `"label.on_event(Node, phase)"` (the current target's name; `capture`,
/// `target` or `bubble`), then runs the actions attached to `label` for `on_event`.
fn event_hook(label: &str, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
    let at = ctx.name(event.current_target()).unwrap_or("?").to_owned();
    let phase = match event.phase() {
        EventPhase::Capturing => "capture",
        EventPhase::AtTarget => "target",
        EventPhase::Bubbling => "bubble",
    };
    log(format!("{label}.on_event({at}, {phase})"));
    act(label, Hook::OnEvent, ctx);
    let (node, comp) = (ctx.node(), ctx.comp_id());
    let world: &mut dyn Any = &mut **ctx;
    if let Some(world) = world.downcast_mut::<TestWorld>() {
        let actions: Vec<EventAction> =
            EVENT_ACTIONS.with(|a| a.borrow().get(label).cloned().unwrap_or_default());
        for action in actions {
            action(world, node, comp, event);
        }
    }
    Ok(())
}

/// Runs the actions attached to `label` and `hook` with the test's world. Probes live
/// only in [`TestWorld`]; their hooks are generic like every component's, so the world
/// is recovered by its type.
fn act(label: &str, hook: Hook, ctx: &mut Ctx<impl AnyWorld>) {
    let (node, comp) = (ctx.node(), ctx.comp_id());
    let world: &mut dyn Any = &mut **ctx;
    if let Some(world) = world.downcast_mut::<TestWorld>() {
        run(label, hook, world, node, comp);
    }
}

/// Probes know their label.
pub trait Labelled {
    /// The label.
    fn label(&self) -> &str;
}

const ALL: [Hook; 9] = [
    Hook::Preload,
    Hook::OnLoad,
    Hook::OnEnable,
    Hook::Start,
    Hook::Update,
    Hook::LateUpdate,
    Hook::OnDisable,
    Hook::OnDestroy,
    Hook::OnTimer,
];

probe!(/// Order 0, every hook.
    P, 0, [Preload, OnLoad, OnEnable, Start, Update, LateUpdate, OnDisable, OnDestroy, OnTimer, OnEvent]);
probe!(/// Order -1, every hook.
    Neg, -1, [Preload, OnLoad, OnEnable, Start, Update, LateUpdate, OnDisable, OnDestroy, OnTimer, OnEvent]);
probe!(/// Order -2, every hook.
    Neg2, -2, [Preload, OnLoad, OnEnable, Start, Update, LateUpdate, OnDisable, OnDestroy, OnTimer, OnEvent]);
probe!(/// Order 1, every hook.
    Pos, 1, [Preload, OnLoad, OnEnable, Start, Update, LateUpdate, OnDisable, OnDestroy, OnTimer, OnEvent]);
probe!(/// Order 2, every hook.
    Pos2, 2, [Preload, OnLoad, OnEnable, Start, Update, LateUpdate, OnDisable, OnDestroy, OnTimer, OnEvent]);
probe!(/// Order 0, every hook but `on_enable` (scheduled during collection, §2).
    NoEnable, 0, [Preload, OnLoad, Start, Update, LateUpdate, OnDisable, OnDestroy, OnTimer]);
probe!(/// Order 0, only `update`.
    Updater, 0, [Update]);

/// The label of a `TextArea` (of 64 bytes), in [`TestWorld`]'s set.
pub type Text64 = sprig::render::Label<64>;

/// The chart the invariant suite adds: the last 6 points.
pub type Chart6 = sprig_ui::Chart<6>;

/// The table the invariant suite adds: 3 rows of 2 columns.
pub type Table32 = sprig_ui::Table<3, 2>;

sprig::world! {
    /// The world every scenario runs in: 64 nodes, 64 probes of each type, 8 timers,
    /// 256 events, 512 trace entries, 32 listener registrations, and for the invariant
    /// suite the drawables its renderer draws, the `sprig-ui` widgets its operations
    /// add (with the parts they draw with: shapes, labels, a text area's `Label<64>`,
    /// clips, backdrops) and its widget-event watcher.
    pub type TestWorld = World {
        nodes: 64,
        components: Probes {
            P: 64,
            Neg: 64,
            Neg2: 64,
            Pos: 64,
            Pos2: 64,
            NoEnable: 64,
            Updater: 64,
            sprig_reusable::Relay: 64,
            sprig_ui::Tween: 16,
            sprig::render::Shape: 64,
            sprig::render::Label: 64,
            sprig::render::Clip: 12,
            sprig_ui::Button: 16,
            sprig_ui::Toggle: 8,
            sprig_ui::Slider: 8,
            sprig_ui::FocusGroup: 8,
            sprig_ui::Checkbox: 8,
            sprig_ui::Spinbox: 8,
            sprig_ui::Dropdown: 8,
            sprig_ui::Backdrop: 8,
            sprig_ui::Roller: 8,
            sprig_ui::ScreenStack: 4,
            sprig_ui::BlockInput: 8,
            sprig_ui::MessageBox: 4,
            sprig_ui::TextArea: 4,
            Text64: 4,
            sprig_ui::Keyboard: 2,
            sprig_ui::Led: 4,
            sprig_ui::Spinner: 4,
            sprig_ui::Arc: 4,
            sprig_ui::Scale: 4,
            Chart6: 4,
            sprig_ui::TabView: 2,
            sprig_ui::Tileview: 2,
            Table32: 2,
            crate::invariants::Watch: 1,
        },
        timers: 8,
        events: 256,
        trace: 512,
        listeners: 32,
    };
}

/// Every hook, for tests that iterate over them.
pub fn all_hooks() -> [Hook; 9] {
    ALL
}
