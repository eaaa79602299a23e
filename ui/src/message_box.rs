//! [`MessageBox`], a modal dialog (LVGL's `lv_msgbox`): over its parent's content box,
//! a dimmed backdrop that takes every touch, and a panel with a title, a text and up to
//! [`MAX_BUTTONS`] buttons in a row.
//!
//! [`MessageBox::open`] builds it as the parent's last child, all or nothing, and gives
//! the focus to its first button; the arrows move the focus among the buttons (a
//! [`FocusGroup`] on the panel), and no key leaves the box (a [`BlockInput`] on its
//! node stops the ones the buttons do not take). A click on a button, by touch or key
//! A, dispatches [`MessageBoxClick`] with the button's index from the box's node (it
//! bubbles, so a listener on the parent or above hears it); then the box closes: the
//! focus goes back to the node that had it when the box opened (if it can still take
//! it) and the box is destroyed, its nodes free at the end of the frame.
//!
//! Nodes: 5 plus one per button (the box, the dimming, the panel, the title, the text).
//! The texts are `Label`s of the default capacity (32 bytes; longer ones end in `...`),
//! one line each for the title and the buttons, wrapped in the panel for the text.
//! The world's set lists `MessageBox`, `BlockInput` and `FocusGroup` (one each per box
//! open), `Shape` (3 plus one per button), `Label` (2 plus one per button) and `Button`.

use embedded_graphics::pixelcolor::Rgb888;
use heapless::Vec;
use sprig::render::{Label, Shape};
use sprig::{component, AnyWorld, Comp, Ctx, Error, Event, HookResult, Hooks, NodeId, Size2, Vec2};

use crate::transition::{ButtonState, PerState, Transition};
use crate::{BlockInput, Button, Click, FocusGroup};

/// The most buttons a box holds.
pub const MAX_BUTTONS: usize = 3;

/// The event a box dispatches from its node when one of its buttons is clicked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageBoxClick {
    /// The box's node (it is closing).
    pub node: NodeId,
    /// The button's index, from 0 on the left.
    pub index: u8,
}

/// Colours and sizes of a box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MessageBoxStyle {
    /// The colour laid over what is behind the box.
    pub dim: Rgb888,
    /// The dimming's opacity (0 transparent, 255 opaque).
    pub dim_opacity: u8,
    /// The panel's fill.
    pub panel: Rgb888,
    /// The texts' colour.
    pub text: Rgb888,
    /// A button's fill.
    pub button: Rgb888,
    /// A button's fill while it has the focus.
    pub focused_button: Rgb888,
    /// The panel's size, centred on the box.
    pub panel_size: Size2,
    /// A button's size.
    pub button_size: Size2,
}

impl Default for MessageBoxStyle {
    fn default() -> Self {
        MessageBoxStyle {
            dim: Rgb888::new(0, 0, 0),
            dim_opacity: 160,
            panel: Rgb888::new(60, 60, 70),
            text: Rgb888::new(255, 255, 255),
            button: Rgb888::new(0, 90, 200),
            focused_button: Rgb888::new(0, 150, 255),
            panel_size: Size2::new(112.0, 56.0),
            button_size: Size2::new(32.0, 12.0),
        }
    }
}

/// The handles of an open box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageBoxIds {
    /// The box's node (the backdrop taking the touches); destroyed when it closes.
    pub node: NodeId,
    /// The panel.
    pub panel: NodeId,
    /// The buttons' nodes, from the left.
    pub buttons: Vec<NodeId, MAX_BUTTONS>,
    /// The component.
    pub message_box: Comp<MessageBox>,
}

/// The box's component, on its node (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageBox {
    buttons: Vec<NodeId, MAX_BUTTONS>,
    focus_before: Option<NodeId>,
}

