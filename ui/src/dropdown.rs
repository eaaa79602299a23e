//! A dropdown (LVGL `lv_dropdown`, an HTML `<select>`): closed, a face showing the
//! chosen option; open, a list of every option drawn above everything else, which
//! closes on a choice, on a touch outside it, or on B.
//!
//! - **Opening.** Closed, it is a [`Button`]: a tap on it, or key A
//!   pressed and released while its node has the focus, opens it (no `Click` is sent).
//! - **Above everything else.** The open list is drawn by nodes with a
//!   `global_z_order` of [`OVERLAY_GLOBAL_Z`]: the renderer draws nodes with a higher
//!   global z after every other (`docs/lifecycle.md` §6), whatever their place in the
//!   tree, and input reaches nodes in the reverse of that order. Give no other node that
//!   high a global z.
//! - **Touches while open.** With the list, the dropdown activates a [`Backdrop`] node
//!   covering the whole screen at the same global z, under the list: every touch goes
//!   down on it and bubbles up to the dropdown, so nothing beneath gets it. A touch
//!   going down on the list highlights the row under it, follows it while it moves, and
//!   chooses that row when lifted over it. A touch going down outside the list (on the
//!   dropdown's own face too) closes it without a change, and the rest of that touch
//!   (its moves and its release) goes nowhere else either.
//! - **Keys while open**, on the focused dropdown: Up and Down move the highlight
//!   (stopping at the ends), A (pressed, then released) chooses the highlighted row, B
//!   closes without a change; the dropdown takes every arrow, A and B while open. The
//!   focus moving to another node closes it.
//! - **Event.** A choice of another option than the selected one dispatches
//!   [`DropdownChanged`] `{ node, index }` from the dropdown's node, once; choosing the
//!   selected one closes it and sends nothing. [`Dropdown::set_selected`] sends nothing.
//! - **Parts** (see [the picker module](crate::picker)): children of its node "Face"
//!   (a [`Shape`](sprig::render::Shape)), "Text" and "Arrow" (a
//!   [`Label`](sprig::render::Label) each), "Backdrop" (a `Backdrop`) and "List" (a
//!   `Shape`) with, under it, "Highlight" (a `Shape`) and one "Row" per option (a
//!   `Label`). So a dropdown of `n` options takes `6 + n` nodes, 3 `Shape`s, `2 + n`
//!   `Label`s and 1 `Backdrop`. The list hangs below the face, each row as high as the
//!   dropdown's node; it does not scroll.
//! - **Capacity**: [`Options`]: at most [`MAX_OPTIONS`] options.
//!
//! ```
//! use sprig::render::{Label, Shape};
//! use sprig::{world, Key, Size2};
//! use sprig_ui::{Backdrop, Dropdown};
//!
//! world! {
//!     type App = World {
//!         nodes: 12,
//!         components: Set { Dropdown: 1, Backdrop: 1, Shape: 3, Label: 5 },
//!         listeners: 2,
//!     };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Units")?;
//! world.set_content_size(node, Size2::new(60.0, 12.0))?;
//! let units = world.add_component(node, Dropdown::new(&["Celsius", "Fahrenheit", "Kelvin"])?)?;
//! world.set_focus(Some(node))?;
//! for key in [Key::A, Key::Down, Key::A] {
//!     world.key(key, true)?;
//!     world.key(key, false)?; // opens, moves the highlight down, chooses
//! }
//! world.tick(0.0)?;
//! assert_eq!(world.get::<Dropdown>(units)?.selected(), 1);
//! assert_eq!(world.get::<Dropdown>(units)?.selected_text(), Some("Fahrenheit"));
//! assert!(!world.get::<Dropdown>(units)?.is_open());
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::HorizontalAlign;
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::backdrop::Backdrop;
use crate::button::Button;
use crate::picker::{self, Area, Options, PickerStyle, MAX_OPTIONS};

/// The `global_z_order` of an open dropdown's list and backdrop: above every node of a
/// lower one.
pub const OVERLAY_GLOBAL_Z: i16 = 30_000;

/// How far the backdrop reaches past the dropdown's node on every side, in its units:
/// past any panel.
const BACKDROP_REACH: f32 = 16_384.0;

/// Pixels between the face's left edge and its text (and a row's).
const TEXT_INSET: f32 = 3.0;

/// The event a [`Dropdown`] sends when a choice changes its selected option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropdownChanged {
    /// The dropdown's node.
    pub node: NodeId,
    /// The index of the option chosen.
    pub index: usize,
}

