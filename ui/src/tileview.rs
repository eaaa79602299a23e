//! A tile view (LVGL `lv_tileview`): pages laid out in a grid, one filling the node at a
//! time, that a swipe or an arrow key slides to the neighbour left, right, above or
//! below.
//!
//! - **Tiles** are nodes you create (with whatever they hold) and give with their column
//!   and row to [`Tileview::new`]; the grid may have holes (a tile has neighbours only
//!   where you put them). When it loads, the tile view makes them children of its
//!   "Content" part, and from then on sets each one's box (the node's, anchor at its
//!   centre), its position, and whether it is active: a tile is active while any of it
//!   shows, so at rest only the current tile is. It starts on the first tile given.
//! - **Position.** [`position`](Tileview::position) is, in tiles, where the grid has
//!   slid: tile `(col, row)` fills the node at `(col, row)`; column 0 is at the left and
//!   row 0 at the top. Choosing a tile (a key or a swipe) makes it the
//!   [`selected`](Tileview::selected) one at once, and the grid eases there: the
//!   distance left shrinks by `exp(-dt ×` [`SLIDE_RATE`]`)` a frame (12 per second) and
//!   lands exactly once within half a pixel.
//! - **Touch.** A finger that has moved [`DRAG_THRESHOLD`] pixels drags the grid along
//!   the axis it moved most on, towards a neighbour only if there is one that way.
//!   Lifted after moving the grid by at least [`SWIPE_FRACTION`] of a tile, it chooses
//!   that neighbour; else the grid slides back. A touch that went down on a tile's child
//!   that takes it (a [`Button`](crate::Button)) stays the child's until it has moved
//!   [`DRAG_THRESHOLD`] pixels; then the tile view takes it over (the child gets
//!   `Cancel`, so no click) and it drags the grid from there, as a
//!   [`List`](crate::List) does.
//! - **Keys**, while its node has the focus: an arrow chooses the neighbour that way;
//!   with none there it bubbles on (so a [`FocusGroup`](crate::FocusGroup) can move the
//!   focus away).
//! - **Event.** Choosing another tile than the selected one dispatches [`TileChanged`]
//!   `{ node, col, row }` from the tile view's node, once, when it is chosen.
//!   [`Tileview::set_selected`] sends nothing and puts the grid there at once.
//! - **Parts**: one child of its node, "Content" (a [`Clip`] over the node) holding the
//!   tiles: 1 node and 1 `Clip`. If it or a tile cannot be made or moved, `on_load`
//!   fails, the tiles go back to their parents and the part is removed.
//! - **Capacity**: at most [`MAX_TILES`] tiles, each at its own place.
//!
//! ```
//! use sprig::render::Clip;
//! use sprig::{world, Key, Size2};
//! use sprig_ui::Tileview;
//!
//! world! {
//!     type App = World { nodes: 8, components: Set { Tileview: 1, Clip: 1 } };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Tiles")?;
//! world.set_content_size(node, Size2::new(64.0, 48.0))?;
//! let home = world.create_child(node, "Home")?;
//! let below = world.create_child(node, "Below")?;
//! let tiles = world.add_component(node, Tileview::new(&[(0, 0, home), (0, 1, below)])?)?;
//! world.set_focus(Some(node))?;
//! world.key(Key::Down, true)?;
//! assert_eq!(world.get::<Tileview>(tiles)?.selected(), (0, 1)); // chosen at once...
//! for _ in 0..30 {
//!     world.tick(0.02)?;
//! }
//! assert_eq!(world.get::<Tileview>(tiles)?.position(), (0.0, 1.0)); // ...and slid there
//! assert!(!world.active(home)? && world.active(below)?);
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::Clip;
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::list::DRAG_THRESHOLD;
use crate::pager;
pub use crate::pager::{SLIDE_RATE, SWIPE_FRACTION};
use crate::picker::{self, Area};

/// The most tiles a [`Tileview`] holds.
pub const MAX_TILES: usize = 16;

/// The event a [`Tileview`] sends when a tile other than the selected one is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileChanged {
    /// The tile view's node.
    pub node: NodeId,
    /// The column of the tile chosen.
    pub col: u8,
    /// The row of the tile chosen.
    pub row: u8,
}

/// The axis a drag moves the grid along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Axis {
    Across,
    Down,
}

/// A touch on the tile view.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    id: u8,
    gesture: u16,
    /// The finger (node space) when it went down.
    start: Vec2,
    /// The axis, once the finger has moved far enough to tell.
    axis: Option<Axis>,
    /// Whether the tile view has the touch: it went down on it, or it began on a
    /// tile's child (a button) and the tile view took it over once it moved far enough.
    owned: bool,
}

/// A tile view; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct Tileview {
    /// Whether it takes input.
    pub interactable: bool,
    tiles: heapless::Vec<(u8, u8, NodeId), MAX_TILES>,
    selected: (u8, u8),
    /// Column and row, in tiles.
    position: (f32, f32),
    sliding: bool,
    drag: Option<Drag>,
    content: Option<NodeId>,
    /// The node's size and anchor and the position the tiles were placed for.
    placed: Option<(Size2, Vec2, (f32, f32))>,
}

