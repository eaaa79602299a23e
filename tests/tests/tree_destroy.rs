//! Deferred destruction, validity and stale handles (§4 of `docs/lifecycle.md`).

use sprig::{Error, NodeEvent, NodeWorld, Vec2};
use sprig_tests::{child_names, drain_events, spawn};

type W = NodeWorld<8, 64>;

#[test]
fn destroy_deactivates_now_and_frees_at_the_end_of_the_frame() {
    let mut w = W::new();
    let root = w.root();
    let [a, b] = spawn(&mut w, root, &["a", "b"])[..] else {
        unreachable!()
    };
    let kid = w.create_child(a, "kid").unwrap();
    w.end_frame().unwrap(); // the sorts of the new children
    drain_events(&mut w);

    w.destroy(a).unwrap();
    assert!(!w.active(a).unwrap());
    assert!(!w.active_in_hierarchy(a).unwrap());
    assert!(!w.active_in_hierarchy(kid).unwrap());
    assert!(w.active(kid).unwrap(), "the child's own flag is untouched");
    assert_eq!(
        child_names(&w, root),
        ["a", "b"],
        "still a child this frame"
    );
    assert!(w.is_valid(a) && !w.is_valid_strict(a));
    assert!(
        w.is_valid(kid) && w.is_valid_strict(kid),
        "only `a` was destroyed"
    );
    assert_eq!(
        drain_events(&mut w),
        [NodeEvent::ActiveInHierarchyChanged {
            node: a,
            active: false
        }]
    );

    w.end_frame().unwrap();
    assert!(!w.is_valid(a) && !w.is_valid(kid));
    assert!(!w.is_valid_strict(a));
    assert_eq!(w.children(root).unwrap().collect::<Vec<_>>(), [b]);
    assert_eq!(w.node_count(), 2);
    assert_eq!(
        drain_events(&mut w),
        [NodeEvent::ChildRemoved {
            parent: root,
            child: a
        }]
    );
}

#[test]
fn a_stale_handle_is_refused_everywhere_even_after_slot_reuse() {
    let mut w = W::new();
    let root = w.root();
    let old = w.create_child(root, "old").unwrap();
    w.destroy(old).unwrap();
    w.end_frame().unwrap();
    let new = w.create_child(root, "new").unwrap();
    assert_eq!(new.index(), old.index(), "the slot was reused");
    assert_ne!(new.generation(), old.generation());

    assert_eq!(w.name(old), Err(Error::StaleHandle));
    assert_eq!(w.parent(old), Err(Error::StaleHandle));
    assert!(w.children(old).is_err());
    assert_eq!(
        w.set_position(old, Vec2::new(1.0, 1.0)),
        Err(Error::StaleHandle)
    );
    assert_eq!(w.set_active(old, false), Err(Error::StaleHandle));
    assert_eq!(w.set_z_index(old, 3), Err(Error::StaleHandle));
    assert_eq!(w.set_sibling_index(old, 0), Err(Error::StaleHandle));
    assert_eq!(w.set_parent(old, None), Err(Error::StaleHandle));
    assert_eq!(w.add_child(old, root), Err(Error::StaleHandle));
    assert_eq!(w.set_parent(new, Some(old)), Err(Error::StaleHandle));
    assert_eq!(w.destroy(old), Err(Error::StaleHandle));
    assert_eq!(w.set_name(old, "x"), Err(Error::StaleHandle));
    assert_eq!(w.world_matrix(old), Err(Error::StaleHandle));
    assert!(!w.is_valid(old) && !w.is_valid_strict(old));

    // The new occupant was not touched by any of that.
    assert_eq!(w.name(new).unwrap(), "new");
    assert_eq!(w.position(new).unwrap(), Vec2::ZERO);
    assert!(w.active_in_hierarchy(new).unwrap());
    assert_eq!(w.z_index(new).unwrap(), 0);
}

