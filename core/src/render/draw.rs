//! What a drawable component is to the renderer, and the app-wide dispatch of drawing.
//!
//! A component type draws by implementing [`Draw`] (and saying so with
//! `#[component(draw)]`, which stops the macro from giving it the empty impl every other
//! component gets). `component_set!` then emits [`DrawSet`](crate::render::DrawSet) for the set: a `match` per
//! call, like the lifecycle hooks.

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::{Rect, Vec2};

/// How a component type draws itself.
///
/// The renderer redraws a node when the world hears that something of it changed: its
/// transform, opacity or size, or one of its drawing components reached mutably
/// (`get_mut`, `comp_mut`, or a hook of the component). So `draw`, `appearance`,
/// `local_bounds` and `damage_key` must depend on the component's own fields only (and
/// the canvas), never on a static or anything else that can change behind the world's
/// back.
///
/// ```
/// use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
/// use embedded_graphics::pixelcolor::Rgb888;
///
/// /// Fills its node's content rectangle.
/// struct Backdrop {
///     color: Rgb888,
/// }
///
/// impl Draw for Backdrop {
///     const DRAWS: bool = true;
///
///     fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
///         let content = canvas.content();
///         canvas.fill_rect(content, self.color);
///     }
///
///     fn appearance(&self) -> u32 {
///         Fingerprint::new().color(self.color).finish()
///     }
/// }
/// ```
pub trait Draw {
    /// Whether the type draws at all; the renderer ignores components of types that
    /// do not.
    const DRAWS: bool = false;
    /// Whether the component clips its node's subtree (the node's descendants, not the
    /// node itself) to the node's bounds on screen.
    const CLIPS: bool = false;

    /// Draws the component for its node. `canvas` knows the node's transform, content
    /// rectangle and opacity, and clips to the region being redrawn.
    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let _ = canvas;
    }

    /// A fingerprint of everything that changes the component's pixels apart from its
    /// node (colours, text, image, value…). The renderer redraws a node whose
    /// fingerprint changed; equal fingerprints for different looks mean a missed redraw.
    fn appearance(&self) -> u32 {
        0
    }

    /// The part of node space (anchor space) the component paints into, given the
    /// node's content rectangle; by default the content rectangle itself. Shapes with a
    /// stroke or text that can overflow return more.
    fn local_bounds(&self, content: Rect) -> Rect {
        content
    }

    /// [`local_bounds`](Self::local_bounds) told the node's anchor too (fractions of
    /// its size, as [`Canvas::anchor`] gives them), which the content rectangle does
    /// not tell on an axis of zero size. The renderer calls this one; by default it is
    /// `local_bounds`. A drawable whose box follows the anchor on a node of no size, as
    /// a label's text does, overrides it.
    fn local_bounds_with_anchor(&self, content: Rect, anchor: Vec2) -> Rect {
        let _ = anchor;
        self.local_bounds(content)
    }

    /// State the component leaves out of [`appearance`](Self::appearance) so that the
    /// renderer can ask [`changed_area`](Self::changed_area) what a change of it
    /// repaints (a gauge's value, say); 0, the default, for none. The renderer compares
    /// it exactly with the key it drew last, after the fingerprint; on a node with
    /// several drawables the keys are hashed with the appearances instead, and a change
    /// of any redraws the node whole.
    fn damage_key(&self) -> u64 {
        0
    }

    /// The part of node space (anchor space) whose pixels can differ from what was drawn
    /// when [`damage_key`](Self::damage_key) was `previous_key`, everything else being
    /// the same (appearance, node, content rectangle): the renderer redraws only that,
    /// when the component is its node's only drawable. It must hold every pixel centre
    /// whose colour changes. `None`, the default, redraws the whole component.
    fn changed_area(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        let _ = (content, previous_key);
        None
    }
}
