//! A push button (Cocos `cc.Button`): a node that takes touches and key A, shows its
//! state through a [`Transition`], and sends a [`Click`] event when clicked.
//!
//! The rules, as Cocos has them:
//!
//! - A touch that goes down on the button (or on a child of it, bubbling up) presses
//!   it; while it moves, the button shows pressed only while the touch is inside its
//!   content box; released inside, that is a click; released outside, or cancelled, it
//!   is not. The button stops the touch's going down and its release from propagating;
//!   its moves bubble on, so that a [`List`](crate::List) around it can take the touch
//!   over once it becomes a drag (the button then gets a cancel: no click).
//! - With the button's node holding the world's focus, key A pressed and then released
//!   is a click (the button takes both, so A does not bubble on); the focus moving away
//!   while A is held forgets the press.
//! - A button that is not `interactable` shows [`ButtonState::Disabled`] and ignores
//!   touches and keys, which go on to its ancestors; turning it off forgets any press.
//! - A click dispatches [`Click`] from the button's node
//!   (`dispatch_event`: the node's capturing ancestors, its own listeners, then its
//!   ancestors bubbling up): that is Cocos's `clickEvents`, and also its `node.on('click')`.
//! - The button makes its node focusable when it loads, so a
//!   [`FocusGroup`](crate::FocusGroup) can reach it.
//!
//! ```
//! use embedded_graphics::pixelcolor::Rgb888;
//! use sprig::render::Shape;
//! use sprig::{world, Size2, TouchPhase, Vec2};
//! use sprig_ui::transition::{PerState, Transition};
//! use sprig_ui::{Button, ButtonState};
//!
//! world! {
//!     type App = World { nodes: 4, components: Set { Button: 1, Shape: 1 }, listeners: 4 };
//! }
//!
//! let mut world = App::new();
//! let root = world.root();
//! let ok = world.create_child(root, "Ok")?;
//! world.set_content_size(ok, Size2::new(20.0, 10.0))?; // centred on (0, 0)
//! world.add_component(ok, Shape::rectangle())?;
//! let colors = PerState::new(Rgb888::new(200, 200, 200))
//!     .with(ButtonState::Pressed, Rgb888::new(100, 100, 100));
//! let button = world.add_component(ok, Button::new().with_transition(Transition::color(colors, 0.1)))?;
//! world.tick(0.0)?;
//! world.touch(0, TouchPhase::Down, Vec2::new(5.0, 100.0), 100.0)?; // world (5, 0)
//! world.tick(0.05)?; // half way
//! assert_eq!(world.get::<Button>(button)?.state(), ButtonState::Pressed);
//! let shape = world.component_of::<Shape>(ok)?.ok_or(sprig::Error::StaleHandle)?;
//! assert_eq!(world.get::<Shape>(shape)?.fill, Some(Rgb888::new(150, 150, 150)));
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::{
    component, AnyWorld, Ctx, HookResult, Hooks, Key, KeyEvent, NodeId, TouchEvent, TouchPhase,
    Vec2,
};

use crate::transition::{ButtonState, Look, Transition, MAX_TRANSITIONS};

/// The event a [`Button`] (or a [`Toggle`](crate::Toggle)) sends when clicked; listen
/// with `ctx.on::<Click>(node)` on the button's node or any ancestor of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Click {
    /// The button's node.
    pub node: NodeId,
}

/// A touch holding the button.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Press {
    id: u8,
    inside: bool,
}

/// A push button; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Button {
    /// Whether it takes input; `false` shows [`ButtonState::Disabled`] (Cocos
    /// `interactable`). Takes effect at once for input and at the next frame for the look.
    pub interactable: bool,
    /// How it shows its state.
    pub transition: Transition,
    /// Further transitions shown together with `transition`, each easing on its own (a
    /// colour and a scale at once, as Cocos's `zoomScale` beside a colour, or LVGL's
    /// styles per state); `Transition::None` in the slots not used. Set them with
    /// [`with_transitions`](Self::with_transitions).
    pub more_transitions: [Transition; MAX_TRANSITIONS - 1],
    /// The node the transition acts on; `None`: the button's own node (Cocos `target`).
    pub target: Option<NodeId>,
    press: Option<Press>,
    key_held: bool,
    look: Look,
}

