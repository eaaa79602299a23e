//! Golden images of images with transparency and sprites, on each colour format:
//! compared pixel by pixel with the PNGs under `tests/golden/` (see `golden.rs` for the
//! mechanics; regenerate with `SPRIG_BLESS=1 cargo test -p sprig-tests --test
//! image_golden`, then look at every one before committing).
//!
//! One scene: stripes of colour under an 8-bit-alpha picture scaled three times, a
//! colour-keyed BMP, a cutout, the four sprite frames upright and one turned 30°, and a
//! half-faded sprite.

#[path = "support/golden_png.rs"]
mod golden_png;

use embedded_graphics::pixelcolor::{BinaryColor, Gray4, Rgb565, Rgb888, RgbColor};
use embedded_graphics::prelude::Size;
use embedded_graphics_simulator::SimulatorDisplay;
use sprig::render::damage::BusCost;
use sprig::render::{Image, RenderColor, Renderer, Shape, Sprite, SpriteSheet, Transparency};
use sprig::{world, NodeId, Size2, Vec2};

world! {
    type W = World {
        nodes: 32,
        components: Scene {
            sprig::render::Shape: 8,
            sprig::render::Image: 8,
            sprig::render::Sprite: 8,
        },
    };
}

const PICTURE_TGA: &[u8] = include_bytes!("../assets/picture.tga");
const PICTURE_QOI: &[u8] = include_bytes!("../assets/picture.qoi");
const PICTURE_KEY: &[u8] = include_bytes!("../assets/picture_key.bmp");
static SHEET: SpriteSheet = SpriteSheet::grid(
    Image::tga(include_bytes!("../assets/sheet.tga")),
    8,
    8,
    4,
    4,
);

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

fn place(w: &mut W, size: (f32, f32), at: (f32, f32)) -> NodeId {
    let root = w.root();
    let n = w.create_child(root, "n").unwrap();
    w.set_content_size(n, Size2::new(size.0, size.1)).unwrap();
    w.set_position(n, Vec2::new(at.0, at.1)).unwrap();
    n
}

fn build(w: &mut W) {
    // Stripes to see the blending on: red, green, blue, white, 16 px each.
    for (i, color) in [
        Rgb888::new(200, 40, 40),
        Rgb888::new(40, 160, 60),
        Rgb888::new(40, 60, 200),
        Rgb888::new(230, 230, 230),
    ]
    .into_iter()
    .enumerate()
    {
        let n = place(w, (16.0, 48.0), (8.0 + 16.0 * i as f32, 24.0));
        w.add_component(n, Shape::rectangle().with_fill(color))
            .unwrap();
    }
    // The 4 × 4 alpha picture at three times its size, from TGA and from QOI.
    let n = place(w, (12.0, 12.0), (8.0, 40.0));
    w.add_component(n, Image::tga(PICTURE_TGA)).unwrap();
    let n = place(w, (12.0, 12.0), (24.0, 40.0));
    w.add_component(n, Image::qoi(PICTURE_QOI)).unwrap();
    // Keyed BMP and a cutout at 200, twice their size.
    let n = place(w, (8.0, 8.0), (40.0, 40.0));
    w.add_component(
        n,
        Image::bmp(PICTURE_KEY).with_transparency(Transparency::ColorKey(Rgb888::new(255, 0, 255))),
    )
    .unwrap();
    let n = place(w, (8.0, 8.0), (54.0, 40.0));
    w.add_component(
        n,
        Image::tga(PICTURE_TGA).with_transparency(Transparency::Cutout { threshold: 200 }),
    )
    .unwrap();
    // The four frames upright along the middle.
    for frame in 0..4u16 {
        let n = place(w, (0.0, 0.0), (8.0 + 12.0 * f32::from(frame), 24.0));
        w.add_component(n, Sprite::new(&SHEET, frame)).unwrap();
    }
    // The large frame doubled and turned 30°, and one at half opacity.
    let n = place(w, (0.0, 0.0), (16.0, 8.0));
    w.set_scale(n, Vec2::new(2.0, 2.0)).unwrap();
    w.set_angle_degrees(n, 30.0).unwrap();
    w.add_component(n, Sprite::new(&SHEET, 3)).unwrap();
    let n = place(w, (16.0, 16.0), (44.0, 8.0));
    w.set_opacity(n, 128).unwrap();
    w.add_component(n, Sprite::new(&SHEET, 3)).unwrap();
}

#[test]
fn images_and_sprites() {
    let size = Size::new(64, 48);
    let mut w = W::new();
    build(&mut w);
    check::<Rgb565>(
        "images_sprites_rgb565",
        size,
        Rgb888::new(16, 16, 24),
        &mut w,
    );
    let mut w = W::new();
    build(&mut w);
    check::<Gray4>("images_sprites_gray4", size, Rgb888::BLACK, &mut w);
    let mut w = W::new();
    build(&mut w);
    check::<BinaryColor>("images_sprites_binary", size, Rgb888::BLACK, &mut w);
}
