//! `Widget`: every alignment (pixels, percent, stretch, centre) with exact positions and
//! sizes, with a non-default anchor, a scale and a flipped scale; the three align modes;
//! a root child following the panel; a still frame that aligns nothing.

use sprig::{world, CompId, Error, NodeId, Size2, Vec2};
use sprig_ui::widget::{AlignMode, Margin, Widget};

world! {
    type TestWorld = World {
        nodes: 16,
        components: TestSet { Widget: 8 },
    };
}

/// A 200 × 100 parent (anchor 0.5: x from -100 to 100, y from -50 to 50) under the
/// root, and a 20 × 10 child of it at (3, 4).
fn scene() -> Result<(TestWorld, NodeId, NodeId), Error> {
    let mut world = TestWorld::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(400.0, 300.0))?;
    let parent = world.create_child(root, "Parent")?;
    world.set_content_size(parent, Size2::new(200.0, 100.0))?;
    let node = world.create_child(parent, "Node")?;
    world.set_content_size(node, Size2::new(20.0, 10.0))?;
    world.set_position(node, Vec2::new(3.0, 4.0))?;
    Ok((world, parent, node))
}

/// Aligns the child of a fresh scene with `widget` for one frame: (x, y, width, height).
fn aligned(widget: Widget) -> Result<(f32, f32, f32, f32), Error> {
    aligned_with(widget, Vec2::new(0.5, 0.5), Vec2::ONE)
}

fn aligned_with(widget: Widget, anchor: Vec2, scale: Vec2) -> Result<(f32, f32, f32, f32), Error> {
    let (mut world, _, node) = scene()?;
    world.set_anchor(node, anchor)?;
    world.set_scale(node, scale)?;
    world.add_component(node, widget)?;
    world.tick(0.016)?;
    assert_eq!(world.hook_errors(), 0);
    let p = world.position(node)?;
    let s = world.content_size(node)?;
    Ok((p.x, p.y, s.width, s.height))
}

fn always() -> Widget {
    Widget::new(AlignMode::Always)
}

#[test]
fn each_edge_in_pixels() -> Result<(), Error> {
    // Only the aligned coordinate moves; the other keeps the child's 3 or 4.
    assert_eq!(
        aligned(always().with_left(Margin::Pixels(10.0)))?,
        (-80.0, 4.0, 20.0, 10.0)
    );
    assert_eq!(
        aligned(always().with_right(Margin::Pixels(10.0)))?,
        (80.0, 4.0, 20.0, 10.0)
    );
    assert_eq!(
        aligned(always().with_top(Margin::Pixels(5.0)))?,
        (3.0, 40.0, 20.0, 10.0)
    );
    assert_eq!(
        aligned(always().with_bottom(Margin::Pixels(5.0)))?,
        (3.0, -40.0, 20.0, 10.0)
    );
    Ok(())
}

#[test]
fn each_edge_in_percent_of_the_parent() -> Result<(), Error> {
    // 10% of 200 = 20, 20% of 100 = 20.
    assert_eq!(
        aligned(always().with_left(Margin::Percent(10.0)))?,
        (-70.0, 4.0, 20.0, 10.0)
    );
    assert_eq!(
        aligned(always().with_right(Margin::Percent(10.0)))?,
        (70.0, 4.0, 20.0, 10.0)
    );
    assert_eq!(
        aligned(always().with_top(Margin::Percent(20.0)))?,
        (3.0, 25.0, 20.0, 10.0)
    );
    assert_eq!(
        aligned(always().with_bottom(Margin::Percent(20.0)))?,
        (3.0, -25.0, 20.0, 10.0)
    );
    Ok(())
}

#[test]
fn opposite_edges_stretch_the_content_size() -> Result<(), Error> {
    let widget = always()
        .with_left(Margin::Pixels(10.0))
        .with_right(Margin::Pixels(30.0))
        .with_top(Margin::Pixels(5.0))
        .with_bottom(Margin::Percent(15.0));
    // x from -90 to 70: 160 wide, centred at -10; y from -35 to 45: 80 high, centre 5.
    assert_eq!(aligned(widget)?, (-10.0, 5.0, 160.0, 80.0));
    Ok(())
}

#[test]
fn centres_with_an_offset() -> Result<(), Error> {
    let widget = always()
        .with_horizontal_center(Margin::Pixels(7.0))
        .with_vertical_center(Margin::Percent(-10.0));
    assert_eq!(aligned(widget)?, (7.0, -10.0, 20.0, 10.0));
    Ok(())
}