impl Default for Button {
    fn default() -> Self {
        Button::new()
    }
}

/// Whether the world point is inside `node`'s content box (the engine's own hit rule:
/// left and bottom edges in, right and top edges out, in the node's space).
pub(crate) fn contains(
    ctx: &mut Ctx<impl AnyWorld>,
    node: NodeId,
    world: Vec2,
) -> Result<bool, sprig::Error> {
    let size = ctx.content_size(node)?;
    let p = ctx.convert_to_node_space(node, world)?;
    Ok(p.x >= 0.0 && p.x < size.width && p.y >= 0.0 && p.y < size.height)
}

impl Button {
    /// An interactable button without a transition.
    pub const fn new() -> Self {
        Button {
            interactable: true,
            transition: Transition::None,
            more_transitions: [Transition::None; MAX_TRANSITIONS - 1],
            target: None,
            press: None,
            key_held: false,
            look: Look::new(),
        }
    }

    /// This button with `transition` (in [`transition`](Self::transition); the
    /// others, if any, stay).
    pub const fn with_transition(mut self, transition: Transition) -> Self {
        self.transition = transition;
        self
    }

    /// This button with `transitions`, all shown at once, each easing on its own: at
    /// most [`MAX_TRANSITIONS`] (more does not compile), the first in
    /// [`transition`](Self::transition) and the rest in
    /// [`more_transitions`](Self::more_transitions). Two of the same kind would write
    /// the same property, the later last.
    ///
    /// ```
    /// use embedded_graphics::pixelcolor::Rgb888;
    /// use sprig_ui::transition::{ButtonState, PerState, Transition};
    /// use sprig_ui::Button;
    ///
    /// let colors = PerState::new(Rgb888::new(200, 200, 200))
    ///     .with(ButtonState::Pressed, Rgb888::new(100, 100, 100));
    /// let button = Button::new()
    ///     .with_transitions([Transition::color(colors, 0.1), Transition::zoom(1.1, 0.1)]);
    /// assert_eq!(button.transitions()[1], Transition::zoom(1.1, 0.1));
    /// ```
    pub const fn with_transitions<const K: usize>(mut self, transitions: [Transition; K]) -> Self {
        const {
            assert!(
                K <= MAX_TRANSITIONS,
                "a button shows at most MAX_TRANSITIONS transitions"
            )
        };
        self.transition = Transition::None;
        self.more_transitions = [Transition::None; MAX_TRANSITIONS - 1];
        let mut i = 0;
        while i < K {
            if i == 0 {
                self.transition = transitions[i];
            } else {
                self.more_transitions[i - 1] = transitions[i];
            }
            i += 1;
        }
        self
    }

    /// Every transition it shows: [`transition`](Self::transition), then
    /// [`more_transitions`](Self::more_transitions).
    pub const fn transitions(&self) -> [Transition; MAX_TRANSITIONS] {
        let mut all = [self.transition; MAX_TRANSITIONS];
        let mut i = 1;
        while i < MAX_TRANSITIONS {
            all[i] = self.more_transitions[i - 1];
            i += 1;
        }
        all
    }

    /// This button with its transition acting on `target`.
    pub const fn with_target(mut self, target: NodeId) -> Self {
        self.target = Some(target);
        self
    }

    /// This button, interactable or not.
    pub const fn with_interactable(mut self, interactable: bool) -> Self {
        self.interactable = interactable;
        self
    }

    /// The state it shows (or is easing to), as of its last frame.
    pub fn state(&self) -> ButtonState {
        self.look.state().unwrap_or(ButtonState::Normal)
    }

    /// Whether a touch or key A holds it now.
    pub fn is_held(&self) -> bool {
        self.press.is_some() || self.key_held
    }

