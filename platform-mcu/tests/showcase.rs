//! End to end: the showcase through `Runner` onto the emulated SSD0323 (fake SPI + D/C
//! pin interpreting the byte stream into GDDRAM), with a fake clock, no input and the
//! fixed 30 fps step. After every frame the controller's RAM must equal a full redraw of
//! an identically built and ticked world, pixel for pixel; the bytes on the bus must be
//! exactly the byte-widened windows of the renderer's flushed rectangles; and a failing
//! SPI transfer must surface as `RunError::Panel` without spoiling later frames.

mod common;

use common::{emulated, Controller, Gray4Frame, Window};
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::primitives::Rectangle;
use embedded_hal::spi;
use sprig::render::damage::BusCost;
use sprig_examples::{
    build_showcase, Layout, ShowcaseOledRenderer, ShowcaseWorld, SHOWCASE_DT, SHOWCASE_FPS,
    SHOWCASE_SIZE,
};
use sprig_mcu::ssd0323::Ssd0323Error;
use sprig_mcu::{sprig, Clock, NoInput, RunConfig, RunError, Runner};

const FRAMES: u32 = 60;
/// Bytes of one whole-screen flush: 8 tiles of 128×8 pixels (the 1024-pixel buffer),
/// each a 6-byte window command and 512 data bytes.
const FULL_FRAME_BUS_BYTES: u64 = 8 * (6 + 512);

/// A clock at 1 MHz that moves on by `step` ticks at every `now()`, and jumps to the
/// deadline when asked to wait.
struct SteppingClock {
    now: u64,
    step: u64,
    waits: Vec<u64>,
}

impl Clock for SteppingClock {
    fn now(&mut self) -> u64 {
        self.now += self.step;
        self.now
    }

    fn ticks_per_second(&self) -> u64 {
        1_000_000
    }

    fn wait_until(&mut self, deadline: u64) {
        self.waits.push(deadline);
        self.now = self.now.max(deadline);
    }
}

fn renderer() -> ShowcaseOledRenderer {
    ShowcaseOledRenderer::new(SHOWCASE_SIZE, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323)
}

fn showcase() -> ShowcaseWorld {
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, &Layout::OLED).unwrap();
    world
}

/// The reference: the same scene, ticked by `SHOWCASE_DT`, redrawn whole.
struct Reference {
    world: ShowcaseWorld,
    renderer: ShowcaseOledRenderer,
    frame: Gray4Frame,
}

impl Reference {
    fn new() -> Self {
        Reference {
            world: showcase(),
            renderer: renderer(),
            frame: Gray4Frame::new(128, 64),
        }
    }

    fn step(&mut self) {
        self.world.tick(SHOWCASE_DT).unwrap();
        let Ok(_) = self.renderer.render_full(&mut self.world, &mut self.frame);
    }
}

/// Pixels of the controller's visible rows that differ from `reference`.
fn differences(c: &Controller, reference: &Gray4Frame) -> Vec<(usize, usize, u8, u8)> {
    let mut out = Vec::new();
    for y in 0..64 {
        for x in 0..128 {
            let (got, want) = (c.level(x, y), reference.level(x, y));
            if got != want {
                out.push((x, y, got, want));
            }
        }
    }
    out
}

/// Checks that `windows` (one frame's window commands) are the renderer's `flushed`
/// rectangles, in order, each sent as one or more horizontal bands of whole rows covering
/// it top to bottom, every band widened to whole bytes. Returns the data bytes they take.
fn check_windows(flushed: &[Rectangle], windows: &[Window]) -> u64 {
    let mut w = windows.iter();
    let mut data = 0;
    for r in flushed {
        let (x0, y0) = (r.top_left.x as u32, r.top_left.y as u32);
        let (x1, y1) = (x0 + r.size.width - 1, y0 + r.size.height - 1);
        let mut next_row = y0;
        while next_row <= y1 {
            let band = w
                .next()
                .unwrap_or_else(|| panic!("{r:?}: no window for rows {next_row}..={y1}"));
            assert_eq!(
                (u32::from(band.c0), u32::from(band.c1)),
                (x0 / 2, x1 / 2),
                "{r:?}: columns of {band:?}"
            );
            assert_eq!(u32::from(band.r0), next_row, "{r:?}: {band:?}");
            assert!(u32::from(band.r1) <= y1, "{r:?}: {band:?}");
            next_row = u32::from(band.r1) + 1;
            data += band.bytes();
        }
    }
    assert!(w.next().is_none(), "windows beyond the flushed rectangles");
    data
}

