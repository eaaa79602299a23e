//! The SSD1306 panel (feature `ssd1306`) on an emulated 128×64 module on I²C (see
//! `emulator/ssd1306.rs`): the showcase's OLED layout rendered in `BinaryColor` runs
//! through `Runner` and the `ssd1306` crate, and after each of the 60 frames the glass
//! must equal the simulator's full render of the same world, pixel for pixel, with every
//! flushed tile sent as whole pages. That render is also the simulator's 4-bit grey OLED
//! picture with each pixel lit from level 8 of 15 (`BinaryColor::from(Gray4)`), which
//! the test checks too. Then the panel's own behaviour (rows around a
//! rectangle kept, clipping, read-back, rotations) and the decoder's.

mod emulator;

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::{BinaryColor, Gray4, GrayColor};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_hal::i2c::I2c;
use emulator::ssd1306::{self as oled, Controller, Dark, DataWrite, Received, Shared};
use emulator::{Frame, SteppingClock};
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig_examples::{
    build_showcase, Layout, ShowcaseOledRenderer, ShowcaseWorld, SHOWCASE_DT, SHOWCASE_FPS,
};
use sprig_mcu::ssd1306::Ssd1306Panel;
use sprig_mcu::{sprig, NoInput, Panel, RunConfig, Runner};
use ssd1306::prelude::{DisplayRotation, DisplaySize128x64, I2CInterface};
use ssd1306::{I2CDisplayInterface, Ssd1306};

/// The showcase's OLED renderer drawing in `BinaryColor`: the same buffer and damage
/// capacity as `ShowcaseOledRenderer`, one bit a pixel.
type ShowcaseMonoRenderer = Renderer<BinaryColor, { sprig_examples::SHOWCASE_NODES }, 1024>;

type OledPanel = Ssd1306Panel<I2CInterface<oled::Bus>, DisplaySize128x64>;

const FRAMES: u32 = 60;

fn panel(rotation: DisplayRotation) -> (OledPanel, Shared) {
    let (controller, bus) = oled::emulated();
    let interface = I2CDisplayInterface::new(bus);
    let display = Ssd1306::new(interface, DisplaySize128x64, rotation);
    let Ok(mut panel) = Ssd1306Panel::new(display) else {
        panic!("{rotation:?} refused");
    };
    panel.init().unwrap();
    (panel, controller)
}

fn mono_renderer() -> ShowcaseMonoRenderer {
    ShowcaseMonoRenderer::new(
        Layout::OLED.size,
        Layout::OLED.palette.background,
        BusCost::MONO_SSD1306,
    )
}

fn showcase() -> ShowcaseWorld {
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, &Layout::OLED).unwrap();
    world
}

/// Checks that `writes` (one frame's windows) cover the `flushed` rectangles, in order:
/// each rectangle goes out as the renderer's bands of rows, top to bottom, every band
/// widened to whole pages (so two bands may share a page) and sent once in the
/// horizontal addressing mode. Returns the data bytes.
fn check_pages(frame: u32, flushed: &[Rectangle], writes: &[DataWrite]) -> u64 {
    let mut w = writes.iter().peekable();
    let mut bytes = 0;
    for r in flushed {
        let x0 = r.top_left.x as u8;
        let x1 = x0 + r.size.width as u8 - 1;
        let first_page = (r.top_left.y / 8) as u8;
        let last_page = ((r.top_left.y as u32 + r.size.height - 1) / 8) as u8;
        let mut next_page = first_page;
        loop {
            let band = w
                .next()
                .unwrap_or_else(|| panic!("frame {frame}, {r:?}: no window from page {next_page}"));
            assert_eq!(band.mode, 0, "horizontal addressing");
            assert_eq!(band.columns, (x0, x1), "frame {frame}, {r:?}: {band:?}");
            assert!(
                band.pages.0 == next_page
                    || band.pages.0 + 1 == next_page && band.pages.0 != first_page,
                "frame {frame}, {r:?}: {band:?} after page {next_page}"
            );
            assert!(band.pages.1 <= last_page, "frame {frame}, {r:?}: {band:?}");
            assert_eq!(band.start, (x0, band.pages.0));
            let window = u64::from(x1 - x0 + 1) * u64::from(band.pages.1 - band.pages.0 + 1);
            assert_eq!(band.bytes, window, "frame {frame}, {r:?}: {band:?}");
            bytes += window;
            next_page = band.pages.1 + 1;
            if band.pages.1 == last_page
                && w.peek()
                    .is_none_or(|n| n.columns != (x0, x1) || n.pages.0 != last_page)
            {
                break;
            }
        }
    }
    assert!(
        w.next().is_none(),
        "frame {frame}: windows beyond the flushed rectangles"
    );
    bytes
}

