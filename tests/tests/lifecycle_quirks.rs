//! Corner cases where the engine's quirks (§12 of `docs/lifecycle.md`) meet Sprig's
//! decisions and the module docs' extra rules: re-entrant activation changes, `destroy`
//! from other components' hooks, and §3's rule for types without `on_enable` types.

use sprig::{Error, Hook};
use sprig_tests::probes::{attach, log, once, take_log, Neg, NoEnable, TestWorld, DT, NOTHING, P};

/// §3: deactivating and reactivating its own node inside `on_load`
/// cancels the outer activation's pending entries and runs a nested activation; every
/// hook still runs exactly once (`preload` is not repeated). The nested activation runs
/// `b`'s `on_enable` before `a`'s `on_load` returns; `a`'s own `on_enable` waits until
/// its `on_load` returns (a component's hooks never nest), where the engine runs it
/// inside.
#[test]
fn toggling_own_node_inside_on_load_runs_each_hook_once() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    once("a", Hook::OnLoad, move |w, node, _| {
        w.set_active(node, false).unwrap();
        w.set_active(node, true).unwrap();
        log("toggled");
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "a.on_load",
            "b.on_load",
            "b.on_enable",
            "toggled",
            "a.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.start",
            "b.start",
            "a.update",
            "b.update",
            "a.late_update",
            "b.late_update",
        ]
    );
}

/// Decision (`docs/lifecycle.md`): a component whose own `on_enable` deactivated its
/// node gets `on_disable` right after `on_enable` returns. Cocos calls none and leaves the
/// pair unbalanced; Sprig keeps `on_enable`/`on_disable` paired, which is what a
/// component that acquires something in `on_enable` and releases it in `on_disable`
/// relies on. The sibling's pending `on_enable` is cancelled and runs on
/// reactivation.
#[test]
fn decision_on_enable_deactivating_its_own_node_still_gets_on_disable() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    once("a1", Hook::OnEnable, move |w, node, _| {
        w.set_active(node, false).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a1.preload",
            "a2.preload",
            "a1.on_load",
            "a2.on_load",
            "a1.on_enable",
            "a1.on_disable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.set_active(a, true).unwrap();
    assert_eq!(take_log(), ["a1.on_enable", "a2.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a1.start",
            "a2.start",
            "a1.update",
            "a2.update",
            "a1.late_update",
            "a2.late_update",
        ]
    );
}

/// `lifecycle.rs` (unlike the engine, which would call `on_enable` at once, before the
/// component's own `preload` and `on_load`): a disabled component enabled from an earlier
/// component's `preload` in the activation that will load it gets its `on_enable` in
/// that activation's `on_enable` pass, after its `on_load`, in sorted order.
#[test]
fn enabling_from_an_earlier_preload_waits_for_the_on_enable_pass() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, Neg::new("t")).unwrap();
    w.set_enabled(t, false).unwrap();
    once("d", Hook::Preload, move |w, _, _| {
        w.set_enabled(t, true).unwrap();
        log("enabled t");
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "d.preload",
            "enabled t",
            "t.preload",
            "t.on_load",
            "d.on_load",
            "t.on_enable",
            "d.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "t.start",
            "d.start",
            "t.update",
            "d.update",
            "t.late_update",
            "d.late_update",
        ]
    );
}

/// Difference D4 (its list: no `on_enable`, `start`, `update`, `late_update`): a component
/// destroyed by another component's `on_load` while its own `on_load` is still pending
/// in the same activation still gets that `on_load`, but no `on_enable`; it gets
/// `on_destroy` (its `on_load` ran) and no `on_disable`.
#[test]
fn destroyed_by_another_on_load_still_loads_but_never_enables() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.add_component(a, P::new("b")).unwrap();
    once("a", Hook::OnLoad, move |w, _, _| {
        w.destroy_component(b).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "a.on_load",
            "b.on_load",
            "a.on_enable"
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["a.start", "a.update", "a.late_update", "b.on_destroy"]
    );
}

/// §4 `_onDisabled` + difference D4: a component enabled during update (waiting in the
/// deferred list) and destroyed in the same update leaves the deferred list: it gets
/// `on_disable` at once, never starts, and `on_destroy` at the end of the frame.
#[test]
fn enabled_and_destroyed_in_the_same_update_never_starts() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    w.set_enabled(t, false).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::Update, move |w, _, _| {
        w.set_enabled(t, true).unwrap();
        w.destroy_component(t).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.on_enable",
            "t.on_disable",
            "d.late_update",
            "t.on_destroy",
        ]
    );
}

/// §3's rule for types without `on_enable`: a type without `on_enable` counts as enabled from its collection on, so
/// it gets `on_disable` when disabled or deactivated, and nothing visible when enabled
/// again (it is rescheduled and updates).
#[test]
fn a_type_without_on_enable_still_gets_on_disable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let ne = w.add_component(a, NoEnable::new("ne")).unwrap();
    assert_eq!(take_log(), ["ne.preload", "ne.on_load"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["ne.start", "ne.update", "ne.late_update"]);
    w.set_enabled(ne, false).unwrap();
    assert_eq!(take_log(), ["ne.on_disable"]);
    w.set_enabled(ne, true).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.set_active(a, false).unwrap();
    assert_eq!(take_log(), ["ne.on_disable"]);
    w.set_active(a, true).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["ne.update", "ne.late_update"]);
}

