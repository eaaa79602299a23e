//! Regressions: each test reproduces a bug a review of the lifecycle engine found (and
//! that is fixed): hooks that change the tree or the components while a deactivation,
//! a destruction or a scene switch walks it, and errors returned after a change.

use std::cell::RefCell;
use std::rc::Rc;

use sprig::{Error, Hook, NodeId, MAX_ACTIVATION_DEPTH};
use sprig_tests::probes::{on, once, take_log, TestWorld, DT, P};

/// `components.rs` `set_enabled` + `activator.rs` `deactivate_recursively`: a component
/// disabled by an earlier component's `on_disable` while its own node is being
/// deactivated never gets `on_disable`, keeps `ON_ENABLE_CALLED` and stays in the
/// update queue: it updates on an inactive node while disabled.
#[test]
fn disabling_a_later_component_during_its_nodes_deactivation() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    w.add_component(n, P::new("x")).unwrap();
    let y = w.add_component(n, P::new("y")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("x", Hook::OnDisable, move |w, _, _| {
        w.set_enabled(y, false).unwrap();
    });
    w.set_active(n, false).unwrap();
    let log = take_log();
    w.tick(DT).unwrap();
    let next = take_log();
    assert_eq!(
        (log, next),
        (
            vec!["x.on_disable".to_owned(), "y.on_disable".to_owned()],
            vec![]
        ),
        "y's on_enable had completed: it must get on_disable and no more update"
    );
}

/// `destroy.rs` `destroy_comp_now`: timers are removed *before* `disable_comp`, so a
/// timer the component schedules from the `on_disable` that runs at its real destruction
/// (difference D4: destroyed inside its own `on_enable`) outlives the component and keeps a
/// slot of the timer table forever (paused, with a stale `CompId`).
#[test]
fn timer_scheduled_in_on_disable_at_real_destruction_leaks() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    w.set_active(n, false).unwrap();
    let c = w.add_component(n, P::new("a")).unwrap();
    once("a", Hook::OnEnable, move |w, _, me| {
        w.destroy_component(me).unwrap();
    });
    on("a", Hook::OnDisable, move |w, _, me| {
        let _ = w.schedule(me, 7, 0.0, None, 0.0);
    });
    w.set_active(n, true).unwrap();
    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "a.preload",
            "a.on_load",
            "a.on_enable",
            "a.on_disable",
            "a.on_destroy"
        ]
    );
    assert!(!w.is_component_valid(c));
    for _ in 0..3 {
        w.tick(DT).unwrap();
    }
    assert_eq!(w.timer_count(), 0, "no timer may outlive its component");
}

/// `scene.rs` `switch_scene` doc: "Nodes the old scene's `on_disable`/`on_destroy` hooks
/// attach to the root are part of the new scene." The destroy loop walks the root's
/// live child list, so a node appended to the root by an old scene's `on_disable` is
/// reached by the loop and destroyed with the old scene.
#[test]
fn switch_scene_keeps_nodes_attached_to_the_root_by_on_disable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.create_child(root, "B").unwrap();
    w.tick(DT).unwrap();
    take_log();
    let made: Rc<RefCell<Option<NodeId>>> = Rc::default();
    let made2 = Rc::clone(&made);
    once("a", Hook::OnDisable, move |w, _, _| {
        let root = w.root();
        *made2.borrow_mut() = Some(w.create_child(root, "Late").unwrap());
    });
    w.switch_scene(|_| Ok(())).unwrap();
    let late = made.borrow().expect("on_disable ran");
    assert!(
        w.is_valid(late),
        "a node attached to the root by an old scene's on_disable is part of the new scene"
    );
}

/// `scene.rs` `switch_scene` ("destroys every non-persistent child of the root"): the
/// loop reads `next_sibling` before destroying, so an `on_disable` that detaches (or
/// moves) the next old-scene node ends the loop early: later old-scene nodes survive
/// the switch, active and updating.
#[test]
fn switch_scene_destroys_every_old_root_child_even_if_a_hook_detaches_one() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    let c = w.create_child(root, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, _, _| {
        w.remove_from_parent(b).unwrap();
    });
    w.switch_scene(|_| Ok(())).unwrap();
    w.tick(DT).unwrap();
    assert!(
        !w.is_valid(c),
        "C was a non-persistent child of the root when the switch began; log: {:?}",
        take_log()
    );
}

