//! # Sprig
//!
//! Cocos Creator's node tree and component lifecycle for microcontroller display boards:
//! `no_std`, no `alloc`, fixed-capacity arenas, generational handles.
//!
//! This crate holds the [`World`]: a node tree with Cocos Creator 2.4 semantics for
//! sibling order and zIndex (sorted once at the end of a frame), activity in the
//! hierarchy, cached transforms and coordinate conversions, deferred destruction, and a
//! bounded queue of node events. The rules it follows are cited per module from
//! `shared/research/cocos-semantics.md`.
//!
//! ```
//! use sprig::{NodeEvent, Vec2, World};
//!
//! let mut world: World<32> = World::new();
//! let root = world.root();
//! let back = world.create_child(root, "Back")?;
//! let front = world.create_child(root, "Front")?;
//! world.set_z_index(back, 10)?; // sorts at the end of the frame
//! world.end_frame();
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

mod activity;
mod arena;
mod component;
mod destroy;
mod error;
mod events;
mod find;
mod handle;
mod hierarchy;
mod math;
mod node;
mod order;
mod transform;
mod world;

pub use component::{
    dispatch_hook, Component, ComponentSet, Ctx, Dispatch, Has, Hook, HookCall, HookMask,
    HookResult, Hooks,
};
pub use error::Error;
pub use events::NodeEvent;
pub use handle::{CompId, NodeId};
pub use hierarchy::Children;
pub use math::{screen_to_world, world_to_screen, Affine2, Rect, Size2, Vec2};
pub use node::{MAX_NAME_LEN, NODE_META_BYTES, NODE_SLOT_BYTES};
pub use order::{MAX_Z_INDEX, MIN_Z_INDEX};
pub use sprig_macros::{component, component_set};
pub use world::{World, DEFAULT_EVENT_CAPACITY, NODE_BYTES};
