//! A QOI decoder that keeps the alpha channel (the format: <https://qoiformat.org>).
//!
//! `tinyqoi` 0.2, the ecosystem's decoder, tracks alpha internally but yields `Rgb888`
//! only, so a transparent edge would come out black. The format is one page long; this
//! decoder follows the reference `qoi.h` op by op (the tests check it against `tinyqoi`
//! on the colours). It streams: no table beyond the format's 64 remembered pixels, no
//! random access, each pass decodes from the start.

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb888;

/// The 14-byte header's magic.
const MAGIC: &[u8; 4] = b"qoif";
/// Header length in bytes.
const HEADER: usize = 14;
/// The end marker.
const END: [u8; 8] = [0, 0, 0, 0, 0, 0, 0, 1];

/// A QOI file whose header has been read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Qoi<'a> {
    chunks: &'a [u8],
    width: u32,
    height: u32,
}

/// A pixel as the format holds it: red, green, blue, alpha.
type Rgba = [u8; 4];

fn hash(p: Rgba) -> usize {
    usize::from(
        p[0].wrapping_mul(3)
            .wrapping_add(p[1].wrapping_mul(5))
            .wrapping_add(p[2].wrapping_mul(7))
            .wrapping_add(p[3].wrapping_mul(11))
            % 64,
    )
}

impl<'a> Qoi<'a> {
    /// The file's header, if it is a QOI file.
    pub(crate) fn new(file: &'a [u8]) -> Option<Self> {
        let header = file.get(..HEADER)?;
        if header.get(..4)? != MAGIC {
            return None;
        }
        let be = |at: usize| -> Option<u32> {
            let b = header.get(at..at + 4)?;
            Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        };
        // The stream ends with seven zero bytes and a one, which are not pixels (they
        // would read as index ops); a file cut short has none to drop.
        let body = file.get(HEADER..)?;
        let chunks = match body.len().checked_sub(END.len()) {
            Some(cut) if body.get(cut..) == Some(&END[..]) => body.get(..cut)?,
            _ => body,
        };
        Some(Qoi {
            chunks,
            width: be(4)?,
            height: be(8)?,
        })
    }

    /// Width and height in pixels, as the header says.
    pub(crate) fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }

    /// Every pixel in file order (rows from the top, each from the left) as `(x, y,
    /// colour, alpha)`; stops early where the data ends.
    pub(crate) fn for_each(&self, f: &mut dyn FnMut(u32, u32, Rgb888, u8)) {
        let mut index: [Rgba; 64] = [[0; 4]; 64];
        let mut px: Rgba = [0, 0, 0, 255];
        let mut run = 0u8;
        let mut data = self.chunks.iter().copied();
        for y in 0..self.height {
            for x in 0..self.width {
                if run > 0 {
                    run -= 1;
                } else {
                    let Some(op) = data.next() else {
                        return;
                    };
                    let mut byte = || data.next();
                    match op {
                        0xFE => {
                            let (Some(r), Some(g), Some(b)) = (byte(), byte(), byte()) else {
                                return;
                            };
                            px = [r, g, b, px[3]];
                        }
                        0xFF => {
                            let (Some(r), Some(g), Some(b), Some(a)) =
                                (byte(), byte(), byte(), byte())
                            else {
                                return;
                            };
                            px = [r, g, b, a];
                        }
                        _ => match op >> 6 {
                            0 => px = index[usize::from(op & 0x3F)],
                            1 => {
                                let d = |shift: u8| ((op >> shift) & 3).wrapping_sub(2);
                                px[0] = px[0].wrapping_add(d(4));
                                px[1] = px[1].wrapping_add(d(2));
                                px[2] = px[2].wrapping_add(d(0));
                            }
                            2 => {
                                let Some(second) = byte() else {
                                    return;
                                };
                                let dg = (op & 0x3F).wrapping_sub(32);
                                let dr = (second >> 4).wrapping_sub(8).wrapping_add(dg);
                                let db = (second & 0x0F).wrapping_sub(8).wrapping_add(dg);
                                px[0] = px[0].wrapping_add(dr);
                                px[1] = px[1].wrapping_add(dg);
                                px[2] = px[2].wrapping_add(db);
                            }
                            _ => run = op & 0x3F,
                        },
                    }
                    index[hash(px)] = px;
                }
                f(x, y, Rgb888::new(px[0], px[1], px[2]), px[3]);
            }
        }
    }
}
