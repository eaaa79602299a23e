//! The example apps run headless on any replay file, as `--replay FILE --headless` runs
//! them: the showcase on its three panels, breakout (nobody at the paddle) and the
//! getting-started guide's hello. A file the parser refuses is refused before any frame;
//! an event or a frame the world refuses ends that app's run, as it ends the runner's.
//! No panic, and every frame (input, tick and render) within [`FRAME_BUDGET`]: a hook
//! that loops over a float that no longer changes (the showcase's clock on a step of
//! 1e12 s did) never returns, so a watchdog thread aborts the process, naming the app and
//! the frame, and libFuzzer keeps the input as a crash.
#![no_main]

use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use embedded_graphics::pixelcolor::{Gray4, GrayColor, PixelColor, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use libfuzzer_sys::fuzz_target;
use sprig::render::damage::BusCost;
use sprig::render::{DrawSet, RenderColor, Renderer};
use sprig::{Dispatch, World};
use sprig_examples::breakout::{build_breakout, BreakoutWorld};
use sprig_examples::{
    build_showcase, Layout, ShowcaseColorRenderer, ShowcaseOledRenderer, ShowcaseWorld,
};
use sprig_sim::{FrameInput, Recording};

/// The app of `docs/getting-started.md`, as its binary builds it.
use sprig_examples::hello;

/// The frames of one input that are run: enough for input to act on several frames,
/// few enough for many inputs a second.
const MAX_FRAMES: usize = 32;

/// What one frame may take. A frame of these apps takes well under a millisecond to a
/// few milliseconds on a 320×240 panel, sanitizers included: a second is a frame stuck
/// in a loop, not a slow machine.
const FRAME_BUDGET: Duration = Duration::from_secs(1);

/// A frame of an app: the app, its panel, the frame's number and time step.
#[derive(Clone, Copy)]
struct Frame {
    app: &'static str,
    panel: Size,
    number: usize,
    dt_seconds: f32,
}

/// The frame running now, if any, and when it started.
static RUNNING: Mutex<Option<(Instant, Frame)>> = Mutex::new(None);

/// Starts, once, the thread that aborts the process when a frame runs over budget.
fn start_watchdog() {
    static STARTED: Once = Once::new();
    STARTED.call_once(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(FRAME_BUDGET / 10);
            let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((started, frame)) = running.as_ref() {
                if started.elapsed() > FRAME_BUDGET {
                    eprintln!(
                        "{} on {}x{}: frame {} (dt {} s) has run for more than {FRAME_BUDGET:?}",
                        frame.app,
                        frame.panel.width,
                        frame.panel.height,
                        frame.number,
                        frame.dt_seconds
                    );
                    std::process::abort();
                }
            }
        });
    });
}

/// Marks a frame as running (`Some`) or done (`None`) for the watchdog.
fn running(frame: Option<Frame>) {
    *RUNNING.lock().unwrap_or_else(|e| e.into_inner()) = frame.map(|f| (Instant::now(), f));
}

fuzz_target!(|data: &[u8]| {
    start_watchdog();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(recording) = Recording::parse(text) else {
        return;
    };
    let frames = &recording.frames[..recording.frames.len().min(MAX_FRAMES)];

    for layout in [&Layout::OLED, &Layout::SQUARE, &Layout::WIDE] {
        let mut world = ShowcaseWorld::new();
        build_showcase(&mut world, layout).expect("the showcase builds");
        let background = layout.palette.background;
        if layout.size == Layout::OLED.size {
            let cost = BusCost::GRAY4_SSD0323;
            let mut renderer = ShowcaseOledRenderer::new(layout.size, background, cost);
            let clear = Gray4::from(background);
            play(
                "showcase",
                &mut world,
                &mut renderer,
                clear,
                layout.size,
                frames,
            );
        } else {
            let cost = BusCost::RGB565_MIPI_DCS;
            let mut renderer = ShowcaseColorRenderer::new(layout.size, background, cost);
            let clear = Rgb565::from(background);
            play(
                "showcase",
                &mut world,
                &mut renderer,
                clear,
                layout.size,
                frames,
            );
        }
    }

    let panel = Size::new(128, 64);
    let mut world = BreakoutWorld::new();
    build_breakout(&mut world, false).expect("breakout builds");
    let mut renderer: Renderer<Gray4, 48, 1024> =
        Renderer::new(panel, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    play(
        "breakout",
        &mut world,
        &mut renderer,
        Gray4::BLACK,
        panel,
        frames,
    );

    let mut world = hello::HelloWorld::new();
    hello::build(&mut world).expect("hello builds");
    let mut renderer: Renderer<Gray4, 8, 1024> =
        Renderer::new(panel, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    play(
        "hello",
        &mut world,
        &mut renderer,
        Gray4::BLACK,
        panel,
        frames,
    );
});

/// Feeds each frame's events to `world`, ticks it and renders it into a simulator
/// display, as the runner does, checking each frame's time.
#[allow(clippy::too_many_arguments)]
fn play<
    S,
    C,
    const N: usize,
    const CS: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
    const BUF: usize,
    const D: usize,
    const SH: usize,
>(
    app: &'static str,
    world: &mut World<S, N, CS, TM, E, TR, LS>,
    renderer: &mut Renderer<C, N, BUF, D, SH>,
    background: C,
    size: Size,
    frames: &[FrameInput],
) where
    S: DrawSet + Dispatch,
    C: RenderColor + PixelColor + Into<Rgb888>,
{
    let mut display = SimulatorDisplay::<C>::with_default_color(size, background);
    for (number, frame) in frames.iter().enumerate() {
        running(Some(Frame {
            app,
            panel: size,
            number,
            dt_seconds: frame.dt,
        }));
        let applied = frame.apply(world, size.height as f32);
        if applied.is_ok() {
            let Ok(_) = renderer.render(world, &mut display);
        }
        running(None);
        if applied.is_err() {
            return;
        }
    }
}
