//! A text area (LVGL `lv_textarea`, Cocos's `cc.EditBox`): text of one or more lines
//! with a cursor, a selection, a password mode, a placeholder and a maximum length. A
//! board has no letter keys, so the text comes from an on-screen
//! [`Keyboard`](crate::Keyboard), or from code.
//!
//! - **Text.** At most `N` bytes of UTF-8 (the type's capacity, [`DEFAULT_TEXT_CAPACITY`]
//!   by default: `TextArea<128>` holds more) and at most [`max_chars`](TextArea::max_chars)
//!   characters (`N` unless [`with_max_chars`](TextArea::with_max_chars) says fewer).
//!   Lines are split at `'\n'`; a one-line area (the default) refuses one. Long lines
//!   do not wrap: the text scrolls sideways, and up and down in a
//!   [multi-line](TextArea::multi_line) area, to keep the cursor in view.
//! - **Refusals.** An insert that would go past the maximum length or the capacity, or
//!   put a `'\n'` in a one-line area, is an `Err` that changes nothing (text, cursor and
//!   selection as they were) and sends no event: `TextTooLong { len, capacity }` (in
//!   characters against the maximum length, or in bytes against `N`), `InvalidValue`
//!   for the line break.
//! - **Cursor and selection** are counted in characters: the cursor is a character
//!   boundary from 0 to the text's length, the selection the characters between it and
//!   the selection's other end (none when they meet).
//! - **Keys**, while its node has the focus: Left and Right move the cursor a
//!   character (with a selection, they first collapse it to its left or right end);
//!   in a multi-line area Up and Down move it a line, keeping its x as near as the
//!   line allows. **Selecting**: hold A and press the arrows, and the cursor moves
//!   while the selection's other end stays. A pressed and released with no arrow in
//!   between submits: [`TextSubmitted`]. The area takes Left, Right and A; Up and Down
//!   only where there is a line to go to, so that they reach a
//!   [`FocusGroup`](crate::FocusGroup) from a one-line area or from the first or last
//!   line; B is not its own.
//! - **Touch**: a tap puts the cursor at the character boundary nearest to it and gives
//!   the node the focus; dragging selects from where the touch went down. It stops the
//!   propagation of every touch it gets.
//! - **Password mode** shows each character as `*` (every built-in font has it; no
//!   bullet, which the ASCII fonts lack); the text itself is kept.
//! - **Placeholder**: while the text is empty, the placeholder shows in the style's
//!   dim `placeholder` colour.
//! - **Cursor**: a one-pixel bar, shown while the node has the focus or a
//!   [`Keyboard`](crate::Keyboard) types into it, blinking every `blink_seconds`
//!   (0.5 s; 0 for steady); each change shows it again at once.
//! - **Events**: an edit made by a keyboard dispatches [`TextChanged`] `{ node }` from
//!   the area's node (once per edit, none for a refused one); A alone, or the
//!   keyboard's OK, dispatches [`TextSubmitted`] `{ node }`. Edits made by calling
//!   [`insert`](TextArea::insert), [`set_text`](TextArea::set_text) and the others
//!   send nothing.
//! - **Parts** (see [the picker module](crate::picker)): children of its node "Face" (a
//!   [`Shape`] over the node's box, outlined in the style's
//!   `focused_border` while editing), "Viewport" (a [`Clip`], one
//!   pixel inside) and under it "Selection" (one `Shape` for a one-line area, three for
//!   a multi-line one: first line, whole lines, last line), "Text" (a `Label<N>`) and
//!   "Cursor" (a `Shape`). A one-line area takes 5 nodes, 3 `Shape`s, 1 `Label<N>`
//!   and 1 `Clip`; a multi-line one 7 nodes and 5 `Shape`s. List `Label<N>` in the
//!   world's set under its own type (`Label` is `Label<32>`: a `TextArea<32>` uses it).
//!
//! ```
//! use sprig::render::{Clip, Label, Shape};
//! use sprig::{world, Key, Size2};
//! use sprig_ui::TextArea;
//!
//! type Text64 = Label<64>;
//! world! {
//!     type App = World { nodes: 8, components: Set { TextArea: 1, Shape: 3, Text64: 1, Clip: 1 } };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Name")?;
//! world.set_content_size(node, Size2::new(80.0, 14.0))?;
//! let area = TextArea::new().with_placeholder("Your name")?.with_text("Ada")?;
//! let area = world.add_component(node, area)?;
//! world.get_mut::<TextArea>(area)?.insert(" L.")?;
//! world.set_focus(Some(node))?;
//! world.key(Key::A, true)?; // held: the arrows select
//! for _ in 0..3 {
//!     world.key(Key::Left, true)?;
//!     world.key(Key::Left, false)?;
//! }
//! world.key(Key::A, false)?;
//! let text = world.get::<TextArea>(area)?;
//! assert_eq!(text.text(), "Ada L.");
//! assert_eq!((text.cursor(), text.selection()), (3, Some(3..6)));
//! assert_eq!(text.selected_text(), " L.");
//! # Ok::<(), sprig::Error>(())
//! ```

