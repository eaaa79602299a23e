//! Charts: the ring buffer (overwriting the oldest when full, refusing values that are
//! not finite), the ranges, what a push repaints in each mode (pixels counted, the
//! screen checked against a fresh frame after every push), and golden frames of a line
//! and of bars (regenerate with `SPRIG_BLESS=1 cargo test -p sprig-ui`).

mod frames;

use frames::Frames;
use sprig::{world, CompId, Error, Size2, Vec2};
use sprig_ui::{Chart, ChartKind, ChartRange, ChartUpdate};

type Chart11 = Chart<11>;

world! {
    type App = World { nodes: 4, components: AppSet { Chart11: 1 } };
}

const FIXED: ChartRange = ChartRange::Fixed {
    min: 0.0,
    max: 10.0,
};

/// A 104×44 screen (origin bottom-left) with a 100×40 chart whose bottom-left corner is
/// at world (2, 2).
fn scene(chart: Chart11) -> (App, CompId) {
    let mut world = App::new();
    let root = world.root();
    world
        .set_content_size(root, Size2::new(104.0, 44.0))
        .unwrap();
    world.set_anchor(root, Vec2::ZERO).unwrap();
    let node = world.create_child(root, "Chart").unwrap();
    world.set_anchor(node, Vec2::ZERO).unwrap();
    world.set_position(node, Vec2::new(2.0, 2.0)).unwrap();
    world
        .set_content_size(node, Size2::new(100.0, 40.0))
        .unwrap();
    let chart = world.add_component(node, chart).unwrap();
    world.tick(0.0).unwrap();
    (world, chart)
}

/// The values 0 to 10 and back, a point a slot.
fn wave(i: u64) -> f32 {
    let k = (i % 20) as f32;
    if k <= 10.0 {
        k
    } else {
        20.0 - k
    }
}

#[test]
fn a_full_ring_overwrites_the_oldest_and_bad_values_change_nothing() {
    let mut chart = Chart::<3>::new(ChartKind::Line);
    assert_eq!(
        (chart.len(), chart.capacity(), chart.latest()),
        (0, 3, None)
    );
    for v in [1.0, 2.0, 3.0] {
        chart.push(v).unwrap();
    }
    assert!(chart.is_full());
    chart.push(4.0).unwrap();
    assert_eq!(chart.iter().collect::<Vec<_>>(), [2.0, 3.0, 4.0]);
    assert_eq!(
        (chart.get(0), chart.get(3), chart.latest()),
        (Some(2.0), None, Some(4.0))
    );
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert_eq!(chart.push(bad), Err(Error::InvalidValue));
    }
    assert_eq!(chart.iter().collect::<Vec<_>>(), [2.0, 3.0, 4.0]);
    assert_eq!(chart.pushed(), 4);
    chart.clear();
    assert!(chart.is_empty());
    assert_eq!(chart.iter().count(), 0);
}

#[test]
fn the_automatic_range_spans_the_points_held_and_a_fixed_one_is_checked() {
    let mut chart = Chart::<3>::new(ChartKind::Bar);
    assert_eq!(chart.range(), (0.0, 1.0));
    chart.push(5.0).unwrap();
    assert_eq!(chart.range(), (4.0, 6.0));
    for v in [-2.0, 7.0, 3.0] {
        chart.push(v).unwrap();
    }
    // 5 is gone: -2, 7 and 3 are held.
    assert_eq!(chart.range(), (-2.0, 7.0));
    chart.push(4.0).unwrap(); // -2 goes
    assert_eq!(chart.range(), (3.0, 7.0));
    for bad in [
        ChartRange::Fixed { min: 1.0, max: 1.0 },
        ChartRange::Fixed {
            min: 0.0,
            max: f32::NAN,
        },
    ] {
        assert_eq!(chart.set_range(bad), Err(Error::InvalidValue));
    }
    assert_eq!(chart.range_setting(), ChartRange::Auto);
    chart.set_range(FIXED).unwrap();
    assert_eq!(chart.range(), (0.0, 10.0));
}

