//! Two mistakes in one impl: both are reported in one compile.

use sprig::{AnyWorld, Ctx, HookResult};

pub struct Spinner;

#[sprig::component(execution_order = 99999)]
impl ::sprig::Hooks for Spinner {
    fn strat(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }
}

fn main() {}
