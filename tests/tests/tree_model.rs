//! Model-based property test of the node tree (§3, §4, §3, §6 of
//! `docs/lifecycle.md`).
//!
//! Random operation sequences run against a `World` and against a deliberately naive
//! reference model built on `Vec`s. The model re-states the Cocos rules directly (append on
//! reparent, the JS `splice` rule of `setSiblingIndex`, a stable sort by zIndex of the
//! parents that became dirty, deferred destruction in call order, activity computed from
//! scratch by walking up to the root) instead of mirroring the arena's linked lists and
//! incremental flags, so a bookkeeping slip in the arena shows up as a disagreement.
//!
//! After every step the whole observable tree state of every handle ever handed out is
//! compared, dead ones included, so stale handles are checked as much as live ones. The
//! arena is tiny so that `NodeArenaFull` and slot reuse (a stale handle whose slot is now
//! occupied by a new node) happen in most runs.

use std::fmt::Debug;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sprig::{Error, NodeId, NodeWorld, MAX_Z_INDEX, MIN_Z_INDEX};

/// Small enough that a 60-step sequence fills it and reuses freed slots.
const NODES: usize = 12;

/// Model index of the root: it is the first node of both the model and the handle list.
const ROOT: usize = 0;

/// One step of a sequence. Node operands index the list of every handle ever created
/// (see [`Harness::pick`]), so dead handles are picked as well as live ones.
#[derive(Clone, Debug)]
enum Op {
    CreateNode,
    CreateChild {
        parent: usize,
    },
    AddChild {
        parent: usize,
        child: usize,
    },
    InsertChild {
        parent: usize,
        child: usize,
        index: i32,
    },
    SetParent {
        child: usize,
        parent: Option<usize>,
    },
    RemoveFromParent {
        node: usize,
    },
    SetSiblingIndex {
        node: usize,
        index: i32,
    },
    SetZIndex {
        node: usize,
        z: i32,
    },
    SetActive {
        node: usize,
        active: bool,
    },
    Destroy {
        node: usize,
    },
    EndFrame,
    DrainEvents,
}

#[derive(Clone, Debug, PartialEq)]
struct ModelNode {
    parent: Option<usize>,
    children: Vec<usize>,
    active: bool,
    z: i16,
    to_destroy: bool,
    alive: bool,
}

impl ModelNode {
    fn detached() -> Self {
        ModelNode {
            parent: None,
            children: Vec::new(),
            active: true,
            z: 0,
            to_destroy: false,
            alive: true,
        }
    }
}

/// The reference tree. Node `i` of the model is the node of handle `i`; nodes are never
/// removed from `nodes`, only marked dead, exactly as handles are never forgotten.
///
/// Every operation validates everything before its first mutation, so a rejected
/// operation leaves the model untouched (the harness double-checks that).
#[derive(Clone, Debug, PartialEq)]
struct Model {
    nodes: Vec<ModelNode>,
    /// Parents to sort at the end of the frame; each at most once.
    dirty: Vec<usize>,
    /// Nodes `destroy` was called on this frame, in call order.
    destroy_calls: Vec<usize>,
    capacity: usize,
}

impl Model {
    fn new(capacity: usize) -> Self {
        Model {
            nodes: vec![ModelNode::detached()],
            dirty: Vec::new(),
            destroy_calls: Vec::new(),
            capacity,
        }
    }

    fn live(&self, i: usize) -> Result<(), Error> {
        if self.nodes[i].alive {
            Ok(())
        } else {
            Err(Error::StaleHandle)
        }
    }

    /// Nodes holding an arena slot: marked-for-destroy ones keep theirs until the frame ends.
    fn live_count(&self) -> usize {
        self.nodes.iter().filter(|n| n.alive).count()
    }

    fn mark_dirty(&mut self, p: usize) {
        if !self.dirty.contains(&p) {
            self.dirty.push(p);
        }
    }

    fn is_self_or_ancestor(&self, ancestor: usize, mut i: usize) -> bool {
        loop {
            if i == ancestor {
                return true;
            }
            match self.nodes[i].parent {
                Some(p) => i = p,
                None => return false,
            }
        }
    }

    fn position(&self, parent: usize, child: usize) -> usize {
        self.nodes[parent]
            .children
            .iter()
            .position(|&c| c == child)
            .expect("model: a node is in its parent's children")
    }

    fn sibling_index(&self, i: usize) -> usize {
        self.nodes[i].parent.map_or(0, |p| self.position(p, i))
    }

