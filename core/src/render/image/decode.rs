//! Reading pixels, colour and alpha, out of an [`ImageSource`]: random access for raw
//! data and uncompressed files, one pass in file order for run-length encoded ones.
//!
//! BMP goes through `tinybmp` and TGA through `tinytga`'s `RawTga` (its `Tga` refuses
//! 32-bit files and drops the alpha bit of 16-bit ones, so the colours are converted
//! here as `tinytga` converts them). QOI is decoded by `super::qoi`: `tinyqoi` 0.2
//! yields colours without their alpha. Each file format is behind its cargo feature
//! (`bmp`, `tga`, `qoi`), so that a firmware links only the decoders it uses.

#[cfg(feature = "bmp")]
use core::convert::Infallible;

#[cfg(feature = "bmp")]
use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::Size;
#[cfg(feature = "bmp")]
use embedded_graphics::geometry::{OriginDimensions, Point};
#[cfg(feature = "bmp")]
use embedded_graphics::image::{GetPixel, ImageDrawable};
#[cfg(feature = "tga")]
use embedded_graphics::pixelcolor::raw::{RawU16, RawU24, RawU8};
use embedded_graphics::pixelcolor::Rgb888;
#[cfg(feature = "tga")]
use embedded_graphics::pixelcolor::{Gray8, Rgb555};
#[cfg(feature = "bmp")]
use embedded_graphics::Pixel;
#[cfg(feature = "bmp")]
use tinybmp::{Bmp, CompressionMethod};
#[cfg(feature = "tga")]
use tinytga::{Bpp, Compression, ImageOrigin, RawTga};

#[cfg(feature = "qoi")]
use super::qoi::Qoi;
use super::ImageSource;

