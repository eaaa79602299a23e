//! A stack of screens with transitions (Cocos `cc.director.loadScene` with a
//! transition, LVGL's `lv_screen_load_anim`), as a component: [`ScreenStack`] on a
//! *host* node, whose children the screens are. Implements "§13 Screens" in
//! `docs/lifecycle.md`; the guide is the "Screens" section of `docs/ui.md`.
//!
//! - **A screen is a prefab**: anything `scene!` declares (`scene` or `prefab`).
//!   [`push`](ScreenStack::push) and [`replace`](ScreenStack::replace) instantiate it
//!   under the host, all or nothing, and return its handles; the position and opacity
//!   it was built with are its *rest*.
//! - **The stack**: [`push`](ScreenStack::push) puts a screen on top; the one it covers
//!   stays in the world, inactive, with its state (a list's scroll, a toggle's check)
//!   and the node that had the focus. [`pop`](ScreenStack::pop) destroys the top screen
//!   and brings the one below back. [`replace`](ScreenStack::replace) destroys the top
//!   screen and puts another in its place (an empty stack: a push). At most `SCREENS`
//!   screens (a const parameter, [`DEFAULT_SCREENS`] by default); one more is
//!   [`ScreenError::Full`].
//! - **Nodes**: a popped or replaced screen is destroyed, so its nodes go back to the
//!   fixed arena at the end of that frame and going back and forth never runs out; a
//!   covered one keeps its nodes. The arena must hold every screen on the stack, plus
//!   the arriving one during a transition (a `replace` holds the old and the new until
//!   it ends), plus one node for the input shield.
//! - **Transitions** ([`ScreenTransition`]): slide in four directions, cover, fade,
//!   each played by a [`Tween`] on the upper screen's top node (the lower one follows
//!   a slide from the stack's `late_update`). A pop plays the popped screen's own
//!   transition backwards. One at a time: an operation while one runs is
//!   [`ScreenError::Busy`]; [`finish`](ScreenStack::finish) ends it at once.
//! - **Hook order**: the arriving screen is activated when the transition starts
//!   (`preload`, `on_load`, `on_enable` for a new one; `on_enable` for one uncovered by
//!   a pop); the leaving one stays active while it is on screen and is deactivated
//!   (`on_disable`) when the transition ends, in the stack's `late_update` of the frame
//!   whose `update` ended the tween, and, leaving the stack, destroyed (`on_destroy` at
//!   the end of that frame). So the arriving screen's `on_enable` always comes before
//!   the leaving one's `on_disable`, also when the change is instant (both then happen
//!   in the call).
//! - **Input**: while a transition runs, a node with a [`BlockInput`] covering the
//!   host's content box (the *shield*, made at the first animated transition and kept,
//!   inactive, in between) is the host's last child and holds the focus: every touch
//!   in the box and every key stop there, so neither screen hears any. A touch that
//!   went down before keeps going to the node it began on (`docs/lifecycle.md` §8).
//! - **Focus**: `push` remembers the focused node in the covered screen's entry; when
//!   the transition ends the focus goes to the arriving screen: after a `pop`, to the
//!   node remembered, if it is still focusable and active, else (and after a `push` or
//!   `replace`) to the screen's first focusable node in tree order, else to no node.
//!
//! The world's component set must hold `ScreenStack`, `Tween` (one per transition
//! running) and `BlockInput` (one per stack).

mod error;
mod transition;

use heapless::Vec;
use sprig::{
    component, AnyWorld, Comp, CompId, Ctx, Error, HookResult, Hooks, NodeId, Prefab, Vec2,
};

pub use error::ScreenError;
pub use transition::{ScreenTransition, SlideDirection};

use crate::tween::{Props, Tween, TweenBuilder, DEFAULT_ENTRIES};
use crate::BlockInput;
use transition::Motion;

/// How many screens a [`ScreenStack`] holds without an explicit capacity.
pub const DEFAULT_SCREENS: usize = 4;

