//! Events between components and frame events (`listeners.rs`, `systems.rs`;
//! docs/lifecycle.md §11 and §2): the exact order listeners run in, what stops an event,
//! what a listener must be to hear one, the table's capacity, and where the systems'
//! frame events fall in a frame and around drawing.

use std::cell::Cell;

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, Event, FrameEvent, Hook, HookResult, Hooks,
    NodeId, Size2, Vec2, MAX_EVENT_DEPTH, MAX_SYSTEMS,
};
use sprig_tests::framebuffer::Framebuffer;
use sprig_tests::probes::{log, on_event_do, once, take_log, TestWorld, Updater, NOTHING, P};

/// The payload most tests send.
#[derive(Debug, PartialEq)]
struct Ping(u32);

/// Another payload type.
struct Other;

/// Root → `G` → `Pa` → `T`, no components; the log is empty.
fn tree() -> (TestWorld, NodeId, NodeId, NodeId) {
    let mut w = TestWorld::new();
    let root = w.root();
    let g = w.create_child(root, "G").unwrap();
    let pa = w.create_child(g, "Pa").unwrap();
    let t = w.create_child(pa, "T").unwrap();
    take_log();
    (w, g, pa, t)
}

/// A probe labelled `label` on `node` (enabled: its `on_enable` ran).
fn probe(w: &mut TestWorld, node: NodeId, label: &str) -> CompId {
    let c = w.add_component(node, P::new(label)).unwrap();
    take_log();
    c
}

/// The `on_event` lines of the log (and lines tests log from event actions), in order.
fn events_logged() -> Vec<String> {
    take_log()
        .into_iter()
        .filter(|l| l.contains(".on_event") || !l.contains('.'))
        .collect()
}

/// On each of `G`, `Pa`, `T`: a capturing listener (`gc`, `pc`, `tc`) and a bubbling one
/// (`gb`, `pb`, `tb`), registered bubbling ones first, deepest first, so that phase and
/// depth, not registration order, decide the order.
fn six_listeners() -> (TestWorld, NodeId, NodeId, NodeId) {
    let (mut w, g, pa, t) = tree();
    let [gb, pb, tb] = [(g, "gb"), (pa, "pb"), (t, "tb")].map(|(n, l)| probe(&mut w, n, l));
    let [gc, pc, tc] = [(g, "gc"), (pa, "pc"), (t, "tc")].map(|(n, l)| probe(&mut w, n, l));
    w.on::<Ping>(tb, t).unwrap();
    w.on::<Ping>(pb, pa).unwrap();
    w.on::<Ping>(gb, g).unwrap();
    w.on_capture::<Ping>(tc, t).unwrap();
    w.on_capture::<Ping>(pc, pa).unwrap();
    w.on_capture::<Ping>(gc, g).unwrap();
    (w, g, pa, t)
}

const ALL_SIX: [&str; 6] = [
    "gc.on_event(G, capture)",
    "pc.on_event(Pa, capture)",
    "tc.on_event(T, target)",
    "tb.on_event(T, target)",
    "pb.on_event(Pa, bubble)",
    "gb.on_event(G, bubble)",
];

/// Cocos `CallbacksInvoker`: on one node, listeners run in the order they registered,
/// wherever their own node is; registering twice is once; the payload type decides who
/// hears it.
#[test]
fn listeners_on_one_node_run_in_registration_order() {
    let (mut w, g, _, t) = tree();
    let a = probe(&mut w, t, "a");
    let b = probe(&mut w, t, "b");
    let c = probe(&mut w, g, "c");
    w.on::<Ping>(b, t).unwrap();
    w.on::<Ping>(c, t).unwrap();
    w.on::<Ping>(a, t).unwrap();
    w.on::<Ping>(a, t).unwrap();
    assert_eq!(w.listener_count(), 3);
    on_event_do("c", |w, _, _, e| {
        let target = w.name(e.target()).unwrap().to_owned();
        log(format!("c got {:?} for {target}", e.get::<Ping>()));
    });
    assert_eq!(w.emit(t, &Ping(7)), Ok(3));
    assert_eq!(
        events_logged(),
        [
            "b.on_event(T, target)",
            "c.on_event(T, target)",
            "c got Some(Ping(7)) for T",
            "a.on_event(T, target)",
        ]
    );
    assert_eq!(w.emit(t, &Other), Ok(0));
    assert_eq!(w.emit(g, &Ping(1)), Ok(0));
    assert_eq!(events_logged(), NOTHING);
}