mod lines;

use core::ops::Range;

use embedded_graphics::pixelcolor::Rgb888;
use heapless::String;
use sprig::render::font::{fonts, Font};
use sprig::render::{Clip, HorizontalAlign, Label, Overflow, Shape, VerticalAlign};
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::picker::{self, Area};
use lines::{byte_of, char_count, index_of, line_count, line_of, locate, nearest_column, pen};

/// The capacity in bytes of a [`TextArea`] without a capacity parameter.
pub const DEFAULT_TEXT_CAPACITY: usize = 64;

/// What password mode shows for each character.
pub const PASSWORD_CHAR: char = '*';

/// Pixels between the viewport's edge and the text (left and right; top too in a
/// multi-line area).
const PADDING: i32 = 2;

/// The colours a [`TextArea`] draws with.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig_ui::TextAreaStyle;
///
/// let amber = TextAreaStyle { cursor: Rgb888::new(255, 190, 0), ..TextAreaStyle::DARK };
/// assert_eq!(amber.text, TextAreaStyle::DARK.text);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextAreaStyle {
    /// The face's fill.
    pub background: Rgb888,
    /// The face's outline (one pixel wide).
    pub border: Rgb888,
    /// The outline while the area is being edited (focused, or typed into).
    pub focused_border: Rgb888,
    /// The text.
    pub text: Rgb888,
    /// The placeholder (dim).
    pub placeholder: Rgb888,
    /// The cursor.
    pub cursor: Rgb888,
    /// Behind selected text.
    pub selection: Rgb888,
}

impl TextAreaStyle {
    /// Light text on a dark face, blue when edited (the default).
    pub const DARK: TextAreaStyle = TextAreaStyle {
        background: Rgb888::new(30, 30, 30),
        border: Rgb888::new(160, 160, 160),
        focused_border: Rgb888::new(0, 120, 215),
        text: Rgb888::new(255, 255, 255),
        placeholder: Rgb888::new(110, 110, 110),
        cursor: Rgb888::new(255, 255, 255),
        selection: Rgb888::new(0, 90, 160),
    };
}

impl Default for TextAreaStyle {
    fn default() -> Self {
        TextAreaStyle::DARK
    }
}

/// The event a keyboard's edit of a [`TextArea`] sends from its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextChanged {
    /// The text area's node.
    pub node: NodeId,
}

/// The event a [`TextArea`] sends when its text is submitted: A pressed and released
/// alone on it, or a keyboard's OK.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextSubmitted {
    /// The text area's node.
    pub node: NodeId,
}

/// The nodes a [`TextArea`] draws with (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextAreaParts {
    /// The face, over the whole node.
    pub face: NodeId,
    /// The clipping viewport, one pixel inside the face.
    pub viewport: NodeId,
    /// The selection's rectangles: one for a one-line area, three for a multi-line one.
    pub selection: [Option<NodeId>; 3],
    /// The text (a `Label<N>`).
    pub text: NodeId,
    /// The cursor.
    pub cursor: NodeId,
}

