//! Tweens, as Cocos Creator 2.4's `cc.tween`: a node's properties animated through a
//! chain of `to`, `by`, `set`, `delay`, `sequence`, `parallel` and `repeat` steps.
//!
//! A tween is a component, [`Tween`], added to the node it animates. That is the whole
//! of its lifecycle: it advances in its `update`, so it pauses with the world
//! (`pause()`), with its node (deactivated) and when disabled (`set_enabled(tween,
//! false)`) and resumes where it was; it ends silently with its node, whose components
//! go with it; it destroys itself when its last step ends. An app lists it in its
//! component set like any other type (`world! { … components: App { Tween: 8, … } }`
//! for up to 8 tweens running at once). The step capacity is in the type: a `Tween` has
//! room for [`DEFAULT_ENTRIES`] entries, a `Tween<32>` for 32, and both can be in one
//! set.
//!
//! RAM: the step list is made of 16-byte entries and a step takes only those it needs
//! (a `delay` one, a `to` of a position three: the step and its x and y; see
//! [`TweenBuilder`]), so a `Tween` (16 entries) is 280 bytes on a 64-bit host and a
//! `Tween<4>`, enough for one `to` of a position, 88 bytes. The engine moves a component
//! out of its slot and back around each hook, so the size is also a cost per frame
//! (see the bench, `benches/tween.rs`).
//!
//! Time is pure `f32` arithmetic on the frame's `dt`: the same sequence of frame times
//! gives the same values bit for bit. A frame that crosses the end of a step carries the
//! rest of its time into the next step, so the timeline does not drift (`step.rs`).
//!
//! Differences from Cocos, each for a reason:
//! - The first frame after `start` advances the tween by its `dt`; Cocos's
//!   `ActionInterval` counts its first tick as 0 seconds, so its tweens lag a frame
//!   behind their timeline. Here a 0.3 s tween driven by 0.1 s frames ends on the third
//!   frame, as a timer would.
//! - `call` (a callback) is not there yet: it will send a typed event to a component
//!   once the UI toolkit has events; adding it is one more kind of step (`step.rs`).
//! - A colour is the node's drawable's colour, since a Sprig node has none (see
//!   [`Props::color`]).
//! - A repeat whose loop takes no time (a body of `set`s) runs one loop a frame rather
//!   than all of them at once, so a frame always ends.
//!
//! `builder.rs` holds the chained API, `step.rs` the steps and how time moves through
//! them, `props.rs` the animated properties.

mod builder;
mod props;
mod step;

use heapless::Vec;
use sprig::{component, AnyWorld, CompId, Ctx, Error, HookResult, Hooks, NodeId};

pub use builder::{tween, TweenBuilder};

/// The event a tween's [`call`](TweenBuilder::call) step sends from its node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TweenCall {
    /// The tween's node.
    pub node: NodeId,
    /// The key given to `call` (`from_key` turns it back into a `TimerKey` enum).
    pub key: u16,
}
pub use props::Props;
use step::{advance, Step};

/// The capacity, in entries, of a [`Tween`] without an explicit one.
pub const DEFAULT_ENTRIES: usize = 16;

/// A running tween: the component [`TweenBuilder::start`] adds to the node it
/// animates. `ENTRIES` is the capacity of its step list, fixed by its type (see
/// [`TweenBuilder`] for how many entries a step takes); the app lists each capacity it
/// uses in its component set.
#[derive(Clone, Debug)]
pub struct Tween<const ENTRIES: usize = DEFAULT_ENTRIES> {
    steps: Vec<Step, ENTRIES>,
    /// The top-level step running now (the top level is a sequence).
    current: usize,
    tag: Option<u16>,
}

impl<const ENTRIES: usize> Tween<ENTRIES> {
    pub(crate) fn from_steps(steps: Vec<Step, ENTRIES>, tag: Option<u16>) -> Self {
        Tween {
            steps,
            current: 0,
            tag,
        }
    }

    /// The tag given with [`TweenBuilder::tag`], if any.
    pub fn tag(&self) -> Option<u16> {
        self.tag
    }
}

