//! [`Widget`] (Cocos Creator 2.4 `cc.Widget`): keeps its node at chosen distances from
//! its parent's edges or centre, stretching it when both opposite edges are set.
//!
//! # Placement
//!
//! As `_widgetManager.align` in `CCWidgetManager.js`, with the parent as target: the
//! parent's content rectangle in its anchor space is `(-anchor · size, size)`, each
//! margin is in pixels or a percentage of the parent's size; the node's own box is its
//! content size times `|scale|`, and its anchor decides where in that box its position
//! goes (a negative scale flips the anchor, as in Cocos). Left and right both set
//! stretch the width (content width = span / |scale x|), top and bottom the height; else
//! the horizontal centre wins over left, left over right (the vertical centre over
//! bottom, bottom over top), the order Cocos's `align` tests them in. A stretch whose
//! margins overlap gives a width of 0 (Cocos sets a negative one).
//!
//! The root is the panel: for a widget on a child of the root, the parent rectangle is
//! `(0, 0)` to the root's content size, whatever the root's anchor (Cocos aligns a
//! scene's children to the visible rectangle the same way). The app sets the root's
//! content size to the panel's size in pixels, and again when the panel changes.
//!
//! # When it runs, and its cost
//!
//! In `late_update`, with execution order [`WIDGET_EXECUTION_ORDER`], after the layouts
//! (a container resized by its layout is aligned with its new size the same frame). What
//! triggers a new alignment depends on [`AlignMode`]:
//!
//! - [`AlignMode::Once`]: the first frame after each `on_enable`, then never (Cocos
//!   disables the component instead; here it stays enabled and idle, so re-enabling it
//!   aligns again, as in Cocos).
//! - [`AlignMode::OnPanelResize`]: that, and whenever the root's content size changes.
//! - [`AlignMode::Always`]: that, and whenever the parent's size or anchor, or the
//!   node's size, anchor, scale or position, or the widget's own settings change.
//!
//! Each frame costs a fingerprint of those few values (about twelve words hashed), and
//! nothing else unless it changed; an alignment is at most two setter calls. A widget
//! that stretches its node refreshes at once what depends on the node's size (its
//! layout, its children's widgets): see [the layout module](crate::layout).

use sprig::{component, AnyWorld, Ctx, Error, HookResult, Hooks, NodeId, Size2, Vec2};

use crate::layout::settle::{self, Changes, Fingerprint, Running};

/// The execution order of [`Widget`]: right after the layouts
/// ([`LAYOUT_EXECUTION_ORDER`](crate::layout::LAYOUT_EXECUTION_ORDER)).
pub const WIDGET_EXECUTION_ORDER: i16 = 10_001;

/// A distance from an edge or centre line of the parent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Margin {
    /// In pixels (the parent's node units).
    Pixels(f32),
    /// In percent of the parent's width (left, right, horizontal centre) or height (top,
    /// bottom, vertical centre): `Percent(10.0)` of a 200-wide parent is 20.
    Percent(f32),
}

impl Margin {
    fn resolve(self, parent_length: f32) -> f32 {
        match self {
            Margin::Pixels(pixels) => pixels,
            // Multiplying first keeps whole percentages of whole sizes exact.
            Margin::Percent(percent) => percent * parent_length / 100.0,
        }
    }

    fn is_finite(self) -> bool {
        match self {
            Margin::Pixels(v) | Margin::Percent(v) => v.is_finite(),
        }
    }

    fn hash_into(margin: Option<Margin>, f: &mut Fingerprint) {
        match margin {
            None => f.word(0),
            Some(Margin::Pixels(v)) => {
                f.word(1);
                f.f32(v);
            }
            Some(Margin::Percent(v)) => {
                f.word(2);
                f.f32(v);
            }
        }
    }
}

/// When a widget aligns its node again (Cocos `AlignMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlignMode {
    /// Once after each `on_enable`.
    Once,
    /// After each `on_enable` and when the panel (the root's content size) changes
    /// (Cocos `ON_WINDOW_RESIZE`, its default).
    OnPanelResize,
    /// Whenever anything the alignment depends on changes.
    Always,
}