/// Cocos `_doDispatchEvent`: capturing listeners of the ancestors root first, then at the
/// target its capturing and its other listeners, then the ancestors' other listeners
/// parent first; `target()` stays the node dispatched on.
#[test]
fn dispatch_runs_capture_then_target_then_bubbling_across_three_levels() {
    let (mut w, _, pa, t) = six_listeners();
    on_event_do("gb", |w, _, _, e| {
        let (target, current) = (e.target(), e.current_target());
        log(format!(
            "gb: target {}, current {}",
            w.name(target).unwrap(),
            w.name(current).unwrap()
        ));
    });
    assert_eq!(w.dispatch_event(t, &Ping(0)), Ok(6));
    let mut expected = ALL_SIX.to_vec();
    expected.push("gb: target T, current G");
    assert_eq!(events_logged(), expected);
    // Dispatched on the middle node, the deepest listeners are not on the way.
    assert_eq!(w.dispatch_event(pa, &Ping(0)), Ok(4));
    assert_eq!(
        events_logged(),
        [
            "gc.on_event(G, capture)",
            "pc.on_event(Pa, target)",
            "pb.on_event(Pa, target)",
            "gb.on_event(G, bubble)",
            "gb: target Pa, current G",
        ]
    );
}

/// `Event::stop_propagation`: nothing after the current node; at the target its two
/// lists are one node, so both still run (Cocos checks only the immediate flag there).
#[test]
fn stop_propagation_at_each_phase_ends_after_the_current_node() {
    let cases: [(&str, usize); 6] = [
        ("gc", 1),
        ("pc", 2),
        ("tc", 4),
        ("tb", 4),
        ("pb", 5),
        ("gb", 6),
    ];
    for (stopper, heard) in cases {
        let (mut w, _, _, t) = six_listeners();
        on_event_do(stopper, |_, _, _, e| e.stop_propagation());
        assert_eq!(w.dispatch_event(t, &Ping(0)), Ok(heard), "{stopper}");
        assert_eq!(events_logged(), ALL_SIX[..heard], "stopped by {stopper}");
        sprig_tests::probes::reset();
    }
}

/// `Event::stop_propagation_immediate` (difference D12): no listener after the current
/// one, not even on the same node; plain `stop_propagation` lets the node's other listeners run.
#[test]
fn stop_propagation_immediate_stops_the_rest_of_the_node_too() {
    let (mut w, _, _, t) = six_listeners();
    on_event_do("tc", |_, _, _, e| e.stop_propagation_immediate());
    assert_eq!(w.dispatch_event(t, &Ping(0)), Ok(3));
    assert_eq!(events_logged(), ALL_SIX[..3]);

    let (mut w, _, _, t) = tree();
    let a = probe(&mut w, t, "a");
    let b = probe(&mut w, t, "b");
    w.on::<Ping>(a, t).unwrap();
    w.on::<Ping>(b, t).unwrap();
    on_event_do("a", |_, _, _, e| e.stop_propagation());
    assert_eq!(w.emit(t, &Ping(0)), Ok(2));
    assert_eq!(
        events_logged(),
        ["a.on_event(T, target)", "b.on_event(T, target)"]
    );
    sprig_tests::probes::reset();
    on_event_do("a", |_, _, _, e| e.stop_propagation_immediate());
    assert_eq!(w.emit(t, &Ping(0)), Ok(1));
    assert_eq!(events_logged(), ["a.on_event(T, target)"]);
}

