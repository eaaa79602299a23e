//! [`Layout`] (Cocos Creator 2.4 `cc.Layout`): arranges its node's active children in
//! sibling order, in a row, a column or a grid, and can size the container to its
//! children or the children to the container.
//!
//! # Placement
//!
//! As in `CCLayout.js`: positions are anchor positions in the container's anchor space;
//! each child occupies its content size times its scale (the scale only when
//! [`Layout::affected_by_scale`] is set, as in Cocos, where it is off by default); the
//! first child touches the padding on the side the direction starts from, and each next
//! one follows at `spacing`. Where Sprig differs from Cocos 2.4 (each a choice, not an
//! accident of porting):
//!
//! - a child wider (taller) than the container is placed too; Cocos leaves it where it
//!   was;
//! - a grid row (column) is as tall (wide) as its tallest (widest) child; Cocos tracks
//!   the two largest heights seen and can take a wrong one when heights differ;
//! - a grid child that does not fit in an empty row starts that row, never a new one;
//! - in a top-to-bottom grid, a child's *top* edge is on the row's top line whatever its
//!   anchor (Cocos 2.4 uses the anchor as if it were bottom-to-top, which is only right
//!   for an anchor of 0.5);
//! - [`CrossAlign`] places children across a row or column (Cocos 2.4 keeps their other
//!   coordinate; [`CrossAlign::Keep`], the default, still does);
//! - an empty (0 × 0) container is not given Cocos's default 300 × 200.
//!
//! A layout on the root lays out in the panel, from `(0, 0)` to the root's content
//! size, whatever the root's anchor (as a [`Widget`](crate::widget::Widget) on a child
//! of the root aligns to it).
//!
//! # When it runs, and its cost
//!
//! In `late_update` (after every `update` and the timers, before the renderer draws),
//! with execution order [`LAYOUT_EXECUTION_ORDER`], before the widgets
//! ([`WIDGET_EXECUTION_ORDER`](crate::widget::WIDGET_EXECUTION_ORDER)). A component
//! that reads the children's positions in its own `late_update` must run after it, at
//! [`AFTER_LAYOUT_EXECUTION_ORDER`] (`#[component(execution_order = 20000)]`): at the
//! default order 0 it reads the previous frame's layout. Each frame it
//! computes a fingerprint of what the result depends on: its settings, the container's
//! size and anchor, and for each child its id, `active` flag, size, anchor, scale and
//! position. Only when that differs from the fingerprint after its last run (or it was
//! just enabled, or [`Layout::mark_dirty`] was called) does it lay out again.
//!
//! So: adding, removing, reordering, activating or deactivating a child, resizing,
//! re-anchoring, rescaling or moving one (it snaps back, as in Cocos), resizing or
//! re-anchoring the container, or changing a setting re-lays out that frame; nothing
//! else does. `destroy` on a child counts twice: it deactivates the child at once and
//! removes it at the end of the frame.
//!
//! A still frame costs one walk of the child list, one [`AnyWorld::geometry`] call per
//! child (its `active` flag, size, anchor, scale and position, for one check of its
//! handle) and a 64-bit hash of each child (the hashes summed, so no child's waits for
//! the previous one's). A recomputation costs that walk, a second one that places each
//! active child (one `geometry` and one `next_sibling`; a `set_position` only if it
//! moves, a `set_content_size` only if it resizes it) and updates the fingerprint for
//! what it changed, and a third to measure the children first when it fits the
//! container. `benches/layout.rs` measures both against hand-written code.
//!
//! A fingerprint only summarises: one changed value always changes it, but several
//! changes in the same frame could in principle cancel out (a coincidence of 64-bit
//! products), and that frame would not be laid out.
//!
//! # Nested containers settle in one frame
//!
//! A run that changes a node's size (a `Container` layout resizing its node, a
//! `Children` layout resizing children) refreshes at once, in the same hook, whatever
//! depends on that size: the node's own layout and [`Widget`](crate::widget::Widget),
//! its parent's layout (a container of containers), and its children's widgets. Each of
//! those does nothing if its own fingerprint is unchanged, so the spreading stops by
//! itself. Whichever order the components run in, the tree is settled at the end of the
//! late-update pass: a list whose `Container` layout grows moves its widget-aligned node
//! the same frame, and an outer container grows with an inner one.
//!
//! The spreading is bounded, with no recursion: one hook queues at most 32 resized
//! nodes and processes at most 64; what is left over (a `Children` layout resizing more
//! than 32 children that have layouts of their own, say) settles the next frame.
//!
//! A [`Widget`](crate::widget::Widget) on a child that a layout also places fights it:
//! each undoes the other every frame (the widget, running later, wins on screen). Put
//! the widget on the container, or on a node inside the child.

