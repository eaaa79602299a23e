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
//! `Dropdown`, `Roller`, `Button`, `Toggle`, `Slider`, `FocusGroup`), push, pop and
//! replace screens on a `ScreenStack` (instant, slid, covered, faded; a page with a
//! button, a form with a dropdown), open and close `MessageBox`es, and press keys and
//! touch the 32×32 screen (taps, downs, moves, ups, cancels, half of them near where
//! widgets are put). Their own guarantees, from their docs and code, are checked too:
//!
//! - every widget event (`Click`, `Toggled`, `SliderMoved`, `SpinboxChanged`,
//!   `DropdownChanged`, `RollerChanged`, `MessageBoxClick`) comes from a component of a
//!   type that sends it, on the event's node, enabled in the hierarchy (a watcher
//!   capturing them on the root);
//! - a hook fails only as a widget's `on_load` that could not make its parts for want of
//!   room (an arena, the listener table, a queue full), and that widget made none;
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
//! - a screen stack is never deeper than its capacity, and between transitions its
//!   input shield is down (inactive, not focusable), its top screen active and the ones
//!   below inactive;
//! - a message box opened gives its first button the focus when that button can take
//!   it;
//! - keys and touches are refused exactly inside hooks, as `tick` is.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{component, scene, AnyWorld, Comp, Ctx, Event, HookResult, Hooks};
use sprig::{CompId, Error, Hook, Key, NodeId, Size2, TouchPhase, Vec2};
use sprig_ui::{Button, Checkbox, Click, Direction, Dropdown, DropdownChanged, Easing};
use sprig_ui::{FocusGroup, MessageBox, MessageBoxClick, MessageBoxStyle, Roller, RollerChanged};
use sprig_ui::{ScreenStack, ScreenTransition, SlideDirection, Slider, SliderMoved};
use sprig_ui::{Spinbox, SpinboxChanged, Toggle, Toggled};

use crate::framebuffer::Framebuffer;
use sprig_reusable::Relay;

use crate::probes::{hook_ran, log, on, reset, take_log, Neg, NoEnable, Pos, TestWorld, P};

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
    /// (with a new child as its checkmark), a `Slider` (with a new child as its handle)
    /// or a `FocusGroup` (ordered or spatial).
    Widget {
        node: usize,
        kind: u8,
        at: u8,
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

/// The widget events and the component types that send each.
const SENDERS: [(&str, &[&str]); 7] = [
    ("Click", &["Button", "Toggle", "Checkbox"]),
    ("Toggled", &["Toggle", "Checkbox"]),
    ("SliderMoved", &["Slider"]),
    ("SpinboxChanged", &["Spinbox"]),
    ("DropdownChanged", &["Dropdown"]),
    ("RollerChanged", &["Roller"]),
    ("MessageBoxClick", &["MessageBox"]),
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
            .or_else(|| event.get::<MessageBoxClick>().map(|e| (6, e.node)));
        let Some((kind, node)) = sent else {
            return Ok(());
        };
        let (name, senders) = SENDERS[kind];
        WIDGET_EVENTS.with(|c| c.borrow_mut()[kind] += 1);
        let sender_on = ctx.components(node).is_ok_and(|mut comps| {
            comps.any(|c| {
                ctx.component_name(c).is_ok_and(|n| senders.contains(&n))
                    && ctx.enabled_in_hierarchy(c).unwrap_or(false)
            })
        });
        if !sender_on {
            log(format!(
                "VIOLATION {name} from {node:?}, which has no enabled {senders:?}"
            ));
        }
        Ok(())
    }
}

thread_local! {
    /// How many of each widget event ([`SENDERS`]) the watcher has seen on this thread.
    static WIDGET_EVENTS: RefCell<[u64; 7]> = const { RefCell::new([0; 7]) };
}

/// How many of each widget event the watcher has seen on this thread, by name: how
/// much the random operations reach the widgets.
pub fn widget_events() -> Vec<(&'static str, u64)> {
    WIDGET_EVENTS.with(|c| {
        SENDERS
            .iter()
            .zip(c.borrow().iter())
            .map(|((name, _), &n)| (*name, n))
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
            if let Some(n) = pick(&nodes, node) {
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
fn keep_widget(h: &Rc<RefCell<Handles>>, comp: CompId) {
    let mut h = h.borrow_mut();
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
    let size = match kind % 8 {
        0 => Some((20.0, 6.0)),
        1 => Some((18.0, 6.0)),
        2 => Some((14.0, 5.0)),
        3 => Some((12.0, 12.0)),
        4 | 5 => Some((8.0, 6.0)),
        6 => Some((16.0, 4.0)),
        _ => None,
    };
    if let Some((width, height)) = size {
        let _ = w.set_content_size(n, Size2::new(width, height));
        let (x, y) = widget_place(at);
        let _ = w.set_position(n, Vec2::new(x, y));
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
        keep_widget(h, comp);
        if at % 2 == 1 {
            // Focused, so that the keys reach it.
            let _ = w.set_focus(Some(n));
        }
    }
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
            keep_widget(h, stack.id());
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
                keep_widget(h, ids.choice.id());
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
    } else {
        None
    }
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
                if !(hook == Hook::OnLoad && is_capacity(error) && made != Some(true)) {
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
        let quiet = h.borrow().hooked_runs == hooked_before && w.focus() == focus_before;
        if matches!(op, Op::Tick) && quiet {
            check_dropdown_focus(&w, &widgets).map_err(|e| format!("after {op:?}: {e}"))?;
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
