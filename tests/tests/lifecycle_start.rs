//! Start deferral (§5 of `docs/lifecycle.md`, `lifecycle.rs`, `frame.rs`): when a
//! component enabled in each phase of a frame gets `start` and its first
//! `update`/`late_update`.

use sprig::{CompId, Hook, NodeId};
use sprig_tests::probes::{once, take_log, Neg, NoEnable, Pos, TestWorld, DT, NOTHING, P};

/// A node under the root with an enabled driver `d` and a disabled, loaded target `t`
/// that has never started; the log is cleared.
fn driver_and_disabled_target() -> (TestWorld, NodeId, CompId, CompId) {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let d = w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    w.set_enabled(t, false).unwrap();
    take_log();
    (w, a, d, t)
}

/// §5: a component enabled during the start phase is started right after it (the
/// second start round) and gets `update` and `late_update` in the same frame.
#[test]
fn enabled_during_start_starts_in_the_second_round_and_updates_this_frame() {
    let (mut w, _, _, t) = driver_and_disabled_target();
    once("d", Hook::Start, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "t.on_enable",
            "t.start",
            "d.update",
            "t.update",
            "d.late_update",
            "t.late_update",
        ]
    );
}

/// §5: a component enabled during update gets `on_enable` at once, `start` after every
/// `late_update` of the frame, and its first `update` next frame.
#[test]
fn enabled_during_update_starts_after_late_update() {
    let (mut w, _, _, t) = driver_and_disabled_target();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["d.start", "d.update", "d.late_update"]);
    once("d", Hook::Update, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "t.on_enable", "d.late_update", "t.start"]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "t.update", "d.late_update", "t.late_update"]
    );
}

/// §5: a component enabled by a timer callback (between update and late_update) starts
/// after late_update and first updates next frame.
#[test]
fn enabled_during_timers_starts_after_late_update() {
    let (mut w, _, d, t) = driver_and_disabled_target();
    w.schedule_once(d, 9, 0.0).unwrap();
    w.tick(DT).unwrap(); // starts d; the timer's clock starts
    take_log();
    once("d", Hook::OnTimer, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "d.on_timer(9)",
            "t.on_enable",
            "d.late_update",
            "t.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "t.update", "d.late_update", "t.late_update"]
    );
}

/// §5: a component enabled during late_update starts right after the late_update phase
/// and first updates next frame.
#[test]
fn enabled_during_late_update_starts_after_late_update() {
    let (mut w, _, _, t) = driver_and_disabled_target();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::LateUpdate, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "d.late_update", "t.on_enable", "t.start"]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["d.update", "t.update", "d.late_update", "t.late_update"]
    );
}

/// §5: components enabled during the end-of-frame start round are scheduled at once:
/// order 0 and positive ones start in that same round, negative ones at the beginning of
/// the next frame (their bucket already ran).
#[test]
fn enabled_during_the_end_of_frame_start_round() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("u")).unwrap();
    let d = w.add_component(a, P::new("d")).unwrap();
    let n = w.add_component(a, Neg::new("n")).unwrap();
    let z = w.add_component(a, P::new("z")).unwrap();
    let p = w.add_component(a, Pos::new("p")).unwrap();
    for c in [d, n, z, p] {
        w.set_enabled(c, false).unwrap();
    }
    take_log();
    once("u", Hook::Update, move |w, _, _| {
        w.set_enabled(d, true).unwrap()
    });
    once("d", Hook::Start, move |w, _, _| {
        w.set_enabled(n, true).unwrap();
        w.set_enabled(z, true).unwrap();
        w.set_enabled(p, true).unwrap();
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "u.start",
            "u.update",
            "d.on_enable",
            "u.late_update",
            "d.start",
            "n.on_enable",
            "z.on_enable",
            "p.on_enable",
            "z.start",
            "p.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "n.start",
            "n.update",
            "u.update",
            "d.update",
            "z.update",
            "p.update",
            "n.late_update",
            "u.late_update",
            "d.late_update",
            "z.late_update",
            "p.late_update",
        ]
    );
}

