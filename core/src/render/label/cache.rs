//! What the label's blitter keeps from one tile and one frame to the next: each label's
//! glyphs laid out (where each sits on screen), so that a label cut by several tiles, or
//! drawn again unchanged, does not measure and place its lines again; the placements of
//! the labels last drawn, for those whose glyphs are not kept; and the u8g2 glyphs'
//! decoders ([`GlyphCursors`]), so that a large glyph is decoded once from top to bottom.
//!
//! Both are kept under the renderer's name for the label's node entry as made
//! ([`LayoutKey::look`]): an entry is made again whenever its node is logged (its text,
//! font, settings or place changed) or the draw list is made again, and then the label is
//! laid out again. Labels of more than [`LAID_OUT_GLYPHS`] glyphs are laid out in each
//! tile, from their kept placement.

use embedded_graphics::primitives::Rectangle;
use heapless::Vec;

use super::layout::Placement;
use crate::render::font::{Font, GlyphCursors, GlyphDecoder};
use crate::Rect;

/// How many glyphs a kept layout holds: a label with more is laid out in every tile.
pub(crate) const LAID_OUT_GLYPHS: usize = 16;

/// How many labels' layouts are kept at once (two labels side by side in the same
/// tiles, say a clock and its date, do not push each other out).
const LAID_OUT_LABELS: usize = 2;

/// How many labels' placements are kept at once: a screen's labels drawn again
/// unchanged are not measured again (about 50 bytes each).
const PLACED_LABELS: usize = 8;

/// Which label of which node entry a layout was made for: the renderer's stamp of the
/// entry as made (new whenever the node is logged or listed again) and the component's
/// slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LayoutKey {
    pub(crate) look: u32,
    pub(crate) component: u16,
}

/// One glyph of a laid-out label: its character, its pen on screen (the line's top), its
/// advance, whether it starts its line, and (u8g2 fonts) where its decoding stopped.
#[derive(Clone, Copy)]
pub(crate) struct Placed {
    pub(crate) c: char,
    pub(crate) x: i32,
    pub(crate) y: i32,
    pub(crate) advance: i16,
    pub(crate) first: bool,
    pub(crate) decoder: GlyphDecoder,
}

/// A label laid out for the blitter: its box, the screen pixels the box covers, and
/// its glyphs (all of them: a label with more is only noted as such, so that the next
/// tiles do not try again).
pub(crate) struct LaidOut {
    key: Option<LayoutKey>,
    /// Whether `glyphs` holds all the label's glyphs.
    pub(crate) complete: bool,
    /// The label's box in anchor space (its background's area).
    pub(crate) bounds: Rect,
    /// The screen pixels of the box; zero-sized when it covers none.
    pub(crate) cover: Rectangle,
    /// The font's rows and reach.
    pub(crate) font: FontReach,
    pub(crate) glyphs: Vec<Placed, LAID_OUT_GLYPHS>,
}

impl LaidOut {
    const EMPTY: LaidOut = LaidOut {
        key: None,
        complete: false,
        bounds: Rect {
            x: 0.0,
            y: 0.0,
            width: 0.0,
            height: 0.0,
        },
        cover: Rectangle::zero(),
        font: FontReach {
            first_row: 0,
            end_row: 0,
            reach: 0,
        },
        glyphs: Vec::new(),
    };
}

/// Where a font's glyphs can reach from their pen: the rows any glyph can cover from a
/// line's top, `first_row..end_row` ([`Font::rows`]), and how far a glyph may overhang
/// its pen and advance ([`Font::reach`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FontReach {
    pub(crate) first_row: i32,
    pub(crate) end_row: i32,
    pub(crate) reach: i32,
}

impl FontReach {
    /// `font`'s.
    pub(crate) fn of(font: Font) -> Self {
        let (first_row, end_row) = font.rows();
        FontReach {
            first_row,
            end_row,
            reach: font.reach(),
        }
    }
}

/// The layouts and placements kept between tiles and frames, and the u8g2 glyphs'
/// decoders.
pub(crate) struct TextCache {
    layouts: [LaidOut; LAID_OUT_LABELS],
    /// The layout the next new label replaces.
    next: usize,
    placements: [Option<(LayoutKey, Placement)>; PLACED_LABELS],
    /// The placement the next new label replaces.
    next_placement: usize,
    /// Where large glyphs' decoding stopped.
    pub(crate) glyphs: GlyphCursors,
}

impl Default for TextCache {
    fn default() -> Self {
        TextCache {
            layouts: [LaidOut::EMPTY; LAID_OUT_LABELS],
            next: 0,
            placements: [None; PLACED_LABELS],
            next_placement: 0,
            glyphs: GlyphCursors::default(),
        }
    }
}

impl TextCache {
    /// The layout kept for `key`, if any.
    pub(crate) fn layout(&mut self, key: LayoutKey) -> Option<&mut LaidOut> {
        self.layouts.iter_mut().find(|l| l.key == Some(key))
    }

    /// The placement kept for `key`, or `make()` kept in place of the oldest.
    pub(crate) fn placement(
        &mut self,
        key: LayoutKey,
        make: impl FnOnce() -> Placement,
    ) -> Placement {
        if let Some((_, p)) = self.placements.iter().flatten().find(|(k, _)| *k == key) {
            return *p;
        }
        let p = make();
        let k = self.next_placement % PLACED_LABELS;
        self.next_placement = (k + 1) % PLACED_LABELS;
        self.placements[k] = Some((key, p));
        p
    }

    /// An emptied layout for `key` of box `bounds` covering `cover`, in place of the
    /// oldest: the caller fills its glyphs in and says whether they are all there.
    pub(crate) fn fill(
        &mut self,
        key: LayoutKey,
        bounds: Rect,
        cover: Rectangle,
        font: FontReach,
    ) -> &mut LaidOut {
        let k = self.next % LAID_OUT_LABELS;
        self.next = (k + 1) % LAID_OUT_LABELS;
        let slot = &mut self.layouts[k];
        slot.key = Some(key);
        slot.complete = false;
        slot.bounds = bounds;
        slot.cover = cover;
        slot.font = font;
        slot.glyphs.clear();
        slot
    }
}
