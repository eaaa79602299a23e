//! Bytes on the display bus, side by side on the same animation suite: Sprig's damage
//! planner (with and without the screen shadow), LVGL's and Slint's damage policies, and
//! the lower bound.
//!
//! Every scene is rendered frame by frame; a full redraw of the same world gives the exact
//! framebuffer, so consecutive frames give the exact set of changed pixels. For each
//! frame:
//!
//! - **lower**, the lower bound: the changed pixels' bytes plus one window command per
//!   maximal horizontal run of changed pixels. A plan can go below it, because one
//!   window covering runs on several rows pays one command for all of them;
//! - **floor**: the changed pixels' bytes plus one command, which no plan can go below;
//! - **Sprig shadow**: what the renderer with a screen shadow flushed (its `FrameStats`);
//! - **Sprig**: what the renderer without a shadow flushed (the showcase's configuration
//!   on the emulated board);
//! - **LVGL**: `lv_inv_area` (clip to the screen, drop an area inside a saved one, 32
//!   slots, the whole screen when they overflow) and `lv_refr_join_area` (join two areas
//!   that share a pixel when the joined area is smaller than the two apart), as in
//!   `lvgl/lvgl` `src/core/lv_refr.c`;
//! - **Slint**: `DirtyRegion::add_box` (drop a box inside a listed one, drop listed ones
//!   inside the box, at most 3 rectangles, else merge into the one whose area grows
//!   least), as in `slint-ui/slint` `internal/core/partial_renderer.rs`.
//!
//! A second table gives the three planners the same input, the changed runs themselves
//! (what the shadow finds, before the renderer bridges short gaps), so that it compares
//! the merge policies alone.
//!
//! LVGL and Slint are given the areas a widget toolkit invalidates: the old and new
//! bounds of every node that changed. The renderer does not list those before merging
//! them, so they are taken from a renderer whose planner merges only what adds no area
//! (`BusCost::new(1, 0)`, 64 slots): overlapping bounds arrive already joined, which can
//! only help the two policies. Every plan is priced with the same `BusCost`:
//! `ceil(pixels × bits_per_pixel / 8) + rects × bytes_per_rect`, pixels in overlapping
//! rectangles counted each time they are sent.
//!
//! Run with `cargo bench -p sprig-tests --bench bus`.

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Point, Size};
use embedded_graphics::pixelcolor::{Gray4, Rgb565, Rgb888};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;
use sprig::render::damage::{BusCost, Damage};
use sprig::render::{DrawSet, ProgressBar, RenderColor, Renderer, Shape};
use sprig::{world, Dispatch, Key, NodeId, Size2, Vec2, World};
use sprig_examples::{build_showcase, Layout, ShowcaseWorld, SHOWCASE_DT, SHOWCASE_NODES};

world! {
    /// The synthetic scenes' components.
    type W = World {
        nodes: 32,
        components: Scene {
            sprig::render::Shape: 32,
            sprig::render::ProgressBar: 2,
        },
    };
}

const WIDTH: u32 = 128;
const HEIGHT: u32 = 64;
const PIXELS: usize = (WIDTH * HEIGHT) as usize;
const FRAMES: u32 = 240;

/// A framebuffer.
struct Screen<C> {
    pixels: Vec<C>,
}

impl<C: RenderColor> Screen<C> {
    fn new() -> Self {
        Screen {
            pixels: vec![C::from_rgb888(Rgb888::new(0, 0, 0)); PIXELS],
        }
    }
}

impl<C> OriginDimensions for Screen<C> {
    fn size(&self) -> Size {
        Size::new(WIDTH, HEIGHT)
    }
}

impl<C: RenderColor> DrawTarget for Screen<C> {
    type Color = C;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<C>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < WIDTH && (p.y as u32) < HEIGHT {
                self.pixels[(p.y as u32 * WIDTH + p.x as u32) as usize] = c;
            }
        }
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = C>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        for (p, c) in area.points().zip(colors) {
            self.pixels[(p.y as u32 * WIDTH + p.x as u32) as usize] = c;
        }
        Ok(())
    }
}

/// A rectangle as inclusive pixel edges, as LVGL's `lv_area_t` has them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Area {
    x1: i32,
    y1: i32,
    x2: i32,
    y2: i32,
}

