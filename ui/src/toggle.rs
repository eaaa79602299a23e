//! Check boxes and radio buttons (Cocos `cc.Toggle` and `cc.ToggleContainer`).
//!
//! A [`Toggle`] is a [`Button`] with a `checked` state and an optional checkmark node,
//! active exactly while the toggle is checked. A click (the button's rules) sends
//! [`Click`], then flips `checked` and sends [`Toggled`], both dispatched from the
//! toggle's node, so they bubble up through its ancestors.
//!
//! A [`ToggleGroup`] on the toggles' parent keeps at most one of its child toggles
//! checked, radio style. It listens to [`Toggled`] on its own node, bubbling up from its
//! children: when one is checked, it unchecks the others quietly (as Cocos's
//! `_hideCheckMark` does: no event for them), before the event goes on to the group's
//! ancestors; so a listener on the group, or above it, sees one `Toggled` per click and
//! finds the group already consistent. Without `allow_switch_off`, a click on the checked
//! toggle does nothing (no `Toggled`; the `Click` is still sent), and at its `start`
//! the group checks its first toggle if none is; with it, the checked one can be
//! clicked off, leaving none. Either way, at its `start` the group keeps only the first
//! of several checked toggles.
//!
//! Setting [`Toggle::checked`] directly changes the toggle alone, with no event and no
//! group rule; its checkmark follows at its next frame. [`set_checked`] applies the
//! group's rules, still without an event (as Cocos's `isChecked` setter).
//!
//! ```
//! use sprig::{world, Key};
//! use sprig_ui::{Toggle, ToggleGroup};
//!
//! world! {
//!     type App = World { nodes: 8, components: Set { Toggle: 3, ToggleGroup: 1 }, listeners: 4 };
//! }
//!
//! let mut world = App::new();
//! let root = world.root();
//! let group = world.create_child(root, "Sizes")?;
//! world.add_component(group, ToggleGroup::new())?;
//! let mut toggles = Vec::new();
//! for name in ["S", "M", "L"] {
//!     let node = world.create_child(group, name)?;
//!     toggles.push((node, world.add_component(node, Toggle::new())?));
//! }
//! world.tick(0.0)?; // the group checks the first toggle
//! world.set_focus(Some(toggles[2].0))?;
//! world.key(Key::A, true)?;
//! world.key(Key::A, false)?; // a click on "L"
//! let checked: Vec<bool> = toggles.iter().map(|&(_, t)| world.get::<Toggle>(t).unwrap().checked).collect();
//! assert_eq!(checked, [false, false, true]);
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::{
    component, AnyWorld, CompId, Ctx, Event, HookResult, Hooks, KeyEvent, NodeId, TouchEvent,
};

use crate::button::{Button, Click};
use crate::transition::{ButtonState, Transition};

/// The event a [`Toggle`] sends when a click flips it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Toggled {
    /// The toggle's node.
    pub node: NodeId,
    /// Whether it is checked now.
    pub checked: bool,
}

/// A check box: a button that flips `checked`; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Toggle {
    /// The button: interactable flag, transition, and the click rules.
    pub button: Button,
    /// Whether it is checked (Cocos `isChecked`).
    pub checked: bool,
    /// The node shown while checked, hidden otherwise (Cocos `checkMark`).
    pub checkmark: Option<NodeId>,
}

impl Default for Toggle {
    fn default() -> Self {
        Toggle::new()
    }
}

impl Toggle {
    /// An unchecked toggle without a checkmark node or transition.
    pub const fn new() -> Self {
        Toggle {
            button: Button::new(),
            checked: false,
            checkmark: None,
        }
    }

    /// This toggle, checked or not.
    pub const fn with_checked(mut self, checked: bool) -> Self {
        self.checked = checked;
        self
    }

    /// This toggle showing `node` while checked.
    pub const fn with_checkmark(mut self, node: NodeId) -> Self {
        self.checkmark = Some(node);
        self
    }

    /// This toggle with `transition` on its button.
    pub const fn with_transition(mut self, transition: Transition) -> Self {
        self.button.transition = transition;
        self
    }

