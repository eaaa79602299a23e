//! The damage list: which rectangles merge, which stay apart, what a frame flushes, and
//! properties over random sequences of damaged rectangles.

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::primitives::Rectangle;
use proptest::prelude::*;
use sprig::render::damage::{BusCost, Damage, DamageStats};

fn rect(x: i32, y: i32, width: u32, height: u32) -> Rectangle {
    Rectangle::new(Point::new(x, y), Size::new(width, height))
}

fn screen(width: u32, height: u32) -> Rectangle {
    rect(0, 0, width, height)
}

/// One bit per pixel and no command cost: costs are plain pixel counts.
const PIXELS_ONLY: BusCost = BusCost::new(1, 0);

// --- merging by cost ---------------------------------------------------------------

#[test]
fn adjacent_rects_merge_into_one_window() {
    let mut damage: Damage<8> = Damage::new(screen(240, 240), BusCost::RGB565_MIPI_DCS);
    damage.add(rect(0, 0, 10, 10));
    damage.add(rect(10, 0, 10, 10));
    assert_eq!(damage.rects(), [rect(0, 0, 20, 10)]);
    damage.add(rect(0, 10, 20, 5));
    assert_eq!(damage.rects(), [rect(0, 0, 20, 15)]);
}

#[test]
fn adjacent_rects_merge_even_without_command_cost() {
    // Same pixels either way, so the merge does not raise the cost and is taken; the
    // merged rect moves to the end of the list.
    let mut damage: Damage<8> = Damage::new(screen(128, 64), PIXELS_ONLY);
    damage.add(rect(0, 0, 4, 4));
    damage.add(rect(100, 50, 4, 4));
    damage.add(rect(0, 4, 4, 4));
    assert_eq!(damage.rects(), [rect(100, 50, 4, 4), rect(0, 0, 4, 8)]);
}

#[test]
fn a_moving_sprite_damages_one_window_over_old_and_new_bounds() {
    let mut damage: Damage<8> = Damage::new(screen(240, 240), BusCost::RGB565_MIPI_DCS);
    damage.add(rect(100, 50, 16, 16));
    damage.add(rect(103, 52, 16, 16));
    assert_eq!(damage.rects(), [rect(100, 50, 19, 18)]);
}

#[test]
fn a_gap_is_bridged_only_when_a_second_command_costs_more_than_its_pixels() {
    // Two 4×4 rects 4 px apart at 16 bpp: one window sends 16 more pixels (256 bits);
    // a second window costs 8 × bytes_per_rect bits.
    let a = rect(0, 0, 4, 4);
    let b = rect(8, 0, 4, 4);

    let mut low: Damage<8> = Damage::new(screen(240, 240), BusCost::new(16, 31));
    low.add(a);
    low.add(b);
    assert_eq!(low.rects(), [a, b], "248 bits of command < 256 bits of gap");

    let mut high: Damage<8> = Damage::new(screen(240, 240), BusCost::new(16, 32));
    high.add(a);
    high.add(b);
    assert_eq!(
        high.rects(),
        [rect(0, 0, 12, 4)],
        "256 bits of command = gap"
    );
}

#[test]
fn far_apart_small_rects_stay_separate_on_a_real_panel() {
    let mut damage: Damage<8> = Damage::new(screen(240, 240), BusCost::RGB565_MIPI_DCS);
    damage.add(rect(0, 0, 8, 8));
    damage.add(rect(200, 200, 8, 8));
    damage.add(rect(0, 200, 8, 8));
    assert_eq!(
        damage.rects(),
        [rect(0, 0, 8, 8), rect(200, 200, 8, 8), rect(0, 200, 8, 8)]
    );
}

#[test]
fn a_merge_that_enables_another_is_followed() {
    // a and c are too far apart to merge, but b joins a, and the grown a∪b joins c.
    let mut damage: Damage<8> = Damage::new(screen(128, 64), BusCost::new(1, 1));
    damage.add(rect(0, 0, 10, 4));
    damage.add(rect(20, 0, 10, 4));
    assert_eq!(damage.rects(), [rect(0, 0, 10, 4), rect(20, 0, 10, 4)]);
    damage.add(rect(10, 0, 10, 4));
    assert_eq!(damage.rects(), [rect(0, 0, 30, 4)]);
}

