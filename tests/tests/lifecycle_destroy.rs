//! Destruction (§4 of `docs/lifecycle.md`, `destroy.rs`): `on_disable` now in
//! pre-order, `on_destroy` at the end of the frame in post-order, validity, call order,
//! destroy from inside hooks, and difference D4 ("destroy means no more life").

use sprig::{Error, Hook};
use sprig_tests::probes::{attach, log, on, once, take_log, TestWorld, DT, NOTHING, P};

/// §4: `destroy` deactivates now (`on_disable` pre-order: own components, then
/// children); the node stays a child until the end of the frame, where `on_destroy` runs
/// post-order: descendants deepest first, siblings in order, then own components in add
/// order.
#[test]
fn on_disable_now_in_pre_order_on_destroy_at_end_of_frame_in_post_order() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let d = w.create_child(b, "D").unwrap();
    w.add_component(d, P::new("d")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    attach(&mut w, a);
    w.tick(DT).unwrap();
    take_log();

    w.destroy(a).unwrap();
    assert_eq!(
        take_log(),
        [
            "a1.on_disable",
            "a2.on_disable",
            "b.on_disable",
            "d.on_disable",
            "c.on_disable",
        ]
    );
    assert_eq!(w.children(root).unwrap().collect::<Vec<_>>(), [a]);
    assert_eq!(w.parent(a).unwrap(), Some(root));
    assert_eq!(w.children(a).unwrap().collect::<Vec<_>>(), [b, c]);

    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "d.on_destroy",
            "b.on_destroy",
            "c.on_destroy",
            "a1.on_destroy",
            "a2.on_destroy",
        ]
    );
    for n in [a, b, c, d] {
        assert!(!w.is_valid(n));
    }
    assert_eq!(w.child_count(root).unwrap(), 0);
}

/// §4 validity: after `destroy` the node is valid but not strictly valid; its
/// descendants and components stay strictly valid; inside `on_destroy` the node being
/// destroyed is still valid, already destroyed descendants are not; afterwards nothing
/// is, and stale handles are refused.
#[test]
fn validity_at_each_moment() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let ca = w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    let cb = w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    let report = move |w: &mut TestWorld| {
        log(format!(
            "A={} B={} a={} b={}",
            w.is_valid(a),
            w.is_valid(b),
            w.is_component_valid(ca),
            w.is_component_valid(cb)
        ));
    };
    on("a", Hook::OnDestroy, move |w, _, _| report(w));
    on("b", Hook::OnDestroy, move |w, _, _| report(w));

    w.destroy(a).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "b.on_disable"]);
    assert!(w.is_valid(a) && !w.is_valid_strict(a));
    assert!(w.is_valid(b) && w.is_valid_strict(b));
    assert!(w.is_component_valid(ca) && w.is_component_valid_strict(ca));
    assert!(w.is_component_valid(cb) && w.is_component_valid_strict(cb));
    assert!(!w.active(a).unwrap() && w.active(b).unwrap());
    assert!(!w.active_in_hierarchy(b).unwrap());

    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "b.on_destroy",
            "A=true B=true a=true b=true",
            "a.on_destroy",
            "A=true B=false a=true b=false",
        ]
    );
    assert!(!w.is_valid(a) && !w.is_valid_strict(a) && !w.is_valid(b));
    assert!(!w.is_component_valid(ca) && !w.is_component_valid_strict(cb));
    assert_eq!(w.set_active(a, true), Err(Error::StaleHandle));
    assert_eq!(w.set_enabled(cb, true), Err(Error::StaleHandle));
}

