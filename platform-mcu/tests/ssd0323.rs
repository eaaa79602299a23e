//! The SSD0323 driver against an emulated controller (a fake SPI device and D/C pin that
//! interpret the byte stream into a 128×80 4-bit GDDRAM): the power-up sequence and
//! clear, byte-widened windows for odd columns that keep the neighbour pixel, areas
//! partly or wholly off the screen, read-back through `pixel()`, the byte count, and
//! SPI / pin errors.

mod common;

use common::{emulated, points, Window, INIT, RAM_ROWS};
use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::{Gray4, GrayColor};
use embedded_graphics::primitives::Rectangle;
use embedded_hal::{digital, spi};
use sprig_mcu::ssd0323::{Ssd0323Error, BUFFER_BYTES, HEIGHT, WIDTH};
use sprig_mcu::Panel;

/// A level for each point that differs between neighbours: `(x + 3y) % 15 + 1`.
fn pattern(p: Point) -> Gray4 {
    Gray4::new(((p.x + 3 * p.y).rem_euclid(15) + 1) as u8)
}

fn rect(x: i32, y: i32, w: u32, h: u32) -> Rectangle {
    Rectangle::new(Point::new(x, y), Size::new(w, h))
}

#[test]
fn init_sends_the_power_up_sequence_then_clears_the_visible_screen() {
    let (mut oled, ctl) = emulated();
    // Left-over RAM contents from before the reset.
    ctl.borrow_mut().ram.fill(0xA5);
    assert!(ctl.borrow().stream.is_empty(), "new() sends nothing");

    oled.init().unwrap();

    let c = ctl.borrow();
    assert_eq!(c.stream.len(), 2, "commands, then data");
    let (data, commands) = &c.stream[0];
    assert!(!data);
    let mut expected = INIT.to_vec();
    expected.extend_from_slice(&[0x15, 0, 63, 0x75, 0, 63]);
    assert_eq!(commands, &expected);
    let (data, pixels) = &c.stream[1];
    assert!(data);
    assert_eq!(pixels.len(), 64 * 64);
    assert!(pixels.iter().all(|&b| b == 0));
    // Rows 0..64 are black; the 16 rows the panel does not show are untouched.
    for y in 0..RAM_ROWS {
        for x in 0..128 {
            let expected = match (y < 64, x % 2) {
                (true, _) => 0,
                (false, 0) => 0xA,
                (false, _) => 0x5,
            };
            assert_eq!(c.level(x, y), expected, "({x}, {y})");
        }
    }
    assert_eq!(
        c.windows,
        [Window {
            c0: 0,
            c1: 63,
            r0: 0,
            r1: 63
        }]
    );
    assert_eq!(oled.bytes_sent(), 11 + 6 + 4096);
    assert_eq!(oled.bytes_sent(), c.command_bytes + c.data_bytes);
    assert_eq!(BUFFER_BYTES, 4096);
    assert_eq!(oled.size(), Size::new(WIDTH, HEIGHT));
    assert_eq!((WIDTH, HEIGHT), (128, 64));
}

#[test]
fn a_whole_screen_write_lands_pixel_for_pixel() {
    let (mut oled, ctl) = emulated();
    oled.init().unwrap();
    ctl.borrow_mut().clear_log();
    let screen = rect(0, 0, 128, 64);
    oled.write_rect(&screen, points(&screen).into_iter().map(pattern))
        .unwrap();
    let c = ctl.borrow();
    assert_eq!(c.commands(), [0x15, 0, 63, 0x75, 0, 63]);
    assert_eq!(c.data_bytes, 4096);
    for p in points(&screen) {
        let (x, y) = (p.x as usize, p.y as usize);
        assert_eq!(c.level(x, y), pattern(p).luma(), "{p:?}");
        assert_eq!(oled.pixel(p.x as u32, p.y as u32), Some(pattern(p)));
    }
}

/// Fills the screen with `pattern`, then forgets the log: every pixel has a known,
/// non-black neighbour.
fn patterned() -> (common::Oled, common::Shared) {
    let (mut oled, ctl) = emulated();
    oled.init().unwrap();
    let screen = rect(0, 0, 128, 64);
    oled.write_rect(&screen, points(&screen).into_iter().map(pattern))
        .unwrap();
    ctl.borrow_mut().clear_log();
    (oled, ctl)
}

/// Writes `area` with level `level` everywhere.
fn fill(oled: &mut common::Oled, area: Rectangle, level: u8) {
    let n = (area.size.width * area.size.height) as usize;
    oled.write_rect(&area, std::iter::repeat_n(Gray4::new(level), n))
        .unwrap();
}