    /// This toggle with `transitions` on its button, all shown at once (see
    /// [`Button::with_transitions`]).
    pub const fn with_transitions<const K: usize>(mut self, transitions: [Transition; K]) -> Self {
        self.button = self.button.with_transitions(transitions);
        self
    }

    /// This toggle, interactable or not.
    pub const fn with_interactable(mut self, interactable: bool) -> Self {
        self.button.interactable = interactable;
        self
    }

    /// The state its button shows.
    pub fn state(&self) -> ButtonState {
        self.button.state()
    }

    /// Shows or hides the checkmark to match `checked`.
    fn sync_checkmark(&self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        show_checkmark(&mut **ctx, self.checkmark, self.checked)
    }

    /// A click: `Click`, then the flip and `Toggled` unless a group forbids it.
    fn clicked(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.dispatch_event(node, &Click { node })?;
        if self.checked {
            if let Some(group) = group_of(&**ctx, node) {
                if !ctx.get::<ToggleGroup>(group)?.allow_switch_off {
                    return Ok(());
                }
            }
        }
        self.checked = !self.checked;
        self.sync_checkmark(ctx)?;
        let checked = self.checked;
        ctx.dispatch_event(node, &Toggled { node, checked })?;
        Ok(())
    }
}

fn show_checkmark(
    world: &mut impl AnyWorld,
    checkmark: Option<NodeId>,
    checked: bool,
) -> HookResult {
    // A checkmark node destroyed since (even this frame) counts as none.
    if let Some(mark) = checkmark.filter(|&mark| world.is_valid_strict(mark)) {
        if world.active(mark)? != checked {
            world.set_active(mark, checked)?;
        }
    }
    Ok(())
}

/// Checks or unchecks the toggle `toggle` from code, with its group's rules but no
/// event (Cocos's `isChecked` setter): in an enabled [`ToggleGroup`] without
/// `allow_switch_off`, unchecking the checked toggle is refused (`Ok(false)`); checking
/// one unchecks the others. Its checkmark follows at once. Returns whether it changed.
///
/// Callable from outside the frame on the world, or from a hook as
/// `set_checked(&mut **ctx, toggle, true)`. Errors, changing nothing: a stale or
/// wrong-typed handle, or `ComponentBusy` for a toggle whose hook is running.
///
/// ```
/// use sprig::world;
/// use sprig_ui::toggle::set_checked;
/// use sprig_ui::{Toggle, ToggleGroup};
///
/// world! {
///     type App = World { nodes: 4, components: Set { Toggle: 2, ToggleGroup: 1 }, listeners: 2 };
/// }
///
/// let mut world = App::new();
/// let root = world.root();
/// let group = world.create_child(root, "Modes")?;
/// world.add_component(group, ToggleGroup::new())?;
/// let heat = world.create_child(group, "Heat")?;
/// let heat = world.add_component(heat, Toggle::new().with_checked(true))?;
/// let cool = world.create_child(group, "Cool")?;
/// let cool = world.add_component(cool, Toggle::new())?;
/// assert!(set_checked(&mut world, cool, true)?);
/// assert!(!world.get::<Toggle>(heat)?.checked);
/// assert!(!set_checked(&mut world, cool, false)?, "one stays checked");
/// # Ok::<(), sprig::Error>(())
/// ```
pub fn set_checked(
    world: &mut impl AnyWorld,
    toggle: CompId,
    checked: bool,
) -> Result<bool, sprig::Error> {
    let node = world.component_node(toggle)?;
    let t = world.get::<Toggle>(toggle)?;
    if t.checked == checked {
        return Ok(false);
    }
    let mark = t.checkmark;
    let group = group_of(world, node);
    if !checked {
        if let Some(g) = group {
            if !world.get::<ToggleGroup>(g)?.allow_switch_off {
                return Ok(false);
            }
        }
    }
    world.get_mut::<Toggle>(toggle)?.checked = checked;
    show_checkmark(world, mark, checked)?;
    if checked {
        if let Some(parent) = group.and_then(|_| world.parent(node).ok().flatten()) {
            ToggleGroup::uncheck_others(world, parent, node)?;
        }
    }
    Ok(true)
}