#[test]
fn every_frame_on_the_emulated_oled_equals_a_full_redraw_of_the_same_world() {
    let (mut oled, ctl) = emulated();
    oled.init().unwrap();
    ctl.borrow_mut().clear_log();
    let mut world = showcase();
    let mut renderer = renderer();
    let clock = SteppingClock {
        now: 0,
        step: 10,
        waits: Vec::new(),
    };
    let mut runner = Runner::new(oled, clock, NoInput, RunConfig::fixed(SHOWCASE_FPS));
    let mut reference = Reference::new();
    let mut later_bytes = 0;
    let mut sent_before = runner.panel().bytes_sent();

    for frame in 0..FRAMES {
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        reference.step();
        assert_eq!(report.frame, frame);
        assert_eq!(report.dt, SHOWCASE_DT);
        assert_eq!(report.events, 0);
        assert_eq!(world.frame(), reference.world.frame());

        let c = ctl.borrow();
        let wrong = differences(&c, &reference.frame);
        assert!(
            wrong.is_empty(),
            "frame {frame}: {} pixels differ (x, y, oled, reference), first {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(8)]
        );

        // The bus: the flushed rectangles, widened to bytes, in tiles of whole rows.
        let flushed = renderer.flushed();
        let data = check_windows(flushed, &c.windows);
        assert_eq!(c.data_bytes, data, "frame {frame}");
        assert_eq!(c.command_bytes, 6 * c.windows.len() as u64, "frame {frame}");
        let bus = c.command_bytes + c.data_bytes;
        assert_eq!(
            runner.panel().bytes_sent() - sent_before,
            bus,
            "frame {frame}"
        );
        sent_before = runner.panel().bytes_sent();

        // The report: the renderer's count of the damage it flushed, priced by the
        // bus cost (4 bits a pixel, 6 bytes a rectangle), not what the driver sent.
        let pixels: u64 = flushed
            .iter()
            .map(|r| u64::from(r.size.width * r.size.height))
            .sum();
        assert_eq!(report.render.rects as usize, flushed.len(), "frame {frame}");
        assert_eq!(report.render.pixels_flushed, pixels, "frame {frame}");
        assert_eq!(
            report.render.bytes,
            pixels.div_ceil(2) + 6 * flushed.len() as u64,
            "frame {frame}"
        );
        // Widening to whole bytes and splitting into tiles only ever add bytes.
        assert!(report.render.bytes <= bus, "frame {frame}");
        if frame == 0 {
            assert_eq!(flushed, [Rectangle::new(Default::default(), SHOWCASE_SIZE)]);
            assert_eq!(bus, FULL_FRAME_BUS_BYTES);
            assert_eq!(report.render.bytes, 4096 + 6);
        } else {
            later_bytes += bus;
        }
        drop(c);
        ctl.borrow_mut().clear_log();
    }
    let average = later_bytes / u64::from(FRAMES - 1);
    assert!(
        average < FULL_FRAME_BUS_BYTES,
        "frames after the first flush {average} bytes on average, a full frame {FULL_FRAME_BUS_BYTES}"
    );
    // Paced at 30 fps on a 1 MHz clock: a deadline every 33_333 ticks after the first frame.
    let waits = &runner.clock().waits;
    assert_eq!(waits.len(), FRAMES as usize - 1);
    assert!(waits.windows(2).all(|w| w[1] - w[0] == 33_333), "{waits:?}");
}

#[test]
fn a_failing_transfer_is_a_panel_error_and_the_next_frame_repairs_the_screen() {
    let (mut oled, ctl) = emulated();
    oled.init().unwrap();
    let mut world = showcase();
    let mut renderer = renderer();
    let clock = SteppingClock {
        now: 0,
        step: 10,
        waits: Vec::new(),
    };
    let mut runner = Runner::new(oled, clock, NoInput, RunConfig::fixed(SHOWCASE_FPS));
    let mut reference = Reference::new();

    // Frame 0 fails part-way through its first tile: the window command and two rows
    // of data go through, then a transfer fails.
    {
        let mut c = ctl.borrow_mut();
        c.spi_ok_before_failure = Some(3);
        c.spi_failures = 1;
    }
    let error = runner.frame(&mut world, &mut renderer).unwrap_err();
    reference.step();
    assert_eq!(
        error,
        RunError::Panel(Ssd0323Error::Spi(spi::ErrorKind::Overrun))
    );
    assert_eq!(runner.frames(), 0, "a failed frame is not counted");
    assert!(!differences(&ctl.borrow(), &reference.frame).is_empty());

    for frame in 0..10 {
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        reference.step();
        assert_eq!(report.frame, frame);
        let wrong = differences(&ctl.borrow(), &reference.frame);
        assert!(
            wrong.is_empty(),
            "frame {frame} after the failure: {} pixels differ, first {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(8)]
        );
    }
}

/// A still scene: only a panel error makes the runner send anything after the first
/// frame, so a lost frame would stay lost unless the runner redraws it.
#[test]
fn after_a_failed_frame_a_still_screen_is_sent_again() {
    let (mut oled, ctl) = emulated();
    oled.init().unwrap();
    let mut world = showcase();
    world.pause();
    let mut renderer = renderer();
    let clock = SteppingClock {
        now: 0,
        step: 1,
        waits: Vec::new(),
    };
    let mut runner = Runner::new(oled, clock, NoInput, RunConfig::fixed(SHOWCASE_FPS));
    let mut reference = Reference::new();
    reference.world.pause();

    ctl.borrow_mut().spi_ok_before_failure = Some(0);
    ctl.borrow_mut().spi_failures = 1;
    assert!(matches!(
        runner.frame(&mut world, &mut renderer),
        Err(RunError::Panel(Ssd0323Error::Spi(_)))
    ));
    reference.step();
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert!(report.render.pixels_flushed > 0);
    assert!(differences(&ctl.borrow(), &reference.frame).is_empty());
    // Still again: nothing more to send.
    ctl.borrow_mut().clear_log();
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.render.pixels_flushed, 0);
    assert!(ctl.borrow().stream.is_empty());
    assert!(differences(&ctl.borrow(), &reference.frame).is_empty());
}
