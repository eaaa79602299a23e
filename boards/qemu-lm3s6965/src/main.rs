//! The Sprig showcase on QEMU's `lm3s6965evb` (Cortex-M3, SSD0323 128×64 4-bit grey
//! OLED on SSI0), the same scene, renderer and time step as the simulator's headless
//! run, so that its screen can be compared with the simulator's pixel for pixel.
//!
//! It runs `SPRIG_FRAMES` frames (read when building; 60 by default) paced to 30 per
//! second of emulated time, each stepping exactly `1 / 30` s, and logs through defmt over
//! semihosting: the sizes of what it holds in RAM, every lifecycle hook other than
//! `update`/`late_update` (all of them for the scene build and frame 0), a line per
//! frame with its costs, and a summary in instructions (exact under QEMU's
//! `-icount shift=5`). Then it logs `SPRIG READY frames=<n>`. Built with `SPRIG_HOLD`
//! set (as `cargo xtask qemu` does), it then draws nothing until the host, having
//! captured the screen, clicks the gamepad's select button once: QEMU's gamepad lines
//! read low until a key has been released, and that first click arms the button
//! (`SPRIG ARMED`). It then runs frames until the button (the showcase's key A, which
//! moves the thermostat to its next mode) has been pressed and released, and logs
//! `SPRIG INPUT`: input, end to end. It exits through semihosting: 0 when every frame ran without a hook
//! error, 2 when no key came, 3 when a frame failed, 4 after hook errors, 101 on a
//! panic.
//!
//! `cargo run --release` here runs it in QEMU and decodes its log; `cargo xtask qemu` at
//! the repository root also captures the screen and compares it with the simulator.
#![no_std]
#![no_main]

mod board;
mod stack;

use cortex_m_rt::entry;
use defmt_semihosting as _;
use embedded_graphics::pixelcolor::{Gray4, Rgb888};
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, Size};
use sprig::render::damage::BusCost;
use sprig::Key;
use sprig_examples::{
    build_showcase, Layout, ShowcaseOledRenderer, ShowcaseWorld, SHOWCASE_FPS, SHOWCASE_SIZE,
};
use sprig_mcu::ssd0323::{self, Ssd0323};
use sprig_mcu::{BusyMeter, Events, FrameReport, InputEvent, InputSource, RunConfig, Runner};
use static_cell::StaticCell;

use board::{instructions, Board, DataCommand, Ssi0};

/// Frames to run: `SPRIG_FRAMES` when building, else 60 (two seconds).
const FRAMES: u32 = match option_env!("SPRIG_FRAMES") {
    Some(text) => parse_frames(text),
    None => 60,
};

/// Whether to wait for a gamepad key after the last frame (for a screen capture).
const HOLD: bool = option_env!("SPRIG_HOLD").is_some();

/// How long to wait for the key after the last frame, in emulated seconds.
const HOLD_SECONDS: u64 = 60;

/// `SPRIG_FRAMES` as a number, at compile time (a build error if it is not one).
const fn parse_frames(text: &str) -> u32 {
    let bytes = text.as_bytes();
    assert!(!bytes.is_empty(), "SPRIG_FRAMES must be a positive number");
    let mut value: u32 = 0;
    let mut i = 0;
    while i < bytes.len() {
        assert!(
            bytes[i].is_ascii_digit(),
            "SPRIG_FRAMES must be a positive number"
        );
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    assert!(value > 0, "SPRIG_FRAMES must be a positive number");
    value
}

type Oled = Ssd0323<Ssi0, DataCommand>;

static WORLD: StaticCell<ShowcaseWorld> = StaticCell::new();
static RENDERER: StaticCell<ShowcaseOledRenderer> = StaticCell::new();
static OLED: StaticCell<Oled> = StaticCell::new();

defmt::timestamp!(
    "{=u64:us}",
    board::ticks() / (board::TICKS_PER_SECOND / 1_000_000)
);

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    // The location only: formatting the message would link core's formatting machinery.
    match info.location() {
        Some(at) => defmt::error!("panic at {=str}:{=u32}", at.file(), at.line()),
        None => defmt::error!("panic"),
    }
    semihosting::process::exit(101)
}

/// A target that shows nothing, for timing a render that draws nothing.
struct Unseen;

impl OriginDimensions for Unseen {
    fn size(&self) -> Size {
        SHOWCASE_SIZE
    }
}

impl DrawTarget for Unseen {
    type Color = Gray4;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Gray4>>>(&mut self, _: I) -> Result<(), Self::Error> {
        Ok(())
    }
}

/// The frame from which the showcase rests: the dial's ring has swept in (frames 1–35)
/// and only the status light breathes.
const RESTING_FROM: u32 = 36;

/// Mean and maximum of a cost over the frames.
#[derive(Default)]
struct Cost {
    total: u64,
    max: u64,
}

impl Cost {
    fn add(&mut self, ticks: u64) {
        let instructions = instructions(ticks);
        self.total += instructions;
        self.max = self.max.max(instructions);
    }

    fn mean(&self, frames: u32) -> u64 {
        self.total / u64::from(frames.max(1))
    }
}

