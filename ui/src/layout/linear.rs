//! A single row or column (Cocos `_doLayoutHorizontally` / `_doLayoutVertically`
//! without line breaks), with the container or the children resized, and the children
//! placed across the line by [`CrossAlign`].

use sprig::{AnyWorld, Error, NodeId, Size2, Vec2};

use super::settle::{for_each_child, Changes, Reprint};
use super::{
    apply, container_anchor, occupied_scale, skip, Axis, CrossAlign, Layout, Placement, ResizeMode,
};

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
                    let scale = occupied_scale(geometry.scale, layout.affected_by_scale);
                    sum += axis.extent(geometry.content_size) * axis.of(scale);
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

    let line = Line {
        next: origin + sign * pad - sign * spacing,
        sign,
        signed_spacing: sign * spacing,
        reversed,
        share: (layout.resize_mode == ResizeMode::Children).then_some(share.max(0.0)),
        affected_by_scale: layout.affected_by_scale,
        across: (layout.cross_align != CrossAlign::Keep).then_some(Across {
            cross,
            align: layout.cross_align,
            low,
            high,
        }),
    };
    match axis {
        Axis::Horizontal => place::<false, W>(world, node, line, placed, changes)?,
        Axis::Vertical => place::<true, W>(world, node, line, placed, changes)?,
    }

    if layout.resize_mode == ResizeMode::Container {
        let mut size = own;
        axis.set_extent(&mut size, length.max(0.0));
        world.set_content_size(node, size)?;
    }
    Ok(())
}

/// What placing the children along a line needs, worked out once per pass.
#[derive(Clone, Copy)]
struct Line {
    /// Where the last child placed ends, one spacing before the first at the start.
    next: f32,
    /// +1 or −1: which way the line goes along its axis.
    sign: f32,
    /// `sign` times the spacing.
    signed_spacing: f32,
    /// Whether the line goes in the axis's negative direction.
    reversed: bool,
    /// The length each child occupies, if the layout resizes them (never negative).
    share: Option<f32>,
    /// Whether a child occupies its size times its scale.
    affected_by_scale: bool,
    /// Where children go across the line; `None` keeps their own coordinate.
    across: Option<Across>,
}

/// Places `node`'s children along y (`ALONG_Y`) or x, from `line`.
///
/// One loop per axis, with the axis known when compiling: the loop keeps its few
/// values in registers and builds each position whole, where reading the axis at run
/// time would store one coordinate into a position in memory and read it back whole
/// (a store the processor cannot forward, waited for every child).
#[inline(never)]
fn place<const ALONG_Y: bool, W: AnyWorld>(
    world: &mut W,
    node: NodeId,
    line: Line,
    placed: &mut Reprint,
    changes: &mut Changes,
) -> Result<(), Error> {
    let axis = if ALONG_Y {
        Axis::Vertical
    } else {
        Axis::Horizontal
    };
    let Line {
        mut next,
        sign,
        signed_spacing,
        reversed,
        share,
        affected_by_scale,
        across,
    } = line;
    for_each_child(world, node, |world, child| {
        let geometry = world.geometry(child)?;
        if !geometry.active {
            skip(placed);
            return Ok(());
        }
        let scale = axis.of(occupied_scale(geometry.scale, affected_by_scale));
        let mut size = geometry.content_size;
        if let Some(share) = share {
            if scale != 0.0 {
                size = axis.with_extent(size, share / scale);
            }
        }
        let own_anchor = axis.of(geometry.anchor);
        let a = if reversed {
            1.0 - own_anchor
        } else {
            own_anchor
        };
        // Times a scale of 1 is the same length: not multiplied when the scale is not used.
        let extent = if affected_by_scale {
            axis.extent(size) * scale
        } else {
            axis.extent(size)
        };
        next += sign * a * extent + signed_spacing;
        let mut position = axis.with(geometry.position, next);
        next += sign * (1.0 - a) * extent;
        if let Some(across) = &across {
            let scale = occupied_scale(geometry.scale, affected_by_scale);
            let coordinate = across.place(geometry.anchor, scale, size);
            position = axis.other().with(position, coordinate);
        }
        let to = Placement { size, position };
        apply(
            world,
            child,
            &geometry,
            to,
            share.is_some(),
            placed,
            changes,
        )
    })
}

/// Where children go across the line: between `low` and `high` along `cross`, by
/// `align`.
#[derive(Clone, Copy)]
struct Across {
    cross: Axis,
    align: CrossAlign,
    low: f32,
    high: f32,
}

impl Across {
    /// The coordinate across the line of a child with `anchor`, occupying `size` times
    /// `scale`.
    // Not inlined: the loop over the children keeps its values in registers when this,
    // which most layouts never run, is out of its way. It takes values, not the child's
    // `NodeGeometry` by reference, which would make every iteration store that into
    // memory.
    #[inline(never)]
    fn place(&self, anchor: Vec2, scale: Vec2, size: Size2) -> f32 {
        let cross = self.cross;
        let (low, high) = (self.low, self.high);
        let e = cross.extent(size) * cross.of(scale);
        let ac = cross.of(anchor);
        let at_low = low + ac * e;
        let at_high = high - (1.0 - ac) * e;
        // "Start" reads first: the top of a row, the left of a column.
        let (start, end) = match cross {
            Axis::Vertical => (at_high, at_low),
            Axis::Horizontal => (at_low, at_high),
        };
        match self.align {
            CrossAlign::Start | CrossAlign::Keep => start,
            CrossAlign::End => end,
            CrossAlign::Center => (low + high) / 2.0 + (ac - 0.5) * e,
        }
    }
}
