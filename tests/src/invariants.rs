//! The random-operation invariant suite's machinery, shared by the property test
//! (`tests/tests/lifecycle_invariants.rs`) and the fuzz target (`fuzz/`): the operations,
//! applying them from outside frames and from inside hooks, and the lifecycle invariants
//! checked after every step: `on_load` at most once and before any `on_enable`;
//! `on_enable` / `on_disable` alternate, starting with `on_enable`; `start` at most once,
//! after an `on_enable`, before the first `update`; no hook after `on_destroy`;
//! `on_destroy` only if `on_load` ran; `update` only while enabled and active in the
//! hierarchy; `on_event` only between `on_enable` and `on_disable` (so never for a
//! disabled or destroyed component); the keyboard focus only on a live, focusable node
//! active in the hierarchy. Operations register, unregister and send events and move the
//! focus too. The components are the probes and `sprig_reusable::Relay`, a component of
//! another crate whose hooks act on the world through the generic `AnyWorld`.
//!
//! Operations also change what is drawn (shapes added, recoloured through `get_mut`,
//! moved, turned, resized, re-anchored, faded, reordered), and after every step a renderer
//! draws the world on a small screen, checking its change-driven damage against the
//! fingerprint walk (`Renderer::set_verify`) and its screen against a full redraw: a
//! change that reaches no renderer is a broken invariant.
//!
//! Operations also add the `sprig-ui` widgets to nodes (`Checkbox`, `Spinbox`,
//! `Dropdown`, `Roller`, `Button`, `Toggle`, `Slider`, `FocusGroup`, `TextArea`,
//! `Keyboard`, `Led`, `Spinner`, `Arc`, `Scale`, `Chart`, and the containers `TabView`,
//! `Tileview` and `Table`, their pages and tiles new child nodes), change the text entry, dials
//! and data widgets from code as an app does ([`Op::Edit`]: typing into text areas,
//! retargeting keyboards, pushing chart points, setting dials), push, pop and replace
//! screens on a `ScreenStack` (instant, slid, covered, faded; a page with a button, a
//! form with a dropdown), open and close `MessageBox`es, and press keys and touch the
//! 32×32 screen (taps, downs, moves, ups, cancels, half of them near where widgets are
//! put). Their own guarantees, from their docs and code, are checked too:
//!
//! - every widget event (`Click`, `Toggled`, `SliderMoved`, `SpinboxChanged`,
//!   `DropdownChanged`, `RollerChanged`, `MessageBoxClick`, `ArcChanged`,
//!   `KeyboardDone`, `TabChanged`, `TileChanged`) comes from a component of a type that sends it, on the event's
//!   node, enabled in the hierarchy (a watcher capturing them on the root); a
//!   `TextChanged` or `TextSubmitted` from a node holding a `TextArea` (a keyboard
//!   types into its target whatever the area's state);
//! - a hook fails only as a widget's `on_load` that could not make its parts for want of
//!   room (an arena, the listener table, a queue full), and that widget made none (or
//!   as a known bug behind a flag here while it is open: the ones found so far are
//!   fixed, their reproductions kept in `tests/tests/widget_regressions.rs`);
//! - a dropdown is open only while enabled in the hierarchy, and its list and backdrop
//!   are active exactly while it is open; after a frame in which the focus stayed put
//!   and no operation ran from a hook, an open dropdown has the focus or no node has;
//! - a check box's mark is active exactly while it is checked (while it is enabled in
//!   the hierarchy);
//! - a spin box's value is in its range, and it is held only while enabled in the
//!   hierarchy;
//! - a roller's selected option exists, its offset is between the first option and the
//!   last, and at rest it is exactly on the selected option;
//! - a slider's value is in 0..=1;
//! - a tab view's selected tab is one of its tabs, a tile view's selected place one of
//!   its tiles; after a frame with no operation from a hook that left its node's size
//!   as it was, a table enabled in the hierarchy is scrolled between zero and how much
//!   wider and taller its cells are than its viewport (the node less a one-pixel
//!   outline);
//! - a screen stack is never deeper than its capacity, and between transitions its
//!   input shield is down (inactive, not focusable), its top screen active and the ones
//!   below inactive;
//! - a message box opened gives its first button the focus when that button can take
//!   it;
//! - a text area's text is at most its capacity in bytes and its maximum length in
//!   characters, has no line break in a one-line area, and its cursor and selection
//!   are within it; each edit by code makes exactly the text, cursor and selection its
//!   doc says (`insert` in place of the selection, the cursor after it; `backspace`
//!   and `delete`; `set_text`, `set_cursor` clamped, `select`, `select_all`, `clear`),
//!   and one refused (past the maximum length or the capacity, a line break in a
//!   one-line area, a reversed or too long selection) is an `Err` that changes nothing;
//! - a chart holds at most `N` points, as many as `len` says, `is_full` exactly at `N`;
//!   its range is the fixed one set, or automatic from below to above, containing every
//!   point; a push of a value not finite is an `Err` changing nothing, any other adds it
//!   as the latest; a fixed range not finite or not increasing is refused;
//! - a dial's value is in its range and on its steps (counted from `min`, or from
//!   `max`, which a key reaches clamped), `set_value` clamps, and it is dragged only
//!   while enabled in the hierarchy; a spinner's lit dot is one of its 8; a scale has a
//!   label for each major tick (or none, its parts not made), and `set_range` refuses
//!   a range that does not increase, changing nothing;
//! - after a frame with no operation from a hook, what the widgets enabled in the
//!   hierarchy show follows their state: a text area's label shows `shown_text`, a
//!   light's disc `shown_color`, a dial's indicator is active exactly above `min`, a
//!   scale's labels read its major ticks' values (a keyboard notices a target that lost
//!   its node or text area at its next hook, and types into nothing meanwhile);
//! - keys and touches are refused exactly inside hooks, as `tick` is.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Label, Renderer, Shape};
use sprig::{component, scene, AnyWorld, Comp, Ctx, Event, HookResult, Hooks};
use sprig::{CompId, Error, Hook, Key, NodeId, Size2, TouchPhase, Vec2};
use sprig_ui::{Arc, ArcChanged, ChartKind, ChartRange, ChartUpdate, Keyboard, KeyboardDone};
use sprig_ui::{Button, Checkbox, Click, Direction, Dropdown, DropdownChanged, Easing};
use sprig_ui::{FocusGroup, MessageBox, MessageBoxClick, MessageBoxStyle, Roller, RollerChanged};
use sprig_ui::{KeyboardLayout, Led, Scale, ScaleLayout, Spinbox, SpinboxChanged, Spinner};
use sprig_ui::{ScreenStack, ScreenTransition, SlideDirection, Slider, SliderMoved};
use sprig_ui::{TabChanged, TabView, TileChanged, Tileview};
use sprig_ui::{TextArea, TextChanged, TextSubmitted, Toggle, Toggled, SPINNER_DOTS};

use crate::framebuffer::Framebuffer;
use sprig_reusable::Relay;

use crate::probes::{hook_ran, log, on, reset, take_log, Chart6, Neg, NoEnable, Pos, TestWorld};
use crate::probes::{Table32, Text64, P};

/// One random operation; indices pick among the handles made so far.
#[derive(Clone, Debug)]
#[allow(missing_docs)]
pub enum Op {
    CreateNode {
        parent: Option<usize>,
    },
    Reparent {
        node: usize,
        parent: Option<usize>,
    },
    SetActive {
        node: usize,
        active: bool,
    },
    DestroyNode {
        node: usize,
    },
    AddComponent {
        node: usize,
        kind: u8,
    },
    SetEnabled {
        comp: usize,
        enabled: bool,
    },
    DestroyComponent {
        comp: usize,
    },
    Schedule {
        comp: usize,
        repeat: Option<u32>,
    },
    /// Starts a tween on the node (`sprig-ui`): a move, a `call`, a scale, once or for
    /// ever.
    Tween {
        node: usize,
        forever: bool,
    },
    /// Makes the node focusable or not; when focusable, also gives it the focus.
    Focus {
        node: usize,
        focusable: bool,
    },
    /// `on` (or `on_capture`) for a `Ping` on a node.
    Listen {
        comp: usize,
        node: usize,
        capture: bool,
    },
    /// `off_all` of a component on a node.
    Unlisten {
        comp: usize,
        node: usize,
    },
    /// `emit` (or `dispatch_event`) of a `Ping` on a node.
    Emit {
        node: usize,
        dispatch: bool,
    },
    /// Changes what the node draws: `how` picks adding a shape (or recolouring the one
    /// it has through `get_mut`), moving, turning, resizing, re-anchoring, fading or
    /// reordering it.
    Visual {
        node: usize,
        how: u8,
    },
    Tick,
    /// Adds a widget to the node (to a new child of the root for a `kind` from 128, or
    /// while there is no node), sizing it and placing it on the screen (`at`): `kind`
    /// picks a `Checkbox`, a `Spinbox`, a `Dropdown`, a `Roller`, a `Button`, a `Toggle`
    /// (with a new child as its checkmark), a `Slider` (with a new child as its handle),
    /// a `FocusGroup` (ordered or spatial), a one-line `TextArea` (plain, password,
    /// with a placeholder, or of 5 characters at most), a multi-line one, a `Keyboard`
    /// (typing into a text area made before, or following the focus), a `Led`, a
    /// `Spinner`, an `Arc`, a `Scale` (along a line or round a gauge), a `Chart` of 6
    /// points (line or bars, shifting or sweeping, automatic or fixed range), a `TabView`
    /// of 2 or 3 pages (a button on the first), a `Tileview` of 2 or 3 tiles in a grid
    /// or a `Table` of 3 rows and 2 columns, its pages and tiles new child nodes.
    Widget {
        node: usize,
        kind: u8,
        at: u8,
    },
    /// Changes one of the widgets made by [`Op::Widget`] from code, as an app does
    /// (`widget` picks among the text areas, keyboards, lights, spinners, dials, scales
    /// and charts; `how` picks the change): a text area's `insert` (ASCII, multi-byte
    /// characters, line breaks, text past its length or its capacity), `backspace`,
    /// `delete`, `set_cursor`, `select` (also reversed or past the text),
    /// `select_all`, `clear`, `set_text` and `set_password`, each checked against what
    /// its doc says it makes (or that a refusal changes nothing); a keyboard's
    /// `set_target` (a text area, any node, none) and `set_layout`; a chart's `push`
    /// (also of huge and not finite values), `clear`, `set_range` and look; a dial's
    /// `set_value`; a light's `turn_on`, `turn_off`, `toggle` and brightness; a
    /// spinner's `spinning` and period; a scale's `set_range` (also reversed). Any of
    /// them may turn off `interactable`.
    Edit {
        widget: u8,
        how: u8,
    },
    /// Drives the `ScreenStack` on the node, attaching one first if it has none: `how`
    /// picks a push (of a small page, or of a form holding a dropdown), a pop, a replace
    /// or a `finish`, and the transition (none, slides, covers, a fade).
    Screen {
        node: usize,
        how: u8,
    },
    /// Opens a `MessageBox` over the node with one to three buttons, or closes one
    /// opened before.
    MessageBox {
        node: usize,
        how: u8,
    },
    /// `world.key` of key number `key` (the named keys, then `Key::Other(7)`), pressed
    /// or released.
    Key {
        key: u8,
        pressed: bool,
    },
    /// `world.touch` with touch id 0 or 1 (`second`), a phase (down, move, up, cancel)
    /// and a point on the suite's screen.
    Touch {
        second: bool,
        phase: u8,
        x: u8,
        y: u8,
    },
}

