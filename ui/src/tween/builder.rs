//! [`TweenBuilder`]: the chained API that reads like Cocos's `cc.tween(node)…start()`.
//!
//! The builder is a plain value that collects steps into the same fixed-capacity list
//! the [`Tween`] component runs, so `start` moves it into the component without copying
//! step by step. It never fails half-way: the first problem (a bad duration, a non-finite
//! value, more entries than the capacity) is recorded, the calls after it are ignored, and
//! `start` returns it as an `Err` without adding anything to the world.

use heapless::Vec;
use sprig::{AnyWorld, CompId, Error, NodeId, TimerKey};

use crate::ease::Easing;
use crate::tween::props::{self, Props};
use crate::tween::step::{Action, Step, FOREVER};
use crate::tween::{Tween, DEFAULT_ENTRIES};

/// A tween being described: its target node, its steps, its tag. Made by [`tween`]
/// (with a target, to [`start`](TweenBuilder::start)) or [`TweenBuilder::new`] (without
/// one: a part to put in a `sequence`, `parallel`, `then` or `repeat_tween`).
///
/// `ENTRIES` is the capacity of the step list, in 16-byte entries, so that a step takes
/// only the room it needs:
/// - `to` and `by`: 1, plus 1 per value (a position or a scale is 2 values, x and y; a
///   content size 2; a colour 3; an angle or an opacity 1), plus 2 for a bezier easing;
/// - `set`: 1, plus 1 per value;
/// - `delay`, and each `sequence`, `parallel` and `repeat` around its parts: 1; a part of
///   more than one step put in a group: 1 more, for the sequence that holds them.
///
/// `tween(node).to(0.3, Props::new().scale(1.2), Easing::BackOut).delay(0.1)` takes
/// 3 + 1 = 4 entries. [`len`](TweenBuilder::len) says how many are used.
#[derive(Clone, Debug)]
pub struct TweenBuilder<const ENTRIES: usize = DEFAULT_ENTRIES> {
    node: Option<NodeId>,
    steps: Vec<Step, ENTRIES>,
    /// Where the last top-level action starts: what `repeat` repeats.
    last_top: Option<usize>,
    top_count: usize,
    tag: Option<u16>,
    error: Option<Error>,
}

/// A tween of `node` with the default capacity of [`DEFAULT_ENTRIES`] entries, as Cocos's
/// `cc.tween(node)`; for another capacity, [`TweenBuilder::on`].
///
/// ```
/// use sprig::{world, Vec2};
/// use sprig_ui::ease::Easing;
/// use sprig_ui::tween::{tween, Props, Tween};
///
/// world! {
///     type AppWorld = World { nodes: 4, components: App { Tween: 4 } };
/// }
///
/// let mut world = AppWorld::new();
/// let node = world.create_child(world.root(), "Button")?;
/// tween(node)
///     .to(0.5, Props::new().position(Vec2::new(100.0, 0.0)), Easing::Linear)
///     .delay(0.25)
///     .by(0.25, Props::new().angle_degrees(90.0), Easing::Linear)
///     .start(&mut world)?;
/// world.tick(0.25)?;
/// assert_eq!(world.position(node)?, Vec2::new(50.0, 0.0));
/// world.tick(0.5)?; // crosses the end of `to`: the rest of the frame goes to `delay`
/// assert_eq!(world.position(node)?, Vec2::new(100.0, 0.0));
/// world.tick(0.25)?;
/// assert_eq!(world.angle_degrees(node)?, 90.0);
/// assert_eq!(world.component_count(), 0); // finished, the tween destroyed itself
/// # Ok::<(), sprig::Error>(())
/// ```
pub fn tween(node: NodeId) -> TweenBuilder {
    TweenBuilder::on(node)
}

impl<const ENTRIES: usize> Default for TweenBuilder<ENTRIES> {
    fn default() -> Self {
        TweenBuilder::new()
    }
}

impl<const ENTRIES: usize> TweenBuilder<ENTRIES> {
    /// A part without a target (Cocos `cc.tween()`), to put in a group.
    pub const fn new() -> Self {
        TweenBuilder {
            node: None,
            steps: Vec::new(),
            last_top: None,
            top_count: 0,
            tag: None,
            error: None,
        }
    }

    /// A tween of `node` with room for `ENTRIES` entries.
    pub const fn on(node: NodeId) -> Self {
        let mut builder = TweenBuilder::new();
        builder.node = Some(node);
        builder
    }

