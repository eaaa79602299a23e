//! Building a subtree all at once (Cocos `cc.instantiate` of a prefab, then `addChild`):
//! what `scene!` expands to at run time, and the facts it checks at compile time.
//!
//! A scene or prefab is built detached: its top node is made with no parent, everything
//! below it is created and given its components while nothing in it is active (so no
//! hook runs), and only then is the top attached under the given parent, which activates
//! the subtree as one (every `preload`, then every `on_load`, then every `on_enable`,
//! §3 of `docs/lifecycle.md`), as the engine activates an instantiated prefab.
//!
//! All or nothing: if any step fails (an arena or the activation queue is full, a value
//! is refused), what was built is taken back, in the reverse order it was made, so the
//! free lists are as they were; the node events it queued are dropped again and the
//! draw-order version is restored. The world is then as before the call, except that
//! the generations of the slots used advanced (handles to the discarded nodes are stale).

use core::marker::PhantomData;

use heapless::Vec;

use crate::tree::node::NONE;
use crate::{CompId, Component, ComponentSet, Dispatch, Error, NodeId, World};

/// A handle to a component of type `T`: a [`CompId`] that says its type, so code reads
/// the component without naming the type again. `scene!` returns these for the
/// components marked `#[id]`.
pub struct Comp<T> {
    id: CompId,
    ty: PhantomData<fn() -> T>,
}

impl<T> Comp<T> {
    /// The untyped handle.
    pub const fn id(self) -> CompId {
        self.id
    }

    /// Wraps `id`, a handle to a component of type `T` (checked when it is used).
    pub const fn new(id: CompId) -> Self {
        Comp {
            id,
            ty: PhantomData,
        }
    }
}

impl<T> Clone for Comp<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Comp<T> {}

impl<T> PartialEq for Comp<T> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl<T> Eq for Comp<T> {}

impl<T> core::fmt::Debug for Comp<T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Comp<{}>({:?})", core::any::type_name::<T>(), self.id)
    }
}

impl<T> From<Comp<T>> for CompId {
    fn from(comp: Comp<T>) -> CompId {
        comp.id
    }
}

/// The capacities of a world type, as constants, for checks made when a program
/// compiles (`scene!` compares its counts with them).
pub trait WorldShape {
    /// The world's component set.
    type Set: ComponentSet;
    /// Node capacity, the root included.
    const NODES: usize;
    /// Component capacity: the sum of the set's capacities.
    const COMPONENTS: usize;
    /// Bytes the world takes (`size_of` of the world), a constant a program can assert on.
    const RAM_BYTES: usize;
}

impl<
        S: ComponentSet,
        const N: usize,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    > WorldShape for World<S, N, C, TM, E, TR, LS>
{
    type Set = S;
    const NODES: usize = N;
    const COMPONENTS: usize = C;
    const RAM_BYTES: usize = core::mem::size_of::<Self>();
}

/// A scene or prefab declared with `scene!`: its parameters are the value, its handles
/// are [`Ids`](Prefab::Ids). `scene!` implements it; the generated `instantiate` method
/// builds an instance under a parent with [`World::instantiate_with`].
pub trait Prefab<W> {
    /// The handles of the nodes and components marked `#[id]`.
    type Ids;
    /// Nodes one instance adds.
    const NODES: usize;
    /// Builds an instance into `top`, a detached node made for it (its name, properties,
    /// children and components); called by `instantiate` and by scenes that hold the
    /// prefab.
    fn fill(self, world: &mut W, top: NodeId) -> Result<Self::Ids, Error>;
}

/// Implemented by a component set for each type it holds, with the type's capacity;
/// `component_set!` and `world!` write one per entry. A type the set does not hold has
/// no impl, so `scene!` reports it when the program compiles.
#[diagnostic::on_unimplemented(
    message = "`{T}` is not in the component set `{Self}`",
    label = "not in the world's component set",
    note = "add `{T}: <capacity>` to the world's `components` in `world!`"
)]
pub trait Holds<T>: ComponentSet {
    /// How many components of type `T` the set holds at once.
    const CAPACITY: usize;
}

/// Fails the compile-time evaluation that calls it when `need > have`, with the sentence
/// "scene `SCENE` needs NEED WHAT, `WORLD` holds HAVE". Used by `scene!`.
#[doc(hidden)]
pub const fn __scene_budget(scene: &str, need: usize, what: &str, world: &str, have: usize) {
    if need <= have {
        return;
    }
    let mut text = [0u8; 256];
    let mut len = 0;
    len = push(&mut text, len, b"scene `");
    len = push(&mut text, len, scene.as_bytes());
    len = push(&mut text, len, b"` needs ");
    len = push_number(&mut text, len, need);
    len = push(&mut text, len, b" ");
    len = push(&mut text, len, what.as_bytes());
    len = push(&mut text, len, b", `");
    len = push(&mut text, len, world.as_bytes());
    len = push(&mut text, len, b"` holds ");
    len = push_number(&mut text, len, have);
    let (message, _) = text.split_at(len);
    match core::str::from_utf8(message) {
        Ok(message) => panic!("{}", message),
        Err(_) => panic!("a scene needs more than its world holds"),
    }
}

