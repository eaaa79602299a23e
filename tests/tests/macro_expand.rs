//! What `#[component]` and `component_set!` generate for correct input: the constants,
//! the set's kinds and handle ranges, its per-type slots, and dispatch, without a `World`.
#![deny(warnings)]

use std::cell::RefCell;

use sprig::{
    component, component_set, AnyWorld, Component, ComponentSet, Ctx, Dispatch, Hook, HookMask,
    HookResult, Hooks,
};

thread_local! {
    /// The hooks that ran, oldest first.
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn log(entry: String) {
    LOG.with(|log| log.borrow_mut().push(entry));
}

fn take_log() -> Vec<String> {
    LOG.with(|log| log.take())
}

/// Every hook of `Hook`, to compare whole masks hook by hook.
const ALL_HOOKS: [Hook; 9] = [
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

/// The hooks in `mask`, in lifecycle order.
fn hooks_in(mask: HookMask) -> Vec<Hook> {
    ALL_HOOKS
        .into_iter()
        .filter(|hook| mask.contains(*hook))
        .collect()
}

#[derive(Debug, PartialEq)]
pub struct Spinner {
    pub turns: u32,
}

#[component(execution_order = -1)]
impl Hooks for Spinner {
    fn on_load(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log("Spinner.on_load".into());
        Ok(())
    }

    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        log(format!("Spinner.update({dt_seconds})"));
        Ok(())
    }
}

#[derive(Debug, PartialEq)]
pub struct Label;

#[component]
impl sprig::Hooks for Label {
    fn start(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log("Label.start".into());
        Ok(())
    }

    fn on_timer(
        &mut self,
        _ctx: &mut Ctx<impl AnyWorld>,
        key: u16,
        elapsed_seconds: f32,
    ) -> HookResult {
        log(format!("Label.on_timer({key}, {elapsed_seconds})"));
        Ok(())
    }
}

/// No hooks, in every world.
#[derive(Debug, PartialEq)]
pub struct Plain;

#[component(execution_order = 32767)]
impl Hooks for Plain {}

pub mod widgets {
    use sprig::{AnyWorld, Ctx, HookResult};

    use super::log;

    /// Defines every hook.
    #[derive(Debug, PartialEq)]
    pub struct ProgressBar(pub u8);

    #[sprig::component(execution_order = -32768)]
    impl ::sprig::Hooks for ProgressBar {
        fn late_update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
            log(format!("ProgressBar.late_update({dt_seconds})"));
            Ok(())
        }
        fn on_destroy(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            log("ProgressBar.on_destroy".into());
            Ok(())
        }
        fn preload(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            log("ProgressBar.preload".into());
            Ok(())
        }
        fn on_load(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            log("ProgressBar.on_load".into());
            Ok(())
        }
        fn on_enable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            log("ProgressBar.on_enable".into());
            Ok(())
        }
        fn start(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            log("ProgressBar.start".into());
            Ok(())
        }
        fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
            log(format!("ProgressBar.update({dt_seconds})"));
            Ok(())
        }
        fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
            log("ProgressBar.on_disable".into());
            Ok(())
        }
        fn on_timer(
            &mut self,
            _ctx: &mut Ctx<impl AnyWorld>,
            key: u16,
            elapsed_seconds: f32,
        ) -> HookResult {
            log(format!("ProgressBar.on_timer({key}, {elapsed_seconds})"));
            Ok(())
        }
    }
}

/// A colour, standing in for `embedded_graphics::pixelcolor::PixelColor`.
pub trait Color: Copy {}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Red;

impl Color for Red {}

/// A generic component: its `Component` impl keeps `C` and its bounds.
#[derive(Debug, PartialEq)]
pub struct Shape<C>(pub C);

#[component(execution_order = 5)]
impl<C: Color + 'static> Hooks for Shape<C>
where
    C: PartialEq,
{
    fn on_enable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log("Shape.on_enable".into());
        Ok(())
    }
}

component_set! {
    /// The test app's component set.
    pub struct App {
        Spinner: 2,
        /// The label.
        Label: 3,
        Plain: 1,
        widgets::ProgressBar: 4,
        Shape<Red>: 2,
    }
}

component_set! {
    /// A set of one.
    struct Solo { Plain: 1 }
}

/// A component whose name is the one `Dispatch`'s world parameter takes.
pub struct W;

#[component]
impl Hooks for W {}

component_set! {
    struct Named { W: 1, Spinner: 1 }
}

#[test]
fn component_constants_record_name_order_and_hooks() {
    assert_eq!(Spinner::NAME, "Spinner");
    assert_eq!(Spinner::EXECUTION_ORDER, -1);
    assert_eq!(hooks_in(Spinner::HOOKS), [Hook::OnLoad, Hook::Update]);

    assert_eq!(Label::NAME, "Label");
    assert_eq!(Label::EXECUTION_ORDER, 0);
    assert_eq!(hooks_in(Label::HOOKS), [Hook::Start, Hook::OnTimer]);

    assert_eq!(Plain::NAME, "Plain");
    assert_eq!(Plain::EXECUTION_ORDER, i16::MAX);
    assert_eq!(Plain::HOOKS, HookMask::NONE);

    assert_eq!(widgets::ProgressBar::NAME, "ProgressBar");
    assert_eq!(widgets::ProgressBar::EXECUTION_ORDER, i16::MIN);
    assert_eq!(hooks_in(widgets::ProgressBar::HOOKS), ALL_HOOKS);

    assert_eq!(W::NAME, "W");
    assert_eq!(W::HOOKS, HookMask::NONE);
}

