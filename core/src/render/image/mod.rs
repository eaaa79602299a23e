//! The image component: raw RGB or RGBA bytes, a BMP, TGA or QOI file, stretched over
//! its node's content rectangle, sampled nearest-neighbour through the node's transform
//! in fixed point (the rule of [`canvas`](super::canvas): a pixel is decided at its
//! centre; [`fixed`](super::fixed): in integers, so exact at quarter turns and whole
//! scales), and blended onto what lies below with its alpha (`docs/images.md`).
//!
//! - `decode`: pixels out of each format (`tinybmp`, `tinytga`, and `qoi`), each file
//!   format behind its cargo feature (`bmp`, `tga`, `qoi`, all on by default).
//! - [`Transparency`]: 8-bit alpha, 1-bit alpha (a threshold), or a colour key.
//! - `draw_region`: the sampler, shared with [`Sprite`](super::Sprite), which draws one
//!   rectangle of a sheet; and its fast path, for a node drawn upright at its own size
//!   (a pure translation in fixed point), which copies rows of the source into the tile
//!   and gives the sampler's pixels exactly (the same rule: each pixel takes the image
//!   pixel under its centre).

mod decode;
#[cfg(feature = "qoi")]
mod qoi;
mod unit;

use embedded_graphics::geometry::Size;
use embedded_graphics::pixelcolor::Rgb888;

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::fixed::{FxPoint, FxRect};
use crate::{Component, HookMask, Hooks, Rect, Vec2};

pub(crate) use decode::Decoded;