/// The costs of every frame but the first (which draws the whole screen), and of the
/// first on its own.
#[derive(Default)]
struct Costs {
    tick: Cost,
    update: Cost,
    render: Cost,
    flush: Cost,
    bytes: u64,
    first: FrameReport,
    /// Busy and elapsed ticks from [`RESTING_FROM`] on.
    resting_busy: u64,
    resting_elapsed: u64,
    /// The fewest and most render instructions of the frames before [`RESTING_FROM`]
    /// (the ring sweeping in), and the fewest from it on (only the light breathes).
    sweep_render: Option<(u64, u64)>,
    resting_render: Option<u64>,
}

impl Costs {
    fn add(&mut self, report: &FrameReport) {
        if report.frame == 0 {
            self.first = *report;
            return;
        }
        let render = instructions(report.render_ticks);
        if report.frame >= RESTING_FROM {
            self.resting_busy += report.busy_ticks;
            self.resting_elapsed += report.busy_ticks + report.idle_ticks;
            self.resting_render = Some(self.resting_render.map_or(render, |r| r.min(render)));
        } else {
            let (low, high) = self.sweep_render.unwrap_or((render, render));
            self.sweep_render = Some((low.min(render), high.max(render)));
        }
        self.tick.add(report.tick_ticks);
        self.update.add(u64::from(report.phases.update));
        self.render.add(report.render_ticks);
        self.flush.add(report.flush_ticks);
        self.bytes += report.render.bytes;
    }

    fn log(&self, frames: u32) {
        let n = frames.saturating_sub(1);
        defmt::info!(
            "cost per frame, instructions (exact under -icount shift=5), mean/max of frames 1..{=u32}: tick {=u64}/{=u64}, of which update {=u64}/{=u64}; render {=u64}/{=u64}; flush {=u64}/{=u64}; {=u64} bus bytes",
            frames,
            self.tick.mean(n),
            self.tick.max,
            self.update.mean(n),
            self.update.max,
            self.render.mean(n),
            self.render.max,
            self.flush.mean(n),
            self.flush.max,
            self.bytes / u64::from(n.max(1))
        );
        let first = &self.first;
        defmt::info!(
            "cost of frame 0 (whole screen), instructions: tick {=u64}, update {=u64}, render {=u64}, flush {=u64}; {=u64} bus bytes",
            instructions(first.tick_ticks),
            instructions(u64::from(first.phases.update)),
            instructions(first.render_ticks),
            instructions(first.flush_ticks),
            first.render.bytes
        );
        defmt::info!(
            "resting (frames {=u32}..{=u32}, only the status light changes): busy {=u64}.{=u64}%",
            RESTING_FROM,
            frames,
            self.resting_busy * 100 / self.resting_elapsed.max(1),
            self.resting_busy * 1000 / self.resting_elapsed.max(1) % 10
        );
        let (low, high) = self.sweep_render.unwrap_or_default();
        defmt::info!(
            "render, instructions: frames 1..{=u32} (the ring sweeping in) {=u64} to {=u64}; a resting frame (the light alone) {=u64}",
            RESTING_FROM,
            low,
            high,
            self.resting_render.unwrap_or_default()
        );
    }
}

#[entry]
fn main() -> ! {
    stack::paint();
    let status = run();
    semihosting::process::exit(status)
}

/// The world and the renderer in their statics. Apart from `run`, and not inlined: each
/// is built as a temporary on the stack before it is moved in (about 20 KB for the
/// world), a frame that is given back when this returns instead of held for as long as
/// `run` runs, where the settings screen needs the stack.
#[inline(never)]
fn statics() -> (
    &'static mut ShowcaseWorld,
    &'static mut ShowcaseOledRenderer,
) {
    let world = WORLD.init_with(ShowcaseWorld::new);
    let renderer = RENDERER.init_with(|| {
        ShowcaseOledRenderer::new(SHOWCASE_SIZE, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323)
    });
    (world, renderer)
}

