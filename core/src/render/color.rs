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
    ($($t:ty),*) => {$(
        impl RenderColor for $t {
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
    )*};
}

macro_rules! gray_blend {
    ($($t:ty),*) => {$(
        impl RenderColor for $t {
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
    )*};
}

rgb_blend!(Rgb888, Rgb565);
gray_blend!(Gray8, Gray4, Gray2);

impl RenderColor for BinaryColor {
    fn blend(self, below: Self, alpha: u8) -> Self {
        if alpha >= 128 {
            self
        } else {
            below
        }
    }
}
