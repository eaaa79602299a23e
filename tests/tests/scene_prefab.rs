//! Prefabs declared with `scene!`: parameters, many independent instances under any
//! parent, a prefab held by a scene, computed names, and all-or-nothing instantiation
//! (on a full arena: `Err`, and the world exactly as it was).

use embedded_graphics::pixelcolor::Rgb888;
use sprig::render::{Label, Shape};
use sprig::{
    component, scene, world, AnyWorld, Ctx, Error, HookResult, Hooks, NodeEvent, NodeId, Prefab,
    Size2, Vec2, WorldShape,
};
use sprig_tests::probes::{take_log, P};

/// Instantiates a brick under its node in its first `update`, from inside the hook.
pub struct Spawner {
    /// The brick's handles, once made.
    pub spawned: Option<BrickIds>,
}

#[component]
impl Hooks for Spawner {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        if self.spawned.is_none() {
            let node = ctx.node();
            let brick = Brick {
                name: "Spawned",
                x: 3.0,
                y: 4.0,
                grey: 5,
            };
            self.spawned = Some(brick.instantiate(ctx.world(), node)?);
        }
        Ok(())
    }
}

world! {
    /// Room for a few bricks.
    pub type Wall = World {
        nodes: 8,
        components: WallSet { Shape: 3, Label: 3, P: 8, Spawner: 1 },
    };
}

scene! {
    /// A brick at a place, in a grey, with a label under it.
    pub prefab Brick(name: &'static str, x: f32, y: f32, grey: u8) in Wall -> BrickIds {
        #[id] brick: node (name) {
            position: (x, y),
            size: (11.0, 4.0),
            #[id] shape: Shape = Shape::rectangle().with_fill(Rgb888::new(grey, grey, grey)),
            P = P::new(name),
            node Text { Label = Label::new(name) },
        }
    }

    /// A row holding one brick, which it names.
    pub scene Row in Wall -> RowIds {
        node Row {
            position: (0.0, 50.0),
            #[id] first: prefab Brick { name: "First", x: 1.0, y: 2.0, grey: 100 },
            node End {},
        }
    }
}

/// The tree under `node` as names, positions and component names, pre-order.
fn dump(w: &Wall, node: NodeId, out: &mut Vec<String>) {
    let comps: Vec<&str> = w
        .components(node)
        .unwrap()
        .map(|c| w.component_name(c).unwrap())
        .collect();
    out.push(format!(
        "{} {:?} {:?} {:?}",
        w.name(node).unwrap(),
        node,
        w.position(node).unwrap(),
        comps
    ));
    let children: Vec<NodeId> = w.children(node).unwrap().collect();
    for child in children {
        dump(w, child, out);
    }
}

fn snapshot(w: &Wall) -> (Vec<String>, usize, usize, usize, u32, u32) {
    let mut tree = Vec::new();
    dump(w, w.root(), &mut tree);
    (
        tree,
        w.node_count(),
        w.component_count(),
        w.pending_events(),
        w.events_dropped(),
        w.order_version(),
    )
}

#[test]
fn instances_are_independent_and_take_their_parameters() {
    let mut w = Wall::new();
    let root = w.root();
    let a = Brick {
        name: "A",
        x: 1.0,
        y: 2.0,
        grey: 50,
    }
    .instantiate(&mut w, root)
    .unwrap();
    let holder = w.create_child(root, "Holder").unwrap();
    let b = Brick {
        name: "B",
        x: 5.0,
        y: 6.0,
        grey: 90,
    }
    .instantiate(&mut w, holder)
    .unwrap();
    assert!(w.find_from_root("A/Text").unwrap().is_some());
    assert_eq!(w.find_from_root("Holder/B").unwrap(), Some(b.brick));
    assert_eq!(w.position(a.brick).unwrap(), Vec2::new(1.0, 2.0));
    assert_eq!(w.position(b.brick).unwrap(), Vec2::new(5.0, 6.0));
    assert_eq!(w.content_size(b.brick).unwrap(), Size2::new(11.0, 4.0));
    w.comp_mut(a.shape).unwrap().fill = None;
    assert_eq!(w.comp(a.shape).unwrap().fill, None);
    assert_eq!(w.comp(b.shape).unwrap().fill, Some(Rgb888::new(90, 90, 90)));
    assert_eq!(take_log()[..3], ["A.preload", "A.on_load", "A.on_enable"]);
    assert_eq!(<Brick as Prefab<Wall>>::NODES, 2);
    // The counts the budget check reads: a row holds one brick.
    let row = <Row as Prefab<Wall>>::COMPONENTS;
    assert_eq!(
        (row.get("Shape"), row.get("Label"), row.get("P")),
        (1, 1, 1)
    );
    assert_eq!(<Row as Prefab<Wall>>::NODES, 4);
}

