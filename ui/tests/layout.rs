//! `Layout`: rows, columns and grids with exact positions and sizes (padding, spacing,
//! both directions, cross alignment, child anchors and scales), both resize modes, an
//! inactive child, a child added from a hook, nested containers under a widget settling
//! in one frame, and still frames that recompute nothing.

use sprig::{
    component, world, AnyWorld, CompId, Ctx, Error, HookResult, Hooks, NodeId, Size2, Vec2,
};
use sprig_ui::layout::{
    update_layout, Axis, CrossAlign, HorizontalDirection, Layout, LayoutKind, Padding, ResizeMode,
    VerticalDirection, AFTER_LAYOUT_EXECUTION_ORDER, LAYOUT_EXECUTION_ORDER,
};
use sprig_ui::widget::{AlignMode, Margin, Widget};

/// Adds a 50 × 20 child named "Added" to its node in `update`, on the frame it is told.
pub struct Adder {
    on_frame: u32,
}

#[component]
impl Hooks for Adder {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        if ctx.frame() == self.on_frame {
            let node = ctx.node();
            let child = ctx.create_child(node, "Added")?;
            ctx.set_content_size(child, Size2::new(50.0, 20.0))?;
        }
        Ok(())
    }
}

/// Reads the x of `watch` in its `late_update` at the default execution order (0).
pub struct EarlyReader {
    watch: NodeId,
    seen_x: f32,
}

#[component]
impl Hooks for EarlyReader {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.seen_x = ctx.position(self.watch)?.x;
        Ok(())
    }
}

/// Reads the x of `watch` in its `late_update` at `AFTER_LAYOUT_EXECUTION_ORDER`.
pub struct LateReader {
    watch: NodeId,
    seen_x: f32,
}

#[component(execution_order = 20000)]
impl Hooks for LateReader {
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.seen_x = ctx.position(self.watch)?.x;
        Ok(())
    }
}

world! {
    type TestWorld = World {
        nodes: 64,
        components: TestSet {
            Layout: 8,
            Widget: 8,
            Adder: 2,
            EarlyReader: 1,
            LateReader: 1,
        },
    };
}

/// A 100 × 100 container (anchor 0.5: both axes from -50 to 50) under the root, with
/// children of the given sizes, each at (3, 4).
fn container(sizes: &[(f32, f32)]) -> Result<(TestWorld, NodeId, Vec<NodeId>), Error> {
    let mut world = TestWorld::new();
    let root = world.root();
    let node = world.create_child(root, "Container")?;
    world.set_content_size(node, Size2::new(100.0, 100.0))?;
    let mut children = Vec::new();
    for (i, &(width, height)) in sizes.iter().enumerate() {
        let child = world.create_child(node, &format!("C{i}"))?;
        world.set_content_size(child, Size2::new(width, height))?;
        world.set_position(child, Vec2::new(3.0, 4.0))?;
        children.push(child);
    }
    Ok((world, node, children))
}

fn positions(world: &TestWorld, nodes: &[NodeId]) -> Result<Vec<(f32, f32)>, Error> {
    nodes
        .iter()
        .map(|&n| world.position(n).map(|p| (p.x, p.y)))
        .collect()
}

fn sizes(world: &TestWorld, nodes: &[NodeId]) -> Result<Vec<(f32, f32)>, Error> {
    nodes
        .iter()
        .map(|&n| world.content_size(n).map(|s| (s.width, s.height)))
        .collect()
}

/// Lays out a fresh container with `layout` for one frame; the children's positions.
fn laid_out(sizes: &[(f32, f32)], layout: Layout) -> Result<Vec<(f32, f32)>, Error> {
    let (mut world, node, children) = container(sizes)?;
    world.add_component(node, layout)?;
    world.tick(0.016)?;
    assert_eq!(world.hook_errors(), 0);
    positions(&world, &children)
}

fn recomputations(world: &TestWorld, comp: CompId) -> Result<u32, Error> {
    Ok(world.get::<Layout>(comp)?.recomputations())
}

