//! Colours: components give them once as `Rgb888`; the renderer converts them to the
//! target's colour type (through `embedded-graphics`' own conversions) and blends them
//! for opacity where the colour type allows.

use embedded_graphics::pixelcolor::{
    BinaryColor, Gray2, Gray4, Gray8, GrayColor, PixelColor, Rgb565, Rgb888, RgbColor,
};

/// A colour type the renderer can draw in: made from `Rgb888`, and blendable.
///
/// Blending mixes each channel in the type's own precision, rounding to nearest:
/// `out = (alpha · self + (255 − alpha) · below) / 255`. `BinaryColor` has no middle, so
/// it takes `self` from `alpha` 128 up and `below` under that (a threshold).
///
/// ```
/// use embedded_graphics::pixelcolor::{BinaryColor, Gray4, GrayColor, Rgb888};
/// use sprig::render::color::RenderColor;
///
/// let white = Gray4::from_rgb888(Rgb888::new(255, 255, 255));
/// assert_eq!(white.blend(Gray4::BLACK, 128).luma(), 8);
/// assert_eq!(BinaryColor::On.blend(BinaryColor::Off, 127), BinaryColor::Off);
/// ```
pub trait RenderColor: PixelColor + From<Rgb888> {
    /// The colour of `rgb` in this type.
    fn from_rgb888(rgb: Rgb888) -> Self {
        Self::from(rgb)
    }

    /// Whether [`from_rgb888_dithered`](Self::from_rgb888_dithered) differs from
    /// [`from_rgb888`](Self::from_rgb888): a type of fewer than 8 bits a channel.
    const DITHERS: bool = false;

    /// The colour of `rgb` for the screen pixel `(x, y)`, with an ordered (4 × 4 Bayer)
    /// dither where the type has fewer levels than `Rgb888`: what gradients are drawn
    /// with, so that a slow ramp on RGB565 or a grey OLED shows no bands. Each channel is
    /// rounded up or down by a threshold that depends on the pixel's place in a 4 × 4
    /// tile, so that a patch of pixels averages the exact colour. Whole levels (black,
    /// white, any colour the type holds) come out unchanged. By default the plain
    /// conversion.
    fn from_rgb888_dithered(rgb: Rgb888, x: i32, y: i32) -> Self {
        let _ = (x, y);
        Self::from_rgb888(rgb)
    }

    /// `self` drawn over `below` with opacity `alpha` (0 transparent, 255 opaque).
    fn blend(self, below: Self, alpha: u8) -> Self;

    /// `self` drawn over each pixel of `below` with the same `alpha`: the same pixels as
    /// [`blend`](Self::blend) one at a time, which the built-in colour types do with the
    /// colour's share worked out once for the run.
    fn blend_run(self, below: &mut [Self], alpha: u8) {
        for pixel in below {
            *pixel = self.blend(*pixel, alpha);
        }
    }
}

/// The 4 × 4 Bayer matrix: the order in which a tile's pixels round up as a channel
/// goes from one level to the next.
const BAYER: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];

/// The threshold of screen pixel `(x, y)`, 0 to 254: `(2k + 1) · 255 / 32` for its place
/// `k` in [`BAYER`], spread evenly over one level's step.
#[inline]
fn threshold(x: i32, y: i32) -> u32 {
    let k = u32::from(BAYER[(y & 3) as usize][(x & 3) as usize]);
    (2 * k + 1) * 255 / 32
}

/// An 8-bit channel `v` as one of `max + 1` levels, rounded up where `v`'s place between
/// two levels passes the pixel's `threshold`: `⌊(v · max + threshold) / 255⌋`.
#[inline]
fn dither(v: u8, max: u32, threshold: u32) -> u8 {
    ((u32::from(v) * max + threshold) / 255).min(max) as u8
}

/// One channel's share of a blend at `alpha`, worked out once for a run: `mix(over,
/// under, alpha)` is `share.of(under)`.
#[derive(Clone, Copy)]
struct Share {
    /// `over · alpha + 127` (the rounding included).
    over: u32,
    /// `255 − alpha`.
    rest: u32,
}

impl Share {
    fn new(over: u8, alpha: u8) -> Self {
        let a = u32::from(alpha);
        Share {
            over: u32::from(over) * a + 127,
            rest: 255 - a,
        }
    }

    /// [`mix`] of the channel over `under`.
    #[inline]
    fn of(self, under: u8) -> u8 {
        ((self.over + u32::from(under) * self.rest) / 255) as u8
    }
}

/// One channel of `max` levels: `(alpha · over + (255 − alpha) · under) / 255`, rounded.
fn mix(over: u8, under: u8, alpha: u8) -> u8 {
    let a = u32::from(alpha);
    let v = (u32::from(over) * a + u32::from(under) * (255 - a) + 127) / 255;
    v as u8
}

macro_rules! rgb_blend {
    ($t:ty $(, { $($extra:item)* })?) => {
        impl RenderColor for $t {
            $($($extra)*)?

            fn blend(self, below: Self, alpha: u8) -> Self {
                <$t>::new(
                    mix(self.r(), below.r(), alpha),
                    mix(self.g(), below.g(), alpha),
                    mix(self.b(), below.b(), alpha),
                )
            }

            fn blend_run(self, below: &mut [Self], alpha: u8) {
                let (r, g, b) = (
                    Share::new(self.r(), alpha),
                    Share::new(self.g(), alpha),
                    Share::new(self.b(), alpha),
                );
                for pixel in below {
                    *pixel = <$t>::new(r.of(pixel.r()), g.of(pixel.g()), b.of(pixel.b()));
                }
            }
        }
    };
}

macro_rules! gray_blend {
    ($t:ty $(, { $($extra:item)* })?) => {
        impl RenderColor for $t {
            $($($extra)*)?

            fn blend(self, below: Self, alpha: u8) -> Self {
                <$t>::new(mix(self.luma(), below.luma(), alpha))
            }

            fn blend_run(self, below: &mut [Self], alpha: u8) {
                let share = Share::new(self.luma(), alpha);
                for pixel in below {
                    *pixel = <$t>::new(share.of(pixel.luma()));
                }
            }
        }
    };
}

rgb_blend!(Rgb888);
gray_blend!(Gray8);
rgb_blend!(Rgb565, {
    const DITHERS: bool = true;

    fn from_rgb888_dithered(rgb: Rgb888, x: i32, y: i32) -> Self {
        let t = threshold(x, y);
        Rgb565::new(
            dither(rgb.r(), 31, t),
            dither(rgb.g(), 63, t),
            dither(rgb.b(), 31, t),
        )
    }
});
gray_blend!(Gray4, {
    const DITHERS: bool = true;

    fn from_rgb888_dithered(rgb: Rgb888, x: i32, y: i32) -> Self {
        Gray4::new(dither(Gray8::from(rgb).luma(), 15, threshold(x, y)))
    }
});
gray_blend!(Gray2, {
    const DITHERS: bool = true;

    fn from_rgb888_dithered(rgb: Rgb888, x: i32, y: i32) -> Self {
        Gray2::new(dither(Gray8::from(rgb).luma(), 3, threshold(x, y)))
    }
});

impl RenderColor for BinaryColor {
    fn blend(self, below: Self, alpha: u8) -> Self {
        if alpha >= 128 {
            self
        } else {
            below
        }
    }
}
