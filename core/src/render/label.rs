//! The label component: a short text in a monospaced `embedded-graphics` font, placed at
//! its node's anchor and drawn pixel for pixel (see [`Label`]).

use core::fmt;

use embedded_graphics::draw_target::DrawTargetExt;
use embedded_graphics::geometry::{Dimensions, OriginDimensions, Point, Size};
use embedded_graphics::image::GetPixel;
use embedded_graphics::mono_font::{ascii::FONT_6X10, MonoFont, MonoTextStyle};
use embedded_graphics::pixelcolor::{BinaryColor, Rgb888, RgbColor};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::text::{Baseline, Text};
use embedded_graphics::Drawable;
use heapless::String;

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::{Component, HookMask, Hooks, Rect};

/// The most bytes (UTF-8) a [`Label`]'s text holds; longer texts are cut at a character
/// boundary.
pub const MAX_LABEL_LEN: usize = 32;

/// Slack for float noise when a screen coordinate is rounded to a pixel: a coordinate
/// within this of a pixel edge counts as on it.
const EDGE_SLACK: f32 = 1.0e-3;

/// A line of text (or several, split at `'\n'`) drawn at its node.
///
/// **Layout.** The text box is as large as the text (width = characters × (character
/// width + spacing) − spacing of the longest line, height = lines × character height, as
/// `embedded-graphics` measures it, see [`Label::size`]) and is placed so that the point
/// at the node's anchor fractions of the box sits at the node's position: anchor
/// `(0.5, 0.5)` centres the text on the node, `(0, 0)` puts the text's bottom-left corner
/// there, `(1, 1)` its top-right corner. A component does not see the node's anchor, only
/// its content rectangle `(-anchor · size, size)`; the label reads the anchor back from
/// it, axis by axis, and takes `0.5` on an axis where the content size is zero (where the
/// anchor cannot be read). So give a label node a content size (any non-zero one; the
/// text's own size is a good choice) when its anchor is not the centre.
///
/// **Transform.** Text is drawn pixel for pixel, unscaled and unrotated: the node's
/// scale and rotation move the text (its anchor point follows the box's anchor point on
/// screen) but do not turn or stretch the glyphs. Where scale or rotation makes the box
/// smaller on screen than the text (a scale under 1, a quarter turn of a wide label),
/// the text is cut at the box's screen bounds, so that a label never paints outside its
/// [`Draw::local_bounds`]. Opacity blends the text as it does every drawing.
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
pub struct Label {
    /// The text; at most [`MAX_LABEL_LEN`] bytes.
    pub text: String<MAX_LABEL_LEN>,
    /// The font (default `embedded_graphics::mono_font::ascii::FONT_6X10`).
    pub font: &'static MonoFont<'static>,
    /// The text colour (default white).
    pub color: Rgb888,
}

impl Label {
    /// A white label in `FONT_6X10`, its text cut to [`MAX_LABEL_LEN`] bytes at a
    /// character boundary.
    ///
    /// ```
    /// use sprig::render::{Label, MAX_LABEL_LEN};
    ///
    /// let long = Label::new("ééééééééééééééééééééééééééééééééééé");
    /// // 'é' is two bytes: sixteen of them fill the 32 bytes.
    /// assert_eq!(long.text.chars().count(), MAX_LABEL_LEN / 2);
    /// ```
    pub fn new(text: &str) -> Self {
        let mut label = Label {
            text: String::new(),
            font: &FONT_6X10,
            color: Rgb888::WHITE,
        };
        label.set_text(text);
        label
    }

    /// Replaces the text; returns whether all of it fit (if not, it was cut at the last
    /// character boundary under [`MAX_LABEL_LEN`] bytes).
    ///
    /// ```
    /// use sprig::render::Label;
    ///
    /// let mut label = Label::new("");
    /// assert!(label.set_text("Lives: 3"));
    /// assert!(!label.set_text("a text that is much too long for one label"));
    /// assert_eq!(label.text.as_str(), "a text that is much too long for");
    /// ```
    pub fn set_text(&mut self, text: &str) -> bool {
        self.text.clear();
        for c in text.chars() {
            if self.text.push(c).is_err() {
                return false;
            }
        }
        true
    }

    /// This label with another font.
    pub fn with_font(mut self, font: &'static MonoFont<'static>) -> Self {
        self.font = font;
        self
    }

    /// This label in another colour.
    pub fn with_color(mut self, color: Rgb888) -> Self {
        self.color = color;
        self
    }

    /// The size of the text box in pixels (node units at scale 1): zero for an empty text.
    ///
    /// ```
    /// use sprig::render::Label;
    ///
    /// // FONT_6X10: two lines, the longer one three characters.
    /// let label = Label::new("abc\nd");
    /// assert_eq!((label.size().width, label.size().height), (18, 20));
    /// ```
    pub fn size(&self) -> Size {
        self.text_at(Point::zero()).bounding_box().size
    }

