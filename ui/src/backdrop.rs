//! [`Backdrop`]: a node that catches every touch landing on it, so that nothing it
//! covers gets them, and hands them to its ancestors.
//!
//! The engine gives a touch going down to the topmost node that contains it and listens
//! (`on_touch`), in the reverse of draw order, then bubbles it up that node's ancestors
//! until one stops it. A node with a `Backdrop`, drawn above the others (a high
//! `global_z_order`) and large enough, is therefore where every touch goes down, and the
//! widget that made it, an ancestor, hears each touch as it bubbles up and decides what
//! it means. An open [`Dropdown`](crate::Dropdown) closes this way on a touch outside
//! its list. The backdrop draws nothing itself; put a `Shape` on its node to dim what
//! is under it.
//!
//! ```
//! use sprig::{world, Size2, TouchPhase, Vec2};
//! use sprig_ui::{Backdrop, Button};
//!
//! world! { type App = World { nodes: 4, components: Set { Button: 1, Backdrop: 1 } }; }
//!
//! let mut world = App::new();
//! let ok = world.create_child(world.root(), "Ok")?;
//! world.set_content_size(ok, Size2::new(20.0, 10.0))?;
//! world.add_component(ok, Button::new())?;
//! let veil = world.create_child(world.root(), "Veil")?;
//! world.set_content_size(veil, Size2::new(200.0, 200.0))?;
//! world.set_global_z_order(veil, 1)?;
//! world.add_component(veil, Backdrop)?;
//! // A touch on the button goes down on the backdrop over it.
//! assert_eq!(world.touch(0, TouchPhase::Down, Vec2::new(0.0, 100.0), 100.0)?, Some(veil));
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::{component, AnyWorld, Ctx, HookResult, Hooks, TouchEvent};

/// Catches the touches landing on its node; see the module doc.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backdrop;

#[component]
impl Hooks for Backdrop {
    /// Listening is the point: the touch goes on to the node's ancestors untouched.
    fn on_touch(&mut self, _ctx: &mut Ctx<impl AnyWorld>, _touch: TouchEvent) -> HookResult {
        Ok(())
    }
}