// --- containment, trimming, clipping, empties ---------------------------------------

#[test]
fn a_rect_inside_a_listed_one_changes_nothing() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(10, 10, 40, 20));
    damage.add(rect(100, 50, 4, 4));
    damage.add(rect(20, 15, 5, 5));
    damage.add(rect(10, 10, 40, 20));
    assert_eq!(damage.rects(), [rect(10, 10, 40, 20), rect(100, 50, 4, 4)]);
}

#[test]
fn a_rect_covering_listed_ones_replaces_them() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(20, 15, 5, 5));
    damage.add(rect(100, 50, 4, 4));
    damage.add(rect(30, 12, 3, 3));
    damage.add(rect(10, 10, 40, 20));
    assert_eq!(damage.rects(), [rect(100, 50, 4, 4), rect(10, 10, 40, 20)]);
}

#[test]
fn the_part_a_listed_rect_already_sends_is_cut_off() {
    // The bar covers the top 5 rows of the new rect across its whole width.
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::RGB565_MIPI_DCS);
    damage.add(rect(0, 0, 100, 10));
    damage.add(rect(40, 5, 10, 25));
    assert_eq!(damage.rects(), [rect(0, 0, 100, 10), rect(40, 10, 10, 20)]);
}

#[test]
fn a_rect_covered_by_two_listed_ones_together_changes_nothing() {
    // A tall and a wide bar cross; the new rect is half in each.
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::RGB565_MIPI_DCS);
    damage.add(rect(0, 0, 10, 50));
    damage.add(rect(8, 20, 50, 10));
    let before = damage.rects().to_vec();
    damage.add(rect(5, 22, 10, 5));
    assert_eq!(damage.rects(), before);
}

#[test]
fn rects_are_clipped_to_the_screen() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(-5, -5, 10, 10));
    damage.add(rect(120, 60, 100, 100));
    damage.add(rect(i32::MAX - 1, i32::MAX - 1, u32::MAX, u32::MAX));
    damage.add(rect(i32::MIN, 30, u32::MAX, 1));
    assert_eq!(
        damage.rects(),
        [rect(0, 0, 5, 5), rect(120, 60, 8, 4), rect(0, 30, 128, 1)]
    );
}

#[test]
fn a_screen_not_at_the_origin_clips_to_its_own_bounds() {
    let mut damage: Damage<4> = Damage::new(rect(50, 20, 30, 30), BusCost::MONO_SSD1306);
    damage.add(rect(0, 0, 60, 25));
    assert_eq!(damage.rects(), [rect(50, 20, 10, 5)]);
}

#[test]
fn empty_and_off_screen_rects_are_ignored() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(10, 10, 0, 10));
    damage.add(rect(10, 10, 10, 0));
    damage.add(Rectangle::zero());
    damage.add(rect(128, 0, 10, 10));
    damage.add(rect(0, -10, 10, 10));
    assert!(damage.is_empty());
    assert_eq!(damage.stats(), DamageStats::default());

    let mut nothing_on_screen: Damage<4> = Damage::new(screen(0, 64), BusCost::GRAY4_SSD0323);
    nothing_on_screen.add(rect(0, 0, 10, 10));
    nothing_on_screen.add_all_screen();
    assert!(nothing_on_screen.is_empty());
}

// --- overflow -----------------------------------------------------------------------

#[test]
fn overflow_merges_the_new_rect_into_its_cheapest_partner() {
    // Pixel counts: a∪c = 2×7 = 14 (+6), a∪b = 22×2 = 44 (+36), b∪c = 22×7 = 154 (+146).
    let (a, b, c) = (rect(0, 0, 2, 2), rect(20, 0, 2, 2), rect(0, 5, 2, 2));
    let mut damage: Damage<2> = Damage::new(screen(128, 64), PIXELS_ONLY);
    damage.add(a);
    damage.add(b);
    assert_eq!(damage.rects(), [a, b]);
    damage.add(c);
    assert_eq!(damage.rects(), [b, rect(0, 0, 2, 7)]);
}

