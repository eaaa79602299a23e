//! The u8g2 font collection through the `u8g2-fonts` crate, which supplies the fonts'
//! data and their metrics (`FontRenderer`). Glyphs are looked up and decoded here,
//! straight from the font's data into a [`GlyphMask`], a run of set pixels at a time:
//! `u8g2-fonts` decodes only into an `embedded-graphics` `DrawTarget`, a pixel per
//! call, which made a Sprig label 2.5× slower than the crate's own renderer. The
//! format (u8g2's `u8g2_font_decode_glyph`): a 23-byte header, then for each glyph
//! its code, the distance to the next glyph and an LSB-first bit stream of its size,
//! offsets and advance followed by run-length pairs (zeros, ones, and a bit that
//! repeats the pair). The tests check every glyph of several fonts against
//! `u8g2-fonts`' renderer, pixel for pixel.

use embedded_graphics::primitives::Rectangle;
use heapless::Vec;
use u8g2_fonts::types::VerticalPosition;
use u8g2_fonts::FontRenderer;

use super::{GlyphMask, GlyphRows, MAX_GLYPH_SIZE};

/// The header's length in bytes.
const HEADER: usize = 23;

/// A font of the u8g2 collection, made in a `const`:
///
/// ```
/// use sprig::render::font::{Font, U8g2Font};
/// use u8g2_fonts::fonts::u8g2_font_helvB12_tr;
///
/// static HELV_B12: U8g2Font = U8g2Font::new::<u8g2_font_helvB12_tr>();
/// let font = Font::from(&HELV_B12);
/// // Proportional: an 'i' is narrower than an 'M'.
/// assert!(font.advance('i') < font.advance('M'));
/// ```
///
/// Characters the font lacks are skipped (drawn as nothing, no advance).
#[derive(Debug)]
pub struct U8g2Font {
    renderer: FontRenderer,
    data: &'static [u8],
    /// Where the bit stream of each printable ASCII glyph starts (`' '` to `'~'`),
    /// found when the font is made (in a `const`, so it costs 190 bytes of flash and
    /// no time): u8g2 finds a glyph by walking the glyphs before it, and a label asks
    /// for each character's advance and pixels. [`ABSENT`] for a glyph the font lacks,
    /// [`WALK`] for one too far into the data to note here.
    ascii: [u16; 95],
}

/// In [`U8g2Font::ascii`]: the font has no such glyph.
const ABSENT: u16 = 0;
/// In [`U8g2Font::ascii`]: look the glyph up by walking.
const WALK: u16 = u16::MAX;

/// Byte `at` of `data`, 0 past its end (a `const fn`, so no `get`).
const fn byte_of(data: &[u8], at: usize) -> u8 {
    if at < data.len() {
        data[at]
    } else {
        0
    }
}

/// Bytes `at`, `at + 1` of `data` as a big-endian number.
const fn offset_of(data: &[u8], at: usize) -> usize {
    (byte_of(data, at) as usize) << 8 | byte_of(data, at + 1) as usize
}

/// [`U8g2Font::find`] for a code up to 255, as a `const fn`.
const fn find_byte(data: &[u8], code: u8) -> u16 {
    let mut at = HEADER;
    if code >= b'a' {
        at += offset_of(data, 19);
    } else if code >= b'A' {
        at += offset_of(data, 17);
    }
    loop {
        if at + 1 >= data.len() {
            return ABSENT;
        }
        if data[at] == code {
            let start = at + 2;
            return if start < WALK as usize {
                start as u16
            } else {
                WALK
            };
        }
        if data[at + 1] == 0 {
            return ABSENT;
        }
        at += data[at + 1] as usize;
    }
}

/// The table of [`U8g2Font::ascii`].
const fn ascii_table(data: &[u8]) -> [u16; 95] {
    let mut table = [ABSENT; 95];
    let mut i = 0;
    while i < table.len() {
        table[i] = find_byte(data, 0x20 + i as u8);
        i += 1;
    }
    table
}

/// A glyph's header: its box from the pen at the baseline, its advance, and where its
/// run-length pairs start.
struct Glyph {
    width: u32,
    height: u32,
    /// Columns from the pen to the glyph's left edge.
    x: i32,
    /// Rows from the baseline up to the glyph's bottom edge.
    y: i32,
    advance: i32,
    bits: Bits,
}

/// An LSB-first bit reader: `count` bits of `pending` not yet read, then `data` from
/// byte `next`.
struct Bits {
    data: &'static [u8],
    next: usize,
    pending: u32,
    count: u8,
}

impl Bits {
    /// A reader from byte `start` of `data`.
    fn new(data: &'static [u8], start: usize) -> Self {
        Bits {
            data,
            next: start,
            pending: 0,
            count: 0,
        }
    }

    /// The reader of `data` where `cursor` stopped.
    fn at(data: &'static [u8], cursor: &GlyphCursor) -> Self {
        Bits {
            data,
            next: cursor.next as usize,
            pending: u32::from(cursor.pending),
            count: cursor.count,
        }
    }

