//! Successive frames of one world through one renderer, as on a board: what each frame
//! redraws ([`FrameStats`]), and whether the screen built up frame by frame is, pixel
//! for pixel, what a fresh renderer draws of the world as it now is.

use std::convert::Infallible;

use embedded_graphics::pixelcolor::Rgb888;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, RgbColor, Size};
use sprig::render::damage::BusCost;
use sprig::render::{DrawSet, FrameStats, Renderer};
use sprig::{Dispatch, World};

/// A framebuffer.
struct Screen {
    width: u32,
    height: u32,
    pixels: Vec<Rgb888>,
}

impl Screen {
    fn new(width: u32, height: u32) -> Self {
        Screen {
            width,
            height,
            pixels: vec![Rgb888::BLACK; (width * height) as usize],
        }
    }
}

impl OriginDimensions for Screen {
    fn size(&self) -> Size {
        Size::new(self.width, self.height)
    }
}

impl DrawTarget for Screen {
    type Color = Rgb888;
    type Error = Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb888>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Infallible> {
        for Pixel(p, c) in pixels {
            if p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height {
                self.pixels[(p.y as u32 * self.width + p.x as u32) as usize] = c;
            }
        }
        Ok(())
    }
}

/// A screen kept from frame to frame with its renderer, for a world of `N` nodes.
pub struct Frames<const N: usize> {
    screen: Screen,
    renderer: Renderer<Rgb888, N, 256>,
}

impl<const N: usize> Frames<N> {
    /// A black `width × height` screen, nothing drawn yet.
    pub fn new(width: u32, height: u32) -> Self {
        Frames {
            screen: Screen::new(width, height),
            renderer: Renderer::new(
                Size::new(width, height),
                Rgb888::BLACK,
                BusCost::RGB565_MIPI_DCS,
            ),
        }
    }

    /// Draws what changed, checks that the screen is now what a fresh renderer draws,
    /// and returns what the frame cost.
    pub fn frame<
        S: DrawSet + Dispatch,
        const C: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C, TM, E, TR, LS>,
    ) -> FrameStats {
        let Ok(stats) = self.renderer.render(world, &mut self.screen);
        let mut fresh = Screen::new(self.screen.width, self.screen.height);
        let mut renderer: Renderer<Rgb888, N, 256> = Renderer::new(
            Size::new(self.screen.width, self.screen.height),
            Rgb888::BLACK,
            BusCost::RGB565_MIPI_DCS,
        );
        let Ok(_) = renderer.render(world, &mut fresh);
        let differ = (0..self.screen.pixels.len())
            .filter(|&i| self.screen.pixels[i] != fresh.pixels[i])
            .count();
        assert_eq!(
            differ, 0,
            "pixels of the partial redraws that differ from a fresh frame"
        );
        stats
    }
}
