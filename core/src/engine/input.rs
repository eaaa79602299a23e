//! Input: touches and keys, fed by every platform (cocos2d-x event dispatch order).
//!
//! A touch goes down on the topmost node, in the reverse of draw order, whose content
//! rectangle contains it (tested in the node's own space, so rotation and scale count)
//! and that listens: it has an enabled component whose type has `on_touch`. The touch is
//! delivered to that node's listening components, then bubbles up to its ancestors'
//! until a handler calls `stop_propagation`. Moves, the release and a cancel of that
//! touch go to the same node, wherever they happen, until the touch ends. Keys go to the
//! focused node and bubble up the same way (`focus.rs`); with no focus, to every enabled
//! component with `on_key`, topmost node first, until one stops them.

use crate::engine::storage::CompFlags;
use crate::render::DrawOrder;
use crate::tree::node::{Flags, NONE};
use crate::{screen_to_world, Dispatch, Error, Hook, HookCall, NodeId, Vec2, World};

/// Touches followed at once.
pub const MAX_TOUCHES: usize = 4;

/// Where a touch is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum TouchPhase {
    /// The finger (or mouse button) went down.
    Down,
    /// It moved while down.
    Move,
    /// It went up.
    Up,
    /// The platform gave up on it (focus lost, say).
    Cancel,
}

/// A touch as a component receives it. Kept small: it travels through every hook
/// call's dispatch. The point in the receiving node's own space is
/// `ctx.convert_to_node_space(ctx.node(), touch.world)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TouchEvent {
    /// Which touch (the platform's identifier).
    pub id: u8,
    /// Down, move, up or cancel.
    pub phase: TouchPhase,
    /// Which gesture: counts the touches that went down (wrapping), so a handler that
    /// first hears of a touch at a move (it bubbled up past a button) tells one gesture
    /// from the next.
    pub gesture: u16,
    /// The point in world space.
    pub world: Vec2,
}

/// A key or button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum Key {
    /// Up.
    Up,
    /// Down.
    Down,
    /// Left.
    Left,
    /// Right.
    Right,
    /// The main button (A, Enter, OK).
    A,
    /// The second button (B, Escape, Back).
    B,
    /// Start / menu.
    Start,
    /// Select.
    Select,
    /// Any other key, by the platform's number.
    Other(u8),
}

/// A key or button changing state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct KeyEvent {
    /// The key.
    pub key: Key,
    /// Pressed (`true`) or released.
    pub pressed: bool,
}

/// The node each live touch is captured by, and the gesture it belongs to.
pub(crate) struct Captures {
    touches: [Option<(u8, NodeId)>; MAX_TOUCHES],
    gestures: [u16; MAX_TOUCHES],
    /// Touches that went down so far (wrapping): the next gesture's number.
    next_gesture: u16,
}

impl Captures {
    pub(crate) const fn new() -> Self {
        Captures {
            touches: [None; MAX_TOUCHES],
            gestures: [0; MAX_TOUCHES],
            next_gesture: 0,
        }
    }

    fn slot(&self, id: u8) -> Option<usize> {
        self.touches
            .iter()
            .position(|t| t.is_some_and(|(tid, _)| tid == id))
    }

    fn get(&self, id: u8) -> Option<NodeId> {
        self.slot(id)
            .and_then(|k| self.touches.get(k).copied().flatten())
            .map(|(_, n)| n)
    }

    /// The gesture of touch `id`, if it is live.
    fn gesture(&self, id: u8) -> Option<u16> {
        self.slot(id).and_then(|k| self.gestures.get(k).copied())
    }

    /// Captures a touch going down: a new gesture.
    fn set(&mut self, id: u8, node: NodeId) -> Result<u16, Error> {
        self.clear(id);
        let k = self
            .touches
            .iter()
            .position(|t| t.is_none())
            .ok_or(Error::QueueFull)?;
        let gesture = self.next_gesture;
        self.next_gesture = gesture.wrapping_add(1);
        if let (Some(t), Some(g)) = (self.touches.get_mut(k), self.gestures.get_mut(k)) {
            *t = Some((id, node));
            *g = gesture;
        }
        Ok(gesture)
    }

