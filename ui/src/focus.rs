//! Focus navigation for keypad boards: a [`FocusGroup`] moves the world's keyboard focus
//! among the focusable nodes below it with the arrow keys, and a [`FocusIndicator`]
//! keeps a node (a frame drawn by a shape on it) around whichever of them has the focus.
//!
//! The engine holds the focus and routes keys (`docs/lifecycle.md` §8): a key goes to the
//! focused node's components first (a button there takes A as a click), then bubbles up
//! to its ancestors, where the group that holds the node takes Up, Down, Left and Right,
//! and B. The engine also moves the focus to a neighbour when its node is deactivated or
//! destroyed, so a group never needs to repair it. Groups nest: an arrow a group cannot
//! use (nothing further that way, and no wrapping) bubbles on to the group around it.

use sprig::{component, AnyWorld, Ctx, HookResult, Hooks, Key, KeyEvent, NodeId, Rect, Vec2};

/// How a [`FocusGroup`] picks the next node for an arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navigation {
    /// In tree order: Down and Right go to the next focusable node, Up and Left to the
    /// previous one; past either end, around to the other if `wrap`.
    Ordered {
        /// Whether the ends wrap around.
        wrap: bool,
    },
    /// On screen: the focusable node nearest in the arrow's direction, measured between
    /// the centres of the nodes' content boxes as the distance along the arrow plus
    /// twice the distance across it (ties: the first in tree order). Nothing that way:
    /// the focus stays.
    Spatial,
}

/// Moves the keyboard focus among the focusable nodes below its node (see the module
/// doc). On enable, it focuses its first focusable node if nothing in the world has the
/// focus (`autofocus`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FocusGroup {
    /// How arrows move the focus.
    pub navigation: Navigation,
    /// Where B sends the focus (the node that opened this group, say); `None` lets B
    /// bubble on.
    pub back: Option<NodeId>,
    /// Whether enabling the group focuses its first node when nothing has the focus.
    pub autofocus: bool,
}

impl FocusGroup {
    /// A group stepping in tree order, wrapping around, with autofocus.
    pub const fn ordered() -> Self {
        FocusGroup {
            navigation: Navigation::Ordered { wrap: true },
            back: None,
            autofocus: true,
        }
    }

    /// A group moving on screen, with autofocus.
    pub const fn spatial() -> Self {
        FocusGroup {
            navigation: Navigation::Spatial,
            back: None,
            autofocus: true,
        }
    }

    /// This group with B sending the focus to `node`.
    pub const fn with_back(mut self, node: NodeId) -> Self {
        self.back = Some(node);
        self
    }

    /// The node an arrow moves the focus to from `from` (a focusable node below
    /// `scope`, or `None` when the focus is elsewhere), if any.
    fn target(
        &self,
        ctx: &mut Ctx<impl AnyWorld>,
        scope: NodeId,
        from: Option<NodeId>,
        key: Key,
    ) -> Result<Option<NodeId>, sprig::Error> {
        let Some(direction) = direction(key) else {
            return Ok(None);
        };
        let Some(from) = from else {
            return ctx.next_focusable(scope, None, true);
        };
        match self.navigation {
            Navigation::Ordered { wrap } => {
                let forward = direction.x > 0.0 || direction.y < 0.0;
                let next = ctx.next_focusable(scope, Some(from), forward)?;
                Ok(match next {
                    None if wrap => ctx.next_focusable(scope, None, forward)?,
                    next => next,
                })
            }
            Navigation::Spatial => nearest(ctx, scope, from, direction),
        }
    }
}

/// The unit step of an arrow key in world space (y up), `None` for other keys.
fn direction(key: Key) -> Option<Vec2> {
    match key {
        Key::Up => Some(Vec2::new(0.0, 1.0)),
        Key::Down => Some(Vec2::new(0.0, -1.0)),
        Key::Left => Some(Vec2::new(-1.0, 0.0)),
        Key::Right => Some(Vec2::new(1.0, 0.0)),
        _ => None,
    }
}

fn centre(rect: Rect) -> Vec2 {
    Vec2::new(rect.x + rect.width / 2.0, rect.y + rect.height / 2.0)
}

