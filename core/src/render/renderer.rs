//! The renderer: draws a world onto any `embedded-graphics` `DrawTarget`, redrawing
//! and flushing only the screen rectangles that changed (draw order: `docs/lifecycle.md` §6).
//!
//! It keeps a draw list: the nodes with an enabled drawing component in draw order
//! (negative-zIndex children, the node, the other children; then global z), each with
//! its screen bounds, clip, opacity and transform. What changes a pixel tells the world
//! when it changes (`render/changes.rs`), so a frame starts from the world's change log:
//!
//! - nothing changed: the frame ends there (one compare);
//! - nodes were logged and the draw list is as it was: only those nodes' entries are
//!   brought up to date (what a logged ancestor hands down, clip and opacity, first), and
//!   each is compared with what it drew last: its bounds and a fingerprint of everything
//!   else that decides its pixels (transform, content rectangle, opacity along its
//!   ancestors, clip, its drawing components and their `appearance`);
//! - the draw list changed (a node activated, deactivated, freed or reordered, a component
//!   added, enabled, disabled or destroyed), the first frame, or a log another renderer
//!   took: the list is made again and every node compared (the fingerprint walk).
//!
//! A node whose bounds or fingerprint changed, that appeared or disappeared, or whose
//! place in the draw order moved damages its old and new bounds. The damaged rectangles
//! ([`Damage`]) are then redrawn, each in tiles of the renderer's pixel buffer:
//! background, then every node that overlaps the tile, in draw order, and each tile is
//! sent to the target with one `fill_contiguous`. A still frame draws and flushes
//! nothing. The fingerprint walk stays as the check of the change log
//! ([`Renderer::set_verify`]).
//!
//! Why a moved node is enough: reordering changes a pixel only where the moved subtree
//! overlaps something, and the moved subtree's bounds are damaged.

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::primitives::Rectangle;
use heapless::Vec;

use crate::engine::storage::CompFlags;
#[cfg(feature = "shape-arcs")]
use crate::render::arc_cache::ArcCache;
use crate::render::canvas::{pixel_cover, same_rect, screen_cover, Canvas};
use crate::render::color::RenderColor;
use crate::render::damage::{BusCost, Damage};
use crate::render::fingerprint::Fingerprint;
use crate::render::label::{LayoutKey, TextCache};
use crate::render::DrawSet;
use crate::sort::stable_sort_by_key;
use crate::tree::node::{Flags, NONE};
use crate::{Affine2, Dispatch, FrameEvent, NodeId, Rect, Vec2, World};

/// How many logged nodes above a logged node an incremental frame follows up the tree to
/// bring what they hand down up to date; a deeper chain lists every node again.
const MAX_LOGGED_DEPTH: usize = 32;

mod maps_cache;
mod tiles;
use maps_cache::MapsCache;
pub use tiles::TileCursor;

/// Hands out [`Item::stamp`]s: 1, 2, 3, …, never 0 (wrapping after 2^32 − 1 entries;
/// a stamp comes back only long after the few maps kept under it were replaced).
struct Stamps(u32);

impl Stamps {
    fn take(&mut self) -> u32 {
        self.0 = self.0.checked_add(1).unwrap_or(1);
        self.0
    }
}

/// What one frame of rendering did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameStats {
    /// Rectangles redrawn and flushed.
    pub rects: u32,
    /// Pixels drawn into the buffer (every pixel of every tile).
    pub pixels_drawn: u64,
    /// Pixels sent to the target.
    pub pixels_flushed: u64,
    /// Bytes the flush costs on the bus: pixels at the configured bits per pixel, plus
    /// the per-rectangle command bytes.
    pub bytes: u64,
    /// Nodes drawn this frame (in the draw list), whether redrawn or not.
    pub nodes: u32,
    /// Nodes the renderer looked at to find what changed: those the world logged as
    /// changed, or every drawn node in a frame that lists them all again (the first,
    /// and after nodes were activated, deactivated, added, removed or reordered);
    /// 0 in a frame in which nothing changed.
    pub examined: u32,
}

/// Whether and how a renderer checks its change-driven damage (`Renderer::set_verify`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verify {
    Off,
    /// Count the nodes the change log missed.
    Count,
    /// Count them and panic: the `check-damage` feature's test builds.
    Panic,
}

/// One node's last drawn state, to compare the next frame with.
#[derive(Clone, Copy)]
struct Visual {
    drawn: bool,
    generation: u16,
    seen_in_frame: u32,
    bounds: Rectangle,
    fingerprint: u32,
    /// The `damage_key` of the node's sole drawable, 0 with several (see [`Look`]).
    key: u64,
}

const NOT_DRAWN: Visual = Visual {
    drawn: false,
    generation: 0,
    seen_in_frame: 0,
    bounds: Rectangle::zero(),
    fingerprint: 0,
    key: 0,
};

/// One node to draw this frame.
/// What a node hands down to its children: the clip, its opacity (its ancestors'
/// included) and whether it or an ancestor moved in the draw order.
#[derive(Clone, Copy)]
struct Inherited {
    clip: Rectangle,
    opacity: u8,
    reordered: bool,
}