    /// The state for the input held now.
    fn current_state(&self, focused: bool) -> ButtonState {
        if !self.interactable {
            ButtonState::Disabled
        } else if self.press.is_some_and(|p| p.inside) || self.key_held {
            ButtonState::Pressed
        } else if focused {
            ButtonState::Focused
        } else {
            ButtonState::Normal
        }
    }

    fn target_node(&self, ctx: &Ctx<impl AnyWorld>) -> NodeId {
        self.target.unwrap_or_else(|| ctx.node())
    }

    /// `on_load`: the node becomes focusable.
    pub(crate) fn load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)
    }

    /// `on_enable`: shows the current state at once.
    pub(crate) fn enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let focused = ctx.focus() == Some(ctx.node());
        let state = self.current_state(focused);
        let target = self.target_node(ctx);
        self.look
            .show_all(ctx, target, &self.transitions(), state, 0.0, true)
    }

    /// `on_disable`: forgets any press and puts the target back as the state without
    /// input shows it (Cocos `_resetState`).
    pub(crate) fn disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.press = None;
        self.key_held = false;
        let state = self.current_state(false);
        let target = self.target_node(ctx);
        self.look.reset_all(ctx, target, &self.transitions(), state)
    }

    /// `update`: samples the state and moves the transition on.
    pub(crate) fn frame(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let focused = ctx.focus() == Some(ctx.node());
        if !self.interactable {
            self.press = None;
            self.key_held = false;
        }
        if !focused {
            self.key_held = false;
        }
        let state = self.current_state(focused);
        if self.look.state() == Some(state) && !self.look.is_running() {
            // At rest: nothing to show or ease (the common frame, kept cheap).
            return Ok(());
        }
        let target = self.target_node(ctx);
        self.look
            .show_all(ctx, target, &self.transitions(), state, dt_seconds, false)
    }

    /// `on_touch`: whether the touch completed a click.
    pub(crate) fn touch(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        touch: TouchEvent,
    ) -> Result<bool, sprig::Error> {
        if !self.interactable {
            self.press = None;
            return Ok(false);
        }
        let node = ctx.node();
        let mut clicked = false;
        match touch.phase {
            TouchPhase::Down => {
                self.press = Some(Press {
                    id: touch.id,
                    inside: true,
                });
            }
            TouchPhase::Move => {
                let Some(press) = self.press.filter(|p| p.id == touch.id) else {
                    return Ok(false);
                };
                let inside = contains(ctx, node, touch.world)?;
                self.press = Some(Press { inside, ..press });
                // Moves bubble on: a scrolling ancestor (a `List`) may take the touch
                // over, which cancels this press.
                return Ok(false);
            }
            TouchPhase::Up => {
                if self.press.is_none_or(|p| p.id != touch.id) {
                    return Ok(false);
                }
                self.press = None;
                // Cocos turns a release outside the node into a cancel.
                clicked = contains(ctx, node, touch.world)?;
            }
            TouchPhase::Cancel => {
                if self.press.is_none_or(|p| p.id != touch.id) {
                    return Ok(false);
                }
                self.press = None;
            }
        }
        ctx.stop_propagation();
        Ok(clicked)
    }

    /// `on_key`: whether the key completed a click.
    pub(crate) fn key(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        key: KeyEvent,
    ) -> Result<bool, sprig::Error> {
        // Without a focus the engine hands keys to every listener: only the focused
        // button answers.
        if key.key != Key::A || !self.interactable || ctx.focus() != Some(ctx.node()) {
            return Ok(false);
        }
        ctx.stop_propagation();
        if key.pressed {
            self.key_held = true;
            return Ok(false);
        }
        let clicked = self.key_held;
        self.key_held = false;
        Ok(clicked)
    }
}

#[component]
impl Hooks for Button {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.load(ctx)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.enable(ctx)
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.disable(ctx)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.frame(ctx, dt_seconds)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if self.touch(ctx, touch)? {
            let node = ctx.node();
            ctx.dispatch_event(node, &Click { node })?;
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if self.key(ctx, key)? {
            let node = ctx.node();
            ctx.dispatch_event(node, &Click { node })?;
        }
        Ok(())
    }
}
