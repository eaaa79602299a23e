//! A scrolling list (Cocos `cc.ScrollView`, vertical): rows in a content node that a
//! finger drags, with inertia after the release and the scroll clamped to the content,
//! and that the keypad steps through, row by focusable row, keeping the focused row in
//! view.
//!
//! Only the visible rows are drawn when the viewport node also carries the core's
//! [`Clip`](sprig::render::Clip): the renderer cuts every row's bounds to the viewport,
//! so a row outside it is neither drawn nor sent to the panel.

use sprig::{
    component, AnyWorld, Ctx, HookResult, Hooks, Key, KeyEvent, NodeId, TouchEvent, TouchPhase,
    Vec2,
};

/// Velocities below this many pixels per second stop the inertia.
const REST_SPEED: f32 = 4.0;

/// The list: put it on the viewport node (its content box is the visible area) with the
/// rows in `content`, a child of the viewport (a [`Layout`](crate::layout::Layout) with
/// `ResizeMode::Container` on it stacks the rows and keeps its height right). Each frame,
/// after the layouts, the list sets the content's `y` so that its top edge sits
/// `offset` pixels above the viewport's top edge; the content's `x` is left alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct List {
    /// The node holding the rows.
    pub content: NodeId,
    /// Pixels scrolled by Up and Down when no row is focusable.
    pub step: f32,
    /// Seconds for the inertia's speed to fall to about a third (an exponential decay).
    pub inertia_seconds: f32,
    offset: f32,
    velocity: f32,
    drag: Option<Drag>,
    time: f32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    id: u8,
    gesture: u16,
    last_y: f32,
    last_time: f32,
    /// Travel so far of a touch that began on a child (a button) and is not the list's
    /// yet.
    travel: f32,
    /// Whether the list scrolls with this touch (it began on the list, or the list took
    /// it over).
    owned: bool,
}

/// How far, in pixels, a touch that began on a child (a button) must move before the
/// list takes it over and scrolls (the child's press is cancelled then).
pub const DRAG_THRESHOLD: f32 = 6.0;

impl List {
    /// A list over `content`, stepping 16 pixels, with 0.35 s of inertia.
    pub const fn new(content: NodeId) -> Self {
        List {
            content,
            step: 16.0,
            inertia_seconds: 0.35,
            offset: 0.0,
            velocity: 0.0,
            drag: None,
            time: 0.0,
        }
    }

    /// How far the content is scrolled, in pixels from the top (0 shows its top).
    pub fn offset(&self) -> f32 {
        self.offset
    }

    /// The inertia's speed, pixels per second (positive: scrolling on down the list).
    pub fn velocity(&self) -> f32 {
        self.velocity
    }

    /// Scrolls to `offset` pixels from the top (clamped to the content when next laid
    /// out), stopping any inertia. A non-finite offset is `InvalidValue`, changing
    /// nothing.
    pub fn scroll_to(&mut self, offset: f32) -> Result<(), sprig::Error> {
        if !offset.is_finite() {
            return Err(sprig::Error::InvalidValue);
        }
        self.offset = offset;
        self.velocity = 0.0;
        Ok(())
    }

    /// The largest offset: how much taller the content is than the viewport.
    fn max_offset(&self, ctx: &Ctx<impl AnyWorld>) -> Result<f32, sprig::Error> {
        let view = ctx.content_size(ctx.node())?.height;
        let content = ctx.content_size(self.content)?.height;
        Ok((content - view).max(0.0))
    }

    /// Clamps the offset to the content; returns whether it had to.
    fn clamp(&mut self, max: f32) -> bool {
        let clamped = self.offset.max(0.0).min(max);
        let hit = clamped != self.offset;
        self.offset = clamped;
        hit
    }

    /// Puts the content where the offset says.
    fn place(&self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let view = ctx.node();
        let (view_size, view_anchor) = (ctx.content_size(view)?, ctx.anchor(view)?);
        let (size, anchor) = (ctx.content_size(self.content)?, ctx.anchor(self.content)?);
        let top = view_size.height * (1.0 - view_anchor.y);
        let y = top - size.height * (1.0 - anchor.y) + self.offset;
        let x = ctx.position(self.content)?.x;
        ctx.set_position(self.content, Vec2::new(x, y))
    }

    /// The focused node if it is a row (or inside one) of this list.
    fn focused_row(&self, ctx: &Ctx<impl AnyWorld>) -> Option<NodeId> {
        let focus = ctx.focus()?;
        let mut n = ctx.parent(focus).ok().flatten();
        while let Some(i) = n {
            if i == self.content {
                return Some(focus);
            }
            n = ctx.parent(i).ok().flatten();
        }
        None
    }

