//! Where a label's text goes: lines broken at `'\n'` and, when wrapping, at word
//! boundaries and between CJK characters (greedy, like Cocos's `cc.Label`); the label's
//! box in node space for its overflow mode; the scale a shrinking label needs. Widths
//! count the font's kerning.

use core::cell::Cell;

use crate::render::font::{step, AaFont, Font};
use crate::{Rect, Vec2};

use super::{HorizontalAlign, Label, Overflow, VerticalAlign};

/// A font's advances, remembered for printable ASCII during one layout and drawing: a
/// proportional font's advance is a glyph lookup, and a label asks for each character's
/// several times (measuring, placing each line, drawing). And its kerning, if it has any,
/// with the printable ASCII characters' places in its glyph table remembered the same
/// way: a pair's kerning is looked up by the two glyphs' places, and a font of only the
/// characters an app uses finds a place by a binary search.
pub(crate) struct Metrics {
    pub(crate) font: Font,
    fixed: Option<i32>,
    trailing: i32,
    kerned: Option<&'static AaFont>,
    ascii: [Cell<i16>; 95],
    places: [Cell<u16>; 95],
    /// The last lines broken off, by where their text starts, its length and the wrap
    /// width: a label's lines are broken and measured to place its box, then again to
    /// draw each, from the same text.
    lines: [Cell<Option<KeptLine>>; LINES_KEPT],
    /// The entry of `lines` the next new line takes.
    next_line: Cell<usize>,
}

/// How many broken lines [`Metrics`] keeps.
const LINES_KEPT: usize = 4;

/// A line broken off a text: the text's address, length and wrap width, and the line's
/// length, where the rest starts (`None`: no rest), and its width.
#[derive(Clone, Copy)]
struct KeptLine {
    text: (usize, usize, Option<i32>),
    len: usize,
    rest: Option<usize>,
    width: i32,
}

/// Not yet looked up.
const UNKNOWN: i16 = i16::MIN;
/// A place not yet looked up.
const UNKNOWN_PLACE: u16 = u16::MAX;
/// A character the kerning font lacks.
const NO_PLACE: u16 = u16::MAX - 1;

impl Metrics {
    pub(crate) fn new(font: Font) -> Self {
        Metrics {
            font,
            fixed: font.fixed_advance(),
            trailing: font.trailing_space(),
            kerned: font.kerned(),
            ascii: core::array::from_fn(|_| Cell::new(UNKNOWN)),
            places: core::array::from_fn(|_| Cell::new(UNKNOWN_PLACE)),
            lines: core::array::from_fn(|_| Cell::new(None)),
            next_line: Cell::new(0),
        }
    }

    /// How far the pen moves after `c`.
    pub(crate) fn advance(&self, c: char) -> i32 {
        if let Some(a) = self.fixed {
            return a;
        }
        let Some(slot) = (c as usize)
            .checked_sub(0x20)
            .and_then(|i| self.ascii.get(i))
        else {
            return self.font.advance(c);
        };
        let known = slot.get();
        if known != UNKNOWN {
            return i32::from(known);
        }
        let a = self.font.advance(c);
        slot.set(a.clamp(-32767, 32767) as i16);
        a
    }

    /// Whether the font has kerning pairs.
    pub(crate) fn kerns(&self) -> bool {
        self.kerned.is_some()
    }

    /// Where `right`'s glyph starts after `left`'s, at `at`, when the unkerned pen is
    /// `pen`: moved by the pair's kerning, never back past `at` (so that the blitter's
    /// early end of a line holds).
    #[inline(never)]
    pub(crate) fn kerned_pen(&self, left: char, right: char, pen: i32, at: i32) -> i32 {
        match self.kern(left, right) {
            0 => pen,
            kern => pen.saturating_add(kern).max(at),
        }
    }

    /// The kerning between `left` and `right` (0 at once for a font without).
    #[inline]
    pub(crate) fn kern(&self, left: char, right: char) -> i32 {
        match self.kerned {
            Some(f) => match (
                Self::place(&self.places, f, left),
                Self::place(&self.places, f, right),
            ) {
                (Some(l), Some(r)) => f.kern_indices(l, r),
                _ => 0,
            },
            None => 0,
        }
    }