/// What the parts showed when last placed.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Synced {
    revision: u32,
    size: Size2,
    anchor: Vec2,
    style: TextAreaStyle,
    editing: bool,
    cursor_on: bool,
}

/// A text area; see the module doc. `N` is its capacity in bytes.
#[derive(Clone, Debug)]
pub struct TextArea<const N: usize = DEFAULT_TEXT_CAPACITY> {
    /// Whether it takes keys and touches.
    pub interactable: bool,
    /// Seconds the cursor stays on, then off; 0 for a steady cursor.
    pub blink_seconds: f32,
    style: TextAreaStyle,
    text: String<N>,
    placeholder: &'static str,
    max_chars: usize,
    multi_line: bool,
    password: bool,
    font: Font,
    cursor: usize,
    anchor: usize,
    /// The x the cursor keeps while moving up and down.
    goal_x: Option<i32>,
    scroll_x: i32,
    first_line: usize,
    revision: u32,
    synced: Option<Synced>,
    blink_ms: u32,
    blink_revision: u32,
    a_held: bool,
    a_moved: bool,
    touch: Option<u8>,
    /// Whether a keyboard types into it (shows the cursor without the focus).
    pub(crate) targeted: bool,
    parts: Option<TextAreaParts>,
}

impl TextArea {
    /// An empty one-line text area of [`DEFAULT_TEXT_CAPACITY`] bytes (see
    /// [`empty`](Self::empty) for another capacity).
    pub fn new() -> Self {
        TextArea::empty()
    }
}

impl Default for TextArea {
    fn default() -> Self {
        TextArea::new()
    }
}

/// Milliseconds in `seconds`, rounded; negative or not finite counts as 0.
fn millis(seconds: f32) -> u32 {
    if seconds.is_finite() && seconds > 0.0 {
        libm::roundf(seconds * 1000.0) as u32
    } else {
        0
    }
}

/// `TextTooLong` for `len` against `capacity`.
fn too_long(len: usize, capacity: usize) -> Error {
    let narrow = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    Error::TextTooLong {
        len: narrow(len),
        capacity: narrow(capacity),
    }
}

impl<const N: usize> TextArea<N> {
    /// An empty one-line text area of `N` bytes, in `FONT_6X10`, in
    /// [`TextAreaStyle::DARK`].
    pub fn empty() -> Self {
        TextArea {
            interactable: true,
            blink_seconds: 0.5,
            style: TextAreaStyle::DARK,
            text: String::new(),
            placeholder: "",
            max_chars: N,
            multi_line: false,
            password: false,
            font: Font::Cells(&fonts::FONT_6X10),
            cursor: 0,
            anchor: 0,
            goal_x: None,
            scroll_x: 0,
            first_line: 0,
            revision: 0,
            synced: None,
            blink_ms: 0,
            blink_revision: 0,
            a_held: false,
            a_moved: false,
            touch: None,
            targeted: false,
            parts: None,
        }
    }

    /// This area holding `text`, the cursor at its end (see [`set_text`](Self::set_text)
    /// for the errors).
    pub fn with_text(mut self, text: &str) -> Result<Self, Error> {
        self.set_text(text)?;
        Ok(self)
    }

    /// This area showing `placeholder` while empty; `TextTooLong` if it has more than
    /// `N` bytes.
    pub fn with_placeholder(mut self, placeholder: &'static str) -> Result<Self, Error> {
        if placeholder.len() > N {
            return Err(too_long(placeholder.len(), N));
        }
        self.placeholder = placeholder;
        self.bump();
        Ok(self)
    }

    /// This area holding at most `max_chars` characters; `InvalidValue` if that is more
    /// than `N` or fewer than the text has.
    pub fn with_max_chars(mut self, max_chars: usize) -> Result<Self, Error> {
        if max_chars > N || max_chars < char_count(&self.text) {
            return Err(Error::InvalidValue);
        }
        self.max_chars = max_chars;
        Ok(self)
    }

    /// This area with several lines: `'\n'` is allowed, Up and Down move between
    /// lines, and it takes 2 nodes and 2 `Shape`s more (the selection's).
    pub fn multi_line(mut self) -> Self {
        self.multi_line = true;
        self
    }

