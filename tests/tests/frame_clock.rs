//! With a clock, `tick` measures each of its phases; without one it measures nothing.

use std::sync::atomic::{AtomicU32, Ordering};

use sprig::{NoComponents, PhaseTimes, World};

static NOW: AtomicU32 = AtomicU32::new(100);

/// A clock that advances by 10 at every reading.
fn stepping_clock() -> u32 {
    NOW.fetch_add(10, Ordering::SeqCst)
}

#[test]
fn tick_measures_its_phases_with_the_clock_it_was_given() {
    let mut w: World<NoComponents, 4, 0> = World::new();
    w.tick(0.1).unwrap();
    assert_eq!(
        w.phase_times(),
        PhaseTimes::default(),
        "no clock, no figures"
    );
    w.set_clock(Some(stepping_clock));
    w.tick(0.1).unwrap();
    assert_eq!(
        w.phase_times(),
        PhaseTimes {
            start: 10,
            update: 10,
            timers: 10,
            late_update: 10,
            end_of_frame: 10,
        }
    );
}
