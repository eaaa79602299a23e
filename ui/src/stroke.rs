//! Anti-aliased segments of a given width, shaded a pixel at a time: what a
//! [`Scale`](crate::Scale)'s ticks and a [`Chart`](crate::Chart)'s line are drawn with.
//! A widget drawing many segments in one node (a node per tick or per point would eat
//! the node arena) tests each pixel against the few segments near it.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};

/// How much of a pixel an edge `inside` units past its centre covers (0 to 1).
pub(crate) fn coverage_of(inside: f32) -> f32 {
    (inside + 0.5).clamp(0.0, 1.0)
}

/// `over` blended onto `under` at `alpha` (0 to 255), rounded.
pub(crate) fn mix(under: Rgb888, over: Rgb888, alpha: u8) -> Rgb888 {
    let a = u16::from(alpha);
    let channel = |u: u8, o: u8| ((u16::from(u) * (255 - a) + u16::from(o) * a + 127) / 255) as u8;
    Rgb888::new(
        channel(under.r(), over.r()),
        channel(under.g(), over.g()),
        channel(under.b(), over.b()),
    )
}