mod grid;
mod linear;
pub(crate) mod settle;

use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, NodeGeometry, NodeId, Size2, Vec2,
};

use settle::{Changes, ChildPrint, Fingerprint, Reprint, Running};

/// The execution order of [`Layout`]: late, so the app's own components (order 0) have
/// moved and resized things first, and before the widgets, so a widget aligns a
/// container with its new size.
pub const LAYOUT_EXECUTION_ORDER: i16 = 10_000;

/// The execution order for a component that reads laid-out positions and sizes in its
/// `late_update`: after every [`Layout`] (10 000), widget (10 001) and list (10 002),
/// so it sees this frame's layout. Write the number in the attribute,
/// `#[component(execution_order = 20000)]` (it takes a literal); at the default order 0
/// a `late_update` runs before the layouts and reads the previous frame's.
/// [`FocusIndicator`](crate::FocusIndicator) runs at this order.
pub const AFTER_LAYOUT_EXECUTION_ORDER: i16 = 20_000;

// The attributes hold literals: these keep them and the constants the same.
const _: () = assert!(<Layout as sprig::Component>::EXECUTION_ORDER == LAYOUT_EXECUTION_ORDER);
const _: () = assert!(
    <crate::FocusIndicator as sprig::Component>::EXECUTION_ORDER == AFTER_LAYOUT_EXECUTION_ORDER
);
const _: () = assert!(
    <crate::List as sprig::Component>::EXECUTION_ORDER == crate::list::LIST_EXECUTION_ORDER
);
const _: () = assert!(
    <crate::widget::Widget as sprig::Component>::EXECUTION_ORDER
        == crate::widget::WIDGET_EXECUTION_ORDER
);
const _: () = assert!(AFTER_LAYOUT_EXECUTION_ORDER > crate::list::LIST_EXECUTION_ORDER);

/// How the children are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutKind {
    /// One row, in [`Layout::horizontal_direction`].
    Horizontal,
    /// One column, in [`Layout::vertical_direction`].
    Vertical,
    /// Rows along `start_axis` that break when the next child would cross the
    /// container's padding; the lines follow each other along the other axis.
    Grid {
        /// The axis children are first placed along.
        start_axis: Axis,
    },
}

/// An axis of the node's space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    /// x, to the right.
    Horizontal,
    /// y, up.
    Vertical,
}

/// What is resized to make children and container fit (Cocos `ResizeMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResizeMode {
    /// Nothing: only positions change.
    None,
    /// The container's size along the layout fits its children (a grid: the size across
    /// its start axis).
    Container,
    /// The children: in a row or column they share the container's length equally, after
    /// padding and spacing; in a grid each becomes [`Layout::cell_size`].
    Children,
}

/// The order along x.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HorizontalDirection {
    /// The first child on the left (the default).
    LeftToRight,
    /// The first child on the right.
    RightToLeft,
}

/// The order along y.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerticalDirection {
    /// The first child at the top (the default, as in Cocos).
    TopToBottom,
    /// The first child at the bottom.
    BottomToTop,
}

/// Where a row's children go vertically, or a column's horizontally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossAlign {
    /// Each child keeps its own other coordinate (Cocos 2.4; the default).
    Keep,
    /// Against the top padding (a row) or the left padding (a column).
    Start,
    /// Centred between the paddings.
    Center,
    /// Against the bottom padding (a row) or the right padding (a column).
    End,
}

/// Space kept free inside the container's edges, in node units (pixels at scale 1).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Padding {
    /// Inside the left edge.
    pub left: f32,
    /// Inside the right edge.
    pub right: f32,
    /// Inside the top edge.
    pub top: f32,
    /// Inside the bottom edge.
    pub bottom: f32,
}

