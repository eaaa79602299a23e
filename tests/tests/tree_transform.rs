//! Transforms, their cache, and conversions between spaces (Cocos `CCNode.js`).

use sprig::{screen_to_world, world_to_screen, Error, NodeWorld, Rect, Size2, Vec2};
use sprig_tests::{assert_close, assert_point};

type W = NodeWorld<16, 64>;

/// root → p (at (100, 50), 90°, scale 2) → c (at (10, 0), scale (1, 0.5), content 20×10,
/// anchor (0.25, 0.5)).
fn rotated_pair(w: &mut W) -> (sprig::NodeId, sprig::NodeId) {
    let root = w.root();
    let p = w.create_child(root, "p").unwrap();
    w.set_position(p, Vec2::new(100.0, 50.0)).unwrap();
    w.set_angle_degrees(p, 90.0).unwrap();
    w.set_scale(p, Vec2::new(2.0, 2.0)).unwrap();
    let c = w.create_child(p, "c").unwrap();
    w.set_position(c, Vec2::new(10.0, 0.0)).unwrap();
    w.set_scale(c, Vec2::new(1.0, 0.5)).unwrap();
    w.set_content_size(c, Size2::new(20.0, 10.0)).unwrap();
    w.set_anchor(c, Vec2::new(0.25, 0.5)).unwrap();
    (p, c)
}

#[test]
fn world_space_through_rotation_scale_and_anchor() {
    let mut w = W::new();
    let (_, c) = rotated_pair(&mut w);
    // The anchor: p turns (10, 0) by 90° and doubles it.
    assert_point(
        w.convert_to_world_space_ar(c, Vec2::ZERO).unwrap(),
        100.0,
        70.0,
    );
    assert_point(
        w.convert_to_world_space_ar(c, Vec2::new(1.0, 2.0)).unwrap(),
        98.0,
        72.0,
    );
    // Node space starts at the content's bottom-left, (-5, -5) from the anchor.
    assert_point(
        w.convert_to_world_space(c, Vec2::ZERO).unwrap(),
        105.0,
        60.0,
    );
    assert_point(
        w.convert_to_world_space(c, Vec2::new(20.0, 10.0)).unwrap(),
        95.0,
        100.0,
    );
}

#[test]
fn node_space_inverts_world_space() {
    let mut w = W::new();
    let (p, c) = rotated_pair(&mut w);
    assert_point(
        w.convert_to_node_space_ar(c, Vec2::new(98.0, 72.0))
            .unwrap(),
        1.0,
        2.0,
    );
    assert_point(
        w.convert_to_node_space(c, Vec2::new(105.0, 60.0)).unwrap(),
        0.0,
        0.0,
    );
    assert_point(
        w.convert_to_node_space_ar(p, Vec2::new(100.0, 70.0))
            .unwrap(),
        10.0,
        0.0,
    );
}

#[test]
fn thirty_degrees_counter_clockwise() {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    w.set_angle_degrees(n, 30.0).unwrap();
    let p = w.convert_to_world_space_ar(n, Vec2::new(2.0, 0.0)).unwrap();
    assert_point(p, 1.732_050_8, 1.0);
    w.set_angle_degrees(n, -30.0).unwrap();
    let p = w.convert_to_world_space_ar(n, Vec2::new(2.0, 0.0)).unwrap();
    assert_point(p, 1.732_050_8, -1.0);
}

#[test]
fn bounding_boxes() {
    let mut w = W::new();
    let (_, c) = rotated_pair(&mut w);
    assert_eq!(
        rounded(w.world_content_box(c).unwrap()),
        Rect::new(95.0, 60.0, 10.0, 40.0)
    );

    let root = w.root();
    let p = w.create_child(root, "box").unwrap();
    w.set_position(p, Vec2::new(50.0, 50.0)).unwrap();
    w.set_content_size(p, Size2::new(10.0, 10.0)).unwrap();
    let q = w.create_child(p, "kid").unwrap();
    w.set_position(q, Vec2::new(20.0, 0.0)).unwrap();
    w.set_content_size(q, Size2::new(4.0, 4.0)).unwrap();
    assert_eq!(
        rounded(w.world_bounding_box(p).unwrap()),
        Rect::new(45.0, 45.0, 27.0, 10.0)
    );
    assert_eq!(
        rounded(w.world_content_box(p).unwrap()),
        Rect::new(45.0, 45.0, 10.0, 10.0)
    );
    w.set_active(q, false).unwrap();
    assert_eq!(
        rounded(w.world_bounding_box(p).unwrap()),
        Rect::new(45.0, 45.0, 10.0, 10.0)
    );
}

fn rounded(r: Rect) -> Rect {
    let k = |v: f32| (v * 1e4).round() / 1e4;
    Rect::new(k(r.x), k(r.y), k(r.width), k(r.height))
}

#[test]
fn screen_and_world_flip_y() {
    assert_eq!(
        screen_to_world(Vec2::new(10.0, 0.0), 64.0),
        Vec2::new(10.0, 64.0)
    );
    assert_eq!(
        screen_to_world(Vec2::new(3.0, 60.0), 64.0),
        Vec2::new(3.0, 4.0)
    );
    assert_eq!(
        world_to_screen(Vec2::new(3.0, 4.0), 64.0),
        Vec2::new(3.0, 60.0)
    );
}