    /// Computed from scratch on purpose: the world maintains it incrementally.
    fn active_in_hierarchy(&self, mut i: usize) -> bool {
        loop {
            if !self.nodes[i].active {
                return false;
            }
            match self.nodes[i].parent {
                Some(p) => i = p,
                None => return i == ROOT,
            }
        }
    }

    fn create_node(&mut self) -> Result<usize, Error> {
        if self.live_count() >= self.capacity {
            return Err(Error::NodeArenaFull {
                capacity: self.capacity as u16,
            });
        }
        self.nodes.push(ModelNode::detached());
        Ok(self.nodes.len() - 1)
    }

    fn create_child(&mut self, parent: usize) -> Result<usize, Error> {
        self.live(parent)?;
        let child = self.create_node()?;
        self.set_parent(child, Some(parent))?;
        Ok(child)
    }

    fn set_parent(&mut self, child: usize, parent: Option<usize>) -> Result<(), Error> {
        self.live(child)?;
        if let Some(p) = parent {
            self.live(p)?;
        }
        if child == ROOT {
            return Err(Error::RootNode);
        }
        let old = self.nodes[child].parent;
        if old == parent {
            return Ok(());
        }
        if let Some(p) = parent {
            if self.is_self_or_ancestor(child, p) {
                return Err(Error::Cycle);
            }
        }
        if let Some(old) = old {
            let at = self.position(old, child);
            self.nodes[old].children.remove(at);
        }
        self.nodes[child].parent = parent;
        if let Some(p) = parent {
            self.nodes[p].children.push(child);
            self.mark_dirty(p);
        }
        Ok(())
    }

    fn add_child(&mut self, parent: usize, child: usize) -> Result<(), Error> {
        self.live(child)?;
        self.live(parent)?;
        if child == ROOT {
            return Err(Error::RootNode);
        }
        if self.nodes[child].parent.is_some() {
            return Err(Error::AlreadyHasParent);
        }
        self.set_parent(child, Some(parent))
    }

    fn insert_child(&mut self, parent: usize, child: usize, index: i32) -> Result<(), Error> {
        self.live(parent)?;
        self.set_parent(child, Some(parent))?;
        self.set_sibling_index(child, index)
    }

    /// Cocos `setSiblingIndex` (§6), spelled out with `Vec::remove`/`insert`.
    fn set_sibling_index(&mut self, node: usize, index: i32) -> Result<(), Error> {
        self.live(node)?;
        if node == ROOT {
            return Err(Error::RootNode);
        }
        let Some(p) = self.nodes[node].parent else {
            return Err(Error::NoParent);
        };
        let len = self.nodes[p].children.len() as i64;
        let index = if index == -1 {
            len - 1
        } else {
            i64::from(index)
        };
        let current = self.position(p, node);
        if index == current as i64 {
            return Ok(());
        }
        let siblings = &mut self.nodes[p].children;
        siblings.remove(current);
        let remaining = siblings.len() as i64;
        if index < remaining {
            let at = if index < 0 {
                (remaining + index).max(0)
            } else {
                index
            };
            siblings.insert(at as usize, node);
        } else {
            siblings.push(node);
        }
        self.mark_dirty(p);
        Ok(())
    }

    fn set_z_index(&mut self, node: usize, z: i32) -> Result<i16, Error> {
        self.live(node)?;
        let applied = z.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        if self.nodes[node].z != applied {
            self.nodes[node].z = applied;
            if let Some(p) = self.nodes[node].parent {
                self.mark_dirty(p);
            }
        }
        Ok(applied)
    }

    fn set_active(&mut self, node: usize, active: bool) -> Result<(), Error> {
        self.live(node)?;
        if node == ROOT && !active {
            return Err(Error::RootNode);
        }
        if active && self.nodes[node].to_destroy {
            return Err(Error::PendingDestroy);
        }
        self.nodes[node].active = active;
        Ok(())
    }

    fn destroy(&mut self, node: usize) -> Result<(), Error> {
        self.live(node)?;
        if node == ROOT {
            return Err(Error::RootNode);
        }
        if self.nodes[node].to_destroy {
            return Ok(());
        }
        self.nodes[node].to_destroy = true;
        self.nodes[node].active = false;
        self.destroy_calls.push(node);
        Ok(())
    }

