//! The label component, Cocos's `cc.Label`: text in a [`Font`], aligned in its node's
//! content box, wrapped at word boundaries, with Cocos's overflow modes (see [`Label`]).
//!
//! - `layout`: lines, wrapping, the box of each overflow mode, shrinking;
//! - `draw`: the glyph blitter (unrotated, unscaled: whole rows of a glyph at once) and
//!   the sampled path for every other transform (`Canvas::paint_fixed`, pixel centres,
//!   so quarter turns at scale 1 stay exact).

mod cache;
mod changed;
mod draw;
mod layout;

use core::fmt;

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use heapless::String;

pub(crate) use cache::{LayoutKey, TextCache};

use crate::render::font::Font;
use crate::{Component, Error, HookMask, Hooks};

/// The text capacity of a `Label` without a capacity parameter, in bytes (UTF-8).
pub const DEFAULT_LABEL_CAPACITY: usize = 32;

/// What [`Label::new`] and [`Label::set_text_truncated`] end a cut text with.
pub const ELLIPSIS: &str = "...";

/// Horizontal alignment of each line in the label's box (Cocos `cc.Label.HorizontalAlign`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HorizontalAlign {
    /// Lines start at the box's left edge.
    Left,
    /// Lines are centred (the default, as in Cocos).
    #[default]
    Center,
    /// Lines end at the box's right edge.
    Right,
}

/// Vertical alignment of the text block in the label's box (Cocos `cc.Label.VerticalAlign`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum VerticalAlign {
    /// The first line at the box's top.
    Top,
    /// The block centred (the default, as in Cocos).
    #[default]
    Center,
    /// The last line at the box's bottom.
    Bottom,
}

/// What a label does with text larger than its node (Cocos `cc.Label.Overflow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Overflow {
    /// The box is the text's own size, placed by the node's anchor; no wrapping (the
    /// default, as in Cocos).
    #[default]
    None,
    /// The box is the node's content rectangle; text outside it is cut.
    Clamp,
    /// The box is the node's content rectangle; the glyphs shrink (by sixteenths, down
    /// to 1/16) until the text fits in it.
    Shrink,
    /// The box has the node's content width and the text's height, placed by the
    /// node's anchor (Cocos resizes the node; here the label's bounds grow).
    ResizeHeight,
}

/// Text drawn at its node, like Cocos's `cc.Label`. `N` is the text's capacity in bytes.
///
/// **Box.** With [`Overflow::None`] the box is as large as the text (width = the widest
/// line, height = lines × line height) and placed so that the point at the node's anchor
/// fractions of the box sits at the node's position. With [`Overflow::Clamp`] and
/// [`Overflow::Shrink`] it is the node's content rectangle; with
/// [`Overflow::ResizeHeight`], the content width and the text's height. Lines wrap at
/// word boundaries at the box's width when [`wrap`](Self::wrap) is on (not with
/// `Overflow::None`, as in Cocos), are aligned in the box by
/// [`horizontal_align`](Self::horizontal_align), and the block of lines by
/// [`vertical_align`](Self::vertical_align). Nothing is drawn outside the box.
///
/// The anchor holds on a node of zero size too: a label on a node of no size with
/// anchor `(0, 0.5)` starts its text at the node's position, centred on it vertically,
/// as one with `(1, 1)` ends it there, below and to the left. (Cocos sizes the node to
/// the text; here the node keeps its size, and the label's bounds are the text's.)
///
/// **Transform.** Scale and rotation apply to the glyphs, sampled at pixel centres, so
/// a quarter turn at scale 1 is exact; opacity blends the text. Unrotated and unscaled,
/// the text goes through a blitter that copies whole glyph rows.
///
/// **Capacity.** The text holds at most `N` bytes: [`try_new`](Self::try_new) and
/// [`set_text`](Self::set_text) return `Err(Error::TextTooLong)` for a longer one and
/// change nothing; [`new`](Self::new) and [`set_text_truncated`](Self::set_text_truncated)
/// cut it and end it with [`ELLIPSIS`], so that the cut shows.
///
/// ```
/// use embedded_graphics::mono_font::ascii::FONT_5X8;
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::render::Label;
///
/// let score = Label::new("Score: 0")
///     .with_font(&FONT_5X8)
///     .with_color(Rgb888::new(255, 255, 0));
/// assert_eq!(score.text.as_str(), "Score: 0");
/// // Eight characters of 5 × 8 pixels.
/// assert_eq!((score.size().width, score.size().height), (40, 8));
/// ```
#[derive(Clone)]
pub struct Label<const N: usize = DEFAULT_LABEL_CAPACITY> {
    /// The text. Change it with [`set_text`](Self::set_text), or
    /// [`set_fmt`](Self::set_fmt) for formatted text (or heapless's own methods, which
    /// refuse what does not fit).
    pub text: String<N>,
    font: Font,
    font_fingerprint: u32,
    /// The text colour (default white).
    pub color: Rgb888,
    /// The box's background: `None` (the default) leaves it transparent.
    pub background: Option<Rgb888>,
    /// Where lines sit across the box (default centred).
    pub horizontal_align: HorizontalAlign,
    /// Where the lines sit up and down the box (default centred).
    pub vertical_align: VerticalAlign,
    /// The distance between lines' tops in pixels; `None` (the default) takes the font's.
    pub line_height: Option<u16>,
    /// What to do with text larger than the node (default [`Overflow::None`]).
    pub overflow: Overflow,
    /// Whether lines wrap at word boundaries at the box's width (default on; ignored
    /// with [`Overflow::None`]).
    pub wrap: bool,
}

