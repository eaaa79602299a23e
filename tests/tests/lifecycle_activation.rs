//! Activation scenarios (§3 of `docs/lifecycle.md`, `activator.rs`): the two passes,
//! pre-order collection, execution-order buckets, disabled components, §3's rule for types without `on_enable`
//! (types without `on_enable`), nested activations and cancellation by a deactivation
//! (with difference D3).

use sprig::Hook;
use sprig_tests::probes::{
    attach, log, on, once, take_log, Neg, Neg2, NoEnable, Pos, Pos2, TestWorld, DT, NOTHING, P,
};

/// §3: activation collects pre-order (a node's own components before its
/// children, parent before children), then runs every `preload`, then every `on_load`,
/// then every `on_enable`; the whole subtree is active in the hierarchy before the first
/// hook runs.
#[test]
fn activation_is_two_pass_in_pre_order() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let d = w.create_child(b, "D").unwrap();
    w.add_component(d, P::new("d")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    on("a1", Hook::Preload, move |w, _, _| {
        log(format!("D active: {}", w.active_in_hierarchy(d).unwrap()));
    });
    assert_eq!(take_log(), NOTHING, "a detached tree runs nothing");

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a1.preload",
            "D active: true",
            "a2.preload",
            "b.preload",
            "d.preload",
            "c.preload",
            "a1.on_load",
            "a2.on_load",
            "b.on_load",
            "d.on_load",
            "c.on_load",
            "a1.on_enable",
            "a2.on_enable",
            "b.on_enable",
            "d.on_enable",
            "c.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a1.start",
            "a2.start",
            "b.start",
            "d.start",
            "c.start",
            "a1.update",
            "a2.update",
            "b.update",
            "d.update",
            "c.update",
            "a1.late_update",
            "a2.late_update",
            "b.late_update",
            "d.late_update",
            "c.late_update",
        ]
    );
}

/// §3: collection enters only children whose own `active` flag is set; an
/// inactive child's subtree is activated later, when the child is.
#[test]
fn inactive_children_are_skipped_until_activated() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let e = w.create_child(b, "E").unwrap();
    w.add_component(e, P::new("e")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.set_active(b, false).unwrap();
    assert_eq!(take_log(), NOTHING);

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "c.preload",
            "a.on_load",
            "c.on_load",
            "a.on_enable",
            "c.on_enable",
        ]
    );
    assert!(!w.active_in_hierarchy(b).unwrap());
    assert!(!w.active_in_hierarchy(e).unwrap());
    assert!(w.active(e).unwrap());

    w.set_active(b, true).unwrap();
    assert_eq!(
        take_log(),
        [
            "b.preload",
            "e.preload",
            "b.on_load",
            "e.on_load",
            "b.on_enable",
            "e.on_enable",
        ]
    );
    assert!(w.active_in_hierarchy(e).unwrap());
}

/// §2 +: `preload` runs in collection order, unsorted; `on_load`, `on_enable` and
/// then `start`/`update`/`late_update` run negative orders ascending, order 0, positive
/// ascending, equal orders in collection (= enable) order.
#[test]
fn buckets_sort_by_execution_order_with_ties_in_collection_order() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("z1")).unwrap();
    w.add_component(a, Pos2::new("p2")).unwrap();
    w.add_component(a, Neg::new("n1")).unwrap();
    w.add_component(a, Pos::new("p1")).unwrap();
    w.add_component(a, Neg2::new("n2")).unwrap();
    w.add_component(a, P::new("z2")).unwrap();
    w.add_component(a, Neg::new("n1b")).unwrap();
    w.add_component(a, Pos::new("p1b")).unwrap();
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "z1.preload",
            "p2.preload",
            "n1.preload",
            "p1.preload",
            "n2.preload",
            "z2.preload",
            "n1b.preload",
            "p1b.preload",
            "n2.on_load",
            "n1.on_load",
            "n1b.on_load",
            "z1.on_load",
            "z2.on_load",
            "p1.on_load",
            "p1b.on_load",
            "p2.on_load",
            "n2.on_enable",
            "n1.on_enable",
            "n1b.on_enable",
            "z1.on_enable",
            "z2.on_enable",
            "p1.on_enable",
            "p1b.on_enable",
            "p2.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "n2.start",
            "n1.start",
            "n1b.start",
            "z1.start",
            "z2.start",
            "p1.start",
            "p1b.start",
            "p2.start",
            "n2.update",
            "n1.update",
            "n1b.update",
            "z1.update",
            "z2.update",
            "p1.update",
            "p1b.update",
            "p2.update",
            "n2.late_update",
            "n1.late_update",
            "n1b.late_update",
            "z1.late_update",
            "z2.late_update",
            "p1.late_update",
            "p1b.late_update",
            "p2.late_update",
        ]
    );
}