/// The focusable node below `scope` nearest to `from` in `direction` (see
/// [`Navigation::Spatial`]).
fn nearest(
    ctx: &mut Ctx<impl AnyWorld>,
    scope: NodeId,
    from: NodeId,
    direction: Vec2,
) -> Result<Option<NodeId>, sprig::Error> {
    let origin = centre(ctx.world_content_box(from)?);
    let mut best: Option<(f32, NodeId)> = None;
    // The candidates are listed first: measuring needs the world mutably (transforms
    // are computed on demand), and a group holds few nodes.
    let mut candidates: heapless::Vec<NodeId, MAX_GROUP_NODES> = heapless::Vec::new();
    for n in ctx.focusables(scope)? {
        if n != from && candidates.push(n).is_err() {
            break;
        }
    }
    for n in candidates {
        let c = centre(ctx.world_content_box(n)?);
        let (dx, dy) = (c.x - origin.x, c.y - origin.y);
        let along = dx * direction.x + dy * direction.y;
        let across = (dx * direction.y - dy * direction.x).abs();
        if along <= 0.5 {
            continue;
        }
        let score = along + 2.0 * across;
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, n));
        }
    }
    Ok(best.map(|(_, n)| n))
}

/// The most focusable nodes a [`Navigation::Spatial`] group compares (the rest are not
/// reached by arrows).
pub const MAX_GROUP_NODES: usize = 64;

/// Whether `node` is `scope` or below it.
fn within(ctx: &Ctx<impl AnyWorld>, scope: NodeId, node: NodeId) -> bool {
    let mut n = Some(node);
    while let Some(i) = n {
        if i == scope {
            return true;
        }
        n = ctx.parent(i).ok().flatten();
    }
    false
}

#[component]
impl Hooks for FocusGroup {
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        if self.autofocus && ctx.focus().is_none() {
            let scope = ctx.node();
            if let Some(first) = ctx.next_focusable(scope, None, true)? {
                ctx.set_focus(Some(first))?;
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !key.pressed {
            return Ok(());
        }
        let scope = ctx.node();
        let from = ctx.focus().filter(|&f| f != scope && within(ctx, scope, f));
        if key.key == Key::B {
            if let Some(back) = self.back {
                ctx.set_focus(Some(back))?;
                ctx.stop_propagation();
            }
            return Ok(());
        }
        if let Some(to) = self.target(ctx, scope, from, key.key)? {
            ctx.set_focus(Some(to))?;
            ctx.stop_propagation();
        }
        Ok(())
    }
}

/// Keeps its node around the focused node while that node is below `scope`: each frame,
/// after every `update`, it takes the focused node's content box (in world space, grown
/// by `margin` on each side) as its own position and size, in its parent's space; with
/// the focus elsewhere, its node's opacity drops to 0. Put a shape on the same node (an
/// outline, a rounded rectangle) to draw the frame, and give the node a `global_z_order`
/// above the widgets so that it is drawn over them. Its node is assumed unrotated and
/// unscaled, as is its parent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FocusIndicator {
    /// The group whose focus it shows.
    pub scope: NodeId,
    /// Pixels added around the focused node's box, on each side.
    pub margin: f32,
    /// The opacity it shows with.
    pub opacity: u8,
}

/// At [`AFTER_LAYOUT_EXECUTION_ORDER`](crate::layout::AFTER_LAYOUT_EXECUTION_ORDER),
/// after the layouts and lists (whose orders are 10 000 to 10 002), so the box it
/// frames is where the frame leaves it.
#[component(execution_order = 20000)]
impl Hooks for FocusIndicator {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        let focus = ctx.focus().filter(|&f| within(ctx, self.scope, f));
        let Some(focus) = focus else {
            return ctx.set_opacity(node, 0);
        };
        let rect = ctx.world_content_box(focus)?;
        let m = self.margin;
        let size = sprig::Size2::new(rect.width + 2.0 * m, rect.height + 2.0 * m);
        let anchor = ctx.anchor(node)?;
        let corner = Vec2::new(
            rect.x - m + anchor.x * size.width,
            rect.y - m + anchor.y * size.height,
        );
        let at = match ctx.parent(node)? {
            Some(parent) => ctx.convert_to_node_space_ar(parent, corner)?,
            None => corner,
        };
        ctx.set_content_size(node, size)?;
        ctx.set_position(node, at)?;
        ctx.set_opacity(node, self.opacity)
    }
}
