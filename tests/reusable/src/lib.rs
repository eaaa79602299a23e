//! A component library of its own, as a third party would publish one: [`Pulse`] and
//! [`Relay`] know nothing of the apps that use them. It is written against [`AnyWorld`], so any app lists
//! it in its component set, whatever the set's other types and the world's capacities.
#![no_std]
#![forbid(unsafe_code)]

use core::any::Any;

use sprig::{component, AnyWorld, CompId, Ctx, Hook, HookResult, Hooks, NodeId, Vec2};

/// Grows and shrinks its node's scale between 1 and `1 + amplitude`, once per
/// `period_seconds`, and counts its frames. A timer every `period_seconds` counts beats.
/// Every hook it runs is reported to `report`, with the component's own count of beats.
pub struct Pulse {
    /// Extra scale at the top of a beat.
    pub amplitude: f32,
    /// Seconds per beat.
    pub period_seconds: f32,
    /// Where the hooks are reported (the test's log).
    pub report: fn(Hook, u32),
    /// Seconds into the current beat.
    pub phase_seconds: f32,
    /// Beats so far (timer firings).
    pub beats: u32,
    /// Frames updated so far.
    pub frames: u32,
}

impl Pulse {
    /// A pulse of `amplitude` every `period_seconds`, reporting to `report`.
    pub fn new(amplitude: f32, period_seconds: f32, report: fn(Hook, u32)) -> Self {
        Pulse {
            amplitude,
            period_seconds,
            report,
            phase_seconds: 0.0,
            beats: 0,
            frames: 0,
        }
    }

    fn scale(&self) -> f32 {
        let t = self.phase_seconds / self.period_seconds;
        1.0 + self.amplitude * (1.0 - (2.0 * t - 1.0).abs())
    }
}

#[component(execution_order = -5)]
impl Hooks for Pulse {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        (self.report)(Hook::OnLoad, self.beats);
        ctx.schedule(0, self.period_seconds, None, 0.0)
    }

    fn on_enable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        (self.report)(Hook::OnEnable, self.beats);
        Ok(())
    }

    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        (self.report)(Hook::Start, self.beats);
        // Its own data is `self`; through the world it is busy, not aliased.
        let own = ctx.comp_id();
        match ctx.get::<Pulse>(own) {
            Err(sprig::Error::ComponentBusy) => Ok(()),
            _ => Err(sprig::Error::InvalidValue),
        }
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        (self.report)(Hook::Update, self.beats);
        self.frames += 1;
        self.phase_seconds = (self.phase_seconds + dt_seconds) % self.period_seconds;
        let scale = self.scale();
        let node = ctx.node();
        ctx.set_scale(node, Vec2::new(scale, scale))
    }

    fn late_update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        (self.report)(Hook::LateUpdate, self.beats);
        Ok(())
    }

    fn on_timer(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _key: u16, _elapsed: f32) -> HookResult {
        self.beats += 1;
        (self.report)(Hook::OnTimer, self.beats);
        Ok(())
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        (self.report)(Hook::OnDisable, self.beats);
        Ok(())
    }

    fn on_destroy(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        (self.report)(Hook::OnDestroy, self.beats);
        Ok(())
    }
}

/// What a [`Relay`] calls in each hook: the world (as `Any`, for the app to downcast to
/// its own world type), the component's node and handle, the hook, and the relay's id.
pub type RelayFn = fn(&mut dyn Any, NodeId, CompId, Hook, u32);

/// Hands each of its hooks to a function of the app's, with the whole world: a bridge
/// for scripting, and for tests that act on the world from inside a third-party
/// component's hooks.
pub struct Relay {
    /// Passed back to `on_hook`, so the app knows which relay it is.
    pub id: u32,
    /// Called in every hook.
    pub on_hook: RelayFn,
}

impl Relay {
    fn relay(&self, ctx: &mut Ctx<impl AnyWorld>, hook: Hook) -> HookResult {
        let (node, comp) = (ctx.node(), ctx.comp_id());
        let world: &mut dyn Any = &mut **ctx;
        (self.on_hook)(world, node, comp, hook, self.id);
        Ok(())
    }
}

#[component]
impl Hooks for Relay {
    fn preload(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.relay(ctx, Hook::Preload)
    }

    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.relay(ctx, Hook::OnLoad)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.relay(ctx, Hook::OnEnable)
    }

    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.relay(ctx, Hook::Start)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.relay(ctx, Hook::Update)
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.relay(ctx, Hook::LateUpdate)
    }

    fn on_timer(&mut self, ctx: &mut Ctx<impl AnyWorld>, _key: u16, _elapsed: f32) -> HookResult {
        self.relay(ctx, Hook::OnTimer)
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.relay(ctx, Hook::OnDisable)
    }

    fn on_destroy(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.relay(ctx, Hook::OnDestroy)
    }
}
