//! `execution_order` without `= value`, and with `=` but no value.

pub struct Spinner;

#[sprig::component(execution_order)]
impl ::sprig::Hooks for Spinner {}

pub struct Label;

#[sprig::component(execution_order =)]
impl ::sprig::Hooks for Label {}

pub struct Bar;

#[sprig::component(execution_order: 1)]
impl ::sprig::Hooks for Bar {}

fn main() {}
