//! `update` / `late_update` order (§2 of `docs/lifecycle.md`, `invoker.rs`): removal
//! mid-iteration (difference D1: stable, every component still queued runs exactly once)
//! and ties in execution order (difference D2: enable-completion order).

use sprig::{CompId, Hook, NodeId};
use sprig_tests::probes::{once, take_log, Neg, Neg2, Pos, TestWorld, DT, P};

/// A node under the root with order-0 probes `a`, `b`, `c`, `d`, already started.
fn four() -> (TestWorld, NodeId, [CompId; 4]) {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    let ids = ["a", "b", "c", "d"].map(|l| w.add_component(n, P::new(l)).unwrap());
    w.tick(DT).unwrap();
    take_log();
    (w, n, ids)
}

/// Difference D1 (engine §2 would give A, D, C): `a` disabling the later `b` during update
/// leaves `c` then `d`, each once; `b` also misses late_update, and the order persists.
#[test]
fn disabling_a_later_component_mid_update_keeps_the_order() {
    let (mut w, _, [_, b, _, _]) = four();
    once("a", Hook::Update, move |w, _, _| {
        w.set_enabled(b, false).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.on_disable",
            "c.update",
            "d.update",
            "a.late_update",
            "c.late_update",
            "d.late_update",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "c.update",
            "d.update",
            "a.late_update",
            "c.late_update",
            "d.late_update",
        ]
    );
}

/// Difference D1 (engine §2 would run C twice and skip D): `c` disabling the earlier `a`
/// leaves `d` to run once, `c` does not run again.
#[test]
fn disabling_an_earlier_component_mid_update_runs_no_one_twice() {
    let (mut w, _, [a, _, _, _]) = four();
    once("c", Hook::Update, move |w, _, _| {
        w.set_enabled(a, false).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.update",
            "c.update",
            "a.on_disable",
            "d.update",
            "b.late_update",
            "c.late_update",
            "d.late_update",
        ]
    );
}

/// Difference D1 (engine §2 would give A, B, D, C): `b` disabling itself leaves `c` then
/// `d`; re-enabled later it goes to the end of its bucket, nobody else moves.
#[test]
fn disabling_itself_mid_update_keeps_the_order_and_reenabling_appends() {
    let (mut w, _, [_, b, _, _]) = four();
    once("b", Hook::Update, move |w, _, me| {
        w.set_enabled(me, false).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.update",
            "b.on_disable",
            "c.update",
            "d.update",
            "a.late_update",
            "c.late_update",
            "d.late_update",
        ]
    );
    w.set_enabled(b, true).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "b.on_enable",
            "a.update",
            "c.update",
            "d.update",
            "b.update",
            "a.late_update",
            "c.late_update",
            "d.late_update",
            "b.late_update",
        ]
    );
}

/// Difference D1 in late_update: disabling a later, an earlier component and itself during
/// the late_update pass; everyone still queued runs exactly once.
#[test]
fn removals_mid_late_update_are_stable() {
    let (mut w, _, [a, _, c, _]) = four();
    once("b", Hook::LateUpdate, move |w, _, me| {
        w.set_enabled(a, false).unwrap();
        w.set_enabled(c, false).unwrap();
        w.set_enabled(me, false).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.update",
            "c.update",
            "d.update",
            "a.late_update",
            "b.late_update",
            "a.on_disable",
            "c.on_disable",
            "b.on_disable",
            "d.late_update",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["d.update", "d.late_update"]);
}

/// §5: disabling and re-enabling a later component inside update takes it out of this
/// frame's update and late_update (its re-enable is deferred to after late_update; it
/// does not start again) and puts it at the end from the next frame on.
#[test]
fn toggling_a_later_component_mid_update_skips_it_this_frame() {
    let (mut w, _, [_, b, _, _]) = four();
    once("a", Hook::Update, move |w, _, _| {
        w.set_enabled(b, false).unwrap();
        w.set_enabled(b, true).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.on_disable",
            "b.on_enable",
            "c.update",
            "d.update",
            "a.late_update",
            "c.late_update",
            "d.late_update",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "c.update",
            "d.update",
            "b.update",
            "a.late_update",
            "c.late_update",
            "d.late_update",
            "b.late_update",
        ]
    );
}

/// Difference D1 with nodes: deactivating a node from update removes all its components from
/// the rest of the pass, without disturbing the others.
#[test]
fn deactivating_a_node_mid_update_removes_its_components() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, P::new("b1")).unwrap();
    w.add_component(b, P::new("b2")).unwrap();
    let c = w.create_child(root, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::Update, move |w, _, _| {
        w.set_active(b, false).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b1.on_disable",
            "b2.on_disable",
            "c.update",
            "a.late_update",
            "c.late_update",
        ]
    );
}

