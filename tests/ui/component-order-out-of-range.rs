//! An execution order that does not fit an `i16`, at either end.

pub struct Spinner;

#[sprig::component(execution_order = 40000)]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component(execution_order = -32769)]
impl ::sprig::Hooks for Label {}

fn main() {}
