//! `execution_order` given twice.

pub struct Spinner;

#[sprig::component(execution_order = 1, execution_order = 2)]
impl ::sprig::Hooks for Spinner {}

fn main() {}