    fn text_at(&self, top_left: Point) -> Text<'_, MonoTextStyle<'static, Rgb888>> {
        Text::with_baseline(
            self.text.as_str(),
            top_left,
            MonoTextStyle::new(self.font, self.color),
            Baseline::Top,
        )
    }
}

impl fmt::Debug for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Label")
            .field("text", &self.text.as_str())
            .field("font_character_size", &self.font.character_size)
            .field("color", &self.color)
            .finish()
    }
}

/// Labels are equal when their texts, colours and fonts (the same font value) are.
impl PartialEq for Label {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text && self.color == other.color && core::ptr::eq(self.font, other.font)
    }
}

impl Component for Label {
    const NAME: &'static str = "Label";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for Label {}

/// The node's anchor fractions read back from its content rectangle
/// `(-anchor · size, size)`, axis by axis; `0.5` on an axis of zero size.
pub(crate) fn anchor_of(content: Rect) -> (f32, f32) {
    let fraction = |origin: f32, extent: f32| {
        if extent > 0.0 && extent.is_finite() {
            -origin / extent
        } else {
            0.5
        }
    };
    (
        fraction(content.x, content.width),
        fraction(content.y, content.height),
    )
}

/// A box of `width × height` in anchor space with the node's anchor fractions of it at
/// the anchor (see [`anchor_of`]).
pub(crate) fn box_at_anchor(content: Rect, width: f32, height: f32) -> Rect {
    let (ax, ay) = anchor_of(content);
    Rect::new(-ax * width, -ay * height, width, height)
}

/// A few pointer-free facts about a font: its metrics, its glyph image's size and a
/// sample of that image's pixels, and where the glyphs of `text` are in it.
fn font_fingerprint(mut f: Fingerprint, font: &MonoFont<'_>, text: &str) -> Fingerprint {
    let image = font.image.size();
    f = f
        .word(font.character_size.width)
        .word(font.character_size.height)
        .word(font.character_spacing)
        .word(font.baseline)
        .word(font.underline.offset)
        .word(font.underline.height)
        .word(font.strikethrough.offset)
        .word(font.strikethrough.height)
        .word(image.width)
        .word(image.height);
    // 64 pixels spread over the glyph image, one bit each.
    let mut bits = 0u64;
    for k in 0..64u32 {
        let x = (k * 37) % image.width.max(1);
        let y = (k * 11) % image.height.max(1);
        let on = font.image.pixel(Point::new(x as i32, y as i32)) == Some(BinaryColor::On);
        bits |= u64::from(on) << k;
    }
    f = f.word(bits as u32).word((bits >> 32) as u32);
    for c in text.chars() {
        f = f.word(font.glyph_mapping.index(c) as u32);
    }
    f
}

impl Draw for Label {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let size = self.size();
        if size.width == 0 || size.height == 0 {
            return;
        }
        let content = canvas.content();
        let (ax, ay) = anchor_of(content);
        let bounds = self.local_bounds(content);
        let screen = canvas.to_screen().transform_rect(&bounds);
        // The box's screen bounds, shrunk by the slack so they never exceed the
        // renderer's cover of the same rectangle.
        let x0 = libm::floorf(screen.x + EDGE_SLACK);
        let y0 = libm::floorf(screen.y + EDGE_SLACK);
        let x1 = libm::ceilf(screen.max_x() - EDGE_SLACK);
        let y1 = libm::ceilf(screen.max_y() - EDGE_SLACK);
        if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite())
            || x1 <= x0
            || y1 <= y0
        {
            return;
        }
        let clamp = |v: f32| v.clamp(-1.0e6, 1.0e6) as i32;
        let cover = Rectangle::with_corners(
            Point::new(clamp(x0), clamp(y0)),
            Point::new(clamp(x1) - 1, clamp(y1) - 1),
        );
        // The text's anchor point on the box's anchor point (screen y runs down, so the
        // top of the box is at fraction 1 − ay). Unscaled and unrotated, this is the
        // box's top-left corner.
        let (w, h) = (size.width as f32, size.height as f32);
        let left = screen.x + ax * (screen.width - w);
        let top = screen.y + (1.0 - ay) * (screen.height - h);
        let top_left = Point::new(
            clamp(libm::floorf(left + EDGE_SLACK)),
            clamp(libm::floorf(top + EDGE_SLACK)),
        );
        let mut target = canvas.screen_target();
        let _ = self.text_at(top_left).draw(&mut target.clipped(&cover));
    }

    /// Covers the text, its colour and its font; the font by its metrics, the size of its
    /// glyph image, 64 sampled pixels of that image and the glyph index of each
    /// character (no pointers, so equal labels hash alike in every build).
    fn appearance(&self) -> u32 {
        let f = Fingerprint::new()
            .bytes(self.text.as_bytes())
            .color(self.color);
        font_fingerprint(f, self.font, &self.text).finish()
    }

    /// The text box at the node's anchor (see [`Label`]).
    fn local_bounds(&self, content: Rect) -> Rect {
        let size = self.size();
        box_at_anchor(content, size.width as f32, size.height as f32)
    }
}