/// §4: `destroy_component` disables now and destroys at the end of the frame; until
/// then the component is still on its node (found by `components`/`component_of`),
/// valid but not strictly valid, and cannot be enabled again; afterwards its handle is
/// stale everywhere, also after its slot is reused.
#[test]
fn destroy_component_and_stale_comp_ids() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let a1 = w.add_component(a, P::new("a1")).unwrap();
    let a2 = w.add_component(a, P::new("a2")).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.destroy_component(a1).unwrap();
    assert_eq!(take_log(), ["a1.on_disable"]);
    assert!(w.is_component_valid(a1) && !w.is_component_valid_strict(a1));
    assert_eq!(w.components(a).unwrap().collect::<Vec<_>>(), [a1, a2]);
    assert_eq!(w.component_of::<P>(a).unwrap(), Some(a1));
    w.set_enabled(a1, false).unwrap();
    assert_eq!(w.set_enabled(a1, true), Err(Error::PendingDestroy));
    w.destroy_component(a1).unwrap();
    assert_eq!(take_log(), NOTHING);

    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a2.update", "a2.late_update", "a1.on_destroy"]);
    assert!(!w.is_component_valid(a1));
    assert_eq!(w.components(a).unwrap().collect::<Vec<_>>(), [a2]);
    assert_eq!(w.component_of::<P>(a).unwrap(), Some(a2));
    assert_eq!(w.set_enabled(a1, true), Err(Error::StaleHandle));
    assert_eq!(w.destroy_component(a1), Err(Error::StaleHandle));
    assert_eq!(w.schedule(a1, 1, 0.0, None, 0.0), Err(Error::StaleHandle));

    let a3 = w.add_component(a, P::new("a3")).unwrap();
    assert_ne!(a3, a1);
    assert!(!w.is_component_valid(a1) && w.is_component_valid(a3));
    assert_eq!(take_log(), ["a3.preload", "a3.on_load", "a3.on_enable"]);
}

/// §4 `_deferredDestroy`: a destroy called inside an `on_destroy` deactivates at once
/// but is carried out at the end of the next frame.
#[test]
fn destroy_inside_on_destroy_waits_for_the_next_frame() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::OnDestroy, move |w, _, _| w.destroy(b).unwrap());

    w.destroy(a).unwrap();
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["a.on_disable", "a.on_destroy", "b.on_disable"]);
    assert!(w.is_valid(b) && !w.is_valid_strict(b));
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["b.on_destroy"]);
    assert!(!w.is_valid(b));
}

/// §4: `on_destroy` only if `on_load` ran: components of a node that never became
/// active get nothing; a disabled component that loaded gets `on_destroy` but no
/// `on_disable`.
#[test]
fn on_destroy_only_for_loaded_components() {
    let mut w = TestWorld::new();
    let root = w.root();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    let a = w.create_child(root, "A").unwrap();
    let ca = w.add_component(a, P::new("a")).unwrap();
    w.set_enabled(ca, false).unwrap();
    take_log();

    w.destroy(x).unwrap();
    w.destroy(a).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["a.on_destroy"]);
    assert!(!w.is_valid(x) && !w.is_valid(a));
}

/// §4: destroyed objects go in the order `destroy` / `destroy_component` were called,
/// nodes and components interleaved; a component destroyed with its node is not
/// destroyed twice.
#[test]
fn destroy_order_follows_call_order() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let c = w.create_child(root, "C").unwrap();
    w.add_component(c, P::new("c1")).unwrap();
    let x = w.add_component(c, P::new("x")).unwrap();
    let e = w.create_child(root, "E").unwrap();
    w.add_component(e, P::new("e1")).unwrap();
    let y = w.add_component(e, P::new("y")).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.destroy(b).unwrap();
    w.destroy_component(x).unwrap();
    w.destroy(a).unwrap();
    w.destroy(c).unwrap();
    w.destroy(e).unwrap();
    w.destroy_component(y).unwrap();
    assert_eq!(
        take_log(),
        [
            "b.on_disable",
            "x.on_disable",
            "a.on_disable",
            "c1.on_disable",
            "e1.on_disable",
            "y.on_disable",
        ]
    );
    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "b.on_destroy",
            "x.on_destroy",
            "a.on_destroy",
            "c1.on_destroy",
            "e1.on_destroy",
            "y.on_destroy",
        ]
    );
}

/// §4: destroying a node or component again in the same frame does nothing more.
#[test]
fn destroying_twice_does_nothing_more() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let c = w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    let cb = w.add_component(b, P::new("b")).unwrap();
    take_log();
    w.destroy(a).unwrap();
    w.destroy(a).unwrap();
    w.destroy_component(c).unwrap();
    w.destroy_component(cb).unwrap();
    w.destroy_component(cb).unwrap();
    w.destroy(b).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "b.on_disable"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["a.on_destroy", "b.on_destroy"]);
}

