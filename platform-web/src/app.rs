//! An app as the page runs it: a world, its renderer and the panel, one frame at a time.

use embedded_graphics::pixelcolor::{PixelColor, Rgb888};
use embedded_graphics::prelude::Size;
use sprig::render::{DrawSet, RenderColor, Renderer};
use sprig::{Dispatch, World};
use sprig_sim::{BinaryColorTheme, FrameInput};

use crate::screen::Screen;

/// What one frame did: the renderer's figures and the time spent, as the desktop
/// window's F1 overlay shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameFigures {
    /// Rectangles flushed.
    pub rects: u32,
    /// Pixels flushed.
    pub pixels_flushed: u64,
    /// Bytes the flush costs on the panel's bus.
    pub bytes: u64,
    /// Microseconds spent feeding the events and running the frame's hooks.
    pub tick_us: u32,
    /// Microseconds spent rendering.
    pub render_us: u32,
    /// Microseconds per lifecycle phase: start, update, timers, late update, end of frame.
    pub phases_us: [u32; 5],
}

/// An app the page can run: object-safe, so a module holds several and picks one by name.
pub trait App {
    /// The panel's size in pixels.
    fn size(&self) -> Size;
    /// Feeds `input`'s events, runs the frame and renders it; `Err` is a sentence (a
    /// world that refused an event or the frame).
    fn frame(&mut self, input: &FrameInput) -> Result<FrameFigures, String>;
    /// The panel's pixels, RGBA.
    fn rgba(&self) -> &[u8];
    /// The rectangles flushed since the last [`clear_rects`](Self::clear_rects).
    fn rects(&self) -> &[[u32; 4]];
    /// Forgets the flushed rectangles.
    fn clear_rects(&mut self);
    /// The app's figure for the page's status line and tests (the showcase's target in
    /// tenths of a degree, say); `None` when it has none.
    fn readout(&self) -> Option<i32>;
}

/// An app's figure read from its world.
type Readout<
    S,
    const N: usize,
    const CS: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
> = Box<dyn Fn(&World<S, N, CS, TM, E, TR, LS>) -> Option<i32>>;

/// A world and its renderer drawing into a [`Screen`]: the [`App`] of any Sprig world.
pub struct Session<
    S: Dispatch,
    C,
    const N: usize,
    const CS: usize,
    const TM: usize,
    const E: usize,
    const TR: usize,
    const LS: usize,
    const BUF: usize,
    const D: usize,
    const SH: usize,
> {
    world: Box<World<S, N, CS, TM, E, TR, LS>>,
    renderer: Box<Renderer<C, N, BUF, D, SH>>,
    screen: Screen<C>,
    readout: Option<Readout<S, N, CS, TM, E, TR, LS>>,
}

impl<
        S,
        C,
        const N: usize,
        const CS: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
        const BUF: usize,
        const D: usize,
        const SH: usize,
    > Session<S, C, N, CS, TM, E, TR, LS, BUF, D, SH>
where
    S: DrawSet + Dispatch,
    C: RenderColor + PixelColor + Into<Rgb888>,
{
    /// Runs `world` through `renderer` on a panel of the renderer's size that starts
    /// filled with `background` (as the simulator's display does), coloured in `theme`.
    /// The world's clock is the page's (`performance.now()`), for the phase times.
    pub fn new(
        mut world: Box<World<S, N, CS, TM, E, TR, LS>>,
        renderer: Box<Renderer<C, N, BUF, D, SH>>,
        size: Size,
        background: C,
        theme: BinaryColorTheme,
    ) -> Self {
        world.set_clock(Some(crate::clock::now_us));
        Session {
            world,
            renderer,
            screen: Screen::new(size, background, theme),
            readout: None,
        }
    }

    /// Gives the app a [`readout`](App::readout).
    pub fn with_readout(
        mut self,
        readout: impl Fn(&World<S, N, CS, TM, E, TR, LS>) -> Option<i32> + 'static,
    ) -> Self {
        self.readout = Some(Box::new(readout));
        self
    }

    /// The world.
    pub fn world(&self) -> &World<S, N, CS, TM, E, TR, LS> {
        &self.world
    }
}

impl<
        S,
        C,
        const N: usize,
        const CS: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
        const BUF: usize,
        const D: usize,
        const SH: usize,
    > App for Session<S, C, N, CS, TM, E, TR, LS, BUF, D, SH>
where
    S: DrawSet + Dispatch,
    C: RenderColor + PixelColor + Into<Rgb888>,
{
    fn size(&self) -> Size {
        embedded_graphics::prelude::OriginDimensions::size(&self.screen)
    }

    fn frame(&mut self, input: &FrameInput) -> Result<FrameFigures, String> {
        let height = self.size().height as f32;
        let started = crate::clock::now_us();
        input
            .apply(&mut self.world, height)
            .map_err(|e| e.to_string())?;
        let ticked = crate::clock::now_us();
        let Ok(stats) = self.renderer.render(&mut self.world, &mut self.screen);
        let rendered = crate::clock::now_us();
        let p = self.world.phase_times();
        Ok(FrameFigures {
            rects: stats.rects,
            pixels_flushed: stats.pixels_flushed,
            bytes: stats.bytes,
            tick_us: ticked.wrapping_sub(started),
            render_us: rendered.wrapping_sub(ticked),
            phases_us: [p.start, p.update, p.timers, p.late_update, p.end_of_frame],
        })
    }

    fn rgba(&self) -> &[u8] {
        self.screen.rgba()
    }

    fn rects(&self) -> &[[u32; 4]] {
        self.screen.rects()
    }

    fn clear_rects(&mut self) {
        self.screen.clear_rects();
    }

    fn readout(&self) -> Option<i32> {
        self.readout.as_ref().and_then(|r| r(&self.world))
    }
}