impl Padding {
    /// The same padding on all four sides.
    pub const fn uniform(padding: f32) -> Self {
        Padding {
            left: padding,
            right: padding,
            top: padding,
            bottom: padding,
        }
    }
}

/// Arranges its node's active children (Cocos `cc.Layout`); see the [module
/// docs](self) for the rules, when it runs and what it costs.
///
/// **Reading laid-out positions.** The layout places the children in `late_update` at
/// execution order [`LAYOUT_EXECUTION_ORDER`] (10 000). A component of yours reading
/// them in its own `late_update` at the default order 0 runs *before* it and sees the
/// previous frame's layout, with no error: give it
/// `#[component(execution_order = 20000)]`
/// ([`AFTER_LAYOUT_EXECUTION_ORDER`], after the layouts, widgets and lists), or read
/// them in `update` the next frame, or call [`update_layout`] first.
///
/// ```
/// use sprig::{world, Size2, Vec2};
/// use sprig_ui::layout::{Layout, LayoutKind, Padding};
///
/// world! {
///     type App = World { nodes: 8, components: AppSet { Layout: 1 } };
/// }
/// let mut world = App::new();
/// let list = world.create_child(world.root(), "List")?;
/// world.set_content_size(list, Size2::new(100.0, 100.0))?;
/// for name in ["A", "B"] {
///     let item = world.create_child(list, name)?;
///     world.set_content_size(item, Size2::new(100.0, 20.0))?;
/// }
/// world.add_component(
///     list,
///     Layout::new(LayoutKind::Vertical).with_padding(Padding::uniform(5.0)).with_spacing(10.0, 10.0),
/// )?;
/// world.tick(0.016)?;
/// let first = world.child_by_name(list, "A")?.ok_or(sprig::Error::InvalidValue)?;
/// let second = world.child_by_name(list, "B")?.ok_or(sprig::Error::InvalidValue)?;
/// // The top edge is at 50; 5 of padding, then a 20-high child centred on its anchor.
/// assert_eq!(world.position(first)?, Vec2::new(0.0, 35.0));
/// assert_eq!(world.position(second)?, Vec2::new(0.0, 5.0));
/// # Ok::<(), sprig::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Row, column or grid.
    pub kind: LayoutKind,
    /// What is resized.
    pub resize_mode: ResizeMode,
    /// Space inside the container's edges.
    pub padding: Padding,
    /// Space between neighbours along x, in node units.
    pub spacing_x: f32,
    /// Space between neighbours along y, in node units.
    pub spacing_y: f32,
    /// Order along x (a row, a grid).
    pub horizontal_direction: HorizontalDirection,
    /// Order along y (a column, a grid).
    pub vertical_direction: VerticalDirection,
    /// The size each child is given in a grid with [`ResizeMode::Children`] (Cocos
    /// default 40 × 40).
    pub cell_size: Size2,
    /// Where children go across a row or column (not used by a grid).
    pub cross_align: CrossAlign,
    /// Whether a child occupies its size times its scale (`true`) or just its size
    /// (`false`, Cocos's default).
    pub affected_by_scale: bool,
    last: Option<u64>,
    forced: bool,
    recomputations: u32,
}

impl Layout {
    /// A layout of `kind` with Cocos's defaults: no resizing, no padding or spacing,
    /// left to right, top to bottom, 40 × 40 cells, children keep their other
    /// coordinate, scale ignored.
    pub const fn new(kind: LayoutKind) -> Self {
        Layout {
            kind,
            resize_mode: ResizeMode::None,
            padding: Padding::uniform(0.0),
            spacing_x: 0.0,
            spacing_y: 0.0,
            horizontal_direction: HorizontalDirection::LeftToRight,
            vertical_direction: VerticalDirection::TopToBottom,
            cell_size: Size2::new(40.0, 40.0),
            cross_align: CrossAlign::Keep,
            affected_by_scale: false,
            last: None,
            forced: true,
            recomputations: 0,
        }
    }

    /// With `resize_mode`.
    pub const fn with_resize_mode(mut self, resize_mode: ResizeMode) -> Self {
        self.resize_mode = resize_mode;
        self
    }

    /// With `padding`.
    pub const fn with_padding(mut self, padding: Padding) -> Self {
        self.padding = padding;
        self
    }