const PADDED: Padding = Padding {
    left: 5.0,
    right: 7.0,
    top: 4.0,
    bottom: 6.0,
};

#[test]
fn a_row_left_to_right_with_padding_and_spacing() -> Result<(), Error> {
    let layout = Layout::new(LayoutKind::Horizontal)
        .with_padding(PADDED)
        .with_spacing(10.0, 0.0);
    // Left edges at -45, -25, 5: 5 of padding, then 10 between neighbours; y is kept.
    assert_eq!(
        laid_out(&[(10.0, 10.0), (20.0, 20.0), (30.0, 30.0)], layout)?,
        [(-40.0, 4.0), (-15.0, 4.0), (20.0, 4.0)]
    );
    Ok(())
}

#[test]
fn a_row_right_to_left() -> Result<(), Error> {
    let layout = Layout::new(LayoutKind::Horizontal)
        .with_padding(PADDED)
        .with_spacing(10.0, 0.0)
        .with_directions(
            HorizontalDirection::RightToLeft,
            VerticalDirection::TopToBottom,
        );
    // Right edges at 43 (50 - 7), 23, -7.
    assert_eq!(
        laid_out(&[(10.0, 10.0), (20.0, 20.0), (30.0, 30.0)], layout)?,
        [(38.0, 4.0), (13.0, 4.0), (-22.0, 4.0)]
    );
    Ok(())
}

#[test]
fn a_row_aligns_its_children_across() -> Result<(), Error> {
    let sizes = [(10.0, 10.0), (20.0, 20.0), (30.0, 30.0)];
    let row = Layout::new(LayoutKind::Horizontal).with_padding(PADDED);
    // Between the paddings y runs from -44 to 46.
    assert_eq!(
        laid_out(&sizes, row.clone().with_cross_align(CrossAlign::Start))?,
        [(-40.0, 41.0), (-25.0, 36.0), (0.0, 31.0)]
    );
    assert_eq!(
        laid_out(&sizes, row.clone().with_cross_align(CrossAlign::Center))?,
        [(-40.0, 1.0), (-25.0, 1.0), (0.0, 1.0)]
    );
    assert_eq!(
        laid_out(&sizes, row.with_cross_align(CrossAlign::End))?,
        [(-40.0, -39.0), (-25.0, -34.0), (0.0, -29.0)]
    );
    let column = Layout::new(LayoutKind::Vertical).with_padding(PADDED);
    // Between the paddings x runs from -45 to 43; Start is the left.
    assert_eq!(
        laid_out(&sizes, column.clone().with_cross_align(CrossAlign::Start))?,
        [(-40.0, 41.0), (-35.0, 26.0), (-30.0, 1.0)]
    );
    assert_eq!(
        laid_out(&sizes, column.with_cross_align(CrossAlign::End))?,
        [(38.0, 41.0), (33.0, 26.0), (28.0, 1.0)]
    );
    Ok(())
}

#[test]
fn child_anchors_and_scales_are_honoured() -> Result<(), Error> {
    let mut world = TestWorld::new();
    let node = world.create_child(world.root(), "Row")?;
    world.set_content_size(node, Size2::new(100.0, 100.0))?;
    let a = world.create_child(node, "A")?;
    world.set_content_size(a, Size2::new(10.0, 10.0))?;
    world.set_anchor(a, Vec2::new(0.0, 0.5))?;
    world.set_scale(a, Vec2::new(2.0, 1.0))?;
    let b = world.create_child(node, "B")?;
    world.set_content_size(b, Size2::new(10.0, 10.0))?;
    world.set_anchor(b, Vec2::new(1.0, 0.5))?;
    let comp = world.add_component(
        node,
        Layout::new(LayoutKind::Horizontal).with_affected_by_scale(true),
    )?;
    world.tick(0.016)?;
    // A occupies 20 from -50 (its anchor on its left edge), B 10 from -30 (anchor right).
    assert_eq!(positions(&world, &[a, b])?, [(-50.0, 0.0), (-20.0, 0.0)]);
    // Cocos's default ignores the scale: A occupies 10.
    world.get_mut::<Layout>(comp)?.affected_by_scale = false;
    world.tick(0.016)?;
    assert_eq!(positions(&world, &[a, b])?, [(-50.0, 0.0), (-30.0, 0.0)]);
    Ok(())
}