    /// This area in password mode or not (see [`set_password`](Self::set_password)).
    pub fn with_password(mut self, password: bool) -> Self {
        self.set_password(password);
        self
    }

    /// This area in another font (any the core's `Label` takes).
    pub fn with_font(mut self, font: impl Into<Font>) -> Self {
        self.font = font.into();
        self.bump();
        self
    }

    /// This area in `style`.
    pub fn with_style(mut self, style: TextAreaStyle) -> Self {
        self.style = style;
        self
    }

    /// Shows each character as [`PASSWORD_CHAR`], or the text again.
    pub fn set_password(&mut self, password: bool) {
        if self.password != password {
            self.password = password;
            self.bump();
        }
    }

    /// Its colours.
    pub fn style(&self) -> TextAreaStyle {
        self.style
    }

    /// Sets its colours (shown at the next frame).
    pub fn set_style(&mut self, style: TextAreaStyle) {
        self.style = style;
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The placeholder.
    pub fn placeholder(&self) -> &'static str {
        self.placeholder
    }

    /// The most characters it holds.
    pub fn max_chars(&self) -> usize {
        self.max_chars
    }

    /// Its capacity in bytes, `N`.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Whether it has several lines.
    pub fn is_multi_line(&self) -> bool {
        self.multi_line
    }

    /// Whether it is in password mode.
    pub fn is_password(&self) -> bool {
        self.password
    }

    /// The font.
    pub fn font(&self) -> Font {
        self.font
    }

    /// The cursor: a character boundary, from 0 (before the first) to the text's
    /// length in characters.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The selected characters, or `None`.
    pub fn selection(&self) -> Option<Range<usize>> {
        (self.anchor != self.cursor)
            .then(|| self.anchor.min(self.cursor)..self.anchor.max(self.cursor))
    }

    /// The selected text (empty with no selection).
    pub fn selected_text(&self) -> &str {
        let range = self.selection().unwrap_or(self.cursor..self.cursor);
        let (start, end) = (
            byte_of(&self.text, range.start),
            byte_of(&self.text, range.end),
        );
        self.text.get(start..end).unwrap_or("")
    }

    /// What its label shows: the text, a [`PASSWORD_CHAR`] for each character in
    /// password mode (line breaks kept), or the placeholder while the text is empty.
    pub fn shown_text(&self) -> String<N> {
        let mut shown = String::new();
        if self.text.is_empty() {
            // Checked to fit when set.
            let _ = shown.push_str(self.placeholder);
        } else if self.password {
            for c in self.text.chars() {
                // As many characters as the text has, each one byte: it fits.
                let _ = shown.push(if c == '\n' { c } else { PASSWORD_CHAR });
            }
        } else {
            let _ = shown.push_str(&self.text);
        }
        shown
    }

