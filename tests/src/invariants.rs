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

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{CompId, Hook, NodeId, Size2, Vec2};

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
}

/// The payload of the events the operations send.
struct Ping;

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
}

fn pick<T: Copy>(items: &[T], i: usize) -> Option<T> {
    (!items.is_empty()).then(|| items[i % items.len()])
}

/// Applies one operation; errors are fine (they change nothing), panics are not.
fn apply(w: &mut TestWorld, h: &Rc<RefCell<Handles>>, op: &Op, in_hook: bool) {
    let (nodes, comps) = {
        let h = h.borrow();
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
    }
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
const SCREEN: Size = Size::new(24, 24);

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
    let mut lives = HashMap::new();
    let mut renderer = CheckedRenderer::new(SCREEN, Rgb888::BLACK, BusCost::new(16, 0));
    renderer.set_verify(true);
    let mut screen = Framebuffer::new(SCREEN.width, SCREEN.height, Rgb888::BLACK);
    for op in &ops {
        if std::env::var_os("SPRIG_DEBUG").is_some() {
            eprintln!("-- {op:?}");
        }
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
        if let Some((_, hook, error)) = w.last_hook_error() {
            return Err(format!(
                "after {op:?}: a hook failed: {} {error:?}",
                hook.name()
            ));
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
