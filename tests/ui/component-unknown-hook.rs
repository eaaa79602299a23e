//! A fn that is not a hook: a misspelling, and a helper that belongs in an inherent impl.

use sprig::{Ctx, HookResult};

pub struct Spinner;

#[sprig::component]
impl ::sprig::Hooks<()> for Spinner {
    fn updat(_ctx: &mut Ctx<'_, (), Self>, _dt_seconds: f32) -> HookResult {
        Ok(())
    }

    fn spin(_ctx: &mut Ctx<'_, (), Self>) -> HookResult {
        Ok(())
    }
}

fn main() {}
