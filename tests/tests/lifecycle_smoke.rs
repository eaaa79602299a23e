//! First checks of the lifecycle engine against §3 and §2.

use sprig::Hook;
use sprig_tests::probes::{log, on, take_log, Neg, Pos, TestWorld, P};

#[test]
fn activation_runs_preload_then_sorted_on_load_then_sorted_on_enable() {
    let mut w = TestWorld::new();
    let a = w.create_node("A").unwrap();
    w.add_component(a, P::new("a1")).unwrap();
    w.add_component(a, Neg::new("a2")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b1")).unwrap();
    w.add_component(b, Pos::new("b2")).unwrap();
    assert_eq!(take_log(), Vec::<String>::new(), "detached: nothing runs");
    let root = w.root();
    w.add_child(root, a).unwrap();
    assert_eq!(
        take_log(),
        [
            "a1.preload",
            "a2.preload",
            "b1.preload",
            "b2.preload",
            "a2.on_load",
            "a1.on_load",
            "b1.on_load",
            "b2.on_load",
            "a2.on_enable",
            "a1.on_enable",
            "b1.on_enable",
            "b2.on_enable",
        ]
    );
    w.tick(0.016).unwrap();
    assert_eq!(
        take_log(),
        [
            "a2.start",
            "a1.start",
            "b1.start",
            "b2.start",
            "a2.update",
            "a1.update",
            "b1.update",
            "b2.update",
            "a2.late_update",
            "a1.late_update",
            "b1.late_update",
            "b2.late_update",
        ]
    );
}

#[test]
fn destroy_from_update_disables_now_and_destroys_at_the_end() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.tick(0.016).unwrap();
    take_log();
    on("a", Hook::Update, move |w, node, _| {
        log("destroying A");
        w.destroy(node).unwrap();
        log("destroyed A");
    });
    w.tick(0.016).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "destroying A",
            "b.on_disable",
            "destroyed A",
            // Its own hook waits for the running one: a component's hooks never nest.
            "a.on_disable",
            "b.on_destroy",
            "a.on_destroy",
        ]
    );
    assert!(!w.is_valid(a) && !w.is_valid(b));
}
