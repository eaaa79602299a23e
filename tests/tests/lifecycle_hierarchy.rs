//! Hierarchy changes and the lifecycle (§3 and §3 of
//! `docs/lifecycle.md`, difference D5, `hierarchy.rs`, `activator.rs`): callbacks only when
//! the activity in the hierarchy changes, and `HierarchyLocked` under a node whose
//! deactivation or destruction is running.

use sprig::{Error, Hook};
use sprig_tests::probes::{log, once, take_log, TestWorld, DT, NOTHING, P};

fn res<T>(r: Result<T, Error>) -> String {
    format!("{:?}", r.map(|_| ()))
}

/// §3: moving a node between two active parents produces no lifecycle callback, and
/// its components keep updating; setting the same parent again is a no-op.
#[test]
fn reparenting_between_active_parents_runs_no_hooks() {
    let mut w = TestWorld::new();
    let root = w.root();
    let p1 = w.create_child(root, "P1").unwrap();
    let p2 = w.create_child(root, "P2").unwrap();
    let a = w.create_child(p1, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.set_parent(a, Some(p2)).unwrap();
    w.set_parent(a, Some(p2)).unwrap();
    w.insert_child(p1, a, 0).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["a.update", "b.update", "a.late_update", "b.late_update"]
    );
}

/// §3 step 4: moving from an active to an inactive parent deactivates the
/// subtree (pre-order `on_disable`); moving back activates it (only `on_enable`: it
/// already loaded; no second `start`).
#[test]
fn reparenting_between_active_and_inactive_parents() {
    let mut w = TestWorld::new();
    let root = w.root();
    let off = w.create_child(root, "Off").unwrap();
    w.set_active(off, false).unwrap();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.set_parent(a, Some(off)).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "b.on_disable"]);
    assert!(!w.active_in_hierarchy(b).unwrap() && w.active(a).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);

    w.insert_child(root, a, 0).unwrap();
    assert_eq!(take_log(), ["a.on_enable", "b.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["a.update", "b.update", "a.late_update", "b.late_update"]
    );
}

/// §3: detaching deactivates; re-attaching under an active parent re-enables;
/// a subtree first attached under an inactive parent is loaded when that parent is
/// activated.
#[test]
fn detaching_and_attaching() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    take_log();
    w.remove_from_parent(a).unwrap();
    assert_eq!(take_log(), ["a.on_disable"]);
    w.add_child(root, a).unwrap();
    assert_eq!(take_log(), ["a.on_enable"]);

    let off = w.create_child(root, "Off").unwrap();
    w.set_active(off, false).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    w.add_child(off, x).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.set_active(off, true).unwrap();
    assert_eq!(take_log(), ["x.preload", "x.on_load", "x.on_enable"]);
}

/// Difference D5 / §3: from an `on_disable` of a node's deactivation, changing the
/// hierarchy under that node (moving, detaching, adding or reordering its children) is
/// refused with `HierarchyLocked`, and the subtree is still fully deactivated.
#[test]
fn hierarchy_is_locked_under_a_node_being_deactivated() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let e = w.create_child(b, "E").unwrap();
    w.add_component(e, P::new("e")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    let x = w.create_node("X").unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, node, _| {
        let root = w.root();
        log(format!("move C: {}", res(w.set_parent(c, Some(root)))));
        log(format!("detach C: {}", res(w.remove_from_parent(c))));
        log(format!("create child: {}", res(w.create_child(node, "N"))));
        log(format!("adopt X: {}", res(w.add_child(node, x))));
        log(format!("reorder C: {}", res(w.set_sibling_index(c, 0))));
    });
    once("b", Hook::OnDisable, move |w, node, _| {
        let root = w.root();
        log(format!("move E: {}", res(w.set_parent(e, Some(root)))));
        log(format!("move B: {}", res(w.set_parent(node, Some(root)))));
    });

    w.set_active(a, false).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.on_disable",
            "move C: Err(HierarchyLocked)",
            "detach C: Err(HierarchyLocked)",
            "create child: Err(HierarchyLocked)",
            "adopt X: Err(HierarchyLocked)",
            "reorder C: Err(HierarchyLocked)",
            "b.on_disable",
            "move E: Err(HierarchyLocked)",
            "move B: Err(HierarchyLocked)",
            "e.on_disable",
            "c.on_disable",
        ]
    );
    assert_eq!(w.children(a).unwrap().collect::<Vec<_>>(), [b, c]);
    assert_eq!(w.children(b).unwrap().collect::<Vec<_>>(), [e]);
    assert_eq!(w.parent(x).unwrap(), None);
    for n in [a, b, c, e] {
        assert!(!w.active_in_hierarchy(n).unwrap());
    }
    // Once the deactivation finished, the same changes are accepted.
    w.set_parent(c, Some(root)).unwrap();
    assert_eq!(take_log(), ["c.on_enable"]);
}

