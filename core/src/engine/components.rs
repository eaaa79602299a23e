//! The component API of the world: adding, finding, reading, enabling and destroying
//! components (§4 and §4 of `docs/lifecycle.md`). Typed access checks the type at
//! run time (as Cocos `getComponent(Type)`), so it works the same from generic code.

use crate::engine::storage::CompFlags;
use crate::tree::node::{Flags, NONE};
use crate::{CompId, Component, ComponentSet, Dispatch, Error, NodeId, World};

/// The components of a node, in the order they were added. Made by
/// [`World::components`].
pub struct Components<'a, S, const C: usize> {
    comps: &'a crate::engine::storage::CompArena<S, C>,
    next: u16,
}

impl<S: ComponentSet, const C: usize> Iterator for Components<'_, S, C> {
    type Item = CompId;

    fn next(&mut self) -> Option<CompId> {
        if self.next == NONE {
            return None;
        }
        let i = usize::from(self.next);
        self.next = self.comps.slot(i).next;
        Some(self.comps.id(i))
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
    /// Adds a component to a node, enabled (Cocos `addComponent`). On a node active in
    /// the hierarchy its `preload`, `on_load` and `on_enable` run now; its `start` waits
    /// for the next start round (§5).
    ///
    /// Errors, changing nothing: stale node; `NotInSet` if the world's set does not hold
    /// `T`; `ComponentArenaFull` when every slot of `T` is taken; `HierarchyLocked` on a
    /// node being destroyed at the end of this frame.
    pub fn add_component<T: Component>(
        &mut self,
        node: NodeId,
        component: T,
    ) -> Result<CompId, Error> {
        let kind = S::kind_of::<T>().ok_or(Error::NotInSet)?;
        let n = self.arena.resolve(node)?;
        if self.has(n, Flags::DESTROYING) {
            return Err(Error::HierarchyLocked);
        }
        let c = self.comps.alloc(kind, n as u16)?;
        match self
            .comps
            .set
            .slot_mut(c as u16)
            .and_then(|slot| slot.downcast_mut::<Option<T>>())
        {
            Some(slot) => *slot = Some(component),
            None => {
                // The set's kind table and its slots disagree: refuse, changing nothing.
                self.comps.free(c);
                return Err(Error::NotInSet);
            }
        }
        match self.last_comp_of(n) {
            Some(last) => self.comps.slot_mut(last).next = c as u16,
            None => self.arena.slot_mut(n).first_comp = c as u16,
        }
        self.mark_relist();
        if self.has(n, Flags::ACTIVE_IN_HIERARCHY) {
            self.activate_comp_now(c);
        }
        Ok(self.comps.id(c))
    }

    /// How many components of type `T` the world holds at once (0 if its set does not
    /// hold `T`).
    pub fn component_capacity_of<T: Component>(&self) -> usize {
        S::kind_of::<T>()
            .and_then(|kind| S::KINDS.get(usize::from(kind)))
            .map_or(0, |kind| usize::from(kind.capacity))
    }

    /// The node's components in the order they were added, those marked for destruction
    /// included (as Cocos `getComponents` until the end of the frame).
    pub fn components(&self, node: NodeId) -> Result<Components<'_, S, C>, Error> {
        let n = self.arena.resolve(node)?;
        Ok(Components {
            comps: &self.comps,
            next: self.arena.slot(n).first_comp,
        })
    }

    /// The node's first component of type `T` (Cocos `getComponent(T)`); `None` also
    /// when `T` is not in the world's set.
    pub fn component_of<T: Component>(&self, node: NodeId) -> Result<Option<CompId>, Error> {
        let Some(kind) = S::kind_of::<T>() else {
            return Ok(None);
        };
        Ok(self
            .components(node)?
            .find(|&id| self.comps.kind(usize::from(id.index)) == kind))
    }

    /// The component's data as a `T`: `WrongComponentType` if it is another type,
    /// `ComponentBusy` from inside its own hook (where it is `self`).
    pub fn get<T: Component>(&self, comp: CompId) -> Result<&T, Error> {
        let c = self.comps.resolve(comp)?;
        match self
            .comps
            .set
            .slot(c as u16)
            .map(|slot| slot.downcast_ref())
        {
            Some(Some(Some(data))) => Ok(data),
            Some(Some(None)) => Err(Error::ComponentBusy),
            _ => Err(Error::WrongComponentType),
        }
    }

    /// The component's data as a mutable `T`: `WrongComponentType` if it is another
    /// type, `ComponentBusy` from inside its own hook (where it is `self`).
    pub fn get_mut<T: Component>(&mut self, comp: CompId) -> Result<&mut T, Error> {
        let c = self.comps.resolve(comp)?;
        // What it draws may change: renderers look at its node again (needlessly when
        // the answer below is an error, which changes no pixel either).
        self.mark_comp_repaint(c);
        match self
            .comps
            .set
            .slot_mut(c as u16)
            .map(|slot| slot.downcast_mut())
        {
            Some(Some(Some(data))) => Ok(data),
            Some(Some(None)) => Err(Error::ComponentBusy),
            _ => Err(Error::WrongComponentType),
        }
    }

    /// The node a component is on.
    pub fn component_node(&self, comp: CompId) -> Result<NodeId, Error> {
        let c = self.comps.resolve(comp)?;
        Ok(self.arena.id(usize::from(self.comps.slot(c).node)))
    }

    /// The component's type name.
    pub fn component_name(&self, comp: CompId) -> Result<&'static str, Error> {
        let c = self.comps.resolve(comp)?;
        Ok(S::kind_name(self.comps.kind(c)))
    }

    /// The component's own `enabled` flag.
    pub fn enabled(&self, comp: CompId) -> Result<bool, Error> {
        let c = self.comps.resolve(comp)?;
        Ok(self.comps.slot(c).has(CompFlags::ENABLED))
    }

    /// Enabled and on a node active in the hierarchy (Cocos `enabledInHierarchy`).
    pub fn enabled_in_hierarchy(&self, comp: CompId) -> Result<bool, Error> {
        let c = self.comps.resolve(comp)?;
        let slot = self.comps.slot(c);
        Ok(slot.has(CompFlags::ENABLED)
            && self.has(usize::from(slot.node), Flags::ACTIVE_IN_HIERARCHY))
    }

    /// Sets the component's `enabled` flag (Cocos `comp.enabled = v`). On a node active in
    /// the hierarchy its `on_enable` or `on_disable` runs now, once per change; otherwise
    /// only the flag changes. Enabling a component marked for destruction is refused
    /// with `PendingDestroy`.
    pub fn set_enabled(&mut self, comp: CompId, enabled: bool) -> Result<(), Error> {
        let c = self.comps.resolve(comp)?;
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::ENABLED) == enabled {
            return Ok(());
        }
        if enabled && (slot.has(CompFlags::TO_DESTROY) || slot.has(CompFlags::DESTROYED)) {
            return Err(Error::PendingDestroy);
        }
        let node_active = self.has(usize::from(slot.node), Flags::ACTIVE_IN_HIERARCHY);
        self.comps.slot_mut(c).set(CompFlags::ENABLED, enabled);
        self.mark_relist();
        if node_active {
            if enabled {
                self.enable_comp(c);
            } else {
                self.disable_comp(c);
            }
        }
        Ok(())
    }

    /// Marks a component for destruction at the end of the frame and disables it now
    /// (`on_disable` if its `on_enable` had completed). It stays on its node, found by
    /// `components`, until then. Calling it again does nothing.
    pub fn destroy_component(&mut self, comp: CompId) -> Result<(), Error> {
        let c = self.comps.resolve(comp)?;
        let slot = self.comps.slot(c);
        if slot.has(CompFlags::TO_DESTROY) || slot.has(CompFlags::DESTROYED) {
            return Ok(());
        }
        if self.has(usize::from(slot.node), Flags::DESTROYING) {
            // Its node is being freed right now; the component goes with it.
            return Ok(());
        }
        let sequence = self.next_doom_sequence();
        self.doomed_comps
            .push((sequence, comp))
            .map_err(|_| Error::QueueFull)?;
        self.comps.slot_mut(c).set(CompFlags::TO_DESTROY, true);
        let slot = self.comps.slot(c);
        let node_active = self.has(usize::from(slot.node), Flags::ACTIVE_IN_HIERARCHY);
        if slot.has(CompFlags::ENABLED) && node_active {
            self.disable_comp(c);
        }
        Ok(())
    }

    /// `false` once the component was really destroyed.
    pub fn is_component_valid(&self, comp: CompId) -> bool {
        self.comps.resolve(comp).is_ok()
    }

    /// `false` from the moment `destroy_component` was called on it
    /// (Cocos `cc.isValid(comp, true)`). Destroying its node does not mark it.
    pub fn is_component_valid_strict(&self, comp: CompId) -> bool {
        self.comps
            .resolve(comp)
            .is_ok_and(|c| !self.comps.slot(c).has(CompFlags::TO_DESTROY))
    }
}
