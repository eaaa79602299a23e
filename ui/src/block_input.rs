//! [`BlockInput`], Cocos's `cc.BlockInputEvents`: a component that takes every touch
//! that lands on its node and every key that reaches it, so that nothing below or
//! around it hears them.
//!
//! A touch goes to the topmost node whose content box holds the point and that has an
//! enabled `on_touch` component, then bubbles to its ancestors (`docs/lifecycle.md` §8):
//! a node with a `BlockInput`, drawn above the others and as large as the area to
//! guard, stops it there. A key goes to the focused node, then bubbles; with no focused
//! node, to every `on_key` component topmost first. A `BlockInput` stops either. The
//! [`ScreenStack`](crate::ScreenStack) puts one over its screens while a transition
//! runs.

use sprig::{component, AnyWorld, Ctx, HookResult, Hooks, KeyEvent, TouchEvent};

/// Stops every touch on its node's content box and every key that reaches it (see the
/// module doc). It draws nothing: give its node a size, and a place above what it
/// guards (last among its siblings, or a `global_z_order`).
///
/// ```
/// use sprig::{world, Size2, TouchPhase, Vec2};
/// use sprig_ui::{BlockInput, Button};
///
/// world! { pub type Pad = World { nodes: 4, components: App { Button: 1, BlockInput: 1 } }; }
///
/// let mut world = Pad::new();
/// let ok = world.create_child(world.root(), "Ok")?;
/// world.set_content_size(ok, Size2::new(20.0, 10.0))?;
/// world.add_component(ok, Button::new())?;
/// let glass = world.create_child(world.root(), "Glass")?; // after "Ok": above it
/// world.set_content_size(glass, Size2::new(100.0, 100.0))?;
/// world.add_component(glass, BlockInput)?;
/// world.touch(0, TouchPhase::Down, Vec2::new(0.0, 100.0), 100.0)?;
/// let button = world.component_of::<Button>(ok)?.ok_or(sprig::Error::StaleHandle)?;
/// assert!(!world.get::<Button>(button)?.is_held()); // the glass took the touch
/// # Ok::<(), sprig::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BlockInput;

#[component]
impl Hooks for BlockInput {
    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, _touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, _key: KeyEvent) -> HookResult {
        ctx.stop_propagation();
        Ok(())
    }
}