impl Inherited {
    const NONE: Inherited = Inherited {
        clip: Rectangle::zero(),
        opacity: 0,
        reordered: false,
    };
}

/// Node `n`'s content rectangle in its own (anchor) space.
fn content_rect<
    S,
    const N: usize,
    const C2: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &World<S, N, C2, TM, E, TR, LS>,
    n: usize,
) -> Rect
where
    S: DrawSet + Dispatch,
{
    let meta = world.arena.meta(n);
    Rect::new(
        -meta.anchor.x * meta.content_size.width,
        -meta.anchor.y * meta.content_size.height,
        meta.content_size.width,
        meta.content_size.height,
    )
}

#[derive(Clone, Copy)]
struct Item {
    node: u16,
    global_z: i16,
    reordered: bool,
    opacity: u8,
    bounds: Rectangle,
    clip: Rectangle,
    to_screen: Affine2,
    content: Rect,
    /// The node's anchor (which the content rectangle does not tell at zero size).
    anchor: Vec2,
    /// The union of the drawables' `local_bounds`, anchor space.
    local: Rect,
    /// Names this entry's `to_screen` and `content` for the maps kept between tiles
    /// (`maps_cache.rs`): a new pair, a new stamp.
    stamp: u32,
}

/// Draws worlds with `N` node slots onto targets of colour `C`, through a buffer of
/// `BUF` pixels, keeping up to `DAMAGE` damaged rectangles per frame, with an optional
/// shadow copy of the screen of `SHADOW` pixels.
///
/// The buffer bounds the RAM for pixels: a damaged rectangle larger than it is drawn and
/// flushed in several tiles. Several renderers may draw the same world.
///
/// **Shadow.** With `SHADOW` at least the screen's pixel count, the renderer keeps what
/// it last sent to the display. After redrawing a damaged rectangle it compares each row
/// with the shadow and flushes only the runs of pixels that really changed, merged by bus
/// cost like the damage itself: a rotating disc or a bar growing by a pixel sends only
/// the pixels that differ. Without it (`SHADOW = 0`, the default) every damaged rectangle
/// is flushed whole, which needs no screen-sized RAM.
pub struct Renderer<
    C,
    const N: usize,
    const BUF: usize,
    const DAMAGE: usize = 16,
    const SHADOW: usize = 0,
> {
    screen: Rectangle,
    background: Rgb888,
    buffer: [C; BUF],
    shadow: [C; SHADOW],
    damage: Damage<DAMAGE>,
    changed: Damage<DAMAGE>,
    flushed: Vec<Rectangle, DAMAGE>,
    visuals: [Visual; N],
    items: Vec<Item, N>,
    /// Per node slot, what the node hands down to its children while the draw-order walk
    /// is inside its subtree.
    inherited: [Inherited; N],
    frame: u32,
    /// What drawing keeps from one tile to the next.
    kept: Kept,
    /// The world's order version at the last frame.
    seen_order: u32,
    invalidated: bool,
    /// Per node slot, its index in `items`; [`NONE`] when it is not drawn.
    item_of: [u16; N],
    /// Per node slot, the frame in which an incremental update last brought its
    /// `inherited` up to date.
    fresh: [u32; N],
    /// The world's change version, draw-list version and change batch this renderer
    /// saw last (`render/changes.rs`).
    seen_version: u32,
    seen_layout: u32,
    seen_batch: u32,
    /// Whether every incremental frame is checked against the fingerprint walk.
    verify: Verify,
    /// Nodes the check found changed although the change log missed them.
    missed: u32,
    /// The last of them.
    last_missed: Option<NodeId>,
    /// Nodes compared this frame (`FrameStats::examined`).
    examined: u32,
    /// The draw list's entries that overlap this frame's damage, in draw order: the
    /// only ones each tile tests (a small change among many nodes tests few).
    candidates: Vec<u16, N>,
    /// Stamps for new draw-list entries (`Item::stamp`).
    stamps: Stamps,
}

/// What drawing keeps from one tile to the next.
struct Kept {
    /// Labels laid out and where large glyphs' decoding stopped.
    text: TextCache,
    /// Counts draw passes (`redraw`, tile frames): what is kept for one is not used in
    /// the next.
    pass: u32,
    /// The maps of the nodes last drawn.
    maps: MapsCache,
    /// The set-ups of the arcs last drawn.
    #[cfg(feature = "shape-arcs")]
    arcs: ArcCache,
}