#[test]
fn overflow_can_merge_two_listed_rects_and_keep_the_new_one() {
    // a∪b = +6 is far cheaper than either with c, at the other end of the screen.
    let (a, b, c) = (rect(0, 0, 2, 2), rect(0, 5, 2, 2), rect(100, 50, 2, 2));
    let mut damage: Damage<2> = Damage::new(screen(128, 64), PIXELS_ONLY);
    damage.add(a);
    damage.add(b);
    damage.add(c);
    assert_eq!(damage.rects(), [c, rect(0, 0, 2, 7)]);
}

#[test]
fn overflow_ties_go_to_the_first_pair_in_list_order() {
    // a∪b and a∪c both cost +6 pixels; (a, b) comes first. b∪c = 7×7 = 49 (+41).
    let (a, b, c) = (rect(0, 0, 2, 2), rect(0, 5, 2, 2), rect(5, 0, 2, 2));
    let mut damage: Damage<2> = Damage::new(screen(128, 64), PIXELS_ONLY);
    damage.add(a);
    damage.add(b);
    damage.add(c);
    assert_eq!(damage.rects(), [c, rect(0, 0, 2, 7)]);
}

#[test]
fn a_single_slot_keeps_the_bounding_box() {
    let mut damage: Damage<1> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(0, 0, 2, 2));
    damage.add(rect(100, 50, 2, 2));
    damage.add(rect(60, 10, 2, 2));
    assert_eq!(damage.rects(), [rect(0, 0, 102, 52)]);
}

#[test]
fn the_list_collapses_to_its_bounding_box_when_that_is_cheaper() {
    // Three sides of a 10×10 frame, 3 px wide, 2 bytes per command. No pair is worth
    // merging (top∪bottom = 116 bits > 92), the left side is trimmed to 3×4 = 12 px, and
    // then the three windows (30 + 30 + 12 + 3 × 16 = 120 bits) cost more than the box
    // (100 + 16 = 116 bits).
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::new(1, 2));
    damage.add(rect(0, 0, 10, 3));
    damage.add(rect(0, 7, 10, 3));
    assert_eq!(damage.rects(), [rect(0, 0, 10, 3), rect(0, 7, 10, 3)]);
    damage.add(rect(0, 0, 3, 10));
    assert_eq!(damage.rects(), [rect(0, 0, 10, 10)]);
}

// --- whole screen, still frames, statistics ------------------------------------------

#[test]
fn damaging_the_whole_screen_is_one_rect() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(3, 3, 5, 5));
    damage.add(rect(100, 40, 5, 5));
    damage.add_all_screen();
    assert_eq!(damage.rects(), [screen(128, 64)]);
    damage.add(rect(3, 3, 5, 5));
    assert_eq!(damage.rects(), [screen(128, 64)]);
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 1,
            pixels: 128 * 64,
            bytes: 128 * 64 / 2 + 6
        }
    );
}

#[test]
fn a_still_frame_flushes_nothing() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(3, 3, 5, 5));
    damage.clear();
    assert!(damage.is_empty());
    assert_eq!(damage.rects(), []);
    assert_eq!(damage.cost(), 0);
    assert_eq!(damage.stats(), DamageStats::default());
}

#[test]
fn gray4_stats_round_pixel_data_up_to_whole_bytes() {
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(0, 0, 3, 3));
    // 9 px × 4 bits = 36 bits → 5 bytes, + 6 for the window.
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 1,
            pixels: 9,
            bytes: 11
        }
    );
    assert_eq!(damage.cost(), 36 + 48);

    damage.add(rect(100, 50, 5, 1));
    // 14 px × 4 bits = 56 bits → 7 bytes, + 2 × 6.
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 2,
            pixels: 14,
            bytes: 19
        }
    );
    assert_eq!(damage.cost(), 56 + 96);
}

