//! An on-screen keyboard (LVGL `lv_keyboard`) that types into a [`TextArea`]: letters
//! in lower and upper case, numbers, symbols, backspace, a line break, OK and cancel,
//! by touch and by keypad.
//!
//! - **Layouts** ([`KeyboardLayout`]), four rows each: letters (`q`–`p`, `a`–`l`, Shift
//!   `z`–`m` Del), numbers (digits, `-/:;()$&@"`, `#+=` `.,?!'` Del) and symbols
//!   (`[]{}#%^*+=`, `` _\|~<>` ``, `123` `.,?!'` Del), together every printable ASCII
//!   character; every layout ends with the row `123`/`abc` (layout), `Esc` (cancel), the
//!   space bar, `Ret` and `OK`. Shift switches letters between lower and upper case
//!   and stays until pressed again.
//! - **Target.** The keyboard types into the [`TextArea<N>`](TextArea) of its target
//!   node: [`with_target`](Keyboard::with_target) names one; without, it follows the
//!   focus: each time the focus is on a node with a `TextArea<N>`, that node becomes
//!   the target, and stays so while the focus moves onto the keyboard's keys. The
//!   target shows its cursor while targeted. A key typed with no target does nothing.
//! - **Keys**: a character or the space bar inserts it (in place of the selection); a
//!   refused insert (the area full) changes nothing and sends nothing. `Del` deletes the
//!   selection or the character before the cursor. `Ret` types a line break in a
//!   multi-line area and is OK in a one-line one. **OK** dispatches [`TextSubmitted`]
//!   from the target, then [`KeyboardDone`] `{ accepted: true }` from the keyboard's
//!   node. **Cancel** (`Esc`) puts the target's text back as it was when the keyboard
//!   took it (or at the last OK), sending [`TextChanged`] if that changed it, then
//!   `KeyboardDone { accepted: false }`. Hiding the keyboard then is the app's call.
//!   Each edit sends [`TextChanged`] from the target's node.
//! - **Touch**: a key is pressed while a touch is down on it (following the finger) and
//!   acts when the touch is lifted over it. The keyboard stops every touch it gets.
//! - **Keypad**, while the keyboard's node has the focus: the arrows move a highlight
//!   over the keys (Left and Right wrap around a row, Up and Down go to the nearest key
//!   of the next row, and bubble on from the top and bottom rows to a
//!   [`FocusGroup`](crate::FocusGroup)); A presses the highlighted key (it acts at
//!   once, drawn pressed until A is released); B is `Del`.
//! - **Cost.** It is one drawable on one node, with no parts: 1 node and 1 component
//!   (`Keyboard` in the set, drawing its keys itself), whatever the layout. The
//!   legends are the font's glyphs drawn from their one-bit masks (an anti-aliased
//!   font's pixels of half coverage or more), aliased, clipped to each key. The
//!   component holds a copy of the target's text for Cancel: `N` bytes.
//!
//! ```
//! use sprig::render::{Clip, Label, Shape};
//! use sprig::{world, Key, Size2, TouchPhase, Vec2};
//! use sprig_ui::{Keyboard, TextArea};
//!
//! type Text64 = Label<64>;
//! world! {
//!     type App = World {
//!         nodes: 8,
//!         components: Set { TextArea: 1, Keyboard: 1, Shape: 3, Text64: 1, Clip: 1 },
//!         listeners: 2,
//!     };
//! }
//!
//! let mut world = App::new();
//! let field = world.create_child(world.root(), "Field")?;
//! world.set_content_size(field, Size2::new(100.0, 14.0))?;
//! let area = world.add_component(field, TextArea::new())?;
//! let keys = world.create_child(world.root(), "Keys")?;
//! world.set_content_size(keys, Size2::new(100.0, 40.0))?;
//! world.set_anchor(keys, Vec2::ZERO)?; // from (0, 0) to (100, 40): 10 px a key
//! world.add_component(keys, Keyboard::new())?;
//! world.set_focus(Some(field))?; // the keyboard follows the focus
//! world.tick(0.0)?;
//! // "q" is the top-left key: a tap at (5, 35), on a 100-px-high screen (y down).
//! world.touch(0, TouchPhase::Down, Vec2::new(5.0, 65.0), 100.0)?;
//! world.touch(0, TouchPhase::Up, Vec2::new(5.0, 65.0), 100.0)?;
//! // By keypad: the highlight starts on "q"; Right to "w", A.
//! world.set_focus(Some(keys))?;
//! for key in [Key::Right, Key::A] {
//!     world.key(key, true)?;
//!     world.key(key, false)?;
//! }
//! assert_eq!(world.get::<TextArea>(area)?.text(), "qw");
//! # Ok::<(), sprig::Error>(())
//! ```

