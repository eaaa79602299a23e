//! The lifecycle trace: a bounded ring of the hooks the engine called, which tests and
//! the simulator read. Off until `set_tracing(true)`; the oldest entries are overwritten.
//! With the `defmt` feature every hook is also logged with `defmt::trace!`, traced or not.

use crate::{CompId, ComponentSet, Hook, NodeId, World};

/// One hook call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub struct TraceEntry {
    /// The frame it happened in (`World::frame` at the time).
    pub frame: u32,
    /// The component's node.
    pub node: NodeId,
    /// The component.
    pub comp: CompId,
    /// The component's kind (its variant index in the set); see `World::kind_name`.
    pub kind: u8,
    /// The hook.
    pub hook: Hook,
}

impl<
        S: ComponentSet,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > World<S, N, C, TM, E, TR, LS>
{
    /// Turns the lifecycle trace on or off (off by default).
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// The traced hook calls still in the ring, oldest first.
    pub fn trace(&self) -> impl Iterator<Item = &TraceEntry> + '_ {
        self.trace.oldest_ordered()
    }

    /// Empties the trace ring.
    pub fn clear_trace(&mut self) {
        self.trace.clear();
    }

    /// The component type name of a kind (as in [`TraceEntry::kind`]).
    pub fn kind_name(&self, kind: u8) -> &'static str {
        S::kind_name(kind)
    }

    pub(crate) fn record_hook(&mut self, node: NodeId, comp: CompId, kind: u8, hook: Hook) {
        #[cfg(feature = "defmt")]
        defmt::trace!(
            "frame {} node {}v{} {}.{}",
            self.frame,
            node.index,
            node.generation,
            S::kind_name(kind),
            hook.name()
        );
        if self.tracing {
            self.trace.write(TraceEntry {
                frame: self.frame,
                node,
                comp,
                kind,
                hook,
            });
        }
    }
}
