//! What one node slot holds, and its flags.
//!
//! A slot is split in two so the per-frame passes touch only what they need:
//! [`NodeSlot`] (hierarchy links, flags, local transform and the cached world matrix) and
//! [`NodeMeta`] (name, tag, anchor and content size, read by lookups, conversions and
//! drawing). The sizes of both are asserted at compile time on 32-bit targets and printed
//! by `cargo bench -p sprig-core --bench tree`.

use heapless::String;

use crate::math::{Affine2, Size2, Vec2};

/// Longest node name accepted, in bytes (UTF-8).
pub const MAX_NAME_LEN: usize = 15;

/// "No node" in a link field. Slot indices are always below it (`NODES < u16::MAX`).
pub(crate) const NONE: u16 = u16::MAX;

/// Bit flags of a slot.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Flags(u16);

impl Flags {
    /// The slot holds a live node.
    pub(crate) const OCCUPIED: Flags = Flags(1 << 0);
    /// The node's own `active` flag.
    pub(crate) const ACTIVE: Flags = Flags(1 << 1);
    /// Attached under the root with every ancestor and itself active.
    pub(crate) const ACTIVE_IN_HIERARCHY: Flags = Flags(1 << 2);
    /// `destroy` was called; freed at the end of the frame.
    pub(crate) const TO_DESTROY: Flags = Flags(1 << 3);
    /// The cached world matrix is out of date. Invariant: a dirty node's descendants are
    /// all dirty, so a clean node's ancestors are all clean.
    pub(crate) const WORLD_DIRTY: Flags = Flags(1 << 4);
    /// Some descendant has `WORLD_DIRTY`: `update_transforms` walks down only through
    /// nodes with this flag or `WORLD_DIRTY`, so still subtrees are never visited.
    pub(crate) const DIRTY_BELOW: Flags = Flags(1 << 7);
    /// Children changed order, membership or zIndex since the last sort.
    pub(crate) const CHILDREN_DIRTY: Flags = Flags(1 << 5);
    /// The deactivation traversal is inside this node's subtree.
    pub(crate) const DEACTIVATING: Flags = Flags(1 << 6);
    /// The end-of-frame destruction is inside this node's subtree: its structure is
    /// frozen until it is freed.
    pub(crate) const DESTROYING: Flags = Flags(1 << 8);
    /// Survives scene switches (a direct child of the root).
    pub(crate) const PERSISTENT: Flags = Flags(1 << 9);
    /// Part of the scene `switch_scene` is replacing (a direct child of the root when the
    /// switch began).
    pub(crate) const OLD_SCENE: Flags = Flags(1 << 10);
    /// A persistent node taken out of the scene while `switch_scene` replaces it:
    /// inactive in the hierarchy until the new scene activates.
    pub(crate) const PARKED: Flags = Flags(1 << 11);
    /// Can hold the keyboard focus (`set_focusable`).
    pub(crate) const FOCUSABLE: Flags = Flags(1 << 12);
    /// In the world's change log since renderers last took it (`render/changes.rs`).
    pub(crate) const LOGGED: Flags = Flags(1 << 13);

    pub(crate) fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }

    pub(crate) fn set(&mut self, other: Flags, on: bool) {
        if on {
            self.0 |= other.0;
        } else {
            self.0 &= !other.0;
        }
    }
}

/// The hot part of a node: links, flags, local transform and cached world matrix.
#[derive(Clone)]
pub(crate) struct NodeSlot {
    /// Anchor space → world space; valid when `WORLD_DIRTY` is clear.
    pub(crate) world: Affine2,
    pub(crate) position: Vec2,
    pub(crate) scale: Vec2,
    pub(crate) angle_degrees: f32,
    pub(crate) parent: u16,
    pub(crate) first_child: u16,
    /// Next sibling; for a free slot, the next free slot.
    pub(crate) next_sibling: u16,
    /// Previous sibling; the first child's `prev_sibling` is the last child, so appending
    /// is O(1).
    pub(crate) prev_sibling: u16,
    /// First component, in the order components were added.
    pub(crate) first_comp: u16,
    pub(crate) generation: u16,
    pub(crate) flags: Flags,
    pub(crate) z_index: i16,
    pub(crate) opacity: u8,
}

impl NodeSlot {
    /// A fresh, detached, active node with default transform.
    pub(crate) fn new(generation: u16) -> Self {
        let mut flags = Flags::default();
        flags.set(Flags::OCCUPIED, true);
        flags.set(Flags::ACTIVE, true);
        flags.set(Flags::WORLD_DIRTY, true);
        NodeSlot {
            world: Affine2::IDENTITY,
            position: Vec2::ZERO,
            scale: Vec2::ONE,
            angle_degrees: 0.0,
            parent: NONE,
            first_child: NONE,
            next_sibling: NONE,
            prev_sibling: NONE,
            first_comp: NONE,
            generation,
            flags,
            z_index: 0,
            opacity: 255,
        }
    }

    pub(crate) fn has(&self, flag: Flags) -> bool {
        self.flags.contains(flag)
    }
}

/// The cold part of a node: what lookups, conversions and drawing read.
#[derive(Clone)]
pub(crate) struct NodeMeta {
    pub(crate) name: String<MAX_NAME_LEN, u8>,
    pub(crate) anchor: Vec2,
    pub(crate) content_size: Size2,
    pub(crate) tag: u16,
    /// Draw order across the whole tree when non-zero (cocos2d-x `globalZOrder`).
    pub(crate) global_z: i16,
    /// The world's order version when the node's place in the draw order last changed
    /// (sibling index, zIndex, parent, global z, or moved by a sort); renderers redraw
    /// the subtree of a node reordered since their last frame.
    pub(crate) reordered_at: u32,
}

impl NodeMeta {
    pub(crate) fn new(name: String<MAX_NAME_LEN, u8>) -> Self {
        NodeMeta {
            name,
            anchor: Vec2::new(0.5, 0.5),
            content_size: Size2::ZERO,
            tag: 0,
            global_z: 0,
            reordered_at: 0,
        }
    }
}

/// Copies a name into bounded storage, or says how long it was.
pub(crate) fn bounded_name(name: &str) -> Result<String<MAX_NAME_LEN, u8>, crate::Error> {
    let mut out = String::new();
    out.push_str(name).map_err(|_| crate::Error::NameTooLong {
        len: u16::try_from(name.len()).unwrap_or(u16::MAX),
        max: MAX_NAME_LEN as u16,
    })?;
    Ok(out)
}

/// Bytes of one node slot (hierarchy, flags, local transform, cached world matrix).
pub const NODE_SLOT_BYTES: usize = core::mem::size_of::<NodeSlot>();
/// Bytes of one node's name, tag, anchor and content size.
pub const NODE_META_BYTES: usize = core::mem::size_of::<NodeMeta>();

#[cfg(target_pointer_width = "32")]
const _: () = {
    assert!(NODE_SLOT_BYTES <= 64, "a node slot must fit in 64 bytes");
    assert!(NODE_META_BYTES <= 40, "node metadata must fit in 40 bytes");
};
