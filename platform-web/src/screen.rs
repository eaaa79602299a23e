//! The panel in the page: an RGBA framebuffer the renderer flushes into, in the panel's
//! look, and the rectangles flushed since the last frame, for the script to copy onto
//! the canvas.

use core::convert::Infallible;
use core::marker::PhantomData;

use embedded_graphics::pixelcolor::{PixelColor, Rgb888, RgbColor};
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Point, Size};
use embedded_graphics::primitives::{PointsIter, Rectangle};
use embedded_graphics::Pixel;
use sprig_sim::present::panel_rgb;
use sprig_sim::BinaryColorTheme;

/// At most this many flushed rectangles are kept apart in a frame; more are merged into
/// the last one (their bounding box), so the script copies a few rectangles, not many.
pub const MAX_RECTS: usize = 32;

/// A panel of colour `C` as RGBA bytes, row after row, each pixel coloured by
/// `sprig_sim::present::panel_rgb` (the simulator's PNGs and window use the same).
pub struct Screen<C> {
    size: Size,
    theme: BinaryColorTheme,
    rgba: Vec<u8>,
    rects: Vec<[u32; 4]>,
    color: PhantomData<C>,
}

impl<C: PixelColor + Into<Rgb888>> Screen<C> {
    /// A panel of `size` filled with `background`, in `theme`, the whole panel to copy.
    pub fn new(size: Size, background: C, theme: BinaryColorTheme) -> Self {
        let mut screen = Screen {
            size,
            theme,
            rgba: vec![0; (size.width * size.height * 4) as usize],
            rects: Vec::new(),
            color: PhantomData,
        };
        let [r, g, b, a] = screen.rgba_of(background);
        for pixel in screen.rgba.chunks_exact_mut(4) {
            pixel.copy_from_slice(&[r, g, b, a]);
        }
        screen.rects.push([0, 0, size.width, size.height]);
        screen
    }

    fn rgba_of(&self, color: C) -> [u8; 4] {
        let c = panel_rgb(color, self.theme);
        [c.r(), c.g(), c.b(), 255]
    }

    /// The pixels: `width × height × 4` bytes, R, G, B, A (always 255).
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// The rectangles flushed since [`clear_rects`](Self::clear_rects), as `[x, y, width,
    /// height]` in panel pixels, at most [`MAX_RECTS`].
    pub fn rects(&self) -> &[[u32; 4]] {
        &self.rects
    }

    /// Forgets the flushed rectangles (the script copied them).
    pub fn clear_rects(&mut self) {
        self.rects.clear();
    }

    /// Notes that `area` (already clipped to the panel) changed.
    fn touched(&mut self, area: [u32; 4]) {
        if area[2] == 0 || area[3] == 0 {
            return;
        }
        let full = self.rects.len() >= MAX_RECTS;
        match self.rects.last_mut() {
            Some(last) if full => *last = union(*last, area),
            _ => self.rects.push(area),
        }
    }

    fn clip(&self, area: &Rectangle) -> [u32; 4] {
        let left = area.top_left.x.clamp(0, self.size.width as i32);
        let top = area.top_left.y.clamp(0, self.size.height as i32);
        let right = (area.top_left.x.saturating_add(area.size.width as i32))
            .clamp(left, self.size.width as i32);
        let bottom = (area.top_left.y.saturating_add(area.size.height as i32))
            .clamp(top, self.size.height as i32);
        [
            left as u32,
            top as u32,
            (right - left) as u32,
            (bottom - top) as u32,
        ]
    }

    fn set(&mut self, p: Point, color: C) -> bool {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.size.width || p.y as u32 >= self.size.height {
            return false;
        }
        let i = ((p.y as u32 * self.size.width + p.x as u32) * 4) as usize;
        let rgba = self.rgba_of(color);
        self.rgba[i..i + 4].copy_from_slice(&rgba);
        true
    }
}