/// Every pixel of the screen: `level` inside `area`, the pattern outside, both in the
/// emulated RAM and through `pixel()`.
fn assert_screen(oled: &common::Oled, ctl: &common::Shared, area: Rectangle, level: u8) {
    let c = ctl.borrow();
    for p in points(&rect(0, 0, 128, 64)) {
        let expected = if area.contains(p) {
            level
        } else {
            pattern(p).luma()
        };
        assert_eq!(
            c.level(p.x as usize, p.y as usize),
            expected,
            "RAM at {p:?}"
        );
        assert_eq!(
            oled.pixel(p.x as u32, p.y as u32).map(|g| g.luma()),
            Some(expected),
            "pixel() at {p:?}"
        );
    }
}

#[test]
fn odd_x_and_odd_width_send_the_byte_widened_window_and_keep_the_neighbours() {
    let (mut oled, ctl) = patterned();
    // x 3..=6: byte columns 1..=3 (pixels 2..=7); pixels 2 and 7 are sent as they were.
    let area = rect(3, 5, 4, 2);
    fill(&mut oled, area, 0);
    {
        let c = ctl.borrow();
        assert_eq!(c.commands(), [0x15, 1, 3, 0x75, 5, 6]);
        assert_eq!(c.data_bytes, 3 * 2);
        assert_eq!(
            c.windows,
            [Window {
                c0: 1,
                c1: 3,
                r0: 5,
                r1: 6
            }]
        );
    }
    assert_screen(&oled, &ctl, area, 0);
    assert_eq!(oled.bytes_sent() - 4113 - 6 - 4096, 6 + 6);

    // Even x, odd width: x 4..=6 is byte columns 2..=3; pixel 7 is kept.
    let (mut oled, ctl) = patterned();
    let area = rect(4, 10, 3, 1);
    fill(&mut oled, area, 0);
    assert_eq!(ctl.borrow().commands(), [0x15, 2, 3, 0x75, 10, 10]);
    assert_eq!(ctl.borrow().data_bytes, 2);
    assert_screen(&oled, &ctl, area, 0);

    // A single odd pixel: one byte, its left neighbour kept.
    let (mut oled, ctl) = patterned();
    let area = rect(127, 63, 1, 1);
    fill(&mut oled, area, 0);
    assert_eq!(ctl.borrow().commands(), [0x15, 63, 63, 0x75, 63, 63]);
    assert_eq!(ctl.borrow().data_bytes, 1);
    assert_screen(&oled, &ctl, area, 0);

    // Even x, even width: exactly the rectangle's bytes.
    let (mut oled, ctl) = patterned();
    let area = rect(10, 20, 6, 3);
    fill(&mut oled, area, 15);
    assert_eq!(ctl.borrow().commands(), [0x15, 5, 7, 0x75, 20, 22]);
    assert_eq!(ctl.borrow().data_bytes, 9);
    assert_screen(&oled, &ctl, area, 15);
}

#[test]
fn pixels_arrive_in_row_major_order() {
    let (mut oled, ctl) = patterned();
    let area = rect(5, 7, 5, 3);
    // Level k for the k-th pixel of the area.
    oled.write_rect(&area, (0..15u8).map(Gray4::new)).unwrap();
    let c = ctl.borrow();
    for (k, p) in points(&area).into_iter().enumerate() {
        assert_eq!(c.level(p.x as usize, p.y as usize), k as u8, "{p:?}");
    }
    assert_eq!(c.level(4, 7), pattern(Point::new(4, 7)).luma());
    assert_eq!(c.level(10, 9), pattern(Point::new(10, 9)).luma());
}