#[test]
fn a_column_top_to_bottom_and_bottom_to_top() -> Result<(), Error> {
    let sizes = [(10.0, 10.0), (20.0, 20.0)];
    let column = Layout::new(LayoutKind::Vertical)
        .with_padding(Padding {
            top: 5.0,
            ..Padding::default()
        })
        .with_spacing(0.0, 10.0);
    assert_eq!(
        laid_out(&sizes, column.clone())?,
        [(3.0, 40.0), (3.0, 15.0)]
    );
    let upwards = column.with_directions(
        HorizontalDirection::LeftToRight,
        VerticalDirection::BottomToTop,
    );
    assert_eq!(laid_out(&sizes, upwards)?, [(3.0, -45.0), (3.0, -20.0)]);
    Ok(())
}

#[test]
fn container_mode_fits_the_container_to_its_children() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(10.0, 10.0), (20.0, 20.0), (30.0, 30.0)])?;
    world.add_component(
        node,
        Layout::new(LayoutKind::Vertical)
            .with_resize_mode(ResizeMode::Container)
            .with_padding(Padding {
                top: 2.0,
                bottom: 3.0,
                ..Padding::default()
            })
            .with_spacing(0.0, 5.0),
    )?;
    world.tick(0.016)?;
    // 60 of children, 2 gaps of 5, padding 2 + 3; the width is not the layout's.
    assert_eq!(world.content_size(node)?, Size2::new(100.0, 75.0));
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 30.5), (3.0, 10.5), (3.0, -19.5)]
    );
    Ok(())
}

#[test]
fn children_mode_shares_the_length_and_divides_by_the_scale() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(1.0, 10.0); 4])?;
    world.set_scale(children[0], Vec2::new(0.5, 1.0))?;
    world.add_component(
        node,
        Layout::new(LayoutKind::Horizontal)
            .with_resize_mode(ResizeMode::Children)
            .with_padding(Padding::uniform(5.0))
            .with_spacing(10.0, 0.0)
            .with_affected_by_scale(true),
    )?;
    world.tick(0.016)?;
    // (100 - 5 - 5 - 3 × 10) / 4 = 15 each; the first is 30 of content at scale 0.5.
    assert_eq!(
        sizes(&world, &children)?,
        [(30.0, 10.0), (15.0, 10.0), (15.0, 10.0), (15.0, 10.0)]
    );
    assert_eq!(
        positions(&world, &children)?,
        [(-37.5, 4.0), (-12.5, 4.0), (12.5, 4.0), (37.5, 4.0)]
    );
    assert_eq!(world.content_size(node)?, Size2::new(100.0, 100.0));
    Ok(())
}

fn grid(start_axis: Axis) -> Layout {
    Layout::new(LayoutKind::Grid { start_axis }).with_spacing(5.0, 4.0)
}

#[test]
fn a_grid_breaks_rows_at_the_padding() -> Result<(), Error> {
    // Three 30-wide cells with 5 between them fill the 100 exactly; the fourth breaks.
    assert_eq!(
        laid_out(&[(30.0, 20.0); 5], grid(Axis::Horizontal))?,
        [
            (-35.0, 40.0),
            (0.0, 40.0),
            (35.0, 40.0),
            (-35.0, 16.0),
            (0.0, 16.0)
        ]
    );
    let reversed = grid(Axis::Horizontal).with_directions(
        HorizontalDirection::RightToLeft,
        VerticalDirection::BottomToTop,
    );
    assert_eq!(
        laid_out(&[(30.0, 20.0); 5], reversed)?,
        [
            (35.0, -40.0),
            (0.0, -40.0),
            (-35.0, -40.0),
            (35.0, -16.0),
            (0.0, -16.0)
        ]
    );
    Ok(())
}

