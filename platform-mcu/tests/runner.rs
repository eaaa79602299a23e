//! `Runner` with hand-written fakes: a clock on a per-test time source, a recording panel
//! and `FullFrame` display, scripted input and GPIO pins.
//!
//! Covers pacing (waiting for each frame's deadline, restarting the schedule after a
//! late frame), the measured, capped and fixed time step, how the report splits a
//! frame's ticks, `Buttons` (events only on changes, failing pins read as released,
//! overflow kept for the next poll), input delivered to the world before the tick and
//! refused input skipped and counted, a flood of input cut at the poll and counted, frames
//! past their slot reported with the part that ran out and the worst frame per part kept,
//! a refused step surfacing as `RunError::World`, `FullFrame` (the whole screen and one
//! flush per frame), and panel errors (`RunError::Panel`, after which the next frame runs
//! and sends the whole screen again).

mod common;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use common::Gray4Frame;
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::{Gray4, Rgb888, RgbColor};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;
use embedded_hal::digital::{self, InputPin};
use sprig::render::damage::BusCost;
use sprig::render::{Renderer, Shape};
use sprig::{
    component, world, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, Size2, TouchEvent,
    TouchPhase, Vec2,
};
use sprig_mcu::ssd0323::Ssd0323;
use sprig_mcu::{
    sprig, BusyMeter, BusySecond, Buttons, Clock, Events, FramePart, FrameReport, FullFrame,
    InputEvent, InputSource, NoInput, Panel, RunConfig, RunError, Runner, WorstFrames, MAX_EVENTS,
};

// ---------------------------------------------------------------------------------------
// Time, log and the world.

thread_local! {
    /// This test's time, in ticks (each test runs on its own thread).
    static NOW: Cell<u64> = const { Cell::new(0) };
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// Ticks each `update` of a `Recorder` takes.
    static UPDATE_TICKS: Cell<u64> = const { Cell::new(0) };
}

fn now() -> u64 {
    NOW.with(Cell::get)
}

fn advance(ticks: u64) {
    NOW.with(|t| t.set(t.get() + ticks));
}

fn now32() -> u32 {
    now() as u32
}

fn log(line: impl Into<String>) {
    LOG.with(|l| l.borrow_mut().push(line.into()));
}

fn take_log() -> Vec<String> {
    LOG.with(|l| l.take())
}

/// Logs its keys, touches and updates.
pub struct Recorder;

#[component]
impl Hooks for Recorder {
    fn on_key(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        log(format!("key {:?} {}", key.key, key.pressed));
        Ok(())
    }

    fn on_touch(&mut self, _ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        log(format!("touch {:?}", touch.phase));
        Ok(())
    }

    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        log(format!("update {dt_seconds}"));
        advance(UPDATE_TICKS.with(Cell::get));
        Ok(())
    }
}

/// Moves its node one pixel right every update, back to x = 0 after x = 11.
pub struct Mover;

#[component]
impl Hooks for Mover {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        let at = ctx.position(node)?;
        ctx.set_position(node, Vec2::new((at.x + 1.0) % 12.0, at.y))
    }
}

world! {
    /// The test components and a shape to see.
    type W = World {
        nodes: 8,
        components: App {
            Recorder: 8,
            Mover: 8,
            sprig::render::Shape: 8,
        },
    };
}

/// The screen: 16×8.
const SIZE: Size = Size::new(16, 8);

/// A 4×4 white square with its bottom-left corner at world (2, 2) (screen rows 2..=5,
/// columns 2..=5), with a `Recorder`, and a `Mover` when `moving`.
fn scene(moving: bool) -> W {
    let mut world = W::new();
    let root = world.root();
    let pad = world.create_child(root, "Pad").unwrap();
    world.set_anchor(pad, Vec2::ZERO).unwrap();
    world.set_content_size(pad, Size2::new(4.0, 4.0)).unwrap();
    world.set_position(pad, Vec2::new(2.0, 2.0)).unwrap();
    world
        .add_component(pad, Shape::rectangle().with_fill(Rgb888::WHITE))
        .unwrap();
    world.add_component(pad, Recorder).unwrap();
    if moving {
        world.add_component(pad, Mover).unwrap();
    }
    world
}