impl Label {
    /// A white label in `FONT_6X10` (its cell version, [`fonts::FONT_6X10`](crate::render::font::fonts::FONT_6X10)) of the default capacity
    /// ([`DEFAULT_LABEL_CAPACITY`] bytes). A longer text is cut at a character boundary
    /// and ends with [`ELLIPSIS`]; use [`try_new`](Self::try_new) for an error instead,
    /// or a larger capacity (`Label::<64>::try_new`).
    ///
    /// ```
    /// use sprig::render::Label;
    ///
    /// let long = Label::new("a text that is much too long for one label");
    /// assert_eq!(long.text.as_str(), "a text that is much too long ...");
    /// ```
    pub fn new(text: &str) -> Self {
        let mut label = Label::empty();
        label.set_text_truncated(text);
        label
    }
}

impl<const N: usize> Label<N> {
    /// A white, empty label in `FONT_6X10`.
    pub fn empty() -> Self {
        let font = Font::Cells(&crate::render::font::fonts::FONT_6X10);
        Label {
            text: String::new(),
            font,
            font_fingerprint: font.fingerprint(),
            color: Rgb888::WHITE,
            background: None,
            horizontal_align: HorizontalAlign::default(),
            vertical_align: VerticalAlign::default(),
            line_height: None,
            overflow: Overflow::default(),
            wrap: true,
        }
    }

    /// A white label in `FONT_6X10`, or `Err(Error::TextTooLong)` when `text` has more
    /// than `N` bytes.
    ///
    /// ```
    /// use sprig::render::Label;
    /// use sprig::Error;
    ///
    /// assert!(Label::<64>::try_new("a text that is much too long for one label").is_ok());
    /// assert_eq!(
    ///     Label::<8>::try_new("too long!").unwrap_err(),
    ///     Error::TextTooLong { len: 9, capacity: 8 }
    /// );
    /// ```
    pub fn try_new(text: &str) -> Result<Self, Error> {
        let mut label = Self::empty();
        label.set_text(text)?;
        Ok(label)
    }

    /// Replaces the text, or returns `Err(Error::TextTooLong)` and keeps the old one
    /// when `text` has more than `N` bytes.
    ///
    /// ```
    /// use sprig::render::Label;
    ///
    /// let mut label = Label::new("Lives: 3");
    /// assert!(label.set_text("Lives: 2").is_ok());
    /// assert!(label.set_text("a text that is much too long for one label").is_err());
    /// assert_eq!(label.text.as_str(), "Lives: 2");
    /// ```
    pub fn set_text(&mut self, text: &str) -> Result<(), Error> {
        if text.len() > N {
            return Err(Error::TextTooLong {
                len: text.len().min(usize::from(u16::MAX)) as u16,
                capacity: N.min(usize::from(u16::MAX)) as u16,
            });
        }
        self.text.clear();
        // Cannot fail: the length was checked.
        let _ = self.text.push_str(text);
        Ok(())
    }

    /// Replaces the text with formatted text, as `write!` would write it, or returns
    /// `Err(Error::TextTooLong)` (with the formatted length) and keeps the old text when
    /// it has more than `N` bytes. No buffer outside the label's own size is needed: the
    /// text is formatted once, into a copy on the stack.
    ///
    /// ```
    /// use sprig::render::Label;
    /// use sprig::Error;
    ///
    /// let mut label = Label::<12>::empty();
    /// let (points, lives) = (120, 3);
    /// label.set_fmt(format_args!("{points} pts {lives}"))?;
    /// assert_eq!(label.text.as_str(), "120 pts 3");
    /// assert_eq!(
    ///     label.set_fmt(format_args!("{} points", 1_000_000)),
    ///     Err(Error::TextTooLong { len: 14, capacity: 12 })
    /// );
    /// assert_eq!(label.text.as_str(), "120 pts 3");
    /// # Ok::<(), Error>(())
    /// ```
    ///
    /// # Errors
    /// [`Error::TextTooLong`] for a text longer than `N` bytes; [`Error::InvalidValue`]
    /// if a formatted value's `Display` (or other) implementation fails. Either way the
    /// text is unchanged.
    pub fn set_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Error> {
        /// Writes what fits and counts every byte, so a long text is measured.
        struct Staged<const N: usize> {
            text: String<N>,
            len: usize,
        }
        impl<const N: usize> fmt::Write for Staged<N> {
            fn write_str(&mut self, piece: &str) -> fmt::Result {
                self.len = self.len.saturating_add(piece.len());
                if self.len <= N {
                    // Cannot fail: the length was checked.
                    let _ = self.text.push_str(piece);
                }
                Ok(())
            }
        }
        let mut staged = Staged::<N> {
            text: String::new(),
            len: 0,
        };
        fmt::write(&mut staged, args).map_err(|_| Error::InvalidValue)?;
        if staged.len > N {
            return Err(Error::TextTooLong {
                len: staged.len.min(usize::from(u16::MAX)) as u16,
                capacity: N.min(usize::from(u16::MAX)) as u16,
            });
        }
        self.text = staged.text;
        Ok(())
    }