#[test]
fn a_grid_row_is_as_tall_as_its_tallest_child() -> Result<(), Error> {
    // Row 0 holds 20- and 30-high children (tops at 50), row 1 starts 30 + 4 lower.
    assert_eq!(
        laid_out(
            &[(30.0, 20.0), (30.0, 30.0), (30.0, 10.0), (60.0, 10.0)],
            grid(Axis::Horizontal)
        )?,
        [(-35.0, 40.0), (0.0, 35.0), (35.0, 45.0), (-20.0, 11.0)]
    );
    Ok(())
}

#[test]
fn a_grid_along_the_vertical_axis_breaks_columns() -> Result<(), Error> {
    assert_eq!(
        laid_out(&[(30.0, 20.0); 5], grid(Axis::Vertical))?,
        [
            (-35.0, 40.0),
            (-35.0, 16.0),
            (-35.0, -8.0),
            (-35.0, -32.0),
            (0.0, 40.0)
        ]
    );
    Ok(())
}

#[test]
fn a_grid_with_a_non_default_child_anchor_keeps_its_top_on_the_row_line() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(30.0, 20.0); 2])?;
    world.set_anchor(children[0], Vec2::new(0.0, 0.0))?;
    world.add_component(node, grid(Axis::Horizontal))?;
    world.tick(0.016)?;
    // Its bottom-left corner is the anchor: the box spans x -50..-20 and y 30..50.
    assert_eq!(positions(&world, &children)?, [(-50.0, 30.0), (0.0, 40.0)]);
    Ok(())
}

#[test]
fn a_grid_sizes_its_container_or_its_cells() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(30.0, 20.0); 5])?;
    world.add_component(
        node,
        grid(Axis::Horizontal).with_resize_mode(ResizeMode::Container),
    )?;
    world.tick(0.016)?;
    // Two rows of 20 and one gap of 4: 44 high, so the top is at 22.
    assert_eq!(world.content_size(node)?, Size2::new(100.0, 44.0));
    assert_eq!(
        positions(&world, &children)?,
        [
            (-35.0, 12.0),
            (0.0, 12.0),
            (35.0, 12.0),
            (-35.0, -12.0),
            (0.0, -12.0)
        ]
    );

    let (mut world, node, children) = container(&[(1.0, 1.0); 3])?;
    world.add_component(
        node,
        grid(Axis::Horizontal)
            .with_resize_mode(ResizeMode::Children)
            .with_cell_size(Size2::new(45.0, 10.0)),
    )?;
    world.tick(0.016)?;
    assert_eq!(sizes(&world, &children)?, [(45.0, 10.0); 3]);
    assert_eq!(
        positions(&world, &children)?,
        [(-27.5, 45.0), (22.5, 45.0), (-27.5, 31.0)]
    );
    Ok(())
}

#[test]
fn an_inactive_child_is_skipped() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(10.0, 10.0); 3])?;
    world.set_active(children[1], false)?;
    let comp = world.add_component(node, Layout::new(LayoutKind::Vertical))?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 45.0), (3.0, 4.0), (3.0, 35.0)]
    );
    world.set_active(children[1], true)?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 45.0), (3.0, 35.0), (3.0, 25.0)]
    );
    assert_eq!(recomputations(&world, comp)?, 2);
    Ok(())
}

