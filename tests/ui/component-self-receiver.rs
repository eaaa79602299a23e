//! A hook written as a method.

use sprig::HookResult;

pub struct Spinner {
    pub turns: u32,
}

#[sprig::component]
impl ::sprig::Hooks<()> for Spinner {
    fn update(&mut self, _dt_seconds: f32) -> HookResult {
        self.turns += 1;
        Ok(())
    }
}

fn main() {}