/// Where an [`Image`]'s pixels come from. Every variant borrows `'static` bytes (a
/// `const`, a `static` or `include_bytes!`), so nothing is copied or allocated.
///
/// The file formats are cargo features of `sprig-core`, all on by default: `bmp`
/// ([`ImageSource::Bmp`], through `tinybmp`), `tga` ([`ImageSource::Tga`], through
/// `tinytga`) and `qoi` ([`ImageSource::Qoi`]). Raw RGB and RGBA are always there.
/// Non-exhaustive, as the variants present depend on the features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ImageSource {
    /// Raw `Rgb888` pixels: three bytes per pixel (red, green, blue), row-major from the
    /// top-left corner, `width` pixels a row. The height is `data.len() / (3 · width)`
    /// (a partial last row is ignored), as `embedded_graphics::image::ImageRaw` has it.
    Raw {
        /// The pixel bytes.
        data: &'static [u8],
        /// Pixels per row.
        width: u32,
    },
    /// Raw pixels with alpha: four bytes per pixel (red, green, blue, alpha; alpha 0 is
    /// transparent, 255 opaque, not premultiplied), laid out as [`ImageSource::Raw`].
    Rgba {
        /// The pixel bytes.
        data: &'static [u8],
        /// Pixels per row.
        width: u32,
    },
    /// A BMP file, as `tinybmp` reads it (1, 4, 8, 16, 24 and 32 bits per pixel, RLE4 and
    /// RLE8). Opaque: `tinybmp` 0.7 refuses 32-bit files with an alpha mask, so give a
    /// BMP a [`Transparency::ColorKey`] for transparent parts. A file it cannot parse
    /// draws nothing. Feature `bmp`.
    #[cfg(feature = "bmp")]
    Bmp(&'static [u8]),
    /// A TGA file, as `tinytga` reads it (grey, colour-mapped and true-colour images of
    /// 8, 16, 24 or 32 bits per pixel, raw or RLE, any origin). 32-bit files carry 8-bit
    /// alpha and 16-bit ones a 1-bit alpha, when the header's attribute bits say so. A
    /// file it cannot parse draws nothing. Feature `tga`.
    #[cfg(feature = "tga")]
    Tga(&'static [u8]),
    /// A QOI file (<https://qoiformat.org>), RGB or RGBA. Compressed: each draw decodes
    /// it from the start, as an RLE file. A file that is not QOI draws nothing. Feature
    /// `qoi`.
    #[cfg(feature = "qoi")]
    Qoi(&'static [u8]),
}

/// How an [`Image`] or [`Sprite`](super::Sprite) treats the alpha of its pixels.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb888;
/// use sprig::render::{Image, Transparency};
///
/// // An icon whose magenta pixels are see-through.
/// const MAGENTA: Rgb888 = Rgb888::new(255, 0, 255);
/// const PIXELS: [u8; 6] = [255, 0, 255, 0, 0, 255];
/// let icon = Image::raw(&PIXELS, 2).with_transparency(Transparency::ColorKey(MAGENTA));
/// assert_eq!(icon.transparency, Transparency::ColorKey(MAGENTA));
/// assert_eq!(Image::raw(&PIXELS, 2).transparency, Transparency::Alpha);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Transparency {
    /// The source's own alpha, 8 bits, blended onto what lies below (pixels without
    /// alpha are opaque). The default.
    #[default]
    Alpha,
    /// 1-bit alpha: a pixel whose alpha is at least `threshold` is drawn opaque, any other
    /// is not drawn. Crisp edges at the cost of no blending, which suits 1-bit panels
    /// and is cheaper (no read of the pixel below).
    Cutout {
        /// The least alpha drawn (1 to 255; 0 draws every pixel).
        threshold: u8,
    },
    /// Pixels of exactly this colour are not drawn (the classic transparent BMP); the
    /// others keep their alpha.
    ColorKey(Rgb888),
    /// Every pixel opaque, whatever the source's alpha.
    Opaque,
}

impl Transparency {
    /// The alpha to draw a pixel of `color` whose source alpha is `alpha` with.
    #[inline]
    fn apply(self, color: Rgb888, alpha: u8) -> u8 {
        match self {
            Transparency::Alpha => alpha,
            Transparency::Cutout { threshold } => {
                if alpha >= threshold {
                    u8::MAX
                } else {
                    0
                }
            }
            Transparency::ColorKey(key) => {
                if color == key {
                    0
                } else {
                    alpha
                }
            }
            Transparency::Opaque => u8::MAX,
        }
    }

    fn fingerprint(self, f: Fingerprint) -> Fingerprint {
        match self {
            Transparency::Alpha => f.word(0),
            Transparency::Cutout { threshold } => f.word(1).word(u32::from(threshold)),
            Transparency::ColorKey(key) => f.word(2).color(key),
            Transparency::Opaque => f.word(3),
        }
    }
}

/// A picture drawn in its node.
///
/// The image fills the node's content rectangle, stretched to it; on an axis where the
/// content size is zero it takes its own size in pixels, at the node's anchor as a
/// [`Label`](crate::render::Label) does (`0.5` on that axis). Each screen pixel whose
/// centre falls in that rectangle takes the colour of the image pixel under the centre
/// (nearest neighbour, found in fixed point): image `x` runs right and `y` down from the
/// rectangle's top-left corner, so scale stretches the image, rotation turns it and a
/// negative scale mirrors it. At scale ±1 and ±2, … and quarter turns every image pixel
/// lands on whole screen pixels. Pixels are blended with their alpha as
/// [`Transparency`] says, times the node's opacity.
///
/// Uncompressed images are read pixel by pixel where they are drawn; RLE-compressed and
/// QOI ones cannot be read at random, so each draw decodes them once from the start
/// (they cost their full size per redrawn tile).
///
/// ```
/// use sprig::render::{Image, ImageSource};
///
/// // A 2 × 1 image: red, then blue.
/// const PIXELS: [u8; 6] = [255, 0, 0, 0, 0, 255];
/// let image = Image::raw(&PIXELS, 2);
/// assert_eq!(image.source, ImageSource::Raw { data: &PIXELS, width: 2 });
/// assert_eq!((image.size().width, image.size().height), (2, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Image {
    /// The pixels.
    pub source: ImageSource,
    /// How their alpha is used.
    pub transparency: Transparency,
}

impl Image {
    const fn of(source: ImageSource) -> Self {
        Image {
            source,
            transparency: Transparency::Alpha,
        }
    }

    /// Raw RGB bytes, `width` pixels a row (see [`ImageSource::Raw`]).
    pub const fn raw(data: &'static [u8], width: u32) -> Self {
        Image::of(ImageSource::Raw { data, width })
    }