/// §5: components enabled during the second start round are deferred again and only
/// started after late_update.
#[test]
fn enabled_during_the_second_start_round_starts_after_late_update() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let u = w.add_component(a, P::new("u")).unwrap();
    w.set_enabled(t, false).unwrap();
    w.set_enabled(u, false).unwrap();
    take_log();
    once("d", Hook::Start, move |w, _, _| {
        w.set_enabled(t, true).unwrap()
    });
    once("t", Hook::Start, move |w, _, _| {
        w.set_enabled(u, true).unwrap()
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "t.on_enable",
            "t.start",
            "u.on_enable",
            "d.update",
            "t.update",
            "d.late_update",
            "t.late_update",
            "u.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.update",
            "u.update",
            "d.late_update",
            "t.late_update",
            "u.late_update",
        ]
    );
}

/// §5 + §2: components deferred during the start phase are started in the second
/// round sorted by execution order (negative, zero, positive), whatever order they were
/// enabled in; their updates follow the same order.
#[test]
fn the_second_start_round_sorts_by_execution_order() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let z = w.add_component(a, P::new("z")).unwrap();
    let p = w.add_component(a, Pos::new("p")).unwrap();
    let n = w.add_component(a, Neg::new("n")).unwrap();
    for c in [z, p, n] {
        w.set_enabled(c, false).unwrap();
    }
    take_log();
    once("d", Hook::Start, move |w, _, _| {
        for c in [z, p, n] {
            w.set_enabled(c, true).unwrap();
        }
    });

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.start",
            "z.on_enable",
            "p.on_enable",
            "n.on_enable",
            "n.start",
            "z.start",
            "p.start",
            "n.update",
            "d.update",
            "z.update",
            "p.update",
            "n.late_update",
            "d.late_update",
            "z.late_update",
            "p.late_update",
        ]
    );
}

/// §5: a component enabled outside a frame is scheduled at once and starts at the
/// beginning of the next frame; `end_frame` runs no start.
#[test]
fn enabled_outside_a_frame_starts_next_frame() {
    let (mut w, _, _, t) = driver_and_disabled_target();
    w.tick(DT).unwrap();
    take_log();
    w.set_enabled(t, true).unwrap();
    assert_eq!(take_log(), ["t.on_enable"]);
    w.end_frame().unwrap();
    assert_eq!(take_log(), NOTHING);
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "t.start",
            "d.update",
            "t.update",
            "d.late_update",
            "t.late_update",
        ]
    );
}

/// `lifecycle.rs`: `start` is marked called before it runs, so a component that
/// disables and re-enables itself inside its own `start` is not started again; it is
/// rescheduled (after the others) for update.
#[test]
fn start_is_marked_called_before_it_runs() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("t")).unwrap();
    w.add_component(a, P::new("o")).unwrap();
    take_log();
    once("t", Hook::Start, move |w, _, me| {
        w.set_enabled(me, false).unwrap();
        w.set_enabled(me, true).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "t.start",
            "t.on_disable",
            "t.on_enable",
            "o.start",
            "o.update",
            "t.update",
            "o.late_update",
            "t.late_update",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["o.update", "t.update", "o.late_update", "t.late_update"]
    );
}

/// §5 last bullet: a component disabled before its first frame never starts until
/// enabled; re-enabling after it started never starts it again.
#[test]
fn start_runs_once_and_only_while_enabled() {
    let (mut w, _, d, t) = driver_and_disabled_target();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["d.start", "d.update", "d.late_update"]);
    w.set_enabled(d, false).unwrap();
    w.set_enabled(d, true).unwrap();
    w.set_enabled(t, true).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.on_disable",
            "d.on_enable",
            "t.on_enable",
            "t.start",
            "d.update",
            "t.update",
            "d.late_update",
            "t.late_update",
        ]
    );
}

/// §5 ("or in any activation triggered from them") + §3's rule for types without `on_enable`: a subtree activated
/// from update runs its `preload`/`on_load`/`on_enable` at once, but its components are
/// deferred: they start after late_update, in enable-completion order (the type without
/// `on_enable` first, it was onEnabled during collection), and first update next frame.
#[test]
fn activation_from_update_defers_its_starts() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let x = w.create_node("X").unwrap();
    w.add_component(x, P::new("x")).unwrap();
    w.add_component(x, NoEnable::new("ne")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::Update, move |w, _, _| {
        let root = w.root();
        w.add_child(root, x).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "x.preload",
            "ne.preload",
            "x.on_load",
            "ne.on_load",
            "x.on_enable",
            "d.late_update",
            "ne.start",
            "x.start",
        ]
    );
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "ne.update",
            "x.update",
            "d.late_update",
            "ne.late_update",
            "x.late_update",
        ]
    );
}