/// The name of the input shield's node, a child of the host.
pub const SHIELD_NAME: &str = "ScreenShield";

/// A screen on the stack.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    node: NodeId,
    rest: Vec2,
    rest_opacity: u8,
    /// The transition it arrived with, played backwards when it is popped.
    transition: ScreenTransition,
    /// The node that had the focus when a push covered it.
    focus: Option<NodeId>,
}

/// The lower of the two screens of a transition.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Lower {
    node: NodeId,
    rest: Vec2,
    rest_opacity: u8,
}

/// What happens to the leaving screen when the transition ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    /// Covered by a push: deactivated, put back at rest.
    Kept,
    /// Popped or replaced: destroyed.
    Destroyed,
}

/// A transition under way (or, for an instant one, being concluded in the call).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Running {
    /// The screen that moves or fades, and carries the tween.
    upper: Entry,
    /// Whether the upper screen ends shown (push, replace) or away (pop).
    upper_ends_shown: bool,
    motion: Motion,
    tween: Option<CompId>,
    lower: Option<Lower>,
    leaving: Option<(Lower, Fate)>,
    arriving: NodeId,
    /// The node to focus at the end, if it is still focusable then.
    focus: Option<NodeId>,
}

/// The screen stack: put it on the host node, whose content box is the area the
/// screens slide across (see the module doc for the rules). Operations take its typed
/// handle, [`Comp<ScreenStack>`](Comp), from [`attach`](Self::attach) or a `scene!`'s
/// `#[id]`, and work from `main` (`&mut world`) and from hooks (`ctx.world()`).
///
/// RAM, measured on a 64-bit host: 48 bytes per screen of capacity plus 152 for the
/// running transition and the rest, so a `ScreenStack` (4 screens) is 344 bytes and a
/// `ScreenStack<8>` 536; the engine moves it out of its slot and back around its
/// `late_update` each frame.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenStack<const SCREENS: usize = DEFAULT_SCREENS> {
    entries: Vec<Entry, SCREENS>,
    running: Option<Running>,
    shield: Option<NodeId>,
    /// An operation is under way (its hooks may call in again).
    busy: bool,
}

impl<const SCREENS: usize> Default for ScreenStack<SCREENS> {
    fn default() -> Self {
        ScreenStack::new()
    }
}

fn plus(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(a.x + b.x, a.y + b.y)
}

fn minus(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(a.x - b.x, a.y - b.y)
}

impl<const SCREENS: usize> ScreenStack<SCREENS> {
    /// An empty stack.
    pub const fn new() -> Self {
        ScreenStack {
            entries: Vec::new(),
            running: None,
            shield: None,
            busy: false,
        }
    }

    /// Adds an empty stack to `host` and returns its typed handle; name the capacity
    /// with the handle's type: `let stack: Comp<ScreenStack> = ScreenStack::attach(…)?`.
    ///
    /// # Errors
    /// What [`add_component`](AnyWorld::add_component) returns.
    pub fn attach(world: &mut impl AnyWorld, host: NodeId) -> Result<Comp<Self>, Error> {
        world.add_component(host, Self::new()).map(Comp::new)
    }

    /// How many screens it holds at most.
    pub const fn capacity(&self) -> usize {
        SCREENS
    }

    /// How many screens are on it.
    pub fn depth(&self) -> usize {
        self.entries.len()
    }

    /// The screens' top nodes, the bottom one first.
    pub fn screens(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.entries.iter().map(|entry| entry.node)
    }

    /// The top screen's node: the one arriving, from the call that started its
    /// transition on.
    pub fn top(&self) -> Option<NodeId> {
        self.entries.last().map(|entry| entry.node)
    }

    /// Whether a transition is running.
    pub fn is_transitioning(&self) -> bool {
        self.running.is_some()
    }

    /// The input shield's node, once an animated transition has made it.
    pub fn shield(&self) -> Option<NodeId> {
        self.shield
    }