#[test]
fn gray4_stats_count_an_overlap_in_each_rect_that_holds_it() {
    // A cross: one window for both would send 100 × 64 px.
    let mut damage: Damage<4> = Damage::new(screen(128, 64), BusCost::GRAY4_SSD0323);
    damage.add(rect(48, 0, 4, 64));
    damage.add(rect(0, 10, 100, 4));
    assert_eq!(damage.rects(), [rect(48, 0, 4, 64), rect(0, 10, 100, 4)]);
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 2,
            pixels: 256 + 400,
            bytes: 656 / 2 + 12
        }
    );
}

#[test]
fn rgb565_stats_are_two_bytes_per_pixel_plus_eleven_per_window() {
    let mut damage: Damage<4> = Damage::new(screen(240, 240), BusCost::RGB565_MIPI_DCS);
    damage.add(rect(0, 0, 10, 10));
    damage.add(rect(200, 100, 4, 4));
    assert_eq!(
        damage.stats(),
        DamageStats {
            rects: 2,
            pixels: 116,
            bytes: 232 + 22
        }
    );
    assert_eq!(damage.cost(), 116 * 16 + 2 * 88);
    assert_eq!(damage.cost(), damage.stats().bytes * 8);
}

#[test]
fn a_huge_screen_saturates_instead_of_overflowing() {
    let mut damage: Damage<2> = Damage::new(
        rect(i32::MIN, i32::MIN, u32::MAX, u32::MAX),
        BusCost::new(u32::MAX, u32::MAX),
    );
    damage.add_all_screen();
    damage.add(rect(0, 0, 1, 1));
    let stats = damage.stats();
    assert_eq!(stats.rects, 1);
    assert_eq!(stats.pixels, u64::from(u32::MAX) * u64::from(u32::MAX));
    assert_eq!(stats.bytes, u64::MAX);
    assert_eq!(damage.cost(), u64::MAX);
}

// --- properties ---------------------------------------------------------------------

/// Checks that every pixel of every (clipped) added rect is in some listed rect, on the
/// grid of all their edges: each cell of it is wholly in or out of every rect.
fn uncovered_cell(added: &[Rectangle], listed: &[Rectangle]) -> Option<Rectangle> {
    let mut xs: Vec<i32> = Vec::new();
    let mut ys: Vec<i32> = Vec::new();
    for r in added.iter().chain(listed) {
        xs.extend([r.top_left.x, r.top_left.x + r.size.width as i32]);
        ys.extend([r.top_left.y, r.top_left.y + r.size.height as i32]);
    }
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    let inside = |r: &Rectangle, x: i32, y: i32| r.contains(Point::new(x, y));
    for x in xs.windows(2) {
        for y in ys.windows(2) {
            let (x0, y0) = (x[0], y[0]);
            if added.iter().any(|r| inside(r, x0, y0)) && !listed.iter().any(|r| inside(r, x0, y0))
            {
                return Some(Rectangle::with_corners(
                    Point::new(x0, y0),
                    Point::new(x[1] - 1, y[1] - 1),
                ));
            }
        }
    }
    None
}

fn bounding_box(rects: &[Rectangle]) -> Option<Rectangle> {
    let mut corners = rects
        .iter()
        .filter_map(|r| Some((r.top_left, r.bottom_right()?)));
    let first = corners.next()?;
    let (top_left, bottom_right) = corners.fold(first, |(tl, br), (a, b)| {
        (tl.component_min(a), br.component_max(b))
    });
    Some(Rectangle::with_corners(top_left, bottom_right))
}

fn inside_screen(screen: &Rectangle, r: &Rectangle) -> bool {
    !r.is_zero_sized() && screen.intersection(r) == *r
}

