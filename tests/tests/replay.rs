//! Record and replay reproduce a run bit for bit: 300 frames of the showcase with random
//! time steps, touches (some on its + button) and keys are recorded as text, read back and
//! replayed on a fresh world, and every frame's pixels hash the same.

use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb888};
use embedded_graphics::prelude::{Point, Size};
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig::{Key, TouchPhase};
use sprig_examples::showcase::Thermostat;
use sprig_examples::{build_showcase, Layout, ShowcaseWorld};
use sprig_sim::{FrameInput, InputRecord, Options, Recording, Run, RunSummary};

const SIZE: Size = Size::new(128, 64);

/// A small deterministic generator (xorshift), so the test needs no seed file.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_run(frames: usize, rng: &mut Rng) -> Recording {
    let mut recording = Recording::default();
    for _ in 0..frames {
        let dt = (5 + rng.below(60)) as f32 / 1000.0 + rng.below(1000) as f32 * 1e-7;
        let mut events = Vec::new();
        if rng.below(4) == 0 {
            // Half of the touches land on the + button (bottom, under the dial), the
            // rest anywhere.
            let (x, y) = if rng.below(2) == 0 {
                (
                    38.0 + rng.below(10) as f32 + 0.25,
                    54.0 + rng.below(8) as f32 + 0.5,
                )
            } else {
                (rng.below(128) as f32 + 0.1, rng.below(64) as f32 + 0.7)
            };
            events.push(InputRecord::Touch {
                id: 0,
                phase: TouchPhase::Down,
                x,
                y,
            });
            events.push(InputRecord::Touch {
                id: 0,
                phase: TouchPhase::Up,
                x,
                y,
            });
        }
        if rng.below(6) == 0 {
            events.push(InputRecord::Key {
                key: Key::A,
                pressed: true,
            });
            events.push(InputRecord::Key {
                key: Key::A,
                pressed: false,
            });
        }
        recording.frames.push(FrameInput { dt, events });
    }
    recording
}

