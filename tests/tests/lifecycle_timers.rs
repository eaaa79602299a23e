//! Component timers (`timers.rs`; Cocos `Scheduler`/`CallbackTimer`, run between
//! `update` and `late_update`, docs/lifecycle.md §7).
//!
//! Steps are powers of two so the clock arithmetic is exact.

use sprig::{CompId, Error, Hook, NodeId};
use sprig_tests::probes::{once, take_log, TestWorld, Updater, NOTHING, P};

const DT: f32 = 0.25;

/// A started probe `a` on node `A` under the root; the log is cleared.
fn one() -> (TestWorld, NodeId, CompId) {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let c = w.add_component(a, P::new("a")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    (w, a, c)
}

/// Runs a frame and returns only the timer lines of its log.
fn timers_of_next_frame(w: &mut TestWorld) -> Vec<String> {
    w.tick(DT).unwrap();
    take_log()
        .into_iter()
        .filter(|l| l.contains("on_timer"))
        .collect()
}

/// `timers.rs`: the first frame after scheduling only starts the clock; then the timer
/// fires each time its interval has elapsed, between `update` and `late_update`.
#[test]
fn interval_timer_fires_between_update_and_late_update() {
    let (mut w, _, a) = one();
    w.schedule(a, 1, 0.5, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"], "clock starts");
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"], "0.25 s");
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["a.update", "a.on_timer(1)", "a.late_update"],
        "0.5 s"
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.on_timer(1)", "a.late_update"]);
}

/// `timers.rs`: `repeat = Some(r)` fires `r + 1` times, then the timer is gone.
#[test]
fn repeat_count_fires_r_plus_one_times() {
    let (mut w, _, a) = one();
    w.schedule(a, 2, 0.0, Some(2), 0.0).unwrap();
    assert_eq!(timers_of_next_frame(&mut w), NOTHING);
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(2)"]);
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(2)"]);
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(2)"]);
    assert_eq!(w.timer_count(), 0);
    assert_eq!(timers_of_next_frame(&mut w), NOTHING);
}

/// `timers.rs`: a delay postpones the first firing; then the interval applies.
#[test]
fn delay_postpones_the_first_firing() {
    let (mut w, _, a) = one();
    w.schedule(a, 3, 0.25, Some(1), 0.5).unwrap();
    assert_eq!(timers_of_next_frame(&mut w), NOTHING, "clock starts");
    assert_eq!(timers_of_next_frame(&mut w), NOTHING, "0.25 s < delay");
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(3)"], "delay");
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(3)"], "interval");
    assert_eq!(
        timers_of_next_frame(&mut w),
        NOTHING,
        "repeat 1: two firings"
    );
    assert_eq!(w.timer_count(), 0);
}

/// `timers.rs`: `schedule_once` fires once, after its delay (at the earliest the second
/// frame: the first only starts the clock).
#[test]
fn schedule_once_fires_once() {
    let (mut w, _, a) = one();
    w.schedule_once(a, 4, 0.0).unwrap();
    w.schedule_once(a, 5, 0.5).unwrap();
    assert_eq!(timers_of_next_frame(&mut w), NOTHING);
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(4)"]);
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(5)"]);
    assert_eq!(timers_of_next_frame(&mut w), NOTHING);
    assert_eq!(w.timer_count(), 0);
}

/// `timers.rs`: a disabled component's timers are paused (their clock stops) and resume
/// where they were when it is enabled again.
#[test]
fn timers_pause_while_disabled_and_resume_on_enable() {
    let (mut w, _, a) = one();
    w.schedule(a, 1, 0.5, None, 0.0).unwrap();
    assert_eq!(timers_of_next_frame(&mut w), NOTHING, "clock starts");
    assert_eq!(timers_of_next_frame(&mut w), NOTHING, "0.25 s");
    w.set_enabled(a, false).unwrap();
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.on_disable"]);
    w.set_enabled(a, true).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["a.on_enable", "a.update", "a.on_timer(1)", "a.late_update"],
        "0.5 s of enabled time"
    );
}

/// `timers.rs`: timers are paused while the component's node is inactive in the
/// hierarchy, and a timer scheduled on a disabled component waits until it is enabled
/// (its clock starts in the first frame it runs).
#[test]
fn timers_pause_while_inactive_and_start_paused_when_disabled() {
    let (mut w, a_node, a) = one();
    let b_node = w.create_child(a_node, "B").unwrap();
    let b = w.add_component(b_node, P::new("b")).unwrap();
    w.set_enabled(b, false).unwrap();
    take_log();
    w.schedule(a, 1, 0.0, None, 0.0).unwrap();
    w.schedule(b, 2, 0.0, None, 0.0).unwrap();
    assert_eq!(timers_of_next_frame(&mut w), NOTHING);
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(1)"]);

    w.set_active(a_node, false).unwrap();
    assert_eq!(timers_of_next_frame(&mut w), NOTHING);
    w.set_active(a_node, true).unwrap();
    w.set_enabled(b, true).unwrap();
    assert_eq!(
        timers_of_next_frame(&mut w),
        ["a.on_timer(1)"],
        "b's clock starts"
    );
    assert_eq!(
        timers_of_next_frame(&mut w),
        ["a.on_timer(1)", "b.on_timer(2)"]
    );
}

/// `timers.rs` / §4: a component destroyed in a frame does not fire its timers again
/// (disabled at once), and they are removed when it is really destroyed.
#[test]
fn timers_are_removed_on_destroy() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("d")).unwrap();
    let t = w.add_component(a, P::new("t")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    let u = w.add_component(b, P::new("u")).unwrap();
    w.schedule(t, 1, 0.0, None, 0.0).unwrap();
    w.schedule(t, 2, 0.0, None, 0.0).unwrap();
    w.schedule(u, 3, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("d", Hook::Update, move |w, _, _| {
        w.destroy_component(t).unwrap();
        w.destroy(b).unwrap();
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "d.update",
            "t.on_disable",
            "u.on_disable",
            "d.late_update",
            "t.on_destroy",
            "u.on_destroy",
        ]
    );
    assert_eq!(w.timer_count(), 0);
}

/// `timers.rs`: timers run grouped by component, groups in the order their first timer
/// was scheduled (not update order); within a group in scheduling order.
#[test]
fn timers_run_grouped_by_component() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    let a = w.add_component(n, P::new("a")).unwrap();
    let b = w.add_component(n, P::new("b")).unwrap();
    w.tick(DT).unwrap();
    take_log();
    w.schedule(b, 1, 0.0, None, 0.0).unwrap();
    w.schedule(a, 2, 0.0, None, 0.0).unwrap();
    w.schedule(b, 3, 0.0, None, 0.0).unwrap();
    w.schedule(a, 4, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    take_log();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.update",
            "b.on_timer(1)",
            "b.on_timer(3)",
            "a.on_timer(2)",
            "a.on_timer(4)",
            "a.late_update",
            "b.late_update",
        ]
    );
}