impl Area {
    fn of(r: &Rectangle) -> Option<Area> {
        let br = r.bottom_right()?;
        Some(Area {
            x1: r.top_left.x,
            y1: r.top_left.y,
            x2: br.x,
            y2: br.y,
        })
    }
    fn size(&self) -> u64 {
        (self.x2 - self.x1 + 1) as u64 * (self.y2 - self.y1 + 1) as u64
    }
    fn intersect(&self, o: &Area) -> Option<Area> {
        let a = Area {
            x1: self.x1.max(o.x1),
            y1: self.y1.max(o.y1),
            x2: self.x2.min(o.x2),
            y2: self.y2.min(o.y2),
        };
        (a.x1 <= a.x2 && a.y1 <= a.y2).then_some(a)
    }
    fn join(&self, o: &Area) -> Area {
        Area {
            x1: self.x1.min(o.x1),
            y1: self.y1.min(o.y1),
            x2: self.x2.max(o.x2),
            y2: self.y2.max(o.y2),
        }
    }
    /// `_lv_area_is_in` with radius 0; Slint's `contains_box`.
    fn is_in(&self, parent: &Area) -> bool {
        self.x1 >= parent.x1 && self.y1 >= parent.y1 && self.x2 <= parent.x2 && self.y2 <= parent.y2
    }
    /// `_lv_area_is_on`: the two share at least one pixel.
    fn is_on(&self, o: &Area) -> bool {
        self.x1 <= o.x2 && self.x2 >= o.x1 && self.y1 <= o.y2 && self.y2 >= o.y1
    }
}

const LV_INV_BUF_SIZE: usize = 32;

/// LVGL's plan for the areas invalidated in one frame.
fn lvgl_plan(invalidated: &[Rectangle]) -> Vec<Area> {
    let screen = Area {
        x1: 0,
        y1: 0,
        x2: WIDTH as i32 - 1,
        y2: HEIGHT as i32 - 1,
    };
    let mut inv: Vec<Area> = Vec::new();
    for r in invalidated {
        let Some(com) = Area::of(r).and_then(|a| a.intersect(&screen)) else {
            continue;
        };
        if inv.iter().any(|saved| com.is_in(saved)) {
            continue;
        }
        if inv.len() < LV_INV_BUF_SIZE {
            inv.push(com);
        } else {
            inv.clear();
            inv.push(screen);
        }
    }
    let mut joined = vec![false; inv.len()];
    for join_in in 0..inv.len() {
        if joined[join_in] {
            continue;
        }
        for join_from in 0..inv.len() {
            if joined[join_from] || join_in == join_from {
                continue;
            }
            if !inv[join_in].is_on(&inv[join_from]) {
                continue;
            }
            let j = inv[join_in].join(&inv[join_from]);
            if j.size() < inv[join_in].size() + inv[join_from].size() {
                inv[join_in] = j;
                joined[join_from] = true;
            }
        }
    }
    inv.iter()
        .zip(&joined)
        .filter(|(_, &j)| !j)
        .map(|(a, _)| *a)
        .collect()
}

/// Slint's plan: `DirtyRegion::add_box` for every invalidated area, `MAX_COUNT = 3`.
fn slint_plan(invalidated: &[Rectangle]) -> Vec<Area> {
    const MAX_COUNT: usize = 3;
    let mut rects: Vec<Area> = Vec::new();
    'add: for r in invalidated {
        let Some(b) = Area::of(r) else { continue };
        let mut i = 0;
        while i < rects.len() {
            if b.is_in(&rects[i]) {
                continue 'add;
            } else if rects[i].is_in(&b) {
                rects.swap_remove(i);
                continue;
            }
            i += 1;
        }
        if rects.len() < MAX_COUNT {
            rects.push(b);
        } else {
            // `min_by` keeps the first of equal minima, as Slint's does.
            let best = (0..rects.len())
                .min_by_key(|&i| rects[i].join(&b).size() - rects[i].size())
                .unwrap_or(0);
            rects[best] = rects[best].join(&b);
        }
    }
    rects
}

