//! `draw` given a value, and given twice.

use sprig::{Ctx, HookResult, Hooks};

pub struct Spinner;

#[sprig::component(draw = true)]
impl Hooks for Spinner {
    fn start(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }
}

pub struct Twice;

#[sprig::component(draw, draw)]
impl Hooks for Twice {}

fn main() {}
