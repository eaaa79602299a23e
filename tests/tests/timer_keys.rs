//! Timers with typed keys: a component schedules `on_timer` with a `#[derive(TimerKey)]`
//! enum of its own and reads the key back by name; bare numbers keep working, and a key
//! with no `u16` form is refused without scheduling anything.

use std::cell::RefCell;

use sprig::{component, world, AnyWorld, Ctx, HookResult, Hooks, TimerKey};

thread_local! {
    static LOG: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
}

fn log(line: String) {
    LOG.with(|l| l.borrow_mut().push(line));
}

fn take_log() -> Vec<String> {
    LOG.with(|l| std::mem::take(&mut *l.borrow_mut()))
}

#[derive(Clone, Copy, Debug, PartialEq, TimerKey)]
enum Blink {
    Colon,
    Cursor,
    Alarm,
}

/// Blinks its colon every 0.1 s, its cursor once after 0.25 s, and cancels the alarm.
pub struct Clock;

#[component]
impl Hooks for Clock {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        ctx.schedule(Blink::Colon, 0.1, Some(2), 0.0)?;
        ctx.schedule_once(Blink::Cursor, 0.25)?;
        ctx.schedule(Blink::Alarm, 0.05, None, 0.0)?;
        let cancelled = ctx.unschedule(Blink::Alarm)?;
        log(format!("alarm cancelled: {cancelled}"));
        // A bare number still works, and one without a u16 form is refused.
        ctx.schedule(7, 1.0, Some(0), 0.0)?;
        log(format!(
            "negative key: {:?}",
            ctx.schedule(-1, 1.0, None, 0.0)
        ));
        log(format!("timers: {}", ctx.timer_count()));
        Ok(())
    }

    fn on_timer(&mut self, _ctx: &mut Ctx<impl AnyWorld>, key: u16, _elapsed: f32) -> HookResult {
        match Blink::from_key(key) {
            Some(blink) => log(format!("{blink:?}")),
            None => log(format!("key {key}")),
        }
        Ok(())
    }
}

world! {
    type App = World { nodes: 4, components: AppSet { Clock: 1 } };
}

#[test]
fn typed_keys_fire_by_name_and_bad_keys_change_nothing() {
    let mut world = App::new();
    let node = world.create_child(world.root(), "Clock").unwrap();
    world.add_component(node, Clock).unwrap();
    assert_eq!(
        take_log(),
        [
            "alarm cancelled: true",
            "negative key: Err(InvalidValue)",
            "timers: 3",
        ]
    );
    let mut fired = Vec::new();
    for frame in 0..8 {
        world.tick(0.05).unwrap();
        for line in take_log() {
            fired.push(format!("{frame}: {line}"));
        }
    }
    // The first frame after scheduling starts the clocks; then every 0.1 s the colon
    // (three times: repeat 2), the cursor once at 0.25 s.
    assert_eq!(
        fired,
        ["2: Colon", "4: Colon", "5: Cursor", "6: Colon"],
        "the bare key 7 fires only after a second"
    );
    assert_eq!(Blink::Alarm.to_key(), Some(2));
    assert_eq!(Blink::from_key(3), None);
    assert_eq!((-1i32).to_key(), None);
}