    /// With spacing `x` between neighbours along x and `y` along y.
    pub const fn with_spacing(mut self, x: f32, y: f32) -> Self {
        self.spacing_x = x;
        self.spacing_y = y;
        self
    }

    /// With the orders along x and y.
    pub const fn with_directions(
        mut self,
        horizontal: HorizontalDirection,
        vertical: VerticalDirection,
    ) -> Self {
        self.horizontal_direction = horizontal;
        self.vertical_direction = vertical;
        self
    }

    /// With `cell_size` for a grid that resizes its children.
    pub const fn with_cell_size(mut self, cell_size: Size2) -> Self {
        self.cell_size = cell_size;
        self
    }

    /// With `cross_align`.
    pub const fn with_cross_align(mut self, cross_align: CrossAlign) -> Self {
        self.cross_align = cross_align;
        self
    }

    /// With children occupying their size times their scale.
    pub const fn with_affected_by_scale(mut self, affected_by_scale: bool) -> Self {
        self.affected_by_scale = affected_by_scale;
        self
    }

    /// How many times it has laid out its children since it was created: a frame where
    /// nothing it depends on changed does not count.
    pub const fn recomputations(&self) -> u32 {
        self.recomputations
    }

    /// Makes the next refresh lay out whatever the fingerprint says.
    pub fn mark_dirty(&mut self) {
        self.forced = true;
    }

    fn check(&self) -> Result<(), Error> {
        let p = &self.padding;
        let values = [
            p.left,
            p.right,
            p.top,
            p.bottom,
            self.spacing_x,
            self.spacing_y,
            self.cell_size.width,
            self.cell_size.height,
        ];
        let cell = self.cell_size;
        if values.iter().all(|v| v.is_finite()) && cell.width >= 0.0 && cell.height >= 0.0 {
            Ok(())
        } else {
            Err(Error::InvalidValue)
        }
    }

    /// The settings and the container's size and anchor, as seven words hashed apart
    /// and summed (see [`Fingerprint::of_words`]).
    fn header<W: AnyWorld>(&self, world: &W, node: NodeId) -> Result<Fingerprint, Error> {
        let kind: u64 = match self.kind {
            LayoutKind::Horizontal => 0,
            LayoutKind::Vertical => 1,
            LayoutKind::Grid {
                start_axis: Axis::Horizontal,
            } => 2,
            LayoutKind::Grid {
                start_axis: Axis::Vertical,
            } => 3,
        };
        // Each of these is under 256: one byte each.
        let choices = kind
            | (self.resize_mode as u64) << 8
            | (self.horizontal_direction as u64) << 16
            | (self.vertical_direction as u64) << 24
            | (self.cross_align as u64) << 32
            | u64::from(self.affected_by_scale) << 40;
        let p = self.padding;
        let size = world.content_size(node)?;
        let anchor = world.anchor(node)?;
        Ok(Fingerprint::of_words([
            choices,
            settle::pair(p.left, p.right),
            settle::pair(p.top, p.bottom),
            settle::pair(self.spacing_x, self.spacing_y),
            settle::pair(self.cell_size.width, self.cell_size.height),
            settle::pair(size.width, size.height),
            settle::pair(anchor.x, anchor.y),
        ]))
    }

    /// Lays out if the fingerprint changed; queues the nodes it resized.
    ///
    /// The fingerprint is the header's, then the children's: read in one walk before,
    /// and recorded while placing after, so a recomputation walks the children twice
    /// (three times to fit a container), a still frame once.
    pub(crate) fn refresh<W: AnyWorld>(
        &mut self,
        world: &mut W,
        node: NodeId,
        changes: &mut Changes,
    ) -> HookResult {
        let (children, active) = children_fingerprint(world, node)?;
        let header = self.header(world, node)?;
        let before = header.then(children);
        if !self.forced && self.last == Some(before) {
            return Ok(());
        }
        self.check()?;
        let size_before = world.content_size(node)?;
        let placed = if active == 0 {
            // As Cocos: nothing to arrange, and the container keeps its size.
            children
        } else {
            let mut placed = children.reprint();
            match self.kind {
                LayoutKind::Horizontal => linear::lay_out(
                    self,
                    world,
                    node,
                    Axis::Horizontal,
                    active,
                    &mut placed,
                    changes,
                )?,
                LayoutKind::Vertical => linear::lay_out(
                    self,
                    world,
                    node,
                    Axis::Vertical,
                    active,
                    &mut placed,
                    changes,
                )?,
                LayoutKind::Grid { start_axis } => {
                    grid::lay_out(self, world, node, start_axis, &mut placed, changes)?
                }
            }
            placed.finish()
        };
        // Laying out changes no setting and, of the container, at most its size.
        let header = if world.content_size(node)? != size_before {
            changes.resized(node);
            self.header(world, node)?
        } else {
            header
        };
        self.last = Some(header.then(placed));
        self.forced = false;
        self.recomputations = self.recomputations.wrapping_add(1);
        Ok(())
    }