    /// The place of `c`'s glyph in `font`'s table, remembered in `places` for printable
    /// ASCII.
    fn place(places: &[Cell<u16>; 95], font: &AaFont, c: char) -> Option<usize> {
        let Some(slot) = (c as usize).checked_sub(0x20).and_then(|i| places.get(i)) else {
            return font.index_of(c);
        };
        match slot.get() {
            UNKNOWN_PLACE => {
                let place = font.index_of(c);
                match place.map(u16::try_from) {
                    Some(Ok(i)) if i < NO_PLACE => slot.set(i),
                    // Too far into a huge table to remember: looked up each time.
                    Some(_) => {}
                    None => slot.set(NO_PLACE),
                }
                place
            }
            NO_PLACE => None,
            known => Some(usize::from(known)),
        }
    }

    /// How far the pen moves from `left` to `right`: `left`'s advance and the pair's
    /// kerning (see [`step`]).
    pub(crate) fn step(&self, left: char, right: char) -> i32 {
        step(self.advance(left), self.kern(left, right))
    }

    /// A line's width in a kerning font: the pen's kerned steps, then the last
    /// glyph's advance. Apart from [`text_width`](Self::text_width), so that the plain
    /// sum stays as small (and as inlined) as it was.
    #[inline(never)]
    fn kerned_width(&self, line: &str) -> i32 {
        let mut pen = 0i32;
        let mut previous: Option<char> = None;
        for c in line.chars() {
            if let Some(p) = previous {
                pen = pen.saturating_add(self.step(p, c));
            }
            previous = Some(c);
        }
        previous.map_or(0, |p| pen.saturating_add(self.advance(p)))
    }

    /// The line kept for `text` (its address and length) broken at `wrap_width`.
    fn kept_line(&self, text: (usize, usize, Option<i32>)) -> Option<KeptLine> {
        self.lines
            .iter()
            .filter_map(Cell::get)
            .find(|l| l.text == text)
    }

    /// Keeps `line`, in place of the oldest.
    fn keep_line(&self, line: KeptLine) {
        let next = self.next_line.get() % LINES_KEPT;
        if let Some(slot) = self.lines.get(next) {
            slot.set(Some(line));
        }
        self.next_line.set((next + 1) % LINES_KEPT);
    }

    /// A line's width, as [`Font::text_width`] measures it.
    pub(crate) fn text_width(&self, line: &str) -> i32 {
        // Saturating, as `Font::text_width`.
        let mut width = match self.fixed {
            Some(a) => a.saturating_mul(i32::try_from(line.chars().count()).unwrap_or(i32::MAX)),
            None if self.kerned.is_some() => self.kerned_width(line),
            None => line
                .chars()
                .fold(0i32, |w, c| w.saturating_add(self.advance(c))),
        };
        if width > 0 {
            width -= self.trailing;
        }
        width
    }
}

/// One line: its text (without the break) and its width in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Line<'a> {
    pub(crate) text: &'a str,
    pub(crate) width: i32,
}

/// The lines of `text` in `font`, broken at `'\n'` and, with `wrap_width`, before a
/// word that would end past it (a word wider than the whole width is broken between
/// characters). CJK characters are words of their own: a line may break before or
/// after each (see [`breaks_between`]). Spaces at a wrapping break belong to no line.
pub(crate) struct Lines<'a, 'm> {
    rest: Option<&'a str>,
    font: &'m Metrics,
    wrap_width: Option<i32>,
}

impl<'a, 'm> Lines<'a, 'm> {
    pub(crate) fn new(text: &'a str, font: &'m Metrics, wrap_width: Option<i32>) -> Self {
        Lines {
            rest: Some(text),
            font,
            wrap_width,
        }
    }
}

