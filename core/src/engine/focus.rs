//! Keyboard focus, for boards whose input is a few buttons ("Focus" in docs/lifecycle.md §8).
//!
//! A node marked focusable can hold the world's one focus. While a node has it, a key
//! goes to that node's components first and bubbles up to its ancestors' until a handler
//! calls `stop_propagation`, the way a touch bubbles from the node it hit; with no focus,
//! keys go to every listener, topmost first, as before. Moving the focus (in order or
//! spatially, with groups) is the UI toolkit's business; the engine keeps the focus valid:
//! when the focused node stops being active in the hierarchy (deactivated, destroyed,
//! detached) or focusable, the focus moves at once to its nearest neighbour — the next
//! focusable active node after it in tree order within its parent's subtree, else the
//! last one before it, else the same within the grandparent's subtree, and so on up to
//! the root; none left, no focus. Every walk follows parent and sibling links, without
//! recursion.
//!
//! When the focus moves, the world tells the nodes concerned with a [`FocusChanged`]
//! event, once things have settled rather than from inside the call that moved it: see
//! [`FocusChanged`] for when and to whom.

use crate::tree::node::Flags;
use crate::{Dispatch, Error, NodeId, World};

/// The event the world dispatches when the focus has moved (listen with
/// `ctx.on::<FocusChanged>(node)`): a focus group, an indicator or the node itself can
/// follow the focus without asking for it every frame.
///
/// It is dispatched on the node that gained the focus (capturing ancestors first, then
/// the node, then bubbling up to the root, as `dispatch_event` does), then on the node
/// that lost it, bubbling only up to the nearest ancestor the two share, so a listener
/// hears each change once, with [`Event::target`](crate::Event::target) telling which
/// side it is on. With no node on one side (`None`, or a node destroyed since), only the
/// other side is told.
///
/// When: a move made by `set_focus` or `set_focusable` called from outside any hook is
/// announced before that call returns; one made during `key` or `touch` (a focus group
/// moving it, say) as that call ends; one made by a hook, or by deactivating or
/// destroying the focused node, at the next of: the end of `key` or `touch`, and in
/// `tick` before the start phase, after the update pass and after the late-update pass.
/// Several moves between two of these points are one event, from where the focus was
/// last announced to where it is; a move back to where it was is none. Listeners that
/// move the focus again are told in turn, up to [`MAX_FOCUS_ROUNDS`] changes at a time
/// (the rest at the next point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FocusChanged {
    /// Where the focus was when last announced.
    pub from: Option<NodeId>,
    /// Where it is now.
    pub to: Option<NodeId>,
}

