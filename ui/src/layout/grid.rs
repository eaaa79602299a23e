//! A grid (Cocos `_doLayoutGrid`): children go along the start axis and break to a new
//! line when the next one would cross the container's padding; lines follow each other
//! along the other axis, each as thick as its thickest child.

use sprig::{AnyWorld, Error, NodeGeometry, NodeId, Size2};

use super::settle::{for_each_child, Changes, Reprint};
use super::{apply, container_anchor, occupied_scale, skip, Axis, Layout, Placement, ResizeMode};

/// The running state of the line breaking, shared by measuring and placing.
#[derive(Clone, Copy)]
struct Lines {
    reversed: bool,
    origin: f32,
    sign: f32,
    pad: f32,
    pad_at_end: f32,
    /// `sign` times the spacing along the start axis.
    signed_spacing: f32,
    /// The spacing between lines.
    cross_spacing: f32,
    /// The start axis's edge a line must not cross, padding included.
    limit: f32,
    next: f32,
    line: u16,
    /// Whether the current line has a child yet.
    line_started: bool,
    /// Thickness of the finished lines.
    offset: f32,
    /// The spacing before the current line: `line` times `cross_spacing`, worked out
    /// when the line starts rather than for each child.
    gaps: f32,
    line_thickness: f32,
}

/// One child as the grid sees it, along its start axis (`main`) and across it.
#[derive(Clone, Copy)]
struct Cell {
    /// The child's size, after the layout resized it if it does.
    size: Size2,
    /// The length it occupies along the start axis, and across it.
    main_extent: f32,
    cross_extent: f32,
    /// Its anchor along the start axis, and across it.
    main_anchor: f32,
    cross_anchor: f32,
}

impl Cell {
    /// The child as read, on a grid whose lines go along y (`MAIN_Y`) or x; with
    /// `cell_size` if the layout resizes children to it.
    #[inline(always)]
    fn of<const MAIN_Y: bool>(
        geometry: &NodeGeometry,
        affected_by_scale: bool,
        cell_size: Option<Size2>,
    ) -> Cell {
        let (main, cross) = axes::<MAIN_Y>();
        let scale = occupied_scale(geometry.scale, affected_by_scale);
        let mut size = geometry.content_size;
        if let Some(cell) = cell_size {
            // Each axis as `ResizeMode::Children` promises: the cell's length over the
            // scale, a zero scale leaving that length alone.
            if scale.x != 0.0 {
                size.width = cell.width.max(0.0) / scale.x;
            }
            if scale.y != 0.0 {
                size.height = cell.height.max(0.0) / scale.y;
            }
        }
        // Times a scale of 1 is the same length: not multiplied when the scale is not used.
        let (main_extent, cross_extent) = if affected_by_scale {
            (
                main.extent(size) * main.of(scale),
                cross.extent(size) * cross.of(scale),
            )
        } else {
            (main.extent(size), cross.extent(size))
        };
        Cell {
            size,
            main_extent,
            cross_extent,
            main_anchor: main.of(geometry.anchor),
            cross_anchor: cross.of(geometry.anchor),
        }
    }
}

/// The start axis and the other one, for lines along y (`MAIN_Y`) or x.
#[inline(always)]
fn axes<const MAIN_Y: bool>() -> (Axis, Axis) {
    if MAIN_Y {
        (Axis::Vertical, Axis::Horizontal)
    } else {
        (Axis::Horizontal, Axis::Vertical)
    }
}

impl Lines {
    /// Where `cell` goes along the start axis; moves to a new line first if it does not
    /// fit in the current one (an empty line takes it whatever its length).
    #[inline(always)]
    fn place(&mut self, cell: &Cell) -> f32 {
        let a = if self.reversed {
            1.0 - cell.main_anchor
        } else {
            cell.main_anchor
        };
        let extent = cell.main_extent;
        let mut position = self.next + self.sign * a * extent + self.signed_spacing;
        if self.line_started {
            let far_edge = position + self.sign * ((1.0 - a) * extent + self.pad_at_end);
            let overflows = if self.reversed {
                far_edge < self.limit
            } else {
                far_edge > self.limit
            };
            if overflows {
                self.offset += self.line_thickness;
                self.line = self.line.saturating_add(1);
                self.gaps = f32::from(self.line) * self.cross_spacing;
                self.line_thickness = 0.0;
                position = self.origin + self.sign * (self.pad + a * extent);
            }
        }
        self.next = position + self.sign * (1.0 - a) * extent;
        // Lengths are finite: the larger without `max`'s care for NaN.
        if cell.cross_extent > self.line_thickness {
            self.line_thickness = cell.cross_extent;
        }
        self.line_started = true;
        position
    }
}

