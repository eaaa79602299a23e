//! Finding components across the tree: `component_in_children` (Cocos
//! `getComponentInChildren`: below the node only, depth first, pre-order),
//! `components_in_children` (Cocos `getComponentsInChildren`: the node's own first, then
//! each child's subtree in sibling order) and `component_in_parent` (the node, then its
//! ancestors), from `main` and from a hook of a component in another app.

use sprig::{component, world, AnyWorld, CompId, Ctx, Error, HookResult, Hooks, NodeId};

/// A component that remembers which node it was added to, by name.
pub struct Tagged(pub &'static str);
#[component]
impl Hooks for Tagged {}

/// A type the set holds but nobody adds.
pub struct Unused;
#[component]
impl Hooks for Unused {}

/// A type outside the set.
pub struct Outside;
#[component]
impl Hooks for Outside {}

/// Looks its first `Tagged` below and above up from its own `start`.
pub struct Finder {
    pub below: Option<CompId>,
    pub above: Option<CompId>,
    pub all_below: usize,
}
#[component]
impl Hooks for Finder {
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.below = ctx.component_in_children::<Tagged>(node)?;
        self.above = ctx.component_in_parent::<Tagged>(node)?;
        self.all_below = ctx.components_in_children::<Tagged>(node)?.count();
        Ok(())
    }
}

world! {
    type App = World {
        nodes: 16,
        components: AppSet { Tagged: 12, Unused: 1, Finder: 1 },
    };
}

/// Root ─ Menu(Tagged "menu" ×2) ─┬─ Row1 ─┬─ Icon1 (Tagged "icon1")
///                                │        └─ Text1 (Tagged "text1")
///                                ├─ Row2 (inactive) ── Icon2 (Tagged "icon2")
///                                └─ Row3 (Tagged "row3")
struct Tree {
    menu: NodeId,
    row1: NodeId,
    icon1: NodeId,
    row2: NodeId,
    row3: NodeId,
}

fn build(world: &mut App) -> Result<Tree, Error> {
    let root = world.root();
    let menu = world.create_child(root, "Menu")?;
    let row1 = world.create_child(menu, "Row1")?;
    let icon1 = world.create_child(row1, "Icon1")?;
    let text1 = world.create_child(row1, "Text1")?;
    let row2 = world.create_child(menu, "Row2")?;
    let icon2 = world.create_child(row2, "Icon2")?;
    let row3 = world.create_child(menu, "Row3")?;
    world.set_active(row2, false)?;
    world.add_component(menu, Tagged("menu"))?;
    world.add_component(menu, Tagged("menu-second"))?;
    world.add_component(icon1, Tagged("icon1"))?;
    world.add_component(text1, Tagged("text1"))?;
    world.add_component(icon2, Tagged("icon2"))?;
    world.add_component(row3, Tagged("row3"))?;
    Ok(Tree {
        menu,
        row1,
        icon1,
        row2,
        row3,
    })
}

fn names(world: &App, comps: impl Iterator<Item = CompId>) -> Vec<&'static str> {
    comps
        .map(|c| world.get::<Tagged>(c).map(|t| t.0).unwrap_or("?"))
        .collect()
}

fn name(world: &App, comp: Option<CompId>) -> Option<&'static str> {
    comp.map(|c| world.get::<Tagged>(c).map(|t| t.0).unwrap_or("?"))
}

#[test]
fn component_in_children_looks_below_the_node_only_depth_first() {
    let mut world = App::new();
    let t = build(&mut world).unwrap();
    // Menu's own two are skipped: the first below is Row1's subtree, Icon1 before Text1.
    let found = world.component_in_children::<Tagged>(t.menu).unwrap();
    assert_eq!(name(&world, found), Some("icon1"));
    assert_eq!(
        name(
            &world,
            world.component_in_children::<Tagged>(t.row2).unwrap()
        ),
        Some("icon2"),
        "inactive nodes are searched too"
    );
    assert_eq!(
        world.component_in_children::<Tagged>(t.icon1).unwrap(),
        None
    );
    assert_eq!(world.component_in_children::<Unused>(t.menu).unwrap(), None);
    assert_eq!(
        world.component_in_children::<Outside>(t.menu).unwrap(),
        None
    );
}

#[test]
fn components_in_children_start_with_the_node_and_go_pre_order() {
    let mut world = App::new();
    let t = build(&mut world).unwrap();
    let all = world.components_in_children::<Tagged>(t.menu).unwrap();
    assert_eq!(
        names(&world, all),
        ["menu", "menu-second", "icon1", "text1", "icon2", "row3"]
    );
    let row1 = world.components_in_children::<Tagged>(t.row1).unwrap();
    assert_eq!(names(&world, row1), ["icon1", "text1"]);
    let leaf = world.components_in_children::<Tagged>(t.row3).unwrap();
    assert_eq!(names(&world, leaf), ["row3"]);
    assert_eq!(
        world
            .components_in_children::<Outside>(t.menu)
            .unwrap()
            .count(),
        0
    );
}

#[test]
fn component_in_parent_starts_with_the_node_then_climbs() {
    let mut world = App::new();
    let t = build(&mut world).unwrap();
    let icon1 = world.component_in_parent::<Tagged>(t.icon1).unwrap();
    assert_eq!(name(&world, icon1), Some("icon1"), "its own first");
    let row1 = world.component_in_parent::<Tagged>(t.row1).unwrap();
    assert_eq!(
        name(&world, row1),
        Some("menu"),
        "Row1 has none: Menu's first"
    );
    assert_eq!(
        world.component_in_parent::<Tagged>(world.root()).unwrap(),
        None
    );
    assert_eq!(world.component_in_parent::<Unused>(t.row3).unwrap(), None);
}

#[test]
fn stale_nodes_are_errors() {
    let mut world = App::new();
    let t = build(&mut world).unwrap();
    world.destroy(t.row3).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(
        world.component_in_children::<Tagged>(t.row3),
        Err(Error::StaleHandle)
    );
    assert!(matches!(
        world.components_in_children::<Tagged>(t.row3),
        Err(Error::StaleHandle)
    ));
    assert_eq!(
        world.component_in_parent::<Tagged>(t.row3),
        Err(Error::StaleHandle)
    );
    let all = world.components_in_children::<Tagged>(t.menu).unwrap();
    assert_eq!(
        names(&world, all),
        ["menu", "menu-second", "icon1", "text1", "icon2"],
        "the destroyed row's component is gone"
    );
}

#[test]
fn a_hook_looks_up_through_its_ctx() {
    let mut world = App::new();
    let t = build(&mut world).unwrap();
    let finder = world
        .add_component(
            t.row1,
            Finder {
                below: None,
                above: None,
                all_below: 0,
            },
        )
        .unwrap();
    world.tick(0.016).unwrap();
    let f = world.get::<Finder>(finder).unwrap();
    let (below, above, all) = (f.below, f.above, f.all_below);
    assert_eq!(name(&world, below), Some("icon1"));
    assert_eq!(name(&world, above), Some("menu"));
    assert_eq!(all, 2);
}