fn check<const R: usize>(
    screen: Rectangle,
    cost: BusCost,
    added: &[Rectangle],
    pick: (usize, u32, u32, u32, u32),
) -> Result<(), TestCaseError> {
    let mut damage: Damage<R> = Damage::new(screen, cost);
    let mut clipped = Vec::new();
    for r in added {
        damage.add(*r);
        prop_assert!(damage.rects().len() <= R);
        let on_screen = screen.intersection(r);
        if !on_screen.is_zero_sized() {
            clipped.push(on_screen);
        }
    }
    let listed = damage.rects();

    prop_assert!(listed.len() <= R, "{} rects > R = {R}", listed.len());
    for r in listed {
        prop_assert!(inside_screen(&screen, r), "{r:?} is not inside {screen:?}");
    }
    prop_assert_eq!(uncovered_cell(&clipped, listed), None);
    match bounding_box(&clipped) {
        None => prop_assert!(damage.is_empty()),
        Some(bounds) => prop_assert!(
            damage.cost() <= cost.cost_bits(&bounds),
            "list costs {} > bounding box {}",
            damage.cost(),
            cost.cost_bits(&bounds)
        ),
    }
    for (i, a) in listed.iter().enumerate() {
        for b in &listed[i + 1..] {
            let union = bounding_box(&[*a, *b]).unwrap_or_default();
            prop_assert!(
                cost.cost_bits(&union) > cost.cost_bits(a) + cost.cost_bits(b),
                "{a:?} and {b:?} would merge at no extra cost"
            );
        }
    }

    // A rect inside one listed rect changes nothing.
    let (index, x, y, width, height) = pick;
    if let Some(host) = listed.get(index % listed.len().max(1)) {
        let x = x % host.size.width;
        let y = y % host.size.height;
        let inner = rect(
            host.top_left.x + x as i32,
            host.top_left.y + y as i32,
            1 + width % (host.size.width - x),
            1 + height % (host.size.height - y),
        );
        let before = damage.clone();
        damage.add(inner);
        prop_assert_eq!(damage.rects(), before.rects(), "adding {:?}", inner);
    }
    Ok(())
}

fn rects_on(width: u32, height: u32) -> impl Strategy<Value = Vec<Rectangle>> {
    let (w, h) = (width as i32, height as i32);
    prop::collection::vec(
        (-20..w + 4, -20..h + 4, 0..width / 2, 0..height / 2)
            .prop_map(|(x, y, w, h)| rect(x, y, w, h)),
        0..24,
    )
}

fn bus_cost() -> impl Strategy<Value = BusCost> {
    (prop::sample::select(vec![1u32, 4, 16, 24]), 0u32..64)
        .prop_map(|(bits, bytes)| BusCost::new(bits, bytes))
}

fn run(
    slots: usize,
    screen: Rectangle,
    cost: BusCost,
    added: &[Rectangle],
    pick: (usize, u32, u32, u32, u32),
) -> Result<(), TestCaseError> {
    match slots {
        1 => check::<1>(screen, cost, added, pick),
        2 => check::<2>(screen, cost, added, pick),
        3 => check::<3>(screen, cost, added, pick),
        4 => check::<4>(screen, cost, added, pick),
        5 => check::<5>(screen, cost, added, pick),
        6 => check::<6>(screen, cost, added, pick),
        7 => check::<7>(screen, cost, added, pick),
        _ => check::<8>(screen, cost, added, pick),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn damage_on_a_128x64_screen_covers_fits_and_stays_cheap(
        slots in 1usize..=8,
        cost in bus_cost(),
        added in rects_on(128, 64),
        pick in any::<(usize, u32, u32, u32, u32)>(),
    ) {
        run(slots, screen(128, 64), cost, &added, pick)?;
    }

    #[test]
    fn damage_on_a_240x240_screen_covers_fits_and_stays_cheap(
        slots in 1usize..=8,
        cost in bus_cost(),
        added in rects_on(240, 240),
        pick in any::<(usize, u32, u32, u32, u32)>(),
    ) {
        run(slots, screen(240, 240), cost, &added, pick)?;
    }
}