fn plan_bytes(plan: &[Area], cost: BusCost) -> u64 {
    let pixels: u64 = plan.iter().map(Area::size).sum();
    (pixels * u64::from(cost.bits_per_pixel)).div_ceil(8)
        + plan.len() as u64 * u64::from(cost.bytes_per_rect)
}

/// The changed pixels' bytes plus one command per maximal horizontal run.
fn lower_bound<C: PartialEq>(now: &[C], before: &[C], cost: BusCost) -> (u64, u64) {
    let (mut changed, mut runs) = (0u64, 0u64);
    for (row_now, row_before) in now
        .chunks(WIDTH as usize)
        .zip(before.chunks(WIDTH as usize))
    {
        let mut in_run = false;
        for (a, b) in row_now.iter().zip(row_before) {
            let differs = a != b;
            if differs {
                changed += 1;
                if !in_run {
                    runs += 1;
                }
            }
            in_run = differs;
        }
    }
    let bytes = (changed * u64::from(cost.bits_per_pixel)).div_ceil(8)
        + runs * u64::from(cost.bytes_per_rect);
    (changed, bytes)
}

/// The maximal horizontal runs of changed pixels, top row first.
fn changed_runs<C: PartialEq>(now: &[C], before: &[C]) -> Vec<Rectangle> {
    let mut runs = Vec::new();
    let width = WIDTH as usize;
    for (y, (row_now, row_before)) in now.chunks(width).zip(before.chunks(width)).enumerate() {
        let mut start = None;
        for x in 0..=width {
            let differs = x < width && row_now[x] != row_before[x];
            match (differs, start) {
                (true, None) => start = Some(x),
                (false, Some(first)) => {
                    runs.push(Rectangle::new(
                        Point::new(first as i32, y as i32),
                        Size::new((x - first) as u32, 1),
                    ));
                    start = None;
                }
                _ => {}
            }
        }
    }
    runs
}

/// Bytes summed over a scene's frames (the first, a whole-screen frame for all, left out).
#[derive(Default, Clone, Copy)]
struct Totals {
    changed_pixels: u64,
    floor: u64,
    lower: u64,
    shadow: u64,
    sprig: u64,
    lvgl: u64,
    slint: u64,
    /// The three planners given the same input: the changed runs.
    runs_sprig: u64,
    runs_lvgl: u64,
    runs_slint: u64,
    worst_shadow_frame: f64,
}

#[allow(clippy::too_many_arguments)]
fn run<
    C,
    S,
    const N: usize,
    const C2: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
>(
    world: &mut World<S, N, C2, TM, E, TR, LS>,
    mut step: impl FnMut(&mut World<S, N, C2, TM, E, TR, LS>, u32),
    cost: BusCost,
) -> Totals
where
    C: RenderColor + PartialEq,
    S: DrawSet + Dispatch,
{
    let size = Size::new(WIDTH, HEIGHT);
    let bg = Rgb888::new(0, 0, 0);
    let mut full: Renderer<C, N, 1024> = Renderer::new(size, bg, cost);
    let mut plain: Renderer<C, N, 1024> = Renderer::new(size, bg, cost);
    let mut shadowed: Renderer<C, N, 1024, 16, PIXELS> = Renderer::new(size, bg, cost);
    let mut widget: Renderer<C, N, 1024, 64> = Renderer::new(size, bg, BusCost::new(1, 0));
    let (mut full_screen, mut previous) = (Screen::<C>::new(), Screen::<C>::new());
    let (mut plain_screen, mut shadow_screen, mut widget_screen) =
        (Screen::<C>::new(), Screen::<C>::new(), Screen::<C>::new());
    let mut totals = Totals::default();
    for f in 0..FRAMES {
        step(world, f);
        let Ok(_) = full.render_full(world, &mut full_screen);
        let Ok(p) = plain.render(world, &mut plain_screen);
        let Ok(s) = shadowed.render(world, &mut shadow_screen);
        let Ok(_) = widget.render(world, &mut widget_screen);
        assert!(
            plain_screen.pixels == full_screen.pixels,
            "frame {f} differs"
        );
        assert!(
            shadow_screen.pixels == full_screen.pixels,
            "frame {f} differs (shadow)"
        );
        let (changed, lower) = lower_bound(&full_screen.pixels, &previous.pixels, cost);
        let runs = changed_runs(&full_screen.pixels, &previous.pixels);
        previous.pixels.copy_from_slice(&full_screen.pixels);
        if f == 0 {
            continue;
        }
        totals.changed_pixels += changed;
        if changed > 0 {
            totals.floor += (changed * u64::from(cost.bits_per_pixel)).div_ceil(8)
                + u64::from(cost.bytes_per_rect);
        }
        totals.lower += lower;
        totals.shadow += s.bytes;
        totals.sprig += p.bytes;
        totals.lvgl += plan_bytes(&lvgl_plan(widget.flushed()), cost);
        totals.slint += plan_bytes(&slint_plan(widget.flushed()), cost);
        let mut planner: Damage<16> = Damage::new(Rectangle::new(Point::zero(), size), cost);
        for &run in &runs {
            planner.add(run);
        }
        totals.runs_sprig += planner.stats().bytes;
        totals.runs_lvgl += plan_bytes(&lvgl_plan(&runs), cost);
        totals.runs_slint += plan_bytes(&slint_plan(&runs), cost);
        if lower > 0 {
            totals.worst_shadow_frame =
                totals.worst_shadow_frame.max(s.bytes as f64 / lower as f64);
        }
    }
    totals
}