    /// The first problem met so far, which `start` will return.
    pub fn error(&self) -> Option<Error> {
        self.error
    }

    /// How many entries of the step list are used.
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    /// Whether no step was added.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    fn fail(mut self, error: Error) -> Self {
        self.error.get_or_insert(error);
        self
    }

    /// Appends one top-level step: `head`, then `rest`, which belongs to it.
    fn push(mut self, head: Action, rest: impl Iterator<Item = Action> + Clone) -> Self {
        if self.error.is_some() {
            return self;
        }
        let at = self.steps.len();
        let span = 1 + rest.clone().count();
        let Ok(span_u16) = u16::try_from(span) else {
            return self.fail(Error::QueueFull);
        };
        if at + span > ENTRIES {
            return self.fail(Error::QueueFull);
        }
        let entries = core::iter::once(Step::new(head, span_u16))
            .chain(rest.map(|action| Step::new(action, 1)));
        for entry in entries {
            if self.steps.push(entry).is_err() {
                return self.fail(Error::QueueFull);
            }
        }
        self.last_top = Some(at);
        self.top_count += 1;
        self
    }

    /// The value entries of `props`.
    fn values(props: Props) -> impl Iterator<Item = Action> + Clone {
        props.named_values().map(|(prop, target)| Action::Value {
            prop,
            target,
            start: 0.0,
        })
    }

    fn interval(self, duration_seconds: f32, props: Props, easing: Easing, relative: bool) -> Self {
        let valid = duration_seconds.is_finite()
            && duration_seconds >= 0.0
            && props.is_finite()
            && easing.is_finite();
        if !valid {
            return self.fail(Error::InvalidValue);
        }
        if relative && props.has_color() {
            return self.fail(Error::InvalidValue);
        }
        let (bezier, bezier_entries) = match easing {
            Easing::CubicBezier { x1, y1, x2, y2 } => (
                [
                    Action::Bezier { a: x1, b: y1 },
                    Action::Bezier { a: x2, b: y2 },
                ],
                2,
            ),
            _ => ([Action::Bezier { a: 0.0, b: 0.0 }; 2], 0),
        };
        let head = Action::Interval {
            duration_seconds,
            elapsed_seconds: 0.0,
            easing: easing.code(),
            relative,
        };
        self.push(
            head,
            bezier
                .into_iter()
                .take(bezier_entries)
                .chain(Self::values(props)),
        )
    }

    /// Animates `props` to the given values over `duration_seconds` (Cocos `to`). The
    /// start values are the node's when the step starts. A duration of 0 sets them at
    /// once. A negative or non-finite duration or value, or a bezier easing with a
    /// non-finite control value, is `Err(InvalidValue)` at `start`.
    pub fn to(self, duration_seconds: f32, props: Props, easing: Easing) -> Self {
        self.interval(duration_seconds, props, easing, false)
    }

    /// Animates `props` by the given amounts over `duration_seconds` (Cocos `by`): the
    /// node's values when the step starts, plus `props`. Inside a repeat each loop
    /// starts from where the last one ended, so the amounts add up. A colour in `props`
    /// is `Err(InvalidValue)` at `start` (see [`Props::color`]).
    pub fn by(self, duration_seconds: f32, props: Props, easing: Easing) -> Self {
        self.interval(duration_seconds, props, easing, true)
    }

    /// Sets `props` at once (Cocos `set`).
    pub fn set(self, props: Props) -> Self {
        if !props.is_finite() {
            return self.fail(Error::InvalidValue);
        }
        self.push(Action::Set, Self::values(props))
    }

    /// Sends a [`TweenCall`](crate::tween::TweenCall) event carrying `key` from the
    /// tween's node when the tween gets here (Cocos `call`): dispatched, so listeners on
    /// the node and, bubbling, on its ancestors get it (`ctx.on::<TweenCall>(node)`). The
    /// key is a number or a `#[derive(TimerKey)]` enum, as for timers; one without a
    /// `u16` form makes `start` fail with `InvalidValue`. Takes no time and one entry.
    pub fn call(self, key: impl TimerKey) -> Self {
        match key.to_key() {
            Some(key) => self.push(Action::Call { key }, core::iter::empty()),
            None => self.fail(Error::InvalidValue),
        }
    }

    /// Waits `duration_seconds` (Cocos `delay`).
    pub fn delay(self, duration_seconds: f32) -> Self {
        if !(duration_seconds.is_finite() && duration_seconds >= 0.0) {
            return self.fail(Error::InvalidValue);
        }
        let delay = Action::Delay {
            duration_seconds,
            elapsed_seconds: 0.0,
        };
        self.push(delay, core::iter::empty())
    }

    /// Appends `part` as one action: its steps as they are if it has one top-level step,
    /// else in a sequence (Cocos's `_union`). Returns the entry it starts at.
    fn append_part(&mut self, part: TweenBuilder<ENTRIES>) -> Result<usize, Error> {
        if let Some(error) = part.error {
            return Err(error);
        }
        let at = self.steps.len();
        if part.top_count != 1 {
            let span = u16::try_from(part.steps.len() + 1).map_err(|_| Error::QueueFull)?;
            self.steps
                .push(Step::new(Action::Sequence { current: 0 }, span))
                .map_err(|_| Error::QueueFull)?;
        }
        self.steps
            .extend_from_slice(&part.steps)
            .map_err(|_| Error::QueueFull)?;
        Ok(at)
    }

    /// Appends a group of `parts` headed by `action`.
    fn group<const PARTS: usize>(
        mut self,
        action: Action,
        parts: [TweenBuilder<ENTRIES>; PARTS],
    ) -> Self {
        if self.error.is_some() {
            return self;
        }
        let at = self.steps.len();
        if self.steps.push(Step::new(action, 1)).is_err() {
            return self.fail(Error::QueueFull);
        }
        for part in parts {
            if let Err(error) = self.append_part(part) {
                return self.fail(error);
            }
        }
        match (u16::try_from(self.steps.len() - at), self.steps.get_mut(at)) {
            (Ok(span), Some(head)) => head.span = span,
            _ => return self.fail(Error::QueueFull),
        }
        self.last_top = Some(at);
        self.top_count += 1;
        self
    }

    /// Runs `parts` one after the other (Cocos `sequence`).
    pub fn sequence<const PARTS: usize>(self, parts: [TweenBuilder<ENTRIES>; PARTS]) -> Self {
        self.group(Action::Sequence { current: 0 }, parts)
    }

    /// Runs `parts` together (Cocos `parallel`); the group ends when the longest ends.
    pub fn parallel<const PARTS: usize>(self, parts: [TweenBuilder<ENTRIES>; PARTS]) -> Self {
        self.group(
            Action::Parallel {
                all_done: true,
                left_over: 0.0,
            },
            parts,
        )
    }

    /// Appends `part` as one action (Cocos `then`).
    pub fn then(mut self, part: TweenBuilder<ENTRIES>) -> Self {
        if self.error.is_some() {
            return self;
        }
        match self.append_part(part) {
            Ok(at) => {
                self.last_top = Some(at);
                self.top_count += 1;
                self
            }
            Err(error) => self.fail(error),
        }
    }

    /// Wraps the last action in a repeat.
    fn wrap_last(mut self, times: u32) -> Self {
        if self.error.is_some() {
            return self;
        }
        let Some(at) = self.last_top else {
            return self.fail(Error::InvalidValue);
        };
        let Ok(span) = u16::try_from(self.steps.len() - at + 1) else {
            return self.fail(Error::QueueFull);
        };
        if self
            .steps
            .insert(at, Step::new(Action::Repeat { times, loops: 0 }, span))
            .is_err()
        {
            return self.fail(Error::QueueFull);
        }
        self
    }

    /// Plays the last action `times` times in all (Cocos `repeat(n)`: `.by(…).repeat(3)`
    /// runs the `by` three times). `times` of 0, or no action before it, is
    /// `Err(InvalidValue)` at `start`. A loop that takes no time (a body of `set`s) runs
    /// once per frame, so a frame always ends.
    pub fn repeat(self, times: u32) -> Self {
        if times == 0 {
            return self.fail(Error::InvalidValue);
        }
        self.wrap_last(times)
    }

    /// Plays the last action for ever (Cocos `repeatForever`); the tween then ends only
    /// when stopped, or with its node.
    pub fn repeat_forever(self) -> Self {
        self.wrap_last(FOREVER)
    }

    /// Appends `part` played `times` times (Cocos `repeat(n, tween)`).
    pub fn repeat_tween(self, times: u32, part: TweenBuilder<ENTRIES>) -> Self {
        self.then(part).repeat(times)
    }

    /// Appends `part` played for ever (Cocos `repeatForever(tween)`).
    pub fn repeat_forever_tween(self, part: TweenBuilder<ENTRIES>) -> Self {
        self.then(part).repeat_forever()
    }

    /// Tags the tween, for [`Tween::stop_by_tag`] and [`Tween::stop_by_tag_in_tree`]
    /// (Cocos `tag`).
    pub fn tag(mut self, tag: u16) -> Self {
        self.tag = Some(tag);
        self
    }

    /// The [`Tween`] component itself, not yet on a node: for a `scene!` entry
    /// (`Tween = TweenBuilder::new()….build()?`) or an `add_component` of your own. It
    /// animates the node it is added to, whatever node the builder was made with, and
    /// starts with that node's next `update` once active.
    ///
    /// ```
    /// use sprig::{scene, world, Vec2};
    /// use sprig_ui::ease::Easing;
    /// use sprig_ui::tween::{Props, Tween, TweenBuilder};
    ///
    /// world! {
    ///     type AppWorld = World { nodes: 4, components: App { Tween: 2 } };
    /// }
    ///
    /// scene! {
    ///     scene Banner in AppWorld -> BannerIds {
    ///         node Banner {
    ///             position: (0.0, 10.0),
    ///             Tween = TweenBuilder::new()
    ///                 .to(0.5, Props::new().x(100.0), Easing::Linear)
    ///                 .build()?,
    ///         }
    ///     }
    /// }
    ///
    /// let mut world = AppWorld::new();
    /// let root = world.root();
    /// let banner = Banner {}.instantiate(&mut world, root)?;
    /// world.tick(0.25)?;
    /// assert_eq!(world.position(banner.top)?, Vec2::new(50.0, 10.0));
    /// # Ok::<(), sprig::Error>(())
    /// ```
    ///
    /// # Errors
    /// The first problem recorded by the builder, as [`start`](Self::start) returns it.
    /// A colour step cannot be checked against a drawable without a node: on a node with
    /// none, the tween's `update` returns [`Error::InvalidValue`] when the step starts.
    pub fn build(self) -> Result<Tween<ENTRIES>, Error> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(Tween::from_steps(self.steps, self.tag)),
        }
    }

    /// Adds the tween to its node as a [`Tween`] component and returns the component; it
    /// starts with the node's next `update`. From `main`, `start(&mut world)`; from a
    /// hook, `start(ctx.world())` (the world behind the hook's `Ctx`):
    ///
    /// ```
    /// use sprig::{component, AnyWorld, Ctx, HookResult, Hooks};
    /// use sprig_ui::ease::Easing;
    /// use sprig_ui::tween::{tween, Props};
    ///
    /// /// Pops its node in when it starts.
    /// pub struct PopIn;
    ///
    /// #[component]
    /// impl Hooks for PopIn {
    ///     fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
    ///         let node = ctx.node();
    ///         tween(node)
    ///             .set(Props::new().scale(0.0))
    ///             .to(0.3, Props::new().scale(1.0), Easing::BackOut)
    ///             .start(ctx.world())?;
    ///         Ok(())
    ///     }
    /// }
    /// ```
    ///
    /// # Errors
    /// Nothing is added when it fails:
    /// - the first problem recorded by the builder: [`Error::InvalidValue`] for a
    ///   negative or non-finite duration or value, a colour in `by`, `repeat(0)` or a
    ///   repeat with nothing before it; [`Error::QueueFull`] for more entries than
    ///   `ENTRIES`;
    /// - [`Error::InvalidValue`] for a builder made by [`TweenBuilder::new`] (no node), or
    ///   a colour step on a node that has no [`Shape`](sprig::render::Shape) with a
    ///   colour and no [`Label`](sprig::render::Label);
    /// - [`Error::StaleHandle`] if the node was destroyed, [`Error::PendingDestroy`] if
    ///   it is being destroyed this frame;
    /// - what `add_component` returns: the type is not in the app's set
    ///   ([`Error::NotInSet`]), its slots are full ([`Error::ComponentArenaFull`]).
    pub fn start(self, world: &mut impl AnyWorld) -> Result<CompId, Error> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let node = self.node.ok_or(Error::InvalidValue)?;
        if !world.is_valid(node) {
            return Err(Error::StaleHandle);
        }
        // The engine would add it, to go with the node at the end of the frame.
        if !world.is_valid_strict(node) {
            return Err(Error::PendingDestroy);
        }
        let animates_color = self
            .steps
            .iter()
            .any(|step| matches!(step.action, Action::Value { prop, .. } if props::is_color(prop)));
        if animates_color {
            props::drawable_color(world, node)?;
        }
        world.add_component(node, Tween::from_steps(self.steps, self.tag))
    }
}
