//! A table (LVGL `lv_table`): rows and columns of one-line labels, every cell the same
//! size, in a clipped viewport that a finger drags and the arrow keys scroll.
//!
//! - **Cells.** A `Table<R, C>` has exactly `R` rows and `C` columns (its fixed
//!   capacity, at most `R × C` cells), each [`cell_size`](Table::cell_size) pixels
//!   (40 × 12 unless set), empty until [`Table::set_cell`] gives it a text of at most
//!   [`CELL_TEXT_CAPACITY`] bytes. Row 0 is at the top, column 0 at the left. A cell past
//!   the last row or column is `InvalidValue` and a longer text `TextTooLong`, either
//!   changing nothing.
//! - **Scroll.** The viewport is the node's box less a one-pixel outline; its
//!   [`scroll`](Table::scroll) is how far, in pixels, the cells have moved left (`x`)
//!   and up (`y`) from row 0 and column 0 at its top-left corner, clamped between zero
//!   and how much wider and taller the cells are than the viewport.
//! - **Touch.** A finger going down stops the cells; moving over the table, it drags
//!   them with it, in both directions. Lifted, they coast on at the finger's last speed
//!   (measured between the last two moves that frames' time separates, if the last was
//!   less than 0.1 s before the release), slowing down exponentially with a time
//!   constant of [`INERTIA_SECONDS`] (0.3 s, as a [`Roller`](crate::Roller)); each
//!   direction stops at its end, and both below [`REST_SPEED`] (20 px/s). All of it is
//!   driven by the frames' `dt` alone, so a replay scrolls the same way.
//! - **Keys**, while its node has the focus: each arrow scrolls one cell's width or
//!   height that way, to the end of the scroll; an arrow that cannot scroll further
//!   bubbles on (so a [`FocusGroup`](crate::FocusGroup) can move the focus away).
//! - **Parts** (children of its node): "Face" (a [`Shape`](sprig::render::Shape):
//!   the background and outline) and "Viewport" (a [`Clip`] over the inside) holding
//!   one "Cell" [`Label`](sprig::render::Label) per cell, row by row. So a table takes
//!   `2 + R × C` nodes, 1 `Shape`, `R × C` `Label`s and 1 `Clip`; if the world cannot
//!   hold them, `on_load` fails and removes the parts it made.
//!
//! ```
//! use sprig::render::{Clip, Label, Shape};
//! use sprig::{world, Key, Size2, Vec2};
//! use sprig_ui::Table;
//!
//! world! {
//!     type App = World { nodes: 16, components: Set { Table<3, 3>: 1, Shape: 1, Label: 9, Clip: 1 } };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Prices")?;
//! world.set_content_size(node, Size2::new(82.0, 26.0))?; // two columns, two rows seen
//! let mut table = Table::<3, 3>::new();
//! table.set_cell(0, 0, "Tea")?;
//! table.set_cell(0, 1, "2.50")?;
//! assert!(table.set_cell(3, 0, "Cake").is_err()); // no fourth row: nothing changed
//! let table = world.add_component(node, table)?;
//! world.set_focus(Some(node))?;
//! world.key(Key::Down, true)?; // one row down
//! world.key(Key::Right, true)?; // one column right, the last that shows
//! assert_eq!(world.get::<Table<3, 3>>(table)?.scroll(), Vec2::new(40.0, 12.0));
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::{Clip, HorizontalAlign, DEFAULT_LABEL_CAPACITY};
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::picker::{self, Area, PickerStyle};
pub use crate::roller::{INERTIA_SECONDS, REST_SPEED};

/// Seconds after the last move within which a release keeps the finger's speed.
const FLICK_WINDOW_SECONDS: f32 = 0.1;

/// The most bytes a cell's text holds (a label's).
pub const CELL_TEXT_CAPACITY: usize = DEFAULT_LABEL_CAPACITY;

/// A cell's text.
pub type CellText = heapless::String<CELL_TEXT_CAPACITY>;

