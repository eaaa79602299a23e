//! `FocusChanged`: when the focus moves, the node that gained it and its ancestors hear
//! it, then the node that lost it and its ancestors below the nearest one the two share;
//! each listener once. Moves made outside hooks are announced at once, moves made by
//! hooks at the next announcement point of the frame. Orders are exact.

use std::cell::RefCell;

use sprig::{
    component, world, AnyWorld, Ctx, Error, Event, FocusChanged, HookResult, Hooks, Key, KeyEvent,
    NodeId,
};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn log(line: String) {
    LOG.with(|l| l.borrow_mut().push(line));
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

fn name(ctx: &Ctx<impl AnyWorld>, node: Option<NodeId>) -> String {
    match node.map(|n| ctx.name(n)) {
        None => "none".into(),
        Some(Ok("")) => "Root".into(),
        Some(Ok(name)) => name.into(),
        Some(Err(_)) => "stale".into(),
    }
}

/// Logs the focus changes heard on its node; optionally sends the focus on to `bounce`
/// when it arrives at its node, and moves the focus to `in_update` in its `update`.
pub struct Watcher {
    pub bounce: Option<NodeId>,
    pub in_update: Option<NodeId>,
}

#[component]
impl Hooks for Watcher {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<FocusChanged>(node)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        if let Some(to) = self.in_update.take() {
            log(format!("update moves the focus to {}", name(ctx, Some(to))));
            ctx.set_focus(Some(to))?;
        }
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        if ctx.node() == ctx.root() {
            log("late_update".into());
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        // The menu steps down its rows, as a focus group does.
        if key.pressed && key.key == Key::Down && ctx.name(ctx.node())? == "Menu" {
            let menu = ctx.node();
            let next = ctx.next_focusable(menu, ctx.focus(), true)?;
            ctx.set_focus(next)?;
            log(format!("Menu moved the focus to {}", name(ctx, next)));
        }
        Ok(())
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let Some(change) = event.get::<FocusChanged>().copied() else {
            return Ok(());
        };
        let here = name(ctx, Some(event.current_target()));
        let target = name(ctx, Some(event.target()));
        log(format!(
            "{here} heard {}->{} on {target}",
            name(ctx, change.from),
            name(ctx, change.to)
        ));
        if change.to == Some(ctx.node()) {
            if let Some(next) = self.bounce {
                ctx.set_focus(Some(next))?;
            }
        }
        Ok(())
    }
}

world! {
    type App = World { nodes: 16, components: AppSet { Watcher: 16 } };
}

/// Root ─┬─ Menu ─┬─ A
///       │        ├─ B
///       │        └─ C
///       └─ Other
/// Every node has a watcher.
struct Scene {
    rows: [NodeId; 3],
    other: NodeId,
}

fn scene(world: &mut App) -> Result<Scene, Error> {
    let root = world.root();
    let menu = world.create_child(root, "Menu")?;
    let mut rows = [menu; 3];
    for (k, name) in ["A", "B", "C"].into_iter().enumerate() {
        rows[k] = world.create_child(menu, name)?;
    }
    let other = world.create_child(root, "Other")?;
    for node in [root, menu, rows[0], rows[1], rows[2], other] {
        let watcher = Watcher {
            bounce: None,
            in_update: None,
        };
        world.add_component(node, watcher)?;
    }
    for node in [rows[0], rows[1], rows[2], other] {
        world.set_focusable(node, true)?;
    }
    Ok(Scene { rows, other })
}

fn watcher(world: &App, node: NodeId) -> sprig::CompId {
    world.component_of::<Watcher>(node).unwrap().unwrap()
}

#[test]
fn the_gaining_side_hears_it_first_then_the_losing_side_below_the_shared_ancestor() {
    let mut world = App::new();
    let s = scene(&mut world).unwrap();
    world.set_focus(Some(s.rows[0])).unwrap();
    assert_eq!(
        take_log(),
        [
            "A heard none->A on A",
            "Menu heard none->A on A",
            "Root heard none->A on A"
        ]
    );
    // Within the menu: Menu and Root hear it once, from B's side.
    world.set_focus(Some(s.rows[1])).unwrap();
    assert_eq!(
        take_log(),
        [
            "B heard A->B on B",
            "Menu heard A->B on B",
            "Root heard A->B on B",
            "A heard A->B on A"
        ]
    );
    // Out of the menu: the menu hears it from the losing side.
    world.set_focus(Some(s.other)).unwrap();
    assert_eq!(
        take_log(),
        [
            "Other heard B->Other on Other",
            "Root heard B->Other on Other",
            "B heard B->Other on B",
            "Menu heard B->Other on B"
        ]
    );
    // No focus: the losing side alone, up to the root.
    world.set_focus(None).unwrap();
    assert_eq!(
        take_log(),
        [
            "Other heard Other->none on Other",
            "Root heard Other->none on Other"
        ]
    );
    // Focusing the focused node again tells nobody.
    world.set_focus(None).unwrap();
    assert!(take_log().is_empty());
}

#[test]
fn a_move_during_a_key_is_announced_as_the_key_call_ends() {
    let mut world = App::new();
    let s = scene(&mut world).unwrap();
    world.set_focus(Some(s.rows[0])).unwrap();
    take_log();
    world.key(Key::Down, true).unwrap();
    assert_eq!(
        take_log(),
        [
            "Menu moved the focus to B",
            "B heard A->B on B",
            "Menu heard A->B on B",
            "Root heard A->B on B",
            "A heard A->B on A"
        ]
    );
}

#[test]
fn a_move_made_in_update_is_announced_before_late_update() {
    let mut world = App::new();
    let s = scene(&mut world).unwrap();
    world.set_focus(Some(s.rows[0])).unwrap();
    world.tick(0.0).unwrap();
    take_log();
    let c = watcher(&world, s.rows[2]);
    world.get_mut::<Watcher>(c).unwrap().in_update = Some(s.rows[1]);
    world.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        [
            "update moves the focus to B",
            "B heard A->B on B",
            "Menu heard A->B on B",
            "Root heard A->B on B",
            "A heard A->B on A",
            "late_update"
        ]
    );
}

