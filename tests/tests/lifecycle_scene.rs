//! Scene switching, persistent nodes and pause (`scene.rs`, `frame.rs`; Cocos
//! `runSceneImmediate`, `addPersistRootNode`, `director.pause`, §2 of
//! `docs/lifecycle.md`).

use sprig::{Error, Hook, NodeId};
use sprig_tests::child_names;
use sprig_tests::probes::{log, once, take_log, Neg, Pos, TestWorld, DT, NOTHING, P};

/// The old scene: `A{a}/B{b}`, persistent `K{k}/KC{kc}`, `C{c}`, all started.
fn old_scene() -> (TestWorld, [NodeId; 5]) {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    let k = w.create_child(root, "K").unwrap();
    w.add_component(k, P::new("k")).unwrap();
    let kc = w.create_child(k, "KC").unwrap();
    w.add_component(kc, P::new("kc")).unwrap();
    let c = w.create_child(root, "C").unwrap();
    w.add_component(c, P::new("c")).unwrap();
    w.set_persistent(k, true).unwrap();
    w.tick(DT).unwrap();
    take_log();
    (w, [a, b, k, kc, c])
}

/// The new scene: `X{x1, x2: Neg}`, `Y{y}/Z{z: Pos}`.
fn build_new_scene(w: &mut TestWorld) -> Result<(), Error> {
    let root = w.root();
    let x = w.create_child(root, "X")?;
    w.add_component(x, P::new("x1"))?;
    w.add_component(x, Neg::new("x2"))?;
    let y = w.create_child(root, "Y")?;
    w.add_component(y, P::new("y"))?;
    let z = w.create_child(y, "Z")?;
    w.add_component(z, Pos::new("z"))?;
    log("built");
    Ok(())
}

/// `scene.rs`, as Cocos Creator 2.4's `runSceneImmediate`: the persistent node leaves
/// the old scene first (its components' `on_disable`), then the old scene's
/// `on_disable`s run (pre-order, child by child), then its `on_destroy`s at once
/// (post-order); the new scene is built with no hook running, the persistent node is
/// appended after it, and all of it is activated in one pass: every `preload`, then
/// every `on_load`, then every `on_enable`, sorted by execution order (the persistent
/// node's components, loaded long ago, get only `on_enable`, after the new scene's of
/// the same order); from then on they update after the new scene's.
#[test]
fn switch_scene_destroys_the_old_and_activates_the_new_in_one_pass() {
    let (mut w, [a, b, k, kc, c]) = old_scene();
    w.switch_scene(build_new_scene).unwrap();
    assert_eq!(
        take_log(),
        [
            "k.on_disable",
            "kc.on_disable",
            "a.on_disable",
            "b.on_disable",
            "c.on_disable",
            "b.on_destroy",
            "a.on_destroy",
            "c.on_destroy",
            "built",
            "x1.preload",
            "x2.preload",
            "y.preload",
            "z.preload",
            "x2.on_load",
            "x1.on_load",
            "y.on_load",
            "z.on_load",
            "x2.on_enable",
            "x1.on_enable",
            "y.on_enable",
            "k.on_enable",
            "kc.on_enable",
            "z.on_enable",
        ]
    );
    for n in [a, b, c] {
        assert!(!w.is_valid(n));
    }
    assert!(w.is_valid(k) && w.active_in_hierarchy(kc).unwrap());
    let root = w.root();
    assert_eq!(child_names(&w, root), ["X", "Y", "K"]);

    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "x2.start",
            "x1.start",
            "y.start",
            "z.start",
            "x2.update",
            "x1.update",
            "y.update",
            "k.update",
            "kc.update",
            "z.update",
            "x2.late_update",
            "x1.late_update",
            "y.late_update",
            "k.late_update",
            "kc.late_update",
            "z.late_update",
        ]
    );
}

/// §2 (`runSceneImmediate` runs the deferred destroy itself): objects destroyed
/// earlier in the frame are destroyed during the switch, in call order, before the old
/// scene; persistent nodes only lose what was explicitly destroyed.
#[test]
fn switch_scene_runs_the_pending_destroys_first() {
    let (mut w, [_, _, k, kc, _]) = old_scene();
    w.destroy(kc).unwrap();
    assert_eq!(take_log(), ["kc.on_disable"]);
    w.switch_scene(|_| Ok(())).unwrap();
    assert_eq!(
        take_log(),
        [
            "k.on_disable",
            "a.on_disable",
            "b.on_disable",
            "c.on_disable",
            "kc.on_destroy",
            "b.on_destroy",
            "a.on_destroy",
            "c.on_destroy",
            "k.on_enable",
        ]
    );
    assert!(w.is_valid(k) && !w.is_valid(kc));
    w.tick(DT).unwrap();
    assert_eq!(take_log(), ["k.update", "k.late_update"]);
}