    /// The next `count` bits (at most 8) as an unsigned number; `None` past the data
    /// (and for a wider field, which no u8g2 font has).
    #[inline]
    fn unsigned(&mut self, count: u8) -> Option<u32> {
        if count > 8 {
            return None;
        }
        if self.count < count {
            // At most 7 bits pending: one more byte holds any 8.
            let byte = *self.data.get(self.next)?;
            self.pending |= u32::from(byte) << self.count;
            self.next += 1;
            self.count += 8;
        }
        let value = self.pending & ((1u32 << count) - 1);
        self.pending >>= count;
        self.count -= count;
        Some(value)
    }

    /// The next `count` bits as u8g2's offset-binary signed number.
    fn signed(&mut self, count: u8) -> Option<i32> {
        let raw = self.unsigned(count)? as i32;
        Some(raw - (1i32 << count.saturating_sub(1)))
    }
}

impl U8g2Font {
    /// The font `F` of `u8g2_fonts::fonts`.
    pub const fn new<F: u8g2_fonts::Font>() -> Self {
        U8g2Font {
            renderer: FontRenderer::new::<F>().with_ignore_unknown_chars(true),
            data: F::DATA,
            ascii: ascii_table(F::DATA),
        }
    }

    pub(crate) fn data_len(&self) -> u32 {
        self.data.len() as u32
    }

    pub(crate) fn line_height(&self) -> u32 {
        self.renderer.get_default_line_height()
    }

    /// Header byte `at`.
    fn byte(&self, at: usize) -> u8 {
        byte_of(self.data, at)
    }

    /// Header bytes `at`, `at + 1` as a big-endian number.
    fn offset(&self, at: usize) -> usize {
        offset_of(self.data, at)
    }

    /// Where the bit stream of `c`'s glyph starts, as u8g2 finds it: for codes up to
    /// 255 a walk along the glyphs from the first, the first `'A'` or the first `'a'`;
    /// above, a jump table to the block holding the code, then a walk.
    fn find(&self, c: char) -> Option<usize> {
        let code = u16::try_from(u32::from(c)).ok()?;
        if let Some(&start) = (code as usize)
            .checked_sub(0x20)
            .and_then(|i| self.ascii.get(i))
        {
            match start {
                ABSENT => return None,
                WALK => {}
                start => return Some(usize::from(start)),
            }
        }
        let data = self.data;
        if code <= 255 {
            let mut at = HEADER;
            if code >= u16::from(b'a') {
                at += self.offset(19);
            } else if code >= u16::from(b'A') {
                at += self.offset(17);
            }
            loop {
                if u16::from(*data.get(at)?) == code {
                    return Some(at + 2);
                }
                match *data.get(at + 1)? {
                    0 => return None,
                    jump => at += usize::from(jump),
                }
            }
        }
        let table = HEADER + self.offset(21);
        let mut entry = table;
        let mut at = table;
        loop {
            let jump = usize::from(u16::from_be_bytes([
                *data.get(entry)?,
                *data.get(entry + 1)?,
            ]));
            let last = u16::from_be_bytes([*data.get(entry + 2)?, *data.get(entry + 3)?]);
            at += jump;
            entry += 4;
            if last >= code {
                break;
            }
        }
        loop {
            let found = u16::from_be_bytes([*data.get(at)?, *data.get(at + 1)?]);
            if found == 0 {
                return None;
            }
            if found == code {
                return Some(at + 3);
            }
            match *data.get(at + 2)? {
                0 => return None,
                jump => at += usize::from(jump),
            }
        }
    }

    /// The header of `c`'s glyph.
    fn glyph_header(&self, c: char) -> Option<Glyph> {
        self.glyph_header_at(self.find(c)?)
    }

    pub(crate) fn advance(&self, c: char) -> i32 {
        self.glyph_header(c).map_or(0, |g| g.advance)
    }

    /// The font's bounding box: where any glyph's pixels can be, from the pen at a
    /// line's top.
    pub(crate) fn bounds(&self) -> Rectangle {
        self.renderer.get_font_bounding_box(VerticalPosition::Top)
    }

    /// A line's baseline from its top: the ascent plus one, as `u8g2-fonts` places
    /// `VerticalPosition::Top`.
    fn baseline(&self) -> i32 {
        i32::from(self.byte(13) as i8) + 1
    }

    /// Decodes a glyph into `mask`, in the glyph's own box; false when the font has no
    /// pixels for it.
    pub(crate) fn glyph(&self, c: char, mask: &mut GlyphMask) -> bool {
        self.glyph_rows(c, mask, 0, i32::MAX, None)
    }

