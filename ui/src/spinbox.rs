//! A spin box (LVGL `lv_spinbox`): a whole number shown with a fixed count of digits
//! and a decimal point, stepped up and down within a range by keys and by touching its
//! "-" and "+" ends, repeating while held.
//!
//! - **Value.** An `i32` between `min` and `max` (inclusive), shown with `digits` digits
//!   (leading zeros), `decimals` of them after a point, and a `-` before a negative
//!   one: 215 with 3 digits and 1 decimal shows `21.5`, -5 shows `-00.5` (LVGL's way).
//!   A temperature to a tenth of a degree is tenths in an `i32`. Every value of the
//!   range fits in the digits ([`Spinbox::with_digits`] refuses less).
//! - **Keys**, while its node has the focus: Up adds `step`, Down takes it away,
//!   clamped to the range (at an end, the key is still taken so that holding it does
//!   not move the focus away); Left and Right bubble on to a
//!   [`FocusGroup`](crate::FocusGroup).
//! - **Touch**: a touch going down on the "-" end (the square of the node's height at
//!   its left) steps down, on the "+" end (at its right) up; elsewhere nothing. The spin
//!   box stops the propagation of every touch it gets.
//! - **Long press.** A held key or touch steps once at once, again after
//!   `repeat_delay_seconds` (0.4 s), then every `repeat_interval_seconds` (0.1 s),
//!   counted in whole milliseconds of the frames' `dt` so that a replay repeats exactly;
//!   releasing the key, lifting the touch or moving it off its end stops it.
//! - **Event.** Each change made by a key or a touch dispatches [`SpinboxChanged`]
//!   `{ node, value }` from its node, once per change (a step that the range clamps to
//!   the same value sends nothing). [`Spinbox::set_value`] sends nothing.
//! - **Parts** (see [the picker module](crate::picker)): four child nodes, "Face" (a
//!   [`Shape`](sprig::render::Shape) over the node's box), "Minus" and "Plus" (a
//!   [`Label`](sprig::render::Label) each, on the accent) and "Value" (a `Label`): 4
//!   nodes, 1 `Shape`, 3 `Label`s.
//! - **Capacity**: at most [`MAX_DIGITS`] digits.
//!
//! ```
//! use sprig::render::{Label, Shape};
//! use sprig::{world, Key, Size2};
//! use sprig_ui::Spinbox;
//!
//! world! {
//!     type App = World { nodes: 8, components: Set { Spinbox: 1, Shape: 1, Label: 3 }, listeners: 2 };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Setpoint")?;
//! world.set_content_size(node, Size2::new(60.0, 14.0))?;
//! // 5.0 to 30.0 degrees in tenths, half a degree a step.
//! let spin = Spinbox::new(50, 300)?.with_step(5)?.with_digits(3, 1)?.with_value(215);
//! let spin = world.add_component(node, spin)?;
//! world.set_focus(Some(node))?;
//! world.key(Key::Up, true)?;
//! world.key(Key::Up, false)?;
//! assert_eq!(world.get::<Spinbox>(spin)?.value(), 220);
//! assert_eq!(world.get::<Spinbox>(spin)?.text(), "22.0");
//! # Ok::<(), sprig::Error>(())
//! ```

use core::fmt::Write as _;

use sprig::render::HorizontalAlign;
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::picker::{self, Area, PickerStyle};

/// The most digits a [`Spinbox`] shows.
pub const MAX_DIGITS: u8 = 9;

/// The text of a spin box's value: a sign, [`MAX_DIGITS`] digits and a point.
pub type SpinboxText = heapless::String<{ MAX_DIGITS as usize + 2 }>;

/// The event a [`Spinbox`] sends when a key or a touch changes its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpinboxChanged {
    /// The spin box's node.
    pub node: NodeId,
    /// The new value.
    pub value: i32,
}

/// What holds a spin box's step down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holder {
    Key(Key),
    Touch(u8),
}

/// A held key or touch: which way it steps, and how long it has been held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hold {
    by: Holder,
    up: bool,
    held_ms: u32,
    repeats: u32,
}

/// The nodes a [`Spinbox`] draws with (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpinboxParts {
    /// The face, over the whole node.
    pub face: NodeId,
    /// The "-" end.
    pub minus: NodeId,
    /// The "+" end.
    pub plus: NodeId,
    /// The value's text.
    pub value: NodeId,
}

/// A spin box; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spinbox {
    /// Whether it takes input.
    pub interactable: bool,
    /// Its colours: the face, the ends (`accent`, `accent_text`), the value (`text`).
    pub style: PickerStyle,
    /// Seconds a key or touch is held before the first repeat.
    pub repeat_delay_seconds: f32,
    /// Seconds between repeats after that.
    pub repeat_interval_seconds: f32,
    min: i32,
    max: i32,
    step: i32,
    digits: u8,
    decimals: u8,
    value: i32,
    hold: Option<Hold>,
    parts: Option<SpinboxParts>,
    placed: Option<(Size2, Vec2)>,
}