#[test]
fn a_scene_holds_a_prefab_instance_in_its_place() {
    let mut w = Wall::new();
    let root = w.root();
    let row = Row {}.instantiate(&mut w, root).unwrap();
    let children: Vec<NodeId> = w.children(row.top).unwrap().collect();
    let end = w.find_from_root("Row/End").unwrap().unwrap();
    assert_eq!(children, [row.first.brick, end]);
    assert_eq!(w.name(row.first.brick).unwrap(), "First");
    assert!(w.find_from_root("Row/First/Text").unwrap().is_some());
    // The whole row activated as one: the brick's probe ran its hooks once.
    assert_eq!(
        take_log(),
        ["First.preload", "First.on_load", "First.on_enable"]
    );
}

#[test]
fn under_an_inactive_parent_an_instance_waits() {
    let mut w = Wall::new();
    let root = w.root();
    let off = w.create_child(root, "Off").unwrap();
    w.set_active(off, false).unwrap();
    take_log();
    let a = Brick {
        name: "A",
        x: 0.0,
        y: 0.0,
        grey: 1,
    }
    .instantiate(&mut w, off)
    .unwrap();
    assert!(!w.active_in_hierarchy(a.brick).unwrap());
    assert!(take_log().is_empty());
    w.set_active(off, true).unwrap();
    assert_eq!(take_log(), ["A.preload", "A.on_load", "A.on_enable"]);
}

#[test]
fn a_full_node_arena_leaves_the_world_as_it_was() {
    let mut w = Wall::new();
    let mut twin = Wall::new();
    let root = w.root();
    for world in [&mut w, &mut twin] {
        for (k, name) in ["A", "B", "C"].into_iter().enumerate() {
            Brick {
                name,
                x: k as f32,
                y: 0.0,
                grey: 9,
            }
            .instantiate(world, root)
            .unwrap();
        }
    }
    // 7 of 8 nodes are taken: a brick's first node fits, its label's node does not.
    let before = snapshot(&w);
    let log = take_log();
    assert_eq!(
        Brick {
            name: "D",
            x: 0.0,
            y: 0.0,
            grey: 9
        }
        .instantiate(&mut w, root),
        Err(Error::NodeArenaFull { capacity: 8 })
    );
    assert_eq!(snapshot(&w), before);
    assert_eq!(take_log(), Vec::<String>::new());
    assert!(log.iter().any(|line| line == "C.on_enable"));
    // The next node takes the slot it would have taken had nothing been tried.
    assert_eq!(
        w.create_child(root, "E").unwrap().index(),
        twin.create_child(root, "E").unwrap().index()
    );
}

#[test]
fn a_full_component_type_leaves_the_world_as_it_was() {
    let mut w = Wall::new();
    let root = w.root();
    // Three labels fit: the holder's and two bricks'; a third brick's label does not
    // (its shape and probe did).
    let holder = w.create_child(root, "Holder").unwrap();
    w.add_component(holder, Label::new("Holder")).unwrap();
    for name in ["A", "B"] {
        Brick {
            name,
            x: 0.0,
            y: 0.0,
            grey: 9,
        }
        .instantiate(&mut w, holder)
        .unwrap();
    }
    while w.pop_event().is_some() {}
    let before = snapshot(&w);
    assert_eq!(
        Brick {
            name: "C",
            x: 0.0,
            y: 0.0,
            grey: 9
        }
        .instantiate(&mut w, holder),
        Err(Error::ComponentArenaFull { capacity: 3 })
    );
    assert_eq!(snapshot(&w), before);
    assert_eq!(w.pop_event(), None::<NodeEvent>);
    assert_eq!(<Wall as WorldShape>::NODES, 8);
    assert_eq!(<Wall as WorldShape>::RAM_BYTES, Wall::ram_bytes());
}

#[test]
fn a_scene_built_by_a_scene_switch_activates_with_the_new_scene() {
    let mut w = Wall::new();
    let root = w.root();
    Brick {
        name: "Old",
        x: 0.0,
        y: 0.0,
        grey: 1,
    }
    .instantiate(&mut w, root)
    .unwrap();
    take_log();
    w.switch_scene(|w| {
        let root = w.root();
        let row = Row {}.instantiate(w, root)?;
        // Nothing of the new scene is active while the switch builds it.
        assert!(!w.active_in_hierarchy(row.top)?);
        Ok(())
    })
    .unwrap();
    assert_eq!(
        take_log(),
        [
            "Old.on_disable",
            "Old.on_destroy",
            "First.preload",
            "First.on_load",
            "First.on_enable"
        ]
    );
}

#[test]
fn a_hook_instantiates_a_prefab_through_its_ctx() {
    let mut w = Wall::new();
    let root = w.root();
    let spawner = w.create_child(root, "Spawner").unwrap();
    let comp = w.add_component(spawner, Spawner { spawned: None }).unwrap();
    take_log();
    w.tick(0.016).unwrap();
    let ids = w.get::<Spawner>(comp).unwrap().spawned.unwrap();
    assert_eq!(
        w.find_from_root("Spawner/Spawned").unwrap(),
        Some(ids.brick)
    );
    assert_eq!(w.position(ids.brick).unwrap(), Vec2::new(3.0, 4.0));
    // Added during `update`, its `start` runs before the frame ends (Cocos's late
    // start round for components made in the frame).
    assert_eq!(
        take_log(),
        [
            "Spawned.preload",
            "Spawned.on_load",
            "Spawned.on_enable",
            "Spawned.start"
        ]
    );
}
