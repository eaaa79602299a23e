//! What a change of a short label's text repaints. On a font whose characters all
//! advance alike (mono and cell fonts), a single line of up to [`PACKED_BYTES`] ASCII
//! characters is the label's damage key ([`Draw::damage_key`](crate::render::Draw)),
//! and a new text of the same length repaints only the cells of the characters that
//! changed: a clock's blinking colon, a counter's last digit. Every other change of the
//! text redraws the label whole, as its appearance then covers the text.

use crate::render::label::layout::Metrics;
use crate::render::label::{Label, Overflow};
use crate::{Rect, Vec2};

/// The most bytes of text a damage key holds.
pub(crate) const PACKED_BYTES: usize = 7;

/// The bit that marks a key holding a text (its length in the bits below it, from 56,
/// its bytes from bit 0).
const PACKED: u64 = 1 << 63;

impl<const N: usize> Label<N> {
    /// The text as a damage key when a change of it can be narrowed to the characters
    /// that changed: a fixed-advance font, lines that do not wrap (a text of the same
    /// length could break elsewhere), up to [`PACKED_BYTES`] ASCII characters and no
    /// line break. `None` otherwise.
    pub(crate) fn packed_text(&self) -> Option<u64> {
        self.font.fixed_advance()?;
        let bytes = self.text.as_bytes();
        let wraps = self.wrap && !matches!(self.overflow, Overflow::None);
        if wraps || bytes.len() > PACKED_BYTES || !bytes.iter().all(|&b| b.is_ascii() && b != b'\n')
        {
            return None;
        }
        let packed = bytes
            .iter()
            .enumerate()
            .fold(0u64, |key, (k, &b)| key | u64::from(b) << (8 * k));
        Some(PACKED | (bytes.len() as u64) << 56 | packed)
    }

    /// The part of anchor space whose pixels can differ from the label drawn with the
    /// text packed in `previous_key`: the cells of the characters between the first and
    /// the last that differ, the box's height, a text pixel wider each side. `None`
    /// (redraw the label whole) unless both texts are packed and of one length, and the
    /// node's content rectangle tells its anchor (it has a size).
    pub(crate) fn changed_cells(&self, content: Rect, previous_key: u64) -> Option<Rect> {
        let key = self.packed_text()?;
        if previous_key & PACKED == 0 || previous_key >> 56 != key >> 56 {
            return None;
        }
        if !(content.width > 0.0 && content.height > 0.0) {
            return None;
        }
        let length = self.text.len();
        let differs = |k: &usize| (key >> (8 * k)) as u8 != (previous_key >> (8 * k)) as u8;
        let first = (0..length).find(differs)?;
        let last = (0..length).rev().find(differs)?;
        let advance = self.font.fixed_advance()?;
        let metrics = Metrics::new(self.font);
        // The anchor is read back from the content rectangle (both sizes are not zero).
        let place = self.placement(content, Vec2::new(0.5, 0.5), &metrics);
        let x = place.line_x(metrics.text_width(&self.text));
        let (x0, x1) = (
            x + first as i32 * advance - 1,
            x + (last as i32 + 1) * advance + 1,
        );
        let bounds = place.bounds;
        Some(Rect::new(
            bounds.x + x0 as f32 * place.scale,
            bounds.y,
            (x1 - x0) as f32 * place.scale,
            bounds.height,
        ))
    }
}