#[test]
fn every_change_relays_out_and_a_still_frame_recomputes_nothing() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(10.0, 10.0); 3])?;
    let comp = world.add_component(node, Layout::new(LayoutKind::Vertical))?;
    world.tick(0.016)?;
    assert_eq!(recomputations(&world, comp)?, 1);
    for _ in 0..3 {
        world.tick(0.016)?;
    }
    assert_eq!(recomputations(&world, comp)?, 1, "still frames");

    world.set_content_size(children[0], Size2::new(10.0, 30.0))?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 35.0), (3.0, 15.0), (3.0, 5.0)]
    );
    world.set_sibling_index(children[2], 0)?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 25.0), (3.0, 5.0), (3.0, 45.0)]
    );
    world.set_anchor(node, Vec2::new(0.5, 0.0))?; // the top is now at 100
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 75.0), (3.0, 55.0), (3.0, 95.0)]
    );
    world.set_position(children[1], Vec2::new(0.0, 0.0))?; // y snaps back, x is its own
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 75.0), (0.0, 55.0), (3.0, 95.0)]
    );
    // `destroy` deactivates the child at once (re-laid out that frame) and removes it
    // at the end of the frame (the child list changed: laid out again, same places).
    world.destroy(children[2])?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children[..2])?,
        [(3.0, 85.0), (0.0, 65.0)]
    );
    assert_eq!(recomputations(&world, comp)?, 6);
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children[..2])?,
        [(3.0, 85.0), (0.0, 65.0)]
    );
    assert_eq!(recomputations(&world, comp)?, 7);
    world.tick(0.016)?;
    assert_eq!(recomputations(&world, comp)?, 7);
    Ok(())
}

#[test]
fn two_children_trading_sizes_or_places_relay_out() -> Result<(), Error> {
    // Changes that leave the same values in the list, only at other places: the
    // fingerprint still tells them apart.
    let (mut world, node, children) = container(&[(10.0, 10.0), (10.0, 30.0), (10.0, 10.0)])?;
    let comp = world.add_component(node, Layout::new(LayoutKind::Vertical))?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 45.0), (3.0, 25.0), (3.0, 5.0)]
    );
    world.set_content_size(children[0], Size2::new(10.0, 30.0))?;
    world.set_content_size(children[1], Size2::new(10.0, 10.0))?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 35.0), (3.0, 15.0), (3.0, 5.0)]
    );
    assert_eq!(recomputations(&world, comp)?, 2);
    // Two children of the same size trade places.
    world.set_sibling_index(children[2], 1)?;
    world.tick(0.016)?;
    assert_eq!(
        positions(&world, &children)?,
        [(3.0, 35.0), (3.0, 5.0), (3.0, 15.0)]
    );
    assert_eq!(recomputations(&world, comp)?, 3);
    Ok(())
}

#[test]
fn a_child_added_from_a_hook_is_laid_out_the_same_frame() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(50.0, 20.0)])?;
    world.add_component(node, Layout::new(LayoutKind::Vertical))?;
    world.add_component(node, Adder { on_frame: 3 })?;
    for _ in 0..3 {
        world.tick(0.016)?;
    }
    assert_eq!(world.child_count(node)?, 1);
    world.tick(0.016)?; // frame 3: `update` adds the child, `late_update` places it
    let added = world
        .child_by_name(node, "Added")?
        .ok_or(Error::InvalidValue)?;
    assert_eq!(
        positions(&world, &[children[0], added])?,
        [(3.0, 40.0), (0.0, 20.0)]
    );
    Ok(())
}

/// The root is a 200 × 100 panel; a list under it, 50 wide, aligned 10 from the top and
/// right by a widget, fits its height to its 50 × 20 items.
fn list_in_a_corner(widget_first: bool) -> Result<(TestWorld, NodeId, CompId), Error> {
    let mut world = TestWorld::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(200.0, 100.0))?;
    let list = world.create_child(root, "List")?;
    world.set_content_size(list, Size2::new(50.0, 0.0))?;
    for name in ["A", "B"] {
        let item = world.create_child(list, name)?;
        world.set_content_size(item, Size2::new(50.0, 20.0))?;
    }
    let widget = Widget::new(AlignMode::Always)
        .with_right(Margin::Pixels(10.0))
        .with_top(Margin::Pixels(10.0));
    let layout = Layout::new(LayoutKind::Vertical).with_resize_mode(ResizeMode::Container);
    let comp = if widget_first {
        world.add_component(list, widget)?;
        world.add_component(list, layout)?
    } else {
        let comp = world.add_component(list, layout)?;
        world.add_component(list, widget)?;
        comp
    };
    Ok((world, list, comp))
}

