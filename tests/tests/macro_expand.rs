//! What `#[component]` and `component_set!` generate for correct input: the constants,
//! the set's kinds, typed access, and dispatch, without a `World`.
#![deny(warnings)]

use std::cell::RefCell;

use sprig::{
    component, component_set, AnyWorld, Component, ComponentSet, Ctx, Dispatch, Has, Hook,
    HookMask, HookResult, Hooks,
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
    #[derive(Debug, PartialEq)]
    pub enum App {
        Spinner,
        /// The label.
        Label,
        Plain,
        Bar(widgets::ProgressBar),
        Shape<Red>,
    }
}

component_set! {
    /// A set of one: its `Has` matches have an unreachable `_` arm, allowed.
    enum Solo { Plain }
}

/// A component whose name is the one `Dispatch`'s world parameter would take.
pub struct W;

#[component]
impl Hooks for W {}

component_set! {
    enum Named { W, Spinner }
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
    let values = [
        App::from(Spinner { turns: 3 }),
        App::from(Label),
        App::from(Plain),
        App::from(widgets::ProgressBar(40)),
        App::from(Shape(Red)),
    ];
    let kinds: Vec<u8> = values.iter().map(ComponentSet::kind).collect();
    assert_eq!(kinds, [0, 1, 2, 3, 4]);

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
fn kinds_past_the_last_entry_have_neutral_values() {
    assert_eq!(App::kind_name(5), "");
    assert_eq!(App::kind_order(5), 0);
    assert_eq!(App::kind_hooks(255), HookMask::NONE);
}

#[test]
fn variants_are_named_after_the_type_or_as_written() {
    let bar = App::Bar(widgets::ProgressBar(7));
    assert_eq!(bar, App::from(widgets::ProgressBar(7)));
    assert!(matches!(App::from(Shape(Red)), App::Shape(Shape(Red))));
    assert!(matches!(App::from(Spinner { turns: 1 }), App::Spinner(_)));
}

#[test]
fn has_gives_the_value_only_as_its_own_type() {
    let mut spinner = App::from(Spinner { turns: 3 });
    assert_eq!(Has::<Spinner>::get(&spinner), Some(&Spinner { turns: 3 }));
    assert_eq!(Has::<Label>::get(&spinner), None);
    assert_eq!(Has::<widgets::ProgressBar>::get(&spinner), None);

    if let Some(s) = Has::<Spinner>::get_mut(&mut spinner) {
        s.turns += 1;
    }
    assert_eq!(spinner, App::Spinner(Spinner { turns: 4 }));
    assert_eq!(Has::<Shape<Red>>::get_mut(&mut spinner), None);

    let solo = Solo::from(Plain);
    assert_eq!(solo.kind(), 0);
    assert!(Has::<Plain>::get(&solo).is_some());
}

#[test]
fn a_set_dispatches_in_every_world_and_knows_its_types() {
    fn dispatches<S: Dispatch>() {}
    dispatches::<App>();
    dispatches::<Solo>();
    dispatches::<Named>();
    assert_eq!(Named::from(W).kind(), 0);
    assert_eq!(Named::kind_name(1), "Spinner");

    assert_eq!(App::kind_of::<Label>(), Some(1));
    assert_eq!(App::kind_of::<Shape<Red>>(), Some(4));
    assert_eq!(App::kind_of::<Red>(), None);
    assert_eq!(Solo::kind_of::<Label>(), None);

    let mut spinner = Some(Spinner { turns: 2 });
    assert_eq!(
        App::take_component(&mut spinner),
        Some(App::Spinner(Spinner { turns: 2 }))
    );
    assert!(spinner.is_none());
    let mut label = Some(Label);
    assert!(Solo::take_component(&mut label).is_none());
    assert!(
        label.is_some(),
        "a type outside the set stays with the caller"
    );

    let mut bar = App::from(widgets::ProgressBar(9));
    assert_eq!(
        bar.as_any().downcast_ref::<widgets::ProgressBar>(),
        Some(&widgets::ProgressBar(9))
    );
    assert!(bar.as_any_mut().downcast_mut::<Label>().is_none());
    assert!(take_log().is_empty());
}