    /// Scrolls just enough for the focused row to be inside the viewport.
    fn keep_in_view(&mut self, ctx: &mut Ctx<impl AnyWorld>, row: NodeId) -> HookResult {
        let node = ctx.node();
        let view = ctx.world_content_box(node)?;
        let row = ctx.world_content_box(row)?;
        let (view_top, row_top) = (view.y + view.height, row.y + row.height);
        if row_top > view_top {
            self.offset -= row_top - view_top;
        } else if row.y < view.y {
            self.offset += view.y - row.y;
        }
        Ok(())
    }
}

/// The execution order of [`List`]: after the layouts and widgets, so it scrolls content
/// they have placed and sized this frame.
pub const LIST_EXECUTION_ORDER: i16 = 10_002;

#[component(execution_order = 10002)]
impl Hooks for List {
    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.drag = None;
        self.velocity = 0.0;
        Ok(())
    }

    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.time += dt_seconds;
        if self.drag.is_none() && self.velocity != 0.0 {
            self.offset += self.velocity * dt_seconds;
            let keep = if self.inertia_seconds > 0.0 {
                crate::ease::exp2(-dt_seconds / self.inertia_seconds * core::f32::consts::LOG2_E)
            } else {
                0.0
            };
            self.velocity *= keep;
            if self.velocity.abs() < REST_SPEED {
                self.velocity = 0.0;
            }
        }
        Ok(())
    }

    /// After the layouts (so the content's height is this frame's), before the focus
    /// indicator: the scroll is clamped and applied here.
    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        if let Some(row) = self.focused_row(ctx) {
            // Place first: the row's box is read from where the content is now.
            self.place(ctx)?;
            self.keep_in_view(ctx, row)?;
        }
        let max = self.max_offset(ctx)?;
        if self.clamp(max) {
            self.velocity = 0.0;
        }
        self.place(ctx)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        let y = touch.world.y;
        let ours = self
            .drag
            .filter(|d| d.id == touch.id && d.gesture == touch.gesture);
        match touch.phase {
            TouchPhase::Down => {
                self.velocity = 0.0;
                self.drag = Some(Drag {
                    id: touch.id,
                    gesture: touch.gesture,
                    last_y: y,
                    last_time: self.time,
                    travel: 0.0,
                    owned: true,
                });
            }
            TouchPhase::Move => {
                let Some(drag) = ours else {
                    // A touch that began on a child: watch it, it may become a drag.
                    self.drag = Some(Drag {
                        id: touch.id,
                        gesture: touch.gesture,
                        last_y: y,
                        last_time: self.time,
                        travel: 0.0,
                        owned: false,
                    });
                    return Ok(());
                };
                let dy = y - drag.last_y;
                let mut drag = Drag { last_y: y, ..drag };
                if !drag.owned {
                    drag.travel += dy;
                    if drag.travel.abs() <= DRAG_THRESHOLD {
                        self.drag = Some(drag);
                        return Ok(());
                    }
                    // A drag now: the list takes the touch, the child's press ends.
                    let node = ctx.node();
                    ctx.take_touch(touch, node)?;
                    drag.owned = true;
                    self.velocity = 0.0;
                }
                // Dragging up (y grows) brings later rows into view.
                let moved = if drag.travel != 0.0 { drag.travel } else { dy };
                drag.travel = 0.0;
                self.offset += moved;
                let max = self.max_offset(ctx)?;
                self.clamp(max);
                let dt = self.time - drag.last_time;
                if dt > 0.0 {
                    self.velocity = moved / dt;
                } else {
                    self.velocity += moved * 30.0;
                }
                drag.last_time = self.time;
                self.drag = Some(drag);
                self.place(ctx)?;
            }
            TouchPhase::Up => {
                if ours.is_some() {
                    self.drag = None;
                }
            }
            TouchPhase::Cancel => {
                if ours.is_some() {
                    self.drag = None;
                    self.velocity = 0.0;
                }
            }
        }
        if self.drag.is_none_or(|d| d.owned) {
            ctx.stop_propagation();
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        let forward = match key.key {
            Key::Down => true,
            Key::Up => false,
            _ => return Ok(()),
        };
        if !key.pressed {
            return Ok(());
        }
        self.velocity = 0.0;
        if let Some(row) = self.focused_row(ctx) {
            // Step to the next focusable row; at either end the key bubbles on.
            if let Some(next) = ctx.next_focusable(self.content, Some(row), forward)? {
                ctx.set_focus(Some(next))?;
                ctx.stop_propagation();
            }
            return Ok(());
        }
        if ctx.next_focusable(self.content, None, true)?.is_some() {
            // Rows take the focus: the first (or last) one gets it.
            let first = ctx.next_focusable(self.content, None, forward)?;
            ctx.set_focus(first)?;
            ctx.stop_propagation();
            return Ok(());
        }
        let before = self.offset;
        self.offset += if forward { self.step } else { -self.step };
        let max = self.max_offset(ctx)?;
        self.clamp(max);
        if self.offset != before {
            ctx.stop_propagation();
        }
        Ok(())
    }
}
