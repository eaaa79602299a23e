//! Random operation sequences, run from outside frames and from inside hooks, must keep
//! the lifecycle invariants every component can rely on, checked after every step:
//! `on_load` at most once and before any `on_enable`; `on_enable` / `on_disable`
//! alternate, starting with `on_enable`; `start` at most once, after an `on_enable`, before
//! the first `update`; no hook after `on_destroy`; `on_destroy` only if `on_load` ran;
//! `update` only while enabled and active in the hierarchy; `on_event` only between
//! `on_enable` and `on_disable`, never for a disabled or destroyed component (operations
//! register, unregister and send events, also from inside `on_event`); the keyboard focus
//! only on a live, focusable node active in the hierarchy; and no panic. The components
//! are the probes and `sprig_reusable::Relay`, a component of another crate whose hooks
//! act on the world through the generic `AnyWorld` as the probes' do. About a third of
//! the operations add `sprig-ui` widgets, change them from code, drive screen stacks
//! and message boxes, and press keys and touch the screen; the widgets' own guarantees
//! are checked too (listed in `sprig_tests::invariants`).

use proptest::prelude::*;
use sprig_tests::invariants::{run_case, Op};

fn op() -> impl Strategy<Value = Op> {
    let idx = 0..24usize;
    prop_oneof![
        2 => proptest::option::of(idx.clone()).prop_map(|parent| Op::CreateNode { parent }),
        1 => (idx.clone(), proptest::option::of(idx.clone()))
            .prop_map(|(node, parent)| Op::Reparent { node, parent }),
        2 => (idx.clone(), any::<bool>()).prop_map(|(node, active)| Op::SetActive { node, active }),
        1 => idx.clone().prop_map(|node| Op::DestroyNode { node }),
        3 => (idx.clone(), 0..5u8).prop_map(|(node, kind)| Op::AddComponent { node, kind }),
        2 => (idx.clone(), any::<bool>()).prop_map(|(comp, enabled)| Op::SetEnabled { comp, enabled }),
        1 => idx.clone().prop_map(|comp| Op::DestroyComponent { comp }),
        1 => (idx.clone(), proptest::option::of(0..3u32)).prop_map(|(comp, repeat)| Op::Schedule { comp, repeat }),
        2 => (idx.clone(), idx.clone(), any::<bool>())
            .prop_map(|(comp, node, capture)| Op::Listen { comp, node, capture }),
        1 => (idx.clone(), idx.clone()).prop_map(|(comp, node)| Op::Unlisten { comp, node }),
        2 => (idx.clone(), any::<bool>()).prop_map(|(node, dispatch)| Op::Emit { node, dispatch }),
        1 => (idx.clone(), any::<bool>()).prop_map(|(node, focusable)| Op::Focus { node, focusable }),
        1 => (idx.clone(), any::<bool>()).prop_map(|(node, forever)| Op::Tween { node, forever }),
        3 => (idx.clone(), any::<u8>()).prop_map(|(node, how)| Op::Visual { node, how }),
        3 => Just(Op::Tick),
        // The widgets, their changes by code, the screens and the input reaching them:
        // about a third of the operations.
        3 => (idx.clone(), any::<u8>(), any::<u8>()).prop_map(|(node, kind, at)| Op::Widget { node, kind, at }),
        2 => (any::<u8>(), any::<u8>()).prop_map(|(widget, how)| Op::Edit { widget, how }),
        1 => (idx.clone(), any::<u8>()).prop_map(|(node, how)| Op::Screen { node, how }),
        1 => (idx, any::<u8>()).prop_map(|(node, how)| Op::MessageBox { node, how }),
        2 => (any::<u8>(), any::<bool>()).prop_map(|(key, pressed)| Op::Key { key, pressed }),
        3 => (any::<bool>(), any::<u8>(), any::<u8>(), any::<u8>())
            .prop_map(|(second, phase, x, y)| Op::Touch { second, phase, x, y }),
    ]
}

/// Cases per run: 1 000 (about 40 000 operations), or with `SPRIG_SOAK=1` 25 000 (about
/// 1 000 000 operations: each case is 1 to 79 operations, 40 on average).
fn cases() -> u32 {
    if std::env::var_os("SPRIG_SOAK").is_some() {
        25_000
    } else {
        1_000
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn lifecycle_invariants_hold(
        ops in proptest::collection::vec(op(), 1..80),
        hooked in proptest::collection::vec((0..64usize, 0..10usize, op()), 0..12),
    ) {
        if let Err(why) = run_case(ops, hooked) {
            return Err(TestCaseError::fail(why));
        }
    }
}
