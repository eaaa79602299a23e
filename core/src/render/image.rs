//! The image component: raw RGB bytes, a BMP file or a TGA file, stretched over its
//! node's content rectangle and sampled nearest-neighbour through the node's transform.

use core::convert::Infallible;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::image::{GetPixel, ImageDrawable, ImageRaw};
use embedded_graphics::pixelcolor::raw::{RawU16, RawU24, RawU8};
use embedded_graphics::pixelcolor::{Gray8, Rgb555, Rgb888};
use embedded_graphics::Pixel;
use tinybmp::{Bmp, CompressionMethod};
use tinytga::{Bpp, Compression, ImageOrigin, RawTga, Tga};

use crate::render::canvas::Canvas;
use crate::render::color::RenderColor;
use crate::render::draw::Draw;
use crate::render::fingerprint::Fingerprint;
use crate::render::label::box_at_anchor;
use crate::{Component, HookMask, Hooks, Rect, Vec2};

/// Where an [`Image`]'s pixels come from. Every variant borrows `'static` bytes (a
/// `const`, a `static` or `include_bytes!`), so nothing is copied or allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// A BMP file, as `tinybmp` reads it (1, 4, 8, 16, 24 and 32 bits per pixel, RLE4 and
    /// RLE8). A file it cannot parse draws nothing.
    Bmp(&'static [u8]),
    /// A TGA file, as `tinytga` reads it (grey, colour-mapped and true-colour images of up
    /// to 24 bits per pixel, raw or RLE, any origin). A file it cannot parse draws nothing.
    Tga(&'static [u8]),
}

/// A picture drawn in its node.
///
/// The image fills the node's content rectangle, stretched to it; on an axis where the
/// content size is zero it takes its own size in pixels, at the node's anchor as a
/// [`Label`](crate::render::Label) does (`0.5` on that axis). Each screen pixel whose
/// centre falls in that rectangle takes the colour of the image pixel under the centre
/// (nearest neighbour): image `x` runs right and `y` down from the rectangle's top-left
/// corner, so scale stretches the image, rotation turns it and a negative scale mirrors
/// it. Image pixels are opaque; the node's opacity blends them.
///
/// Uncompressed images are read pixel by pixel where they are drawn; RLE-compressed ones
/// cannot be read at random, so each draw decodes them once from the start (they cost
/// their full size per redrawn tile).
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
}

impl Image {
    /// Raw RGB bytes, `width` pixels a row (see [`ImageSource::Raw`]).
    pub const fn raw(data: &'static [u8], width: u32) -> Self {
        Image {
            source: ImageSource::Raw { data, width },
        }
    }

    /// A BMP file.
    ///
    /// ```
    /// use sprig::render::Image;
    ///
    /// // Not a BMP file: a zero size, and nothing is drawn.
    /// assert_eq!(Image::bmp(b"nope").size().width, 0);
    /// ```
    pub const fn bmp(file: &'static [u8]) -> Self {
        Image {
            source: ImageSource::Bmp(file),
        }
    }

    /// A TGA file.
    pub const fn tga(file: &'static [u8]) -> Self {
        Image {
            source: ImageSource::Tga(file),
        }
    }

    /// The image's size in pixels; zero when its file cannot be parsed. Parses the
    /// file's header on each call.
    pub fn size(&self) -> Size {
        Decoded::new(&self.source).map_or(Size::zero(), |d| d.size())
    }

    /// The rectangle of anchor space the image fills.
    fn area(content: Rect, size: Size) -> Rect {
        let own = box_at_anchor(content, size.width as f32, size.height as f32);
        let (x, width) = if content.width > 0.0 {
            (content.x, content.width)
        } else {
            (own.x, own.width)
        };
        let (y, height) = if content.height > 0.0 {
            (content.y, content.height)
        } else {
            (own.y, own.height)
        };
        Rect::new(x, y, width, height)
    }
}

impl Component for Image {
    const NAME: &'static str = "Image";
    const EXECUTION_ORDER: i16 = 0;
    const HOOKS: HookMask = HookMask::NONE;
}

impl Hooks for Image {}