mod layout;

use embedded_graphics::pixelcolor::Rgb888;
use heapless::String;
use sprig::render::font::{fonts, Font, GlyphMask};
use sprig::render::{Canvas, Draw, Fingerprint, RenderColor};
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Rect, Size2,
    TouchEvent, TouchPhase,
};

use crate::text_area::{TextArea, TextChanged, TextSubmitted, DEFAULT_TEXT_CAPACITY};
use layout::{key_at, key_box, nearest_in_row, rows, ROWS};
pub use layout::{KeyCap, KeyboardLayout};

/// The colours a [`Keyboard`] draws with.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig_ui::KeyboardStyle;
///
/// let green = KeyboardStyle { accent: Rgb888::new(0, 160, 80), ..KeyboardStyle::DARK };
/// assert_eq!(green.key, KeyboardStyle::DARK.key);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KeyboardStyle {
    /// Between the keys.
    pub background: Rgb888,
    /// A character key.
    pub key: Rgb888,
    /// Shift, Del, the layout keys, Esc, Ret.
    pub special: Rgb888,
    /// The legends.
    pub text: Rgb888,
    /// OK, and Shift while upper case is on.
    pub accent: Rgb888,
    /// The key the keypad highlight is on (while the keyboard has the focus).
    pub focus: Rgb888,
    /// The legend on the highlighted key.
    pub focus_text: Rgb888,
    /// A key held down.
    pub pressed: Rgb888,
}

impl KeyboardStyle {
    /// Grey keys on black, a blue OK, an amber highlight (the default).
    pub const DARK: KeyboardStyle = KeyboardStyle {
        background: Rgb888::new(10, 10, 10),
        key: Rgb888::new(70, 70, 70),
        special: Rgb888::new(40, 40, 40),
        text: Rgb888::new(255, 255, 255),
        accent: Rgb888::new(0, 120, 215),
        focus: Rgb888::new(255, 190, 0),
        focus_text: Rgb888::new(0, 0, 0),
        pressed: Rgb888::new(150, 150, 150),
    };
}

impl Default for KeyboardStyle {
    fn default() -> Self {
        KeyboardStyle::DARK
    }
}

/// The event a [`Keyboard`] sends from its node on OK and on cancel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyboardDone {
    /// The keyboard's node.
    pub node: NodeId,
    /// The text area it typed into, if any.
    pub target: Option<NodeId>,
    /// OK (`true`) or cancel.
    pub accepted: bool,
}

/// What holds a key down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Presser {
    KeyA,
    Touch(u8),
}

/// An on-screen keyboard; see the module doc. `N` is the capacity of the
/// [`TextArea<N>`](TextArea)s it types into.
#[derive(Clone, Debug)]
pub struct Keyboard<const N: usize = DEFAULT_TEXT_CAPACITY> {
    /// Whether it takes keys and touches.
    pub interactable: bool,
    style: KeyboardStyle,
    font: Font,
    font_fingerprint: u32,
    layout: KeyboardLayout,
    /// The keypad highlight: row and key.
    highlight: (usize, usize),
    /// Whether the keyboard's node has the focus (the highlight shows).
    focused: bool,
    pressed: Option<((usize, usize), Presser)>,
    follow_focus: bool,
    /// The target asked for, and the one typed into (marked, its text kept).
    wanted: Option<NodeId>,
    target: Option<NodeId>,
    original: String<N>,
}