/// §3: the `on_load`/`on_enable` sort spans the whole activated subtree, not one
/// node: a child's negative component runs before its parent's order-0 one.
#[test]
fn execution_order_sorts_across_the_whole_subtree() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, Pos::new("a_pos")).unwrap();
    w.add_component(a, P::new("a0")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, Neg::new("b_neg")).unwrap();
    w.add_component(b, P::new("b0")).unwrap();
    w.add_component(b, Pos::new("b_pos")).unwrap();
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a_pos.preload",
            "a0.preload",
            "b_neg.preload",
            "b0.preload",
            "b_pos.preload",
            "b_neg.on_load",
            "a0.on_load",
            "b0.on_load",
            "a_pos.on_load",
            "b_pos.on_load",
            "b_neg.on_enable",
            "a0.on_enable",
            "b0.on_enable",
            "a_pos.on_enable",
            "b_pos.on_enable",
        ]
    );
}

/// §3: a disabled component gets `preload` and `on_load` but no `on_enable` (nor
/// start/update); enabling it later runs `on_enable` at once and `start` next frame.
#[test]
fn disabled_components_load_but_do_not_enable() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    let a1 = w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    w.set_enabled(a1, false).unwrap();
    assert_eq!(take_log(), NOTHING, "detached: only the flag changes");

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a1.preload",
            "a2.preload",
            "a1.on_load",
            "a2.on_load",
            "a2.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a2.start", "a2.update", "a2.late_update"]);

    w.set_enabled(a1, true).unwrap();
    assert_eq!(take_log(), ["a1.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a1.start",
            "a2.update",
            "a1.update",
            "a2.late_update",
            "a1.late_update",
        ]
    );
}

/// §3's rule for types without `on_enable` (§3): a type without `on_enable` is scheduled during collection,
/// so it starts and updates before components whose `on_enable` completes later, even
/// ones collected before it.
#[test]
fn components_without_on_enable_are_scheduled_during_collection() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("p")).unwrap();
    w.add_component(a, NoEnable::new("ne")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("q")).unwrap();
    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "p.preload",
            "ne.preload",
            "q.preload",
            "p.on_load",
            "ne.on_load",
            "q.on_load",
            "p.on_enable",
            "q.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "ne.start",
            "p.start",
            "q.start",
            "ne.update",
            "p.update",
            "q.update",
            "ne.late_update",
            "p.late_update",
            "q.late_update",
        ]
    );
}

/// §3: an activation started from an `on_load` of another activation is nested:
/// its preload/on_load/on_enable passes complete before the outer one continues.
#[test]
fn activation_nested_in_on_load_runs_to_completion_first() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    once("a", Hook::OnLoad, move |w, _, _| attach(w, x));

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "a2.preload",
            "a.on_load",
            "x.preload",
            "x.on_load",
            "x.on_enable",
            "a2.on_load",
            "a.on_enable",
            "a2.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "x.start",
            "a.start",
            "a2.start",
            "x.update",
            "a.update",
            "a2.update",
            "x.late_update",
            "a.late_update",
            "a2.late_update",
        ]
    );
}

/// §3 + difference D2: an activation nested in an `on_enable` completes inside it;
/// its components finish enabling before the outer component does, so they start and
/// update first.
#[test]
fn activation_nested_in_on_enable_enables_first() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    once("a1", Hook::OnEnable, move |w, _, _| attach(w, x));

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a1.preload",
            "a2.preload",
            "a1.on_load",
            "a2.on_load",
            "a1.on_enable",
            "x.preload",
            "x.on_load",
            "x.on_enable",
            "a2.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "x.start",
            "a1.start",
            "a2.start",
            "x.update",
            "a1.update",
            "a2.update",
            "x.late_update",
            "a1.late_update",
            "a2.late_update",
        ]
    );
}