/// A parsed source.
pub(crate) enum Decoded {
    Raw {
        data: &'static [u8],
        width: u32,
        height: u32,
        /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
        bytes: usize,
    },
    #[cfg(feature = "bmp")]
    Bmp(Bmp<'static, Rgb888>),
    #[cfg(feature = "tga")]
    Tga(Tga),
    #[cfg(feature = "qoi")]
    Qoi(Qoi<'static>),
}

impl Decoded {
    pub(crate) fn new(source: &ImageSource) -> Option<Self> {
        match *source {
            ImageSource::Raw { data, width } => Some(Self::raw(data, width, 3)),
            ImageSource::Rgba { data, width } => Some(Self::raw(data, width, 4)),
            #[cfg(feature = "bmp")]
            ImageSource::Bmp(file) => Bmp::from_slice(file).ok().map(Decoded::Bmp),
            #[cfg(feature = "tga")]
            ImageSource::Tga(file) => RawTga::from_slice(file).ok().map(|raw| {
                Decoded::Tga(Tga {
                    alpha_bits: raw.header().alpha_channel_depth,
                    color_bpp: raw.color_bpp(),
                    raw,
                })
            }),
            #[cfg(feature = "qoi")]
            ImageSource::Qoi(file) => Qoi::new(file).map(Decoded::Qoi),
        }
    }

    fn raw(data: &'static [u8], width: u32, bytes: usize) -> Self {
        // A partial last row is ignored, as `embedded_graphics::image::ImageRaw` has it.
        let row = (width as usize).saturating_mul(bytes);
        let height = data.len().checked_div(row).unwrap_or(0);
        Decoded::Raw {
            data,
            width: if height == 0 { 0 } else { width },
            height: height as u32,
            bytes,
        }
    }

    pub(crate) fn size(&self) -> Size {
        match self {
            Decoded::Raw { width, height, .. } => Size::new(*width, *height),
            #[cfg(feature = "bmp")]
            Decoded::Bmp(bmp) => bmp.size(),
            #[cfg(feature = "tga")]
            Decoded::Tga(tga) => tga.raw.size(),
            #[cfg(feature = "qoi")]
            Decoded::Qoi(qoi) => qoi.size(),
        }
    }

    /// Whether [`Decoded::pixel`] works: the image is not run-length encoded.
    pub(crate) fn random_access(&self) -> bool {
        match self {
            Decoded::Raw { .. } => true,
            #[cfg(feature = "bmp")]
            Decoded::Bmp(bmp) => !matches!(
                bmp.as_raw().header().compression_method,
                CompressionMethod::Rle4 | CompressionMethod::Rle8
            ),
            #[cfg(feature = "tga")]
            Decoded::Tga(tga) => tga.raw.compression() == Compression::Uncompressed,
            #[cfg(feature = "qoi")]
            Decoded::Qoi(_) => false,
        }
    }

    /// The colour and alpha of the pixel at `(x, y)` from the top-left corner, for
    /// random-access images.
    #[inline]
    pub(crate) fn pixel(&self, x: u32, y: u32) -> Option<(Rgb888, u8)> {
        match self {
            Decoded::Raw {
                data,
                width,
                height,
                bytes,
            } => {
                if x >= *width || y >= *height {
                    return None;
                }
                let start = (y as usize * *width as usize + x as usize) * bytes;
                let p = data.get(start..start + bytes)?;
                let alpha = p.get(3).copied().unwrap_or(u8::MAX);
                Some((Rgb888::new(p[0], p[1], p[2]), alpha))
            }
            #[cfg(feature = "bmp")]
            Decoded::Bmp(bmp) => bmp
                .pixel(Point::new(x as i32, y as i32))
                .map(|c| (c, u8::MAX)),
            #[cfg(feature = "tga")]
            Decoded::Tga(tga) => tga.pixel(x, y),
            #[cfg(feature = "qoi")]
            Decoded::Qoi(_) => None,
        }
    }

    /// Pixels `x..x + count` of row `y` (from the top-left corner), in order, as
    /// `f(k, colour, alpha)` for pixel `x + k`: for random-access images, a row of an
    /// uncompressed TGA read as one slice, the others pixel by pixel.
    #[inline]
    pub(crate) fn row(&self, x: u32, y: u32, count: usize, mut f: impl FnMut(usize, Rgb888, u8)) {
        match self {
            #[cfg(feature = "tga")]
            Decoded::Tga(tga) => tga.row(x, y, count, f),
            _ => {
                for k in 0..count {
                    if let Some((color, alpha)) = self.pixel(x + k as u32, y) {
                        f(k, color, alpha);
                    }
                }
            }
        }
    }

    /// Every pixel once, in file order, as `(x, y, colour, alpha)`: for the images
    /// without random access.
    ///
    /// `f` is a `dyn` closure: the decoders are generic code, and each caller's closure
    /// would otherwise link a copy of all three into the firmware.
    #[cfg_attr(
        not(any(feature = "bmp", feature = "tga", feature = "qoi")),
        allow(unused_variables)
    )]
    pub(crate) fn for_each(&self, f: &mut dyn FnMut(u32, u32, Rgb888, u8)) {
        match self {
            Decoded::Raw { .. } => {}
            #[cfg(feature = "bmp")]
            Decoded::Bmp(bmp) => {
                // `tinybmp`'s own drawing decodes RLE row by row (its pixel iterator
                // stops at the first end of line).
                let mut sink = Sink {
                    size: bmp.size(),
                    f: |p: Point, color| {
                        if p.x >= 0 && p.y >= 0 {
                            f(p.x as u32, p.y as u32, color, u8::MAX);
                        }
                    },
                };
                let _ = bmp.draw(&mut sink);
            }
            #[cfg(feature = "tga")]
            Decoded::Tga(tga) => {
                let raw = &tga.raw;
                let width = raw.size().width;
                let mirrored = matches!(
                    raw.image_origin(),
                    ImageOrigin::TopRight | ImageOrigin::BottomRight
                );
                for pixel in raw.pixels() {
                    let p = pixel.position;
                    if p.x < 0 || p.y < 0 || p.x as u32 >= width {
                        continue;
                    }
                    let x = if mirrored {
                        width - 1 - p.x as u32
                    } else {
                        p.x as u32
                    };
                    if let Some((color, alpha)) = tga.color(pixel.color) {
                        f(x, p.y as u32, color, alpha);
                    }
                }
            }
            #[cfg(feature = "qoi")]
            Decoded::Qoi(qoi) => qoi.for_each(f),
        }
    }
}

/// A `DrawTarget` handing every pixel drawn to a closure.
#[cfg(feature = "bmp")]
struct Sink<F> {
    size: Size,
    f: F,
}

#[cfg(feature = "bmp")]
impl<F> OriginDimensions for Sink<F> {
    fn size(&self) -> Size {
        self.size
    }
}

#[cfg(feature = "bmp")]
impl<F: FnMut(Point, Rgb888)> DrawTarget for Sink<F> {
    type Color = Rgb888;
    type Error = Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Infallible>
    where
        I: IntoIterator<Item = Pixel<Rgb888>>,
    {
        for Pixel(p, color) in pixels {
            (self.f)(p, color);
        }
        Ok(())
    }
}

/// A parsed TGA file, with what drawing reads for every pixel noted once
/// (`RawTga::header` parses the header again on each call).
#[cfg(feature = "tga")]
pub(crate) struct Tga {
    raw: RawTga<'static>,
    /// The header's attribute (alpha) bits per pixel.
    alpha_bits: u8,
    /// Bits per colour, after the colour map.
    color_bpp: Bpp,
}