impl Keyboard {
    /// A keyboard for [`TextArea`]s of [`DEFAULT_TEXT_CAPACITY`] bytes, following the
    /// focus (see [`for_capacity`](Self::for_capacity) for another capacity).
    pub fn new() -> Self {
        Keyboard::for_capacity()
    }
}

impl Default for Keyboard {
    fn default() -> Self {
        Keyboard::new()
    }
}

impl<const N: usize> Keyboard<N> {
    /// A keyboard for `TextArea<N>`s, lower-case letters, following the focus, in
    /// `FONT_6X10` and [`KeyboardStyle::DARK`].
    pub fn for_capacity() -> Self {
        let font = Font::Cells(&fonts::FONT_6X10);
        Keyboard {
            interactable: true,
            style: KeyboardStyle::DARK,
            font,
            font_fingerprint: font.fingerprint(),
            layout: KeyboardLayout::Lower,
            highlight: (0, 0),
            focused: false,
            pressed: None,
            follow_focus: true,
            wanted: None,
            target: None,
            original: String::new(),
        }
    }

    /// This keyboard typing into the text area on `node` only, not following the focus.
    pub fn with_target(mut self, node: NodeId) -> Self {
        self.set_target(Some(node));
        self
    }

    /// This keyboard showing `layout`.
    pub fn with_layout(mut self, layout: KeyboardLayout) -> Self {
        self.set_layout(layout);
        self
    }

    /// This keyboard in another font (any the core's `Label` takes).
    pub fn with_font(mut self, font: impl Into<Font>) -> Self {
        self.font = font.into();
        self.font_fingerprint = self.font.fingerprint();
        self
    }

    /// This keyboard in `style`.
    pub fn with_style(mut self, style: KeyboardStyle) -> Self {
        self.style = style;
        self
    }

    /// Types into the text area on `node` from the next frame on, not following the
    /// focus; `None` follows the focus again.
    pub fn set_target(&mut self, node: Option<NodeId>) {
        self.wanted = node;
        self.follow_focus = node.is_none();
    }

    /// The node it types into now.
    pub fn target(&self) -> Option<NodeId> {
        self.target
    }

    /// The layout shown.
    pub fn layout(&self) -> KeyboardLayout {
        self.layout
    }

    /// Shows `layout`; the keypad highlight stays in its row, as near as it can.
    pub fn set_layout(&mut self, layout: KeyboardLayout) {
        self.layout = layout;
        let (row, key) = self.highlight;
        let len = rows(layout).get(row).map_or(1, |r| r.len());
        self.highlight = (row, key.min(len.saturating_sub(1)));
    }

    /// The key under the keypad highlight.
    pub fn highlighted(&self) -> KeyCap {
        self.cap(self.highlight)
    }

    /// The key held down, if any.
    pub fn pressed(&self) -> Option<KeyCap> {
        self.pressed.map(|(at, _)| self.cap(at))
    }

    /// Its colours.
    pub fn style(&self) -> KeyboardStyle {
        self.style
    }

    fn cap(&self, (row, key): (usize, usize)) -> KeyCap {
        rows(self.layout)
            .get(row)
            .and_then(|r| r.get(key))
            .map_or(KeyCap::Space, |d| d.cap)
    }

    /// The legend of `cap` in the current layout.
    fn legend(&self, cap: KeyCap) -> Legend {
        let mut text = Legend::new();
        let word = match cap {
            KeyCap::Char(c) => {
                let c = if self.layout == KeyboardLayout::Upper {
                    c.to_ascii_uppercase()
                } else {
                    c
                };
                let _ = text.push(c);
                return text;
            }
            KeyCap::Space => "",
            KeyCap::Backspace => "Del",
            KeyCap::Shift => "^",
            KeyCap::Layout(KeyboardLayout::Numbers) => "123",
            KeyCap::Layout(KeyboardLayout::Symbols) => "#+=",
            KeyCap::Layout(_) => "abc",
            KeyCap::Return => "Ret",
            KeyCap::Ok => "OK",
            KeyCap::Cancel => "Esc",
        };
        let _ = text.push_str(word);
        text
    }