/// §3: a deactivation during an activation drops the pending entries of the
/// node it deactivated (its `preload` already ran and is not repeated); they load and
/// enable on the node's next activation.
#[test]
fn deactivation_during_on_load_cancels_pending_entries() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    once("a", Hook::OnLoad, move |w, _, _| {
        w.set_active(c, false).unwrap()
    });

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "c.preload",
            "a.on_load",
            "b.on_load",
            "a.on_enable",
            "b.on_enable",
        ]
    );
    assert!(!w.active_in_hierarchy(c).unwrap());

    w.set_active(c, true).unwrap();
    assert_eq!(take_log(), ["c.on_load", "c.on_enable"]);
}

/// §3: a deactivation during the `on_enable` pass drops the pending `on_enable`
/// of the deactivated node (no `on_disable`, it never completed `on_enable`).
#[test]
fn deactivation_during_on_enable_cancels_pending_enables() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    once("a", Hook::OnEnable, move |w, _, _| {
        w.set_active(c, false).unwrap()
    });

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b.preload",
            "c.preload",
            "a.on_load",
            "b.on_load",
            "c.on_load",
            "a.on_enable",
            "b.on_enable",
        ]
    );
    w.set_active(c, true).unwrap();
    assert_eq!(take_log(), ["c.on_enable"]);
}

/// §3 "for every task on the activating stack": a deactivation inside a nested
/// activation also cancels the outer activation's pending entries.
#[test]
fn deactivation_in_a_nested_activation_cancels_the_outer_entries() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    once("a", Hook::OnLoad, move |w, _, _| attach(w, x));
    once("x", Hook::OnLoad, move |w, _, _| {
        w.set_active(b, false).unwrap()
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
            "a.on_enable",
        ]
    );
    w.set_active(b, true).unwrap();
    assert_eq!(take_log(), ["b.on_load", "b.on_enable"]);
}

/// Difference D3 (unlike the engine's quirk): an unrelated deactivation during an
/// activation keeps the pending `on_load` of a disabled component whose node is still
/// active; so it later gets `on_enable` after `on_load`, and `on_destroy` at the end.
#[test]
fn disabled_component_on_an_active_node_keeps_its_pending_on_load() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    let b1 = w.add_component(b, P::new("b1")).unwrap();
    w.add_component(b, P::new("b2")).unwrap();
    let c = w.create_child(a, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.set_enabled(b1, false).unwrap();
    once("a", Hook::OnLoad, move |w, _, _| {
        w.set_active(c, false).unwrap()
    });

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "b1.preload",
            "b2.preload",
            "c.preload",
            "a.on_load",
            "b1.on_load",
            "b2.on_load",
            "a.on_enable",
            "b2.on_enable",
        ]
    );
    w.set_enabled(b1, true).unwrap();
    assert_eq!(take_log(), ["b1.on_enable"]);
    w.destroy(b).unwrap();
    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "b1.on_disable",
            "b2.on_disable",
            "b1.on_destroy",
            "b2.on_destroy"
        ]
    );
}

/// §3 + difference D3: a disabled component whose node is deactivated before its
/// `on_load` ran is loaded on the next activation (its `preload` is not repeated).
#[test]
fn disabled_component_on_a_deactivated_node_loads_next_activation() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    let bd = w.add_component(b, P::new("bd")).unwrap();
    w.set_enabled(bd, false).unwrap();
    once("a", Hook::OnLoad, move |w, _, _| {
        w.set_active(b, false).unwrap()
    });

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        ["a.preload", "bd.preload", "a.on_load", "a.on_enable"]
    );
    w.set_active(b, true).unwrap();
    assert_eq!(take_log(), ["bd.on_load"]);
}

/// §3: a deactivation during the `preload` pass drops the deactivated node's
/// pending `preload` too (its "preload started" mark is cleared), so it gets all three
/// hooks on its next activation.
#[test]
fn deactivation_during_preload_cancels_pending_preloads() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, P::new("a2")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    once("a1", Hook::Preload, move |w, _, _| {
        w.set_active(b, false).unwrap()
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
            "a2.on_enable",
        ]
    );
    w.set_active(b, true).unwrap();
    assert_eq!(take_log(), ["b.preload", "b.on_load", "b.on_enable"]);
}
