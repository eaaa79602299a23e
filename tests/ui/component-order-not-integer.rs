//! An execution order that is not an integer literal.

pub struct Spinner;

#[sprig::component(execution_order = "early")]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component(execution_order = 1.5)]
impl ::sprig::Hooks for Label {}

const LATE: i16 = 10;

pub struct Bar;

#[sprig::component(execution_order = LATE)]
impl ::sprig::Hooks for Bar {}

fn main() {}