#[test]
fn a_container_layout_under_a_widget_settles_in_one_frame() -> Result<(), Error> {
    for widget_first in [false, true] {
        let (mut world, list, comp) = list_in_a_corner(widget_first)?;
        world.add_component(list, Adder { on_frame: 1 })?;
        world.tick(0.016)?;
        // 40 high: its centre 10 + 20 below the top, 10 + 25 left of the right edge.
        assert_eq!(world.content_size(list)?, Size2::new(50.0, 40.0));
        assert_eq!(world.position(list)?, Vec2::new(165.0, 70.0));
        world.tick(0.016)?; // the hook adds a third item: one frame, settled
        assert_eq!(world.content_size(list)?, Size2::new(50.0, 60.0));
        assert_eq!(world.position(list)?, Vec2::new(165.0, 60.0));
        let items: Vec<NodeId> = world.children(list)?.collect();
        assert_eq!(
            positions(&world, &items)?,
            [(0.0, 20.0), (0.0, 0.0), (0.0, -20.0)]
        );
        assert_eq!(recomputations(&world, comp)?, 2);
        world.tick(0.016)?;
        assert_eq!(recomputations(&world, comp)?, 2);
    }
    Ok(())
}

#[test]
fn nested_containers_settle_in_one_frame() -> Result<(), Error> {
    // Outer column [Header 80 × 10, Inner column [items 80 × 20]], both fitting their
    // height, the outer one's layout enabled first (so it runs first each frame).
    let mut world = TestWorld::new();
    let outer = world.create_child(world.root(), "Outer")?;
    world.set_content_size(outer, Size2::new(80.0, 0.0))?;
    let header = world.create_child(outer, "Header")?;
    world.set_content_size(header, Size2::new(80.0, 10.0))?;
    let inner = world.create_child(outer, "Inner")?;
    world.set_content_size(inner, Size2::new(80.0, 0.0))?;
    let item = world.create_child(inner, "Item")?;
    world.set_content_size(item, Size2::new(80.0, 20.0))?;
    let fit = Layout::new(LayoutKind::Vertical).with_resize_mode(ResizeMode::Container);
    let outer_comp = world.add_component(outer, fit.clone().with_spacing(0.0, 2.0))?;
    world.add_component(inner, fit)?;
    world.tick(0.016)?;
    assert_eq!(world.content_size(inner)?.height, 20.0);
    assert_eq!(world.content_size(outer)?.height, 32.0);
    assert_eq!(
        positions(&world, &[header, inner])?,
        [(0.0, 11.0), (0.0, -6.0)]
    );

    let more = world.create_child(inner, "More")?;
    world.set_content_size(more, Size2::new(80.0, 20.0))?;
    world.tick(0.016)?;
    assert_eq!(world.content_size(inner)?.height, 40.0);
    assert_eq!(world.content_size(outer)?.height, 52.0);
    assert_eq!(
        positions(&world, &[header, inner])?,
        [(0.0, 21.0), (0.0, -6.0)]
    );
    assert_eq!(
        positions(&world, &[item, more])?,
        [(0.0, 10.0), (0.0, -10.0)]
    );
    // Outer ran once per frame it saw a change, plus once pushed by the inner one.
    assert_eq!(recomputations(&world, outer_comp)?, 3);
    world.tick(0.016)?;
    assert_eq!(recomputations(&world, outer_comp)?, 3);
    Ok(())
}

#[test]
fn update_layout_places_children_between_frames() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(10.0, 10.0); 2])?;
    let comp = world.add_component(node, Layout::new(LayoutKind::Horizontal))?;
    update_layout(&mut world, node)?;
    assert_eq!(positions(&world, &children)?, [(-45.0, 4.0), (-35.0, 4.0)]);
    world.tick(0.016)?;
    assert_eq!(recomputations(&world, comp)?, 1);
    Ok(())
}

