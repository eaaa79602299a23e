//! Generational node handles.

use core::fmt;

/// A handle to a node: a slot index and the slot's generation, 4 bytes, `Copy`.
///
/// When a node is really destroyed its slot's generation advances, so every handle to it
/// becomes *stale*: calls with it return [`Error::StaleHandle`](crate::Error::StaleHandle)
/// (or `false`/`None` for queries) and never reach the slot's next occupant. Generations are
/// 16-bit and wrap, so a stale handle kept across 65 536 reuses of the same slot would alias
/// the node living there then.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct NodeId {
    pub(crate) index: u16,
    pub(crate) generation: u16,
}

impl NodeId {
    /// The slot index (the root is 0). Stable while the node lives.
    pub const fn index(self) -> u16 {
        self.index
    }

    /// The slot's generation when this handle was made.
    pub const fn generation(self) -> u16 {
        self.generation
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeId({}v{})", self.index, self.generation)
    }
}

/// A handle to a component: a slot index and the slot's generation, 4 bytes, `Copy`.
/// Stale after the component is really destroyed, like [`NodeId`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct CompId {
    pub(crate) index: u16,
    pub(crate) generation: u16,
}

impl CompId {
    /// The slot index. Stable while the component lives.
    pub const fn index(self) -> u16 {
        self.index
    }

    /// The slot's generation when this handle was made.
    pub const fn generation(self) -> u16 {
        self.generation
    }
}

impl fmt::Debug for CompId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CompId({}v{})", self.index, self.generation)
    }
}
