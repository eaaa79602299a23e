//! Child order: sibling index vs zIndex (docs/lifecycle.md §6).

use sprig::{NodeEvent, NodeWorld, MAX_Z_INDEX, MIN_Z_INDEX};
use sprig_tests::{child_names, drain_events, spawn};

type W = NodeWorld<32, 64>;

#[test]
fn children_keep_insertion_order() {
    let mut w = W::new();
    let root = w.root();
    spawn(&mut w, root, &["a", "b", "c", "d"]);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["a", "b", "c", "d"]);
}

#[test]
fn set_sibling_index_moves_now_and_survives_the_sort_when_z_is_equal() {
    let mut w = W::new();
    let root = w.root();
    let [_a, _b, c, _d] = spawn(&mut w, root, &["a", "b", "c", "d"])[..] else {
        unreachable!()
    };
    w.set_sibling_index(c, 0).unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b", "d"]);
    assert_eq!(w.sibling_index(c).unwrap(), 0);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b", "d"]);
}

#[test]
fn z_index_reorders_only_at_the_end_of_the_frame() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c"]);
    w.set_z_index(ids[0], 2).unwrap();
    w.set_z_index(ids[2], -1).unwrap();
    assert_eq!(child_names(&w, root), ["a", "b", "c"]);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["c", "b", "a"]);
}

#[test]
fn sibling_index_cannot_beat_a_lower_z_index_past_the_frame() {
    // Seed 000: b has zIndex 1; moving c in front of it works until the sort, which puts
    // it back behind every sibling with a lower zIndex.
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c"]);
    w.set_z_index(ids[1], 1).unwrap();
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["a", "c", "b"]);
    w.set_sibling_index(ids[1], 0).unwrap();
    assert_eq!(child_names(&w, root), ["b", "a", "c"]);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["a", "c", "b"]);
    // Among equal zIndex the sibling index wins and is kept.
    w.set_sibling_index(ids[2], 0).unwrap();
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b"]);
}

#[test]
fn equal_z_index_keeps_current_order_after_a_z_change() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c", "d", "e"]);
    for &id in &ids {
        w.set_z_index(id, 5).unwrap();
    }
    w.set_z_index(ids[2], 0).unwrap();
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b", "d", "e"]);
}

#[test]
fn minus_one_and_indices_past_the_end_mean_last() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c"]);
    w.set_sibling_index(ids[0], -1).unwrap();
    assert_eq!(child_names(&w, root), ["b", "c", "a"]);
    w.set_sibling_index(ids[1], 99).unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b"]);
    w.set_sibling_index(ids[1], 2).unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b"]);
}

#[test]
fn other_negative_indices_follow_splice() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c", "d"]);
    // Without `a` the array is [b, c, d]; splice at -2 puts it before c.
    w.set_sibling_index(ids[0], -2).unwrap();
    assert_eq!(child_names(&w, root), ["b", "a", "c", "d"]);
    // Far negative clamps at the front.
    w.set_sibling_index(ids[3], -100).unwrap();
    assert_eq!(child_names(&w, root), ["d", "b", "a", "c"]);
}

#[test]
fn insert_child_places_the_node_and_the_sort_keeps_it() {
    let mut w = W::new();
    let root = w.root();
    spawn(&mut w, root, &["a", "b", "c"]);
    let x = w.create_node("x").unwrap();
    w.insert_child(root, x, 1).unwrap();
    assert_eq!(child_names(&w, root), ["a", "x", "b", "c"]);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["a", "x", "b", "c"]);
}

#[test]
fn a_new_child_lands_before_higher_z_siblings_at_the_sort() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["high"]);
    w.set_z_index(ids[0], 3).unwrap();
    w.end_frame().unwrap();
    spawn(&mut w, root, &["new"]);
    assert_eq!(child_names(&w, root), ["high", "new"]);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["new", "high"]);
}