#[test]
fn destroying_a_child_then_its_parent_removes_each_once() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    let c = w.create_child(p, "c").unwrap();
    w.end_frame().unwrap();
    w.destroy(c).unwrap();
    w.destroy(p).unwrap();
    drain_events(&mut w);
    w.end_frame().unwrap();
    assert_eq!(
        drain_events(&mut w),
        [
            NodeEvent::ChildRemoved {
                parent: p,
                child: c
            },
            NodeEvent::ChildRemoved {
                parent: root,
                child: p
            },
        ]
    );
}

#[test]
fn destroying_a_parent_then_its_child_removes_the_subtree_once() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    let c = w.create_child(p, "c").unwrap();
    w.end_frame().unwrap();
    w.destroy(p).unwrap();
    w.destroy(c).unwrap();
    drain_events(&mut w);
    w.end_frame().unwrap();
    assert_eq!(
        drain_events(&mut w),
        [NodeEvent::ChildRemoved {
            parent: root,
            child: p
        }]
    );
    assert!(!w.is_valid(c));
    assert_eq!(w.node_count(), 1);
}

#[test]
fn a_child_moved_out_of_a_destroyed_node_survives() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    let c = w.create_child(p, "c").unwrap();
    w.destroy(p).unwrap();
    assert!(!w.active_in_hierarchy(c).unwrap());
    w.set_parent(c, Some(root)).unwrap();
    assert!(w.active_in_hierarchy(c).unwrap());
    w.end_frame().unwrap();
    assert!(w.is_valid(c));
    assert_eq!(child_names(&w, root), ["c"]);
}

#[test]
fn children_added_after_destroy_go_with_the_node_without_activating() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    w.destroy(p).unwrap();
    let late = w.create_child(p, "late").unwrap();
    assert!(!w.active_in_hierarchy(late).unwrap());
    w.end_frame().unwrap();
    assert!(!w.is_valid(late));
}

#[test]
fn a_marked_node_cannot_come_back_and_a_second_destroy_does_nothing() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    w.destroy(p).unwrap();
    drain_events(&mut w);
    assert_eq!(w.set_active(p, true), Err(Error::PendingDestroy));
    assert!(!w.active(p).unwrap());
    w.destroy(p).unwrap();
    assert_eq!(drain_events(&mut w), []);
    w.end_frame().unwrap();
    assert!(!w.is_valid(p));
}

#[test]
fn a_detached_node_can_be_destroyed() {
    let mut w = W::new();
    let loose = w.create_node("loose").unwrap();
    let kid = w.create_child(loose, "kid").unwrap();
    w.end_frame().unwrap();
    w.destroy(loose).unwrap();
    drain_events(&mut w);
    w.end_frame().unwrap();
    assert!(!w.is_valid(loose) && !w.is_valid(kid));
    assert_eq!(drain_events(&mut w), [], "no parent to tell");
    assert_eq!(w.node_count(), 1);
}

#[test]
fn freed_slots_make_room_again() {
    let mut w: NodeWorld<3> = NodeWorld::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b"]);
    assert!(w.create_node("c").is_err());
    w.destroy(ids[0]).unwrap();
    assert!(
        w.create_node("c").is_err(),
        "freed only at the end of the frame"
    );
    w.end_frame().unwrap();
    let c = w.create_child(root, "c").unwrap();
    assert_eq!(child_names(&w, root), ["b", "c"]);
    assert!(w.is_valid(c));
}

#[test]
fn a_pending_sort_of_a_destroyed_parent_is_forgotten() {
    let mut w = W::new();
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    let kids = spawn(&mut w, p, &["x", "y"]);
    w.set_z_index(kids[0], 1).unwrap();
    w.destroy(p).unwrap();
    w.end_frame().unwrap();
    // The slot is reused by a fresh node whose children must not be "sorted" for p.
    let q = w.create_child(root, "q").unwrap();
    spawn(&mut w, q, &["m", "n"]);
    drain_events(&mut w);
    w.end_frame().unwrap();
    assert_eq!(child_names(&w, q), ["m", "n"]);
}
