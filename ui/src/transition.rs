//! How a button shows its state (Cocos `cc.Button.transition`): the four states a
//! [`Button`](crate::Button) or [`Toggle`](crate::Toggle) is in, a value per state, and
//! the easing between them. Shared by both widgets, which keep one [`Look`] each.
//!
//! A transition acts on a *target* node (the widget's own node unless told otherwise,
//! Cocos `target`):
//!
//! - [`Transition::Color`] sets the target's [`Shape`] fill, or, on a node without a
//!   shape, its [`Label`] colour. The fill was chosen over Cocos's node tint because a
//!   Sprig node has no tint: the shape is what paints the button's face, and a label is
//!   the face of a text-only button.
//! - [`Transition::Scale`] multiplies the target's scale as it was when the widget was
//!   enabled (Cocos `zoomScale`, generalised to a factor per state).
//! - [`Transition::Image`] swaps the target's [`Image`] source at once, as Cocos swaps
//!   sprite frames: `Image::source` is a plain field holding `'static` bytes, so a
//!   swap copies two words and needs no second node.
//!
//! Colours and scales ease linearly over `duration_seconds`, deterministically in the
//! frames' `dt`: the widget samples its state once a frame, in its `update`; a change
//! starts a transition there from the value shown at that moment (a transition cut short
//! turns back smoothly), and that frame's `dt` already counts. Colour channels are
//! rounded to the nearest integer. Unlike Cocos, the disabled colour eases too (Cocos
//! sets it at once), and zooming in starts from the scale shown (Cocos restarts from the
//! original scale).
//!
//! ```
//! use embedded_graphics::pixelcolor::Rgb888;
//! use sprig_ui::transition::{ButtonState, PerState, Transition};
//!
//! let look = Transition::zoom(1.2, 0.1);
//! assert_eq!(
//!     look,
//!     Transition::Scale {
//!         scales: PerState { normal: 1.0, pressed: 1.2, disabled: 1.0, focused: 1.0 },
//!         duration_seconds: 0.1,
//!     }
//! );
//! let grey = Rgb888::new(124, 124, 124);
//! let colors = PerState::new(Rgb888::new(255, 255, 255)).with(ButtonState::Disabled, grey);
//! assert_eq!(colors.get(ButtonState::Disabled), grey);
//! ```

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::render::{Image, ImageSource, Label, Shape};
use sprig::{AnyWorld, CompId, Component, Ctx, Error, HookResult, NodeId, Vec2};

/// The state a button is in, from the most to the least important: a non-interactable
/// button is `Disabled` whatever else holds; a held one `Pressed`; one whose node has
/// the world's focus `Focused`; otherwise `Normal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonState {
    /// Interactable, not held, not focused.
    Normal,
    /// Held: a touch that went down on it and is inside it, or key A while focused.
    Pressed,
    /// Not interactable: it ignores input.
    Disabled,
    /// Its node holds the world's keyboard focus (Cocos has `hover` here instead).
    Focused,
}

/// One value for each [`ButtonState`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerState<T> {
    /// In [`ButtonState::Normal`].
    pub normal: T,
    /// In [`ButtonState::Pressed`].
    pub pressed: T,
    /// In [`ButtonState::Disabled`].
    pub disabled: T,
    /// In [`ButtonState::Focused`].
    pub focused: T,
}

impl<T: Copy> PerState<T> {
    /// `value` in every state.
    pub const fn new(value: T) -> Self {
        PerState {
            normal: value,
            pressed: value,
            disabled: value,
            focused: value,
        }
    }

    /// These values with `value` in `state`.
    pub const fn with(mut self, state: ButtonState, value: T) -> Self {
        match state {
            ButtonState::Normal => self.normal = value,
            ButtonState::Pressed => self.pressed = value,
            ButtonState::Disabled => self.disabled = value,
            ButtonState::Focused => self.focused = value,
        }
        self
    }

    /// The value in `state`.
    pub const fn get(&self, state: ButtonState) -> T {
        match state {
            ButtonState::Normal => self.normal,
            ButtonState::Pressed => self.pressed,
            ButtonState::Disabled => self.disabled,
            ButtonState::Focused => self.focused,
        }
    }
}

/// What a button changes on its target node to show its state (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Transition {
    /// Nothing changes.
    None,
    /// The target's shape fill (or label colour) eases to the state's colour.
    Color {
        /// The colour in each state.
        colors: PerState<Rgb888>,
        /// Seconds the easing takes; 0 or less: at once.
        duration_seconds: f32,
    },
    /// The target's scale eases to its original scale times the state's factor.
    Scale {
        /// The factor in each state.
        scales: PerState<f32>,
        /// Seconds the easing takes; 0 or less: at once.
        duration_seconds: f32,
    },
    /// The target's image shows the state's source, at once.
    Image {
        /// The source in each state.
        images: PerState<ImageSource>,
    },
}

