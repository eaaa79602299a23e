//! Touches hit the topmost listening node in the reverse of draw order (tested in node
//! space), bubble to ancestors until stopped, and stay with the node they went down on;
//! keys go to every listener, topmost first; a node above the touched one can take the touch
//! over (the nodes below get a cancel).

use std::cell::RefCell;

use sprig::{
    component, world, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2,
    TouchEvent, TouchPhase, Vec2,
};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn take_log() -> Vec<String> {
    LOG.with(|l| l.take())
}

/// Logs touches and keys; stops them when `stop` is set.
pub struct Pad {
    name: &'static str,
    stop: bool,
}

#[component]
impl Hooks for Pad {
    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        let (name, stop) = (self.name, self.stop);
        let node = ctx.node();
        let local = ctx
            .convert_to_node_space(node, touch.world)
            .map(|p| format!("({:.0},{:.0})", p.x, p.y))
            .unwrap_or_default();
        LOG.with(|l| {
            l.borrow_mut()
                .push(format!("{name} {:?}{local}", touch.phase))
        });
        if stop {
            ctx.stop_propagation();
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        let (name, stop) = (self.name, self.stop);
        LOG.with(|l| {
            l.borrow_mut()
                .push(format!("{name} {:?} {}", key.key, key.pressed))
        });
        if stop {
            ctx.stop_propagation();
        }
        Ok(())
    }
}

/// Takes a touch that began below it over at its first move, as a scroll view does.
pub struct Taker {
    result: Option<Result<(), Error>>,
}

#[component]
impl Hooks for Taker {
    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        LOG.with(|l| l.borrow_mut().push(format!("taker {:?}", touch.phase)));
        if touch.phase == TouchPhase::Move && self.result.is_none() {
            let node = ctx.node();
            self.result = Some(ctx.take_touch(touch, node));
        }
        ctx.stop_propagation();
        Ok(())
    }
}

world! {
    /// Pads, and a taker.
    type W = World {
        nodes: 16,
        components: App {
            Pad: 16,
            Taker: 1,
        },
    };
}

const H: f32 = 64.0;

/// A `w × h` node with its bottom-left corner at world (x, y), with a pad.
fn pad(w: &mut W, parent: NodeId, name: &'static str, rect: (f32, f32, f32, f32)) -> NodeId {
    let n = w.create_child(parent, name).unwrap();
    w.set_anchor(n, Vec2::ZERO).unwrap();
    w.set_content_size(n, Size2::new(rect.2, rect.3)).unwrap();
    w.set_position(n, Vec2::new(rect.0, rect.1)).unwrap();
    w.add_component(n, Pad { name, stop: false }).unwrap();
    n
}

/// Screen point of world (x, y).
fn at(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, H - y)
}

#[test]
fn the_topmost_listener_is_hit_in_its_own_space() {
    let mut w = W::new();
    let root = w.root();
    let a = pad(&mut w, root, "a", (0.0, 0.0, 20.0, 20.0));
    let b = pad(&mut w, root, "b", (10.0, 10.0, 20.0, 20.0));
    assert_eq!(w.touch(0, TouchPhase::Down, at(15.0, 15.0), H), Ok(Some(b)));
    assert_eq!(take_log(), ["b Down(5,5)"]);
    w.touch(0, TouchPhase::Up, at(15.0, 15.0), H).unwrap();
    take_log();
    // zIndex puts `a` on top.
    w.set_z_index(a, 1).unwrap();
    assert_eq!(w.touch(1, TouchPhase::Down, at(15.0, 15.0), H), Ok(Some(a)));
    assert_eq!(take_log(), ["a Down(15,15)"]);
    // Outside everything: nobody.
    w.touch(1, TouchPhase::Up, at(15.0, 15.0), H).unwrap();
    take_log();
    assert_eq!(w.touch(2, TouchPhase::Down, at(50.0, 50.0), H), Ok(None));
    assert_eq!(take_log(), Vec::<String>::new());
}