    /// Follows the focus, and applies a target asked for.
    fn follow(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        let focused = ctx.focus() == Some(node);
        if self.focused != focused {
            self.focused = focused;
        }
        // A target (or a wanted one) whose node was destroyed counts as none.
        self.drop_lost_target(ctx);
        if self.wanted.is_some_and(|w| !ctx.is_valid_strict(w)) {
            self.wanted = None;
        }
        let mut wanted = self.wanted;
        if self.follow_focus {
            if let Some(f) = ctx.focus().filter(|&f| f != node) {
                if ctx.component_of::<TextArea<N>>(f).ok().flatten().is_some() {
                    wanted = Some(f);
                }
            }
            wanted = wanted.or(self.target);
        }
        if wanted != self.target {
            self.retarget(ctx, wanted)?;
        }
        Ok(())
    }

    /// Types into `node` from now on.
    fn retarget(&mut self, ctx: &mut Ctx<impl AnyWorld>, node: Option<NodeId>) -> HookResult {
        if let Some(old) = self.target.take() {
            // A target destroyed meanwhile has nothing to unmark.
            let _ = with_area::<N, _>(&mut **ctx, old, |area| area.targeted = false);
        }
        self.wanted = node;
        self.original.clear();
        if let Some(new) = node {
            let mut original = String::new();
            let found = with_area::<N, _>(&mut **ctx, new, |area| {
                area.targeted = true;
                let _ = original.push_str(area.text());
            })?;
            if found.is_some() {
                self.target = Some(new);
                self.original = original;
            }
        }
        Ok(())
    }

    /// What pressing `at` does.
    fn act(&mut self, ctx: &mut Ctx<impl AnyWorld>, at: (usize, usize)) -> HookResult {
        let cap = self.cap(at);
        let upper = self.layout == KeyboardLayout::Upper;
        match cap {
            KeyCap::Char(c) => self.type_char(ctx, if upper { c.to_ascii_uppercase() } else { c }),
            KeyCap::Space => self.type_char(ctx, ' '),
            KeyCap::Backspace => self.edit(ctx, |area| area.backspace()),
            KeyCap::Shift => {
                self.layout = if upper {
                    KeyboardLayout::Lower
                } else {
                    KeyboardLayout::Upper
                };
                Ok(())
            }
            KeyCap::Layout(layout) => {
                self.set_layout(layout);
                Ok(())
            }
            KeyCap::Return => {
                let multi = self.target.and_then(|t| {
                    with_area::<N, _>(&mut **ctx, t, |area| area.is_multi_line())
                        .ok()
                        .flatten()
                });
                if multi == Some(true) {
                    self.type_char(ctx, '\n')
                } else {
                    self.finish(ctx, true)
                }
            }
            KeyCap::Ok => self.finish(ctx, true),
            KeyCap::Cancel => self.finish(ctx, false),
        }
    }

    fn type_char(&mut self, ctx: &mut Ctx<impl AnyWorld>, c: char) -> HookResult {
        let mut bytes = [0; 4];
        let text = c.encode_utf8(&mut bytes);
        // A refused insert (the area full) changes nothing and sends nothing.
        self.edit(ctx, |area| area.insert(text).is_ok())
    }

    /// Runs `change` on the target's text area; sends `TextChanged` if it says so.
    fn edit(
        &mut self,
        ctx: &mut Ctx<impl AnyWorld>,
        change: impl FnOnce(&mut TextArea<N>) -> bool,
    ) -> HookResult {
        let Some(target) = self.target else {
            return Ok(());
        };
        if with_area::<N, _>(&mut **ctx, target, change)? == Some(true) {
            ctx.dispatch_event(target, &TextChanged { node: target })?;
        }
        Ok(())
    }

    /// Forgets a target whose node was destroyed (even this frame) or that no longer
    /// holds a text area: it counts as none.
    fn drop_lost_target(&mut self, ctx: &mut Ctx<impl AnyWorld>) {
        let lost = self.target.is_some_and(|t| {
            !ctx.is_valid_strict(t) || !matches!(ctx.component_of::<TextArea<N>>(t), Ok(Some(_)))
        });
        if lost {
            self.target = None;
            self.original.clear();
        }
    }

