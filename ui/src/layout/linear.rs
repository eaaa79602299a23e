//! A single row or column (Cocos `_doLayoutHorizontally` / `_doLayoutVertically`
//! without line breaks), with the container or the children resized, and the children
//! placed across the line by [`CrossAlign`].

use sprig::{AnyWorld, Error, NodeId};

use super::settle::{for_each_child, Changes, Reprint};
use super::{apply, container_anchor, skip, Axis, CrossAlign, Item, Layout, ResizeMode};

/// Lays out `node`'s `count` (at least one) active children along `axis`, recording
/// what it changes in `placed`.
pub(super) fn lay_out<W: AnyWorld>(
    layout: &Layout,
    world: &mut W,
    node: NodeId,
    axis: Axis,
    count: usize,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    let n = count as f32;
    let own = world.content_size(node)?;
    let anchor = container_anchor(world, node)?;
    let spacing = layout.spacing_along(axis);
    let (pad_before, pad_after) = layout.padding_along(axis);
    let gaps = (n - 1.0) * spacing;
    let length = match layout.resize_mode {
        ResizeMode::Container => {
            let mut sum = 0.0;
            for child in world.children(node)? {
                let geometry = world.geometry(child)?;
                if geometry.active {
                    sum += Item::of(&geometry, layout.affected_by_scale).extent(axis);
                }
            }
            sum + gaps + pad_before + pad_after
        }
        ResizeMode::None | ResizeMode::Children => axis.extent(own),
    };
    let share = (length - pad_before - pad_after - gaps) / n;
    let (origin, sign, pad) = layout.line_start(axis, axis.of(anchor), length);
    let reversed = layout.reversed(axis);

    let cross = axis.other();
    let (cross_before, cross_after) = layout.padding_along(cross);
    let cross_anchor = cross.of(anchor);
    let cross_length = cross.extent(own);
    let low = -cross_anchor * cross_length + cross_before;
    let high = (1.0 - cross_anchor) * cross_length - cross_after;

    let mut next = origin + sign * pad - sign * spacing;
    // What is the same for every child, read once.
    let resize_children = layout.resize_mode == ResizeMode::Children;
    let affected_by_scale = layout.affected_by_scale;
    let cross_align = layout.cross_align;
    for_each_child(world, node, |world, child| {
        let geometry = world.geometry(child)?;
        if !geometry.active {
            skip(placed);
            return Ok(());
        }
        let mut item = Item::of(&geometry, affected_by_scale);
        if resize_children {
            item.set_extent(axis, share);
        }
        let own_anchor = axis.of(item.anchor);
        let a = if reversed {
            1.0 - own_anchor
        } else {
            own_anchor
        };
        let extent = item.extent(axis);
        next += sign * a * extent + sign * spacing;
        axis.set(&mut item.position, next);
        next += sign * (1.0 - a) * extent;

        if cross_align != CrossAlign::Keep {
            let e = item.extent(cross);
            let ac = cross.of(item.anchor);
            let at_low = low + ac * e;
            let at_high = high - (1.0 - ac) * e;
            // "Start" reads first: the top of a row, the left of a column.
            let (start, end) = match cross {
                Axis::Vertical => (at_high, at_low),
                Axis::Horizontal => (at_low, at_high),
            };
            let across = match cross_align {
                CrossAlign::Start | CrossAlign::Keep => start,
                CrossAlign::End => end,
                CrossAlign::Center => (low + high) / 2.0 + (ac - 0.5) * e,
            };
            cross.set(&mut item.position, across);
        }
        apply(world, child, &item, resize_children, placed, changes)
    })?;

    if layout.resize_mode == ResizeMode::Container {
        let mut size = own;
        axis.set_extent(&mut size, length.max(0.0));
        world.set_content_size(node, size)?;
    }
    Ok(())
}