/// `activity.rs` / §3: reactivating a node from an `on_disable` of its own
/// deactivation is refused with `HierarchyLocked` (the engine logs 3816 and leaves
/// `active == true` while inactive in the hierarchy); Sprig keeps `active == false`.
#[test]
fn reactivating_a_node_during_its_own_deactivation_is_refused() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, node, _| {
        log(format!("reactivate: {}", res(w.set_active(node, true))));
    });
    w.set_active(a, false).unwrap();
    assert_eq!(
        take_log(),
        ["a.on_disable", "reactivate: Err(HierarchyLocked)"]
    );
    assert!(!w.active(a).unwrap() && !w.active_in_hierarchy(a).unwrap());
    w.set_active(a, true).unwrap();
    assert_eq!(take_log(), ["a.on_enable"]);
}

/// §3: hierarchy changes outside the subtree being deactivated take effect at once,
/// including a nested activation run from the `on_disable`.
#[test]
fn changes_outside_the_deactivating_subtree_are_allowed() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, _, _| {
        let root = w.root();
        w.add_child(root, x).unwrap();
    });
    w.set_active(a, false).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.on_disable",
            "x.preload",
            "x.on_load",
            "x.on_enable",
            "b.on_disable",
        ]
    );
}

/// Difference D5 / §12: from an `on_destroy`, moving a node out of (or into) a
/// subtree being destroyed is refused with `HierarchyLocked`, so no destroyed node is
/// left attached anywhere.
#[test]
fn hierarchy_is_locked_under_a_node_being_destroyed() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let keep = w.create_child(root, "Keep").unwrap();
    take_log();
    once("b", Hook::OnDestroy, move |w, node, _| {
        let root = w.root();
        log(format!("rescue B: {}", res(w.set_parent(node, Some(root)))));
        log(format!(
            "move Keep in: {}",
            res(w.set_parent(keep, Some(node)))
        ));
    });
    w.destroy(a).unwrap();
    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "a.on_disable",
            "b.on_disable",
            "b.on_destroy",
            "rescue B: Err(HierarchyLocked)",
            "move Keep in: Err(HierarchyLocked)",
            "a.on_destroy",
        ]
    );
    assert!(!w.is_valid(b));
    assert_eq!(w.children(root).unwrap().collect::<Vec<_>>(), [keep]);
}

/// §4 + §3: a child moved out of a node destroyed earlier this frame (before the
/// deferred destroy) is activated again under its new parent and survives.
#[test]
fn a_child_moved_out_of_a_destroyed_node_survives() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    w.destroy(a).unwrap();
    w.set_parent(b, Some(root)).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "b.on_disable", "b.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["b.update", "b.late_update", "a.on_destroy"]);
    assert!(w.is_valid(b) && !w.is_valid(a));
}

/// §3 from `update` (difference D1): moving a later node under an inactive parent
/// removes its components from the rest of the frame.
#[test]
fn reparenting_under_an_inactive_parent_from_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let off = w.create_child(root, "Off").unwrap();
    w.set_active(off, false).unwrap();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::Update, move |w, _, _| {
        w.set_parent(b, Some(off)).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "b.on_disable", "a.late_update"]);
}

/// `activity.rs` ("active in the hierarchy when it is attached under the root and it and
/// every ancestor are active") + difference D5 ("the change either completes consistently
/// or is refused with an error"): activating the new parent of a node from that node's
/// own `on_disable` — while the move under the inactive parent deactivates it — must not
/// leave the node active with an active parent yet inactive in the hierarchy. Either the
/// activation is refused, or the node ends active in the hierarchy with its
/// `on_enable` after the `on_disable`.
#[test]
fn activating_the_new_parent_from_on_disable_keeps_activity_consistent() {
    let mut w = TestWorld::new();
    let root = w.root();
    let off = w.create_child(root, "Off").unwrap();
    w.set_active(off, false).unwrap();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, _, _| {
        log(format!("activate Off: {}", res(w.set_active(off, true))));
    });
    w.set_parent(a, Some(off)).unwrap();
    let log = take_log();
    let refused = log == ["a.on_disable", "activate Off: Err(HierarchyLocked)"];
    let completed = log == ["a.on_disable", "activate Off: Ok(())", "a.on_enable"];
    assert!(refused || completed, "log: {log:?}");
    assert_eq!(
        w.active_in_hierarchy(a).unwrap(),
        w.active(a).unwrap() && w.active_in_hierarchy(off).unwrap(),
        "activity invariant"
    );
}
