//! A frame rendered tile by tile into the caller's buffers, for a flush that sends one
//! tile while the next is drawn (the async runner of `sprig-mcu`, a DMA transfer).
//!
//! [`Renderer::begin_tiles`] does what [`Renderer::render`] does before drawing (the
//! `BeforeDraw` systems, the draw list, the damage); each [`Renderer::next_tile`] then
//! draws the next tile into a buffer the caller owns and says where it goes;
//! [`Renderer::end_tiles`] runs the `AfterDraw` systems and gives the frame's
//! statistics. With a buffer of `BUF` pixels the tiles are exactly the ones
//! [`Renderer::render`] sends, in the same order, so a panel receives the same bytes
//! (the rule the async runner's tests check against the blocking one).
//!
//! With the shadow in use, a tile frame sends every damaged rectangle whole (comparing
//! with the shadow needs the whole frame drawn before the first byte goes out, which
//! is what the tile path avoids) and keeps the shadow up to date for later frames.

use embedded_graphics::geometry::{Point, Size};
use embedded_graphics::primitives::Rectangle;

use super::{draw_items, tile_shape, Renderer};
use crate::render::color::RenderColor;
use crate::render::{DrawSet, FrameStats};
use crate::{Dispatch, FrameEvent, World};

/// Where a tile frame is: the damaged rectangle and the position inside it of the next
/// tile, and what the frame has drawn so far. Made by [`Renderer::begin_tiles`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileCursor {
    rect: usize,
    x: usize,
    y: usize,
    stats: FrameStats,
}

impl TileCursor {
    /// What the frame has drawn so far (its final figures after the last tile).
    pub fn stats(&self) -> FrameStats {
        self.stats
    }
}

impl<
        C: RenderColor,
        const N: usize,
        const BUF: usize,
        const DAMAGE: usize,
        const SHADOW: usize,
    > Renderer<C, N, BUF, DAMAGE, SHADOW>
{
    /// Starts a frame drawn tile by tile: runs the world's `BeforeDraw` systems, lists
    /// the nodes to draw and works out what changed (everything with `whole_screen`, as
    /// [`Renderer::render_full`]). Finish it with [`Renderer::end_tiles`].
    pub fn begin_tiles<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        whole_screen: bool,
    ) -> TileCursor
    where
        S: DrawSet + Dispatch,
    {
        world.run_systems(FrameEvent::BeforeDraw);
        self.update(world);
        if whole_screen {
            self.damage.clear();
            self.damage.add_all_screen();
        }
        let damage = self.damage.stats();
        self.take_damage();
        TileCursor {
            rect: 0,
            x: 0,
            y: 0,
            stats: FrameStats {
                rects: damage.rects,
                bytes: damage.bytes,
                nodes: self.items.len() as u32,
                examined: self.examined,
                ..FrameStats::default()
            },
        }
    }

    /// Draws the frame's next tile into `buffer` and returns where it goes on the
    /// screen (its pixels are the first `width × height` of `buffer`, row by row), or
    /// `None` when the frame is drawn. Tiles are laid out as [`Renderer::render`] lays
    /// out its own, with `buffer.len()` in place of `BUF`; an empty buffer draws nothing.
    pub fn next_tile<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &World<S, N, C2, TM, E, TR, LS>,
        cursor: &mut TileCursor,
        buffer: &mut [C],
    ) -> Option<Rectangle>
    where
        S: DrawSet + Dispatch,
    {
        let capacity = buffer.len();
        if capacity == 0 {
            return None;
        }
        loop {
            let rect = self.flushed.get(cursor.rect)?.intersection(&self.screen);
            let (width, height) = (rect.size.width as usize, rect.size.height as usize);
            if rect.is_zero_sized() || cursor.y >= height {
                cursor.rect += 1;
                cursor.x = 0;
                cursor.y = 0;
                continue;
            }
            let (tile_width, tile_rows) = tile_shape(width, height, capacity);
            let rows = tile_rows.min(height - cursor.y);
            let cols = tile_width.min(width - cursor.x);
            let tile = Rectangle::new(
                rect.top_left + Point::new(cursor.x as i32, cursor.y as i32),
                Size::new(cols as u32, rows as u32),
            );
            cursor.x += cols;
            if cursor.x >= width {
                cursor.x = 0;
                cursor.y += rows;
            }
            let area = cols * rows;
            let pixels = buffer.get_mut(..area)?;
            draw_items(
                &self.items,
                &self.candidates,
                &mut self.kept,
                self.background,
                world,
                tile,
                pixels,
            );
            if self.shadowed() {
                self.copy_to_shadow(tile, pixels);
            }
            cursor.stats.pixels_drawn += area as u64;
            cursor.stats.pixels_flushed += area as u64;
            return Some(tile);
        }
    }

    /// Ends a tile frame: runs the world's `AfterDraw` systems; returns the frame's
    /// statistics (the tiles not asked for are not drawn, nor counted).
    pub fn end_tiles<
        S,
        const C2: usize,
        const TM: usize,
        const E: usize,
        const TR: usize,
        const LS: usize,
    >(
        &mut self,
        world: &mut World<S, N, C2, TM, E, TR, LS>,
        cursor: TileCursor,
    ) -> FrameStats
    where
        S: DrawSet + Dispatch,
    {
        world.run_systems(FrameEvent::AfterDraw);
        cursor.stats
    }

    /// Writes a drawn tile into the shadow, so that a later shadowed frame compares
    /// against what the display shows.
    fn copy_to_shadow(&mut self, tile: Rectangle, pixels: &[C]) {
        let screen_width = self.screen.size.width as usize;
        let cols = tile.size.width as usize;
        for (row, drawn) in pixels.chunks(cols.max(1)).enumerate() {
            let start = (tile.top_left.y as usize + row) * screen_width + tile.top_left.x as usize;
            if let Some(old) = self.shadow.get_mut(start..start + cols) {
                old.copy_from_slice(drawn);
            }
        }
    }
}
