//! [`NodeGeometry`]: what arranging a node reads of it (its `active` flag, position, scale,
//! anchor and content size), in one call that checks the handle once: a layout placing
//! a hundred children asks for five values of each, every frame something moved.

use crate::math::{Size2, Vec2};
use crate::tree::node::Flags;
use crate::{Dispatch, Error, NodeId, World};

/// A node's own `active` flag and the transform values a layout arranges it by, as
/// [`World::geometry`] reads them together. Each is what the accessor of the same name
/// answers ([`World::active`], [`World::position`], …).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeGeometry {
    /// The node's own `active` flag ([`World::active`]).
    pub active: bool,
    /// Position of the node's anchor in its parent's anchor space ([`World::position`]).
    pub position: Vec2,
    /// Scale along the node's own axes ([`World::scale`]).
    pub scale: Vec2,
    /// Anchor point as a fraction of the content size ([`World::anchor`]).
    pub anchor: Vec2,
    /// Size of the content rectangle in node units ([`World::content_size`]).
    pub content_size: Size2,
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
    /// The node's `active` flag, position, scale, anchor and content size in one call
    /// (the same values as the five accessors; `StaleHandle` for a stale handle).
    ///
    /// ```
    /// use sprig::render::Shape;
    /// use sprig::{world, Size2, Vec2};
    ///
    /// world! { type AppWorld = World { nodes: 4, components: App { Shape: 1 } }; }
    ///
    /// let mut world = AppWorld::new();
    /// let node = world.create_child(world.root(), "Card")?;
    /// world.set_position(node, Vec2::new(3.0, 4.0))?;
    /// world.set_content_size(node, Size2::new(20.0, 10.0))?;
    /// let geometry = world.geometry(node)?;
    /// assert!(geometry.active);
    /// assert_eq!(geometry.position, Vec2::new(3.0, 4.0));
    /// assert_eq!(geometry.scale, Vec2::ONE);
    /// assert_eq!(geometry.anchor, Vec2::new(0.5, 0.5));
    /// assert_eq!(geometry.content_size, Size2::new(20.0, 10.0));
    /// # Ok::<(), sprig::Error>(())
    /// ```
    #[inline]
    pub fn geometry(&self, node: NodeId) -> Result<NodeGeometry, Error> {
        let i = self.arena.resolve(node)?;
        let slot = self.arena.slot(i);
        let meta = self.arena.meta(i);
        Ok(NodeGeometry {
            active: slot.has(Flags::ACTIVE),
            position: slot.position,
            scale: slot.scale,
            anchor: meta.anchor,
            content_size: meta.content_size,
        })
    }
}