#[test]
fn settings_that_are_not_finite_are_an_error_that_moves_nothing() -> Result<(), Error> {
    let (mut world, node, children) = container(&[(10.0, 10.0); 2])?;
    world.add_component(
        node,
        Layout::new(LayoutKind::Horizontal).with_spacing(f32::INFINITY, 0.0),
    )?;
    world.tick(0.016)?;
    assert_eq!(world.hook_errors(), 1);
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::InvalidValue)
    );
    assert_eq!(positions(&world, &children)?, [(3.0, 4.0), (3.0, 4.0)]);
    Ok(())
}

#[test]
fn children_resized_by_a_layout_settle_their_own_layouts_the_same_frame() -> Result<(), Error> {
    // A row sharing its width between a column, whose layout puts its item against its
    // right padding, and a plain cell holding a badge aligned to the cell's right. The
    // column's layout is enabled before the row's, so it runs first, with the column's
    // old width, and must be brought up to date when the row resizes the column.
    let mut world = TestWorld::new();
    let row = world.create_child(world.root(), "Row")?;
    world.set_content_size(row, Size2::new(100.0, 40.0))?;
    let column = world.create_child(row, "Column")?;
    world.set_content_size(column, Size2::new(10.0, 40.0))?;
    let item = world.create_child(column, "Item")?;
    world.set_content_size(item, Size2::new(20.0, 20.0))?;
    let column_layout = world.add_component(
        column,
        Layout::new(LayoutKind::Vertical).with_cross_align(CrossAlign::End),
    )?;
    let cell = world.create_child(row, "Cell")?;
    world.set_content_size(cell, Size2::new(10.0, 40.0))?;
    let badge = world.create_child(cell, "Badge")?;
    world.set_content_size(badge, Size2::new(4.0, 4.0))?;
    world.add_component(
        badge,
        Widget::new(AlignMode::Always).with_right(Margin::Pixels(0.0)),
    )?;
    world.add_component(
        row,
        Layout::new(LayoutKind::Horizontal)
            .with_resize_mode(ResizeMode::Children)
            .with_spacing(10.0, 0.0),
    )?;
    world.tick(0.016)?;
    // (100 - 10) / 2 = 45 each.
    assert_eq!(
        sizes(&world, &[column, cell])?,
        [(45.0, 40.0), (45.0, 40.0)]
    );
    assert_eq!(
        positions(&world, &[column, cell])?,
        [(-27.5, 0.0), (27.5, 0.0)]
    );
    assert_eq!(world.position(item)?, Vec2::new(12.5, 10.0));
    assert_eq!(world.position(badge)?, Vec2::new(20.5, 0.0));
    assert_eq!(recomputations(&world, column_layout)?, 2);

    world.set_content_size(row, Size2::new(50.0, 40.0))?;
    world.tick(0.016)?;
    assert_eq!(
        sizes(&world, &[column, cell])?,
        [(20.0, 40.0), (20.0, 40.0)]
    );
    assert_eq!(
        positions(&world, &[column, cell])?,
        [(-15.0, 0.0), (15.0, 0.0)]
    );
    assert_eq!(world.position(item)?, Vec2::new(0.0, 10.0));
    assert_eq!(world.position(badge)?, Vec2::new(8.0, 0.0));
    Ok(())
}

#[test]
fn a_layout_on_the_root_lays_out_in_the_panel() -> Result<(), Error> {
    let mut world = TestWorld::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(128.0, 64.0))?;
    let a = world.create_child(root, "A")?;
    world.set_content_size(a, Size2::new(20.0, 10.0))?;
    let b = world.create_child(root, "B")?;
    world.set_content_size(b, Size2::new(20.0, 10.0))?;
    world.add_component(
        root,
        Layout::new(LayoutKind::Vertical)
            .with_padding(Padding::uniform(2.0))
            .with_cross_align(CrossAlign::Start),
    )?;
    world.tick(0.016)?;
    // From the panel's top-left corner, 2 in.
    assert_eq!(positions(&world, &[a, b])?, [(12.0, 57.0), (12.0, 47.0)]);
    Ok(())
}

