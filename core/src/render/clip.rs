//! The clip component: cuts its node's subtree to the node's bounds on screen.

use crate::render::draw::Draw;
use crate::{Component, HookMask, Hooks};

/// Clips the node's descendants (not the node itself) to the screen pixels covering
/// the node's content rectangle: what a child draws outside them is not drawn.
///
/// The clip is the axis-aligned screen bounding box of the content rectangle after the
/// node's transform (so a rotated node clips to the box around it), widened to whole
/// pixels; nested clips intersect. Clipping holds while the component is enabled (and its
/// node active); disabling it lifts the clip. A `Clip` draws nothing itself; put a
/// [`Shape`](crate::render::Shape) on the same node for a background.
///
/// ```
/// use sprig::render::{Clip, Draw};
///
/// const { assert!(<Clip as Draw>::CLIPS && !<Clip as Draw>::DRAWS) };
/// let _viewport = Clip;
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clip;

impl Component for Clip {
    const NAME: &'static str = "Clip";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for Clip {}

impl Draw for Clip {
    const CLIPS: bool = true;
}
