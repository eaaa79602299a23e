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
//!
//! Cloning a live subtree ([`World::instantiate`], Cocos `cc.instantiate(node)`) uses
//! the same machinery: the copy is made detached, its components cloned through the
//! component set (`ComponentSet::clone_slot`, which `component_set!` writes per type
//! that is `Clone`), and activated as one subtree when the app attaches it.

use core::marker::PhantomData;

use heapless::Vec;

use crate::engine::storage::CompFlags;
use crate::tree::node::{Flags, NONE};
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
/// are [`Ids`](Prefab::Ids). `scene!` implements it for every world `W` that is an
/// [`AnyWorld`](crate::AnyWorld) (so hooks instantiate prefabs through their `Ctx`); the
/// generated `instantiate` method builds an instance under a parent with
/// [`World::instantiate_with`].
pub trait Prefab<W> {
    /// The handles of the nodes and components marked `#[id]`.
    type Ids;
    /// Nodes one instance adds.
    const NODES: usize;
    /// Components one instance adds, per type.
    const COMPONENTS: ComponentCounts;
    /// Builds an instance into `top`, a detached node made for it (its name, properties,
    /// children and components); called by `instantiate` and by scenes that hold the
    /// prefab.
    fn fill(self, world: &mut W, top: NodeId) -> Result<Self::Ids, Error>;
}

/// How many components of each type a scene or prefab adds, its prefab instances
/// included, by type name (`Component::NAME`): what `scene!` compares with the world's
/// capacities when the program compiles. Up to [`ComponentCounts::MAX_TYPES`] types.
#[derive(Clone, Copy, Debug)]
pub struct ComponentCounts {
    names: [&'static str; ComponentCounts::MAX_TYPES],
    counts: [usize; ComponentCounts::MAX_TYPES],
    len: usize,
    /// A type past `MAX_TYPES` was added (and not counted).
    overflow: bool,
}

impl ComponentCounts {
    /// Distinct component types one count holds.
    pub const MAX_TYPES: usize = 32;
    /// No components.
    pub const EMPTY: ComponentCounts = ComponentCounts {
        names: [""; ComponentCounts::MAX_TYPES],
        counts: [0; ComponentCounts::MAX_TYPES],
        len: 0,
        overflow: false,
    };

    /// These counts and `count` more of the type named `name`. A type past
    /// [`MAX_TYPES`](Self::MAX_TYPES) is not counted; [`overflowed`](Self::overflowed)
    /// says so (and `scene!` makes it a compile error).
    pub const fn add(mut self, name: &'static str, count: usize) -> Self {
        let mut k = 0;
        while k < self.len {
            if str_eq(self.names[k], name) {
                self.counts[k] = self.counts[k].saturating_add(count);
                return self;
            }
            k += 1;
        }
        if self.len == Self::MAX_TYPES {
            self.overflow = true;
            return self;
        }
        self.names[self.len] = name;
        self.counts[self.len] = count;
        self.len += 1;
        self
    }

    /// These counts and `other`'s.
    pub const fn merge(mut self, other: &ComponentCounts) -> Self {
        let mut k = 0;
        while k < other.len {
            self = self.add(other.names[k], other.counts[k]);
            k += 1;
        }
        self
    }

    /// Whether a type past [`MAX_TYPES`](Self::MAX_TYPES) was added and left out.
    pub const fn overflowed(&self) -> bool {
        self.overflow
    }

    /// How many of the type named `name`.
    pub const fn get(&self, name: &str) -> usize {
        let mut k = 0;
        while k < self.len {
            if str_eq(self.names[k], name) {
                return self.counts[k];
            }
            k += 1;
        }
        0
    }
}

/// `a == b`, in a constant evaluation.
const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut k = 0;
    while k < a.len() {
        if a[k] != b[k] {
            return false;
        }
        k += 1;
    }
    true
}

/// Fails the compile-time evaluation that calls it when `counts` left a type out (a scene
/// with its prefabs holds more than [`ComponentCounts::MAX_TYPES`] types). Used by
/// `scene!`, in constant items only.
#[doc(hidden)]
pub const fn __scene_types(counts: &ComponentCounts) {
    if counts.overflow {
        panic!("a scene with its prefabs holds more than 32 component types");
    }
}

/// Checks every type of `counts` not named in `checked` against the world's `kinds`
/// (those come from prefab instances only; the others are checked one by one at their
/// own tokens): fails the compile-time evaluation with the figures when one is short.
/// Used by `scene!`.
#[doc(hidden)]
pub const fn __scene_budget_nested(
    scene: &str,
    counts: &ComponentCounts,
    checked: &[&str],
    world: &str,
    kinds: &[crate::Kind],
) {
    let mut k = 0;
    while k < counts.len {
        let name = counts.names[k];
        let mut own = false;
        let mut c = 0;
        while c < checked.len() {
            own = own || str_eq(checked[c], name);
            c += 1;
        }
        if !own {
            let mut capacity = 0;
            let mut j = 0;
            while j < kinds.len() {
                if str_eq(kinds[j].name, name) {
                    capacity = kinds[j].capacity as usize;
                }
                j += 1;
            }
            let mut what = [0u8; 64];
            let mut len = push_short(&mut what, 0, b"`");
            len = push_short(&mut what, len, name.as_bytes());
            len = push_short(&mut what, len, b"` components");
            let (what, _) = what.split_at(len);
            match core::str::from_utf8(what) {
                Ok(what) => __scene_budget(scene, counts.counts[k], what, world, capacity),
                Err(_) => __scene_budget(scene, counts.counts[k], "components", world, capacity),
            }
        }
        k += 1;
    }
}