    /// Raw RGBA bytes, `width` pixels a row (see [`ImageSource::Rgba`]).
    ///
    /// ```
    /// use sprig::render::Image;
    ///
    /// // Opaque red, then half-transparent blue.
    /// const PIXELS: [u8; 8] = [255, 0, 0, 255, 0, 0, 255, 128];
    /// assert_eq!(Image::rgba(&PIXELS, 2).size().width, 2);
    /// ```
    pub const fn rgba(data: &'static [u8], width: u32) -> Self {
        Image::of(ImageSource::Rgba { data, width })
    }

    /// A BMP file (feature `bmp`).
    ///
    /// ```
    /// use sprig::render::Image;
    ///
    /// // Not a BMP file: a zero size, and nothing is drawn.
    /// assert_eq!(Image::bmp(b"nope").size().width, 0);
    /// ```
    #[cfg(feature = "bmp")]
    pub const fn bmp(file: &'static [u8]) -> Self {
        Image::of(ImageSource::Bmp(file))
    }

    /// A TGA file (feature `tga`).
    #[cfg(feature = "tga")]
    pub const fn tga(file: &'static [u8]) -> Self {
        Image::of(ImageSource::Tga(file))
    }

    /// A QOI file (feature `qoi`).
    #[cfg(feature = "qoi")]
    pub const fn qoi(file: &'static [u8]) -> Self {
        Image::of(ImageSource::Qoi(file))
    }

    /// This image with another [`Transparency`].
    pub const fn with_transparency(mut self, transparency: Transparency) -> Self {
        self.transparency = transparency;
        self
    }

    /// The image's size in pixels; zero when its file cannot be parsed. Parses the
    /// file's header on each call.
    pub fn size(&self) -> Size {
        Decoded::new(&self.source).map_or(Size::zero(), |d| d.size())
    }

    /// A fingerprint of the source's identity and the transparency (see
    /// [`Draw::appearance`]): the kind of source, the address and length of its bytes
    /// and a raw image's width. The bytes are `&'static [u8]`, which nothing can change
    /// while they are borrowed, so the same address and length always hold the same
    /// pixels; a different source is different bytes elsewhere (or the same bytes under
    /// another address, a harmless redraw). No byte is read, so the cost is the same for
    /// any size of image.
    pub(crate) fn fingerprint(&self) -> Fingerprint {
        let (kind, width, data): (u32, u32, &[u8]) = match self.source {
            ImageSource::Raw { data, width } => (1, width, data),
            #[cfg(feature = "bmp")]
            ImageSource::Bmp(file) => (2, 0, file),
            #[cfg(feature = "tga")]
            ImageSource::Tga(file) => (3, 0, file),
            ImageSource::Rgba { data, width } => (4, width, data),
            #[cfg(feature = "qoi")]
            ImageSource::Qoi(file) => (5, 0, file),
        };
        let address = data.as_ptr() as usize as u64;
        let f = Fingerprint::new()
            .word(kind)
            .word(width)
            .word(address as u32)
            .word((address >> 32) as u32)
            .word(data.len() as u32);
        self.transparency.fingerprint(f)
    }
}

impl Component for Image {
    const NAME: &'static str = "Image";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for Image {}

#[cfg(test)]
mod tests;

/// A rectangle of an image's pixels: `x`, `y` from its top-left corner, a size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub(crate) x: u32,
    pub(crate) y: u32,
    pub(crate) width: u32,
    pub(crate) height: u32,
}

impl Region {
    /// The region within an image of `size`, if it lies wholly inside and is not empty.
    pub(crate) fn within(self, size: Size) -> Option<Self> {
        let inside = self.width > 0
            && self.height > 0
            && self.x.checked_add(self.width)? <= size.width
            && self.y.checked_add(self.height)? <= size.height;
        inside.then_some(self)
    }
}