/// Lays out `node`'s active children (at least one) in a grid whose lines go along
/// `start_axis`, recording what it changes in `placed`.
pub(super) fn lay_out<W: AnyWorld>(
    layout: &Layout,
    world: &mut W,
    node: NodeId,
    start_axis: Axis,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    match start_axis {
        Axis::Horizontal => lay_out_along::<false, W>(layout, world, node, placed, changes),
        Axis::Vertical => lay_out_along::<true, W>(layout, world, node, placed, changes),
    }
}

/// [`lay_out`] with lines along y (`MAIN_Y`) or x.
///
/// One function per axis, with the axis known when compiling: the loop over the
/// children keeps its values in registers and builds each position whole, where
/// reading the axis at run time would store one coordinate into a position in memory
/// and read it back whole (a store the processor cannot forward, waited for every
/// child).
#[inline(never)]
fn lay_out_along<const MAIN_Y: bool, W: AnyWorld>(
    layout: &Layout,
    world: &mut W,
    node: NodeId,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    let (main, cross) = axes::<MAIN_Y>();
    let own = world.content_size(node)?;
    let anchor = container_anchor(world, node)?;
    let main_length = main.extent(own);
    let main_anchor = main.of(anchor);
    let (origin, sign, pad) = layout.line_start(main, main_anchor, main_length);
    let reversed = layout.reversed(main);
    let (before, after) = layout.padding_along(main);
    let start = Lines {
        reversed,
        origin,
        sign,
        pad,
        pad_at_end: if reversed { before } else { after },
        signed_spacing: sign * layout.spacing_along(main),
        cross_spacing: layout.spacing_along(cross),
        limit: if reversed {
            -main_anchor * main_length
        } else {
            (1.0 - main_anchor) * main_length
        },
        next: origin + sign * pad - sign * layout.spacing_along(main),
        line: 0,
        line_started: false,
        offset: 0.0,
        gaps: 0.0,
        line_thickness: 0.0,
    };
    let resize_children = layout.resize_mode == ResizeMode::Children;
    let cell_size = resize_children.then_some(layout.cell_size);
    let affected_by_scale = layout.affected_by_scale;

    let (cross_before, cross_after) = layout.padding_along(cross);
    let cross_length = if layout.resize_mode == ResizeMode::Container {
        let mut lines = start;
        for child in world.children(node)? {
            let geometry = world.geometry(child)?;
            if geometry.active {
                lines.place(&Cell::of::<MAIN_Y>(&geometry, affected_by_scale, cell_size));
            }
        }
        cross_before + cross_after + lines.offset + lines.line_thickness + lines.gaps
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
        let cell = Cell::of::<MAIN_Y>(&geometry, affected_by_scale, cell_size);
        let along = lines.place(&cell);
        let a = if cross_reversed {
            1.0 - cell.cross_anchor
        } else {
            cell.cross_anchor
        };
        let across = cross_origin
            + cross_sign * (lines.offset + a * cell.cross_extent + cross_pad + lines.gaps);
        let position = cross.with(main.with(geometry.position, along), across);
        let to = Placement {
            size: cell.size,
            position,
        };
        apply(
            world,
            child,
            &geometry,
            to,
            resize_children,
            placed,
            changes,
        )
    })?;

    if layout.resize_mode == ResizeMode::Container {
        let mut size = own;
        cross.set_extent(&mut size, cross_length.max(0.0));
        world.set_content_size(node, size)?;
    }
    Ok(())
}
