//! Cloning a live subtree (`World::instantiate`, Cocos `cc.instantiate(node)`): nodes
//! with their properties, sibling order and zIndex, components cloned with their data
//! and enabled flags; detached until attached, then activated as one subtree; refused,
//! changing nothing, for a component that is not `Clone` or a copy that does not fit.

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Label, Shape};
use sprig::{component, scene, world, Error, Hooks, NodeId, Vec2};
use sprig_tests::probes::{take_log, P};

/// A component that cannot be cloned.
pub struct Unique;

#[component]
impl Hooks for Unique {}

world! {
    /// Room for a panel and a copy.
    pub type CloneWorld = World {
        nodes: 12,
        components: CloneSet { Shape: 6, Label: 4, P: 6, Unique: 1 },
    };
}

scene! {
    /// A panel: a fill, a title on top, a hidden child and a disabled probe.
    pub scene Panel in CloneWorld -> PanelIds {
        node Panel {
            position: (10.0, 20.0),
            size: (30.0, 20.0),
            Shape = Shape::rectangle().with_fill(Rgb888::new(1, 2, 3)),
            #[id] probe: P = P::new("panel"),
            #[id] title: node Title { z_index: 3, tag: 9, anchor: (0.0, 1.0), Label = Label::new("Hi") },
            node Back { opacity: 100, rotation: 45.0, scale: (2.0, 0.5), Shape = Shape::ellipse() },
            node Off { active: false, P = P::new("off") },
        }
    }
}

/// The subtree as text, without handles, so a copy reads the same as its original.
fn dump(w: &CloneWorld, node: NodeId, depth: usize, out: &mut Vec<String>) {
    let comps: Vec<String> = w
        .components(node)
        .unwrap()
        .map(|c| {
            format!(
                "{}{}",
                w.component_name(c).unwrap(),
                if w.enabled(c).unwrap() { "" } else { "(off)" }
            )
        })
        .collect();
    out.push(format!(
        "{:depth$}{} pos={:?} anchor={:?} size={:?} scale={:?} angle={} opacity={} z={} tag={} active={} [{}]",
        "",
        w.name(node).unwrap(),
        w.position(node).unwrap(),
        w.anchor(node).unwrap(),
        w.content_size(node).unwrap(),
        w.scale(node).unwrap(),
        w.angle_degrees(node).unwrap(),
        w.opacity(node).unwrap(),
        w.z_index(node).unwrap(),
        w.tag(node).unwrap(),
        w.active(node).unwrap(),
        comps.join(" "),
    ));
    let children: Vec<NodeId> = w.children(node).unwrap().collect();
    for child in children {
        dump(w, child, depth + 2, out);
    }
}

fn tree(w: &CloneWorld, node: NodeId) -> Vec<String> {
    let mut out = Vec::new();
    dump(w, node, 0, &mut out);
    out
}

#[test]
fn a_copy_has_the_originals_properties_order_and_components() {
    let mut w = CloneWorld::new();
    let root = w.root();
    let panel = Panel {}.instantiate(&mut w, root).unwrap();
    w.set_enabled(panel.probe.id(), false).unwrap();
    w.get_mut::<Label>(w.component_of::<Label>(panel.title).unwrap().unwrap())
        .unwrap()
        .set_text("Changed")
        .unwrap();
    w.tick(0.016).unwrap();
    take_log();
    let copy = w.instantiate(panel.top).unwrap();
    assert_eq!(w.parent(copy).unwrap(), None);
    assert!(take_log().is_empty());
    assert_eq!(tree(&w, copy), tree(&w, panel.top));
    assert_eq!(
        tree(&w, copy)[..2],
        [
            "Panel pos=Vec2 { x: 10.0, y: 20.0 } anchor=Vec2 { x: 0.5, y: 0.5 } size=Size2 { width: 30.0, height: 20.0 } scale=Vec2 { x: 1.0, y: 1.0 } angle=0 opacity=255 z=0 tag=0 active=true [Shape P(off)]",
            "  Back pos=Vec2 { x: 0.0, y: 0.0 } anchor=Vec2 { x: 0.5, y: 0.5 } size=Size2 { width: 0.0, height: 0.0 } scale=Vec2 { x: 2.0, y: 0.5 } angle=45 opacity=100 z=0 tag=0 active=true [Shape]",
        ]
    );
    // Sibling order as the original's now (the tick sorted Title, zIndex 3, last).
    let names: Vec<String> = w
        .children(copy)
        .unwrap()
        .map(|c| w.name(c).unwrap().to_owned())
        .collect();
    assert_eq!(names, ["Back", "Off", "Title"]);
    // The data is cloned: the copy's label says what the original said when copied.
    let copied_title = w.find(copy, "Title").unwrap().unwrap();
    // Its zIndex too, where Cocos's copy has 0 (D15 in docs/lifecycle.md).
    assert_eq!(w.z_index(copied_title).unwrap(), 3);
    let label = w.component_of::<Label>(copied_title).unwrap().unwrap();
    assert_eq!(w.get::<Label>(label).unwrap().text.as_str(), "Changed");
    // Attached, it activates as one subtree; the disabled probe and the hidden node's
    // wait, as in the original.
    w.add_child(root, copy).unwrap();
    assert_eq!(take_log(), ["panel.preload", "panel.on_load"]);
    w.set_position(copy, Vec2::new(0.0, 0.0)).unwrap();
    assert_eq!(w.position(panel.top).unwrap(), Vec2::new(10.0, 20.0));
}

#[test]
fn a_component_that_is_not_clone_refuses_the_copy() {
    let mut w = CloneWorld::new();
    let root = w.root();
    let panel = Panel {}.instantiate(&mut w, root).unwrap();
    let off = w.find(panel.top, "Off").unwrap().unwrap();
    w.add_component(off, Unique).unwrap();
    let (nodes, comps, events) = (w.node_count(), w.component_count(), w.pending_events());
    assert_eq!(w.instantiate(panel.top), Err(Error::NotCloneable));
    assert_eq!(
        (w.node_count(), w.component_count(), w.pending_events()),
        (nodes, comps, events)
    );
    // The part without it copies.
    assert!(w.instantiate(panel.title).is_ok());
}

#[test]
fn a_copy_that_does_not_fit_changes_nothing() {
    let mut w = CloneWorld::new();
    let root = w.root();
    let panel = Panel {}.instantiate(&mut w, root).unwrap();
    let first = w.instantiate(panel.top).unwrap();
    w.add_child(root, first).unwrap();
    while w.pop_event().is_some() {}
    // 9 of 12 nodes are taken: a third panel (4 nodes) does not fit.
    let before = (
        tree(&w, root),
        w.node_count(),
        w.component_count(),
        w.pending_events(),
        w.order_version(),
    );
    assert_eq!(
        w.instantiate(panel.top),
        Err(Error::NodeArenaFull { capacity: 12 })
    );
    let after = (
        tree(&w, root),
        w.node_count(),
        w.component_count(),
        w.pending_events(),
        w.order_version(),
    );
    assert_eq!(after, before);
    assert_eq!(w.instantiate(root), Err(Error::RootNode));
}
