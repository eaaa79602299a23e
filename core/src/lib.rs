//! # Sprig
//!
//! Cocos Creator's node tree and component lifecycle for microcontroller display boards:
//! `no_std`, no `alloc`, fixed-capacity arenas, generational handles.
//!
//! This crate holds the [`World`]: a node tree with Cocos Creator 2.4 semantics for
//! sibling order and zIndex (sorted once at the end of a frame), activity in the
//! hierarchy, cached transforms and coordinate conversions, deferred destruction, a
//! bounded queue of node events, and components whose lifecycle hooks run in the
//! engine's order, dispatched statically. The rules it follows are cited per module from
//! `docs/lifecycle.md`.
//!
//! ```
//! use sprig::{NoComponents, NodeEvent, World};
//!
//! let mut world: World<NoComponents, 32, 0> = World::new();
//! let root = world.root();
//! let back = world.create_child(root, "Back")?;
//! let front = world.create_child(root, "Front")?;
//! world.set_z_index(back, 10)?; // sorts at the end of the frame
//! world.end_frame()?;
//! assert_eq!(world.children(root)?.collect::<Vec<_>>(), [front, back]);
//! while let Some(event) = world.pop_event() {
//!     let _: NodeEvent = event;
//! }
//! # Ok::<(), sprig::Error>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate self as sprig;

mod engine;
mod error;
mod handle;
mod math;
pub mod render;
mod sort;
mod tree;
mod world;

// The text guide's Rust examples are doctests of this crate, so they cannot drift from
// the API.
#[cfg(doctest)]
#[doc = include_str!("../../docs/text.md")]
struct TextGuide;

pub use engine::activator::MAX_ACTIVATION_DEPTH;
pub use engine::any_world::AnyWorld;
pub use engine::component::{
    dispatch_hook, Component, Ctx, Hook, HookCall, HookMask, HookResult, Hooks,
};
pub use engine::component_set::{
    __capacity, __clone, ComponentSet, Dispatch, Kind, NoComponents, SetHost,
};
pub use engine::components::Components;
pub use engine::events::NodeEvent;
pub use engine::focus::{FocusChanged, MAX_FOCUS_ROUNDS};
pub use engine::frame::PhaseTimes;
pub use engine::input::{Key, KeyEvent, TouchEvent, TouchPhase, MAX_TOUCHES};
pub use engine::instantiate::{
    __scene_budget, __scene_budget_nested, __scene_types, Comp, ComponentCounts, Holds, Prefab,
    WorldShape,
};
pub use engine::listeners::{Event, EventPhase, LISTENER_BYTES, MAX_EVENT_DEPTH};
pub use engine::systems::{FrameEvent, SystemId, MAX_SYSTEMS};
pub use engine::timers::TimerKey;
pub use engine::trace::TraceEntry;
pub use error::Error;
pub use handle::{CompId, NodeId};
pub use math::{screen_to_world, sin_cos_degrees, world_to_screen, Affine2, Rect, Size2, Vec2};
/// Anti-aliased glyphs of a TrueType file, rasterised at compile time (feature `ttf`).
#[cfg(feature = "ttf")]
pub use sprig_font_macro::font;
pub use sprig_macros::{component, component_set, scene, world, TimerKey};
pub use tree::geometry::NodeGeometry;
pub use tree::hierarchy::Children;
pub use tree::node::{MAX_NAME_LEN, NODE_META_BYTES, NODE_SLOT_BYTES};
pub use tree::order::{MAX_Z_INDEX, MIN_Z_INDEX};
pub use world::{
    NodeWorld, World, DEFAULT_EVENT_CAPACITY, DEFAULT_LISTENER_CAPACITY, DEFAULT_TIMER_CAPACITY,
    DEFAULT_TRACE_CAPACITY, MAX_OWN_HOOKS, NODE_BYTES,
};
