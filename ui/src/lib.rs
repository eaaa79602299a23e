//! Sprig's UI toolkit: the parts a product's screens are built from, written as ordinary
//! reusable components (`impl Hooks for …` against `AnyWorld`), so they work in any
//! app's world whatever its component set and capacities. Like the core, the crate is
//! `no_std` and allocates nothing: every capacity is a constant in a type.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The guide's Rust examples are doctests of this crate, so they cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../docs/ui.md")]
struct UiGuide;

// The images guide too: its examples use the core's images and this crate's animation.
#[cfg(doctest)]
#[doc = include_str!("../../docs/images.md")]
struct ImagesGuide;

// The scene guide's examples use the toolkit's widgets, so they are doctests here too.
#[cfg(doctest)]
#[doc = include_str!("../../docs/scenes.md")]
struct ScenesGuide;

pub mod animation;
pub mod button;
pub mod ease;
pub mod focus;
pub mod layout;
pub mod list;
pub mod progress;
pub mod slider;
pub mod toggle;
pub mod transition;
pub mod tween;
pub mod widget;

pub use animation::{AnimationClip, AnimationEnded, SpriteAnimation, WrapMode};
pub use button::{Button, Click};
pub use ease::Easing;
pub use focus::{FocusGroup, FocusIndicator, Navigation};
pub use list::List;
#[allow(deprecated)]
pub use progress::ProgressBar;
pub use progress::ProgressSizer;
pub use slider::{Direction, Slider, SliderMoved};
pub use toggle::{Toggle, ToggleGroup, Toggled};
pub use transition::{ButtonState, PerState, Transition, MAX_TRANSITIONS};
pub use tween::{tween, Props, StopTweens, Tween, TweenBuilder, TweenCall};