    /// OK or cancel.
    fn finish(&mut self, ctx: &mut Ctx<impl AnyWorld>, accepted: bool) -> HookResult {
        let node = ctx.node();
        self.drop_lost_target(ctx);
        if let Some(target) = self.target {
            if accepted {
                let mut text = String::new();
                with_area::<N, _>(&mut **ctx, target, |area| {
                    let _ = text.push_str(area.text());
                })?;
                self.original = text;
                ctx.dispatch_event(target, &TextSubmitted { node: target })?;
            } else {
                let original = self.original.clone();
                self.edit(ctx, |area| {
                    area.text() != original.as_str() && area.set_text(&original).is_ok()
                })?;
            }
        }
        let target = self.target;
        ctx.dispatch_event(
            node,
            &KeyboardDone {
                node,
                target,
                accepted,
            },
        )?;
        Ok(())
    }

    /// The keypad highlight moved by an arrow; false when the arrow leaves the keys.
    fn move_highlight(&mut self, key: Key) -> bool {
        let all = rows(self.layout);
        let (row, k) = self.highlight;
        let len = all.get(row).map_or(1, |r| r.len()).max(1);
        self.highlight = match key {
            Key::Left => (row, (k + len - 1) % len),
            Key::Right => (row, (k + 1) % len),
            Key::Up if row > 0 => (row - 1, nearest_in_row(self.layout, row, k, row - 1)),
            Key::Down if row + 1 < ROWS => (row + 1, nearest_in_row(self.layout, row, k, row + 1)),
            _ => return false,
        };
        true
    }
}

/// A key's legend.
type Legend = String<4>;

/// Runs `f` on the `TextArea<N>` of `node`: `None` if it has none.
fn with_area<const N: usize, R>(
    world: &mut impl AnyWorld,
    node: NodeId,
    f: impl FnOnce(&mut TextArea<N>) -> R,
) -> Result<Option<R>, Error> {
    // A node destroyed (even this frame) holds no text area to type into.
    if !world.is_valid_strict(node) {
        return Ok(None);
    }
    let Some(comp) = world.component_of::<TextArea<N>>(node)? else {
        return Ok(None);
    };
    Ok(Some(f(world.get_mut::<TextArea<N>>(comp)?)))
}

/// After the text areas (10 010), so a target's cursor shows from the frame it is
/// taken.
#[component(execution_order = 10020, draw)]
impl<const N: usize> Hooks for Keyboard<N> {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.pressed = None;
        let wanted = self.wanted;
        self.retarget(ctx, None)?;
        // Taken again when enabled.
        self.wanted = wanted;
        Ok(())
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.follow(ctx)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.follow(ctx)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        if !self.interactable {
            self.pressed = None;
            return Ok(());
        }
        self.follow(ctx)?;
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        let under = key_at(ctx.content_size(node)?, self.layout, at.x, at.y);
        let by = Presser::Touch(touch.id);
        let mine = self.pressed.is_some_and(|(_, p)| p == by);
        match touch.phase {
            TouchPhase::Down => self.pressed = under.map(|k| (k, by)),
            TouchPhase::Move if mine => self.pressed = under.map(|k| (k, by)),
            TouchPhase::Up if mine => {
                self.pressed = None;
                if let Some(k) = under {
                    self.act(ctx, k)?;
                }
            }
            TouchPhase::Cancel if mine => self.pressed = None,
            _ => {}
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        self.follow(ctx)?;
        match (key.key, key.pressed) {
            (Key::A, true) => {
                let at = self.highlight;
                self.pressed = Some((at, Presser::KeyA));
                self.act(ctx, at)?;
            }
            (Key::A, false) => {
                if self.pressed.is_some_and(|(_, p)| p == Presser::KeyA) {
                    self.pressed = None;
                }
            }
            (Key::B, true) => self.edit(ctx, |area| area.backspace())?,
            (Key::B, false) | (Key::Left | Key::Right, false) => {}
            (Key::Left | Key::Right | Key::Up | Key::Down, true) => {
                if !self.move_highlight(key.key) {
                    return Ok(());
                }
            }
            (Key::Up, false) if self.highlight.0 > 0 => {}
            (Key::Down, false) if self.highlight.0 + 1 < ROWS => {}
            _ => return Ok(()),
        }
        ctx.stop_propagation();
        Ok(())
    }
}

