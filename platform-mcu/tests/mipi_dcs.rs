//! The real boards' colour panels, emulated: the showcase runs through `Runner` on the
//! real `mipidsi` driver, built with the boards' own `Builder` settings, over an
//! `embedded-hal-bus` `ExclusiveDevice` onto an emulated ST7789 or ILI9341 (SPI bus,
//! chip select, D/C and reset pins; see `emulator/dcs.rs`). After every one of the 60
//! frames, what the module's glass shows must equal the simulator's full render of the
//! same world, pixel for pixel, and the memory writes on the bus must be exactly the
//! renderer's tiles.
//!
//! A wrong colour order, a missing inversion or a wrong orientation must each make
//! that comparison fail, in exactly the way the real glass would show it; the
//! decoder's own tests come last.

mod emulator;

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::{Rgb565, RgbColor};
use embedded_graphics::primitives::Rectangle;
use embedded_hal::digital::OutputPin;
use embedded_hal::spi::SpiBus;
use embedded_hal_bus::spi::ExclusiveDevice;
use emulator::dcs::{
    self, Controller, Glass, MemoryWrite, Received, Shared, Turn, ILI9341_240X320_TN,
    ST7789_240X240_IPS,
};
use emulator::{Frame, SteppingClock};
use mipidsi::interface::SpiInterface;
use mipidsi::models::{ILI9341Rgb565, Model, ST7789};
use mipidsi::options::{ColorInversion, ColorOrder, Orientation, Rotation};
use mipidsi::{Builder, NoResetPin};
use sprig::render::damage::BusCost;
use sprig_examples::{
    build_showcase, Layout, ShowcaseColorRenderer, ShowcaseWorld, SHOWCASE_DT, SHOWCASE_FPS,
};
use sprig_mcu::{sprig, NoInput, RunConfig, Runner};

const FRAMES: u32 = 60;

type Device = ExclusiveDevice<dcs::Bus, dcs::ChipSelect, dcs::Delay>;
type Interface<'a> = SpiInterface<'a, Device, dcs::DataCommand>;
type Settings<'a, M> = Builder<Interface<'a>, M, NoResetPin>;

/// The ST7789 board's settings (`boards/pico-st7789/src/main.rs`).
fn pico_st7789(builder: Settings<'_, ST7789>) -> Settings<'_, ST7789> {
    builder
        .display_size(240, 240)
        .invert_colors(ColorInversion::Inverted)
}

/// The ILI9341 board's settings (`boards/stm32f4-ili9341/src/main.rs`).
fn stm32f4_ili9341(builder: Settings<'_, ILI9341Rgb565>) -> Settings<'_, ILI9341Rgb565> {
    builder
        .display_size(240, 320)
        .orientation(Orientation::new().rotate(Rotation::Deg90))
        .color_order(ColorOrder::Bgr)
}

/// One frame as the test sees it.
struct Seen<'a> {
    frame: u32,
    controller: &'a Controller,
    /// What a person sees on the glass.
    seen: Frame<Rgb565>,
    /// The simulator's full render of the same world.
    reference: &'a Frame<Rgb565>,
    /// The renderer's flushed rectangles this frame.
    flushed: &'a [Rectangle],
}

/// Runs the showcase in `layout` for `frames` frames on an emulated `glass` driven by
/// `model` with `settings` (plus the reset pin, as on the boards), calling `check` after
/// each frame. Returns the controller, its log holding the last frame's commands.
fn run_showcase<M: Model<ColorFormat = Rgb565>>(
    glass: Glass,
    model: M,
    settings: impl for<'a> FnOnce(Settings<'a, M>) -> Settings<'a, M>,
    layout: &Layout,
    turn: Turn,
    frames: u32,
    mut check: impl FnMut(Seen<'_>),
) -> Shared {
    let (controller, bus, cs, dc, rst, delay) = dcs::emulated(glass);
    let mut delay_for_init = dcs::Delay(controller.clone());
    let device = ExclusiveDevice::new(bus, cs, delay).unwrap();
    let mut buffer = [0u8; 512];
    let interface = SpiInterface::new(device, dc, &mut buffer);
    let display = settings(Builder::new(model, interface))
        .reset_pin(rst)
        .init(&mut delay_for_init)
        .unwrap();

    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).unwrap();
    let mut renderer = ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    );
    let mut runner = Runner::new(
        display,
        SteppingClock(0),
        NoInput,
        RunConfig::fixed(SHOWCASE_FPS),
    );

    let mut reference_world = ShowcaseWorld::new();
    build_showcase(&mut reference_world, layout).unwrap();
    let mut reference_renderer = ShowcaseColorRenderer::new(
        layout.size,
        layout.palette.background,
        BusCost::RGB565_MIPI_DCS,
    );
    let mut reference = Frame::new(layout.size, Rgb565::BLACK);

    for frame in 0..frames {
        controller.borrow_mut().clear_log();
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        assert_eq!(report.frame, frame);
        reference_world.tick(SHOWCASE_DT).unwrap();
        let Ok(_) = reference_renderer.render_full(&mut reference_world, &mut reference);
        let c = controller.borrow();
        let seen = c
            .seen_picture(turn)
            .unwrap_or_else(|| panic!("frame {frame}: the display is asleep or off"));
        check(Seen {
            frame,
            controller: &c,
            seen,
            reference: &reference,
            flushed: renderer.flushed(),
        });
    }
    controller
}