/// 64 pixels of buffer: a full 16×8 screen goes out in two tiles.
type R = Renderer<Gray4, 8, 64>;

fn renderer() -> R {
    Renderer::new(SIZE, Rgb888::BLACK, BusCost::GRAY4_SSD0323)
}

/// The same scene ticked by `dt`s, redrawn whole into a framebuffer.
struct Reference {
    world: W,
    renderer: R,
    frame: Gray4Frame,
}

impl Reference {
    fn new(moving: bool) -> Self {
        Reference {
            world: scene(moving),
            renderer: renderer(),
            frame: Gray4Frame::new(SIZE.width, SIZE.height),
        }
    }

    /// Ticks and redraws the reference, leaving the log as it was.
    fn step(&mut self, dt: f32) {
        let kept = take_log();
        self.world.tick(dt).unwrap();
        let Ok(_) = self.renderer.render_full(&mut self.world, &mut self.frame);
        LOG.with(|l| *l.borrow_mut() = kept);
    }
}

// ---------------------------------------------------------------------------------------
// Fakes.

/// Reads the thread's time; waiting jumps to the deadline, and is recorded.
struct TestClock {
    ticks_per_second: u64,
    waits: Vec<u64>,
}

impl TestClock {
    fn new(ticks_per_second: u64) -> Self {
        TestClock {
            ticks_per_second,
            waits: Vec::new(),
        }
    }
}

impl Clock for TestClock {
    fn now(&mut self) -> u64 {
        now()
    }

    fn ticks_per_second(&self) -> u64 {
        self.ticks_per_second
    }

    fn wait_until(&mut self, deadline: u64) {
        self.waits.push(deadline);
        NOW.with(|t| t.set(t.get().max(deadline)));
    }
}

/// Moves on by one tick at every `now()`; keeps the default `wait_until`.
struct CountingClock {
    ticks: u64,
    ticks_per_second: u64,
}

impl Clock for CountingClock {
    fn now(&mut self) -> u64 {
        let t = self.ticks;
        self.ticks += 1;
        t
    }