/// Aligns its node to its parent's edges and centre lines (Cocos `cc.Widget`); see the
/// [module docs](self) for the rules, when it runs and what it costs.
///
/// ```
/// use sprig::{world, Size2, Vec2};
/// use sprig_ui::widget::{AlignMode, Margin, Widget};
///
/// world! {
///     type App = World { nodes: 4, components: AppSet { Widget: 1 } };
/// }
/// let mut world = App::new();
/// let root = world.root();
/// world.set_content_size(root, Size2::new(128.0, 64.0))?; // the panel
/// let badge = world.create_child(root, "Badge")?;
/// world.set_content_size(badge, Size2::new(20.0, 10.0))?;
/// world.add_component(
///     badge,
///     Widget::new(AlignMode::OnPanelResize)
///         .with_right(Margin::Pixels(4.0))
///         .with_top(Margin::Percent(25.0)),
/// )?;
/// world.tick(0.016)?;
/// // Right edge at 128 - 4, top edge at 64 - 16; the anchor is the box's centre.
/// assert_eq!(world.position(badge)?, Vec2::new(114.0, 43.0));
/// # Ok::<(), sprig::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Widget {
    /// Distance of the node's left edge from the parent's left edge.
    pub left: Option<Margin>,
    /// Distance of the node's right edge from the parent's right edge (inwards).
    pub right: Option<Margin>,
    /// Distance of the node's top edge below the parent's top edge.
    pub top: Option<Margin>,
    /// Distance of the node's bottom edge above the parent's bottom edge.
    pub bottom: Option<Margin>,
    /// Offset of the node's centre to the right of the parent's centre.
    pub horizontal_center: Option<Margin>,
    /// Offset of the node's centre above the parent's centre.
    pub vertical_center: Option<Margin>,
    /// When it aligns again.
    pub align_mode: AlignMode,
    last: Option<u64>,
    pending: bool,
    alignments: u32,
}

impl Widget {
    /// A widget that aligns nothing yet, in `align_mode`.
    pub const fn new(align_mode: AlignMode) -> Self {
        Widget {
            left: None,
            right: None,
            top: None,
            bottom: None,
            horizontal_center: None,
            vertical_center: None,
            align_mode,
            last: None,
            pending: true,
            alignments: 0,
        }
    }

    /// Aligned `margin` from the parent's left edge.
    pub const fn with_left(mut self, margin: Margin) -> Self {
        self.left = Some(margin);
        self
    }

    /// Aligned `margin` from the parent's right edge.
    pub const fn with_right(mut self, margin: Margin) -> Self {
        self.right = Some(margin);
        self
    }

    /// Aligned `margin` below the parent's top edge.
    pub const fn with_top(mut self, margin: Margin) -> Self {
        self.top = Some(margin);
        self
    }

    /// Aligned `margin` above the parent's bottom edge.
    pub const fn with_bottom(mut self, margin: Margin) -> Self {
        self.bottom = Some(margin);
        self
    }

    /// Centred horizontally, `offset` to the right of the parent's centre.
    pub const fn with_horizontal_center(mut self, offset: Margin) -> Self {
        self.horizontal_center = Some(offset);
        self
    }

    /// Centred vertically, `offset` above the parent's centre.
    pub const fn with_vertical_center(mut self, offset: Margin) -> Self {
        self.vertical_center = Some(offset);
        self
    }

    /// How many times it has aligned its node since it was created.
    pub const fn alignments(&self) -> u32 {
        self.alignments
    }

    /// Makes the next refresh align whatever the mode and fingerprint say (what
    /// re-enabling does).
    pub fn mark_dirty(&mut self) {
        self.pending = true;
    }

    fn margins(&self) -> [Option<Margin>; 6] {
        [
            self.left,
            self.right,
            self.top,
            self.bottom,
            self.horizontal_center,
            self.vertical_center,
        ]
    }

    /// The fingerprint of what the alignment depends on in the current mode, `None` when
    /// only `on_enable` triggers it.
    fn fingerprint<W: AnyWorld>(
        &self,
        world: &W,
        node: NodeId,
        parent: NodeId,
    ) -> Result<Option<u64>, Error> {
        let mut f = Fingerprint::new();
        for margin in self.margins() {
            Margin::hash_into(margin, &mut f);
        }
        match self.align_mode {
            AlignMode::Once => return Ok(None),
            AlignMode::OnPanelResize => f.size(world.content_size(world.root())?),
            AlignMode::Always => {
                f.size(world.content_size(parent)?);
                f.vec(world.anchor(parent)?);
                f.size(world.content_size(node)?);
                f.vec(world.anchor(node)?);
                f.vec(world.scale(node)?);
                f.vec(world.position(node)?);
            }
        }
        Ok(Some(f.finish()))
    }

