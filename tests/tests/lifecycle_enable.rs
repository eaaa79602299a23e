//! Enabling and disabling components (§4 of `docs/lifecycle.md`, `lifecycle.rs`), from
//! outside a frame and from inside every hook, and `add_component` on active and
//! inactive nodes.

use sprig::Hook;
use sprig_tests::probes::{attach, log, on, once, take_log, Neg, TestWorld, DT, NOTHING, P};

/// §4: on an active node `set_enabled` runs `on_disable` / `on_enable` at once, once
/// per change (setting the same value is a no-op); a disabled component does not update;
/// re-enabling never runs `start` again (§5 last bullet).
#[test]
fn enable_and_disable_from_outside_run_once_per_change() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let c = w.add_component(a, P::new("a")).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.set_enabled(c, false).unwrap();
    assert_eq!(take_log(), ["a.on_disable"]);
    assert!(!w.enabled(c).unwrap() && !w.enabled_in_hierarchy(c).unwrap());
    w.set_enabled(c, false).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);

    w.set_enabled(c, true).unwrap();
    assert_eq!(take_log(), ["a.on_enable"]);
    w.set_enabled(c, true).unwrap();
    assert_eq!(take_log(), NOTHING);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"]);
}

/// §4: on a node inactive in the hierarchy only the flag changes; reactivating the
/// node enables the component only if its flag is set.
#[test]
fn on_an_inactive_node_only_the_flag_changes() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let c = w.add_component(a, P::new("a")).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.set_active(a, false).unwrap();
    assert_eq!(take_log(), ["a.on_disable"]);
    w.set_enabled(c, false).unwrap();
    w.set_enabled(c, true).unwrap();
    w.set_enabled(c, false).unwrap();
    assert_eq!(take_log(), NOTHING);
    assert!(!w.enabled(c).unwrap());

    w.set_active(a, true).unwrap();
    assert_eq!(take_log(), NOTHING, "disabled: no on_enable");
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);

    w.set_enabled(c, true).unwrap();
    assert_eq!(take_log(), ["a.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"]);
}

/// §4 from `preload`: the hook can disable an already running component elsewhere
/// (its `on_disable` runs inside the hook); §4 from `on_load`: enabling it again runs
/// its `on_enable` at once, and it updates again, after the components enabled before it.
#[test]
fn enable_and_disable_from_preload_and_on_load() {
    let mut w = TestWorld::new();
    let root = w.root();
    let t_node = w.create_child(root, "T").unwrap();
    let t = w.add_component(t_node, P::new("t")).unwrap();
    let d_node = w.create_node("D").unwrap();
    w.add_component(d_node, P::new("d")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::Preload, move |w, _, _| {
        w.set_enabled(t, false).unwrap()
    });
    once("d", Hook::OnLoad, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
    });

    attach(&mut w, d_node);
    assert_eq!(
        take_log(),
        [
            "d.preload",
            "t.on_disable",
            "d.on_load",
            "t.on_enable",
            "d.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "t.update",
            "d.update",
            "t.late_update",
            "d.late_update",
        ]
    );
}

/// §4 from `on_load` during an activation: disabling a component of the same
/// activation whose `on_enable` is still pending skips that `on_enable` (the batch
/// re-checks `enabled` at call time) and it gets no `on_disable`.
#[test]
fn disable_from_on_load_skips_a_pending_on_enable() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    once("d", Hook::OnLoad, move |w, _, _| {
        w.set_enabled(t, false).unwrap()
    });

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "d.preload",
            "t.preload",
            "d.on_load",
            "t.on_load",
            "d.on_enable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["d.start", "d.update", "d.late_update"]);
}

/// §4 from `on_load`: enabling a disabled component that already loaded (an earlier
/// order) runs its `on_enable` at once, before the batch `on_enable` pass; it is then
/// scheduled first.
#[test]
fn enable_from_on_load_runs_on_enable_at_once() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    let t = w.add_component(a, Neg::new("t")).unwrap();
    w.add_component(a, P::new("d")).unwrap();
    w.set_enabled(t, false).unwrap();
    once("d", Hook::OnLoad, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
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

/// §4 from `on_enable`: disabling a component whose `on_enable` already completed in
/// this pass runs its `on_disable` at once; disabling one still pending skips it.
#[test]
fn disable_from_on_enable() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    let early = w.add_component(a, P::new("early")).unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let late = w.add_component(a, P::new("late")).unwrap();
    once("d", Hook::OnEnable, move |w, _, _| {
        w.set_enabled(early, false).unwrap();
        w.set_enabled(late, false).unwrap();
    });

    attach(&mut w, a);
    assert_eq!(
        take_log(),
        [
            "early.preload",
            "d.preload",
            "late.preload",
            "early.on_load",
            "d.on_load",
            "late.on_load",
            "early.on_enable",
            "d.on_enable",
            "early.on_disable",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["d.start", "d.update", "d.late_update"]);
}

/// §4 from `start`: disabling a component whose `start` is still queued removes it
/// from the start queue (it starts when enabled again); enabling a new one during the
/// start phase starts it in the second start round (§5).
#[test]
fn enable_and_disable_from_start() {
    let mut w = TestWorld::new();
    let root = w.root();
    let d_node = w.create_child(root, "D").unwrap();
    w.add_component(d_node, P::new("d")).unwrap();
    let t_node = w.create_child(root, "T").unwrap();
    let t = w.add_component(t_node, P::new("t")).unwrap();
    let u_node = w.create_node("U").unwrap();
    let u = w.add_component(u_node, P::new("u")).unwrap();
    w.set_enabled(u, false).unwrap();
    attach(&mut w, u_node);
    take_log();
    once("d", Hook::Start, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(u, true).unwrap();
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "t.on_disable",
            "u.on_enable",
            "u.start",
            "d.update",
            "u.update",
            "d.late_update",
            "u.late_update",
        ]
    );
    w.set_enabled(t, true).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "t.on_enable",
            "t.start",
            "d.update",
            "u.update",
            "t.update",
            "d.late_update",
            "u.late_update",
            "t.late_update",
        ]
    );
}

