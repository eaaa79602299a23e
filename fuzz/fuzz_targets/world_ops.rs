//! Random world operations, from outside frames and from inside hooks, with the lifecycle
//! invariants checked after every step (`sprig_tests::invariants`, the same checks as the
//! property test), among them the `sprig-ui` widgets (text entry, dials and data too, and
//! their changes from code), screen stacks, message boxes and the keys and touches that
//! drive them: a broken invariant or a panic is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprig_tests::invariants::{run_case, Op};

/// Three bytes to an operation: its kind, then two arguments. Of 30 kinds, 21 are the
/// lifecycle and drawing operations, 9 the widgets, their changes by code, screens and
/// input.
fn op(bytes: &[u8]) -> Op {
    let (kind, a, b) = (bytes[0], usize::from(bytes[1]), bytes[2]);
    let maybe = |v: usize| (v % 25 < 24).then_some(v % 25);
    match kind % 30 {
        0 | 1 => Op::CreateNode { parent: maybe(a) },
        2 => Op::Reparent {
            node: a % 24,
            parent: maybe(usize::from(b)),
        },
        3 | 4 => Op::SetActive {
            node: a % 24,
            active: b % 2 == 0,
        },
        5 => Op::DestroyNode { node: a % 24 },
        6..=8 => Op::AddComponent {
            node: a % 24,
            kind: b % 5,
        },
        9 | 10 => Op::SetEnabled {
            comp: a % 24,
            enabled: b % 2 == 0,
        },
        11 => Op::DestroyComponent { comp: a % 24 },
        12 => Op::Schedule {
            comp: a % 24,
            repeat: (b % 4 < 3).then_some(u32::from(b % 4)),
        },
        13 => Op::Focus {
            node: a % 24,
            focusable: b % 4 != 0,
        },
        14 => Op::Listen {
            comp: a % 24,
            node: usize::from(b) % 24,
            capture: b >= 128,
        },
        15 => Op::Unlisten {
            comp: a % 24,
            node: usize::from(b) % 24,
        },
        16 => Op::Emit {
            node: a % 24,
            dispatch: b % 2 == 0,
        },
        17 => Op::Tween {
            node: a % 24,
            forever: b % 2 == 0,
        },
        18 | 19 => Op::Visual { node: a % 24, how: b },
        20 => Op::Tick,
        21 => Op::Widget {
            node: a % 24,
            kind: b,
            at: bytes[1] / 24,
        },
        22 => Op::Screen {
            node: a % 24,
            how: b,
        },
        23 => Op::MessageBox {
            node: a % 24,
            how: b,
        },
        24 => Op::Key {
            key: bytes[1],
            pressed: b % 2 == 0,
        },
        25 | 26 => Op::Edit {
            widget: bytes[1],
            how: b,
        },
        // A touch: the argument bytes are the point, the kind byte the phase and id.
        _ => Op::Touch {
            second: kind >= 128,
            phase: kind / 30,
            x: bytes[1],
            y: b,
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&count, rest)) = data.split_first() else {
        return;
    };
    // The first bytes: up to 11 operations attached to hooks (label, hook, operation).
    let hooked_bytes = (usize::from(count) % 12 * 5).min(rest.len() / 5 * 5);
    let (hooked, ops) = rest.split_at(hooked_bytes);
    let hooked = hooked
        .chunks_exact(5)
        .map(|c| (usize::from(c[0]) % 64, usize::from(c[1]) % 9, op(&c[2..])))
        .collect();
    let ops = ops.chunks_exact(3).take(200).map(op).collect();
    if let Err(why) = run_case(ops, hooked) {
        panic!("invariant broken: {why}");
    }
});