    /// Whether the cursor was drawn at the last frame (editing, and the blink on).
    pub fn is_cursor_shown(&self) -> bool {
        self.synced.is_some_and(|s| s.cursor_on)
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<TextAreaParts> {
        self.parts
    }

    /// Replaces the text and puts the cursor at its end, without a selection. Errors,
    /// changing nothing: `TextTooLong` for more than [`max_chars`](Self::max_chars)
    /// characters or `N` bytes, `InvalidValue` for a `'\n'` in a one-line area.
    pub fn set_text(&mut self, text: &str) -> Result<(), Error> {
        self.check(text)?;
        self.text.clear();
        // Cannot fail: the length was checked.
        let _ = self.text.push_str(text);
        self.cursor = char_count(text);
        self.anchor = self.cursor;
        self.goal_x = None;
        self.bump();
        Ok(())
    }

    /// Types `text` at the cursor, in place of the selection if there is one; the
    /// cursor goes after it. Errors, changing nothing, as [`set_text`](Self::set_text)
    /// for the text it would make.
    pub fn insert(&mut self, text: &str) -> Result<(), Error> {
        let range = self.selection().unwrap_or(self.cursor..self.cursor);
        self.replace(range, text)
    }

    /// Deletes the selection, or else the character before the cursor; false when
    /// there was nothing to delete.
    pub fn backspace(&mut self) -> bool {
        let range = match self.selection() {
            Some(range) => range,
            None if self.cursor > 0 => self.cursor - 1..self.cursor,
            None => return false,
        };
        self.replace(range, "").is_ok()
    }

    /// Deletes the selection, or else the character after the cursor; false when there
    /// was nothing to delete.
    pub fn delete(&mut self) -> bool {
        let range = match self.selection() {
            Some(range) => range,
            None if self.cursor < char_count(&self.text) => self.cursor..self.cursor + 1,
            None => return false,
        };
        self.replace(range, "").is_ok()
    }

    /// Empties the text.
    pub fn clear(&mut self) {
        // An empty text always fits.
        let _ = self.set_text("");
    }

    /// Puts the cursor at `index` (clamped to the text), without a selection.
    pub fn set_cursor(&mut self, index: usize) {
        let index = index.min(char_count(&self.text));
        self.move_to(index, false);
        self.goal_x = None;
    }

    /// Selects the characters `range`, the cursor at its end; `InvalidValue`, changing
    /// nothing, for a range reversed or past the text.
    pub fn select(&mut self, range: Range<usize>) -> Result<(), Error> {
        if range.start > range.end || range.end > char_count(&self.text) {
            return Err(Error::InvalidValue);
        }
        self.anchor = range.start;
        self.cursor = range.end;
        self.goal_x = None;
        self.bump();
        Ok(())
    }

    /// Selects the whole text.
    pub fn select_all(&mut self) {
        let end = char_count(&self.text);
        // Always a valid range.
        let _ = self.select(0..end);
    }

    /// The errors [`set_text`](Self::set_text) gives for `text`.
    fn check(&self, text: &str) -> Result<(), Error> {
        if !self.multi_line && text.contains('\n') {
            return Err(Error::InvalidValue);
        }
        let chars = char_count(text);
        if chars > self.max_chars {
            return Err(too_long(chars, self.max_chars));
        }
        if text.len() > N {
            return Err(too_long(text.len(), N));
        }
        Ok(())
    }

    /// Replaces the characters `range` with `with`, the cursor after it.
    fn replace(&mut self, range: Range<usize>, with: &str) -> Result<(), Error> {
        let (start, end) = (
            byte_of(&self.text, range.start),
            byte_of(&self.text, range.end),
        );
        if !self.multi_line && with.contains('\n') {
            return Err(Error::InvalidValue);
        }
        let kept = char_count(&self.text) - (range.end - range.start);
        let chars = kept + char_count(with);
        if chars > self.max_chars {
            return Err(too_long(chars, self.max_chars));
        }
        let bytes = self.text.len() - (end - start) + with.len();
        if bytes > N {
            return Err(too_long(bytes, N));
        }
        let mut text: String<N> = String::new();
        for piece in [
            self.text.get(..start).unwrap_or(""),
            with,
            self.text.get(end..).unwrap_or(""),
        ] {
            // Cannot fail: the length was checked.
            let _ = text.push_str(piece);
        }
        self.text = text;
        self.cursor = range.start + char_count(with);
        self.anchor = self.cursor;
        self.goal_x = None;
        self.bump();
        Ok(())
    }

    /// Moves the cursor to `index`, the selection's other end staying if `extend`.
    fn move_to(&mut self, index: usize, extend: bool) {
        self.cursor = index;
        if !extend {
            self.anchor = index;
        }
        self.bump();
    }

    /// Something shown changed.
    fn bump(&mut self) {
        self.revision = self.revision.wrapping_add(1);
    }

    /// Left or Right, as the module doc says.
    fn step(&mut self, right: bool, extend: bool) {
        self.goal_x = None;
        let index = match self.selection() {
            Some(range) if !extend => {
                if right {
                    range.end
                } else {
                    range.start
                }
            }
            _ if right => (self.cursor + 1).min(char_count(&self.text)),
            _ => self.cursor.saturating_sub(1),
        };
        self.move_to(index, extend);
    }

    /// Up or Down in a multi-line area; false when there is no line that way.
    fn step_line(&mut self, down: bool, extend: bool) -> bool {
        if !self.multi_line {
            return false;
        }
        let (line, column) = locate(&self.text, self.cursor);
        let target = if down {
            if line + 1 >= line_count(&self.text) {
                return false;
            }
            line + 1
        } else if line == 0 {
            return false;
        } else {
            line - 1
        };
        let shown = self.shown_text();
        let x = self
            .goal_x
            .unwrap_or_else(|| pen(&self.font, line_of(&shown, line), column));
        let column = nearest_column(&self.font, line_of(&shown, target), x);
        self.move_to(index_of(&self.text, target, column), extend);
        self.goal_x = Some(x);
        true
    }

    /// The character boundary nearest to `at` (the node's own space, origin at its
    /// bottom-left corner), by what was drawn last.
    fn boundary_at(&self, size: Size2, at: Vec2) -> usize {
        if self.text.is_empty() {
            return 0;
        }
        let shown = self.shown_text();
        let geometry = Geometry::new(size, &self.font, self.multi_line);
        let x = libm::floorf(at.x) as i32 - 1 - PADDING + self.scroll_x;
        let below_top = geometry.height - geometry.top - (libm::floorf(at.y) as i32 - 1);
        let line = (below_top.max(0) / geometry.line_height.max(1)) as usize + self.first_line;
        let line = line.min(line_count(&shown) - 1);
        let column = nearest_column(&self.font, line_of(&shown, line), x);
        index_of(&self.text, line, column)
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<TextAreaParts, Error> {
        let style = self.style;
        let font = self.font;
        let rects = if self.multi_line { 3 } else { 1 };
        picker::build(world, |world, made| {
            let face = made.child(world, node, "Face")?;
            world.add_component(face, face_shape(style.background, style.border))?;
            let viewport = made.child(world, node, "Viewport")?;
            world.add_component(viewport, Clip)?;
            world.set_anchor(viewport, Vec2::ZERO)?;
            let mut selection = [None; 3];
            for slot in selection.iter_mut().take(rects) {
                let rect = made.child(world, viewport, "Selection")?;
                world.add_component(rect, picker::filled(style.selection))?;
                *slot = Some(rect);
            }
            let text = made.child(world, viewport, "Text")?;
            let mut label = Label::<N>::empty()
                .with_font(font)
                .with_color(style.text)
                .with_align(HorizontalAlign::Left, VerticalAlign::Top)
                .with_overflow(Overflow::None)
                .with_wrap(false);
            label.set_text(&self.shown_text())?;
            world.add_component(text, label)?;
            world.set_anchor(text, Vec2::new(0.0, 1.0))?;
            let cursor = made.child(world, viewport, "Cursor")?;
            world.add_component(cursor, picker::filled(style.cursor))?;
            Ok(TextAreaParts {
                face,
                viewport,
                selection,
                text,
                cursor,
            })
        })
    }

    /// Whether the blink shows the cursor now.
    fn blink_on(&self) -> bool {
        let half = millis(self.blink_seconds);
        half == 0 || (self.blink_ms / half).is_multiple_of(2)
    }

    /// Places the parts and shows the text, cursor and selection, if anything they
    /// show changed since the last time.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts else {
            return Ok(());
        };
        let editing = world.focus() == Some(node) || self.targeted;
        let key = Synced {
            revision: self.revision,
            size: world.content_size(node)?,
            anchor: world.anchor(node)?,
            style: self.style,
            editing,
            cursor_on: editing && self.blink_on(),
        };
        if self.synced == Some(key) {
            return Ok(());
        }
        let (size, anchor) = (key.size, key.anchor);
        let style = self.style;
        picker::place(
            world,
            node,
            parts.face,
            Area::new(0.0, 0.0, size.width, size.height),
        )?;
        let border = if editing {
            style.focused_border
        } else {
            style.border
        };
        set_shape(world, parts.face, face_shape(style.background, border))?;
        let inner = Size2::new((size.width - 2.0).max(0.0), (size.height - 2.0).max(0.0));
        if world.content_size(parts.viewport)? != inner {
            world.set_content_size(parts.viewport, inner)?;
        }
        let corner = Vec2::new(1.0 - anchor.x * size.width, 1.0 - anchor.y * size.height);
        if world.position(parts.viewport)? != corner {
            world.set_position(parts.viewport, corner)?;
        }

        let geometry = Geometry::new(size, &self.font, self.multi_line);
        let shown = self.shown_text();
        let (line, column) = locate(&self.text, self.cursor);
        let here = line_of(&shown, line);
        let pen_x = pen(&self.font, here, column);
        // Sideways: keep the cursor in view, and no more scrolled than its line needs.
        let room = (geometry.width - 2 * PADDING + 1).max(0);
        if pen_x - self.scroll_x > room {
            self.scroll_x = pen_x - room;
        }
        self.scroll_x = self
            .scroll_x
            .min(pen_x)
            .min((self.font.text_width(here) - room).max(0))
            .max(0);
        // Up and down, by whole lines.
        let lh = geometry.line_height;
        let rows = ((geometry.height - geometry.top) / lh.max(1)).max(1) as usize;
        if line < self.first_line {
            self.first_line = line;
        }
        if line >= self.first_line + rows {
            self.first_line = line + 1 - rows;
        }
        self.first_line = self.first_line.min(line_count(&shown).saturating_sub(rows));

        let top_y = geometry.height - geometry.top + self.first_line as i32 * lh;
        let text_at = Vec2::new((PADDING - self.scroll_x) as f32, top_y as f32);
        if world.position(parts.text)? != text_at {
            world.set_position(parts.text, text_at)?;
        }
        let color = if self.text.is_empty() {
            style.placeholder
        } else {
            style.text
        };
        let label = world
            .component_of::<Label<N>>(parts.text)?
            .ok_or(Error::WrongComponentType)?;
        let label = world.get_mut::<Label<N>>(label)?;
        if label.text != shown {
            label.text = shown.clone();
        }
        if label.color != color {
            label.color = color;
        }
        if label.font() != self.font {
            label.set_font(self.font);
        }

        // A line's box in the viewport's space, from x0 to x1 of text space.
        let line_box = |line: usize, x0: i32, x1: i32| {
            let top = top_y - line as i32 * lh;
            Area::new(
                (PADDING + x0 - self.scroll_x) as f32,
                (top - lh) as f32,
                (x1 - x0).max(0) as f32,
                lh as f32,
            )
        };
        let none = Area::new(0.0, 0.0, 0.0, 0.0);
        let mut boxes = [none; 3];
        if let Some(range) = self.selection() {
            let (l0, c0) = locate(&self.text, range.start);
            let (l1, c1) = locate(&self.text, range.end);
            let (first, last) = (line_of(&shown, l0), line_of(&shown, l1));
            if l0 == l1 {
                boxes[0] = line_box(l0, pen(&self.font, first, c0), pen(&self.font, last, c1));
            } else {
                // The first line to its end and a space's width for its line break.
                let end = self.font.text_width(first) + self.font.advance(' ');
                boxes[0] = line_box(l0, pen(&self.font, first, c0), end);
                let top = top_y - (l0 as i32 + 1) * lh;
                let whole = (l1 - l0 - 1) as i32 * lh;
                boxes[1] = Area::new(0.0, (top - whole) as f32, inner.width, whole as f32);
                boxes[2] = line_box(l1, 0, pen(&self.font, last, c1));
            }
        }
        for (slot, area) in parts.selection.iter().zip(boxes) {
            if let Some(rect) = slot {
                picker::place(world, parts.viewport, *rect, area)?;
                set_fill(world, *rect, style.selection)?;
            }
        }
        let cursor = if key.cursor_on {
            line_box(line, pen_x - 1, pen_x)
        } else {
            none
        };
        picker::place(world, parts.viewport, parts.cursor, cursor)?;
        set_fill(world, parts.cursor, style.cursor)?;
        self.synced = Some(key);
        Ok(())
    }