impl<
        C: RenderColor,
        const N: usize,
        const BUF: usize,
        const DAMAGE: usize,
        const SHADOW: usize,
    > Renderer<C, N, BUF, DAMAGE, SHADOW>
{
    /// A renderer for a screen of `size` cleared to `background`, costing flushes with
    /// `cost`. Its first frame draws the whole screen.
    pub fn new(size: Size, background: Rgb888, cost: BusCost) -> Self {
        const {
            assert!(BUF >= 1, "the pixel buffer needs at least one pixel");
        }
        let screen = Rectangle::new(Point::zero(), size);
        Renderer {
            screen,
            background,
            buffer: [C::from_rgb888(background); BUF],
            shadow: [C::from_rgb888(background); SHADOW],
            damage: Damage::new(screen, cost),
            changed: Damage::new(screen, cost),
            flushed: Vec::new(),
            visuals: [NOT_DRAWN; N],
            items: Vec::new(),
            inherited: [Inherited::NONE; N],
            frame: 0,
            kept: Kept {
                text: TextCache::default(),
                pass: 0,
                maps: MapsCache::new(),
                #[cfg(feature = "shape-arcs")]
                arcs: ArcCache::new(),
            },
            seen_order: 0,
            invalidated: true,
            item_of: [NONE; N],
            fresh: [0; N],
            seen_version: 0,
            seen_layout: 0,
            seen_batch: 0,
            verify: if cfg!(all(feature = "check-damage", debug_assertions)) {
                Verify::Panic
            } else {
                Verify::Off
            },
            missed: 0,
            last_missed: None,
            examined: 0,
            candidates: Vec::new(),
            stamps: Stamps(0),
        }
    }

    /// Checks every frame's change-driven damage against the fingerprint walk: after
    /// reading the world's change log, the renderer also compares every node with what
    /// it drew, as it did before it had the log, and counts a node that changed without
    /// having been logged in [`missed_invalidations`](Self::missed_invalidations) (and
    /// redraws it: a miss costs time, never a stale pixel). Costs a full walk per frame;
    /// for tests and debugging: it exists in debug builds and with the `check-damage`
    /// feature, and does nothing in other builds (no flash spent on it in firmware). In
    /// debug builds with the `check-damage` feature (which test suites turn on) the check
    /// runs from the start and a miss panics, naming the node; `set_verify` replaces that
    /// with counting (`true`) or no check (`false`).
    pub fn set_verify(&mut self, on: bool) {
        self.verify = if on { Verify::Count } else { Verify::Off };
    }

    /// Nodes the check of [`set_verify`](Self::set_verify) found changed without a
    /// change having been logged for them, since the renderer was made: 0 unless
    /// something changes a node's pixels behind the world's back (a bug to report).
    pub fn missed_invalidations(&self) -> u32 {
        self.missed
    }

    /// The last node counted in [`missed_invalidations`](Self::missed_invalidations).
    pub fn last_missed(&self) -> Option<NodeId> {
        self.last_missed
    }

    /// Redraw the whole screen next frame (after the target was cleared, say).
    pub fn invalidate(&mut self) {
        self.invalidated = true;
    }

    /// The rectangles the last frame sent to the display.
    pub fn flushed(&self) -> &[Rectangle] {
        &self.flushed
    }

    /// Whether the shadow is in use: `SHADOW` holds the whole screen.
    fn shadowed(&self) -> bool {
        SHADOW > 0 && SHADOW >= self.screen.size.width as usize * self.screen.size.height as usize
    }

    /// Draws what changed since the last frame onto `target`, between the world's
    /// systems' [`FrameEvent::BeforeDraw`] and [`FrameEvent::AfterDraw`].
    pub fn render<
        S,
        D,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        target: &mut D,
    ) -> Result<FrameStats, D::Error>
    where
        S: DrawSet + Dispatch,
        D: DrawTarget<Color = C>,
    {
        world.run_systems(FrameEvent::BeforeDraw);
        self.update(world);
        let stats = self.redraw(world, target);
        world.run_systems(FrameEvent::AfterDraw);
        stats
    }

    /// Draws the whole screen onto `target`, whatever changed: the reference a partial
    /// redraw must match pixel for pixel, and the baseline of the benchmarks.
    pub fn render_full<
        S,
        D,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        target: &mut D,
    ) -> Result<FrameStats, D::Error>
    where
        S: DrawSet + Dispatch,
        D: DrawTarget<Color = C>,
    {
        world.run_systems(FrameEvent::BeforeDraw);
        self.update(world);
        self.damage.clear();
        self.damage.add_all_screen();
        let stats = self.redraw(world, target);
        world.run_systems(FrameEvent::AfterDraw);
        stats
    }

    /// Works out what changed since the last frame and damages it: nothing when the
    /// world says nothing changed; the logged nodes only when the world's change log
    /// holds all this renderer missed; else every node, listed again and compared with
    /// what it drew (`render/changes.rs`).
    pub(crate) fn update<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
    ) where
        S: DrawSet + Dispatch,
    {
        self.examined = 0;
        if !self.invalidated && world.changes.version() == self.seen_version {
            return;
        }
        world.sort_dirty_children();
        world.update_transforms();
        self.frame = self.frame.wrapping_add(1);
        // A renderer drawing its first frame (or after `invalidate`) compares every node
        // and leaves the log to the renderer that took the last one, if another did: a
        // reference renderer made to check another one's frame does not take that one's
        // log away.
        let takes_log = !self.invalidated || world.changes.batch() == self.seen_batch;
        let logged = !self.invalidated
            && world.changes.layout() == self.seen_layout
            && world.changes.batch() == self.seen_batch
            && !world.changes.overflowed();
        if logged && self.update_logged(world) {
            #[cfg(any(debug_assertions, feature = "check-damage"))]
            if self.verify != Verify::Off {
                let examined = self.examined;
                self.check(world);
                self.examined = examined;
            }
        } else {
            self.relist(world);
            self.diff(world);
        }
        if takes_log {
            world.clear_change_log();
        }
        self.seen_version = world.changes.version();
        self.seen_layout = world.changes.layout();
        self.seen_batch = world.changes.batch();
    }

    /// Lists the nodes to draw in draw order, each with its index in `item_of`.
    fn relist<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
    ) where
        S: DrawSet + Dispatch,
    {
        self.items.clear();
        self.collect(world);
        self.seen_order = world.order_version();
        stable_sort_by_key(&mut self.items, |item| item.global_z);
        self.item_of = [NONE; N];
        for (k, item) in self.items.iter().enumerate() {
            if let Some(slot) = self.item_of.get_mut(usize::from(item.node)) {
                *slot = k as u16;
            }
        }
    }

    /// Brings the logged nodes' entries of the draw list up to date and damages what
    /// they changed. `false` when it cannot (a chain of logged ancestors deeper than it
    /// follows): the caller lists every node again.
    fn update_logged<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
    ) -> bool
    where
        S: DrawSet + Dispatch,
    {
        for e in 0..world.changes.entries().len() {
            let n = usize::from(world.changes.entries()[e]);
            if !world.has(n, Flags::ACTIVE_IN_HIERARCHY) {
                continue;
            }
            if !self.refresh_inherited(world, n) {
                return false;
            }
            let Some(&k) = self.item_of.get(n) else {
                continue;
            };
            if k == NONE {
                continue;
            }
            let k = usize::from(k);
            let clip = match world.arena.parent(n) {
                Some(p) => self.inherited[p].clip,
                None => self.screen,
            };
            let previous = self.items[k];
            let Some(item) = self.make_item(world, n, clip, Some(&previous)) else {
                // Its last drawable is gone: only a new list says what is drawn now.
                return false;
            };
            self.items[k] = item;
            self.diff_item(world, k);
        }
        true
    }

    /// Recomputes what node `n` hands down (`inherited[n]`), and first that of its
    /// logged ancestors not yet recomputed this frame: an ancestor that was not logged
    /// hands down what it handed down last frame. `false` if the chain of logged
    /// ancestors is deeper than [`MAX_LOGGED_DEPTH`].
    fn refresh_inherited<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        n: usize,
    ) -> bool
    where
        S: DrawSet + Dispatch,
    {
        let mut chain: Vec<u16, MAX_LOGGED_DEPTH> = Vec::new();
        let mut m = n;
        while self.fresh[m] != self.frame {
            if chain.push(m as u16).is_err() {
                return false;
            }
            match world.arena.parent(m) {
                Some(p) if world.has(p, Flags::LOGGED) => m = p,
                _ => break,
            }
        }
        let top = self.top();
        for &m in chain.iter().rev() {
            let m = usize::from(m);
            let from_parent = world.arena.parent(m).map_or(top, |p| self.inherited[p]);
            self.inherited[m] = Inherited {
                reordered: false,
                ..self.hand_down(world, m, from_parent)
            };
            self.fresh[m] = self.frame;
        }
        true
    }

    /// Compares every node with what it drew, after [`update_logged`](Self::update_logged):
    /// a node that changed was missed by the change log. Counts and redraws it. Compiled
    /// in debug builds and with the `check-damage` feature only.
    #[cfg(any(debug_assertions, feature = "check-damage"))]
    fn check<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
    ) where
        S: DrawSet + Dispatch,
    {
        self.relist(world);
        for k in 0..self.items.len() {
            if self.diff_item(world, k) {
                self.missed = self.missed.saturating_add(1);
                self.last_missed = world.arena.try_id(usize::from(self.items[k].node));
            }
        }
        for (n, visual) in self.visuals.iter_mut().enumerate() {
            if visual.drawn && visual.seen_in_frame != self.frame && self.item_of[n] == NONE {
                self.damage.add(visual.bounds);
                *visual = NOT_DRAWN;
                self.missed = self.missed.saturating_add(1);
            }
        }
        #[cfg(all(feature = "check-damage", debug_assertions))]
        if self.missed > 0 && self.verify == Verify::Panic {
            panic!(
                "check-damage: {} node(s) changed on screen without telling the renderer, \
                 the last {:?}",
                self.missed, self.last_missed
            );
        }
    }

    /// What the root's parent would hand down: the whole screen, opaque.
    fn top(&self) -> Inherited {
        Inherited {
            clip: self.screen,
            opacity: 255,
            reordered: false,
        }
    }

    /// Lists the nodes to draw in draw order (`docs/lifecycle.md` §6) without recursion:
    /// the walk follows parent and sibling links, and what a node hands down to its
    /// children (clip, opacity, moved) waits in `inherited` while its subtree is walked,
    /// so the stack use does not grow with the tree's depth.
    fn collect<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
    ) where
        S: DrawSet + Dispatch,
    {
        if !world.has(0, Flags::ACTIVE_IN_HIERARCHY) {
            return;
        }
        let top = self.top();
        let mut n = 0;
        'enter: loop {
            let from_parent = world.arena.parent(n).map_or(top, |p| self.inherited[p]);
            self.inherited[n] = self.hand_down(world, n, from_parent);
            if let Some(c) = world.first_active(world.arena.first_child(n), true) {
                n = c;
                continue 'enter;
            }
            self.list(world, n, from_parent.clip);
            if let Some(c) = world.first_active(world.non_negative_children(n), false) {
                n = c;
                continue 'enter;
            }
            // `n`'s subtree is done: on to its next sibling, or back up.
            while n != 0 {
                let Some(p) = world.arena.parent(n) else {
                    return;
                };
                let negative = world.arena.slot(n).z_index < 0;
                if let Some(s) = world.first_active(world.arena.next_sibling(n), negative) {
                    n = s;
                    continue 'enter;
                }
                if negative {
                    // The parent comes after its negative children, then the others.
                    let clip = world
                        .arena
                        .parent(p)
                        .map_or(top, |g| self.inherited[g])
                        .clip;
                    self.list(world, p, clip);
                    if let Some(c) = world.first_active(world.non_negative_children(p), false) {
                        n = c;
                        continue 'enter;
                    }
                }
                n = p;
            }
            return;
        }
    }

    /// What node `n` hands down to its children, given what its parent handed to it.
    fn hand_down<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        n: usize,
        from_parent: Inherited,
    ) -> Inherited
    where
        S: DrawSet + Dispatch,
    {
        let since = world
            .arena
            .meta(n)
            .reordered_at
            .wrapping_sub(self.seen_order);
        let reordered = from_parent.reordered || (since != 0 && since < u32::MAX / 2);
        let opacity = ((u16::from(from_parent.opacity) * u16::from(world.arena.slot(n).opacity)
            + 127)
            / 255) as u8;
        let mut clips = false;
        let mut c = world.arena.slot(n).first_comp;
        while c != NONE {
            let slot = world.comps.slot(usize::from(c));
            clips |=
                slot.has(CompFlags::ENABLED) && S::kind_clips(world.comps.kind(usize::from(c)));
            c = slot.next;
        }
        let clip = if clips {
            let world_matrix = world.world_of(n);
            let content = content_rect(world, n);
            from_parent.clip.intersection(&screen_cover(
                &world_matrix.transform_rect(&content),
                self.screen.size.height,
            ))
        } else {
            from_parent.clip
        };
        Inherited {
            clip,
            opacity,
            reordered,
        }
    }

    /// Lists node `n` for drawing if an enabled component of it draws; `clip` is what its
    /// parent handed down, its opacity and moved flag are in `inherited[n]`.
    fn list<S, const C2: usize, const TM: usize, const E: usize, const TR: usize, const LS: usize>(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        n: usize,
        clip: Rectangle,
    ) where
        S: DrawSet + Dispatch,
    {
        if let Some(item) = self.make_item(world, n, clip, None) {
            // Every node is listed at most once and there are at most N.
            let _ = self.items.push(item);
        }
    }

    /// Node `n`'s entry of the draw list, `None` if no enabled component of it draws;
    /// `clip` is what its parent hands down, its opacity and moved flag are in
    /// `inherited[n]`; `previous`, its entry so far, lends its bounds and maps when the
    /// node's place and shape are the same.
    fn make_item<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        n: usize,
        clip: Rectangle,
        previous: Option<&Item>,
    ) -> Option<Item>
    where
        S: DrawSet + Dispatch,
    {
        let content = content_rect(world, n);
        let anchor = world.arena.meta(n).anchor;
        let mut local = None::<Rect>;
        let mut c = world.arena.slot(n).first_comp;
        while c != NONE {
            let slot = world.comps.slot(usize::from(c));
            if slot.has(CompFlags::ENABLED) && S::kind_draws(world.comps.kind(usize::from(c))) {
                let b = world.comps.set.local_bounds(c, content, anchor);
                local = Some(local.map_or(b, |l| l.union(&b)));
            }
            c = slot.next;
        }
        let local = local?;
        let world_matrix = world.world_of(n);
        let height = self.screen.size.height;
        // World (y up) to screen (y down).
        let flip = Affine2 {
            a: 1.0,
            b: 0.0,
            c: 0.0,
            d: -1.0,
            tx: 0.0,
            ty: height as f32,
        };
        let own = self.inherited[n];
        let to_screen = flip.then_apply_to(&world_matrix);
        // A node logged for its opacity or its drawables' looks keeps its place and
        // shape: its bounds and maps stay (they cost soft-float work on a board).
        let (bounds, stamp) = match previous {
            Some(p)
                if same_matrix(&p.to_screen, &to_screen)
                    && same_rect(&p.local, &local)
                    && same_rect(&p.content, &content)
                    && p.clip == clip =>
            {
                (p.bounds, p.stamp)
            }
            _ => (
                screen_cover(&world_matrix.transform_rect(&local), height).intersection(&clip),
                self.stamps.take(),
            ),
        };
        Some(Item {
            node: n as u16,
            global_z: world.arena.meta(n).global_z,
            reordered: own.reordered,
            opacity: own.opacity,
            bounds,
            clip,
            to_screen,
            content,
            anchor,
            local,
            stamp,
        })
    }

    /// Damages what changed since the last frame, comparing every listed node with what
    /// it drew.
    fn diff<S, const C2: usize, const TM: usize, const E: usize, const TR: usize, const LS: usize>(
        &mut self,
        world: &World<S, N, C2, TM, E, TR, LS>,
    ) where
        S: DrawSet + Dispatch,
    {
        if self.invalidated {
            self.damage.add_all_screen();
            self.invalidated = false;
        }
        for k in 0..self.items.len() {
            self.diff_item(world, k);
        }
        for visual in self.visuals.iter_mut() {
            if visual.drawn && visual.seen_in_frame != self.frame {
                self.damage.add(visual.bounds);
                *visual = NOT_DRAWN;
            }
        }
    }

    /// Compares entry `k` of the draw list with what its node drew last and damages what
    /// changed; `true` if anything did.
    fn diff_item<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &World<S, N, C2, TM, E, TR, LS>,
        k: usize,
    ) -> bool
    where
        S: DrawSet + Dispatch,
    {
        let item = self.items[k];
        let n = usize::from(item.node);
        self.examined += 1;
        let generation = world.arena.slot(n).generation;
        let Look {
            fingerprint,
            key,
            only,
        } = look(world, &item);
        let Some(visual) = self.visuals.get_mut(n) else {
            return false;
        };
        let changed = !visual.drawn
            || visual.generation != generation
            || visual.fingerprint != fingerprint
            || visual.bounds != item.bounds
            || item.reordered;
        let rekeyed = !changed && visual.key != key;
        if changed {
            if visual.drawn {
                self.damage.add(visual.bounds);
            }
            self.damage.add(item.bounds);
        } else if rekeyed {
            // Only the key moved: the node's sole drawable may know what that repaints
            // (old and new bounds are the same here).
            let area = only.and_then(|c| {
                let local = world.comps.set.changed_area(c, item.content, visual.key)?;
                Some(pixel_cover(&item.to_screen.transform_rect(&local)).intersection(&item.bounds))
            });
            match area {
                Some(area) if area.is_zero_sized() => {}
                Some(area) => self.damage.add(area),
                None => self.damage.add(item.bounds),
            }
        }
        *visual = Visual {
            drawn: true,
            generation,
            seen_in_frame: self.frame,
            bounds: item.bounds,
            fingerprint,
            key,
        };
        changed || rekeyed
    }

    /// Redraws the damaged rectangles, tile by tile, and flushes each tile — or, with
    /// the shadow, only the pixels that changed.
    fn redraw<
        S,
        D,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &World<S, N, C2, TM, E, TR, LS>,
        target: &mut D,
    ) -> Result<FrameStats, D::Error>
    where
        S: DrawSet + Dispatch,
        D: DrawTarget<Color = C>,
    {
        let shadowed = self.shadowed();
        // A frame that redraws the whole screen flushes all of it: what the display
        // shows is unknown then (first frame, `invalidate`, full redraws).
        let whole = self.damage.rects().first() == Some(&self.screen);
        let damage = self.damage.stats();
        let mut stats = FrameStats {
            nodes: self.items.len() as u32,
            examined: self.examined,
            ..FrameStats::default()
        };
        self.take_damage();
        self.changed.clear();
        // Never draw outside the target, whatever size the renderer was made for.
        let visible = self.screen.intersection(&target.bounding_box());
        for k in 0..self.flushed.len() {
            let rect = self.flushed[k].intersection(&visible);
            if rect.is_zero_sized() {
                continue;
            }
            let (width, height) = (rect.size.width as usize, rect.size.height as usize);
            let (tile_width, tile_rows) = tile_shape(width, height, BUF);
            let mut y = 0;
            while y < height {
                let rows = tile_rows.min(height - y);
                let mut x = 0;
                while x < width {
                    let cols = tile_width.min(width - x);
                    let tile = Rectangle::new(
                        rect.top_left + Point::new(x as i32, y as i32),
                        Size::new(cols as u32, rows as u32),
                    );
                    self.draw_tile(world, tile);
                    let area = cols * rows;
                    stats.pixels_drawn += area as u64;
                    if shadowed {
                        self.absorb_tile(tile, whole);
                    } else {
                        target.fill_contiguous(&tile, self.buffer[..area].iter().copied())?;
                    }
                    x += cols;
                }
                y += rows;
            }
        }
        if !shadowed {
            stats.rects = damage.rects;
            stats.pixels_flushed = stats.pixels_drawn;
            stats.bytes = damage.bytes;
            return Ok(stats);
        }
        self.flushed.clear();
        let screen_width = self.screen.size.width as usize;
        for &rect in self.changed.rects() {
            let _ = self.flushed.push(rect);
            let shadow = &self.shadow;
            let pixels = (0..rect.size.height as usize).flat_map(|row| {
                let start =
                    (rect.top_left.y as usize + row) * screen_width + rect.top_left.x as usize;
                shadow
                    .get(start..start + rect.size.width as usize)
                    .unwrap_or(&[])
                    .iter()
                    .copied()
            });
            target.fill_contiguous(&rect, pixels)?;
        }
        let sent = self.changed.stats();
        stats.rects = sent.rects;
        stats.pixels_flushed = sent.pixels;
        stats.bytes = sent.bytes;
        Ok(stats)
    }

    /// Moves this frame's damaged rectangles into `flushed` (the list the tiles are cut
    /// from), lists the draw list's entries they touch (`candidates`), and empties the
    /// damage for the next frame.
    fn take_damage(&mut self) {
        // A new draw pass: the labels laid out in the last are laid out again.
        self.kept.pass = self.kept.pass.wrapping_add(1);
        self.flushed.clear();
        for &rect in self.damage.rects() {
            let _ = self.flushed.push(rect);
        }
        self.damage.clear();
        self.candidates.clear();
        if self.flushed.is_empty() {
            return;
        }
        let mut reach = Corners::EMPTY;
        for rect in &self.flushed {
            reach = reach.envelope(&Corners::of(rect));
        }
        for (k, item) in self.items.iter().enumerate() {
            let bounds = Corners::of(&item.bounds);
            if bounds.overlaps(&reach)
                && self
                    .flushed
                    .iter()
                    .any(|r| bounds.overlaps(&Corners::of(r)))
            {
                // At most N entries, each once.
                let _ = self.candidates.push(k as u16);
            }
        }
    }

    /// Compares a drawn tile with the shadow, records the runs of pixels that changed,
    /// and updates the shadow. Within a row, two runs are sent as one when the unchanged
    /// pixels between them cost less on the bus than another rectangle's command.
    fn absorb_tile(&mut self, tile: Rectangle, flush_all: bool) {
        let screen_width = self.screen.size.width as usize;
        let cols = tile.size.width as usize;
        let cost = self.changed.bus_cost();
        let bridge = (u64::from(cost.bytes_per_rect) * 8)
            .checked_div(u64::from(cost.bits_per_pixel))
            .unwrap_or(u64::MAX) as usize;
        for row in 0..tile.size.height as usize {
            let start = (tile.top_left.y as usize + row) * screen_width + tile.top_left.x as usize;
            let Some(old) = self.shadow.get_mut(start..start + cols) else {
                continue;
            };
            let drawn = &self.buffer[row * cols..(row + 1) * cols];
            let mut run: Option<(usize, usize)> = None;
            for i in 0..cols {
                if !(flush_all || drawn[i] != old[i]) {
                    continue;
                }
                run = match run {
                    Some((first, last)) if i - last - 1 < bridge => Some((first, i)),
                    Some((first, last)) => {
                        self.changed.add(row_run(tile, row, first, last));
                        Some((i, i))
                    }
                    None => Some((i, i)),
                };
            }
            if let Some((first, last)) = run {
                self.changed.add(row_run(tile, row, first, last));
            }
            old.copy_from_slice(drawn);
        }
    }

    fn draw_tile<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &World<S, N, C2, TM, E, TR, LS>,
        tile: Rectangle,
    ) where
        S: DrawSet + Dispatch,
    {
        let area = (tile.size.width * tile.size.height) as usize;
        draw_items(
            &self.items,
            &self.candidates,
            &mut self.kept,
            self.background,
            world,
            tile,
            &mut self.buffer[..area],
        );
    }
}

