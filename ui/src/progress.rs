//! [`ProgressSizer`], a progress bar driven by a value (Cocos `cc.ProgressBar`, modes
//! horizontal and vertical): it sizes a *bar node* to `total_length × progress`, so the bar is drawn
//! by whatever drawable that node carries (a rounded [`Shape`](sprig::render::Shape),
//! an [`Image`](sprig::render::Image), a row of children laid out under it).
//!
//! How it relates to the core's [`sprig::render::ProgressBar`]: that one is a drawable
//! that paints a track and a fill itself, in one node, from its `value`; it is the
//! cheaper choice for a plain bar. This one draws nothing: it moves and resizes another
//! node, as Cocos does, for bars with a look of their own. Put it on the background
//! node (whose drawable is the track) with the bar node as a child.
//!
//! As Cocos's `_updateBarStatus`: horizontally the bar's anchor becomes (0, 0.5), or
//! (1, 0.5) with `reverse` (the bar then grows leftwards from its right end); vertically
//! (0.5, 0), or (0.5, 1) with `reverse` (growing down from its top). When the anchor
//! changes, the bar's position moves by `total_length` times the anchor's change (the
//! other side's size across), so a bar laid out at full length keeps its fixed end
//! where it was. Its length
//! along the axis becomes `total_length × progress` (progress clamped to 0..1); its
//! other side is left alone. The bar is updated when enabled and in each `update` after
//! a change.
//!
//! ```
//! use sprig::{world, Size2, Vec2};
//! use sprig_ui::{Direction, ProgressSizer};
//!
//! world! {
//!     type App = World { nodes: 4, components: Set { ProgressSizer: 1 } };
//! }
//!
//! let mut world = App::new();
//! let root = world.root();
//! let track = world.create_child(root, "Track")?;
//! let bar = world.create_child(track, "Bar")?;
//! world.set_content_size(bar, Size2::new(100.0, 6.0))?; // laid out full, centred
//! let progress = world.add_component(track, ProgressSizer::new(bar, 100.0, Direction::Horizontal))?;
//! world.get_mut::<ProgressSizer>(progress)?.set_progress(0.25)?;
//! world.tick(0.0)?;
//! assert_eq!(world.content_size(bar)?, Size2::new(25.0, 6.0));
//! assert_eq!(world.anchor(bar)?, Vec2::new(0.0, 0.5));
//! assert_eq!(world.position(bar)?, Vec2::new(-50.0, 0.0)); // its left end stays
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::{component, AnyWorld, Ctx, HookResult, Hooks, NodeId, Size2, Vec2};

use crate::slider::Direction;

/// The old name of [`ProgressSizer`], which clashed with the core's drawable
/// [`sprig::render::ProgressBar`] when both were imported.
#[deprecated(
    note = "renamed `ProgressSizer`, apart from the drawable `sprig::render::ProgressBar`"
)]
pub type ProgressBar = ProgressSizer;

/// A progress bar sizing a bar node; see the module doc. Named apart from the core's
/// drawable [`sprig::render::ProgressBar`], so that both can be imported and listed in one
/// component set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProgressSizer {
    /// The node resized (Cocos `barSprite`'s node).
    pub bar: NodeId,
    /// The bar's length at progress 1, in the bar's units (Cocos `totalLength`).
    pub total_length: f32,
    /// Which way it grows.
    pub direction: Direction,
    /// Whether it grows from the right (or top) end.
    pub reverse: bool,
    progress: f32,
    applied: Option<(f32, f32, Direction, bool)>,
}

impl ProgressSizer {
    /// An empty bar over `bar`, `total_length` long when full.
    pub const fn new(bar: NodeId, total_length: f32, direction: Direction) -> Self {
        ProgressSizer {
            bar,
            total_length,
            direction,
            reverse: false,
            progress: 0.0,
            applied: None,
        }
    }

    /// This bar growing from the other end.
    pub const fn reversed(mut self) -> Self {
        self.reverse = true;
        self
    }

    /// This bar at `progress`, clamped to 0..1 (NaN counts as 0).
    pub fn with_progress(mut self, progress: f32) -> Self {
        self.progress = if progress.is_nan() {
            0.0
        } else {
            progress.clamp(0.0, 1.0)
        };
        self
    }

    /// How full it is, 0 to 1 (Cocos `progress`).
    pub fn progress(&self) -> f32 {
        self.progress
    }

    /// Sets how full it is, clamped to 0..1; the bar follows at the next `update`. NaN
    /// is `InvalidValue`, changing nothing.
    pub fn set_progress(&mut self, progress: f32) -> Result<(), sprig::Error> {
        if progress.is_nan() {
            return Err(sprig::Error::InvalidValue);
        }
        self.progress = progress.clamp(0.0, 1.0);
        Ok(())
    }

    /// Sizes and places the bar if anything changed since it was last done.
    fn apply(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let key = (
            self.progress,
            self.total_length,
            self.direction,
            self.reverse,
        );
        if self.applied == Some(key) {
            return Ok(());
        }
        let bar = self.bar;
        let size = ctx.content_size(bar)?;
        let old_anchor = ctx.anchor(bar)?;
        let length = self.total_length.max(0.0) * self.progress;
        let (anchor, final_size, total_width, total_height) = match self.direction {
            Direction::Horizontal => (
                Vec2::new(if self.reverse { 1.0 } else { 0.0 }, 0.5),
                Size2::new(length, size.height),
                self.total_length,
                size.height,
            ),
            Direction::Vertical => (
                Vec2::new(0.5, if self.reverse { 1.0 } else { 0.0 }),
                Size2::new(size.width, length),
                size.width,
                self.total_length,
            ),
        };
        if anchor != old_anchor {
            let p = ctx.position(bar)?;
            let moved = Vec2::new(
                p.x + total_width * (anchor.x - old_anchor.x),
                p.y + total_height * (anchor.y - old_anchor.y),
            );
            ctx.set_position(bar, moved)?;
            ctx.set_anchor(bar, anchor)?;
        }
        ctx.set_content_size(bar, final_size)?;
        self.applied = Some(key);
        Ok(())
    }
}

#[component]
impl Hooks for ProgressSizer {
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.applied = None;
        self.apply(ctx)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.apply(ctx)
    }
}
