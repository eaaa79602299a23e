//! A check box with its label (LVGL `lv_checkbox`): a [`Toggle`](crate::Toggle) that
//! draws itself, a square box with a mark inside while checked, and a text beside it.
//!
//! - Its node's content box is the check box's whole area: the box is the square of the
//!   node's height at its left end, the text fills the rest, 4 pixels to the right of
//!   the box, left-aligned and cut to the node. A touch anywhere in the node, or key A
//!   while the node has the focus, is a click, with the rules of a
//!   [`Button`] (a release outside, a cancel or a drag is not).
//! - A click sends [`Click`], then flips `checked` and sends
//!   [`Toggled`] `{ node, checked }`, both dispatched from the check
//!   box's node (they bubble), exactly as a `Toggle` does: a listener for toggles hears
//!   check boxes too. Setting [`checked`](Checkbox::checked) from code sends nothing;
//!   the mark follows at the next frame. A check box does not join a
//!   [`ToggleGroup`](crate::ToggleGroup): radio buttons are `Toggle`s.
//! - Its parts, made when it loads (see [the picker module](crate::picker)): three child
//!   nodes of its node, "Box" (a [`Shape`](sprig::render::Shape): the face, outlined),
//!   "Mark" under it (a filled `Shape` inset by a quarter of the box, active only while
//!   checked) and "Text" (a [`Label`](sprig::render::Label)). So each check box takes 3
//!   nodes, 2 `Shape`s and 1 `Label` besides itself.
//! - Capacity: the text holds at most
//!   [`DEFAULT_LABEL_CAPACITY`](sprig::render::DEFAULT_LABEL_CAPACITY) bytes; a longer
//!   one is `Err(TextTooLong)` from [`Checkbox::new`] and [`Checkbox::set_text`].
//!
//! ```
//! use sprig::render::{Label, Shape};
//! use sprig::{world, Key, Size2};
//! use sprig_ui::Checkbox;
//!
//! world! {
//!     type App = World { nodes: 8, components: Set { Checkbox: 1, Shape: 2, Label: 1 }, listeners: 2 };
//! }
//!
//! let mut world = App::new();
//! let wifi = world.create_child(world.root(), "Wi-Fi")?;
//! world.set_content_size(wifi, Size2::new(60.0, 12.0))?;
//! let check = world.add_component(wifi, Checkbox::new("Wi-Fi")?)?;
//! let mark = world.get::<Checkbox>(check)?.parts().ok_or(sprig::Error::StaleHandle)?.mark;
//! world.set_focus(Some(wifi))?;
//! world.key(Key::A, true)?;
//! world.key(Key::A, false)?; // a click
//! assert!(world.get::<Checkbox>(check)?.checked);
//! assert!(world.active(mark)?);
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::HorizontalAlign;
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, KeyEvent, NodeId, Size2, TouchEvent, Vec2,
};

use crate::button::{Button, Click};
use crate::picker::{self, Area, PickerStyle};
use crate::toggle::Toggled;
use crate::transition::ButtonState;

/// The pixels between the box and the text.
const GAP: f32 = 4.0;

/// The nodes a [`Checkbox`] draws with (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckboxParts {
    /// The box: a child of the check box's node with the face's shape.
    pub box_node: NodeId,
    /// The mark, a child of the box, active while checked.
    pub mark: NodeId,
    /// The text's node, a child of the check box's node.
    pub label: NodeId,
}

/// A check box with a label; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checkbox {
    /// The click rules, whether it takes input (`button.interactable`), and any
    /// transition (give it a target among [`parts`](Self::parts) to colour the box).
    pub button: Button,
    /// Whether it is checked.
    pub checked: bool,
    /// Its colours: the box's face and border, the text, the mark (`accent`).
    pub style: PickerStyle,
    text: &'static str,
    parts: Option<CheckboxParts>,
    /// The node's size and anchor the parts were placed for.
    placed: Option<(Size2, Vec2)>,
}

impl Checkbox {
    /// An unchecked box labelled `text`, in [`PickerStyle::DARK`]. `Err(TextTooLong)`
    /// for a text longer than a label holds.
    pub fn new(text: &'static str) -> Result<Self, Error> {
        picker::check_text(text)?;
        Ok(Checkbox {
            button: Button::new(),
            checked: false,
            style: PickerStyle::DARK,
            text,
            parts: None,
            placed: None,
        })
    }

    /// This box, checked or not.
    pub const fn with_checked(mut self, checked: bool) -> Self {
        self.checked = checked;
        self
    }

    /// This box in `style`.
    pub const fn with_style(mut self, style: PickerStyle) -> Self {
        self.style = style;
        self
    }

    /// The text.
    pub fn text(&self) -> &'static str {
        self.text
    }

    /// Replaces the text (its label follows at the next frame). `Err(TextTooLong)`,
    /// changing nothing, for a text longer than a label holds.
    pub fn set_text(&mut self, text: &'static str) -> Result<(), Error> {
        picker::check_text(text)?;
        self.text = text;
        Ok(())
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<CheckboxParts> {
        self.parts
    }

    /// The state its button shows.
    pub fn state(&self) -> ButtonState {
        self.button.state()
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<CheckboxParts, Error> {
        let style = self.style;
        let text = self.text;
        picker::build(world, |world, made| {
            let box_node = made.child(world, node, "Box")?;
            world.add_component(box_node, picker::face(&style))?;
            let mark = made.child(world, box_node, "Mark")?;
            world.add_component(mark, picker::filled(style.accent))?;
            let label = made.child(world, node, "Text")?;
            world.add_component(
                label,
                picker::text(text, style.text, HorizontalAlign::Left)?,
            )?;
            Ok(CheckboxParts {
                box_node,
                mark,
                label,
            })
        })
    }

    /// Places the parts for the node's size (when it changed) and shows the state.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts else {
            return Ok(());
        };
        let placed = (world.content_size(node)?, world.anchor(node)?);
        if self.placed != Some(placed) {
            let (size, _) = placed;
            let side = size.height.min(size.width).max(0.0);
            picker::place(world, node, parts.box_node, Area::new(0.0, 0.0, side, side))?;
            let inset = libm::roundf(side / 4.0);
            let inner = (side - 2.0 * inset).max(0.0);
            picker::place(
                world,
                parts.box_node,
                parts.mark,
                Area::new(inset, inset, inner, inner),
            )?;
            let text_x = side + GAP;
            let width = (size.width - text_x).max(0.0);
            picker::place(
                world,
                node,
                parts.label,
                Area::new(text_x, 0.0, width, size.height),
            )?;
            self.placed = Some(placed);
        }
        if world.active(parts.mark)? != self.checked {
            world.set_active(parts.mark, self.checked)?;
        }
        picker::set_label(world, parts.label, self.text, self.style.text)
    }

    /// A click: `Click`, then the flip and `Toggled`.
    fn clicked(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.dispatch_event(node, &Click { node })?;
        self.checked = !self.checked;
        self.sync(&mut **ctx, node)?;
        let checked = self.checked;
        ctx.dispatch_event(node, &Toggled { node, checked })?;
        Ok(())
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Checkbox {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.button.load(ctx)?;
        let node = ctx.node();
        self.parts = Some(self.build(&mut **ctx, node)?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)?;
        self.button.enable(ctx)
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.button.disable(ctx)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.button.frame(ctx, dt_seconds)
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if self.parts.is_some() && self.button.touch(ctx, touch)? {
            self.clicked(ctx)?;
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if self.parts.is_some() && self.button.key(ctx, key)? {
            self.clicked(ctx)?;
        }
        Ok(())
    }
}