struct Synthetic {
    name: &'static str,
    build: fn(&mut W) -> Vec<NodeId>,
    step: fn(&mut W, &[NodeId], u32),
}

fn node(w: &mut W, parent: NodeId, size: (f32, f32), at: (f32, f32), shape: Shape) -> NodeId {
    let n = w.create_child(parent, "n").expect("fits");
    w.set_content_size(n, Size2::new(size.0, size.1))
        .expect("valid");
    w.set_position(n, Vec2::new(at.0, at.1)).expect("valid");
    w.add_component(n, shape).expect("fits");
    n
}

fn grey(v: u8) -> Rgb888 {
    Rgb888::new(v, v, v)
}

/// A list of 6 rows 12 px apart scrolling up 1 px a frame, rows wrapping round.
fn scroll_build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    (0..6)
        .map(|k| {
            let row = node(
                w,
                root,
                (120.0, 10.0),
                (64.0, 6.0 + 12.0 * k as f32),
                Shape::rectangle().with_stroke(grey(120), 1.0),
            );
            node(
                w,
                row,
                (40.0, 4.0),
                (-30.0, 0.0),
                Shape::rectangle().with_fill(grey(200 - 20 * k as u8)),
            );
            row
        })
        .collect()
}

fn scroll_step(w: &mut W, rows: &[NodeId], f: u32) {
    for (k, &row) in rows.iter().enumerate() {
        let y = (6 + 12 * k as i32 - f as i32).rem_euclid(72) as f32 - 2.0;
        w.set_position(row, Vec2::new(64.0, y)).expect("valid");
    }
}

/// Four sprites crossing the screen at different speeds and heights.
fn sprites_build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    (0..4)
        .map(|k| {
            node(
                w,
                root,
                (10.0, 10.0),
                (0.0, 8.0 + 15.0 * k as f32),
                Shape::ellipse().with_fill(grey(255 - 40 * k as u8)),
            )
        })
        .collect()
}

fn sprites_step(w: &mut W, sprites: &[NodeId], f: u32) {
    for (k, &s) in sprites.iter().enumerate() {
        let x = ((f * (k as u32 + 1)) % 148) as f32 - 10.0;
        w.set_position(s, Vec2::new(x, 8.0 + 15.0 * k as f32))
            .expect("valid");
    }
}

/// A text cursor (2×9 px) blinking every half second, next to still text stand-ins.
fn cursor_build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    node(
        w,
        root,
        (60.0, 9.0),
        (40.0, 30.0),
        Shape::rectangle().with_fill(grey(90)),
    );
    vec![node(
        w,
        root,
        (2.0, 9.0),
        (72.0, 30.0),
        Shape::rectangle().with_fill(grey(255)),
    )]
}

fn cursor_step(w: &mut W, cursor: &[NodeId], f: u32) {
    w.set_active(cursor[0], (f / 15).is_multiple_of(2))
        .expect("valid");
}