    /// Moves live touch `id` to `node`, keeping its gesture.
    fn retarget(&mut self, id: u8, node: NodeId) -> bool {
        match self.slot(id).and_then(|k| self.touches.get_mut(k)) {
            Some(t) => {
                *t = Some((id, node));
                true
            }
            None => false,
        }
    }

    fn clear(&mut self, id: u8) {
        for t in self.touches.iter_mut() {
            if t.is_some_and(|(tid, _)| tid == id) {
                *t = None;
            }
        }
    }
}

impl<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > World<S, N, C, TM, E, TR, LS>
where
    S: Dispatch,
{
    /// Feeds a touch at `screen_point` (origin top-left, y down) on a screen
    /// `screen_height` pixels tall. Returns the node it was delivered to first (the hit
    /// or capturing node), `None` when nothing listens there.
    ///
    /// Refused with `Reentrant` from inside a hook, `InvalidValue` for a non-finite
    /// point, and `QueueFull` for a touch going down while `MAX_TOUCHES` others are.
    pub fn touch(
        &mut self,
        id: u8,
        phase: TouchPhase,
        screen_point: Vec2,
        screen_height: f32,
    ) -> Result<Option<NodeId>, Error> {
        self.check_not_in_hook()?;
        if !(screen_point.x.is_finite() && screen_point.y.is_finite() && screen_height.is_finite())
        {
            return Err(Error::InvalidValue);
        }
        let world = screen_to_world(screen_point, screen_height);
        let (target, gesture) = match phase {
            TouchPhase::Down => {
                let hit = self.hit_test(world);
                match hit {
                    Some(hit) => (Some(hit), self.captures.set(id, hit)?),
                    None => (None, 0),
                }
            }
            _ => {
                let captured = self.captures.get(id).filter(|&n| self.is_valid(n));
                let gesture = self.captures.gesture(id).unwrap_or(0);
                if matches!(phase, TouchPhase::Up | TouchPhase::Cancel) {
                    self.captures.clear(id);
                }
                (captured, gesture)
            }
        };
        let Some(target) = target else {
            return Ok(None);
        };
        self.propagation_stopped = false;
        let mut node = Some(target);
        while let Some(n) = node {
            let Ok(i) = self.arena.resolve(n) else { break };
            let event = TouchEvent {
                id,
                phase,
                gesture,
                world,
            };
            self.deliver(i, HookCall::OnTouch(event));
            if self.propagation_stopped {
                break;
            }
            node = self.arena.parent(i).map(|p| self.arena.id(p));
        }
        self.announce_focus();
        Ok(Some(target))
    }

    /// Feeds a key or button change. With a focused node (`set_focus`), to its enabled
    /// components with `on_key`, then bubbling up to its ancestors'; without, to every
    /// enabled component with `on_key`, topmost node first. Either way until a handler
    /// calls `stop_propagation`. Refused with `Reentrant` from inside a hook.
    pub fn key(&mut self, key: Key, pressed: bool) -> Result<(), Error> {
        self.check_not_in_hook()?;
        if let Some(focus) = self.focus() {
            self.propagation_stopped = false;
            let mut node = Some(focus);
            while let Some(n) = node {
                let Ok(i) = self.arena.resolve(n) else { break };
                self.deliver(i, HookCall::OnKey(KeyEvent { key, pressed }));
                if self.propagation_stopped {
                    break;
                }
                node = self.arena.parent(i).map(|p| self.arena.id(p));
            }
            self.announce_focus();
            return Ok(());
        }
        let mut order: DrawOrder<N> = DrawOrder::new();
        self.draw_order(&mut order);
        self.propagation_stopped = false;
        for &n in order.as_slice().iter().rev() {
            if let Ok(i) = self.arena.resolve(n) {
                self.deliver(i, HookCall::OnKey(KeyEvent { key, pressed }));
            }
            if self.propagation_stopped {
                break;
            }
        }
        self.announce_focus();
        Ok(())
    }

    /// `node` takes the live touch `touch` over (Cocos's scroll view does this once a drag
    /// starts on a button inside it): the node the touch is captured by, and its
    /// ancestors below `node`, get `on_touch` with [`TouchPhase::Cancel`] now, and the
    /// touch's next moves and its release go to `node` (and bubble on from there).
    /// Call it from `on_touch` with the event being handled.
    ///
    /// Errors, changing nothing: `StaleHandle`; `InvalidValue` if the touch is not live
    /// or `node` is neither the capturing node nor one of its ancestors.
    pub fn take_touch(&mut self, touch: TouchEvent, node: NodeId) -> Result<(), Error> {
        let keep = self.arena.resolve(node)?;
        let from = self
            .captures
            .get(touch.id)
            .filter(|_| self.captures.gesture(touch.id) == Some(touch.gesture))
            .ok_or(Error::InvalidValue)?;
        let mut chain = Some(self.arena.resolve(from)?);
        while let Some(i) = chain {
            if i == keep {
                break;
            }
            chain = self.arena.parent(i);
        }
        if chain.is_none() {
            return Err(Error::InvalidValue);
        }
        self.captures.retarget(touch.id, node);
        // The cancel is a delivery of its own: it must not stop the one in progress.
        let stopped = self.propagation_stopped;
        self.propagation_stopped = false;
        let cancel = TouchEvent {
            phase: TouchPhase::Cancel,
            ..touch
        };
        let mut n = self.arena.resolve(from).ok();
        while let Some(i) = n {
            if i == keep || self.propagation_stopped {
                break;
            }
            self.deliver(i, HookCall::OnTouch(cancel));
            n = self.arena.parent(i);
        }
        self.propagation_stopped = stopped;
        Ok(())
    }

    /// Stops the touch or key being delivered from going any further (call it from
    /// `on_touch` / `on_key`).
    pub fn stop_propagation(&mut self) {
        self.propagation_stopped = true;
    }

    /// The topmost listening node whose content contains `world`.
    fn hit_test(&mut self, world: Vec2) -> Option<NodeId> {
        let mut order: DrawOrder<N> = DrawOrder::new();
        self.draw_order(&mut order);
        for &n in order.as_slice().iter().rev() {
            let Ok(i) = self.arena.resolve(n) else {
                continue;
            };
            if !self.listens(i, Hook::OnTouch) {
                continue;
            }
            let size = self.arena.meta(i).content_size;
            if let Ok(p) = self.convert_to_node_space(n, world) {
                if p.x >= 0.0 && p.x < size.width && p.y >= 0.0 && p.y < size.height {
                    return Some(n);
                }
            }
        }
        None
    }

    /// Whether node `i` is active with an enabled component whose type has `hook`.
    fn listens(&self, i: usize, hook: Hook) -> bool {
        if !self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
            return false;
        }
        let mut c = self.arena.slot(i).first_comp;
        while c != NONE {
            let ci = usize::from(c);
            let slot = self.comps.slot(ci);
            if slot.has(CompFlags::ENABLED) && S::kind_hooks(self.comps.kind(ci)).contains(hook) {
                return true;
            }
            c = slot.next;
        }
        false
    }

    /// Calls `call` on node `i`'s enabled components that have its hook, in order, while
    /// the node stays active and nobody stopped the event.
    fn deliver(&mut self, i: usize, call: HookCall) {
        let last = self.last_comp_of(i);
        let mut c = self.arena.slot(i).first_comp;
        while c != NONE {
            let ci = usize::from(c);
            if !self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
                return;
            }
            if self.comps.slot(ci).has(CompFlags::ENABLED) {
                self.call_hook(ci, call);
            }
            if Some(ci) == last || self.propagation_stopped {
                return;
            }
            c = self.comps.slot(ci).next;
        }
    }
}
