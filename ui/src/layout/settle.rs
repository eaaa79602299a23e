//! How a change spreads between [`Layout`]s and [`Widget`]s in the same frame, and the
//! change fingerprint both compare.
//!
//! A component that resizes a node (a `Container` layout, a stretching widget, a
//! `Children` layout resizing its children) queues that node here; each queued node then
//! refreshes the components whose result depends on its size: its own layout and
//! widget, its parent's layout, and its children's widgets. A refresh that finds its
//! fingerprint unchanged does nothing, so the spreading stops by itself; it is also
//! bounded (`MAX_STEPS` nodes per hook), past which the rest settles next frame.
//!
//! The components other than the running one are refreshed on a copy taken out of the
//! world and written back: a hook only has the world, and its own component as `self`.

use heapless::Deque;
use sprig::{AnyWorld, CompId, Error, NodeGeometry, NodeId, Size2, Vec2};

use crate::layout::Layout;
use crate::widget::Widget;

/// Nodes whose size changed and whose dependents have not been refreshed yet.
const QUEUE: usize = 32;
/// Queued nodes processed by one hook before the rest is left to the next frame.
const MAX_STEPS: usize = 64;

/// A cheap 64-bit summary of everything a result depends on, compared frame to frame.
///
/// Each step is a bijection of the running value for a fixed input and of the input for
/// a fixed running value, so one changed value (one field of one child, say) always
/// changes the summary; only several changes at once can cancel out, by a coincidence of
/// 64-bit products.
#[derive(Clone, Copy)]
pub(crate) struct Fingerprint(u64);

/// Odd multipliers (odd, so multiplying is a bijection).
const MIX: [u64; 4] = [
    0x9e37_79b9_7f4a_7c15,
    0xbf58_476d_1ce4_e5b9,
    0x94d0_49bb_1331_11eb,
    0xd6e8_feb8_6659_fd93,
];

fn spread(x: u64, multiplier: u64) -> u64 {
    (x ^ (x >> 32)).wrapping_mul(multiplier)
}

/// Two floats' bits in one word.
pub(crate) fn pair(a: f32, b: f32) -> u64 {
    u64::from(a.to_bits()) | u64::from(b.to_bits()) << 32
}

impl Fingerprint {
    pub(crate) const fn new() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    /// A summary of `words`, each hashed on its own with its own multiplier and the
    /// hashes summed: each word enters through a bijection, so one changed word always
    /// changes the sum, and no word waits for the one before it.
    pub(crate) fn of_words<const WORDS: usize>(words: [u64; WORDS]) -> Self {
        let mut sum = 0u64;
        for (k, word) in (0u64..).zip(words) {
            // Odd (an odd plus an even), and different for each place.
            let multiplier = MIX[0].wrapping_add(k.wrapping_mul(MIX[1]) << 1);
            sum = sum.wrapping_add(spread(word, multiplier));
        }
        let mut f = Fingerprint::new();
        f.mix(sum);
        f
    }

    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(MIX[0]);
    }

    pub(crate) fn word(&mut self, word: u32) {
        self.mix(u64::from(word));
    }

    pub(crate) fn f32(&mut self, value: f32) {
        self.word(value.to_bits());
    }

    pub(crate) fn vec(&mut self, v: Vec2) {
        self.mix(pair(v.x, v.y));
    }

    pub(crate) fn size(&mut self, s: Size2) {
        self.mix(pair(s.width, s.height));
    }

    /// This summary followed by the children's.
    pub(crate) fn then(mut self, children: ChildPrint) -> u64 {
        self.mix(children.sum);
        self.mix(children.count);
        self.0
    }

    pub(crate) fn finish(self) -> u64 {
        self.0
    }
}

/// The children's part of a layout's fingerprint: one 64-bit hash per child, of its
/// fields and its place in the list, and the sum of those hashes.
///
/// A sum, not a chain: no child's hash waits for the one before it, so the processor
/// hashes several children at once. Each field enters its child's hash through a
/// bijection while the others are fixed (the id, with the `active` flag and the place,
/// alone in one product; size with anchor, and scale with position, each pair xored
/// into one word and mixed with the place), so one changed value always changes its
/// child's hash, and so the sum. Mixing in the place keeps two children that trade
/// sizes (or places) from cancelling out.
#[derive(Clone, Copy)]
pub(crate) struct ChildPrint {
    sum: u64,
    count: u64,
    /// The next child's [`Salt`].
    salt: Salt,
}

