//! A tab view (LVGL `lv_tabview`): a bar of tab titles across the top, an indicator
//! under the current tab that slides from tab to tab, and below it the pages, one per
//! tab, side by side in a clipped row that slides with it.
//!
//! - **Pages** are nodes you create (with whatever they hold) and give with their
//!   titles to [`TabView::new`]. When it loads, the tab view makes them children of its
//!   "Content" part, in tab order, and from then on sets each one's box (the node below
//!   the bar, its anchor at its centre), its position, and whether it is active: a page
//!   is active while any of it shows, so at rest only the current page is (its
//!   `on_enable` runs when it slides in, its `on_disable` when it has slid out).
//! - **Position.** [`position`](TabView::position) is, in pages, how far the row has
//!   slid: page `k` fills the content area at `k`. Choosing a tab (a key, a tap on its
//!   title, a swipe) makes it the [`selected`](TabView::selected) one at once, and the
//!   row eases there: the distance left shrinks by `exp(-dt ×` [`SLIDE_RATE`]`)` a frame
//!   (12 per second) and lands exactly once within half a pixel. The indicator is at
//!   `position` tab widths from the left.
//! - **Touch.** A tap (less than [`DRAG_THRESHOLD`] pixels of travel) on a title chooses
//!   that tab. A finger moving sideways over the pages drags the row with it; lifted
//!   after moving it by at least [`SWIPE_FRACTION`] of a page's width, it chooses the
//!   neighbour that way (if there is one), else the row slides back. A touch that went
//!   down on a page's child that takes it (a [`Button`](crate::Button)) stays the
//!   child's until it has moved [`DRAG_THRESHOLD`] pixels sideways; then the tab view
//!   takes it over (the child gets `Cancel`, so no click) and it drags the row from
//!   there, as a [`List`](crate::List) does.
//! - **Keys**, while its node has the focus: Left and Right choose the neighbouring tab;
//!   at the first or the last tab they bubble on (so a
//!   [`FocusGroup`](crate::FocusGroup) can move the focus away).
//! - **Event.** Choosing another tab than the selected one dispatches [`TabChanged`]
//!   `{ node, index }` from the tab view's node, once, when it is chosen.
//!   [`TabView::set_selected`] sends nothing and puts the row there at once.
//! - **Parts** (children of its node): "Bar" (a [`Shape`](sprig::render::Shape) the bar's
//!   height across the top) holding one "Tab" [`Label`](sprig::render::Label) per title,
//!   "Indicator" (a `Shape` in the accent, 2 pixels high at the bar's foot) and
//!   "Content" (a [`Clip`] over the rest) holding the pages. So a tab view of `n` tabs
//!   makes `3 + n` nodes, 2 `Shape`s, `n` `Label`s and 1 `Clip`. If a part or a page
//!   cannot be made or moved, `on_load` fails, the pages go back to their parents and
//!   the parts made are removed.
//! - **Capacity**: at most [`MAX_TABS`] tabs, each title at most a label's 32 bytes.
//!
//! ```
//! use sprig::render::{Clip, Label, Shape};
//! use sprig::{world, Key, Size2};
//! use sprig_ui::TabView;
//!
//! world! {
//!     type App = World { nodes: 12, components: Set { TabView: 1, Shape: 2, Label: 2, Clip: 1 } };
//! }
//!
//! let mut world = App::new();
//! let node = world.create_child(world.root(), "Tabs")?;
//! world.set_content_size(node, Size2::new(64.0, 48.0))?;
//! let home = world.create_child(node, "Home")?;
//! let stats = world.create_child(node, "Stats")?;
//! let tabs = world.add_component(node, TabView::new(&[("Home", home), ("Stats", stats)])?)?;
//! world.set_focus(Some(node))?;
//! world.key(Key::Right, true)?;
//! assert_eq!(world.get::<TabView>(tabs)?.selected(), 1); // chosen at once...
//! for _ in 0..30 {
//!     world.tick(0.02)?;
//! }
//! assert_eq!(world.get::<TabView>(tabs)?.position(), 1.0); // ...and slid there
//! assert!(!world.active(home)? && world.active(stats)?);
//! # Ok::<(), sprig::Error>(())
//! ```

use sprig::render::{Clip, HorizontalAlign};
use sprig::{
    component, AnyWorld, Ctx, Error, HookResult, Hooks, Key, KeyEvent, NodeId, Size2, TouchEvent,
    TouchPhase, Vec2,
};

use crate::list::DRAG_THRESHOLD;
use crate::pager;
pub use crate::pager::{SLIDE_RATE, SWIPE_FRACTION};
use crate::picker::{self, Area, PickerStyle};

