//! Golden images: reference scenes rendered into `embedded-graphics-simulator`'s
//! `SimulatorDisplay` (no SDL) and compared pixel by pixel with the PNGs checked in under
//! `tests/golden/`. On a mismatch the actual image and a diff (changed pixels white) are
//! written to `target/golden/` and their paths printed.
//!
//! Regenerate the references (then look at every one before committing; enlarged copies
//! go to `target/golden/preview/`):
//! `SPRIG_BLESS=1 cargo test -p sprig-tests --test golden`

#[path = "support/golden_png.rs"]
mod golden_png;

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::{Clip, Image, Label, ProgressBar, RenderColor, Renderer, Shape};
use sprig::{world, NodeId, Size2, Vec2};

world! {
    /// The built-in drawables.
    type W = World {
        nodes: 32,
        components: Scene {
            sprig::render::Shape: 32,
            sprig::render::Label: 32,
            sprig::render::Image: 32,
            sprig::render::ProgressBar: 32,
            sprig::render::Clip: 32,
        },
    };
}

/// Renders `world` at `size` in colour `C` and compares it with `tests/golden/NAME.png`.
fn check<C>(name: &str, size: Size, background: Rgb888, world: &mut W)
where
    C: RenderColor + Into<Rgb888>,
    SimulatorDisplay<C>:
        embedded_graphics::draw_target::DrawTarget<Color = C, Error = core::convert::Infallible>,
{
    let mut display = SimulatorDisplay::<C>::with_default_color(size, C::from_rgb888(background));
    let mut renderer: Renderer<C, 32, 512> = Renderer::new(size, background, BusCost::new(16, 11));
    let Ok(_) = renderer.render(world, &mut display);
    golden_png::compare(name, &display);
}

/// A node with content `size` at `at` (anchor at its centre unless changed) holding
/// `shape`.
fn put(w: &mut W, parent: NodeId, size: (f32, f32), at: (f32, f32), shape: Shape) -> NodeId {
    let n = w.create_child(parent, "n").unwrap();
    w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    w.add_component(n, shape).unwrap();
    n
}

fn rgb(r: u8, g: u8, b: u8) -> Rgb888 {
    Rgb888::new(r, g, b)
}

#[test]
fn shapes() {
    let mut w = W::new();
    let root = w.root();
    put(
        &mut w,
        root,
        (18.0, 12.0),
        (12.0, 40.0),
        Shape::rectangle().with_fill(rgb(220, 40, 40)),
    );
    put(
        &mut w,
        root,
        (18.0, 12.0),
        (34.0, 40.0),
        Shape::rounded_rectangle(4.0)
            .with_fill(rgb(40, 200, 60))
            .with_stroke(Rgb888::WHITE, 1.0),
    );
    put(
        &mut w,
        root,
        (14.0, 14.0),
        (54.0, 40.0),
        Shape::ellipse().with_fill(rgb(60, 90, 230)),
    );
    put(
        &mut w,
        root,
        (20.0, 10.0),
        (12.0, 20.0),
        Shape::ellipse().with_stroke(rgb(250, 220, 40), 2.0),
    );
    put(
        &mut w,
        root,
        (20.0, 16.0),
        (34.0, 20.0),
        Shape::line(Vec2::new(0.0, 0.0), Vec2::new(20.0, 16.0)).with_stroke(Rgb888::CYAN, 2.0),
    );
    put(
        &mut w,
        root,
        (16.0, 16.0),
        (54.0, 18.0),
        Shape::polygon(&[
            Vec2::new(0.0, 0.0),
            Vec2::new(16.0, 0.0),
            Vec2::new(8.0, 16.0),
        ])
        .with_fill(rgb(200, 80, 220)),
    );
    check::<Rgb565>("shapes", Size::new(64, 48), rgb(16, 16, 24), &mut w);
}

