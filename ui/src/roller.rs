//! A roller (LVGL `lv_roller`, an iOS picker wheel): options in a column that turns
//! behind a band across its middle; the option in the band is the selected one.
//!
//! - **Wheel.** Each option is a row [`row_height`](Roller::row_height) pixels high; the
//!   wheel's offset is how far it has turned, in pixels, from option 0 in the band
//!   (option `k` is in the band at `k × row_height`). It never turns past the first or
//!   the last option.
//! - **Touch.** A touch going down stops the wheel; moving, it turns the wheel with the
//!   finger (up brings the later options). Lifted after less than
//!   [`DRAG_THRESHOLD`] pixels of travel, it was a tap: the
//!   option tapped is chosen. Lifted after a drag, the wheel coasts on at the finger's
//!   last speed (measured between the last two moves that frames' time separates, if
//!   the last was less than 0.1 s before the release), slowing down exponentially with
//!   a time constant of [`INERTIA_SECONDS`] (0.3 s); below [`REST_SPEED`] (20 px/s), or
//!   at either end, it stops and the nearest option is chosen.
//! - **Snap.** Once an option is chosen (by a key, a tap, or the end of a drag or a
//!   coast), the wheel eases to it: the distance left shrinks by `exp(-dt ×
//!   SNAP_RATE)` a frame ([`SNAP_RATE`] 15 per second), and the wheel lands exactly on
//!   it once within half a pixel. All of it is driven by the frames' `dt` alone, so a
//!   replay turns the wheel the same way.
//! - **Keys**, while its node has the focus: Up chooses the previous option, Down the
//!   next (taken at the ends too, so holding one does not move the focus away); Left
//!   and Right bubble on.
//! - **Event.** Choosing another option than the selected one dispatches
//!   [`RollerChanged`] `{ node, index }` from the roller's node, once, when it is
//!   chosen (the wheel still easing there). [`Roller::set_selected`] sends nothing and
//!   puts the wheel there at once.
//! - **Parts** (see [the picker module](crate::picker)): children of its node "Face" (a
//!   [`Shape`](sprig::render::Shape)), "Band" (a `Shape` in the accent, a row high
//!   across the middle) and "Wheel" (a [`Clip`] over the node's
//!   box) holding one "Row" per option (a [`Label`](sprig::render::Label); the selected
//!   one in `accent_text`). So a roller of `n` options takes `3 + n` nodes, 2 `Shape`s,
//!   `n` `Label`s and 1 `Clip`. Make the node's height an odd number of rows to show
//!   whole rows around the band.
//! - **Capacity**: [`Options`]: at most [`MAX_OPTIONS`].
//!
//! ```
//! use sprig::render::{Clip, Label, Shape};
//! use sprig::{world, Key, Size2};
//! use sprig_ui::Roller;
//!
//! world! {
//!     type App = World { nodes: 12, components: Set { Roller: 1, Shape: 2, Label: 4, Clip: 1 }, listeners: 2 };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Hour")?;
//! world.set_content_size(node, Size2::new(40.0, 36.0))?; // three rows of 12
//! let roller = world.add_component(node, Roller::new(&["06:00", "07:00", "08:00", "09:00"])?)?;
//! world.set_focus(Some(node))?;
//! world.key(Key::Down, true)?;
//! assert_eq!(world.get::<Roller>(roller)?.selected(), 1); // chosen at once...
//! for _ in 0..30 {
//!     world.tick(0.02)?;
//! }
//! assert_eq!(world.get::<Roller>(roller)?.offset(), 12.0); // ...and the wheel is there
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::{Clip, HorizontalAlign};
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::list::DRAG_THRESHOLD;
use crate::picker::{self, Area, Options, PickerStyle, MAX_OPTIONS};

/// Seconds for a coasting wheel's speed to fall to about a third (`1/e`).
pub const INERTIA_SECONDS: f32 = 0.3;

/// Pixels per second below which a coasting wheel stops and snaps.
pub const REST_SPEED: f32 = 20.0;