impl<'a> Iterator for Lines<'a, '_> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let text = self.rest?;
        let key = (text.as_ptr() as usize, text.len(), self.wrap_width);
        if let Some(kept) = self.font.kept_line(key) {
            self.rest = kept.rest.and_then(|at| text.get(at..));
            return Some(Line {
                text: text.get(..kept.len).unwrap_or(""),
                width: kept.width,
            });
        }
        let line = self.break_line(text)?;
        self.font.keep_line(KeptLine {
            text: key,
            len: line.text.len(),
            // Where the rest starts in `text`: both are parts of the same string.
            rest: self
                .rest
                .map(|rest| (rest.as_ptr() as usize).wrapping_sub(key.0)),
            width: line.width,
        });
        Some(line)
    }
}

impl<'a> Lines<'a, '_> {
    /// Breaks the next line off `text`, leaving the rest in `self.rest`.
    fn break_line(&mut self, text: &'a str) -> Option<Line<'a>> {
        let (hard, after) = match text.find('\n') {
            Some(i) => (text.get(..i).unwrap_or(""), text.get(i + 1..)),
            None => (text, None),
        };
        let Some(limit) = self.wrap_width else {
            self.rest = after;
            let width = self.font.text_width(hard);
            return Some(Line { text: hard, width });
        };
        // Greedy: the longest prefix of whole words that fits.
        let spacing = -self.font.trailing;
        // Where `c`'s glyph starts: the previous characters' kerned steps.
        let mut pen = 0i32;
        let mut previous: Option<char> = None;
        let mut last_break: Option<usize> = None;
        for (i, c) in hard.char_indices() {
            if let Some(p) = previous {
                pen = pen.saturating_add(self.font.step(p, c));
                if breaks_between(p, c) {
                    last_break = Some(i);
                }
            }
            previous = Some(c);
            let advance = self.font.advance(c);
            if c == ' ' {
                last_break = Some(i);
            }
            // The width with `c` last: its advance less a mono font's trailing space.
            if c != ' ' && pen.saturating_add(advance).saturating_add(spacing) > limit && i > 0 {
                let cut = match last_break {
                    Some(b) if head(hard, b).trim_end_matches(' ').is_empty() => i,
                    Some(b) => b,
                    None => i,
                };
                let line = head(hard, cut).trim_end_matches(' ');
                let tail = hard.get(cut..).unwrap_or("");
                let next = tail.trim_start_matches(' ');
                // The rest of this hard line (its leading spaces dropped) and what
                // follows it: `hard` starts `text`, so an index in one is in the other.
                let consumed = cut + (tail.len() - next.len());
                self.rest = text.get(consumed..);
                let width = self.font.text_width(line);
                return Some(Line { text: line, width });
            }
        }
        self.rest = after;
        Some(Line {
            text: hard,
            width: self.font.text_width(hard),
        })
    }
}

/// Whether a wrapped line may break between `left` and `right`, two characters with no
/// space between them: where either is a CJK character (ideographs, kana, Hangul, CJK
/// punctuation and full-width forms), unless `right` is punctuation that must not
/// start a line (`，`, `。`, `）`, `,`, `.`, …) or `left` one that must not end it
/// (`（`, `「`, `(`, …), as the line-breaking rules of Chinese and Japanese have it
/// (a short form of Unicode's UAX #14).
pub(crate) fn breaks_between(left: char, right: char) -> bool {
    (is_cjk(left) || is_cjk(right)) && !closes(right) && !opens(left)
}

/// Ideographs, kana, Hangul, bopomofo, CJK symbols and punctuation, full-width forms.
fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x1100..=0x11FF // Hangul Jamo
        | 0x2E80..=0x2FFF // radicals, ideographic description
        | 0x3000..=0x303F // CJK symbols and punctuation
        | 0x3040..=0x30FF // hiragana, katakana
        | 0x3100..=0x31FF // bopomofo, Hangul compatibility Jamo, kanbun, katakana ext.
        | 0x3200..=0x33FF // enclosed CJK, CJK compatibility
        | 0x3400..=0x4DBF // ideographs extension A
        | 0x4E00..=0x9FFF // unified ideographs
        | 0xA000..=0xA4CF // Yi
        | 0xAC00..=0xD7AF // Hangul syllables
        | 0xF900..=0xFAFF // compatibility ideographs
        | 0xFE30..=0xFE4F // CJK compatibility forms
        | 0xFF00..=0xFFEF // half-width and full-width forms
        | 0x20000..=0x3FFFF // ideographs extensions B to H
    )
}