/// Seed 000: equal zIndex keeps sibling order, a higher zIndex draws later whatever the
/// sibling index; `docs/lifecycle.md` §6: a negative zIndex child draws under its parent.
#[test]
fn z_order() {
    let mut w = W::new();
    let root = w.root();
    let colors = [rgb(230, 60, 60), rgb(60, 200, 60), rgb(70, 110, 240)];
    let cards: Vec<NodeId> = (0..3)
        .map(|k| {
            put(
                &mut w,
                root,
                (16.0, 20.0),
                (14.0 + 8.0 * k as f32, 26.0 - 3.0 * k as f32),
                Shape::rectangle()
                    .with_fill(colors[k])
                    .with_stroke(Rgb888::WHITE, 1.0),
            )
        })
        .collect();
    // The first card on top by zIndex; moving the last to sibling index 0 does not
    // lift it above the middle one.
    w.set_z_index(cards[0], 1).unwrap();
    w.set_sibling_index(cards[2], 0).unwrap();
    // A parent with a child under it (negative zIndex) and one over it.
    let parent = put(
        &mut w,
        root,
        (18.0, 18.0),
        (48.0, 24.0),
        Shape::ellipse().with_fill(rgb(240, 200, 40)),
    );
    let under = put(
        &mut w,
        parent,
        (14.0, 14.0),
        (8.0, -6.0),
        Shape::rectangle().with_fill(rgb(150, 40, 200)),
    );
    w.set_z_index(under, -1).unwrap();
    put(
        &mut w,
        parent,
        (8.0, 8.0),
        (-8.0, 8.0),
        Shape::rectangle().with_fill(Rgb888::CYAN),
    );
    w.end_frame().unwrap();
    check::<Rgb565>("z_order", Size::new(64, 48), rgb(16, 16, 24), &mut w);
}

/// A node with a positive global z draws over a later subtree; a negative one under
/// everything.
#[test]
fn global_z() {
    let mut w = W::new();
    let root = w.root();
    let a = put(
        &mut w,
        root,
        (30.0, 30.0),
        (20.0, 24.0),
        Shape::rectangle().with_fill(rgb(200, 60, 60)),
    );
    let above = put(
        &mut w,
        a,
        (14.0, 14.0),
        (14.0, 0.0),
        Shape::ellipse().with_fill(rgb(250, 230, 60)),
    );
    put(
        &mut w,
        root,
        (30.0, 30.0),
        (44.0, 24.0),
        Shape::rectangle().with_fill(rgb(60, 90, 220)),
    );
    let below = put(
        &mut w,
        root,
        (62.0, 8.0),
        (32.0, 24.0),
        Shape::rectangle().with_fill(rgb(80, 220, 80)),
    );
    w.set_global_z_order(above, 1).unwrap();
    w.set_global_z_order(below, -1).unwrap();
    check::<Rgb565>("global_z", Size::new(64, 48), rgb(16, 16, 24), &mut w);
}

/// Rotation (counter-clockwise), scale, anchor, and a rotated parent carrying a child.
#[test]
fn transforms() {
    let mut w = W::new();
    let root = w.root();
    let spun = put(
        &mut w,
        root,
        (20.0, 10.0),
        (14.0, 34.0),
        Shape::rectangle().with_fill(rgb(230, 90, 40)),
    );
    w.set_angle_degrees(spun, 30.0).unwrap();
    let squashed = put(
        &mut w,
        root,
        (16.0, 16.0),
        (40.0, 34.0),
        Shape::ellipse().with_fill(rgb(60, 180, 240)),
    );
    w.set_scale(squashed, Vec2::new(1.5, 0.5)).unwrap();
    let cornered = put(
        &mut w,
        root,
        (12.0, 8.0),
        (52.0, 6.0),
        Shape::rectangle().with_fill(rgb(90, 220, 90)),
    );
    w.set_anchor(cornered, Vec2::new(1.0, 0.0)).unwrap();
    let arm = put(
        &mut w,
        root,
        (24.0, 4.0),
        (18.0, 12.0),
        Shape::rectangle().with_fill(rgb(200, 200, 200)),
    );
    w.set_anchor(arm, Vec2::new(0.0, 0.5)).unwrap();
    w.set_angle_degrees(arm, -20.0).unwrap();
    put(
        &mut w,
        arm,
        (6.0, 6.0),
        (24.0, 0.0),
        Shape::ellipse().with_fill(rgb(240, 60, 160)),
    );
    check::<Rgb565>("transforms", Size::new(64, 48), rgb(16, 16, 24), &mut w);
}

