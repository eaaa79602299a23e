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
use sprig_sim::{FrameInput, InputRecord, Recording};

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
    let mut renderer: Renderer<Gray4, 32, 1024> =
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
fn a_broken_recording_names_its_line() {
    assert_eq!(
        Recording::parse("frame 0.1\ntouch 0 sideways 1 2\n"),
        Err("line 2: cannot read \"touch 0 sideways 1 2\"".to_owned())
    );
    assert!(
        Recording::parse("key a 1\n").is_err(),
        "an event before any frame"
    );
}