impl Transition {
    /// Cocos's default colours: white, light grey (211) pressed, grey (124) disabled,
    /// and here light blue-grey (220, 230, 255) focused where Cocos has hover.
    pub const COCOS_COLORS: PerState<Rgb888> = PerState {
        normal: Rgb888::new(255, 255, 255),
        pressed: Rgb888::new(211, 211, 211),
        disabled: Rgb888::new(124, 124, 124),
        focused: Rgb888::new(220, 230, 255),
    };

    /// A colour transition.
    pub const fn color(colors: PerState<Rgb888>, duration_seconds: f32) -> Self {
        Transition::Color {
            colors,
            duration_seconds,
        }
    }

    /// Cocos's scale transition: `zoom_scale` times the original scale while pressed,
    /// the original scale otherwise (Cocos's defaults are 1.2 and 0.1 s).
    pub const fn zoom(zoom_scale: f32, duration_seconds: f32) -> Self {
        Transition::Scale {
            scales: PerState::new(1.0).with(ButtonState::Pressed, zoom_scale),
            duration_seconds,
        }
    }

    /// A scale transition with a factor per state (see [`zoom`](Self::zoom) for
    /// Cocos's, which grows only while pressed).
    ///
    /// ```
    /// use sprig_ui::transition::{ButtonState, PerState, Transition};
    ///
    /// // Grows a little while it has the focus, shrinks while pressed.
    /// let scales = PerState::new(1.0)
    ///     .with(ButtonState::Focused, 1.1)
    ///     .with(ButtonState::Pressed, 0.9);
    /// let look = Transition::scale(scales, 0.1);
    /// assert_eq!(look, Transition::Scale { scales, duration_seconds: 0.1 });
    /// ```
    pub const fn scale(scales: PerState<f32>, duration_seconds: f32) -> Self {
        Transition::Scale {
            scales,
            duration_seconds,
        }
    }

    /// An image transition.
    pub const fn image(images: PerState<ImageSource>) -> Self {
        Transition::Image { images }
    }
}

/// The most transitions a [`Look`] (and so a button) shows at once: one per kind
/// (colour, scale, image).
pub const MAX_TRANSITIONS: usize = 3;

/// A value being shown.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    Color(Rgb888),
    Scale(Vec2),
}

/// One transition's easing under way.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ramp {
    from: Option<Value>,
    to: Option<Value>,
    elapsed_seconds: f32,
}

impl Ramp {
    const IDLE: Ramp = Ramp {
        from: None,
        to: None,
        elapsed_seconds: 0.0,
    };
}

/// The running side of one or several [`Transition`]s: which state is shown, and the
/// easings under way, one per transition (up to [`MAX_TRANSITIONS`]). Kept by each
/// widget; its methods take the widget's [`Ctx`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Look {
    shown: Option<ButtonState>,
    ramps: [Ramp; MAX_TRANSITIONS],
    original_scale: Option<Vec2>,
}

impl Default for Look {
    fn default() -> Self {
        Look::new()
    }
}

/// The first component of type `T` on `node`, if the world's set has the type at all.
pub(crate) fn find<T: Component>(ctx: &Ctx<impl AnyWorld>, node: NodeId) -> Option<CompId> {
    ctx.component_of::<T>(node).ok().flatten()
}

fn lerp(from: f32, to: f32, ratio: f32) -> f32 {
    from + (to - from) * ratio
}

fn lerp_channel(from: u8, to: u8, ratio: f32) -> u8 {
    libm::roundf(lerp(f32::from(from), f32::from(to), ratio)).clamp(0.0, 255.0) as u8
}

impl Look {
    /// Nothing shown yet: the next [`Look::show`] sets its state's value at once.
    pub const fn new() -> Self {
        Look {
            shown: None,
            ramps: [Ramp::IDLE; MAX_TRANSITIONS],
            original_scale: None,
        }
    }

    /// The state last shown (or being eased to); `None` before the first frame.
    pub fn state(&self) -> Option<ButtonState> {
        self.shown
    }

    /// Whether an easing is under way.
    pub fn is_running(&self) -> bool {
        self.ramps.iter().any(|r| r.to.is_some())
    }

    /// The colour the target shows: its shape's fill, else its label's colour.
    fn read_color(ctx: &Ctx<impl AnyWorld>, target: NodeId) -> Option<Rgb888> {
        if let Some(c) = find::<Shape>(ctx, target) {
            return ctx.get::<Shape>(c).ok().and_then(|s| s.fill);
        }
        let c = find::<Label>(ctx, target)?;
        ctx.get::<Label>(c).ok().map(|l| l.color)
    }

    fn write_color(ctx: &mut Ctx<impl AnyWorld>, target: NodeId, color: Rgb888) -> HookResult {
        if let Some(c) = find::<Shape>(ctx, target) {
            ctx.get_mut::<Shape>(c)?.fill = Some(color);
            return Ok(());
        }
        match find::<Label>(ctx, target) {
            Some(c) => {
                ctx.get_mut::<Label>(c)?.color = color;
                Ok(())
            }
            // A colour transition needs something to colour.
            None => Err(Error::WrongComponentType),
        }
    }