/// Cocos `node.emit`: the node's non-capturing listeners only; no capture, no bubbling.
#[test]
fn emit_reaches_only_the_node_s_own_non_capturing_listeners() {
    let (mut w, _, pa, t) = six_listeners();
    assert_eq!(w.emit(t, &Ping(0)), Ok(1));
    assert_eq!(events_logged(), ["tb.on_event(T, target)"]);
    assert_eq!(w.emit(pa, &Ping(0)), Ok(1));
    assert_eq!(events_logged(), ["pb.on_event(Pa, target)"]);
}

/// Cocos `CallbacksInvoker`: a listener removed while an event is delivered is not
/// called; one registered meanwhile (also one removed and registered again) is not
/// called for that event, and runs last from the next one on.
#[test]
fn registrations_changed_during_delivery_take_effect_as_cocos_does() {
    let (mut w, _, _, t) = tree();
    let [a, b, c, d] = ["a", "b", "c", "d"].map(|l| probe(&mut w, t, l));
    for x in [a, b, c] {
        w.on::<Ping>(x, t).unwrap();
    }
    let first = Cell::new(true);
    on_event_do("a", move |w, _, _, _| {
        if first.replace(false) {
            assert_eq!(w.off::<Ping>(c, t), Ok(true));
            w.on::<Ping>(d, t).unwrap();
            assert_eq!(w.off::<Ping>(b, t), Ok(true));
            w.on::<Ping>(b, t).unwrap();
        }
    });
    assert_eq!(w.emit(t, &Ping(0)), Ok(1));
    assert_eq!(events_logged(), ["a.on_event(T, target)"]);
    assert_eq!(w.emit(t, &Ping(0)), Ok(3));
    assert_eq!(
        events_logged(),
        [
            "a.on_event(T, target)",
            "d.on_event(T, target)",
            "b.on_event(T, target)",
        ]
    );
}

/// Difference D11: removing a listener keeps the others' order (Cocos swaps the last one
/// into its place: a, d, c).
#[test]
fn off_keeps_the_order_of_the_others() {
    let (mut w, _, _, t) = tree();
    let [a, b, c, d] = ["a", "b", "c", "d"].map(|l| probe(&mut w, t, l));
    for x in [a, b, c, d] {
        w.on::<Ping>(x, t).unwrap();
    }
    assert_eq!(w.off::<Ping>(b, t), Ok(true));
    assert_eq!(w.off::<Ping>(b, t), Ok(false));
    assert_eq!(w.off_capture::<Ping>(a, t), Ok(false));
    w.emit(t, &Ping(0)).unwrap();
    assert_eq!(
        events_logged(),
        [
            "a.on_event(T, target)",
            "c.on_event(T, target)",
            "d.on_event(T, target)",
        ]
    );
    // Target-off: every registration of `a` on `T`, of every type and phase.
    w.on::<Other>(a, t).unwrap();
    w.on_capture::<Ping>(a, t).unwrap();
    assert_eq!(w.off_all(a, t), Ok(3));
    assert_eq!(w.listener_count(), 2);
}

