//! Images and sprites under damage tracking: random scenes of alpha images (uncompressed
//! and compressed), keyed and cut-out images and animated sprites over shapes, 60 frames
//! of random moves, turns, scales, fades, frame and transparency changes; every
//! damage-tracked frame must equal a full redraw pixel for pixel, on Rgb565, Gray4 and
//! BinaryColor.

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888};
use embedded_graphics::prelude::Size;
use proptest::prelude::*;
use sprig::render::damage::BusCost;
use sprig::render::{Image, RenderColor, Renderer, Shape, Sprite, SpriteSheet, Transparency};
use sprig::{world, NodeId, Size2, Vec2};
use sprig_tests::framebuffer::Framebuffer;
use sprig_ui::{AnimationClip, SpriteAnimation, WrapMode};

world! {
    type W = World {
        nodes: 16,
        components: Scene {
            sprig::render::Shape: 4,
            sprig::render::Image: 8,
            sprig::render::Sprite: 4,
            sprig_ui::SpriteAnimation: 4,
        },
    };
}

const WIDTH: u32 = 48;
const HEIGHT: u32 = 32;

static SHEET: SpriteSheet = SpriteSheet::grid(
    Image::tga(include_bytes!("../assets/sheet.tga")),
    8,
    8,
    4,
    4,
);

fn image(k: usize) -> Image {
    match k % 5 {
        0 => Image::tga(include_bytes!("../assets/picture.tga")),
        1 => Image::qoi(include_bytes!("../assets/picture.qoi")),
        2 => Image::tga(include_bytes!("../assets/picture_rle.tga")),
        3 => Image::bmp(include_bytes!("../assets/picture_key.bmp"))
            .with_transparency(Transparency::ColorKey(Rgb888::new(255, 0, 255))),
        _ => Image::tga(include_bytes!("../assets/gradient.tga"))
            .with_transparency(Transparency::Cutout { threshold: 128 }),
    }
}

#[derive(Clone, Debug)]
enum Change {
    Move(usize, f32, f32),
    Turn(usize, f32),
    Scale(usize, f32),
    Fade(usize, u8),
    Frame(usize, u16),
    Transparency(usize, u8),
    Still,
}

fn change() -> impl Strategy<Value = Change> {
    let n = 0..8usize;
    prop_oneof![
        2 => (n.clone(), -8.0f32..56.0, -8.0f32..40.0).prop_map(|(i, x, y)| Change::Move(i, x, y)),
        2 => (n.clone(), prop_oneof![Just(90.0f32), Just(180.0), -180.0f32..180.0]).prop_map(|(i, a)| Change::Turn(i, a)),
        1 => (n.clone(), prop_oneof![Just(1.0f32), Just(2.0), Just(-1.0), 0.4f32..3.0]).prop_map(|(i, s)| Change::Scale(i, s)),
        1 => (n.clone(), any::<u8>()).prop_map(|(i, o)| Change::Fade(i, o)),
        1 => (n.clone(), 0..5u16).prop_map(|(i, f)| Change::Frame(i, f)),
        1 => (n, any::<u8>()).prop_map(|(i, t)| Change::Transparency(i, t)),
        2 => Just(Change::Still),
    ]
}