/// §4 from `update` (difference D1): disabling a later component removes it from this
/// frame's update and late_update; enabling another defers its start to after
/// late_update (§5).
#[test]
fn enable_and_disable_from_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let u = w.add_component(a, P::new("u")).unwrap();
    w.set_enabled(u, false).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::Update, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(u, true).unwrap();
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.on_disable",
            "u.on_enable",
            "d.late_update",
            "u.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "u.update", "d.late_update", "u.late_update"]
    );
}

/// §4 from `late_update` (difference D1): a later component disabled there misses its
/// late_update; one enabled there starts right after the late_update phase (§5).
#[test]
fn enable_and_disable_from_late_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let u = w.add_component(a, P::new("u")).unwrap();
    w.set_enabled(u, false).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::LateUpdate, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(u, true).unwrap();
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.update",
            "d.late_update",
            "t.on_disable",
            "u.on_enable",
            "u.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "u.update", "d.late_update", "u.late_update"]
    );
}

/// §4 from `on_timer` (timers run between update and late_update, §2): the disabled
/// component misses late_update; the enabled one starts after late_update.
#[test]
fn enable_and_disable_from_on_timer() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let d = w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let u = w.add_component(a, P::new("u")).unwrap();
    w.set_enabled(u, false).unwrap();
    w.schedule(d, 1, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap(); // starts, and starts the timer's clock
    take_log();
    once("d", Hook::OnTimer, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(u, true).unwrap();
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.update",
            "d.on_timer(1)",
            "t.on_disable",
            "u.on_enable",
            "d.late_update",
            "u.start",
        ]
    );
}

/// §4 from `on_disable`: a hook of a component being disabled can disable and enable
/// others; they take effect at once; the newly enabled one starts next frame (§5,
/// enabled outside a frame).
#[test]
fn enable_and_disable_from_on_disable() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let d = w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let u = w.add_component(a, P::new("u")).unwrap();
    w.set_enabled(u, false).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::OnDisable, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(u, true).unwrap();
    });

    w.set_enabled(d, false).unwrap();
    assert_eq!(take_log(), ["d.on_disable", "t.on_disable", "u.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["u.start", "u.update", "u.late_update"]);
}

/// §4 from `on_destroy` (§5: enabled during deferred destroy → scheduled at once,
/// starts next frame).
#[test]
fn enable_and_disable_from_on_destroy() {
    let mut w = TestWorld::new();
    let root = w.root();
    let d_node = w.create_child(root, "D").unwrap();
    w.add_component(d_node, P::new("d")).unwrap();
    let a = w.create_child(root, "A").unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let u = w.add_component(a, P::new("u")).unwrap();
    w.set_enabled(u, false).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::OnDestroy, move |w, _, _| {
        w.set_enabled(t, false).unwrap();
        w.set_enabled(u, true).unwrap();
    });

    w.destroy(d_node).unwrap();
    assert_eq!(take_log(), ["d.on_disable"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["d.on_destroy", "t.on_disable", "u.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["u.start", "u.update", "u.late_update"]);
}

/// `lifecycle.rs`: a component whose own `on_enable` disabled it gets its `on_disable`
/// right after `on_enable` returns, and is not scheduled; enabled again later it starts.
#[test]
fn own_on_enable_disabling_itself_gets_on_disable_right_after() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    once("a", Hook::OnEnable, move |w, _, me| {
        w.set_enabled(me, false).unwrap()
    });
    let c = w.add_component(a, P::new("a")).unwrap();
    assert_eq!(
        take_log(),
        ["a.preload", "a.on_load", "a.on_enable", "a.on_disable"]
    );
    assert!(!w.enabled(c).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);

    w.set_enabled(c, true).unwrap();
    assert_eq!(take_log(), ["a.on_enable"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.start", "a.update", "a.late_update"]);
}

/// `lifecycle.rs`: `on_disable` runs after the component left the queues, so enabling it
/// again from its own `on_disable` runs `on_enable` at once and takes effect.
#[test]
fn reenabling_itself_from_own_on_disable_takes_effect() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let c = w.add_component(a, P::new("a")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::OnDisable, move |w, _, me| {
        w.set_enabled(me, true).unwrap()
    });

    w.set_enabled(c, false).unwrap();
    assert_eq!(take_log(), ["a.on_disable", "a.on_enable"]);
    assert!(w.enabled(c).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"]);
}

/// `lifecycle.rs`: enabling a component again from inside its own `on_enable` (after
/// disabling it there) is absorbed: one `on_enable`, no `on_disable`, scheduled once.
#[test]
fn reenabling_itself_inside_own_on_enable_is_absorbed() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    on("a", Hook::OnEnable, move |w, _, me| {
        w.set_enabled(me, false).unwrap();
        w.set_enabled(me, true).unwrap();
        log("toggled");
    });
    let c = w.add_component(a, P::new("a")).unwrap();
    assert_eq!(
        take_log(),
        ["a.preload", "a.on_load", "a.on_enable", "toggled"]
    );
    assert!(w.enabled(c).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.start", "a.update", "a.late_update"]);
}
