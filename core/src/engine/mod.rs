//! The component engine: what a component is (`component`, `component_set`), where its
//! data lives (`storage`), finding components across the tree (`component_lookup`), the invoker queues (`queues`), activation and activity
//! (`activator`, `activity`), enabling and the one place hooks are called (`lifecycle`),
//! the frame (`frame`), destruction, timers, node events, input, events between
//! components (`listeners`), frame events for app systems (`systems`), scene switching
//! the lifecycle trace, building subtrees all at once (`instantiate`), and the world API as a trait for hooks (`any_world`).

pub(crate) mod activator;
pub(crate) mod activity;
pub(crate) mod any_world;
pub(crate) mod component;
pub(crate) mod component_lookup;
pub(crate) mod component_set;
pub(crate) mod components;
pub(crate) mod destroy;
pub(crate) mod events;
pub(crate) mod focus;
pub(crate) mod frame;
pub(crate) mod input;
pub(crate) mod instantiate;
pub(crate) mod lifecycle;
pub(crate) mod listeners;
pub(crate) mod queues;
pub(crate) mod scene;
pub(crate) mod storage;
pub(crate) mod systems;
pub(crate) mod timers;
pub(crate) mod trace;
