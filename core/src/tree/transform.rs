//! Node transforms, the cached world matrix, and conversions between spaces (Cocos
//! Creator 2.4 `CCNode.js`).
//!
//! A node's local matrix is translate(position) · rotate(angle, counter-clockwise) ·
//! scale; its world matrix is the parent's world matrix times that, and maps the node's
//! *anchor space* (origin at the anchor point) to world space. Anchor and content size do
//! not enter the matrix: they place the content rectangle `(-anchor·size, size)` in anchor
//! space. Node space (the non-`_ar` conversions) has its origin at the content's
//! bottom-left corner.
//!
//! World matrices are cached. Changing position, angle or scale, or moving the node to
//! another parent, marks the node and its subtree dirty (a dirty node's descendants are
//! always dirty too); a matrix is recomputed only when it is read or by
//! [`World::update_transforms`], and each recomputation is counted in
//! [`World::transform_recomputations`].

use crate::math::{Affine2, Rect, Size2, Vec2};
use crate::tree::node::Flags;
use crate::{Dispatch, Error, NodeId, World};

fn finite(v: Vec2) -> Result<Vec2, Error> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(Error::InvalidValue)
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
    /// Position of the node's anchor in its parent's anchor space.
    pub fn position(&self, node: NodeId) -> Result<Vec2, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.slot(i).position)
    }

    /// Moves the node; coordinates must be finite.
    pub fn set_position(&mut self, node: NodeId, position: Vec2) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        let position = finite(position)?;
        if self.arena.slot(i).position != position {
            self.arena.slot_mut(i).position = position;
            self.mark_world_dirty(i);
        }
        Ok(())
    }

    /// Scale along the node's own x and y axes (default 1, 1).
    pub fn scale(&self, node: NodeId) -> Result<Vec2, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.slot(i).scale)
    }

    /// Sets the scale; must be finite (zero is allowed, and makes the world matrix singular).
    pub fn set_scale(&mut self, node: NodeId, scale: Vec2) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        let scale = finite(scale)?;
        if self.arena.slot(i).scale != scale {
            self.arena.slot_mut(i).scale = scale;
            self.mark_world_dirty(i);
        }
        Ok(())
    }

    /// Rotation in degrees, counter-clockwise (Cocos `angle`).
    pub fn angle_degrees(&self, node: NodeId) -> Result<f32, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.slot(i).angle_degrees)
    }

    /// Sets the rotation in degrees, counter-clockwise; must be finite.
    pub fn set_angle_degrees(&mut self, node: NodeId, angle_degrees: f32) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if !angle_degrees.is_finite() {
            return Err(Error::InvalidValue);
        }
        if self.arena.slot(i).angle_degrees != angle_degrees {
            self.arena.slot_mut(i).angle_degrees = angle_degrees;
            self.mark_world_dirty(i);
        }
        Ok(())
    }

    /// Anchor point as a fraction of the content size (default 0.5, 0.5).
    pub fn anchor(&self, node: NodeId) -> Result<Vec2, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.meta(i).anchor)
    }

    /// Sets the anchor point; must be finite (values outside 0..1 are allowed, as in Cocos).
    pub fn set_anchor(&mut self, node: NodeId, anchor: Vec2) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        let anchor = finite(anchor)?;
        if self.arena.meta(i).anchor != anchor {
            self.arena.meta_mut(i).anchor = anchor;
            // The content rectangle moves, and with it what the node clips its subtree to.
            self.mark_repaint_subtree(i);
        }
        Ok(())
    }

    /// Size of the node's content rectangle in node units.
    pub fn content_size(&self, node: NodeId) -> Result<Size2, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.meta(i).content_size)
    }

    /// Sets the content size; width and height must be finite and not negative.
    pub fn set_content_size(&mut self, node: NodeId, size: Size2) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        let ok = |v: f32| v.is_finite() && v >= 0.0;
        if !(ok(size.width) && ok(size.height)) {
            return Err(Error::InvalidValue);
        }
        if self.arena.meta(i).content_size != size {
            self.arena.meta_mut(i).content_size = size;
            self.mark_repaint_subtree(i);
        }
        Ok(())
    }

    /// Opacity, 0 (transparent) to 255 (opaque, the default).
    pub fn opacity(&self, node: NodeId) -> Result<u8, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.arena.slot(i).opacity)
    }

    /// Sets the opacity.
    pub fn set_opacity(&mut self, node: NodeId, opacity: u8) -> Result<(), Error> {
        let i = self.arena.resolve(node)?;
        if self.arena.slot(i).opacity != opacity {
            self.arena.slot_mut(i).opacity = opacity;
            // Every node under it draws with its ancestors' opacity.
            self.mark_repaint_subtree(i);
        }
        Ok(())
    }

    /// The matrix from the node's anchor space to world space, recomputed first if the
    /// node or an ancestor changed.
    pub fn world_matrix(&mut self, node: NodeId) -> Result<Affine2, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.world_of(i))
    }

    /// Brings every cached world matrix under the root up to date, recomputing only
    /// dirty nodes (parents before children) and visiting only the paths down to them:
    /// when nothing moved it returns at once.
    pub fn update_transforms(&mut self) {
        let pending = |s: &crate::tree::node::NodeSlot| {
            s.has(Flags::WORLD_DIRTY) || s.has(Flags::DIRTY_BELOW)
        };
        if !pending(self.arena.slot(0)) {
            return;
        }
        let mut cur = Some(0);
        while let Some(i) = cur {
            if self.has(i, Flags::WORLD_DIRTY) {
                self.recompute_world(i);
            }
            self.arena.slot_mut(i).flags.set(Flags::DIRTY_BELOW, false);
            cur = self.arena.next_preorder(i, 0, pending);
        }
    }

    /// World point → the node's anchor space (Cocos `convertToNodeSpaceAR`).
    pub fn convert_to_node_space_ar(&mut self, node: NodeId, world: Vec2) -> Result<Vec2, Error> {
        let i = self.arena.resolve(node)?;
        let inverse = self.world_of(i).inverse().ok_or(Error::SingularTransform)?;
        Ok(inverse.transform_point(world))
    }

    /// World point → node space, origin at the content's bottom-left corner
    /// (Cocos `convertToNodeSpace`).
    pub fn convert_to_node_space(&mut self, node: NodeId, world: Vec2) -> Result<Vec2, Error> {
        let p = self.convert_to_node_space_ar(node, world)?;
        let offset = self.anchor_offset(usize::from(node.index));
        Ok(Vec2::new(p.x + offset.x, p.y + offset.y))
    }

    /// Point in the node's anchor space → world (Cocos `convertToWorldSpaceAR`).
    pub fn convert_to_world_space_ar(&mut self, node: NodeId, local: Vec2) -> Result<Vec2, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.world_of(i).transform_point(local))
    }

    /// Point in node space (origin at the content's bottom-left) → world
    /// (Cocos `convertToWorldSpace`).
    pub fn convert_to_world_space(&mut self, node: NodeId, local: Vec2) -> Result<Vec2, Error> {
        let i = self.arena.resolve(node)?;
        let offset = self.anchor_offset(i);
        let p = Vec2::new(local.x - offset.x, local.y - offset.y);
        Ok(self.world_of(i).transform_point(p))
    }

    /// World-space bounds of the node's own content rectangle.
    pub fn world_content_box(&mut self, node: NodeId) -> Result<Rect, Error> {
        let i = self.arena.resolve(node)?;
        Ok(self.content_box_of(i))
    }

    /// World-space bounds of the node's content united with those of its descendants
    /// reached through children whose own `active` flag is set
    /// (Cocos `getBoundingBoxToWorld`).
    pub fn world_bounding_box(&mut self, node: NodeId) -> Result<Rect, Error> {
        let top = self.arena.resolve(node)?;
        let mut rect = self.content_box_of(top);
        let mut cur = self.arena.next_preorder(top, top, |s| s.has(Flags::ACTIVE));
        while let Some(i) = cur {
            rect = rect.union(&self.content_box_of(i));
            cur = self.arena.next_preorder(i, top, |s| s.has(Flags::ACTIVE));
        }
        Ok(rect)
    }

    fn anchor_offset(&self, i: usize) -> Vec2 {
        let m = self.arena.meta(i);
        Vec2::new(
            m.anchor.x * m.content_size.width,
            m.anchor.y * m.content_size.height,
        )
    }

    fn content_box_of(&mut self, i: usize) -> Rect {
        let offset = self.anchor_offset(i);
        let size = self.arena.meta(i).content_size;
        let local = Rect::new(-offset.x, -offset.y, size.width, size.height);
        self.world_of(i).transform_rect(&local)
    }

    /// The world matrix of slot `i`, recomputing the dirty part of its ancestor chain
    /// from the top down.
    pub(crate) fn world_of(&mut self, i: usize) -> Affine2 {
        while self.has(i, Flags::WORLD_DIRTY) {
            let mut top = i;
            while let Some(p) = self.arena.parent(top) {
                if !self.has(p, Flags::WORLD_DIRTY) {
                    break;
                }
                top = p;
            }
            self.recompute_world(top);
        }
        self.arena.slot(i).world
    }

    /// Recomputes slot `i`, whose parent (if any) is clean.
    fn recompute_world(&mut self, i: usize) {
        let parent_world = self.arena.parent(i).map(|p| self.arena.slot(p).world);
        let s = self.arena.slot(i);
        let local = Affine2::from_translate_rotate_scale(s.position, s.angle_degrees, s.scale);
        let world = match parent_world {
            Some(pw) => pw.then_apply_to(&local),
            None => local,
        };
        // The children are still dirty (a dirty node's descendants always are), so the
        // path to them must stay visible to `update_transforms`.
        let has_children = self.arena.first_child(i).is_some();
        let s = self.arena.slot_mut(i);
        s.world = world;
        s.flags.set(Flags::WORLD_DIRTY, false);
        s.flags.set(Flags::DIRTY_BELOW, has_children);
        self.transform_recomputes = self.transform_recomputes.wrapping_add(1);
        self.mark_repaint(i);
    }

    /// Marks `top` and its subtree dirty (subtrees already dirty are skipped whole) and
    /// flags the path from the root down to it.
    pub(crate) fn mark_world_dirty(&mut self, top: usize) {
        // Renderers learn which nodes moved when their matrices are recomputed.
        self.changes.touch();
        let mut up = self.arena.parent(top);
        while let Some(p) = up {
            if self.has(p, Flags::DIRTY_BELOW) {
                break;
            }
            self.arena.slot_mut(p).flags.set(Flags::DIRTY_BELOW, true);
            up = self.arena.parent(p);
        }
        if self.has(top, Flags::WORLD_DIRTY) {
            return;
        }
        let mut cur = Some(top);
        while let Some(i) = cur {
            self.arena.slot_mut(i).flags.set(Flags::WORLD_DIRTY, true);
            cur = self
                .arena
                .next_preorder(i, top, |s| !s.has(Flags::WORLD_DIRTY));
        }
    }
}