/// The payload of the events the operations send.
struct Ping;

scene! {
    /// The screen [`Op::Screen`] pushes: a filled page with a button.
    pub prefab Page(shade: u8) in TestWorld -> PageIds {
        node Page {
            size: (24.0, 20.0),
            Shape = Shape::rectangle().with_fill(Rgb888::new(0, shade, 160)),
            #[id] ok: node Ok {
                position: (-4.0, 2.0),
                size: (8.0, 6.0),
                Shape = Shape::rectangle().with_fill(Rgb888::new(200, 200, 0)),
                Button = Button::new(),
            },
        }
    }
}

scene! {
    /// The other screen [`Op::Screen`] pushes: a page holding a dropdown.
    pub prefab Form(options: Dropdown) in TestWorld -> FormIds {
        node Form {
            size: (24.0, 20.0),
            Shape = Shape::rectangle().with_fill(Rgb888::new(90, 0, 0)),
            #[id] units: node Units {
                position: (0.0, 6.0),
                size: (16.0, 5.0),
                #[id] choice: Dropdown = options,
            },
        }
    }
}

/// Watches the events the widgets send, capturing them on the root: each must come
/// from a component of a type that sends it, on the event's node, enabled in the
/// hierarchy. A broken rule is logged as a violation, which the suite's log check
/// reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct Watch;

/// The widget events, the component types that send each, and whether the sender must
/// be enabled in the hierarchy: a keyboard's edits are sent from its target text area's
/// node, which it types into whatever that area's state.
const SENDERS: [(&str, &[&str], bool); 13] = [
    ("Click", &["Button", "Toggle", "Checkbox"], true),
    ("Toggled", &["Toggle", "Checkbox"], true),
    ("SliderMoved", &["Slider"], true),
    ("SpinboxChanged", &["Spinbox"], true),
    ("DropdownChanged", &["Dropdown"], true),
    ("RollerChanged", &["Roller"], true),
    ("MessageBoxClick", &["MessageBox"], true),
    ("ArcChanged", &["Arc"], true),
    ("TextChanged", &["TextArea"], false),
    ("TextSubmitted", &["TextArea"], false),
    ("KeyboardDone", &["Keyboard"], true),
    ("TabChanged", &["TabView"], true),
    ("TileChanged", &["Tileview"], true),
];

#[component]
impl Hooks for Watch {
    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let sent = event
            .get::<Click>()
            .map(|e| (0, e.node))
            .or_else(|| event.get::<Toggled>().map(|e| (1, e.node)))
            .or_else(|| event.get::<SliderMoved>().map(|e| (2, e.node)))
            .or_else(|| event.get::<SpinboxChanged>().map(|e| (3, e.node)))
            .or_else(|| event.get::<DropdownChanged>().map(|e| (4, e.node)))
            .or_else(|| event.get::<RollerChanged>().map(|e| (5, e.node)))
            .or_else(|| event.get::<MessageBoxClick>().map(|e| (6, e.node)))
            .or_else(|| event.get::<ArcChanged>().map(|e| (7, e.node)))
            .or_else(|| event.get::<TextChanged>().map(|e| (8, e.node)))
            .or_else(|| event.get::<TextSubmitted>().map(|e| (9, e.node)))
            .or_else(|| event.get::<KeyboardDone>().map(|e| (10, e.node)))
            .or_else(|| event.get::<TabChanged>().map(|e| (11, e.node)))
            .or_else(|| event.get::<TileChanged>().map(|e| (12, e.node)));
        let Some((kind, node)) = sent else {
            return Ok(());
        };
        let (name, senders, enabled) = SENDERS[kind];
        WIDGET_EVENTS.with(|c| c.borrow_mut()[kind] += 1);
        let sender_on = ctx.components(node).is_ok_and(|mut comps| {
            comps.any(|c| {
                ctx.component_name(c).is_ok_and(|n| senders.contains(&n))
                    && (!enabled || ctx.enabled_in_hierarchy(c).unwrap_or(false))
            })
        });
        if !sender_on {
            let which = if enabled { "enabled " } else { "" };
            log(format!(
                "VIOLATION {name} from {node:?}, which has no {which}{senders:?}"
            ));
        }
        if let Some(done) = event.get::<KeyboardDone>() {
            if done.node != event.target() {
                log(format!("VIOLATION {done:?} sent from {:?}", event.target()));
            }
        }
        Ok(())
    }
}

thread_local! {
    /// How many of each widget event ([`SENDERS`]) the watcher has seen on this thread.
    static WIDGET_EVENTS: RefCell<[u64; 13]> = const { RefCell::new([0; 13]) };
}

/// How many of each widget event the watcher has seen on this thread, by name: how
/// much the random operations reach the widgets.
pub fn widget_events() -> Vec<(&'static str, u64)> {
    WIDGET_EVENTS.with(|c| {
        SENDERS
            .iter()
            .zip(c.borrow().iter())
            .map(|((name, _, _), &n)| (*name, n))
            .collect()
    })
}

const HOOKS: [Hook; 10] = [
    Hook::Preload,
    Hook::OnLoad,
    Hook::OnEnable,
    Hook::Start,
    Hook::Update,
    Hook::LateUpdate,
    Hook::OnDisable,
    Hook::OnDestroy,
    Hook::OnTimer,
    Hook::OnEvent,
];

/// Handles made so far, shared with the actions that run inside hooks.
#[derive(Default)]
struct Handles {
    nodes: Vec<NodeId>,
    comps: Vec<CompId>,
    labels: Vec<String>,
    /// Labels of `NoEnable` components, whose enabling the log cannot show.
    silent_enable: Vec<String>,
    /// The widgets (also in `comps`) and screen stacks, for their invariants.
    widgets: Vec<CompId>,
    /// The nodes of the message boxes opened.
    boxes: Vec<NodeId>,
    /// The widgets' type names, known also once they are destroyed.
    names: HashMap<CompId, &'static str>,
    /// The widgets [`Op::Edit`] changes (also in `widgets`).
    editable: Vec<CompId>,
    /// The nodes of the text areas made, for the keyboards' targets.
    text_nodes: Vec<NodeId>,
    /// The pages and tiles of the tab views and tile views made.
    pages: Vec<NodeId>,
    /// How many operations have run from inside hooks.
    hooked_runs: u64,
}

fn pick<T: Copy>(items: &[T], i: usize) -> Option<T> {
    (!items.is_empty()).then(|| items[i % items.len()])
}