    fn ticks_per_second(&self) -> u64 {
        self.ticks_per_second
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Fault(&'static str);

/// A partial panel that keeps its pixels, logs its calls, takes time and fails on
/// request.
struct RecPanel {
    frame: Gray4Frame,
    writes: Vec<Rectangle>,
    finishes: u32,
    /// Writes to fail from now on.
    failing_writes: u32,
    failing_finishes: u32,
    write_ticks: u64,
    finish_ticks: u64,
}

impl RecPanel {
    fn new() -> Self {
        RecPanel {
            frame: Gray4Frame::new(SIZE.width, SIZE.height),
            writes: Vec::new(),
            finishes: 0,
            failing_writes: 0,
            failing_finishes: 0,
            write_ticks: 0,
            finish_ticks: 0,
        }
    }
}

impl Panel for RecPanel {
    type Color = Gray4;
    type Error = Fault;

    fn size(&self) -> Size {
        SIZE
    }

    fn write_rect<I>(&mut self, area: &Rectangle, pixels: I) -> Result<(), Fault>
    where
        I: IntoIterator<Item = Gray4>,
    {
        advance(self.write_ticks);
        if self.failing_writes > 0 {
            self.failing_writes -= 1;
            log("write failed");
            return Err(Fault("write"));
        }
        log(format!(
            "write {},{} {}x{}",
            area.top_left.x, area.top_left.y, area.size.width, area.size.height
        ));
        self.writes.push(*area);
        let Ok(()) = self.frame.fill_contiguous(area, pixels);
        Ok(())
    }

    fn finish_frame(&mut self) -> Result<(), Fault> {
        advance(self.finish_ticks);
        self.finishes += 1;
        if self.failing_finishes > 0 {
            self.failing_finishes -= 1;
            log("finish failed");
            return Err(Fault("finish"));
        }
        log("finish");
        Ok(())
    }
}

/// Input scripted frame by frame: each poll takes the next list (none when exhausted)
/// and takes `poll_ticks`.
#[derive(Default)]
struct Script {
    polls: VecDeque<Vec<InputEvent>>,
    poll_ticks: u64,
}

impl Script {
    fn new(polls: impl IntoIterator<Item = Vec<InputEvent>>) -> Self {
        Script {
            polls: polls.into_iter().collect(),
            poll_ticks: 0,
        }
    }
}

impl InputSource for Script {
    fn poll(&mut self, events: &mut Events) {
        advance(self.poll_ticks);
        for event in self.polls.pop_front().unwrap_or_default() {
            events.push(event).unwrap();
        }
    }
}

/// A GPIO input whose level the test sets through a shared cell; `None` fails to read.
#[derive(Clone)]
struct Pin(Rc<Cell<Option<bool>>>);

impl Pin {
    fn high() -> Self {
        Pin(Rc::new(Cell::new(Some(true))))
    }

    fn set(&self, level: Option<bool>) {
        self.0.set(level);
    }
}

impl digital::ErrorType for Pin {
    type Error = digital::ErrorKind;
}

impl InputPin for Pin {
    fn is_high(&mut self) -> Result<bool, Self::Error> {
        self.0.get().ok_or(digital::ErrorKind::Other)
    }

    fn is_low(&mut self) -> Result<bool, Self::Error> {
        self.0.get().map(|h| !h).ok_or(digital::ErrorKind::Other)
    }
}

fn key(key: Key, pressed: bool) -> InputEvent {
    InputEvent::Key { key, pressed }
}

fn poll(source: &mut impl InputSource) -> Vec<InputEvent> {
    let mut events = Events::new();
    source.poll(&mut events);
    events.iter().copied().collect()
}

// ---------------------------------------------------------------------------------------
// Pacing and the time step.

#[test]
fn paced_frames_wait_for_their_deadline_and_a_late_frame_restarts_the_schedule() {
    let mut world = scene(false);
    let mut renderer = renderer();
    // 1 kHz clock, 100 fps: a frame every 10 ticks.
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        NoInput,
        RunConfig::paced(100),
    );
    let mut frame = |work: u64, runner: &mut Runner<RecPanel, TestClock, NoInput>| {
        advance(work);
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        (report.idle_ticks, report.dt, runner.clock().waits.clone())
    };

    // The first frame runs at once with dt 0; the next is due at 0 + 10.
    assert_eq!(frame(0, &mut runner), (0, 0.0, vec![]));
    // 3 ticks of work: waits 7 ticks until 10; dt is start to start.
    assert_eq!(frame(3, &mut runner), (7, 0.01, vec![10]));
    assert_eq!(now(), 10);
    // 25 ticks of work: 15 past its deadline of 20. No wait, dt 0.025, and the schedule
    // starts over from this frame (35 + 10) instead of running frames at 30 and 40.
    assert_eq!(frame(25, &mut runner), (0, 0.025, vec![10]));
    assert_eq!(frame(2, &mut runner), (8, 0.01, vec![10, 45]));
    assert_eq!(now(), 45);
    // Late by less than a period (57 for 55): the schedule keeps its phase, next at 65.
    assert_eq!(frame(12, &mut runner), (0, 0.012, vec![10, 45]));
    assert_eq!(frame(0, &mut runner), (8, 0.008, vec![10, 45, 65]));
    assert_eq!(runner.frames(), 6);
}

#[test]
fn the_measured_step_is_capped_at_max_dt() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let config = RunConfig {
        fps: 0,
        fixed_dt: None,
        max_dt: 0.05,
    };
    let mut runner = Runner::new(RecPanel::new(), TestClock::new(1000), NoInput, config);
    let mut dts = Vec::new();
    for work in [7, 20, 49, 50, 51, 5000, 1] {
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        assert_eq!(report.idle_ticks, 0, "unpaced frames never wait");
        dts.push(report.dt);
        advance(work);
    }
    assert_eq!(dts, [0.0, 0.007, 0.02, 0.049, 0.05, 0.05, 0.05]);
    assert!(runner.clock().waits.is_empty());
    // The world was ticked with those steps.
    let updates: Vec<String> = take_log()
        .into_iter()
        .filter(|l| l.starts_with("update"))
        .collect();
    assert_eq!(
        updates,
        dts.iter()
            .map(|dt| format!("update {dt}"))
            .collect::<Vec<_>>()
    );

    // `paced` caps at 0.1 s.
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        NoInput,
        RunConfig::paced(10),
    );
    runner.frame(&mut world, &mut renderer).unwrap();
    advance(600);
    assert_eq!(runner.frame(&mut world, &mut renderer).unwrap().dt, 0.1);
}