/// How many digits `n` has (at least 1).
fn digit_count(n: i32) -> u8 {
    let mut n = n.unsigned_abs();
    let mut count = 1;
    while n >= 10 {
        n /= 10;
        count += 1;
    }
    count
}

/// Milliseconds in `seconds`, rounded; negative or not finite counts as 0.
fn millis(seconds: f32) -> u32 {
    if seconds.is_finite() && seconds > 0.0 {
        libm::roundf(seconds * 1000.0) as u32
    } else {
        0
    }
}

impl Spinbox {
    /// A spin box from `min` to `max`, stepping by 1, at 0 clamped to the range, with as
    /// many digits as the range needs and no decimals. `InvalidValue` if `min > max` or
    /// the range needs more than [`MAX_DIGITS`] digits.
    pub fn new(min: i32, max: i32) -> Result<Self, Error> {
        if min > max {
            return Err(Error::InvalidValue);
        }
        let digits = digit_count(min).max(digit_count(max));
        if digits > MAX_DIGITS {
            return Err(Error::InvalidValue);
        }
        Ok(Spinbox {
            interactable: true,
            style: PickerStyle::DARK,
            repeat_delay_seconds: 0.4,
            repeat_interval_seconds: 0.1,
            min,
            max,
            step: 1,
            digits,
            decimals: 0,
            value: 0.clamp(min, max),
            hold: None,
            parts: None,
            placed: None,
        })
    }

    /// This spin box stepping by `step`; `InvalidValue` unless it is positive.
    pub fn with_step(mut self, step: i32) -> Result<Self, Error> {
        if step <= 0 {
            return Err(Error::InvalidValue);
        }
        self.step = step;
        Ok(self)
    }

    /// This spin box showing `digits` digits, `decimals` of them after the point.
    /// `InvalidValue` unless `1 <= digits <= MAX_DIGITS`, `decimals < digits`, and every
    /// value of the range fits.
    pub fn with_digits(mut self, digits: u8, decimals: u8) -> Result<Self, Error> {
        let needed = digit_count(self.min).max(digit_count(self.max));
        if digits == 0 || digits > MAX_DIGITS || decimals >= digits || needed > digits {
            return Err(Error::InvalidValue);
        }
        self.digits = digits;
        self.decimals = decimals;
        Ok(self)
    }

    /// This spin box at `value`, clamped to the range.
    pub fn with_value(mut self, value: i32) -> Self {
        self.value = value.clamp(self.min, self.max);
        self
    }

    /// This spin box in `style`.
    pub const fn with_style(mut self, style: PickerStyle) -> Self {
        self.style = style;
        self
    }

    /// The value.
    pub fn value(&self) -> i32 {
        self.value
    }

    /// Sets the value, clamped to the range; its text follows at the next frame and no
    /// event is sent.
    pub fn set_value(&mut self, value: i32) {
        self.value = value.clamp(self.min, self.max);
    }

    /// The smallest value.
    pub fn min(&self) -> i32 {
        self.min
    }

    /// The largest value.
    pub fn max(&self) -> i32 {
        self.max
    }

    /// How much a key or a touch changes the value.
    pub fn step(&self) -> i32 {
        self.step
    }

    /// The digits shown, and how many of them are after the point.
    pub fn digits(&self) -> (u8, u8) {
        (self.digits, self.decimals)
    }

    /// The value as shown (see the module doc).
    pub fn text(&self) -> SpinboxText {
        let mut digits: heapless::String<{ MAX_DIGITS as usize }> = heapless::String::new();
        // At most MAX_DIGITS digits: the range was checked to fit.
        let _ = write!(
            digits,
            "{:0width$}",
            self.value.unsigned_abs(),
            width = usize::from(self.digits)
        );
        let mut text = SpinboxText::new();
        if self.value < 0 {
            let _ = text.push('-');
        }
        let point = usize::from(self.digits - self.decimals);
        for (k, c) in digits.chars().enumerate() {
            if k == point && self.decimals > 0 {
                let _ = text.push('.');
            }
            let _ = text.push(c);
        }
        text
    }