/// How fast the wheel eases to the chosen option, per second (see the module doc).
pub const SNAP_RATE: f32 = 15.0;

/// Seconds after the last move within which a release keeps the finger's speed.
const FLICK_WINDOW_SECONDS: f32 = 0.1;

/// The event a [`Roller`] sends when an option other than the selected one is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RollerChanged {
    /// The roller's node.
    pub node: NodeId,
    /// The index of the option chosen.
    pub index: usize,
}

/// The nodes a [`Roller`] draws with (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollerParts {
    /// The face, over the whole node.
    pub face: NodeId,
    /// The selection band across the middle.
    pub band: NodeId,
    /// The clipping node holding the rows.
    pub wheel: NodeId,
    /// One row per option, in order.
    pub rows: heapless::Vec<NodeId, MAX_OPTIONS>,
}

/// A touch turning the wheel.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    id: u8,
    gesture: u16,
    /// The finger's y (node space) and the wheel's offset when it went down.
    start_y: f32,
    start_offset: f32,
    /// The farthest it has been from where it went down.
    travel: f32,
    /// The last two moves: (seconds, y), the latest last.
    moves: [Option<(f32, f32)>; 2],
}

/// A roller; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct Roller {
    /// Whether it takes input.
    pub interactable: bool,
    /// Its colours: the face, the rows' text, the band (`accent`) and the selected row
    /// (`accent_text`).
    pub style: PickerStyle,
    row_height: f32,
    options: Options,
    selected: usize,
    offset: f32,
    velocity: f32,
    snapping: bool,
    drag: Option<Drag>,
    /// Seconds of frames seen, for the finger's speed.
    time: f32,
    parts: Option<RollerParts>,
    /// The node's size and anchor, the option count and the offset the rows were
    /// placed for, and the row shown selected.
    placed: Option<(Size2, Vec2, usize, f32, usize)>,
}

impl Roller {
    /// A roller of `options` at the first, rows 12 pixels high. Errors: `InvalidValue`
    /// for no options, and those of [`Options::new`].
    pub fn new(options: &[&'static str]) -> Result<Self, Error> {
        Roller::with_options(Options::new(options)?)
    }

    /// A roller of `options` at the first; `InvalidValue` for none.
    pub fn with_options(options: Options) -> Result<Self, Error> {
        if options.is_empty() {
            return Err(Error::InvalidValue);
        }
        Ok(Roller {
            interactable: true,
            style: PickerStyle::DARK,
            row_height: 12.0,
            options,
            selected: 0,
            offset: 0.0,
            velocity: 0.0,
            snapping: false,
            drag: None,
            time: 0.0,
            parts: None,
            placed: None,
        })
    }

    /// This roller with rows `pixels` high; `InvalidValue` unless positive and finite.
    pub fn with_row_height(mut self, pixels: f32) -> Result<Self, Error> {
        if !(pixels.is_finite() && pixels > 0.0) {
            return Err(Error::InvalidValue);
        }
        self.row_height = pixels;
        self.offset = self.selected as f32 * pixels;
        Ok(self)
    }

    /// This roller at option `index`; `InvalidValue` past the last.
    pub fn with_selected(mut self, index: usize) -> Result<Self, Error> {
        self.set_selected(index)?;
        Ok(self)
    }

    /// This roller in `style`.
    pub const fn with_style(mut self, style: PickerStyle) -> Self {
        self.style = style;
        self
    }

    /// The selected option's index: the one in the band, or the one the wheel is
    /// easing to.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The selected option's text.
    pub fn selected_text(&self) -> Option<&'static str> {
        self.options.get(self.selected)
    }

