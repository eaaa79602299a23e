//! A component set with no entries.

sprig::component_set! {
    pub enum App {}
}

fn main() {}