/// Appends `bytes` to `text[..len]`, as far as it fits; the new length.
const fn push_short(text: &mut [u8; 64], mut len: usize, bytes: &[u8]) -> usize {
    let mut k = 0;
    while k < bytes.len() && len < text.len() {
        text[len] = bytes[k];
        len += 1;
        k += 1;
    }
    len
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

    /// A copy of `original`'s subtree (Cocos `cc.instantiate(node)`), detached: every
    /// node with its name, position, scale, rotation, anchor, size, opacity, zIndex,
    /// global z, tag and `active` flag, children in their current sibling order, and
    /// every component cloned (`Clone`), enabled or not as the original. Nothing in the
    /// copy is active until it is attached (`add_child`), which activates it as one
    /// subtree. Cocos's copy has zIndex 0; this one keeps it (D15 in
    /// `docs/lifecycle.md`).
    ///
    /// All or nothing: `NotCloneable` if a component's type is not `Clone` (or its own
    /// hook holds it right now), `NodeArenaFull` / `ComponentArenaFull` if the copy does
    /// not fit, `RootNode` for the root; the world is then as before (see the module
    /// docs).
    ///
    /// ```
    /// use sprig::render::Shape;
    /// use sprig::{world, Vec2};
    ///
    /// world! {
    ///     /// Shapes.
    ///     pub type W = World { nodes: 8, components: Set { Shape: 4 } };
    /// }
    ///
    /// let mut world = W::new();
    /// let root = world.root();
    /// let brick = world.create_child(root, "Brick")?;
    /// world.set_position(brick, Vec2::new(4.0, 2.0))?;
    /// world.add_component(brick, Shape::rectangle())?;
    /// let copy = world.instantiate(brick)?;
    /// assert_eq!(world.parent(copy)?, None);
    /// world.add_child(root, copy)?;
    /// assert_eq!(world.position(copy)?, Vec2::new(4.0, 2.0));
    /// assert_eq!(world.components(copy)?.count(), 1);
    /// # Ok::<(), sprig::Error>(())
    /// ```
    pub fn instantiate(&mut self, original: NodeId) -> Result<NodeId, Error> {
        let top = self.arena.resolve(original)?;
        if top == 0 {
            return Err(Error::RootNode);
        }
        let mut cur = Some(top);
        while let Some(n) = cur {
            let mut c = self.arena.slot(n).first_comp;
            while c != NONE {
                if !S::kind_clones(self.comps.kind(usize::from(c))) {
                    return Err(Error::NotCloneable);
                }
                c = self.comps.slot(usize::from(c)).next;
            }
            cur = self.arena.next_preorder(n, top, |_| true);
        }
        let mark = self.mark();
        let name = self.arena.meta(top).name.clone();
        let copy = self.create_node(name.as_str())?;
        match self.copy_subtree(top, copy) {
            Ok(()) => Ok(copy),
            Err(error) => {
                self.discard_detached(copy);
                self.rewind_to(mark);
                Err(error)
            }
        }
    }

    /// Copies the subtree of slot `top` into the detached node `copy`, pre-order.
    fn copy_subtree(&mut self, top: usize, copy: NodeId) -> Result<(), Error> {
        // Original slot → copy, for finding each node's copied parent.
        let mut copies: Vec<(u16, NodeId), N> = Vec::new();
        copies
            .push((top as u16, copy))
            .map_err(|_| Error::NodeArenaFull { capacity: N as u16 })?;
        self.copy_node(top, copy)?;
        let mut cur = self.arena.next_preorder(top, top, |_| true);
        while let Some(n) = cur {
            let parent = self.arena.parent(n).unwrap_or(top) as u16;
            let Some(&(_, copied_parent)) = copies.iter().find(|(o, _)| *o == parent) else {
                return Err(Error::StaleHandle);
            };
            let name = self.arena.meta(n).name.clone();
            let child = self.create_child(copied_parent, name.as_str())?;
            copies
                .push((n as u16, child))
                .map_err(|_| Error::NodeArenaFull { capacity: N as u16 })?;
            self.copy_node(n, child)?;
            cur = self.arena.next_preorder(n, top, |_| true);
        }
        Ok(())
    }

    /// Copies slot `from`'s properties and components onto the fresh node `to`.
    fn copy_node(&mut self, from: usize, to: NodeId) -> Result<(), Error> {
        let t = self.arena.resolve(to)?;
        let source = self.arena.slot(from).clone();
        let meta = self.arena.meta(from).clone();
        let slot = self.arena.slot_mut(t);
        slot.position = source.position;
        slot.scale = source.scale;
        slot.angle_degrees = source.angle_degrees;
        slot.z_index = source.z_index;
        slot.opacity = source.opacity;
        slot.flags
            .set(Flags::ACTIVE, source.flags.contains(Flags::ACTIVE));
        let target = self.arena.meta_mut(t);
        target.anchor = meta.anchor;
        target.content_size = meta.content_size;
        target.tag = meta.tag;
        target.global_z = meta.global_z;
        let mut c = source.first_comp;
        while c != NONE {
            let original = usize::from(c);
            let kind = self.comps.kind(original);
            let new = self.comps.alloc(kind, t as u16)?;
            if !self.comps.set.clone_slot(c, new as u16) {
                self.comps.free(new);
                return Err(Error::NotCloneable);
            }
            let enabled = self.comps.slot(original).has(CompFlags::ENABLED);
            self.comps.slot_mut(new).set(CompFlags::ENABLED, enabled);
            self.mark_relist();
            match self.last_comp_of(t) {
                Some(last) => self.comps.slot_mut(last).next = new as u16,
                None => self.arena.slot_mut(t).first_comp = new as u16,
            }
            c = self.comps.slot(original).next;
        }
        Ok(())
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
