//! Parents, children, activity, lookups, events and errors (§3, §3, §6).

use sprig::{Error, NodeEvent, NodeWorld, MAX_NAME_LEN};
use sprig_tests::{child_names, drain_events, spawn};

type W = NodeWorld<16, 64>;

#[test]
fn set_parent_appends_and_emits_added_removed_order_changed() {
    let mut w = W::new();
    let root = w.root();
    let [a, b] = spawn(&mut w, root, &["a", "b"])[..] else {
        unreachable!()
    };
    let x = w.create_child(a, "x").unwrap();
    spawn(&mut w, b, &["y"]);
    drain_events(&mut w);
    w.set_parent(x, Some(b)).unwrap();
    assert_eq!(child_names(&w, a), Vec::<String>::new());
    assert_eq!(child_names(&w, b), ["y", "x"]);
    assert_eq!(w.parent(x).unwrap(), Some(b));
    assert_eq!(
        drain_events(&mut w),
        [
            NodeEvent::ChildAdded {
                parent: b,
                child: x
            },
            NodeEvent::ChildRemoved {
                parent: a,
                child: x
            },
            NodeEvent::SiblingOrderChanged { node: x },
        ]
    );
    // Same parent again: nothing at all.
    w.set_parent(x, Some(b)).unwrap();
    assert_eq!(drain_events(&mut w), []);
}

#[test]
fn detach_keeps_the_subtree_and_deactivates_it() {
    let mut w = W::new();
    let root = w.root();
    let a = w.create_child(root, "a").unwrap();
    let x = w.create_child(a, "x").unwrap();
    drain_events(&mut w);
    w.remove_from_parent(a).unwrap();
    assert_eq!(w.parent(a).unwrap(), None);
    assert_eq!(w.children(a).unwrap().collect::<Vec<_>>(), [x]);
    assert!(w.active(a).unwrap() && !w.active_in_hierarchy(a).unwrap());
    assert!(!w.active_in_hierarchy(x).unwrap());
    assert_eq!(
        drain_events(&mut w),
        [
            NodeEvent::ChildRemoved {
                parent: root,
                child: a
            },
            NodeEvent::SiblingOrderChanged { node: a },
            NodeEvent::ActiveInHierarchyChanged {
                node: a,
                active: false
            },
        ]
    );
    // A parentless node can be "removed" again: nothing happens.
    w.remove_from_parent(a).unwrap();
    assert_eq!(drain_events(&mut w), []);
}

#[test]
fn activity_needs_every_ancestor_and_the_root() {
    let mut w = W::new();
    let root = w.root();
    let a = w.create_child(root, "a").unwrap();
    let b = w.create_child(a, "b").unwrap();
    let c = w.create_child(b, "c").unwrap();
    assert!(w.active_in_hierarchy(c).unwrap());
    w.set_active(b, false).unwrap();
    assert_eq!(
        [a, b, c].map(|n| w.active_in_hierarchy(n).unwrap()),
        [true, false, false]
    );
    assert!(w.active(c).unwrap(), "own flag untouched");
    w.set_active(a, false).unwrap();
    w.set_active(b, true).unwrap();
    assert!(!w.active_in_hierarchy(c).unwrap(), "a is still inactive");
    w.set_active(a, true).unwrap();
    assert_eq!(
        [a, b, c].map(|n| w.active_in_hierarchy(n).unwrap()),
        [true, true, true]
    );
    let loose = w.create_node("loose").unwrap();
    assert!(w.active(loose).unwrap() && !w.active_in_hierarchy(loose).unwrap());
}

#[test]
fn activation_skips_inactive_children_and_emits_on_the_node_only() {
    let mut w = W::new();
    let root = w.root();
    let a = w.create_node("a").unwrap();
    let [on, off] = spawn(&mut w, a, &["on", "off"])[..] else {
        unreachable!()
    };
    let deep = w.create_child(off, "deep").unwrap();
    w.set_active(off, false).unwrap();
    drain_events(&mut w);
    w.add_child(root, a).unwrap();
    assert!(w.active_in_hierarchy(on).unwrap());
    assert!(!w.active_in_hierarchy(off).unwrap());
    assert!(!w.active_in_hierarchy(deep).unwrap());
    let events = drain_events(&mut w);
    assert_eq!(
        events.last(),
        Some(&NodeEvent::ActiveInHierarchyChanged {
            node: a,
            active: true
        })
    );
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, NodeEvent::ActiveInHierarchyChanged { .. }))
            .count(),
        1
    );
}