#[test]
fn a_still_subtree_costs_no_recomputation() {
    let mut w = W::new();
    let root = w.root();
    let a = w.create_child(root, "a").unwrap();
    let a1 = w.create_child(a, "a1").unwrap();
    let a2 = w.create_child(a, "a2").unwrap();
    let b = w.create_child(root, "b").unwrap();
    let b1 = w.create_child(b, "b1").unwrap();
    w.update_transforms();
    let base = w.transform_recomputations();
    assert_eq!(base, 5, "every new node once; the root is never dirty");

    for _ in 0..10 {
        w.end_frame().unwrap();
        w.update_transforms();
        let _ = w.world_matrix(b1).unwrap();
    }
    assert_eq!(w.transform_recomputations(), base, "nothing moved");

    w.set_position(a, Vec2::new(1.0, 0.0)).unwrap();
    w.update_transforms();
    assert_eq!(w.transform_recomputations(), base + 3, "a, a1, a2");

    w.set_position(a1, Vec2::new(0.0, 2.0)).unwrap();
    w.set_angle_degrees(a1, 45.0).unwrap();
    w.update_transforms();
    assert_eq!(w.transform_recomputations(), base + 4, "a1 once");

    // Setting the same value again changes nothing.
    w.set_position(a1, Vec2::new(0.0, 2.0)).unwrap();
    w.update_transforms();
    assert_eq!(w.transform_recomputations(), base + 4);

    // Reparenting recomputes the moved node only.
    w.set_parent(b1, Some(a2)).unwrap();
    w.update_transforms();
    assert_eq!(w.transform_recomputations(), base + 5);
    assert_point(
        w.convert_to_world_space_ar(b1, Vec2::ZERO).unwrap(),
        1.0,
        0.0,
    );

    // A read brings just the chain it needs up to date, the rest waits.
    w.set_position(a, Vec2::new(2.0, 0.0)).unwrap();
    let _ = w.world_matrix(a1).unwrap();
    assert_eq!(w.transform_recomputations(), base + 7, "a, a1");
    w.update_transforms();
    assert_eq!(w.transform_recomputations(), base + 9, "then a2, b1");
    let _ = b;
}

#[test]
fn transform_setters_refuse_bad_values_and_change_nothing() {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    w.set_position(n, Vec2::new(1.0, 2.0)).unwrap();
    assert_eq!(
        w.set_position(n, Vec2::new(f32::NAN, 0.0)),
        Err(Error::InvalidValue)
    );
    assert_eq!(
        w.set_scale(n, Vec2::new(f32::INFINITY, 1.0)),
        Err(Error::InvalidValue)
    );
    assert_eq!(w.set_angle_degrees(n, f32::NAN), Err(Error::InvalidValue));
    assert_eq!(
        w.set_content_size(n, Size2::new(-1.0, 1.0)),
        Err(Error::InvalidValue)
    );
    assert_eq!(
        w.set_anchor(n, Vec2::new(0.0, f32::NEG_INFINITY)),
        Err(Error::InvalidValue)
    );
    assert_eq!(w.position(n).unwrap(), Vec2::new(1.0, 2.0));
    assert_eq!(w.scale(n).unwrap(), Vec2::ONE);
    assert_close(w.angle_degrees(n).unwrap(), 0.0);
    assert_eq!(w.content_size(n).unwrap(), Size2::ZERO);
    assert_eq!(w.anchor(n).unwrap(), Vec2::new(0.5, 0.5));
}

#[test]
fn a_zero_scale_has_no_node_space() {
    let mut w = W::new();
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    w.set_scale(n, Vec2::new(0.0, 1.0)).unwrap();
    assert_eq!(
        w.convert_to_node_space_ar(n, Vec2::ZERO),
        Err(Error::SingularTransform)
    );
    assert_point(
        w.convert_to_world_space_ar(n, Vec2::new(5.0, 5.0)).unwrap(),
        0.0,
        5.0,
    );
}

#[test]
fn detached_subtrees_have_their_own_world() {
    let mut w = W::new();
    let loose = w.create_node("loose").unwrap();
    w.set_position(loose, Vec2::new(7.0, 0.0)).unwrap();
    let kid = w.create_child(loose, "kid").unwrap();
    w.set_position(kid, Vec2::new(0.0, 3.0)).unwrap();
    assert_point(
        w.convert_to_world_space_ar(kid, Vec2::ZERO).unwrap(),
        7.0,
        3.0,
    );
    let root = w.root();
    let holder = w.create_child(root, "holder").unwrap();
    w.set_position(holder, Vec2::new(100.0, 100.0)).unwrap();
    w.add_child(holder, loose).unwrap();
    assert_point(
        w.convert_to_world_space_ar(kid, Vec2::ZERO).unwrap(),
        107.0,
        103.0,
    );
}

#[test]
fn opacity_defaults_to_opaque() {
    let mut w = W::new();
    let n = w.create_node("n").unwrap();
    assert_eq!(w.opacity(n).unwrap(), 255);
    w.set_opacity(n, 128).unwrap();
    assert_eq!(w.opacity(n).unwrap(), 128);
}