/// The most tabs a [`TabView`] holds.
pub const MAX_TABS: usize = 8;

/// Pixels high the indicator is.
const INDICATOR_HEIGHT: f32 = 2.0;

/// The event a [`TabView`] sends when a tab other than the selected one is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TabChanged {
    /// The tab view's node.
    pub node: NodeId,
    /// The index of the tab chosen.
    pub index: usize,
}

/// The nodes a [`TabView`] draws with (see the module doc); the pages are yours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TabViewParts {
    /// The bar across the top.
    pub bar: NodeId,
    /// One title per tab, in order, children of the bar.
    pub tabs: heapless::Vec<NodeId, MAX_TABS>,
    /// The indicator under the current tab.
    pub indicator: NodeId,
    /// The clipping node holding the pages.
    pub content: NodeId,
}

/// A touch on the tab view.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    id: u8,
    gesture: u16,
    /// The finger (node space) and the position when it went down.
    start: Vec2,
    start_position: f32,
    /// The farthest it has been sideways from where it went down.
    travel: f32,
    /// Whether it went down on the bar.
    on_bar: bool,
    /// Whether the tab view has the touch: it went down on it, or it began on a
    /// page's child (a button) and the tab view took it over once it moved far enough.
    owned: bool,
}

/// A tab view; see the module doc.
#[derive(Clone, Debug, PartialEq)]
pub struct TabView {
    /// Whether it takes input.
    pub interactable: bool,
    /// Its colours: the bar (`background`, `border`), the titles (`text`) and the
    /// indicator (`accent`).
    pub style: PickerStyle,
    bar_height: f32,
    tabs: heapless::Vec<(&'static str, NodeId), MAX_TABS>,
    selected: usize,
    position: f32,
    sliding: bool,
    drag: Option<Drag>,
    parts: Option<TabViewParts>,
    /// The node's size and anchor and the position the parts were placed for.
    placed: Option<(Size2, Vec2, f32)>,
}

impl TabView {
    /// A tab view of `tabs` (a title and its page each), at the first, its bar 14
    /// pixels high. Errors: `InvalidValue` for none, `QueueFull` for more than
    /// [`MAX_TABS`], `TextTooLong` for a title longer than a label holds.
    pub fn new(tabs: &[(&'static str, NodeId)]) -> Result<Self, Error> {
        if tabs.is_empty() {
            return Err(Error::InvalidValue);
        }
        let mut all = heapless::Vec::new();
        for &(title, page) in tabs {
            picker::check_text(title)?;
            all.push((title, page)).map_err(|_| Error::QueueFull)?;
        }
        Ok(TabView {
            interactable: true,
            style: PickerStyle::DARK,
            bar_height: 14.0,
            tabs: all,
            selected: 0,
            position: 0.0,
            sliding: false,
            drag: None,
            parts: None,
            placed: None,
        })
    }

    /// This tab view with its bar `pixels` high; `InvalidValue` unless positive and
    /// finite.
    pub fn with_bar_height(mut self, pixels: f32) -> Result<Self, Error> {
        if !(pixels.is_finite() && pixels > 0.0) {
            return Err(Error::InvalidValue);
        }
        self.bar_height = pixels;
        Ok(self)
    }

    /// This tab view at tab `index`; `InvalidValue` past the last.
    pub fn with_selected(mut self, index: usize) -> Result<Self, Error> {
        self.set_selected(index)?;
        Ok(self)
    }

    /// This tab view in `style`.
    pub const fn with_style(mut self, style: PickerStyle) -> Self {
        self.style = style;
        self
    }

    /// The selected tab's index: the one shown, or the one the row is sliding to.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Selects tab `index` from code, with no event, the row there at once (the pages
    /// follow at the next frame). `InvalidValue`, changing nothing, past the last.
    pub fn set_selected(&mut self, index: usize) -> Result<(), Error> {
        if index >= self.tabs.len() {
            return Err(Error::InvalidValue);
        }
        self.selected = index;
        self.position = index as f32;
        self.sliding = false;
        self.drag = None;
        Ok(())
    }

    /// How many tabs it has.
    pub fn len(&self) -> usize {
        self.tabs.len()
    }

    /// Whether it has no tab (never: a tab view has one at least).
    pub fn is_empty(&self) -> bool {
        self.tabs.is_empty()
    }

    /// Tab `index`'s title (`None` past the last).
    pub fn title(&self, index: usize) -> Option<&'static str> {
        self.tabs.get(index).map(|&(title, _)| title)
    }

    /// Tab `index`'s page (`None` past the last).
    pub fn page(&self, index: usize) -> Option<NodeId> {
        self.tabs.get(index).map(|&(_, page)| page)
    }

    /// How far the row has slid, in pages (see the module doc).
    pub fn position(&self) -> f32 {
        self.position
    }

    /// The bar's height, in pixels.
    pub fn bar_height(&self) -> f32 {
        self.bar_height
    }

    /// Whether the row is still: not held, not sliding.
    pub fn is_at_rest(&self) -> bool {
        self.drag.is_none() && !self.sliding
    }

    /// The nodes it draws with, once it has loaded.
    pub fn parts(&self) -> Option<&TabViewParts> {
        self.parts.as_ref()
    }

    fn last(&self) -> usize {
        self.tabs.len().saturating_sub(1)
    }

    fn build(&self, world: &mut impl AnyWorld, node: NodeId) -> Result<TabViewParts, Error> {
        let style = self.style;
        let tabs = self.tabs.clone();
        let parts = picker::build(world, |world, made| {
            let bar = made.child(world, node, "Bar")?;
            world.add_component(bar, picker::face(&style))?;
            let mut titles = heapless::Vec::new();
            for &(title, _) in &tabs {
                let tab = made.child(world, bar, "Tab")?;
                world.add_component(
                    tab,
                    picker::text(title, style.text, HorizontalAlign::Center)?,
                )?;
                titles.push(tab).map_err(|_| Error::QueueFull)?;
            }
            let indicator = made.child(world, node, "Indicator")?;
            world.add_component(indicator, picker::filled(style.accent))?;
            let content = made.child(world, node, "Content")?;
            world.add_component(content, Clip)?;
            pager::adopt::<MAX_TABS>(world, content, tabs.iter().map(|&(_, page)| page))?;
            Ok(TabViewParts {
                bar,
                tabs: titles,
                indicator,
                content,
            })
        })?;
        Ok(parts)
    }

    /// Places the parts and the pages for the node's size and the position (when they
    /// changed), and activates the pages that show.
    fn sync(&mut self, world: &mut impl AnyWorld, node: NodeId) -> HookResult {
        let Some(parts) = self.parts.as_ref() else {
            return Ok(());
        };
        let size = world.content_size(node)?;
        let placed = (size, world.anchor(node)?, self.position);
        if self.placed == Some(placed) {
            return Ok(());
        }
        let (w, h, bar) = (size.width, size.height, self.bar_height.min(size.height));
        let tab_width = w / self.tabs.len() as f32;
        picker::place(world, node, parts.bar, Area::new(0.0, h - bar, w, bar))?;
        for (k, &tab) in parts.tabs.iter().enumerate() {
            let area = Area::new(k as f32 * tab_width, 0.0, tab_width, bar);
            picker::place(world, parts.bar, tab, area)?;
        }
        let indicator = Area::new(
            self.position * tab_width,
            h - bar,
            tab_width,
            INDICATOR_HEIGHT,
        );
        picker::place(world, node, parts.indicator, indicator)?;
        let below = h - bar;
        picker::place(world, node, parts.content, Area::new(0.0, 0.0, w, below))?;
        for (k, &(_, page)) in self.tabs.iter().enumerate() {
            // A page whose node was destroyed (even this frame) is skipped: its tab
            // stays, and shows nothing.
            if !world.is_valid_strict(page) {
                continue;
            }
            let shift = k as f32 - self.position;
            let area = Area::new(shift * w, 0.0, w, below);
            picker::place(world, parts.content, page, area)?;
            pager::show(world, page, shift.abs() < 1.0)?;
        }
        self.placed = Some(placed);
        Ok(())
    }

    /// Chooses tab `index`: the row slides there; the event if it changed.
    fn choose(&mut self, ctx: &mut Ctx<impl AnyWorld>, index: usize) -> HookResult {
        let index = index.min(self.last());
        self.sliding = true;
        if index == self.selected {
            return Ok(());
        }
        self.selected = index;
        let node = ctx.node();
        ctx.dispatch_event(node, &TabChanged { node, index })?;
        Ok(())
    }
}

/// After the layouts and widgets (10 000 to 10 002), so its parts follow a node a
/// layout resized in the same frame.
#[component(execution_order = 10010)]
impl Hooks for TabView {
    fn on_load(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        ctx.set_focusable(node, true)?;
        self.parts = Some(self.build(&mut **ctx, node)?);
        self.sync(&mut **ctx, node)
    }