impl MessageBox {
    /// Opens a box over `parent`'s content box with `title`, `text` and one button per
    /// label of `buttons`, as `parent`'s last child.
    ///
    /// # Errors
    /// Nothing is added when it fails: [`Error::InvalidValue`] for more than
    /// [`MAX_BUTTONS`] buttons; what building it returns (a stale `parent`, an arena
    /// full, a type missing from the set).
    pub fn open(
        world: &mut impl AnyWorld,
        parent: NodeId,
        title: &str,
        text: &str,
        buttons: &[&str],
        style: MessageBoxStyle,
    ) -> Result<MessageBoxIds, Error> {
        if buttons.len() > MAX_BUTTONS {
            return Err(Error::InvalidValue);
        }
        let focus_before = world.focus();
        let size = world.content_size(parent)?;
        let anchor = world.anchor(parent)?;
        let (node, (panel, nodes, message_box)) =
            world.instantiate_with(parent, "MessageBox", |w, top| {
                w.set_content_size(top, size)?;
                w.set_anchor(top, anchor)?;
                w.add_component(top, BlockInput)?;
                let centre = Vec2::new(
                    (0.5 - anchor.x) * size.width,
                    (0.5 - anchor.y) * size.height,
                );
                let dim = w.create_child(top, "Dim")?;
                w.set_content_size(dim, size)?;
                w.set_anchor(dim, anchor)?;
                w.set_opacity(dim, style.dim_opacity)?;
                w.add_component(dim, Shape::rectangle().with_fill(style.dim))?;
                let panel = w.create_child(top, "Panel")?;
                w.set_position(panel, centre)?;
                let (pw, ph) = (style.panel_size.width, style.panel_size.height);
                w.set_content_size(panel, style.panel_size)?;
                w.add_component(panel, Shape::rectangle().with_fill(style.panel))?;
                let heading = w.create_child(panel, "Title")?;
                w.set_position(heading, Vec2::new(0.0, ph / 2.0 - 8.0))?;
                w.set_content_size(heading, Size2::new(pw - 8.0, 12.0))?;
                w.add_component(heading, Label::new(title).with_color(style.text))?;
                let body = w.create_child(panel, "Text")?;
                let row_top = -ph / 2.0 + 4.0 + style.button_size.height;
                w.set_position(body, Vec2::new(0.0, (ph / 2.0 - 14.0 + row_top) / 2.0))?;
                let body_height = (ph / 2.0 - 14.0 - row_top - 2.0).max(0.0);
                w.set_content_size(body, Size2::new(pw - 8.0, body_height))?;
                w.add_component(body, Label::new(text).with_color(style.text))?;
                let colors =
                    PerState::new(style.button).with(ButtonState::Focused, style.focused_button);
                let mut nodes = Vec::new();
                let step = style.button_size.width + 4.0;
                let first_x = -step * (buttons.len() as f32 - 1.0) / 2.0;
                let row_y = -ph / 2.0 + 4.0 + style.button_size.height / 2.0;
                for (i, caption) in buttons.iter().enumerate() {
                    let b = w.create_child(panel, "Button")?;
                    w.set_position(b, Vec2::new(first_x + step * i as f32, row_y))?;
                    w.set_content_size(b, style.button_size)?;
                    w.add_component(b, Shape::rectangle().with_fill(style.button))?;
                    w.add_component(b, Label::new(caption).with_color(style.text))?;
                    let look = Transition::color(colors, 0.0);
                    w.add_component(b, Button::new().with_transition(look))?;
                    nodes.push(b).map_err(|_| Error::InvalidValue)?;
                }
                let group = FocusGroup {
                    autofocus: false,
                    ..FocusGroup::ordered()
                };
                w.add_component(panel, group)?;
                let message_box = w.add_component(
                    top,
                    MessageBox {
                        buttons: nodes.clone(),
                        focus_before,
                    },
                )?;
                Ok((panel, nodes, Comp::new(message_box)))
            })?;
        if let Some(&first) = nodes.first() {
            if world.active_in_hierarchy(first)? {
                world.set_focus(Some(first))?;
            }
        }
        Ok(MessageBoxIds {
            node,
            panel,
            buttons: nodes,
            message_box,
        })
    }

    /// Closes the box on `node` without a click: the focus goes back, the box is
    /// destroyed.
    ///
    /// # Errors
    /// [`Error::StaleHandle`] if the box is gone; [`Error::WrongComponentType`] if
    /// `node` holds no box.
    pub fn close(world: &mut impl AnyWorld, node: NodeId) -> Result<(), Error> {
        let comp = world
            .component_of::<MessageBox>(node)?
            .ok_or(Error::WrongComponentType)?;
        let focus_before = world.get::<MessageBox>(comp)?.focus_before;
        close(world, node, focus_before)
    }

    /// The buttons' nodes, from the left.
    pub fn buttons(&self) -> &[NodeId] {
        &self.buttons
    }
}

/// Puts the focus back (if it can still go there) and destroys the box.
fn close(world: &mut impl AnyWorld, node: NodeId, focus_before: Option<NodeId>) -> HookResult {
    let back = focus_before.filter(|&f| {
        world.is_valid_strict(f)
            && world.is_focusable(f).unwrap_or(false)
            && world.active_in_hierarchy(f).unwrap_or(false)
    });
    world.set_focus(back)?;
    world.destroy(node)
}

#[component]
impl Hooks for MessageBox {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Click>(node)
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let Some(click) = event.get::<Click>() else {
            return Ok(());
        };
        let Some(index) = self.buttons.iter().position(|&b| b == click.node) else {
            return Ok(());
        };
        event.stop_propagation();
        let node = ctx.node();
        if !ctx.is_valid_strict(node) {
            return Ok(()); // closing already
        }
        let index = u8::try_from(index).map_err(|_| Error::InvalidValue)?;
        ctx.dispatch_event(node, &MessageBoxClick { node, index })?;
        close(&mut **ctx, node, self.focus_before)
    }
}
