//! The arcs' set-ups, kept from one tile to the next and from one frame to the next.
//!
//! Setting an arc up ([`ArcShader::new`]) takes the sines of its ends, its radii and
//! their squares, reciprocals and slopes: a board without an FPU pays several thousand
//! instructions for it, and a node cut by several tiles would pay it in each. The
//! renderer keeps the last [`ARCS_CACHED`] set-ups under the exact inputs they were made
//! from (compared bit for bit, integers only), so an arc that did not change (a dial's
//! track) is set up once, and one that sweeps once a frame.

use crate::render::arc::{ArcShader, Cap};
use crate::render::fixed::Fx;
use crate::Rect;

/// How many arcs' set-ups are kept.
pub(crate) const ARCS_CACHED: usize = 2;

/// What an arc's set-up is made from: the node's content rectangle, the arc's start,
/// sweep and thickness (their bits), its ends, the pixel's half size and whether it is
/// anti-aliased.
#[derive(Clone, Copy)]
pub(crate) struct ArcKey {
    floats: [u32; 7],
    cap: Cap,
    half: Fx,
    soft: bool,
}

impl ArcKey {
    /// The key of the arc [`ArcShader::new`] makes from the same arguments.
    pub(crate) fn new(
        content: &Rect,
        (start_degrees, sweep_degrees): (f32, f32),
        thickness: f32,
        cap: Cap,
        half: Fx,
        soft: bool,
    ) -> Self {
        ArcKey {
            floats: [
                content.x,
                content.y,
                content.width,
                content.height,
                start_degrees,
                sweep_degrees,
                thickness,
            ]
            .map(f32::to_bits),
            cap,
            half,
            soft,
        }
    }

    /// Whether two keys are the same, field by field: a library `memcmp` for the array
    /// would cost more than the comparisons themselves on a board.
    fn same(&self, other: &ArcKey) -> bool {
        self.floats.iter().zip(&other.floats).all(|(a, b)| a == b)
            && self.cap == other.cap
            && self.half == other.half
            && self.soft == other.soft
    }
}

/// The kept set-ups, replaced round-robin; `None` for an arc that draws nothing.
pub(crate) struct ArcCache {
    kept: [Option<(ArcKey, Option<ArcShader>)>; ARCS_CACHED],
    /// The entry the next miss fills.
    next: usize,
}

impl ArcCache {
    /// Nothing kept. Not a `const fn`: a constant would be copied in whole from flash,
    /// where writing each entry's tag takes a few instructions.
    pub(crate) fn new() -> Self {
        ArcCache {
            kept: core::array::from_fn(|_| None),
            next: 0,
        }
    }

    /// The set-up of the arc `key` names: a kept one, or `make()` kept in place of the
    /// oldest.
    pub(crate) fn get(
        &mut self,
        key: &ArcKey,
        make: impl FnOnce() -> Option<ArcShader>,
    ) -> Option<&ArcShader> {
        let hit = self
            .kept
            .iter()
            .position(|e| e.as_ref().is_some_and(|(k, _)| k.same(key)));
        let k = match hit {
            Some(k) => k,
            None => {
                let k = self.next % ARCS_CACHED;
                self.next = (k + 1) % ARCS_CACHED;
                if let Some(entry) = self.kept.get_mut(k) {
                    *entry = Some((*key, make()));
                }
                k
            }
        };
        self.kept.get(k)?.as_ref()?.1.as_ref()
    }
}
