//! `#[derive(TimerKey)]` on an enum whose variants carry data: a key is a bare name.

#[derive(Clone, Copy, sprig::TimerKey)]
enum Timers {
    Blink,
    Retry(u8),
    Fade { step: u8 },
}

fn main() {}