/// Two shapes under four images and four animated sprites.
fn build(w: &mut W) -> Vec<NodeId> {
    let root = w.root();
    for (i, color) in [Rgb888::new(200, 60, 60), Rgb888::new(60, 60, 200)]
        .into_iter()
        .enumerate()
    {
        let n = w.create_child(root, "shape").unwrap();
        w.set_content_size(n, Size2::new(24.0, 32.0)).unwrap();
        w.set_position(n, Vec2::new(12.0 + 24.0 * i as f32, 16.0))
            .unwrap();
        w.add_component(n, Shape::rectangle().with_fill(color))
            .unwrap();
    }
    let mut nodes = Vec::new();
    for k in 0..4 {
        let n = w.create_child(root, "image").unwrap();
        w.set_content_size(n, Size2::new(0.0, 0.0)).unwrap();
        w.set_position(n, Vec2::new(6.0 + 11.0 * k as f32, 8.0))
            .unwrap();
        w.add_component(n, image(k)).unwrap();
        nodes.push(n);
    }
    for k in 0..4u16 {
        let n = w.create_child(root, "sprite").unwrap();
        w.set_position(n, Vec2::new(6.0 + 11.0 * f32::from(k), 24.0))
            .unwrap();
        w.add_component(n, Sprite::new(&SHEET, k)).unwrap();
        let wrap = [WrapMode::Loop, WrapMode::PingPong, WrapMode::Once][usize::from(k) % 3];
        w.add_component(
            n,
            SpriteAnimation::new(AnimationClip::new(&[0, 1, 2, 3], 7 + k, wrap)),
        )
        .unwrap();
        nodes.push(n);
    }
    nodes
}

fn apply(w: &mut W, nodes: &[NodeId], c: &Change) {
    match *c {
        Change::Move(i, x, y) => w.set_position(nodes[i], Vec2::new(x, y)).unwrap(),
        Change::Turn(i, a) => w.set_angle_degrees(nodes[i], a).unwrap(),
        Change::Scale(i, s) => w.set_scale(nodes[i], Vec2::new(s, s)).unwrap(),
        Change::Fade(i, o) => w.set_opacity(nodes[i], o).unwrap(),
        Change::Frame(i, f) => {
            if let Some(c) = w.component_of::<Sprite>(nodes[i]).unwrap() {
                // Frame 4 does not exist: refused, nothing changes.
                let _ = w.get_mut::<Sprite>(c).unwrap().set_frame(f);
            }
        }
        Change::Transparency(i, t) => {
            if let Some(c) = w.component_of::<Image>(nodes[i]).unwrap() {
                w.get_mut::<Image>(c).unwrap().transparency = match t % 4 {
                    0 => Transparency::Alpha,
                    1 => Transparency::Opaque,
                    2 => Transparency::Cutout { threshold: t },
                    _ => Transparency::ColorKey(Rgb888::new(255, 0, 0)),
                };
            }
        }
        Change::Still => {}
    }
}

fn run<C: RenderColor + core::fmt::Debug>(frames: &[Vec<Change>]) -> Result<(), TestCaseError> {
    let size = Size::new(WIDTH, HEIGHT);
    let background = Rgb888::new(10, 20, 30);
    let mut w = W::new();
    let nodes = build(&mut w);
    let mut partial = Framebuffer::new(WIDTH, HEIGHT, C::from_rgb888(Rgb888::new(255, 0, 255)));
    let mut tracked: Renderer<C, 16, 96, 4> = Renderer::new(size, background, BusCost::new(16, 11));
    let mut reference: Renderer<C, 16, 96, 4> =
        Renderer::new(size, background, BusCost::new(16, 11));
    for (f, changes) in frames.iter().enumerate() {
        for c in changes {
            apply(&mut w, &nodes, c);
        }
        w.tick(0.05).unwrap();
        tracked.render(&mut w, &mut partial).unwrap();
        let mut full = Framebuffer::new(WIDTH, HEIGHT, C::from_rgb888(Rgb888::new(0, 255, 0)));
        reference.render_full(&mut w, &mut full).unwrap();
        prop_assert_eq!(partial.out_of_bounds, 0);
        if partial.pixels != full.pixels {
            let bad = partial
                .pixels
                .iter()
                .zip(&full.pixels)
                .position(|(a, b)| a != b)
                .unwrap_or(0) as u32;
            return Err(TestCaseError::fail(format!(
                "frame {f}: first differing pixel ({}, {}) after {changes:?}",
                bad % WIDTH,
                bad / WIDTH
            )));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn damage_tracked_image_frames_match_full_redraws(
        frames in proptest::collection::vec(proptest::collection::vec(change(), 0..3), 60),
    ) {
        run::<Rgb565>(&frames)?;
        run::<Gray4>(&frames)?;
        run::<BinaryColor>(&frames)?;
    }
}
