//! [`Tap`]: the settings' buttons (the gear, Back, Wi-Fi), a push button in a few bytes.
//! `sprig-ui`'s `Button` (400 bytes a slot on a 64-bit host, for its state transitions)
//! is more than these three need, and the emulated board's 64 KiB hold its world twice
//! while it starts (once on the stack): they shrink a little while held instead.

use sprig::{
    component, AnyWorld, Ctx, HookResult, Hooks, Key, KeyEvent, NodeId, TouchEvent, TouchPhase,
    Vec2,
};
use sprig_ui::Click;

/// How small a held button shrinks.
const HELD_SCALE: f32 = 0.9;

/// A push button: a touch lifted over its node, or key A pressed and released while the
/// node has the focus, dispatches [`Click`] from the node (it bubbles to the ancestors),
/// as `sprig-ui`'s `Button` does. Makes its node focusable; held, the node shrinks to
/// 90 %.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tap {
    /// The touch holding it, if one does.
    touch: Option<u8>,
    /// Key A went down while it had the focus.
    key_held: bool,
}

impl Tap {
    /// A button nobody holds.
    pub const fn new() -> Self {
        Tap {
            touch: None,
            key_held: false,
        }
    }

    /// Whether a touch or key A holds it.
    pub fn is_held(&self) -> bool {
        self.touch.is_some() || self.key_held
    }

    fn show(&self, ctx: &mut Ctx<impl AnyWorld>, node: NodeId) -> HookResult {
        let scale = if self.is_held() { HELD_SCALE } else { 1.0 };
        if ctx.scale(node)? != Vec2::new(scale, scale) {
            ctx.set_scale(node, Vec2::new(scale, scale))?;
        }
        Ok(())
    }

    fn click(ctx: &mut Ctx<impl AnyWorld>, node: NodeId) -> HookResult {
        ctx.dispatch_event(node, &Click { node })?;
        Ok(())
    }
}

#[component]
impl Hooks for Tap {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)
    }

    /// Hidden, it forgets any hold.
    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        *self = Tap::new();
        let node = ctx.node();
        self.show(ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        let node = ctx.node();
        match touch.phase {
            TouchPhase::Down => self.touch = Some(touch.id),
            TouchPhase::Move => return Ok(()),
            TouchPhase::Up | TouchPhase::Cancel if self.touch != Some(touch.id) => return Ok(()),
            TouchPhase::Up => {
                self.touch = None;
                let b = ctx.world_content_box(node)?;
                let p = touch.world;
                let inside =
                    p.x >= b.x && p.x < b.x + b.width && p.y >= b.y && p.y < b.y + b.height;
                self.show(ctx, node)?;
                ctx.stop_propagation();
                return if inside {
                    Self::click(ctx, node)
                } else {
                    Ok(())
                };
            }
            TouchPhase::Cancel => self.touch = None,
        }
        ctx.stop_propagation();
        self.show(ctx, node)
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        let node = ctx.node();
        // Without a focus the engine hands keys to every listener: only the focused
        // button answers.
        if key.key != Key::A || ctx.focus() != Some(node) {
            return Ok(());
        }
        ctx.stop_propagation();
        let clicked = !key.pressed && self.key_held;
        self.key_held = key.pressed;
        self.show(ctx, node)?;
        if clicked {
            Self::click(ctx, node)?;
        }
        Ok(())
    }
}