/// Difference D13: a listener hears events only between its `on_enable` and `on_disable`,
/// and not once marked for destruction; its registrations stay while it is disabled, go
/// when it is destroyed, and every registration on a destroyed node goes with the node.
#[test]
fn disabled_destroyed_and_node_destroyed_listeners_hear_nothing() {
    let (mut w, _, _, t) = tree();
    let root = w.root();
    let side = w.create_child(root, "Side").unwrap();
    let a = probe(&mut w, t, "a");
    let b = probe(&mut w, side, "b");
    let c = probe(&mut w, t, "c");
    w.on::<Ping>(a, t).unwrap();
    w.on::<Ping>(b, t).unwrap();
    w.on::<Ping>(c, side).unwrap();
    let both = ["a.on_event(T, target)", "b.on_event(T, target)"];

    w.set_enabled(a, false).unwrap();
    w.emit(t, &Ping(0)).unwrap();
    assert_eq!(events_logged(), ["b.on_event(T, target)"], "a disabled");
    w.set_enabled(a, true).unwrap();
    w.emit(t, &Ping(0)).unwrap();
    assert_eq!(events_logged(), both, "a enabled again");

    w.set_active(side, false).unwrap();
    w.emit(t, &Ping(0)).unwrap();
    assert_eq!(
        events_logged(),
        ["a.on_event(T, target)"],
        "b's node inactive"
    );
    w.set_active(side, true).unwrap();
    w.emit(t, &Ping(0)).unwrap();
    assert_eq!(events_logged(), both);

    w.destroy_component(a).unwrap();
    w.emit(t, &Ping(0)).unwrap();
    assert_eq!(
        events_logged(),
        ["b.on_event(T, target)"],
        "a pending destroy"
    );
    assert_eq!(w.listener_count(), 3);
    w.end_frame().unwrap();
    assert_eq!(w.listener_count(), 2, "a's registration went with it");

    // `T` destroyed: `c` (on it) is disabled at once; `b` still hears `T` until the
    // node is really destroyed, as in Cocos.
    w.destroy(t).unwrap();
    assert_eq!(w.emit(side, &Ping(0)), Ok(0));
    assert_eq!(w.emit(t, &Ping(0)), Ok(1));
    assert_eq!(events_logged(), ["b.on_event(T, target)"]);
    w.end_frame().unwrap();
    assert_eq!(w.listener_count(), 0, "b's on T and c's went with T");
    assert_eq!(w.emit(t, &Ping(0)), Err(Error::StaleHandle));
    assert_eq!(w.on::<Ping>(b, t), Err(Error::StaleHandle));
}

/// Events are synchronous: one emitted from `on_event` is delivered entirely before the
/// next listener of the outer one runs.
#[test]
fn nested_emit_runs_inside_the_outer_listener() {
    let (mut w, g, _, t) = tree();
    let a = probe(&mut w, t, "a");
    let b = probe(&mut w, t, "b");
    let x = probe(&mut w, g, "x");
    w.on::<Ping>(a, t).unwrap();
    w.on::<Ping>(b, t).unwrap();
    w.on::<Other>(x, g).unwrap();
    on_event_do("a", move |w, _, _, _| {
        log(format!("a emitted: {:?}", w.emit(g, &Other)));
    });
    assert_eq!(w.emit(t, &Ping(0)), Ok(2));
    assert_eq!(
        events_logged(),
        [
            "a.on_event(T, target)",
            "x.on_event(G, target)",
            "a emitted: Ok(1)",
            "b.on_event(T, target)",
        ]
    );
}

/// Nested events go `MAX_EVENT_DEPTH` deep; the next emit is `EventTooDeep`, delivering
/// nothing, and the outer ones finish normally.
#[test]
fn nesting_beyond_the_fixed_depth_is_an_error() {
    let mut w = TestWorld::new();
    let mut parent = w.root();
    let mut nodes = Vec::new();
    for k in 0..=MAX_EVENT_DEPTH {
        parent = w.create_child(parent, &format!("N{k}")).unwrap();
        nodes.push(parent);
    }
    for (k, &n) in nodes.iter().enumerate() {
        let c = probe(&mut w, n, &format!("c{k}"));
        w.on::<Ping>(c, n).unwrap();
        if let Some(&next) = nodes.get(k + 1) {
            on_event_do(&format!("c{k}"), move |w, _, _, _| {
                let result = w.emit(next, &Ping(0));
                if result.is_err() {
                    log(format!("c{k}: {result:?}"));
                }
            });
        }
    }
    assert_eq!(w.emit(nodes[0], &Ping(0)), Ok(1));
    let depth = usize::from(MAX_EVENT_DEPTH);
    let mut expected: Vec<String> = (0..depth)
        .map(|k| format!("c{k}.on_event(N{k}, target)"))
        .collect();
    expected.push(format!("c{}: Err(EventTooDeep)", depth - 1));
    assert_eq!(events_logged(), expected);
    // Every level was left: a new event goes as deep again.
    w.emit(nodes[0], &Ping(0)).unwrap();
    assert_eq!(events_logged(), expected);
}