#[test]
fn moving_between_active_and_inactive_parents() {
    let mut w = W::new();
    let root = w.root();
    let [lit, dark] = spawn(&mut w, root, &["lit", "dark"])[..] else {
        unreachable!()
    };
    w.set_active(dark, false).unwrap();
    let x = w.create_child(lit, "x").unwrap();
    w.set_parent(x, Some(dark)).unwrap();
    assert!(!w.active_in_hierarchy(x).unwrap());
    w.set_parent(x, Some(lit)).unwrap();
    assert!(w.active_in_hierarchy(x).unwrap());
    // Between two active parents the activity does not change and no event says so.
    let lit2 = w.create_child(root, "lit2").unwrap();
    drain_events(&mut w);
    w.set_parent(x, Some(lit2)).unwrap();
    assert!(!drain_events(&mut w)
        .iter()
        .any(|e| matches!(e, NodeEvent::ActiveInHierarchyChanged { .. })));
}

#[test]
fn add_child_refuses_a_child_with_a_parent_and_changes_nothing() {
    let mut w = W::new();
    let root = w.root();
    let [a, b] = spawn(&mut w, root, &["a", "b"])[..] else {
        unreachable!()
    };
    let x = w.create_child(a, "x").unwrap();
    drain_events(&mut w);
    assert_eq!(w.add_child(b, x), Err(Error::AlreadyHasParent));
    assert_eq!(w.parent(x).unwrap(), Some(a));
    assert_eq!(drain_events(&mut w), []);
}

#[test]
fn cycles_are_refused() {
    let mut w = W::new();
    let root = w.root();
    let a = w.create_child(root, "a").unwrap();
    let b = w.create_child(a, "b").unwrap();
    let c = w.create_child(b, "c").unwrap();
    assert_eq!(w.set_parent(a, Some(c)), Err(Error::Cycle));
    assert_eq!(w.set_parent(a, Some(a)), Err(Error::Cycle));
    assert_eq!(w.insert_child(b, a, 0), Err(Error::Cycle));
    assert_eq!(w.parent(a).unwrap(), Some(root));
    assert_eq!(child_names(&w, b), ["c"]);
}

#[test]
fn root_operations_that_make_no_sense_are_errors() {
    let mut w = W::new();
    let root = w.root();
    let a = w.create_child(root, "a").unwrap();
    assert_eq!(w.set_parent(root, Some(a)), Err(Error::RootNode));
    assert_eq!(w.set_parent(root, None), Err(Error::RootNode));
    assert_eq!(w.add_child(a, root), Err(Error::RootNode));
    assert_eq!(w.set_sibling_index(root, 0), Err(Error::RootNode));
    assert_eq!(w.set_active(root, false), Err(Error::RootNode));
    assert_eq!(w.destroy(root), Err(Error::RootNode));
    assert!(w.active_in_hierarchy(root).unwrap());
    w.set_active(root, true).unwrap();
}

#[test]
fn sibling_index_of_a_parentless_node() {
    let mut w = W::new();
    let loose = w.create_node("loose").unwrap();
    assert_eq!(w.sibling_index(loose).unwrap(), 0);
    assert_eq!(w.set_sibling_index(loose, 0), Err(Error::NoParent));
}

#[test]
fn remove_child_needs_the_right_parent() {
    let mut w = W::new();
    let root = w.root();
    let [a, b] = spawn(&mut w, root, &["a", "b"])[..] else {
        unreachable!()
    };
    let x = w.create_child(a, "x").unwrap();
    assert_eq!(w.remove_child(b, x), Err(Error::NotAChild));
    w.remove_child(a, x).unwrap();
    assert_eq!(w.parent(x).unwrap(), None);
}

#[test]
fn names_are_bounded_and_lookups_follow_child_order() {
    let mut w = W::new();
    let root = w.root();
    let long = "x".repeat(MAX_NAME_LEN + 1);
    assert_eq!(
        w.create_node(&long),
        Err(Error::NameTooLong {
            len: MAX_NAME_LEN as u16 + 1,
            max: MAX_NAME_LEN as u16
        })
    );
    assert_eq!(w.node_count(), 1, "nothing was created");
    let canvas = w.create_child(root, "Canvas").unwrap();
    let first = w.create_child(canvas, "Player").unwrap();
    let second = w.create_child(canvas, "Player").unwrap();
    let gun = w.create_child(second, "Gun").unwrap();
    assert_eq!(
        w.set_name(gun, &long),
        Err(Error::NameTooLong { len: 16, max: 15 })
    );
    assert_eq!(w.name(gun).unwrap(), "Gun");
    assert_eq!(w.child_by_name(canvas, "Player").unwrap(), Some(first));
    assert_eq!(w.find_from_root("Canvas/Player/Gun").unwrap(), None);
    w.set_sibling_index(second, 0).unwrap();
    assert_eq!(w.find_from_root("Canvas/Player/Gun").unwrap(), Some(gun));
    assert_eq!(w.find(canvas, "/Player/Gun").unwrap(), Some(gun));
    assert_eq!(w.find(second, "Gun").unwrap(), Some(gun));
    w.set_tag(gun, 7).unwrap();
    w.set_tag(first, 7).unwrap();
    assert_eq!(w.child_by_tag(canvas, 7).unwrap(), Some(first));
    assert_eq!(w.descendant_by_tag(root, 7).unwrap(), Some(gun));
    assert_eq!(w.descendant_by_tag(gun, 7).unwrap(), None);
}