/// Pixels a cell's text is set in from its left edge.
const CELL_PADDING: f32 = 2.0;

/// The nodes a [`Table`] draws with (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableParts<const R: usize, const C: usize> {
    /// The face, over the whole node.
    pub face: NodeId,
    /// The clipping node holding the cells.
    pub viewport: NodeId,
    /// The cells' nodes, `cells[row][col]`.
    pub cells: [[NodeId; C]; R],
}

/// A touch dragging the cells.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    id: u8,
    gesture: u16,
    /// The finger (node space) and the scroll when it went down.
    start: Vec2,
    start_scroll: Vec2,
    /// The last two moves: (seconds, finger), the latest last.
    moves: [Option<(f32, Vec2)>; 2],
}

/// A table of `R` rows and `C` columns; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct Table<const R: usize, const C: usize> {
    /// Whether it takes input.
    pub interactable: bool,
    /// Its colours: the face (`background`, `border`) and the cells' text (`text`).
    pub style: PickerStyle,
    cell_size: Size2,
    cells: [[CellText; C]; R],
    scroll: Vec2,
    velocity: Vec2,
    drag: Option<Drag>,
    /// Seconds of frames seen, for the finger's speed.
    time: f32,
    parts: Option<TableParts<R, C>>,
    /// The node's size and anchor and the scroll the cells were placed for; `None`
    /// after a text changed.
    placed: Option<(Size2, Vec2, Vec2)>,
}

impl<const R: usize, const C: usize> Default for Table<R, C> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const R: usize, const C: usize> Table<R, C> {
    /// An empty table, cells 40 × 12 pixels, scrolled to row 0 and column 0.
    pub fn new() -> Self {
        Table {
            interactable: true,
            style: PickerStyle::DARK,
            cell_size: Size2::new(40.0, 12.0),
            cells: core::array::from_fn(|_| core::array::from_fn(|_| CellText::new())),
            scroll: Vec2::ZERO,
            velocity: Vec2::ZERO,
            drag: None,
            time: 0.0,
            parts: None,
            placed: None,
        }
    }

    /// This table with cells `width × height` pixels; `InvalidValue` unless both are
    /// positive and finite.
    pub fn with_cell_size(mut self, width: f32, height: f32) -> Result<Self, Error> {
        if !(width.is_finite() && width > 0.0 && height.is_finite() && height > 0.0) {
            return Err(Error::InvalidValue);
        }
        self.cell_size = Size2::new(width, height);
        Ok(self)
    }

    /// This table in `style`.
    pub const fn with_style(mut self, style: PickerStyle) -> Self {
        self.style = style;
        self
    }

    /// Sets the text of the cell at `row`, `col`. Errors, changing nothing:
    /// `InvalidValue` past the last row or column, `TextTooLong` for more than
    /// [`CELL_TEXT_CAPACITY`] bytes.
    pub fn set_cell(&mut self, row: usize, col: usize, text: &str) -> Result<(), Error> {
        let cell = self
            .cells
            .get_mut(row)
            .and_then(|cells| cells.get_mut(col))
            .ok_or(Error::InvalidValue)?;
        picker::check_text(text)?;
        cell.clear();
        cell.push_str(text).map_err(|_| Error::InvalidValue)?;
        self.placed = None;
        Ok(())
    }

    /// The text of the cell at `row`, `col` (`None` past the last row or column).
    pub fn cell(&self, row: usize, col: usize) -> Option<&str> {
        self.cells.get(row)?.get(col).map(|text| text.as_str())
    }

    /// A cell's size, in pixels.
    pub fn cell_size(&self) -> Size2 {
        self.cell_size
    }

    /// How far the cells have moved left (`x`) and up (`y`), in pixels.
    pub fn scroll(&self) -> Vec2 {
        self.scroll
    }