#[test]
fn the_centre_wins_over_an_edge_and_left_over_right() -> Result<(), Error> {
    let widget = always()
        .with_left(Margin::Pixels(10.0))
        .with_horizontal_center(Margin::Pixels(0.0))
        .with_top(Margin::Pixels(5.0))
        .with_vertical_center(Margin::Pixels(1.0));
    assert_eq!(aligned(widget)?, (0.0, 1.0, 20.0, 10.0));
    Ok(())
}

#[test]
fn the_node_anchor_and_scale_place_its_box() -> Result<(), Error> {
    // Anchor at the top-left corner, scale (2, 0.5): the box is 40 × 5.
    let anchor = Vec2::new(0.0, 1.0);
    let scale = Vec2::new(2.0, 0.5);
    let top_left = always()
        .with_left(Margin::Pixels(10.0))
        .with_top(Margin::Pixels(5.0));
    assert_eq!(
        aligned_with(top_left, anchor, scale)?,
        (-90.0, 45.0, 20.0, 10.0)
    );
    let bottom_right = always()
        .with_right(Margin::Pixels(10.0))
        .with_bottom(Margin::Pixels(5.0));
    // Right edge at 90, so the left edge (the anchor) at 50; bottom edge at -45, top at -40.
    assert_eq!(
        aligned_with(bottom_right, anchor, scale)?,
        (50.0, -40.0, 20.0, 10.0)
    );
    let centred = always()
        .with_horizontal_center(Margin::Pixels(0.0))
        .with_vertical_center(Margin::Pixels(0.0));
    assert_eq!(
        aligned_with(centred, anchor, scale)?,
        (-20.0, 2.5, 20.0, 10.0)
    );
    Ok(())
}

#[test]
fn a_stretch_divides_by_the_scale() -> Result<(), Error> {
    let widget = always()
        .with_left(Margin::Pixels(10.0))
        .with_right(Margin::Pixels(30.0));
    // A 160 span at scale 2 is 80 of content; the anchor (0) on the left edge.
    assert_eq!(
        aligned_with(widget, Vec2::new(0.0, 0.5), Vec2::new(2.0, 1.0))?,
        (-90.0, 4.0, 80.0, 10.0)
    );
    Ok(())
}

#[test]
fn a_flipped_scale_flips_the_anchor() -> Result<(), Error> {
    // Scale -2: the box (40 wide) extends left of the anchor, as if the anchor were 1.
    let widget = always().with_left(Margin::Pixels(10.0));
    assert_eq!(
        aligned_with(widget, Vec2::new(0.0, 0.5), Vec2::new(-2.0, 1.0))?,
        (-50.0, 4.0, 20.0, 10.0)
    );
    Ok(())
}

#[test]
fn overlapping_stretch_margins_give_a_zero_size() -> Result<(), Error> {
    let widget = always()
        .with_left(Margin::Percent(60.0))
        .with_right(Margin::Percent(60.0));
    assert_eq!(aligned(widget)?, (20.0, 4.0, 0.0, 10.0));
    Ok(())
}

#[test]
fn the_parent_anchor_moves_the_parent_rectangle() -> Result<(), Error> {
    let (mut world, parent, node) = scene()?;
    world.set_anchor(parent, Vec2::new(0.0, 0.0))?; // x from 0 to 200, y from 0 to 100
    world.add_component(
        node,
        always()
            .with_horizontal_center(Margin::Pixels(0.0))
            .with_top(Margin::Pixels(0.0)),
    )?;
    world.tick(0.016)?;
    assert_eq!(world.position(node)?, Vec2::new(100.0, 95.0));
    Ok(())
}

fn alignments(world: &TestWorld, comp: CompId) -> Result<u32, Error> {
    Ok(world.get::<Widget>(comp)?.alignments())
}

#[test]
fn always_follows_the_parent_size_and_a_still_frame_aligns_nothing() -> Result<(), Error> {
    let (mut world, parent, node) = scene()?;
    let comp = world.add_component(node, always().with_right(Margin::Pixels(0.0)))?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (90.0, 1)
    );
    for _ in 0..3 {
        world.tick(0.016)?;
    }
    assert_eq!(alignments(&world, comp)?, 1, "still frames align nothing");

    world.set_content_size(parent, Size2::new(300.0, 100.0))?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (140.0, 2)
    );

    // Its own size, anchor, scale and position are inputs too.
    world.set_content_size(node, Size2::new(40.0, 10.0))?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (130.0, 3)
    );
    world.set_anchor(node, Vec2::new(1.0, 0.5))?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (150.0, 4)
    );
    world.set_position(node, Vec2::new(0.0, 4.0))?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (150.0, 5)
    );
    world.tick(0.016)?;
    assert_eq!(alignments(&world, comp)?, 5);
    Ok(())
}