/// How a damaged rectangle of `width × height` pixels is cut into tiles of at most
/// `capacity` pixels: the tiles' width and rows (whole rows when they fit, else strips of
/// one row). One rule for [`Renderer::render`] and the tile-by-tile frames.
pub(crate) fn tile_shape(width: usize, height: usize, capacity: usize) -> (usize, usize) {
    let tile_width = width.min(capacity);
    let tile_rows = (capacity / tile_width.max(1)).clamp(1, height.max(1));
    (tile_width, tile_rows)
}

/// Draws the `candidates` of `items` that overlap `tile` onto `pixels` (the tile's pixels, row by row), over
/// `background`: the one drawing path of the renderer's own buffer and of a caller's
/// tile buffer (`tiles.rs`).
fn draw_items<
    C: RenderColor,
    S,
    const N: usize,
    const C2: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    items: &[Item],
    candidates: &[u16],
    kept: &mut Kept,
    background: Rgb888,
    world: &World<S, N, C2, TM, E, TR, LS>,
    tile: Rectangle,
    pixels: &mut [C],
) where
    S: DrawSet + Dispatch,
{
    let background = C::from_rgb888(background);
    pixels.fill(background);
    for &k in candidates {
        let Some(item) = items.get(usize::from(k)) else {
            continue;
        };
        if !Corners::of(&item.bounds).overlaps(&Corners::of(&tile)) {
            continue;
        }
        let maps = kept.maps.get(item.stamp, &item.to_screen, &item.content);
        let mut c = world.arena.slot(usize::from(item.node)).first_comp;
        while c != NONE {
            let slot = world.comps.slot(usize::from(c));
            let kind = world.comps.kind(usize::from(c));
            if slot.has(CompFlags::ENABLED) && S::kind_draws(kind) {
                let canvas = Canvas::with_maps(
                    pixels,
                    tile,
                    item.clip,
                    item.to_screen,
                    (item.content, item.anchor),
                    item.opacity,
                    maps,
                )
                .with_text(
                    &mut kept.text,
                    LayoutKey {
                        pass: kept.pass,
                        version: world.changes.version(),
                        component: c,
                    },
                );
                #[cfg(feature = "shape-arcs")]
                let canvas = canvas.with_arcs(&mut kept.arcs);
                let mut canvas = canvas;
                world.comps.set.draw(c, &mut canvas);
            }
            c = slot.next;
        }
    }
}

