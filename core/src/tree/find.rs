//! Looking nodes up by name, tag and path (`cc.find`, `getChildByName`, `getChildByTag`).

use crate::{Dispatch, Error, NodeId, World};

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
    /// The first child of `parent` named `name`, in child order.
    pub fn child_by_name(&self, parent: NodeId, name: &str) -> Result<Option<NodeId>, Error> {
        let p = self.arena.resolve(parent)?;
        Ok(self.child_index_by_name(p, name).map(|i| self.arena.id(i)))
    }

    /// The first child of `parent` tagged `tag`, in child order.
    pub fn child_by_tag(&self, parent: NodeId, tag: u16) -> Result<Option<NodeId>, Error> {
        Ok(self
            .children(parent)?
            .find(|&c| self.arena.meta(usize::from(c.index)).tag == tag))
    }

    /// The first node tagged `tag` below `ancestor`, depth-first in child order
    /// (`ancestor` itself is not considered).
    pub fn descendant_by_tag(&self, ancestor: NodeId, tag: u16) -> Result<Option<NodeId>, Error> {
        let top = self.arena.resolve(ancestor)?;
        let mut cur = self.arena.next_preorder(top, top, |_| true);
        while let Some(i) = cur {
            if self.arena.meta(i).tag == tag {
                return Ok(Some(self.arena.id(i)));
            }
            cur = self.arena.next_preorder(i, top, |_| true);
        }
        Ok(None)
    }

    /// Follows a `/`-separated path of child names from `from`, as `cc.find(path, from)`:
    /// each segment picks the first child with exactly that name; one leading `/` is
    /// ignored. `Ok(None)` when a segment matches nothing.
    ///
    /// ```
    /// let mut world: sprig::NodeWorld<8> = sprig::NodeWorld::new();
    /// let canvas = world.create_child(world.root(), "Canvas")?;
    /// let player = world.create_child(canvas, "Player")?;
    /// let gun = world.create_child(player, "Gun")?;
    /// assert_eq!(world.find(canvas, "Player/Gun")?, Some(gun));
    /// assert_eq!(world.find_from_root("/Canvas/Player")?, Some(player));
    /// assert_eq!(world.find_from_root("Canvas/Nobody")?, None);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn find(&self, from: NodeId, path: &str) -> Result<Option<NodeId>, Error> {
        let mut cur = self.arena.resolve(from)?;
        let path = path.strip_prefix('/').unwrap_or(path);
        for segment in path.split('/') {
            match self.child_index_by_name(cur, segment) {
                Some(next) => cur = next,
                None => return Ok(None),
            }
        }
        Ok(Some(self.arena.id(cur)))
    }

    /// [`find`](Self::find) from the root (scene) node.
    pub fn find_from_root(&self, path: &str) -> Result<Option<NodeId>, Error> {
        self.find(self.root(), path)
    }

    fn child_index_by_name(&self, parent: usize, name: &str) -> Option<usize> {
        let mut c = self.arena.first_child(parent);
        while let Some(i) = c {
            if self.arena.meta(i).name.as_str() == name {
                return Some(i);
            }
            c = self.arena.next_sibling(i);
        }
        None
    }
}