/// `timers.rs`: a timer scheduled during update has its clock started in that frame's
/// timer phase and first fires the next frame.
#[test]
fn timer_scheduled_during_update_starts_its_clock_that_frame() {
    let (mut w, _, _) = one();
    once("a", Hook::Update, move |w, _, me| {
        w.schedule(me, 7, 0.0, None, 0.0).unwrap()
    });
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.late_update"]);
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["a.update", "a.on_timer(7)", "a.late_update"]);
}

/// `timers.rs`: a firing callback that unschedules a later timer prevents it this pass;
/// a timer it schedules starts its clock in the same pass and fires next frame.
#[test]
fn timers_changed_by_a_firing_callback() {
    let mut w = TestWorld::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    let a = w.add_component(n, P::new("a")).unwrap();
    let b = w.add_component(n, P::new("b")).unwrap();
    w.schedule(a, 1, 0.0, None, 0.0).unwrap();
    w.schedule(b, 2, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    take_log();
    once("a", Hook::OnTimer, move |w, _, me| {
        assert_eq!(w.unschedule(b, 2), Ok(true));
        w.schedule(me, 3, 0.0, None, 0.0).unwrap();
    });
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(1)"]);
    assert_eq!(
        timers_of_next_frame(&mut w),
        ["a.on_timer(1)", "a.on_timer(3)"]
    );
    assert_eq!(w.unschedule(b, 2), Ok(false));
}

/// `timers.rs` API: rescheduling a key only changes its interval; bad values and types
/// without `on_timer` are refused without changing anything.
#[test]
fn schedule_api_edges() {
    let (mut w, a_node, a) = one();
    w.schedule(a, 1, 0.0, None, 0.0).unwrap();
    w.schedule(a, 1, 0.5, None, 0.0).unwrap();
    assert_eq!(w.timer_count(), 1);
    assert_eq!(timers_of_next_frame(&mut w), NOTHING, "clock starts");
    assert_eq!(timers_of_next_frame(&mut w), NOTHING, "interval is 0.5 now");
    assert_eq!(timers_of_next_frame(&mut w), ["a.on_timer(1)"]);

    let u = w.add_component(a_node, Updater::new("u")).unwrap();
    assert_eq!(w.schedule(u, 1, 0.0, None, 0.0), Err(Error::NoTimerHook));
    assert_eq!(w.schedule(a, 2, -1.0, None, 0.0), Err(Error::InvalidValue));
    assert_eq!(
        w.schedule(a, 2, 0.0, None, f32::NAN),
        Err(Error::InvalidValue)
    );
    assert_eq!(w.timer_count(), 1);
}

/// `timers.rs` ("Timers of a component are paused while it is disabled"): a component
/// that schedules a timer in its `on_load` and then disables itself there never
/// completed `on_enable`; its timer must still not run while it is disabled. Enabled
/// later, the timer's clock starts in its first running frame.
#[test]
fn timer_of_a_component_disabled_in_its_own_on_load_stays_paused() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    once("t", Hook::OnLoad, move |w, _, me| {
        w.schedule(me, 1, 0.0, None, 0.0).unwrap();
        w.set_enabled(me, false).unwrap();
    });
    let t = w.add_component(a, P::new("t")).unwrap();
    assert_eq!(take_log(), ["t.preload", "t.on_load"]);
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING, "disabled: no timer");

    w.set_enabled(t, true).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        ["t.on_enable", "t.start", "t.update", "t.late_update"],
        "the clock starts"
    );
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["t.update", "t.on_timer(1)", "t.late_update"]);
}