#[test]
fn a_fixed_step_overrides_the_clock_from_the_first_frame() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        NoInput,
        RunConfig::fixed(50),
    );
    for work in [0, 1000, 3, 19, 0] {
        advance(work);
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        assert_eq!(report.dt, 1.0 / 50.0);
    }
    // Still paced by the clock: deadlines every 20 ticks, restarted after the stall.
    assert_eq!(runner.clock().waits, [1020, 1040, 1060]);
    assert_eq!(RunConfig::fixed(50).fixed_dt, Some(0.02));
    assert_eq!(RunConfig::paced(50).fixed_dt, None);
}

#[test]
fn the_report_splits_the_frame_into_its_phases() {
    let mut world = scene(false);
    world.set_clock(Some(now32));
    let mut renderer = renderer();
    let mut panel = RecPanel::new();
    panel.write_ticks = 50;
    panel.finish_ticks = 7;
    let mut input = Script::new([vec![key(Key::A, true)], vec![], vec![]]);
    input.poll_ticks = 3;
    UPDATE_TICKS.with(|t| t.set(11));
    // 10 kHz, 10 fps: a frame every 1000 ticks.
    let mut runner = Runner::new(panel, TestClock::new(10_000), input, RunConfig::paced(10));

    let first = runner.frame(&mut world, &mut renderer).unwrap();
    // Frame 0 sends the whole 16×8 screen in two 16×4 tiles.
    assert_eq!(runner.panel().writes.len(), 2);
    assert_eq!(
        (
            first.frame,
            first.events,
            first.input_ticks,
            first.tick_ticks,
            first.render_ticks,
            first.flush_ticks,
            first.idle_ticks
        ),
        (0, 1, 3, 11, 0, 2 * 50 + 7, 0)
    );
    assert_eq!(first.phases.update, 11);
    assert_eq!(first.render.rects, 1);
    assert_eq!(first.render.pixels_flushed, 128);
    assert_eq!(first.render.bytes, 64 + 6);
    assert_eq!(now(), 3 + 11 + 2 * 50 + 7);

    assert_eq!(first.busy_ticks, 3 + 11 + 2 * 50 + 7);
    assert!(!first.still);

    // A still frame: nothing to write, nor to finish; the frame waits for its deadline,
    // 1000 ticks after the first one started.
    let still = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(runner.panel().writes.len(), 2);
    assert_eq!(
        (
            still.frame,
            still.events,
            still.idle_ticks,
            still.flush_ticks,
            still.render.pixels_flushed,
            still.still
        ),
        (1, 0, 1000 - 121, 0, 0, true)
    );
    // Busy: the input poll and the tick; the rest of the slot is slept.
    assert_eq!(still.busy_ticks, 3 + 11);
    assert_eq!(runner.panel().finishes, 1);
}

#[test]
fn a_frame_past_its_slot_reports_the_part_that_ran_out_and_the_worst_frames_are_kept() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let mut panel = RecPanel::new();
    panel.write_ticks = 50;
    panel.finish_ticks = 7;
    let mut input = Script::new([vec![], vec![], vec![], vec![]]);
    input.poll_ticks = 3;
    // 1 kHz, 10 fps: a slot is 100 ticks.
    let mut runner = Runner::new(panel, TestClock::new(1000), input, RunConfig::paced(10));

    // Frame 0 sends the whole screen: 3 + 0 + 2 * 50 + 7 = 110 ticks, the slot runs out
    // while flushing.
    let first = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(first.overrun, Some(FramePart::Flush));
    // A still frame: 3 + 11 + 7, within its slot.
    UPDATE_TICKS.with(|t| t.set(11));
    let still = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(still.overrun, None);
    // An update of 150 ticks: the slot runs out during the tick.
    UPDATE_TICKS.with(|t| t.set(150));
    let slow = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(slow.overrun, Some(FramePart::Tick));
    assert_eq!(
        runner.worst(),
        WorstFrames {
            input: (0, 3),
            tick: (2, 150),
            render: (0, 0),
            flush: (0, 107),
            overruns: 2,
        }
    );

    // Unpaced frames never overrun.
    let config = RunConfig {
        fps: 0,
        fixed_dt: Some(0.1),
        max_dt: 0.1,
    };
    let mut unpaced = Runner::new(RecPanel::new(), TestClock::new(1000), NoInput, config);
    let report = unpaced.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.overrun, None);
    assert_eq!(unpaced.worst().overruns, 0);
}