#[test]
fn every_showcase_frame_on_the_emulated_ssd1306_equals_the_simulator() {
    let (oled, controller) = panel(DisplayRotation::Rotate0);
    {
        let c = controller.borrow();
        assert_eq!(c.unknown, [], "commands the emulator does not know");
        let cleared = c.seen_picture().unwrap();
        assert!(cleared.pixels.iter().all(|&p| p == BinaryColor::Off));
    }
    let mut world = showcase();
    let mut renderer = mono_renderer();
    let mut runner = Runner::new(
        oled,
        SteppingClock(0),
        NoInput,
        RunConfig::fixed(SHOWCASE_FPS),
    );
    let mut reference_world = showcase();
    let mut reference_renderer = mono_renderer();
    let mut reference = Frame::new(Layout::OLED.size, BinaryColor::Off);
    // The simulator's own 4-bit grey OLED render of the same world.
    let mut grey_world = showcase();
    let mut grey_renderer = ShowcaseOledRenderer::new(
        Layout::OLED.size,
        Layout::OLED.palette.background,
        BusCost::GRAY4_SSD0323,
    );
    let mut grey = Frame::new(Layout::OLED.size, Gray4::BLACK);
    let (mut compared, mut lit, mut sent) = (0u64, 0u64, 0u64);
    // Pixels the simulator's themes light (any grey above black) that stay dark here.
    let mut dim = 0u64;

    for frame in 0..FRAMES {
        controller.borrow_mut().clear_log();
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        assert_eq!(report.frame, frame);
        reference_world.tick(SHOWCASE_DT).unwrap();
        let Ok(_) = reference_renderer.render_full(&mut reference_world, &mut reference);
        grey_world.tick(SHOWCASE_DT).unwrap();
        let Ok(_) = grey_renderer.render_full(&mut grey_world, &mut grey);
        let c = controller.borrow();
        let seen = c.seen_picture().unwrap();
        let wrong = seen.differences(&reference);
        assert!(
            wrong.is_empty(),
            "frame {frame}: {} pixels differ (x, y, seen, simulator), first {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(8)]
        );
        // The same as the simulator's grey picture with every pixel of level 8 (of 15)
        // or more lit: embedded-graphics' `BinaryColor::from(Gray4)`.
        let wrong = seen.differences(&grey.map(BinaryColor::from));
        assert!(
            wrong.is_empty(),
            "frame {frame}: {} pixels differ from the grey render at half, first {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(8)]
        );
        dim += grey
            .pixels
            .iter()
            .zip(&seen.pixels)
            .filter(|(g, s)| g.luma() > 0 && **s == BinaryColor::Off)
            .count() as u64;
        // The panel's copy is what the glass shows.
        for p in Rectangle::new(Point::zero(), Size::new(128, 64)).points() {
            assert_eq!(
                runner.panel().pixel(p.x as u32, p.y as u32),
                Some(seen.at(p.x as u32, p.y as u32))
            );
        }
        let bytes = check_pages(frame, renderer.flushed(), &c.writes);
        // Only windows (0x21, 0x22) go out during a frame.
        assert!(
            c.commands().chunks(2).all(|w| w == [0x21, 0x22]),
            "{:x?}",
            c.commands()
        );
        if frame == 0 {
            assert_eq!(bytes, 1024, "the whole screen, each page once");
        }
        sent += bytes;
        compared += 128 * 64;
        lit += seen
            .pixels
            .iter()
            .filter(|&&p| p == BinaryColor::On)
            .count() as u64;
    }
    assert_eq!(compared, 60 * 128 * 64);
    // A picture, not a black screen, and later frames send less than whole screens.
    assert!(lit > 60 * 500, "{lit}");
    assert!(sent < 60 * 1024, "{sent}");
    assert_eq!(controller.borrow().unknown, []);
    // The dial's track (grey 60 of 255) and the like: lit by `--theme`, dark here.
    assert!(dim > 0);
}

