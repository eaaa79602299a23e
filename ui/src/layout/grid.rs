//! A grid (Cocos `_doLayoutGrid`): children go along the start axis and break to a new
//! line when the next one would cross the container's padding; lines follow each other
//! along the other axis, each as thick as its thickest child.

use sprig::{AnyWorld, Error, NodeGeometry, NodeId};

use super::settle::{for_each_child, Changes, Reprint};
use super::{apply, container_anchor, skip, Axis, Item, Layout, ResizeMode};

/// The running state of the line breaking, shared by measuring and placing.
#[derive(Clone, Copy)]
struct Lines {
    main: Axis,
    cross: Axis,
    reversed: bool,
    origin: f32,
    sign: f32,
    pad: f32,
    pad_at_end: f32,
    spacing: f32,
    /// The start axis's edge a line must not cross, padding included.
    limit: f32,
    next: f32,
    line: u16,
    children_in_line: u16,
    /// Thickness of the finished lines.
    offset: f32,
    line_thickness: f32,
}

impl Lines {
    /// Where `item` goes along the start axis; moves to a new line first if it does not
    /// fit in the current one (an empty line takes it whatever its length).
    fn place(&mut self, item: &Item) -> f32 {
        let own_anchor = self.main.of(item.anchor);
        let a = if self.reversed {
            1.0 - own_anchor
        } else {
            own_anchor
        };
        let extent = item.extent(self.main);
        let mut position = self.next + self.sign * a * extent + self.sign * self.spacing;
        if self.children_in_line > 0 {
            let far_edge = position + self.sign * ((1.0 - a) * extent + self.pad_at_end);
            let overflows = if self.reversed {
                far_edge < self.limit
            } else {
                far_edge > self.limit
            };
            if overflows {
                self.offset += self.line_thickness;
                self.line = self.line.saturating_add(1);
                self.line_thickness = 0.0;
                self.children_in_line = 0;
                position = self.origin + self.sign * (self.pad + a * extent);
            }
        }
        self.next = position + self.sign * (1.0 - a) * extent;
        self.line_thickness = self.line_thickness.max(item.extent(self.cross));
        self.children_in_line = self.children_in_line.saturating_add(1);
        position
    }
}

/// Lays out `node`'s active children (at least one) in a grid whose lines go along
/// `start_axis`; returns the children's fingerprint after.
pub(super) fn lay_out<W: AnyWorld>(
    layout: &Layout,
    world: &mut W,
    node: NodeId,
    start_axis: Axis,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    let main = start_axis;
    let cross = main.other();
    let own = world.content_size(node)?;
    let anchor = container_anchor(world, node)?;
    let main_length = main.extent(own);
    let main_anchor = main.of(anchor);
    let (origin, sign, pad) = layout.line_start(main, main_anchor, main_length);
    let reversed = layout.reversed(main);
    let (before, after) = layout.padding_along(main);
    let start = Lines {
        main,
        cross,
        reversed,
        origin,
        sign,
        pad,
        pad_at_end: if reversed { before } else { after },
        spacing: layout.spacing_along(main),
        limit: if reversed {
            -main_anchor * main_length
        } else {
            (1.0 - main_anchor) * main_length
        },
        next: origin + sign * pad - sign * layout.spacing_along(main),
        line: 0,
        children_in_line: 0,
        offset: 0.0,
        line_thickness: 0.0,
    };
    let resize_children = layout.resize_mode == ResizeMode::Children;
    let read = |geometry: &NodeGeometry| -> Item {
        let mut item = Item::of(geometry, layout.affected_by_scale);
        if resize_children {
            item.set_extent(Axis::Horizontal, layout.cell_size.width);
            item.set_extent(Axis::Vertical, layout.cell_size.height);
        }
        item
    };

    let cross_spacing = layout.spacing_along(cross);
    let (cross_before, cross_after) = layout.padding_along(cross);
    let cross_length = if layout.resize_mode == ResizeMode::Container {
        let mut lines = start;
        for child in world.children(node)? {
            let geometry = world.geometry(child)?;
            if geometry.active {
                lines.place(&read(&geometry));
            }
        }
        let gaps = f32::from(lines.line) * cross_spacing;
        cross_before + cross_after + lines.offset + lines.line_thickness + gaps
    } else {
        cross.extent(own)
    };
    let (cross_origin, cross_sign, cross_pad) =
        layout.line_start(cross, cross.of(anchor), cross_length);
    let cross_reversed = layout.reversed(cross);

    let mut lines = start;
    for_each_child(world, node, |world, child| {
        let geometry = world.geometry(child)?;
        if !geometry.active {
            skip(placed);
            return Ok(());
        }
        let mut item = read(&geometry);
        let along = lines.place(&item);
        let own_anchor = cross.of(item.anchor);
        let a = if cross_reversed {
            1.0 - own_anchor
        } else {
            own_anchor
        };
        let gaps = f32::from(lines.line) * cross_spacing;
        let across =
            cross_origin + cross_sign * (lines.offset + a * item.extent(cross) + cross_pad + gaps);
        main.set(&mut item.position, along);
        cross.set(&mut item.position, across);
        apply(world, child, &item, resize_children, placed, changes)
    })?;

    if layout.resize_mode == ResizeMode::Container {
        let mut size = own;
        cross.set_extent(&mut size, cross_length.max(0.0));
        world.set_content_size(node, size)?;
    }
    Ok(())
}
