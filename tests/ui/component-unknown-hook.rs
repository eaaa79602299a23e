//! A fn that is not a hook: a misspelling, and a helper that belongs in an inherent impl.

use sprig::{AnyWorld, Ctx, HookResult};

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks for Spinner {
    fn updat(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        Ok(())
    }

    fn spin(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }
}

fn main() {}
