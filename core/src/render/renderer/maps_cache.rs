//! The fixed-point maps of the nodes being drawn, kept from one tile to the next.
//!
//! Working out a node's [`NodeMaps`] (its inverse transform in fixed point and the cover
//! of its content) costs a matrix inversion and a dozen float-to-fixed conversions, which
//! a board without an FPU pays in software; a node cut by several tiles would pay it in
//! each. The renderer keeps the maps of the last [`MAPS_CACHED`] nodes it drew, each under
//! the stamp of the draw-list entry it was made for (a new entry, a new stamp), so the
//! RAM it takes does not grow with the node count.

use crate::render::canvas::NodeMaps;
use crate::{Affine2, Rect};

/// How many nodes' maps are kept.
pub(crate) const MAPS_CACHED: usize = 8;

/// The kept maps, replaced round-robin.
pub(crate) struct MapsCache {
    /// The entry stamp each slot holds maps for (0: none).
    stamps: [u32; MAPS_CACHED],
    maps: [Option<NodeMaps>; MAPS_CACHED],
    /// The slot the next miss fills.
    next: usize,
}

impl MapsCache {
    /// Nothing kept. Not a `const fn`: a constant would be copied in whole from flash,
    /// where writing each entry's tag takes a few instructions.
    pub(crate) fn new() -> Self {
        MapsCache {
            stamps: [0; MAPS_CACHED],
            maps: core::array::from_fn(|_| None),
            next: 0,
        }
    }

    /// The maps of the entry stamped `stamp`, drawn through `to_screen` with content
    /// rectangle `content`: kept ones, or new ones kept in place of the oldest.
    pub(crate) fn get(&mut self, stamp: u32, to_screen: &Affine2, content: &Rect) -> &NodeMaps {
        let k = match self.stamps.iter().position(|&s| s == stamp && s != 0) {
            Some(k) if self.maps[k].is_some() => k,
            _ => {
                let k = self.next;
                self.stamps[k] = stamp;
                self.maps[k] = Some(NodeMaps::new(to_screen, content));
                self.next = (k + 1) % MAPS_CACHED;
                k
            }
        };
        self.maps[k].get_or_insert_with(|| NodeMaps::new(to_screen, content))
    }
}