    /// The padding before and after the children along `axis`, in the axis's positive
    /// direction (left then right, bottom then top).
    fn padding_along(&self, axis: Axis) -> (f32, f32) {
        match axis {
            Axis::Horizontal => (self.padding.left, self.padding.right),
            Axis::Vertical => (self.padding.bottom, self.padding.top),
        }
    }

    fn spacing_along(&self, axis: Axis) -> f32 {
        match axis {
            Axis::Horizontal => self.spacing_x,
            Axis::Vertical => self.spacing_y,
        }
    }

    /// Whether children go in the axis's negative direction (right to left, top to
    /// bottom).
    fn reversed(&self, axis: Axis) -> bool {
        match axis {
            Axis::Horizontal => self.horizontal_direction == HorizontalDirection::RightToLeft,
            Axis::Vertical => self.vertical_direction == VerticalDirection::TopToBottom,
        }
    }

    /// Where a line of children starts along `axis` in a container `length` long, and
    /// which way it goes (+1 or −1), as `CCLayout.js` computes them.
    fn line_start(&self, axis: Axis, anchor: f32, length: f32) -> (f32, f32, f32) {
        let (before, after) = self.padding_along(axis);
        if self.reversed(axis) {
            ((1.0 - anchor) * length, -1.0, after)
        } else {
            (-anchor * length, 1.0, before)
        }
    }
}

/// Lays out the children of `node` now if anything changed (Cocos `updateLayout`), and
/// refreshes what depends on the sizes that changed, as the layout's `late_update`
/// does: for code between frames that needs the positions at once. Nothing happens if
/// `node` has no [`Layout`]; a layout whose settings are not finite is
/// `Err(InvalidValue)` and changes nothing.
pub fn update_layout<W: AnyWorld>(world: &mut W, node: NodeId) -> Result<(), Error> {
    let Some(comp) = world.component_of::<Layout>(node)? else {
        return Ok(());
    };
    let mut copy = world.get::<Layout>(comp)?.clone();
    let mut changes = Changes::new();
    let result = copy
        .refresh(world, node, &mut changes)
        .and_then(|()| settle::drain(world, &mut Running::Layout(comp, &mut copy), &mut changes));
    *world.get_mut::<Layout>(comp)? = copy;
    result
}

#[component(execution_order = 10000)]
impl Hooks for Layout {
    fn on_enable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.forced = true;
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let (node, comp) = (ctx.node(), ctx.comp_id());
        let world = &mut **ctx;
        let mut changes = Changes::new();
        self.refresh(world, node, &mut changes)?;
        settle::drain(world, &mut Running::Layout(comp, self), &mut changes)
    }
}

impl Axis {
    pub(crate) fn other(self) -> Axis {
        match self {
            Axis::Horizontal => Axis::Vertical,
            Axis::Vertical => Axis::Horizontal,
        }
    }

    pub(crate) fn of(self, v: Vec2) -> f32 {
        match self {
            Axis::Horizontal => v.x,
            Axis::Vertical => v.y,
        }
    }

    /// `v` with its coordinate along this axis replaced by `value`: a new value, not a
    /// store into one coordinate of `v` in memory (a loop reading the whole `v` back
    /// would wait for that store).
    #[inline]
    pub(crate) fn with(self, v: Vec2, value: f32) -> Vec2 {
        match self {
            Axis::Horizontal => Vec2::new(value, v.y),
            Axis::Vertical => Vec2::new(v.x, value),
        }
    }