#[test]
fn rotation_counts_in_the_hit_test() {
    let mut w = W::new();
    let root = w.root();
    let bar = pad(&mut w, root, "bar", (10.0, 10.0, 30.0, 4.0));
    w.set_angle_degrees(bar, 90.0).unwrap();
    // Turned about its bottom-left corner, the bar now runs up from (10, 10).
    assert_eq!(w.touch(0, TouchPhase::Down, at(30.0, 11.0), H), Ok(None));
    assert_eq!(
        w.touch(0, TouchPhase::Down, at(8.0, 30.0), H),
        Ok(Some(bar))
    );
    assert_eq!(take_log(), ["bar Down(20,2)"]);
}

#[test]
fn touches_bubble_until_stopped() {
    let mut w = W::new();
    let root = w.root();
    let outer = pad(&mut w, root, "outer", (0.0, 0.0, 40.0, 40.0));
    let inner = pad(&mut w, outer, "inner", (5.0, 5.0, 10.0, 10.0));
    w.touch(0, TouchPhase::Down, at(8.0, 8.0), H).unwrap();
    assert_eq!(take_log(), ["inner Down(3,3)", "outer Down(8,8)"]);
    w.touch(0, TouchPhase::Up, at(8.0, 8.0), H).unwrap();
    take_log();
    let c = w.component_of::<Pad>(inner).unwrap().unwrap();
    w.get_mut::<Pad>(c).unwrap().stop = true;
    w.touch(0, TouchPhase::Down, at(8.0, 8.0), H).unwrap();
    assert_eq!(take_log(), ["inner Down(3,3)"]);
}

#[test]
fn a_touch_stays_with_the_node_it_went_down_on() {
    let mut w = W::new();
    let root = w.root();
    let a = pad(&mut w, root, "a", (0.0, 0.0, 10.0, 10.0));
    pad(&mut w, root, "b", (20.0, 0.0, 10.0, 10.0));
    w.touch(3, TouchPhase::Down, at(5.0, 5.0), H).unwrap();
    assert_eq!(w.touch(3, TouchPhase::Move, at(25.0, 5.0), H), Ok(Some(a)));
    assert_eq!(w.touch(3, TouchPhase::Up, at(25.0, 5.0), H), Ok(Some(a)));
    assert_eq!(take_log(), ["a Down(5,5)", "a Move(25,5)", "a Up(25,5)"]);
    // Ended: a later move of that touch goes nowhere.
    assert_eq!(w.touch(3, TouchPhase::Move, at(5.0, 5.0), H), Ok(None));
    // A cancel ends it too.
    w.touch(4, TouchPhase::Down, at(5.0, 5.0), H).unwrap();
    assert_eq!(w.touch(4, TouchPhase::Cancel, at(5.0, 5.0), H), Ok(Some(a)));
    assert_eq!(w.touch(4, TouchPhase::Up, at(5.0, 5.0), H), Ok(None));
}

#[test]
fn nodes_that_do_not_listen_let_touches_through() {
    let mut w = W::new();
    let root = w.root();
    let under = pad(&mut w, root, "under", (0.0, 0.0, 20.0, 20.0));
    let cover = w.create_child(root, "cover").unwrap();
    w.set_content_size(cover, Size2::new(100.0, 100.0)).unwrap();
    let hidden = pad(&mut w, root, "hidden", (0.0, 0.0, 20.0, 20.0));
    w.set_active(hidden, false).unwrap();
    let off = pad(&mut w, root, "off", (0.0, 0.0, 20.0, 20.0));
    let c = w.component_of::<Pad>(off).unwrap().unwrap();
    w.set_enabled(c, false).unwrap();
    assert_eq!(
        w.touch(0, TouchPhase::Down, at(5.0, 5.0), H),
        Ok(Some(under))
    );
}

#[test]
fn keys_go_to_every_listener_topmost_first() {
    let mut w = W::new();
    let root = w.root();
    let a = pad(&mut w, root, "a", (0.0, 0.0, 1.0, 1.0));
    pad(&mut w, root, "b", (0.0, 0.0, 1.0, 1.0));
    w.key(Key::A, true).unwrap();
    assert_eq!(take_log(), ["b A true", "a A true"]);
    let b_pad = w
        .children(root)
        .unwrap()
        .nth(1)
        .and_then(|b| w.component_of::<Pad>(b).unwrap())
        .unwrap();
    w.get_mut::<Pad>(b_pad).unwrap().stop = true;
    w.key(Key::Left, false).unwrap();
    assert_eq!(take_log(), ["b Left false"]);
    let _ = a;
}

