//! The draw order's walk over the tree: the same order as the recursive definition in
//! `render/draw_order.rs`'s docs on random trees, and a stack use that does not grow with
//! the tree's depth.

use proptest::prelude::*;
use sprig::render::DrawOrder;
use sprig::{NodeId, NodeWorld};

type W = NodeWorld<64>;

/// The module docs' definition, recursively, from the public API.
fn reference(w: &W, n: NodeId, out: &mut Vec<NodeId>) {
    if !w.active_in_hierarchy(n).unwrap() {
        return;
    }
    let children: Vec<NodeId> = w.children(n).unwrap().collect();
    let (negative, rest): (Vec<_>, Vec<_>) = children
        .into_iter()
        .partition(|&c| w.z_index(c).unwrap() < 0);
    for c in negative {
        reference(w, c, out);
    }
    out.push(n);
    for c in rest {
        reference(w, c, out);
    }
}

proptest! {
    #[test]
    fn the_walk_matches_the_recursive_definition(
        ops in proptest::collection::vec((0..64usize, -2..3i32, 0..6u8), 1..60),
    ) {
        let mut w = W::new();
        let root = w.root();
        let mut nodes = vec![root];
        for (pick, z, what) in ops {
            let at = nodes[pick % nodes.len()];
            match what {
                0..=2 => {
                    if let Ok(c) = w.create_child(at, "n") {
                        let _ = w.set_z_index(c, z);
                        nodes.push(c);
                    }
                }
                3 => {
                    let _ = w.set_z_index(at, z);
                }
                4 => {
                    let _ = w.set_active(at, z >= 0);
                }
                _ => {
                    let _ = w.set_active(at, true);
                }
            }
        }
        w.end_frame().unwrap();
        let mut expected = Vec::new();
        reference(&w, root, &mut expected);
        let mut order = DrawOrder::new();
        w.draw_order(&mut order);
        prop_assert_eq!(order.as_slice(), expected.as_slice());
    }
}

#[test]
fn a_chain_of_every_node_is_walked_on_a_small_stack() {
    const DEPTH: usize = 4000;
    let mut w: Box<NodeWorld<4096>> = Box::new(NodeWorld::new());
    let mut at = w.root();
    for k in 0..DEPTH {
        at = w.create_child(at, "link").unwrap();
        if k % 3 == 0 {
            w.set_z_index(at, -1).unwrap();
        }
    }
    w.end_frame().unwrap();
    let mut order: Box<DrawOrder<4096>> = Box::new(DrawOrder::new());
    // 32 KiB: a recursive walk needs a frame per level (4 000 of them).
    let walked = std::thread::Builder::new()
        .stack_size(32 * 1024)
        .spawn(move || {
            w.draw_order(&mut order);
            order.as_slice().len()
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(walked, DEPTH + 1);
}