#[test]
fn an_area_partly_off_screen_sends_only_its_visible_part() {
    // Off the top-left corner: the visible part is x 0..=2, y 0..=1.
    let (mut oled, ctl) = patterned();
    let area = rect(-3, -2, 6, 4);
    let colors: Vec<Gray4> = (0..24u8).map(|k| Gray4::new(k % 16)).collect();
    oled.write_rect(&area, colors.iter().copied()).unwrap();
    {
        let c = ctl.borrow();
        assert_eq!(c.commands(), [0x15, 0, 1, 0x75, 0, 1]);
        assert_eq!(c.data_bytes, 2 * 2);
        // Each visible pixel got the colour of its place in the whole area's row-major order.
        for (k, p) in points(&area).into_iter().enumerate() {
            if p.x >= 0 && p.y >= 0 {
                assert_eq!(c.level(p.x as usize, p.y as usize), k as u8 % 16, "{p:?}");
            }
        }
        // Pixel 3 of rows 0 and 1 shares a byte with pixel 2 and was sent as it was.
        assert_eq!(c.level(3, 0), pattern(Point::new(3, 0)).luma());
        assert_eq!(c.level(3, 1), pattern(Point::new(3, 1)).luma());
        assert_eq!(c.level(0, 2), pattern(Point::new(0, 2)).luma());
    }

    // Off the bottom-right corner: x 126..=127, y 62..=63, rows 64.. of RAM untouched.
    let (mut oled, ctl) = patterned();
    let area = rect(126, 62, 4, 4);
    fill(&mut oled, area, 9);
    assert_eq!(ctl.borrow().commands(), [0x15, 63, 63, 0x75, 62, 63]);
    assert_eq!(ctl.borrow().data_bytes, 2);
    assert_screen(&oled, &ctl, area, 9);
    assert!(ctl.borrow().ram[64 * 64..].iter().all(|&b| b == 0));
}

#[test]
fn an_area_wholly_off_screen_or_empty_sends_nothing() {
    let (mut oled, ctl) = patterned();
    for area in [
        rect(128, 0, 4, 4),
        rect(0, 64, 4, 4),
        rect(-10, -10, 5, 5),
        rect(-4, 10, 4, 1),
        rect(200, 200, 3, 3),
        rect(10, 10, 0, 5),
        rect(10, 10, 5, 0),
    ] {
        fill(&mut oled, area, 0);
        let c = ctl.borrow();
        assert!(c.stream.is_empty(), "{area:?} sent {:?}", c.stream);
    }
    assert_screen(&oled, &ctl, Rectangle::zero(), 0);
    assert_eq!(oled.bytes_sent(), 4113 + 6 + 4096);
}

#[test]
fn pixel_reads_back_what_was_written_and_none_outside() {
    let (mut oled, _ctl) = emulated();
    oled.init().unwrap();
    assert_eq!(oled.pixel(0, 0), Some(Gray4::BLACK));
    oled.write_rect(&rect(1, 2, 1, 1), [Gray4::new(7)]).unwrap();
    oled.write_rect(&rect(2, 2, 1, 1), [Gray4::new(12)])
        .unwrap();
    assert_eq!(oled.pixel(0, 2), Some(Gray4::BLACK));
    assert_eq!(oled.pixel(1, 2), Some(Gray4::new(7)));
    assert_eq!(oled.pixel(2, 2), Some(Gray4::new(12)));
    assert_eq!(oled.pixel(3, 2), Some(Gray4::BLACK));
    assert_eq!(oled.pixel(128, 0), None);
    assert_eq!(oled.pixel(0, 64), None);
    assert_eq!(oled.pixel(u32::MAX, u32::MAX), None);
}

#[test]
fn bytes_sent_counts_every_byte_on_the_bus() {
    let (mut oled, ctl) = patterned();
    for (k, area) in [rect(1, 1, 3, 3), rect(-2, 60, 9, 9), rect(64, 0, 64, 64)]
        .into_iter()
        .enumerate()
    {
        fill(&mut oled, area, k as u8);
    }
    let c = ctl.borrow();
    assert_eq!(
        oled.bytes_sent(),
        4113 + 6 + 4096 + c.command_bytes + c.data_bytes
    );
    let windows: u64 = c.windows.iter().map(Window::bytes).sum();
    assert_eq!(c.data_bytes, windows);
    assert_eq!(c.command_bytes, 6 * 3);
}

#[test]
fn a_failing_spi_transfer_or_pin_is_reported() {
    let (mut oled, ctl) = emulated();
    ctl.borrow_mut().spi_ok_before_failure = Some(0);
    ctl.borrow_mut().spi_failures = 1;
    assert_eq!(oled.init(), Err(Ssd0323Error::Spi(spi::ErrorKind::Overrun)));
    oled.init().unwrap();
    ctl.borrow_mut().dc_fails = true;
    assert_eq!(
        oled.write_rect(&rect(0, 0, 1, 1), [Gray4::WHITE]),
        Err(Ssd0323Error::Pin(digital::ErrorKind::Other))
    );
    ctl.borrow_mut().dc_fails = false;
    // The pixel was kept in the screen copy; the next write of its byte sends it.
    fill(&mut oled, rect(1, 0, 1, 1), 3);
    assert_eq!(ctl.borrow().level(0, 0), 15);
    assert_eq!(ctl.borrow().level(1, 0), 3);
}