/// §3's rule for types without `on_enable` + difference D4: a type without `on_enable` destroyed in its own `on_load`
/// was already onEnabled during collection, so it gets `on_disable` at once, then
/// `on_destroy` at the end of the frame, and never starts.
#[test]
fn a_type_without_on_enable_destroyed_in_own_on_load() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, NoEnable::new("ne")).unwrap();
    w.add_component(a, P::new("p")).unwrap();
    once("ne", Hook::OnLoad, move |w, _, me| {
        w.destroy_component(me).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "ne.preload",
            "p.preload",
            "ne.on_load",
            "ne.on_disable",
            "p.on_load",
            "p.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["p.start", "p.update", "p.late_update", "ne.on_destroy"]
    );
}

/// §3 / difference D5: deactivating a child from the parent's `on_disable` during
/// the parent's deactivation runs the child's `on_disable` once (the walk skips it
/// afterwards); it stays inactive when the parent is reactivated.
#[test]
fn deactivating_a_child_from_the_parents_on_disable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, _, _| {
        w.set_active(b, false).unwrap()
    });
    w.set_active(a, false).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "b.on_disable"]);
    w.set_active(a, true).unwrap();
    assert_eq!(take_log(), ["a.on_enable"]);
    w.set_active(b, true).unwrap();
    assert_eq!(take_log(), ["b.on_enable"]);
}

/// Difference D5: destroying a child from the parent's `on_disable` is not a hierarchy
/// change (the child stays until the end of the frame): the child is disabled once,
/// the walk goes on to the next sibling, and the child is destroyed at the end.
#[test]
fn destroying_a_child_from_the_parents_on_disable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, _, _| w.destroy(b).unwrap());
    w.set_active(a, false).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "b.on_disable", "c.on_disable"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["b.on_destroy"]);
    assert_eq!(w.children(a).unwrap().collect::<Vec<_>>(), [c]);
}

/// `lifecycle.rs` invariant (`on_enable`/`on_disable` alternate; the engine's batch
/// `invokeOnEnable` would call it a second time): a component disabled and re-enabled by
/// another `on_load` after its own `on_load` ran gets `on_enable` at once (§4) and is
/// skipped by the activation's `on_enable` pass.
#[test]
fn on_enable_never_runs_twice_in_one_activation() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    w.add_component(a, P::new("d")).unwrap();
    once("d", Hook::OnLoad, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(t, true).unwrap();
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "t.preload",
            "d.preload",
            "t.on_load",
            "d.on_load",
            "t.on_enable",
            "d.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "t.start",
            "d.start",
            "t.update",
            "d.update",
            "t.late_update",
            "d.late_update",
        ]
    );
}

/// Fails in `on_enable`.
pub struct Failing;

#[sprig::component]
impl sprig::Hooks for Failing {
    fn on_enable(&mut self, _ctx: &mut sprig::Ctx<impl sprig::AnyWorld>) -> sprig::HookResult {
        log("failing.on_enable");
        Err(Error::InvalidValue)
    }
}

sprig::world! {
    type FailingWorld = World {
        nodes: 8,
        components: FailingSet { P: 4, Failing: 1 },
    };
}

/// Decision (`docs/lifecycle.md`): an `Err` from one component's `on_enable` during a
/// batched activation does not abort it. In Cocos the exception stops the rest of the
/// activation and reaches the caller; Sprig counts the error (`hook_errors`,
/// `last_hook_error`), runs the other components' `on_enable`, and the activation
/// returns `Ok`, so one faulty component cannot leave half a scene inactive on a device
/// with nobody to catch the exception.
#[test]
fn decision_err_in_batched_on_enable_does_not_abort_activation() {
    let mut w = FailingWorld::new();
    let root = w.root();
    let holder = w.create_child(root, "Holder").unwrap();
    w.set_active(holder, false).unwrap();
    let a = w.create_child(holder, "A").unwrap();
    w.add_component(a, P::new("p1")).unwrap();
    let failing = w.add_component(a, Failing).unwrap();
    let b = w.create_child(holder, "B").unwrap();
    w.add_component(b, P::new("p2")).unwrap();
    take_log();
    assert_eq!(w.set_active(holder, true), Ok(()));
    assert_eq!(
        take_log(),
        [
            "p1.preload",
            "p2.preload",
            "p1.on_load",
            "p2.on_load",
            "p1.on_enable",
            "failing.on_enable",
            "p2.on_enable",
        ]
    );
    assert_eq!(w.hook_errors(), 1);
    assert_eq!(
        w.last_hook_error(),
        Some((failing, Hook::OnEnable, Error::InvalidValue))
    );
    assert!(w.active_in_hierarchy(b).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "p1.start",
            "p2.start",
            "p1.update",
            "p2.update",
            "p1.late_update",
            "p2.late_update",
        ]
    );
}