    fn end_frame(&mut self) {
        for p in std::mem::take(&mut self.dirty) {
            let mut children = std::mem::take(&mut self.nodes[p].children);
            // `sort_by_key` is stable: equal zIndex keep the current order (§6).
            children.sort_by_key(|&c| self.nodes[c].z);
            self.nodes[p].children = children;
        }
        for top in std::mem::take(&mut self.destroy_calls) {
            // Already gone when an ancestor destroyed earlier in this pass took it along.
            if !self.nodes[top].alive {
                continue;
            }
            if let Some(p) = self.nodes[top].parent {
                let at = self.position(p, top);
                self.nodes[p].children.remove(at);
            }
            let mut stack = vec![top];
            while let Some(i) = stack.pop() {
                let node = &mut self.nodes[i];
                stack.append(&mut node.children);
                node.parent = None;
                node.alive = false;
            }
        }
    }
}

/// Everything a caller can observe about one handle.
#[derive(Clone, Debug, PartialEq)]
struct NodeView {
    valid: bool,
    valid_strict: bool,
    parent: Result<Option<NodeId>, Error>,
    children: Result<Vec<NodeId>, Error>,
    active: Result<bool, Error>,
    active_in_hierarchy: Result<bool, Error>,
    z_index: Result<i16, Error>,
    sibling_index: Result<usize, Error>,
}

/// The observable state of the whole world, as seen through every handle ever made.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    nodes: Vec<NodeView>,
    node_count: usize,
    /// Only compared across a failed call: "every `Err` leaves the world exactly as it
    /// was" covers the event queue too.
    events: Option<(usize, u32)>,
}

struct Harness<const N: usize> {
    world: NodeWorld<N>,
    model: Model,
    /// `handles[i]` is the world's handle of model node `i`.
    handles: Vec<NodeId>,
}

impl<const N: usize> Harness<N> {
    fn new() -> Self {
        let world = NodeWorld::<N>::new();
        let root = world.root();
        Harness {
            world,
            model: Model::new(N),
            handles: vec![root],
        }
    }

    /// Operand 0 is the root; any other value picks among the other handles, so the root
    /// is not chosen for most operations just because few nodes exist yet. Operand `i`
    /// is handle `i` while `i` is in range, which keeps hand-written sequences readable.
    fn pick(&self, operand: usize) -> usize {
        match self.handles.len() {
            1 => ROOT,
            _ if operand == ROOT => ROOT,
            len => 1 + (operand - 1) % (len - 1),
        }
    }

    fn world_snapshot(&self, with_events: bool) -> Snapshot {
        let w = &self.world;
        let nodes = self
            .handles
            .iter()
            .map(|&h| NodeView {
                valid: w.is_valid(h),
                valid_strict: w.is_valid_strict(h),
                parent: w.parent(h),
                children: w.children(h).map(Iterator::collect),
                active: w.active(h),
                active_in_hierarchy: w.active_in_hierarchy(h),
                z_index: w.z_index(h),
                sibling_index: w.sibling_index(h),
            })
            .collect();
        Snapshot {
            nodes,
            node_count: w.node_count(),
            events: with_events.then(|| (w.pending_events(), w.events_dropped())),
        }
    }