impl Tileview {
    /// A tile view of `tiles` (a column, a row and its page each), on the first.
    /// Errors: `InvalidValue` for none or for two at one place, `QueueFull` for more than
    /// [`MAX_TILES`].
    pub fn new(tiles: &[(u8, u8, NodeId)]) -> Result<Self, Error> {
        let Some(&(col, row, _)) = tiles.first() else {
            return Err(Error::InvalidValue);
        };
        let mut all: heapless::Vec<(u8, u8, NodeId), MAX_TILES> = heapless::Vec::new();
        for &(c, r, page) in tiles {
            if all.iter().any(|&(ac, ar, _)| (ac, ar) == (c, r)) {
                return Err(Error::InvalidValue);
            }
            all.push((c, r, page)).map_err(|_| Error::QueueFull)?;
        }
        Ok(Tileview {
            interactable: true,
            tiles: all,
            selected: (col, row),
            position: (f32::from(col), f32::from(row)),
            sliding: false,
            drag: None,
            content: None,
            placed: None,
        })
    }

    /// The selected tile's column and row: the one shown, or the one the grid is
    /// sliding to.
    pub fn selected(&self) -> (u8, u8) {
        self.selected
    }

    /// Selects the tile at `col`, `row` from code, with no event, the grid there at
    /// once (the tiles follow at the next frame). `InvalidValue`, changing nothing, where
    /// there is no tile.
    pub fn set_selected(&mut self, col: u8, row: u8) -> Result<(), Error> {
        if self.tile(col, row).is_none() {
            return Err(Error::InvalidValue);
        }
        self.selected = (col, row);
        self.position = (f32::from(col), f32::from(row));
        self.sliding = false;
        self.drag = None;
        Ok(())
    }

    /// The page at `col`, `row` (`None` where there is no tile).
    pub fn tile(&self, col: u8, row: u8) -> Option<NodeId> {
        self.tiles
            .iter()
            .find(|&&(c, r, _)| (c, r) == (col, row))
            .map(|&(_, _, page)| page)
    }

    /// How many tiles it has.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether it has no tile (never: a tile view has one at least).
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// Where the grid has slid, in tiles: (column, row).
    pub fn position(&self) -> (f32, f32) {
        self.position
    }

    /// Whether the grid is still: not held, not sliding.
    pub fn is_at_rest(&self) -> bool {
        self.drag.is_none() && !self.sliding
    }

    /// The clipping node holding the tiles, once it has loaded.
    pub fn content(&self) -> Option<NodeId> {
        self.content
    }

