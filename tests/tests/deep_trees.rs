//! Walks over the whole tree use a stack that does not grow with the tree's depth: a
//! chain of every node is drawn, deactivated, activated and destroyed on a 32 KiB stack
//! (a recursive walk needs a frame per level). And the draw order's walk gives the
//! recursive definition's order on random trees.

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

/// A chain of `DEPTH` nodes under a child of the root, built on the main thread.
fn chain() -> (Box<NodeWorld<4096>>, NodeId) {
    let mut w: Box<NodeWorld<4096>> = Box::new(NodeWorld::new());
    let root = w.root();
    let top = w.create_child(root, "top").unwrap();
    let mut at = top;
    for _ in 1..4000 {
        at = w.create_child(at, "link").unwrap();
    }
    w.end_frame().unwrap();
    (w, top)
}

fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(32 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn a_chain_of_every_node_is_deactivated_activated_and_destroyed_on_a_small_stack() {
    let (mut w, top) = chain();
    let counts = on_small_stack(move || {
        w.set_active(top, false).unwrap();
        let inactive = w.node_count();
        let last_inactive = w
            .find_from_root("top")
            .unwrap()
            .map(|n| w.active_in_hierarchy(n).unwrap());
        w.set_active(top, true).unwrap();
        w.destroy(top).unwrap();
        w.end_frame().unwrap();
        (inactive, last_inactive, w.node_count())
    });
    assert_eq!(counts, (4001, Some(false), 1));
}

#[test]
fn a_chain_of_every_node_is_rendered_on_a_small_stack() {
    use embedded_graphics::pixelcolor::{Gray4, Rgb888};
    use embedded_graphics::prelude::Size;
    use sprig::render::damage::BusCost;
    use sprig::render::Renderer;
    use sprig_tests::framebuffer::Framebuffer;

    let (mut w, _) = chain();
    // A renderer for 4 096 nodes is large: made on a thread with room for it.
    let mut renderer = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            Box::new(Renderer::<Gray4, 4096, 64>::new(
                Size::new(16, 8),
                Rgb888::new(0, 0, 0),
                BusCost::GRAY4_SSD0323,
            ))
        })
        .unwrap()
        .join()
        .unwrap();
    let flushed = on_small_stack(move || {
        let mut fb: Framebuffer<Gray4> = Framebuffer::new(16, 8, Gray4::new(3));
        let stats = renderer.render(&mut *w, &mut fb).unwrap();
        stats.pixels_flushed
    });
    // The first frame covers the screen (nothing in the chain draws: the background).
    assert_eq!(flushed, 16 * 8);
}