/// The bounding box of two `[x, y, width, height]` rectangles.
fn union(a: [u32; 4], b: [u32; 4]) -> [u32; 4] {
    let (x, y) = (a[0].min(b[0]), a[1].min(b[1]));
    let right = (a[0] + a[2]).max(b[0] + b[2]);
    let bottom = (a[1] + a[3]).max(b[1] + b[3]);
    [x, y, right - x, bottom - y]
}

impl<C> OriginDimensions for Screen<C> {
    fn size(&self) -> Size {
        self.size
    }
}

impl<C: PixelColor + Into<Rgb888>> DrawTarget for Screen<C> {
    type Color = C;
    type Error = Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<C>>>(&mut self, pixels: I) -> Result<(), Infallible> {
        let mut bounds: Option<[u32; 4]> = None;
        for Pixel(p, color) in pixels {
            if self.set(p, color) {
                let one = [p.x as u32, p.y as u32, 1, 1];
                bounds = Some(bounds.map_or(one, |b| union(b, one)));
            }
        }
        if let Some(b) = bounds {
            self.touched(b);
        }
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = C>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Infallible> {
        // The colours run row after row over the whole area, clipped or not.
        for (p, color) in area.points().zip(colors) {
            self.set(p, color);
        }
        let clipped = self.clip(area);
        self.touched(clipped);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_graphics::pixelcolor::{Gray4, GrayColor, Rgb565};

    #[test]
    fn a_new_screen_is_the_background_and_all_of_it_is_to_copy() {
        let screen = Screen::new(Size::new(3, 2), Gray4::new(5), BinaryColorTheme::Default);
        assert_eq!(screen.rgba().len(), 24);
        assert!(screen.rgba().chunks(4).all(|p| p == [85, 85, 85, 255]));
        assert_eq!(screen.rects(), &[[0, 0, 3, 2]]);
    }

    #[test]
    fn a_flush_lands_in_its_rectangle_in_the_panels_colours_clipped_to_the_panel() {
        let mut screen = Screen::new(Size::new(4, 3), Rgb565::BLACK, BinaryColorTheme::Default);
        screen.clear_rects();
        let red = Rgb565::new(31, 0, 0);
        let area = Rectangle::new(Point::new(2, 1), Size::new(3, 2));
        let Ok(()) = screen.fill_contiguous(&area, core::iter::repeat(red));
        assert_eq!(screen.rects(), &[[2, 1, 2, 2]]);
        for y in 0..3 {
            for x in 0..4 {
                let i = (y * 4 + x) * 4;
                let lit = x >= 2 && (1..3).contains(&y);
                let expected = if lit {
                    [255, 0, 0, 255]
                } else {
                    [0, 0, 0, 255]
                };
                assert_eq!(&screen.rgba()[i..i + 4], expected, "({x}, {y})");
            }
        }
    }

    #[test]
    fn a_theme_colours_the_pixels_as_the_simulators_pngs_do() {
        let mut screen = Screen::new(Size::new(2, 1), Gray4::BLACK, BinaryColorTheme::OledBlue);
        assert_eq!(&screen.rgba()[..4], [0, 20, 40, 255]);
        let Ok(()) = screen.draw_iter([Pixel(Point::new(1, 0), Gray4::new(3))]);
        assert_eq!(&screen.rgba()[4..], [0, 210, 255, 255]);
    }

    #[test]
    fn more_rectangles_than_kept_are_merged_into_the_last() {
        let mut screen = Screen::new(Size::new(100, 2), Gray4::BLACK, BinaryColorTheme::Default);
        screen.clear_rects();
        for x in 0..MAX_RECTS as i32 + 3 {
            let area = Rectangle::new(Point::new(x * 2, 0), Size::new(1, 1));
            let Ok(()) = screen.fill_contiguous(&area, [Gray4::WHITE]);
        }
        assert_eq!(screen.rects().len(), MAX_RECTS);
        let last = MAX_RECTS as u32 - 1;
        assert_eq!(screen.rects()[MAX_RECTS - 1], [last * 2, 0, 7, 1]);
    }
}