impl ChildPrint {
    pub(crate) const fn new() -> Self {
        ChildPrint {
            sum: 0,
            count: 0,
            salt: Salt::FIRST,
        }
    }

    /// One child as the world answers for it, with `active` as the flag to record.
    #[inline]
    pub(crate) fn child(&mut self, node: NodeId, active: bool, geometry: &NodeGeometry) {
        self.child_values(
            node,
            active,
            geometry.content_size,
            geometry.anchor,
            geometry.scale,
            geometry.position,
        );
    }

    /// The next child in sibling order.
    #[inline]
    pub(crate) fn child_values(
        &mut self,
        node: NodeId,
        active: bool,
        size: Size2,
        anchor: Vec2,
        scale: Vec2,
        position: Vec2,
    ) {
        let place = self.count;
        let id = u64::from(node.index())
            | u64::from(node.generation()) << 16
            | u64::from(active) << 32
            | place << 40;
        let who = spread(id, MIX[1]);
        let shape = shape_hash(self.salt, size, anchor);
        let placement = placement_hash(self.salt, scale, position);
        self.sum = self
            .sum
            .wrapping_add(who.wrapping_add(shape).wrapping_add(placement));
        self.count += 1;
        self.salt = self.salt.next();
    }

    /// The same children walked again in the same order, to record what laying them
    /// out changes: see [`Reprint`].
    pub(crate) const fn reprint(self) -> Reprint {
        Reprint {
            print: self,
            salt: Salt::FIRST,
        }
    }
}

/// What the place of a child mixes into its hashes: the place times an odd constant,
/// kept as a running value so that moving on to the next child is an addition.
#[derive(Clone, Copy)]
struct Salt(u64);

impl Salt {
    /// The first child's (place 0).
    const FIRST: Salt = Salt(0);

    /// The next child's: `(place + 1) × MIX[0]` is `place × MIX[0] + MIX[0]`.
    #[inline]
    fn next(self) -> Salt {
        Salt(self.0.wrapping_add(MIX[0]))
    }
}

/// The part of a child's hash that its size and anchor make.
#[inline]
fn shape_hash(salt: Salt, size: Size2, anchor: Vec2) -> u64 {
    (pair(size.width, size.height) ^ pair(anchor.x, anchor.y).rotate_left(17) ^ salt.0)
        .wrapping_mul(MIX[2])
}

/// The part of a child's hash that its scale and position make.
#[inline]
fn placement_hash(salt: Salt, scale: Vec2, position: Vec2) -> u64 {
    (pair(scale.x, scale.y) ^ pair(position.x, position.y).rotate_left(29) ^ salt.0.rotate_left(32))
        .wrapping_mul(MIX[3])
}

/// A [`ChildPrint`] brought up to date while a layout places the children it was taken
/// from, child by child in the same order: a child whose size or position changes has
/// that part of its hash replaced (the sum is exact, so the result is the print the
/// children would give afresh), and a child left alone costs nothing.
pub(crate) struct Reprint {
    print: ChildPrint,
    /// The current child's [`Salt`].
    salt: Salt,
}

impl Reprint {
    /// Moves on to the next child: the one before keeps whatever [`resized`] and
    /// [`moved`] recorded, and a child with neither keeps its size and position.
    ///
    /// [`resized`]: Reprint::resized
    /// [`moved`]: Reprint::moved
    #[inline]
    pub(crate) fn next(&mut self) {
        self.salt = self.salt.next();
    }

    /// The current child was resized from `before` to `after`; `anchor` is its anchor.
    #[inline]
    pub(crate) fn resized(&mut self, before: Size2, after: Size2, anchor: Vec2) {
        self.print.sum = self
            .print
            .sum
            .wrapping_sub(shape_hash(self.salt, before, anchor))
            .wrapping_add(shape_hash(self.salt, after, anchor));
    }

    /// The current child moved from `before` to `after`; `scale` is its scale.
    #[inline]
    pub(crate) fn moved(&mut self, before: Vec2, after: Vec2, scale: Vec2) {
        self.print.sum = self
            .print
            .sum
            .wrapping_sub(placement_hash(self.salt, scale, before))
            .wrapping_add(placement_hash(self.salt, scale, after));
    }

    /// The print of the children as they are now.
    pub(crate) fn finish(self) -> ChildPrint {
        self.print
    }
}