/// Applies one operation; errors are fine (they change nothing), panics are not.
fn apply(w: &mut TestWorld, h: &Rc<RefCell<Handles>>, op: &Op, in_hook: bool) {
    let (nodes, comps) = {
        let mut h = h.borrow_mut();
        if in_hook {
            h.hooked_runs += 1;
        }
        (h.nodes.clone(), h.comps.clone())
    };
    match *op {
        Op::CreateNode { parent } => {
            let made = match parent.and_then(|p| pick(&nodes, p)) {
                Some(p) => w.create_child(p, "n"),
                None if nodes.is_empty() || parent.is_none() => {
                    let root = w.root();
                    w.create_child(root, "n")
                }
                None => w.create_node("n"),
            };
            if let Ok(n) = made {
                h.borrow_mut().nodes.push(n);
            }
        }
        Op::Reparent { node, parent } => {
            if let Some(n) = pick(&nodes, node) {
                let p = parent.and_then(|p| pick(&nodes, p));
                let _ = w.set_parent(n, p.or(Some(w.root())));
            }
        }
        Op::SetActive { node, active } => {
            if let Some(n) = pick(&nodes, node) {
                let _ = w.set_active(n, active);
            }
        }
        Op::DestroyNode { node } => {
            let page = |n: &NodeId| PAGE_DESTROY_BUG && h.borrow().pages.contains(n);
            if let Some(n) = pick(&nodes, node).filter(|n| !page(n)) {
                let _ = w.destroy(n);
            }
        }
        Op::AddComponent { node, kind } => {
            if let Some(n) = pick(&nodes, node) {
                // Reserve the label first: hooks of the new component may add more.
                let label = {
                    let mut h = h.borrow_mut();
                    let label = format!("c{}", h.labels.len());
                    h.labels.push(label.clone());
                    label
                };
                let made = match kind {
                    0 => w.add_component(n, P::new(&label)),
                    1 => w.add_component(n, Neg::new(&label)),
                    2 => w.add_component(n, Pos::new(&label)),
                    // A component of another crate, acting from its hooks through the
                    // generic world like the probes.
                    3 => w.add_component(
                        n,
                        Relay {
                            id: label[1..].parse().unwrap_or(u32::MAX),
                            on_hook: relay,
                        },
                    ),
                    _ => w.add_component(n, NoEnable::new(&label)),
                };
                if let Ok(c) = made {
                    let mut h = h.borrow_mut();
                    h.comps.push(c);
                    if kind >= 4 {
                        h.silent_enable.push(label);
                    }
                }
            }
        }
        Op::SetEnabled { comp, enabled } => {
            if let Some(c) = pick(&comps, comp) {
                let _ = w.set_enabled(c, enabled);
            }
        }
        Op::DestroyComponent { comp } => {
            if let Some(c) = pick(&comps, comp) {
                let _ = w.destroy_component(c);
            }
        }
        Op::Schedule { comp, repeat } => {
            if let Some(c) = pick(&comps, comp) {
                let _ = w.schedule(c, 1, 0.0, repeat, 0.0);
            }
        }
        Op::Tween { node, forever } => {
            if let Some(n) = pick(&nodes, node) {
                let t = sprig_ui::tween(n)
                    .by(
                        0.03,
                        sprig_ui::Props::new().x(5.0),
                        sprig_ui::Easing::QuadInOut,
                    )
                    .call(1)
                    .to(
                        0.02,
                        sprig_ui::Props::new().scale(0.5),
                        sprig_ui::Easing::BackOut,
                    );
                let t = if forever { t.repeat_forever() } else { t };
                let _ = t.start(w);
            }
        }
        Op::Focus { node, focusable } => {
            if let Some(n) = pick(&nodes, node) {
                let _ = w.set_focusable(n, focusable);
                if focusable {
                    let _ = w.set_focus(Some(n));
                }
            }
        }
        Op::Listen {
            comp,
            node,
            capture,
        } => {
            if let (Some(c), Some(n)) = (pick(&comps, comp), pick(&nodes, node)) {
                let _ = if capture {
                    w.on_capture::<Ping>(c, n)
                } else {
                    w.on::<Ping>(c, n)
                };
            }
        }
        Op::Unlisten { comp, node } => {
            if let (Some(c), Some(n)) = (pick(&comps, comp), pick(&nodes, node)) {
                let _ = w.off_all(c, n);
            }
        }
        Op::Emit { node, dispatch } => {
            if let Some(n) = pick(&nodes, node) {
                let _ = if dispatch {
                    w.dispatch_event(n, &Ping)
                } else {
                    w.emit(n, &Ping)
                };
            }
        }
        Op::Visual { node, how } => {
            if let Some(n) = pick(&nodes, node) {
                visual(w, n, how);
            }
        }
        Op::Tick => {
            let r = w.tick(0.02);
            assert_eq!(r.is_err(), in_hook, "tick refused exactly inside hooks");
        }
        Op::Widget { node, kind, at } => {
            let n = if kind >= 128 || nodes.is_empty() {
                // On a new child of the root.
                let root = w.root();
                let made = w.create_child(root, "w");
                if let Ok(n) = made {
                    h.borrow_mut().nodes.push(n);
                }
                made.ok()
            } else {
                pick(&nodes, node)
            };
            if let Some(n) = n {
                add_widget(w, h, n, kind, at);
            }
        }
        Op::Edit { widget, how } => {
            let (editable, text_nodes) = {
                let h = h.borrow();
                (h.editable.clone(), h.text_nodes.clone())
            };
            if let Some(c) = pick(&editable, usize::from(widget)) {
                if let Err(why) = edit(w, c, how, &nodes, &text_nodes) {
                    log(format!("VIOLATION {why}"));
                }
            }
        }
        Op::Screen { node, how } => {
            if let Some(n) = pick(&nodes, node) {
                screen(w, h, n, how);
            }
        }
        Op::MessageBox { node, how } => {
            if let Some(n) = pick(&nodes, node) {
                message_box(w, h, n, how);
            }
        }
        Op::Key { key, pressed } => {
            let named = match key % 12 {
                0 | 9 => Key::Up,
                1 | 10 => Key::Down,
                2 => Key::Left,
                3 => Key::Right,
                4 | 11 => Key::A,
                5 => Key::B,
                6 => Key::Start,
                7 => Key::Select,
                _ => Key::Other(7),
            };
            let r = if key % 12 >= 9 && pressed {
                // A key pressed and released at once.
                w.key(named, true).and_then(|()| w.key(named, false))
            } else {
                w.key(named, pressed)
            };
            assert_eq!(r.is_err(), in_hook, "keys refused exactly inside hooks");
        }
        Op::Touch {
            second,
            phase,
            x,
            y,
        } => {
            let phases: &[TouchPhase] = match phase % 8 {
                0 | 1 => &[TouchPhase::Down],
                2 => &[TouchPhase::Move],
                3 => &[TouchPhase::Up],
                4 => &[TouchPhase::Cancel],
                // A tap: down and up at one point.
                _ => &[TouchPhase::Down, TouchPhase::Up],
            };
            let h = SCREEN.height as f32;
            let at = if y >= 128 {
                // Near where `Op::Widget` puts widgets (screen y down).
                let (cx, cy) = widget_place(x);
                // From 3 px over it to 12 px under it: a dropdown's list hangs there.
                let (dx, dy) = (f32::from(y % 7) - 3.0, f32::from(y / 7 % 16) - 12.0);
                Vec2::new(cx + dx, h - (cy + dy))
            } else {
                Vec2::new(
                    f32::from(u16::from(x) % SCREEN.width as u16) + 0.5,
                    f32::from(u16::from(y) % SCREEN.height as u16) + 0.5,
                )
            };
            let r: Result<Vec<_>, _> = phases
                .iter()
                .map(|&phase| w.touch(u8::from(second), phase, at, h))
                .collect();
            assert_eq!(r.is_err(), in_hook, "touches refused exactly inside hooks");
        }
    }
}

/// Remembers a widget made by an operation, for the operations on components and for
/// the widgets' invariants.
fn keep_widget(w: &TestWorld, h: &Rc<RefCell<Handles>>, comp: CompId) {
    let mut h = h.borrow_mut();
    if let Ok(name) = w.component_name(comp) {
        h.names.insert(comp, name);
    }
    h.comps.push(comp);
    h.widgets.push(comp);
}

/// Makes a child of `n` for a widget's part (a toggle's checkmark, a slider's handle),
/// which the operations get too: a part destroyed under its widget counts as none
/// (`tests/tests/widget_regressions.rs`).
fn part(w: &mut TestWorld, h: &Rc<RefCell<Handles>>, n: NodeId) -> Option<NodeId> {
    let part = w.create_child(n, "part").ok()?;
    let _ = w.set_content_size(part, Size2::new(3.0, 3.0));
    let _ = w.add_component(part, Shape::ellipse().with_fill(Rgb888::new(0, 200, 0)));
    h.borrow_mut().nodes.push(part);
    Some(part)
}

/// Where [`Op::Widget`] puts a widget (its position, in its parent's space): one of 12
/// places on the suite's screen, picked by `at`.
fn widget_place(at: u8) -> (f32, f32) {
    (
        f32::from(at % 3) * 10.0 + 6.0,
        f32::from(at / 3 % 4) * 8.0 + 4.0,
    )
}