/// `timers.rs` ("paused while … its node inactive"): a component that schedules a timer
/// in its `on_load` and then deactivates its own node there must not fire it while the
/// node is inactive.
#[test]
fn timer_of_a_component_whose_node_was_deactivated_in_on_load_stays_paused() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    once("t", Hook::OnLoad, move |w, node, me| {
        w.schedule(me, 1, 0.0, None, 0.0).unwrap();
        w.set_active(node, false).unwrap();
    });
    w.add_component(a, P::new("t")).unwrap();
    assert_eq!(take_log(), ["t.preload", "t.on_load"]);
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING, "inactive node: no timer");
}

/// `timers.rs` ("removed when it is destroyed") and `lifecycle.rs` ("no hook after
/// `on_destroy`"): a timer a component schedules from its own `on_destroy` must not
/// outlive it (either refused, or removed with the component); it must not keep a slot
/// of the timer table.
#[test]
fn timer_scheduled_in_on_destroy_does_not_outlive_the_component() {
    let (mut w, a_node, _) = one();
    once("a", Hook::OnDestroy, move |w, _, me| {
        let _ = w.schedule(me, 1, 0.0, None, 0.0);
    });
    w.destroy(a_node).unwrap();
    w.end_frame().unwrap();
    assert_eq!(take_log(), ["a.on_disable", "a.on_destroy"]);
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);
    assert_eq!(w.timer_count(), 0, "no timer left for a freed component");
}