    /// [`glyph`](Self::glyph), decoding only the rows above row `end` of the line (from
    /// its top): the rows below stay empty, and so may the rows above `begin`. The
    /// label's blitter passes the rows of the region being redrawn, so that a glyph cut
    /// by a tile's bottom edge stops decoding there. The runs are read from the glyph's
    /// start, so rows above cannot be skipped, unless `cursors` remembers where the
    /// decoding of this glyph at this place (`at`, on screen) stopped in an earlier
    /// tile, at or above `begin`: then it goes on from there.
    pub(crate) fn glyph_rows(
        &self,
        c: char,
        mask: &mut GlyphMask,
        begin: i32,
        end: i32,
        mut cursors: Option<(&mut GlyphCursors, (i32, i32))>,
    ) -> bool {
        let Some(start) = self.find(c) else {
            mask.reset(0, 0, 0, 0);
            return false;
        };
        let remembered = cursors.as_mut().and_then(|(cursors, at)| {
            let entry = cursors.find(self.data, start, *at)?;
            let top = self.baseline() - (entry.y + entry.height as i32);
            (top.saturating_add(entry.cursor.row as i32) <= begin).then_some(*entry)
        });
        let mut entry = match remembered {
            Some(entry) => entry,
            None => {
                let Some(mut g) = self.glyph_header_at(start) else {
                    mask.reset(0, 0, 0, 0);
                    return false;
                };
                let cursor = GlyphCursor::start(&mut g.bits, self.byte(2), self.byte(3), g.width);
                GlyphEntry {
                    data: self.data,
                    start,
                    at: (0, 0),
                    x: g.x,
                    y: g.y,
                    width: g.width,
                    height: g.height,
                    cursor,
                }
            }
        };
        let top = self.baseline() - (entry.y + entry.height as i32);
        mask.reset(entry.x, top, entry.width, entry.height);
        if entry.width == 0 || entry.height == 0 {
            return false;
        }
        // The glyph's rows that are decoded.
        let height = (end.saturating_sub(top).max(0) as u32).min(entry.height);
        entry.cursor.run(
            Bits::at(self.data, &entry.cursor),
            (self.byte(2), self.byte(3)),
            entry.width,
            height,
            &mut mask.rows,
        );
        if let Some((cursors, at)) = cursors {
            entry.at = at;
            cursors.keep(entry);
        }
        true
    }

    /// [`glyph_rows`](Self::glyph_rows) for a glyph of a laid-out label whose decoding
    /// `decoder` keeps: it goes on from where it stopped when that is at or above row
    /// `begin`, else starts over. Only the rows from where it stopped to `end` are
    /// written: the caller reads rows `begin..end`.
    pub(crate) fn glyph_rows_kept(
        &self,
        c: char,
        mask: &mut GlyphMask,
        begin: i32,
        end: i32,
        decoder: &mut GlyphDecoder,
    ) -> bool {
        let baseline = self.baseline();
        // Rows above the glyph's top need no decoding.
        let resume = decoder.started
            && decoder.rows.is_none()
            && (decoder.decoded == 0
                || decoder.top(baseline) + i32::from(decoder.decoded) <= begin);
        if !resume {
            let Some(mut g) = self.find(c).and_then(|start| self.glyph_header_at(start)) else {
                mask.reset(0, 0, 0, 0);
                return false;
            };
            let cursor = GlyphCursor::start(&mut g.bits, self.byte(2), self.byte(3), g.width);
            // Each read in at most 8 bits (`Bits::unsigned`).
            *decoder = GlyphDecoder {
                cursor,
                x: g.x as i8,
                y: g.y as i8,
                width: g.width as u8,
                height: g.height as u8,
                decoded: 0,
                started: true,
                rows: None,
            };
        }
        let (width, height) = (u32::from(decoder.width), u32::from(decoder.height));
        let top = decoder.top(baseline);
        mask.left = i32::from(decoder.x);
        mask.top = top;
        mask.width = width.min(MAX_GLYPH_SIZE);
        mask.height = height.min(MAX_GLYPH_SIZE);
        if width == 0 || height == 0 {
            return false;
        }
        // The glyph's rows decoded by now, those from the last end cleared first.
        let from = u32::from(decoder.decoded);
        let to = (end.saturating_sub(top).max(0) as u32).min(height);
        if to <= from {
            return true;
        }
        for row in mask.rows.iter_mut().take(to as usize).skip(from as usize) {
            *row = 0;
        }
        decoder.decoded = to as u16;
        let cursor = &mut decoder.cursor;
        cursor.run(
            Bits::at(self.data, cursor),
            (self.byte(2), self.byte(3)),
            width,
            to,
            &mut mask.rows,
        );
        true
    }

