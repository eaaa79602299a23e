//! Hooks without the `&mut self` receiver, or with another one.

use sprig::{AnyWorld, Ctx, HookResult};

pub struct Spinner {
    pub turns: u32,
}

#[sprig::component]
impl ::sprig::Hooks for Spinner {
    fn update(ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let _ = ctx;
        Ok(())
    }

    fn start(&self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }
}

fn main() {}