/// Checks that `writes` (one frame's memory writes) are the `flushed` rectangles, in
/// order, each as one or more bands of whole rows top to bottom, every pixel of each
/// band sent once. Returns the pixels written.
fn check_writes(frame: u32, flushed: &[Rectangle], writes: &[MemoryWrite]) -> u64 {
    let mut w = writes.iter();
    let mut pixels = 0;
    for r in flushed {
        let x0 = r.top_left.x as u16;
        let x1 = x0 + r.size.width as u16 - 1;
        let y1 = r.top_left.y as u16 + r.size.height as u16 - 1;
        let mut next_row = r.top_left.y as u16;
        while next_row <= y1 {
            let band = w
                .next()
                .unwrap_or_else(|| panic!("frame {frame}, {r:?}: no write for rows {next_row}.."));
            assert_eq!(band.columns, (x0, x1), "frame {frame}, {r:?}: {band:?}");
            assert_eq!(band.rows.0, next_row, "frame {frame}, {r:?}: {band:?}");
            assert!(band.rows.1 <= y1, "frame {frame}, {r:?}: {band:?}");
            let area = u64::from(x1 - x0 + 1) * u64::from(band.rows.1 - band.rows.0 + 1);
            assert_eq!(band.pixels, area, "frame {frame}, {r:?}: {band:?}");
            pixels += area;
            next_row = band.rows.1 + 1;
        }
    }
    assert!(
        w.next().is_none(),
        "frame {frame}: writes beyond the flushed rectangles"
    );
    pixels
}

/// The whole-showcase check: every frame equal, the bus carrying exactly the tiles, and
/// nothing the emulator does not know. Returns (frames, pixels compared, pixels sent).
fn every_frame_matches<M: Model<ColorFormat = Rgb565>>(
    glass: Glass,
    model: M,
    settings: impl for<'a> FnOnce(Settings<'a, M>) -> Settings<'a, M>,
    layout: &Layout,
    turn: Turn,
) -> (u32, u64, u64) {
    let (mut frames, mut compared, mut sent) = (0, 0, 0);
    let controller = run_showcase(glass, model, settings, layout, turn, FRAMES, |s| {
        let wrong = s.seen.differences(s.reference);
        assert!(
            wrong.is_empty(),
            "{}, frame {}: {} pixels differ (x, y, seen, simulator), first {:?}",
            glass.name,
            s.frame,
            wrong.len(),
            &wrong[..wrong.len().min(8)]
        );
        sent += check_writes(s.frame, s.flushed, &s.controller.writes);
        // Only the windows and the writes go out during a frame.
        assert!(
            s.controller
                .commands()
                .chunks(3)
                .all(|c| c == [0x2A, 0x2B, 0x2C]),
            "frame {}: {:x?}",
            s.frame,
            s.controller.commands()
        );
        frames += 1;
        compared += u64::from(s.seen.size.width * s.seen.size.height);
    });
    let c = controller.borrow();
    assert_eq!(c.unknown, [], "commands the emulator does not know");
    assert_eq!(
        (c.stray_bytes, c.outside_memory, c.unselected_bytes),
        (0, 0, 0)
    );
    assert_eq!(c.resets, 1, "one hardware reset, no SWRESET");
    (frames, compared, sent)
}

#[test]
fn st7789_240x240_shows_every_showcase_frame_as_the_simulator() {
    let (frames, compared, sent) = every_frame_matches(
        ST7789_240X240_IPS,
        ST7789,
        pico_st7789,
        &Layout::SQUARE,
        Turn::Upright,
    );
    assert_eq!((frames, compared), (60, 60 * 240 * 240));
    // The first frame is the whole screen, later ones only what changed.
    assert!(sent > 240 * 240 && sent < 60 * 240 * 240, "{sent}");
}