/// The check can fail: the same first frame on a display left in `Rotate180` (segment
/// remap and COM scan the other way round) is seen upside down, and on one whose
/// inverse bit is set, as the negative.
#[test]
fn a_wrong_orientation_or_inverse_setting_shows_on_the_emulated_glass() {
    let first_frame = |panel: OledPanel| {
        let mut world = showcase();
        let mut renderer = mono_renderer();
        let mut runner = Runner::new(
            panel,
            SteppingClock(0),
            NoInput,
            RunConfig::fixed(SHOWCASE_FPS),
        );
        runner.frame(&mut world, &mut renderer).unwrap();
        let mut reference_world = showcase();
        reference_world.tick(SHOWCASE_DT).unwrap();
        let mut reference = Frame::new(Layout::OLED.size, BinaryColor::Off);
        let Ok(_) = mono_renderer().render_full(&mut reference_world, &mut reference);
        reference
    };

    let (oled, controller) = panel(DisplayRotation::Rotate180);
    let reference = first_frame(oled);
    let seen = controller.borrow().seen_picture().unwrap();
    assert!(!seen.differences(&reference).is_empty());
    assert_eq!(seen.differences(&reference.upside_down()), []);

    let (oled, controller) = panel(DisplayRotation::Rotate0);
    oled::Bus(controller.clone())
        .write(oled::ADDRESS, &[0x00, 0xA7])
        .unwrap();
    let reference = first_frame(oled);
    let seen = controller.borrow().seen_picture().unwrap();
    assert_eq!(seen.differences(&reference).len(), 128 * 64);
}

#[test]
fn init_sends_the_ssd1306_crates_sequence_in_horizontal_mode_then_clears() {
    let (_panel, controller) = panel(DisplayRotation::Rotate0);
    let c = controller.borrow();
    let r = |command: u8, params: &[u8]| Received {
        command,
        params: params.to_vec(),
    };
    assert_eq!(
        c.log,
        [
            r(0xAE, &[]),
            r(0xD5, &[0x80]),
            r(0xA8, &[63]),
            r(0xD3, &[0]),
            r(0x40, &[]),
            r(0x8D, &[0x14]),
            r(0x20, &[0]),
            r(0xDA, &[0x12]),
            r(0xA1, &[]),
            r(0xC8, &[]),
            r(0xD9, &[0x21]),
            r(0x81, &[0x5F]),
            r(0xDB, &[0x40]),
            r(0xA4, &[]),
            r(0xA6, &[]),
            r(0x2E, &[]),
            r(0xAF, &[]),
            r(0x21, &[0, 127]),
            r(0x22, &[0, 7]),
        ]
    );
    assert_eq!(
        c.writes,
        [DataWrite {
            mode: 0,
            columns: (0, 127),
            pages: (0, 7),
            start: (0, 0),
            bytes: 1024
        }]
    );
    assert!(c.ram.iter().all(|&b| b == 0));
    assert_eq!(c.wrong_address, 0);
}

/// A panel whose screen holds a checkerboard, and the controller.
fn checkered() -> (OledPanel, Shared) {
    let (mut panel, controller) = panel(DisplayRotation::Rotate0);
    let screen = Rectangle::new(Point::zero(), Size::new(128, 64));
    panel
        .write_rect(&screen, screen.points().map(|p| checker(p.x, p.y)))
        .unwrap();
    controller.borrow_mut().clear_log();
    (panel, controller)
}

fn checker(x: i32, y: i32) -> BinaryColor {
    BinaryColor::from((x + y) % 2 == 0)
}

#[test]
fn a_rectangle_is_sent_as_whole_pages_keeping_the_rows_around_it() {
    let (mut panel, controller) = checkered();
    // Rows 5..=10 span pages 0 and 1: rows 0..=4 and 11..=15 go out as they were.
    let area = Rectangle::new(Point::new(3, 5), Size::new(4, 6));
    panel.write_rect(&area, [BinaryColor::On; 24]).unwrap();
    let c = controller.borrow();
    assert_eq!(c.commands(), [0x21, 0x22]);
    assert_eq!(
        c.writes,
        [DataWrite {
            mode: 0,
            columns: (3, 6),
            pages: (0, 1),
            start: (3, 0),
            bytes: 8
        }]
    );
    let seen = c.seen_picture().unwrap();
    for p in Rectangle::new(Point::zero(), Size::new(128, 64)).points() {
        let expected = if area.contains(p) {
            BinaryColor::On
        } else {
            checker(p.x, p.y)
        };
        assert_eq!(seen.at(p.x as u32, p.y as u32), expected, "{p:?}");
        assert_eq!(panel.pixel(p.x as u32, p.y as u32), Some(expected));
    }
}