    /// The node's edits were made by a key or a touch: show them now.
    fn show(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }
}

/// The measures of a text area's text in its viewport, in whole pixels.
struct Geometry {
    width: i32,
    height: i32,
    line_height: i32,
    /// From the viewport's top to the first line's.
    top: i32,
}

impl Geometry {
    fn new(size: Size2, font: &Font, multi_line: bool) -> Self {
        let width = libm::floorf(size.width - 2.0).max(0.0) as i32;
        let height = libm::floorf(size.height - 2.0).max(0.0) as i32;
        let line_height = i32::try_from(font.line_height()).unwrap_or(i32::MAX);
        let top = if multi_line {
            PADDING
        } else {
            ((height - line_height) / 2).max(0)
        };
        Geometry {
            width,
            height,
            line_height,
            top,
        }
    }
}

/// The face: a rectangle filled with `fill` and outlined in `border`.
fn face_shape(fill: Rgb888, border: Rgb888) -> Shape {
    Shape::rectangle().with_fill(fill).with_stroke(border, 1.0)
}

/// Replaces the shape on `node` if it differs.
fn set_shape(world: &mut impl AnyWorld, node: NodeId, shape: Shape) -> Result<(), Error> {
    let comp = world
        .component_of::<Shape>(node)?
        .ok_or(Error::WrongComponentType)?;
    if *world.get::<Shape>(comp)? != shape {
        *world.get_mut::<Shape>(comp)? = shape;
    }
    Ok(())
}