/// Appends `bytes` to `text[..len]`, as far as it fits; the new length.
const fn push(text: &mut [u8; 256], mut len: usize, bytes: &[u8]) -> usize {
    let mut k = 0;
    while k < bytes.len() && len < text.len() {
        text[len] = bytes[k];
        len += 1;
        k += 1;
    }
    len
}

/// Appends `n` in decimal.
const fn push_number(text: &mut [u8; 256], len: usize, n: usize) -> usize {
    let mut digits = [0u8; 20];
    let mut count = 0;
    let mut rest = n;
    loop {
        digits[19 - count] = b'0' + (rest % 10) as u8;
        count += 1;
        rest /= 10;
        if rest == 0 || count == 20 {
            break;
        }
    }
    let (_, used) = digits.split_at(20 - count);
    push(text, len, used)
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
    /// Builds a subtree and attaches it under `parent`, all or nothing: makes a detached
    /// node named `name`, runs `build` with it (which creates the rest of the subtree
    /// under it, with `create_child`, `add_component`, the setters), then appends it to
    /// `parent`'s children, which activates the subtree in one pass if `parent` is active
    /// in the hierarchy. Returns the top node and what `build` returned.
    ///
    /// On any error (from `build`, or from the attach: `QueueFull`, `HierarchyLocked`)
    /// everything built is taken back and the error returned; see the module docs. `build`
    /// must only create and change nodes of the new subtree. This is what `scene!`
    /// expands to.
    ///
    /// ```
    /// use sprig::{NoComponents, Vec2, World};
    ///
    /// let mut world: World<NoComponents, 3, 0> = World::new();
    /// let root = world.root();
    /// let (top, child) = world.instantiate_with(root, "Top", |w, top| {
    ///     let child = w.create_child(top, "Child")?;
    ///     w.set_position(child, Vec2::new(1.0, 2.0))?;
    ///     Ok(child)
    /// })?;
    /// assert_eq!(world.find_from_root("Top/Child")?, Some(child));
    /// // No room for three more nodes: nothing is built.
    /// let full = world.instantiate_with(root, "Again", |w, top| w.create_child(top, "Child"));
    /// assert!(full.is_err());
    /// assert_eq!(world.children(root)?.collect::<Vec<_>>(), [top]);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn instantiate_with<R>(
        &mut self,
        parent: NodeId,
        name: &str,
        build: impl FnOnce(&mut Self, NodeId) -> Result<R, Error>,
    ) -> Result<(NodeId, R), Error> {
        let p = self.arena.resolve(parent)?;
        if self.locked(p) {
            return Err(Error::HierarchyLocked);
        }
        let mark = self.mark();
        let top = self.create_node(name)?;
        let built = build(self, top).and_then(|value| {
            self.add_child(parent, top)?;
            Ok(value)
        });
        match built {
            Ok(value) => Ok((top, value)),
            Err(error) => {
                self.discard_detached(top);
                self.rewind_to(mark);
                Err(error)
            }
        }
    }

    /// What a failed build puts back: the event queue's length and drop count and the
    /// draw-order version.
    fn mark(&self) -> Mark {
        Mark {
            events: self.events.len(),
            dropped: self.events.dropped(),
            order_version: self.order_version,
        }
    }

    fn rewind_to(&mut self, mark: Mark) {
        self.events.truncate(mark.events, mark.dropped);
        self.order_version = mark.order_version;
    }

    /// Frees a detached subtree that was never active (no hook ran on it), in reverse
    /// pre-order, each node's components last to first, so free lists get their slots
    /// back in the order they were taken.
    pub(crate) fn discard_detached(&mut self, top: NodeId) {
        let Ok(top) = self.arena.resolve(top) else {
            return;
        };
        if self.arena.parent(top).is_some() {
            return;
        }
        let mut nodes: Vec<u16, N> = Vec::new();
        let mut cur = Some(top);
        while let Some(n) = cur {
            if nodes.push(n as u16).is_err() {
                break;
            }
            cur = self.arena.next_preorder(n, top, |_| true);
        }
        while let Some(n) = nodes.pop() {
            let n = usize::from(n);
            let mut comps: Vec<u16, C> = Vec::new();
            let mut c = self.arena.slot(n).first_comp;
            while c != NONE && comps.push(c).is_ok() {
                c = self.comps.slot(usize::from(c)).next;
            }
            while let Some(c) = comps.pop() {
                self.comps.free(usize::from(c));
            }
            self.arena.slot_mut(n).first_comp = NONE;
            self.forget_children_dirty(n);
            self.arena.unlink(n);
            self.arena.free(n);
        }
    }

    /// The component `comp` points to, typed (`WrongComponentType` never happens for a
    /// handle `scene!` made; `StaleHandle` once it is destroyed).
    pub fn comp<T: Component>(&self, comp: Comp<T>) -> Result<&T, Error> {
        self.get::<T>(comp.id)
    }

    /// The component `comp` points to, typed and mutable.
    pub fn comp_mut<T: Component>(&mut self, comp: Comp<T>) -> Result<&mut T, Error> {
        self.get_mut::<T>(comp.id)
    }
}

/// The state [`World::instantiate_with`] restores when a build fails.
#[derive(Clone, Copy)]
struct Mark {
    events: usize,
    dropped: u32,
    order_version: u32,
}
