//! An attribute key other than `execution_order`.

pub struct Spinner;

#[sprig::component(priority = 1)]
impl ::sprig::Hooks for Spinner {}

fn main() {}
