//! `#[derive(TimerKey)]` on a struct: timer keys are the variants of an enum.

#[derive(Clone, Copy, sprig::TimerKey)]
struct Timer(u16);

fn main() {}