/// `scene.rs`: a node built inactive stays inactive; if `build` fails, what it built is
/// activated anyway and its error returned.
#[test]
fn switch_scene_with_an_inactive_node_and_a_failing_build() {
    let (mut w, _) = old_scene();
    let result = w.switch_scene(|w| {
        let root = w.root();
        let off = w.create_child(root, "Off")?;
        w.add_component(off, P::new("off"))?;
        w.set_active(off, false)?;
        let on = w.create_child(root, "On")?;
        w.add_component(on, P::new("on"))?;
        Err(Error::InvalidValue)
    });
    assert_eq!(result, Err(Error::InvalidValue));
    assert_eq!(
        take_log(),
        [
            "k.on_disable",
            "kc.on_disable",
            "a.on_disable",
            "b.on_disable",
            "c.on_disable",
            "b.on_destroy",
            "a.on_destroy",
            "c.on_destroy",
            "on.preload",
            "on.on_load",
            "on.on_enable",
            "k.on_enable",
            "kc.on_enable",
        ]
    );
}

/// `scene.rs` / `frame.rs`: `switch_scene`, `tick` and `end_frame` are refused with
/// `Reentrant` from inside a hook; only direct children of the root can be persistent.
#[test]
fn switching_or_ticking_from_a_hook_is_refused() {
    let (mut w, [_, b, ..]) = old_scene();
    once("a", Hook::Update, |w, _, _| {
        log(format!("switch: {:?}", w.switch_scene(|_| Ok(()))));
        log(format!("tick: {:?}", w.tick(DT)));
        log(format!("end_frame: {:?}", w.end_frame()));
    });
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "switch: Err(Reentrant)",
            "tick: Err(Reentrant)",
            "end_frame: Err(Reentrant)",
            "b.update",
            "k.update",
            "kc.update",
            "c.update",
            "a.late_update",
            "b.late_update",
            "k.late_update",
            "kc.late_update",
            "c.late_update",
        ]
    );
    assert_eq!(w.set_persistent(b, true), Err(Error::NotRootChild));
}

/// §2: while paused nothing at all happens in a tick: no start, update, timers,
/// late_update, and no deferred destroy; hooks triggered directly by calls
/// (`destroy`'s `on_disable`, `add_component`'s loading) still run at once. After
/// `resume` everything continues.
#[test]
fn pause_stops_everything_including_deferred_destroy() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let ca = w.add_component(a, P::new("a")).unwrap();
    let b = w.create_child(root, "B").unwrap();
    w.add_component(b, P::new("b")).unwrap();
    w.schedule(ca, 1, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    take_log();

    w.pause();
    assert!(w.is_paused());
    let frame = w.frame();
    w.destroy(b).unwrap();
    w.add_component(a, P::new("n")).unwrap();
    assert_eq!(
        take_log(),
        ["b.on_disable", "n.preload", "n.on_load", "n.on_enable"]
    );
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(take_log(), NOTHING);
    assert_eq!(w.frame(), frame + 2);
    assert!(w.is_valid(b), "no deferred destroy while paused");

    w.resume();
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "n.start",
            "a.update",
            "n.update",
            "a.on_timer(1)",
            "a.late_update",
            "n.late_update",
            "b.on_destroy",
        ]
    );
    assert!(!w.is_valid(b));
}

/// Cocos `runSceneImmediate` with several persistent nodes: each leaves in tree order
/// (only enabled components get `on_disable`), an inactive one calls nothing, and all come
/// back after the new scene's own children in their order, activated with it.
#[test]
fn persistent_nodes_leave_first_and_come_back_after_the_new_scene() {
    let mut w = TestWorld::new();
    let root = w.root();
    let p1 = w.create_child(root, "P1").unwrap();
    w.add_component(p1, P::new("p1")).unwrap();
    let a = w.create_child(root, "A").unwrap();
    w.add_component(a, P::new("a")).unwrap();
    let p2 = w.create_child(root, "P2").unwrap();
    w.add_component(p2, P::new("p2")).unwrap();
    w.set_active(p2, false).unwrap();
    let p3 = w.create_child(root, "P3").unwrap();
    let off = w.add_component(p3, P::new("p3off")).unwrap();
    w.set_enabled(off, false).unwrap();
    w.add_component(p3, P::new("p3")).unwrap();
    for p in [p1, p2, p3] {
        w.set_persistent(p, true).unwrap();
    }
    w.tick(DT).unwrap();
    take_log();

    w.switch_scene(|w| {
        let root = w.root();
        let n = w.create_child(root, "N")?;
        w.add_component(n, P::new("n"))?;
        Ok(())
    })
    .unwrap();
    assert_eq!(
        take_log(),
        [
            "p1.on_disable",
            "p3.on_disable",
            "a.on_disable",
            "a.on_destroy",
            "n.preload",
            "n.on_load",
            "n.on_enable",
            "p1.on_enable",
            "p3.on_enable",
        ]
    );
    assert_eq!(child_names(&w, root), ["N", "P1", "P2", "P3"]);
    assert!(!w.active_in_hierarchy(p2).unwrap());
    assert!(w.is_persistent(p1).unwrap() && w.is_persistent(p3).unwrap());
    w.tick(DT).unwrap();
    assert_eq!(
        take_log(),
        [
            "n.start",
            "n.update",
            "p1.update",
            "p3.update",
            "n.late_update",
            "p1.late_update",
            "p3.late_update",
        ]
    );
}
