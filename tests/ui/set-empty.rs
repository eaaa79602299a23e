//! A component set with no entries.

sprig::component_set! {
    pub struct App {}
}

fn main() {}
