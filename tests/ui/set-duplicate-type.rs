//! A component type listed twice.

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component]
impl ::sprig::Hooks for Label {}

sprig::component_set! {
    pub enum App { Spinner, Label, Spinner }
}

fn main() {}