/// A source that pushes more events than a poll holds, every poll.
struct Flood;

impl InputSource for Flood {
    fn poll(&mut self, events: &mut Events) {
        for k in 0..3 * MAX_EVENTS {
            let _ = events.push(key(Key::A, k % 2 == 0));
        }
    }
}

#[test]
fn a_flood_of_input_is_cut_at_the_poll_and_counted() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        Flood,
        RunConfig::paced(10),
    );
    for frame in 0..3 {
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        assert_eq!(
            (report.events, report.overflowed_events),
            (MAX_EVENTS as u32, 2 * MAX_EVENTS as u32),
            "frame {frame}"
        );
    }
    let keys = take_log()
        .into_iter()
        .filter(|l| l.starts_with("key"))
        .count();
    assert_eq!(
        keys,
        3 * MAX_EVENTS,
        "the first eight of each poll were delivered"
    );
}

#[test]
fn the_default_wait_until_spins_until_the_deadline() {
    let mut clock = CountingClock {
        ticks: 5,
        ticks_per_second: 1000,
    };
    clock.wait_until(40);
    assert_eq!(clock.ticks, 41, "the last now() read 40");
    clock.wait_until(10);
    assert_eq!(clock.ticks, 42, "a past deadline reads the clock once");
    assert_eq!(clock.ticks_to_us(1500), 1_500_000);
    let slow = CountingClock {
        ticks: 0,
        ticks_per_second: 0,
    };
    assert_eq!(
        slow.ticks_to_us(3),
        3_000_000,
        "0 ticks a second counts as 1"
    );
    let fast = CountingClock {
        ticks: 0,
        ticks_per_second: 1,
    };
    assert_eq!(fast.ticks_to_us(u64::MAX), u64::MAX, "saturates");
}

// ---------------------------------------------------------------------------------------
// Input.

#[test]
fn buttons_report_presses_and_releases_only_when_they_change() {
    let (a, b) = (Pin::high(), Pin::high());
    let mut buttons = Buttons::active_low([(Key::A, a.clone()), (Key::B, b.clone())]);
    assert_eq!(poll(&mut buttons), []);
    a.set(Some(false));
    assert_eq!(poll(&mut buttons), [key(Key::A, true)]);
    assert_eq!(poll(&mut buttons), [], "still held: no event");
    b.set(Some(false));
    a.set(Some(true));
    // In the order of the buttons, not of the changes.
    assert_eq!(poll(&mut buttons), [key(Key::A, false), key(Key::B, true)]);
    assert_eq!(poll(&mut buttons), []);
    b.set(Some(true));
    assert_eq!(poll(&mut buttons), [key(Key::B, false)]);
    assert_eq!(poll(&mut buttons), []);

    let c = Pin::high();
    let mut high = Buttons::active_high([(Key::Start, c.clone())]);
    assert_eq!(poll(&mut high), [key(Key::Start, true)]);
    c.set(Some(false));
    assert_eq!(poll(&mut high), [key(Key::Start, false)]);
}

#[test]
fn a_pin_that_fails_to_read_counts_as_released() {
    let a = Pin::high();
    let mut buttons = Buttons::active_low([(Key::A, a.clone())]);
    a.set(None);
    assert_eq!(poll(&mut buttons), [], "released already");
    a.set(Some(false));
    assert_eq!(poll(&mut buttons), [key(Key::A, true)]);
    a.set(None);
    assert_eq!(poll(&mut buttons), [key(Key::A, false)]);
    assert_eq!(poll(&mut buttons), []);

    let b = Pin::high();
    let mut high = Buttons::active_high([(Key::B, b.clone())]);
    assert_eq!(poll(&mut high), [key(Key::B, true)]);
    b.set(None);
    assert_eq!(poll(&mut high), [key(Key::B, false)]);
}