#[test]
fn ili9341_320x240_shows_every_showcase_frame_as_the_simulator() {
    let (frames, compared, sent) = every_frame_matches(
        ILI9341_240X320_TN,
        ILI9341Rgb565,
        stm32f4_ili9341,
        &Layout::WIDE,
        Turn::Left,
    );
    assert_eq!((frames, compared), (60, 60 * 320 * 240));
    assert!(sent > 320 * 240 && sent < 60 * 320 * 240, "{sent}");
}

/// The init sequences as the controllers decode them, with the boards' settings.
#[test]
fn the_boards_init_sequences_decode_to_the_expected_registers() {
    let st7789 = run_showcase(
        ST7789_240X240_IPS,
        ST7789,
        pico_st7789,
        &Layout::SQUARE,
        Turn::Upright,
        0,
        |_| {},
    );
    let c = st7789.borrow();
    let r = |command: u8, params: &[u8]| Received {
        command,
        params: params.to_vec(),
    };
    // SLPOUT, MADCTL (RGB, no exchange), INVON, COLMOD 565, NORON, DISPON.
    assert_eq!(
        c.log,
        [
            r(0x11, &[]),
            r(0x36, &[0x00]),
            r(0x21, &[]),
            r(0x3A, &[0x55]),
            r(0x13, &[]),
            r(0x29, &[])
        ]
    );
    assert_eq!((c.madctl, c.colmod, c.inversion_on), (0x00, 0x55, true));
    assert!(!c.sleeping && c.display_on);
    // The reset pulse (10 µs) and the driver's pauses: 150 + 10 + 10 + 10 + 120 ms.
    assert_eq!(c.waited_ns, 300_010_000);

    let ili9341 = run_showcase(
        ILI9341_240X320_TN,
        ILI9341Rgb565,
        stm32f4_ili9341,
        &Layout::WIDE,
        Turn::Left,
        0,
        |_| {},
    );
    let c = ili9341.borrow();
    // MADCTL MX | MV | BGR, the ILI9341's inversion control, INVOFF, COLMOD 565,
    // NORON, SLPOUT, DISPON.
    assert_eq!(
        c.log,
        [
            r(0x36, &[0x68]),
            r(0xB4, &[0x00]),
            r(0x20, &[]),
            r(0x3A, &[0x55]),
            r(0x13, &[]),
            r(0x11, &[]),
            r(0x29, &[])
        ]
    );
    assert_eq!((c.madctl, c.colmod, c.inversion_on), (0x68, 0x55, false));
    assert_eq!(c.unknown, []);
    // The reset pulse and 5 + 120 + 140 ms.
    assert_eq!(c.waited_ns, 265_010_000);
}

// ---------------------------------------------------------------------------------
// The check can fail: each wrong setting shows as the real glass would show it.

fn swap_red_blue(c: Rgb565) -> Rgb565 {
    Rgb565::new(c.b(), c.g(), c.r())
}

fn invert(c: Rgb565) -> Rgb565 {
    Rgb565::new(31 - c.r(), 63 - c.g(), 31 - c.b())
}

/// The first frame of the showcase with `settings`: asserts that it differs from the
/// simulator's, and that it is exactly the simulator's through `expected`.
fn first_frame_is<M: Model<ColorFormat = Rgb565>>(
    glass: Glass,
    model: M,
    settings: impl for<'a> FnOnce(Settings<'a, M>) -> Settings<'a, M>,
    layout: &Layout,
    turn: Turn,
    expected: impl Fn(&Frame<Rgb565>) -> Frame<Rgb565>,
) -> usize {
    let mut differing = 0;
    run_showcase(glass, model, settings, layout, turn, 1, |s| {
        differing = s.seen.differences(s.reference).len();
        let wrong = s.seen.differences(&expected(s.reference));
        assert!(
            wrong.is_empty(),
            "{} pixels, first {:?}",
            wrong.len(),
            &wrong[..8]
        );
    });
    assert!(differing > 0, "the wrong setting went unnoticed");
    differing
}

#[test]
fn st7789_with_bgr_colour_order_shows_red_and_blue_swapped() {
    let differing = first_frame_is(
        ST7789_240X240_IPS,
        ST7789,
        |b| pico_st7789(b).color_order(ColorOrder::Bgr),
        &Layout::SQUARE,
        Turn::Upright,
        |reference| reference.map(swap_red_blue),
    );
    // Every pixel but the greys, whose red and blue are equal.
    assert!(differing > 240 * 200, "{differing}");
}