#[test]
fn bad_input_is_refused() {
    let mut w = W::new();
    let root = w.root();
    pad(&mut w, root, "a", (0.0, 0.0, 10.0, 10.0));
    assert_eq!(
        w.touch(0, TouchPhase::Down, Vec2::new(f32::NAN, 0.0), H),
        Err(Error::InvalidValue)
    );
    for id in 0..sprig::MAX_TOUCHES as u8 {
        w.touch(id, TouchPhase::Down, at(5.0, 5.0), H).unwrap();
    }
    assert_eq!(
        w.touch(9, TouchPhase::Down, at(5.0, 5.0), H),
        Err(Error::QueueFull)
    );
}

#[test]
fn a_node_takes_a_touch_over_and_the_nodes_below_it_get_a_cancel() {
    let mut w = W::new();
    let root = w.root();
    let list = pad(&mut w, root, "list", (0.0, 0.0, 100.0, 60.0));
    w.add_component(list, Taker { result: None }).unwrap();
    let row = pad(&mut w, list, "row", (0.0, 0.0, 100.0, 20.0));
    let button = pad(&mut w, row, "button", (10.0, 5.0, 20.0, 10.0));
    w.touch(0, TouchPhase::Down, at(15.0, 10.0), H).unwrap();
    assert_eq!(
        take_log(),
        [
            "button Down(5,5)",
            "row Down(15,10)",
            "list Down(15,10)",
            "taker Down"
        ]
    );
    // The first move reaches the taker (it bubbles), which takes the touch: the button
    // and the row below it get a cancel at once, from inside the taker's hook.
    w.touch(0, TouchPhase::Move, at(15.0, 30.0), H).unwrap();
    assert_eq!(
        take_log(),
        [
            "button Move(5,25)",
            "row Move(15,30)",
            "list Move(15,30)",
            "taker Move",
            "button Cancel(5,25)",
            "row Cancel(15,30)"
        ]
    );
    // From now on the touch is the list's.
    w.touch(0, TouchPhase::Move, at(15.0, 40.0), H).unwrap();
    w.touch(0, TouchPhase::Up, at(15.0, 40.0), H).unwrap();
    assert_eq!(
        take_log(),
        [
            "list Move(15,40)",
            "taker Move",
            "list Up(15,40)",
            "taker Up"
        ]
    );
    let taker = w.component_of::<Taker>(list).unwrap().unwrap();
    assert_eq!(w.get::<Taker>(taker).unwrap().result, Some(Ok(())));
    let _ = button;
}

#[test]
fn taking_a_touch_that_is_not_live_or_from_below_another_node_is_refused() {
    let mut w = W::new();
    let root = w.root();
    let a = pad(&mut w, root, "a", (0.0, 0.0, 50.0, 50.0));
    let b = pad(&mut w, root, "b", (60.0, 0.0, 50.0, 50.0));
    w.touch(0, TouchPhase::Down, at(10.0, 10.0), H).unwrap();
    let live = TouchEvent {
        id: 0,
        phase: TouchPhase::Move,
        gesture: 0,
        world: at(10.0, 10.0),
    };
    assert_eq!(
        w.take_touch(live, b),
        Err(Error::InvalidValue),
        "b is not above a"
    );
    let stale = TouchEvent { gesture: 7, ..live };
    assert_eq!(
        w.take_touch(stale, a),
        Err(Error::InvalidValue),
        "another gesture"
    );
    let other = TouchEvent { id: 3, ..live };
    assert_eq!(
        w.take_touch(other, a),
        Err(Error::InvalidValue),
        "no such touch"
    );
    take_log();
    w.touch(0, TouchPhase::Up, at(10.0, 10.0), H).unwrap();
    assert_eq!(
        take_log(),
        ["a Up(10,10)"],
        "nothing changed: the touch stayed with a"
    );
}