#[test]
fn a_push_before_the_chart_is_full_repaints_only_the_new_segment_s_columns() {
    let (mut world, chart) = scene(Chart11::new(ChartKind::Line).with_range(FIXED).unwrap());
    let mut frames: Frames<4> = Frames::new(104, 44);
    assert_eq!(frames.frame(&mut world).pixels_flushed, 104 * 44);
    let mut flushed = Vec::new();
    for i in 0..11 {
        world
            .get_mut::<Chart11>(chart)
            .unwrap()
            .push(wave(i))
            .unwrap();
        world.tick(0.0).unwrap();
        flushed.push(frames.frame(&mut world).pixels_flushed);
    }
    // Slots 9.8 px apart from x = 1 (half the line's width in). The first point is a
    // dot: 2 px either side of it, cut at the node's left edge, 3 columns. Each next
    // push: from 2 px left of the previous point to 2 px right of the new one, 13.8 px,
    // 14 or 15 whole columns (13 where the node's edge cuts it), of the plot's 40
    // rows: 520 to 600 pixels, against 4 000 for the whole chart.
    assert_eq!(
        flushed,
        [120, 520, 600, 600, 600, 560, 560, 600, 600, 600, 520]
    );
    // Full, a push scrolls the whole plot.
    world.get_mut::<Chart11>(chart).unwrap().push(1.0).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(frames.frame(&mut world).pixels_flushed, 4000);
}

#[test]
fn sweeping_a_push_repaints_only_its_columns_even_when_full() {
    let chart = Chart11::new(ChartKind::Line)
        .with_update(ChartUpdate::Sweep)
        .with_range(FIXED)
        .unwrap();
    let (mut world, chart) = scene(chart);
    let mut frames: Frames<4> = Frames::new(104, 44);
    frames.frame(&mut world);
    let mut flushed = Vec::new();
    for i in 0..30 {
        world
            .get_mut::<Chart11>(chart)
            .unwrap()
            .push(wave(i))
            .unwrap();
        world.tick(0.0).unwrap();
        flushed.push(frames.frame(&mut world).pixels_flushed);
    }
    // Once full, the columns from the point before the new one to the point after it
    // (the break after the newest point moves on with it): 23.6 px, 24 or 25 columns
    // (23 where the node's edge cuts it; 13 for the last slot, which joins nothing
    // after it). A push into the first slot wraps round the right edge: the whole plot.
    assert_eq!(
        &flushed[11..],
        [
            4000, 920, 1000, 1000, 960, 960, 960, 1000, 1000, 920, 520, 4000, 920, 1000, 1000, 960,
            960, 960, 1000
        ]
    );
}

#[test]
fn a_bar_push_repaints_its_column_and_a_new_extreme_the_whole_chart() {
    let (mut world, chart) = scene(Chart11::new(ChartKind::Bar));
    let mut frames: Frames<4> = Frames::new(104, 44);
    frames.frame(&mut world);
    let mut flushed = Vec::new();
    for v in [5.0, 3.0, 4.0, 4.5, 9.0, 6.0] {
        world.get_mut::<Chart11>(chart).unwrap().push(v).unwrap();
        world.tick(0.0).unwrap();
        flushed.push(frames.frame(&mut world).pixels_flushed);
    }
    // The automatic range: the first two pushes and the 9 change it (the whole chart);
    // 4 and 4.5 only their column, 9.1 px and a pixel either side: 12 columns of 40.
    assert_eq!(flushed, [4000, 4000, 480, 480, 4000, 480]);
    // A clear repaints it all, and so does the first push after it (a new range).
    world.get_mut::<Chart11>(chart).unwrap().clear();
    world.tick(0.0).unwrap();
    assert_eq!(frames.frame(&mut world).pixels_flushed, 4000);
    world.get_mut::<Chart11>(chart).unwrap().push(2.0).unwrap();
    world.tick(0.0).unwrap();
    assert_eq!(frames.frame(&mut world).pixels_flushed, 4000);
}

#[test]
fn golden_frames_a_line_and_bars() {
    let (mut world, chart) = scene(Chart11::new(ChartKind::Line).with_range(FIXED).unwrap());
    for v in [2.0, 4.0, 3.0, 7.0, 9.5, 6.0, 6.5, 1.0, 0.0] {
        world.get_mut::<Chart11>(chart).unwrap().push(v).unwrap();
    }
    world.tick(0.0).unwrap();
    frames::check_golden("chart_line", &mut world, 104, 44);
    let (mut world, chart) = scene(Chart11::new(ChartKind::Bar).with_range(FIXED).unwrap());
    for v in [2.0, 4.0, 3.0, 7.0, 9.5, 6.0, 6.5, 1.0, 0.0, 10.0, 5.0, 8.0] {
        world.get_mut::<Chart11>(chart).unwrap().push(v).unwrap();
    }
    world.tick(0.0).unwrap();
    frames::check_golden("chart_bars", &mut world, 104, 44);
}