/// Opacity blends on colour and grey targets, cascades to children, and thresholds on
/// a monochrome one.
#[test]
fn opacity() {
    let build = |w: &mut W| {
        let root = w.root();
        put(
            w,
            root,
            (30.0, 24.0),
            (22.0, 26.0),
            Shape::rectangle().with_fill(Rgb888::WHITE),
        );
        let half = put(
            w,
            root,
            (30.0, 24.0),
            (40.0, 20.0),
            Shape::ellipse().with_fill(rgb(255, 40, 40)),
        );
        w.set_opacity(half, 128).unwrap();
        let faint = put(
            w,
            root,
            (20.0, 12.0),
            (16.0, 10.0),
            Shape::rectangle().with_fill(rgb(40, 40, 255)),
        );
        w.set_opacity(faint, 100).unwrap();
        put(
            w,
            faint,
            (10.0, 10.0),
            (10.0, 6.0),
            Shape::rectangle().with_fill(Rgb888::WHITE),
        );
    };
    let mut w = W::new();
    build(&mut w);
    check::<Rgb565>("opacity_rgb565", Size::new(64, 48), rgb(16, 16, 24), &mut w);
    let mut w = W::new();
    build(&mut w);
    check::<Gray4>("opacity_gray4", Size::new(64, 48), Rgb888::BLACK, &mut w);
    let mut w = W::new();
    build(&mut w);
    check::<BinaryColor>("opacity_binary", Size::new(64, 48), Rgb888::BLACK, &mut w);
}

/// A 4×3 image: a red-to-blue ramp on top, green in the middle, a grey ramp below.
static TINY: [u8; 36] = [
    255, 0, 0, 170, 0, 85, 85, 0, 170, 0, 0, 255, //
    0, 255, 0, 0, 200, 0, 0, 150, 0, 0, 100, 0, //
    40, 40, 40, 100, 100, 100, 160, 160, 160, 220, 220, 220,
];

/// Labels placed by their node's anchor (bottom-left, centre, top-right), a progress
/// bar at 60 % with a border, and an image at its own size, stretched, and rotated.
#[test]
fn text_images_progress() {
    let mut w = W::new();
    let root = w.root();
    let label = |w: &mut W, text: &str, at: (f32, f32), anchor: (f32, f32), color: Rgb888| {
        let n = w.create_child(root, "label").unwrap();
        w.set_content_size(n, Size2::new(1.0, 1.0)).unwrap();
        w.set_anchor(n, Vec2::new(anchor.0, anchor.1)).unwrap();
        w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
        w.add_component(n, Label::new(text).with_color(color))
            .unwrap();
    };
    label(&mut w, "Sprig", (2.0, 2.0), (0.0, 0.0), Rgb888::WHITE);
    label(&mut w, "mid", (48.0, 40.0), (0.5, 0.5), rgb(250, 220, 60));
    label(&mut w, "TR", (94.0, 62.0), (1.0, 1.0), Rgb888::CYAN);
    let bar = w.create_child(root, "bar").unwrap();
    w.set_content_size(bar, Size2::new(40.0, 6.0)).unwrap();
    w.set_position(bar, Vec2::new(48.0, 24.0)).unwrap();
    w.add_component(
        bar,
        ProgressBar::new(rgb(40, 40, 60), rgb(60, 200, 90))
            .with_value(0.6)
            .with_border(Rgb888::WHITE),
    )
    .unwrap();
    let image = |w: &mut W, size: (f32, f32), at: (f32, f32), angle: f32| {
        let n = w.create_child(root, "image").unwrap();
        w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
        w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
        w.set_angle_degrees(n, angle).unwrap();
        w.add_component(n, Image::raw(&TINY, 4)).unwrap();
    };
    image(&mut w, (0.0, 0.0), (8.0, 48.0), 0.0);
    image(&mut w, (16.0, 12.0), (22.0, 48.0), 0.0);
    image(&mut w, (16.0, 12.0), (78.0, 12.0), 90.0);
    check::<Rgb565>(
        "text_images_progress",
        Size::new(96, 64),
        rgb(16, 16, 24),
        &mut w,
    );
}

/// A clipping parent cuts its children (and grandchildren) at its bounds; its sibling
/// is not clipped.
#[test]
fn clipping() {
    let mut w = W::new();
    let root = w.root();
    let window = put(
        &mut w,
        root,
        (30.0, 20.0),
        (24.0, 24.0),
        Shape::rectangle().with_stroke(Rgb888::WHITE, 1.0),
    );
    w.add_component(window, Clip).unwrap();
    let inner = put(
        &mut w,
        window,
        (40.0, 8.0),
        (10.0, 4.0),
        Shape::rectangle().with_fill(rgb(230, 80, 60)),
    );
    w.set_angle_degrees(inner, 20.0).unwrap();
    put(
        &mut w,
        inner,
        (12.0, 12.0),
        (8.0, 2.0),
        Shape::ellipse().with_fill(rgb(60, 200, 240)),
    );
    put(
        &mut w,
        root,
        (24.0, 8.0),
        (44.0, 6.0),
        Shape::rectangle().with_fill(rgb(90, 220, 90)),
    );
    check::<Rgb565>("clipping", Size::new(64, 48), rgb(16, 16, 24), &mut w);
}
