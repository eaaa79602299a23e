//! A slider (Cocos `cc.Slider`): a value from 0 to 1 that a touch drags and the keypad
//! steps, shown by a handle node moved along the slider's content box.
//!
//! - Horizontal, 0 is the content box's left edge and 1 its right edge; vertical, 0 is
//!   the bottom and 1 the top. The handle's anchor is put at the value's point, on the
//!   middle line of the box (Cocos puts it on the line through the slider's anchor;
//!   the two agree for the usual anchor of 0.5).
//! - A touch going down on the slider sets the value from the touch's position (clamped
//!   to 0..1) and drags it while it moves; a touch going down on the handle drags it
//!   from where it was grabbed, without a jump (Cocos's offset). The slider stops the
//!   touch's propagation.
//! - While the slider's node has the world's focus, Right and Left (Up and Down when
//!   vertical) step the value by `step`, clamped; the slider takes those keys even at
//!   either end, so holding one does not move the focus away. The other arrows bubble
//!   on to a [`FocusGroup`](crate::FocusGroup).
//! - Each change made by a touch or a key dispatches [`SliderMoved`] from the slider's
//!   node (Cocos sends `slide` on every move; Sprig only when the value changes).
//!   [`Slider::set_value`] sends nothing, as Cocos's `progress` setter.
//! - The slider makes its node focusable when it loads.
//!
//! ```
//! use sprig::{world, Key, Size2};
//! use sprig_ui::{Direction, Slider};
//!
//! world! {
//!     type App = World { nodes: 4, components: Set { Slider: 1 }, listeners: 4 };
//! }
//!
//! let mut world = App::new();
//! let root = world.root();
//! let volume = world.create_child(root, "Volume")?;
//! world.set_content_size(volume, Size2::new(100.0, 10.0))?;
//! let knob = world.create_child(volume, "Knob")?;
//! let slider = world.add_component(volume, Slider::new(Direction::Horizontal).with_handle(knob).with_step(0.25))?;
//! world.tick(0.0)?;
//! world.set_focus(Some(volume))?;
//! world.key(Key::Right, true)?;
//! assert_eq!(world.get::<Slider>(slider)?.value(), 0.25);
//! // The slider's anchor is its centre: 0.25 is 25 pixels right of its left edge.
//! assert_eq!(world.position(knob)?.x, -25.0);
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::{
    component, AnyWorld, Ctx, HookResult, Hooks, Key, KeyEvent, NodeId, TouchEvent, TouchPhase,
    Vec2,
};

use crate::button::contains;

/// Which way a [`Slider`] or a [`ProgressSizer`](crate::ProgressSizer) runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Left to right.
    Horizontal,
    /// Bottom to top.
    Vertical,
}

/// The event a [`Slider`] sends when a touch or a key changes its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SliderMoved {
    /// The slider's node.
    pub node: NodeId,
    /// The new value, 0 to 1.
    pub value: f32,
}

/// A touch dragging the slider.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    id: u8,
    /// How far along the axis, in pixels, the touch was from the value's point when it
    /// went down (0 unless it grabbed the handle).
    offset: f32,
}

/// A slider; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Slider {
    /// Which way it runs.
    pub direction: Direction,
    /// The node moved to the value's point (Cocos `handle`), usually a child.
    pub handle: Option<NodeId>,
    /// How much a key changes the value.
    pub step: f32,
    value: f32,
    drag: Option<Drag>,
}

impl Slider {
    /// A slider at 0 without a handle, stepping by 0.1.
    pub const fn new(direction: Direction) -> Self {
        Slider {
            direction,
            handle: None,
            step: 0.1,
            value: 0.0,
            drag: None,
        }
    }

    /// This slider moving `handle`.
    pub const fn with_handle(mut self, handle: NodeId) -> Self {
        self.handle = Some(handle);
        self
    }

    /// This slider stepping by `step`.
    pub const fn with_step(mut self, step: f32) -> Self {
        self.step = step;
        self
    }

    /// This slider at `value`, clamped to 0..1 (NaN counts as 0).
    pub fn with_value(mut self, value: f32) -> Self {
        self.value = clamp01(value);
        self
    }

    /// The value, 0 to 1 (Cocos `progress`).
    pub fn value(&self) -> f32 {
        self.value
    }