/// The rectangle of anchor space an image (or frame) of `size` pixels fills: the
/// content rectangle on each axis where it has a size, otherwise the image's own size at
/// the node's anchor.
pub(crate) fn area(content: Rect, size: Size) -> Rect {
    let anchor = |origin: f32, extent: f32| {
        if extent > 0.0 && extent.is_finite() {
            -origin / extent
        } else {
            0.5
        }
    };
    let (width, height) = (size.width as f32, size.height as f32);
    let (x, width) = if content.width > 0.0 {
        (content.x, content.width)
    } else {
        (-anchor(content.x, content.width) * width, width)
    };
    let (y, height) = if content.height > 0.0 {
        (content.y, content.height)
    } else {
        (-anchor(content.y, content.height) * height, height)
    };
    Rect::new(x, y, width, height)
}

/// Fractional bits of the sampler's pixels-per-unit ratios.
const RATIO_BITS: u32 = 40;

/// Maps points of anchor space (fixed point) to the pixels of a region.
#[derive(Clone, Copy)]
struct Sampler {
    area: FxRect,
    width: u32,
    height: u32,
    /// Region pixels per anchor-space [`Fx`](crate::render::fixed::Fx) unit, with
    /// `RATIO_BITS` fractional bits: exact at whole scales and their halves, quarters….
    x_ratio: i128,
    y_ratio: i128,
    /// The ratios in 64 bits, when `ratios_fit`.
    x_ratio_64: i64,
    y_ratio_64: i64,
    ratios_fit: bool,
}

impl Sampler {
    fn new(area: FxRect, width: u32, height: u32) -> Option<Self> {
        let (w, h) = (i128::from(area.width()), i128::from(area.height()));
        if w <= 0 || h <= 0 {
            return None;
        }
        let x_ratio = (i128::from(width) << RATIO_BITS) / w;
        let y_ratio = (i128::from(height) << RATIO_BITS) / h;
        let (x64, y64) = (i64::try_from(x_ratio), i64::try_from(y_ratio));
        Some(Sampler {
            area,
            width,
            height,
            x_ratio,
            y_ratio,
            ratios_fit: x64.is_ok() && y64.is_ok(),
            x_ratio_64: x64.unwrap_or(0),
            y_ratio_64: y64.unwrap_or(0),
        })
    }

    /// The region pixel under `p`, if `p` is in the area (left and bottom edges in,
    /// right and top edges out).
    #[inline]
    fn cell(&self, p: FxPoint) -> Option<(u32, u32)> {
        if !self.area.contains(p) {
            return None;
        }
        let (dx, dy) = (p.x - self.area.x0, self.area.y1 - p.y);
        // In 64 bits while the products fit (distances under 2^39 units at scale 1),
        // which a 32-bit core does several times faster than 128-bit products.
        let (u, v) = match (
            dx.checked_mul(self.x_ratio_64),
            dy.checked_mul(self.y_ratio_64),
        ) {
            (Some(u), Some(v)) if self.ratios_fit => {
                (i128::from(u >> RATIO_BITS), i128::from(v >> RATIO_BITS))
            }
            _ => (
                (i128::from(dx) * self.x_ratio) >> RATIO_BITS,
                (i128::from(dy) * self.y_ratio) >> RATIO_BITS,
            ),
        };
        // In range but at the top edge (`v` = height) and for the ratios' rounding.
        let x = (u.max(0) as u64).min(u64::from(self.width - 1)) as u32;
        let y = (v.max(0) as u64).min(u64::from(self.height - 1)) as u32;
        Some((x, y))
    }
}

/// Draws `region` of `image` over the rectangle `area` of anchor space (see [`Image`]).
pub(crate) fn draw_region<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    image: &Decoded,
    region: Region,
    area: Rect,
    transparency: Transparency,
) {
    draw_region_by(canvas, image, region, area, transparency, true);
}

/// [`draw_region`], by the fast path when `fast` allows and the node's map has it;
/// whether it took it (the tests compare the two paths).
fn draw_region_by<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    image: &Decoded,
    region: Region,
    mut area: Rect,
    transparency: Transparency,
    fast: bool,
) -> bool {
    if !(area.width > 0.0 && area.height > 0.0) {
        return false;
    }
    // Drawn at its own scale and upright, the image lands on whole pixels: a corner
    // between pixel centres would otherwise drop a row or column of it. The move is
    // under a pixel, towards a corner the node's bounds already cover.
    let m = canvas.to_screen();
    if canvas.is_axis_aligned() && m.a == 1.0 && m.d == -1.0 {
        let corner = m.transform_point(Vec2::new(area.x, area.max_y()));
        area.x += libm::roundf(corner.x) - corner.x;
        area.y -= libm::roundf(corner.y) - corner.y;
    }
    let Some(sampler) = Sampler::new(FxRect::of(&area), region.width, region.height) else {
        return false;
    };
    if fast && unit::draw(canvas, image, region, &sampler, area, transparency) {
        return true;
    }
    draw_sampled(canvas, image, region, &sampler, area, transparency);
    false
}