/// §4: a child destroyed before or after its parent in the same frame is destroyed
/// once, children first.
#[test]
fn destroying_a_child_and_its_parent_in_the_same_frame() {
    for child_first in [true, false] {
        let mut w = TestWorld::new();
        let root = w.root();
        let a = w.create_child(root, "A").unwrap();
        w.add_component(a, P::new("a")).unwrap();
        let b = w.create_child(a, "B").unwrap();
        w.add_component(b, P::new("b")).unwrap();
        take_log();
        if child_first {
            w.destroy(b).unwrap();
            w.destroy(a).unwrap();
            assert_eq!(take_log(), ["b.on_disable", "a.on_disable"]);
        } else {
            w.destroy(a).unwrap();
            w.destroy(b).unwrap();
            assert_eq!(take_log(), ["a.on_disable", "b.on_disable"]);
        }
        w.end_frame().unwrap();
        assert_eq!(take_log(), ["b.on_destroy", "a.on_destroy"]);
    }
}

/// §4 / §12: children and components added to a node after its `destroy()`
/// get no callbacks and are destroyed with it (no `on_destroy`: never loaded).
#[test]
fn children_added_after_destroy_get_no_callbacks() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    take_log();
    w.destroy(a).unwrap();
    let late = w.create_child(a, "Late").unwrap();
    w.add_component(late, P::new("late")).unwrap();
    let moved = w.create_node("Moved").unwrap();
    w.add_component(moved, P::new("moved")).unwrap();
    w.add_child(a, moved).unwrap();
    assert_eq!(take_log(), ["a.on_disable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.on_destroy"]);
    assert!(!w.is_valid(late) && !w.is_valid(moved));
}

/// Destroy from `preload`: the other node is disabled at once, destroyed at the end of
/// the frame; the activation goes on.
#[test]
fn destroy_from_preload() {
    let mut w = TestWorld::new();
    let root = w.root();
    let t = w.create_child(root, "T").unwrap();
    w.add_component(t, P::new("t")).unwrap();
    let d = w.create_node("D").unwrap();
    w.add_component(d, P::new("d")).unwrap();
    take_log();
    once("d", Hook::Preload, move |w, _, _| w.destroy(t).unwrap());
    attach(&mut w, d);
    assert_eq!(
        take_log(),
        ["d.preload", "t.on_disable", "d.on_load", "d.on_enable"]
    );
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["t.on_destroy"]);
}

/// Destroy from `start`: a component destroyed before its queued `start` never starts;
/// one destroying itself in its `start` gets `on_disable` at once and no update.
#[test]
fn destroy_from_start() {
    let mut w = TestWorld::new();
    let root = w.root();
    let d = w.create_child(root, "D").unwrap();
    w.add_component(d, P::new("d")).unwrap();
    w.add_component(d, P::new("s")).unwrap();
    let t = w.create_child(root, "T").unwrap();
    w.add_component(t, P::new("t")).unwrap();
    take_log();
    once("d", Hook::Start, move |w, _, _| w.destroy(t).unwrap());
    once("s", Hook::Start, move |w, _, me| {
        w.destroy_component(me).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "t.on_disable",
            "s.start",
            "s.on_disable",
            "d.update",
            "d.late_update",
            "t.on_destroy",
            "s.on_destroy",
        ]
    );
}

/// Destroy from `update` (difference D1): destroying the component's own node skips the
/// later components of that node this frame; all get `on_destroy` after late_update.
/// A component's hooks never nest (its data is lent to the running hook as `&mut self`):
/// `a1`'s own `on_disable` runs right after its `update` returns, after `a2`'s.
#[test]
fn destroy_own_node_from_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a1", Hook::Update, move |w, node, _| {
        w.destroy(node).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a1.update",
            "a2.on_disable",
            "a1.on_disable",
            "b.update",
            "b.late_update",
            "a1.on_destroy",
            "a2.on_destroy",
        ]
    );
}

/// Destroy from `late_update`: a later component misses its late_update.
#[test]
fn destroy_from_late_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let d = w.create_child(root, "D").unwrap();
    w.add_component(d, P::new("d")).unwrap();
    let t = w.create_child(root, "T").unwrap();
    w.add_component(t, P::new("t")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::LateUpdate, move |w, _, _| w.destroy(t).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.update",
            "d.late_update",
            "t.on_disable",
            "t.on_destroy",
        ]
    );
}

