//! What the label's blitter keeps from one tile to the next within a frame: each label's
//! glyphs laid out once (where each sits on screen), so that a label cut by several
//! tiles does not measure and place its lines again in each, and the u8g2 glyphs'
//! decoding: a large glyph of a laid-out label decoded whole once ([`DecodedRows`],
//! which keeps it for the next frames too while there is room) and blitted from there
//! in each tile, other large glyphs decoded once from top to bottom a band a tile
//! ([`GlyphCursors`]).
//!
//! A layout is kept for one draw pass of the renderer (a `render`, `render_full` or tile
//! frame) and one world version: any change to the world, or the next pass, lays the
//! label out again. Labels of more than [`LAID_OUT_GLYPHS`] glyphs are laid out in
//! each tile, as without the cache.

use embedded_graphics::primitives::Rectangle;
use heapless::Vec;

use crate::render::font::{DecodedRows, Font, GlyphCursors, GlyphDecoder};
use crate::Rect;

/// How many glyphs a kept layout holds: a label with more is laid out in every tile.
pub(crate) const LAID_OUT_GLYPHS: usize = 32;

/// How many of a kept layout's glyphs keep where their decoding stopped (u8g2 fonts):
/// the next ones go on through the frame's cursors, as in a label laid out in each tile.
pub(crate) const KEPT_DECODERS: usize = 8;

/// How many labels' layouts are kept at once (two labels side by side in the same
/// tiles, say a clock and its date, do not push each other out).
const LAID_OUT_LABELS: usize = 2;

/// Which label in which draw pass a layout was made for: the renderer's pass, the
/// world's change version (which any change to a label's text, font or settings grows)
/// and the component's slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LayoutKey {
    pub(crate) pass: u32,
    pub(crate) version: u32,
    pub(crate) component: u16,
}

/// One glyph of a laid-out label: its character, its pen on screen (the line's top), its
/// advance, and whether it starts its line.
#[derive(Clone, Copy)]
pub(crate) struct Placed {
    pub(crate) c: char,
    pub(crate) x: i32,
    pub(crate) y: i32,
    pub(crate) advance: i16,
    pub(crate) first: bool,
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
    /// Where the first glyphs' decoding stopped (u8g2 fonts).
    pub(crate) decoders: [GlyphDecoder; KEPT_DECODERS],
}

impl LaidOut {
    /// Kept for no label.
    fn empty() -> Self {
        LaidOut {
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
            decoders: [GlyphDecoder::default(); KEPT_DECODERS],
        }
    }
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

/// The layouts kept between tiles, and the u8g2 glyphs' decoding.
pub(crate) struct TextCache {
    layouts: [LaidOut; LAID_OUT_LABELS],
    /// The layout the next new label replaces.
    next: usize,
    /// Where large glyphs' decoding stopped.
    pub(crate) glyphs: GlyphCursors,
    /// The laid-out labels' glyphs decoded whole (in this pass or, while there was
    /// room, earlier ones).
    decoded: DecodedRows,
}

/// A label's kept layout, with the pass's glyph decoding.
pub(crate) struct Kept<'a> {
    pub(crate) laid: &'a mut LaidOut,
    pub(crate) cursors: &'a mut GlyphCursors,
    pub(crate) decoded: &'a mut DecodedRows,
}

impl Default for TextCache {
    fn default() -> Self {
        TextCache {
            layouts: core::array::from_fn(|_| LaidOut::empty()),
            next: 0,
            glyphs: GlyphCursors::default(),
            decoded: DecodedRows::default(),
        }
    }
}

impl TextCache {
    /// The layout kept for `key`, if any, with the pass's glyph decoding.
    pub(crate) fn layout(&mut self, key: LayoutKey) -> Option<Kept<'_>> {
        let laid = self.layouts.iter_mut().find(|l| l.key == Some(key))?;
        Some(Kept {
            laid,
            cursors: &mut self.glyphs,
            decoded: &mut self.decoded,
        })
    }

    /// An emptied layout for `key` of box `bounds` covering `cover`, in place of the
    /// oldest: the caller fills its glyphs in and says whether they are all there.
    pub(crate) fn fill(
        &mut self,
        key: LayoutKey,
        bounds: Rect,
        cover: Rectangle,
        font: FontReach,
    ) -> Kept<'_> {
        self.decoded.start_pass(key.pass);
        let k = self.next % LAID_OUT_LABELS;
        self.next = (k + 1) % LAID_OUT_LABELS;
        let slot = &mut self.layouts[k];
        slot.key = Some(key);
        slot.complete = false;
        slot.bounds = bounds;
        slot.cover = cover;
        slot.font = font;
        slot.glyphs.clear();
        slot.decoders = [GlyphDecoder::default(); KEPT_DECODERS];
        Kept {
            laid: slot,
            cursors: &mut self.glyphs,
            decoded: &mut self.decoded,
        }
    }
}
