//! The showcase itself (not a stand-in) on the 320 × 240 RGB565 panel: ns per pixel of a
//! full frame (`Renderer::render_full`, best of 10 batches of 20) and ns per redrawn pixel
//! of the frames of its first four seconds (ticked at 30 fps, damage-tracked, best of 5
//! runs of 120 frames), beside a plain fill of the screen. The stand-in of
//! `cargo bench -p sprig-core --bench frame` draws with the core's drawables only; this
//! one includes the showcase's own ring and seven-segment digits.
//!
//! Run with `cargo bench -p sprig-examples --bench showcase_frame`.

use std::hint::black_box;
use std::time::Instant;

use embedded_graphics::draw_target::DrawTarget;
use embedded_graphics::geometry::{OriginDimensions, Size};
use embedded_graphics::pixelcolor::{Rgb565, Rgb888};
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::Pixel;
use sprig::render::damage::BusCost;
use sprig::render::Renderer;
use sprig_examples::{build_showcase, Layout, ShowcaseWorld, SHOWCASE_DT};

/// A framebuffer of the panel's size.
struct Screen {
    width: u32,
    pixels: Vec<Rgb565>,
}

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(self.width, self.pixels.len() as u32 / self.width)
    }
}

impl DrawTarget for Screen {
    type Color = Rgb565;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            let i = (p.y as u32 * self.width + p.x as u32) as usize;
            if let Some(px) = self.pixels.get_mut(i) {
                *px = c;
            }
        }
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = Rgb565>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        let mut colors = colors.into_iter();
        for y in area.top_left.y..area.top_left.y + area.size.height as i32 {
            let start = (y as u32 * self.width + area.top_left.x as u32) as usize;
            for (p, c) in self.pixels[start..start + area.size.width as usize]
                .iter_mut()
                .zip(&mut colors)
            {
                *p = c;
            }
        }
        Ok(())
    }
}

fn main() {
    let layout = &Layout::WIDE;
    let size = layout.size;
    let mut world = ShowcaseWorld::new();
    build_showcase(&mut world, layout).expect("the showcase fits its world");
    world.tick(SHOWCASE_DT).expect("not in a hook");
    let mut screen = Screen {
        width: size.width,
        pixels: vec![Rgb565::new(0, 0, 0); (size.width * size.height) as usize],
    };
    let mut renderer: Renderer<Rgb565, { sprig_examples::SHOWCASE_NODES }, 4096> =
        Renderer::new(size, Rgb888::new(0, 0, 0), BusCost::RGB565_MIPI_DCS);
    let screen_px = (size.width * size.height) as f64;

    let mut full = f64::MAX;
    for _ in 0..10 {
        let t = Instant::now();
        for _ in 0..20 {
            renderer
                .render_full(&mut world, &mut screen)
                .expect("infallible");
            black_box(&screen.pixels);
        }
        full = full.min(t.elapsed().as_nanos() as f64 / 20.0 / screen_px);
    }
    let mut fill = f64::MAX;
    for _ in 0..10 {
        let t = Instant::now();
        for k in 0..20u8 {
            screen.pixels.fill(Rgb565::new(k, 0, 0));
            black_box(&screen.pixels);
        }
        fill = fill.min(t.elapsed().as_nanos() as f64 / 20.0 / screen_px);
    }
    println!("showcase panel=wide kind=full ns_per_px={full:.2} floor_ns_per_px={fill:.3}");

    let mut best = (f64::MAX, 0, 0.0);
    for _ in 0..5 {
        let mut world = ShowcaseWorld::new();
        build_showcase(&mut world, layout).expect("the showcase fits its world");
        let mut renderer: Renderer<Rgb565, { sprig_examples::SHOWCASE_NODES }, 4096> =
            Renderer::new(size, Rgb888::new(0, 0, 0), BusCost::RGB565_MIPI_DCS);
        world.tick(SHOWCASE_DT).expect("not in a hook");
        renderer
            .render(&mut world, &mut screen)
            .expect("infallible");
        let (mut ns, mut px) = (0u128, 0u64);
        for _ in 0..120 {
            world.tick(SHOWCASE_DT).expect("not in a hook");
            let t = Instant::now();
            px += renderer
                .render(&mut world, &mut screen)
                .expect("infallible")
                .pixels_drawn;
            ns += t.elapsed().as_nanos();
        }
        let per_px = ns as f64 / px.max(1) as f64;
        if per_px < best.0 {
            best = (per_px, px / 120, ns as f64 / 120.0);
        }
    }
    println!(
        "showcase panel=wide kind=partial px={} ns={:.0} ns_per_px={:.2} (frames 2-121, mean)",
        best.1, best.2, best.0
    );
}