#[test]
fn areas_off_the_screen_are_clipped_or_send_nothing() {
    let (mut panel, controller) = checkered();
    // Off the bottom-right corner: columns 126..=127, rows 62..=63 (page 7).
    let area = Rectangle::new(Point::new(126, 62), Size::new(4, 4));
    panel.write_rect(&area, [BinaryColor::On; 16]).unwrap();
    {
        let c = controller.borrow();
        assert_eq!(c.writes.len(), 1);
        assert_eq!(
            (c.writes[0].columns, c.writes[0].pages),
            ((126, 127), (7, 7))
        );
        let seen = c.seen_picture().unwrap();
        assert_eq!(seen.at(126, 62), BinaryColor::On);
        assert_eq!(seen.at(127, 63), BinaryColor::On);
        assert_eq!(seen.at(125, 62), checker(125, 62));
    }
    controller.borrow_mut().clear_log();
    for area in [
        Rectangle::new(Point::new(128, 0), Size::new(4, 4)),
        Rectangle::new(Point::new(0, 64), Size::new(4, 4)),
        Rectangle::new(Point::new(-8, -8), Size::new(8, 8)),
        Rectangle::new(Point::new(5, 5), Size::new(0, 3)),
    ] {
        panel.write_rect(&area, [BinaryColor::On; 64]).unwrap();
    }
    assert_eq!(controller.borrow().log, []);
    assert_eq!(panel.pixel(128, 0), None);
    assert_eq!(panel.pixel(0, 64), None);
}

#[test]
fn rotate180_shows_the_picture_upside_down_and_quarter_turns_are_refused() {
    let (mut panel, controller) = panel(DisplayRotation::Rotate180);
    let area = Rectangle::new(Point::new(0, 0), Size::new(2, 1));
    panel.write_rect(&area, [BinaryColor::On; 2]).unwrap();
    let seen = controller.borrow().seen_picture().unwrap();
    let lit: Vec<(u32, u32)> = Rectangle::new(Point::zero(), Size::new(128, 64))
        .points()
        .map(|p| (p.x as u32, p.y as u32))
        .filter(|&(x, y)| seen.at(x, y) == BinaryColor::On)
        .collect();
    assert_eq!(lit, [(126, 63), (127, 63)]);

    for rotation in [DisplayRotation::Rotate90, DisplayRotation::Rotate270] {
        let (_, bus) = oled::emulated();
        let display = Ssd1306::new(I2CDisplayInterface::new(bus), DisplaySize128x64, rotation);
        assert!(Ssd1306Panel::new(display).is_err(), "{rotation:?}");
    }
}

// ---------------------------------------------------------------------------------
// The decoder.

fn write(c: &Shared, bytes: &[u8]) {
    oled::Bus(c.clone()).write(oled::ADDRESS, bytes).unwrap();
}

fn powered() -> Shared {
    let (c, _) = oled::emulated();
    // Charge pump, the module's COM remaps, display on.
    write(&c, &[0x00, 0x8D, 0x14, 0xA1, 0xC8, 0xAF]);
    c
}

#[test]
fn horizontal_vertical_and_page_addressing_move_the_pointer_inside_the_window() {
    // Horizontal: columns 10..=11 of pages 2..=3, five bytes: the fifth wraps to the start.
    let c = powered();
    write(&c, &[0x00, 0x20, 0x00, 0x21, 10, 11, 0x22, 2, 3]);
    write(&c, &[0x40, 1, 2, 3, 4, 5]);
    {
        let c = c.borrow();
        let at = |page: usize, column: usize| c.ram[page * 128 + column];
        assert_eq!([at(2, 10), at(2, 11), at(3, 10), at(3, 11)], [5, 2, 3, 4]);
        assert_eq!(c.writes[0].bytes, 5);
    }
    // Vertical: down the pages first.
    let c = powered();
    write(&c, &[0x00, 0x20, 0x01, 0x21, 10, 11, 0x22, 2, 3]);
    write(&c, &[0x40, 1, 2, 3, 4]);
    {
        let c = c.borrow();
        let at = |page: usize, column: usize| c.ram[page * 128 + column];
        assert_eq!([at(2, 10), at(3, 10), at(2, 11), at(3, 11)], [1, 2, 3, 4]);
    }
    // Page mode: page 5 from column 0x7E (low nibble E, high nibble 7), wrapping to 0
    // on the same page.
    let c = powered();
    write(&c, &[0x00, 0x20, 0x02, 0xB5, 0x0E, 0x17]);
    write(&c, &[0x40, 1, 2, 3]);
    let c = c.borrow();
    assert_eq!(
        [c.ram[5 * 128 + 126], c.ram[5 * 128 + 127], c.ram[5 * 128]],
        [1, 2, 3]
    );
}