    /// Instantiates `screen` under the host and puts it on top, with `transition`;
    /// returns its handles. The covered screen stays active until the transition
    /// ends, then is deactivated and kept.
    ///
    /// # Errors
    /// Nothing changes when it fails: [`ScreenError::Full`], [`ScreenError::Busy`],
    /// [`ScreenError::NoTravel`], or [`ScreenError::World`] (a stale or wrong handle, a
    /// bad duration, the prefab not fitting the world, `Tween` or `BlockInput` not in
    /// the set or full).
    pub fn push<W: AnyWorld, P: Prefab<W>>(
        world: &mut W,
        stack: Comp<Self>,
        screen: P,
        transition: ScreenTransition,
    ) -> Result<P::Ids, ScreenError> {
        Self::operate(world, stack, |state, world, host| {
            if state.entries.is_full() {
                return Err(ScreenError::Full {
                    capacity: u16::try_from(SCREENS).unwrap_or(u16::MAX),
                });
            }
            let covered = state.entries.last().copied();
            if let Some(covered) = covered {
                if !world.is_valid_strict(covered.node) {
                    return Err(ScreenError::World(Error::StaleHandle));
                }
            }
            let focus = world.focus();
            let (arrived, ids) = state.arrive(world, host, screen, transition)?;
            if let Some(covered) = state.entries.last_mut() {
                covered.focus = focus;
            }
            let lower = covered.map(|c| Lower {
                node: c.node,
                rest: c.rest,
                rest_opacity: c.rest_opacity,
            });
            state.start(
                world,
                host,
                Running {
                    upper: arrived.entry,
                    upper_ends_shown: true,
                    motion: arrived.motion,
                    tween: arrived.tween,
                    lower,
                    leaving: lower.map(|l| (l, Fate::Kept)),
                    arriving: arrived.entry.node,
                    focus: None,
                },
            )?;
            state
                .entries
                .push(arrived.entry)
                .map_err(|_| ScreenError::Full {
                    capacity: u16::try_from(SCREENS).unwrap_or(u16::MAX),
                })?;
            Ok(ids)
        })
    }

    /// Takes the top screen off, playing its transition backwards, and brings the one
    /// below back (its `on_enable` now); the popped screen is destroyed when the
    /// transition ends.
    ///
    /// # Errors
    /// Nothing changes when it fails: [`ScreenError::Bottom`] (fewer than two screens),
    /// [`ScreenError::Busy`], [`ScreenError::NoTravel`] (the host shrank since), or
    /// [`ScreenError::World`] (a stale handle, among them a screen destroyed by someone
    /// else; the tween refused).
    pub fn pop<W: AnyWorld>(world: &mut W, stack: Comp<Self>) -> Result<(), ScreenError> {
        Self::operate(world, stack, |state, world, host| {
            let (Some(&top), Some(&below)) = (
                state.entries.last(),
                state
                    .entries
                    .len()
                    .checked_sub(2)
                    .and_then(|i| state.entries.get(i)),
            ) else {
                return Err(ScreenError::Bottom);
            };
            if !(world.is_valid_strict(top.node) && world.is_valid_strict(below.node)) {
                return Err(ScreenError::World(Error::StaleHandle));
            }
            let transition = top.transition;
            let motion = transition
                .motion(world.content_size(host)?)
                .ok_or(ScreenError::NoTravel)?;
            let animated = !transition.is_instant();
            if animated {
                state.ensure_shield(world, host)?;
            }
            let tween = if animated {
                let away = Self::tween_to(&top, &motion, transition, false)?;
                Some(world.add_component(top.node, away)?)
            } else {
                None
            };
            let start = motion.follow.unwrap_or(Vec2::ZERO);
            world.set_position(below.node, plus(below.rest, start))?;
            if let Err(error) = world.set_active(below.node, true) {
                world.set_position(below.node, below.rest)?;
                if let Some(tween) = tween {
                    world.destroy_component(tween)?;
                }
                return Err(error.into());
            }
            state.entries.pop();
            state.start(
                world,
                host,
                Running {
                    upper: top,
                    upper_ends_shown: false,
                    motion,
                    tween,
                    lower: Some(Lower {
                        node: below.node,
                        rest: below.rest,
                        rest_opacity: below.rest_opacity,
                    }),
                    leaving: Some((
                        Lower {
                            node: top.node,
                            rest: top.rest,
                            rest_opacity: top.rest_opacity,
                        },
                        Fate::Destroyed,
                    )),
                    arriving: below.node,
                    focus: below.focus,
                },
            )?;
            Ok(())
        })
    }