    /// Glyph `c` of a laid-out label decoded whole into `decoded` (its rows kept there
    /// for the pass's next tiles, and the next passes while there is room, so that it
    /// is decoded once), its decoding noted in
    /// `decoder`: `None` when it does not fit there (the caller decodes it band by band
    /// with [`glyph_rows_kept`](Self::glyph_rows_kept)), an empty glyph when the font
    /// has no pixels for it. A decoder that [`glyph_rows_kept`](Self::glyph_rows_kept)
    /// left part way starts over here.
    #[inline]
    pub(crate) fn glyph_decoded<'p>(
        &self,
        c: char,
        decoder: &mut GlyphDecoder,
        decoded: &'p mut DecodedRows,
    ) -> Option<GlyphRows<'p>> {
        if !decoder.decoded_whole() && !self.decode_whole(c, decoder, decoded)? {
            return Some(GlyphRows::EMPTY);
        }
        let at = usize::from(decoder.rows?);
        let height = u32::from(decoder.height).min(MAX_GLYPH_SIZE) as usize;
        Some(GlyphRows {
            left: i32::from(decoder.x),
            top: decoder.top(self.baseline()),
            width: u32::from(decoder.width).min(MAX_GLYPH_SIZE),
            rows: decoded.rows.get(at..at + height)?,
        })
    }

    /// The decoding of [`glyph_decoded`](Self::glyph_decoded): glyph `c` found in
    /// `decoded` (decoded in this pass or an earlier one), or decoded into its next
    /// free rows, `decoder` left pointing there. False for a character the font has no
    /// glyph for; `None` when the rows are full.
    #[inline(never)]
    fn decode_whole(
        &self,
        c: char,
        decoder: &mut GlyphDecoder,
        decoded: &mut DecodedRows,
    ) -> Option<bool> {
        let font = self.data.as_ptr() as usize;
        if let Some(kept) = decoded.glyphs.iter().find(|k| k.font == font && k.c == c) {
            *decoder = kept.decoder();
            decoded.touched = true;
            return Some(true);
        }
        let Some(mut g) = self.find(c).and_then(|start| self.glyph_header_at(start)) else {
            return Some(false);
        };
        let height = g.height.min(MAX_GLYPH_SIZE) as usize;
        if decoded.used + height > DECODED_ROWS && !decoded.touched {
            // Out of room before this pass used any: the earlier passes' glyphs go.
            decoded.empty();
        }
        let at = decoded.used;
        let Some(rows) = decoded.rows.get_mut(at..at + height) else {
            decoded.full = true;
            return None;
        };
        decoded.touched = true;
        rows.fill(0);
        let mut cursor = GlyphCursor::start(&mut g.bits, self.byte(2), self.byte(3), g.width);
        cursor.run(
            g.bits,
            (self.byte(2), self.byte(3)),
            g.width,
            g.height,
            rows,
        );
        decoded.used = at + rows.len();
        // Each read in at most 8 bits (`Bits::unsigned`); `at` below `DECODED_ROWS`.
        let kept = DecodedGlyph {
            font,
            c,
            at: at as u16,
            x: g.x as i8,
            y: g.y as i8,
            width: g.width as u8,
            height: g.height as u8,
        };
        *decoder = kept.decoder();
        // Kept for the next passes when there is room to say where it is.
        if decoded.glyphs.push(kept).is_err() {
            decoded.full = true;
        }
        Some(true)
    }

    /// The header of the glyph whose bit stream starts at `start`.
    fn glyph_header_at(&self, start: usize) -> Option<Glyph> {
        let mut bits = Bits::new(self.data, start);
        Some(Glyph {
            width: bits.unsigned(self.byte(4))?,
            height: bits.unsigned(self.byte(5))?,
            x: bits.signed(self.byte(6))?,
            y: bits.signed(self.byte(7))?,
            advance: bits.signed(self.byte(8))?,
            bits,
        })
    }
}

/// How many glyphs' decoding [`GlyphCursors`] remembers.
const GLYPH_CURSORS: usize = 8;

/// Where the decoding of a few glyphs stopped, each at its place on screen: the
/// renderer keeps one for a frame's tiles, so that a large glyph cut by several tiles
/// is decoded once from top to bottom rather than from its top in every tile. A few
/// hundred bytes; a glyph it has forgotten is decoded from its start, as without it.
#[derive(Default)]
pub(crate) struct GlyphCursors {
    entries: [Option<GlyphEntry>; GLYPH_CURSORS],
    /// The entry the next new glyph replaces.
    next: usize,
}

impl GlyphCursors {
    /// The entry of the glyph starting at `start` of `data`, drawn at `at`.
    fn find(&mut self, data: &'static [u8], start: usize, at: (i32, i32)) -> Option<&GlyphEntry> {
        self.entries.iter().flatten().find(|e| {
            e.start == start && e.at == at && core::ptr::eq(e.data.as_ptr(), data.as_ptr())
        })
    }

    /// Remembers `entry`, over the same glyph's older one or, round the ring, another.
    fn keep(&mut self, entry: GlyphEntry) {
        let same = self.entries.iter().position(|e| {
            e.is_some_and(|e| {
                e.start == entry.start
                    && e.at == entry.at
                    && core::ptr::eq(e.data.as_ptr(), entry.data.as_ptr())
            })
        });
        let k = same.unwrap_or_else(|| {
            let k = self.next % GLYPH_CURSORS;
            self.next = (k + 1) % GLYPH_CURSORS;
            k
        });
        if let Some(slot) = self.entries.get_mut(k) {
            *slot = Some(entry);
        }
    }
}