/// Runs the showcase; returns the exit status.
fn run() -> i32 {
    let Some(board) = Board::take() else {
        defmt::error!("the board's peripherals were already taken");
        return 3;
    };
    let oled = OLED.init(Ssd0323::new(board.spi, board.dc));
    if let Err(e) = oled.init() {
        let _ = e; // Infallible on this board
        defmt::error!("OLED init failed");
        return 3;
    }
    let (world, renderer) = statics();
    world.set_clock(Some(board::ticks32));
    // The log shows the hooks as they run, from the scene's build on.
    world.set_tracing(true);
    if let Err(e) = build_showcase(world, &Layout::OLED) {
        defmt::error!("building the scene failed: {}", e);
        return 3;
    }
    defmt::info!(
        "sprig showcase on lm3s6965evb: {=u32} frames at {=u32} fps, fixed dt",
        FRAMES,
        SHOWCASE_FPS
    );
    sprig_mcu::log::trace(world, true);

    let mut runner = Runner::new(
        &mut *oled,
        board.clock,
        Watched::new(board.gamepad),
        RunConfig::fixed(SHOWCASE_FPS),
    );
    let mut costs = Costs::default();
    // Between frames the runner sleeps (`wfi` until timer 0's alarm, see `board.rs`);
    // once a second the log says how much of it the processor was awake.
    let mut meter = BusyMeter::new();
    for _ in 0..FRAMES {
        match runner.frame(world, renderer) {
            Ok(report) => {
                sprig_mcu::log::frame(&report);
                if let Some(second) = meter.add(&report, board::ticks(), board::TICKS_PER_SECOND) {
                    sprig_mcu::log::busy(&second);
                }
                sprig_mcu::log::trace(world, report.frame == 0);
                costs.add(&report);
            }
            Err(e) => {
                defmt::error!("frame {=u32} failed: {}", runner.frames(), e);
                return 3;
            }
        }
    }
    costs.log(FRAMES);
    // Nothing changed since the runner's last frame: the render finds so and stops.
    let before = board::ticks();
    let Ok(stats) = renderer.render(world, &mut Unseen);
    let still_ticks = board::ticks() - before;
    {
        defmt::info!(
            "a still frame's render (nothing changed): {=u64} instructions, {=u32} nodes examined, {=u64} px drawn",
            instructions(still_ticks),
            stats.examined,
            stats.pixels_drawn
        );
    }
    sprig_mcu::log::worst(&runner.worst());
    let sizes = [
        core::mem::size_of::<ShowcaseWorld>(),
        core::mem::size_of::<ShowcaseOledRenderer>(),
        core::mem::size_of::<Oled>(),
        ssd0323::BUFFER_BYTES,
        core::mem::size_of_val(&runner),
    ];
    defmt::info!(
        "ram: world {=usize} B, renderer {=usize} B, OLED driver {=usize} B (screen copy {=usize} B), runner {=usize} B; stack peak {=usize} B",
        sizes[0],
        sizes[1],
        sizes[2],
        sizes[3],
        sizes[4],
        stack::peak()
    );
    defmt::info!(
        "slept between frames: {=u32} wfi wake-ups over {=u32} frames (timer 0's alarm or a SysTick wrap)",
        board::sleeps(),
        FRAMES
    );
    let hook_errors = world.hook_errors();
    defmt::info!(
        "hook errors: {=u32}, bytes sent to the OLED: {=u64}",
        hook_errors,
        runner.panel().bytes_sent()
    );
    defmt::info!("SPRIG READY frames={=u32}", FRAMES);
    if HOLD {
        if !wait_until_armed() {
            defmt::error!("no gamepad key within {=u64} s", HOLD_SECONDS);
            return 2;
        }
        runner.input().gamepad.arm();
        defmt::info!("SPRIG ARMED");
        match run_until_clicked(&mut runner, world, renderer) {
            Ok(true) => defmt::info!(
                "SPRIG INPUT key A pressed and released by frame {=u32}",
                runner.frames().saturating_sub(1)
            ),
            Ok(false) => {
                defmt::error!("no gamepad key within {=u64} s", HOLD_SECONDS);
                return 2;
            }
            Err(status) => return status,
        }
    }
    if world.hook_errors() > 0 {
        4
    } else {
        0
    }
}

/// Waits, drawing nothing, until the select button's line reads high (released), for
/// at most [`HOLD_SECONDS`].
fn wait_until_armed() -> bool {
    let deadline = board::ticks() + HOLD_SECONDS * board::TICKS_PER_SECOND;
    while board::ticks() < deadline {
        if board::gamepad_levels() & board::SELECT != 0 {
            return true;
        }
    }
    false
}

/// Runs frames until key A has been pressed and released, for at most
/// [`HOLD_SECONDS`]; `Err` holds the exit status of a failed frame.
fn run_until_clicked(
    runner: &mut Runner<&mut Oled, board::SysTickClock, Watched>,
    world: &mut ShowcaseWorld,
    renderer: &mut ShowcaseOledRenderer,
) -> Result<bool, i32> {
    let deadline = board::ticks() + HOLD_SECONDS * board::TICKS_PER_SECOND;
    while !runner.input().clicked {
        if board::ticks() > deadline {
            return Ok(false);
        }
        if let Err(e) = runner.frame(world, renderer) {
            defmt::error!("frame {=u32} failed: {}", runner.frames(), e);
            return Err(3);
        }
        sprig_mcu::log::trace(world, false);
    }
    Ok(true)
}

/// The gamepad, noting when key A has gone down and up again.
struct Watched {
    gamepad: board::Gamepad,
    down: bool,
    clicked: bool,
}

impl Watched {
    fn new(gamepad: board::Gamepad) -> Self {
        Watched {
            gamepad,
            down: false,
            clicked: false,
        }
    }
}

impl InputSource for Watched {
    fn poll(&mut self, events: &mut Events) {
        let seen = events.len();
        self.gamepad.poll(events);
        for event in events.iter().skip(seen) {
            if let InputEvent::Key {
                key: Key::A,
                pressed,
            } = *event
            {
                self.clicked |= self.down && !pressed;
                self.down = pressed;
            }
        }
    }
}