/// A parsed source.
enum Decoded {
    Raw(ImageRaw<'static, Rgb888>),
    Bmp(Bmp<'static, Rgb888>),
    Tga(Tga<'static, Rgb888>),
}

impl Decoded {
    fn new(source: &ImageSource) -> Option<Self> {
        match *source {
            ImageSource::Raw { data, width } => Some(Decoded::Raw(ImageRaw::new(data, width))),
            ImageSource::Bmp(file) => Bmp::from_slice(file).ok().map(Decoded::Bmp),
            ImageSource::Tga(file) => Tga::from_slice(file).ok().map(Decoded::Tga),
        }
    }

    fn size(&self) -> Size {
        match self {
            Decoded::Raw(raw) => raw.size(),
            Decoded::Bmp(bmp) => bmp.size(),
            Decoded::Tga(tga) => tga.size(),
        }
    }

    /// Whether [`Decoded::pixel`] works: the image is not run-length encoded.
    fn random_access(&self) -> bool {
        match self {
            Decoded::Raw(_) => true,
            Decoded::Bmp(bmp) => !matches!(
                bmp.as_raw().header().compression_method,
                CompressionMethod::Rle4 | CompressionMethod::Rle8
            ),
            Decoded::Tga(tga) => tga.as_raw().compression() == Compression::Uncompressed,
        }
    }

    /// The pixel at `(x, y)` from the top-left corner, for random-access images.
    fn pixel(&self, x: u32, y: u32) -> Option<Rgb888> {
        match self {
            Decoded::Raw(raw) => raw.pixel(Point::new(x as i32, y as i32)),
            Decoded::Bmp(bmp) => bmp.pixel(Point::new(x as i32, y as i32)),
            Decoded::Tga(tga) => tga_pixel(tga.as_raw(), x, y),
        }
    }

    /// Every pixel once, in file order, as `(x, y, colour)`: for RLE images.
    fn for_each(&self, mut f: impl FnMut(u32, u32, Rgb888)) {
        match self {
            Decoded::Raw(_) => {}
            Decoded::Bmp(bmp) => {
                // `tinybmp`'s own drawing decodes RLE row by row (its pixel iterator
                // stops at the first end of line).
                let mut sink = Sink {
                    size: bmp.size(),
                    f: |p: Point, color| {
                        if p.x >= 0 && p.y >= 0 {
                            f(p.x as u32, p.y as u32, color);
                        }
                    },
                };
                let _ = bmp.draw(&mut sink);
            }
            Decoded::Tga(tga) => {
                let raw = tga.as_raw();
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
                    if let Some(color) = tga_color(raw, pixel.color) {
                        f(x, p.y as u32, color);
                    }
                }
            }
        }
    }
}

/// A `DrawTarget` handing every pixel drawn to a closure.
struct Sink<F> {
    size: Size,
    f: F,
}

impl<F> OriginDimensions for Sink<F> {
    fn size(&self) -> Size {
        self.size
    }
}

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

/// A TGA pixel value (an index for colour-mapped images) as a colour, converted as
/// `tinytga` converts it.
fn tga_color(raw: &RawTga<'_>, value: u32) -> Option<Rgb888> {
    let value = match raw.color_map() {
        Some(map) => map.get_raw(value as usize)?,
        None => value,
    };
    match raw.color_bpp() {
        Bpp::Bits8 => Some(Gray8::from(RawU8::new(value as u8)).into()),
        Bpp::Bits16 => Some(Rgb555::from(RawU16::new(value as u16)).into()),
        Bpp::Bits24 => Some(Rgb888::from(RawU24::new(value))),
        _ => None,
    }
}

/// The pixel at `(x, y)` from the top-left corner of an uncompressed TGA image.
fn tga_pixel(raw: &RawTga<'_>, x: u32, y: u32) -> Option<Rgb888> {
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
    le[..bytes].copy_from_slice(stored);
    tga_color(raw, u32::from_le_bytes(le))
}

/// Maps points of anchor space to image pixels.
#[derive(Clone, Copy)]
struct Sampler {
    area: Rect,
    width: u32,
    height: u32,
    x_scale: f32,
    y_scale: f32,
}

impl Sampler {
    fn new(area: Rect, size: Size) -> Self {
        Sampler {
            area,
            width: size.width,
            height: size.height,
            x_scale: size.width as f32 / area.width,
            y_scale: size.height as f32 / area.height,
        }
    }

    /// The image pixel under `p`, if `p` is in the image (left and bottom edges in,
    /// right and top edges out).
    fn cell(&self, p: Vec2) -> Option<(u32, u32)> {
        let a = &self.area;
        if !(p.x >= a.x && p.x < a.max_x() && p.y >= a.y && p.y < a.max_y()) {
            return None;
        }
        let u = libm::floorf((p.x - a.x) * self.x_scale);
        let v = libm::floorf((a.max_y() - p.y) * self.y_scale);
        // In range but for float noise at the edges; clamp (and NaN becomes 0).
        let x = (u.max(0.0) as u32).min(self.width - 1);
        let y = (v.max(0.0) as u32).min(self.height - 1);
        Some((x, y))
    }

    /// The rectangle of anchor space image pixel `(x, y)` covers.
    fn cell_rect(&self, x: u32, y: u32) -> Rect {
        let a = &self.area;
        let (w, h) = (a.width / self.width as f32, a.height / self.height as f32);
        Rect::new(a.x + x as f32 * w, a.max_y() - (y + 1) as f32 * h, w, h)
    }
}

impl Draw for Image {
    const DRAWS: bool = true;

    fn draw<C: RenderColor>(&self, canvas: &mut Canvas<'_, C>) {
        let Some(image) = Decoded::new(&self.source) else {
            return;
        };
        let size = image.size();
        if size.width == 0 || size.height == 0 {
            return;
        }
        let mut area = Image::area(canvas.content(), size);
        if !(area.width > 0.0 && area.height > 0.0) {
            return;
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
        let sampler = Sampler::new(area, size);
        if image.random_access() {
            canvas.paint(area, |p| {
                let (x, y) = sampler.cell(p)?;
                image.pixel(x, y).map(|color| (color, 255))
            });
        } else {
            // Each screen pixel still takes the colour of `sampler.cell` of its centre,
            // exactly as above: painted by the one image pixel whose cell that is.
            image.for_each(|x, y, color| {
                canvas.paint(sampler.cell_rect(x, y), |p| {
                    (sampler.cell(p) == Some((x, y))).then_some((color, 255))
                });
            });
        }
    }

    /// Covers the source's kind and every byte of its data (and a raw image's width).
    /// Hashing all bytes costs a pass over the image each frame, which is cheap for the
    /// small images a microcontroller screen shows, and never misses a change between
    /// two images that differ anywhere (a sample could). No pointers are hashed.
    fn appearance(&self) -> u32 {
        match self.source {
            ImageSource::Raw { data, width } => Fingerprint::new().word(1).word(width).bytes(data),
            ImageSource::Bmp(file) => Fingerprint::new().word(2).bytes(file),
            ImageSource::Tga(file) => Fingerprint::new().word(3).bytes(file),
        }
        .finish()
    }

    /// The rectangle the image fills (see [`Image`]); the content rectangle when it has
    /// a size.
    fn local_bounds(&self, content: Rect) -> Rect {
        if content.width > 0.0 && content.height > 0.0 {
            return content;
        }
        Image::area(content, self.size())
    }
}