/// [`Op::Widget`]: errors are fine (they change nothing).
fn add_widget(w: &mut TestWorld, h: &Rc<RefCell<Handles>>, n: NodeId, kind: u8, at: u8) {
    let kind = kind % WIDGET_KINDS;
    let size = match kind {
        0 => Some((20.0, 6.0)),
        1 => Some((18.0, 6.0)),
        2 => Some((14.0, 5.0)),
        3 => Some((12.0, 12.0)),
        4 | 5 => Some((8.0, 6.0)),
        6 => Some((16.0, 4.0)),
        7 => None,
        8 => Some((28.0, 12.0)),
        9 => Some((28.0, 22.0)),
        10 => Some((30.0, 14.0)),
        11 => Some((6.0, 6.0)),
        12 => Some((10.0, 10.0)),
        13 => Some((16.0, 16.0)),
        14 => Some((22.0, 14.0)),
        15 => Some((24.0, 12.0)),
        16 => Some((30.0, 24.0)),
        17 => Some((24.0, 20.0)),
        _ => Some((16.0, 14.0)),
    };
    if let Some((width, height)) = size {
        let _ = w.set_content_size(n, Size2::new(width, height));
        // A keyboard across the bottom of the screen, the others at one of the places.
        let (x, y) = if kind == 10 {
            (16.0, 7.0)
        } else {
            widget_place(at)
        };
        let _ = w.set_position(n, Vec2::new(x, y));
    }
    if kind >= 8 {
        let made = if kind >= 16 {
            add_container(w, h, n, kind, at)
        } else {
            add_new_widget(w, h, n, kind, at)
        };
        if let Ok(comp) = made {
            keep_widget(w, h, comp);
            h.borrow_mut().editable.push(comp);
            if at % 2 == 1 {
                let _ = w.set_focus(Some(n));
            }
        }
        return;
    }
    let made = match kind % 8 {
        0 => Checkbox::new("Wi-Fi")
            .and_then(|c| w.add_component(n, c.with_checked(at.is_multiple_of(2)))),
        1 => Spinbox::new(-15, 15)
            .and_then(|s| s.with_step(4))
            .and_then(|s| s.with_digits(3, 1))
            .and_then(|s| w.add_component(n, s.with_value(i32::from(at % 31) - 15))),
        2 => Dropdown::new(&["C", "F", "K"])
            .and_then(|d| d.with_selected(usize::from(at % 3)))
            .and_then(|d| w.add_component(n, d)),
        3 => Roller::new(&["6", "7", "8", "9"])
            .and_then(|r| r.with_row_height(4.0))
            .and_then(|r| r.with_selected(usize::from(at % 4)))
            .and_then(|r| w.add_component(n, r)),
        4 => w.add_component(n, Button::new().with_interactable(!at.is_multiple_of(8))),
        5 => {
            let toggle = Toggle::new().with_checked(at.is_multiple_of(2));
            let toggle = match part(w, h, n) {
                Some(mark) => toggle.with_checkmark(mark),
                None => toggle,
            };
            w.add_component(n, toggle)
        }
        6 => {
            let slider = Slider::new(Direction::Horizontal)
                .with_step(0.25)
                .with_value(f32::from(at) / 255.0);
            let slider = match part(w, h, n) {
                Some(handle) => slider.with_handle(handle),
                None => slider,
            };
            w.add_component(n, slider)
        }
        _ if at.is_multiple_of(2) => w.add_component(n, FocusGroup::ordered()),
        _ => w.add_component(n, FocusGroup::spatial()),
    };
    if let Ok(comp) = made {
        keep_widget(w, h, comp);
        if at % 2 == 1 {
            // Focused, so that the keys reach it.
            let _ = w.set_focus(Some(n));
        }
    }
}

/// How many widget kinds [`Op::Widget`] picks among (its `kind` modulo this).
const WIDGET_KINDS: u8 = 19;

/// [`Op::Widget`] for the containers (`kind` from 16 to 18): a `TabView` of 2 or 3
/// pages (a button on the first when `at` is even, so a swipe may begin on it), a
/// `Tileview` of 2 or 3 tiles in a grid, or a `Table` of 3 rows and 2 columns of cells
/// 10 × 6 pixels (more than its viewport both ways). The pages and tiles are new children
/// of `n`, which the operations get too.
fn add_container(
    w: &mut TestWorld,
    h: &Rc<RefCell<Handles>>,
    n: NodeId,
    kind: u8,
    at: u8,
) -> Result<CompId, Error> {
    let count = 2 + usize::from(at / 2 % 2);
    let mut pages = Vec::new();
    if kind != 18 {
        for _ in 0..count {
            let page = w.create_child(n, "page")?;
            let mut h = h.borrow_mut();
            h.nodes.push(page);
            h.pages.push(page);
            pages.push(page);
        }
    }
    match kind {
        16 => {
            if at.is_multiple_of(2) {
                if let Ok(button) = w.add_component(pages[0], Button::new()) {
                    keep_widget(w, h, button);
                }
            }
            let titles = ["A", "B", "C"];
            let tabs: Vec<_> = titles.iter().copied().zip(pages).collect();
            let tabs = TabView::new(&tabs)?
                .with_bar_height(8.0)?
                .with_selected(usize::from(at) % count)?;
            w.add_component(n, tabs)
        }
        17 => {
            let places = [(0, 0), (1, 0), (if at % 8 < 4 { 0 } else { 1 }, 1)];
            let tiles: Vec<_> = places
                .iter()
                .zip(pages)
                .map(|(&(col, row), page)| (col, row, page))
                .collect();
            w.add_component(n, Tileview::new(&tiles)?)
        }
        _ => {
            let mut table = Table32::new().with_cell_size(10.0, 6.0)?;
            for (row, text) in ["1", "22", "333"].iter().enumerate() {
                table.set_cell(row, 0, text)?;
                table.set_cell(row, 1, "x")?;
            }
            w.add_component(n, table)
        }
    }
}

/// [`Op::Widget`] for the text entry, dials and data widgets (`kind` from 8 to 15).
fn add_new_widget(
    w: &mut TestWorld,
    h: &Rc<RefCell<Handles>>,
    n: NodeId,
    kind: u8,
    at: u8,
) -> Result<CompId, Error> {
    let layouts = [
        KeyboardLayout::Lower,
        KeyboardLayout::Upper,
        KeyboardLayout::Numbers,
        KeyboardLayout::Symbols,
    ];
    match kind {
        8 | 9 => {
            let area = TextArea::new();
            let area = match (kind, at % 4) {
                (8, 0) => area,
                (8, 1) => area.with_password(true).with_text("pw")?,
                (8, 2) => area.with_placeholder("SSID")?,
                (8, _) => area.with_text("abc")?.with_max_chars(5)?,
                (_, 0 | 1) => area.multi_line(),
                (_, 2) => area.multi_line().with_text("ab\ncd")?,
                _ => area.multi_line().with_max_chars(12)?.with_password(true),
            };
            let made = w.add_component(n, area)?;
            h.borrow_mut().text_nodes.push(n);
            Ok(made)
        }
        10 => {
            let keyboard = Keyboard::new().with_layout(layouts[usize::from(at / 16 % 4)]);
            let keyboard = match at % 8 {
                // Into a new text area, above it on the screen.
                0..=3 => {
                    let root = w.root();
                    let field = w.create_child(root, "field")?;
                    h.borrow_mut().nodes.push(field);
                    add_widget(w, h, field, 8 + at / 4 % 2, at / 8);
                    let _ = w.set_position(field, Vec2::new(16.0, 24.0));
                    keyboard.with_target(field)
                }
                // Into one made before.
                4 | 5 => match pick(&h.borrow().text_nodes, usize::from(at / 4)) {
                    Some(t) => keyboard.with_target(t),
                    None => keyboard,
                },
                // Following the focus.
                _ => keyboard,
            };
            w.add_component(n, keyboard)
        }
        11 => {
            let led = Led::new(Rgb888::new(255, 80, 0))
                .with_on(at.is_multiple_of(2))
                .with_brightness(at);
            w.add_component(n, led)
        }
        12 => w.add_component(n, Spinner::new().with_period(f32::from(at) / 100.0)),
        13 => {
            let k = i32::from(at / 4 % 8);
            let arc = match at % 4 {
                // A range that is no whole number of steps: 0, 3, 6, 9, 10.
                0 => Arc::new(0, 10)?.with_step(3)?,
                1 => Arc::new(-20, 20)?.with_step(5)?.with_angles(0.0, 360.0)?,
                2 => Arc::new(100, 300)?
                    .with_step(5)?
                    .with_thickness(3.0)?
                    .with_keys(Direction::Horizontal),
                _ => Arc::new(0, 1)?.with_angles(-90.0, 30.0)?,
            };
            let value = arc.min() + k * arc.step();
            w.add_component(n, arc.with_value(value))
        }
        14 => {
            let scale = match at % 4 {
                0 => Scale::new(ScaleLayout::Horizontal, 0, 60)?.with_ticks(7, 2)?,
                1 => Scale::new(ScaleLayout::Vertical, -10, 10)?.with_ticks(5, 1)?,
                2 => Scale::new(ScaleLayout::GAUGE, 0, 100)?,
                _ => Scale::new(ScaleLayout::Horizontal, -7, 3)?.with_ticks(2, 0)?,
            };
            w.add_component(n, scale)
        }
        _ => {
            let kind = if at.is_multiple_of(2) {
                ChartKind::Line
            } else {
                ChartKind::Bar
            };
            let update = if at % 4 < 2 {
                ChartUpdate::Shift
            } else {
                ChartUpdate::Sweep
            };
            let chart = Chart6::new(kind).with_update(update);
            let chart = if at % 8 < 4 {
                chart
            } else {
                chart.with_range(ChartRange::Fixed {
                    min: 15.0,
                    max: 25.0,
                })?
            };
            w.add_component(n, chart)
        }
    }
}

/// The texts [`Op::Edit`] types and sets: ASCII, a line break, a character of two
/// bytes, and 22 characters of three bytes (66 bytes: past a text area's capacity).
const TEXTS: [&str; 8] = [
    "a",
    "Wi-Fi",
    "é",
    "\n",
    "ab\ncd",
    "0123456789",
    "€€€€€€€€€€€€€€€€€€€€€€",
    "",
];