#[test]
fn a_full_arena_is_an_error_that_changes_nothing() {
    let mut w: NodeWorld<4> = NodeWorld::new();
    let root = w.root();
    let ids = spawn(&mut w, root, &["a", "b", "c"]);
    drain_events(&mut w);
    assert_eq!(
        w.create_child(ids[0], "d"),
        Err(Error::NodeArenaFull { capacity: 4 })
    );
    assert_eq!(
        w.create_node("d"),
        Err(Error::NodeArenaFull { capacity: 4 })
    );
    assert_eq!(w.node_count(), 4);
    assert_eq!(child_names(&w, root), ["a", "b", "c"]);
    assert_eq!(w.child_count(ids[0]).unwrap(), 0);
    assert_eq!(drain_events(&mut w), []);
}

#[test]
fn a_full_event_queue_drops_and_counts() {
    let mut w: NodeWorld<16, 4> = NodeWorld::new();
    let root = w.root();
    // Each attach says ChildAdded, SiblingOrderChanged, ActiveInHierarchyChanged.
    spawn(&mut w, root, &["a", "b", "c"]);
    assert_eq!(w.pending_events(), 4);
    assert_eq!(w.events_dropped(), 5);
    let first = w.pop_event();
    assert!(matches!(first, Some(NodeEvent::ChildAdded { .. })));
}

#[test]
fn errors_have_readable_messages() {
    assert_eq!(
        Error::NodeArenaFull { capacity: 8 }.to_string(),
        "node arena full: all 8 slots are in use"
    );
    assert_eq!(
        Error::StaleHandle.to_string(),
        "stale handle: the node or component was destroyed"
    );
}

#[test]
fn next_sibling_walks_the_children_in_order_and_ends_with_none() {
    let mut w = W::new();
    let root = w.root();
    let [a, b, c] = spawn(&mut w, root, &["a", "b", "c"])[..] else {
        unreachable!()
    };
    assert_eq!(w.next_sibling(a).unwrap(), Some(b));
    assert_eq!(w.next_sibling(b).unwrap(), Some(c));
    assert_eq!(w.next_sibling(c).unwrap(), None);
    // After a reorder, the new order.
    w.set_sibling_index(c, 0).unwrap();
    assert_eq!(w.next_sibling(c).unwrap(), Some(a));
    assert_eq!(w.next_sibling(b).unwrap(), None);
    // The root and a detached node have no siblings.
    assert_eq!(w.next_sibling(root).unwrap(), None);
    w.remove_from_parent(a).unwrap();
    assert_eq!(w.next_sibling(a).unwrap(), None);
    assert_eq!(w.next_sibling(c).unwrap(), Some(b));
    w.destroy(a).unwrap();
    w.tick(0.0).unwrap();
    assert_eq!(w.next_sibling(a), Err(Error::StaleHandle));
}

#[test]
fn geometry_answers_what_the_five_accessors_answer() {
    use sprig::{NodeGeometry, Size2, Vec2};
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    w.set_position(n, Vec2::new(1.5, -2.0)).unwrap();
    w.set_scale(n, Vec2::new(2.0, 0.5)).unwrap();
    w.set_anchor(n, Vec2::new(0.0, 1.0)).unwrap();
    w.set_content_size(n, Size2::new(30.0, 12.0)).unwrap();
    w.set_active(n, false).unwrap();
    assert_eq!(
        w.geometry(n).unwrap(),
        NodeGeometry {
            active: false,
            position: Vec2::new(1.5, -2.0),
            scale: Vec2::new(2.0, 0.5),
            anchor: Vec2::new(0.0, 1.0),
            content_size: Size2::new(30.0, 12.0),
        }
    );
    w.set_active(n, true).unwrap();
    assert!(w.geometry(n).unwrap().active);
    w.destroy(n).unwrap();
    w.tick(0.0).unwrap();
    assert_eq!(w.geometry(n), Err(Error::StaleHandle));
}
