//! Hooks with too few or too many inputs.

use sprig::{AnyWorld, Ctx, HookResult};

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {
    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }

    fn on_load(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        Ok(())
    }

    fn on_timer() -> HookResult {
        Ok(())
    }
}

fn main() {}
