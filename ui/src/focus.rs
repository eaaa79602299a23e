//! Focus navigation for keypad boards: a [`FocusGroup`] moves the world's keyboard focus
//! among the focusable nodes below it with the arrow keys, and a [`FocusIndicator`]
//! keeps a node (a frame drawn by a shape on it) around whichever of them has the focus,
//! jumping or sliding to the next one.
//!
//! The engine holds the focus and routes keys (`docs/lifecycle.md` §8): a key goes to the
//! focused node's components first (a button there takes A as a click), then bubbles up
//! to its ancestors, where the group that holds the node takes Up, Down, Left and Right,
//! and B. The engine also moves the focus to a neighbour when its node is deactivated or
//! destroyed, so a group never needs to repair it. Groups nest: an arrow a group cannot
//! use (nothing further that way, and no wrapping) bubbles on to the group around it.

use sprig::{
    component, AnyWorld, Ctx, Event, FocusChanged, HookResult, Hooks, Key, KeyEvent, NodeId, Rect,
    Vec2,
};

use crate::Easing;

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
///
/// With [`sliding`](Self::sliding), a move of the focus within `scope` eases the frame
/// from where it is to its new node instead of jumping there (a slide interrupted by
/// another move starts again from where the frame is). It follows the focus through
/// [`FocusChanged`] events heard on `scope` (so its world's listener table needs one
/// entry for it), and keeps following its node's box each frame, so a layout or a list
/// moving the node takes the frame with it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FocusIndicator {
    /// The group whose focus it shows.
    pub scope: NodeId,
    /// Pixels added around the focused node's box, on each side.
    pub margin: f32,
    /// The opacity it shows with.
    pub opacity: u8,
    /// Seconds a move to another node takes; 0 jumps.
    pub slide_seconds: f32,
    /// The easing of a slide.
    pub easing: Easing,
    /// The node it frames, as the last `FocusChanged` it heard left it.
    target: Option<NodeId>,
    /// The box (world space, margin included) a slide started from, and the seconds
    /// since it started.
    slide: Option<(Rect, f32)>,
    /// The box it showed last, for a slide that starts from there.
    shown: Option<Rect>,
}

impl FocusIndicator {
    /// Frames the focus below `scope`: 2 pixels around the node, fully opaque, jumping
    /// from node to node.
    pub const fn new(scope: NodeId) -> Self {
        FocusIndicator {
            scope,
            margin: 2.0,
            opacity: 255,
            slide_seconds: 0.0,
            easing: Easing::Linear,
            target: None,
            slide: None,
            shown: None,
        }
    }

    /// This indicator with `margin` pixels around the node.
    pub const fn with_margin(mut self, margin: f32) -> Self {
        self.margin = margin;
        self
    }

    /// This indicator showing with `opacity`.
    pub const fn with_opacity(mut self, opacity: u8) -> Self {
        self.opacity = opacity;
        self
    }

    /// This indicator sliding to a newly focused node over `seconds` with `easing`
    /// (a negative or non-finite duration jumps).
    pub const fn sliding(mut self, seconds: f32, easing: Easing) -> Self {
        self.slide_seconds = seconds;
        self.easing = easing;
        self
    }

    /// The focus if it is below `scope`.
    fn focus_within(&self, ctx: &Ctx<impl AnyWorld>, focus: Option<NodeId>) -> Option<NodeId> {
        focus.filter(|&f| f != self.scope && within(ctx, self.scope, f))
    }

    /// The box it frames now: the target's content box grown by the margin, eased from
    /// where a slide started.
    fn frame_box(&mut self, target: Rect, dt_seconds: f32) -> Rect {
        let m = self.margin;
        let to = Rect::new(
            target.x - m,
            target.y - m,
            target.width + 2.0 * m,
            target.height + 2.0 * m,
        );
        let Some((from, elapsed)) = self.slide else {
            return to;
        };
        let elapsed = elapsed + dt_seconds;
        if !self.slide_seconds.is_finite() || elapsed >= self.slide_seconds {
            self.slide = None;
            return to;
        }
        self.slide = Some((from, elapsed));
        let k = self.easing.apply(elapsed / self.slide_seconds);
        let lerp = |a: f32, b: f32| a + (b - a) * k;
        Rect::new(
            lerp(from.x, to.x),
            lerp(from.y, to.y),
            lerp(from.width, to.width),
            lerp(from.height, to.height),
        )
    }
}

/// At [`AFTER_LAYOUT_EXECUTION_ORDER`](crate::layout::AFTER_LAYOUT_EXECUTION_ORDER),
/// after the layouts and lists (whose orders are 10 000 to 10 002), so the box it
/// frames is where the frame leaves it.
#[component(execution_order = 20000)]
impl Hooks for FocusIndicator {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        ctx.on::<FocusChanged>(self.scope)
    }

    /// It starts on the focused node (if below `scope`) without sliding there.
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.target = self.focus_within(ctx, ctx.focus());
        self.slide = None;
        Ok(())
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let Some(&FocusChanged { to, .. }) = event.get::<FocusChanged>() else {
            return Ok(());
        };
        let to = self.focus_within(ctx, to);
        if to == self.target {
            return Ok(());
        }
        self.target = to;
        self.slide = match (self.shown, to) {
            (Some(shown), Some(_))
                if self.slide_seconds.is_finite() && self.slide_seconds > 0.0 =>
            {
                Some((shown, 0.0))
            }
            _ => None,
        };
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        // A target gone since the last event (destroyed with its announcement still to
        // come) hides the frame until the event arrives.
        let target = self.target.filter(|&t| ctx.is_valid(t));
        let Some(rect) = target.map(|t| ctx.world_content_box(t)).transpose()? else {
            self.shown = None;
            self.slide = None;
            return ctx.set_opacity(node, 0);
        };
        let frame = self.frame_box(rect, dt_seconds);
        self.shown = Some(frame);
        let size = sprig::Size2::new(frame.width, frame.height);
        let anchor = ctx.anchor(node)?;
        let corner = Vec2::new(
            frame.x + anchor.x * size.width,
            frame.y + anchor.y * size.height,
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