/// Difference D14: a listener whose component is running a hook is skipped for that event:
/// one that emits from its own `update` an event it listens to does not hear it, and
/// one re-emitting from its `on_event` does not recurse; the others hear it at once.
#[test]
fn a_listener_busy_in_its_own_hook_is_skipped() {
    let (mut w, _, _, t) = tree();
    let a = probe(&mut w, t, "a");
    let b = probe(&mut w, t, "b");
    w.on::<Ping>(a, t).unwrap();
    w.on::<Ping>(b, t).unwrap();
    w.tick(0.016).unwrap();
    take_log();
    once("a", Hook::Update, |w, n, _| {
        log(format!("a emits: {:?}", w.emit(n, &Ping(0))));
    });
    w.tick(0.016).unwrap();
    assert_eq!(
        take_log(),
        [
            "a.update",
            "b.on_event(T, target)",
            "a emits: Ok(1)",
            "b.update",
            "a.late_update",
            "b.late_update",
        ]
    );
    w.off::<Ping>(b, t).unwrap();
    let first = Cell::new(true);
    on_event_do("a", move |w, n, _, _| {
        if first.replace(false) {
            log(format!("a re-emits: {:?}", w.emit(n, &Ping(1))));
        }
    });
    assert_eq!(w.emit(t, &Ping(0)), Ok(1));
    assert_eq!(
        events_logged(),
        ["a.on_event(T, target)", "a re-emits: Ok(0)"]
    );
}

/// A component of another world, written with `#[component]`: `on_event` is a hook
/// like the others (its `Err` is counted under `Hook::OnEvent`, and traced).
pub struct Failing;

#[component]
impl Hooks for Failing {
    fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        match event.get::<Ping>() {
            Some(Ping(0)) => Ok(()),
            _ => Err(Error::InvalidValue),
        }
    }
}

/// Listens on its own node from `on_load` and sends a `Ping(n)` on as `Ping(0)` to its
/// parent, all through the generic `Ctx` (as a component of any app would).
pub struct Forwarder;

#[component]
impl Hooks for Forwarder {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Ping>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        if let Some(Ping(n)) = event.get::<Ping>() {
            if *n > 0 {
                let up = ctx.parent(event.current_target())?.ok_or(Error::NoParent)?;
                ctx.emit(up, &Ping(0))?;
            }
        }
        Ok(())
    }
}

world! {
    /// Two listener registrations, to fill.
    type Small = World {
        nodes: 8,
        components: SmallSet { Failing: 4, sprig_tests::probes::Updater: 1, Forwarder: 1 },
        listeners: 2,
    };
}

/// A component written against `AnyWorld` registers from `on_load` and emits from
/// `on_event` through its `Ctx`; the nested delivery shows in the trace.
#[test]
fn a_generic_component_registers_and_emits_through_its_ctx() {
    let mut w = Small::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let b = w.create_child(a, "B").unwrap();
    let failing = w.add_component(a, Failing).unwrap();
    w.on::<Ping>(failing, a).unwrap();
    let forwarder = w.add_component(b, Forwarder).unwrap();
    assert_eq!(w.listener_count(), 2);
    w.set_tracing(true);
    w.clear_trace();
    assert_eq!(w.emit(b, &Ping(1)), Ok(1));
    let traced: Vec<(CompId, Hook)> = w.trace().map(|e| (e.comp, e.hook)).collect();
    assert_eq!(
        traced,
        [(forwarder, Hook::OnEvent), (failing, Hook::OnEvent)]
    );
    assert_eq!(w.hook_errors(), 0, "Failing got Ping(0)");
}

/// The table is fixed: registering when it is full is `ListenerTableFull` and changes
/// nothing; a type without `on_event` is `NoEventHook`.
#[test]
fn a_full_listener_table_refuses_and_changes_nothing() {
    let mut w = Small::new();
    assert_eq!(w.listener_capacity(), 2);
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    let [f1, f2, f3] = [(); 3].map(|_| w.add_component(n, Failing).unwrap());
    w.on::<Ping>(f1, n).unwrap();
    w.on::<Ping>(f2, n).unwrap();
    assert_eq!(
        w.on::<Ping>(f3, n),
        Err(Error::ListenerTableFull { capacity: 2 })
    );
    assert_eq!(w.on::<Ping>(f1, n), Ok(()), "already there: nothing to add");
    assert_eq!(w.listener_count(), 2);
    assert_eq!(w.emit(n, &Ping(0)), Ok(2));
    assert_eq!(w.hook_errors(), 0);
    let updater = w.add_component(n, Updater::new("u")).unwrap();
    w.off::<Ping>(f2, n).unwrap();
    assert_eq!(w.on::<Ping>(updater, n), Err(Error::NoEventHook));
    assert_eq!(w.listener_count(), 1);
}