/// One glyph in [`GlyphCursors`]: which, where, its box, and its decoder.
#[derive(Clone, Copy)]
struct GlyphEntry {
    data: &'static [u8],
    start: usize,
    at: (i32, i32),
    x: i32,
    y: i32,
    width: u32,
    height: u32,
    cursor: GlyphCursor,
}

/// A glyph's run-length decoder between two rows: the bit reader's place and the run
/// of ones it is in (`left` of `ones` still to set, from `(row, column)`). Narrow
/// fields, as a laid-out label keeps one per glyph: a u8g2 font reads its run lengths
/// and glyph sizes in at most 8 bits, and a bit reader holds at most 7 unread bits.
#[derive(Clone, Copy, Default)]
struct GlyphCursor {
    next: u32,
    pending: u8,
    count: u8,
    zeros: u8,
    ones: u8,
    row: u16,
    column: u8,
    left: u8,
    /// The bit stream ended: no more rows have pixels.
    done: bool,
}

impl GlyphCursor {
    /// The decoder of a glyph `width` columns wide whose runs start at `bits`: the
    /// first pair read, its zeros skipped.
    fn start(bits: &mut Bits, zeros_bits: u8, ones_bits: u8, width: u32) -> Self {
        let mut cursor = GlyphCursor {
            done: true,
            ..GlyphCursor::default()
        };
        if width != 0 {
            if let (Some(zeros), Some(ones)) = (bits.unsigned(zeros_bits), bits.unsigned(ones_bits))
            {
                (cursor.zeros, cursor.ones) = (zeros as u8, ones as u8);
                cursor.done = false;
                cursor.skip_zeros(width);
            }
        }
        cursor.keep_place(bits);
        cursor
    }

    /// Notes where `bits` is.
    #[inline]
    fn keep_place(&mut self, bits: &Bits) {
        self.next = bits.next as u32;
        self.pending = bits.pending as u8;
        self.count = bits.count;
    }

    /// Moves past the current pair's zeros and makes its ones the run to set.
    #[inline]
    fn skip_zeros(&mut self, width: u32) {
        let mut column = u32::from(self.column) + u32::from(self.zeros);
        let mut row = u32::from(self.row);
        while column >= width {
            column -= width;
            row += 1;
        }
        // Below `width` and `height + 2 · 255`.
        (self.column, self.row) = (column as u8, row as u16);
        self.left = self.ones;
    }

    /// Decodes on, setting the ones in `rows` (the glyph's, from its top; rows past
    /// their end are dropped), until row `height` (or the stream's end); `bits` is the
    /// reader at the cursor's place, which the cursor keeps.
    #[inline(always)]
    fn run(
        &mut self,
        mut bits: Bits,
        (zeros_bits, ones_bits): (u8, u8),
        width: u32,
        height: u32,
        rows: &mut [u64],
    ) {
        let (width, height) = (width as usize, height as usize);
        // The cursor's fields, widened for the loop.
        let (mut row, mut column, mut left) = (
            usize::from(self.row),
            usize::from(self.column),
            usize::from(self.left),
        );
        let (mut zeros, mut ones) = (usize::from(self.zeros), usize::from(self.ones));
        let mut done = self.done;
        while !done {
            // The run of ones, a row's part at a time.
            while left > 0 && row < height {
                let n = left.min(width - column);
                if column < MAX_GLYPH_SIZE as usize {
                    let n = n.min(MAX_GLYPH_SIZE as usize - column);
                    if let Some(bits) = rows.get_mut(row) {
                        *bits |= (u64::MAX >> (64 - n)) << column;
                    }
                }
                column += n;
                left -= n;
                if column == width {
                    column = 0;
                    row += 1;
                }
            }
            if row >= height {
                break;
            }
            match bits.unsigned(1) {
                Some(1) => {}
                Some(_) => match (bits.unsigned(zeros_bits), bits.unsigned(ones_bits)) {
                    (Some(z), Some(o)) => (zeros, ones) = (z as usize, o as usize),
                    _ => done = true,
                },
                None => done = true,
            }
            if !done {
                // Past the pair's zeros; its ones are the run to set.
                column += zeros;
                while column >= width {
                    column -= width;
                    row += 1;
                }
                left = ones;
            }
        }
        // Narrowed back: below `width`, `height + 2 · 255` and 256 (see the fields).
        (self.row, self.column, self.left) = (row as u16, column as u8, left as u8);
        (self.zeros, self.ones, self.done) = (zeros as u8, ones as u8, done);
        self.keep_place(&bits);
    }
}

/// One glyph's decoding, kept with a laid-out label for the tiles of a frame: the
/// glyph's box and where its decoding stopped, so that each tile goes on from the last.
#[derive(Clone, Copy, Default)]
pub(crate) struct GlyphDecoder {
    cursor: GlyphCursor,
    /// The glyph's box: columns from the pen to its left edge, rows from the baseline
    /// up to its bottom edge, its size (each read in at most 8 bits).
    x: i8,
    y: i8,
    width: u8,
    height: u8,
    /// The glyph's rows whose pixels have been decoded, from its top: the decoding can
    /// go on for any rows from there down (the cursor is past them only by runs of
    /// zeros).
    decoded: u16,
    /// Whether the decoding has started (the fields above are this glyph's).
    started: bool,
    /// Where the glyph's rows start in the pass's [`DecodedRows`], when it was decoded
    /// whole there ([`U8g2Font::glyph_decoded`]).
    rows: Option<u16>,
}

