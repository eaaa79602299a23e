//! `add_component` (Cocos `addComponent`, §3 without invoker, `components.rs`) on
//! active, inactive and destroyed nodes, from outside a frame and from inside hooks.

use sprig::Hook;
use sprig_tests::probes::{attach, log, once, take_log, Neg, TestWorld, Updater, DT, NOTHING, P};

/// `add_component` on an active node runs `preload`, `on_load`, `on_enable` at once;
/// `start` waits for the next frame's start phase, sorted by execution order.
#[test]
fn add_on_an_active_node_loads_and_enables_now_and_starts_next_frame() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    assert_eq!(take_log(), ["a.preload", "a.on_load", "a.on_enable"]);
    w.add_component(a, Neg::new("n")).unwrap();
    assert_eq!(take_log(), ["n.preload", "n.on_load", "n.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "n.start",
            "a.start",
            "n.update",
            "a.update",
            "n.late_update",
            "a.late_update",
        ]
    );
}

/// §3: on a detached or inactive node nothing runs until it becomes active in
/// the hierarchy.
#[test]
fn add_on_an_inactive_node_waits_for_activation() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.set_active(a, false).unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);

    w.set_active(a, true).unwrap();
    assert_eq!(take_log(), ["a.preload", "a.on_load", "a.on_enable"]);
    attach(&mut w, x);
    assert_eq!(take_log(), ["x.preload", "x.on_load", "x.on_enable"]);
}

/// A component type with only `update` logs nothing but its updates.
#[test]
fn an_update_only_component_only_updates() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, Updater::new("u")).unwrap();
    w.add_component(a, P::new("p")).unwrap();
    assert_eq!(take_log(), ["p.preload", "p.on_load", "p.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["p.start", "u.update", "p.update", "p.late_update"]
    );
}

/// §5: a component added during the start phase loads and enables at once and is
/// started in the second start round, so it updates in the same frame.
#[test]
fn add_from_start_starts_in_the_second_start_round() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    take_log();
    once("d", Hook::Start, move |w, node, _| {
        w.add_component(node, P::new("n")).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "n.preload",
            "n.on_load",
            "n.on_enable",
            "n.start",
            "d.update",
            "n.update",
            "d.late_update",
            "n.late_update",
        ]
    );
}

/// §5: a component added during update loads and enables at once, starts after
/// late_update, and first updates next frame.
#[test]
fn add_from_update_starts_after_late_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::Update, move |w, node, _| {
        w.add_component(node, P::new("n")).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "n.preload",
            "n.on_load",
            "n.on_enable",
            "d.late_update",
            "n.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "n.update", "d.late_update", "n.late_update"]
    );
}

/// §3 without invoker: a component added to a node of an activation in progress
/// (from an `on_load`) runs its hooks at once, inside that `on_load`.
#[test]
fn add_from_on_load_of_an_activation_runs_at_once() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.add_component(a, P::new("b")).unwrap();
    once("a", Hook::OnLoad, move |w, node, _| {
        w.add_component(node, P::new("x")).unwrap();
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "a.on_load",
            "x.preload",
            "x.on_load",
            "x.on_enable",
            "b.on_load",
            "a.on_enable",
            "b.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "x.start",
            "a.start",
            "b.start",
            "x.update",
            "a.update",
            "b.update",
            "x.late_update",
            "a.late_update",
            "b.late_update",
        ]
    );
}

/// §3: a component added to a node from its own deactivation's `on_disable` gets
/// nothing now (the node is already inactive in the hierarchy) and is not visited by the
/// deactivation; it is loaded and enabled with the node's next activation.
#[test]
fn add_from_on_disable_of_a_deactivating_node_waits() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, node, _| {
        w.add_component(node, P::new("x")).unwrap();
        log("added x");
    });
    w.set_active(a, false).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "added x"]);
    w.set_active(a, true).unwrap();
    assert_eq!(
        take_log(),
        ["x.preload", "x.on_load", "a.on_enable", "x.on_enable"]
    );
}

/// §4 last bullet / §12: a component added to a node after its `destroy()`
/// in the same frame gets no callbacks at all and is destroyed with it (no `on_destroy`,
/// it never loaded).
#[test]
fn add_after_destroy_gets_no_callbacks() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    take_log();
    w.destroy(a).unwrap();
    let late = w.add_component(a, P::new("late")).unwrap();
    assert_eq!(take_log(), ["a.on_disable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.on_destroy"]);
    assert!(!w.is_component_valid(late));
}

/// `components.rs`: adding a component to a node whose destruction is running (from an
/// `on_destroy`) is refused with `HierarchyLocked`; adding one to another active node
/// runs its hooks at once and it starts next frame (§5: enabled during deferred
/// destroy).
#[test]
fn add_from_on_destroy() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::OnDestroy, move |w, node, _| {
        let refused = w.add_component(node, P::new("no"));
        log(format!("add to A: {:?}", refused.map(|_| ())));
        w.add_component(b, P::new("x")).unwrap();
    });
    w.destroy(a).unwrap();
    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "a.on_disable",
            "a.on_destroy",
            "add to A: Err(HierarchyLocked)",
            "x.preload",
            "x.on_load",
            "x.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["x.start", "x.update", "x.late_update"]);
    assert_eq!(w.components(b).unwrap().count(), 1);
}