    /// Instantiates `screen` under the host in the top screen's place, with
    /// `transition`, and returns its handles; the replaced screen is destroyed when the
    /// transition ends. The stack keeps its depth (on an empty stack: a push). A later
    /// `pop` of the new screen plays `transition` backwards.
    ///
    /// # Errors
    /// As [`push`](Self::push), without `Full`.
    pub fn replace<W: AnyWorld, P: Prefab<W>>(
        world: &mut W,
        stack: Comp<Self>,
        screen: P,
        transition: ScreenTransition,
    ) -> Result<P::Ids, ScreenError> {
        Self::operate(world, stack, |state, world, host| {
            let old = state.entries.pop();
            if let Some(old) = old {
                if !world.is_valid_strict(old.node) {
                    return Err(ScreenError::World(Error::StaleHandle));
                }
            }
            let (arrived, ids) = state.arrive(world, host, screen, transition)?;
            let lower = old.map(|o| Lower {
                node: o.node,
                rest: o.rest,
                rest_opacity: o.rest_opacity,
            });
            state.start(
                world,
                host,
                Running {
                    upper: arrived.entry,
                    upper_ends_shown: true,
                    motion: arrived.motion,
                    tween: arrived.tween,
                    lower,
                    leaving: lower.map(|l| (l, Fate::Destroyed)),
                    arriving: arrived.entry.node,
                    focus: None,
                },
            )?;
            state
                .entries
                .push(arrived.entry)
                .map_err(|_| ScreenError::Full {
                    capacity: u16::try_from(SCREENS).unwrap_or(u16::MAX),
                })?;
            Ok(ids)
        })
    }

    /// Ends the running transition at once, as if its tween had ended now: the
    /// screens at their end positions, the leaving one deactivated or destroyed, the
    /// focus moved. Returns whether one was running.
    ///
    /// # Errors
    /// [`ScreenError::Busy`] when called from a hook of a stack operation under way;
    /// [`ScreenError::World`] for a stale or wrong handle.
    pub fn finish<W: AnyWorld>(world: &mut W, stack: Comp<Self>) -> Result<bool, ScreenError> {
        let state = match world.get_mut::<Self>(stack.id()) {
            Ok(state) => state,
            Err(Error::ComponentBusy) => return Err(ScreenError::Busy),
            Err(error) => return Err(error.into()),
        };
        if state.busy {
            return Err(ScreenError::Busy);
        }
        let Some(running) = state.running.take() else {
            return Ok(false);
        };
        let shield = state.shield;
        state.busy = true;
        let result = conclude(world, shield, running);
        if let Ok(state) = world.get_mut::<Self>(stack.id()) {
            state.busy = false;
        }
        result.map(|()| true).map_err(ScreenError::from)
    }

    /// Runs `op` on a copy of the stack's state, with the stack marked busy; keeps the
    /// copy if `op` succeeds, the state as it was if not.
    fn operate<W: AnyWorld, R>(
        world: &mut W,
        stack: Comp<Self>,
        op: impl FnOnce(&mut Self, &mut W, NodeId) -> Result<R, ScreenError>,
    ) -> Result<R, ScreenError> {
        let host = world.component_node(stack.id())?;
        let before = match world.get_mut::<Self>(stack.id()) {
            Ok(before) => before,
            // Called from the stack's own `late_update` (a screen's `on_disable`).
            Err(Error::ComponentBusy) => return Err(ScreenError::Busy),
            Err(error) => return Err(error.into()),
        };
        if before.busy || before.running.is_some() {
            return Err(ScreenError::Busy);
        }
        before.busy = true;
        let mut state = before.clone();
        let result = op(&mut state, world, host);
        if let Ok(slot) = world.get_mut::<Self>(stack.id()) {
            if result.is_ok() {
                *slot = state;
            } else if state.shield != slot.shield {
                // The shield made for a transition that failed later is kept.
                slot.shield = state.shield;
            }
            slot.busy = false;
        }
        result
    }