/// Punctuation that must not start a line: closing brackets and quotes, stops, commas,
/// small kana, the prolonged sound mark, and their ASCII kin.
fn closes(c: char) -> bool {
    matches!(
        c,
        '、' | '。'
            | '，'
            | '．'
            | '：'
            | '；'
            | '！'
            | '？'
            | '）'
            | '］'
            | '｝'
            | '〕'
            | '〉'
            | '》'
            | '」'
            | '』'
            | '】'
            | '〗'
            | '〙'
            | '〛'
            | '｠'
            | '’'
            | '”'
            | '…'
            | '‥'
            | '・'
            | 'ー'
            | '々'
            | '〻'
            | 'ぁ'
            | 'ぃ'
            | 'ぅ'
            | 'ぇ'
            | 'ぉ'
            | 'っ'
            | 'ゃ'
            | 'ゅ'
            | 'ょ'
            | 'ゎ'
            | 'ァ'
            | 'ィ'
            | 'ゥ'
            | 'ェ'
            | 'ォ'
            | 'ッ'
            | 'ャ'
            | 'ュ'
            | 'ョ'
            | 'ヮ'
            | 'ヵ'
            | 'ヶ'
            | '％'
            | '°'
            | '℃'
            | ','
            | '.'
            | ':'
            | ';'
            | '!'
            | '?'
            | ')'
            | ']'
            | '}'
            | '%'
    )
}

/// Punctuation that must not end a line: opening brackets and quotes.
fn opens(c: char) -> bool {
    matches!(
        c,
        '（' | '［'
            | '｛'
            | '〔'
            | '〈'
            | '《'
            | '「'
            | '『'
            | '【'
            | '〖'
            | '〘'
            | '〚'
            | '｟'
            | '‘'
            | '“'
            | '('
            | '['
            | '{'
    )
}

/// The first `end` bytes of `s` (`end` is a character boundary found in it).
fn head(s: &str, end: usize) -> &str {
    s.get(..end).unwrap_or(s)
}

/// Where a label's text goes in its node: the box (node space, y up), the text block's
/// offset in it and the scale, all found from the node's content rectangle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placement {
    /// The label's box in anchor space: what it paints into and clips to.
    pub(crate) bounds: Rect,
    /// The glyphs' scale: 1, or less for a shrinking label.
    pub(crate) scale: f32,
    /// The width lines wrap at, in text pixels.
    pub(crate) wrap_width: Option<i32>,
    /// The box in text pixels (its size divided by the scale), rounded down.
    pub(crate) box_width: i32,
    /// The text block's top below the box's top, in text pixels.
    pub(crate) top: i32,
    /// The line height in text pixels.
    pub(crate) line_height: i32,
    /// The horizontal alignment's fraction: 0 left, 0.5 centre, 1 right.
    pub(crate) h_fraction: f32,
}

impl Placement {
    /// The x of a line of `width` pixels in the box, in text pixels.
    pub(crate) fn line_x(&self, width: i32) -> i32 {
        libm::floorf(self.box_width.saturating_sub(width) as f32 * self.h_fraction) as i32
    }
}

/// The size of the text block in text pixels: the widest line and the lines' height.
pub(crate) fn measure(
    text: &str,
    font: &Metrics,
    line_height: i32,
    wrap: Option<i32>,
) -> (i32, i32) {
    let mut width = 0;
    let mut lines = 0i32;
    for line in Lines::new(text, font, wrap) {
        width = width.max(line.width);
        lines += 1;
    }
    if text.is_empty() {
        return (0, 0);
    }
    (width, lines.saturating_mul(line_height))
}

/// The node's anchor fractions read back from its content rectangle
/// `(-anchor · size, size)`, axis by axis; on an axis of zero size, which does not tell
/// it, `anchor`'s.
pub(crate) fn anchor_of(content: Rect, anchor: Vec2) -> (f32, f32) {
    let fraction = |origin: f32, extent: f32, given: f32| {
        if extent > 0.0 && extent.is_finite() {
            -origin / extent
        } else if given.is_finite() {
            given
        } else {
            0.5
        }
    };
    (
        fraction(content.x, content.width, anchor.x),
        fraction(content.y, content.height, anchor.y),
    )
}

