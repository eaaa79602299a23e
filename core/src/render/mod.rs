//! Rendering through `embedded-graphics`: nodes drawn in the order of `docs/lifecycle.md` §6 into any
//! `DrawTarget`, redrawing and flushing only the screen rectangles that changed.
//!
//! - [`color`]: colours given once as `Rgb888`, converted to the target's colour type,
//!   and blended for opacity.
//! - [`damage`]: the fixed-capacity list of damaged rectangles, merged by bus cost.
//! - draw order ([`DrawOrder`]): `docs/lifecycle.md` §6.
//! - [`Draw`] / [`DrawSet`]: what a drawable component is; [`Canvas`]: what it draws on.
//! - [`font`]: fonts for labels (mono, u8g2, your own bitmaps); [`Label`]: text.
//! - [`fixed`]: fixed-point sampling, the built-in shapes' path on boards without an FPU.
//! - [`Image`], [`Sprite`] and [`SpriteSheet`]: pictures with transparency and sprite
//!   sheets (`docs/images.md`).

mod arc;
#[cfg(feature = "shape-arcs")]
mod arc_cache;
pub mod canvas;
pub(crate) mod changes;
mod clip;
pub mod color;
pub mod damage;
mod draw;
mod draw_order;
mod fingerprint;
pub mod fixed;
pub mod font;
mod gradient;
mod image;
mod label;
mod progress;
mod renderer;
mod segments;
mod shape;
mod span;
mod sprite;

pub use crate::engine::component_set::DrawSet;
pub use arc::Cap;
pub use canvas::{AxisRows, Canvas};
pub use clip::Clip;
pub use color::RenderColor;
pub use draw::Draw;
pub use draw_order::DrawOrder;
pub use fingerprint::Fingerprint;
#[cfg(feature = "shape-effects")]
pub use gradient::{Gradient, GradientStop, Shadow, MAX_GRADIENT_STOPS};
pub use image::{Image, ImageSource, Transparency};
pub use label::{
    HorizontalAlign, Label, Overflow, VerticalAlign, DEFAULT_LABEL_CAPACITY, ELLIPSIS,
};
pub use progress::ProgressBar;
pub use renderer::{FrameStats, Renderer, TileCursor};
pub use shape::{Geometry, Shape, Stroke, MAX_POLYGON_POINTS};
pub use span::Coverage;
pub use sprite::{FrameLayout, Sprite, SpriteFrame, SpriteSheet};
