//! The lifecycle trace (`trace.rs`): `set_tracing` records every hook call as
//! `(frame, node, comp, kind, hook)`, in call order.

use sprig::{CompId, Hook, NodeId};
use sprig_tests::probes::{take_log, Neg, TestWorld, DT, P};

type Row = (u32, NodeId, CompId, &'static str, Hook);

fn rows(w: &TestWorld) -> Vec<Row> {
    w.trace()
        .map(|e| (e.frame, e.node, e.comp, w.kind_name(e.kind), e.hook))
        .collect()
}

/// `trace.rs`: with tracing on, every hook is recorded in call order with the frame it
/// ran in (`frame()` advances at the end of each frame), its node, component and type.
#[test]
fn tracing_records_every_hook_in_order() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_node("A").unwrap();
    let p = w.add_component(a, P::new("p")).unwrap();
    let b = w.create_child(a, "B").unwrap();
    let n = w.add_component(b, Neg::new("n")).unwrap();
    w.set_tracing(true);
    w.add_child(root, a).unwrap();
    w.tick(DT).unwrap();
    w.tick(DT).unwrap();
    w.destroy(b).unwrap();
    w.end_frame().unwrap();
    assert_eq!(
        rows(&w),
        [
            (0, a, p, "P", Hook::Preload),
            (0, b, n, "Neg", Hook::Preload),
            (0, b, n, "Neg", Hook::OnLoad),
            (0, a, p, "P", Hook::OnLoad),
            (0, b, n, "Neg", Hook::OnEnable),
            (0, a, p, "P", Hook::OnEnable),
            (0, b, n, "Neg", Hook::Start),
            (0, a, p, "P", Hook::Start),
            (0, b, n, "Neg", Hook::Update),
            (0, a, p, "P", Hook::Update),
            (0, b, n, "Neg", Hook::LateUpdate),
            (0, a, p, "P", Hook::LateUpdate),
            (1, b, n, "Neg", Hook::Update),
            (1, a, p, "P", Hook::Update),
            (1, b, n, "Neg", Hook::LateUpdate),
            (1, a, p, "P", Hook::LateUpdate),
            (2, b, n, "Neg", Hook::OnDisable),
            (2, b, n, "Neg", Hook::OnDestroy),
        ]
    );
    assert_eq!(w.frame(), 3);
    assert_eq!(
        take_log().len(),
        18,
        "the trace agrees with the probes' log"
    );
}

/// `trace.rs`: tracing is off by default; turning it off stops recording; timer
/// callbacks are recorded as `OnTimer`; `clear_trace` empties the ring.
#[test]
fn tracing_can_be_turned_on_and_off() {
    let mut w = TestWorld::new();
    let root = w.root();
    let a = w.create_child(root, "A").unwrap();
    let p = w.add_component(a, P::new("p")).unwrap();
    w.schedule(p, 1, 0.0, None, 0.0).unwrap();
    w.tick(DT).unwrap();
    assert_eq!(w.trace().count(), 0, "off by default");

    w.set_tracing(true);
    w.tick(DT).unwrap();
    w.set_tracing(false);
    w.tick(DT).unwrap();
    assert_eq!(
        rows(&w),
        [
            (1, a, p, "P", Hook::Update),
            (1, a, p, "P", Hook::OnTimer),
            (1, a, p, "P", Hook::LateUpdate),
        ]
    );
    w.clear_trace();
    assert_eq!(w.trace().count(), 0);
}