    fn model_snapshot(&self) -> Snapshot {
        let m = &self.model;
        let nodes = m
            .nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                if !n.alive {
                    return NodeView {
                        valid: false,
                        valid_strict: false,
                        parent: Err(Error::StaleHandle),
                        children: Err(Error::StaleHandle),
                        active: Err(Error::StaleHandle),
                        active_in_hierarchy: Err(Error::StaleHandle),
                        z_index: Err(Error::StaleHandle),
                        sibling_index: Err(Error::StaleHandle),
                    };
                }
                NodeView {
                    valid: true,
                    valid_strict: !n.to_destroy,
                    parent: Ok(n.parent.map(|p| self.handles[p])),
                    children: Ok(n.children.iter().map(|&c| self.handles[c]).collect()),
                    active: Ok(n.active),
                    active_in_hierarchy: Ok(m.active_in_hierarchy(i)),
                    z_index: Ok(n.z),
                    sibling_index: Ok(m.sibling_index(i)),
                }
            })
            .collect();
        Snapshot {
            nodes,
            node_count: m.live_count(),
            events: None,
        }
    }

    /// Records a handle the world just made, which must be new: a reused slot has to
    /// come with a new generation, or old handles would reach the new occupant.
    fn adopt(&mut self, id: NodeId) -> Result<(), TestCaseError> {
        prop_assert!(
            !self.handles.contains(&id),
            "world handed out {:?} again",
            id
        );
        self.handles.push(id);
        Ok(())
    }

    fn step(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let world_before = self.world_snapshot(true);
        let model_before = self.model.clone();
        let (world, model): (Result<(), Error>, Result<(), Error>) = match *op {
            Op::CreateNode => {
                let w = self.world.create_node("n");
                let m = self.model.create_node();
                if let Ok(id) = w {
                    self.adopt(id)?;
                }
                (w.map(drop), m.map(drop))
            }
            Op::CreateChild { parent } => {
                let p = self.pick(parent);
                let w = self.world.create_child(self.handles[p], "c");
                let m = self.model.create_child(p);
                if let Ok(id) = w {
                    self.adopt(id)?;
                }
                (w.map(drop), m.map(drop))
            }
            Op::AddChild { parent, child } => {
                let (p, c) = (self.pick(parent), self.pick(child));
                (
                    self.world.add_child(self.handles[p], self.handles[c]),
                    self.model.add_child(p, c),
                )
            }
            Op::InsertChild {
                parent,
                child,
                index,
            } => {
                let (p, c) = (self.pick(parent), self.pick(child));
                (
                    self.world
                        .insert_child(self.handles[p], self.handles[c], index),
                    self.model.insert_child(p, c, index),
                )
            }
            Op::SetParent { child, parent } => {
                let c = self.pick(child);
                let p = parent.map(|p| self.pick(p));
                (
                    self.world
                        .set_parent(self.handles[c], p.map(|p| self.handles[p])),
                    self.model.set_parent(c, p),
                )
            }
            Op::RemoveFromParent { node } => {
                let n = self.pick(node);
                (
                    self.world.remove_from_parent(self.handles[n]),
                    self.model.set_parent(n, None),
                )
            }
            Op::SetSiblingIndex { node, index } => {
                let n = self.pick(node);
                (
                    self.world.set_sibling_index(self.handles[n], index),
                    self.model.set_sibling_index(n, index),
                )
            }
            Op::SetZIndex { node, z } => {
                let n = self.pick(node);
                let w = self.world.set_z_index(self.handles[n], z);
                let m = self.model.set_z_index(n, z);
                if let (Ok(w), Ok(m)) = (w, m) {
                    prop_assert_eq!(w, m, "applied zIndex of {:?}", op);
                }
                (w.map(drop), m.map(drop))
            }
            Op::SetActive { node, active } => {
                let n = self.pick(node);
                (
                    self.world.set_active(self.handles[n], active),
                    self.model.set_active(n, active),
                )
            }
            Op::Destroy { node } => {
                let n = self.pick(node);
                (self.world.destroy(self.handles[n]), self.model.destroy(n))
            }
            Op::EndFrame => {
                self.world.end_frame().unwrap();
                self.model.end_frame();
                (Ok(()), Ok(()))
            }
            Op::DrainEvents => {
                while self.world.pop_event().is_some() {}
                (Ok(()), Ok(()))
            }
        };
        agree(op, world, model)?;
        if world.is_err() {
            prop_assert_eq!(&self.model, &model_before, "model changed on reject");
            prop_assert_eq!(
                self.world_snapshot(true),
                world_before,
                "world changed although {:?} failed",
                op
            );
        }
        self.check(op)
    }

    fn check(&self, op: &Op) -> Result<(), TestCaseError> {
        prop_assert_eq!(self.handles.len(), self.model.nodes.len());
        let world = self.world_snapshot(false);
        let model = self.model_snapshot();
        // Node by node, so a failure names the one handle that differs.
        for (i, (w, m)) in world.nodes.iter().zip(&model.nodes).enumerate() {
            prop_assert_eq!(
                w,
                m,
                "handle #{} {:?}: world (left) and model (right) disagree after {:?}",
                i,
                self.handles[i],
                op
            );
        }
        prop_assert_eq!(
            world.node_count,
            model.node_count,
            "node_count after {:?}",
            op
        );
        Ok(())
    }

    fn run(&mut self, ops: &[Op]) -> Result<(), TestCaseError> {
        // A fresh world is checked too; `DrainEvents` only labels that check.
        self.check(&Op::DrainEvents)?;
        for op in ops {
            self.step(op)?;
        }
        Ok(())
    }
}

/// Both accept, or both reject with the same error.
fn agree<T: Debug>(
    op: &Op,
    world: Result<T, Error>,
    model: Result<T, Error>,
) -> Result<(), TestCaseError> {
    match (&world, &model) {
        (Ok(_), Ok(_)) => Ok(()),
        (Err(w), Err(m)) => {
            prop_assert_eq!(w, m, "error kind of {:?}", op);
            Ok(())
        }
        _ => Err(TestCaseError::fail(format!(
            "{op:?}: world returned {world:?}, model {model:?}"
        ))),
    }
}

/// The root about one time in ten: often enough for its `RootNode` refusals, rarely
/// enough that most operations reach nodes they can change.
fn operand() -> impl Strategy<Value = usize> {
    prop_oneof![1 => Just(ROOT), 9 => 1..64usize]
}