#[test]
fn z_index_clamps_at_both_ends_with_a_warning() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b"]);
    drain_events(&mut w);
    assert_eq!(w.set_z_index(ids[0], 40_000).unwrap(), MAX_Z_INDEX);
    assert_eq!(w.set_z_index(ids[1], -40_000).unwrap(), MIN_Z_INDEX);
    assert_eq!(w.z_index(ids[0]).unwrap(), 32767);
    assert_eq!(w.z_index(ids[1]).unwrap(), -32768);
    assert_eq!(
        drain_events(&mut w),
        [
            NodeEvent::ZIndexClamped {
                node: ids[0],
                requested: 40_000,
                applied: 32767
            },
            NodeEvent::SiblingOrderChanged { node: ids[0] },
            NodeEvent::ZIndexClamped {
                node: ids[1],
                requested: -40_000,
                applied: -32768
            },
            NodeEvent::SiblingOrderChanged { node: ids[1] },
        ]
    );
    // Clamping to the value already stored warns again but changes nothing.
    w.set_z_index(ids[0], 70_000).unwrap();
    assert_eq!(
        drain_events(&mut w),
        [NodeEvent::ZIndexClamped {
            node: ids[0],
            requested: 70_000,
            applied: 32767
        }]
    );
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["b", "a"]);
}

#[test]
fn many_arrivals_never_overflow_into_the_z_index() {
    // Cocos packs arrival into 16 bits; 70 000 reparentings in one frame would carry
    // into the zIndex there. Here the order stays right.
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c"]);
    let holder = w.create_node("holder").unwrap();
    for _ in 0..35_000 {
        w.set_parent(ids[0], Some(holder)).unwrap();
        w.set_parent(ids[0], Some(root)).unwrap();
    }
    drain_events(&mut w);
    w.set_z_index(ids[1], 1).unwrap();
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, root), ["c", "a", "b"]);
}

#[test]
fn the_sort_emits_sibling_order_changes_then_child_reorder() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b"]);
    w.set_z_index(ids[0], 1).unwrap();
    drain_events(&mut w);
    w.end_frame().unwrap();
    assert_eq!(
        drain_events(&mut w),
        [
            NodeEvent::SiblingOrderChanged { node: ids[0] },
            NodeEvent::SiblingOrderChanged { node: ids[1] },
            NodeEvent::ChildReorder { parent: root },
        ]
    );
    // A clean frame sorts nothing and says nothing.
    w.end_frame().unwrap();
    assert_eq!(drain_events(&mut w), []);
}

#[test]
fn set_sibling_index_to_the_same_place_does_not_mark_the_parent() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b"]);
    w.end_frame().unwrap();
    drain_events(&mut w);
    w.set_sibling_index(ids[1], 1).unwrap();
    w.set_sibling_index(ids[1], -1).unwrap();
    w.end_frame().unwrap();
    assert_eq!(drain_events(&mut w), []);
}

#[test]
fn each_dirty_parent_sorts_its_own_children() {
    let mut w = W::new();
    let root = w.root();
    let [p, q] = spawn(&mut w, root, &["p", "q"])[..] else {
        unreachable!()
    };
    let pc = spawn(&mut w, p, &["p1", "p2", "p3"]);
    let qc = spawn(&mut w, q, &["q1", "q2"]);
    w.set_z_index(pc[0], 9).unwrap();
    w.set_z_index(qc[1], -9).unwrap();
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, p), ["p2", "p3", "p1"]);
    assert_eq!(child_names(&w, q), ["q2", "q1"]);
    assert_eq!(child_names(&w, root), ["p", "q"]);
}

#[test]
fn sort_children_sorts_now_on_request() {
    let mut w = W::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b"]);
    w.set_z_index(ids[0], 1).unwrap();
    w.sort_children(root).unwrap();
    assert_eq!(child_names(&w, root), ["b", "a"]);
    drain_events(&mut w);
    w.end_frame().unwrap();
    assert_eq!(drain_events(&mut w), []);
}
