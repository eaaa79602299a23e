//! Keyboard focus: keys go to the focused node and bubble up; without a focus they go to
//! every listener as before; the focus moves to the nearest neighbour when its node is
//! deactivated, destroyed, detached or made unfocusable; focus groups step through the
//! focusable nodes in tree order. Orders are exact.

use std::cell::RefCell;

use sprig::{component, world, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn log(line: String) {
    LOG.with(|l| l.borrow_mut().push(line));
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

/// Logs the keys its node receives, and stops them if told to.
pub struct Listener {
    pub stops: bool,
}

#[component]
impl Hooks for Listener {
    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        let node = ctx.node();
        log(format!("{}.on_key({:?})", ctx.name(node)?, key.key));
        if self.stops {
            ctx.stop_propagation();
        }
        Ok(())
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        let focus = match ctx.focus() {
            Some(f) => ctx.name(f)?,
            None => "none",
        };
        log(format!("{}.on_disable, focus on {focus}", ctx.name(node)?));
        Ok(())
    }
}

/// Focuses `target` from its `on_disable`.
pub struct Grabber {
    pub target: NodeId,
}

#[component]
impl Hooks for Grabber {
    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        log(format!("grab: {:?}", ctx.set_focus(Some(self.target))));
        Ok(())
    }
}

world! {
    type App = World { nodes: 16, components: AppSet { Listener: 16, Grabber: 1 } };
}

/// Root ─ Menu ─┬─ A
///              ├─ B
///              └─ C
///        Other (a listener outside the menu)
struct Menu {
    menu: NodeId,
    rows: [NodeId; 3],
    other: NodeId,
}

fn menu(world: &mut App) -> Result<Menu, Error> {
    let root = world.root();
    let menu = world.create_child(root, "Menu")?;
    let mut rows = [menu; 3];
    for (k, name) in ["A", "B", "C"].into_iter().enumerate() {
        rows[k] = world.create_child(menu, name)?;
        world.set_focusable(rows[k], true)?;
    }
    let other = world.create_child(root, "Other")?;
    for node in [menu, rows[0], rows[1], rows[2], other] {
        world.add_component(node, Listener { stops: false })?;
    }
    Ok(Menu { menu, rows, other })
}

fn focus_name(world: &App) -> &str {
    world
        .focus()
        .map_or("none", |f| world.name(f).unwrap_or("?"))
}

#[test]
fn keys_go_to_the_focused_node_and_bubble_up() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    world.set_focus(Some(m.rows[1])).unwrap();
    world.key(Key::A, true).unwrap();
    assert_eq!(take_log(), ["B.on_key(A)", "Menu.on_key(A)"]);
    // A handler that stops the key keeps it from the ancestors.
    let b = world.component_of::<Listener>(m.rows[1]).unwrap().unwrap();
    world.get_mut::<Listener>(b).unwrap().stops = true;
    world.key(Key::Down, true).unwrap();
    assert_eq!(take_log(), ["B.on_key(Down)"]);
}

#[test]
fn without_a_focus_keys_go_to_every_listener_topmost_first() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    world.key(Key::B, true).unwrap();
    assert_eq!(
        take_log(),
        [
            "Other.on_key(B)",
            "C.on_key(B)",
            "B.on_key(B)",
            "A.on_key(B)",
            "Menu.on_key(B)"
        ]
    );
    world.set_focus(Some(m.rows[0])).unwrap();
    world.set_focus(None).unwrap();
    world.key(Key::B, false).unwrap();
    assert_eq!(
        take_log().len(),
        5,
        "taking the focus away broadcasts again"
    );
}

#[test]
fn set_focus_refuses_nodes_that_cannot_hold_it_and_changes_nothing() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    world.set_focus(Some(m.rows[0])).unwrap();
    assert_eq!(
        world.set_focus(Some(m.other)),
        Err(Error::NotFocusable),
        "not focusable"
    );
    world.set_active(m.rows[2], false).unwrap();
    assert_eq!(
        world.set_focus(Some(m.rows[2])),
        Err(Error::NotFocusable),
        "inactive"
    );
    let gone = world.create_child(m.menu, "Gone").unwrap();
    world.destroy(gone).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(world.set_focus(Some(gone)), Err(Error::StaleHandle));
    assert_eq!(world.focus(), Some(m.rows[0]));
    assert_eq!(world.is_focusable(m.other), Ok(false));
    assert_eq!(world.is_focusable(m.rows[0]), Ok(true));
}