    /// Replaces the text, cutting one longer than `N` bytes at a character boundary
    /// and ending it with [`ELLIPSIS`] (or with as much of it as fits); returns whether
    /// the text was cut.
    ///
    /// ```
    /// use sprig::render::Label;
    ///
    /// let mut label = Label::<8>::empty();
    /// assert!(!label.set_text_truncated("12:30"));
    /// assert!(label.set_text_truncated("éééééé"));
    /// assert_eq!(label.text.as_str(), "éé...");
    /// ```
    pub fn set_text_truncated(&mut self, text: &str) -> bool {
        if self.set_text(text).is_ok() {
            return false;
        }
        let room = N.saturating_sub(ELLIPSIS.len());
        let mut cut = room.min(text.len());
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        self.text.clear();
        let _ = self.text.push_str(text.get(..cut).unwrap_or(""));
        for c in ELLIPSIS.chars() {
            if self.text.push(c).is_err() {
                break;
            }
        }
        true
    }

    /// The font.
    pub fn font(&self) -> Font {
        self.font
    }

    /// Sets the font: an `embedded-graphics` `&MonoFont`, a `&U8g2Font`, a
    /// `&BitmapFont`, an `&AaFont` or a [`Font`].
    pub fn set_font(&mut self, font: impl Into<Font>) {
        self.font = font.into();
        self.font_fingerprint = self.font.fingerprint();
    }

    /// This label with another font (see [`set_font`](Self::set_font)).
    pub fn with_font(mut self, font: impl Into<Font>) -> Self {
        self.set_font(font);
        self
    }

    /// This label in another colour.
    pub fn with_color(mut self, color: Rgb888) -> Self {
        self.color = color;
        self
    }

    /// This label on a filled background (the whole box).
    pub fn with_background(mut self, color: Rgb888) -> Self {
        self.background = Some(color);
        self
    }

    /// This label aligned in its box.
    pub fn with_align(mut self, horizontal: HorizontalAlign, vertical: VerticalAlign) -> Self {
        self.horizontal_align = horizontal;
        self.vertical_align = vertical;
        self
    }

    /// This label with another overflow mode.
    pub fn with_overflow(mut self, overflow: Overflow) -> Self {
        self.overflow = overflow;
        self
    }

    /// This label with wrapping on or off.
    pub fn with_wrap(mut self, wrap: bool) -> Self {
        self.wrap = wrap;
        self
    }

    /// This label with a line height of its own, in pixels.
    pub fn with_line_height(mut self, pixels: u16) -> Self {
        self.line_height = Some(pixels);
        self
    }

    /// The line height in pixels: the label's own, else the font's.
    pub(crate) fn line_height_px(&self) -> i32 {
        self.line_height
            .map_or(self.font.line_height() as i32, i32::from)
    }

    /// The size of the text unwrapped, in pixels: the widest line by the lines' height;
    /// zero for an empty text. (The box of [`Overflow::None`].)
    ///
    /// ```
    /// use sprig::render::Label;
    ///
    /// // FONT_6X10: two lines, the longer one three characters.
    /// let label = Label::new("abc\nd");
    /// assert_eq!((label.size().width, label.size().height), (18, 20));
    /// ```
    pub fn size(&self) -> Size {
        let metrics = layout::Metrics::new(self.font);
        let (w, h) = layout::measure(&self.text, &metrics, self.line_height_px(), None);
        Size::new(w.max(0) as u32, h.max(0) as u32)
    }
}

impl<const N: usize> fmt::Debug for Label<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Label")
            .field("text", &self.text.as_str())
            .field("color", &self.color)
            .field("background", &self.background)
            .field("horizontal_align", &self.horizontal_align)
            .field("vertical_align", &self.vertical_align)
            .field("line_height", &self.line_height)
            .field("overflow", &self.overflow)
            .field("wrap", &self.wrap)
            .finish()
    }
}

/// Labels are equal when they would draw alike: the same text, font value, colours and
/// layout settings.
impl<const N: usize> PartialEq for Label<N> {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
            && self.font == other.font
            && self.color == other.color
            && self.background == other.background
            && self.horizontal_align == other.horizontal_align
            && self.vertical_align == other.vertical_align
            && self.line_height == other.line_height
            && self.overflow == other.overflow
            && self.wrap == other.wrap
    }
}

impl<const N: usize> Component for Label<N> {
    const NAME: &'static str = "Label";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl<const N: usize> Hooks for Label<N> {}