/// -5..8 covers -1, other negatives (counted from the end, clamped at 0) and indices past
/// the end in trees of this size.
fn sibling_index() -> impl Strategy<Value = i32> {
    -5..8i32
}

/// Mostly small values so that ties (stable order) and no-op changes are common, plus
/// values the clamp to `i16` must catch.
fn z_value() -> impl Strategy<Value = i32> {
    prop_oneof![
        6 => -2..3i32,
        1 => Just(i32::from(MAX_Z_INDEX)),
        1 => Just(i32::from(MIN_Z_INDEX)),
        1 => Just(40_000),
        1 => Just(-40_000),
        1 => Just(i32::MAX),
        1 => Just(i32::MIN),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => Just(Op::CreateNode),
        6 => operand().prop_map(|parent| Op::CreateChild { parent }),
        4 => (operand(), operand()).prop_map(|(parent, child)| Op::AddChild { parent, child }),
        4 => (operand(), operand(), sibling_index())
            .prop_map(|(parent, child, index)| Op::InsertChild { parent, child, index }),
        5 => (operand(), proptest::option::of(operand()))
            .prop_map(|(child, parent)| Op::SetParent { child, parent }),
        2 => operand().prop_map(|node| Op::RemoveFromParent { node }),
        5 => (operand(), sibling_index())
            .prop_map(|(node, index)| Op::SetSiblingIndex { node, index }),
        5 => (operand(), z_value()).prop_map(|(node, z)| Op::SetZIndex { node, z }),
        5 => (operand(), any::<bool>()).prop_map(|(node, active)| Op::SetActive { node, active }),
        4 => operand().prop_map(|node| Op::Destroy { node }),
        4 => Just(Op::EndFrame),
        1 => Just(Op::DrainEvents),
    ]
}

proptest! {
    // No failure persistence: a regressions file would land outside this test file; a
    // failing case prints its minimal sequence instead.
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn world_matches_vec_model(ops in prop::collection::vec(op(), 1..60)) {
        Harness::<NODES>::new().run(&ops)?;
    }
}

/// A destroyed node's slot is taken by the next node, and the old handle must not reach
/// it: every call with it is `StaleHandle` and changes nothing.
#[test]
fn stale_handle_after_slot_reuse() -> Result<(), TestCaseError> {
    let mut h = Harness::<4>::new();
    h.run(&[
        Op::CreateChild { parent: 0 }, // 1
        Op::CreateChild { parent: 1 }, // 2, under 1
        Op::CreateNode,                // 3, detached; the arena is full
        Op::CreateNode,                // NodeArenaFull
        Op::Destroy { node: 1 },       // takes 2 along at the end of the frame
        Op::Destroy { node: 1 },       // no-op
        Op::SetActive {
            node: 1,
            active: true,
        }, // PendingDestroy
        Op::AddChild {
            parent: 1,
            child: 3,
        }, // allowed; 3 dies with 1
        Op::EndFrame,
        Op::CreateChild { parent: 0 }, // 4, reuses a freed slot
        Op::CreateChild { parent: 4 }, // 5
        Op::CreateNode,                // 6, the arena is full again
    ])?;
    let old = h.handles[1..=3].to_vec();
    let new = h.handles[4..=6].to_vec();
    // Every freed slot was reused, so each stale handle's slot index has a live occupant.
    for stale in &old {
        prop_assert!(new.iter().any(|n| n.index() == stale.index()));
    }
    h.run(&[
        Op::SetParent {
            child: 1,
            parent: Some(0),
        },
        Op::SetParent {
            child: 4,
            parent: Some(2),
        },
        Op::AddChild {
            parent: 6,
            child: 3,
        },
        Op::InsertChild {
            parent: 0,
            child: 2,
            index: 0,
        },
        Op::RemoveFromParent { node: 1 },
        Op::SetSiblingIndex { node: 2, index: 0 },
        Op::SetZIndex { node: 3, z: 5 },
        Op::SetActive {
            node: 1,
            active: false,
        },
        Op::Destroy { node: 2 },
        Op::CreateChild { parent: 3 },
    ])?;
    // The same calls through the world directly, so the error kind is visible here.
    for &stale in &old {
        prop_assert_eq!(h.world.set_active(stale, false), Err(Error::StaleHandle));
        prop_assert_eq!(h.world.destroy(stale), Err(Error::StaleHandle));
        prop_assert!(!h.world.is_valid(stale));
    }
    for &live in &new {
        prop_assert!(h.world.is_valid_strict(live));
    }
    Ok(())
}