#[test]
fn changes_beyond_one_poll_are_reported_by_the_next() {
    let pins: Vec<Pin> = (0..MAX_EVENTS + 2).map(|_| Pin::high()).collect();
    let buttons: [(Key, Pin); MAX_EVENTS + 2] =
        std::array::from_fn(|k| (Key::Other(k as u8), pins[k].clone()));
    let mut buttons = Buttons::active_low(buttons);
    for pin in &pins {
        pin.set(Some(false));
    }
    let first = poll(&mut buttons);
    assert_eq!(
        first,
        (0..MAX_EVENTS)
            .map(|k| key(Key::Other(k as u8), true))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        poll(&mut buttons),
        [
            key(Key::Other(MAX_EVENTS as u8), true),
            key(Key::Other(MAX_EVENTS as u8 + 1), true)
        ]
    );
    assert_eq!(poll(&mut buttons), []);
}

#[test]
fn the_runner_delivers_button_events_to_the_world_before_the_tick() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let a = Pin::high();
    let buttons = Buttons::active_low([(Key::A, a.clone())]);
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        buttons,
        RunConfig::fixed(10),
    );

    runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(
        take_log(),
        ["update 0.1", "write 0,0 16x4", "write 0,4 16x4", "finish"]
    );
    a.set(Some(false));
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.events, 1);
    assert_eq!(take_log(), ["key A true", "update 0.1"]);
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.events, 0);
    assert_eq!(take_log(), ["update 0.1"]);
    a.set(Some(true));
    runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(take_log(), ["key A false", "update 0.1"]);
}

#[test]
fn touches_are_delivered_in_screen_coordinates_of_the_panel() {
    let mut world = scene(false);
    let mut renderer = renderer();
    // The square covers screen columns 2..=5 and rows 2..=5 (world y up, from the
    // bottom of the 8-row panel).
    let touch = |phase, x, y| InputEvent::Touch {
        id: 0,
        phase,
        at: Vec2::new(x, y),
    };
    let input = Script::new([
        vec![touch(TouchPhase::Down, 0.5, 0.5)],
        vec![
            touch(TouchPhase::Down, 3.5, 2.5),
            touch(TouchPhase::Up, 3.5, 2.5),
        ],
        vec![touch(TouchPhase::Down, 3.5, 6.5)],
    ]);
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        input,
        RunConfig::fixed(10),
    );
    runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(
        take_log(),
        ["update 0.1", "write 0,0 16x4", "write 0,4 16x4", "finish"],
        "a miss reaches nobody"
    );
    runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(take_log(), ["touch Down", "touch Up", "update 0.1"]);
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.events, 1);
    assert_eq!(take_log(), ["update 0.1"], "below the square");
}

#[test]
fn refused_input_is_skipped_and_a_refused_step_is_a_run_error() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let input = Script::new([
        vec![],
        vec![
            key(Key::B, true),
            InputEvent::Touch {
                id: 0,
                phase: TouchPhase::Down,
                at: Vec2::new(f32::NAN, 1.0),
            },
            key(Key::B, false),
        ],
        vec![key(Key::Up, true)],
    ]);
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        input,
        RunConfig::fixed(10),
    );
    runner.frame(&mut world, &mut renderer).unwrap();
    take_log();

    // The touch at a non-finite point is refused and counted; the events around it are
    // delivered and the frame runs.
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!((report.events, report.refused_events), (2, 1));
    assert_eq!(take_log(), ["key B true", "key B false", "update 0.1"]);
    assert_eq!(runner.frames(), 2);
    assert_eq!(world.frame(), 2);

    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.frame, 2);
    assert_eq!(take_log(), ["key Up true", "update 0.1"]);

    // A step the world refuses.
    let config = RunConfig {
        fps: 0,
        fixed_dt: Some(-1.0),
        max_dt: 0.1,
    };
    let mut runner = Runner::new(RecPanel::new(), TestClock::new(1000), NoInput, config);
    assert_eq!(
        runner.frame(&mut world, &mut renderer),
        Err(RunError::World(Error::InvalidValue))
    );
    assert_eq!(take_log(), Vec::<String>::new());
}

// ---------------------------------------------------------------------------------------
// FullFrame.

#[derive(Clone, Debug, PartialEq)]
enum Call {
    Fill(Rectangle),
    Flush,
}