#[test]
fn a_late_update_reads_this_frames_layout_only_from_after_layout_execution_order(
) -> Result<(), Error> {
    // After the layout, the widgets and the lists, and what FocusIndicator uses.
    assert_eq!(
        <LateReader as sprig::Component>::EXECUTION_ORDER,
        AFTER_LAYOUT_EXECUTION_ORDER
    );
    assert_eq!(
        [
            LAYOUT_EXECUTION_ORDER,
            sprig_ui::widget::WIDGET_EXECUTION_ORDER,
            sprig_ui::list::LIST_EXECUTION_ORDER,
            AFTER_LAYOUT_EXECUTION_ORDER,
        ],
        [10_000, 10_001, 10_002, 20_000]
    );
    // A row of two 10-wide children: the second at x = -40 + 10 + 5 = -35.
    let (mut world, node, children) = container(&[(10.0, 10.0), (10.0, 10.0)])?;
    world.add_component(
        node,
        Layout::new(LayoutKind::Horizontal).with_spacing(0.0, 0.0),
    )?;
    let watch = children[1];
    let early = world.add_component(node, EarlyReader { watch, seen_x: 0.0 })?;
    let late = world.add_component(node, LateReader { watch, seen_x: 0.0 })?;
    world.tick(0.016)?;
    let seen = |world: &TestWorld| -> Result<(f32, f32), Error> {
        Ok((
            world.get::<EarlyReader>(early)?.seen_x,
            world.get::<LateReader>(late)?.seen_x,
        ))
    };
    assert_eq!(world.position(watch)?.x, -35.0);
    // Where the child was before the layout (3), and where the layout put it.
    assert_eq!(seen(&world)?, (3.0, -35.0));
    // The first child grows by 20: the second moves to -15 this frame.
    world.set_content_size(children[0], Size2::new(30.0, 10.0))?;
    world.tick(0.016)?;
    assert_eq!(
        seen(&world)?,
        (-35.0, -15.0),
        "order 0 reads last frame's layout; AFTER_LAYOUT_EXECUTION_ORDER this one's"
    );
    Ok(())
}

#[test]
fn a_layout_that_resizes_or_aligns_its_children_is_still_the_frames_after() -> Result<(), Error> {
    let layouts = [
        Layout::new(LayoutKind::Horizontal)
            .with_resize_mode(ResizeMode::Children)
            .with_cross_align(CrossAlign::Center),
        Layout::new(LayoutKind::Vertical)
            .with_resize_mode(ResizeMode::Container)
            .with_cross_align(CrossAlign::End)
            .with_affected_by_scale(true),
        grid(Axis::Vertical)
            .with_resize_mode(ResizeMode::Children)
            .with_cell_size(Size2::new(30.0, 20.0)),
    ];
    for layout in layouts {
        let (mut world, node, children) = container(&[(10.0, 10.0), (20.0, 5.0), (5.0, 20.0)])?;
        world.set_scale(children[1], Vec2::new(2.0, -1.0))?;
        let comp = world.add_component(node, layout)?;
        world.tick(0.016)?;
        let (placed, resized) = (positions(&world, &children)?, sizes(&world, &children)?);
        world.tick(0.016)?;
        world.tick(0.016)?;
        // What the first frame wrote is what the fingerprint recorded: nothing to redo.
        assert_eq!(recomputations(&world, comp)?, 1);
        assert_eq!(positions(&world, &children)?, placed);
        assert_eq!(sizes(&world, &children)?, resized);
        assert_eq!(world.hook_errors(), 0);
    }
    Ok(())
}