    /// The tween that shows (`shown`) or sends away the screen `entry`.
    fn tween_to(
        entry: &Entry,
        motion: &Motion,
        transition: ScreenTransition,
        shown: bool,
    ) -> Result<Tween, Error> {
        let props = if motion.fades {
            let opacity = if shown { entry.rest_opacity } else { 0 };
            Props::new().opacity(f32::from(opacity))
        } else if shown {
            Props::new().position(entry.rest)
        } else {
            Props::new().position(plus(entry.rest, motion.away))
        };
        TweenBuilder::<DEFAULT_ENTRIES>::new()
            .to(transition.duration_seconds(), props, transition.easing())
            .build()
    }

    /// Instantiates `screen` under the host, away from its rest and with its tween if
    /// the transition takes time: all or nothing.
    fn arrive<W: AnyWorld, P: Prefab<W>>(
        &mut self,
        world: &mut W,
        host: NodeId,
        screen: P,
        transition: ScreenTransition,
    ) -> Result<(Arrived, P::Ids), ScreenError> {
        transition.check()?;
        let motion = transition
            .motion(world.content_size(host)?)
            .ok_or(ScreenError::NoTravel)?;
        let animated = !transition.is_instant();
        if animated {
            self.ensure_shield(world, host)?;
        }
        let (node, (ids, rest, rest_opacity, tween)) =
            world.instantiate_with(host, "", |w, top| {
                let ids = screen.fill(w, top)?;
                let rest = w.position(top)?;
                let rest_opacity = w.opacity(top)?;
                if !animated {
                    return Ok((ids, rest, rest_opacity, None));
                }
                let entry = Entry {
                    node: top,
                    rest,
                    rest_opacity,
                    transition,
                    focus: None,
                };
                let shown = Self::tween_to(&entry, &motion, transition, true)?;
                w.set_position(top, plus(rest, motion.away))?;
                if motion.fades {
                    w.set_opacity(top, 0)?;
                }
                let tween = w.add_component(top, shown)?;
                Ok((ids, rest, rest_opacity, Some(tween)))
            })?;
        let entry = Entry {
            node,
            rest,
            rest_opacity,
            transition,
            focus: None,
        };
        Ok((
            Arrived {
                entry,
                motion,
                tween,
            },
            ids,
        ))
    }

    /// Makes the input shield if there is none: a child of the host, inactive, with a
    /// [`BlockInput`].
    fn ensure_shield<W: AnyWorld>(&mut self, world: &mut W, host: NodeId) -> Result<(), Error> {
        if self.shield.is_some_and(|s| world.is_valid_strict(s)) {
            return Ok(());
        }
        let (shield, _) = world.instantiate_with(host, SHIELD_NAME, |w, top| {
            w.set_active(top, false)?;
            w.add_component(top, BlockInput)
        })?;
        self.shield = Some(shield);
        Ok(())
    }

    /// Starts `running`: raises the shield over the screens if it takes time, or
    /// concludes it at once.
    fn start<W: AnyWorld>(
        &mut self,
        world: &mut W,
        host: NodeId,
        running: Running,
    ) -> Result<(), Error> {
        match (running.tween, self.shield) {
            (Some(_), Some(shield)) => {
                raise_shield(world, host, shield)?;
                self.running = Some(running);
                Ok(())
            }
            _ => conclude(world, self.shield, running),
        }
    }
}

