//! The old declaration, an enum without capacities, given to `component_set!`.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

sprig::component_set! {
    pub enum App { Spinner: 1 }
}

fn main() {}