/// The nodes a [`Dropdown`] draws with (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DropdownParts {
    /// The closed face, over the whole node.
    pub face: NodeId,
    /// The selected option's text on the face.
    pub text: NodeId,
    /// The arrow at the face's right end.
    pub arrow: NodeId,
    /// The backdrop, active while open.
    pub backdrop: NodeId,
    /// The list, active while open.
    pub list: NodeId,
    /// The highlighted row's band, under the rows.
    pub highlight: NodeId,
    /// One row per option, in order.
    pub rows: heapless::Vec<NodeId, MAX_OPTIONS>,
}

/// A touch the open dropdown follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Follow {
    id: u8,
    gesture: u16,
    /// Down on the list (it chooses when lifted there); otherwise down outside, which
    /// closed the list: the rest of it is swallowed.
    on_list: bool,
}

/// A dropdown; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct Dropdown {
    /// The closed face's click rules, whether it takes input (`button.interactable`),
    /// and any transition.
    pub button: Button,
    /// Its colours: the face and the list, their text, the highlighted row (`accent`).
    pub style: PickerStyle,
    options: Options,
    selected: usize,
    highlighted: usize,
    open: bool,
    a_held: bool,
    follow: Option<Follow>,
    parts: Option<DropdownParts>,
    /// The node's size and anchor and the option count the parts were placed for.
    placed: Option<(Size2, Vec2, usize)>,
}

impl Dropdown {
    /// A closed dropdown of `options` with the first selected. Errors: `InvalidValue`
    /// for no options, and those of [`Options::new`].
    pub fn new(options: &[&'static str]) -> Result<Self, Error> {
        Dropdown::with_options(Options::new(options)?)
    }

    /// A closed dropdown of `options` with the first selected; `InvalidValue` for none.
    pub fn with_options(options: Options) -> Result<Self, Error> {
        if options.is_empty() {
            return Err(Error::InvalidValue);
        }
        Ok(Dropdown {
            button: Button::new(),
            style: PickerStyle::DARK,
            options,
            selected: 0,
            highlighted: 0,
            open: false,
            a_held: false,
            follow: None,
            parts: None,
            placed: None,
        })
    }

    /// This dropdown with option `index` selected; `InvalidValue` past the last.
    pub fn with_selected(mut self, index: usize) -> Result<Self, Error> {
        self.set_selected(index)?;
        Ok(self)
    }

    /// This dropdown in `style`.
    pub const fn with_style(mut self, style: PickerStyle) -> Self {
        self.style = style;
        self
    }

    /// The selected option's index.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The selected option's text.
    pub fn selected_text(&self) -> Option<&'static str> {
        self.options.get(self.selected)
    }

