//! Rendering through `embedded-graphics`: nodes drawn in the order of `docs/lifecycle.md` §6 into any
//! `DrawTarget`, redrawing and flushing only the screen rectangles that changed.
//!
//! - [`color`]: colours given once as `Rgb888`, converted to the target's colour type,
//!   and blended for opacity.
//! - [`damage`]: the fixed-capacity list of damaged rectangles, merged by bus cost.
//! - draw order ([`DrawOrder`]): `docs/lifecycle.md` §6.
//! - [`Draw`] / [`DrawSet`]: what a drawable component is; [`Canvas`]: what it draws on.
//! - [`fixed`]: fixed-point sampling, the built-in shapes' path on boards without an FPU.

pub mod canvas;
mod clip;
pub mod color;
pub mod damage;
mod draw;
mod draw_order;
mod fingerprint;
pub mod fixed;
mod image;
mod label;
mod progress;
mod renderer;
mod shape;

pub use crate::engine::component_set::DrawSet;
pub use canvas::Canvas;
pub use clip::Clip;
pub use color::RenderColor;
pub use draw::Draw;
pub use draw_order::DrawOrder;
pub use fingerprint::Fingerprint;
pub use image::{Image, ImageSource};
pub use label::{Label, MAX_LABEL_LEN};
pub use progress::ProgressBar;
pub use renderer::{FrameStats, Renderer, TileCursor};
pub use shape::{Geometry, Shape, Stroke, MAX_POLYGON_POINTS};