/// [`Op::Edit`] on the widget `c`; the `Err` is a broken guarantee.
fn edit(
    w: &mut TestWorld,
    c: CompId,
    how: u8,
    nodes: &[NodeId],
    text_nodes: &[NodeId],
) -> Result<(), String> {
    let arg = how / 16;
    if let Ok(area) = w.get_mut::<TextArea>(c) {
        return edit_text(area, how);
    }
    if let Ok(keyboard) = w.get_mut::<Keyboard>(c) {
        let layouts = [
            KeyboardLayout::Lower,
            KeyboardLayout::Upper,
            KeyboardLayout::Numbers,
            KeyboardLayout::Symbols,
        ];
        match how % 8 {
            0 | 1 => keyboard.set_target(pick(text_nodes, usize::from(arg))),
            2 => keyboard.set_target(pick(nodes, usize::from(arg))),
            3 => keyboard.set_target(None),
            4 | 5 => keyboard.set_layout(layouts[usize::from(arg % 4)]),
            6 => keyboard.interactable = arg.is_multiple_of(2),
            _ => {}
        }
        return Ok(());
    }
    if let Ok(chart) = w.get_mut::<Chart6>(c) {
        return edit_chart(chart, how);
    }
    if let Ok(arc) = w.get_mut::<Arc>(c) {
        let value = match how % 4 {
            0 | 1 => arc.min() + (i32::from(arg) - 2) * arc.step(),
            2 if arg.is_multiple_of(2) => i32::MAX,
            2 => i32::MIN,
            _ => {
                arc.interactable = arg.is_multiple_of(2);
                return Ok(());
            }
        };
        arc.set_value(value);
        let clamped = value.clamp(arc.min(), arc.max());
        if arc.value() != clamped {
            return Err(format!("an arc set to {value} at {}", arc.value()));
        }
        return Ok(());
    }
    if let Ok(led) = w.get_mut::<Led>(c) {
        let was = led.on;
        match how % 4 {
            0 => led.turn_on(),
            1 => led.turn_off(),
            2 => led.toggle(),
            _ => led.brightness = how,
        }
        let expected = match how % 4 {
            0 => true,
            1 => false,
            2 => !was,
            _ => was,
        };
        if led.on != expected {
            return Err(format!("a light on = {} after change {how}", led.on));
        }
        return Ok(());
    }
    if let Ok(spinner) = w.get_mut::<Spinner>(c) {
        match how % 4 {
            0 | 1 => spinner.spinning = how.is_multiple_of(4),
            _ => spinner.period_seconds = [0.0, 0.1, 1.0, -1.0, f32::NAN][usize::from(arg % 5)],
        }
        return Ok(());
    }
    if let Ok(scale) = w.get_mut::<Scale>(c) {
        let ranges = [
            (0, 100),
            (-5, 5),
            (3, 3),
            (10, -10),
            (i32::MIN, i32::MAX),
            (7, 8),
        ];
        let (min, max) = ranges[usize::from(how % 6)];
        let before = (scale.min(), scale.max());
        let result = scale.set_range(min, max);
        let after = (scale.min(), scale.max());
        let fine = match result {
            Ok(()) => min < max && after == (min, max),
            Err(_) => min >= max && after == before,
        };
        if !fine {
            return Err(format!(
                "a scale's set_range({min}, {max}) = {result:?}, its range {after:?}"
            ));
        }
    }
    Ok(())
}

/// A text area's edit by code, checked against its doc: the text, cursor and
/// selection it makes, or a refusal that changes nothing.
fn edit_text(area: &mut TextArea, how: u8) -> Result<(), String> {
    let arg = usize::from(how / 16);
    let before = (area.text().to_owned(), area.cursor(), area.selection());
    let len = before.0.chars().count();
    let here = before.2.clone().unwrap_or(before.1..before.1);
    // Whether the edit was done (`Ok`, or `true` from `backspace` and `delete`), and
    // what it makes by the doc: `Some((text, cursor, selection))`, `None` for a refusal.
    let (done, expected) = match how % 16 {
        4 => {
            let range = match &before.2 {
                Some(range) => Some(range.clone()),
                None if before.1 > 0 => Some(before.1 - 1..before.1),
                None => None,
            };
            let done = area.backspace();
            let expected = range.and_then(|r| replaced(area, &before.0, r, ""));
            (done, expected)
        }
        5 => {
            let range = match &before.2 {
                Some(range) => Some(range.clone()),
                None if before.1 < len => Some(before.1..before.1 + 1),
                None => None,
            };
            let done = area.delete();
            let expected = range.and_then(|r| replaced(area, &before.0, r, ""));
            (done, expected)
        }
        6 => {
            area.set_cursor(arg);
            let at = arg.min(len);
            (true, Some((before.0.clone(), at, None)))
        }
        7 => {
            let (start, end) = (arg % 4, arg / 4);
            let done = area.select(start..end).is_ok();
            let fits = start <= end && end <= len;
            let selection = (start < end).then_some(start..end);
            (done, fits.then(|| (before.0.clone(), end, selection)))
        }
        8 => {
            area.select_all();
            let selection = (len > 0).then_some(0..len);
            (true, Some((before.0.clone(), len, selection)))
        }
        9 => {
            area.clear();
            (true, Some((String::new(), 0, None)))
        }
        10 => {
            let text = TEXTS[arg % TEXTS.len()];
            let done = area.set_text(text).is_ok();
            (done, replaced(area, &before.0, 0..len, text))
        }
        11 => {
            area.set_password(arg.is_multiple_of(2));
            if area.is_password() != arg.is_multiple_of(2) {
                return Err("a text area's set_password did not take".into());
            }
            (true, Some(before.clone()))
        }
        13 => {
            area.interactable = arg.is_multiple_of(2);
            (true, Some(before.clone()))
        }
        _ => {
            let text = TEXTS[arg % TEXTS.len()];
            let done = area.insert(text).is_ok();
            (done, replaced(area, &before.0, here, text))
        }
    };
    let after = (area.text().to_owned(), area.cursor(), area.selection());
    if done != expected.is_some() {
        return Err(format!(
            "a text area's edit {how} of {before:?} done = {done}, making {after:?}"
        ));
    }
    let expected = expected.unwrap_or(before.clone());
    if after != expected {
        return Err(format!(
            "a text area's edit {how} of {before:?} made {after:?}, not {expected:?}"
        ));
    }
    Ok(())
}

/// A text area's text, cursor and selection.
type Made = (String, usize, Option<std::ops::Range<usize>>);

/// What replacing the characters `range` of `text` with `with` makes in `area` by its
/// doc (the text, the cursor after the new text, no selection), or `None` when it is
/// refused: a line break in a one-line area, more than its maximum length in
/// characters or its capacity in bytes.
fn replaced(
    area: &TextArea,
    text: &str,
    range: std::ops::Range<usize>,
    with: &str,
) -> Option<Made> {
    let chars: Vec<char> = text.chars().collect();
    if !area.is_multi_line() && with.contains('\n') {
        return None;
    }
    let mut made: String = chars[..range.start].iter().collect();
    made.push_str(with);
    made.extend(&chars[range.end..]);
    if made.chars().count() > area.max_chars() || made.len() > area.capacity() {
        return None;
    }
    Some((made, range.start + with.chars().count(), None))
}

/// A chart's change by code, checked against its doc.
fn edit_chart(chart: &mut Chart6, how: u8) -> Result<(), String> {
    let arg = usize::from(how / 8);
    let before = (
        chart.pushed(),
        chart.iter().collect::<Vec<_>>(),
        chart.range_setting(),
    );
    match how % 8 {
        0..=3 => {
            let values = [20.0, 21.5, -3.5, 0.25, 1e30, -3e38, f32::NAN, f32::INFINITY];
            let value = values[arg % values.len()];
            let result = chart.push(value);
            let fine = match result {
                Ok(()) => {
                    value.is_finite()
                        && chart.pushed() == before.0 + 1
                        && chart.latest() == Some(value)
                        && chart.len() == (before.1.len() + 1).min(chart.capacity())
                }
                Err(_) => {
                    !value.is_finite()
                        && chart.pushed() == before.0
                        && chart.iter().eq(before.1.iter().copied())
                }
            };
            if !fine {
                return Err(format!(
                    "a chart holding {:?} pushed {value}: {result:?}, now {:?}",
                    before.1,
                    chart.iter().collect::<Vec<_>>()
                ));
            }
        }
        4 => {
            chart.clear();
            if !chart.is_empty() || chart.iter().count() != 0 || chart.pushed() != 0 {
                return Err("a chart cleared holds points".into());
            }
        }
        5 => {
            let ranges = [
                (15.0, 25.0),
                (0.0, 0.0),
                (5.0, -5.0),
                (-1e30, 1e30),
                (f32::NAN, 1.0),
                (0.0, f32::INFINITY),
            ];
            let (min, max) = ranges[arg % ranges.len()];
            let result = chart.set_range(ChartRange::Fixed { min, max });
            let valid = min.is_finite() && max.is_finite() && min < max;
            let now = chart.range_setting();
            let fine = match result {
                Ok(()) => valid && now == ChartRange::Fixed { min, max },
                Err(_) => !valid && now == before.2,
            };
            if !fine {
                return Err(format!(
                    "a chart's set_range({min}, {max}) = {result:?}, now {now:?}"
                ));
            }
        }
        6 => {
            let _ = chart.set_range(ChartRange::Auto);
        }
        _ => {
            chart.kind = if arg % 2 == 0 {
                ChartKind::Line
            } else {
                ChartKind::Bar
            };
            chart.update = if arg / 2 % 2 == 0 {
                ChartUpdate::Shift
            } else {
                ChartUpdate::Sweep
            };
            chart.divisions = (arg % 5) as u8;
        }
    }
    Ok(())
}