/// Destroy from `on_timer` (between update and late_update): the destroyed component
/// misses late_update; its own timers never fire again.
#[test]
fn destroy_from_on_timer() {
    let mut w = TestWorld::new();
    let root = w.root();
    let dn = w.create_child(root, "D").unwrap();
    let d = w.add_component(dn, P::new("d")).unwrap();
    let tn = w.create_child(root, "T").unwrap();
    let t = w.add_component(tn, P::new("t")).unwrap();
    w.schedule(d, 1, 0.0, None, 0.0).unwrap();
    w.schedule(t, 2, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::OnTimer, move |w, _, _| w.destroy(tn).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.update",
            "d.on_timer(1)",
            "t.on_disable",
            "d.late_update",
            "t.on_destroy",
        ]
    );
    assert_eq!(w.timer_count(), 1);
}

/// Destroy from `on_disable`: the other node is deactivated inside the hook and
/// destroyed at the end of the frame.
#[test]
fn destroy_from_on_disable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let dn = w.create_child(root, "D").unwrap();
    let d = w.add_component(dn, P::new("d")).unwrap();
    let t = w.create_child(root, "T").unwrap();
    w.add_component(t, P::new("t")).unwrap();
    take_log();
    once("d", Hook::OnDisable, move |w, _, _| w.destroy(t).unwrap());
    w.set_enabled(d, false).unwrap();
    assert_eq!(take_log(), ["d.on_disable", "t.on_disable"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["t.on_destroy"]);
}

/// Difference D4: `destroy_component` inside its own `on_load` (activation): no
/// `on_enable`, `start`, `update`; no `on_disable` (`on_enable` never completed);
/// `on_destroy` at the end of the frame (`on_load` ran). Others are unaffected.
#[test]
fn destroyed_in_own_on_load_gets_no_more_life() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.add_component(a, P::new("b")).unwrap();
    once("a", Hook::OnLoad, move |w, _, me| {
        w.destroy_component(me).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "a.on_load",
            "b.on_load",
            "b.on_enable"
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["b.start", "b.update", "b.late_update", "a.on_destroy"]
    );
}

/// Difference D4 via `add_component` on an active node: destroyed in its own `on_load`, it
/// gets no `on_enable` and only `on_destroy` at the end of the frame.
#[test]
fn destroyed_in_own_on_load_from_add_component() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    once("a", Hook::OnLoad, move |w, _, me| {
        w.destroy_component(me).unwrap()
    });
    w.add_component(a, P::new("a")).unwrap();
    assert_eq!(take_log(), ["a.preload", "a.on_load"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.on_destroy"]);
}

/// Difference D4 (engine §12 would still start and update it): destroyed in its
/// own `on_enable`, the component is never started or updated; its `on_enable`
/// completed, so it gets `on_disable`, then `on_destroy`, at the end of the frame.
#[test]
fn destroyed_in_own_on_enable_gets_no_more_life() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    let ca = w.add_component(a, P::new("a")).unwrap();
    w.add_component(a, P::new("b")).unwrap();
    once("a", Hook::OnEnable, move |w, _, me| {
        w.destroy_component(me).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "a.on_load",
            "b.on_load",
            "a.on_enable",
            "b.on_enable",
        ]
    );
    assert!(w.is_component_valid(ca) && !w.is_component_valid_strict(ca));
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "b.start",
            "b.update",
            "b.late_update",
            "a.on_disable",
            "a.on_destroy",
        ]
    );
}

/// Difference D4 + `lifecycle.rs`: destroying its own node in its own `on_enable`
/// deactivates the node, so the component gets `on_disable` right after `on_enable`
/// returns; the sibling's pending `on_enable` is cancelled (§3); both loaded, so
/// both get `on_destroy`.
#[test]
fn destroying_own_node_in_own_on_enable() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.add_component(a, P::new("b")).unwrap();
    once("a", Hook::OnEnable, move |w, node, _| {
        w.destroy(node).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "a.on_load",
            "b.on_load",
            "a.on_enable",
            "a.on_disable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.on_destroy", "b.on_destroy"]);
}

/// Difference D4 + §3: destroying its own node in its own `on_load` cancels every
/// pending entry of the subtree; only the component whose `on_load` ran gets
/// `on_destroy`.
#[test]
fn destroying_own_node_in_own_on_load() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    once("a", Hook::OnLoad, move |w, node, _| {
        w.destroy(node).unwrap()
    });
    attach(&mut w, a);
    assert_eq!(take_log(), ["a.preload", "b.preload", "a.on_load"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["a.on_destroy"]);
    assert!(!w.is_valid(a) && !w.is_valid(b));
}