#[test]
fn st7789_without_inversion_shows_the_negative() {
    let differing = first_frame_is(
        ST7789_240X240_IPS,
        ST7789,
        |b| b.display_size(240, 240),
        &Layout::SQUARE,
        Turn::Upright,
        |reference| reference.map(invert),
    );
    assert_eq!(differing, 240 * 240, "no colour is its own negative");
}

#[test]
fn ili9341_with_rgb_colour_order_shows_red_and_blue_swapped() {
    first_frame_is(
        ILI9341_240X320_TN,
        ILI9341Rgb565,
        |b| stm32f4_ili9341(b).color_order(ColorOrder::Rgb),
        &Layout::WIDE,
        Turn::Left,
        |reference| reference.map(swap_red_blue),
    );
}

#[test]
fn ili9341_with_inversion_shows_the_negative() {
    first_frame_is(
        ILI9341_240X320_TN,
        ILI9341Rgb565,
        |b| stm32f4_ili9341(b).invert_colors(ColorInversion::Inverted),
        &Layout::WIDE,
        Turn::Left,
        |reference| reference.map(invert),
    );
}

#[test]
fn ili9341_mirrored_shows_the_picture_mirrored() {
    first_frame_is(
        ILI9341_240X320_TN,
        ILI9341Rgb565,
        |b| {
            stm32f4_ili9341(b)
                .orientation(Orientation::new().rotate(Rotation::Deg90).flip_horizontal())
        },
        &Layout::WIDE,
        Turn::Left,
        Frame::mirrored,
    );
}

#[test]
fn ili9341_turned_the_other_way_shows_the_picture_upside_down() {
    first_frame_is(
        ILI9341_240X320_TN,
        ILI9341Rgb565,
        |b| stm32f4_ili9341(b).orientation(Orientation::new().rotate(Rotation::Deg270)),
        &Layout::WIDE,
        Turn::Left,
        Frame::upside_down,
    );
}

#[test]
fn st7789_turned_by_180_degrees_uses_the_hidden_rows_and_shows_the_picture_upside_down() {
    // mipidsi offsets the window by the 80 memory rows the 240×240 glass does not show.
    first_frame_is(
        ST7789_240X240_IPS,
        ST7789,
        |b| pico_st7789(b).orientation(Orientation::new().rotate(Rotation::Deg180)),
        &Layout::SQUARE,
        Turn::Upright,
        Frame::upside_down,
    );
}

// ---------------------------------------------------------------------------------
// The decoder.

/// Sends `command` and its `params` as `mipidsi`'s SPI interface does: chip select
/// low, D/C low for the command byte, high for the parameters.
fn send(c: &Shared, command: u8, params: &[u8]) {
    let (mut bus, mut cs, mut dc) = (
        dcs::Bus(c.clone()),
        dcs::ChipSelect(c.clone()),
        dcs::DataCommand(c.clone()),
    );
    cs.set_low().unwrap();
    dc.set_low().unwrap();
    bus.write(&[command]).unwrap();
    dc.set_high().unwrap();
    bus.write(params).unwrap();
    cs.set_high().unwrap();
}

/// RGB565 bytes of a pixel whose 5-bit red is `k`, green `2k`, blue `31 − k`.
fn pixel(k: u8) -> [u8; 2] {
    let raw = (u16::from(k) << 11) | (u16::from(2 * k) << 5) | u16::from(31 - k);
    raw.to_be_bytes()
}

/// The memory levels `pixel(k)` is stored as.
fn levels(k: u8) -> [u8; 3] {
    let six = |v: u8| (v << 1) | (v >> 4);
    [six(k), 2 * k, six(31 - k)]
}

fn awake(glass: Glass) -> Shared {
    let (c, ..) = dcs::emulated(glass);
    send(&c, 0x11, &[]);
    send(&c, 0x3A, &[0x55]);
    send(&c, 0x29, &[]);
    c
}