    /// Selects option `index` from code, with no event, the wheel there at once (the
    /// rows follow at the next frame). `InvalidValue`, changing nothing, past the last.
    pub fn set_selected(&mut self, index: usize) -> Result<(), Error> {
        if index >= self.options.len() {
            return Err(Error::InvalidValue);
        }
        self.selected = index;
        self.offset = index as f32 * self.row_height;
        self.velocity = 0.0;
        self.snapping = false;
        self.drag = None;
        Ok(())
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// A row's height, in pixels.
    pub fn row_height(&self) -> f32 {
        self.row_height
    }

    /// How far the wheel has turned, in pixels from option 0 in the band.
    pub fn offset(&self) -> f32 {
        self.offset
    }

    /// The coasting speed, pixels per second (positive: towards the later options).
    pub fn velocity(&self) -> f32 {
        self.velocity
    }

    /// Whether the wheel is still: not held, not coasting, not easing.
    pub fn is_at_rest(&self) -> bool {
        self.drag.is_none() && self.velocity == 0.0 && !self.snapping
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<&RollerParts> {
        self.parts.as_ref()
    }

    /// The largest offset: the last option in the band.
    fn max_offset(&self) -> f32 {
        self.options.len().saturating_sub(1) as f32 * self.row_height
    }

    /// The option nearest to `offset`.
    fn nearest(&self, offset: f32) -> usize {
        let k = libm::roundf(offset / self.row_height).max(0.0) as usize;
        k.min(self.options.len().saturating_sub(1))
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<RollerParts, Error> {
        let style = self.style;
        let options = self.options.clone();
        picker::build(world, |world, made| {
            let face = made.child(world, node, "Face")?;
            world.add_component(face, picker::face(&style))?;
            let band = made.child(world, node, "Band")?;
            world.add_component(band, picker::filled(style.accent))?;
            let wheel = made.child(world, node, "Wheel")?;
            world.add_component(wheel, Clip)?;
            let mut rows = heapless::Vec::new();
            for &option in options.as_slice() {
                let row = made.child(world, wheel, "Row")?;
                world.add_component(
                    row,
                    picker::text(option, style.text, HorizontalAlign::Center)?,
                )?;
                rows.push(row).map_err(|_| Error::QueueFull)?;
            }
            Ok(RollerParts {
                face,
                band,
                wheel,
                rows,
            })
        })
    }

    /// Places the parts for the node's size and the wheel's offset (when they changed).
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts.as_ref() else {
            return Ok(());
        };
        let size = world.content_size(node)?;
        let placed = (
            size,
            world.anchor(node)?,
            self.options.len(),
            self.offset,
            self.selected,
        );
        if self.placed == Some(placed) {
            return Ok(());
        }
        let rh = self.row_height;
        let whole = Area::new(0.0, 0.0, size.width, size.height);
        picker::place(world, node, parts.face, whole)?;
        let middle = size.height / 2.0;
        let band = Area::new(1.0, middle - rh / 2.0, size.width - 2.0, rh);
        picker::place(world, node, parts.band, band)?;
        // The wheel's box is the face's inside, so the rows never cover the outline.
        let inside = Area::new(1.0, 1.0, size.width - 2.0, size.height - 2.0);
        picker::place(world, node, parts.wheel, inside)?;
        for (k, &row) in parts.rows.iter().enumerate() {
            // In the wheel's space, which starts one pixel in.
            let centre = middle - 1.0 - k as f32 * rh + self.offset;
            let area = Area::new(0.0, centre - rh / 2.0, inside.width, rh);
            picker::place(world, parts.wheel, row, area)?;
            let color = if k == self.selected {
                self.style.accent_text
            } else {
                self.style.text
            };
            let option = self.options.get(k).unwrap_or("");
            picker::set_label(world, row, option, color)?;
        }
        self.placed = Some(placed);
        Ok(())
    }

    /// Chooses option `index`: the wheel eases there; the event if it changed.
    fn choose(&mut self, ctx: &mut Ctx<impl AnyWorld>, index: usize) -> HookResult {
        let index = index.min(self.options.len().saturating_sub(1));
        self.velocity = 0.0;
        self.snapping = true;
        if index == self.selected {
            return Ok(());
        }
        self.selected = index;
        let node = ctx.node();
        ctx.dispatch_event(node, &RollerChanged { node, index })?;
        Ok(())
    }

    /// Moves the wheel on by `dt_seconds` of coasting or easing.
    fn turn(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        if self.drag.is_some() {
            return Ok(());
        }
        if self.velocity != 0.0 {
            self.offset += self.velocity * dt_seconds;
            self.velocity *= libm::expf(-dt_seconds / INERTIA_SECONDS);
            let max = self.max_offset();
            let stopped = self.offset <= 0.0 || self.offset >= max;
            self.offset = self.offset.clamp(0.0, max);
            if stopped || self.velocity.abs() < REST_SPEED {
                let nearest = self.nearest(self.offset);
                self.choose(ctx, nearest)?;
            }
            return Ok(());
        }
        if self.snapping {
            let target = self.selected as f32 * self.row_height;
            let left = (target - self.offset) * libm::expf(-dt_seconds * SNAP_RATE);
            if left.abs() < 0.5 {
                self.offset = target;
                self.snapping = false;
            } else {
                self.offset = target - left;
            }
        }
        Ok(())
    }

    /// The finger's speed at its release, pixels per second of the wheel.
    fn release_speed(&self, drag: &Drag) -> f32 {
        match drag.moves {
            [Some((t0, y0)), Some((t1, y1))]
                if t1 > t0 && self.time - t1 <= FLICK_WINDOW_SECONDS =>
            {
                (y1 - y0) / (t1 - t0)
            }
            _ => 0.0,
        }
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Roller {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)?;
        self.parts = Some(self.build(&mut **ctx, node)?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        if self.drag.take().is_some() || self.velocity != 0.0 {
            // Put back on an option: the one in the band.
            self.velocity = 0.0;
            self.offset = self.selected as f32 * self.row_height;
        }
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.time += dt_seconds;
        self.turn(ctx, dt_seconds)
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        if !self.interactable || self.parts.is_none() {
            self.drag = None;
            return Ok(());
        }
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        match touch.phase {
            TouchPhase::Down => {
                self.velocity = 0.0;
                self.snapping = false;
                self.drag = Some(Drag {
                    id: touch.id,
                    gesture: touch.gesture,
                    start_y: at.y,
                    start_offset: self.offset,
                    travel: 0.0,
                    moves: [None, Some((self.time, at.y))],
                });
            }
            TouchPhase::Move => {
                let Some(mut drag) = self
                    .drag
                    .filter(|d| d.id == touch.id && d.gesture == touch.gesture)
                else {
                    return Ok(());
                };
                drag.travel = drag.travel.max((at.y - drag.start_y).abs());
                if drag.travel >= DRAG_THRESHOLD {
                    let offset = drag.start_offset + (at.y - drag.start_y);
                    self.offset = offset.clamp(0.0, self.max_offset());
                }
                drag.moves = match drag.moves[1] {
                    Some((t, _)) if t == self.time => [drag.moves[0], Some((self.time, at.y))],
                    latest => [latest, Some((self.time, at.y))],
                };
                self.drag = Some(drag);
                self.sync(&mut **ctx, node)?;
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                let Some(drag) = self
                    .drag
                    .filter(|d| d.id == touch.id && d.gesture == touch.gesture)
                else {
                    return Ok(());
                };
                self.drag = None;
                if drag.travel < DRAG_THRESHOLD {
                    if touch.phase == TouchPhase::Up {
                        let size = ctx.content_size(node)?;
                        let from_band = size.height / 2.0 - at.y;
                        let tapped = self.nearest(self.offset + from_band);
                        self.choose(ctx, tapped)?;
                    } else {
                        self.snapping = true;
                    }
                    return Ok(());
                }
                self.velocity = self.release_speed(&drag);
                if self.velocity.abs() < REST_SPEED {
                    let nearest = self.nearest(self.offset);
                    self.choose(ctx, nearest)?;
                }
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let next = match key.key {
            Key::Up => self.selected.saturating_sub(1),
            Key::Down => self.selected + 1,
            _ => return Ok(()),
        };
        ctx.stop_propagation();
        if key.pressed {
            self.drag = None;
            self.choose(ctx, next)?;
        }
        Ok(())
    }
}
