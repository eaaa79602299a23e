//! Sprig's guards where the engine would break a lifecycle invariant (module docs of
//! `core/src/lifecycle.rs`).

use sprig::Hook;
use sprig_tests::probes::{log, on, once, take_log, TestWorld, P};

/// Enabling a component from an earlier `on_load` of the same activation: its `on_enable`
/// waits for the activation's `on_enable` pass, after its own `on_load`.
#[test]
fn enabled_before_its_on_load_waits_for_the_on_enable_pass() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("first")).unwrap();
    let second = w.add_component(a, P::new("second")).unwrap();
    w.set_enabled(second, false).unwrap();
    on("first", Hook::OnLoad, move |w, _, _| {
        log("enable second");
        w.set_enabled(second, true).unwrap();
    });
    let root = w.root();
    w.add_child(root, a).unwrap();
    assert_eq!(
        take_log(),
        [
            "first.preload",
            "second.preload",
            "first.on_load",
            "enable second",
            "second.on_load",
            "first.on_enable",
            "second.on_enable",
        ]
    );
}

/// A component that disables itself in its own `on_enable` gets its `on_disable` right
/// after, and no `start` or `update`.
#[test]
fn disabled_inside_its_own_on_enable_gets_on_disable_after_it() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    once("p", Hook::OnEnable, |w, _, me| {
        log("disable self");
        w.set_enabled(me, false).unwrap();
        log("disabled self");
    });
    w.add_component(a, P::new("p")).unwrap();
    w.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        [
            "p.preload",
            "p.on_load",
            "p.on_enable",
            "disable self",
            "disabled self",
            "p.on_disable",
        ]
    );
}

/// Enabling a component again from inside its own `on_enable` is absorbed: one
/// `on_enable`, then it runs normally.
#[test]
fn re_enabled_inside_its_own_on_enable_is_absorbed() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    once("p", Hook::OnEnable, |w, _, me| {
        w.set_enabled(me, false).unwrap();
        w.set_enabled(me, true).unwrap();
    });
    w.add_component(a, P::new("p")).unwrap();
    w.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        [
            "p.preload",
            "p.on_load",
            "p.on_enable",
            "p.start",
            "p.update",
            "p.late_update",
        ]
    );
}

/// Enabling a component again from its own `on_disable` takes effect at once.
#[test]
fn re_enabled_inside_its_own_on_disable_comes_back() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let p = w.add_component(a, P::new("p")).unwrap();
    w.tick(0.1).unwrap();
    take_log();
    once("p", Hook::OnDisable, |w, _, me| {
        w.set_enabled(me, true).unwrap();
    });
    w.set_enabled(p, false).unwrap();
    w.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        ["p.on_disable", "p.on_enable", "p.update", "p.late_update"]
    );
    assert!(w.enabled(p).unwrap());
}