#[test]
fn a_window_fills_row_by_row_and_wraps_to_its_start() {
    let c = awake(ST7789_240X240_IPS);
    let untouched = c.borrow().memory.clone();
    send(&c, 0x2A, &[0, 2, 0, 4]);
    send(&c, 0x2B, &[0, 1, 0, 2]);
    // Seven pixels into a 3×2 window: the seventh lands on the first again.
    let data: Vec<u8> = (1..=7).flat_map(pixel).collect();
    send(&c, 0x2C, &data);
    let c = c.borrow();
    assert_eq!(
        c.writes,
        [MemoryWrite {
            columns: (2, 4),
            rows: (1, 2),
            pixels: 7
        }]
    );
    let at = |x: usize, y: usize| c.memory[y * 240 + x];
    assert_eq!(at(2, 1), levels(7));
    assert_eq!([at(3, 1), at(4, 1)], [levels(2), levels(3)]);
    assert_eq!(
        [at(2, 2), at(3, 2), at(4, 2)],
        [levels(4), levels(5), levels(6)]
    );
    // Nothing outside the window changed.
    for y in 0..320 {
        for x in 0..240 {
            if !((2..=4).contains(&x) && (1..=2).contains(&y)) {
                assert_eq!(c.memory[y * 240 + x], untouched[y * 240 + x], "({x}, {y})");
            }
        }
    }
    assert_eq!((c.stray_bytes, c.outside_memory), (0, 0));
}

#[test]
fn madctl_exchange_and_mirrors_move_the_pixels() {
    // (MADCTL, the memory cells (column, row) three pixels along logical row 5 land on).
    let cases: [(u8, [(usize, usize); 3]); 4] = [
        (0x00, [(0, 5), (1, 5), (2, 5)]),
        // MV: the logical column runs down a physical column.
        (0x20, [(5, 0), (5, 1), (5, 2)]),
        // MV | MX (mipidsi's 90°): then the physical column is reversed.
        (0x60, [(234, 0), (234, 1), (234, 2)]),
        // MV | MY (mipidsi's 270°): the physical row is reversed.
        (0xA0, [(5, 319), (5, 318), (5, 317)]),
    ];
    for (madctl, cells) in cases {
        let c = awake(ILI9341_240X320_TN);
        send(&c, 0x36, &[madctl]);
        send(&c, 0x2A, &[0, 0, 0, 2]);
        send(&c, 0x2B, &[0, 5, 0, 5]);
        send(&c, 0x2C, &[pixel(1), pixel(2), pixel(3)].concat());
        let c = c.borrow();
        for (k, (x, y)) in cells.into_iter().enumerate() {
            assert_eq!(
                c.memory[y * 240 + x],
                levels(k as u8 + 1),
                "MADCTL {madctl:#04x}, pixel {k} at ({x}, {y})"
            );
        }
    }
    // With MV the logical columns reach 319: the memory's rows.
    let c = awake(ILI9341_240X320_TN);
    send(&c, 0x36, &[0x20]);
    send(&c, 0x2A, &[0x01, 0x3F, 0x01, 0x40]);
    send(&c, 0x2B, &[0, 0, 0, 0]);
    send(&c, 0x2C, &[pixel(9), pixel(10)].concat());
    let c = c.borrow();
    assert_eq!(c.memory[319 * 240], levels(9));
    assert_eq!(c.outside_memory, 1, "column 320 is past the memory");
}

#[test]
fn the_glass_applies_the_bgr_bit_its_subpixel_order_and_inversion() {
    let red = [63, 0, 0];
    // An RGB IPS glass: red shows red only with INVON and the BGR bit clear.
    let c = awake(ST7789_240X240_IPS);
    let seen = |c: &Shared| c.borrow().seen(red);
    assert_eq!(
        seen(&c),
        Rgb565::new(0, 63, 31),
        "INVOFF: the negative, cyan"
    );
    send(&c, 0x21, &[]);
    assert_eq!(seen(&c), Rgb565::RED);
    send(&c, 0x36, &[0x08]);
    assert_eq!(seen(&c), Rgb565::BLUE);
    // A BGR TN glass: red shows red with the BGR bit set and INVOFF.
    let c = awake(ILI9341_240X320_TN);
    assert_eq!(seen(&c), Rgb565::BLUE);
    send(&c, 0x36, &[0x08]);
    assert_eq!(seen(&c), Rgb565::RED);
    // INVON on a glass that does not need it: the negative, cyan.
    send(&c, 0x21, &[]);
    assert_eq!(seen(&c), Rgb565::new(0, 63, 31));
}

#[test]
fn rgb666_pixels_take_three_bytes() {
    let c = awake(ILI9341_240X320_TN);
    send(&c, 0x3A, &[0x66]);
    send(&c, 0x2A, &[0, 0, 0, 0]);
    send(&c, 0x2B, &[0, 0, 0, 0]);
    send(&c, 0x2C, &[0xFC, 0x80, 0x04]);
    assert_eq!(c.borrow().memory[0], [63, 32, 1]);
}

