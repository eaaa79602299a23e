//! Hooks with too few or too many inputs.

use sprig::{Ctx, HookResult};

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks<()> for Spinner {
    fn update(_ctx: &mut Ctx<'_, (), Self>) -> HookResult {
        Ok(())
    }

    fn on_load(_ctx: &mut Ctx<'_, (), Self>, _dt_seconds: f32) -> HookResult {
        Ok(())
    }

    fn on_timer() -> HookResult {
        Ok(())
    }
}

fn main() {}
