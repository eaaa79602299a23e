//! Anti-aliased segments of a given width, shaded a pixel at a time: what a
//! [`Scale`](crate::Scale)'s ticks and a [`Chart`](crate::Chart)'s line are drawn with.
//! A widget drawing many segments in one node (a node per tick or per point would eat
//! the node arena) tests each pixel against the few segments near it.

use embedded_graphics::pixelcolor::{Rgb888, RgbColor};
use sprig::Vec2;

/// How much of the pixel centred on `p` a segment from `a` to `b`, `width` units wide
/// with square-cut ends flush with `a` and `b`, covers: 0 to 255, full within the
/// segment by half a pixel, fading over one pixel across its edges.
pub(crate) fn segment_coverage(p: Vec2, a: Vec2, b: Vec2, width: f32) -> u8 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let length2 = dx * dx + dy * dy;
    let (px, py) = (p.x - a.x, p.y - a.y);
    if length2 <= f32::EPSILON {
        return 0;
    }
    let length = libm::sqrtf(length2);
    // Along the segment from `a`, and across it from its middle line.
    let along = (px * dx + py * dy) / length;
    let across = ((px * dy - py * dx) / length).abs();
    let side = coverage_of(width / 2.0 - across);
    // Ends are cut square; a joint of two segments is covered by both.
    let ends = coverage_of(along.min(length - along) + 0.5);
    ((side * ends * 255.0) + 0.5) as u8
}

/// How much of the pixel centred on `p` a segment from `a` to `b`, `width` units wide
/// with round ends (so that consecutive segments join without a notch), covers: 0 to
/// 255, fading over one pixel across its edge.
pub(crate) fn capsule_coverage(p: Vec2, a: Vec2, b: Vec2, width: f32) -> u8 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (px, py) = (p.x - a.x, p.y - a.y);
    let length2 = dx * dx + dy * dy;
    let t = if length2 > 0.0 {
        ((px * dx + py * dy) / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ox, oy) = (px - t * dx, py - t * dy);
    let distance = libm::sqrtf(ox * ox + oy * oy);
    (coverage_of(width / 2.0 - distance) * 255.0 + 0.5) as u8
}

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

/// A colour and its coverage, with another laid over it at `alpha`: the pair a shader
/// hands [`Canvas::paint`](sprig::render::Canvas::paint).
pub(crate) fn over(below: Option<(Rgb888, u8)>, color: Rgb888, alpha: u8) -> Option<(Rgb888, u8)> {
    match (below, alpha) {
        (below, 0) => below,
        (Some((under, coverage)), _) => {
            let total = 255 - (u16::from(255 - coverage) * u16::from(255 - alpha) + 127) / 255;
            // The blend keeps `under`'s share where it is opaque; where it is not, the
            // new colour's weight grows with what lies uncovered beneath.
            let share = (u16::from(alpha) * 255 + total / 2) / total.max(1);
            Some((mix(under, color, share.min(255) as u8), total as u8))
        }
        (None, _) => Some((color, alpha)),
    }
}