impl GlyphDecoder {
    /// Whether the glyph was decoded whole into the pass's [`DecodedRows`].
    pub(crate) fn decoded_whole(&self) -> bool {
        self.started && self.rows.is_some()
    }

    /// The glyph's top row, from its line's top, in a font of baseline `baseline`.
    fn top(&self, baseline: i32) -> i32 {
        baseline - (i32::from(self.y) + i32::from(self.height))
    }
}

/// How many glyph rows [`DecodedRows`] holds: five 24-pixel digits of a clock.
const DECODED_ROWS: usize = 128;

/// How many glyphs [`DecodedRows`] remembers.
const DECODED_GLYPHS: usize = 8;

/// Glyphs of laid-out labels decoded whole, their rows one after the other (1 KB): a
/// large glyph cut by many short tiles is decoded once and blitted from here in each,
/// and a glyph decoded in one draw pass is found here in the next ones (a clock's
/// digits redrawn every frame are not decoded again). Emptied when a pass finds no
/// room before it has used any of the rows, or at the next pass when a glyph did not
/// fit; a glyph that does not fit is decoded band by band as without it.
pub(crate) struct DecodedRows {
    rows: [u64; DECODED_ROWS],
    /// The rows in use.
    used: usize,
    /// The glyphs whose rows these are (font data and character).
    glyphs: Vec<DecodedGlyph, DECODED_GLYPHS>,
    /// A glyph did not fit, or could not be remembered: the rows are emptied at the
    /// next pass.
    full: bool,
    /// Whether this pass found or decoded a glyph here (then the rows it refers to
    /// stay until the pass ends).
    touched: bool,
    /// The draw pass the rows were last used in.
    pass: u32,
}

impl Default for DecodedRows {
    fn default() -> Self {
        DecodedRows {
            rows: [0; DECODED_ROWS],
            used: 0,
            glyphs: Vec::new(),
            full: false,
            touched: false,
            pass: 0,
        }
    }
}

impl DecodedRows {
    /// Makes the rows the draw pass `pass`'s: when the last pass ran out of room, they
    /// are emptied (its layouts, which alone refer to them by place, are not used
    /// again); otherwise the glyphs decoded so far stay, found by font and character.
    pub(crate) fn start_pass(&mut self, pass: u32) {
        if pass != self.pass {
            self.pass = pass;
            self.touched = false;
            if self.full {
                self.empty();
            }
        }
    }

    /// Drops every glyph.
    fn empty(&mut self) {
        self.used = 0;
        self.glyphs.clear();
        self.full = false;
    }
}

/// A glyph in [`DecodedRows`]: its font (the address of the font's data), character,
/// first row there and box.
#[derive(Clone, Copy)]
struct DecodedGlyph {
    font: usize,
    c: char,
    at: u16,
    x: i8,
    y: i8,
    width: u8,
    height: u8,
}

impl DecodedGlyph {
    /// The decoder of a glyph decoded whole here: its box, its rows, nothing left to
    /// decode (its cursor is not read: a decoder with rows here is not decoded on, and
    /// [`U8g2Font::glyph_rows_kept`] starts it over).
    fn decoder(&self) -> GlyphDecoder {
        GlyphDecoder {
            cursor: GlyphCursor {
                done: true,
                ..GlyphCursor::default()
            },
            x: self.x,
            y: self.y,
            width: self.width,
            height: self.height,
            decoded: u16::from(self.height),
            started: true,
            rows: Some(self.at),
        }
    }
}

#[cfg(test)]
mod tests {
    //! Every glyph of several fonts, decoded here and drawn by `u8g2-fonts`, pixel for
    //! pixel, with the same advance.

    extern crate std;

    use core::convert::Infallible;
    use std::collections::BTreeSet;

    use embedded_graphics::geometry::{OriginDimensions, Point, Size};
    use embedded_graphics::pixelcolor::BinaryColor;
    use embedded_graphics::prelude::DrawTarget;
    use embedded_graphics::Pixel;
    use u8g2_fonts::types::FontColor;

    use super::*;

    /// Records the pixels drawn.
    struct Pixels(BTreeSet<(i32, i32)>);

    impl OriginDimensions for Pixels {
        fn size(&self) -> Size {
            Size::new(1024, 1024)
        }
    }

    impl DrawTarget for Pixels {
        type Color = BinaryColor;
        type Error = Infallible;

        fn draw_iter<I: IntoIterator<Item = Pixel<BinaryColor>>>(
            &mut self,
            pixels: I,
        ) -> Result<(), Infallible> {
            for Pixel(p, _) in pixels {
                self.0.insert((p.x, p.y));
            }
            Ok(())
        }
    }

