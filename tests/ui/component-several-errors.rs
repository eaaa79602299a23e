//! Two mistakes in one impl: both are reported in one compile.

use sprig::{Ctx, HookResult};

pub struct Spinner;

#[sprig::component(execution_order = 99999)]
impl ::sprig::Hooks<()> for Spinner {
    fn strat(_ctx: &mut Ctx<'_, (), Self>) -> HookResult {
        Ok(())
    }
}

fn main() {}
