//! Generics on the set.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

sprig::component_set! {
    pub struct App<T> { Spinner: 1 }
}

fn main() {}