    fn on_enable(&mut self, ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_disable(&mut self, _ctx: &mut Ctx<impl AnyWorld>) -> HookResult {
        if self.drag.take().is_some() {
            self.sliding = true; // back to the selected tab when enabled again
        }
        Ok(())
    }

    fn update(&mut self, ctx: &mut Ctx<impl AnyWorld>, dt_seconds: f32) -> HookResult {
        if self.drag.is_none_or(|d| !d.owned) && self.sliding {
            let width = ctx.content_size(ctx.node())?.width;
            let (position, landed) =
                pager::ease(self.position, self.selected as f32, width, dt_seconds);
            self.position = position;
            self.sliding = !landed;
        }
        Ok(())
    }

    fn late_update(&mut self, ctx: &mut Ctx<impl AnyWorld>, _dt_seconds: f32) -> HookResult {
        let node = ctx.node();
        self.sync(&mut **ctx, node)
    }

    fn on_touch(&mut self, ctx: &mut Ctx<impl AnyWorld>, touch: TouchEvent) -> HookResult {
        ctx.stop_propagation();
        if !self.interactable || self.parts.is_none() {
            self.drag = None;
            return Ok(());
        }
        let node = ctx.node();
        let at = ctx.convert_to_node_space(node, touch.world)?;
        let size = ctx.content_size(node)?;
        let same = |d: &Drag| d.id == touch.id && d.gesture == touch.gesture;
        match touch.phase {
            TouchPhase::Down => {
                self.sliding = false;
                self.drag = Some(Drag {
                    id: touch.id,
                    gesture: touch.gesture,
                    start: at,
                    start_position: self.position,
                    travel: 0.0,
                    on_bar: at.y >= size.height - self.bar_height,
                    owned: true,
                });
            }
            TouchPhase::Move => {
                let Some(mut drag) = self.drag.filter(same) else {
                    // A touch that began on a page's child: watch it, it may be a swipe.
                    self.drag = Some(Drag {
                        id: touch.id,
                        gesture: touch.gesture,
                        start: at,
                        start_position: self.position,
                        travel: 0.0,
                        on_bar: false,
                        owned: false,
                    });
                    return Ok(());
                };
                drag.travel = drag.travel.max((at.x - drag.start.x).abs());
                if !drag.owned {
                    if drag.travel < DRAG_THRESHOLD {
                        self.drag = Some(drag);
                        return Ok(());
                    }
                    // A swipe now: the tab view takes the touch, the child's press ends.
                    ctx.take_touch(touch, node)?;
                    drag.owned = true;
                    drag.start = at;
                    drag.start_position = self.position;
                    self.sliding = false;
                }
                if !drag.on_bar && drag.travel >= DRAG_THRESHOLD && size.width > 0.0 {
                    let position = drag.start_position - (at.x - drag.start.x) / size.width;
                    self.position = position.clamp(0.0, self.last() as f32);
                }
                self.drag = Some(drag);
                self.sync(&mut **ctx, node)?;
            }
            TouchPhase::Up | TouchPhase::Cancel => {
                let Some(drag) = self.drag.filter(same) else {
                    return Ok(());
                };
                self.drag = None;
                if !drag.owned {
                    return Ok(()); // the child's touch
                }
                let up = touch.phase == TouchPhase::Up;
                if drag.travel < DRAG_THRESHOLD {
                    if up && drag.on_bar && size.width > 0.0 {
                        let tab_width = size.width / self.tabs.len() as f32;
                        let tapped = libm::floorf(at.x / tab_width).max(0.0) as usize;
                        return self.choose(ctx, tapped);
                    }
                    self.sliding = true;
                    return Ok(());
                }
                let moved = self.position - libm::roundf(drag.start_position);
                let from = libm::roundf(drag.start_position).max(0.0) as usize;
                let to = if !up || drag.on_bar {
                    self.selected
                } else if moved >= SWIPE_FRACTION {
                    from + 1
                } else if moved <= -SWIPE_FRACTION {
                    from.saturating_sub(1)
                } else {
                    from
                };
                self.choose(ctx, to)?;
            }
        }
        Ok(())
    }

    fn on_key(&mut self, ctx: &mut Ctx<impl AnyWorld>, key: KeyEvent) -> HookResult {
        if !self.interactable || self.parts.is_none() || ctx.focus() != Some(ctx.node()) {
            return Ok(());
        }
        let next = match key.key {
            Key::Left if self.selected > 0 => self.selected - 1,
            Key::Right if self.selected < self.last() => self.selected + 1,
            _ => return Ok(()),
        };
        ctx.stop_propagation();
        if key.pressed {
            self.drag = None;
            self.choose(ctx, next)?;
        }
        Ok(())
    }
}