#[test]
fn moves_between_two_points_are_one_event_and_a_move_back_is_none() {
    let mut world = App::new();
    let s = scene(&mut world).unwrap();
    world.set_focus(Some(s.rows[0])).unwrap();
    world.tick(0.0).unwrap();
    take_log();
    // Deactivating the focused row moves the focus on at once; the announcement waits
    // for the next point, the start of the next tick.
    world.set_active(s.rows[0], false).unwrap();
    assert_eq!(world.focus(), Some(s.rows[1]));
    assert!(take_log().is_empty());
    world.set_active(s.rows[1], false).unwrap();
    assert_eq!(world.focus(), Some(s.rows[2]));
    world.tick(0.1).unwrap();
    assert_eq!(
        take_log(),
        [
            "C heard A->C on C",
            "Menu heard A->C on C",
            "Root heard A->C on C",
            "late_update"
        ]
    );
    // A's watcher is disabled with its node: it does not hear the change.
    // Away and back between two points: nothing to tell.
    world.set_active(s.rows[2], false).unwrap();
    assert_eq!(world.focus(), Some(s.other));
    world.set_active(s.rows[2], true).unwrap();
    world.set_focus(Some(s.rows[2])).unwrap();
    assert_eq!(take_log(), Vec::<String>::new());
    world.tick(0.1).unwrap();
    assert_eq!(take_log(), ["late_update"]);
}

#[test]
fn a_destroyed_node_that_loses_the_focus_is_not_told_its_ancestors_are() {
    let mut world = App::new();
    let s = scene(&mut world).unwrap();
    world.set_focus(Some(s.rows[1])).unwrap();
    world.tick(0.0).unwrap();
    take_log();
    world.destroy(s.rows[1]).unwrap();
    world.tick(0.1).unwrap();
    // B's watcher went with B; Menu and Root hear it once, from C's side.
    assert_eq!(
        take_log(),
        [
            "C heard B->C on C",
            "Menu heard B->C on C",
            "Root heard B->C on C",
            "late_update"
        ]
    );
    assert!(!world.is_valid(s.rows[1]));
}

#[test]
fn listeners_that_keep_moving_the_focus_are_told_a_bounded_number_of_times() {
    let mut world = App::new();
    let s = scene(&mut world).unwrap();
    // A sends the focus to B, B back to A: a ping-pong.
    let (a, b) = (watcher(&world, s.rows[0]), watcher(&world, s.rows[1]));
    world.get_mut::<Watcher>(a).unwrap().bounce = Some(s.rows[1]);
    world.get_mut::<Watcher>(b).unwrap().bounce = Some(s.rows[0]);
    world.set_focus(Some(s.rows[0])).unwrap();
    let heard_by_a = take_log()
        .iter()
        .filter(|l| l.starts_with("A heard"))
        .count();
    // Four announcements (MAX_FOCUS_ROUNDS): A gains, B gains (A loses), A gains (B
    // loses), B gains (A loses); the last bounce waits for the next point.
    assert_eq!(sprig::MAX_FOCUS_ROUNDS, 4);
    assert_eq!(heard_by_a, 4);
    assert_eq!(world.focus(), Some(s.rows[0]));
    world.tick(0.0).unwrap();
    assert!(take_log().iter().any(|l| l == "A heard B->A on A"));
}
