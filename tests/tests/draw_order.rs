//! The order nodes are drawn in: the in-order visit of `docs/lifecycle.md` §6 (negative zIndex children
//! before their parent, the rest after) and cocos2d-x's global z order.

use sprig::render::DrawOrder;
use sprig::{NodeId, NodeWorld};
use sprig_tests::spawn;

type W = NodeWorld<32>;

fn names(w: &mut W) -> Vec<String> {
    let mut order = DrawOrder::new();
    w.draw_order(&mut order);
    order
        .as_slice()
        .iter()
        .map(|&n| {
            if n == w.root() {
                "root".to_owned()
            } else {
                w.name(n).unwrap().to_owned()
            }
        })
        .collect()
}

fn z(w: &mut W, node: NodeId, z_index: i32) {
    w.set_z_index(node, z_index).unwrap();
}

#[test]
fn negative_z_children_draw_before_their_parent() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "P").unwrap();
    let [c, a, d, b] = spawn(&mut w, p, &["c", "a", "d", "b"])[..] else {
        unreachable!()
    };
    z(&mut w, a, -2);
    z(&mut w, b, -1);
    z(&mut w, d, 1);
    let _ = c;
    w.end_frame().unwrap();
    assert_eq!(names(&mut w), ["root", "a", "b", "P", "c", "d"]);
}

#[test]
fn the_visit_recurses_in_order() {
    let mut w = W::new();
    let root = w.root();
    let [p, q] = spawn(&mut w, root, &["P", "Q"])[..] else {
        unreachable!()
    };
    let [p_under, p_over] = spawn(&mut w, p, &["p-under", "p-over"])[..] else {
        unreachable!()
    };
    let deep = w.create_child(p_under, "deep-under").unwrap();
    z(&mut w, p_under, -1);
    z(&mut w, deep, -5);
    z(&mut w, q, -1);
    let _ = p_over;
    w.end_frame().unwrap();
    // Q (z -1) before P under the root; inside P, p-under's own negative child first.
    assert_eq!(
        names(&mut w),
        ["Q", "root", "deep-under", "p-under", "P", "p-over"]
    );
}

#[test]
fn children_waiting_for_the_sort_are_sorted_before_drawing() {
    let mut w = W::new();
    let root = w.root();
    let [a, _b] = spawn(&mut w, root, &["a", "b"])[..] else {
        unreachable!()
    };
    w.end_frame().unwrap();
    z(&mut w, a, 3);
    assert_eq!(names(&mut w), ["root", "b", "a"]);
}

#[test]
fn inactive_subtrees_draw_nothing() {
    let mut w = W::new();
    let root = w.root();
    let [a, _b] = spawn(&mut w, root, &["a", "b"])[..] else {
        unreachable!()
    };
    spawn(&mut w, a, &["a1", "a2"]);
    w.set_active(a, false).unwrap();
    let loose = w.create_node("loose").unwrap();
    spawn(&mut w, loose, &["loose-kid"]);
    assert_eq!(names(&mut w), ["root", "b"]);
}

#[test]
fn global_z_orders_across_the_tree_with_ties_in_tree_order() {
    let mut w = W::new();
    let root = w.root();
    let [a, b, c] = spawn(&mut w, root, &["a", "b", "c"])[..] else {
        unreachable!()
    };
    let [a1, a2] = spawn(&mut w, a, &["a1", "a2"])[..] else {
        unreachable!()
    };
    let [c1] = spawn(&mut w, c, &["c1"])[..] else {
        unreachable!()
    };
    w.set_global_z_order(a1, 2).unwrap();
    w.set_global_z_order(c1, 2).unwrap();
    w.set_global_z_order(c, 1).unwrap();
    w.set_global_z_order(a2, -1).unwrap();
    w.set_global_z_order(b, -1).unwrap();
    assert_eq!(w.global_z_order(a1).unwrap(), 2);
    w.end_frame().unwrap();
    // Tree order: root a a1 a2 b c c1; then -1: a2 b; 0: root a; 1: c; 2: a1 c1.
    assert_eq!(names(&mut w), ["a2", "b", "root", "a", "c", "a1", "c1"]);
}