/// [`Op::Screen`]: refusals are fine (they change nothing).
fn screen(w: &mut TestWorld, h: &Rc<RefCell<Handles>>, n: NodeId, how: u8) {
    let stack: Comp<ScreenStack> = match w.component_of::<ScreenStack>(n) {
        Ok(Some(stack)) => Comp::new(stack),
        Ok(None) => {
            let _ = w.set_content_size(n, Size2::new(24.0, 20.0));
            let Ok(stack) = ScreenStack::attach(w, n) else {
                return;
            };
            keep_widget(w, h, stack.id());
            stack
        }
        Err(_) => return,
    };
    let transition = match how / 8 % 6 {
        0 => ScreenTransition::None,
        1 => ScreenTransition::slide(SlideDirection::Left, 0.05, Easing::QuadInOut),
        2 => ScreenTransition::slide(SlideDirection::Up, 0.03, Easing::Linear),
        3 => ScreenTransition::cover(SlideDirection::Right, 0.04, Easing::BackOut),
        4 => ScreenTransition::fade(0.05, Easing::Linear),
        _ => ScreenTransition::cover(SlideDirection::Down, 0.02, Easing::QuadInOut),
    };
    let page = Page { shade: how };
    match how % 8 {
        0 | 1 => {
            if let Ok(ids) = ScreenStack::push(w, stack, page, transition) {
                h.borrow_mut().nodes.push(ids.ok);
            }
        }
        2 => {
            let Ok(choice) = Dropdown::new(&["A", "B"]) else {
                return;
            };
            if let Ok(ids) = ScreenStack::push(w, stack, Form { options: choice }, transition) {
                h.borrow_mut().nodes.push(ids.units);
                keep_widget(w, h, ids.choice.id());
            }
        }
        3 | 4 => {
            let _ = ScreenStack::pop(w, stack);
        }
        5 | 6 => {
            if let Ok(ids) = ScreenStack::replace(w, stack, page, transition) {
                h.borrow_mut().nodes.push(ids.ok);
            }
        }
        _ => {
            let _ = ScreenStack::finish(w, stack);
        }
    }
}

/// [`Op::MessageBox`]: errors are fine (they change nothing). Checks that an open box
/// gives its first button the focus when that button can take it.
fn message_box(w: &mut TestWorld, h: &Rc<RefCell<Handles>>, n: NodeId, how: u8) {
    if how % 4 == 3 {
        let open = pick(&h.borrow().boxes, usize::from(how / 4));
        if let Some(node) = open {
            let _ = MessageBox::close(w, node);
        }
        return;
    }
    if w.content_size(n).is_ok_and(|s| s.width * s.height == 0.0) {
        let _ = w.set_content_size(n, Size2::new(28.0, 24.0));
    }
    let style = MessageBoxStyle {
        panel_size: Size2::new(26.0, 18.0),
        button_size: Size2::new(7.0, 5.0),
        ..MessageBoxStyle::default()
    };
    let captions = ["OK", "No", "Later"];
    let count = usize::from(how % 4) + 1;
    let Ok(ids) = MessageBox::open(w, n, "Hi", "Sure?", &captions[..count], style) else {
        return;
    };
    let first = ids.buttons[0];
    if w.active_in_hierarchy(first) == Ok(true) && w.focus() != Some(first) {
        log(format!(
            "VIOLATION a message box opened with the focus on {:?}, not its first button",
            w.focus()
        ));
    }
    let mut h = h.borrow_mut();
    h.boxes.push(ids.node);
    h.nodes.extend(ids.buttons.iter().copied());
    h.comps.push(ids.message_box.id());
}

/// [`Op::Visual`]: errors are fine (they change nothing).
fn visual(w: &mut TestWorld, n: NodeId, how: u8) {
    let v = f32::from(how);
    let _ = match how % 8 {
        0 => match w.component_of::<Shape>(n) {
            Ok(Some(shape)) => w.get_mut::<Shape>(shape).map(|s| {
                s.fill = Some(Rgb888::new(how, 255 - how, how / 2));
            }),
            _ => {
                let shape = if how % 16 < 8 {
                    Shape::rectangle()
                } else {
                    Shape::ellipse()
                };
                // Every other one anti-aliased: its edges reach half a pixel out.
                let shape = shape
                    .with_fill(Rgb888::new(255, how, 0))
                    .with_antialias(how % 32 < 16);
                w.add_component(n, shape).map(|_| ())
            }
        },
        1 => w.set_position(n, Vec2::new(v % 24.0 - 4.0, (v * 7.0) % 24.0 - 4.0)),
        2 => w.set_angle_degrees(n, v * 3.0),
        3 => w.set_content_size(n, Size2::new(v % 12.0, (v * 3.0) % 10.0)),
        4 => w.set_anchor(n, Vec2::new((v % 3.0) / 2.0, (v % 5.0) / 4.0)),
        5 => w.set_opacity(n, how.wrapping_mul(37)),
        6 => w.set_z_index(n, i32::from(how % 5) - 2).map(|_| ()),
        _ => w.set_scale(n, Vec2::new(1.0 + v % 3.0 / 2.0, 1.0)),
    };
}

/// The invariant suite's screen.
const SCREEN: Size = Size::new(32, 32);

/// The renderer of the invariant suite, checking its damage against the fingerprint walk.
type CheckedRenderer = Renderer<Rgb888, 64, 128>;

/// Draws a frame with `renderer` and checks it: no change missed by the world's change
/// log, and the same pixels as a full redraw by a fresh renderer.
fn check_drawing(
    w: &mut TestWorld,
    renderer: &mut CheckedRenderer,
    screen: &mut Framebuffer<Rgb888>,
) -> Result<(), String> {
    renderer.render(w, screen).map_err(|e| format!("{e:?}"))?;
    if renderer.missed_invalidations() > 0 {
        return Err(format!(
            "a change reached no renderer: node {:?}",
            renderer.last_missed()
        ));
    }
    let mut full = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    let mut fresh = CheckedRenderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    fresh.set_verify(false);
    fresh
        .render_full(w, &mut full)
        .map_err(|e| format!("{e:?}"))?;
    if full.pixels != screen.pixels {
        return Err("a frame differs from a full redraw".into());
    }
    Ok(())
}

/// A `Relay`'s hooks: logged and acted on as a probe's, under its label `c{id}`.
fn relay(world: &mut dyn Any, node: NodeId, comp: CompId, hook: Hook, id: u32) {
    if let Some(w) = world.downcast_mut::<TestWorld>() {
        hook_ran(&format!("c{id}"), hook, w, node, comp);
    }
}

/// What the log has said about one component so far.
#[derive(Default, Debug)]
struct Life {
    loaded: bool,
    enabled: bool,
    started: bool,
    updated: bool,
    destroyed: bool,
}

/// Replays the log and returns the first broken invariant. For `silent` labels (types
/// without `on_enable`) the enable/disable pairing is not visible and not checked.
fn check(
    lines: &[String],
    lives: &mut HashMap<String, Life>,
    silent: &[String],
) -> Result<(), String> {
    for line in lines {
        if let Some(rest) = line.strip_prefix("VIOLATION ") {
            return Err(rest.to_owned());
        }
        let Some((label, hook)) = line.split_once('.') else {
            continue;
        };
        let life = lives.entry(label.to_owned()).or_default();
        if silent.iter().any(|s| s == label) {
            life.enabled = true;
        }
        let fail = |why: &str| Err(format!("{line}: {why} ({life:?})"));
        if life.destroyed {
            return fail("hook after on_destroy");
        }
        match hook {
            "on_load" if life.loaded => return fail("on_load twice"),
            "on_load" => life.loaded = true,
            "on_enable" if !life.loaded => return fail("on_enable before on_load"),
            "on_enable" if life.enabled => return fail("on_enable twice in a row"),
            "on_enable" => life.enabled = true,
            "on_disable" if !life.enabled => return fail("on_disable without on_enable"),
            "on_disable" if silent.iter().any(|s| s == label) => {}
            "on_disable" => life.enabled = false,
            "start" if life.started => return fail("start twice"),
            "start" if !life.enabled => return fail("start while not enabled"),
            "start" => life.started = true,
            "update" if !life.started => return fail("update before start"),
            "update" => life.updated = true,
            h if h.starts_with("on_event") && !life.enabled => {
                return fail("on_event while not enabled")
            }
            "on_destroy" if !life.loaded => return fail("on_destroy without on_load"),
            "on_destroy" => life.destroyed = true,
            _ => {}
        }
    }
    Ok(())
}

/// The focus is on no node, or on a live node that is focusable and active in the
/// hierarchy: the engine moves it whenever its node stops being one.
fn check_focus(w: &TestWorld) -> Result<(), String> {
    let Some(f) = w.focus() else {
        return Ok(());
    };
    match (w.is_focusable(f), w.active_in_hierarchy(f)) {
        (Ok(true), Ok(true)) => Ok(()),
        other => Err(format!("focus on {f:?}: focusable, active = {other:?}")),
    }
}