    /// Selects option `index` from code, with no event (the face follows at the next
    /// frame). `InvalidValue`, changing nothing, past the last.
    pub fn set_selected(&mut self, index: usize) -> Result<(), Error> {
        if index >= self.options.len() {
            return Err(Error::InvalidValue);
        }
        self.selected = index;
        Ok(())
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Adds an option at the end (its row is made at the next frame). Errors, changing
    /// nothing: those of [`Options::push`].
    pub fn push_option(&mut self, text: &'static str) -> Result<(), Error> {
        self.options.push(text)
    }

    /// Whether the list is open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The highlighted row's index while open (the selected one when it opened).
    pub fn highlighted(&self) -> usize {
        self.highlighted
    }

    /// Opens or closes the list from code, with no event (the nodes follow at the
    /// next frame).
    pub fn set_open(&mut self, open: bool) {
        if open && !self.open {
            self.highlighted = self.selected;
        }
        self.open = open;
        self.follow = None;
        self.a_held = false;
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<&DropdownParts> {
        self.parts.as_ref()
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<DropdownParts, Error> {
        let style = self.style;
        let shown = self.selected_text().unwrap_or("");
        picker::build(world, |world, made| {
            let face = made.child(world, node, "Face")?;
            world.add_component(face, picker::face(&style))?;
            let text = made.child(world, node, "Text")?;
            world.add_component(
                text,
                picker::text(shown, style.text, HorizontalAlign::Left)?,
            )?;
            let arrow = made.child(world, node, "Arrow")?;
            world.add_component(
                arrow,
                picker::text("v", style.text, HorizontalAlign::Center)?,
            )?;
            let backdrop = made.child(world, node, "Backdrop")?;
            world.set_active(backdrop, false)?;
            world.set_global_z_order(backdrop, OVERLAY_GLOBAL_Z)?;
            world.add_component(backdrop, Backdrop)?;
            let list = made.child(world, node, "List")?;
            world.set_active(list, false)?;
            world.set_global_z_order(list, OVERLAY_GLOBAL_Z)?;
            world.add_component(list, picker::face(&style))?;
            let highlight = made.child(world, list, "Highlight")?;
            world.set_global_z_order(highlight, OVERLAY_GLOBAL_Z)?;
            world.add_component(highlight, picker::filled(style.accent))?;
            Ok(DropdownParts {
                face,
                text,
                arrow,
                backdrop,
                list,
                highlight,
                rows: heapless::Vec::new(),
            })
        })
    }

    /// Makes a row for every option that has none yet.
    fn make_rows(&mut self, world: &mut impl AnyWorld) -> HookResult {
        let style = self.style;
        let Some(parts) = self.parts.as_mut() else {
            return Ok(());
        };
        for &option in self.options.as_slice().iter().skip(parts.rows.len()) {
            let list = parts.list;
            let row = picker::build(world, |world, made| {
                let row = made.child(world, list, "Row")?;
                world.set_global_z_order(row, OVERLAY_GLOBAL_Z)?;
                world.add_component(
                    row,
                    picker::text(option, style.text, HorizontalAlign::Left)?,
                )?;
                Ok(row)
            })?;
            // The rows and the options share one capacity.
            parts.rows.push(row).map_err(|_| Error::QueueFull)?;
        }
        Ok(())
    }

    /// The list's area in the node's own space, and one row's height.
    fn list_area(size: Size2, rows: usize) -> (Area, f32) {
        let height = size.height * rows as f32;
        (Area::new(0.0, -height, size.width, height), size.height)
    }

    /// The row under `at` (the node's own space), if on the list.
    fn row_at(&self, size: Size2, at: Vec2) -> Option<usize> {
        let (list, row_height) = Dropdown::list_area(size, self.options.len());
        if !list.contains(at) || row_height <= 0.0 {
            return None;
        }
        let from_top = (list.y + list.height - at.y) / row_height;
        let row = libm::floorf(from_top) as usize;
        (row < self.options.len()).then_some(row)
    }

    /// Makes missing rows, places the parts for the node's size (when it changed) and
    /// shows the state.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        if self.parts.is_none() {
            return Ok(());
        }
        self.make_rows(world)?;
        let Some(parts) = self.parts.as_ref() else {
            return Ok(());
        };
        let count = self.options.len();
        let placed = (world.content_size(node)?, world.anchor(node)?, count);
        let size = placed.0;
        if self.placed != Some(placed) {
            let whole = Area::new(0.0, 0.0, size.width, size.height);
            picker::place(world, node, parts.face, whole)?;
            let arrow_side = size.height.min(size.width);
            let text_width = (size.width - arrow_side - TEXT_INSET).max(0.0);
            let text = Area::new(TEXT_INSET, 0.0, text_width, size.height);
            picker::place(world, node, parts.text, text)?;
            let arrow = Area::new(size.width - arrow_side, 0.0, arrow_side, size.height);
            picker::place(world, node, parts.arrow, arrow)?;
            let backdrop = Area::new(
                -BACKDROP_REACH,
                -BACKDROP_REACH,
                size.width + 2.0 * BACKDROP_REACH,
                size.height + 2.0 * BACKDROP_REACH,
            );
            picker::place(world, node, parts.backdrop, backdrop)?;
            let (list, row_height) = Dropdown::list_area(size, count);
            picker::place(world, node, parts.list, list)?;
            for (k, &row) in parts.rows.iter().enumerate() {
                let y = (count - 1 - k) as f32 * row_height;
                let width = (size.width - 2.0 * TEXT_INSET).max(0.0);
                let area = Area::new(TEXT_INSET, y, width, row_height);
                picker::place(world, parts.list, row, area)?;
            }
            self.placed = Some(placed);
        }
        let shown = self.selected_text().unwrap_or("");
        picker::set_label(world, parts.text, shown, self.style.text)?;
        if world.active(parts.list)? != self.open {
            world.set_active(parts.list, self.open)?;
            world.set_active(parts.backdrop, self.open)?;
        }
        if self.open {
            let (_, row_height) = Dropdown::list_area(size, count);
            let y = (count - 1 - self.highlighted.min(count - 1)) as f32 * row_height;
            let band = Area::new(1.0, y + 1.0, size.width - 2.0, row_height - 2.0);
            picker::place(world, parts.list, parts.highlight, band)?;
            for (k, &row) in parts.rows.iter().enumerate() {
                let color = if k == self.highlighted {
                    self.style.accent_text
                } else {
                    self.style.text
                };
                let option = self.options.get(k).unwrap_or("");
                picker::set_label(world, row, option, color)?;
            }
        }
        Ok(())
    }

    /// Closes the list, choosing `choice` if any: the event if it changed.
    fn close(&mut self, ctx: &mut Ctx<impl AnyWorld>, choice: Option<usize>) -> HookResult {
        self.open = false;
        self.a_held = false;
        let node = ctx.node();
        let changed = choice.filter(|&c| c != self.selected && c < self.options.len());
        if let Some(index) = changed {
            self.selected = index;
        }
        self.sync(&mut **ctx, node)?;
        if let Some(index) = changed {
            ctx.dispatch_event(node, &DropdownChanged { node, index })?;
        }
        Ok(())
    }

    /// Opens the list on the selected option.
    fn open(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.set_open(true);
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    /// A touch while open (from the backdrop, bubbling up).
    fn touch_open(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        let size = ctx.content_size(node)?;
        let row = self.row_at(size, at);
        let same = |f: &Follow| f.id == touch.id && f.gesture == touch.gesture;
        match touch.phase {
            TouchPhase::Down => match row {
                Some(row) => {
                    self.follow = Some(Follow {
                        id: touch.id,
                        gesture: touch.gesture,
                        on_list: true,
                    });
                    self.highlighted = row;
                    self.sync(&mut **ctx, node)?;
                }
                None => {
                    self.close(ctx, None)?;
                    self.follow = Some(Follow {
                        id: touch.id,
                        gesture: touch.gesture,
                        on_list: false,
                    });
                }
            },
            TouchPhase::Move => {
                if let (Some(row), true) = (row, self.follow.as_ref().is_some_and(same)) {
                    self.highlighted = row;
                    self.sync(&mut **ctx, node)?;
                }
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                if self.follow.as_ref().is_some_and(same) {
                    self.follow = None;
                    if touch.phase == TouchPhase::Up && row.is_some() {
                        self.close(ctx, row)?;
                    }
                }
            }
        }
        Ok(())
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Dropdown {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.button.load(ctx)?;
        let node = ctx.node();
        self.parts = Some(self.build(&mut **ctx, node)?);
        let made = self.sync(&mut **ctx, node);
        if made.is_err() {
            // Rows that could not be made: nothing of the dropdown stays.
            if let Some(parts) = self.parts.take() {
                for part in [
                    parts.face,
                    parts.text,
                    parts.arrow,
                    parts.backdrop,
                    parts.list,
                ] {
                    let _ = ctx.destroy(part);
                }
            }
        }
        made
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)?;
        self.button.enable(ctx)
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.set_open(false);
        let node = ctx.node();
        self.sync(&mut **ctx, node)?;
        self.button.disable(ctx)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        if self.open && ctx.focus().is_some_and(|f| f != node) {
            self.close(ctx, None)?;
        }
        self.button.frame(ctx, dt_seconds)
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if self.parts.is_none() {
            return Ok(());
        }
        if self.open {
            ctx.stop_propagation();
            return self.touch_open(ctx, touch);
        }
        let swallowed = self
            .follow
            .is_some_and(|f| f.id == touch.id && f.gesture == touch.gesture);
        if swallowed {
            // The rest of the touch that closed the list.
            ctx.stop_propagation();
            if matches!(touch.phase, TouchPhase::Up | TouchPhase::Cancel) {
                self.follow = None;
            }
            return Ok(());
        }
        if self.button.touch(ctx, touch)? {
            self.open(ctx)?;
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if self.parts.is_none() {
            return Ok(());
        }
        if !self.open {
            if self.button.key(ctx, key)? {
                self.open(ctx)?;
            }
            return Ok(());
        }
        let node = ctx.node();
        if ctx.focus() != Some(node) {
            return Ok(());
        }
        ctx.stop_propagation();
        match (key.key, key.pressed) {
            (Key::Up, true) => {
                self.highlighted = self.highlighted.saturating_sub(1);
                self.sync(&mut **ctx, node)
            }
            (Key::Down, true) => {
                let last = self.options.len().saturating_sub(1);
                self.highlighted = (self.highlighted + 1).min(last);
                self.sync(&mut **ctx, node)
            }
            (Key::A, true) => {
                self.a_held = true;
                Ok(())
            }
            (Key::A, false) if self.a_held => {
                let choice = self.highlighted;
                self.close(ctx, Some(choice))
            }
            (Key::B, true) => self.close(ctx, None),
            _ => Ok(()),
        }
    }
}
