//! Frame events for app-wide systems (Cocos Creator 2.4 `cc.director`'s
//! `EVENT_BEFORE_UPDATE`, `EVENT_AFTER_UPDATE`, `EVENT_BEFORE_DRAW`,
//! `EVENT_AFTER_DRAW`; §2 of `docs/lifecycle.md`).
//!
//! A system is app code that is not a component: a plain `fn(&mut World, FrameEvent)`
//! of the app's own world type, registered with [`World::add_system`] and kept in a
//! small fixed array. It is called, in registration order:
//!
//! - [`FrameEvent::BeforeUpdate`]: first thing in `tick`, before the start phase;
//! - [`FrameEvent::AfterUpdate`]: after `late_update` and the start round after it, before
//!   the end of the frame (children re-sorted, deferred destruction), as Cocos emits it
//!   before `_deferredDestroy`;
//! - [`FrameEvent::BeforeDraw`] and [`FrameEvent::AfterDraw`]: first and last thing in
//!   [`Renderer::render`](crate::render::Renderer::render) and `render_full`.
//!
//! A paused world runs no update phases, so no `BeforeUpdate`/`AfterUpdate`; drawing
//! still has its two (as in Cocos). A system may do anything a hook may (and `tick`,
//! `end_frame`, `switch_scene`, input are refused the same way, with `Reentrant`). A
//! system added or removed by a system takes effect from the next frame event.
//!
//! Components do not get frame events: what they do each frame is `update` and
//! `late_update`, whose order the lifecycle already fixes.

use crate::{Dispatch, Error, World};

/// How many systems a world holds.
pub const MAX_SYSTEMS: usize = 4;

/// A point in the frame at which systems run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
pub enum FrameEvent {
    /// `tick` begins: before `start` (Cocos `EVENT_BEFORE_UPDATE`).
    BeforeUpdate,
    /// After `late_update`, before children are re-sorted and destroyed objects freed
    /// (Cocos `EVENT_AFTER_UPDATE`).
    AfterUpdate,
    /// The renderer is about to draw (Cocos `EVENT_BEFORE_DRAW`).
    BeforeDraw,
    /// The renderer has drawn and flushed (Cocos `EVENT_AFTER_DRAW`).
    AfterDraw,
}

/// A registered system, to remove it with [`World::remove_system`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SystemId(u32);

/// A system of a world of type `W`, with its id.
type Entry<W> = Option<(SystemId, fn(&mut W, FrameEvent))>;

/// The registered systems of a world of type `W`, in registration order, packed in
/// front.
pub(crate) struct Systems<W> {
    entries: [Entry<W>; MAX_SYSTEMS],
    next_id: u32,
    /// Systems running right now: `tick` and the like are refused meanwhile.
    pub(crate) running: u8,
}

impl<W> Systems<W> {
    pub(crate) const fn new() -> Self {
        Systems {
            entries: [None; MAX_SYSTEMS],
            next_id: 0,
            running: 0,
        }
    }
}

impl<
        S,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > World<S, N, C, TM, E, TR, LS>
where
    S: Dispatch,
{
    /// Registers `system`, called at every [`FrameEvent`] after the systems registered
    /// before it. `SystemTableFull` when [`MAX_SYSTEMS`] are registered.
    ///
    /// ```
    /// use sprig::{FrameEvent, NoComponents, World};
    ///
    /// type W = World<NoComponents, 8, 0>;
    /// fn spawn_every_frame(world: &mut W, event: FrameEvent) {
    ///     if event == FrameEvent::BeforeUpdate {
    ///         let root = world.root();
    ///         let _ = world.create_child(root, "spawned");
    ///     }
    /// }
    ///
    /// let mut world = W::new();
    /// world.add_system(spawn_every_frame)?;
    /// world.tick(0.016)?;
    /// world.tick(0.016)?;
    /// assert_eq!(world.child_count(world.root())?, 2);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn add_system(&mut self, system: fn(&mut Self, FrameEvent)) -> Result<SystemId, Error> {
        let systems = &mut self.systems;
        let slot =
            systems
                .entries
                .iter_mut()
                .find(|e| e.is_none())
                .ok_or(Error::SystemTableFull {
                    capacity: MAX_SYSTEMS as u16,
                })?;
        let id = SystemId(systems.next_id);
        systems.next_id = systems.next_id.wrapping_add(1);
        // Removal keeps the registered ones packed in front, in order, so the first free
        // slot comes after every registered one.
        *slot = Some((id, system));
        Ok(id)
    }

    /// Unregisters a system; `false` if it was not registered.
    pub fn remove_system(&mut self, id: SystemId) -> bool {
        let entries = &mut self.systems.entries;
        let Some(at) = entries.iter().position(|e| e.is_some_and(|(i, _)| i == id)) else {
            return false;
        };
        entries[at..].rotate_left(1);
        if let Some(last) = entries.last_mut() {
            *last = None;
        }
        true
    }

    /// Systems registered.
    pub fn system_count(&self) -> usize {
        self.systems.entries.iter().flatten().count()
    }

    /// Calls every registered system with `event`: a test of one slot when there are
    /// none, so a world without systems pays nothing per frame.
    #[inline(always)]
    pub(crate) fn run_systems(&mut self, event: FrameEvent) {
        if self.systems.entries.first().is_some_and(Option::is_some) {
            self.run_registered_systems(event);
        }
    }

    /// Calls every registered system with `event`, in registration order; one removed
    /// meanwhile is skipped, one added meanwhile waits for the next event.
    #[inline(never)]
    fn run_registered_systems(&mut self, event: FrameEvent) {
        let registered = self.systems.entries;
        for (id, system) in registered.into_iter().flatten() {
            let still = self
                .systems
                .entries
                .iter()
                .any(|e| e.is_some_and(|(i, _)| i == id));
            if still {
                self.systems.running += 1;
                system(self, event);
                self.systems.running -= 1;
            }
        }
    }
}