    /// Scrolls to `scroll` from code (clamped at the next frame to the cells' extent);
    /// `InvalidValue`, changing nothing, for a negative or non-finite value.
    pub fn set_scroll(&mut self, scroll: Vec2) -> Result<(), Error> {
        let ok = |v: f32| v.is_finite() && v >= 0.0;
        if !(ok(scroll.x) && ok(scroll.y)) {
            return Err(Error::InvalidValue);
        }
        self.scroll = scroll;
        self.velocity = Vec2::ZERO;
        self.drag = None;
        Ok(())
    }

    /// The coasting speed of the scroll, pixels per second (see [`scroll`](Self::scroll)).
    pub fn velocity(&self) -> Vec2 {
        self.velocity
    }

    /// Whether the cells are still: not held, not coasting.
    pub fn is_at_rest(&self) -> bool {
        self.drag.is_none() && self.velocity == Vec2::ZERO
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<&TableParts<R, C>> {
        self.parts.as_ref()
    }

    /// The viewport's box in the node's space: the node less a one-pixel outline.
    fn viewport(size: Size2) -> Area {
        Area::new(1.0, 1.0, size.width - 2.0, size.height - 2.0)
    }

    /// The largest scroll for a node of `size`.
    fn max_scroll(&self, size: Size2) -> Vec2 {
        let inside = Self::viewport(size);
        Vec2::new(
            (C as f32 * self.cell_size.width - inside.width).max(0.0),
            (R as f32 * self.cell_size.height - inside.height).max(0.0),
        )
    }

    fn clamped(&self, scroll: Vec2, size: Size2) -> Vec2 {
        let max = self.max_scroll(size);
        Vec2::new(scroll.x.clamp(0.0, max.x), scroll.y.clamp(0.0, max.y))
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<TableParts<R, C>, Error> {
        let face = world.create_child(node, "Face")?;
        let made = (|| {
            world.add_component(face, picker::face(&self.style))?;
            let viewport = world.create_child(node, "Viewport")?;
            // The cells go with the viewport if a later step fails.
            let cells = (|| {
                world.add_component(viewport, Clip)?;
                let mut cells = [[viewport; C]; R];
                for (texts, row) in self.cells.iter().zip(cells.iter_mut()) {
                    for (text, cell) in texts.iter().zip(row.iter_mut()) {
                        *cell = world.create_child(viewport, "Cell")?;
                        let label = picker::text(text, self.style.text, HorizontalAlign::Left)?;
                        world.add_component(*cell, label)?;
                    }
                }
                Ok(cells)
            })();
            match cells {
                Ok(cells) => Ok((viewport, cells)),
                Err(e) => {
                    let _ = world.destroy(viewport);
                    Err(e)
                }
            }
        })();
        match made {
            Ok((viewport, cells)) => Ok(TableParts {
                face,
                viewport,
                cells,
            }),
            Err(e) => {
                let _ = world.destroy(face);
                Err(e)
            }
        }
    }

    /// Places the parts for the node's size and the scroll (when they changed).
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts.as_ref() else {
            return Ok(());
        };
        let size = world.content_size(node)?;
        self.scroll = self.clamped(self.scroll, size);
        let placed = (size, world.anchor(node)?, self.scroll);
        if self.placed == Some(placed) {
            return Ok(());
        }
        picker::place(
            world,
            node,
            parts.face,
            Area::new(0.0, 0.0, size.width, size.height),
        )?;
        let inside = Self::viewport(size);
        picker::place(world, node, parts.viewport, inside)?;
        let (w, h) = (self.cell_size.width, self.cell_size.height);
        for (r, (nodes, texts)) in parts.cells.iter().zip(self.cells.iter()).enumerate() {
            for (c, (&cell, text)) in nodes.iter().zip(texts.iter()).enumerate() {
                // In the viewport's space: row 0's top at its top edge, less the scroll.
                let x = c as f32 * w - self.scroll.x + CELL_PADDING;
                let y = inside.height - (r + 1) as f32 * h + self.scroll.y;
                picker::place(world, parts.viewport, cell, Area::new(x, y, w - 2.0, h))?;
                picker::set_label(world, cell, text, self.style.text)?;
            }
        }
        self.placed = Some(placed);
        Ok(())
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl<const R: usize, const C: usize> Hooks for Table<R, C> {
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
        self.drag = None;
        self.velocity = Vec2::ZERO;
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.time += dt_seconds;
        if self.drag.is_some() || self.velocity == Vec2::ZERO {
            return Ok(());
        }
        let size = ctx.content_size(ctx.node())?;
        let moved = Vec2::new(
            self.scroll.x + self.velocity.x * dt_seconds,
            self.scroll.y + self.velocity.y * dt_seconds,
        );
        self.scroll = self.clamped(moved, size);
        let decay = libm::expf(-dt_seconds / INERTIA_SECONDS);
        // A direction held at its end stops.
        let keep = |v: f32, at: f32, free: f32| if at == free { v * decay } else { 0.0 };
        self.velocity = Vec2::new(
            keep(self.velocity.x, self.scroll.x, moved.x),
            keep(self.velocity.y, self.scroll.y, moved.y),
        );
        if libm::hypotf(self.velocity.x, self.velocity.y) < REST_SPEED {
            self.velocity = Vec2::ZERO;
        }
        Ok(())
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
        let same = |d: &Drag| d.id == touch.id && d.gesture == touch.gesture;
        match touch.phase {
            TouchPhase::Down => {
                self.velocity = Vec2::ZERO;
                self.drag = Some(Drag {
                    id: touch.id,
                    gesture: touch.gesture,
                    start: at,
                    start_scroll: self.scroll,
                    moves: [None, Some((self.time, at))],
                });
            }
            TouchPhase::Move => {
                let Some(mut drag) = self.drag.filter(same) else {
                    return Ok(());
                };
                drag.moves = match drag.moves[1] {
                    Some((t, _)) if t == self.time => [drag.moves[0], Some((self.time, at))],
                    latest => [latest, Some((self.time, at))],
                };
                self.drag = Some(drag);
                // Left brings the later columns, up (y grows) the later rows.
                let scroll = Vec2::new(
                    drag.start_scroll.x - (at.x - drag.start.x),
                    drag.start_scroll.y + (at.y - drag.start.y),
                );
                let size = ctx.content_size(node)?;
                self.scroll = self.clamped(scroll, size);
                self.sync(&mut **ctx, node)?;
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                let Some(drag) = self.drag.filter(same) else {
                    return Ok(());
                };
                self.drag = None;
                self.velocity = match drag.moves {
                    [Some((t0, p0)), Some((t1, p1))]
                        if touch.phase == TouchPhase::Up
                            && t1 > t0
                            && self.time - t1 <= FLICK_WINDOW_SECONDS =>
                    {
                        // The scroll moves against the finger across, with it up.
                        let dt = t1 - t0;
                        Vec2::new(-(p1.x - p0.x) / dt, (p1.y - p0.y) / dt)
                    }
                    _ => Vec2::ZERO,
                };
                if libm::hypotf(self.velocity.x, self.velocity.y) < REST_SPEED {
                    self.velocity = Vec2::ZERO;
                }
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let (w, h) = (self.cell_size.width, self.cell_size.height);
        let step = match key.key {
            Key::Up => Vec2::new(0.0, -h),
            Key::Down => Vec2::new(0.0, h),
            Key::Left => Vec2::new(-w, 0.0),
            Key::Right => Vec2::new(w, 0.0),
            _ => return Ok(()),
        };
        let node = ctx.node();
        let size = ctx.content_size(node)?;
        let scroll = self.clamped(
            Vec2::new(self.scroll.x + step.x, self.scroll.y + step.y),
            size,
        );
        if scroll == self.scroll {
            return Ok(()); // at the end that way: bubbles on
        }
        ctx.stop_propagation();
        if key.pressed {
            self.drag = None;
            self.velocity = Vec2::ZERO;
            self.scroll = scroll;
            self.sync(&mut **ctx, node)?;
        }
        Ok(())
    }
}