/// Difference D1 in the sorted buckets: a negative-order component disabling a
/// positive-order one and a negative one queued after it.
#[test]
fn removals_in_sorted_buckets_are_stable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, Neg::new("n1")).unwrap();
    let n2 = w.add_component(a, Neg::new("n2")).unwrap();
    w.add_component(a, Neg::new("n3")).unwrap();
    w.add_component(a, P::new("z")).unwrap();
    let p1 = w.add_component(a, Pos::new("p1")).unwrap();
    w.add_component(a, Pos::new("p2")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("n1", Hook::Update, move |w, _, _| {
        w.set_enabled(n2, false).unwrap();
        w.set_enabled(p1, false).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "n1.update",
            "n2.on_disable",
            "p1.on_disable",
            "n3.update",
            "z.update",
            "p2.update",
            "n1.late_update",
            "n3.late_update",
            "z.late_update",
            "p2.late_update",
        ]
    );
}

/// Difference D2: equal execution orders run in the order the components completed
/// enabling, in start, update and late_update alike, for negative, zero and positive
/// orders; a lower order still runs first.
#[test]
fn ties_run_in_enable_order_in_every_bucket() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_node("A").unwrap();
    let n1 = w.add_component(a, Neg::new("n1")).unwrap();
    let n2 = w.add_component(a, Neg::new("n2")).unwrap();
    let z1 = w.add_component(a, P::new("z1")).unwrap();
    let z2 = w.add_component(a, P::new("z2")).unwrap();
    let p1 = w.add_component(a, Pos::new("p1")).unwrap();
    let p2 = w.add_component(a, Pos::new("p2")).unwrap();
    let x = w.add_component(a, Neg2::new("x")).unwrap();
    let order = [n2, p2, z2, n1, p1, z1, x];
    for c in order {
        w.set_enabled(c, false).unwrap();
    }
    w.add_child(root, a).unwrap();
    take_log();
    for c in order {
        w.set_enabled(c, true).unwrap();
    }
    assert_eq!(
        take_log(),
        [
            "n2.on_enable",
            "p2.on_enable",
            "z2.on_enable",
            "n1.on_enable",
            "p1.on_enable",
            "z1.on_enable",
            "x.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "x.start",
            "n2.start",
            "n1.start",
            "z2.start",
            "z1.start",
            "p2.start",
            "p1.start",
            "x.update",
            "n2.update",
            "n1.update",
            "z2.update",
            "z1.update",
            "p2.update",
            "p1.update",
            "x.late_update",
            "n2.late_update",
            "n1.late_update",
            "z2.late_update",
            "z1.late_update",
            "p2.late_update",
            "p1.late_update",
        ]
    );
}

/// Difference D2 across nodes: update order among equal orders is enable order, not tree
/// order: a component on a later node enabled first updates first.
#[test]
fn ties_follow_enable_order_not_tree_order() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, Pos::new("b")).unwrap();
    w.add_component(a, Pos::new("a")).unwrap();
    take_log();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "b.start",
            "a.start",
            "b.update",
            "a.update",
            "b.late_update",
            "a.late_update",
        ]
    );
}
