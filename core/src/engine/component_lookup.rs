//! Finding components across the tree: in a node's descendants (Cocos
//! `getComponentInChildren` / `getComponentsInChildren`) and in its ancestors. Each walk
//! follows parent and sibling links, so it needs no stack however deep the tree is.
//!
//! Cocos's two children lookups differ on the node itself, and Sprig keeps the
//! difference: `getComponentInChildren` looks only below the node, while
//! `getComponentsInChildren` starts with the node's own components. Both walk depth
//! first, pre-order (a node's components before its children's), through inactive nodes
//! too.

use crate::{CompId, Component, Dispatch, Error, NodeId, World};

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
    /// The first component of type `T` below `node`, depth first, pre-order, the node's
    /// own components excluded (Cocos `getComponentInChildren`). `None` also when the
    /// world's set does not hold `T`; `StaleHandle` for a stale node.
    ///
    /// ```
    /// use sprig::{component, world, Hooks};
    ///
    /// pub struct Score(pub u32);
    /// #[component]
    /// impl Hooks for Score {}
    ///
    /// world! {
    ///     pub type App = World { nodes: 8, components: AppSet { Score: 4 } };
    /// }
    ///
    /// let mut world = App::new();
    /// let hud = world.create_child(world.root(), "Hud")?;
    /// let panel = world.create_child(hud, "Panel")?;
    /// let label = world.create_child(panel, "Label")?;
    /// let score = world.add_component(label, Score(7))?;
    /// assert_eq!(world.component_in_children::<Score>(hud)?, Some(score));
    /// assert_eq!(world.component_in_children::<Score>(label)?, None, "not its own");
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn component_in_children<T: Component>(
        &self,
        node: NodeId,
    ) -> Result<Option<CompId>, Error> {
        let top = self.arena.resolve(node)?;
        let mut cur = self.arena.next_preorder(top, top, |_| true);
        while let Some(i) = cur {
            if let Some(comp) = self.component_of::<T>(self.arena.id(i))? {
                return Ok(Some(comp));
            }
            cur = self.arena.next_preorder(i, top, |_| true);
        }
        Ok(None)
    }

    /// Every component of type `T` on `node` and below it, depth first, pre-order: the
    /// node's own first, in the order they were added, then each child's subtree in
    /// sibling order (Cocos `getComponentsInChildren`). Empty when the world's set does
    /// not hold `T`; `StaleHandle` for a stale node. The iterator reads the tree as it is
    /// when it is created and holds the world borrowed, so nothing can change under it.
    pub fn components_in_children<T: Component>(
        &self,
        node: NodeId,
    ) -> Result<impl Iterator<Item = CompId> + '_, Error> {
        let top = self.arena.resolve(node)?;
        let kind = S::kind_of::<T>();
        let mut at = kind.map(|_| top);
        let mut comps = self.components(node)?;
        Ok(core::iter::from_fn(move || {
            let kind = kind?;
            loop {
                for comp in comps.by_ref() {
                    if self.comps.kind(usize::from(comp.index)) == kind {
                        return Some(comp);
                    }
                }
                let next = self.arena.next_preorder(at?, top, |_| true);
                at = next;
                comps = self.components(self.arena.id(next?)).ok()?;
            }
        }))
    }

    /// The first component of type `T` on `node` itself or, failing that, on its nearest
    /// ancestor that has one (as Unity's `GetComponentInParent`; Cocos 2.4 has no such
    /// lookup). `None` also when the world's set does not hold `T`; `StaleHandle` for a
    /// stale node.
    pub fn component_in_parent<T: Component>(&self, node: NodeId) -> Result<Option<CompId>, Error> {
        let mut cur = Some(self.arena.resolve(node)?);
        while let Some(i) = cur {
            if let Some(comp) = self.component_of::<T>(self.arena.id(i))? {
                return Ok(Some(comp));
            }
            cur = self.arena.parent(i);
        }
        Ok(None)
    }
}