    /// Whether a key or a touch holds a step down now.
    pub fn is_held(&self) -> bool {
        self.hold.is_some()
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<SpinboxParts> {
        self.parts
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<SpinboxParts, Error> {
        let style = self.style;
        let value = self.text();
        picker::build(world, |world, made| {
            let face = made.child(world, node, "Face")?;
            world.add_component(face, picker::face(&style))?;
            let mut ends = [node; 2];
            for (end, text) in ends.iter_mut().zip(["-", "+"]) {
                *end = made.child(world, node, if text == "-" { "Minus" } else { "Plus" })?;
                let label = picker::text(text, style.accent_text, HorizontalAlign::Center)?
                    .with_background(style.accent);
                world.add_component(*end, label)?;
            }
            let value_node = made.child(world, node, "Value")?;
            world.add_component(
                value_node,
                picker::text(&value, style.text, HorizontalAlign::Center)?,
            )?;
            Ok(SpinboxParts {
                face,
                minus: ends[0],
                plus: ends[1],
                value: value_node,
            })
        })
    }

    /// The "-" and "+" ends in the node's own space.
    fn ends(size: Size2) -> (Area, Area) {
        let side = size.height.min(size.width / 2.0).max(0.0);
        (
            Area::new(0.0, 0.0, side, size.height),
            Area::new(size.width - side, 0.0, side, size.height),
        )
    }

    /// Places the parts for the node's size (when it changed) and shows the value.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts else {
            return Ok(());
        };
        let placed = (world.content_size(node)?, world.anchor(node)?);
        if self.placed != Some(placed) {
            let (size, _) = placed;
            let (minus, plus) = Spinbox::ends(size);
            let whole = Area::new(0.0, 0.0, size.width, size.height);
            picker::place(world, node, parts.face, whole)?;
            // The ends sit inside the face's one-pixel outline.
            let inset = |a: Area| Area::new(a.x + 1.0, a.y + 1.0, a.width - 2.0, a.height - 2.0);
            picker::place(world, node, parts.minus, inset(minus))?;
            picker::place(world, node, parts.plus, inset(plus))?;
            let middle = Area::new(minus.width, 0.0, plus.x - minus.width, size.height);
            picker::place(world, node, parts.value, middle)?;
            self.placed = Some(placed);
        }
        picker::set_label(world, parts.value, &self.text(), self.style.text)
    }

    /// One step up or down by input: sends the event if the value changed.
    fn step_by(&mut self, ctx: &mut Ctx<impl AnyWorld>, up: bool) -> HookResult {
        let delta = if up { self.step } else { -self.step };
        let value = self.value.saturating_add(delta).clamp(self.min, self.max);
        if value == self.value {
            return Ok(());
        }
        self.value = value;
        let node = ctx.node();
        self.sync(&mut **ctx, node)?;
        ctx.dispatch_event(node, &SpinboxChanged { node, value })?;
        Ok(())
    }

    /// A key or touch starts holding a step: one step now.
    fn press(&mut self, ctx: &mut Ctx<impl AnyWorld>, by: Holder, up: bool) -> HookResult {
        self.hold = Some(Hold {
            by,
            up,
            held_ms: 0,
            repeats: 0,
        });
        self.step_by(ctx, up)
    }

    /// The repeats due after `held_ms` of holding.
    fn repeats_due(&self, held_ms: u32) -> u32 {
        let delay = millis(self.repeat_delay_seconds);
        if held_ms < delay {
            return 0;
        }
        let interval = millis(self.repeat_interval_seconds).max(1);
        1 + (held_ms - delay) / interval
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for Spinbox {
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
        self.hold = None;
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let Some(mut hold) = self.hold else {
            return Ok(());
        };
        let focused = ctx.focus() == Some(ctx.node());
        if !self.interactable || (matches!(hold.by, Holder::Key(_)) && !focused) {
            self.hold = None;
            return Ok(());
        }
        hold.held_ms = hold.held_ms.saturating_add(millis(dt_seconds));
        let due = self.repeats_due(hold.held_ms);
        let up = hold.up;
        while hold.repeats < due {
            hold.repeats += 1;
            self.step_by(ctx, up)?;
        }
        self.hold = Some(hold);
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        if !self.interactable || self.parts.is_none() {
            self.hold = None;
            return Ok(());
        }
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        let (minus, plus) = Spinbox::ends(ctx.content_size(node)?);
        match touch.phase {
            TouchPhase::Down => {
                if minus.contains(at) {
                    self.press(ctx, Holder::Touch(touch.id), false)?;
                } else if plus.contains(at) {
                    self.press(ctx, Holder::Touch(touch.id), true)?;
                }
            }
            TouchPhase::Move => {
                if let Some(hold) = self.hold.filter(|h| h.by == Holder::Touch(touch.id)) {
                    let end = if hold.up { plus } else { minus };
                    if !end.contains(at) {
                        self.hold = None;
                    }
                }
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                if self.hold.is_some_and(|h| h.by == Holder::Touch(touch.id)) {
                    self.hold = None;
                }
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let up = match key.key {
            Key::Up => true,
            Key::Down => false,
            _ => return Ok(()),
        };
        ctx.stop_propagation();
        if key.pressed {
            self.press(ctx, Holder::Key(key.key), up)
        } else {
            if self.hold.is_some_and(|h| h.by == Holder::Key(key.key)) {
                self.hold = None;
            }
            Ok(())
        }
    }
}