/// Sets the fill of the shape on `node` if it differs.
fn set_fill(world: &mut impl AnyWorld, node: NodeId, color: Rgb888) -> Result<(), Error> {
    set_shape(world, node, picker::filled(color))
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame; before a [`Keyboard`](crate::Keyboard) (10 020),
/// which types into it.
#[component(execution_order = 10010)]
impl<const N: usize> Hooks for TextArea<N> {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)?;
        self.parts = Some(self.build(&mut **ctx, node)?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.show(ctx)
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.a_held = false;
        self.touch = None;
        Ok(())
    }

    fn update(&mut self, _ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        if self.blink_revision != self.revision {
            self.blink_revision = self.revision;
            self.blink_ms = 0;
        } else {
            self.blink_ms = self.blink_ms.saturating_add(millis(dt_seconds));
        }
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        self.show(ctx)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        if !self.interactable || self.parts.is_none() {
            self.touch = None;
            return Ok(());
        }
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        let size = ctx.content_size(node)?;
        match touch.phase {
            TouchPhase::Down => {
                self.touch = Some(touch.id);
                let index = self.boundary_at(size, at);
                self.move_to(index, false);
                self.goal_x = None;
                // A node made unfocusable by its app keeps the cursor and no focus.
                let _ = ctx.set_focus(Some(node));
            }
            TouchPhase::Move if self.touch == Some(touch.id) => {
                let index = self.boundary_at(size, at);
                if index != self.cursor {
                    self.move_to(index, true);
                }
            }
            TouchPhase::Up | TouchPhase::Cancel if self.touch == Some(touch.id) => {
                self.touch = None;
            }
            _ => {}
        }
        self.show(ctx)
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        match (key.key, key.pressed) {
            (Key::A, true) => {
                self.a_held = true;
                self.a_moved = false;
            }
            (Key::A, false) => {
                let submit = self.a_held && !self.a_moved;
                self.a_held = false;
                if submit {
                    ctx.stop_propagation();
                    let node = ctx.node();
                    ctx.dispatch_event(node, &TextSubmitted { node })?;
                    return Ok(());
                }
            }
            (Key::Left | Key::Right, true) => {
                self.a_moved |= self.a_held;
                self.step(key.key == Key::Right, self.a_held);
            }
            (Key::Up | Key::Down, true) => {
                if !self.step_line(key.key == Key::Down, self.a_held) {
                    return Ok(());
                }
                self.a_moved |= self.a_held;
            }
            (Key::Left | Key::Right, false) => {}
            (Key::Up | Key::Down, false) => {
                if !self.multi_line {
                    return Ok(());
                }
            }
            _ => return Ok(()),
        }
        ctx.stop_propagation();
        self.show(ctx)
    }
}
