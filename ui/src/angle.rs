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