#[test]
fn unknown_commands_stray_bytes_and_unselected_bytes_are_recorded() {
    let c = awake(ST7789_240X240_IPS);
    c.borrow_mut().clear_log();
    // The ILI9341's 0xB4 is not an ST7789 command here; 0xE0 (gamma) is not emulated.
    send(&c, 0xB4, &[0x00]);
    send(&c, 0xE0, &[1, 2, 3]);
    // INVON takes no parameter.
    send(&c, 0x21, &[0x55]);
    {
        let c = c.borrow();
        assert_eq!(
            c.unknown,
            [
                Received {
                    command: 0xB4,
                    params: vec![0x00]
                },
                Received {
                    command: 0xE0,
                    params: vec![1, 2, 3]
                }
            ]
        );
        assert_eq!(c.commands(), [0xB4, 0xE0, 0x21]);
        assert_eq!(c.stray_bytes, 1);
    }
    // Chip select high: the controller is not listening.
    let mut bus = dcs::Bus(c.clone());
    bus.write(&[0x28]).unwrap();
    assert_eq!(c.borrow().unselected_bytes, 1);
    assert!(c.borrow().display_on);
}

#[test]
fn sleep_display_off_and_resets_leave_the_glass_dark() {
    let c = awake(ILI9341_240X320_TN);
    assert!(c.borrow().glass_picture().is_some());
    send(&c, 0x28, &[]);
    assert!(c.borrow().glass_picture().is_none());
    send(&c, 0x29, &[]);
    send(&c, 0x36, &[0x68]);
    send(&c, 0x01, &[]);
    {
        let c = c.borrow();
        assert!(c.glass_picture().is_none(), "SWRESET: asleep, display off");
        assert_eq!((c.madctl, c.colmod, c.resets), (0, 0x66, 1));
    }
    let c = awake(ILI9341_240X320_TN);
    send(&c, 0x21, &[]);
    let mut rst = dcs::Reset(c.clone());
    rst.set_low().unwrap();
    assert!(
        c.borrow().inversion_on,
        "the reset takes effect when the pulse ends"
    );
    rst.set_high().unwrap();
    let c = c.borrow();
    assert!(!c.inversion_on && c.sleeping && !c.display_on);
    assert_eq!(c.resets, 1);
}

#[test]
fn a_rectangle_through_mipidsi_lands_where_the_glass_shows_it() {
    // One 3×2 rectangle through the Panel on the ILI9341 board's settings: seen in
    // landscape, it is at (10, 20).
    let (controller, bus, cs, dc, rst, delay) = dcs::emulated(ILI9341_240X320_TN);
    let device = ExclusiveDevice::new(bus, cs, delay).unwrap();
    let mut buffer = [0u8; 64];
    let interface = SpiInterface::new(device, dc, &mut buffer);
    let mut display = stm32f4_ili9341(Builder::new(ILI9341Rgb565, interface))
        .reset_pin(rst)
        .init(&mut dcs::Delay(controller.clone()))
        .unwrap();
    assert_eq!(sprig_mcu::Panel::size(&display), Size::new(320, 240));
    let area = Rectangle::new(Point::new(10, 20), Size::new(3, 2));
    let colors = [
        Rgb565::RED,
        Rgb565::GREEN,
        Rgb565::BLUE,
        Rgb565::WHITE,
        Rgb565::YELLOW,
        Rgb565::CYAN,
    ];
    sprig_mcu::Panel::write_rect(&mut display, &area, colors).unwrap();
    let seen = controller.borrow().seen_picture(Turn::Left).unwrap();
    assert_eq!(seen.size, Size::new(320, 240));
    assert_eq!(
        [seen.at(10, 20), seen.at(11, 20), seen.at(12, 20)],
        [Rgb565::RED, Rgb565::GREEN, Rgb565::BLUE]
    );
    assert_eq!(
        [seen.at(10, 21), seen.at(11, 21), seen.at(12, 21)],
        [Rgb565::WHITE, Rgb565::YELLOW, Rgb565::CYAN]
    );
    // On the portrait glass: the picture's top row is the glass's right edge.
    let glass = controller.borrow().glass_picture().unwrap();
    assert_eq!(glass.at(239 - 20, 10), Rgb565::RED);
    assert_eq!(glass.at(239 - 21, 12), Rgb565::CYAN);
}