/// How many focus changes one announcement tells in a row when listeners keep moving the
/// focus (see [`FocusChanged`]).
pub const MAX_FOCUS_ROUNDS: usize = 4;

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
    /// The focused node: focusable and active in the hierarchy, or `None`.
    ///
    /// ```
    /// let mut world: sprig::NodeWorld<8> = sprig::NodeWorld::new();
    /// let menu = world.create_child(world.root(), "Menu")?;
    /// let play = world.create_child(menu, "Play")?;
    /// let quit = world.create_child(menu, "Quit")?;
    /// world.set_focusable(play, true)?;
    /// world.set_focusable(quit, true)?;
    /// world.set_focus(Some(play))?;
    /// assert_eq!(world.focus(), Some(play));
    /// world.set_active(play, false)?; // the focus moves to the next one
    /// assert_eq!(world.focus(), Some(quit));
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn focus(&self) -> Option<NodeId> {
        self.focus
    }

    /// Gives `node` the focus, or takes it away with `None`. Errors, changing nothing:
    /// `StaleHandle`; `NotFocusable` for a node that is not focusable or not active in
    /// the hierarchy.
    pub fn set_focus(&mut self, node: Option<NodeId>) -> Result<(), Error> {
        if let Some(n) = node {
            let i = self.arena.resolve(n)?;
            if !self.focus_candidate(i) {
                return Err(Error::NotFocusable);
            }
        }
        self.focus = node;
        self.announce_focus_outside_hooks();
        Ok(())
    }

    /// Whether the node can hold the focus (off for a new node).
    pub fn is_focusable(&self, node: NodeId) -> Result<bool, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.has(i, Flags::FOCUSABLE))
    }

    /// Lets the node hold the focus, or not. Turning it off on the focused node moves
    /// the focus to its nearest neighbour.
    pub fn set_focusable(&mut self, node: NodeId, focusable: bool) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if !focusable && self.focus == Some(node) {
            self.focus = self.focus_neighbour(i).map(|f| self.arena.id(f));
        }
        self.arena
            .slot_mut(i)
            .flags
            .set(Flags::FOCUSABLE, focusable);
        self.announce_focus_outside_hooks();
        Ok(())
    }

    /// Announces a focus move now if no hook, frame or event is running (see
    /// [`FocusChanged`]).
    fn announce_focus_outside_hooks(&mut self) {
        if self.check_not_in_hook().is_ok() {
            self.announce_focus();
        }
    }

    /// Dispatches [`FocusChanged`] for the focus's moves since the last announcement.
    pub(crate) fn announce_focus(&mut self) {
        for _ in 0..MAX_FOCUS_ROUNDS {
            let (from, to) = (self.focus_announced, self.focus);
            if from == to {
                return;
            }
            self.focus_announced = to;
            let change = FocusChanged { from, to };
            let gained = to.and_then(|n| self.arena.resolve(n).ok());
            let lost = from.and_then(|n| self.arena.resolve(n).ok());
            // Only `EventTooDeep` can fail here, and announcements start at depth 0.
            if let Some(t) = gained {
                let _ = self.dispatch_below(t, &change, None);
            }
            if let Some(f) = lost {
                let shared = gained.and_then(|t| self.nearest_common_ancestor(f, t));
                if shared != Some(f) {
                    let _ = self.dispatch_below(f, &change, shared);
                }
            }
        }
    }

    /// The nearest node slot that is `a` or one of its ancestors and also `b` or one of
    /// its ancestors.
    fn nearest_common_ancestor(&self, a: usize, b: usize) -> Option<usize> {
        let mut x = Some(a);
        while let Some(i) = x {
            let mut y = Some(b);
            while let Some(j) = y {
                if i == j {
                    return Some(i);
                }
                y = self.arena.parent(j);
            }
            x = self.arena.parent(i);
        }
        None
    }

    /// The focusable nodes active in the hierarchy below `scope` (itself excluded), in
    /// tree order (pre-order, children in sibling order): what a focus group moves
    /// through. `StaleHandle` for a stale scope.
    pub fn focusables(&self, scope: NodeId) -> Result<impl Iterator<Item = NodeId> + '_, Error> {
        let top = self.arena.resolve(scope)?;
        let mut cur = Some(top);
        Ok(core::iter::from_fn(move || loop {
            cur = self.next_active(cur?, top, None);
            let i = cur?;
            if self.focus_candidate(i) {
                return Some(self.arena.id(i));
            }
        }))
    }

    /// The focusable node after `from` (`forward`) or before it in [`focusables`]
    /// order below `scope`; from `None` (or a node not among them), the first or the
    /// last. `None` past the end: a group that wraps around asks again from `None`.
    ///
    /// [`focusables`]: World::focusables
    pub fn next_focusable(
        &self,
        scope: NodeId,
        from: Option<NodeId>,
        forward: bool,
    ) -> Result<Option<NodeId>, Error> {
        let (mut first, mut previous, mut found) = (None, None, false);
        for n in self.focusables(scope)? {
            if found {
                return Ok(Some(n));
            }
            if Some(n) == from {
                if !forward {
                    return Ok(previous);
                }
                found = true;
            }
            first = first.or(Some(n));
            previous = Some(n);
        }
        Ok(match (found, forward) {
            (true, _) => None,
            (false, true) => first,
            (false, false) => previous,
        })
    }

    /// Called as the subtree at `top` starts to deactivate (while it is still active):
    /// if it holds the focus, the focus moves to the nearest neighbour outside it. (A
    /// hook of the walk that focuses a node the walk has yet to reach is caught by
    /// `deactivate_one`, which moves the focus on again.)
    pub(crate) fn focus_leaving(&mut self, top: usize) {
        let Some(focus) = self.focus else {
            return;
        };
        let Ok(f) = self.arena.resolve(focus) else {
            self.focus = None;
            return;
        };
        let mut n = Some(f);
        while let Some(i) = n {
            if i == top {
                self.focus = self.focus_neighbour(top).map(|g| self.arena.id(g));
                return;
            }
            n = self.arena.parent(i);
        }
    }

    /// Whether node `i` can hold the focus now.
    fn focus_candidate(&self, i: usize) -> bool {
        self.has(i, Flags::FOCUSABLE) && self.has(i, Flags::ACTIVE_IN_HIERARCHY)
    }

    /// The focus's new home when the subtree at `leaving` loses it: see the module doc.
    pub(crate) fn focus_neighbour(&self, leaving: usize) -> Option<usize> {
        let mut inner = leaving;
        let mut scope = self.arena.parent(leaving)?;
        loop {
            let (mut before, mut passed) = (None, false);
            let mut cur = Some(scope);
            while let Some(i) = cur {
                if i == inner {
                    passed = true;
                } else if self.focus_candidate(i) {
                    if passed {
                        return Some(i);
                    }
                    before = Some(i);
                }
                cur = self.next_active(i, scope, Some(inner));
            }
            if before.is_some() {
                return before;
            }
            inner = scope;
            scope = self.arena.parent(scope)?;
        }
    }

    /// The next node after `cur` in a pre-order walk of `top`'s subtree that enters only
    /// nodes active in the hierarchy and not the subtree of `skip`.
    fn next_active(&self, cur: usize, top: usize, skip: Option<usize>) -> Option<usize> {
        let active = |c: Option<usize>| {
            let mut c = c;
            while let Some(i) = c {
                if self.has(i, Flags::ACTIVE_IN_HIERARCHY) {
                    return Some(i);
                }
                c = self.arena.next_sibling(i);
            }
            None
        };
        if Some(cur) != skip {
            if let Some(child) = active(self.arena.first_child(cur)) {
                return Some(child);
            }
        }
        let mut n = cur;
        while n != top {
            if let Some(sibling) = active(self.arena.next_sibling(n)) {
                return Some(sibling);
            }
            n = self.arena.parent(n)?;
        }
        None
    }
}
