//! `#[component]` on an inherent impl.

pub struct Spinner;

#[sprig::component]
impl Spinner {
    pub fn update(&mut self) {}
}

fn main() {}