    /// The neighbour of the selected tile `dc` columns and `dr` rows away, if there is
    /// a tile there.
    fn neighbour(&self, dc: i8, dr: i8) -> Option<(u8, u8)> {
        let (c, r) = self.selected;
        let col = c.checked_add_signed(dc)?;
        let row = r.checked_add_signed(dr)?;
        self.tile(col, row).map(|_| (col, row))
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<NodeId, Error> {
        let tiles = self.tiles.clone();
        picker::build(world, |world, made| {
            let content = made.child(world, node, "Content")?;
            world.add_component(content, Clip)?;
            pager::adopt::<MAX_TILES>(world, content, tiles.iter().map(|&(_, _, page)| page))?;
            Ok(content)
        })
    }

    /// Places the tiles for the node's size and the position (when they changed), and
    /// activates the ones that show.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(content) = self.content else {
            return Ok(());
        };
        let size = world.content_size(node)?;
        let placed = (size, world.anchor(node)?, self.position);
        if self.placed == Some(placed) {
            return Ok(());
        }
        let (w, h) = (size.width, size.height);
        picker::place(world, node, content, Area::new(0.0, 0.0, w, h))?;
        for &(c, r, page) in &self.tiles {
            // A tile whose node was destroyed (even this frame) is skipped: its place
            // stays, and shows nothing.
            if !world.is_valid_strict(page) {
                continue;
            }
            let across = f32::from(c) - self.position.0;
            let down = f32::from(r) - self.position.1;
            // Later rows lie below: y falls as the row grows.
            picker::place(world, content, page, Area::new(across * w, -down * h, w, h))?;
            pager::show(world, page, across.abs() < 1.0 && down.abs() < 1.0)?;
        }
        self.placed = Some(placed);
        Ok(())
    }

    /// Chooses the tile at `to`: the grid slides there; the event if it changed.
    fn choose(&mut self, ctx: &mut Ctx<impl AnyWorld>, to: (u8, u8)) -> HookResult {
        self.sliding = true;
        if to == self.selected {
            return Ok(());
        }
        self.selected = to;
        let node = ctx.node();
        let (col, row) = to;
        ctx.dispatch_event(node, &TileChanged { node, col, row })?;
        Ok(())
    }

    /// The grid's position for a finger `moved` pixels (node space) from where it went
    /// down along `axis`, held between the selected tile and the neighbour that way.
    fn dragged(&self, axis: Axis, moved: Vec2, size: Size2) -> (f32, f32) {
        let (c, r) = (f32::from(self.selected.0), f32::from(self.selected.1));
        match axis {
            Axis::Across if size.width > 0.0 => {
                // The finger going left brings the column to the right.
                let shift = -moved.x / size.width;
                let low = if self.neighbour(-1, 0).is_some() {
                    -1.0
                } else {
                    0.0
                };
                let high = if self.neighbour(1, 0).is_some() {
                    1.0
                } else {
                    0.0
                };
                (c + shift.clamp(low, high), r)
            }
            Axis::Down if size.height > 0.0 => {
                // The finger going up (y grows) brings the row below.
                let shift = moved.y / size.height;
                let low = if self.neighbour(0, -1).is_some() {
                    -1.0
                } else {
                    0.0
                };
                let high = if self.neighbour(0, 1).is_some() {
                    1.0
                } else {
                    0.0
                };
                (c, r + shift.clamp(low, high))
            }
            _ => (c, r),
        }
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its tiles follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Tileview {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)?;
        self.content = Some(self.build(&mut **ctx, node)?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        if self.drag.take().is_some() {
            self.sliding = true; // back to the selected tile when enabled again
        }
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        if self.drag.is_none_or(|d| !d.owned) && self.sliding {
            let size = ctx.content_size(ctx.node())?;
            let (c, r) = (f32::from(self.selected.0), f32::from(self.selected.1));
            let (x, x_landed) = pager::ease(self.position.0, c, size.width, dt_seconds);
            let (y, y_landed) = pager::ease(self.position.1, r, size.height, dt_seconds);
            self.position = (x, y);
            self.sliding = !(x_landed && y_landed);
        }
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        if !self.interactable || self.content.is_none() {
            self.drag = None;
            return Ok(());
        }
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        let size = ctx.content_size(node)?;
        let same = |d: &Drag| d.id == touch.id && d.gesture == touch.gesture;
        match touch.phase {
            TouchPhase::Down => {
                self.sliding = false;
                self.drag = Some(Drag {
                    id: touch.id,
                    gesture: touch.gesture,
                    start: at,
                    axis: None,
                    owned: true,
                });
            }
            TouchPhase::Move => {
                let Some(mut drag) = self.drag.filter(same) else {
                    // A touch that began on a tile's child: watch it, it may be a swipe.
                    self.drag = Some(Drag {
                        id: touch.id,
                        gesture: touch.gesture,
                        start: at,
                        axis: None,
                        owned: false,
                    });
                    return Ok(());
                };
                let mut moved = Vec2::new(at.x - drag.start.x, at.y - drag.start.y);
                if !drag.owned {
                    if moved.x.abs().max(moved.y.abs()) < DRAG_THRESHOLD {
                        return Ok(());
                    }
                    // A swipe now: the tile view takes the touch, the child's press ends;
                    // the grid moves with the finger from here.
                    ctx.take_touch(touch, node)?;
                    drag.owned = true;
                    drag.start = at;
                    drag.axis = Some(if moved.x.abs() >= moved.y.abs() {
                        Axis::Across
                    } else {
                        Axis::Down
                    });
                    moved = Vec2::ZERO;
                    self.sliding = false;
                }
                if drag.axis.is_none() && moved.x.abs().max(moved.y.abs()) >= DRAG_THRESHOLD {
                    drag.axis = Some(if moved.x.abs() >= moved.y.abs() {
                        Axis::Across
                    } else {
                        Axis::Down
                    });
                }
                if let Some(axis) = drag.axis {
                    self.position = self.dragged(axis, moved, size);
                }
                self.drag = Some(drag);
                self.sync(&mut **ctx, node)?;
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                let Some(drag) = self.drag.filter(same) else {
                    return Ok(());
                };
                self.drag = None;
                if !drag.owned {
                    return Ok(()); // the child's touch
                }
                let (c, r) = (f32::from(self.selected.0), f32::from(self.selected.1));
                let (dx, dy) = (self.position.0 - c, self.position.1 - r);
                let step = |d: f32| -> i8 {
                    if d >= SWIPE_FRACTION {
                        1
                    } else if d <= -SWIPE_FRACTION {
                        -1
                    } else {
                        0
                    }
                };
                let to = if touch.phase == TouchPhase::Up {
                    self.neighbour(step(dx), step(dy)).unwrap_or(self.selected)
                } else {
                    self.selected
                };
                self.choose(ctx, to)?;
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.content.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let (dc, dr) = match key.key {
            Key::Left => (-1, 0),
            Key::Right => (1, 0),
            Key::Up => (0, -1),
            Key::Down => (0, 1),
            _ => return Ok(()),
        };
        let Some(to) = self.neighbour(dc, dr) else {
            return Ok(()); // no tile that way: bubbles on
        };
        ctx.stop_propagation();
        if key.pressed {
            self.drag = None;
            self.choose(ctx, to)?;
        }
        Ok(())
    }
}