    fn check(font: &U8g2Font, reference: &FontRenderer) -> usize {
        let mut glyphs = 0;
        let mut mask = GlyphMask::default();
        for code in (0x20..0x3000u32).filter_map(char::from_u32) {
            let mut expected = Pixels(BTreeSet::new());
            let drawn = reference
                .render(
                    code,
                    Point::new(100, 100),
                    VerticalPosition::Top,
                    FontColor::Transparent(BinaryColor::On),
                    &mut expected,
                )
                .map_or(None, |d| d.bounding_box);
            let advance = reference
                .get_rendered_dimensions(code, Point::zero(), VerticalPosition::Top)
                .map_or(0, |d| d.advance.x);
            assert_eq!(font.advance(code), advance, "{code:?}");
            assert_eq!(font.glyph(code, &mut mask), drawn.is_some(), "{code:?}");
            let mut got = BTreeSet::new();
            for row in 0..mask.height as i32 {
                for column in 0..mask.width as i32 {
                    if mask.get(column, row) {
                        got.insert((100 + mask.left + column, 100 + mask.top + row));
                    }
                }
            }
            assert_eq!(got, expected.0, "{code:?}");
            glyphs += usize::from(drawn.is_some());
        }
        glyphs
    }

    macro_rules! fonts {
        ($($font:ident),*) => {{
            let mut glyphs = 0;
            $({
                static FONT: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::$font>();
                let reference = FontRenderer::new::<u8g2_fonts::fonts::$font>()
                    .with_ignore_unknown_chars(true);
                glyphs += check(&FONT, &reference);
            })*
            glyphs
        }};
    }

    /// Every glyph decoded in bands of rows, going on from the cursors of the band
    /// before (and, for one band height, with the cursors forgotten in between), gives
    /// the rows of the whole glyph decoded at once.
    #[test]
    fn glyphs_decoded_band_by_band_match_whole_ones() {
        static FONTS: [U8g2Font; 3] = [
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvB24_tn>(),
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_logisoso32_tn>(),
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>(),
        ];
        let (mut whole, mut band) = (GlyphMask::default(), GlyphMask::default());
        let mut cursors = GlyphCursors::default();
        for font in &FONTS {
            for code in (0x20..0x7fu32).filter_map(char::from_u32) {
                let drawn = font.glyph(code, &mut whole);
                for rows in [1, 3, 7, 64] {
                    for at in [(0, 0), (5, 9)] {
                        let mut top = -2;
                        while top < 40 {
                            if rows == 7 && top % 2 == 0 {
                                cursors = GlyphCursors::default();
                            }
                            let got = font.glyph_rows(
                                code,
                                &mut band,
                                top,
                                top + rows,
                                Some((&mut cursors, at)),
                            );
                            assert_eq!(got, drawn, "{code:?}");
                            assert_eq!(
                                (band.left, band.top, band.width, band.height),
                                (whole.left, whole.top, whole.width, whole.height)
                            );
                            for line in top.max(0)..top + rows {
                                let r = line - whole.top;
                                if (0..whole.height as i32).contains(&r) {
                                    let r = r as usize;
                                    assert_eq!(band.rows[r], whole.rows[r], "{code:?} row {r}");
                                }
                            }
                            top += rows;
                        }
                    }
                }
            }
        }
    }

    /// The same with a laid-out label's decoder per glyph: bands down the glyph, one
    /// band drawn twice (as by two tiles side by side), and a band above the last (a
    /// later damaged rectangle), which starts the glyph over.
    #[test]
    fn glyphs_decoded_with_a_kept_decoder_match_whole_ones() {
        static FONTS: [U8g2Font; 3] = [
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvB24_tn>(),
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_logisoso32_tn>(),
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>(),
        ];
        let (mut whole, mut band) = (GlyphMask::default(), GlyphMask::default());
        for font in &FONTS {
            for code in (0x20..0x7fu32).filter_map(char::from_u32) {
                let drawn = font.glyph(code, &mut whole);
                for rows in [1, 3, 7, 64] {
                    let mut decoder = GlyphDecoder::default();
                    let mut bands = std::vec::Vec::new();
                    let mut top = -2;
                    while top < 40 {
                        bands.push(top);
                        if top == 4 {
                            bands.push(top);
                        }
                        top += rows;
                    }
                    bands.push(0);
                    for top in bands {
                        let got =
                            font.glyph_rows_kept(code, &mut band, top, top + rows, &mut decoder);
                        assert_eq!(got, drawn, "{code:?}");
                        assert_eq!(
                            (band.left, band.top, band.width, band.height),
                            (whole.left, whole.top, whole.width, whole.height)
                        );
                        for line in top.max(0)..top + rows {
                            let r = line - whole.top;
                            if (0..whole.height as i32).contains(&r) {
                                let r = r as usize;
                                assert_eq!(band.rows[r], whole.rows[r], "{code:?} row {r}");
                            }
                        }
                    }
                }
            }
        }
    }