#[test]
fn control_bytes_with_continuation_mix_commands_and_data_in_one_write() {
    let c = powered();
    // Co = 1: one command byte (page 1), one command (column 0 low, 0x00), then data.
    write(
        &c,
        &[
            0x80, 0xB1, 0x80, 0x00, 0x80, 0x10, 0xC0, 0xFF, 0x40, 0x0F, 0xF0,
        ],
    );
    let c = c.borrow();
    assert_eq!(&c.ram[128..131], &[0xFF, 0x0F, 0xF0]);
}

#[test]
fn the_glass_maps_segments_and_com_lines_and_stays_dark_without_power() {
    let c = powered();
    // Clear the noise, then light RAM column 0, row 0.
    write(&c, &[0x00, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7]);
    write(&c, &[[0x40].as_slice(), &[0; 1024]].concat());
    write(&c, &[0x00, 0x21, 0, 0, 0x22, 0, 0]);
    write(&c, &[0x40, 0b0000_0001]);
    let lit = |c: &Shared| -> Vec<(u32, u32)> {
        let seen = c.borrow().seen_picture().unwrap();
        let mut lit = Vec::new();
        for y in 0..64 {
            for x in 0..128 {
                if seen.at(x, y) == BinaryColor::On {
                    lit.push((x, y));
                }
            }
        }
        lit
    };
    // RAM column 0, row 0 with A1 and C8: the top-left corner.
    assert_eq!(lit(&c)[..], [(0, 0)]);
    write(&c, &[0x00, 0xA0]);
    assert_eq!(lit(&c)[..], [(127, 0)]);
    write(&c, &[0x00, 0xC0]);
    assert_eq!(lit(&c)[..], [(127, 63)]);
    // Start line 1: display row 0 shows RAM row 1, RAM row 0 wraps to the bottom.
    write(&c, &[0x00, 0xA1, 0xC8, 0x41]);
    assert_eq!(lit(&c)[..], [(0, 63)]);
    write(&c, &[0x00, 0x40, 0xA7]);
    assert_eq!(lit(&c).len(), 128 * 64 - 1, "inverse");
    write(&c, &[0x00, 0xA6, 0xA5]);
    assert_eq!(lit(&c).len(), 128 * 64, "entire display on");
    write(&c, &[0x00, 0xDA, 0x02]);
    assert_eq!(c.borrow().seen_picture(), Err(Dark::ComPins(0x02)));
    write(&c, &[0x00, 0xDA, 0x12, 0x8D, 0x10]);
    assert_eq!(c.borrow().seen_picture(), Err(Dark::ChargePumpOff));
    write(&c, &[0x00, 0x8D, 0x14, 0xAE]);
    assert_eq!(c.borrow().seen_picture(), Err(Dark::DisplayOff));
}

#[test]
fn unknown_commands_and_other_addresses_are_recorded() {
    let c = powered();
    c.borrow_mut().clear_log();
    write(&c, &[0x00, 0xE3, 0xFD, 0x12]);
    let c2 = c.clone();
    assert!(oled::Bus(c2).write(0x3D, &[0x00, 0xAE]).is_err());
    let c = c.borrow();
    // 0xFD (command lock, SSD1309/SSD1322) is not an SSD1306 command; nor is the 0x12
    // after it taken as its parameter: it is "set column high nibble 2".
    assert_eq!(
        c.unknown,
        [Received {
            command: 0xFD,
            params: vec![]
        }]
    );
    assert_eq!(c.commands(), [0xE3, 0xFD, 0x12]);
    assert_eq!(c.wrong_address, 1);
    assert!(c.display_on);
}

#[test]
fn the_emulated_module_shows_what_the_controller_holds() {
    // A sanity check of Controller::bit against the glass: RAM bit (x, y) is seen at
    // (x, y) with the module's remaps.
    let c = powered();
    write(&c, &[0x00, 0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7]);
    let mut data = vec![0x40];
    data.extend((0..1024).map(|i: u32| (i.wrapping_mul(73) % 251) as u8));
    write(&c, &data);
    let c = c.borrow();
    let seen = c.seen_picture().unwrap();
    for y in 0..64 {
        for x in 0..128 {
            assert_eq!(
                seen.at(x as u32, y as u32) == BinaryColor::On,
                c.bit(x, y),
                "({x}, {y})"
            );
        }
    }
    let _: &Controller = &c;
}