#[test]
fn a_generic_component_keeps_only_the_params_of_its_type() {
    fn is_component<T: Component>() {}
    is_component::<Shape<Red>>();
    assert_eq!(<Shape<Red>>::NAME, "Shape");
    assert_eq!(<Shape<Red>>::EXECUTION_ORDER, 5);
    assert_eq!(<Shape<Red>>::HOOKS, HookMask::NONE.with(Hook::OnEnable));
}

#[test]
fn kinds_follow_the_order_of_the_entries() {
    let names: Vec<&str> = (0..5).map(App::kind_name).collect();
    assert_eq!(names, ["Spinner", "Label", "Plain", "ProgressBar", "Shape"]);
    let orders: Vec<i16> = (0..5).map(App::kind_order).collect();
    assert_eq!(orders, [-1, 0, 32767, -32768, 5]);
    assert_eq!(App::kind_hooks(0), Spinner::HOOKS);
    assert_eq!(App::kind_hooks(1), Label::HOOKS);
    assert_eq!(App::kind_hooks(2), HookMask::NONE);
    assert_eq!(App::kind_hooks(3), widgets::ProgressBar::HOOKS);
    assert_eq!(App::kind_hooks(4), <Shape<Red>>::HOOKS);
}

#[test]
fn each_type_owns_a_range_of_handles_as_long_as_its_capacity() {
    let ranges: Vec<(u16, u16)> = App::KINDS.iter().map(|k| (k.first, k.capacity)).collect();
    assert_eq!(ranges, [(0, 2), (2, 3), (5, 1), (6, 4), (10, 2)]);
    assert_eq!(App::CAPACITY, 12);
    let kinds: Vec<u8> = (0..12).map(App::kind_at).collect();
    assert_eq!(kinds, [0, 0, 1, 1, 1, 2, 3, 3, 3, 3, 4, 4]);
}

#[test]
fn each_type_s_slots_are_sized_to_that_type() {
    use std::mem::size_of;
    // The set is its arrays and one free-list head per type: no slot is as large as the
    // largest type.
    let arrays = 2 * size_of::<Option<Spinner>>()
        + 3 * size_of::<Option<Label>>()
        + size_of::<Option<Plain>>()
        + 4 * size_of::<Option<widgets::ProgressBar>>()
        + 2 * size_of::<Option<Shape<Red>>>();
    assert!(size_of::<App>() >= arrays + 5 * size_of::<u16>());
    assert!(
        size_of::<App>() <= arrays + 5 * size_of::<u16>() + 8,
        "only padding beside"
    );
}

#[test]
fn kinds_past_the_last_entry_have_neutral_values() {
    assert_eq!(App::kind_name(5), "");
    assert_eq!(App::kind_order(5), 0);
    assert_eq!(App::kind_hooks(255), HookMask::NONE);
}

#[test]
fn a_slot_holds_only_its_own_type() {
    let mut app = App::empty();
    let spinner = app
        .slot_mut(1)
        .and_then(|slot| slot.downcast_mut::<Option<Spinner>>())
        .expect("handle 1 is a Spinner slot");
    *spinner = Some(Spinner { turns: 3 });
    assert!(app
        .slot(1)
        .and_then(|slot| slot.downcast_ref::<Option<Label>>())
        .is_none());
    assert_eq!(
        app.slot(1)
            .and_then(|slot| slot.downcast_ref::<Option<Spinner>>()),
        Some(&Some(Spinner { turns: 3 }))
    );
    assert!(app
        .slot(6)
        .and_then(|slot| slot.downcast_ref::<Option<widgets::ProgressBar>>())
        .is_some_and(Option::is_none));
    assert!(app.slot(12).is_none(), "past the last handle");
    app.clear(1);
    assert_eq!(
        app.slot(1)
            .and_then(|slot| slot.downcast_ref::<Option<Spinner>>()),
        Some(&None)
    );
}

#[test]
fn a_set_dispatches_in_every_world_and_knows_its_types() {
    fn dispatches<S: Dispatch>() {}
    dispatches::<App>();
    dispatches::<Solo>();
    dispatches::<Named>();
    assert_eq!(Named::kind_of::<W>(), Some(0));
    assert_eq!(Named::kind_name(1), "Spinner");

    assert_eq!(App::kind_of::<Label>(), Some(1));
    assert_eq!(App::kind_of::<Shape<Red>>(), Some(4));
    assert_eq!(App::kind_of::<Red>(), None);
    assert_eq!(Solo::kind_of::<Label>(), None);
    assert!(take_log().is_empty());
}