/// A box of `width × height` in anchor space with the node's anchor fractions of it at
/// the anchor (see [`anchor_of`]).
pub(crate) fn box_at_anchor(content: Rect, anchor: Vec2, width: f32, height: f32) -> Rect {
    let (ax, ay) = anchor_of(content, anchor);
    Rect::new(-ax * width, -ay * height, width, height)
}

/// The scales a shrinking label tries, largest first: 1, 15/16, … 1/16.
const SHRINK_STEPS: u32 = 16;

impl<const N: usize> Label<N> {
    /// The label's placement in a node of content rectangle `content` and anchor
    /// `anchor`.
    pub(crate) fn placement(&self, content: Rect, anchor: Vec2, font: &Metrics) -> Placement {
        let line_height = self.line_height_px();
        let h_fraction = match self.horizontal_align {
            HorizontalAlign::Left => 0.0,
            HorizontalAlign::Center => 0.5,
            HorizontalAlign::Right => 1.0,
        };
        let v_fraction = match self.vertical_align {
            VerticalAlign::Top => 0.0,
            VerticalAlign::Center => 0.5,
            VerticalAlign::Bottom => 1.0,
        };
        let content_width = pixels(content.width);
        let wrap_at = |width: i32| self.wrap.then_some(width);
        let (bounds, scale, wrap_width, text_height) = match self.overflow {
            Overflow::None => {
                let (w, h) = measure(&self.text, font, line_height, None);
                let bounds = box_at_anchor(content, anchor, w as f32, h as f32);
                (bounds, 1.0, None, h)
            }
            Overflow::ResizeHeight => {
                let wrap = wrap_at(content_width);
                let (_, h) = measure(&self.text, font, line_height, wrap);
                let (_, ay) = anchor_of(content, anchor);
                let bounds = Rect::new(content.x, -ay * h as f32, content.width, h as f32);
                (bounds, 1.0, wrap, h)
            }
            Overflow::Clamp => {
                let wrap = wrap_at(content_width);
                let (_, h) = measure(&self.text, font, line_height, wrap);
                (content, 1.0, wrap, h)
            }
            Overflow::Shrink => {
                let mut chosen = (1.0, wrap_at(content_width), 0);
                for step in 0..SHRINK_STEPS {
                    let scale = (SHRINK_STEPS - step) as f32 / SHRINK_STEPS as f32;
                    let width = pixels(content.width / scale);
                    let height = pixels(content.height / scale);
                    let wrap = wrap_at(width);
                    let (w, h) = measure(&self.text, font, line_height, wrap);
                    chosen = (scale, wrap, h);
                    if w <= width && h <= height {
                        break;
                    }
                }
                (content, chosen.0, chosen.1, chosen.2)
            }
        };
        let box_width = pixels(bounds.width / scale);
        let box_height = pixels(bounds.height / scale);
        let top = libm::floorf((box_height - text_height) as f32 * v_fraction) as i32;
        Placement {
            bounds,
            scale,
            wrap_width,
            box_width,
            top,
            line_height,
            h_fraction,
        }
    }
}

/// A node-space length as whole pixels, rounded down, within ±2^20.
fn pixels(v: f32) -> i32 {
    if v.is_finite() {
        libm::floorf(v.clamp(-1.0e6, 1.0e6) + 1.0e-3) as i32
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::breaks_between;

    #[test]
    fn cjk_breaks_between_characters_but_not_before_closing_punctuation() {
        assert!(breaks_between('温', '度'));
        assert!(breaks_between('度', '2'));
        assert!(breaks_between('C', '制'));
        assert!(breaks_between('す', 'カ'));
        assert!(breaks_between('한', '국'));
        assert!(!breaks_between('度', '，'));
        assert!(!breaks_between('热', '。'));
        assert!(!breaks_between('（', '温'));
        assert!(!breaks_between('「', '温'));
        assert!(!breaks_between('热', '.'));
        // Latin words break at spaces only.
        assert!(!breaks_between('a', 'b'));
        assert!(!breaks_between('2', '°'));
    }
}