#[test]
fn the_focus_moves_to_the_next_row_then_back_to_the_previous_one() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    world.set_focus(Some(m.rows[1])).unwrap();
    // The focus has moved before the node's components hear of it.
    world.destroy(m.rows[1]).unwrap();
    assert_eq!(take_log(), ["B.on_disable, focus on C"]);
    assert_eq!(focus_name(&world), "C");
    world.tick(0.0).unwrap();
    world.set_active(m.rows[2], false).unwrap();
    assert_eq!(take_log(), ["C.on_disable, focus on A"]);
    world.remove_from_parent(m.rows[0]).unwrap();
    assert_eq!(take_log(), ["A.on_disable, focus on none"]);
    assert_eq!(world.focus(), None);
}

#[test]
fn a_closed_dialog_hands_the_focus_to_the_nearest_node_outside_it() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    let dialog = world.create_child(world.root(), "Dialog").unwrap();
    let ok = world.create_child(dialog, "Ok").unwrap();
    let cancel = world.create_child(dialog, "Cancel").unwrap();
    world.set_focusable(ok, true).unwrap();
    world.set_focusable(cancel, true).unwrap();
    world.set_focus(Some(cancel)).unwrap();
    // Nothing focusable after the dialog: the last one before it, C.
    world.set_active(dialog, false).unwrap();
    assert_eq!(focus_name(&world), "C");
    // Inside a group, a row made unfocusable hands the focus to the next row.
    world.set_focus(Some(m.rows[0])).unwrap();
    world.set_focusable(m.rows[0], false).unwrap();
    assert_eq!(focus_name(&world), "B");
}

#[test]
fn focus_groups_step_through_focusable_nodes_in_tree_order() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    let sub = world.create_child(m.rows[1], "B1").unwrap();
    world.set_focusable(sub, true).unwrap();
    let names = |world: &App| -> Vec<String> {
        world
            .focusables(m.menu)
            .unwrap()
            .map(|n| world.name(n).unwrap().to_string())
            .collect()
    };
    assert_eq!(names(&world), ["A", "B", "B1", "C"]);
    world.set_active(m.rows[1], false).unwrap();
    assert_eq!(names(&world), ["A", "C"], "inactive subtrees are skipped");
    world.set_active(m.rows[1], true).unwrap();
    let step = |from: Option<NodeId>, forward: bool| {
        world
            .next_focusable(m.menu, from, forward)
            .unwrap()
            .map(|n| world.name(n).unwrap().to_string())
    };
    assert_eq!(step(None, true).as_deref(), Some("A"));
    assert_eq!(step(None, false).as_deref(), Some("C"));
    assert_eq!(step(Some(m.rows[1]), true).as_deref(), Some("B1"));
    assert_eq!(step(Some(sub), false).as_deref(), Some("B"));
    assert_eq!(step(Some(m.rows[2]), true), None, "past the end");
    assert_eq!(step(Some(m.rows[0]), false), None, "before the start");
    assert_eq!(
        step(Some(m.other), true).as_deref(),
        Some("A"),
        "from outside"
    );
}

#[test]
fn a_hook_that_focuses_a_node_about_to_go_inactive_does_not_keep_the_focus_there() {
    let mut world = App::new();
    let m = menu(&mut world).unwrap();
    let panel = world.create_child(world.root(), "Panel").unwrap();
    let x = world.create_child(panel, "X").unwrap();
    let y = world.create_child(panel, "Y").unwrap();
    world.set_focusable(y, true).unwrap();
    world.add_component(x, Grabber { target: y }).unwrap();
    world.set_focus(Some(m.rows[1])).unwrap();
    // X's on_disable focuses Y, which the same deactivation reaches next: the focus
    // moves on from Y to the nearest node outside the panel, C.
    world.set_active(panel, false).unwrap();
    assert_eq!(take_log(), ["grab: Ok(())"]);
    assert_eq!(focus_name(&world), "C");
}
