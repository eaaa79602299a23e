//! The example apps under the time steps a replay file can give them: a step of any
//! finite size returns, and the showcase's clock goes on telling the time after it.

use std::sync::mpsc;
use std::time::Duration;

use sprig::render::Label;
use sprig::NodeId;
use sprig_examples::{build_showcase, Layout, ShowcaseWorld};

/// The clock's text (the `Clock` node of the thermostat's `app` node), its blinking
/// colon read as `:`.
fn clock_text(world: &ShowcaseWorld, app: NodeId) -> String {
    let node = world.find(app, "Clock").unwrap().unwrap();
    let label = world.component_of::<Label>(node).unwrap().unwrap();
    world
        .get::<Label>(label)
        .unwrap()
        .text
        .as_str()
        .replace(' ', ":")
}

/// Minutes since midnight of an `HH:MM` text.
fn minutes(text: &str) -> u32 {
    let (hours, minutes) = text.split_once(':').unwrap();
    hours.parse::<u32>().unwrap() * 60 + minutes.parse::<u32>().unwrap()
}

#[test]
fn the_clock_counts_the_minutes_of_any_step_and_keeps_the_seconds_left_over() {
    // In a thread of its own, so that a clock that never returns fails the test instead
    // of hanging the suite.
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut world = ShowcaseWorld::new();
        let app = build_showcase(&mut world, &Layout::OLED).unwrap().app;
        let mut seen = Vec::new();
        // 25 hours and 30 seconds: a day and an hour on, half a minute in hand; then
        // 29 s (still in that minute), 1.5 s (the next one), a trillion seconds, a minute.
        for dt_seconds in [0.0, 25.0 * 3600.0 + 30.0, 29.0, 1.5, 1e12, 60.0] {
            world.tick(dt_seconds).unwrap();
            seen.push(clock_text(&world, app));
        }
        sender.send(seen).unwrap();
    });
    let seen = receiver
        .recv_timeout(Duration::from_secs(20))
        .expect("a frame of 1e12 s did not return within 20 s");
    assert_eq!(seen[..4], ["07:30", "08:30", "08:30", "08:31"]);
    // So large a step keeps no second (1e12 has no digit below 65 536 as an `f32`): its
    // time of day is whatever the minutes come to, and the clock counts on from it.
    let (after, minute_later) = (&seen[4], &seen[5]);
    assert_eq!(after.len(), 5, "{after}");
    assert!(minutes(after) < 24 * 60, "{after}");
    assert_eq!(minutes(minute_later), (minutes(after) + 1) % (24 * 60));
}
