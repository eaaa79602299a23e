//! A component type listed twice.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component]
impl ::sprig::Hooks for Label {}

sprig::component_set! {
    pub struct App { Spinner: 1, Label: 1, Spinner: 2 }
}

fn main() {}
