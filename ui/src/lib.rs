//! Sprig's UI toolkit: the parts a product's screens are built from, written as ordinary
//! reusable components (`impl Hooks for …` against `AnyWorld`), so they work in any
//! app's world whatever its component set and capacities. Like the core, the crate is
//! `no_std` and allocates nothing: every capacity is a constant in a type.
//!
//! The parts: [tweens](mod@tween) and their [easings](ease), [focus] navigation for
//! keypads, a scrolling [list], Cocos's [widget] and [layout], [`Button`]s and their
//! [transitions](transition), [`Toggle`]s, [`Slider`]s, a [`ProgressSizer`], sprite
//! [animations](animation), the value [pickers](picker) ([`Checkbox`], [`Spinbox`],
//! [`Dropdown`] with its [`Backdrop`], [`Roller`]), a [`ScreenStack`] of screens with
//! slide, cover and fade transitions, a modal [`MessageBox`], [`BlockInput`], text
//! entry ([`TextArea`] and an on-screen [`Keyboard`]), the dials and data widgets
//! ([`Led`], [`Spinner`], a [`Scale`], a [`Chart`], and with the `arc` feature an
//! `Arc`), and the containers (a [`TabView`], a [`Tileview`] and a scrollable
//! [`Table`]). List the ones you use in your world's component set, beside your own
//! components, and drive the world as usual:
//!
//! ```
//! use sprig::{world, Key};
//! use sprig_ui::{Button, FocusGroup, Transition};
//!
//! world! { pub type Menu = World { nodes: 8, components: App { Button: 2, FocusGroup: 1 } }; }
//!
//! let mut world = Menu::new();
//! let menu = world.create_child(world.root(), "Menu")?;
//! let play = world.create_child(menu, "Play")?;
//! let quit = world.create_child(menu, "Quit")?;
//! for node in [play, quit] {
//!     // Bigger while pressed, easing over 0.1 s (Cocos's zoom transition).
//!     world.add_component(node, Button::new().with_transition(Transition::zoom(1.2, 0.1)))?;
//! }
//! world.add_component(menu, FocusGroup::ordered())?; // the arrows move the focus: on "Play"
//! world.key(Key::Down, true)?;
//! assert_eq!(world.focus(), Some(quit));
//! world.key(Key::A, true)?; // held down on "Quit"
//! world.tick(0.05)?;
//! world.tick(0.05)?;
//! assert_eq!(world.scale(quit)?.x, 1.2);
//! assert_eq!(world.scale(play)?.x, 1.0);
//! # Ok::<(), sprig::Error>(())
//! ```
//!
//! The guides are in the repository, beside this crate: `docs/ui.md` shows every part
//! with a runnable example (those examples are this crate's doc tests), and
//! `docs/getting-started.md` makes a first app, from `cargo new` to the desktop
//! simulator and a board.
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

mod angle;
pub mod animation;
#[cfg(feature = "arc")]
pub mod arc;
pub mod backdrop;
pub mod block_input;
pub mod button;
pub mod chart;
pub mod checkbox;
pub mod dropdown;
pub mod ease;
pub mod focus;
pub mod keyboard;
pub mod layout;
pub mod led;
pub mod list;
pub mod message_box;
mod pager;
pub mod picker;
pub mod progress;
pub mod roller;
pub mod scale;
pub mod screen;
pub mod slider;
pub mod spinbox;
pub mod spinner;
mod stroke;
pub mod tab_view;
pub mod table;
pub mod text_area;
pub mod tileview;
pub mod toggle;
pub mod transition;
pub mod tween;
pub mod widget;

pub use animation::{AnimationClip, AnimationEnded, SpriteAnimation, WrapMode};
#[cfg(feature = "arc")]
pub use arc::{Arc, ArcChanged, ArcParts, ArcStyle};
pub use backdrop::Backdrop;
pub use block_input::BlockInput;
pub use button::{Button, Click};
pub use chart::{Chart, ChartKind, ChartRange, ChartStyle, ChartUpdate};
pub use checkbox::{Checkbox, CheckboxParts};
pub use dropdown::{Dropdown, DropdownChanged, DropdownParts, OVERLAY_GLOBAL_Z};
pub use ease::Easing;
pub use focus::{FocusGroup, FocusIndicator, Navigation};
pub use keyboard::{KeyCap, Keyboard, KeyboardDone, KeyboardLayout, KeyboardStyle};
pub use layout::{update_layout, Layout, LayoutKind, Padding, ResizeMode};
pub use led::Led;
pub use list::List;
pub use message_box::{MessageBox, MessageBoxClick, MessageBoxIds, MessageBoxStyle};
pub use picker::{Options, PickerStyle, MAX_OPTIONS};
#[allow(deprecated)]
pub use progress::ProgressBar;
pub use progress::ProgressSizer;
pub use roller::{Roller, RollerChanged, RollerParts};
pub use scale::{Scale, ScaleLayout, MAX_SCALE_LABELS};
pub use screen::{ScreenError, ScreenStack, ScreenTransition, SlideDirection};
pub use slider::{Direction, Slider, SliderMoved};
pub use spinbox::{Spinbox, SpinboxChanged, SpinboxParts, MAX_DIGITS};
pub use spinner::{Spinner, SPINNER_DOTS};
pub use tab_view::{TabChanged, TabView, TabViewParts, MAX_TABS};
pub use table::{CellText, Table, TableParts, CELL_TEXT_CAPACITY};
pub use text_area::{
    TextArea, TextAreaParts, TextAreaStyle, TextChanged, TextSubmitted, DEFAULT_TEXT_CAPACITY,
    PASSWORD_CHAR,
};
pub use tileview::{TileChanged, Tileview, MAX_TILES};
pub use toggle::{Toggle, ToggleGroup, Toggled};
pub use transition::{ButtonState, PerState, Transition, MAX_TRANSITIONS};
pub use tween::{tween, Props, StopTweens, Tween, TweenBuilder, TweenCall};
pub use widget::{AlignMode, Margin, Widget};
