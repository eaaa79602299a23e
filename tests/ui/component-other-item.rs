//! An associated const inside the `Hooks` impl.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {
    const SPEED: f32 = 1.0;
}

fn main() {}