/// A screen just instantiated by a push or replace.
struct Arrived {
    entry: Entry,
    motion: Motion,
    tween: Option<CompId>,
}

/// Puts the shield over the host's content box, above the screens, and gives it the
/// focus (when the host is active).
fn raise_shield(world: &mut impl AnyWorld, host: NodeId, shield: NodeId) -> Result<(), Error> {
    world.set_content_size(shield, world.content_size(host)?)?;
    world.set_anchor(shield, world.anchor(host)?)?;
    world.set_position(shield, Vec2::ZERO)?;
    world.set_sibling_index(shield, -1)?;
    world.set_active(shield, true)?;
    if world.active_in_hierarchy(shield)? {
        world.set_focusable(shield, true)?;
        world.set_focus(Some(shield))?;
    }
    Ok(())
}

/// The node `wanted` if it can take the focus, else the first focusable node of
/// `screen`.
fn focus_target(
    world: &impl AnyWorld,
    wanted: Option<NodeId>,
    screen: NodeId,
) -> Result<Option<NodeId>, Error> {
    if let Some(node) = wanted {
        let usable = world.is_valid_strict(node)
            && world.is_focusable(node)?
            && world.active_in_hierarchy(node)?;
        if usable {
            return Ok(Some(node));
        }
    }
    world.next_focusable(screen, None, true)
}

/// Ends a transition: the screens at their end places, the focus on the arriving
/// screen, the leaving one deactivated (and put back at rest) or destroyed, the
/// shield down.
fn conclude(
    world: &mut impl AnyWorld,
    shield: Option<NodeId>,
    running: Running,
) -> Result<(), Error> {
    if let Some(tween) = running.tween {
        if world.is_component_valid_strict(tween) {
            world.destroy_component(tween)?;
        }
    }
    let upper = running.upper;
    let away = if running.upper_ends_shown {
        Vec2::ZERO
    } else {
        running.motion.away
    };
    if world.is_valid_strict(upper.node) {
        world.set_position(upper.node, plus(upper.rest, away))?;
        if running.motion.fades {
            let opacity = if running.upper_ends_shown {
                upper.rest_opacity
            } else {
                0
            };
            world.set_opacity(upper.node, opacity)?;
        }
    }
    if let (Some(lower), Some(follow)) = (running.lower, running.motion.follow) {
        if world.is_valid_strict(lower.node) {
            world.set_position(lower.node, plus(lower.rest, plus(away, follow)))?;
        }
    }
    if world.is_valid_strict(running.arriving) {
        let target = focus_target(world, running.focus, running.arriving)?;
        world.set_focus(target)?;
    }
    if let Some((leaving, fate)) = running.leaving {
        if world.is_valid_strict(leaving.node) {
            match fate {
                Fate::Kept => {
                    world.set_active(leaving.node, false)?;
                    world.set_position(leaving.node, leaving.rest)?;
                    world.set_opacity(leaving.node, leaving.rest_opacity)?;
                }
                Fate::Destroyed => world.destroy(leaving.node)?,
            }
        }
    }
    if let Some(shield) = shield {
        if world.is_valid_strict(shield) {
            world.set_focusable(shield, false)?;
            world.set_active(shield, false)?;
        }
    }
    Ok(())
}

#[component]
impl<const SCREENS: usize> Hooks for ScreenStack<SCREENS> {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let Some(running) = self.running else {
            return Ok(());
        };
        let ended = running
            .tween
            .is_none_or(|tween| !ctx.is_component_valid_strict(tween));
        if ended {
            self.running = None;
            return conclude(&mut **ctx, self.shield, running);
        }
        if let (Some(lower), Some(follow)) = (running.lower, running.motion.follow) {
            let upper = running.upper;
            if ctx.is_valid_strict(upper.node) && ctx.is_valid_strict(lower.node) {
                let moved = minus(ctx.position(upper.node)?, upper.rest);
                ctx.set_position(lower.node, plus(lower.rest, plus(moved, follow)))?;
            }
        }
        Ok(())
    }
}