    pub(crate) fn extent(self, s: Size2) -> f32 {
        match self {
            Axis::Horizontal => s.width,
            Axis::Vertical => s.height,
        }
    }

    /// `s` with its extent along this axis replaced by `value` (see [`Axis::with`]).
    #[inline]
    pub(crate) fn with_extent(self, s: Size2, value: f32) -> Size2 {
        match self {
            Axis::Horizontal => Size2::new(value, s.height),
            Axis::Vertical => Size2::new(s.width, value),
        }
    }

    pub(crate) fn set_extent(self, s: &mut Size2, value: f32) {
        match self {
            Axis::Horizontal => s.width = value,
            Axis::Vertical => s.height = value,
        }
    }
}

/// Where a layout puts one child: its size and position after.
#[derive(Clone, Copy)]
pub(crate) struct Placement {
    pub(crate) size: Size2,
    pub(crate) position: Vec2,
}

/// The scale a child occupies its size by: `|scale|`, or 1 when the layout is not
/// [affected by scale](Layout::affected_by_scale).
#[inline]
pub(crate) fn occupied_scale(scale: Vec2, affected_by_scale: bool) -> Vec2 {
    if affected_by_scale {
        Vec2::new(scale.x.abs(), scale.y.abs())
    } else {
        Vec2::ONE
    }
}

/// Writes a child's new position and, if the layout resizes children (`resizes`), its
/// new size (queueing it if it changed), and records them in the children's
/// fingerprint; `geometry` is the child as read before.
#[inline(always)]
pub(crate) fn apply<W: AnyWorld>(
    world: &mut W,
    child: NodeId,
    geometry: &NodeGeometry,
    to: Placement,
    resizes: bool,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    if resizes && to.size != geometry.content_size {
        resize(
            world,
            child,
            (geometry.content_size, to.size),
            geometry.anchor,
            placed,
            changes,
        )?;
    }
    // A child already in its place (the same bits) is not written: writing it would
    // change nothing. Each coordinate on its own: a position is not read as one word.
    let read = geometry.position;
    if read.x.to_bits() != to.position.x.to_bits() || read.y.to_bits() != to.position.y.to_bits() {
        world.set_position(child, to.position)?;
        placed.moved(read, to.position, geometry.scale);
    }
    placed.next();
    Ok(())
}

/// Resizes a child from `sizes.0` to `sizes.1`, queues it and records it in the
/// children's fingerprint (with its `anchor`).
// Not inlined: only a layout that resizes its children comes here, and the loop over
// the children keeps its values in registers when this is out of its way. It takes
// values, not the child's `NodeGeometry` by reference, which would make every
// iteration store that into memory.
#[inline(never)]
fn resize<W: AnyWorld>(
    world: &mut W,
    child: NodeId,
    sizes: (Size2, Size2),
    anchor: Vec2,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    let (before, after) = sizes;
    world.set_content_size(child, after)?;
    changes.resized(child);
    placed.resized(before, after, anchor);
    Ok(())
}

/// Records an inactive child, which the layout leaves alone, in the children's
/// fingerprint: as it was.
#[inline]
pub(crate) fn skip(placed: &mut Reprint) {
    placed.next();
}

/// The container's anchor; the root's is its bottom-left corner whatever its anchor,
/// as for a [`Widget`](crate::widget::Widget) on a child of the root: the root is the
/// panel, from `(0, 0)` to its content size.
pub(crate) fn container_anchor<W: AnyWorld>(world: &W, node: NodeId) -> Result<Vec2, Error> {
    if node == world.root() {
        Ok(Vec2::ZERO)
    } else {
        world.anchor(node)
    }
}

/// The children's part of the fingerprint (id, `active` flag, size, anchor, scale and
/// position of each, in sibling order) and the number of active children.
fn children_fingerprint<W: AnyWorld>(
    world: &W,
    node: NodeId,
) -> Result<(ChildPrint, usize), Error> {
    let mut f = ChildPrint::new();
    let mut active = 0;
    for child in world.children(node)? {
        let geometry = world.geometry(child)?;
        active += usize::from(geometry.active);
        f.child(child, geometry.active, &geometry);
    }
    Ok((f, active))
}