/// Stopping the default [`Tween`]: `Tween::stop_all(world, node)`, no capacity to name.
/// Each is [`StopTweens`]'s function of the same name; for a `Tween<32>`, import that
/// trait and write `Tween::<32>::stop_all(world, node)`.
///
/// ```
/// use sprig::world;
/// use sprig_ui::ease::Easing;
/// use sprig_ui::tween::{tween, Props, Tween};
///
/// world! {
///     type AppWorld = World { nodes: 4, components: App { Tween: 4 } };
/// }
///
/// let mut world = AppWorld::new();
/// let node = world.create_child(world.root(), "Card")?;
/// tween(node).to(1.0, Props::new().x(100.0), Easing::Linear).start(&mut world)?;
/// tween(node).to(1.0, Props::new().y(100.0), Easing::Linear).start(&mut world)?;
/// assert_eq!(Tween::stop_all(&mut world, node)?, 2);
/// # Ok::<(), sprig::Error>(())
/// ```
impl Tween {
    /// Stops the tween `tween`; see [`StopTweens::stop`].
    ///
    /// # Errors
    /// As [`StopTweens::stop`].
    pub fn stop(world: &mut impl AnyWorld, tween: CompId) -> Result<(), Error> {
        <Self as StopTweens>::stop(world, tween)
    }

    /// Stops the tweens on `node` tagged `tag`; see [`StopTweens::stop_by_tag`].
    ///
    /// # Errors
    /// As [`StopTweens::stop_by_tag`].
    pub fn stop_by_tag(world: &mut impl AnyWorld, node: NodeId, tag: u16) -> Result<u32, Error> {
        <Self as StopTweens>::stop_by_tag(world, node, tag)
    }

    /// Stops every tween on `node`; see [`StopTweens::stop_all`].
    ///
    /// # Errors
    /// As [`StopTweens::stop_all`].
    pub fn stop_all(world: &mut impl AnyWorld, node: NodeId) -> Result<u32, Error> {
        <Self as StopTweens>::stop_all(world, node)
    }

    /// Stops the tweens tagged `tag` in `root`'s subtree; see
    /// [`StopTweens::stop_by_tag_in_tree`].
    ///
    /// # Errors
    /// As [`StopTweens::stop_by_tag_in_tree`].
    pub fn stop_by_tag_in_tree(
        world: &mut impl AnyWorld,
        root: NodeId,
        tag: u16,
    ) -> Result<u32, Error> {
        <Self as StopTweens>::stop_by_tag_in_tree(world, root, tag)
    }
}

/// Stopping tweens of one capacity, `Tween<ENTRIES>`: a tween of another capacity is
/// another component type, left alone.
///
/// The default [`Tween`] has the same functions of its own, so `Tween::stop_all(…)` needs
/// no import; with this trait in scope, `Tween::<32>::stop_all(…)` stops the tweens of 32
/// entries.
pub trait StopTweens {
    /// Stops the tween `tween` (Cocos `stop`): destroys the component, leaving the
    /// node's properties where they are now.
    ///
    /// # Errors
    /// [`Error::WrongComponentType`] if `tween` is not a `Tween<ENTRIES>`,
    /// [`Error::StaleHandle`] if it was destroyed.
    fn stop(world: &mut impl AnyWorld, tween: CompId) -> Result<(), Error>;

    /// Stops every `Tween<ENTRIES>` on `node` tagged `tag`, and returns how many it
    /// stopped (Cocos `cc.Tween.stopAllByTag(tag)`, for one node).
    ///
    /// # Errors
    /// [`Error::StaleHandle`] if the node was destroyed.
    fn stop_by_tag(world: &mut impl AnyWorld, node: NodeId, tag: u16) -> Result<u32, Error>;

    /// Stops every `Tween<ENTRIES>` on `node`, tagged or not, and returns how many it
    /// stopped (Cocos `cc.Tween.stopAllByTarget`).
    ///
    /// # Errors
    /// [`Error::StaleHandle`] if the node was destroyed.
    fn stop_all(world: &mut impl AnyWorld, node: NodeId) -> Result<u32, Error>;