/// The enabled group on `node`'s parent, if any.
fn group_of(world: &impl AnyWorld, node: NodeId) -> Option<CompId> {
    let parent = world.parent(node).ok().flatten()?;
    let group = world.component_of::<ToggleGroup>(parent).ok().flatten()?;
    world
        .enabled_in_hierarchy(group)
        .unwrap_or(false)
        .then_some(group)
}

#[component]
impl Hooks for Toggle {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.button.load(ctx)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.sync_checkmark(ctx)?;
        self.button.enable(ctx)
    }

    fn on_disable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        self.button.disable(ctx)
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        self.sync_checkmark(ctx)?;
        self.button.frame(ctx, dt_seconds)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        if self.button.touch(ctx, touch)? {
            self.clicked(ctx)?;
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if self.button.key(ctx, key)? {
            self.clicked(ctx)?;
        }
        Ok(())
    }
}

/// Keeps at most one of its node's child toggles checked; see the module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToggleGroup {
    /// Whether the checked toggle can be clicked off, leaving none (Cocos
    /// `allowSwitchOff`).
    pub allow_switch_off: bool,
}

impl Default for ToggleGroup {
    fn default() -> Self {
        ToggleGroup::new()
    }
}

/// The most toggles a group looks at; further children are left alone.
pub const MAX_GROUP_TOGGLES: usize = 32;

impl ToggleGroup {
    /// A group where one toggle is always checked.
    pub const fn new() -> Self {
        ToggleGroup {
            allow_switch_off: false,
        }
    }

    /// A group whose checked toggle can be clicked off.
    pub const fn allowing_switch_off() -> Self {
        ToggleGroup {
            allow_switch_off: true,
        }
    }

    /// The toggles on the children of `group` (the group's node), in sibling order.
    fn toggles(
        world: &impl AnyWorld,
        group: NodeId,
    ) -> Result<heapless::Vec<CompId, MAX_GROUP_TOGGLES>, sprig::Error> {
        let mut found = heapless::Vec::new();
        for child in world.children(group)? {
            if let Some(t) = world.component_of::<Toggle>(child).ok().flatten() {
                if found.push(t).is_err() {
                    break;
                }
            }
        }
        Ok(found)
    }

    /// Unchecks `toggle` quietly (no event), hiding its checkmark.
    fn uncheck(world: &mut impl AnyWorld, toggle: CompId) -> HookResult {
        let t = world.get_mut::<Toggle>(toggle)?;
        if !t.checked {
            return Ok(());
        }
        t.checked = false;
        let mark = t.checkmark;
        show_checkmark(world, mark, false)
    }

    /// Unchecks, quietly, every toggle of `group` but the one on `keep`.
    fn uncheck_others(world: &mut impl AnyWorld, group: NodeId, keep: NodeId) -> HookResult {
        for t in ToggleGroup::toggles(world, group)? {
            if world.component_node(t)? != keep {
                ToggleGroup::uncheck(world, t)?;
            }
        }
        Ok(())
    }
}

#[component]
impl Hooks for ToggleGroup {
    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.on::<Toggled>(node)
    }

    /// Cocos `_makeAtLeastOneToggleChecked`: one checked toggle at most, and one at
    /// least without `allow_switch_off`.
    fn start(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        let toggles = ToggleGroup::toggles(&**ctx, node)?;
        let mut seen = false;
        for &t in &toggles {
            if seen {
                ToggleGroup::uncheck(&mut **ctx, t)?;
            } else {
                seen = ctx.get::<Toggle>(t)?.checked;
            }
        }
        if !seen && !self.allow_switch_off {
            if let Some(&first) = toggles.first() {
                let t = ctx.get_mut::<Toggle>(first)?;
                t.checked = true;
                let mark = t.checkmark;
                show_checkmark(&mut **ctx, mark, true)?;
            }
        }
        Ok(())
    }

    fn on_event(&mut self, ctx: &mut Ctx<impl AnyWorld>, event: &mut Event<'_>) -> HookResult {
        let Some(&Toggled { node, checked }) = event.get::<Toggled>() else {
            return Ok(());
        };
        if !checked || ctx.parent(node)? != Some(ctx.node()) {
            return Ok(());
        }
        // The toggle that sent the event is left alone: it is running its hook, its
        // data lent out.
        let group = ctx.node();
        ToggleGroup::uncheck_others(&mut **ctx, group, node)
    }
}