/// A progress bar filling over 4 s, then starting again.
fn progress_build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    let bar = w.create_child(root, "bar").expect("fits");
    w.set_content_size(bar, Size2::new(100.0, 8.0))
        .expect("valid");
    w.set_position(bar, Vec2::new(64.0, 32.0)).expect("valid");
    w.add_component(
        bar,
        ProgressBar::new(grey(40), grey(220)).with_border(grey(255)),
    )
    .expect("fits");
    vec![bar]
}

fn progress_step(w: &mut W, bar: &[NodeId], f: u32) {
    let value = (f % 120) as f32 / 119.0;
    let comp = w
        .component_of::<ProgressBar>(bar[0])
        .expect("valid")
        .expect("has one");
    w.get_mut::<ProgressBar>(comp).expect("valid").value = value;
}

/// Sixteen 3×3 dots scattered over the screen, a different four recoloured each frame.
fn scattered_build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    (0..16)
        .map(|k| {
            let (x, y) = ((k * 37 % 120) as f32 + 4.0, (k * 23 % 56) as f32 + 4.0);
            node(
                w,
                root,
                (3.0, 3.0),
                (x, y),
                Shape::rectangle().with_fill(grey(100)),
            )
        })
        .collect()
}

fn scattered_step(w: &mut W, dots: &[NodeId], f: u32) {
    for (k, &dot) in dots.iter().enumerate() {
        if k as u32 % 4 == f % 4 {
            let comp = w
                .component_of::<Shape>(dot)
                .expect("valid")
                .expect("has one");
            w.get_mut::<Shape>(comp).expect("valid").fill =
                Some(grey((60 + 37 * (f + k as u32) % 190) as u8));
        }
    }
}

/// A panel covering most of the screen, recoloured every 10 frames (a page switch).
fn big_build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    vec![node(
        w,
        root,
        (120.0, 56.0),
        (64.0, 32.0),
        Shape::rounded_rectangle(4.0).with_fill(grey(60)),
    )]
}

fn big_step(w: &mut W, panel: &[NodeId], f: u32) {
    if f.is_multiple_of(10) {
        let comp = w
            .component_of::<Shape>(panel[0])
            .expect("valid")
            .expect("has one");
        w.get_mut::<Shape>(comp).expect("valid").fill =
            Some(grey(if f.is_multiple_of(20) { 60 } else { 180 }));
    }
}

const SYNTHETIC: [Synthetic; 6] = [
    Synthetic {
        name: "scrolling list",
        build: scroll_build,
        step: scroll_step,
    },
    Synthetic {
        name: "sprites",
        build: sprites_build,
        step: sprites_step,
    },
    Synthetic {
        name: "blinking cursor",
        build: cursor_build,
        step: cursor_step,
    },
    Synthetic {
        name: "progress bar",
        build: progress_build,
        step: progress_step,
    },
    Synthetic {
        name: "scattered small",
        build: scattered_build,
        step: scattered_step,
    },
    Synthetic {
        name: "one big change",
        build: big_build,
        step: big_step,
    },
];

/// The showcase, stepped at `SHOWCASE_DT`, with a key every 20 frames.
fn showcase_step(world: &mut ShowcaseWorld, f: u32) {
    const KEYS: [Key; 8] = [
        Key::Right,
        Key::Right,
        Key::Left,
        Key::Down,
        Key::A,
        Key::Up,
        Key::Up,
        Key::Down,
    ];
    if f % 20 == 10 {
        let key = KEYS[(f / 20) as usize % KEYS.len()];
        world.key(key, true).expect("valid");
        world.key(key, false).expect("valid");
    }
    world.tick(SHOWCASE_DT).expect("not in a hook");
}

fn suite<C: RenderColor + PartialEq>(cost: BusCost) -> Vec<(&'static str, Totals)> {
    let mut rows = Vec::new();
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, &Layout::OLED).expect("fits");
    rows.push((
        "showcase",
        run::<C, _, SHOWCASE_NODES, _, _, _, _, _>(&mut world, showcase_step, cost),
    ));
    for scene in &SYNTHETIC {
        let mut w = W::new();
        let nodes = (scene.build)(&mut w);
        let step = scene.step;
        let t = run::<C, _, 32, _, _, _, _, _>(
            &mut w,
            |w, f| {
                step(w, &nodes, f);
                w.tick(SHOWCASE_DT).expect("not in a hook");
            },
            cost,
        );
        rows.push((scene.name, t));
    }
    rows
}

