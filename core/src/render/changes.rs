//! What changed on screen since a renderer last drew: the world's half of change-driven
//! damage.
//!
//! Whatever can change a pixel says so when it changes, and the renderer reads only that:
//!
//! - every such change grows [`Changes::version`], so a renderer that saw the current
//!   version last frame has nothing to draw and returns at once;
//! - a change to one node's pixels (its world matrix recomputed, its opacity, content
//!   rectangle or anchor set, a drawing component of it reached mutably, a hook of one
//!   run) logs the node, once per batch, in a list of at most `N` entries;
//! - a change to the draw list itself (a node activated, deactivated or freed, a
//!   component added, enabled, disabled or destroyed, a node moved in the draw order)
//!   grows [`Changes::layout`], and the renderer lists the nodes to draw again.
//!
//! A renderer takes the log at the start of its frame ([`Changes::batch`] tells it
//! whether the log is all it missed: another renderer may have taken one in between, or
//! the log overflowed) and clears it when done. When the log is not enough it falls back
//! to comparing every node with what it drew (the fingerprint walk), which is also the
//! check run over the change log in tests (`Renderer::set_verify`).

use heapless::Vec;

/// The change log of a world with `N` node slots.
pub(crate) struct Changes<const N: usize> {
    /// Grows with every change that can alter a pixel.
    version: u32,
    /// Grows with every change to the list of nodes drawn or their order.
    layout: u32,
    /// How many logs renderers have taken and cleared.
    batch: u32,
    /// The nodes logged since the last clear, each once (its slot's `LOGGED` flag).
    nodes: Vec<u16, N>,
    /// A node could not be logged: the list held every slot already (only possible when
    /// freed slots were reused within one batch).
    overflowed: bool,
}

impl<const N: usize> Changes<N> {
    /// Nothing changed yet.
    pub(crate) const fn new() -> Self {
        Changes {
            version: 0,
            layout: 0,
            batch: 0,
            nodes: Vec::new(),
            overflowed: false,
        }
    }

    /// Something that can alter a pixel changed (on its own, for changes whose nodes are
    /// logged later: a world matrix marked dirty is logged when it is recomputed).
    #[inline]
    pub(crate) fn touch(&mut self) {
        self.version = self.version.wrapping_add(1);
    }

    /// The draw list changed.
    #[inline]
    pub(crate) fn relist(&mut self) {
        self.version = self.version.wrapping_add(1);
        self.layout = self.layout.wrapping_add(1);
    }

    /// Logs node slot `i`, which the caller found not yet logged; `false` when the log
    /// is full (the batch then counts as overflowed).
    #[inline]
    pub(crate) fn log(&mut self, i: usize) -> bool {
        self.version = self.version.wrapping_add(1);
        if self.nodes.push(i as u16).is_err() {
            self.overflowed = true;
            return false;
        }
        true
    }

    /// The version: equal to what a renderer saw last frame when nothing changed since.
    #[inline]
    pub(crate) fn version(&self) -> u32 {
        self.version
    }

    /// The draw list's version.
    #[inline]
    pub(crate) fn layout(&self) -> u32 {
        self.layout
    }

    /// Logs taken so far: a renderer whose last frame took log `b` reads the current
    /// log as all it missed only if this is still `b`.
    #[inline]
    pub(crate) fn batch(&self) -> u32 {
        self.batch
    }

    /// Whether a node could not be logged: the log is then not all that changed.
    #[inline]
    pub(crate) fn overflowed(&self) -> bool {
        self.overflowed
    }

    /// The nodes logged since the last clear.
    #[inline]
    pub(crate) fn entries(&self) -> &[u16] {
        &self.nodes
    }

    /// Empties the log (`World::clear_change_log` clears the nodes' flags first) and
    /// counts a batch.
    pub(crate) fn clear(&mut self) {
        self.nodes.clear();
        self.overflowed = false;
        self.batch = self.batch.wrapping_add(1);
    }
}