impl<const N: usize> Draw for Keyboard<N> {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let content = canvas.content();
        canvas.fill_rect(content, self.style.background);
        let size = Size2::new(content.width, content.height);
        let mut mask = GlyphMask::default();
        let line_height = i32::try_from(self.font.line_height()).unwrap_or(i32::MAX);
        for (r, row) in rows(self.layout).iter().enumerate() {
            for (k, def) in row.iter().enumerate() {
                let [x0, y0, x1, y1] = key_box(size, row, r, k);
                // One pixel between keys, to the right and below each.
                let face = Rect::new(
                    content.x + x0 as f32,
                    content.y + (y0 + 1) as f32,
                    (x1 - x0 - 1).max(0) as f32,
                    (y1 - y0 - 1).max(0) as f32,
                );
                let (fill, ink) = self.colors((r, k), def.cap);
                canvas.fill_rect(face, fill);
                let legend = self.legend(def.cap);
                let width = self.font.text_width(&legend);
                // The legend's top-left corner, centred on the face (whole pixels).
                let left = x0 + (x1 - x0 - 1 - width) / 2;
                let top = y1 - 1 - (y1 - y0 - 1 - line_height) / 2;
                let mut pen = left;
                for c in legend.chars() {
                    if self.font.glyph(c, &mut mask) {
                        let gx = pen + mask.left;
                        let gy = top - mask.top;
                        let glyph = Rect::new(
                            content.x + gx as f32,
                            content.y + (gy - mask.height as i32) as f32,
                            mask.width as f32,
                            mask.height as f32,
                        );
                        let clipped = intersect(&glyph, &face);
                        let (ox, oy) = (content.x + gx as f32, content.y + gy as f32);
                        canvas.paint(clipped, |p| {
                            let column = libm::floorf(p.x - ox) as i32;
                            let row = libm::floorf(oy - p.y) as i32;
                            (p.x >= clipped.x
                                && p.x < clipped.max_x()
                                && p.y >= clipped.y
                                && p.y < clipped.max_y()
                                && mask.get(column, row))
                            .then_some((ink, 255))
                        });
                    }
                    pen += self.font.advance(c);
                }
            }
        }
    }

    fn appearance(&self) -> u32 {
        let s = &self.style;
        let code = |at: Option<(usize, usize)>| at.map_or(u32::MAX, |(r, k)| (r * 16 + k) as u32);
        Fingerprint::new()
            .word(self.layout as u32)
            .word(code(self.focused.then_some(self.highlight)))
            .word(code(self.pressed.map(|(at, _)| at)))
            .word(self.font_fingerprint)
            .color(s.background)
            .color(s.key)
            .color(s.special)
            .color(s.text)
            .color(s.accent)
            .color(s.focus)
            .color(s.focus_text)
            .color(s.pressed)
            .finish()
    }
}

impl<const N: usize> Keyboard<N> {
    /// The face and legend colours of the key at `at`.
    fn colors(&self, at: (usize, usize), cap: KeyCap) -> (Rgb888, Rgb888) {
        let s = &self.style;
        if self.pressed.is_some_and(|(p, _)| p == at) {
            (s.pressed, s.text)
        } else if self.focused && self.highlight == at {
            (s.focus, s.focus_text)
        } else if cap == KeyCap::Ok
            || (cap == KeyCap::Shift && self.layout == KeyboardLayout::Upper)
        {
            (s.accent, s.text)
        } else if cap.is_special() {
            (s.special, s.text)
        } else {
            (s.key, s.text)
        }
    }
}

/// The overlap of two rectangles (empty if none).
fn intersect(a: &Rect, b: &Rect) -> Rect {
    let x0 = a.x.max(b.x);
    let y0 = a.y.max(b.y);
    let x1 = a.max_x().min(b.max_x());
    let y1 = a.max_y().min(b.max_y());
    Rect::new(x0, y0, (x1 - x0).max(0.0), (y1 - y0).max(0.0))
}
