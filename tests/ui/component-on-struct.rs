//! `#[component]` on the struct instead of on its `Hooks` impl.

#[sprig::component]
pub struct Spinner {
    pub turns: u32,
}

fn main() {}