/// What decides a node's pixels apart from its bounds, as the renderer compares it from
/// frame to frame.
struct Look {
    /// A hash of the transform, content rectangle, anchor, opacity, clip and drawables'
    /// appearances (and their damage keys, unless `only` is set).
    fingerprint: u32,
    /// The `Draw::damage_key` of the node's sole drawable; 0 with several.
    key: u64,
    /// The slot of the node's drawable when it has exactly one, enabled: only then may
    /// `Draw::changed_area` narrow a redraw, and its key is compared exactly. With
    /// several, their keys go into the fingerprint (a change of any redraws the node
    /// whole), not into one combined key, in which two keys changing together could
    /// cancel out.
    only: Option<u16>,
}

/// The node's [`Look`], in one walk over its components.
fn look<
    S,
    const N: usize,
    const C2: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &World<S, N, C2, TM, E, TR, LS>,
    item: &Item,
) -> Look
where
    S: DrawSet + Dispatch,
{
    let m = item.to_screen;
    let r = item.content;
    let mut f = Fingerprint::new();
    let a = item.anchor;
    for v in [
        m.a, m.b, m.c, m.d, m.tx, m.ty, r.x, r.y, r.width, r.height, a.x, a.y,
    ] {
        f = f.float(v);
    }
    f = f
        .word(u32::from(item.opacity))
        .word(item.clip.top_left.x as u32)
        .word(item.clip.top_left.y as u32)
        .word(item.clip.size.width)
        .word(item.clip.size.height);
    let (mut keys, mut key, mut drawables, mut only) = (Fingerprint::new(), 0, 0u32, None);
    let mut c = world.arena.slot(usize::from(item.node)).first_comp;
    while c != NONE {
        let slot = world.comps.slot(usize::from(c));
        let kind = world.comps.kind(usize::from(c));
        if S::kind_draws(kind) {
            f = f.word(u32::from(kind) << 1 | u32::from(slot.has(CompFlags::ENABLED)));
            f = f.word(world.comps.set.appearance(c));
            key = world.comps.set.damage_key(c);
            keys = keys.word(key as u32).word((key >> 32) as u32);
            drawables += 1;
            only = slot.has(CompFlags::ENABLED).then_some(c);
        }
        c = slot.next;
    }
    match only {
        Some(c) if drawables == 1 => Look {
            fingerprint: f.finish(),
            key,
            only: Some(c),
        },
        _ => Look {
            fingerprint: f.word(keys.finish()).finish(),
            key: 0,
            only: None,
        },
    }
}

