//! `on_event` without its event, and with the event taken by value: the first is
//! reported by `#[component]`, the second by rustc against the trait.

use sprig::{AnyWorld, Ctx, Event, HookResult};

pub struct Button;

#[sprig::component]
impl ::sprig::Hooks for Button {
    fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        Ok(())
    }
}

pub struct Counter;

#[sprig::component]
impl ::sprig::Hooks for Counter {
    fn on_event(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _event: Event<'_>) -> HookResult {
        Ok(())
    }
}

fn main() {}