    fn write(ctx: &mut Ctx<impl AnyWorld>, target: NodeId, value: Value) -> HookResult {
        match value {
            Value::Color(color) => Look::write_color(ctx, target, color),
            Value::Scale(scale) => ctx.set_scale(target, scale),
        }
    }

    /// The value `transition` gives `state`, and the value shown now to ease from.
    fn ends(
        original_scale: &mut Option<Vec2>,
        ctx: &Ctx<impl AnyWorld>,
        target: NodeId,
        transition: &Transition,
        state: ButtonState,
    ) -> Result<Option<(Value, Value)>, Error> {
        Ok(match transition {
            Transition::None | Transition::Image { .. } => None,
            Transition::Color { colors, .. } => {
                let to = colors.get(state);
                let from = Look::read_color(ctx, target).unwrap_or(to);
                Some((Value::Color(from), Value::Color(to)))
            }
            Transition::Scale { scales, .. } => {
                let now = ctx.scale(target)?;
                let original = *original_scale.get_or_insert(now);
                let factor = scales.get(state);
                let to = Vec2::new(original.x * factor, original.y * factor);
                Some((Value::Scale(now), Value::Scale(to)))
            }
        })
    }

    /// Shows `state` on `target`: on a change of state, starts easing to its value
    /// (sets it at once the first time, or with `immediate`); then moves the easing on
    /// by `dt_seconds`.
    pub fn show(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        target: NodeId,
        transition: &Transition,
        state: ButtonState,
        dt_seconds: f32,
        immediate: bool,
    ) -> HookResult {
        self.show_all(
            ctx,
            target,
            core::slice::from_ref(transition),
            state,
            dt_seconds,
            immediate,
        )
    }

    /// [`show`](Self::show) for several transitions at once (a colour and a scale,
    /// say), each easing on its own; past the first [`MAX_TRANSITIONS`], transitions
    /// are ignored. Two of the same kind write the same property, the later last.
    pub fn show_all(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        target: NodeId,
        transitions: &[Transition],
        state: ButtonState,
        dt_seconds: f32,
        immediate: bool,
    ) -> HookResult {
        if self.shown != Some(state) {
            let first = self.shown.is_none();
            self.shown = Some(state);
            for (transition, ramp) in transitions.iter().zip(self.ramps.iter_mut()) {
                if let Transition::Image { images } = transition {
                    let c = find::<Image>(ctx, target).ok_or(Error::WrongComponentType)?;
                    ctx.get_mut::<Image>(c)?.source = images.get(state);
                    continue;
                }
                match Look::ends(&mut self.original_scale, ctx, target, transition, state)? {
                    Some((_, to)) if first || immediate => {
                        ramp.to = None;
                        Look::write(ctx, target, to)?;
                    }
                    Some((from, to)) => {
                        ramp.from = Some(from);
                        ramp.to = Some(to);
                        ramp.elapsed_seconds = 0.0;
                    }
                    None => ramp.to = None,
                }
            }
        }
        for (transition, ramp) in transitions.iter().zip(self.ramps.iter_mut()) {
            let (Some(from), Some(to)) = (ramp.from, ramp.to) else {
                continue;
            };
            let duration = match transition {
                Transition::Color {
                    duration_seconds, ..
                }
                | Transition::Scale {
                    duration_seconds, ..
                } => *duration_seconds,
                _ => 0.0,
            };
            ramp.elapsed_seconds += dt_seconds.max(0.0);
            let ratio = if duration > 0.0 {
                (ramp.elapsed_seconds / duration).min(1.0)
            } else {
                1.0
            };
            let value = match (from, to) {
                (Value::Color(a), Value::Color(b)) => Value::Color(Rgb888::new(
                    lerp_channel(a.r(), b.r(), ratio),
                    lerp_channel(a.g(), b.g(), ratio),
                    lerp_channel(a.b(), b.b(), ratio),
                )),
                (Value::Scale(a), Value::Scale(b)) => {
                    Value::Scale(Vec2::new(lerp(a.x, b.x, ratio), lerp(a.y, b.y, ratio)))
                }
                _ => to,
            };
            if ratio >= 1.0 {
                ramp.to = None;
            }
            Look::write(ctx, target, value)?;
        }
        Ok(())
    }

    /// Puts the target back as `state` shows it, at once, and forgets the state, so the
    /// next [`Look::show`] starts afresh (Cocos `_resetState`, on disable).
    pub fn reset(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        target: NodeId,
        transition: &Transition,
        state: ButtonState,
    ) -> HookResult {
        self.reset_all(ctx, target, core::slice::from_ref(transition), state)
    }

    /// [`reset`](Self::reset) for several transitions (see [`show_all`](Self::show_all)).
    pub fn reset_all(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        target: NodeId,
        transitions: &[Transition],
        state: ButtonState,
    ) -> HookResult {
        self.shown = None;
        for ramp in &mut self.ramps {
            ramp.to = None;
        }
        let result = self.show_all(ctx, target, transitions, state, 0.0, true);
        self.shown = None;
        result
    }
}