/// A plain `DrawTarget` that logs its calls; its flush can fail. The state is shared
/// with the test, as `FullFrame` gives its display back only by `into_inner`.
struct Display(Rc<RefCell<DisplayState>>);

struct DisplayState {
    frame: Gray4Frame,
    calls: Vec<Call>,
    failing_flushes: u32,
}

fn display(failing_flushes: u32) -> (Display, Rc<RefCell<DisplayState>>) {
    let state = Rc::new(RefCell::new(DisplayState {
        frame: Gray4Frame::new(SIZE.width, SIZE.height),
        calls: Vec::new(),
        failing_flushes,
    }));
    (Display(state.clone()), state)
}

impl OriginDimensions for Display {
    fn size(&self) -> Size {
        SIZE
    }
}

impl DrawTarget for Display {
    type Color = Gray4;
    type Error = Fault;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Fault>
    where
        I: IntoIterator<Item = Pixel<Gray4>>,
    {
        let Ok(()) = self.0.borrow_mut().frame.draw_iter(pixels);
        Ok(())
    }

    fn fill_contiguous<I>(&mut self, area: &Rectangle, colors: I) -> Result<(), Fault>
    where
        I: IntoIterator<Item = Gray4>,
    {
        self.0.borrow_mut().calls.push(Call::Fill(*area));
        self.draw_iter(area.points().zip(colors).map(|(p, c)| Pixel(p, c)))
    }
}

fn flush(display: &mut Display) -> Result<(), Fault> {
    let mut display = display.0.borrow_mut();
    display.calls.push(Call::Flush);
    if display.failing_flushes > 0 {
        display.failing_flushes -= 1;
        return Err(Fault("flush"));
    }
    Ok(())
}

#[test]
fn full_frame_redraws_the_whole_screen_and_flushes_once_every_frame() {
    const { assert!(!<FullFrame<Display, fn(&mut Display) -> Result<(), Fault>> as Panel>::PARTIAL) };
    const { assert!(<RecPanel as Panel>::PARTIAL) };
    const { assert!(<&mut RecPanel as Panel>::PARTIAL) };
    const { assert!(<Ssd0323<common::FakeSpi, common::FakeDc> as Panel>::PARTIAL) };

    let (display, state) = display(0);
    let mut full = FullFrame::new(display, flush as fn(&mut Display) -> Result<(), Fault>);
    let mut world = scene(true);
    world.pause();
    let mut renderer = renderer();
    let mut reference = Reference::new(true);
    reference.world.pause();
    let mut runner = Runner::new(
        &mut full,
        TestClock::new(1000),
        NoInput,
        RunConfig::fixed(10),
    );
    let whole = [
        Call::Fill(Rectangle::new(Point::new(0, 0), Size::new(16, 4))),
        Call::Fill(Rectangle::new(Point::new(0, 4), Size::new(16, 4))),
        Call::Flush,
    ];
    // Paused, then moving: every frame, still or not, is the whole screen, then a flush.
    for frame in 0..6 {
        if frame == 3 {
            world.resume();
            reference.world.resume();
        }
        let report = runner.frame(&mut world, &mut renderer).unwrap();
        reference.step(0.1);
        assert_eq!(report.render.pixels_flushed, 128, "frame {frame}");
        let mut display = state.borrow_mut();
        assert_eq!(display.calls, whole, "frame {frame}");
        display.calls.clear();
        assert_eq!(display.frame, reference.frame, "frame {frame}");
    }
    drop(runner);
    assert!(Rc::ptr_eq(&full.into_inner().0, &state));
}

#[test]
fn a_failing_flush_is_a_panel_error_and_the_next_frame_runs() {
    let (display, state) = display(1);
    let mut full = FullFrame::new(display, flush);
    let mut world = scene(true);
    let mut renderer = renderer();
    let mut runner = Runner::new(
        &mut full,
        TestClock::new(1000),
        NoInput,
        RunConfig::fixed(10),
    );
    assert_eq!(
        runner.frame(&mut world, &mut renderer),
        Err(RunError::Panel(Fault("flush")))
    );
    assert_eq!(runner.frames(), 0);
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.frame, 0);
    let calls = &state.borrow().calls;
    assert_eq!(calls.iter().filter(|c| **c == Call::Flush).count(), 2);
}

