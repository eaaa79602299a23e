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

use heapless::{Deque, Vec};
use sprig::{AnyWorld, CompId, Error, NodeId, Size2, Vec2};

use crate::layout::Layout;
use crate::widget::Widget;

/// Nodes whose size changed and whose dependents have not been refreshed yet.
const QUEUE: usize = 16;
/// Queued nodes processed by one hook before the rest is left to the next frame.
const MAX_STEPS: usize = 64;
/// Children read per walk of a parent's child list when the world is needed mutably.
const CHUNK: usize = 32;

/// FNV-1a over 32-bit words: a cheap summary of everything a result depends on.
#[derive(Clone, Copy)]
pub(crate) struct Fingerprint(u64);

impl Fingerprint {
    pub(crate) const fn new() -> Self {
        Fingerprint(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn word(&mut self, word: u32) {
        self.0 = (self.0 ^ u64::from(word)).wrapping_mul(0x0000_0100_0000_01b3);
    }

    pub(crate) fn f32(&mut self, value: f32) {
        self.word(value.to_bits());
    }

    pub(crate) fn vec(&mut self, v: Vec2) {
        self.f32(v.x);
        self.f32(v.y);
    }

    pub(crate) fn size(&mut self, s: Size2) {
        self.f32(s.width);
        self.f32(s.height);
    }

    pub(crate) fn node(&mut self, node: NodeId) {
        self.word(u32::from(node.index()) << 16 | u32::from(node.generation()));
    }

    pub(crate) fn finish(self) -> u64 {
        self.0
    }
}

/// The nodes resized during one hook, waiting for their dependents to be refreshed.
pub(crate) struct Changes {
    queue: Deque<NodeId, QUEUE>,
    /// Set when a node could not be queued: its dependents settle next frame instead.
    pub(crate) overflowed: bool,
}

impl Changes {
    pub(crate) const fn new() -> Self {
        Changes {
            queue: Deque::new(),
            overflowed: false,
        }
    }

    pub(crate) fn resized(&mut self, node: NodeId) {
        if !self.queue.iter().any(|&queued| queued == node) && self.queue.push_back(node).is_err() {
            self.overflowed = true;
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

/// Calls `f` for each child of `parent` in sibling order, with the world mutable:
/// the child list is read `CHUNK` ids at a time, so a long list costs a few walks, not
/// one walk per child. `f` must not add, remove or reorder `parent`'s children.
pub(crate) fn for_each_child<W: AnyWorld>(
    world: &mut W,
    parent: NodeId,
    mut f: impl FnMut(&mut W, NodeId) -> Result<(), Error>,
) -> Result<(), Error> {
    let mut done = 0;
    loop {
        let mut chunk: Vec<NodeId, CHUNK> = Vec::new();
        for child in world.children(parent)?.skip(done) {
            if chunk.push(child).is_err() {
                break;
            }
        }
        if chunk.is_empty() {
            return Ok(());
        }
        done += chunk.len();
        for child in chunk {
            f(world, child)?;
        }
    }
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
