//! The node tree: the arena of node slots and their metadata, the hierarchy (parents,
//! children, sibling order), zIndex and the end-of-frame sort, lookups by name, tag and
//! path, and transforms with their cached world matrices. Nothing here knows about
//! components; the component engine (`engine/`) builds on it.

pub(crate) mod arena;
pub(crate) mod find;
pub(crate) mod geometry;
pub(crate) mod hierarchy;
pub(crate) mod node;
pub(crate) mod order;
pub(crate) mod transform;