// ---------------------------------------------------------------------------------------
// Panel errors.

#[test]
fn a_failing_write_is_a_panel_error_and_the_next_frame_sends_the_whole_screen() {
    let mut world = scene(true);
    let mut renderer = renderer();
    let mut reference = Reference::new(true);
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        NoInput,
        RunConfig::fixed(10),
    );
    runner.frame(&mut world, &mut renderer).unwrap();
    reference.step(0.1);
    assert_eq!(runner.panel().frame, reference.frame);
    take_log();

    // The square moves one pixel: one small rectangle, which fails.
    runner.panel().failing_writes = 1;
    assert_eq!(
        runner.frame(&mut world, &mut renderer),
        Err(RunError::Panel(Fault("write")))
    );
    reference.step(0.1);
    assert_eq!(
        take_log(),
        ["update 0.1", "write failed"],
        "no finish after a failed write"
    );
    assert_ne!(runner.panel().frame, reference.frame);
    assert_eq!(runner.frames(), 1);

    // The next frame runs and, the panel's content being unknown, sends all of it.
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    reference.step(0.1);
    assert_eq!(report.frame, 1);
    assert_eq!(
        take_log(),
        ["update 0.1", "write 0,0 16x4", "write 0,4 16x4", "finish"]
    );
    assert_eq!(runner.panel().frame, reference.frame);

    // Then only what changes again.
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    reference.step(0.1);
    assert!(report.render.pixels_flushed < 128);
    assert_eq!(runner.panel().frame, reference.frame);
}

#[test]
fn a_failing_finish_is_a_panel_error_and_the_next_frame_sends_the_whole_screen() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        NoInput,
        RunConfig::fixed(10),
    );
    runner.panel().failing_finishes = 1;
    assert_eq!(
        runner.frame(&mut world, &mut renderer),
        Err(RunError::Panel(Fault("finish")))
    );
    take_log();
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(report.render.pixels_flushed, 128);
    assert_eq!(
        take_log(),
        ["update 0.1", "write 0,0 16x4", "write 0,4 16x4", "finish"]
    );
    let report = runner.frame(&mut world, &mut renderer).unwrap();
    assert_eq!(
        report.render.pixels_flushed, 0,
        "a still scene sends nothing"
    );
}

#[test]
fn a_still_partial_panel_gets_no_pixels_and_no_finish() {
    let mut world = scene(false);
    let mut renderer = renderer();
    let mut runner = Runner::new(
        RecPanel::new(),
        TestClock::new(1000),
        NoInput,
        RunConfig::fixed(10),
    );
    for _ in 0..4 {
        runner.frame(&mut world, &mut renderer).unwrap();
    }
    assert_eq!(
        runner.panel().writes.len(),
        2,
        "only the first frame's two tiles"
    );
    assert_eq!(runner.panel().finishes, 1, "only the first frame's finish");
}

#[test]
fn fixed_zero_fps_is_unpaced_and_measured() {
    assert_eq!(RunConfig::fixed(0), RunConfig::paced(0));
    assert_eq!(RunConfig::fixed(30).fixed_dt, Some(1.0 / 30.0));
}

#[test]
fn the_busy_meter_gives_the_busy_share_once_a_second() {
    let frame = |busy_ticks, still| FrameReport {
        busy_ticks,
        still,
        ..FrameReport::default()
    };
    let mut meter = BusyMeter::new();
    // 1000 ticks a second. The first frame only starts the second.
    assert_eq!(meter.add(&frame(900, false), 0, 1000), None);
    assert_eq!(meter.add(&frame(300, false), 400, 1000), None);
    assert_eq!(meter.add(&frame(100, true), 800, 1000), None);
    assert_eq!(
        meter.add(&frame(50, false), 1000, 1000),
        Some(BusySecond {
            busy_per_mille: 450,
            frames: 3,
            still_frames: 1,
            elapsed_ticks: 1000,
        })
    );
    // The next second starts there; more busy ticks than elapsed count as all busy.
    assert_eq!(
        meter.add(&frame(5000, false), 2200, 1000),
        Some(BusySecond {
            busy_per_mille: 1000,
            frames: 1,
            still_frames: 0,
            elapsed_ticks: 1200,
        })
    );
}