#[cfg(feature = "tga")]
impl Tga {
    /// A TGA pixel value (an index for colour-mapped images) as a colour and an
    /// alpha. Colours convert as `tinytga` converts them; the alpha is the top byte of
    /// a 32-bit value and the top bit of a 16-bit one, when the header says the file
    /// has that many attribute bits (otherwise the pixel is opaque).
    #[inline(always)]
    fn color(&self, value: u32) -> Option<(Rgb888, u8)> {
        let value = match self.raw.color_map() {
            Some(map) => map.get_raw(value as usize)?,
            None => value,
        };
        match self.color_bpp {
            Bpp::Bits8 => Some((Gray8::from(RawU8::new(value as u8)).into(), u8::MAX)),
            Bpp::Bits16 => {
                let alpha = if self.alpha_bits >= 1 && value & 0x8000 == 0 {
                    0
                } else {
                    u8::MAX
                };
                Some((Rgb555::from(RawU16::new(value as u16)).into(), alpha))
            }
            Bpp::Bits24 => Some((Rgb888::from(RawU24::new(value)), u8::MAX)),
            Bpp::Bits32 => {
                let alpha = if self.alpha_bits >= 8 {
                    (value >> 24) as u8
                } else {
                    u8::MAX
                };
                Some((Rgb888::from(RawU24::new(value & 0x00FF_FFFF)), alpha))
            }
            _ => None,
        }
    }

    /// See [`Decoded::row`], for an uncompressed image.
    fn row(&self, x: u32, y: u32, count: usize, mut f: impl FnMut(usize, Rgb888, u8)) {
        let raw = &self.raw;
        let size = raw.size();
        if x >= size.width || y >= size.height {
            return;
        }
        let count = count.min((size.width - x) as usize);
        let (row, mirrored) = match raw.image_origin() {
            ImageOrigin::TopLeft => (y, false),
            ImageOrigin::TopRight => (y, true),
            ImageOrigin::BottomLeft => (size.height - 1 - y, false),
            ImageOrigin::BottomRight => (size.height - 1 - y, true),
        };
        // The stored columns, left to right in the file.
        let first = if mirrored {
            size.width as usize - x as usize - count
        } else {
            x as usize
        };
        let bytes = usize::from(raw.image_data_bpp().bits() / 8);
        let start = (row as usize * size.width as usize + first) * bytes;
        let Some(stored) = raw.image_data().get(start..start + count * bytes) else {
            return;
        };
        let mut each = |k: usize, value: u32| {
            if let Some((color, alpha)) = self.color(value) {
                f(if mirrored { count - 1 - k } else { k }, color, alpha);
            }
        };
        match bytes {
            1 => stored
                .iter()
                .enumerate()
                .for_each(|(k, &b)| each(k, u32::from(b))),
            2 => stored
                .chunks_exact(2)
                .enumerate()
                .for_each(|(k, p)| each(k, u32::from(p[0]) | u32::from(p[1]) << 8)),
            3 => stored.chunks_exact(3).enumerate().for_each(|(k, p)| {
                each(
                    k,
                    u32::from(p[0]) | u32::from(p[1]) << 8 | u32::from(p[2]) << 16,
                )
            }),
            4 => stored
                .chunks_exact(4)
                .enumerate()
                .for_each(|(k, p)| each(k, u32::from_le_bytes([p[0], p[1], p[2], p[3]]))),
            _ => {}
        }
    }

    /// The pixel at `(x, y)` from the top-left corner of an uncompressed image.
    #[inline]
    fn pixel(&self, x: u32, y: u32) -> Option<(Rgb888, u8)> {
        let raw = &self.raw;
        let size = raw.size();
        if x >= size.width || y >= size.height {
            return None;
        }
        let (column, row) = match raw.image_origin() {
            ImageOrigin::TopLeft => (x, y),
            ImageOrigin::TopRight => (size.width - 1 - x, y),
            ImageOrigin::BottomLeft => (x, size.height - 1 - y),
            ImageOrigin::BottomRight => (size.width - 1 - x, size.height - 1 - y),
        };
        let bytes = usize::from(raw.image_data_bpp().bits() / 8);
        let start = (row as usize)
            .checked_mul(size.width as usize)?
            .checked_add(column as usize)?
            .checked_mul(bytes)?;
        let end = start.checked_add(bytes)?;
        let stored = raw.image_data().get(start..end)?;
        let mut le = [0u8; 4];
        le.get_mut(..bytes)?.copy_from_slice(stored);
        self.color(u32::from_le_bytes(le))
    }
}