    /// Sets the value, clamped to 0..1; the handle follows at the next frame and no
    /// event is sent. NaN is `InvalidValue`, changing nothing.
    pub fn set_value(&mut self, value: f32) -> Result<(), sprig::Error> {
        if value.is_nan() {
            return Err(sprig::Error::InvalidValue);
        }
        self.value = clamp01(value);
        Ok(())
    }

    /// Whether a touch is dragging it.
    pub fn is_dragging(&self) -> bool {
        self.drag.is_some()
    }

    /// The point's distance along the axis from the content box's start, in pixels, and
    /// the box's length.
    fn along(&self, ctx: &mut Ctx<impl AnyWorld>, world: Vec2) -> Result<(f32, f32), sprig::Error> {
        let node = ctx.node();
        let p = ctx.convert_to_node_space(node, world)?;
        let size = ctx.content_size(node)?;
        Ok(match self.direction {
            Direction::Horizontal => (p.x, size.width),
            Direction::Vertical => (p.y, size.height),
        })
    }

    /// Puts the handle's anchor at the value's point.
    fn place(&self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let Some(handle) = self.live_handle(ctx) else {
            return Ok(());
        };
        let node = ctx.node();
        let size = ctx.content_size(node)?;
        let local = match self.direction {
            Direction::Horizontal => Vec2::new(self.value * size.width, size.height / 2.0),
            Direction::Vertical => Vec2::new(size.width / 2.0, self.value * size.height),
        };
        let world = ctx.convert_to_world_space(node, local)?;
        let at = match ctx.parent(handle)? {
            Some(parent) => ctx.convert_to_node_space_ar(parent, world)?,
            None => world,
        };
        if ctx.position(handle)? != at {
            ctx.set_position(handle, at)?;
        }
        Ok(())
    }

    /// The handle, unless its node was destroyed since (even this frame): then none.
    fn live_handle(&self, ctx: &Ctx<impl AnyWorld>) -> Option<NodeId> {
        self.handle.filter(|&handle| ctx.is_valid_strict(handle))
    }

    /// Sets the value from a change made by input: places the handle and sends the
    /// event if it changed.
    fn moved(&mut self, ctx: &mut Ctx<impl AnyWorld>, value: f32) -> HookResult {
        let value = clamp01(value);
        if value == self.value {
            return Ok(());
        }
        self.value = value;
        self.place(ctx)?;
        let node = ctx.node();
        ctx.dispatch_event(node, &SliderMoved { node, value })?;
        Ok(())
    }
}

fn clamp01(value: f32) -> f32 {
    if value.is_nan() {
        0.0
    } else {
        value.clamp(0.0, 1.0)
    }
}

/// After the layouts and lists (10 000 to 10 002), so the handle goes where the frame's
/// layout leaves the slider.
#[component(execution_order = 10010)]
impl Hooks for Slider {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.place(ctx)
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.drag = None;
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.place(ctx)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        match touch.phase {
            TouchPhase::Down => {
                let (at, length) = self.along(ctx, touch.world)?;
                let on_handle = match self.live_handle(ctx) {
                    Some(h) => contains(ctx, h, touch.world)?,
                    None => false,
                };
                let offset = if on_handle {
                    at - self.value * length
                } else {
                    0.0
                };
                self.drag = Some(Drag {
                    id: touch.id,
                    offset,
                });
                if !on_handle && length > 0.0 {
                    self.moved(ctx, at / length)?;
                }
            }
            TouchPhase::Move => {
                let Some(drag) = self.drag.filter(|d| d.id == touch.id) else {
                    return Ok(());
                };
                let (at, length) = self.along(ctx, touch.world)?;
                if length > 0.0 {
                    self.moved(ctx, (at - drag.offset) / length)?;
                }
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                if self.drag.is_some_and(|d| d.id == touch.id) {
                    self.drag = None;
                }
            }
        }
        ctx.stop_propagation();
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let sign = match (self.direction, key.key) {
            (Direction::Horizontal, Key::Right) | (Direction::Vertical, Key::Up) => 1.0,
            (Direction::Horizontal, Key::Left) | (Direction::Vertical, Key::Down) => -1.0,
            _ => return Ok(()),
        };
        ctx.stop_propagation();
        if key.pressed {
            self.moved(ctx, self.value + sign * self.step)?;
        }
        Ok(())
    }
}
