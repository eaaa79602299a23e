//! An entry whose type has no `#[component]` impl.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

pub struct Helper;

sprig::component_set! {
    pub enum App { Spinner, Helper }
}

fn main() {}
