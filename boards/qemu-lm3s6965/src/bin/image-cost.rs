//! The flash an image and a sprite sheet cost, on the emulated board: one firmware built
//! three times by `SPRIG_IMAGE_COST` at compile time, and the sections compared.
//!
//! - `shape`: a world of shapes only, a rectangle drawn (the baseline);
//! - `image`: the same plus an `Image` type and a 4 × 4 TGA with alpha drawn;
//! - `sprite`: the same plus `Sprite` and `SpriteAnimation` types and a 32 × 8 sheet of
//!   four frames played for a few frames.
//!
//! ```sh
//! cd boards/qemu-lm3s6965
//! for w in shape image sprite; do
//!   SPRIG_IMAGE_COST=$w cargo build --release --features decoders --bin image-cost &&
//!   llvm-size -A ../../target/boards/thumbv7m-none-eabi/release/image-cost | grep -E '^\.(text|rodata)'
//! done
//! ```
//!
//! Each build runs too (`cargo run --release --features decoders --bin image-cost`): it renders and logs
//! `image cost <what>: <n> px flushed`, then exits 0.
#![no_std]
#![no_main]

use cortex_m as _; // its single-core critical section, for defmt
use cortex_m_rt::entry;
use defmt_semihosting as _;
use embedded_graphics::pixelcolor::{Gray4, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::damage::BusCost;
use sprig::render::{Image, Renderer, Shape, Sprite, SpriteSheet};
use sprig::{world, Error, Size2, Vec2};
use sprig_ui::{AnimationClip, SpriteAnimation, WrapMode};
use static_cell::StaticCell;

/// What this build draws: `SPRIG_IMAGE_COST`, `sprite` when unset.
const WHAT: &str = match option_env!("SPRIG_IMAGE_COST") {
    Some(what) => what,
    None => "sprite",
};

/// Decided at compile time, so that the other scenes' code is not linked.
const SHAPE: bool = is("shape");
const IMAGE: bool = is("image");

const fn is(name: &str) -> bool {
    let (a, b) = (WHAT.as_bytes(), name.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

world! {
    type Shapes = World { nodes: 4, components: ShapeSet { Shape: 2 } };
}
world! {
    type Images = World { nodes: 4, components: ImageSet { Shape: 2, Image: 1 } };
}
world! {
    type Sprites = World {
        nodes: 4,
        components: SpriteSet { Shape: 2, Image: 1, Sprite: 1, SpriteAnimation: 1 },
    };
}

static ICON: &[u8] = include_bytes!("../../../../tests/assets/picture.tga");
static SHEET: SpriteSheet = SpriteSheet::grid(
    Image::tga(include_bytes!("../../../../tests/assets/sheet.tga")),
    8,
    8,
    4,
    4,
);
const GROW: AnimationClip = AnimationClip::new(&[0, 1, 2, 3], 10, WrapMode::PingPong);

#[path = "../sink.rs"]
mod sink;
use sink::Sink;

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    defmt::error!("panic");
    semihosting::process::exit(101)
}

#[entry]
fn main() -> ! {
    let status = match run() {
        Ok(()) => 0,
        Err(e) => {
            defmt::error!("image cost failed: {}", e);
            3
        }
    };
    semihosting::process::exit(status)
}

type R = Renderer<Gray4, 4, 1024>;
static RENDERER: StaticCell<R> = StaticCell::new();

/// Builds the world `$w`, runs `$add` on it and one node, renders `$frames` frames of
/// `1/30` s, and returns the pixels flushed.
macro_rules! scene {
    ($w:ty, $renderer:expr, $frames:expr, $add:expr) => {{
        static WORLD: StaticCell<$w> = StaticCell::new();
        let world = WORLD.init_with(<$w>::new);
        let root = world.root();
        let back = world.create_child(root, "back")?;
        world.set_content_size(back, Size2::new(40.0, 20.0))?;
        world.set_position(back, Vec2::new(64.0, 32.0))?;
        world.add_component(back, Shape::rectangle().with_fill(Rgb888::new(90, 90, 90)))?;
        let node = world.create_child(root, "picture")?;
        world.set_position(node, Vec2::new(64.0, 32.0))?;
        let add: fn(&mut $w, sprig::NodeId) -> Result<(), Error> = $add;
        add(world, node)?;
        let mut flushed = 0u64;
        for _ in 0..$frames {
            world.tick(1.0 / 30.0)?;
            let Ok(stats) = $renderer.render(world, &mut Sink);
            flushed += stats.pixels_flushed;
        }
        flushed
    }};
}

fn run() -> Result<(), Error> {
    let renderer = RENDERER.init_with(|| {
        R::new(
            Size::new(128, 64),
            Rgb888::new(0, 0, 0),
            BusCost::GRAY4_SSD0323,
        )
    });
    let flushed = if SHAPE {
        scene!(Shapes, renderer, 2, |_, _| Ok(()))
    } else if IMAGE {
        scene!(Images, renderer, 2, |w, n| {
            w.add_component(n, Image::tga(ICON))?;
            Ok(())
        })
    } else {
        scene!(Sprites, renderer, 8, |w, n| {
            w.add_component(n, Image::tga(ICON))?;
            let s = w.create_child(n, "sprite")?;
            w.add_component(s, Sprite::new(&SHEET, 0))?;
            w.add_component(s, SpriteAnimation::new(GROW))?;
            Ok(())
        })
    };
    defmt::info!("image cost {=str}: {=u64} px flushed", WHAT, flushed);
    Ok(())
}
