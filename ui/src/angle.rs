//! Angles as the dials count them, and as the core's [`Shape::arc`] does: degrees
//! clockwise from the top of the node (y up), so 90 is the right and 180 the bottom.
//!
//! [`Shape::arc`]: sprig::render::Shape

use sprig::Vec2;

/// The unit vector `degrees` clockwise from the top (y up).
pub(crate) fn direction(degrees: f32) -> Vec2 {
    let (sin, cos) = sprig::sin_cos_degrees(degrees);
    Vec2::new(sin, cos)
}

/// The direction of `offset` (from a centre) in degrees clockwise from the top, in
/// `0..360`; 0 for a zero offset.
pub(crate) fn degrees_of(offset: Vec2) -> f32 {
    let degrees = libm::atan2f(offset.x, offset.y).to_degrees();
    if degrees < 0.0 {
        degrees + 360.0
    } else {
        degrees
    }
}

/// `degrees` brought into `0..360`.
pub(crate) fn wrap(degrees: f32) -> f32 {
    let turn = degrees % 360.0;
    if turn < 0.0 {
        turn + 360.0
    } else {
        turn
    }
}