/// `on_event` errors are counted like any hook's and the frame goes on; the call shows
/// in the trace as `Hook::OnEvent`.
#[test]
fn on_event_errors_are_counted_and_traced() {
    let mut w = Small::new();
    let root = w.root();
    let n = w.create_child(root, "N").unwrap();
    let f = w.add_component(n, Failing).unwrap();
    w.on::<Ping>(f, n).unwrap();
    w.set_tracing(true);
    w.clear_trace();
    assert_eq!(w.emit(n, &Ping(3)), Ok(1));
    assert_eq!(w.hook_errors(), 1);
    assert_eq!(
        w.last_hook_error(),
        Some((f, Hook::OnEvent, Error::InvalidValue))
    );
    let traced: Vec<(CompId, Hook)> = w.trace().map(|e| (e.comp, e.hook)).collect();
    assert_eq!(traced, [(f, Hook::OnEvent)]);
    assert_eq!(Hook::OnEvent.name(), "on_event");
}

fn system_one(_: &mut TestWorld, event: FrameEvent) {
    log(format!("one.{event:?}"));
}

fn system_two(_: &mut TestWorld, event: FrameEvent) {
    log(format!("two.{event:?}"));
}

/// Cocos `mainLoop`: `EVENT_BEFORE_UPDATE` before `start`, `EVENT_AFTER_UPDATE` after
/// `lateUpdate` and before the deferred destruction; `EVENT_BEFORE_DRAW` and
/// `EVENT_AFTER_DRAW` around drawing, also while paused, when no update ones run.
#[test]
fn frame_events_fall_around_the_update_phases_and_drawing() {
    let mut w = TestWorld::new();
    let root = w.root();
    let an = w.create_child(root, "A").unwrap();
    let bn = w.create_child(root, "B").unwrap();
    let a = w.add_component(an, P::new("a")).unwrap();
    let b = w.add_component(bn, P::new("b")).unwrap();
    w.schedule(a, 1, 0.0, None, 0.0).unwrap();
    w.tick(0.016).unwrap();
    let one = w.add_system(system_one).unwrap();
    w.add_system(system_two).unwrap();
    assert_eq!(w.system_count(), 2);
    take_log();
    once("a", Hook::Update, move |w, _, _| {
        w.destroy_component(b).unwrap()
    });
    w.tick(0.016).unwrap();
    assert_eq!(
        take_log(),
        [
            "one.BeforeUpdate",
            "two.BeforeUpdate",
            "a.update",
            "b.on_disable",
            "a.on_timer(1)",
            "a.late_update",
            "one.AfterUpdate",
            "two.AfterUpdate",
            "b.on_destroy",
        ]
    );
    let mut fb = Framebuffer::new(8, 8, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 64, 64> =
        Renderer::new(Size::new(8, 8), Rgb888::BLACK, BusCost::new(24, 0));
    r.render(&mut w, &mut fb).unwrap();
    let draw = [
        "one.BeforeDraw",
        "two.BeforeDraw",
        "one.AfterDraw",
        "two.AfterDraw",
    ];
    assert_eq!(take_log(), draw);
    w.pause();
    w.tick(0.016).unwrap();
    assert_eq!(take_log(), NOTHING, "paused: no update, no frame events");
    r.render_full(&mut w, &mut fb).unwrap();
    assert_eq!(take_log(), draw);
    w.resume();
    assert!(w.remove_system(one));
    assert!(!w.remove_system(one));
    w.tick(0.016).unwrap();
    assert_eq!(
        take_log(),
        [
            "two.BeforeUpdate",
            "a.update",
            "a.on_timer(1)",
            "a.late_update",
            "two.AfterUpdate",
        ]
    );
}

fn reentrant_system(w: &mut TestWorld, event: FrameEvent) {
    if event == FrameEvent::BeforeUpdate {
        log(format!("tick from a system: {:?}", w.tick(0.016)));
    }
}

/// A system may do what a hook may: running a frame from one is refused. The array is
/// fixed: one system more than `MAX_SYSTEMS` is `SystemTableFull`.
#[test]
fn systems_cannot_tick_and_their_array_is_fixed() {
    let mut w = TestWorld::new();
    w.add_system(reentrant_system).unwrap();
    w.tick(0.016).unwrap();
    assert_eq!(take_log(), ["tick from a system: Err(Reentrant)"]);
    for _ in 1..MAX_SYSTEMS {
        w.add_system(system_one).unwrap();
    }
    assert_eq!(
        w.add_system(system_two),
        Err(Error::SystemTableFull {
            capacity: MAX_SYSTEMS as u16
        })
    );
    assert_eq!(w.system_count(), MAX_SYSTEMS);
}

world! {
    /// Shapes, to see what a `BeforeDraw` system changes.
    type Drawn = World { nodes: 4, components: Shapes { Shape: 2 } };
}

fn slide_right(w: &mut Drawn, event: FrameEvent) {
    if event == FrameEvent::BeforeDraw {
        if let Ok(Some(n)) = w.find_from_root("box") {
            w.set_position(n, Vec2::new(10.0, 0.0)).unwrap();
        }
    }
}

/// What a `BeforeDraw` system changes is drawn in the frame it precedes.
#[test]
fn a_before_draw_system_s_changes_are_in_that_frame() {
    let mut w = Drawn::new();
    let root = w.root();
    let n = w.create_child(root, "box").unwrap();
    w.set_anchor(n, Vec2::ZERO).unwrap();
    w.set_content_size(n, Size2::new(4.0, 4.0)).unwrap();
    w.add_component(n, Shape::rectangle().with_fill(Rgb888::RED))
        .unwrap();
    w.add_system(slide_right).unwrap();
    let mut fb = Framebuffer::new(16, 4, Rgb888::BLACK);
    let mut r: Renderer<Rgb888, 4, 64> =
        Renderer::new(Size::new(16, 4), Rgb888::BLACK, BusCost::new(24, 0));
    r.render(&mut w, &mut fb).unwrap();
    assert_eq!(fb.get(1, 1), Rgb888::BLACK);
    assert_eq!(fb.get(11, 1), Rgb888::RED);
}

/// A registration made from the component's own `on_destroy` would outlive it: refused
/// with `PendingDestroy`, changing nothing.
#[test]
fn registering_from_on_destroy_is_refused() {
    let (mut w, _, _, t) = tree();
    let a = probe(&mut w, t, "a");
    once("a", Hook::OnDestroy, |w, n, c| {
        log(format!("on from on_destroy: {:?}", w.on::<Ping>(c, n)));
    });
    w.destroy_component(a).unwrap();
    w.end_frame().unwrap();
    assert_eq!(
        take_log(),
        [
            "a.on_disable",
            "a.on_destroy",
            "on from on_destroy: Err(PendingDestroy)"
        ]
    );
    assert_eq!(w.listener_count(), 0);
}

/// The table is part of the world's RAM: each entry of capacity costs `LISTENER_BYTES`.
#[test]
fn each_listener_entry_costs_listener_bytes_of_ram() {
    type Four =
        sprig::World<SmallSet, 8, { <SmallSet as sprig::ComponentSet>::CAPACITY }, 8, 32, 64, 4>;
    type None_ =
        sprig::World<SmallSet, 8, { <SmallSet as sprig::ComponentSet>::CAPACITY }, 8, 32, 64, 0>;
    assert_eq!(
        Four::ram_bytes() - None_::ram_bytes(),
        4 * sprig::LISTENER_BYTES
    );
    const { assert!(sprig::LISTENER_BYTES <= 24, "a listener entry stays small") };
}