    /// A glyph decoded whole into the rows: the same box and rows as decoded into a
    /// mask, the second time from the kept rows, after band-by-band decoding too; one
    /// that no longer fits is not decoded there and its decoder is left as it was.
    #[test]
    fn glyphs_decoded_whole_match_whole_ones() {
        static FONTS: [U8g2Font; 3] = [
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvB24_tn>(),
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_logisoso50_tn>(),
            U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvR08_tr>(),
        ];
        let (mut whole, mut band) = (GlyphMask::default(), GlyphMask::default());
        for font in &FONTS {
            for code in (0x20..0x7fu32).filter_map(char::from_u32) {
                let drawn = font.glyph(code, &mut whole);
                let mut decoded = DecodedRows::default();
                let mut decoder = GlyphDecoder::default();
                if (code as u32).is_multiple_of(2) {
                    // Part way band by band first.
                    font.glyph_rows_kept(code, &mut band, 0, 5, &mut decoder);
                }
                for _ in 0..2 {
                    let got = font
                        .glyph_decoded(code, &mut decoder, &mut decoded)
                        .expect("an empty pass has room");
                    if drawn {
                        assert!(decoder.decoded_whole());
                        let want = whole.as_rows();
                        assert_eq!(
                            (got.left, got.top, got.width, got.rows),
                            (want.left, want.top, want.width, want.rows),
                            "{code:?}"
                        );
                    } else {
                        assert!(got.rows.iter().all(|&r| r == 0), "{code:?}");
                    }
                }
                // A glyph when the rows are all but full: not decoded there, and the
                // rows emptied at the next pass.
                let mut crowded = DecodedRows {
                    used: DECODED_ROWS - 1,
                    touched: true,
                    ..DecodedRows::default()
                };
                let mut other = GlyphDecoder::default();
                if drawn && whole.height > 1 {
                    assert!(font.glyph_decoded(code, &mut other, &mut crowded).is_none());
                    assert!(!other.started);
                    crowded.start_pass(1);
                    assert_eq!(crowded.used, 0);
                }
            }
        }
    }

    /// A glyph decoded in one pass is found in the next (same rows, nothing decoded
    /// again); a pass that runs out of room empties the rows for the next, whose
    /// glyphs are decoded afresh, and so does one that finds no room for its first; a
    /// glyph of another font is not taken for one of the same character.
    #[test]
    fn decoded_glyphs_are_kept_from_pass_to_pass_until_the_room_runs_out() {
        static CLOCK: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_helvB24_tn>();
        static BIG: U8g2Font = U8g2Font::new::<u8g2_fonts::fonts::u8g2_font_logisoso50_tn>();
        let mut decoded = DecodedRows::default();
        let mut whole = GlyphMask::default();
        let mut decode = |font: &U8g2Font, c: char, decoded: &mut DecodedRows| {
            let mut decoder = GlyphDecoder::default();
            let rows = font
                .glyph_decoded(c, &mut decoder, decoded)
                .map(|g| (g.left, g.top, g.width, g.rows.to_vec()));
            assert!(font.glyph(c, &mut whole));
            let want = whole.as_rows();
            if let Some(got) = &rows {
                assert_eq!(*got, (want.left, want.top, want.width, want.rows.to_vec()));
            }
            rows.is_some()
        };
        decoded.start_pass(1);
        assert!(decode(&CLOCK, '1', &mut decoded) && decode(&CLOCK, '2', &mut decoded));
        let used = decoded.used;
        decoded.start_pass(2);
        assert!(decode(&CLOCK, '2', &mut decoded) && decode(&CLOCK, '1', &mut decoded));
        assert_eq!(decoded.used, used, "found, not decoded again");
        // The other font's '1' is its own (and its 50-pixel rows fill the room).
        assert!(decode(&BIG, '1', &mut decoded));
        assert!(decoded.used > used);
        assert!(!decode(&BIG, '2', &mut decoded), "no room left");
        decoded.start_pass(3);
        assert_eq!((decoded.used, decoded.glyphs.len()), (0, 0));
        assert!(decode(&BIG, '2', &mut decoded) && decode(&BIG, '3', &mut decoded));
        // A pass whose first glyph finds no room: the earlier passes' go.
        decoded.start_pass(4);
        assert!(decode(&BIG, '4', &mut decoded));
        assert_eq!(decoded.glyphs.len(), 1);
    }

    #[test]
    fn every_glyph_matches_u8g2_fonts() {
        let glyphs = fonts!(
            u8g2_font_helvR08_tr,
            u8g2_font_helvB12_tr,
            u8g2_font_logisoso32_tn,
            u8g2_font_6x10_tf,
            u8g2_font_unifont_t_symbols,
            u8g2_font_10x20_t_cyrillic,
            u8g2_font_logisoso50_tn
        );
        // Printable ASCII in the first four, more in the others: the count proves the
        // fonts were read at all.
        assert!(glyphs > 900, "{glyphs} glyphs");
    }
}