    /// Stops every `Tween<ENTRIES>` tagged `tag` on `root` and its descendants, and returns
    /// how many it stopped; from `world.root()`, the whole world (Cocos
    /// `cc.Tween.stopAllByTag(tag)`). The walk uses no recursion and no memory: from each
    /// node it goes to its first child, else its next sibling or an ancestor's.
    ///
    /// # Errors
    /// [`Error::StaleHandle`] if `root` was destroyed.
    fn stop_by_tag_in_tree(world: &mut impl AnyWorld, root: NodeId, tag: u16)
        -> Result<u32, Error>;
}

impl<const ENTRIES: usize> StopTweens for Tween<ENTRIES> {
    fn stop(world: &mut impl AnyWorld, tween: CompId) -> Result<(), Error> {
        match world.get::<Self>(tween) {
            Ok(_) | Err(Error::ComponentBusy) => world.destroy_component(tween),
            Err(error) => Err(error),
        }
    }

    fn stop_by_tag(world: &mut impl AnyWorld, node: NodeId, tag: u16) -> Result<u32, Error> {
        stop_where::<ENTRIES>(world, node, Some(tag))
    }

    fn stop_all(world: &mut impl AnyWorld, node: NodeId) -> Result<u32, Error> {
        stop_where::<ENTRIES>(world, node, None)
    }

    fn stop_by_tag_in_tree(
        world: &mut impl AnyWorld,
        root: NodeId,
        tag: u16,
    ) -> Result<u32, Error> {
        let mut stopped = 0;
        let mut at = Some(root);
        while let Some(node) = at {
            stopped += stop_where::<ENTRIES>(world, node, Some(tag))?;
            at = next_in_tree(world, root, node)?;
        }
        Ok(stopped)
    }
}

/// Stops the `Tween<ENTRIES>`s on `node` with tag `tag`, or all of them for `None`.
fn stop_where<const ENTRIES: usize>(
    world: &mut impl AnyWorld,
    node: NodeId,
    tag: Option<u16>,
) -> Result<u32, Error> {
    let mut stopped = 0;
    loop {
        // Destroying needs the world mutably, so find one, destroy it, look again; a
        // destroyed one is no longer strictly valid and is not found twice.
        let found = world.components(node)?.find(|&comp| {
            world.is_component_valid_strict(comp)
                && world
                    .get::<Tween<ENTRIES>>(comp)
                    .is_ok_and(|tween| tag.is_none() || tween.tag == tag)
        });
        let Some(comp) = found else {
            return Ok(stopped);
        };
        world.destroy_component(comp)?;
        stopped += 1;
    }
}

/// The node after `node` in a pre-order walk of `root`'s subtree.
fn next_in_tree(
    world: &impl AnyWorld,
    root: NodeId,
    node: NodeId,
) -> Result<Option<NodeId>, Error> {
    if let Some(child) = world.children(node)?.next() {
        return Ok(Some(child));
    }
    let mut at = node;
    while at != root {
        let Some(parent) = world.parent(at)? else {
            break;
        };
        let index = world.sibling_index(at)?;
        if let Some(next) = world.children(parent)?.nth(index + 1) {
            return Ok(Some(next));
        }
        at = parent;
    }
    Ok(None)
}

#[component]
impl<const ENTRIES: usize> Hooks for Tween<ENTRIES> {
    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        // The seconds each step gets this frame, for the groups (see `step.rs`).
        let mut dts = [0.0f32; ENTRIES];
        let result = advance(
            &mut self.steps,
            &mut dts,
            self.current,
            dt_seconds,
            &mut **ctx,
            node,
        );
        match result {
            Ok((current, None)) => {
                self.current = current;
                Ok(())
            }
            Ok((_, Some(_))) => {
                let own = ctx.comp_id();
                ctx.destroy_component(own)
            }
            Err(error) => {
                // A step that cannot write its node (a colour step whose drawable was
                // removed) ends the tween, reported as this hook's error.
                let own = ctx.comp_id();
                ctx.destroy_component(own)?;
                Err(error)
            }
        }
    }
}