/// The general path of [`draw_region`]: every pixel centre taken back through the
/// node's transform and sampled.
#[cfg_attr(
    not(any(feature = "bmp", feature = "tga", feature = "qoi")),
    allow(irrefutable_let_patterns)
)]
fn draw_sampled<C: RenderColor>(
    canvas: &mut Canvas<'_, C>,
    image: &Decoded,
    region: Region,
    sampler: &Sampler,
    area: Rect,
    transparency: Transparency,
) {
    let shade = |color: Rgb888, alpha: u8| {
        let alpha = transparency.apply(color, alpha);
        (alpha > 0).then_some((color, alpha))
    };
    if let Decoded::Raw {
        data, width, bytes, ..
    } = *image
    {
        // Raw pixels, the common case of sprites: read in place, without going through
        // the decoder's match for every pixel.
        let (row_bytes, base) = (width as usize * bytes, region.x as usize * bytes);
        canvas.paint_fixed(area, |p| {
            let (x, y) = sampler.cell(p)?;
            let start = (region.y + y) as usize * row_bytes + base + x as usize * bytes;
            let px = data.get(start..start + bytes)?;
            let alpha = px.get(3).copied().unwrap_or(u8::MAX);
            shade(Rgb888::new(px[0], px[1], px[2]), alpha)
        });
    } else if image.random_access() {
        canvas.paint_fixed(area, |p| {
            let (x, y) = sampler.cell(p)?;
            let (color, alpha) = image.pixel(region.x + x, region.y + y)?;
            shade(color, alpha)
        });
    } else {
        // Each screen pixel still takes the colour of `sampler.cell` of its centre,
        // exactly as above: painted by the one image pixel whose cell that is. The cell's
        // rectangle is widened a little so that rounding cannot leave a centre out.
        let (w, h) = (
            area.width / region.width as f32,
            area.height / region.height as f32,
        );
        let margin = 1.0 / 64.0;
        image.for_each(&mut |x, y, color, alpha| {
            let (Some(x), Some(y)) = (x.checked_sub(region.x), y.checked_sub(region.y)) else {
                return;
            };
            if x >= region.width || y >= region.height {
                return;
            }
            let Some((color, alpha)) = shade(color, alpha) else {
                return;
            };
            let cell = Rect::new(
                area.x + x as f32 * w - margin,
                area.max_y() - (y + 1) as f32 * h - margin,
                w + 2.0 * margin,
                h + 2.0 * margin,
            );
            canvas.paint_fixed(cell, |p| {
                (sampler.cell(p) == Some((x, y))).then_some((color, alpha))
            });
        });
    }
}

impl Draw for Image {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let Some(image) = Decoded::new(&self.source) else {
            return;
        };
        let size = image.size();
        let full = Region {
            x: 0,
            y: 0,
            width: size.width,
            height: size.height,
        };
        if let Some(region) = full.within(size) {
            let area = area(canvas.content(), size);
            draw_region(canvas, &image, region, area, self.transparency);
        }
    }

    /// Covers the source's identity (its kind, the address and length of its
    /// `'static` bytes, a raw image's width) and the transparency, without reading a
    /// byte of the image: the bytes behind a `&'static [u8]` cannot change.
    fn appearance(&self) -> u32 {
        self.fingerprint().finish()
    }

    /// The rectangle the image fills (see [`Image`]); the content rectangle when it has
    /// a size.
    fn local_bounds(&self, content: Rect) -> Rect {
        if content.width > 0.0 && content.height > 0.0 {
            return content;
        }
        area(content, self.size())
    }
}