fn print(title: &str, cost: BusCost, rows: &[(&str, Totals)]) {
    let frames = u64::from(FRAMES - 1);
    println!(
        "bus {title} (BusCost {{ bits_per_pixel: {}, bytes_per_rect: {} }}), bytes per frame over {frames} frames, x = / lower bound",
        cost.bits_per_pixel, cost.bytes_per_rect
    );
    println!(
        "  {:<16} {:>8} {:>6} {:>6} {:>15} {:>15} {:>15} {:>15}  fewest",
        "scene", "changed", "floor", "lower", "Sprig shadow", "Sprig", "LVGL", "Slint"
    );
    let ratio = |b: u64, t: &Totals| {
        if t.lower == 0 {
            1.0
        } else {
            b as f64 / t.lower as f64
        }
    };
    let mut sums = [0f64; 4];
    let mut wins = 0;
    let mut worst = 0f64;
    for (name, t) in rows {
        let cell = |b: u64| format!("{:>7} {:>5.2}x", b / frames, ratio(b, t));
        let best = if t.shadow <= t.lvgl && t.shadow <= t.slint {
            wins += 1;
            "Sprig"
        } else if t.lvgl <= t.slint {
            "LVGL"
        } else {
            "Slint"
        };
        println!(
            "  {:<16} {:>8} {:>6} {:>6} {:>15} {:>15} {:>15} {:>15}  {best}",
            name,
            t.changed_pixels / frames,
            t.floor / frames,
            t.lower / frames,
            cell(t.shadow),
            cell(t.sprig),
            cell(t.lvgl),
            cell(t.slint),
        );
        worst = worst.max(t.worst_shadow_frame);
        for (sum, b) in sums.iter_mut().zip([t.shadow, t.sprig, t.lvgl, t.slint]) {
            *sum += ratio(b, t);
        }
    }
    let n = rows.len() as f64;
    println!(
        "  mean of the scenes' ratios: Sprig shadow {:.2}x, Sprig {:.2}x, LVGL {:.2}x, Slint {:.2}x; Sprig shadow fewest bytes on {wins}/{} scenes; its worst frame {worst:.2}x the lower bound",
        sums[0] / n,
        sums[1] / n,
        sums[2] / n,
        sums[3] / n,
        rows.len()
    );
    println!("  the same planners given the same input, the changed runs (Damage<16>, 32 LVGL areas, 3 Slint rectangles):");
    let mut sums = [0f64; 3];
    let mut wins = 0;
    for (name, t) in rows {
        let cell = |b: u64| format!("{:>7} {:>5.2}x", b / frames, ratio(b, t));
        if t.runs_sprig <= t.runs_lvgl && t.runs_sprig <= t.runs_slint {
            wins += 1;
        }
        println!(
            "  {:<16} Sprig {} LVGL {} Slint {}",
            name,
            cell(t.runs_sprig),
            cell(t.runs_lvgl),
            cell(t.runs_slint)
        );
        for (sum, b) in sums
            .iter_mut()
            .zip([t.runs_sprig, t.runs_lvgl, t.runs_slint])
        {
            *sum += ratio(b, t);
        }
    }
    println!(
        "  mean of the scenes' ratios: Sprig {:.2}x, LVGL {:.2}x, Slint {:.2}x; Sprig fewest bytes on {wins}/{} scenes",
        sums[0] / n,
        sums[1] / n,
        sums[2] / n,
        rows.len()
    );
}

fn main() {
    let gray = suite::<Gray4>(BusCost::GRAY4_SSD0323);
    print("128x64 Gray4 SSD0323", BusCost::GRAY4_SSD0323, &gray);
    let rgb = suite::<Rgb565>(BusCost::RGB565_MIPI_DCS);
    print("128x64 Rgb565 MIPI DCS", BusCost::RGB565_MIPI_DCS, &rgb);
}