    /// Aligns if its trigger fired; queues its node if it resized it.
    pub(crate) fn refresh<W: AnyWorld>(
        &mut self,
        world: &mut W,
        node: NodeId,
        changes: &mut Changes,
    ) -> HookResult {
        let Some(parent) = world.parent(node)? else {
            return Ok(());
        };
        let before = self.fingerprint(world, node, parent)?;
        if !self.pending && (before.is_none() || before == self.last) {
            return Ok(());
        }
        if !self.margins().iter().flatten().all(|m| m.is_finite()) {
            return Err(Error::InvalidValue);
        }
        let size_before = world.content_size(node)?;
        self.align(world, node, parent)?;
        if world.content_size(node)? != size_before {
            changes.resized(node);
        }
        self.last = self.fingerprint(world, node, parent)?;
        self.pending = false;
        self.alignments = self.alignments.wrapping_add(1);
        Ok(())
    }

    /// Cocos `align(node, widget)` with the parent as target.
    fn align<W: AnyWorld>(&self, world: &mut W, node: NodeId, parent: NodeId) -> HookResult {
        let parent_size = world.content_size(parent)?;
        let parent_anchor = if parent == world.root() {
            Vec2::ZERO
        } else {
            world.anchor(parent)?
        };
        let mut position = world.position(node)?;
        let mut size = world.content_size(node)?;
        let anchor = world.anchor(node)?;
        let scale = world.scale(node)?;

        if let Some((x, width)) = align_axis(
            Span {
                length: parent_size.width,
                anchor: parent_anchor.x,
            },
            Own {
                length: size.width,
                anchor: anchor.x,
                scale: scale.x,
            },
            self.left,
            self.right,
            self.horizontal_center,
        ) {
            position.x = x;
            size.width = width;
        }
        if let Some((y, height)) = align_axis(
            Span {
                length: parent_size.height,
                anchor: parent_anchor.y,
            },
            Own {
                length: size.height,
                anchor: anchor.y,
                scale: scale.y,
            },
            self.bottom,
            self.top,
            self.vertical_center,
        ) {
            position.y = y;
            size.height = height;
        }
        if size != world.content_size(node)? {
            world.set_content_size(node, Size2::new(size.width, size.height))?;
        }
        world.set_position(node, position)
    }
}

/// The parent along one axis.
struct Span {
    length: f32,
    anchor: f32,
}

/// The node along one axis.
struct Own {
    length: f32,
    anchor: f32,
    scale: f32,
}

/// The node's position and content length along one axis, or `None` if nothing is
/// aligned on it. `low`/`high` are the left/right (bottom/top) margins.
fn align_axis(
    parent: Span,
    own: Own,
    low: Option<Margin>,
    high: Option<Margin>,
    center: Option<Margin>,
) -> Option<(f32, f32)> {
    if low.is_none() && high.is_none() && center.is_none() {
        return None;
    }
    let edge_low = -parent.anchor * parent.length;
    let edge_high = edge_low + parent.length;
    let local_low = edge_low + low.map_or(0.0, |m| m.resolve(parent.length));
    let local_high = edge_high - high.map_or(0.0, |m| m.resolve(parent.length));
    let (anchor, scale) = if own.scale < 0.0 {
        (1.0 - own.anchor, -own.scale)
    } else {
        (own.anchor, own.scale)
    };
    if low.is_some() && high.is_some() {
        let span = (local_high - local_low).max(0.0);
        let length = if scale != 0.0 {
            span / scale
        } else {
            own.length
        };
        return Some((local_low + anchor * span, length));
    }
    let extent = own.length * scale;
    let position = if let Some(offset) = center {
        let parent_center = (0.5 - parent.anchor) * parent.length;
        parent_center + (anchor - 0.5) * extent + offset.resolve(parent.length)
    } else if low.is_some() {
        local_low + anchor * extent
    } else {
        local_high + (anchor - 1.0) * extent
    };
    Some((position, own.length))
}

#[component(execution_order = 10001)]
impl Hooks for Widget {
    fn on_enable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.pending = true;
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let (node, comp) = (ctx.node(), ctx.comp_id());
        let world = &mut **ctx;
        let mut changes = Changes::new();
        self.refresh(world, node, &mut changes)?;
        settle::drain(world, &mut Running::Widget(comp, self), &mut changes)
    }
}