/// `hierarchy.rs` `create_child` ("on error nothing is created") and `error.rs` ("Every
/// `Err` leaves the world exactly as it was"): `create_child` allocates the node first,
/// then `set_parent` refuses with `QueueFull` at the maximum activation depth (the
/// check wants a task slot even for a node with no components), and the allocated
/// node is never freed: a detached node with no handle leaks.
#[test]
fn create_child_refused_at_max_depth_leaks_a_node() {
    let mut w = TestWorld::new();
    let root = w.root();
    let chain: Vec<NodeId> = (0..MAX_ACTIVATION_DEPTH)
        .map(|k| {
            let n = w.create_child(root, &format!("n{k}")).unwrap();
            w.set_active(n, false).unwrap();
            w.add_component(n, P::new(&format!("p{k}"))).unwrap();
            n
        })
        .collect();
    for k in 0..chain.len() - 1 {
        let next = chain[k + 1];
        on(&format!("p{k}"), Hook::OnLoad, move |w, _, _| {
            w.set_active(next, true).unwrap();
        });
    }
    type Outcome = Rc<RefCell<Option<(usize, Result<NodeId, Error>, usize)>>>;
    let outcome: Outcome = Rc::default();
    let out = Rc::clone(&outcome);
    once(
        &format!("p{}", MAX_ACTIVATION_DEPTH - 1),
        Hook::OnLoad,
        move |w, _, _| {
            let before = w.node_count();
            let r = w.create_child(root, "extra");
            *out.borrow_mut() = Some((before, r, w.node_count()));
        },
    );
    w.set_active(chain[0], true).unwrap();
    let (before, r, after) = (*outcome.borrow()).expect("deepest on_load ran");
    assert_eq!(
        r,
        Err(Error::QueueFull),
        "precondition: refused at max depth"
    );
    assert_eq!(
        after, before,
        "a refused create_child must not create a node"
    );
}

/// `destroy.rs` / `components.rs`: a component marked from an `on_destroy` whose node is
/// destroyed later in the same deferred destroy is freed with its node, but its entry
/// stays in `doomed_comps` until the next frame. Its slot is free again, so in that
/// frame `COMPONENTS` live components plus the stale entry overflow the list:
/// `destroy_component` of a live, unmarked component fails with `QueueFull`
/// (not a documented error of `destroy_component`). Same for `doomed_nodes`.
#[test]
fn stale_destroy_entries_make_destroy_component_fail() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    let yb = w.add_component(b, P::new("yb")).unwrap();
    w.tick(DT).unwrap();
    once("a", Hook::OnDestroy, move |w, _, _| {
        w.destroy_component(yb).unwrap();
    });
    w.destroy(a).unwrap();
    w.destroy(b).unwrap();
    w.end_frame().unwrap();
    assert!(!w.is_component_valid(yb));
    assert_eq!(w.component_count(), 0);

    let n = w.create_child(root, "N").unwrap();
    let comps: Vec<_> = (0..w.component_capacity_of::<P>())
        .map(|k| w.add_component(n, P::new(&format!("c{k}"))).unwrap())
        .collect();
    take_log();
    for (k, c) in comps.into_iter().enumerate() {
        assert_eq!(w.destroy_component(c), Ok(()), "destroy_component #{k}");
    }
}

/// `activator.rs` `activate_node`: the event is emitted after the passes with a
/// hard-coded `active: true`. If a hook of the activation deactivated the node, the
/// deactivation's `{active: false}` comes first and the stale `{active: true}` last, so
/// an app replaying the events believes the node is active (`events.rs`: "Its new
/// `active_in_hierarchy`").
#[test]
fn activation_event_reports_the_final_activity() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    w.set_active(n, false).unwrap();
    w.add_component(n, P::new("x")).unwrap();
    once("x", Hook::OnLoad, move |w, node, _| {
        w.set_active(node, false).unwrap();
    });
    sprig_tests::drain_events(&mut w);
    w.set_active(n, true).unwrap();
    let last = sprig_tests::drain_events(&mut w).into_iter().rfind(
        |e| matches!(e, sprig::NodeEvent::ActiveInHierarchyChanged { node, .. } if *node == n),
    );
    assert!(!w.active_in_hierarchy(n).unwrap());
    assert_eq!(
        last,
        Some(sprig::NodeEvent::ActiveInHierarchyChanged {
            node: n,
            active: false
        })
    );
}

/// `hierarchy.rs` `insert_child` = `set_parent` (which runs the activation hooks) then
/// `set_sibling_index`. If a hook of that activation moves the child away, the second
/// step fails and `insert_child` returns `Err` although the world changed (hooks ran,
/// the child was attached, loaded and enabled): "every `Err` leaves the world exactly as
/// it was" does not hold.
#[test]
fn insert_child_err_after_hooks_ran() {
    let mut w = TestWorld::new();
    let root = w.root();
    w.create_child(root, "first").unwrap();
    let c = w.create_node("C").unwrap();
    w.add_component(c, P::new("x")).unwrap();
    once("x", Hook::OnEnable, move |w, node, _| {
        w.remove_from_parent(node).unwrap();
    });
    let r = w.insert_child(root, c, 0);
    let log = take_log();
    assert!(
        r.is_ok() || log.is_empty(),
        "Err {r:?} returned after hooks ran: {log:?}"
    );
}