/// The errors a widget's hook may return by design: a part that does not fit the
/// world's fixed capacities makes its `on_load` fail (the widget then stays inert).
fn is_capacity(error: Error) -> bool {
    matches!(
        error,
        Error::NodeArenaFull { .. }
            | Error::ComponentArenaFull { .. }
            | Error::ListenerTableFull { .. }
            | Error::QueueFull
    )
}

/// Whether the widget `comp` has made its parts (`None` for a component without).
fn has_parts(w: &TestWorld, comp: CompId) -> Option<bool> {
    if let Ok(d) = w.get::<Dropdown>(comp) {
        Some(d.parts().is_some())
    } else if let Ok(c) = w.get::<Checkbox>(comp) {
        Some(c.parts().is_some())
    } else if let Ok(s) = w.get::<Spinbox>(comp) {
        Some(s.parts().is_some())
    } else if let Ok(r) = w.get::<Roller>(comp) {
        Some(r.parts().is_some())
    } else if let Ok(t) = w.get::<TextArea>(comp) {
        Some(t.parts().is_some())
    } else if let Ok(l) = w.get::<Led>(comp) {
        Some(l.light().is_some())
    } else if let Ok(a) = w.get::<Arc>(comp) {
        Some(a.parts().is_some())
    } else if let Ok(s) = w.get::<Scale>(comp) {
        Some(!s.labels().is_empty())
    } else {
        None
    }
}

/// Set while a known bug is open: a slider whose handle node was destroyed fails its
/// `on_touch` with `StaleHandle` on a touch going down
/// (`a_slider_whose_handle_is_destroyed_still_follows_a_touch` in
/// `tests/tests/widget_regressions.rs`). Unset it with the fix.
const SLIDER_TOUCH_BUG: bool = false;

/// Set while a known bug is open: a tab view (and a tile view) one of whose page nodes
/// was destroyed fails its `late_update` (`PendingDestroy` in the frame of the destroy,
/// `StaleHandle` after), placing none of the later pages, so [`Op::DestroyNode`] leaves
/// pages and tiles alone while it is set. Unset it with the fix.
const PAGE_DESTROY_BUG: bool = false;

/// Whether a hook's failure is one of the known bugs above, let be while they are open.
/// `name` is the failing component's type (a widget may be destroyed in the step its
/// hook failed in).
fn known_bug(name: Option<&str>, hook: Hook, error: Error) -> bool {
    let slider = SLIDER_TOUCH_BUG && hook == Hook::OnTouch && name == Some("Slider");
    error == Error::StaleHandle && slider
}

/// The tables' node sizes before a step, for [`check_shown`].
fn table_sizes(w: &TestWorld, widgets: &[CompId]) -> Vec<(CompId, Size2)> {
    widgets
        .iter()
        .filter(|&&c| w.get::<Table32>(c).is_ok())
        .filter_map(|&c| {
            let node = w.component_node(c).ok()?;
            Some((c, w.content_size(node).ok()?))
        })
        .collect()
}

