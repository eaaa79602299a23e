//! An entry whose type has no `#[component]` impl.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

pub struct Helper;

sprig::component_set! {
    pub struct App { Spinner: 1, Helper: 2 }
}

fn main() {}