/// A rectangle as its corners, `x0..x1` × `y0..y1` (empty when either is empty): what
/// the per-frame scan for the damage's candidates compares each node's bounds with.
#[derive(Clone, Copy)]
struct Corners {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Corners {
    /// Nothing: it overlaps nothing.
    const EMPTY: Corners = Corners {
        x0: i32::MAX,
        y0: i32::MAX,
        x1: i32::MIN,
        y1: i32::MIN,
    };

    /// `rect`'s corners (widths and heights are at most 2^21: covers are clamped).
    fn of(rect: &Rectangle) -> Self {
        if rect.size.width == 0 || rect.size.height == 0 {
            return Corners::EMPTY;
        }
        Corners {
            x0: rect.top_left.x,
            y0: rect.top_left.y,
            x1: rect.top_left.x + rect.size.width as i32,
            y1: rect.top_left.y + rect.size.height as i32,
        }
    }

    /// The smallest corners holding both.
    fn envelope(&self, other: &Corners) -> Corners {
        Corners {
            x0: self.x0.min(other.x0),
            y0: self.y0.min(other.y0),
            x1: self.x1.max(other.x1),
            y1: self.y1.max(other.y1),
        }
    }

    /// Whether the two share a pixel.
    #[inline]
    fn overlaps(&self, other: &Corners) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }
}

/// Whether two matrices are the same, bit for bit (no float compare: a board has no FPU).
fn same_matrix(a: &Affine2, b: &Affine2) -> bool {
    [a.a, a.b, a.c, a.d, a.tx, a.ty]
        .iter()
        .zip([b.a, b.b, b.c, b.d, b.tx, b.ty])
        .all(|(x, y)| x.to_bits() == y.to_bits())
}

/// Pixels `first..=last` of row `row` of `tile`.
fn row_run(tile: Rectangle, row: usize, first: usize, last: usize) -> Rectangle {
    Rectangle::new(
        tile.top_left + Point::new(first as i32, row as i32),
        Size::new((last - first + 1) as u32, 1),
    )
}
