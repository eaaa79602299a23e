//! The world-matrix cache never serves a stale matrix: after random moves, reparentings,
//! partial reads and `update_transforms`, every node's cached matrix equals the product
//! of its ancestors' local matrices computed from scratch.

use proptest::prelude::*;
use sprig::{Affine2, NodeId, NodeWorld, Vec2};

#[derive(Clone, Debug)]
enum Op {
    Move(usize, f32, f32),
    Turn(usize, f32),
    Scale(usize, f32, f32),
    Reparent(usize, Option<usize>),
    Read(usize),
    UpdateAll,
}

fn op() -> impl Strategy<Value = Op> {
    let n = 0..12usize;
    prop_oneof![
        (n.clone(), -50.0f32..50.0, -50.0f32..50.0).prop_map(|(i, x, y)| Op::Move(i, x, y)),
        (n.clone(), -360.0f32..360.0).prop_map(|(i, a)| Op::Turn(i, a)),
        (n.clone(), 0.25f32..3.0, 0.25f32..3.0).prop_map(|(i, x, y)| Op::Scale(i, x, y)),
        (n.clone(), proptest::option::of(0..13usize)).prop_map(|(i, p)| Op::Reparent(i, p)),
        n.prop_map(Op::Read),
        Just(Op::UpdateAll),
    ]
}

/// The world matrix from scratch: local matrices multiplied from the root down.
fn from_scratch(w: &NodeWorld<16>, node: NodeId) -> Affine2 {
    let local = Affine2::from_translate_rotate_scale(
        w.position(node).unwrap(),
        w.angle_degrees(node).unwrap(),
        w.scale(node).unwrap(),
    );
    match w.parent(node).unwrap() {
        Some(p) => from_scratch(w, p).then_apply_to(&local),
        None if node == w.root() => Affine2::IDENTITY,
        None => local,
    }
}

fn close(a: &Affine2, b: &Affine2) -> bool {
    let pairs = [
        (a.a, b.a),
        (a.b, b.b),
        (a.c, b.c),
        (a.d, b.d),
        (a.tx, b.tx),
        (a.ty, b.ty),
    ];
    pairs
        .iter()
        .all(|(x, y)| (x - y).abs() <= 1e-3 * (1.0 + y.abs()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn cached_world_matrices_match_a_fresh_computation(ops in proptest::collection::vec(op(), 1..80)) {
        let mut w: NodeWorld<16> = NodeWorld::new();
        let root = w.root();
        let mut nodes: Vec<NodeId> = Vec::new();
        for k in 0..12 {
            let parent = if k == 0 { root } else { nodes[(k - 1) / 2] };
            nodes.push(w.create_child(parent, "n").unwrap());
        }
        let target = |i: Option<usize>| i.map(|i| if i == 12 { root } else { nodes[i] });
        for op in ops {
            match op {
                Op::Move(i, x, y) => w.set_position(nodes[i], Vec2::new(x, y)).unwrap(),
                Op::Turn(i, a) => w.set_angle_degrees(nodes[i], a).unwrap(),
                Op::Scale(i, x, y) => w.set_scale(nodes[i], Vec2::new(x, y)).unwrap(),
                Op::Reparent(i, p) => {
                    // Cycles are refused and change nothing; either way is fine here.
                    let _ = w.set_parent(nodes[i], target(p));
                }
                Op::Read(i) => {
                    let m = w.world_matrix(nodes[i]).unwrap();
                    prop_assert!(close(&m, &from_scratch(&w, nodes[i])), "read {i}");
                }
                Op::UpdateAll => w.update_transforms(),
            }
        }
        w.update_transforms();
        let before = w.transform_recomputations();
        for &n in &nodes {
            let m = w.world_matrix(n).unwrap();
            prop_assert!(close(&m, &from_scratch(&w, n)));
        }
        // Nodes under the root were all brought up to date; only detached ones may have
        // waited for this read.
        let attached = |n: NodeId| {
            let mut cur = Some(n);
            while let Some(c) = cur {
                if c == root {
                    return true;
                }
                cur = w.parent(c).unwrap();
            }
            false
        };
        if nodes.iter().all(|&n| attached(n)) {
            prop_assert_eq!(w.transform_recomputations(), before);
        }
    }
}