/// Difference D5 / `activator.rs` ("the walk in progress sees a frozen child list at every
/// level: it never skips or revisits a node"): `sort_children` (and the `set_z_index`
/// that makes a parent dirty) is not refused under `DEACTIVATING`, so an `on_disable`
/// can reorder the children of the node being walked. The walk then follows the moved
/// node's `next_sibling` and skips the rest: C stays active in the hierarchy under an
/// inactive parent and keeps updating.
#[test]
fn sort_children_during_deactivation_skips_a_child() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    let b = w.create_child(n, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let c = w.create_child(n, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.tick(DT).unwrap();
    w.set_z_index(b, 1).unwrap(); // N waits for its end-of-frame sort
    once("b", Hook::OnDisable, move |w, _, _| {
        let _ = w.sort_children(n);
    });
    take_log();
    w.set_active(n, false).unwrap();
    let log = take_log();
    assert!(
        !w.active_in_hierarchy(c).unwrap(),
        "C is under an inactive parent; on_disables run: {log:?}"
    );
    w.tick(DT).unwrap();
    assert!(!take_log().iter().any(|l| l == "c.update"));
}

/// Difference D5 / `destroy.rs` ("While a subtree is being destroyed its structure is
/// frozen"): `set_z_index` + `sort_children` are allowed on a `DESTROYING` node, so an
/// `on_destroy` can reorder the children `destroy_subtree` is walking. A child that
/// moves before the walk position is never destroyed, yet its parent's slot is freed:
/// the child stays live with a `parent` link into a freed (and later reused) slot.
#[test]
fn sort_children_during_destroy_leaves_a_live_orphan() {
    let mut w = TestWorld::new();
    let root = w.root();
    let t = w.create_child(root, "T").unwrap();
    let a = w.create_child(t, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(t, "B").unwrap();
    let c = w.create_child(t, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.tick(DT).unwrap();
    once("a", Hook::OnDestroy, move |w, _, _| {
        w.set_z_index(c, -1).unwrap();
        let _ = w.sort_children(t);
    });
    w.destroy(t).unwrap();
    w.end_frame().unwrap();
    let log = take_log();
    let reused = w.create_node("Reuse").unwrap();
    assert_eq!(
        (w.is_valid(t), w.is_valid(b), w.is_valid(c)),
        (false, false, false),
        "the whole subtree of T is destroyed; log {log:?}; C's parent is now {:?} (reused slot {reused:?})",
        w.parent(c)
    );
}

/// Same root cause as `disabling_a_later_component_during_its_nodes_deactivation`,
/// reached through `destroy`: difference D4 ("destroy means no more life") is broken, the
/// component updates after its node's `destroy`, and gets an `on_disable` at the end of
/// the frame although it was disabled before.
#[test]
fn disabling_a_later_component_during_destroy_keeps_it_updating() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    w.add_component(n, P::new("x")).unwrap();
    let y = w.add_component(n, P::new("y")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("x", Hook::OnDisable, move |w, _, _| {
        w.set_enabled(y, false).unwrap();
    });
    w.destroy(n).unwrap();
    w.tick(DT).unwrap();
    let log = take_log();
    assert!(
        !log.iter().any(|l| l == "y.update" || l == "y.late_update"),
        "no update after destroy (difference D4): {log:?}"
    );
}

/// Consequence of `sort_children_during_destroy_leaves_a_live_orphan`: the skipped child
/// keeps `DESTROYING` forever, so it can never be moved (`HierarchyLocked`) nor
/// destroyed (`destroy` returns `Ok` and does nothing): a node slot and its component
/// slot are lost for the life of the world, and its loaded component never gets
/// `on_destroy`.
#[test]
fn orphan_from_sort_during_destroy_can_never_be_destroyed() {
    let mut w = TestWorld::new();
    let root = w.root();
    let t = w.create_child(root, "T").unwrap();
    let a = w.create_child(t, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    w.create_child(t, "B").unwrap();
    let c = w.create_child(t, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.tick(DT).unwrap();
    once("a", Hook::OnDestroy, move |w, _, _| {
        w.set_z_index(c, -1).unwrap();
        let _ = w.sort_children(t);
    });
    w.destroy(t).unwrap();
    w.end_frame().unwrap();
    // Whatever the first end_frame left, destroying it again must get rid of it.
    let mut attempts = Vec::new();
    if w.is_valid(c) {
        attempts.push(w.set_parent(c, Some(root)));
        attempts.push(w.destroy(c));
        w.end_frame().unwrap();
    }
    let log = take_log();
    assert_eq!(
        (w.is_valid(c), w.node_count()),
        (false, 1),
        "attempts {attempts:?}; log: {log:?}"
    );
}