/// Runs a recording and returns one hash per frame, plus how often the thermostat's
/// target and mode changed (so the test knows the input had effects).
fn run(recording: &Recording) -> (Vec<u64>, u32) {
    let mut world = ShowcaseWorld::new();
    let scene = build_showcase(&mut world, &Layout::OLED).unwrap();
    let state = |world: &ShowcaseWorld| {
        let t = world.get::<Thermostat>(scene.thermostat).unwrap();
        (t.target_tenths(), t.mode())
    };
    let mut display = SimulatorDisplay::<Gray4>::with_default_color(SIZE, Gray4::BLACK);
    let mut renderer: Renderer<Gray4, { sprig_examples::SHOWCASE_NODES }, 1024> =
        Renderer::new(SIZE, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    let mut changes = 0;
    let mut hashes = Vec::new();
    for frame in &recording.frames {
        let before = state(&world);
        frame.apply(&mut world, SIZE.height as f32).unwrap();
        changes += u32::from(state(&world) != before);
        let Ok(_) = renderer.render(&mut world, &mut display);
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        for y in 0..SIZE.height as i32 {
            for x in 0..SIZE.width as i32 {
                hash = (hash ^ u64::from(display.get_pixel(Point::new(x, y)).luma()))
                    .wrapping_mul(0x0100_0000_01b3);
            }
        }
        hashes.push(hash);
    }
    (hashes, changes)
}

#[test]
fn a_replayed_run_matches_the_recorded_one_frame_by_frame() {
    let recording = random_run(300, &mut Rng(0x5eed_1234_abcd_0001));
    let text = recording.to_text();
    let replayed = Recording::parse(&text).unwrap();
    assert_eq!(replayed, recording, "the text holds every value exactly");
    let (live, changes) = run(&recording);
    let (again, _) = run(&replayed);
    assert!(
        changes > 0,
        "the input changed the thermostat at least once"
    );
    assert_eq!(live.len(), 300);
    for (frame, (a, b)) in live.iter().zip(&again).enumerate() {
        assert_eq!(a, b, "frame {frame} differs");
    }
}

#[test]
fn a_broken_recording_names_its_line_and_what_is_wrong_with_it() {
    let cases = [
        ("frame 0.1\nframe NaN\n", "line 2, `frame NaN`: the time step `NaN` is not a finite number of seconds, 0 or more"),
        ("frame inf\n", "line 1, `frame inf`: the time step `inf` is not a finite number of seconds, 0 or more"),
        ("frame -0.5\n", "line 1, `frame -0.5`: the time step `-0.5` is not a finite number of seconds, 0 or more"),
        ("frame soon\n", "line 1, `frame soon`: the time step `soon` is not a number"),
        ("frame\n", "line 1, `frame`: `frame` takes one value, the time step in seconds"),
        ("frame 0.1\n\n  touch 0 sideways 1 2\n", "line 3, `touch 0 sideways 1 2`: the phase `sideways` is not `down`, `move`, `up` or `cancel`"),
        ("frame 0.1\ntouch 256 down 1 2\n", "line 2, `touch 256 down 1 2`: the touch id `256` is not a whole number from 0 to 255"),
        ("frame 0.1\ntouch 0 down NaN 2\n", "line 2, `touch 0 down NaN 2`: the touch's x `NaN` is not finite"),
        ("frame 0.1\ntouch 0 down 1 far\n", "line 2, `touch 0 down 1 far`: the touch's y `far` is not a number"),
        ("frame 0.1\ntouch 0 down 1\n", "line 2, `touch 0 down 1`: `touch` takes four values: ID PHASE X Y"),
        ("frame 0.1\nkey home 1\n", "line 2, `key home 1`: the key `home` is not `up`, `down`, `left`, `right`, `a`, `b`, `start`, `select` or a number from 0 to 255"),
        ("frame 0.1\nkey a yes\n", "line 2, `key a yes`: `yes` is not 1 (pressed) or 0 (released)"),
        ("frame 0.1\nkey a\n", "line 2, `key a`: `key` takes two values: KEY 1|0"),
        ("frame 0.1\njump 3\n", "line 2, `jump 3`: `jump` is not `frame`, `touch` or `key`"),
        ("key a 1\n", "line 1, `key a 1`: an event before the first `frame` line"),
    ];
    for (text, message) in cases {
        assert_eq!(Recording::parse(text), Err(message.to_owned()), "{text:?}");
    }
}

/// A folder of its own under the system's temporary one, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sprig-replay-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the showcase headless through the simulator's runner with `flags`.
fn run_showcase(flags: &[&str]) -> Result<RunSummary, String> {
    let mut args = vec!["showcase", "--headless", "--scale", "1"];
    args.extend_from_slice(flags);
    let options = Options::try_parse_from(args).unwrap();
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, &Layout::OLED).unwrap();
    let mut renderer: Renderer<Gray4, { sprig_examples::SHOWCASE_NODES }, 1024> =
        Renderer::new(SIZE, Rgb888::new(0, 0, 0), BusCost::GRAY4_SSD0323);
    let run = Run {
        name: "showcase",
        size: SIZE,
        default_frames: 3,
        fixed_dt: 1.0 / 30.0,
    };
    run.run(&options, &mut world, &mut renderer, Gray4::BLACK, |_, _| {})
}

#[test]
fn a_replay_that_cannot_be_read_names_its_file_and_line_and_runs_nothing() {
    let dir = scratch("nan");
    let replay = dir.join("nan.txt");
    std::fs::write(&replay, "frame 0.1\nframe NaN\n").unwrap();
    let out = dir.join("out");
    let error = run_showcase(&[
        "--replay",
        replay.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .unwrap_err();
    assert_eq!(
        error,
        format!(
            "{}: line 2, `frame NaN`: the time step `NaN` is not a finite number of seconds, 0 or more",
            replay.display()
        )
    );
    assert!(!out.exists(), "no frame written");
}

#[test]
fn a_replayed_event_the_world_refuses_names_its_line() {
    let dir = scratch("touches");
    let replay = dir.join("touches.txt");
    // Five fingers down at once on the + button (the fifth on line 8, past a blank
    // line): the world follows four.
    std::fs::write(
        &replay,
        "frame 0.03\nframe 0.03\ntouch 0 down 42 58\ntouch 1 down 42 58\n\ntouch 2 down 42 58\ntouch 3 down 42 58\ntouch 4 down 42 58\n",
    )
    .unwrap();
    let out = dir.join("out");
    let error = run_showcase(&[
        "--replay",
        replay.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .unwrap_err();
    assert_eq!(
        error,
        format!(
            "{}, line 8: a touch going down while 4 others are down, the most the world follows",
            replay.display()
        )
    );
}

#[test]
fn a_run_of_no_frame_writes_no_frame_and_says_so() {
    let out = scratch("none").join("out");
    let summary = run_showcase(&["--frames", "0", "--out", out.to_str().unwrap()]).unwrap();
    assert_eq!((summary.frames, summary.last_png), (0, None));
    assert!(!out.join("last.png").exists());
}