/// The nodes resized during one hook, waiting for their dependents to be refreshed.
pub(crate) struct Changes {
    queue: Deque<NodeId, QUEUE>,
}

impl Changes {
    pub(crate) const fn new() -> Self {
        Changes {
            queue: Deque::new(),
        }
    }

    /// Queues `node` once; when the queue is full it is left out, and what depends on
    /// its size settles next frame, from the fingerprints.
    pub(crate) fn resized(&mut self, node: NodeId) {
        if !self.queue.iter().any(|&queued| queued == node) {
            let _ = self.queue.push_back(node);
        }
    }

    fn pop_front(&mut self) -> Option<NodeId> {
        self.queue.pop_front()
    }
}

/// The component whose hook is running: it is `self` there, not in the world.
pub(crate) enum Running<'a> {
    Layout(CompId, &'a mut Layout),
    Widget(CompId, &'a mut Widget),
}

/// Refreshes everything that depends on the sizes queued in `changes`, until nothing
/// changes any more or `MAX_STEPS` nodes were processed.
pub(crate) fn drain<W: AnyWorld>(
    world: &mut W,
    running: &mut Running<'_>,
    changes: &mut Changes,
) -> Result<(), Error> {
    let mut steps = 0;
    while let Some(node) = changes.pop_front() {
        if steps == MAX_STEPS || !world.is_valid(node) {
            continue;
        }
        steps += 1;
        refresh_layout_at(world, node, running, changes)?;
        refresh_widget_at(world, node, running, changes)?;
        if let Some(parent) = world.parent(node)? {
            refresh_layout_at(world, parent, running, changes)?;
        }
        for_each_child(world, node, |world, child| {
            refresh_widget_at(world, child, running, changes)
        })?;
    }
    Ok(())
}

/// Calls `f` for each child of `parent` in sibling order, with the world mutable: the
/// walk goes from each child to its next sibling, so it holds no borrow of the world
/// between children and costs one step per child. `f` must not add, remove or reorder
/// `parent`'s children.
#[inline(always)]
pub(crate) fn for_each_child<W: AnyWorld>(
    world: &mut W,
    parent: NodeId,
    mut f: impl FnMut(&mut W, NodeId) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut at = world.children(parent)?.next();
    while let Some(child) = at {
        // Read before `f` changes the child: the walk to the next one does not wait for
        // those writes.
        at = world.next_sibling(child)?;
        f(world, child)?;
    }
    Ok(())
}

/// Refreshes the enabled [`Layout`] on `node`, if any.
fn refresh_layout_at<W: AnyWorld>(
    world: &mut W,
    node: NodeId,
    running: &mut Running<'_>,
    changes: &mut Changes,
) -> Result<(), Error> {
    let Some(comp) = world.component_of::<Layout>(node)? else {
        return Ok(());
    };
    if let Running::Layout(own, layout) = running {
        if *own == comp {
            return layout.refresh(world, node, changes);
        }
    }
    if !world.enabled_in_hierarchy(comp)? {
        return Ok(());
    }
    let mut copy = match world.get::<Layout>(comp) {
        Ok(layout) => layout.clone(),
        // Another of its hooks is running: it settles in its own `late_update`.
        Err(Error::ComponentBusy) => return Ok(()),
        Err(e) => return Err(e),
    };
    let result = copy.refresh(world, node, changes);
    *world.get_mut::<Layout>(comp)? = copy;
    result
}

/// Refreshes the enabled [`Widget`] on `node`, if any.
fn refresh_widget_at<W: AnyWorld>(
    world: &mut W,
    node: NodeId,
    running: &mut Running<'_>,
    changes: &mut Changes,
) -> Result<(), Error> {
    let Some(comp) = world.component_of::<Widget>(node)? else {
        return Ok(());
    };
    if let Running::Widget(own, widget) = running {
        if *own == comp {
            return widget.refresh(world, node, changes);
        }
    }
    if !world.enabled_in_hierarchy(comp)? {
        return Ok(());
    }
    let mut copy = match world.get::<Widget>(comp) {
        Ok(widget) => widget.clone(),
        Err(Error::ComponentBusy) => return Ok(()),
        Err(e) => return Err(e),
    };
    let result = copy.refresh(world, node, changes);
    *world.get_mut::<Widget>(comp)? = copy;
    result
}
