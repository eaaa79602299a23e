//! A struct given to `component_set!`.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

sprig::component_set! {
    pub struct App { Spinner }
}

fn main() {}
