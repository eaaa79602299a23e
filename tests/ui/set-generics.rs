//! Generics on the set's enum.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

sprig::component_set! {
    pub enum App<T> { Spinner }
}

fn main() {}