#[test]
fn once_aligns_after_each_enable_only() -> Result<(), Error> {
    let (mut world, parent, node) = scene()?;
    let comp = world.add_component(
        node,
        Widget::new(AlignMode::Once).with_right(Margin::Pixels(0.0)),
    )?;
    world.tick(0.016)?;
    assert_eq!(world.position(node)?.x, 90.0);
    world.set_content_size(parent, Size2::new(300.0, 100.0))?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (90.0, 1)
    );
    world.set_enabled(comp, false)?;
    world.set_enabled(comp, true)?;
    world.tick(0.016)?;
    assert_eq!(
        (world.position(node)?.x, alignments(&world, comp)?),
        (140.0, 2)
    );
    Ok(())
}

#[test]
fn a_root_child_follows_the_panel() -> Result<(), Error> {
    let mut world = TestWorld::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(128.0, 64.0))?;
    // A status bar: full width, 10 high, at the top; the root's anchor does not matter.
    let bar = world.create_child(root, "Bar")?;
    world.set_content_size(bar, Size2::new(1.0, 10.0))?;
    let bar_widget = world.add_component(
        bar,
        Widget::new(AlignMode::OnPanelResize)
            .with_left(Margin::Pixels(0.0))
            .with_right(Margin::Pixels(0.0))
            .with_top(Margin::Pixels(0.0)),
    )?;
    // A badge in the bottom-right corner, aligned whenever anything changes.
    let badge = world.create_child(root, "Badge")?;
    world.set_content_size(badge, Size2::new(16.0, 8.0))?;
    world.add_component(
        badge,
        always()
            .with_right(Margin::Pixels(2.0))
            .with_bottom(Margin::Pixels(2.0)),
    )?;
    world.tick(0.016)?;
    assert_eq!(world.position(bar)?, Vec2::new(64.0, 59.0));
    assert_eq!(world.content_size(bar)?, Size2::new(128.0, 10.0));
    assert_eq!(world.position(badge)?, Vec2::new(118.0, 6.0));

    world.set_content_size(root, Size2::new(240.0, 240.0))?;
    world.tick(0.016)?;
    assert_eq!(world.position(bar)?, Vec2::new(120.0, 235.0));
    assert_eq!(world.content_size(bar)?, Size2::new(240.0, 10.0));
    assert_eq!(world.position(badge)?, Vec2::new(230.0, 6.0));
    assert_eq!(alignments(&world, bar_widget)?, 2);

    // OnPanelResize ignores its own node's changes.
    world.set_position(bar, Vec2::new(0.0, 0.0))?;
    world.tick(0.016)?;
    assert_eq!(world.position(bar)?, Vec2::new(0.0, 0.0));
    assert_eq!(alignments(&world, bar_widget)?, 2);
    Ok(())
}

#[test]
fn a_stretched_parent_realigns_its_childs_widget_the_same_frame() -> Result<(), Error> {
    let mut world = TestWorld::new();
    let root = world.root();
    world.set_content_size(root, Size2::new(100.0, 50.0))?;
    let panel = world.create_child(root, "Panel")?;
    let icon = world.create_child(panel, "Icon")?;
    world.set_content_size(icon, Size2::new(10.0, 10.0))?;
    // The child's widget is added first, so it runs first in late_update and sees the
    // parent's old size; the parent's stretch must bring it up to date.
    world.add_component(icon, always().with_right(Margin::Pixels(0.0)))?;
    world.add_component(
        panel,
        always()
            .with_left(Margin::Pixels(0.0))
            .with_right(Margin::Pixels(0.0)),
    )?;
    world.tick(0.016)?;
    assert_eq!(world.content_size(panel)?.width, 100.0);
    assert_eq!(world.position(icon)?.x, 45.0);
    world.set_content_size(root, Size2::new(200.0, 50.0))?;
    world.tick(0.016)?;
    assert_eq!(world.position(icon)?.x, 95.0);
    Ok(())
}

#[test]
fn a_margin_that_is_not_finite_is_an_error_that_moves_nothing() -> Result<(), Error> {
    let (mut world, _, node) = scene()?;
    world.add_component(node, always().with_left(Margin::Pixels(f32::NAN)))?;
    world.tick(0.016)?;
    assert_eq!(world.hook_errors(), 1);
    assert_eq!(
        world.last_hook_error().map(|(_, _, e)| e),
        Some(Error::InvalidValue)
    );
    assert_eq!(world.position(node)?, Vec2::new(3.0, 4.0));
    Ok(())
}
