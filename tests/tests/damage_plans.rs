//! The damage planner on small exact cases taken from the bus bench's animation suite
//! (`cargo bench -p sprig-tests --bench bus`): the rectangles a frame damages, in the
//! order the renderer adds them, and the exact plan and bytes that go on the bus.

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::primitives::Rectangle;
use sprig::render::damage::{BusCost, Damage, DamageStats};

fn rect(x: i32, y: i32, width: u32, height: u32) -> Rectangle {
    Rectangle::new(Point::new(x, y), Size::new(width, height))
}

const OLED: Rectangle = Rectangle::new(Point::new(0, 0), Size::new(128, 64));

fn plan<const R: usize>(cost: BusCost, added: &[Rectangle]) -> Damage<R> {
    let mut damage: Damage<R> = Damage::new(OLED, cost);
    for &r in added {
        damage.add(r);
    }
    damage
}

#[test]
fn a_scrolled_list_row_sends_its_moved_edge_as_one_window_and_its_short_bar_edge_apart() {
    // The shadow's runs: a 120 px stroke edge on two rows, then a 40 px bar edge two rows
    // below. Stacking the edge rows saves a command at no pixel cost; widening the bar
    // edge to 120 px would send 80 more pixels (320 bits) to save 48.
    let damage: Damage<16> = plan(
        BusCost::GRAY4_SSD0323,
        &[
            rect(4, 10, 120, 1),
            rect(4, 11, 120, 1),
            rect(14, 13, 40, 1),
        ],
    );
    assert_eq!(damage.rects(), [rect(4, 10, 120, 2), rect(14, 13, 40, 1)]);
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 2,
            pixels: 280,
            bytes: 140 + 2 * 6
        }
    );
}

#[test]
fn a_sprite_moving_one_pixel_sends_the_union_of_its_old_and_new_bounds() {
    let damage: Damage<16> = plan(
        BusCost::GRAY4_SSD0323,
        &[rect(10, 20, 10, 10), rect(11, 20, 10, 10)],
    );
    assert_eq!(damage.rects(), [rect(10, 20, 11, 10)]);
    assert_eq!(damage.stats().bytes, 55 + 6);
}

#[test]
fn a_progress_bar_growing_one_pixel_sends_one_column() {
    // The shadow finds one changed pixel on each of the bar's 6 rows.
    let runs: Vec<Rectangle> = (29..35).map(|y| rect(40, y, 1, 1)).collect();
    let damage: Damage<16> = plan(BusCost::GRAY4_SSD0323, &runs);
    assert_eq!(damage.rects(), [rect(40, 29, 1, 6)]);
    assert_eq!(damage.stats().bytes, 3 + 6);
}

#[test]
fn a_blinking_cursor_is_one_small_window() {
    let damage: Damage<16> = plan(BusCost::RGB565_MIPI_DCS, &[rect(72, 30, 2, 9)]);
    assert_eq!(damage.rects(), [rect(72, 30, 2, 9)]);
    assert_eq!(damage.stats().bytes, 36 + 11);
}

#[test]
fn scattered_dots_keep_a_window_each_where_slint_would_merge_the_fourth() {
    // Slint keeps 3 rectangles and would grow one over the fourth dot; here each dot's
    // own 11-byte command is far cheaper than the pixels between.
    let dots = [
        rect(4, 4, 3, 3),
        rect(60, 30, 3, 3),
        rect(120, 56, 3, 3),
        rect(4, 56, 3, 3),
    ];
    let damage: Damage<16> = plan(BusCost::RGB565_MIPI_DCS, &dots);
    assert_eq!(damage.rects(), dots);
    assert_eq!(damage.stats().bytes, 4 * (18 + 11));
}

#[test]
fn dots_one_pixel_apart_share_a_window_when_the_gap_costs_less_than_a_command() {
    // Gray4: the 1×3 gap is 12 bits, a second command 48.
    let damage: Damage<16> = plan(
        BusCost::GRAY4_SSD0323,
        &[rect(4, 4, 3, 3), rect(8, 4, 3, 3)],
    );
    assert_eq!(damage.rects(), [rect(4, 4, 7, 3)]);
    assert_eq!(damage.stats().bytes, 11 + 6);
}

#[test]
fn an_overlap_is_sent_once_where_lvgl_would_send_it_twice() {
    // An L: a 30×4 bar and a 4×30 bar sharing their 4×4 corner. Their bounding box is
    // larger than both, so neither planner joins them; LVGL sends the corner twice
    // (240 px), Sprig cuts it off the second bar (224 px).
    let damage: Damage<16> = plan(
        BusCost::GRAY4_SSD0323,
        &[rect(0, 0, 30, 4), rect(0, 0, 4, 30)],
    );
    assert_eq!(damage.rects(), [rect(0, 0, 30, 4), rect(0, 4, 4, 26)]);
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 2,
            pixels: 224,
            bytes: 112 + 2 * 6
        }
    );
}

#[test]
fn a_full_list_merges_the_pair_that_adds_the_fewest_bytes() {
    // Two slots, three dots: joining the two in the left column adds 2×58 pixels, the
    // two on the top row 2×98, so the left column becomes one window.
    let damage: Damage<2> = plan(
        BusCost::GRAY4_SSD0323,
        &[rect(0, 0, 2, 2), rect(100, 0, 2, 2), rect(0, 60, 2, 2)],
    );
    assert_eq!(damage.rects(), [rect(100, 0, 2, 2), rect(0, 0, 2, 62)]);
    assert_eq!(damage.stats().bytes, 64 + 2 * 6);
}

#[test]
fn a_page_switch_collapses_its_pieces_into_the_panel() {
    // A panel recoloured: its bounds arrive after smaller pieces inside it.
    let damage: Damage<16> = plan(
        BusCost::RGB565_MIPI_DCS,
        &[rect(10, 10, 8, 8), rect(90, 40, 8, 8), rect(4, 4, 120, 56)],
    );
    assert_eq!(damage.rects(), [rect(4, 4, 120, 56)]);
    assert_eq!(damage.stats().bytes, 120 * 56 * 2 + 11);
}