/// The widgets' own guarantees, after every step (see the module doc).
fn check_widgets(w: &TestWorld, widgets: &[CompId]) -> Result<(), String> {
    for &c in widgets {
        if !w.is_component_valid_strict(c) {
            continue;
        }
        let on = w.enabled_in_hierarchy(c).unwrap_or(false);
        let fail = |why: String| Err(format!("widget {c:?}: {why}"));
        if let Ok(d) = w.get::<Dropdown>(c) {
            if d.is_open() && !on {
                return fail("a dropdown open while not enabled in the hierarchy".into());
            }
            if let Some(parts) = d.parts() {
                let shown = (w.active(parts.list), w.active(parts.backdrop));
                if shown != (Ok(d.is_open()), Ok(d.is_open())) {
                    return fail(format!(
                        "a dropdown open = {}, its list and backdrop active = {shown:?}",
                        d.is_open()
                    ));
                }
            }
        } else if let Ok(b) = w.get::<Checkbox>(c) {
            if let (Some(parts), true) = (b.parts(), on) {
                if w.active(parts.mark) != Ok(b.checked) {
                    return fail(format!("a check box checked = {}, its mark not", b.checked));
                }
            }
        } else if let Ok(s) = w.get::<Spinbox>(c) {
            if !(s.min()..=s.max()).contains(&s.value()) {
                return fail(format!("a spin box at {} out of its range", s.value()));
            }
            if s.is_held() && !on {
                return fail("a spin box held while not enabled in the hierarchy".into());
            }
        } else if let Ok(t) = w.get::<TabView>(c) {
            if t.selected() >= t.len() {
                return fail(format!("a tab view on tab {} of {}", t.selected(), t.len()));
            }
        } else if let Ok(t) = w.get::<Tileview>(c) {
            let (col, row) = t.selected();
            if t.tile(col, row).is_none() {
                return fail(format!("a tile view on ({col}, {row}), no tile"));
            }
        } else if let Ok(r) = w.get::<Roller>(c) {
            let last = r.options().len() - 1;
            let max = last as f32 * r.row_height();
            if r.selected() > last || !(0.0..=max).contains(&r.offset()) {
                return fail(format!(
                    "a roller on option {} at offset {}",
                    r.selected(),
                    r.offset()
                ));
            }
            if r.is_at_rest() && r.offset() != r.selected() as f32 * r.row_height() {
                return fail(format!(
                    "a roller at rest at offset {}, on option {}",
                    r.offset(),
                    r.selected()
                ));
            }
        } else if let Ok(s) = w.get::<Slider>(c) {
            if !(0.0..=1.0).contains(&s.value()) {
                return fail(format!("a slider at {}", s.value()));
            }
        } else if let Ok(t) = w.get::<TextArea>(c) {
            check_text_area(t).or_else(fail)?;
        } else if let Ok(s) = w.get::<Spinner>(c) {
            if s.lit_dot() >= SPINNER_DOTS {
                return fail(format!("a spinner lighting dot {}", s.lit_dot()));
            }
        } else if let Ok(a) = w.get::<Arc>(c) {
            let (min, max, step, value) = (a.min(), a.max(), a.step(), a.value());
            let on_step = (value - min) % step == 0 || (max - value) % step == 0;
            if !(min..=max).contains(&value) || !on_step {
                return fail(format!("an arc from {min} to {max} by {step} at {value}"));
            }
            if a.is_dragging() && !on {
                return fail("an arc dragged while not enabled in the hierarchy".into());
            }
        } else if let Ok(s) = w.get::<Scale>(c) {
            let majors = (0..s.ticks()).filter(|&i| s.is_major(i)).count();
            if !s.labels().is_empty() && s.labels().len() != majors {
                return fail(format!(
                    "a scale of {majors} numbers with {} labels",
                    s.labels().len()
                ));
            }
        } else if let Ok(chart) = w.get::<Chart6>(c) {
            check_chart(chart).or_else(fail)?;
        } else if let Ok(stack) = w.get::<ScreenStack>(c) {
            if stack.depth() > stack.capacity() {
                return fail(format!("a screen stack {} deep", stack.depth()));
            }
            if stack.is_transitioning() {
                continue;
            }
            if let Some(shield) = stack.shield().filter(|&s| w.is_valid_strict(s)) {
                if w.active(shield) != Ok(false) || w.is_focusable(shield) != Ok(false) {
                    return fail("a screen shield up with no transition running".into());
                }
            }
            let top = stack.top();
            for screen in stack.screens() {
                if w.is_valid_strict(screen) && w.active(screen) != Ok(Some(screen) == top) {
                    return fail(format!(
                        "screen {screen:?} (top {top:?}) active = {:?}",
                        w.active(screen)
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A text area's text, cursor and selection, by its doc: at most its capacity in bytes
/// and its maximum length in characters, no line break in a one-line area, the cursor
/// and the selection within the text.
fn check_text_area(t: &TextArea) -> Result<(), String> {
    let chars = t.text().chars().count();
    let fits = t.text().len() <= t.capacity() && chars <= t.max_chars();
    let lines = t.is_multi_line() || !t.text().contains('\n');
    let selection = t
        .selection()
        .is_none_or(|r| r.start < r.end && r.end <= chars);
    if fits && lines && t.cursor() <= chars && selection {
        return Ok(());
    }
    Err(format!(
        "a text area ({} chars at most) holding {:?}, its cursor at {}, selecting {:?}",
        t.max_chars(),
        t.text(),
        t.cursor(),
        t.selection()
    ))
}

/// A chart's points, by its doc: at most `N` (its capacity) and as many as it says,
/// `is_full` exactly at `N`, the latest the last; its range the one set, or with
/// `Auto` from below to above, containing every point held.
fn check_chart(chart: &Chart6) -> Result<(), String> {
    let points: Vec<f32> = chart.iter().collect();
    let (low, high) = chart.range();
    let counted = points.len() == chart.len()
        && chart.len() <= chart.capacity()
        && chart.is_full() == (chart.len() == chart.capacity())
        && chart.is_empty() == points.is_empty()
        && chart.latest() == points.last().copied();
    let ranged = match chart.range_setting() {
        ChartRange::Fixed { min, max } => (low, high) == (min, max),
        ChartRange::Auto => {
            let flat = CHART_FLAT_RANGE_BUG && points.iter().all(|&p| p == low && p == high);
            (low < high || flat) && points.iter().all(|p| (low..=high).contains(p))
        }
    };
    if counted && ranged {
        return Ok(());
    }
    Err(format!(
        "a chart of {} points ({} pushed) holding {points:?} over {low}..{high}",
        chart.len(),
        chart.pushed()
    ))
}

/// Set while a known bug is open: a chart in its automatic range holding one value of
/// 2^24 or more (all its points equal) has an empty range, `(v, v)`, and draws nothing
/// (`a_chart_of_one_large_value_draws_it` in `tests/tests/widget_regressions.rs`).
/// Unset it with the fix, and the suite checks that the range is never empty.
const CHART_FLAT_RANGE_BUG: bool = false;

/// After a frame in which no operation ran from a hook, what the widgets enabled in the
/// hierarchy show follows their state, as their docs promise "at the next frame": a
/// text area's label shows its `shown_text`, a light's disc its `shown_color`, a dial's
/// indicator is active exactly above `min`, a scale's labels read its major ticks'
/// values; and a keyboard types into a live text area or none.
fn check_shown(
    w: &TestWorld,
    widgets: &[CompId],
    tables_before: &[(CompId, Size2)],
) -> Result<(), String> {
    for &c in widgets {
        if !w.enabled_in_hierarchy(c).unwrap_or(false) {
            continue;
        }
        let fail = |why: String| Err(format!("widget {c:?}: {why}"));
        if let Ok(t) = w.get::<TextArea>(c) {
            let Some(parts) = t.parts() else { continue };
            let label = w.component_of::<Text64>(parts.text).ok().flatten();
            let shown = label.and_then(|l| w.get::<Text64>(l).ok());
            if shown.map(|l| l.text.as_str()) != Some(t.shown_text().as_str()) {
                return fail(format!(
                    "a text area showing {:?}, not {:?}",
                    shown.map(|l| l.text.as_str()),
                    t.shown_text()
                ));
            }
        } else if let Ok(led) = w.get::<Led>(c) {
            let Some(light) = led.light() else { continue };
            let shape = w.component_of::<Shape>(light).ok().flatten();
            let fill = shape
                .and_then(|s| w.get::<Shape>(s).ok())
                .and_then(|s| s.fill);
            if fill != Some(led.shown_color()) {
                return fail(format!(
                    "a light showing {fill:?}, not {:?}",
                    led.shown_color()
                ));
            }
        } else if let Ok(a) = w.get::<Arc>(c) {
            let Some(parts) = a.parts() else { continue };
            if w.active(parts.indicator) != Ok(a.value() > a.min()) {
                return fail(format!(
                    "an arc at {} (from {}), its indicator not",
                    a.value(),
                    a.min()
                ));
            }
        } else if let Ok(t) = w.get::<Table32>(c) {
            // Clamped at every frame to how much wider and taller the cells are than
            // the viewport (the node less a one-pixel outline), for the node's size
            // then: if a tab view or a screen stack resized it later in the frame, it
            // follows at the next one.
            let size = w.component_node(c).and_then(|n| w.content_size(n));
            let Ok(size) = size else { continue };
            if !tables_before.contains(&(c, size)) {
                continue;
            }
            let cells = t.cell_size();
            let max = Vec2::new(
                (2.0 * cells.width - (size.width - 2.0)).max(0.0),
                (3.0 * cells.height - (size.height - 2.0)).max(0.0),
            );
            let s = t.scroll();
            if !((0.0..=max.x).contains(&s.x) && (0.0..=max.y).contains(&s.y)) {
                return fail(format!("a table scrolled to {s:?}, past {max:?}"));
            }
        } else if let Ok(s) = w.get::<Scale>(c) {
            let majors = (0..s.ticks()).filter(|&i| s.is_major(i));
            for (&node, i) in s.labels().iter().zip(majors) {
                let label = w.component_of::<Label>(node).ok().flatten();
                let text = label
                    .and_then(|l| w.get::<Label>(l).ok())
                    .map(|l| l.text.as_str());
                let value = s.tick_value(i).to_string();
                if text != Some(value.as_str()) {
                    return fail(format!("a scale's tick {i} of {} labelled {text:?}", value));
                }
            }
        }
        // A keyboard notices a target that lost its node or its text area at its next
        // hook, and types into nothing meanwhile: what it sends is checked with every
        // event (`TextSubmitted` only from a node holding a text area), and a hook of
        // it failing is a broken invariant like any other.
    }
    Ok(())
}

/// After a frame in which the focus stayed where it was and no operation ran from a
/// hook: an open dropdown enabled in the hierarchy has the focus, or no node has (its
/// `update` closes it when the focus is on another node).
fn check_dropdown_focus(w: &TestWorld, widgets: &[CompId]) -> Result<(), String> {
    for &c in widgets {
        let Ok(d) = w.get::<Dropdown>(c) else {
            continue;
        };
        let (Ok(node), Ok(true)) = (w.component_node(c), w.enabled_in_hierarchy(c)) else {
            continue;
        };
        if d.is_open() && w.focus().is_some_and(|f| f != node) {
            return Err(format!(
                "dropdown {c:?} open after a frame with the focus on {:?}",
                w.focus()
            ));
        }
    }
    Ok(())
}

/// Runs `ops` from outside frames, and `hooked` (component label, hook, operation) from
/// inside the hooks they name, checking the invariants after every step; the first
/// broken one is the `Err`.
pub fn run_case(ops: Vec<Op>, hooked: Vec<(usize, usize, Op)>) -> Result<(), String> {
    reset();
    let mut w = TestWorld::new();
    let h = Rc::new(RefCell::new(Handles::default()));
    // Every update checks that it runs while enabled and active.
    for k in 0..64 {
        let label = format!("c{k}");
        on(&label, Hook::Update, move |w, _, comp| {
            if !w.enabled_in_hierarchy(comp).unwrap_or(false) {
                log(format!(
                    "VIOLATION c{k} updated while not enabled in hierarchy"
                ));
            }
        });
    }
    // Some operations run from inside hooks of some components.
    for (comp, hook, op) in hooked {
        let h = Rc::clone(&h);
        let hook = HOOKS[hook % HOOKS.len()];
        on(&format!("c{}", comp % 64), hook, move |w, _, _| {
            apply(w, &h, &op, true);
        });
    }
    // The watcher of the widgets' events, on the root, hearing them all first.
    let root = w.root();
    let watch = w.add_component(root, Watch).map_err(|e| e.to_string())?;
    for result in [
        w.on_capture::<Click>(watch, root),
        w.on_capture::<Toggled>(watch, root),
        w.on_capture::<SliderMoved>(watch, root),
        w.on_capture::<SpinboxChanged>(watch, root),
        w.on_capture::<DropdownChanged>(watch, root),
        w.on_capture::<RollerChanged>(watch, root),
        w.on_capture::<MessageBoxClick>(watch, root),
        w.on_capture::<ArcChanged>(watch, root),
        w.on_capture::<TextChanged>(watch, root),
        w.on_capture::<TextSubmitted>(watch, root),
        w.on_capture::<KeyboardDone>(watch, root),
        w.on_capture::<TabChanged>(watch, root),
        w.on_capture::<TileChanged>(watch, root),
    ] {
        result.map_err(|e| e.to_string())?;
    }
    let mut hook_errors = 0;
    let mut lives = HashMap::new();
    let mut renderer = CheckedRenderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    renderer.set_verify(true);
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    for op in &ops {
        if std::env::var_os("SPRIG_DEBUG").is_some() {
            eprintln!("-- {op:?}");
        }
        let focus_before = w.focus();
        let hooked_before = h.borrow().hooked_runs;
        let tables_before = table_sizes(&w, &h.borrow().widgets);
        apply(&mut w, &h, op, false);
        if std::env::var_os("SPRIG_DEBUG").is_some() {
            let lines = take_log();
            eprintln!("   {lines:?}");
            for l in lines {
                log(l);
            }
        }
        let silent = h.borrow().silent_enable.clone();
        check(&take_log(), &mut lives, &silent)?;
        check_focus(&w).map_err(|e| format!("after {op:?}: {e}"))?;
        // Only the last of the errors of a step is told; each must be one by design.
        if w.hook_errors() > hook_errors {
            hook_errors = w.hook_errors();
            if let Some((comp, hook, error)) = w.last_hook_error() {
                let made = if w.is_component_valid_strict(comp) {
                    has_parts(&w, comp)
                } else {
                    None
                };
                let by_design = hook == Hook::OnLoad && is_capacity(error) && made != Some(true);
                let name = h.borrow().names.get(&comp).copied();
                if !(by_design || known_bug(name, hook, error)) {
                    let name = w.component_name(comp).unwrap_or("?");
                    return Err(format!(
                        "after {op:?}: a hook failed: {name}.{} {error:?}",
                        hook.name()
                    ));
                }
            }
        }
        let widgets = h.borrow().widgets.clone();
        check_widgets(&w, &widgets).map_err(|e| format!("after {op:?}: {e}"))?;
        let unhooked = h.borrow().hooked_runs == hooked_before;
        if matches!(op, Op::Tick) && unhooked {
            check_shown(&w, &widgets, &tables_before).map_err(|e| format!("after {op:?}: {e}"))?;
            if w.focus() == focus_before {
                check_dropdown_focus(&w, &widgets).map_err(|e| format!("after {op:?}: {e}"))?;
            }
        }
        check_drawing(&mut w, &mut renderer, &mut screen)
            .map_err(|e| format!("after {op:?}: {e}"))?;
    }
    for _ in 0..3 {
        w.tick(0.02).map_err(|e| e.to_string())?;
        let silent = h.borrow().silent_enable.clone();
        check(&take_log(), &mut lives, &silent)?;
    }
    Ok(())
}
